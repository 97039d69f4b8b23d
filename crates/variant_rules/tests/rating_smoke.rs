//! The match harnesses: the rating script's smoke match (`scripts/rating.py --smoke`), where
//! this build's `variant-rules` plays two short games against Stockfish through python-chess,
//! which checks every move it plays, and the A/B script's opening book. Skipped where
//! Stockfish or python-chess is missing, except under CI (`CI=true`), where `.ci/run`
//! installs both and their absence fails the test.

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

/// The A/B harness's opening book (`scripts/openings.txt`): 120 distinct lines, each read as
/// legal by python-chess (`rating.load_openings`) and played to a position still in progress
/// by this engine's `check`, two programs that share no code agreeing on every move. A book
/// with an illegal line is refused in one line with a non-zero exit.
#[test]
fn the_opening_book_is_legal_in_both_programs_and_a_bad_book_is_refused() {
    if !runs("python3", &["-c", "import chess"]) {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("python-chess is missing under CI: .ci/run installs it");
        }
        eprintln!("python-chess is not installed: skipped (CI installs it)");
        return;
    }
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts");
    let book = scripts.join("openings.txt");
    let read = format!("import sys; sys.path.insert(0, {:?}); import rating; print('\\n'.join(rating.load_openings({:?})))", scripts, book);
    let out = Command::new("python3").args(["-c", &read]).output().expect("python3 runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect();
    let distinct: std::collections::HashSet<&String> = lines.iter().collect();
    assert_eq!((lines.len(), distinct.len()), (120, 120));
    for line in &lines {
        assert_eq!(line.split(' ').count(), 8, "{line}");
        let ours = Command::new(env!("CARGO_BIN_EXE_variant-rules")).args(["check", "chess", "--moves", line]).output().expect("variant-rules runs");
        let text = String::from_utf8_lossy(&ours.stdout);
        assert!(ours.status.success() && text.contains("status:   ongoing"), "{line}: {text}{}", String::from_utf8_lossy(&ours.stderr));
    }
    let bad = std::env::temp_dir().join(format!("vt-bad-book-{}.txt", std::process::id()));
    std::fs::write(&bad, "e2e4 e7e5\ne2e4 e2e5\n").expect("temp file");
    let out =
        Command::new("python3").arg(scripts.join("ab.py")).args(["--new", "x", "--old", "y", "--openings-file"]).arg(&bad).output().expect("python3 runs");
    let _ = std::fs::remove_file(&bad);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.trim().lines().count() == 1 && err.contains("not a line of legal moves") && err.contains("e2e5"), "{err}");
}
