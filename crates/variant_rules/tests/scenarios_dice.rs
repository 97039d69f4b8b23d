//! Dice Chess rule scenarios, each quoting the sentence of `dice-chess.txt` (or the ruling in
//! `docs/rulings.md`) it checks, plus a differential test of every roll against shakmaty.

mod common;

use std::collections::BTreeSet;

use common::{legal_set as legal, play_all, set};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{Chess, Position as _, Role, fen::Fen, uci::UciMove};
use variant_rules::dicechess::{DiceRules, NoMove};
use variant_rules::{Game, GameId, GameOptions, MoveError, Outcome, Position, Reason, Seat, SeatSet};

fn opts(rules: DiceRules) -> GameOptions {
    GameOptions { dice_rules: rules, ..GameOptions::default_for(GameId::DiceChess) }
}

fn game(rules: DiceRules, fen: Option<&str>) -> Game {
    Game::new(GameId::DiceChess, opts(rules), fen).unwrap()
}

/// The sample game's moves in coordinates, each preceded by the roll the text gives.
const SAMPLE: [(&str, &str); 9] = [
    ("[1,1]", "e2e4"), // "White rolls doubles ... and selects 1.e4."
    ("[2,3]", "b8c6"), // "Black rolls a two and a three; no bishop move being possible, he plays 1...Nc6."
    ("[3,4]", "f1c4"), // "White rolls a three and a four, and plays 2.Bc4."
    ("[4,5]", "a8b8"), // "since no queen move is possible, he must play the only legal rook move, 2...Rb8."
    ("[3,6]", "c4f7"), // "White rolls a three and a six, and plays 3.Bxf7+."
    ("[2,4]", "pass"), // "no knight or rook move is a legal response to the check, he must pass."
    ("[2,4]", "g1h3"), // "White rolls a two and a four, and chooses 4.Nh3."
    ("[1,3]", "pass"), // "this does not allow a legal response to the check, so he must pass."
    ("[2,4]", "h3g5"), // "White rolls a two and a four, and plays 5.Ng5#."
];

#[test]
fn the_sample_game_ends_in_checkmate_on_move_five_with_two_passes() {
    let mut g = game(DiceRules::TwoDice, None);
    for (i, (roll, mv)) in SAMPLE.iter().enumerate() {
        assert!(legal(&g).contains(*roll), "ply {i}: a roll is due before {mv}");
        g.play(roll).unwrap();
        let allowed = legal(&g);
        match i {
            // "no bishop move being possible": every legal move is a knight's.
            1 => assert_eq!(allowed, set(&["b8a6", "b8c6", "g8f6", "g8h6"])),
            // "the only legal rook move".
            3 => assert_eq!(allowed, set(&["a8b8"])),
            // The passes are forced: nothing else is legal.
            5 | 7 => assert_eq!(allowed, set(&["pass"])),
            _ => assert!(allowed.contains(*mv)),
        }
        g.play(mv).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::win(Seat(0), Reason::Checkmate)));
    assert_eq!(g.moves().filter(|m| *m == "pass").count(), 2);
    // The final position is the text's diagram ("Black is checkmated").
    assert!(g.position().to_text().starts_with("1rbqkbnr/pppppBpp/2n5/6N1/4P3/8/PPPP1PPP/RNBQK2R b"));
}

#[test]
fn after_a_pass_in_check_the_king_can_be_captured_or_mated() {
    // "(A three or five would have enabled an immediate win with 4.Bxe8, 4.Qf3# or 4.Qh5#)."
    let mut g = game(DiceRules::TwoDice, None);
    for (roll, mv) in &SAMPLE[..6] {
        play_all(&mut g, &format!("{roll} {mv}"));
    }
    let mut three = g.clone();
    play_all(&mut three, "[3,4] f7e8");
    assert_eq!(three.outcome(), Some(Outcome::win(Seat(0), Reason::KingCaptured)));
    for mate in ["d1f3", "d1h5"] {
        let mut five = g.clone();
        play_all(&mut five, &format!("[2,5] {mate}"));
        assert_eq!(five.outcome(), Some(Outcome::win(Seat(0), Reason::Checkmate)), "{mate}");
    }
    // "Only a six, or doubles, would have allowed him to move": with [2,4] Black passed; with a
    // six the king answers the check.
    let mut g2 = game(DiceRules::TwoDice, None);
    for (roll, mv) in &SAMPLE[..5] {
        play_all(&mut g2, &format!("{roll} {mv}"));
    }
    play_all(&mut g2, "[2,6]");
    assert_eq!(legal(&g2), set(&["e8f7"]));
}

#[test]
fn a_roll_names_the_pieces_that_may_move_and_doubles_allow_any() {
    // "The player may move either of the pieces indicated on the two dice." / "A player who
    // rolls doubles ... may play any legal move."
    let mut g = game(DiceRules::TwoDice, None);
    play_all(&mut g, "[1,2]");
    assert_eq!(legal(&g).len(), 20);
    let mut g = game(DiceRules::TwoDice, None);
    play_all(&mut g, "[5,5]");
    assert_eq!(legal(&g).len(), 20);
    let mut g = game(DiceRules::TwoDice, None);
    play_all(&mut g, "[2,6]");
    assert_eq!(legal(&g), set(&["b1a3", "b1c3", "g1f3", "g1h3"]));
    // The faces may come in either order; the record keeps them sorted.
    let mut g = game(DiceRules::TwoDice, None);
    play_all(&mut g, "[6,2]");
    assert_eq!(g.moves().last(), Some("[2,6]"));
    // A roll allowing nothing leaves only the pass: "loses that turn (passed turn)".
    let mut g = game(DiceRules::TwoDice, None);
    play_all(&mut g, "[3,4]");
    assert_eq!(legal(&g), set(&["pass"]));
    assert!(matches!(g.clone().play("e2e4"), Err(MoveError::Illegal(why)) if why.contains("bishop or a rook")));
    play_all(&mut g, "pass");
    assert_eq!(g.position().turn(), Seat(1));
}

#[test]
fn castling_needs_a_four_a_six_or_doubles() {
    // "if castling is otherwise legal, a player may castle upon rolling a four, six, or doubles"
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    for (roll, can) in [("[1,4]", true), ("[2,6]", true), ("[3,3]", true), ("[1,2]", false), ("[3,5]", false)] {
        let mut g = game(DiceRules::TwoDice, Some(fen));
        play_all(&mut g, roll);
        let l = legal(&g);
        assert_eq!(l.contains("e1g1") && l.contains("e1c1"), can, "{roll}: {l:?}");
    }
}

#[test]
fn en_passant_needs_a_one_or_doubles_right_away() {
    // "an en passant capture of a pawn is possible only if the player rolls a one, or doubles,
    // immediately once the opportunity for the en passant capture arises"
    let fen = "4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1";
    let mut g = game(DiceRules::TwoDice, Some(fen));
    play_all(&mut g, "[1,2] d2d4");
    for (roll, can) in [("[1,6]", true), ("[4,4]", true), ("[2,6]", false)] {
        let mut h = g.clone();
        play_all(&mut h, roll);
        assert_eq!(legal(&h).contains("e4d3"), can, "{roll}");
    }
    // A turn later the chance has gone, whatever the roll.
    let mut later = g.clone();
    play_all(&mut later, "[2,6] e8d7 [6,6] e1d2 [1,1]");
    assert!(!legal(&later).contains("e4d3"));
}

#[test]
fn a_checked_player_must_answer_the_check_or_pass() {
    // "a player who is in check can only play a legal response to that check" / "... does not
    // make a roll allowing a legal response to the check loses that turn"
    let fen = "4k3/8/8/8/8/8/3PP3/q3K3 w - - 0 1"; // the queen on a1 checks along the rank
    let mut g = game(DiceRules::TwoDice, Some(fen));
    play_all(&mut g, "[6,6]");
    assert_eq!(legal(&g), set(&["e1f2"]), "only the king can answer: d2 and e2 block nothing");
    let mut g = game(DiceRules::TwoDice, Some(fen));
    play_all(&mut g, "[1,1]");
    assert_eq!(legal(&g), set(&["e1f2"]), "doubles allow any legal move, and only the king's is legal");
    let mut g = game(DiceRules::TwoDice, Some(fen));
    play_all(&mut g, "[1,2]");
    assert_eq!(legal(&g), set(&["pass"]));
    play_all(&mut g, "pass [5,6] a1e1");
    assert_eq!(g.outcome(), Some(Outcome::win(Seat(1), Reason::KingCaptured)));
}

#[test]
fn checkmate_and_stalemate_do_not_wait_for_the_dice() {
    // "the game ends when one player either checkmates the opponent or captures the opponent's
    // king" / "the unlikely event that the game ends in a draw pursuant to the standard rules".
    let mate = game(DiceRules::TwoDice, Some("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"));
    assert_eq!(mate.outcome(), Some(Outcome::win(Seat(0), Reason::Checkmate)));
    let stale = game(DiceRules::TwoDice, Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    assert_eq!(stale.outcome(), Some(Outcome::draw(Reason::Stalemate)));
    assert!(legal(&stale).is_empty());
}

#[test]
fn no_move_reroll_option_throws_again() {
    // Rulings D3: the text passes; players who prefer re-rolling choose `--no-move reroll`.
    let o = GameOptions { no_move: NoMove::Reroll, ..opts(DiceRules::TwoDice) };
    let mut g = Game::new(GameId::DiceChess, o, None).unwrap();
    play_all(&mut g, "[3,4]");
    assert_eq!(legal(&g), set(&["reroll"]));
    play_all(&mut g, "reroll [3,5]");
    assert_eq!(legal(&g), set(&["reroll"]));
    play_all(&mut g, "reroll [3,4] reroll [1,2] e2e4");
    assert_eq!(g.position().turn(), Seat(1), "three voided rolls are not a threefold repetition");
    assert_eq!(g.outcome(), None);
}

#[test]
fn brainking_has_no_check_and_is_won_by_taking_the_king() {
    // "There is no check or checkmate. Rather, the goal is to actually capture the king."
    let fen = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1";
    let mut g = game(DiceRules::BrainKing, Some(fen));
    play_all(&mut g, "[6]");
    let l = legal(&g);
    assert!(l.contains("e1e2") && l.contains("e1d2"), "the king may step into attack: {l:?}");
    play_all(&mut g, "e1f1 [4] d2d1");
    assert_eq!(g.outcome(), None, "attacking the king is not check");
    play_all(&mut g, "[5] pass [4] d1f1");
    assert_eq!(g.outcome(), Some(Outcome::win(Seat(1), Reason::KingCaptured)));
    // "The players roll only one die."
    assert!(matches!(game(DiceRules::BrainKing, None).play("[3,5]"), Err(MoveError::Malformed(_))));
}

#[test]
fn brainking_pawns_promote_only_to_the_rolled_piece() {
    // "Pawns may move from the seventh to the eighth rank on any roll, but may promote only to
    // the piece shown on the die (a one allows a pawn to promote to any piece)."
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    for (roll, want) in [("[1]", vec!["a7a8q", "a7a8r", "a7a8b", "a7a8n"]), ("[3]", vec!["a7a8b"]), ("[5]", vec!["a7a8q"])] {
        let mut g = game(DiceRules::BrainKing, Some(fen));
        play_all(&mut g, roll);
        let promos: BTreeSet<String> = legal(&g).into_iter().filter(|m| m.starts_with("a7")).collect();
        assert_eq!(promos, set(&want), "{roll}");
    }
    // A six names the king, which no pawn becomes (rulings D4).
    let mut g = game(DiceRules::BrainKing, Some(fen));
    play_all(&mut g, "[6]");
    assert!(legal(&g).iter().all(|m| m.starts_with("e1")));
}

#[test]
fn brainking_10x10_needs_all_three_kings_taken() {
    // "a variant on 10x10 board with three kings on each side. To win you need to capture all
    // enemy kings."
    let g = game(DiceRules::BrainKing10, None);
    assert!(g.position().to_text().starts_with("rnbqkkkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKKKBNR w"));
    let fen = "4kk4/10/10/10/10/10/10/10/10/4RRK3 w - - 0 1";
    let mut g = game(DiceRules::BrainKing10, Some(fen));
    play_all(&mut g, "[4] e1e10");
    assert_eq!(g.outcome(), None, "one black king is left");
    play_all(&mut g, "[1] pass [4] e10f10");
    assert_eq!(g.outcome(), Some(Outcome::win(Seat(0), Reason::AllKingsCaptured)));
}

#[test]
fn gollon_count_plays_up_to_four_moves() {
    // "the number rolled indicating the number of moves to be played ... a roll of a four,
    // five, or six allows the player to make four moves."
    for (roll, n) in [("[1]", 1), ("[3]", 3), ("[4]", 4), ("[6]", 4)] {
        let mut g = game(DiceRules::GollonCount, None);
        play_all(&mut g, roll);
        let mut moves = 0;
        while g.position().turn() == Seat::A {
            let m = legal(&g).into_iter().find(|m| m.starts_with('a') || m.starts_with('h') || m.starts_with('b')).unwrap();
            g.play(&m).unwrap();
            moves += 1;
        }
        assert_eq!(moves, n, "{roll}");
    }
    // A move that gives check ends the series (rulings D6).
    let mut g = game(DiceRules::GollonCount, Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    play_all(&mut g, "[4] a1a8");
    assert_eq!(g.position().turn(), Seat(1));
}

#[test]
fn gollon_piece_count_moves_one_piece_of_the_rolled_kind() {
    // "two dice of contrasting colors, with one determining the piece that can move, and the
    // other the number of moves that the piece makes" (first die: piece; second: count).
    let mut g = game(DiceRules::GollonPieceCount, None);
    play_all(&mut g, "[2,3] g1f3");
    assert!(legal(&g).iter().all(|m| m.starts_with("f3")), "the same knight goes on: {:?}", legal(&g));
    play_all(&mut g, "f3g5 g5e6");
    assert_eq!(g.position().turn(), Seat(1));
    // A piece with no further move ends its series with a pass.
    let mut g = game(DiceRules::GollonPieceCount, Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    play_all(&mut g, "[4,2] a1a2");
    assert_eq!(g.position().turn(), Seat(0));
    play_all(&mut g, "a2a1");
    assert_eq!(g.position().turn(), Seat(1));
}

/// Every roll's moves equal shakmaty's legal moves filtered by the rolled roles (two-dice
/// rules), on positions from seeded random play.
#[test]
fn every_roll_allows_exactly_the_orthodox_moves_of_its_pieces() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
    let mut compared = 0;
    for _game in 0..20 {
        let mut oracle = Chess::default();
        for _ply in 0..60 {
            let moves = oracle.legal_moves();
            if moves.is_empty() {
                break;
            }
            let fen = Fen::from_position(&oracle, shakmaty::EnPassantMode::Legal).to_string();
            for a in 1..=6u8 {
                for b in a..=6u8 {
                    let mut g = game(DiceRules::TwoDice, Some(&fen));
                    g.play(&format!("[{a},{b}]")).unwrap();
                    let expected: BTreeSet<String> = moves
                        .iter()
                        .filter(|m| {
                            a == b
                                || m.role() == roles[a as usize - 1]
                                || m.role() == roles[b as usize - 1]
                                || (m.is_castle() && [a, b].iter().any(|&d| d == 4 || d == 6))
                        })
                        .map(|m| UciMove::from_standard(*m).to_string())
                        .collect();
                    let expected = if expected.is_empty() { set(&["pass"]) } else { expected };
                    assert_eq!(legal(&g), expected, "[{a},{b}] in {fen}");
                    compared += 1;
                }
            }
            let m = moves[rng.random_range(0..moves.len())];
            oracle.play_unchecked(m);
        }
    }
    assert!(compared > 10_000, "{compared}");
}

#[test]
fn passes_forced_by_the_dice_do_not_make_a_repetition() {
    // Rulings D8: threefold repetition ("the standard rules of chess") counts positions the
    // players chose; a position that recurs only because both sides passed does not draw.
    let mut g = game(DiceRules::TwoDice, None);
    for _ in 0..4 {
        play_all(&mut g, "[3,4] pass [3,5] pass");
    }
    assert_eq!(g.outcome(), None);
    // Knights shuffled back and forth do repeat.
    let mut g = game(DiceRules::TwoDice, None);
    play_all(&mut g, "[2,3] g1f3 [2,3] g8f6 [2,3] f3g1 [2,3] f6g8 [2,3] g1f3 [2,3] g8f6 [2,3] f3g1 [2,3] f6g8");
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::ThreefoldRepetition)));
}

#[test]
fn dead_material_only_where_no_king_can_be_captured() {
    // "the game ends when one player either checkmates the opponent or captures the opponent's
    // king" / "a player who is in check but does not make a roll allowing a legal response to the
    // check loses that turn": a lone bishop can check, the dice can leave the king unable to
    // answer, and the bishop then takes it. So K+B v K is no draw where passes happen.
    let fen = "4k3/8/2p5/1B6/8/8/8/4K3 w - - 0 1";
    for rules in [DiceRules::TwoDice, DiceRules::GollonPieceCount] {
        let mut g = game(rules, Some(fen));
        let roll = if rules == DiceRules::TwoDice { "[3,4]" } else { "[3,1]" };
        play_all(&mut g, &format!("{roll} b5c6"));
        assert_eq!(g.outcome(), None, "{rules}: K+B v K can still capture a king");
    }
    // The capture really happens: Black is checked, rolls no king move, passes, loses the king.
    let mut g = game(DiceRules::TwoDice, Some("4k3/8/8/1B6/8/8/8/4K3 w - - 0 1"));
    play_all(&mut g, "[3,4] b5c6 [1,2] pass [3,5] c6e8");
    assert_eq!(g.outcome().map(|o| o.winners()), Some(SeatSet::single(Seat::A)), "{:?}", g.outcome());
    // Bare kings can never take each other (no king may step next to the other): a draw.
    let bare = game(DiceRules::TwoDice, Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    assert_eq!(bare.outcome().map(|o| o.reason().to_string()), Some("insufficient material".into()));
    // Gollon's count, and --no-move reroll, never leave a checked king standing: chess's rule.
    let count = game(DiceRules::GollonCount, Some("4k3/8/8/1B6/8/8/8/4K3 w - - 0 1"));
    assert!(count.outcome().is_some(), "gollon-count: K+B v K is dead as in chess");
    let reroll = GameOptions { no_move: NoMove::Reroll, ..opts(DiceRules::TwoDice) };
    let g = Game::new(GameId::DiceChess, reroll, Some("4k3/8/8/1B6/8/8/8/4K3 w - - 0 1")).unwrap();
    assert!(g.outcome().is_some(), "two-dice with --no-move reroll: K+B v K is dead");
}

#[test]
fn the_position_after_a_king_capture_reads_back() {
    // Saves and tests store full texts: the position after "4.Bxe8" must parse to itself.
    let mut g = game(DiceRules::TwoDice, Some("4k3/8/8/1B6/8/8/8/4K3 w - - 0 1"));
    play_all(&mut g, "[3,4] b5c6 [1,2] pass [3,5] c6e8");
    let text = g.position().to_text();
    let again = variant_rules::AnyPosition::from_text(GameId::DiceChess, &opts(DiceRules::TwoDice), &text).unwrap();
    assert_eq!(again.to_text(), text);
    assert_eq!(again.hash(), g.position().hash());
    assert!(again.outcome().is_some(), "still won after reading it back");
    // A side without a king is refused where that cannot happen: orthodox chess, and the side
    // that just moved (it would have lost already).
    assert!(Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), Some("4B3/8/8/8/8/8/8/4K3 b - - 0 1")).is_err());
    assert!(game_result(DiceRules::TwoDice, "4B3/8/8/8/8/8/8/4K3 w - - 0 1").is_err());
}

fn game_result(rules: DiceRules, fen: &str) -> Result<Game, String> {
    Game::new(GameId::DiceChess, opts(rules), Some(fen))
}

#[test]
fn brainking_six_promotes_nothing_unless_chosen() {
    // "Pawns may move from the seventh to the eighth rank on any roll, but may promote only to
    // the piece shown on the die (a one allows a pawn to promote to any piece)." A 6 shows the
    // king (rulings D4): by default the pawn cannot move; `--brainking-six any` lets it.
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let mut g = game(DiceRules::BrainKing, Some(fen));
    play_all(&mut g, "[6]");
    assert!(legal(&g).iter().all(|m| m.starts_with("e1")), "a 6 moves only the king: {:?}", legal(&g));
    let any = GameOptions { brainking_six: variant_rules::dicechess::BrainKingSix::Any, ..opts(DiceRules::BrainKing) };
    let mut g = Game::new(GameId::DiceChess, any, Some(fen)).unwrap();
    play_all(&mut g, "[6]");
    for promo in ["a7a8q", "a7a8r", "a7a8b", "a7a8n"] {
        assert!(legal(&g).contains(promo), "--brainking-six any: {promo} missing from {:?}", legal(&g));
    }
    assert!(GameOptions { brainking_six: variant_rules::dicechess::BrainKingSix::Any, ..opts(DiceRules::TwoDice) }.validate(GameId::DiceChess).is_err());
}
