//! The cylindrical and Shadow Chess figures re-derived by an independent, slow generator
//! (`common/reference_chess.rs`): perft from the start and the exact move list — each move once —
//! in every position of seeded random games.

mod common;

use common::reference_chess::RefPosition;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use variant_rules::chess::START_FEN;
use variant_rules::{AnyPosition, Game, GameId, GameOptions, Position, Wrap};

/// The engine's configurations the reference covers: (game, wrap, shadow rules).
const CONFIGS: [(GameId, Wrap, bool); 4] = [
    (GameId::CylinderChess, Wrap::Cylinder, false),
    (GameId::Chess, Wrap::Cylinder, false),
    (GameId::ShadowChess, Wrap::Cylinder, true),
    (GameId::ShadowChess, Wrap::Flat, true),
];

fn options(game: GameId, wrap: Wrap) -> GameOptions {
    GameOptions { topology: wrap, ..GameOptions::default_for(game) }
}

/// The engine's legal moves as texts, sorted, duplicates kept (so a repeated move shows).
fn engine_moves(pos: &AnyPosition) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_move_list().into_iter().map(|m| pos.move_text(m)).collect();
    v.sort();
    v
}

#[test]
fn the_issues_rook_on_a_cylinder_has_nineteen_moves() {
    // Rook a4 on an empty rank: 7 cells along the rank (reached both ways round, one move
    // each), 7 along the file; king e1: 5. 19 distinct moves, not 26.
    let fen = "4k3/8/8/8/R7/8/8/4K3 w - - 0 1";
    let opts = options(GameId::CylinderChess, Wrap::Cylinder);
    let pos = AnyPosition::from_text(GameId::CylinderChess, &opts, fen).unwrap();
    let reference = RefPosition::from_fen(fen, true, false);
    assert_eq!(reference.legal_texts().len(), 19);
    assert_eq!(engine_moves(&pos), reference.legal_texts());
    assert_eq!(pos.perft(1), 19);
}

#[test]
fn start_perft_matches_the_reference() {
    for (game, wrap, shadow) in CONFIGS {
        let opts = options(game, wrap);
        let pos = AnyPosition::start(game, &opts).unwrap();
        let reference = RefPosition::from_fen(START_FEN, wrap == Wrap::Cylinder, shadow);
        let depth = if shadow { 2 } else { 3 };
        for d in 1..=depth {
            assert_eq!(pos.perft(d), reference.perft(d), "{game} {wrap} depth {d}");
        }
    }
}

#[test]
fn recorded_counts_match_the_reference() {
    // Every recorded figure of these configurations the reference can count in seconds.
    let budget = 250_000;
    let mut checked = 0;
    for case in common::perft_cases("perft-variants.txt") {
        let Some(&(_, wrap, shadow)) = CONFIGS.iter().find(|&&(g, w, _)| g == case.game && w == case.opts.topology) else { continue };
        let fen = case.position.clone().unwrap_or_else(|| START_FEN.to_string());
        let reference = RefPosition::from_fen(&fen, wrap == Wrap::Cylinder, shadow);
        let limit = if shadow { budget / 20 } else { budget };
        for &(depth, nodes) in case.counts.iter().filter(|&&(_, n)| n <= limit) {
            assert_eq!(reference.perft(depth), nodes, "{} depth {depth}: the recorded count is not the reference's", case.spec);
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} recorded figures were re-derived");
}

#[test]
#[ignore = "slow reference perft: an hour in release; run with --ignored --release"]
fn recorded_counts_match_the_reference_deep() {
    for case in common::perft_cases("perft-variants.txt") {
        let Some(&(_, wrap, shadow)) = CONFIGS.iter().find(|&&(g, w, _)| g == case.game && w == case.opts.topology) else { continue };
        let fen = case.position.clone().unwrap_or_else(|| START_FEN.to_string());
        let reference = RefPosition::from_fen(&fen, wrap == Wrap::Cylinder, shadow);
        for &(depth, nodes) in &case.counts {
            assert_eq!(reference.perft(depth), nodes, "{} depth {depth}", case.spec);
        }
    }
}

#[test]
fn every_position_of_random_games_lists_the_reference_moves_once() {
    let mut positions = 0;
    for (i, (game, wrap, shadow)) in CONFIGS.into_iter().enumerate() {
        let games = if shadow { 3 } else { 8 };
        for seed in 0..games {
            let mut g = Game::new(game, options(game, wrap), None).unwrap();
            let mut reference = RefPosition::from_fen(START_FEN, wrap == Wrap::Cylinder, shadow);
            let mut rng = ChaCha8Rng::seed_from_u64(1000 * i as u64 + seed);
            for _ in 0..120 {
                let moves = engine_moves(g.position());
                assert_eq!(moves, reference.legal_texts(), "{game} {wrap}: moves differ in {}", g.position().to_text());
                positions += 1;
                if g.outcome().is_some() || moves.is_empty() {
                    break;
                }
                let m = &moves[rng.random_range(0..moves.len())];
                g.play(m).unwrap();
                reference = reference.play_text(m);
            }
        }
    }
    assert!(positions > 1500, "only {positions} positions compared");
}
