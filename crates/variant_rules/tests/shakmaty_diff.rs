//! Differential test against shakmaty: identical legal move sets and outcomes on positions
//! reached by seeded random play from the standard start and the perft reference positions.

mod common;

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _, fen::Fen, uci::UciMove};
use variant_rules::chess::{ChessPosition, ChessRules, START_FEN};
use variant_rules::{Outcome, Position, Reason, Seating, Wrap};

/// Positions compared; the issue asks for at least 10,000.
const POSITIONS: usize = 12_000;

fn oracle_moves(pos: &Chess) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| UciMove::from_standard(*m).to_string()).collect()
}

fn our_moves(pos: &ChessPosition, buf: &mut Vec<variant_rules::chess::ChessMove>) -> BTreeSet<String> {
    pos.legal_moves(buf);
    buf.iter().map(|&m| pos.move_text(m)).collect()
}

#[test]
fn legal_moves_and_outcomes_match_shakmaty() {
    let starts: Vec<String> =
        std::iter::once(START_FEN.to_string()).chain(common::perft_cases("perft-chess.txt").into_iter().filter_map(|c| c.position)).collect();
    let rules = ChessRules::ORTHODOX;
    let mut rng = ChaCha8Rng::seed_from_u64(20261122);
    let mut compared = 0;
    let mut endings = [0usize; 3]; // checkmate, stalemate, insufficient material
    let mut buf = Vec::new();
    let mut game_no = 0;
    while compared < POSITIONS {
        let fen = &starts[game_no % starts.len()];
        game_no += 1;
        let mut ours = ChessPosition::from_fen(fen, Wrap::Flat, rules).unwrap();
        let mut oracle: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
        for _ply in 0..300 {
            let expected = oracle_moves(&oracle);
            let got = our_moves(&ours, &mut buf);
            assert_eq!(got, expected, "legal moves differ in {}", ours.fen());
            // Both engines agree on the FEN (en passant written only when capturable).
            assert_eq!(ours.fen(), Fen::from_position(&oracle, EnPassantMode::Legal).to_string());
            assert_eq!(ours.hash(), ours.recompute_hash());
            compared += 1;
            let outcome = ours.outcome_with(&buf);
            let expected_outcome = if oracle.is_checkmate() {
                Some("checkmate")
            } else if oracle.is_stalemate() {
                Some("stalemate")
            } else if oracle.is_insufficient_material() {
                Some("insufficient material")
            } else {
                None
            };
            let got_outcome = match &outcome {
                Some(Outcome::Win { reason, .. }) | Some(Outcome::Draw { reason }) if *reason != Reason::FiftyMoveRule => Some(reason.as_str()),
                _ => None,
            };
            assert_eq!(got_outcome, expected_outcome, "outcome differs in {}", ours.fen());
            if let Some(o) = expected_outcome {
                endings[["checkmate", "stalemate", "insufficient material"].iter().position(|&x| x == o).unwrap()] += 1;
                if let Some(o @ Outcome::Win { .. }) = outcome {
                    assert_eq!(o, Outcome::win(Seating::TWO.opponent(ours.turn()), Reason::Checkmate), "the mated side loses");
                }
                break;
            }
            let i = rng.random_range(0..buf.len());
            let text = ours.move_text(buf[i]);
            ours.play_unchecked(buf[i]);
            let m = UciMove::from_ascii(text.as_bytes()).unwrap().to_move(&oracle).unwrap();
            oracle.play_unchecked(m);
        }
    }
    assert!(compared >= 10_000);
    // Random play must actually have reached the interesting endings for the test to mean much.
    assert!(endings.iter().all(|&n| n > 0), "endings reached: {endings:?}");
}
