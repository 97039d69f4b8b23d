//! The terminal table: the same games, hot-seat, as text (`variant-table text <game>`).

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use variant_rules::doublechess::DoubleChessPosition;
use variant_rules::layout::BoardLayout;
use variant_rules::{AnyPosition, Cell, Game, Outcome, Position, Seat, toetoe};

use crate::table::geometry::{layout_of, topology_of};
use crate::table::mirror::pieces::piece_byte;

/// The board as text, last rank on top; stacks show their top checker and height.
fn board(game: &Game) -> String {
    let mut s = String::new();
    match game.position() {
        AnyPosition::Checkers(p) => {
            let layout = layout_of(p.topology());
            s += &grid(layout, 3, |c| {
                let stack: Vec<String> = p.stack(c).map(|k| k.to_string()).collect();
                match stack.len() {
                    0 if layout.is_dark(c) => " . ".to_string(),
                    0 => "   ".to_string(),
                    1 => format!(" {:<2}", stack[0]),
                    n => format!("{}{n} ", &stack[0][..1]),
                }
            });
        }
        pos @ (AnyPosition::Chess(_) | AnyPosition::ToeToe(_) | AnyPosition::DiceChess(_) | AnyPosition::ChecToe(_)) => {
            let toe = matches!(pos, AnyPosition::ToeToe(_));
            s += &grid(layout_of(topology_of(pos)), 2, |c| {
                let b = piece_byte(pos, c);
                let ch = match b {
                    0 => '.',
                    _ if toe => toetoe::kind_letter(b & 7),
                    _ => b" PNBRQK"[(b & 7) as usize] as char,
                };
                format!(" {}", if b & 8 != 0 { ch.to_ascii_lowercase() } else { ch })
            });
            if let AnyPosition::ToeToe(p) = pos {
                s += &format!("\n({:?} phase; position {})", p.phase(), pos.to_text());
            }
        }
        AnyPosition::DoubleChess(p) => s += &double_chess_board(p),
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
            s += &format!("x: {x0} .. {x1}; tiles to draw: White {}, Black {}", p.face_down(Seat::A), p.face_down(Seat::B));
            if let Some(t) = p.holding() {
                s += &format!("; drawn, to place: {}", if t & 8 != 0 { b" pnbrqk"[(t & 7) as usize] } else { b" PNBRQK"[(t & 7) as usize] } as char);
            }
        }
    }
    s
}

/// Double Chess's 12x12 board, or Tri-Chess's hexagon row by row (as the triangular checkers
/// games'): each piece as its seat's letter and its kind ("aK": seat A's King), closed cells
/// (cut-throat corners, cut edges) as `##`; then who plays which set, and the check state.
fn double_chess_board(p: &DoubleChessPosition) -> String {
    let layout = layout_of(p.topology());
    let mut s = grid(layout, 3, |c| match p.owner_at(c) {
        Some(o) => format!(" {}{}", o.letter().to_ascii_lowercase(), b" PNBRQK"[p.kind_at(c) as usize % 7] as char),
        None if p.is_closed(c) => " ##".to_string(),
        None => " . ".to_string(),
    });
    let game = if p.is_tri() { variant_rules::GameId::TriChess } else { variant_rules::GameId::DoubleChess };
    let seats = crate::table::game::seats::Seats::new(game, p.seating().count());
    s += &format!("\n{}", crate::table::game::double_chess::sets_line(p).replace('\n', "   "));
    for line in crate::table::game::double_chess::state_lines(p, &seats) {
        s += &format!("\n{line}");
    }
    s
}

/// A board as text from its layout: rows from the top (the last rank) down, each led by its
/// rank and each cell drawn `width` characters wide by `glyph` in the column of its file, then
/// the files along the bottom. Ranks and files are read from the cells' names, so a hexagon of
/// triangles (whose rows start and end at different files, a triangle per file) is drawn as
/// its rows of triangles, each row as wide as it is on the board.
fn grid(layout: &BoardLayout, width: usize, glyph: impl Fn(Cell) -> String) -> String {
    let file_of = |c: Cell| layout.name(c).bytes().next().map_or(0, |b| b.saturating_sub(b'a') as usize);
    let rank_of = |c: Cell| layout.name(c).trim_start_matches(|ch: char| ch.is_ascii_lowercase()).parse::<u32>().unwrap_or(0);
    let mut rows: BTreeMap<u32, BTreeMap<usize, Cell>> = BTreeMap::new();
    for (c, _) in layout.cells() {
        rows.entry(rank_of(c)).or_default().insert(file_of(c), c);
    }
    let files = layout.cells().map(|(c, _)| file_of(c)).max().map_or(0, |f| f + 1);
    let mut s = String::new();
    for (rank, row) in rows.iter().rev() {
        s += &format!("{rank:>2} ");
        let last = row.keys().next_back().map_or(0, |&f| f + 1);
        for file in 0..last {
            s += &row.get(&file).map_or_else(|| " ".repeat(width), |&c| glyph(c));
        }
        s.push('\n');
    }
    s += "   ";
    for file in 0..files {
        s += &format!(" {:<w$}", (b'a' + file as u8) as char, w = width - 1);
    }
    s
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
/// (Double Chess: checkmates, Kings taken, missed turns).
fn print_news(before: Option<AnyPosition>, text: &str, game: &Game) {
    let Some(before) = before else { return };
    let Ok(m) = before.parse_move(text) else { return };
    let seats = crate::table::game::seats::Seats::new(game.id(), game.position().seating().count());
    let news = crate::table::game::double_chess::news(&before, m, game.position(), &seats);
    if !news.is_empty() {
        println!("{news}");
    }
}

/// Each seat's name, by seat: the game's ("white", "a"), in Double Chess with the set the seat
/// plays ("a (White 1)").
fn seat_names(game: &Game) -> Vec<String> {
    let pos = game.position();
    pos.seating()
        .seats()
        .map(|s| match pos {
            AnyPosition::DoubleChess(p) => format!("{} ({})", game.id().seat_name(s), p.set_name(s)),
            _ => game.id().seat_name(s),
        })
        .collect()
}

/// Plays `game` on standard input and output until it ends or the players quit.
pub fn run(mut game: Game) -> ExitCode {
    let names = seat_names(&game);
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
        if game.id().dice(game.options()) > 0 {
            // The roll and what it allows live in the position text's tail.
            println!("({})", variant_rules::chectoe::to_ascii(&pos.to_text()));
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
                    let token = crate::table::game::dice::roll_token(game.id(), game.options(), &record.faces);
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
                let before = matches!(game.position(), AnyPosition::DoubleChess(_)).then(|| game.position().clone());
                match play_typed(&mut game, text) {
                    Err(e) => println!("{e}"),
                    Ok(()) => print_news(before, text, &game),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use variant_rules::{GameId, GameOptions};

    use super::*;

    fn start(id: GameId) -> Game {
        Game::new(id, GameOptions::default_for(id), None).unwrap()
    }

    #[test]
    fn the_chess_board_is_drawn_rank_8_on_top() {
        let text = board(&start(GameId::Chess));
        let want = [
            " 8  r n b q k b n r",
            " 7  p p p p p p p p",
            " 6  . . . . . . . .",
            " 5  . . . . . . . .",
            " 4  . . . . . . . .",
            " 3  . . . . . . . .",
            " 2  P P P P P P P P",
            " 1  R N B Q K B N R",
            "    a b c d e f g h",
        ];
        assert_eq!(text.lines().collect::<Vec<_>>(), want);
    }

    #[test]
    fn double_chess_shows_each_seats_letter_and_the_closed_corners() {
        let mut opts = GameOptions::default_for(GameId::DoubleChess);
        let text = board(&start(GameId::DoubleChess));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "12  .  .  bR bN bB bQ bK bB bN bR .  . ");
        assert_eq!(lines[6], " 6  cK cP .  .  .  .  .  .  .  .  dP dQ");
        assert_eq!(lines[12], "    a  b  c  d  e  f  g  h  i  j  k  l ");
        assert_eq!(lines[13], "A White 1 south   B Black 1 north   C White 2 west   D Black 2 east");
        opts.seating = variant_rules::checkers::DoublesSeating::CutThroat;
        let text = board(&Game::new(GameId::DoubleChess, opts, None).unwrap());
        assert!(text.lines().next().unwrap().starts_with("12  ## ## cR"), "{text}");
        assert!(text.lines().nth(11).unwrap().ends_with("aR ## ##"), "{text}");
    }

    #[test]
    fn a_hexagon_is_drawn_row_by_row_each_triangle_under_its_file() {
        let mut opts = GameOptions::default_for(GameId::TriStax);
        opts.players = 6;
        let game = Game::new(GameId::TriStax, opts, None).unwrap();
        let text = board(&game);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 13, "{text}");
        assert!(lines[0].starts_with("12 ") && lines[11].starts_with(" 1 "), "{text}");
        let files: Vec<&str> = lines[12].split_whitespace().collect();
        assert_eq!(files.first().copied(), Some("a"));
        // Each seat's twelve checkers, by its letter.
        for seat in ['a', 'b', 'c', 'd', 'e', 'f'] {
            let n: usize = lines[..12].iter().map(|l| l[3..].matches(seat).count()).sum();
            assert_eq!(n, 12, "seat {seat}: {text}");
        }
        // The hexagon: the middle rows reach the first file, the edge rows start further in,
        // and every cell sits under its file's letter.
        let indent = |l: &str| l[3..].len() - l[3..].trim_start().len();
        assert!(indent(lines[5]) <= 1 && indent(lines[6]) <= 1, "{text}");
        assert!(indent(lines[0]) > 12 && indent(lines[11]) > 12, "{text}");
        let layout = layout_of(topology_of(game.position()));
        assert_eq!(files.len(), layout.cells().map(|(c, _)| layout.name(c).as_bytes()[0]).max().map_or(0, |b| (b - b'a' + 1) as usize));
    }

    #[test]
    fn tri_chess_is_drawn_as_its_hexagon_with_chess_letters() {
        let mut opts = GameOptions::default_for(GameId::TriChess);
        opts.players = 3;
        let text = board(&Game::new(GameId::TriChess, opts, None).unwrap());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 12, "ten rows, the files, the sets: {text}");
        assert!(lines[0].starts_with("10 ") && lines[9].starts_with(" 1 "), "{text}");
        assert_eq!(lines[11], "A south   B north-west   C north-east");
        // Each seat's King, Queen, two Rooks, and nine Pawns (the full edges' ninth).
        let rows = &lines[..10];
        let count = |piece: &str| rows.iter().map(|l| l.matches(piece).count()).sum::<usize>();
        for seat in ['a', 'b', 'c'] {
            assert_eq!((count(&format!("{seat}K")), count(&format!("{seat}Q")), count(&format!("{seat}R"))), (1, 1, 2), "{seat}: {text}");
            assert_eq!(count(&format!("{seat}P")), 9, "{seat}: {text}");
        }
        // A hexagon: the middle rows are the widest; no closed triangles on the full board.
        let width = |l: &str| l.trim_end().len();
        assert!(width(rows[0]) < width(rows[4]) && width(rows[9]) < width(rows[5]), "{text}");
        assert!(!text.contains("##"), "{text}");
        // With the edges cut, the unoccupied edges are out of play.
        opts.cut_edges = true;
        let cut = board(&Game::new(GameId::TriChess, opts, None).unwrap());
        assert!(cut.contains("##"), "{cut}");
    }

    #[test]
    fn checkers_cells_are_three_wide_and_dark_squares_dotted() {
        let text = board(&start(GameId::Stax));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[8], "    a  b  c  d  e  f  g  h ");
        assert_eq!(lines[4], format!(" 4 {}", "    . ".repeat(4)), "rank 4: empty, a4 light, b4 dark");
        assert!(lines.iter().all(|l| l.chars().count() == 3 + 8 * 3), "{lines:?}");
    }
}
