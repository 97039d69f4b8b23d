//! PGN written here, read by python-chess: seeded random chess games (from the start and from
//! FENs, with checks, promotions, castling and en passant) are written as PGN, and python-chess
//! must read each without an error, to the same moves, final FEN and result. Skipped where
//! python-chess is missing, except under CI (`CI=true`), where its absence fails the test
//! (`.ci/run` installs it).

mod common;

use std::process::Command;

use variant_rules::record::{Format, Record};
use variant_rules::{Game, GameId, GameOptions, Position};

/// python-chess's reading of each game of a PGN file: moves in UCI, final FEN, result, errors.
const READER: &str = r#"
import sys, chess.pgn
with open(sys.argv[1]) as f:
    while (g := chess.pgn.read_game(f)) is not None:
        b = g.board()
        moves = []
        for m in g.mainline_moves():
            moves.append(m.uci())
            b.push(m)
        print(" ".join(moves) + " | " + b.fen() + " | " + g.headers["Result"] + " | " + ";".join(str(e) for e in g.errors))
"#;

/// Whether python-chess can be imported; under CI its absence is a failure, not a skip.
fn python_chess() -> bool {
    let ok = Command::new("python3").args(["-c", "import chess.pgn"]).output().is_ok_and(|o| o.status.success());
    if !ok && std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("python-chess is missing under CI: .ci/run installs it (pip install chess)");
    }
    ok
}

/// The games written: random ones from the start and from the perft FENs, and two classics
/// that end in mate.
fn games() -> Vec<Game> {
    let opts = GameOptions::default_for(GameId::Chess);
    let mut v: Vec<Game> = (0..12).map(|seed| common::random_game(GameId::Chess, opts, 900 + seed, 120 + 40 * seed as usize, |_| {})).collect();
    for case in common::perft_cases("perft-chess.txt").into_iter().filter(|c| c.position.is_some()).take(5) {
        let mut g = Game::new(GameId::Chess, opts, case.position.as_deref()).unwrap();
        // Deterministic play from the FEN: the legal moves taken in a stride, for variety.
        for i in 0..80 {
            if g.outcome().is_some() {
                break;
            }
            let legal = g.position().legal_move_list();
            g.play_move(legal[(i * 7 + 3) % legal.len()]);
        }
        v.push(g);
    }
    // Black first, from move 12: numbered `12...`.
    let mut g = Game::new(GameId::Chess, opts, Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 12")).unwrap();
    common::play_all(&mut g, "e8g8 e1c1 b4c3");
    v.push(g);
    for moves in ["f2f3 e7e5 g2g4 d8h4", "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7"] {
        let mut g = Game::new(GameId::Chess, opts, None).unwrap();
        common::play_all(&mut g, moves);
        v.push(g);
    }
    v
}

#[test]
fn python_chess_reads_our_pgn() {
    if !python_chess() {
        eprintln!("python-chess is not installed: skipped (CI installs it)");
        return;
    }
    let games = games();
    let mut file = String::new();
    for g in &games {
        let mut r = Record::of(g);
        r.seats = vec!["Ann".into(), "Bo \"B\" Ek".into()];
        file += &r.write(Format::Pgn).unwrap();
        file.push('\n');
    }
    let path = std::env::temp_dir().join(format!("variant-rules-records-{}.pgn", std::process::id()));
    std::fs::write(&path, &file).unwrap();
    let out = Command::new("python3").arg("-c").arg(READER).arg(&path).output().expect("python3 runs");
    let _ = std::fs::remove_file(&path);
    assert!(out.status.success(), "python-chess failed: {}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect();
    assert_eq!(lines.len(), games.len(), "python-chess read every game:\n{file}");
    for (g, line) in games.iter().zip(&lines) {
        let f: Vec<&str> = line.split(" | ").collect();
        let ours: Vec<&str> = g.moves().collect();
        assert_eq!(f[3], "", "python-chess's errors: {line}");
        assert_eq!(f[0].split_whitespace().collect::<Vec<_>>(), ours, "{line}");
        assert_eq!(f[1], g.position().to_text(), "final FEN");
        assert_eq!(f[2], Record::of(g).result.token(2), "result");
    }
    assert!(lines.iter().any(|l| l.contains(" | 0-1 | ")) && lines.iter().any(|l| l.contains(" | 1-0 | ")), "mates both ways are in the file");
}
