//! The terminal table: the same games, hot-seat, as text (`variant-table text <game>`).

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use variant_rules::scene::ascii_notation;
use variant_rules::{AnyPosition, Game, Outcome, Position, Seat};

/// The board as text, last rank on top (the engine's drawing: stacks show their top checker
/// and height, closed cells `##`, then what the game adds below it).
pub fn board(game: &Game) -> String {
    let pos = game.position();
    pos.board_text(&players(game))
}

/// The players as the engine's words need them: the usual seats of the game, unnamed.
fn players(game: &Game) -> variant_rules::scene::Players {
    crate::table::game::seats::Seats::new(game.id(), game.position().seating().count()).players(game.id())
}

/// Plays a typed move. The rules engine runs on a copy: should it panic on the text, the copy
/// is dropped, the game goes on as it was and the player reads why.
fn play_typed(game: &mut Game, text: &str) -> Result<(), String> {
    let mut trial = game.clone();
    let shown = crate::table::persist::save::clip(text, 24);
    crate::table::persist::save::guarded(|| format!("'{shown}'"), || trial.play(text).map_err(|e| format!("'{shown}': {e}")))?;
    *game = trial;
    Ok(())
}

/// Says what a move typed as `text`, played from `before`, did that the board does not show
/// (the engine's news: checkmates, Kings taken, missed turns).
fn print_news(before: &AnyPosition, text: &str, game: &Game) {
    let Ok(m) = before.parse_move(text) else { return };
    let news = game.position().news(before, m, &players(game));
    if !news.is_empty() {
        println!("{news}");
    }
}

/// Plays `game` on standard input and output until it ends or the players quit.
pub fn run(mut game: Game) -> ExitCode {
    let names = game.seat_words();
    let name = |s: Seat| names.get(s.index()).cloned().unwrap_or_default();
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        println!("\n{}\n", board(&game));
        if let Some(o) = game.outcome() {
            match o {
                Outcome::Win { winners, reason } => {
                    let who: Vec<String> = winners.iter().map(name).collect();
                    println!("{} {} ({reason})", who.join(" and "), if who.len() == 1 { "wins" } else { "win" });
                }
                Outcome::Draw { reason } => println!("draw ({reason})"),
            }
            return ExitCode::SUCCESS;
        }
        let pos = game.position();
        if pos.dice_count() > 0 {
            // The roll and what it allows live in the position text's tail.
            println!("({})", ascii_notation(&pos.to_text()));
        }
        let verb = if pos.dice_due().is_some() { "to roll (roll, or type your own dice as [3,5])" } else { "to move" };
        print!("{} {verb}> ", name(pos.turn()));
        let _ = io::stdout().flush();
        let Some(Ok(line)) = lines.next() else { return ExitCode::SUCCESS };
        match line.trim() {
            "" => {}
            "quit" => return ExitCode::SUCCESS,
            "roll" => match game.position().dice_due() {
                Some(n) => {
                    // The same physics throw as the table's, read without a window.
                    let (record, _) = crate::dice::roll(rand::random(), n, None);
                    let token = game.position().roll_token(&record.faces);
                    println!("rolled {token}");
                    if let Err(e) = game.play(&token) {
                        println!("'{token}': {e}");
                    }
                }
                None => println!("no roll is due: move, or pass/reroll where the rules allow"),
            },
            "undo" => {
                if game.undo().is_none() {
                    println!("nothing to undo");
                }
            }
            "moves" => {
                let p = game.position();
                let moves: Vec<String> = p.legal_move_list().into_iter().map(|m| p.move_text(m)).collect();
                println!("{}", moves.join(" "));
            }
            text => {
                let before = game.position().clone();
                match play_typed(&mut game, text) {
                    Err(e) => println!("{e}"),
                    Ok(()) => print_news(&before, text, &game),
                }
            }
        }
    }
}
