//! Chec Toe rule scenarios, each quoting the sentence of `chec-toe.txt` (or the ruling in
//! `docs/rulings.md`) it checks.

mod common;

use std::collections::BTreeSet;

use common::{legal_set as legal, play_all, set};

use variant_rules::chectoe::{ChecToePosition, to_ascii};
use variant_rules::{AnyPosition, Game, GameId, GameOptions, MoveError, Outcome, Position, Reason, Seat};

fn game(position: Option<&str>) -> Game {
    Game::new(GameId::ChecToe, GameOptions::default_for(GameId::ChecToe), position).unwrap()
}

/// Legal moves other than the drops, `reroll` and `pass`.
fn moves_on_board(g: &Game) -> BTreeSet<String> {
    legal(g).into_iter().filter(|m| !m.ends_with('⌄') && m != "pass" && m != "reroll").collect()
}

fn hand(g: &Game, player: Seat) -> u8 {
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
    assert_eq!(hand(&g, Seat(0)), 0b10110, "pawn, knight and rook still in hand");
}

#[test]
fn drops_go_to_vacant_squares_and_end_the_turn() {
    // "pieces may only be dropped to vacant squares." / "Droped pieces count as a complete turn."
    let mut g = game(Some("4/4/4/1B2 b"));
    play_all(&mut g, "[4]");
    assert!(!legal(&g).contains("Rb1⌄"), "b1 holds White's bishop");
    assert!(matches!(g.clone().play("Rb1v"), Err(MoveError::Illegal(_))));
    play_all(&mut g, "Ra4v");
    assert_eq!(g.position().turn(), Seat(0), "the drop was the whole turn");
}

#[test]
fn captured_pieces_return_to_their_owners_hand() {
    // "when a piece is captured it does not remain off the board, but is returned to the
    // Opponent who may 'drop' it back onto any square of the board in a following turn."
    let mut g = game(Some("r3/4/4/R3 w"));
    play_all(&mut g, "[4] RxR");
    assert_eq!(g.position().to_text(), "R3/4/4/4 b dropped:b turns:1");
    assert_eq!(hand(&g, Seat(1)), 0b11110);
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
    // (`dropped:b`: Black has dropped a piece before, so the game proper has begun.)
    let mut g = game(Some("4/4/1P2/4 w dropped:b"));
    play_all(&mut g, "[5]");
    assert_eq!(moves_on_board(&g), set(&["Pa1°", "Pa3°", "Pc1°", "Pc3°"]));
    assert_eq!(legal(&g).iter().filter(|m| m.ends_with('⌄')).count(), 3 * 15, "knight, bishop, rook onto 15 squares");
    let mut g = game(Some("2r1/4/4/4 b dropped:w"));
    play_all(&mut g, "[5]");
    assert_eq!(moves_on_board(&g), set(&["Rb3°", "Rd3°", "Rb1°", "Rd1°"]));
    // The Wizard's long leap: "an elongated Knight, 3,1".
    let mut g = game(Some("4/4/4/R3 w dropped:b"));
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
    assert_eq!(apocalypse.position().to_text(), "4/4/4/R3 b dropped:b turns:1", "Black has dropped, though nothing is left");
    assert_eq!(hand(&apocalypse, Seat(1)), 0b11110);
    // "should the THIRD roll FAIL to produce a '6' thence play MUST resume in accordance with
    // the NEW given value" (normally: the Rook captures as a rook).
    let mut failed = g.clone();
    play_all(&mut failed, "reroll [4]");
    assert!(legal(&failed).contains("RxB"));
    assert!(!legal(&failed).contains("reroll"), "the try for a third six was the last roll");
    // The first six's required re-roll was the turn's re-roll: no voluntary one follows it.
    let mut after_void = game(Some("n3/4/4/R2b w"));
    play_all(&mut after_void, "[6] [4]");
    assert!(!legal(&after_void).contains("reroll"));
    assert!(matches!(after_void.play("reroll"), Err(MoveError::Illegal(why)) if why.contains("required re-roll")));
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
    assert_eq!(missed.outcome(), Some(Outcome::win(Seat(0), Reason::Toe)));
    // Chec: Black's rook captures a piece of the line and play goes on.
    let mut g = game(Some("r3/4/4/PNB1 w"));
    play_all(&mut g, "[4] Rd1⌄ [4] RxP");
    assert_eq!(g.outcome(), None, "Chec: the Toe is void");
    assert_eq!(hand(&g, Seat(0)), 0b00010, "the pawn went back to White's hand");
}

#[test]
fn a_player_may_pass_whenever_the_die_has_been_rolled() {
    // "If a player CANNOT or DOES NOT wish to MOVE, thence the turn is merely notated with a
    // long blank line"
    let mut g = game(None);
    assert!(matches!(g.clone().play("pass"), Err(MoveError::Illegal(why)) if why.contains("roll")));
    play_all(&mut g, "[1] pass");
    assert_eq!(g.position().turn(), Seat(1));
}

#[test]
fn notation_follows_the_text_with_ascii_alternatives() {
    // "a Rook being dropped onto a4 would be written Ra4⌄ ... as Checker into a4 ... Ra4⌃ ...
    // as Wizard into a4 ... Ra4°." / "Players can use "K" if they really desire."
    assert_eq!(to_ascii("Ra4⌄ Ra4⌃ Ra4° 666"), "Ra4v Ra4^ Ra4* 666");
    let mut g = game(Some("4/4/4/1N2 w dropped:b"));
    play_all(&mut g, "[2] Kc3");
    assert_eq!(g.moves().last(), Some("Nc3"));
    let mut g = game(Some("4/2b1/4/1N2 w"));
    play_all(&mut g, "[2] Nxc3");
    assert_eq!(g.moves().last(), Some("NxB"), "a capture written by square is recorded by piece");
    let mut g = game(Some("4/4/4/1N2 w dropped:b"));
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
        ("4/4/4/4 w [5] [3]", "twice"),
        ("4/4/4/R3 w sixes:2 attempt", "both players have dropped"),
        ("4/4/4/4 w dropped:x", "dropped:w"),
    ] {
        let err = Game::new(GameId::ChecToe, GameOptions::default_for(GameId::ChecToe), Some(text)).unwrap_err();
        assert!(err.contains(why), "{text}: {err}");
    }
}

/// Every way the rolls of one turn can go from `g`: the `[N]` and `reroll` tokens up to each
/// point where an action (a drop, a move, `pass`, `666`) may end the turn.
fn roll_sequences(g: &Game, so_far: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut action = false;
    for m in legal(g) {
        if m.starts_with('[') || m == "reroll" {
            let mut next = g.clone();
            play_all(&mut next, &m);
            so_far.push(m);
            roll_sequences(&next, so_far, out);
            so_far.pop();
        } else {
            action = true;
        }
    }
    if action {
        out.push(so_far.clone());
    }
}

/// Whether a turn's tokens are `[1-5] reroll [6] [6] reroll [x]`.
fn is_the_four_roll_turn(turn: &[String]) -> bool {
    let first = ["[1]", "[2]", "[3]", "[4]", "[5]"];
    matches!(turn, [a, r1, s1, s2, r2, x] if first.contains(&a.as_str()) && r1 == "reroll"
        && s1 == "[6]" && s2 == "[6]" && r2 == "reroll" && x.starts_with('['))
}

#[test]
fn a_turn_rolls_at_most_four_times_and_only_in_the_sequence_the_text_names() {
    // "Herewith it is possible to roll FOUR times in any turn, but only IF: The first roll is
    // Re-Rolled, equalling TWO rolls, but this SECOND Re-Roll gives a '6', thus a REQUIRED
    // Re-Roll, whereby this THIRD roll giving '6' AGAIN and thus a FOURTH Re-Roll." / "A value
    // of '6' is void and REQUIRES a re-roll": that required re-roll is the turn's re-roll too
    // (rulings E4), so `[6] [3] reroll` is not open.
    // Pieces of both sides on the board, so that every option (moves, the try for a third six)
    // exists.
    let mut turns = Vec::new();
    roll_sequences(&game(Some("1N2/p3/2B1/3r b")), &mut Vec::new(), &mut turns);
    for turn in &turns {
        let rolls = turn.iter().filter(|t| t.starts_with('[')).count();
        assert!(rolls <= 4, "{turn:?} rolls {rolls} times");
        assert!(rolls < 4 || is_the_four_roll_turn(turn), "{turn:?}: four rolls, but not as the text allows them");
    }
    assert_eq!(turns.iter().filter(|t| is_the_four_roll_turn(t)).count(), 5 * 6, "[1-5] reroll [6] [6] reroll [1-6]");
    // Counted by hand: [a] 5; [a] reroll [b] 25; [a] reroll [6] [b] 25; [a] reroll [6] [6] 5;
    // [a] reroll [6] [6] reroll [c] 30 (a third 6 is the 666); [6] [b] 5; [6] [6] 1;
    // [6] [6] reroll [c] 6 (a, b from 1 to 5; c from 1 to 6).
    assert_eq!(turns.len(), 5 + 25 + 25 + 5 + 30 + 5 + 1 + 6);
}

#[test]
fn no_piece_moves_until_both_players_have_dropped_their_first() {
    // "Once both players have dropped their first piece, the game properly begins. Now whence
    // the Die is rolled, the allocated pieces may either move and capture, or be dropped freshly
    // onto the board." / "Since at the start there were no pieces on the board, a value of '5'
    // or a 'Re-Roll', would only mean a player could only drop."
    let mut g = game(None);
    play_all(&mut g, "[4] Ra1⌄ [3] pass");
    assert_eq!(g.position().to_text(), "4/4/4/R3 w turns:2", "the board says Black has not dropped");
    let mut rook = g.clone();
    play_all(&mut rook, "[4]");
    assert_eq!(legal(&rook), set(&["reroll", "pass"]), "the rook may not move yet, and is not in hand");
    assert!(matches!(rook.play("Ra2"), Err(MoveError::Illegal(why)) if why.contains("dropped their first piece")));
    let mut five = g.clone();
    play_all(&mut five, "[5]");
    assert!(moves_on_board(&five).is_empty(), "no Wizard before the game proper");
    assert_eq!(legal(&five).iter().filter(|m| m.ends_with('⌄')).count(), 3 * 15);
    let mut checker = g.clone();
    play_all(&mut checker, "[1] reroll [4]");
    assert_eq!(legal(&checker), set(&["pass"]), "no Checker before the game proper");
    // Two sixes: any piece dropped; the Apocalypse (and so the try for it) waits too (E10).
    let mut sixes = g.clone();
    play_all(&mut sixes, "[6] [6]");
    assert!(moves_on_board(&sixes).is_empty() && !legal(&sixes).contains("reroll"));
    // Passing stays open in the opening (E7): a pass is not a drop, the opening goes on.
    play_all(&mut g, "[2] pass [2] Nc3⌄");
    play_all(&mut g, "[4]");
    assert!(legal(&g).contains("Ra2") && legal(&g).contains("reroll"), "both have dropped: the game proper");
}

#[test]
fn a_player_whose_pieces_are_all_gone_has_still_dropped() {
    // "Once both players have dropped their first piece, the game properly begins." A 666 or
    // captures may empty a side, but that side has dropped: the text form says so (dropped:b).
    let mut g = game(Some("n3/4/4/R2b w"));
    play_all(&mut g, "[6] [6] reroll [6] 666");
    let text = g.position().to_text();
    assert_eq!(text, "4/4/4/R3 b dropped:b turns:1");
    let again = game(Some(&text));
    assert_eq!(again.position().to_text(), text);
    assert_eq!(again.position().hash(), g.position().hash(), "the same position, the same hash");
    play_all(&mut g, "[1] pass [4]");
    assert!(legal(&g).contains("Ra2"), "the game proper goes on");
    // The same board without the token is the opening: Black has never dropped.
    let opening = game(Some("4/4/4/R3 b turns:1"));
    assert_ne!(opening.position().hash(), again.position().hash());
    let mut opening = game(Some("4/4/4/R3 w"));
    play_all(&mut opening, "[4]");
    assert!(!legal(&opening).contains("Ra2"));
}

/// Checks that `p` reads back from its text as the same position: same text, hash and moves
/// (the move limit is an option of the game, not part of the text).
fn reads_back(p: &ChecToePosition, move_limit: u16) {
    let text = p.to_text();
    let q = ChecToePosition::from_text(&text, move_limit).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(q.to_text(), text);
    assert_eq!(q.hash(), p.hash(), "{text}: hash");
    let (mut a, mut b) = (Vec::new(), Vec::new());
    p.legal_moves(&mut a);
    q.legal_moves(&mut b);
    assert_eq!(a, b, "{text}: legal moves");
}

fn reads_back_to_depth(p: &mut ChecToePosition, depth: u32) {
    reads_back(p, 0);
    if depth == 0 {
        return;
    }
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    for m in moves {
        let u = p.play_unchecked(m);
        reads_back_to_depth(p, depth - 1);
        p.undo(m, u);
    }
}

#[test]
fn every_position_reads_back_from_its_text_with_the_same_hash() {
    // Every position four plies from these, and every position of some random games (which
    // reach captures, emptied sides and 666s).
    for text in ["4/4/4/4 w", "1N2/p3/2B1/3r b", "n3/4/4/R2b w", "4/4/4/R3 w dropped:b", "4/4/4/4 b dropped:wb"] {
        reads_back_to_depth(&mut ChecToePosition::from_text(text, 0).unwrap(), 4);
    }
    let mut opts = GameOptions::default_for(GameId::ChecToe);
    opts.move_limit = 300;
    for seed in 0..12 {
        common::random_game(GameId::ChecToe, opts, seed, 2000, |g: &Game| {
            let AnyPosition::ChecToe(p) = g.position() else { unreachable!() };
            reads_back(p, opts.move_limit);
        });
    }
}

#[test]
fn numbers_and_odd_characters_in_texts_are_errors_not_panics() {
    for text in [
        "9999999999/4/4/4 w",
        "99999999999999999999999999999/4/4/4 w",
        "22222/4/4/4 w",
        "04/4/4/4 w",
        "1R9/4/4/4 w",
        "é/4/4/4 w",
        "4/4/4/4 é",
        "4/4/4/4 w turns:99999999999",
        "4/4/4/4 w turns:-1",
        "4/4/4/4 w sixes:99999",
        "4/4/4/4 w [99999999999]",
        "4/4/4/4 w [+5]",
        "4/4/4/4 w [°]",
        "4/4/4/4 w dropped:é",
        "4/4/4/4 w [5] [5]",
        "4/4/4/4 w 666 sixes:2",
        "4/4/4/4 w sixes:1 [5]",
        "4/4/4/4 w rerolled",
        "4/4/4/4 w checker",
        "R3/4/4/4 w sixes:2 attempt",
        "R3/4/4/4 w 666",
    ] {
        assert!(ChecToePosition::from_text(text, 0).is_err(), "{text} was accepted");
    }
    let err = ChecToePosition::from_text("9999999999/4/4/4 w", 0).unwrap_err();
    assert!(err.contains("longer than 4 squares"), "{err}");
    // The same states are fine where play can reach them.
    for text in ["R3/4/4/r3 w sixes:2 attempt", "R3/4/4/4 w dropped:b 666", "4/4/4/4 w sixes:1", "13/4/4/4 w turns:65535"] {
        assert!(ChecToePosition::from_text(text, 0).is_ok(), "{text} was refused");
    }
    // Moves: multi-byte characters anywhere, in every kind of state.
    let odd = ["Kx", "KxK", "x", "°", "K°x", "é", "R⌄", "⌄", "Ké", "Kxé", "Rx°", "R°", "[é]", "[", "", "[99999999999]", "turns:99999999999"];
    for (start, moves) in [(None, ""), (Some("4/4/2n1/N3 w"), "[2]"), (Some("4/4/2n1/N3 w"), "[5]"), (Some("n3/4/4/R2b w"), "[6]")] {
        let mut g = game(start);
        play_all(&mut g, moves);
        for text in odd {
            let r = g.clone().play(text);
            if text == "KxK" && moves == "[2]" {
                let mut h = g.clone();
                play_all(&mut h, text);
                assert_eq!(h.moves().last(), Some("NxN"), "K for the knight, as mover and as victim");
            } else {
                assert!(r.is_err(), "{text} accepted after {moves}");
            }
        }
    }
}

/// A second reading of the rules, written apart from the engine and kept simple rather than
/// fast, to count perft independently. Squares are `file + 4 * rank` (a1 = 0); `+k` is a
/// White piece of kind k (1 to 4: P, N, B, R), `-k` a Black one.
#[derive(Clone)]
struct Model {
    board: [i8; 16],
    /// 0: White to play, 1: Black.
    side: usize,
    /// Whether each side has dropped a piece yet.
    dropped: [bool; 2],
    /// This turn so far: each value rolled, and [`REROLL`] for each re-roll.
    turn: Vec<u8>,
}

const REROLL: u8 = 0;
const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
/// "The Wizard moves like an elongated Knight, 3,1 ... and ONE square diagonally".
const WIZARD: [(i32, i32); 12] = [(3, 1), (1, 3), (3, -1), (1, -3), (-3, 1), (-1, 3), (-3, -1), (-1, -3), (1, 1), (1, -1), (-1, 1), (-1, -1)];

#[derive(Clone, Copy)]
enum Act {
    Roll(u8),
    Reroll,
    Drop(i8, usize),
    Move(usize, usize),
    Pass,
    Apocalypse,
}

impl Model {
    /// From the text form's board, side and `dropped:` token (nothing else is needed here).
    fn new(text: &str) -> Model {
        let mut words = text.split_whitespace();
        let mut board = [0i8; 16];
        for (i, row) in words.next().unwrap().split('/').enumerate() {
            let mut file = 0;
            for ch in row.chars() {
                match ch.to_digit(10) {
                    Some(n) => file += n as usize,
                    None => {
                        let k = "PNBR".find(ch.to_ascii_uppercase()).unwrap() as i8 + 1;
                        board[file + 4 * (3 - i)] = if ch.is_ascii_uppercase() { k } else { -k };
                        file += 1;
                    }
                }
            }
        }
        let side = usize::from(words.next() == Some("b"));
        let who = words.next().and_then(|w| w.strip_prefix("dropped:")).unwrap_or("");
        let dropped = [board.iter().any(|&p| p > 0) || who.contains('w'), board.iter().any(|&p| p < 0) || who.contains('b')];
        Model { board, side, dropped, turn: Vec::new() }
    }

    fn mine(&self, p: i8) -> bool {
        if self.side == 0 { p > 0 } else { p < 0 }
    }

    fn theirs(&self, p: i8) -> bool {
        p != 0 && !self.mine(p)
    }

    fn square(f: i32, r: i32) -> Option<usize> {
        ((0..4).contains(&f) && (0..4).contains(&r)).then(|| (f + 4 * r) as usize)
    }

    /// Four of the side's pieces in a rank, a file or a long diagonal.
    fn toe(&self, side: usize) -> bool {
        let own = |f: i32, r: i32| {
            let p = self.board[Self::square(f, r).unwrap()];
            if side == 0 { p > 0 } else { p < 0 }
        };
        (0..4).any(|i| (0..4).all(|j| own(j, i)) || (0..4).all(|j| own(i, j))) || (0..4).all(|j| own(j, j)) || (0..4).all(|j| own(j, 3 - j))
    }

    /// Where a piece on `sq` may go: step by step along `dirs` (`slide`) or one step of each;
    /// landing on an empty square, or on an enemy when `capture`.
    fn reach(&self, sq: usize, dirs: &[(i32, i32)], slide: bool, capture: bool) -> Vec<usize> {
        let (f, r) = ((sq % 4) as i32, (sq / 4) as i32);
        let mut out = Vec::new();
        for &(df, dr) in dirs {
            let (mut x, mut y) = (f + df, r + dr);
            while let Some(t) = Self::square(x, y) {
                let p = self.board[t];
                if p == 0 || (capture && self.theirs(p)) {
                    out.push(t);
                }
                if p != 0 || !slide {
                    break;
                }
                (x, y) = (x + df, y + dr);
            }
        }
        out
    }

    /// A piece's own way of moving.
    fn natural(&self, sq: usize) -> Vec<usize> {
        match self.board[sq].abs() {
            1 => {
                // Steps orthogonally, captures one square diagonally towards the opponent.
                let forward = if self.side == 0 { 1 } else { -1 };
                let mut out = self.reach(sq, &ORTHOGONAL, false, false);
                let captures = self.reach(sq, &[(1, forward), (-1, forward)], false, true);
                out.extend(captures.into_iter().filter(|&t| self.board[t] != 0));
                out
            }
            2 => self.reach(sq, &KNIGHT, false, true),
            3 => self.reach(sq, &DIAGONAL, true, true),
            _ => self.reach(sq, &ORTHOGONAL, true, true),
        }
    }

    /// The Checker: two squares in a straight line, over whatever is next, onto an empty one.
    fn checker(&self, sq: usize) -> Vec<usize> {
        let twice: Vec<(i32, i32)> = ORTHOGONAL.iter().chain(&DIAGONAL).map(|&(f, r)| (2 * f, 2 * r)).collect();
        self.reach(sq, &twice, false, false)
    }

    fn moves(&self) -> Vec<Act> {
        if self.turn.is_empty() && self.toe(self.side) {
            return Vec::new();
        }
        let rolls: Vec<u8> = self.turn.iter().copied().filter(|&t| t != REROLL).collect();
        let sixes = rolls.iter().rev().take_while(|&&v| v == 6).count();
        match (self.turn.last(), sixes) {
            (None | Some(&REROLL), _) | (_, 1) => return (1..=6).map(Act::Roll).collect(),
            (_, 3) => return vec![Act::Apocalypse],
            _ => {}
        }
        let value = if sixes == 2 { 6 } else { rolls[rolls.len() - 1] };
        let begun = self.dropped == [true, true];
        let mut out = Vec::new();
        for kind in 1..=4i8 {
            let on_board = self.board.iter().any(|&p| p.abs() == kind && self.mine(p));
            if (value >= 5 || value as i8 == kind) && !on_board {
                out.extend((0..16).filter(|&t| self.board[t] == 0).map(|t| Act::Drop(kind, t)));
            }
        }
        if begun {
            let n = self.turn.len();
            let checker = n >= 3 && self.turn[n - 2] == REROLL && self.turn[n - 3] != 6;
            for sq in (0..16).filter(|&sq| self.mine(self.board[sq])) {
                let targets = match value {
                    5 => self.reach(sq, &WIZARD, false, true),
                    6 => self.natural(sq),
                    v if v as i8 != self.board[sq].abs() => continue,
                    _ if checker => self.checker(sq),
                    _ => self.natural(sq),
                };
                out.extend(targets.into_iter().map(|to| Act::Move(sq, to)));
            }
        }
        // The try for a third six in the game proper; otherwise one re-roll, before any other.
        if (sixes == 2 && begun) || (sixes == 0 && self.turn.len() == 1) {
            out.push(Act::Reroll);
        }
        out.push(Act::Pass);
        out
    }

    fn after(&self, act: Act) -> Model {
        let mut m = self.clone();
        match act {
            Act::Roll(v) => m.turn.push(v),
            Act::Reroll => m.turn.push(REROLL),
            Act::Drop(kind, to) => {
                m.board[to] = if self.side == 0 { kind } else { -kind };
                m.dropped[self.side] = true;
            }
            Act::Move(from, to) => (m.board[to], m.board[from]) = (m.board[from], 0),
            Act::Pass => {}
            Act::Apocalypse => m.board.iter_mut().filter(|p| self.theirs(**p)).for_each(|p| *p = 0),
        }
        if !matches!(act, Act::Roll(_) | Act::Reroll) {
            m.side = 1 - m.side;
            m.turn.clear();
        }
        m
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.into_iter().map(|a| self.after(a).perft(depth - 1)).sum()
    }
}

/// The largest recorded figure the independent count checks (it is slower than the engine: it
/// clones and allocates per node; every Chec Toe figure recorded today is under it).
const MODEL_NODE_BUDGET: u64 = 3_000_000;

#[test]
fn perft_agrees_with_an_independent_reading_of_the_rules() {
    // By hand from the empty board: 6 rolls; then 4 x (16 drops + reroll + pass) + (4 x 16 + 2)
    // for a 5 + 6 rolls after a first 6 = 144; at depth 3 each drop, pass and reroll leads to
    // 6 rolls (4 x 108 + 396 = 828) and after [6] [1-4] 16 drops + pass, [6] [5] 64 + pass,
    // [6] [6] 64 + pass (no re-roll: the first 6's was the turn's; no try in the opening) =
    // 4 x 17 + 65 + 65, in all 1026.
    let start = Model::new("4/4/4/4 w");
    assert_eq!([1, 2, 3].map(|d| start.perft(d)), [6, 144, 1026]);
    // The recorded figures, as far as the independent count can afford them.
    let mut checked = 0;
    for case in common::perft_cases("perft-variants.txt").into_iter().filter(|c| c.game == GameId::ChecToe) {
        let model = Model::new(case.position.as_deref().unwrap_or("4/4/4/4 w"));
        for &(depth, nodes) in case.counts.iter().filter(|&&(_, n)| n <= MODEL_NODE_BUDGET) {
            assert_eq!(model.perft(depth), nodes, "{:?} depth {depth}", case.position);
            checked += 1;
        }
    }
    assert!(checked >= 11, "only {checked} recorded figures checked");
    // And the engine against the model where the opening and an emptied side matter.
    for text in ["4/4/4/R3 w", "4/4/4/R3 w dropped:b", "4/4/1b2/R3 w", "4/4/4/PNB1 w", "r3/4/4/PNB1 w", "4/4/4/4 b dropped:w"] {
        let engine = game(Some(text)).position().clone();
        for depth in 1..=4 {
            assert_eq!(engine.perft(depth), Model::new(text).perft(depth), "{text} depth {depth}");
        }
    }
}
