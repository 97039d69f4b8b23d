//! The scene in text: the inspection panel's lines, seat states, losses, refusals and the terminal's board.

use std::collections::BTreeMap;

use super::{Players, Scene};
use crate::game::{AnyPosition, Game};
use crate::layout::BoardLayout;
use crate::position::{Position, Seat, SeatState};
use crate::topology::Cell;

/// A move's text in ASCII (Chec Toe's drop, Checker and Wizard marks as `v`, `^`, `*`), for a
/// font without them.
pub fn ascii_notation(text: &str) -> String {
    crate::chectoe::to_ascii(text)
}

/// Seats named per line where the HUD lists seats.
const PER_LINE: usize = 2;

impl AnyPosition {
    /// The inspection panel for a cell: its name, then a stack top down ("top: Player A (Red)
    /// king #3"), or the piece standing there ("White Knight"), or what closes the cell, and
    /// the piece's marks. `label` names a seat as the HUD does.
    pub fn inspect(&self, cell: Cell, label: &dyn Fn(Seat) -> String) -> String {
        let mut s = format!("{}:", self.topology().name(cell));
        let look = self.look();
        if look.stacks {
            for (i, ck) in self.stack_on(cell).iter().rev().enumerate() {
                let king = if ck.kind == super::PieceKind::CheckerKing { " king" } else { "" };
                let num = if ck.number > 0 { format!(" #{}", ck.number) } else { String::new() };
                s += &format!("\n  {}{}{king}{num}", if i == 0 { "top: " } else { "     " }, label(ck.seat));
            }
            return s;
        }
        if look.tiles {
            return s;
        }
        match self.piece_on(cell) {
            Some(p) => s += &format!(" {} {}", label(p.seat), self.kind_name(p.kind)),
            None if self.is_closed(cell) => s += &format!(" {}", self.scene().closed_words()),
            None => {}
        }
        s += &self.marks_on(cell).words().iter().map(|w| format!(", {w}")).collect::<String>();
        s
    }

    /// The seats out of the normal turn order, grouped by state: "missing: C   immobile: D", in
    /// Double Chess "mated: D" (missing turns) and "frozen: C" (cut-throat, checkmated).
    pub fn seat_states_line(&self) -> String {
        let mut parts = Vec::new();
        for state in [SeatState::Missing, SeatState::Immobile, SeatState::Eliminated, SeatState::Mated] {
            let who: Vec<String> = self.seating().seats().filter(|&s| self.seat_state(s) == state).map(|s| s.letter().to_string()).collect();
            if !who.is_empty() {
                parts.push(format!("{}: {}", self.state_word(state), who.join(", ")));
            }
        }
        parts.join("   ")
    }

    /// Why the piece on `from` cannot go through `hops` to `cell`, in the rules' words
    /// ("e2e5: ..."); `jumping` says a checkers-family move is a jump (`x`) rather than a
    /// step (`-`).
    pub fn refusal(&self, from: Cell, hops: &[Cell], cell: Cell, jumping: bool) -> String {
        let topo = self.topology();
        let mut text = topo.name(from);
        for &h in hops.iter().chain(std::iter::once(&cell)) {
            if self.look().stacks {
                text.push(if jumping { 'x' } else { '-' });
            }
            text += &topo.name(h);
        }
        match self.parse_move(&text) {
            Err(e) => format!("{text}: {e}"),
            Ok(_) => format!("{text}: not playable from here"),
        }
    }

    /// The board as text for the terminal, last rank on top, with what the game adds below
    /// it (the sets and standing checkmates, CHEX's piles).
    pub fn board_text(&self, players: &Players) -> String {
        self.scene().text_board(players)
    }
}

impl Game {
    /// Each seat's name as the terminal says it, by seat: the game's ("white", "a"), with the
    /// set where the game names sets of its own ("a (White 1)").
    pub fn seat_words(&self) -> Vec<String> {
        let pos = self.position();
        let named_sets = pos.sets_line().is_some();
        pos.seating().seats().map(|s| if named_sets { format!("{} ({})", self.id().seat_name(s), pos.set_name(s)) } else { self.id().seat_name(s) }).collect()
    }

    /// What each seat has lost, for the status panel: with more than two seats by letter, two
    /// seats a line ("held" for "held prisoner"); with two by the seat's `label`.
    pub fn captured_text(&self, label: &dyn Fn(Seat) -> String) -> String {
        let pos = self.position();
        let lost: Vec<(Seat, String)> =
            self.captured_summary().into_iter().enumerate().filter(|(_, l)| !l.is_empty()).map(|(i, l)| (Seat(i as u8), l)).collect();
        if pos.seating().count() > 2 {
            let entries: Vec<String> = lost.iter().map(|(s, l)| format!("{}: {}", s.letter(), l.replace(" held prisoner", " held"))).collect();
            let lines: Vec<String> = entries.chunks(PER_LINE).map(|pair| pair.join("   ")).collect();
            return if lines.is_empty() { String::new() } else { format!("lost: {}", lines.join("\n      ")) };
        }
        let sep = if pos.lost_says_itself() { ":" } else { " lost:" };
        lost.iter().map(|(s, l)| format!("{}{sep} {l}   ", label(*s))).collect()
    }
}

/// A chessman as the terminal draws it: its letter, lower case for the second seat.
pub(crate) fn chess_glyph<S: Scene + ?Sized>(p: &S, c: Cell) -> String {
    let ch = p.piece_on(c).map_or('.', |pc| if pc.seat == Seat::A { pc.kind.letter() } else { pc.kind.letter().to_ascii_lowercase() });
    format!(" {ch}")
}

/// A board as text from its layout: rows from the top (the last rank) down, each led by its
/// rank and each cell drawn `width` characters wide by `glyph` in the column of its file, then
/// the files along the bottom. Ranks and files are read from the cells' names, so a hexagon of
/// triangles is drawn as its rows of triangles, each row as wide as it is on the board.
pub(crate) fn grid(layout: &BoardLayout, width: usize, glyph: impl Fn(Cell) -> String) -> String {
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
