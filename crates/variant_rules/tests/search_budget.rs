//! The search to depths 1-3 stays within a node budget from generated positions of every game and seat count.
//!
//! Positions come from seeded random playouts of every game, seating and seat count (the
//! tables of five and six seats included, where quiescence once took 1.6 M nodes at depth 1).
//! Node counts are deterministic, so the budgets are exact bounds on work, not on wall time: a
//! change that lets the search explode somewhere fails here, named by game and position.

mod common;

use std::sync::atomic::AtomicBool;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use variant_rules::search::{self, Limits};
use variant_rules::{Game, Position};

/// Every game, seating and seat count the table offers (one configuration per line).
const SPECS: &[&str] = &[
    "checkers",
    "checkers --players 4",
    "checkers --players 4 --seating cut-throat",
    "stax",
    "stax --players 4 --seating partners-opposite",
    "stax --players 4 --seating cut-throat",
    "queens",
    "queens --players 4 --seating cut-throat",
    "chess",
    "shadow-chess",
    "cylinder-chess",
    "toe-to-toe",
    "chex",
    "dice-chess",
    "dice-chess --rules gollon-count",
    "chec-toe",
    "double-chess",
    "double-chess --seating cut-throat",
    "tri-chek",
    "tri-chek --players 3",
    "tri-chek --players 4 --seating partners-gap",
    "tri-chek --players 5",
    "tri-chek --players 6",
    "tri-stax --players 3",
    "tri-stax --players 4",
    "tri-stax --players 5",
    "tri-stax --players 6",
    "tri-queens --players 3",
    "tri-queens --players 5",
    "tri-queens --players 6 --seating trios",
    "tri-chess",
    "tri-chess --players 3",
    "tri-chess --players 3 --edges cut",
    "tri-chess --players 4",
    "tri-chess --players 4 --edges cut",
    "tri-chess --players 4 --seating partners-adjacent",
    "tri-chess --players 5",
    "tri-chess --players 5 --edges cut",
    "tri-chess --players 6",
    "tri-chess --players 6 --seating trios",
    "tri-chess --players 6 --seating partners-adjacent --extended-moves off",
];

/// Positions per configuration: 41 configurations make 328 positions, each searched at depths
/// 1, 2 and 3 (1 and 2 with dice). About 30 s on two busy cores; the engine is built with
/// `opt-level = 3` in test builds too, so debug runs cost about the same.
const POSITIONS: usize = 8;

/// The most nodes a search to depth 1, 2 and 3 may take from any position here. The largest
/// counts measured over these positions were 1.5 k (two-player Tri-Chess), 26 k (Toe-to-Toe's
/// deployment) and 125 k (four-seat Tri-Chess); five and six seats stay under 1.3 k, 2.8 k and
/// 7 k. Before quiescence was bounded, six-seat Tri-Chess took 1.6 M nodes at depth 1 from the
/// start. The budgets leave room for ordinary changes in ordering and evaluation, none for that.
const BUDGET: [u64; 3] = [10_000, 50_000, 250_000];
/// The games with dice, to depth 1 and 2 only: every ply below the root averages up to 36
/// throws, and Star1 windows prune little of that (most measured: 5 k and 325 k nodes; depth
/// 3 is 8-11 M, an expectimax cost with no quiescence or seat count in it).
const DICE_BUDGET: [u64; 2] = [10_000, 500_000];

/// A position `plies` random moves (and throws) into a game, or `None` if it ended first.
fn position_after(spec: &str, seed: u64, plies: usize) -> Option<Game> {
    let (game, opts) = common::parse_spec(spec);
    let mut g = Game::new(game, opts, None).expect("valid options");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..plies {
        if g.outcome().is_some() {
            return None;
        }
        let moves = g.position().legal_move_list();
        g.play_move(moves[rng.random_range(0..moves.len())]);
    }
    // A throw of the dice is not the search's to choose: throw it.
    while g.outcome().is_none() && g.position().dice_due().is_some() {
        let m = search::throw(g.position(), &mut rng).expect("a throw is due");
        g.play_move(m);
    }
    g.outcome().is_none().then_some(g)
}

#[test]
fn every_game_searches_depths_one_to_three_within_the_budget() {
    let stop = AtomicBool::new(false);
    let mut failures = Vec::new();
    let mut searched = 0;
    for (i, spec) in SPECS.iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(24 + i as u64);
        let (game, opts) = common::parse_spec(spec);
        let dice = game.dice(&opts) > 0;
        let mut worst = [0u64; 3];
        let mut made = 0;
        while made < POSITIONS {
            let (seed, plies) = (rng.random::<u64>(), rng.random_range(0..80));
            let Some(g) = position_after(spec, seed, plies) else { continue };
            made += 1;
            let legal = g.position().legal_move_list();
            let budget: &[u64] = if dice { &DICE_BUDGET } else { &BUDGET };
            for depth in 1..=budget.len() as u32 {
                let t = search::think_game(&g, &Limits::depth(depth), &stop);
                let at = format!("{spec} depth {depth} after {plies} plies (seed {seed}): {}", g.position().to_text());
                worst[depth as usize - 1] = worst[depth as usize - 1].max(t.nodes);
                if !t.best.is_some_and(|m| legal.contains(&m)) {
                    failures.push(format!("{at}: no legal move ({:?})", t.best));
                }
                if t.nodes > budget[depth as usize - 1] {
                    failures.push(format!("{at}: {} nodes, over the budget of {}", t.nodes, budget[depth as usize - 1]));
                }
            }
            searched += 1;
        }
        println!("{spec}: most nodes at depths 1-3 {worst:?}");
    }
    assert_eq!(searched, SPECS.len() * POSITIONS);
    assert!(failures.is_empty(), "{} search(es) failed:\n{}", failures.len(), failures.join("\n"));
}
