//! Move texts are names: in every game, seat count and board, no two legal moves of a position
//! share a text, and reading each text back gives the very move that printed it (so a record
//! replays the subtree each move heads, as `perft --divide` lists it).

mod common;

use std::collections::BTreeMap;

use variant_rules::{AnyMove, AnyPosition, Game, GameId, GameOptions, Position};

/// Plies of each random game looked at (every position up to it is checked).
const PLIES: usize = 160;

/// The configurations beyond `common::all_configs()` (which covers every game, board and
/// Numbers with its default seats): every seat count and seating of the multi-seat games.
const SEATED: &[&str] = &[
    "checkers --players 4 --seating partners-opposite",
    "stax --players 4 --seating cut-throat",
    "queens --players 4 --queens-colours mixed",
    "queens --players 4",
    "double-chess --seating cut-throat",
    "tri-chek --players 3",
    "tri-stax --players 4 --seating partners-gap",
    "tri-queens --players 4 --seating partners-adjacent --queens-colours mixed --queens-position open",
    "tri-queens --players 6 --seating trios",
    "tri-chess --players 2",
    "tri-chess --players 2 --edges cut",
    "tri-chess --players 3",
    "tri-chess --players 4",
    "tri-chess --players 4 --seating partners-adjacent",
    "tri-chess --players 5",
    "tri-chess --players 5 --edges cut --extended-moves off",
    "tri-chess --players 6",
    "tri-chess --players 6 --seating trios",
    "tri-chess --players 6 --corners full",
    "double-chess --double-hop-check yes",
    "tri-queens --tri-steps open",
    "tri-queens --players 4",
    "queens --players 4 --queens-rows relocate",
];

/// Checks one position: texts unique, each reading back to its own move.
fn check(g: &Game, label: &str) {
    let pos = g.position();
    let mut seen: BTreeMap<String, AnyMove> = BTreeMap::new();
    for m in pos.legal_move_list() {
        let text = pos.move_text(m);
        if let Some(other) = seen.insert(text.clone(), m) {
            panic!("{label}: two legal moves print '{text}' ({other:?} and {m:?}) in {}", pos.to_text());
        }
        let back = pos.parse_move(&text).unwrap_or_else(|e| panic!("{label}: '{text}' does not read back ({e}) in {}", pos.to_text()));
        assert_eq!(back, m, "{label}: '{text}' reads back as another move in {}", pos.to_text());
    }
}

fn run(game: GameId, opts: GameOptions, label: &str) {
    for seed in 0..2 {
        let mut positions = 0;
        common::random_game(game, opts, seed, PLIES, |g| {
            if g.outcome().is_none() {
                check(g, label);
                positions += 1;
            }
        });
        assert!(positions > 0, "{label}: no position checked");
    }
}

#[test]
fn every_game_names_each_legal_move_once() {
    for (game, opts) in common::all_configs() {
        run(game, opts, &format!("{game} {} numbers={} rules={}", opts.topology, opts.numbers, opts.dice_rules));
    }
}

#[test]
fn every_seating_names_each_legal_move_once() {
    for spec in SEATED {
        let (game, opts) = common::parse_spec(spec);
        run(game, opts, spec);
    }
}

/// The position: A's King on i1 may castle with the Rook on l1 (landing on k1) and
/// step to k1 along the edge row (a corner neighbour). Both moves are listed, under two texts,
/// and each text leads to its own position.
#[test]
fn tri_chess_castling_and_the_kings_two_triangle_step_have_their_own_texts() {
    let text = "1[bR][bN][bB][bQ][bK][bB][bN][bR]/1[bP][bP][bP][bP][bP][bP][bP][bP][bP]1/13/15/15/13/1[aP][aP][aP][aP][aP][aP]1[aP][aP]1/1[aR][aN][aB][aQ][aK]2[aR] a AaBb - - - - 0";
    let (game, opts) = common::parse_spec("tri-chess");
    let g = Game::new(game, opts, Some(text)).expect("the issue's position");
    let legal = common::legal_set(&g);
    assert!(legal.contains("i1k1") && legal.contains("O-O"), "{legal:?}");
    let mut step = g.clone();
    step.play("i1k1").unwrap();
    let mut castle = g.clone();
    castle.play("O-O").unwrap();
    let k1 = |g: &Game| g.position().to_text();
    assert_ne!(k1(&step), k1(&castle), "the step and the castling lead to different positions");
    // After the castling the Rook stands on j1, the triangle the King crossed; after the step it is still on l1.
    let rook_on = |g: &Game, cell: &str| {
        let AnyPosition::DoubleChess(p) = g.position() else { unreachable!("Tri-Chess") };
        let c = p.topology().parse_cell(cell).unwrap();
        p.piece_at(c)
    };
    let rook = rook_on(&g, "l1");
    assert_ne!(rook, 0, "A's Rook starts on l1");
    assert_eq!((rook_on(&castle, "j1"), rook_on(&castle, "l1")), (rook, 0), "castling brings the Rook beside the King");
    assert_eq!((rook_on(&step, "j1"), rook_on(&step, "l1")), (0, rook), "the King's step leaves the Rook at home");
    check(&g, "issue position");
}

/// `O-O` and `O-O-O` refused name why: the right is gone, or a cell between is taken.
#[test]
fn a_refused_tri_chess_castling_names_its_reason() {
    let start =
        "1[bR][bN][bB][bQ][bK][bB][bN][bR]/1[bP][bP][bP][bP][bP][bP][bP][bP][bP]1/13/15/15/13/1[aP][aP][aP][aP][aP][aP]1[aP][aP]1/1[aR][aN][aB][aQ][aK]2[aR]";
    let (game, opts) = common::parse_spec("tri-chess");
    let g = Game::new(game, opts, Some(&format!("{start} a AaBb - - - - 0"))).unwrap();
    let why = |g: &Game, text: &str| g.clone().play(text).unwrap_err().to_string();
    assert!(why(&g, "O-O-O").contains("castling needs the cells between"), "{}", why(&g, "O-O-O"));
    let g = Game::new(game, opts, Some(&format!("{start} a aBb - - - - 0"))).unwrap();
    assert!(why(&g, "O-O").contains("no longer allowed"), "{}", why(&g, "O-O"));
    // The plain step is still there, under its cells.
    assert!(g.clone().play("i1k1").is_ok());
}
