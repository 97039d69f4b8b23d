//! Toe-to-Toe Chess rule scenarios, each quoting the sentence of `toe-to-toe-chess.txt` (or the
//! ruling in `docs/rulings.md`) it checks.

use variant_rules::toetoe::DeployGroups;
use variant_rules::{Game, GameId, GameOptions, MoveError, Outcome, Position, Reason, Seat, Seating};

fn opts() -> GameOptions {
    GameOptions::default_for(GameId::ToeToe)
}

fn game(position: Option<&str>) -> Game {
    Game::new(GameId::ToeToe, opts(), position).unwrap()
}

fn legal(g: &Game) -> Vec<String> {
    let p = g.position();
    p.legal_move_list().into_iter().map(|m| p.move_text(m)).collect()
}

/// A full deployment: kings on d2/d7, generals e3/e6, chariots, horses and elephants behind.
const DEPLOY: &str = "K@d2 G@e3 k@d7 g@e6 R@a1 R@h1 r@a8 r@h8 N@b1 N@g1 n@b8 n@g8 E@c2 E@f2 e@c7 e@f7";

fn play_all(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e} in {}", g.position().to_text()));
    }
}

/// A regular-play position (setup plies all done).
fn in_play(ranks: &str, side: &str) -> Game {
    game(Some(&format!("{ranks} {side} - - 22 0")))
}

#[test]
fn pawns_start_face_to_face_and_pieces_wait_off_board() {
    // "The Pawn lines start at right in front of each other" (ruling T1: ranks 4 and 5);
    // "there is a King, a General, two Chariots, two Horses and two Elephants off-board".
    let g = game(None);
    assert_eq!(g.position().to_text(), "8/8/8/pppppppp/PPPPPPPP/8/8/8 w KGRRNNEEkgrrnnee - 0 0");
}

#[test]
fn deployment_goes_behind_the_own_pawns_in_groups() {
    // "Initial deployment for white is to the spaces below the white Pawns." (T1: ranks 1-3)
    let mut g = game(None);
    let first = legal(&g);
    assert_eq!(first.len(), 5 * 24, "five kinds onto 24 squares");
    assert!(first.contains(&"K@c3".to_string()) && !first.contains(&"K@c4".to_string()));
    assert!(matches!(g.clone().play("K@e6"), Err(MoveError::Illegal(_))));
    // "Pieces are deployed several at a time" (T2: groups of two by default): White places
    // twice, then Black twice.
    play_all(&mut g, "K@d2");
    assert_eq!(g.position().turn(), Seat(0), "White places the second piece of its group");
    play_all(&mut g, "G@e3");
    assert_eq!(g.position().turn(), Seat(1));
    assert!(legal(&g).iter().all(|m| m.contains('@')));
    assert!(legal(&g).contains(&"K@d7".to_string()) && !legal(&g).contains(&"K@d3".to_string()));
    // A drop goes to an empty square only.
    assert!(g.clone().play("K@e6").is_ok());
    // Group sizes are an option.
    let mut o = opts();
    o.deploy_groups = "1,3,4".parse::<DeployGroups>().unwrap();
    let mut g = Game::new(GameId::ToeToe, o, None).unwrap();
    play_all(&mut g, "K@d2");
    assert_eq!(g.position().turn(), Seat(1), "a group of one");
    assert!("3,3".parse::<DeployGroups>().is_err(), "groups must add up to eight");
}

#[test]
fn three_swaps_each_then_white_moves_first() {
    // "white makes a swap move, then black ... the white makes a final swap move, then black
    // makes a final swap move. ... After the last swap move by black, white makes the first
    // regular move."
    let mut g = game(None);
    play_all(&mut g, DEPLOY);
    let mut side = Seat::A;
    for swap in ["a1~h1", "a8~h8", "b1~g1", "b8~g8", "c2~f2", "c7~f7"] {
        assert_eq!(g.position().turn(), side, "the sides alternate");
        side = Seating::TWO.next(side);
        assert!(legal(&g).iter().all(|m| m.contains('~')), "only swaps in the swap phase");
        play_all(&mut g, swap);
    }
    assert_eq!(g.position().turn(), Seat(0));
    assert!(legal(&g).iter().all(|m| !m.contains('~') && !m.contains('@')));
    assert!(legal(&g).contains(&"a1a3".to_string()));
}

#[test]
fn swapping_two_of_a_kind_is_a_pass_and_pawns_can_be_swapped() {
    // "A swap move consists of a player swapping the locations of any two of their pieces,
    // including their Pawns. A player may effectively pass a swap move by swapping two pieces
    // of the same type."
    let mut g = game(None);
    play_all(&mut g, DEPLOY);
    let before = g.position().to_text();
    play_all(&mut g, "a1~h1");
    let after = g.position().to_text();
    assert_eq!(before.split(' ').next(), after.split(' ').next(), "the board is unchanged");
    assert_ne!(before, after, "but the swap counted");
    // Either order names the same swap; a pawn may change places with a piece.
    play_all(&mut g, "e5~e6");
    assert!(g.position().to_text().starts_with("rn4nr/2ek1e2/4p3/ppppgppp/"), "{}", g.position().to_text());
}

#[test]
fn pawns_leap_over_the_piece_in_front_but_never_double_step() {
    // "if there is a piece in front of it (belonging to either side), and there is an empty
    // space immeadiately past that piece, the Pawn may make an non-capturing jump to that
    // empty space." ... "there is no double-move or en-passant"
    let g = in_play("4k3/8/8/4p3/4P3/8/P7/1P2K3", "w");
    let m = legal(&g);
    assert!(m.contains(&"e4e6".to_string()), "over the enemy pawn: {m:?}");
    assert!(!m.contains(&"e4e5".to_string()));
    assert!(m.contains(&"a2a3".to_string()) && !m.contains(&"a2a4".to_string()), "no double step");
    let g = in_play("4k3/8/4p3/4p3/4P3/8/8/4K3", "w");
    assert!(!legal(&g).contains(&"e4e6".to_string()), "the square past it must be empty");
    let g = in_play("4k3/8/8/8/8/1P6/1P6/4K3", "w");
    assert!(legal(&g).contains(&"b2b4".to_string()), "over a piece of its own side too");
}

#[test]
fn chariots_go_at_most_four_squares_and_generals_two() {
    // "limited to moving at most four squares at a time"
    let g = in_play("4k3/8/8/8/8/8/8/R3K3", "w");
    let m = legal(&g);
    assert!(m.contains(&"a1a5".to_string()) && !m.contains(&"a1a6".to_string()));
    // "The general slides one or two spaces diagonally or orthogonally"
    let g = in_play("4k3/8/8/8/3G4/8/8/4K3", "w");
    let m = legal(&g);
    for to in ["d6", "f6", "b4", "d5", "c3", "b2"] {
        assert!(m.contains(&format!("d4{to}")), "d4{to}: {m:?}");
    }
    for to in ["d7", "g7", "a4"] {
        assert!(!m.contains(&format!("d4{to}")), "d4{to}");
    }
    let g = in_play("4k3/8/8/3P4/3G4/8/8/4K3", "w");
    assert!(!legal(&g).contains(&"d4d6".to_string()), "a general slides: it cannot pass its own pawn");
}

#[test]
fn elephants_step_forward_or_diagonally() {
    // "The Elephant moves and captures one space forward or on any diagonal"
    let g = in_play("4k3/8/8/8/3E4/8/8/4K3", "w");
    let mut m: Vec<String> = legal(&g).into_iter().filter(|m| m.starts_with("d4")).collect();
    m.sort();
    assert_eq!(m, ["d4c3", "d4c5", "d4d5", "d4e3", "d4e5"]);
    let g = in_play("4k3/8/8/3e4/8/8/8/4K3", "b");
    let mut m: Vec<String> = legal(&g).into_iter().filter(|m| m.starts_with("d5")).collect();
    m.sort();
    assert_eq!(m, ["d5c4", "d5c6", "d5d4", "d5e4", "d5e6"], "Black's forward is down the board");
}

#[test]
fn promotion_is_a_move_of_its_own_to_a_captured_piece() {
    // "Pawns can promote when on the last rank to any previously captured piece, but it does
    // not happen automatically. Rather, promotion is itself a move" (T5: the player's own
    // captured pieces).
    let mut g = game(Some("2k5/4P3/8/8/8/8/8/4K3 w - GN 22 0"));
    play_all(&mut g, "e7e8");
    assert!(g.position().to_text().starts_with("2k1P3/"), "reaching the last rank does not promote");
    play_all(&mut g, "c8b7");
    let m = legal(&g);
    assert!(m.contains(&"e8=G".to_string()) && m.contains(&"e8=N".to_string()));
    assert!(!m.contains(&"e8=R".to_string()), "no chariot was captured");
    play_all(&mut g, "e8=G");
    assert!(g.position().to_text().starts_with("4G3/"));
    assert!(g.position().to_text().contains(" - N "), "the general came back from the captured pieces: {}", g.position().to_text());
    let g = game(Some("2k5/4P3/8/8/8/8/8/4K3 w - - 22 0"));
    assert!(legal(&g).iter().all(|m| !m.contains('=')), "nothing captured, nothing to promote to");
}

#[test]
fn a_move_that_stalemates_is_illegal() {
    // "Like in Sittuyin, a move that causes stalemate is illegal."
    let g = in_play("k7/2K5/8/4N3/8/8/8/8", "w");
    let m = legal(&g);
    assert!(!m.contains(&"e5c6".to_string()), "Nc6 would leave Black no move");
    assert!(m.contains(&"e5d7".to_string()));
    match g.clone().play("e5c6") {
        Err(MoveError::Illegal(why)) => assert!(why.contains("stalemate"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn checkmate_wins_and_the_king_may_not_be_left_in_check() {
    // "The goal of Toe-to-Toe Chess is to checkmate the opposing King."
    let mut g = in_play("k7/8/1K6/8/4R3/8/8/8", "w");
    match g.clone().play("b6b7") {
        Err(MoveError::Illegal(why)) => assert!(why.contains("the King would be in check on b7"), "{why}"),
        other => panic!("kings may not touch: {other:?}"),
    }
    // The chariot on e8 checks a8 from four squares away; from five it would not.
    play_all(&mut g, "e4e8");
    assert_eq!(g.outcome(), Some(Outcome::win(Seat(0), Reason::Checkmate)));
    let g = in_play("k7/8/1K6/8/8/8/8/5R2", "w");
    assert!(!legal(&g).contains(&"f1f8".to_string()));
}

#[test]
fn bad_positions_and_moves_are_refused_with_reasons() {
    for (text, why) in [
        ("8/8/8/8/8/8/8/8 w - - 22 0", "kings"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 99 0", "setup plies"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 22", "6 fields"),
        ("4k3/8/8/8/8/8/8/4X3 w - - 22 0", "not a Toe-to-Toe piece"),
        ("8/8/8/pppppppp/PPPPPPPP/8/8/8 b KGRRNNEEkgrrnnee - 0 0", "White's"),
    ] {
        let e = Game::new(GameId::ToeToe, opts(), Some(text)).unwrap_err();
        assert!(e.contains(why), "{text}: {e}");
    }
    let g = game(None);
    for (m, malformed) in [("Q@d2", true), ("K@z9", true), ("e2", true), ("K@d5", false), ("e4e5", false)] {
        let r = g.clone().play(m);
        assert_eq!(matches!(r, Err(MoveError::Malformed(_))), malformed, "{m}: {r:?}");
        assert!(r.is_err());
    }
}
