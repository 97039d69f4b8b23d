//! SAN against shakmaty's `san` module: in positions of seeded random games (from the start and
//! the perft reference positions), every legal move is written as shakmaty writes it (check and
//! mate marks included), and shakmaty's SAN, with and without its marks, reads back as the move.

mod common;

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen};
use variant_rules::chess::{ChessPosition, ChessRules, START_FEN};
use variant_rules::record::san;
use variant_rules::{Position, Wrap};

/// Positions whose every move is compared.
const POSITIONS: usize = 4_000;

#[test]
fn san_matches_shakmaty_on_random_games() {
    let starts: Vec<String> =
        std::iter::once(START_FEN.to_string()).chain(common::perft_cases("perft-chess.txt").into_iter().filter_map(|c| c.position)).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(20261126);
    let (mut positions, mut moves, mut marks, mut disambiguated) = (0, 0, 0, 0);
    let mut buf = Vec::new();
    let mut game_no = 0;
    while positions < POSITIONS {
        let fen = &starts[game_no % starts.len()];
        game_no += 1;
        let mut ours = ChessPosition::from_fen(fen, Wrap::Flat, ChessRules::ORTHODOX).unwrap();
        let mut oracle: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
        for _ply in 0..200 {
            ours.legal_moves(&mut buf);
            if buf.is_empty() {
                break;
            }
            let by_uci: HashMap<String, shakmaty::Move> = oracle.legal_moves().iter().map(|m| (UciMove::from_standard(*m).to_string(), *m)).collect();
            for &m in &buf {
                let theirs = by_uci[&ours.move_text(m)];
                let expected = SanPlus::from_move(oracle.clone(), theirs).to_string();
                let written = san::write(&ours, m);
                assert_eq!(written, expected, "in {}", ours.fen());
                let plain = San::from_move(&oracle, theirs).to_string();
                assert_eq!(san::read(&ours, &expected), Ok(m), "{expected} in {}", ours.fen());
                assert_eq!(san::read(&ours, &plain), Ok(m), "{plain} in {}", ours.fen());
                marks += usize::from(expected.ends_with(['+', '#']));
                disambiguated += usize::from(plain.len() > 3 && plain.as_bytes()[0].is_ascii_uppercase() && !plain.contains('x') && plain != "O-O-O");
                moves += 1;
            }
            positions += 1;
            let m = buf[rng.random_range(0..buf.len())];
            let theirs = by_uci[&ours.move_text(m)];
            ours.play_unchecked(m);
            oracle.play_unchecked(theirs);
        }
    }
    assert!(moves > 50_000 && marks > 1_000 && disambiguated > 100, "{moves} moves, {marks} checks, {disambiguated} disambiguated");
}

#[test]
fn san_written_by_other_software_reads() {
    let pos = ChessPosition::from_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", Wrap::Flat, ChessRules::ORTHODOX).unwrap();
    let text = |t: &str| san::read(&pos, t).map(|m| pos.move_text(m));
    assert_eq!(text("exd6"), Ok("e5d6".into()), "en passant");
    assert_eq!(text("exd6!?"), Ok("e5d6".into()));
    assert_eq!(text("bxa8=Q+"), Ok("b7a8q".into()));
    assert_eq!(text("bxa8Q"), Ok("b7a8q".into()), "promotion without '='");
    assert_eq!(text("b8=N"), Ok("b7b8n".into()));
    assert_eq!(text("0-0-0"), Ok("e1c1".into()), "castling with zeros");
    assert_eq!(text("O-O"), Ok("e1g1".into()));
    assert!(text("b8").unwrap_err().to_string().contains("promotion"), "a pawn reaching the last rank names its piece");
    assert!(text("Nf3").unwrap_err().to_string().contains("White has no Knight"));
    assert!(text("Zz9").is_err());
    assert!(text("").is_err());
}
