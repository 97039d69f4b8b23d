//! Perft speed: nodes/second for chess and checkers from the start, Stax on the universal
//! board, and shakmaty's perft on the same chess position in the same run (the speed peer).
//!
//! `cargo bench -p variant_rules` prints one line per measurement and `ratio_vs_shakmaty: X`.
//! Each figure is the median of `RUNS` timed runs after one warm-up, so a stray scheduler
//! hiccup on a 2-core machine does not decide the result.

use std::time::Instant;

use shakmaty::{CastlingMode, Chess, fen::Fen};
use variant_rules::{AnyPosition, GameId, GameOptions, Wrap};

/// Timed runs per measurement (the median is reported).
const RUNS: usize = 5;

/// Median nodes/second of `f`, which returns a node count.
fn measure(label: &str, mut f: impl FnMut() -> u64) -> f64 {
    let nodes = f(); // warm-up, and the count every run must reproduce
    let mut rates: Vec<f64> = (0..RUNS)
        .map(|_| {
            let t = Instant::now();
            let n = f();
            let secs = t.elapsed().as_secs_f64();
            assert_eq!(n, nodes, "perft count changed between runs");
            n as f64 / secs
        })
        .collect();
    rates.sort_by(|a, b| a.total_cmp(b));
    let median = rates[RUNS / 2];
    println!("{label}: {nodes} nodes, {:.1} M nodes/s", median / 1e6);
    median
}

fn start(game: GameId, wrap: Wrap) -> AnyPosition {
    let mut o = GameOptions::default_for(game);
    o.topology = wrap;
    AnyPosition::start(game, &o).expect("valid options")
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument is a filter we do not support.
    let chess = start(GameId::Chess, Wrap::Flat);
    let ours = measure("variant_rules chess start perft 5", || chess.perft(5));
    let fen: Fen = variant_rules::chess::START_FEN.parse().expect("start FEN");
    let peer: Chess = fen.into_position(CastlingMode::Standard).expect("start position");
    let theirs = measure("shakmaty chess start perft 5", || shakmaty::perft(&peer, 5));
    println!("ratio_vs_shakmaty: {:.3}", ours / theirs);

    let cyl = start(GameId::CylinderChess, Wrap::Cylinder);
    measure("variant_rules cylinder-chess start perft 5", || cyl.perft(5));
    let shadow = start(GameId::ShadowChess, Wrap::Flat);
    measure("variant_rules shadow-chess start perft 4", || shadow.perft(4));
    let checkers = start(GameId::Checkers, Wrap::Flat);
    measure("variant_rules checkers start perft 9", || checkers.perft(9));
    let stax = start(GameId::Stax, Wrap::Universal);
    measure("variant_rules stax universal start perft 8", || stax.perft(8));
    let queens = start(GameId::Queens, Wrap::Universal);
    measure("variant_rules queens universal start perft 7", || queens.perft(7));
    let toe = start(GameId::ToeToe, Wrap::Flat);
    measure("variant_rules toe-to-toe start (deployment) perft 3", || toe.perft(3));
    // Regular play after a deployment and six swaps (a position from tests/data/perft-variants.txt).
    let opts = GameOptions::default_for(GameId::ToeToe);
    let play = AnyPosition::from_text(GameId::ToeToe, &opts, "rn4nr/2ek1e2/4p3/ppppgppp/PPPPGPPP/4P3/2EK1E2/RN4NR w - - 22 0").expect("a Toe-to-Toe position");
    measure("variant_rules toe-to-toe regular play perft 4", || play.perft(4));
    let mut chex_opts = GameOptions::default_for(GameId::Chex);
    chex_opts.seed = 5;
    let chex = AnyPosition::start(GameId::Chex, &chex_opts).expect("CHEX start");
    measure("variant_rules chex start (seed 5) perft 10", || chex.perft(10));
    // Dice games: rolls are plies, so depth 5 is about two and a half turns.
    let dice = start(GameId::DiceChess, Wrap::Flat);
    measure("variant_rules dice-chess two-dice start perft 5", || dice.perft(5));
    let chec = start(GameId::ChecToe, Wrap::Flat);
    measure("variant_rules chec-toe start perft 6", || chec.perft(6));
}
