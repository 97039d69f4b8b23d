//! The Universal Chess Interface on standard input and output (`variant-rules uci`): what
//! chess GUIs and match tools (python-chess, cutechess) speak, so the AI plays a whole game in
//! one process and keeps its [`Memory`] from move to move, as a computer seat at the table does.
//!
//! Understood: `uci`, `isready`, `ucinewgame`, `position startpos|fen TEXT [moves ...]` (the
//! game's own text form and move notation: for chess FEN and `e2e4`, `e7e8q`), `go` with
//! `movetime`, `depth`, `wtime`/`btime`/`winc`/`binc`/`movestogo` or `infinite`, `stop` and
//! `quit`; other lines are ignored, as the protocol asks. Input that ends without `quit` lets
//! the search under way finish and answer first. A position that does not read, or a
//! move that is not legal, is reported in one `info string` line and leaves no position:
//! `go` then answers `bestmove 0000`, and nothing panics.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::{Limits, Memory, Thought, WIN, is_decisive, think_with};
use crate::game::{Game, GameId, GameOptions};
use crate::position::Position;

/// A clock's share of the time left spent on one move, when `go` gives clocks: as if this
/// many moves remained (and most of the increment).
const MOVES_LEFT_GUESS: u64 = 30;
/// Milliseconds kept back from a clock for the reply to travel (never used for thinking).
const CLOCK_MARGIN_MS: u64 = 50;

/// Serves the protocol for `id` until `quit` or the end of `input`.
pub fn serve(id: GameId, input: impl BufRead, output: impl Write + Send) -> io::Result<()> {
    let out = Mutex::new(output);
    let memory = Mutex::new(Memory::new());
    let options = GameOptions::default_for(id);
    let mut game = Game::new(id, options, None).ok();
    std::thread::scope(|scope| -> io::Result<()> {
        let mut running: Option<(std::thread::ScopedJoinHandle<'_, ()>, Arc<AtomicBool>)> = None;
        let finish = |running: &mut Option<(std::thread::ScopedJoinHandle<'_, ()>, Arc<AtomicBool>)>, stop: bool| {
            if let Some((handle, flag)) = running.take() {
                if stop {
                    flag.store(true, Ordering::Relaxed);
                }
                // A search thread that panicked has already said nothing more; go on.
                let _ = handle.join();
            }
        };
        for line in input.lines() {
            let line = line?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first().copied() {
                Some("uci") => say(&out, &["id name variant-rules", "id author Variant Table", "uciok"])?,
                Some("isready") => say(&out, &["readyok"])?,
                Some("ucinewgame") => {
                    finish(&mut running, true);
                    *memory.lock().unwrap_or_else(|e| e.into_inner()) = Memory::new();
                    game = Game::new(id, options, None).ok();
                }
                Some("position") => {
                    finish(&mut running, true);
                    game = match read_position(id, options, &words[1..]) {
                        Ok(g) => Some(g),
                        Err(e) => {
                            say(&out, &[&format!("info string error: {e}")])?;
                            None
                        }
                    };
                }
                Some("go") => {
                    finish(&mut running, true);
                    let Some(g) = game.as_ref().filter(|g| g.outcome().is_none() && g.position().dice_due().is_none()) else {
                        say(&out, &["bestmove 0000"])?;
                        continue;
                    };
                    let limits = read_limits(&words[1..], g.position().turn().index());
                    let (pos, history) = (g.position().clone(), g.repetition_hashes());
                    let flag = Arc::new(AtomicBool::new(false));
                    let stop = flag.clone();
                    let (out, memory) = (&out, &memory);
                    let handle = scope.spawn(move || {
                        let thought = think_with(&pos, &history, &limits, &stop, &mut memory.lock().unwrap_or_else(|e| e.into_inner()));
                        let best = thought.best.map_or_else(|| "0000".to_string(), |m| pos.move_text(m));
                        // A reader gone away ends the session: nothing left to tell.
                        let _ = say(out, &[&info(&thought, &pos), &format!("bestmove {best}")]);
                    });
                    running = Some((handle, flag));
                }
                Some("stop") => finish(&mut running, true),
                Some("quit") => {
                    finish(&mut running, true);
                    return Ok(());
                }
                _ => {}
            }
        }
        // Input over without `quit` (a script piped in): the search under way finishes.
        finish(&mut running, false);
        Ok(())
    })
}

/// Writes lines and flushes them (the other side waits on each).
fn say(out: &Mutex<impl Write>, lines: &[&str]) -> io::Result<()> {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    for l in lines {
        writeln!(w, "{l}")?;
    }
    w.flush()
}

/// `position startpos|fen TEXT [moves ...]` after the word `position`.
fn read_position(id: GameId, options: GameOptions, words: &[&str]) -> Result<Game, String> {
    let moves_at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
    let mut game = match words.first() {
        Some(&"startpos") if moves_at == 1 => Game::new(id, options, None)?,
        Some(&"fen") if moves_at > 1 => Game::new(id, options, Some(&words[1..moves_at].join(" ")))?,
        _ => return Err(format!("expected 'startpos' or 'fen TEXT', got '{}'", words[..moves_at].join(" "))),
    };
    for m in words.iter().skip(moves_at + 1) {
        game.play(m).map_err(|e| format!("move '{m}': {e}"))?;
    }
    Ok(game)
}

/// The search's limits from `go`'s words, for the seat with index `seat` (0 white, 1 black).
fn read_limits(words: &[&str], seat: usize) -> Limits {
    let value = |name: &str| words.iter().position(|&w| w == name).and_then(|i| words.get(i + 1)).and_then(|v| v.parse::<u64>().ok());
    if let Some(ms) = value("movetime") {
        return Limits::movetime(ms.max(1));
    }
    if let Some(depth) = value("depth") {
        return Limits::depth(depth.clamp(1, 60) as u32);
    }
    let (time, inc) = if seat == 0 { ("wtime", "winc") } else { ("btime", "binc") };
    if let Some(left) = value(time) {
        let moves = value("movestogo").unwrap_or(MOVES_LEFT_GUESS).max(1);
        let usable = left.saturating_sub(CLOCK_MARGIN_MS);
        let ms = (usable / moves + value(inc).unwrap_or(0) * 3 / 4).min(usable).max(1);
        return Limits::movetime(ms);
    }
    // `infinite` (or nothing): until `stop`.
    Limits::depth(60)
}

/// The `info` line for a finished search: depth, score (centipawns, or mate in moves), nodes,
/// speed, time and the expected line.
fn info(t: &Thought, pos: &crate::game::AnyPosition) -> String {
    let score = if is_decisive(t.score) {
        let plies = WIN - t.score.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if t.score > 0 { moves } else { -moves })
    } else {
        format!("cp {}", t.score)
    };
    let ms = t.elapsed.max(Duration::from_millis(1)).as_millis();
    format!("info depth {} score {score} nodes {} nps {:.0} time {ms} pv {}", t.depth, t.nodes, t.nodes_per_second(), t.pv_text(pos).join(" "))
}
