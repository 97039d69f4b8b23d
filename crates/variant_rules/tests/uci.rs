//! `variant-rules uci`: the protocol's handshake, positions from `startpos` and FEN with moves,
//! `go` by depth and by clock, and bad input answered in one `info string` line, never a panic.

use std::io::Cursor;

use variant_rules::search::uci::serve;
use variant_rules::{Game, GameId, GameOptions, Position};

/// What the engine writes for `input`.
fn session(input: &str) -> Vec<String> {
    let mut out = Vec::new();
    serve(GameId::Chess, Cursor::new(input.to_string()), &mut out).unwrap();
    String::from_utf8(out).unwrap().lines().map(str::to_string).collect()
}

fn bestmoves(lines: &[String]) -> Vec<String> {
    lines.iter().filter_map(|l| l.strip_prefix("bestmove ")).map(str::to_string).collect()
}

#[test]
fn the_handshake_and_a_legal_move_for_each_position() {
    let lines = session("uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5 g1f3\ngo depth 4\n");
    assert_eq!(&lines[..4], ["id name variant-rules", "id author Variant Table", "uciok", "readyok"]);
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1, "{lines:?}");
    let mut game = Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), None).unwrap();
    for m in ["e2e4", "e7e5", "g1f3"] {
        game.play(m).unwrap();
    }
    game.play(&best[0]).unwrap_or_else(|e| panic!("{} is not legal: {e}", best[0]));
    assert!(lines.iter().any(|l| l.starts_with("info depth 4 score cp ")), "{lines:?}");
}

#[test]
fn mate_is_reported_in_moves_and_clocks_give_a_move() {
    // Scholar's mate to play: Qxf7#.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let lines = session(&format!("position fen {fen}\ngo depth 3\nposition fen {fen}\ngo wtime 2000 btime 2000 winc 0 binc 0\n"));
    assert_eq!(bestmoves(&lines), ["h5f7", "h5f7"], "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("score mate 1 ")), "{lines:?}");
}

#[test]
fn bad_positions_and_moves_are_refused_in_one_line() {
    let lines = session(
        "position fen 8/8/8 w - - 0 1\ngo depth 2\nposition startpos moves e2e5\ngo depth 2\nposition sideways\ngo depth 2\nflip\ngo\nposition startpos\ngo depth 2\nquit\ngo depth 2\n",
    );
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("info string error: ")).collect();
    assert_eq!(errors.len(), 3, "{lines:?}");
    assert!(errors[1].contains("e2e5"), "{}", errors[1]);
    // No position after each error: no move; the unknown word is ignored; then a real answer.
    let best = bestmoves(&lines);
    assert_eq!(&best[..4], ["0000", "0000", "0000", "0000"], "{lines:?}");
    assert_eq!(best.len(), 5, "nothing is read after quit: {lines:?}");
    let start = Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), None).unwrap();
    assert!(start.position().parse_move(&best[4]).is_ok(), "{}", best[4]);
}
