//! Game records: every game's random games written and read back in both formats, the option
//! flags read by the command line's parser, PGN fixtures exported by python-chess and in
//! lichess's export format read as python-chess reads them, hand-written record texts, and
//! malformed input refused with a place and a reason, never a panic.

mod common;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use variant_rules::cli::OptionArgs;
use variant_rules::record::{Format, GameResult, Record, options};
use variant_rules::{Game, GameId, GameOptions, Position, SeatSet};

/// Every option at a value other than its default somewhere.
const OPTION_SPECS: [&str; 16] = [
    "checkers --move-limit 20 --numbers --seed 5",
    "chec-toe --move-limit 30",
    "toe-to-toe --deploy-groups 4,4",
    "chex --draw-in-check forbidden --seed 9",
    "dice-chess --rules brainking --brainking-six any",
    "dice-chess --rules gollon-count --no-move reroll",
    "stax --uncovered-man crown --topology universal",
    "double-chess --notation corner --double-hop-check yes",
    "tri-chess --players 6 --corners full",
    "tri-chess --players 4 --seating partners-adjacent --extended-moves off",
    "tri-chess --players 3 --edges cut",
    "tri-queens --tri-steps open",
    "tri-chek --symmetric",
    "tri-queens --players 4 --seating partners-adjacent --queens-colours mixed --queens-position open",
    "queens --players 4 --queens-rows relocate --queens-colours mixed",
    "tri-chek --players 4 --sequence prose --forty-moves off",
];

/// The configurations played: every game, topology and Dice Chess rule set, the larger tables
/// (four-player Doubles, Double Chess cut-throat, three- and six-player Tri games) and every
/// option changed somewhere.
fn configs() -> Vec<(GameId, GameOptions)> {
    let mut v = common::all_configs();
    for spec in [
        "checkers --players 4",
        "queens --players 4 --seating cut-throat",
        "double-chess --seating cut-throat",
        "tri-chek --players 3",
        "tri-chess --players 6 --seating trios",
        "tri-queens --players 4 --seating partners-adjacent --queens-colours mixed",
        "dice-chess --no-move reroll",
        "chess --topology cylinder",
    ] {
        v.push(common::parse_spec(spec));
    }
    v.extend(OPTION_SPECS.iter().map(|s| common::parse_spec(s)));
    v
}

/// A record read back says what was written: the same game, options, start, players, result
/// and tags, and its moves replay to the same moves and position.
fn assert_same_game(original: &Game, written: &str, read: &Record, what: &str) {
    assert_eq!((read.game, read.options.effective(read.game)), (original.id(), *original.options()), "{what}:\n{written}");
    let replayed = read.replay().unwrap_or_else(|e| panic!("{what}: {e}\n{written}"));
    assert_eq!(replayed.moves().collect::<Vec<_>>(), original.moves().collect::<Vec<_>>(), "{what}:\n{written}");
    assert_eq!(replayed.position().to_text(), original.position().to_text(), "{what}");
    assert_eq!(replayed.start_text(), original.start_text(), "{what}");
    assert_eq!(read.result, GameResult::of(original.outcome()), "{what}:\n{written}");
}

#[test]
fn every_game_round_trips_in_both_formats() {
    let mut rng = ChaCha8Rng::seed_from_u64(20261126);
    let mut plies = 0;
    for (game, opts) in configs() {
        for round in 0..3 {
            let seed = rng.random::<u64>();
            // Long enough for captures, promotions, crowning and rolls; some games end sooner.
            let g = common::random_game(game, opts, seed, 40 + 60 * round, |_| {});
            plies += g.moves().count();
            let mut record = Record::of(&g);
            record.seats[0] = "Ann \"the first\"".into();
            record.set_tag("Date", "2026.11.26");
            record.set_tag("Comment", "back\\slash");
            let what = format!("{game} {} seed {seed}", options::flags(game, &opts));
            for format in [Format::Text, record.default_format()] {
                let text = record.write(format).unwrap_or_else(|e| panic!("{what}: {e}"));
                let read = Record::parse(&text).unwrap_or_else(|e| panic!("{what} {format:?}: {e}\n{text}"));
                assert_same_game(&g, &text, &read, &what);
                assert_eq!((&read.seats, &read.tags), (&record.seats, &record.tags), "{what}:\n{text}");
                if format == Format::Text {
                    assert_eq!(read, record, "{what}: the record text is read back exactly");
                }
            }
        }
    }
    assert!(plies > 5_000, "the games were played ({plies} plies)");
}

/// Games from a set position carry it: `[SetUp]`/`[FEN]` in PGN (numbered from the FEN's move,
/// `12...` when Black moves first), `[Start]` in the record text.
#[test]
fn set_up_positions_round_trip() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 12";
    for (game, start) in
        [(GameId::Chess, fen), (GameId::ShadowChess, fen), (GameId::Checkers, "8/8/8/8/3b4/2a5/8/8 a 0"), (GameId::Stax, "8/8/8/8/3b4/2a5/8/8 a 0")]
    {
        let mut g = Game::new(game, GameOptions::default_for(game), Some(start)).unwrap();
        for _ in 0..6 {
            let Some(&m) = g.position().legal_move_list().first().filter(|_| g.outcome().is_none()) else { break };
            g.play_move(m);
        }
        let record = Record::of(&g);
        assert_eq!(record.start.as_deref(), Some(start), "{game}");
        for format in [Format::Text, record.default_format()] {
            let text = record.write(format).unwrap();
            if game.pgn_variant().is_some() && format == Format::Pgn {
                assert!(text.contains(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n")), "{text}");
                assert!(text.contains("\n12... "), "numbered from the FEN's move 12, Black first: {text}");
            } else {
                assert!(text.contains(&format!("[Start \"{start}\"]\n")), "{text}");
            }
            assert_same_game(&g, &text, &Record::parse(&text).unwrap(), &format!("{game} {format:?}"));
        }
    }
}

#[test]
fn pgn_is_the_format_of_the_chess_games_the_registry_names() {
    let pgn: Vec<GameId> = GameId::ALL.into_iter().filter(|g| g.pgn_variant().is_some()).collect();
    assert_eq!(pgn, [GameId::Chess, GameId::ShadowChess, GameId::CylinderChess]);
    for (spelling, game) in [
        ("Standard", Some(GameId::Chess)),
        ("standard", Some(GameId::Chess)),
        ("From Position", Some(GameId::Chess)),
        ("Shadow Chess", Some(GameId::ShadowChess)),
        ("shadow-chess", Some(GameId::ShadowChess)),
        ("CylinderChess", Some(GameId::CylinderChess)),
        ("Chess960", None),
        ("Crazyhouse", None),
    ] {
        assert_eq!(GameId::from_pgn_variant(spelling), game, "{spelling}");
    }
    assert_eq!(Record::count(""), Ok(0));
    let chess = Record::of(&Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), None).unwrap());
    assert_eq!(chess.default_format(), Format::Pgn);
    let (id, cylinder) = common::parse_spec("chess --topology cylinder");
    let on_cylinder = Record::of(&Game::new(id, cylinder, None).unwrap());
    assert_eq!(on_cylinder.default_format(), Format::Text, "orthodox chess on the cylinder is not standard chess");
    let e = on_cylinder.write(Format::Pgn).unwrap_err();
    assert!(e.to_string().contains("not standard chess"), "{e}");
    let stax = Record::of(&Game::new(GameId::Stax, GameOptions::default_for(GameId::Stax), None).unwrap());
    assert!(stax.write(Format::Pgn).unwrap_err().to_string().contains("stax has no PGN form"));
}

/// The `[Options]` words are read by the command line's own parser (clap over `OptionArgs`,
/// then `resolve`), not by the record's writer: each configuration comes back as it was.
#[test]
fn option_flags_are_what_the_command_line_reads() {
    for (game, opts) in configs() {
        let words = options::flags(game, &opts);
        let (id, back) = OptionArgs::from_words(&words).and_then(|a| a.resolve(game.as_str())).unwrap_or_else(|e| panic!("{game} '{words}': {e}"));
        assert_eq!((id, back), (game, opts.effective(game)), "{game} '{words}'");
    }
    for spec in OPTION_SPECS {
        let (game, opts) = common::parse_spec(spec);
        opts.validate(game).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let words = options::flags(game, &opts);
        let back = OptionArgs::from_words(&words).and_then(|a| a.resolve(game.as_str())).unwrap_or_else(|e| panic!("{spec} '{words}': {e}"));
        assert_eq!(back, (game, opts.effective(game)), "{spec} '{words}'");
    }
    let (game, opts) = common::parse_spec("tri-chess --players 6 --seating trios");
    assert_eq!(options::flags(game, &opts), "--players 6 --seating trios");
    assert_eq!(options::flags(GameId::Chess, &GameOptions::default_for(GameId::Chess)), "");
}

/// `expected.txt` is python-chess's reading of each fixture (written by `make_fixtures.py`):
/// the moves in UCI, the final FEN and the result.
fn expected() -> Vec<(String, usize, Vec<String>, String, String)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records/expected.txt")).unwrap();
    text.lines()
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").collect();
            (f[0].to_string(), f[1].parse().unwrap(), f[2].split_whitespace().map(str::to_string).collect(), f[3].to_string(), f[4].to_string())
        })
        .collect()
}

#[test]
fn pgn_fixtures_read_as_python_chess_reads_them() {
    let expected = expected();
    assert_eq!(expected.len(), 11, "nine python-chess games and two lichess games");
    for (file, n, moves, fen, result) in expected {
        let text = std::fs::read_to_string(format!("{}/tests/data/records/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let record = Record::parse_nth(&text, n).unwrap_or_else(|e| panic!("{file} game {n}: {e}"));
        assert_eq!(record.game, GameId::Chess, "{file} game {n}");
        assert!(record.san, "{file} game {n}: standard chess PGN is SAN");
        let game = record.replay().unwrap_or_else(|e| panic!("{file} game {n}: {e}"));
        assert_eq!(game.moves().collect::<Vec<_>>(), moves, "{file} game {n}");
        assert_eq!(game.position().to_text(), fen, "{file} game {n}");
        assert_eq!(record.result.token(2), result, "{file} game {n}");
    }
    let lichess = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records/lichess.pgn")).unwrap();
    assert_eq!(Record::count(&lichess), Ok(2));
    let first = Record::parse(&lichess).unwrap();
    assert_eq!((first.seats[0].as_str(), first.tag("WhiteElo"), first.tag("Round")), ("first_seat", Some("1712"), None));
    assert_eq!((first.result.token(2), first.replay().unwrap().outcome()), ("1-0".to_string(), None), "Black resigned: the record's word");
    let second = Record::parse_nth(&lichess, 2).unwrap();
    assert_eq!(second.start.as_deref(), Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"));
    assert_eq!(second.result, GameResult::Won(SeatSet::single(variant_rules::Seat::B)), "lost on time: the record's word");
    assert!(Record::parse_nth(&lichess, 3).unwrap_err().to_string().contains("holds 2 games"));
}

/// Record texts written by hand from `docs/notation.md`, not by the writer.
#[test]
fn hand_written_record_texts_replay() {
    let checkers = "[Game \"checkers\"]\n[SeatA \"Ann\"]\n[SeatB \"Bo\"]\n[Result \"*\"]\n\n{ the Single Corner } c3-d4 f6-e5 d4xf6 g7xe5 *\n";
    let r = Record::parse(checkers).unwrap();
    assert_eq!((r.game, r.seats.clone(), r.moves.len()), (GameId::Checkers, vec!["Ann".to_string(), "Bo".to_string()], 4));
    assert_eq!(r.replay().unwrap().position().to_text(), "1b1b1b1b/b1b1b3/1b1b3b/4b3/8/a3a1a1/1a1a1a1a/a1a1a1a1 a 0");
    let dice = "[Game \"dice-chess\"]\n[Result \"*\"]\n\n[1,1] e2e4 [2,3] b8c6 *\n";
    let r = Record::parse(dice).unwrap();
    assert_eq!(r.moves, ["[1,1]", "e2e4", "[2,3]", "b8c6"], "the rolls are moves of the record");
    assert!(r.replay().unwrap().position().to_text().starts_with("r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR w"));
    let doubles = "[Game \"double-chess\"]\n[Options \"--seating cut-throat\"]\n[Result \"*\"]\n\nc2c4 *\n";
    assert_eq!(Record::parse(doubles).unwrap().options.seating.as_str(), "cut-throat");
}

#[test]
fn a_won_four_seat_game_names_its_winners() {
    assert_eq!(GameResult::Won(SeatSet(0b101)).token(4), "win:ac");
    assert_eq!(GameResult::from_token("win:ac", 4), Ok(GameResult::Won(SeatSet(0b101))));
    assert_eq!(GameResult::from_token("1-0", 2), Ok(GameResult::Won(SeatSet(1))));
    assert!(GameResult::from_token("win:e", 4).unwrap_err().contains("not a seat of 4"));
    assert!(GameResult::from_token("1-0", 4).is_err(), "1-0 means White won: no seat of four is White");
}

#[test]
fn illegal_moves_are_refused_with_their_number_and_the_engines_reason() {
    let e = Record::parse("1. e4 e5 2. Ke3 *").unwrap().replay().unwrap_err();
    assert_eq!(e.to_string(), "line 1, column 13: move 3 'Ke3' illegal: the King on e1 cannot move that way, to e3 (a King moves one square in any direction)");
    let e = Record::parse("1. e4 e5 2. Nf6 *").unwrap().replay().unwrap_err();
    assert!(e.to_string().starts_with("line 1, column 13: move 3 'Nf6' illegal:"), "{e}");
    let e = Record::parse("1. f3 e5 2. g4 Qh4# 3. a3 *").unwrap().replay().unwrap_err();
    assert_eq!(e.to_string(), "line 1, column 24: move 5 'a3' the game is over (checkmate)");
    let e = Record::parse("[Result \"1-0\"]\n1. f3 e5 2. g4 Qh4# 1-0").unwrap().replay().unwrap_err();
    assert!(e.to_string().contains("result is 1-0, but its moves end the game 0-1 (checkmate)"), "{e}");
    let e = Record::parse("1. e4 e5 2. O-O *").unwrap().replay().unwrap_err();
    assert!(e.to_string().contains("move 3 'O-O' illegal:"), "{e}");
    let e = Record::parse("[Game \"stax\"]\n\nc3-d4 c3-d4 *").unwrap().replay().unwrap_err();
    assert!(e.to_string().starts_with("line 3, column 7: move 2 'c3-d4'"), "{e}");
    let rooks = "1. a4 h5 2. h4 a5 3. Ra3 Ra6 4. Rhh3 Rhh6 5. ";
    let e = Record::parse(&format!("{rooks}Rf3 *")).unwrap().replay().unwrap_err();
    assert_eq!(e.to_string(), "line 1, column 46: move 9 'Rf3' malformed: 'Rf3' is ambiguous: Raf3 or Rhf3");
    assert!(Record::parse(&format!("{rooks}Rhf3 *")).unwrap().replay().is_ok());
    let long = Record::parse("1. e2e4 e7e5 2. g1f3 *").unwrap().replay().unwrap();
    assert_eq!(long.moves().collect::<Vec<_>>(), ["e2e4", "e7e5", "g1f3"], "long algebraic, as some software writes it, reads too");
}

/// Malformed files: each refused with its line and column and a one-line reason.
#[test]
fn malformed_records_are_refused_with_a_place() {
    for (text, want) in [
        ("", "no game here"),
        ("[Event \"x\"", "not closed"),
        ("[Event x]", "double quotes"),
        ("[Event \"x\"]\n1. e4 { never closed", "never closed"),
        ("1. e4 ( e5 2. Nf3", "never closed"),
        ("1. e4 )", "closes no variation"),
        ("[Game \"go\"]\n\n*", "unknown game 'go'"),
        ("[Variant \"Crazyhouse\"]\n\n*", "not a game played here"),
        ("[Game \"stax\"]\n[Options \"--players 9\"]\n\n*", "--players must be"),
        ("[Game \"stax\"]\n[Options \"--wings\"]\n\n*", "--wings"),
        ("[Result \"1-0\"]\n\n1. e4 0-1", "Result tag says 1-0"),
        ("[Game \"double-chess\"]\n[Result \"1-0\"]\n\n1-0", "not one of"),
    ] {
        let e = Record::parse(text).unwrap_err();
        assert!(e.to_string().contains(want), "{text:?}: {e}");
        assert!(e.at.is_some() && !e.to_string().contains('\n'), "{text:?}: {e}");
    }
    for (text, want) in [
        ("1. e9 *", "not a SAN move"),
        ("1. Qxx4 *", "not a SAN move"),
        ("[FEN \"8/8/8 w - - 0 1\"]\n\n*", "bad start position"),
        ("[Game \"chex\"]\n\ne2e4 *", "move 1 'e2e4'"),
    ] {
        let e = Record::parse(text).and_then(|r| r.replay()).unwrap_err();
        assert!(e.to_string().contains(want), "{text:?}: {e}");
    }
}

/// Random damage to valid records (bytes changed, cut short, spliced) is read or refused, and a
/// record that reads replays or is refused: never a panic.
#[test]
fn damaged_records_never_panic() {
    let lichess = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records/lichess.pgn")).unwrap();
    let g = common::random_game(GameId::DiceChess, GameOptions::default_for(GameId::DiceChess), 5, 80, |_| {});
    let dice = Record::of(&g).write(Format::Text).unwrap();
    let g = common::random_game(GameId::Chex, GameOptions::default_for(GameId::Chex), 6, 80, |_| {});
    let chex = Record::of(&g).write(Format::Text).unwrap();
    let alphabet = b"[]{}()\";%$.!?- \n0123456789abcdefghxKQRBNO=+#*/\\@,:";
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut refused = 0;
    // 3000 damaged files, a thousand of each: a second or so in release.
    for round in 0..3000 {
        let base = [&lichess, &dice, &chex][round % 3].as_bytes();
        let mut bytes = base.to_vec();
        // One to five changes, each a byte replaced, the file cut short or a byte removed.
        for _ in 0..rng.random_range(1..6) {
            if bytes.is_empty() {
                break;
            }
            let i = rng.random_range(0..bytes.len());
            match rng.random_range(0..3) {
                0 => bytes[i] = alphabet[rng.random_range(0..alphabet.len())],
                1 => bytes.truncate(i.max(1)),
                _ => {
                    bytes.remove(i);
                }
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        match Record::parse(&text).and_then(|r| r.replay()) {
            Ok(_) => {}
            Err(e) => {
                assert!(!e.to_string().contains('\n'), "one line: {e}");
                refused += 1;
            }
        }
    }
    assert!(refused > 100, "the damage was noticed ({refused} refused)");
}

/// PGN as other software writes it: escape lines, `;` comments, glued move numbers, NAGs,
/// nested variations with comments inside, `0-0`, promotions without `=`, no tags at all.
#[test]
fn pgn_as_other_software_writes_it() {
    let text = "% exported by some program\n\n1.e4 e5 ; the King's pawn\n2.Nf3 $1 Nc6 (2...d6 (2...f5 {gambit}) 3.d4) 3.Bc4 Bc5 4.0-0 Nf6!? 5.d3 $10 0-0 *";
    let r = Record::parse(text).unwrap();
    assert_eq!((r.game, r.seats.clone(), r.result), (GameId::Chess, vec!["?".to_string(), "?".to_string()], GameResult::Unfinished));
    let g = r.replay().unwrap();
    assert_eq!(g.moves().collect::<Vec<_>>(), ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1", "g8f6", "d2d3", "e8g8"]);
    let promotion = Record::parse("[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8Q *").unwrap().replay().unwrap();
    assert_eq!(promotion.moves().collect::<Vec<_>>(), ["a7a8q"]);
}

/// The record text example in `docs/notation.md` ("Records"), written there by hand, is what the
/// writer prints for that game.
#[test]
fn the_record_text_example_in_the_notation_doc_is_what_is_written() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/notation.md")).unwrap();
    let records = &doc[doc.find("## Records").expect("a Records section")..];
    let start = records.find("```\n[Game").expect("an example record") + 4;
    let example = &records[start..start + records[start..].find("```").unwrap()];
    let mut g = Game::new(GameId::DiceChess, GameOptions::default_for(GameId::DiceChess), None).unwrap();
    common::play_all(&mut g, "[1,1] e2e4 [2,3] b8c6");
    assert_eq!(Record::of(&g).write(Format::Text).unwrap(), example);
    assert_eq!(Record::parse(example).unwrap(), Record::of(&g));
}
