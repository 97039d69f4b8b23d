//! Every parser of every game fed arbitrary text and mutations of valid text: position texts
//! (FEN included), move texts, option values and roll tokens. Nothing may panic; every input is
//! either an error or a valid result, and a position that parses is a working position: its
//! full text parses back to the same position and hash, and its moves can be generated and
//! played.

mod common;

use std::sync::OnceLock;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use variant_rules::cli::OptionArgs;
use variant_rules::{AnyPosition, Game, GameId, GameOptions, Position};

/// Valid texts of one configuration: positions reached in a seeded random game and the moves
/// played in it.
struct Samples {
    game: GameId,
    opts: GameOptions,
    positions: Vec<String>,
    moves: Vec<String>,
}

/// Plies of the random game each configuration's samples come from, and how often a position
/// is kept: enough to reach mid-game stacks, promotions and rolls in every game.
const SAMPLE_PLIES: usize = 240;
const SAMPLE_EVERY: usize = 6;

/// Every two-player configuration, and the four-player (Doubles) games: each game x seating, on
/// the three boards in turn, Numbers on every other one, Queens with mixed colours too.
fn configs() -> Vec<(GameId, GameOptions)> {
    use variant_rules::Wrap;
    use variant_rules::checkers::{DoublesSeating, QueensColours};
    let mut v = common::all_configs();
    let boards = [Wrap::Flat, Wrap::Cylinder, Wrap::Universal];
    for (i, game) in [GameId::Checkers, GameId::Stax, GameId::Queens].into_iter().enumerate() {
        for (j, seating) in DoublesSeating::ALL.into_iter().enumerate() {
            let colours = if (i + j) % 2 == 0 { QueensColours::Mixed } else { QueensColours::Same };
            let queens_colours = if game == GameId::Queens { colours } else { QueensColours::Same };
            let o = GameOptions { players: 4, seating, topology: boards[(i + j) % 3], numbers: j == 1, queens_colours, ..GameOptions::default_for(game) };
            v.push((game, o));
        }
    }
    // The triangular games beyond two players, one seating per count.
    for (i, (game, players, seating)) in [
        (GameId::TriChek, 3, DoublesSeating::CutThroat),
        (GameId::TriStax, 4, DoublesSeating::PartnersGap),
        (GameId::TriQueens, 5, DoublesSeating::CutThroat),
        (GameId::TriStax, 6, DoublesSeating::Trios),
        (GameId::TriChess, 3, DoublesSeating::CutThroat),
        (GameId::TriChess, 6, DoublesSeating::PartnersAdjacent),
    ]
    .into_iter()
    .enumerate()
    {
        let numbers = i % 2 == 1 && game.is_checkers_family();
        v.push((game, GameOptions { players, seating, numbers, move_limit: 200, ..GameOptions::default_for(game) }));
    }
    v
}

fn samples() -> &'static [Samples] {
    static SAMPLES: OnceLock<Vec<Samples>> = OnceLock::new();
    SAMPLES.get_or_init(|| {
        configs()
            .into_iter()
            .enumerate()
            .map(|(i, (game, opts))| {
                let mut positions = Vec::new();
                let mut ply = 0;
                let g = common::random_game(game, opts, 17 + i as u64, SAMPLE_PLIES, |g| {
                    if ply % SAMPLE_EVERY == 0 {
                        positions.push(g.position().to_text());
                    }
                    ply += 1;
                });
                positions.push(g.position().to_text());
                let moves = g.moves().map(str::to_string).collect();
                Samples { game, opts, positions, moves }
            })
            .collect()
    })
}

/// Pieces of text that have broken parsers before or are likely to: digit runs that overflow
/// any integer, zero, signs, every separator of every notation, letters of every game,
/// multi-byte characters (the symbols of Chec Toe's notation among them), control characters.
const TOKENS: &[&str] = &[
    "0",
    "9",
    "12",
    "13",
    "17",
    "99",
    "256",
    "65536",
    "4294967296",
    "99999999999999999999999",
    "-",
    "-1",
    "+",
    "x",
    "X",
    "@",
    ":",
    "~",
    "=",
    ",",
    "/",
    "[",
    "]",
    "[]",
    "[6,6]",
    " ",
    "  ",
    "\t",
    "\n",
    "\0",
    "a",
    "b",
    "k",
    "K",
    "q",
    "Q",
    "p",
    "P",
    "n",
    "N",
    "r",
    "R",
    "e",
    "g",
    "G",
    "E",
    "z",
    "w",
    "é",
    "⌄",
    "⌃",
    "°",
    "ŋ",
    "𝕏",
    "\u{301}",
    "Ｋ",
    "ǅ",
    "sixes:",
    "turns:",
    "left:",
    "piece:",
    "rerolled",
    "checker",
    "attempt",
    "666",
    "pass",
    "reroll",
    "draw",
    "K@",
    "e8=",
    "~c1",
    "x0,0",
    "-40,-40",
    "1000,1000",
];

/// One edit of a text.
#[derive(Clone, Debug)]
enum Edit {
    Insert { at: usize, token: usize },
    Delete { at: usize, len: usize },
    Replace { at: usize, token: usize },
    Duplicate { at: usize, len: usize },
    Truncate { at: usize },
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 0..TOKENS.len()).prop_map(|(at, token)| Edit::Insert { at, token }),
        (any::<usize>(), 1usize..6).prop_map(|(at, len)| Edit::Delete { at, len }),
        (any::<usize>(), 0..TOKENS.len()).prop_map(|(at, token)| Edit::Replace { at, token }),
        (any::<usize>(), 1usize..12).prop_map(|(at, len)| Edit::Duplicate { at, len }),
        any::<usize>().prop_map(|at| Edit::Truncate { at }),
    ]
}

/// Applies edits at character positions (taken modulo the text's length, so every edit lands).
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len();
        let at = |i: usize| if n == 0 { 0 } else { i % (n + 1) };
        match *e {
            Edit::Insert { at: i, token } => {
                let i = at(i);
                chars.splice(i..i, TOKENS[token].chars());
            }
            Edit::Delete { at: i, len } => {
                let i = at(i).min(n);
                chars.drain(i..(i + len).min(n));
            }
            Edit::Replace { at: i, token } => {
                let i = at(i).min(n.saturating_sub(1));
                let end = (i + 1).min(n);
                chars.splice(i..end, TOKENS[token].chars());
            }
            Edit::Duplicate { at: i, len } => {
                let i = at(i).min(n);
                let piece: Vec<char> = chars[i..(i + len).min(n)].to_vec();
                chars.splice(i..i, piece);
            }
            Edit::Truncate { at: i } => chars.truncate(at(i)),
        }
    }
    chars.into_iter().collect()
}

/// A position that parsed must be a working position: its full text parses back to the same
/// text and hash, its public view and outcome can be asked for, and a few random moves can be
/// played and taken back.
fn check_parsed(s: &Samples, text: &str) {
    let Ok(mut game) = Game::new(s.game, s.opts, Some(text)) else { return };
    let pos = game.position().clone();
    let full = pos.to_text();
    let again = AnyPosition::from_text(s.game, &s.opts, &full).unwrap_or_else(|e| panic!("{}: '{text}' parsed, but its text '{full}' does not: {e}", s.game));
    assert_eq!(again.to_text(), full, "{}: text of '{text}' is not stable", s.game);
    assert_eq!(again.hash(), pos.hash(), "{}: '{full}' parses back with another hash", s.game);
    let _ = pos.public_text();
    let mut rng = ChaCha8Rng::seed_from_u64(text.len() as u64);
    for _ in 0..4 {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_move_list();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        let written = game.position().move_text(m);
        game.play(&written).unwrap_or_else(|e| panic!("{}: legal move '{written}' refused ({e}) in '{}'", s.game, game.position().to_text()));
    }
    while game.undo().is_some() {}
    assert_eq!(game.position().to_text(), full, "{}: undo did not return to '{full}'", s.game);
}

/// Any text given as a move to a sampled position is refused or is one of its legal moves.
fn check_move(s: &Samples, position: usize, text: &str) {
    let start = &s.positions[position];
    let mut game = Game::new(s.game, s.opts, Some(start)).unwrap_or_else(|e| panic!("{} {:?}: sampled position '{start}' does not parse: {e}", s.game, s.opts));
    let legal: Vec<String> = {
        let p = game.position();
        p.legal_move_list().into_iter().map(|m| p.move_text(m)).collect()
    };
    if game.play(text).is_ok() {
        let played = game.moves().last().expect("a move was played").to_string();
        assert!(legal.contains(&played), "{}: '{text}' was played as '{played}', which is not a legal move", s.game);
    }
}

/// Cases per property: `n` in CI, times `FUZZ_SCALE` when set (e.g. `FUZZ_SCALE=30` for a
/// long campaign before a release).
fn cases(n: u32) -> u32 {
    n * std::env::var("FUZZ_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1)
}

fn config() -> impl Strategy<Value = usize> {
    0..configs().len()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(3000), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_positions_never_panic(cfg in config(), which in any::<usize>(), edits in prop::collection::vec(edit_strategy(), 1..5)) {
        let s = &samples()[cfg];
        let text = mutate(&s.positions[which % s.positions.len()], &edits);
        check_parsed(s, &text);
    }

    #[test]
    fn mutated_moves_never_panic(cfg in config(), which in any::<usize>(), mv in any::<usize>(), edits in prop::collection::vec(edit_strategy(), 0..4)) {
        let s = &samples()[cfg];
        let text = mutate(&s.moves[mv % s.moves.len()], &edits);
        check_move(s, which % s.positions.len(), &text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1500), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_positions_never_panic(cfg in config(), text in any::<String>()) {
        check_parsed(&samples()[cfg], &text);
    }

    #[test]
    fn arbitrary_moves_never_panic(cfg in config(), which in any::<usize>(), text in any::<String>()) {
        let s = &samples()[cfg];
        check_move(s, which % s.positions.len(), &text);
    }

    #[test]
    fn notation_shaped_moves_never_panic(cfg in config(), which in any::<usize>(), text in "[a-lx0-9@:~=,\\[\\]PNBRQKGEpnbrqkge⌄⌃°é -]{0,14}") {
        let s = &samples()[cfg];
        check_move(s, which % s.positions.len(), &text);
    }

    #[test]
    fn option_values_never_panic(game in any::<String>(), value in any::<String>(), which in 0usize..13, known in 0..GameId::ALL.len()) {
        let mut args = OptionArgs::default();
        let v = Some(value.clone());
        match which {
            0 => args.topology = v,
            1 => args.deploy_groups = v,
            2 => args.rules = v,
            3 => args.no_move = v,
            4 => args.draw_in_check = v,
            5 => args.uncovered_man = v,
            6 => args.brainking_six = v,
            7 => args.players = v,
            8 => args.seating = v,
            9 => args.queens_colours = v,
            10 => args.queens_position = v,
            11 => args.forty_moves = v,
            _ => {}
        }
        let _ = args.resolve(&game);
        if let Ok((id, opts)) = args.resolve(GameId::ALL[known].as_str()) {
            prop_assert!(AnyPosition::start(id, &opts).is_ok(), "options {opts:?} resolved for {id} but give no start position");
        }
        let _ = variant_rules::dice::Roll::parse(&value);
    }
}

#[test]
fn samples_cover_every_configuration_with_real_play() {
    // The mutations start from these texts: each configuration must contribute a real game.
    for s in samples() {
        assert!(s.positions.len() >= 3, "{} {:?}: only {} sampled positions", s.game, s.opts, s.positions.len());
        assert!(!s.moves.is_empty(), "{}: no moves sampled", s.game);
    }
    assert_eq!(samples().len(), configs().len());
}

#[test]
fn known_crashers_are_clear_errors() {
    // Inputs that panicked before this test existed, each now an error (or a correct result).
    let cases: &[(&str, Option<&str>, &str)] = &[
        ("chess", None, "x"),
        ("chess", None, "é"),
        ("chess", None, "e2é4"),
        ("chess", None, "xe2"),
        ("chess", Some("k3/4/4/2KR w K - 0 1"), "d1c1"),
        ("checkers", Some("99999999999/8/8/8/8/8/8/8 a 0"), "c3-d4"),
        ("toe-to-toe", Some("99999999999/8/8/pppppppp/PPPPPPPP/8/8/8 w KGRRNNEEkgrrnnee - 0 0"), "K@c2"),
        ("chec-toe", Some("99999999999/4/4/4 w"), "[4]"),
        ("dice-chess", None, "x"),
    ];
    for &(game, position, mv) in cases {
        let id: GameId = game.parse().unwrap();
        let opts = GameOptions::default_for(id);
        match Game::new(id, opts, position) {
            Err(e) => assert!(!e.is_empty() && !e.contains('\n'), "{game}: error must be one line: {e}"),
            Ok(mut g) => assert!(g.play(mv).is_err(), "{game}: '{mv}' should be refused"),
        }
    }
}
