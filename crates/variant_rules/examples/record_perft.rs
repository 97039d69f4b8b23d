//! Records regression perft counts for every game x topology x option combination
//! (`cargo run --release -p variant_rules --example record_perft > tests/data/perft-variants.txt`).
//!
//! These are this engine's own counts, written once and kept so that any later change to a
//! variant's move generation shows up as a test failure to be explained.
use variant_rules::{AnyPosition, GameId, GameOptions, Wrap};

fn main() {
    println!("# Regression perft for every game x topology x option (recorded by examples/record_perft.rs;");
    println!("# these are the engine's own counts, kept to catch unintended changes). Format as perft-chess.txt.");
    let budget = 2_000_000u64;
    for game in GameId::ALL {
        for &wrap in game.topologies() {
            for numbers in [false, true] {
                if numbers && !game.is_checkers_family() {
                    continue;
                }
                if game == GameId::Checkers && wrap == Wrap::Flat && !numbers || game == GameId::Chess && wrap == Wrap::Flat {
                    continue; // covered by the published reference files
                }
                let mut opts = GameOptions::default_for(game);
                opts.topology = wrap;
                opts.numbers = numbers;
                opts.seed = 7;
                let pos = AnyPosition::start(game, &opts).expect("valid options");
                let mut counts = Vec::new();
                for depth in 1.. {
                    let n = pos.perft(depth);
                    counts.push(format!("{depth}:{n}"));
                    if n > budget / 8 || depth >= 12 {
                        break;
                    }
                }
                let mut spec = format!("{game} --topology {wrap}");
                if numbers {
                    spec += " --numbers --seed 7";
                }
                println!("{spec} | start | {}", counts.join(" "));
            }
        }
    }
}
