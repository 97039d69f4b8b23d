//! Chec Toe rule scenarios, each quoting the sentence of `chec-toe.txt` (or the ruling in
//! `docs/rulings.md`) it checks.

mod common;

use std::collections::BTreeSet;

use common::{legal_set as legal, play_all, set};

use variant_rules::chectoe::to_ascii;
use variant_rules::{AnyPosition, Game, GameId, GameOptions, MoveError, Outcome};

fn game(position: Option<&str>) -> Game {
    Game::new(GameId::ChecToe, GameOptions::default_for(GameId::ChecToe), position).unwrap()
}

/// Legal moves other than the drops, `reroll` and `pass`.
fn moves_on_board(g: &Game) -> BTreeSet<String> {
    legal(g).into_iter().filter(|m| !m.ends_with('⌄') && m != "pass" && m != "reroll").collect()
}

fn hand(g: &Game, player: u8) -> u8 {
    match g.position() {
        AnyPosition::ChecToe(p) => p.hand(player),
        _ => unreachable!(),
    }
}

#[test]
fn the_board_starts_empty_and_the_die_names_the_piece() {
    // "The entire board is empty at the beginning of play." / "ONLY the piece shown on the die
    // may be dropped or moved. Values '1,2,3,4' represent 'P,N,B,R'."
    let mut g = game(None);
    assert_eq!(g.position().to_text(), "4/4/4/4 w");
    assert_eq!(legal(&g), set(&["[1]", "[2]", "[3]", "[4]", "[5]", "[6]"]));
    play_all(&mut g, "[3]");
    let l = legal(&g);
    assert_eq!(l.len(), 16 + 2, "a bishop onto any of 16 squares, reroll, pass");
    assert!(l.iter().filter(|m| m.ends_with('⌄')).all(|m| m.starts_with('B')));
    play_all(&mut g, "Bb2⌄");
    assert_eq!(g.position().to_text(), "4/4/1B2/4 b turns:1");
    assert_eq!(hand(&g, 0), 0b10110, "pawn, knight and rook still in hand");
}

#[test]
fn drops_go_to_vacant_squares_and_end_the_turn() {
    // "pieces may only be dropped to vacant squares." / "Droped pieces count as a complete turn."
    let mut g = game(Some("4/4/4/1B2 b"));
    play_all(&mut g, "[4]");
    assert!(!legal(&g).contains("Rb1⌄"), "b1 holds White's bishop");
    assert!(matches!(g.clone().play("Rb1v"), Err(MoveError::Illegal(_))));
    play_all(&mut g, "Ra4v");
    assert_eq!(g.position().turn(), 0, "the drop was the whole turn");
}

#[test]
fn captured_pieces_return_to_their_owners_hand() {
    // "when a piece is captured it does not remain off the board, but is returned to the
    // Opponent who may 'drop' it back onto any square of the board in a following turn."
    let mut g = game(Some("r3/4/4/R3 w"));
    play_all(&mut g, "[4] RxR");
    assert_eq!(g.position().to_text(), "R3/4/4/4 b turns:1");
    assert_eq!(hand(&g, 1), 0b11110);
    play_all(&mut g, "[4]");
    assert!(legal(&g).contains("Rb4⌄"), "Black may drop the rook again");
}

#[test]
fn pawns_step_orthogonally_any_way_and_capture_diagonally_forward() {
    // "Pawns move ONE square orthogonally in ANY direction, BUT capture ONE square diagonally
    // TOWARDS the Opponent."
    let mut g = game(Some("4/n1b1/1P2/r3 w"));
    play_all(&mut g, "[1]");
    assert_eq!(moves_on_board(&g), set(&["Pb1", "Pa2", "Pc2", "Pb3", "PxN", "PxB"]));
    // Black's pawn captures towards White (down the board) only.
    let mut g = game(Some("4/1p2/N1B1/4 b"));
    play_all(&mut g, "[1]");
    assert_eq!(moves_on_board(&g), set(&["Pa3", "Pc3", "Pb4", "Pb2", "PxN", "PxB"]));
    let mut g = game(Some("N1B1/1p2/4/4 b"));
    play_all(&mut g, "[1]");
    assert_eq!(moves_on_board(&g), set(&["Pa3", "Pc3", "Pb2", "Pb4"]), "no capture backwards");
}

#[test]
fn a_five_moves_any_piece_as_a_wizard_or_drops_any() {
    // "a White Pawn residing on b2 may thence move like a Wizard to a1, a3, c1 or c3. However
    // it MAY NOT move orthogonally" / "a Black Rook residing on c4 may thence move like a
    // Wizard to b3, d3, b1 or d1."
    let mut g = game(Some("4/4/1P2/4 w"));
    play_all(&mut g, "[5]");
    assert_eq!(moves_on_board(&g), set(&["Pa1°", "Pa3°", "Pc1°", "Pc3°"]));
    assert_eq!(legal(&g).iter().filter(|m| m.ends_with('⌄')).count(), 3 * 15, "knight, bishop, rook onto 15 squares");
    let mut g = game(Some("2r1/4/4/4 b"));
    play_all(&mut g, "[5]");
    assert_eq!(moves_on_board(&g), set(&["Rb3°", "Rd3°", "Rb1°", "Rd1°"]));
    // The Wizard's long leap: "an elongated Knight, 3,1".
    let mut g = game(Some("4/4/4/R3 w"));
    play_all(&mut g, "[5]");
    assert_eq!(moves_on_board(&g), set(&["Rb2°", "Rd2°", "Rb4°"]));
}

#[test]
fn a_first_six_is_void_a_second_frees_every_piece_a_third_is_the_apocalypse() {
    // "A value of '6' is void and REQUIRES a re-roll, BUT if SIX is rolled AGAIN, then ANY
    // piece may be moved or dropped."
    let mut g = game(Some("n3/4/4/R2b w"));
    play_all(&mut g, "[6]");
    assert_eq!(legal(&g), set(&["[1]", "[2]", "[3]", "[4]", "[5]", "[6]"]));
    assert!(matches!(g.clone().play("Ra2"), Err(MoveError::Illegal(why)) if why.contains("re-roll")));
    play_all(&mut g, "[6]");
    let l = legal(&g);
    assert!(l.contains("Ra2") && l.contains("RxB") && l.contains("RxN") && l.contains("Pb2⌄") && l.contains("Nb2⌄"));
    // "If the value of '6' is rolled THRICE in a row, then ALL OPPONENT PIECES ARE REMOVED"
    let mut apocalypse = g.clone();
    play_all(&mut apocalypse, "reroll [6]");
    assert_eq!(legal(&apocalypse), set(&["666"]));
    play_all(&mut apocalypse, "666");
    assert_eq!(apocalypse.position().to_text(), "4/4/4/R3 b turns:1");
    assert_eq!(hand(&apocalypse, 1), 0b11110);
    // "should the THIRD roll FAIL to produce a '6' thence play MUST resume in accordance with
    // the NEW given value" (normally: the Rook captures as a rook).
    let mut failed = g.clone();
    play_all(&mut failed, "reroll [4]");
    assert!(legal(&failed).contains("RxB"));
    assert!(!legal(&failed).contains("reroll"), "the try for a third six was the last roll");
}

#[test]
fn after_a_voluntary_reroll_a_piece_moves_as_a_checker() {
    // "Players MAY Re-Roll at ANY time, BUT unless dropped, the next piece given (1-4) MUST
    // move WITHOUT CAPTURE like a CHECKER." / "MUST move TWO squares WITHOUT CAPTURING and MUST
    // JUMP the NEAREST square, in ANY direction."
    let mut g = game(Some("4/4/1b2/R3 w"));
    play_all(&mut g, "[2] reroll [4]");
    assert_eq!(moves_on_board(&g), set(&["Ra3⌃", "Rc1⌃", "Rc3⌃"]), "two squares, over occupied or empty, no capture");
    assert!(!legal(&g).iter().any(|m| m.ends_with('⌄')), "the rook is on the board, nothing to drop");
    assert!(!legal(&g).contains("reroll"), "one voluntary re-roll a turn");
    // "If the values of '5' or '6' is next given, play continues NORMALLY"
    let mut five = game(Some("4/4/1b2/R3 w"));
    play_all(&mut five, "[2] reroll [5]");
    assert!(legal(&five).contains("RxB°"), "a Wizard captures as usual");
    // "Herewith it is possible to roll FOUR times in any turn": re-roll, 6, 6, and the try.
    let mut four = game(Some("4/4/1b2/R3 w"));
    play_all(&mut four, "[2] reroll [6] [6] reroll [3]");
    assert_eq!(four.moves().filter(|m| m.starts_with('[')).count(), 4);
    assert!(legal(&four).contains("Bc2⌄"));
    assert!(!legal(&four).contains("reroll"));
}

#[test]
fn a_toe_wins_only_if_the_opponent_cannot_break_it() {
    // "A declared 'Toe' ONLY stands as victory if the Opponent cannot capture next move." /
    // "CHEC: To capture a piece from your Opponent's Toe, thus deeming it void."
    let toe = "4/4/4/PNB1 w";
    let mut g = game(Some(toe));
    play_all(&mut g, "[4] Rd1⌄");
    assert_eq!(g.outcome(), None, "Black still has a turn to answer");
    let mut missed = g.clone();
    play_all(&mut missed, "[3] pass");
    assert_eq!(missed.outcome(), Some(Outcome::win(0, "Toe")));
    // Chec: Black's rook captures a piece of the line and play goes on.
    let mut g = game(Some("r3/4/4/PNB1 w"));
    play_all(&mut g, "[4] Rd1⌄ [4] RxP");
    assert_eq!(g.outcome(), None, "Chec: the Toe is void");
    assert_eq!(hand(&g, 0), 0b00010, "the pawn went back to White's hand");
}

#[test]
fn a_player_may_pass_whenever_the_die_has_been_rolled() {
    // "If a player CANNOT or DOES NOT wish to MOVE, thence the turn is merely notated with a
    // long blank line"
    let mut g = game(None);
    assert!(matches!(g.clone().play("pass"), Err(MoveError::Illegal(why)) if why.contains("roll")));
    play_all(&mut g, "[1] pass");
    assert_eq!(g.position().turn(), 1);
}

#[test]
fn notation_follows_the_text_with_ascii_alternatives() {
    // "a Rook being dropped onto a4 would be written Ra4⌄ ... as Checker into a4 ... Ra4⌃ ...
    // as Wizard into a4 ... Ra4°." / "Players can use "K" if they really desire."
    assert_eq!(to_ascii("Ra4⌄ Ra4⌃ Ra4° 666"), "Ra4v Ra4^ Ra4* 666");
    let mut g = game(Some("4/4/4/1N2 w"));
    play_all(&mut g, "[2] Kc3");
    assert_eq!(g.moves().last(), Some("Nc3"));
    let mut g = game(Some("4/2b1/4/1N2 w"));
    play_all(&mut g, "[2] Nxc3");
    assert_eq!(g.moves().last(), Some("NxB"), "a capture written by square is recorded by piece");
    let mut g = game(Some("4/4/4/1N2 w"));
    play_all(&mut g, "[5] Nc2*");
    assert_eq!(g.moves().last(), Some("Nc2°"));
    assert!(matches!(game(None).play("Zz9"), Err(MoveError::Malformed(_))));
    assert!(matches!(game(None).play("[7]"), Err(MoveError::Malformed(_))));
}

#[test]
fn malformed_positions_are_refused_with_a_reason() {
    for (text, why) in [
        ("4/4/4 w", "4 ranks"),
        ("4/4/4/RR2 w", "one rook"),
        ("4/4/4/4 x", "side to roll"),
        ("4/4/4/Q3 w", "unknown piece"),
        ("4/4/4/4 w [6]", "second six"),
        ("4/4/4/5 w", "4 squares"),
    ] {
        let err = Game::new(GameId::ChecToe, GameOptions::default_for(GameId::ChecToe), Some(text)).unwrap_err();
        assert!(err.contains(why), "{text}: {err}");
    }
}
