//! The terminal table: the same games, hot-seat, as text (`variant-table text <game>`).

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use variant_rules::{AnyPosition, Game, Outcome, toetoe};

use crate::table::board::topology_of;
use crate::table::pieces::piece_byte;

/// The board as text, last rank on top; stacks show their top checker and height.
fn board(game: &Game) -> String {
    let mut s = String::new();
    match game.position() {
        AnyPosition::Checkers(p) => {
            let t = p.topology();
            for rank in (0..t.height()).rev() {
                s += &format!("{:>2} ", rank + 1);
                for file in 0..t.width() {
                    let c = t.cell(file, rank).unwrap();
                    let stack: Vec<String> = p.stack(c).map(|k| k.to_string()).collect();
                    s += &match stack.len() {
                        0 if t.is_dark(c) => " . ".to_string(),
                        0 => "   ".to_string(),
                        1 => format!(" {:<2}", stack[0]),
                        n => format!("{}{n} ", &stack[0][..1]),
                    };
                }
                s.push('\n');
            }
            s += "   ";
            for file in 0..t.width() {
                s += &format!(" {} ", (b'a' + file) as char);
            }
        }
        pos @ (AnyPosition::Chess(_) | AnyPosition::ToeToe(_) | AnyPosition::DiceChess(_) | AnyPosition::ChecToe(_)) => {
            let t = topology_of(pos);
            let toe = matches!(pos, AnyPosition::ToeToe(_));
            for rank in (0..t.height()).rev() {
                s += &format!("{:>2} ", rank + 1);
                for file in 0..t.width() {
                    let b = piece_byte(pos, t.cell(file, rank).unwrap());
                    let ch = match b {
                        0 => '.',
                        _ if toe => toetoe::kind_letter(b & 7),
                        _ => b" PNBRQK"[(b & 7) as usize] as char,
                    };
                    s += &format!(" {}", if b & 8 != 0 { ch.to_ascii_lowercase() } else { ch });
                }
                s.push('\n');
            }
            s += "   ";
            for file in 0..t.width() {
                s += &format!(" {}", (b'a' + file) as char);
            }
            if let AnyPosition::ToeToe(p) = pos {
                s += &format!("\n({:?} phase; position {})", p.phase(), pos.to_text());
            }
        }
        AnyPosition::Chex(p) => {
            // The cluster's bounding box, one cell of margin, labelled with x,y coordinates.
            let coords: Vec<(i32, i32)> = p.tiles().map(|c| p.coords(c)).collect();
            let (x0, x1) = (coords.iter().map(|c| c.0).min().unwrap_or(0) - 1, coords.iter().map(|c| c.0).max().unwrap_or(0) + 1);
            let (y0, y1) = (coords.iter().map(|c| c.1).min().unwrap_or(0) - 1, coords.iter().map(|c| c.1).max().unwrap_or(0) + 1);
            for y in (y0..=y1).rev() {
                s += &format!("{y:>3} ");
                for x in x0..=x1 {
                    let b = p.cell_at(x, y).map_or(0, |c| p.piece_at(c));
                    let ch = if b == 0 { '.' } else { b" PNBRQK"[(b & 7) as usize] as char };
                    s += &format!(" {}", if b & 8 != 0 { ch.to_ascii_lowercase() } else { ch });
                }
                s.push('\n');
            }
            s += &format!("x: {x0} .. {x1}; tiles to draw: White {}, Black {}", p.face_down(0), p.face_down(1));
            if let Some(t) = p.holding() {
                s += &format!("; drawn, to place: {}", if t & 8 != 0 { b" pnbrqk"[(t & 7) as usize] } else { b" PNBRQK"[(t & 7) as usize] } as char);
            }
        }
    }
    s
}

/// Plays a typed move. The rules engine runs on a copy: should it panic on the text, the copy
/// is dropped, the game goes on as it was and the player reads why.
fn play_typed(game: &mut Game, text: &str) -> Result<(), String> {
    let mut trial = game.clone();
    let shown = crate::table::save::clip(text, 24);
    crate::table::save::guarded(|| format!("'{shown}'"), || trial.play(text).map_err(|e| format!("'{shown}': {e}")))?;
    *game = trial;
    Ok(())
}

/// Plays `game` on standard input and output until it ends or the players quit.
pub fn run(mut game: Game) -> ExitCode {
    let names = game.id().player_names();
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        println!("\n{}\n", board(&game));
        if let Some(o) = game.outcome() {
            match o {
                Outcome::Win { winner, reason } => println!("{} wins ({reason})", names[winner as usize]),
                Outcome::Draw { reason } => println!("draw ({reason})"),
            }
            return ExitCode::SUCCESS;
        }
        let pos = game.position();
        if game.id().dice(game.options()) > 0 {
            // The roll and what it allows live in the position text's tail.
            println!("({})", variant_rules::chectoe::to_ascii(&pos.to_text()));
        }
        let verb = if pos.dice_due().is_some() { "to roll (roll, or type your own dice as [3,5])" } else { "to move" };
        print!("{} {verb}> ", names[pos.turn() as usize]);
        let _ = io::stdout().flush();
        let Some(Ok(line)) = lines.next() else { return ExitCode::SUCCESS };
        match line.trim() {
            "" => {}
            "quit" => return ExitCode::SUCCESS,
            "roll" => match game.position().dice_due() {
                Some(n) => {
                    // The same physics throw as the table's, read without a window.
                    let (record, _) = crate::dice::roll(rand::random(), n, None);
                    let token = crate::table::dice::roll_token(game.id(), game.options(), &record.faces);
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
                let moves: Vec<String> = p.legal_moves().into_iter().map(|m| p.move_text(m)).collect();
                println!("{}", moves.join(" "));
            }
            text => {
                if let Err(e) = play_typed(&mut game, text) {
                    println!("{e}");
                }
            }
        }
    }
}
