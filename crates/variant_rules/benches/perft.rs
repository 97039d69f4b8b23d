//! Perft speed: nodes/second for chess and checkers from the start, Stax on the universal
//! board, and shakmaty's perft on the same chess positions in the same run (the speed peer).
//!
//! `cargo bench -p variant_rules` prints one line per measurement and `ratio_vs_shakmaty: X`,
//! where X = shakmaty's best time / our best time over the same positions and depths
//! (so X > 1 means we are faster than shakmaty).
//!
//! Why best-of-interleaved for the shakmaty comparison: on a machine with 2 shared cores,
//! other jobs (compiles, tests) come and go during a run, and a single pair of timings swung
//! the ratio from 0.16 to 0.33. Timing each side in a separate block lets a burst of load hit
//! one side only. Instead every round times ours and shakmaty's perft back to back on each
//! position (the order alternates per round, so neither side always runs "second"), for
//! `PERFT_ROUNDS` rounds (default 7), and each side keeps its best (minimum) time: the
//! minimum is the run least disturbed by others, and interleaving gives both sides the same
//! chances to see a quiet moment. The median ratio is printed too, as a check that the
//! best-of figure is not one lucky outlier.
//!
//! The other games (no peer to compare with) report the median of `RUNS` timed runs after
//! one warm-up.
//!
//! `PERFT_FILTER=text` runs only the measurements whose label contains `text` (the shakmaty
//! comparison's label is `chess vs shakmaty`), for quick before/after checks of one game.

use std::time::{Duration, Instant};

use shakmaty::{CastlingMode, Chess, fen::Fen};
use variant_rules::{AnyPosition, GameId, GameOptions, Wrap};

/// Timed runs per measurement of the games without a peer (the median is reported).
const RUNS: usize = 5;

/// Interleaved rounds for the shakmaty comparison when `PERFT_ROUNDS` is not set.
const DEFAULT_ROUNDS: usize = 7;

/// Chess positions and depths timed against shakmaty (chessprogramming.org "Perft Results";
/// counts in tests/data/perft-chess.txt). Depths keep each side's run in the tenths of a second.
const PEER_POSITIONS: &[(&str, &str, u32)] = &[
    ("start", variant_rules::chess::START_FEN, 5),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
    ("position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4),
];

/// The number of interleaved rounds: `PERFT_ROUNDS` if set (at least 1), else [`DEFAULT_ROUNDS`].
fn rounds() -> usize {
    match std::env::var("PERFT_ROUNDS") {
        Ok(v) => match v.trim().parse::<usize>() {
            Ok(n) if n >= 1 => n,
            _ => panic!("PERFT_ROUNDS must be a positive integer, got {v:?}"),
        },
        Err(_) => DEFAULT_ROUNDS,
    }
}

/// Times one call of `f`, checking it reproduces the expected node count.
fn time_once(nodes: u64, f: &mut dyn FnMut() -> u64) -> Duration {
    let t = Instant::now();
    let n = f();
    let elapsed = t.elapsed();
    assert_eq!(n, nodes, "perft count changed between runs");
    elapsed
}

fn median(times: &[Duration]) -> Duration {
    let mut v = times.to_vec();
    v.sort();
    let m = v.len() / 2;
    if v.len() % 2 == 1 { v[m] } else { (v[m - 1] + v[m]) / 2 }
}

fn mnps(nodes: u64, t: Duration) -> f64 {
    nodes as f64 / t.as_secs_f64() / 1e6
}

/// Our chess perft against shakmaty's on [`PEER_POSITIONS`], interleaved for `rounds` rounds;
/// prints each side's best and median per position and overall, and the ratios
/// shakmaty_time / our_time (above 1: we are faster).
fn compare_with_shakmaty(rounds: usize) {
    struct Case {
        label: String,
        nodes: u64,
        ours: Box<dyn FnMut() -> u64>,
        theirs: Box<dyn FnMut() -> u64>,
        ours_times: Vec<Duration>,
        theirs_times: Vec<Duration>,
    }
    let opts = GameOptions::default_for(GameId::Chess);
    let mut cases: Vec<Case> = PEER_POSITIONS
        .iter()
        .map(|&(name, fen, depth)| {
            let pos = AnyPosition::from_text(GameId::Chess, &opts, fen).expect("a chess FEN");
            let parsed: Fen = fen.parse().expect("a FEN shakmaty reads");
            let peer: Chess = parsed.into_position(CastlingMode::Standard).expect("a legal position");
            let mut ours: Box<dyn FnMut() -> u64> = Box::new(move || pos.perft(depth));
            let mut theirs: Box<dyn FnMut() -> u64> = Box::new(move || shakmaty::perft(&peer, depth));
            // Warm-up, and both engines must agree on the count.
            let nodes = ours();
            assert_eq!(theirs(), nodes, "{name}: our perft {depth} disagrees with shakmaty's");
            Case { label: format!("{name} perft {depth}"), nodes, ours, theirs, ours_times: Vec::new(), theirs_times: Vec::new() }
        })
        .collect();
    for round in 0..rounds {
        for c in &mut cases {
            if round % 2 == 0 {
                c.ours_times.push(time_once(c.nodes, &mut c.ours));
                c.theirs_times.push(time_once(c.nodes, &mut c.theirs));
            } else {
                c.theirs_times.push(time_once(c.nodes, &mut c.theirs));
                c.ours_times.push(time_once(c.nodes, &mut c.ours));
            }
        }
    }
    println!("chess vs shakmaty: best (minimum) of {rounds} interleaved rounds per side; ratio = shakmaty_time / ours_time (>1: ours faster)");
    let (mut nodes, mut ours_best, mut theirs_best, mut ours_med, mut theirs_med) = (0, Duration::ZERO, Duration::ZERO, Duration::ZERO, Duration::ZERO);
    for c in &cases {
        let ob = *c.ours_times.iter().min().expect("at least one round");
        let tb = *c.theirs_times.iter().min().expect("at least one round");
        let (om, tm) = (median(&c.ours_times), median(&c.theirs_times));
        println!(
            "  {}: {} nodes | best ours {:.1} ms ({:.1} M nodes/s), shakmaty {:.1} ms ({:.1} M nodes/s), ratio_vs_shakmaty {:.3} | median ours {:.1} ms, shakmaty {:.1} ms, ratio {:.3}",
            c.label,
            c.nodes,
            ob.as_secs_f64() * 1e3,
            mnps(c.nodes, ob),
            tb.as_secs_f64() * 1e3,
            mnps(c.nodes, tb),
            tb.as_secs_f64() / ob.as_secs_f64(),
            om.as_secs_f64() * 1e3,
            tm.as_secs_f64() * 1e3,
            tm.as_secs_f64() / om.as_secs_f64(),
        );
        nodes += c.nodes;
        ours_best += ob;
        theirs_best += tb;
        ours_med += om;
        theirs_med += tm;
    }
    println!(
        "  overall (sum over positions): {nodes} nodes | best ours {:.1} ms ({:.1} M nodes/s), shakmaty {:.1} ms ({:.1} M nodes/s) | median ours {:.1} ms, shakmaty {:.1} ms",
        ours_best.as_secs_f64() * 1e3,
        mnps(nodes, ours_best),
        theirs_best.as_secs_f64() * 1e3,
        mnps(nodes, theirs_best),
        ours_med.as_secs_f64() * 1e3,
        theirs_med.as_secs_f64() * 1e3,
    );
    println!("ratio_vs_shakmaty: {:.3}", theirs_best.as_secs_f64() / ours_best.as_secs_f64());
    println!("ratio_vs_shakmaty_median: {:.3}", theirs_med.as_secs_f64() / ours_med.as_secs_f64());
}

/// Whether `PERFT_FILTER` (if set) selects the measurement called `label`.
fn selected(label: &str) -> bool {
    std::env::var("PERFT_FILTER").map_or(true, |f| label.contains(f.as_str()))
}

/// Prints the median nodes/second of `f`, which returns a node count (unless filtered out).
fn measure(label: &str, mut f: impl FnMut() -> u64) {
    if !selected(label) {
        return;
    }
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
}

fn start(game: GameId, wrap: Wrap) -> AnyPosition {
    let mut o = GameOptions::default_for(game);
    o.topology = wrap;
    AnyPosition::start(game, &o).expect("valid options")
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument is a filter we do not support.
    if selected("chess vs shakmaty") {
        compare_with_shakmaty(rounds());
    }

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
