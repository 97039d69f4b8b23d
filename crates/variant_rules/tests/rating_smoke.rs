//! The rating harness's smoke match (`scripts/rating.py --smoke`): this build's `variant-rules
//! bestmove` plays two short games against Stockfish through python-chess, which checks every
//! move it plays. Skipped where Stockfish or python-chess is missing, except under CI
//! (`CI=true`), where `.ci/run` installs both and their absence fails the test.

use std::path::Path;
use std::process::Command;

/// Whether `program args` runs and succeeds.
fn runs(program: &str, args: &[&str]) -> bool {
    Command::new(program).args(args).output().is_ok_and(|o| o.status.success())
}

fn stockfish() -> Option<String> {
    ["stockfish", "/usr/games/stockfish"].into_iter().find(|p| Command::new(p).arg("quit").output().is_ok_and(|o| o.status.success())).map(str::to_string)
}

#[test]
fn a_smoke_match_against_stockfish_plays_only_legal_moves() {
    let tools = (stockfish(), runs("python3", &["-c", "import chess.engine"]));
    let (Some(stockfish), true) = tools else {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("Stockfish or python-chess is missing under CI: .ci/run installs both");
        }
        eprintln!("Stockfish or python-chess is not installed: skipped (CI installs them)");
        return;
    };
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/rating.py");
    let out = Command::new("python3")
        .arg(&script)
        .args(["--smoke", "--bin", env!("CARGO_BIN_EXE_variant-rules"), "--stockfish", &stockfish])
        .output()
        .expect("python3 runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the smoke match failed:\n{text}");
    // Two games, each reported with its result, none with an illegal move.
    let games = text.lines().filter(|l| l.starts_with("level 1350 opening 1 AI ")).count();
    assert_eq!(games, 2, "{text}");
    assert!(!text.contains("FAILED"), "{text}");
    assert!(text.contains("level 1350: "), "{text}");
}
