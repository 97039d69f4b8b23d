//! The checkers family's text form: rows of stacks, the seat to move, quiet plies and, once a
//! Doubles game is won, the winning team (`docs/notation.md`).

use super::{Checker, CheckersGame, CheckersPosition, CheckersRules, MAX_CHECKERS};
use crate::codec::{RowError, RowSyntax, RowToken, row_tokens, write_rows};
use crate::position::{Position, Seat, SeatSet};
use crate::topology::{Cell, Wrap};

impl CheckersPosition {
    /// The position's text form (see `docs/notation.md`): rows from the last rank down, empty
    /// runs as numbers, stacks in brackets top first, then the seat to move (`a`-`d`), quiet
    /// plies, and `won:ac` when a game of more than two seats has been won.
    pub fn text(&self) -> String {
        let rows = write_rows(self.topology(), |c| {
            let stack: Vec<Checker> = self.stack(c).collect();
            match stack.as_slice() {
                [] => None,
                [one] if one.number() == 0 => Some(one.to_string()),
                _ => Some(format!("[{}]", stack.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(","))),
            }
        });
        let mut s = format!("{rows} {} {}", (b'a' + self.turn.0) as char, self.quiet);
        if !self.won.is_empty() {
            s += &format!(" won:{}", self.won.letters().to_ascii_lowercase());
        }
        s
    }

    /// Parses and validates the text form for the given rules and wrap.
    pub fn from_text(text: &str, rules: CheckersRules, wrap: Wrap) -> Result<CheckersPosition, String> {
        let mut pos = CheckersPosition::empty(rules, wrap)?;
        let seats = pos.table.seating.count();
        let size = pos.topology().height() as usize;
        let fields: Vec<&str> = text.split_whitespace().collect();
        let game = rules.name();
        if !(3..=4).contains(&fields.len()) || (fields.len() == 4 && seats == 2) {
            let extra = if seats > 2 { " and optionally won:<team>" } else { "" };
            return Err(format!("a {game} position has 3 fields (rows, side to move, quiet plies{extra}), found {}", fields.len()));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != size {
            return Err(format!("a {seats}-player {game} position has {size} rows, found {}", rows.len()));
        }
        for (i, row) in rows.iter().enumerate() {
            pos.read_row(row, (size - 1 - i) as u8)?;
        }
        let mut turn = fields[1].chars();
        pos.turn = match (turn.next().and_then(|c| Seat::from_letter(c, seats)), turn.next(), fields[1].starts_with(|c: char| c.is_ascii_lowercase())) {
            (Some(s), None, true) => s,
            _ => return Err(format!("side to move must be one of {}, found '{}'", letters(seats), fields[1])),
        };
        pos.quiet = fields[2].parse().map_err(|_| format!("quiet plies '{}' is not a number", fields[2]))?;
        if let Some(won) = fields.get(3) {
            pos.won = read_team(won, &pos)?;
        }
        pos.validate()?;
        if seats > 2 && pos.won.is_empty() && !pos.can_move(pos.turn) {
            // Play never leaves the turn with a seat that cannot move: pass it on the same way.
            let before = pos.turn;
            pos.turn = pos.next_mobile_seat_only(before);
        }
        pos.hash = pos.recompute_hash();
        Ok(pos)
    }

    /// The first seat after `from` that can move (no removals: reading a position changes no checkers).
    fn next_mobile_seat_only(&self, from: Seat) -> Seat {
        let seating = self.table.seating;
        let mut next = seating.next(from);
        for _ in 0..seating.count() {
            if self.can_move(next) {
                return next;
            }
            next = seating.next(next);
        }
        from
    }

    fn read_row(&mut self, row: &str, rank: u8) -> Result<(), String> {
        let topo = self.topology();
        // The row's cells, west to east (a hexagon's rows differ in length).
        let cells: Vec<Cell> = (0..topo.width()).filter_map(|f| topo.cell(f, rank)).collect();
        let size = cells.len();
        let mut file = 0u32;
        for token in row_tokens(row, RowSyntax { multi_digit_runs: true, groups: true }) {
            let token = token.map_err(|e| match e {
                RowError::Unclosed => format!("row '{row}' has an unclosed '['"),
                _ => format!("row '{row}' does not have {size} cells"),
            })?;
            match token {
                RowToken::Empty(run) => {
                    if file.saturating_add(run) > size as u32 {
                        return Err(format!("row '{row}' does not have {size} cells"));
                    }
                    file += run;
                }
                RowToken::Piece(text) => {
                    if file >= size as u32 {
                        return Err(format!("row '{row}' has more than {size} cells"));
                    }
                    let c = cells[file as usize] as u8;
                    let inner = text.strip_prefix('[').and_then(|t| t.strip_suffix(']'));
                    for p in inner.map_or_else(|| vec![text], |t| t.split(',').collect()) {
                        self.push_bottom_checked(c, p)?;
                    }
                    file += 1;
                }
            }
        }
        if file != size as u32 {
            return Err(format!("row '{row}' does not have {size} cells"));
        }
        Ok(())
    }

    /// Checks what a text cannot be allowed to say: stacks in Checkers, checkers off their
    /// colour, more than a set of twelve.
    fn validate(&self) -> Result<(), String> {
        let topo = self.topology();
        let rules = self.rules;
        for c in 0..topo.len() as Cell {
            let height = self.stack(c).count();
            if height == 0 {
                continue;
            }
            if rules.game == CheckersGame::Checkers && height > 1 {
                return Err(format!("Checkers has no stacks, but {} holds {height} checkers", topo.name(c)));
            }
            let colour = self.table.dark[Seat(0)];
            if rules.game != CheckersGame::Queens && topo.is_dark(c) != colour {
                let (what, cell) = if rules.tri { ("triangle", if colour { "light" } else { "dark" }) } else { ("square", "light") };
                return Err(format!("{} is a {cell} {what}, which {} does not use", topo.name(c), rules.name()));
            }
        }
        for seat in self.table.seating.seats() {
            let n = self.checkers_on_board().filter(|k| k.owner() == seat).count();
            if n > 12 {
                return Err(format!("player {} has {n} checkers; a set has 12", (b'a' + seat.0) as char));
            }
        }
        if !self.won.is_empty() && !self.table.seating.teams().contains(&self.won) {
            return Err(format!("won:{} is not a team of this seating", self.won.letters().to_ascii_lowercase()));
        }
        Ok(())
    }

    fn push_bottom_checked(&mut self, c: u8, text: &str) -> Result<(), String> {
        let seats = self.table.seating.count();
        let mut chars = text.chars();
        let letter = chars.next().ok_or("empty checker in a stack")?;
        let owner = Seat::from_letter(letter, seats).filter(|_| letter.is_ascii_alphabetic()).ok_or_else(|| {
            let l = letters(seats);
            format!("unknown checker '{text}' (expected {l} or their capitals, with a number in Numbers)")
        })?;
        let king = letter.is_ascii_uppercase();
        let digits = chars.as_str();
        let number: u8 = if digits.is_empty() {
            0
        } else {
            digits.parse().ok().filter(|n| (1..=12).contains(n)).ok_or_else(|| format!("checker '{text}' has a number outside 1-12"))?
        };
        if number != 0 && !self.rules.numbers {
            return Err(format!("checker '{text}' is numbered, but the Numbers variation is off"));
        }
        if self.rules.numbers && !king && number == 0 {
            return Err(format!("checker '{text}' needs a number (1-12) in the Numbers variation"));
        }
        if king && number != 0 {
            return Err(format!("king '{text}' shows its crown, not a number"));
        }
        if self.count as usize >= MAX_CHECKERS {
            return Err("too many checkers".into());
        }
        self.push_bottom(c, Checker::new(owner, king, number));
        Ok(())
    }
}

/// "a or b", "a, b, c or d".
fn letters(seats: usize) -> String {
    let l: Vec<String> = (0..seats as u8).map(|i| format!("'{}'", (b'a' + i) as char)).collect();
    match l.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => l.join(""),
    }
}

fn read_team(token: &str, pos: &CheckersPosition) -> Result<SeatSet, String> {
    let seats = pos.table.seating.count();
    let body = token.strip_prefix("won:").ok_or_else(|| format!("unknown field '{token}' (expected won:<team>)"))?;
    let mut team = SeatSet::EMPTY;
    for ch in body.chars() {
        let s = Seat::from_letter(ch, seats).filter(|_| ch.is_ascii_lowercase()).ok_or_else(|| format!("'{token}' names an unknown seat '{ch}'"))?;
        team = team.with(s);
    }
    if team.is_empty() {
        return Err(format!("'{token}' names no seat"));
    }
    Ok(team)
}
