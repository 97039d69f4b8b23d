//! CHEX rule scenarios, each quoting the rule of `chex.txt` (or the ruling in
//! `docs/rulings.md`) it checks.

use variant_rules::{AnyPosition, Game, GameId, GameOptions, MoveError, Outcome, Position, Reason, Seat, Seating};

fn game(seed: u64, position: Option<&str>) -> Game {
    let mut o = GameOptions::default_for(GameId::Chex);
    o.seed = seed;
    Game::new(GameId::Chex, o, position).unwrap()
}

fn legal(g: &Game) -> Vec<String> {
    let p = g.position();
    p.legal_move_list().into_iter().map(|m| p.move_text(m)).collect()
}

fn in_check(g: &Game, player: Seat) -> bool {
    match g.position() {
        AnyPosition::Chex(p) => p.in_check(player),
        _ => unreachable!(),
    }
}

#[test]
fn white_starts_in_the_centre_and_black_attaches_to_it() {
    // "White draws his or her top tile and places it face up in the centre" / "Black attaches
    // his or her top tile to any edge or corner of white's first tile".
    let mut g = game(1, None);
    assert_eq!(legal(&g), ["draw"]);
    g.play("draw").unwrap();
    let first = legal(&g);
    assert_eq!(first.len(), 1);
    assert!(first[0].ends_with("@0,0"), "{first:?}");
    g.play(&first[0]).unwrap();
    assert_eq!(legal(&g), ["draw"], "Black has nothing in play to move");
    g.play("draw").unwrap();
    let mut spots: Vec<String> = legal(&g).iter().map(|m| m.split('@').nth(1).unwrap().to_string()).collect();
    spots.sort();
    assert_eq!(spots, ["-1,-1", "-1,0", "-1,1", "0,-1", "0,1", "1,-1", "1,0", "1,1"]);
}

#[test]
fn the_seed_deals_the_piles_and_each_pile_is_a_chess_army() {
    // "Shuffle well and place face down to become each player's draw pile" (seeded: X1).
    let a = game(7, None).position().to_text();
    assert_eq!(a, game(7, None).position().to_text());
    assert_ne!(a, game(8, None).position().to_text());
    let piles = a.split(' ').nth(2).unwrap();
    let mut white: Vec<char> = piles.split('/').next().unwrap().chars().collect();
    white.sort();
    assert_eq!(white.iter().collect::<String>(), "BBKNNPPPPPPPPQRR");
}

#[test]
fn placements_must_touch_and_a_drawn_tile_must_be_placed() {
    // "Placements must continue to attach to any edge or corner of a tile or tiles already in
    // play".
    let mut g = game(0, Some("K0,0;k0,2;P0,1 w QRRBBNNPPPPPPP/qrrbbnnpppppppp - 0"));
    g.play("draw").unwrap();
    assert!(legal(&g).iter().all(|m| m.contains('@')), "once drawn, the tile is placed");
    assert!(matches!(g.clone().play("Q@5,5"), Err(MoveError::Illegal(_))));
    assert!(matches!(g.clone().play("Q@0,3"), Ok(())), "next to Black's king is still attached");
}

#[test]
fn moves_must_leave_every_tile_attached() {
    // "Moves and captures must be made as in regular Chess provided all the tiles remain
    // attached directly or indirectly to each other."
    let g = game(0, Some("K0,0;R1,0;p2,1;k3,1 w -/- - 0"));
    let m = legal(&g);
    assert!(m.contains(&"1,0:1,1".to_string()), "{m:?}");
    match g.clone().play("1,0:1,-1") {
        Err(MoveError::Illegal(why)) => assert!(why.contains("attached"), "{why}"),
        other => panic!("the rook would leave the black tiles adrift: {other:?}"),
    }
    // "Any move that reduces two tiles in play to one is an OK move."
    let g = game(0, Some("Q0,0;p1,1 w KRRBBNNPPPPPPPP/kqrrbbnnppppppp - 0"));
    assert!(legal(&g).contains(&"0,0x1,1".to_string()));
}

#[test]
fn check_only_through_captures_that_keep_the_tiles_attached() {
    // "For a king to be in check or checkmate, it must be attacked by a piece capable of
    // capturing it without breaching rule 6."
    let g = game(0, Some("K0,0;R1,0;k2,0 b -/- - 0"));
    assert!(!in_check(&g, Seat::B), "taking the king would leave White's king alone, two cells away");
    let g = game(0, Some("K0,0;R1,0;P1,1;k2,0 b -/- - 0"));
    assert!(in_check(&g, Seat::B), "with the pawn as a bridge the rook can take the king");
}

#[test]
fn drawing_the_king_with_nowhere_safe_to_put_it_is_stalemate() {
    // "Draws are still draws, including STALEMATE which in CHEX can include drawing the king
    // and not being able to place it other than in check." / "White can capture each tile Black
    // draws until the king is drawn which is a STALEMATE."
    let g = game(0, Some("Q0,0 b KRRBBNNPPPPPPPP/k + 0"));
    assert!(legal(&g).is_empty());
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::Stalemate)));
}

#[test]
fn pawns_point_at_the_opponent_and_never_promote() {
    // "point towards the opposing player" (X4: White's pawns move towards +y, one square, with
    // no double step) / "no en passant, no castling, and no pawn promotion".
    let g = game(0, Some("K-1,0;N-1,1;P0,0;p1,1;k2,2 w -/- - 0"));
    let m = legal(&g);
    assert!(m.contains(&"0,0:0,1".to_string()), "{m:?}");
    assert!(!m.iter().any(|x| x.starts_with("0,0:0,-1") || x.starts_with("0,0:0,2")), "{m:?}");
    assert!(!m.contains(&"0,0x1,1".to_string()), "taking the pawn would strand the white king and knight");
    let g = game(0, Some("K-1,0;N-1,1;P0,0;p1,1;k2,2 b -/- - 0"));
    let m = legal(&g);
    assert!(!m.iter().any(|x| x.starts_with("1,1:1,2")), "Black's pawn never steps away from White: {m:?}");
}

#[test]
fn random_games_reach_checkmate() {
    // "First player to checkmate the enemy wins the game." Seeded random games: the first
    // that ends in checkmate must leave the loser in check with no move.
    use rand::{Rng, SeedableRng};
    let mut found = false;
    for seed in 0..200u64 {
        let mut g = game(seed, None);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..300 {
            if g.outcome().is_some() {
                break;
            }
            let m = legal(&g);
            let pick = m[rng.random_range(0..m.len())].clone();
            g.play(&pick).unwrap();
        }
        if let Some(Outcome::Win { winners, reason }) = g.outcome() {
            assert_eq!(reason, Reason::Checkmate);
            let loser = g.position().turn();
            assert_eq!(winners.iter().collect::<Vec<_>>(), vec![Seating::TWO.opponent(loser)], "the mated side loses");
            assert!(legal(&g).is_empty() && in_check(&g, loser), "{}", g.position().to_text());
            found = true;
            break;
        }
    }
    assert!(found, "no random game in 200 ended in checkmate");
}

#[test]
fn bad_positions_and_moves_are_refused() {
    for (text, why) in [
        ("K0,0;k5,5 w -/- - 0", "not all attached"),
        ("K0,0 w -/- - 0", "kings"),
        ("K0,0;Z1,0;k2,0 w -/- - 0", "not a chess piece"),
        ("K0,0;k1,0 w -/- - 0", "in check"),
        ("K0,0;k0,1 w -/- +", "5 fields"),
    ] {
        let e = Game::new(GameId::Chex, GameOptions::default_for(GameId::Chex), Some(text)).unwrap_err();
        assert!(e.contains(why), "{text}: {e}");
    }
    let g = game(0, None);
    for m in ["P@x,y", "0,0-1,1", "Z@0,0"] {
        assert!(matches!(g.clone().play(m), Err(MoveError::Malformed(_))), "{m}");
    }
    assert!(matches!(g.clone().play("P@0,0"), Err(MoveError::Illegal(_))), "draw first");
}

/// A legal position to spoil one field at a time: White to move, nothing in check.
const BASE: &str = "K0,0;P0,1;k1,2 w QRRBBNNPPPPPPP/qrrbbnnpppppp - 0";

fn refused(text: &str) -> String {
    match Game::new(GameId::Chex, GameOptions::default_for(GameId::Chex), Some(text)) {
        Ok(g) => panic!("'{text}' was accepted as {}", g.position().to_text()),
        Err(e) => {
            assert_eq!(e.lines().count(), 1, "'{text}': one line expected: {e}");
            e
        }
    }
}

#[test]
fn position_texts_that_do_not_fit_the_set_are_refused_not_panicked_on() {
    // "CHEX includes a carrying case, 16 white tiles and 16 black tiles depicting chess pieces":
    // a text is refused when a side has more tiles of a kind (in play and pile together) than
    // one chess army holds.
    assert!(Game::new(GameId::Chex, GameOptions::default_for(GameId::Chex), Some(BASE)).is_ok());
    let row = |letter: char, n: i32, y: i32| (0..n).map(|x| format!("{letter}{x},{y}")).collect::<Vec<_>>().join(";");
    let many = [
        format!("K-1,0;{};k17,0 w -/- - 0", row('P', 17, 0)),
        format!("K-1,0;{};k9,0 w -/- - 0", row('P', 9, 0)),
        format!("{};{};k0,2 w -/- - 0", row('Q', 20, 0), row('R', 20, 1)),
        format!("{};{} w -/- - 0", row('K', 33, 0), row('k', 33, 1)),
        format!("{};{} w -/- - 0", row('P', 300, 0), row('p', 300, 1)),
        "K0,0;P0,1;k1,2 w QRRBBNNPPPPPPPP/qrrbbnnpppppp - 0".into(),
        "K0,0;P0,1;k1,2 w QQRRBBNNPPPPPPP/qrrbbnnpppppp - 0".into(),
        "K0,0;P0,1;k1,2 w QRRBBNNPPPPPPPPPPPPPPPPPPPPPPP/qrrbbnnpppppp - 0".into(),
        format!("K0,0;P0,1;k1,2 w {}/qrrbbnnpppppp - 0", "P".repeat(5000)),
        "K0,0;K0,1;k1,2 w -/- - 0".into(),
        "K0,0;P0,1;k1,2 w QRRBBNNPPPPPPP/kqrrbbnnpppppp - 0".into(),
    ];
    for text in &many {
        let e = refused(text);
        assert!(e.contains("the set has"), "{}…: {e}", &text[..40.min(text.len())]);
    }
    assert!(refused("K0,0;P0,1 w -/- - 0").contains("kings"));
}

#[test]
fn malformed_position_texts_are_refused_with_one_line() {
    for (text, why) in [
        ("", "5 fields"),
        (" \t\n ", "5 fields"),
        ("K0,0;P0,1;k1,2 w -/- - 0 0", "5 fields"),
        ("K0,0;;k1,2 w -/- - 0", "empty tile"),
        ("K0,0;P0,1;k1,2; w -/- - 0", "empty tile"),
        ("K0,0;P0,0;k1,1 w -/- - 0", "two tiles on 0,0"),
        ("K99999999999,0;P0,1;k1,2 w -/- - 0", "not a cell"),
        ("K2147483647,0;P0,1;k1,2 w -/- - 0", "not a cell"),
        ("K-2147483648,-2147483648;P0,1;k1,2 w -/- - 0", "not a cell"),
        ("K0,0;P0,1;k1,2;p1000000000,1000000000 w -/- - 0", "not all attached"),
        ("K-1000000000,0;p1000000000,0;P0,1;k1,2 w -/- - 0", "not all attached"),
        ("K0,0;P0,1;k40,1;p1,1;p2,1;p3,1;p4,1;p5,1;p6,1;p7,1;p8,1 w -/- - 0", "not all attached"),
        ("K0,0;P0,1;k1,2;p41,1 w -/- - 0", "not all attached"),
        ("K+1,0;P0,1;k1,2 w -/- - 0", "not a cell"),
        ("K0,00;P0,1;k1,2 w -/- - 0", "not a cell"),
        ("K-0,0;P0,1;k1,2 w -/- - 0", "not a cell"),
        ("K0,0,0;P0,1;k1,2 w -/- - 0", "not a cell"),
        ("K0;P0,1;k1,2 w -/- - 0", "not a cell"),
        ("K0,0;P0,1;kö,2 w -/- - 0", "not a cell"),
        ("K0,0;P0,1;k1,٢ w -/- - 0", "not a cell"),
        ("Ő0,0;P0,1;k1,2 w -/- - 0", "piece letter"),
        ("K0,0;P0,1;k1,2 w Ő/- - 0", "piece letter"),
        ("K0,0;P0,1;k1,2 ẃ -/- - 0", "side to move"),
        ("K0,0;P0,1;k1,2 w –/- - 0", "piece letter"),
        ("K0,0;P0,1;k1,2 w -/- – 0", "holding"),
        ("K0,0;P0,1;k1,2 w -/- - ٣", "quiet plies"),
        ("K0,0;P0,1;k1,2 w -/- - 101", "quiet plies"),
        ("K0,0;P0,1;k1,2 w -/- - 99999999999999999999", "quiet plies"),
        ("K0,0;P0,1;k1,2 w -/- - +5", "quiet plies"),
        ("K0,0;P0,1;k1,2 w -- - 0", "WHITE/BLACK"),
        ("K0,0;P0,1;k1,2 w -/-/- - 0", "WHITE/BLACK"),
        ("K0,0;P0,1;k1,2 w -/- + 0", "holding"),
        ("K0,0;P0,1;k1,2 w 14/13 - 0", "sizes"),
        ("K0,0;P0,1;k1,2 w Q/- +Q 0", "holding"),
        ("- b KQRRBBNNPPPPPPPP/kqrrbbnnpppppppp - 0", "no tiles in play"),
        ("- w KQRRBBNNPPPPPPP/kqrrbbnnpppppppp - 0", "no tiles in play"),
        ("K0,0;k5,5 w -/- - 0", "not all attached"),
    ] {
        let e = refused(text);
        assert!(e.contains(why), "'{text}': '{e}' should mention '{why}'");
    }
}

#[test]
fn malformed_move_texts_are_refused_not_panicked_on() {
    // Move texts are `draw`, `N@1,0`, `0,0:0,1` and `1,0x2,1` (X7), in ASCII.
    let mut g = game(0, Some(BASE));
    let placing = {
        let mut h = g.clone();
        h.play("draw").unwrap();
        h
    };
    for m in [
        "",
        "é",
        "Ő@0,0",
        "N@1,0é",
        "ñ,0:0,1",
        "0,0:0,99999999999",
        "2147483647,0:0,0",
        "-2147483648,0:0,0",
        "0,0x",
        "@",
        "@0,0",
        "N@",
        "NN@0,0",
        "draw ",
        " draw",
        "N@+1,0",
        "0,0:+1,0",
        "0,0::0,1",
        "0,0:0,1:0,2",
        "x",
        ":",
        "0,0x0,1x0,2",
        "N@0,0,0",
        "N@١,0",
        "0,0:0,٢",
        "Q@0,02",
        "0,-0:0,1",
        "é@0,0",
        "Q@é",
        "draw\u{301}",
    ] {
        for h in [&g, &placing] {
            match h.clone().play(m) {
                Err(MoveError::Malformed(why)) => assert_eq!(why.lines().count(), 1, "{m:?}: {why}"),
                other => panic!("{m:?} should be malformed, got {other:?}"),
            }
        }
    }
    // Well formed but far from every tile: illegal, not a panic.
    for m in ["Q@1000000000,-1000000000", "0,0:-1000000000,0", "1000000000,0x0,0"] {
        assert!(matches!(placing.clone().play(m), Err(MoveError::Illegal(_))), "{m}");
        assert!(matches!(g.clone().play(m), Err(MoveError::Illegal(_))), "{m}");
    }
    g.play("0,0:-1,0").unwrap();
}

#[test]
fn mangled_texts_never_panic_and_what_parses_round_trips() {
    // Seeded mutations of a position text and of move texts: insertions of ASCII and non-ASCII
    // characters, deletions and repeats at random character positions.
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let alphabet: Vec<char> = "KQRBNPkqrbnp0123456789,;:/-+x@ wb é٣Ő\u{301}–".chars().collect();
    let g = game(0, Some(BASE));
    for _ in 0..4000 {
        let source = [BASE, "draw", "Q@-1,1", "0,0:-1,0", "0,1x1,2"][rng.random_range(0..5)];
        let mut chars: Vec<char> = source.chars().collect();
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..=chars.len());
            match rng.random_range(0..3) {
                0 => chars.insert(at, alphabet[rng.random_range(0..alphabet.len())]),
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.splice(at..at, chars[..at].to_vec()).for_each(drop),
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(p) = Game::new(GameId::Chex, GameOptions::default_for(GameId::Chex), Some(&text)) {
            let full = p.position().to_text();
            let again = Game::new(GameId::Chex, GameOptions::default_for(GameId::Chex), Some(&full)).unwrap();
            assert_eq!(again.position().to_text(), full, "from '{text}'");
            assert_eq!(again.position().hash(), p.position().hash(), "from '{text}'");
        }
        let _ = g.clone().play(&text);
    }
}

fn with_draw_in_check(seed: u64, position: &str, draw_in_check: variant_rules::chex::DrawInCheck) -> Game {
    let o = GameOptions { seed, draw_in_check, ..GameOptions::default_for(GameId::Chex) };
    Game::new(GameId::Chex, o, Some(position)).unwrap()
}

#[test]
fn drawing_in_check_is_allowed_by_default_and_can_be_forbidden() {
    use variant_rules::chex::DrawInCheck;
    // Black's king is checked by the queen and a pawn (the pawns keep the tiles attached after
    // capture: rule 7) and has no move; Black's queen is still in the pile.
    let pos = "K0,0;Q1,0;P1,1;P1,-1;k2,0 b -/q - 0";
    // X3 (the default): Black may draw, but no placement of the drawn tile blocks the check, so
    // once it is turned over the game is lost ("STALEMATE which in CHEX can include drawing the
    // king and not being able to place it other than in check").
    let mut g = game(0, Some(pos));
    assert_eq!(GameOptions::default_for(GameId::Chex).draw_in_check, DrawInCheck::Allowed);
    assert!(in_check(&g, Seat::B));
    assert_eq!(legal(&g), ["draw"]);
    assert_eq!(g.outcome(), None);
    g.play("draw").unwrap();
    assert!(legal(&g).is_empty());
    assert_eq!(g.outcome(), Some(Outcome::win(Seat(0), Reason::Checkmate)));
    // --draw-in-check forbidden: no draw while in check, so the same position is mate at once.
    let g = with_draw_in_check(0, pos, DrawInCheck::Forbidden);
    assert!(legal(&g).is_empty());
    assert_eq!(g.outcome(), Some(Outcome::win(Seat(0), Reason::Checkmate)));
    // Out of check, drawing stays allowed with either setting.
    for d in [DrawInCheck::Allowed, DrawInCheck::Forbidden] {
        let g = with_draw_in_check(0, BASE, d);
        assert!(legal(&g).contains(&"draw".to_string()), "{d:?}");
    }
}

#[test]
fn a_forbidden_draw_says_why() {
    use variant_rules::chex::DrawInCheck;
    let g = with_draw_in_check(0, "K0,0;Q1,0;P1,1;k2,0;p3,0 b -/q - 0", DrawInCheck::Forbidden);
    assert!(in_check(&g, Seat::B));
    assert!(!legal(&g).contains(&"draw".to_string()));
    match g.clone().play("draw") {
        Err(MoveError::Illegal(why)) => assert!(why.contains("in check"), "{why}"),
        other => panic!("drawing in check should be refused: {other:?}"),
    }
    let g = with_draw_in_check(0, "K0,0;Q1,0;P1,1;k2,0;p3,0 b -/q - 0", DrawInCheck::Allowed);
    assert!(legal(&g).contains(&"draw".to_string()));
}

#[test]
fn options_saved_before_draw_in_check_existed_still_load() {
    // `#[serde(default)]`: a save file written without the field reads as the text's rule (X3).
    let mut v = serde_json::to_value(GameOptions::default_for(GameId::Chex)).unwrap();
    assert_eq!(v["draw_in_check"], "allowed");
    v.as_object_mut().unwrap().remove("draw_in_check");
    let o: GameOptions = serde_json::from_value(v).unwrap();
    assert_eq!(o, GameOptions::default_for(GameId::Chex));
    let mut forbidden = serde_json::to_value(GameOptions::default_for(GameId::Chex)).unwrap();
    forbidden["draw_in_check"] = "forbidden".into();
    let o: GameOptions = serde_json::from_value(forbidden).unwrap();
    assert_eq!(o.draw_in_check, variant_rules::chex::DrawInCheck::Forbidden);
}
