//! Scenario tests for the chess family — Cylindrical Chess, Shadow Chess and the orthodox draw
//! rules — each quoting the sentence it checks. Shadow Chess's figures are missing from the
//! text; the positions below are built to show what each sentence describes.

use std::collections::BTreeSet;

use variant_rules::chess::{ChessPosition, ChessRules};
use variant_rules::{Game, GameId, GameOptions, Outcome, Position, Reason, Seat, Wrap};

fn game(id: GameId, wrap: Wrap, fen: &str) -> Game {
    let mut o = GameOptions::default_for(id);
    o.topology = wrap;
    Game::new(id, o, Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(g: &Game) -> BTreeSet<String> {
    let p = g.position();
    p.legal_move_list().into_iter().map(|m| p.move_text(m)).collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|s| s.to_string()).collect()
}

fn from(g: &Game, cell: &str) -> BTreeSet<String> {
    legal(g).into_iter().filter(|m| m.starts_with(cell)).collect()
}

fn shadow_pos(fen: &str) -> ChessPosition {
    ChessPosition::from_fen(fen, Wrap::Flat, ChessRules::SHADOW).unwrap()
}

fn shadow_of(p: &ChessPosition, cell: &str) -> BTreeSet<String> {
    let t = p.topology();
    p.shadow_cells(t.parse_cell(cell).unwrap()).into_iter().map(|c| t.name(c)).collect()
}

// ---- Cylindrical Chess ----------------------------------------------------------------------

#[test]
fn cylinder_pieces_move_around_the_edges() {
    // "pieces may move "around" the cylinder, going off the board at one edge and reemerging
    // on the other."
    let fen = "4k3/8/8/8/3R1P2/8/8/4K3 w - - 0 1";
    let rank = |g: &Game| from(g, "d4").into_iter().filter(|m| m.ends_with('4')).collect::<BTreeSet<_>>();
    assert_eq!(rank(&game(GameId::Chess, Wrap::Flat, fen)), set(&["d4a4", "d4b4", "d4c4", "d4e4"]));
    assert_eq!(rank(&game(GameId::CylinderChess, Wrap::Cylinder, fen)), set(&["d4a4", "d4b4", "d4c4", "d4e4", "d4g4", "d4h4"]));
}

#[test]
fn cylinder_a_full_circle_is_no_move() {
    // Our ruling: a move that brings a piece round to its own square is no move.
    let g = game(GameId::CylinderChess, Wrap::Cylinder, "4k3/8/8/8/R7/8/8/4K3 w - - 0 1");
    let rook = from(&g, "a4");
    assert!(!rook.contains("a4a4"));
    assert_eq!(rook.len(), 14, "7 along the rank (each reached once) and 7 along the file: {rook:?}");
}

#[test]
fn cylinder_queen_captures_the_other_way_round() {
    // "Note that White can even capture Black's Queen, not through the pawn, of course, but
    // going around the cylinder in the other direction."
    let fen = "7k/8/8/8/q1P1Q3/8/8/4K3 w - - 0 1";
    assert!(!legal(&game(GameId::Chess, Wrap::Flat, fen)).contains("e4a4"));
    assert!(legal(&game(GameId::CylinderChess, Wrap::Cylinder, fen)).contains("e4a4"));
}

#[test]
fn cylinder_check_comes_round_the_edge() {
    // The pawn on d4 blocks the rook on a flat board; on the cylinder it goes b4-a4-h4.
    let fen = "8/8/8/8/1R1P3k/8/8/K7 b - - 0 1";
    let flat = ChessPosition::from_fen(fen, Wrap::Flat, ChessRules::ORTHODOX).unwrap();
    let cyl = ChessPosition::from_fen(fen, Wrap::Cylinder, ChessRules::ORTHODOX).unwrap();
    assert!(!flat.in_check(Seat::B));
    assert!(cyl.in_check(Seat::B), "the rook on b4 attacks h4 through a4 and the joined edge");
}

#[test]
fn cylinder_castling_may_not_pass_a_cell_attacked_round_the_edge() {
    // Castling keeps its orthodox squares; attacks that wrap round count like any other.
    let fen = "r3k2r/8/8/1b6/8/8/4P3/R3K2R w KQkq - 0 1";
    let flat = legal(&game(GameId::Chess, Wrap::Flat, fen));
    let cyl = legal(&game(GameId::CylinderChess, Wrap::Cylinder, fen));
    assert!(flat.contains("e1g1") && flat.contains("e1c1"));
    assert!(!cyl.contains("e1g1"), "f1 is attacked by b5 through a4-h3-g2");
    assert!(cyl.contains("e1c1"));
}

// ---- Shadow Chess ---------------------------------------------------------------------------

#[test]
fn shadows_in_the_starting_position() {
    // "Thus in standard starting positions, half the pawns cast shadows two spaces forward. The
    // other half cast shadows only one space forward, where they intersect the shadows of the
    // knights, which also cast shadows to those same spaces."
    let p = shadow_pos(variant_rules::chess::START_FEN);
    for (pawn, expected) in [
        ("a2", &["a3"][..]),
        ("b2", &["b3", "b4"]),
        ("c2", &["c3"]),
        ("d2", &["d3", "d4"]),
        ("e2", &["e3", "e4"]),
        ("f2", &["f3"]),
        ("g2", &["g3", "g4"]),
        ("h2", &["h3"]),
    ] {
        assert_eq!(shadow_of(&p, pawn), set(expected), "{pawn}");
    }
    assert_eq!(shadow_of(&p, "b1"), set(&["a3", "c3"]));
}

#[test]
fn a_shadow_ends_where_it_meets_another_shadow_of_its_side() {
    // "the White Bishop's shadow ends at Black's K3 where it first intersects with the Knight
    // shadow." (Here: a bishop on a2 and a knight on f4 meet on d5.)
    let p = shadow_pos("k7/8/8/8/5N2/8/B7/7K w - - 0 1");
    assert_eq!(shadow_of(&p, "a2"), set(&["b1", "b3", "c4", "d5"]));
}

#[test]
fn moving_from_outside_a_shadow_into_it_captures() {
    // "pieces may also capture by moving from outside an opposing piece's shadow into it at any
    // point." A black bishop on c8 shadows b7, a6 and d7, e6, f5 up to White's bishop on g4:
    // "White may thus capture Black's Bishop with his or her Knight at any one of four spaces
    // ... with the pawn ..., or directly with the Bishop as in standard Chess."
    let g = game(GameId::ShadowChess, Wrap::Flat, "2b4k/8/8/2NPP3/6B1/8/8/7K w - - 0 1");
    let captures: BTreeSet<String> = legal(&g).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(captures, set(&["c5a6xc8", "c5b7xc8", "c5d7xc8", "c5e6xc8", "d5e6xc8"]));
    assert!(legal(&g).contains("g4c8"), "the ordinary capture stays");
    // "White may not, however take with the Bishop at any point on the diagonal between the two
    // Bishops, because the White Bishop is already in the Black Bishop's shadow."
    assert!(legal(&g).contains("g4f5") && !legal(&g).iter().any(|m| m.starts_with("g4") && m.contains('x')));
    // "although it could move from outside the shadow into it by advancing one space, it would
    // not capture the Bishop because this is not the pawn's normal capturing move."
    assert!(legal(&g).contains("e5e6") && !legal(&g).contains("e5e6xc8"));
    // A shadow capture removes the victim and lands on the chosen cell.
    let mut g = g;
    g.play("c5e6xc8").unwrap();
    assert_eq!(g.position().to_text().split(' ').next().unwrap(), "7k/8/4N3/3PP3/6B1/8/8/7K");
}

#[test]
fn one_move_captures_one_piece_and_only_from_outside_its_shadow() {
    // "If a Black Rook were at Black's QN3, it could capture either the Knight or the Bishop at
    // K3, but not both. From QR3, a Black Rook could capture the Bishop at K3, but not the
    // Knight, for it was in the Knight's shadow to start with." (Here with colours swapped:
    // a black bishop a7 and knight f5 both shadow d4.)
    let outside = game(GameId::ShadowChess, Wrap::Flat, "7k/b7/8/5n2/8/8/8/K2R4 w - - 0 1");
    assert_eq!(from(&outside, "d1d4"), set(&["d1d4", "d1d4xa7", "d1d4xf5"]));
    let inside = game(GameId::ShadowChess, Wrap::Flat, "7k/b7/3R4/5n2/8/8/8/K7 w - - 0 1");
    assert_eq!(from(&inside, "d6d4"), set(&["d6d4", "d6d4xa7"]), "Moving out of and back into a shadow does not capture.");
}

#[test]
fn shadow_check_and_interposition() {
    // "A King is in check when an opposing piece is trained directly on it, or on its shadow."
    // "White's only escape from check is to interpose the Rook, for if s/he moves the King its
    // shadow is still in check." The black rook on b8 is trained on b1 and b2, the white king's
    // shadow; the knight on d7 cuts the rook's own shadow short at b6.
    let with_knight = game(GameId::ShadowChess, Wrap::Flat, "1r5k/3n4/2p5/8/2R5/8/8/K7 w - - 0 1");
    let variant_rules::AnyPosition::Chess(p) = with_knight.position() else { unreachable!() };
    assert!(p.in_check(Seat::A) && !p.is_attacked(p.topology().parse_cell("a1").unwrap(), Seat::B), "in check only through the shadow");
    assert_eq!(legal(&with_knight), set(&["c4b4"]));
    // "If Black's Knight were not on the board, White would capture the Rook either at the
    // point of interposition ..." — and, the king being a piece too, it may itself step from
    // outside the rook's shadow into it on b1 or b2, taking the rook.
    let without = game(GameId::ShadowChess, Wrap::Flat, "1r5k/8/2p5/8/2R5/8/8/K7 w - - 0 1");
    assert_eq!(legal(&without), set(&["c4b4", "c4b4xb8", "a1b1xb8", "a1b2xb8"]));
}

#[test]
fn kings_keep_three_apart_in_shadow_chess() {
    // Ruling: the king is a piece, so it too captures by entering a shadow; two kings two
    // cells apart would check each other through a shared neighbour.
    let fen = "8/8/8/8/3k4/8/8/K7 w - - 0 1";
    assert!(legal(&game(GameId::Chess, Wrap::Flat, fen)).contains("a1b2"));
    assert!(!legal(&game(GameId::ShadowChess, Wrap::Flat, fen)).contains("a1b2"));
}

#[test]
fn cylindrical_shadow_chess_wraps_shadows() {
    // "One may also play Cylindrical Shadow Chess." A black rook on h4 shadows a4 round the
    // edge; on a flat board the pawn on e4 ends that shadow first.
    let fen = "7k/8/8/8/4P2r/8/1N6/K7 w - - 0 1";
    let g = game(GameId::ShadowChess, Wrap::Cylinder, fen);
    assert!(legal(&g).contains("b2a4xh4"), "{:?}", legal(&g));
    let flat = game(GameId::ShadowChess, Wrap::Flat, fen);
    assert!(!legal(&flat).contains("b2a4xh4"));
}

// ---- draws ----------------------------------------------------------------------------------

#[test]
fn threefold_repetition_draws() {
    let mut g = Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), None).unwrap();
    for m in "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1".split(' ') {
        g.play(m).unwrap();
        assert_eq!(g.outcome(), None);
    }
    g.play("f6g8").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::ThreefoldRepetition)));
    assert!(g.play("e2e4").is_err(), "no move after the end");
    g.undo();
    assert_eq!(g.outcome(), None, "undo reopens the game");
}

#[test]
fn fifty_move_rule_and_insufficient_material() {
    let mut g = game(GameId::Chess, Wrap::Flat, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    g.play("a1a2").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::FiftyMoveRule)));
    let kb = game(GameId::Chess, Wrap::Flat, "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    assert_eq!(kb.outcome(), Some(Outcome::draw(Reason::InsufficientMaterial)));
    let shadow = game(GameId::ShadowChess, Wrap::Flat, "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    assert_eq!(shadow.outcome(), None, "a shadow-checking bishop is not dead material");
}

#[test]
fn checkmate_names_the_winner() {
    let mut g = Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), None).unwrap();
    for m in "f2f3 e7e5 g2g4 d8h4".split(' ') {
        g.play(m).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::win(Seat(1), Reason::Checkmate)));
}

#[test]
fn checkers_move_limit_draws() {
    let mut g =
        Game::new(GameId::Checkers, GameOptions { move_limit: 4, ..GameOptions::default_for(GameId::Checkers) }, Some("7B/8/8/8/8/8/8/A7 a 0")).unwrap();
    for m in ["a1-b2", "h8-g7", "b2-a1"] {
        g.play(m).unwrap();
        assert_eq!(g.outcome(), None);
    }
    g.play("g7-h8").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::MoveLimit)));
}

#[test]
fn positions_are_cheap_to_clone_and_undo_restores() {
    let mut p = ChessPosition::start(Wrap::Flat, ChessRules::ORTHODOX);
    let before = (p.fen(), p.hash());
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    for m in moves {
        let u = p.play_unchecked(m);
        p.undo(m, u);
        assert_eq!((p.fen(), p.hash()), before);
    }
    assert!(std::mem::size_of::<ChessPosition>() <= 256, "no heap, a few hundred bytes");
}

#[test]
fn castling_exists_only_where_the_king_lands_between_king_and_rook() {
    // Rulings K9: on four and five files the king's two-file move would reach or pass the rook.
    for fen in ["k3/4/4/2KR w K - 0 1", "2k2/5/5/5/R1K1R w KQ - 0 1", "3k2/6/6/6/6/3K1R w K - 0 1"] {
        let err = Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), Some(fen)).unwrap_err();
        assert!(err.contains("impossible") && !err.contains('\n'), "{fen}: {err}");
    }
    // Six files: the queen side fits (king d1 to b1, rook a1 to c1).
    let mut g = Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), Some("3k2/6/6/6/6/R2K2 w Q - 0 1")).unwrap();
    g.play("d1b1").unwrap();
    assert_eq!(g.position().to_text().split(' ').next().unwrap(), "3k2/6/6/6/6/1KR3");
}

#[test]
fn castling_on_the_cylinder_may_not_land_in_check_round_the_joined_edge() {
    // Rulings K2: castling keeps its orthodox conditions. After e8g8 the rook has left h8, and
    // the queen on c8 sees g8 round the joined edge (b8, a8, h8): castling would land in check.
    let opts = GameOptions { topology: variant_rules::Wrap::Cylinder, ..GameOptions::default_for(GameId::CylinderChess) };
    let g = Game::new(GameId::CylinderChess, opts, Some("2Qqk2r/1p3pp1/r1n3bn/p1bpp2p/2P4P/P4P2/RP1PP1P1/RNBK1BN1 b k - 4 15")).unwrap();
    let p = g.position();
    let moves: Vec<String> = p.legal_move_list().into_iter().map(|m| p.move_text(m)).collect();
    assert!(!moves.contains(&"e8g8".to_string()), "{moves:?}");
    assert!(moves.contains(&"e8f8".to_string()));
}
