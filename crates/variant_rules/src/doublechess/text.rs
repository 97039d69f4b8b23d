//! Double Chess text: the position record (rows of `[aK]` pieces and the four-player state) and moves in the grid (`f2f5`) and corner (`D2-D5`, `III7-IV8`) notations.

use super::{DoubleChessPosition, DoubleKind, DoubleMove, Immunity, KING, Mate, Notation, PAWN, ROOK, cell_from, kind, owner, piece, seen_from};
use crate::checkers::DoublesSeating;
use crate::codec::{RowSyntax, read_row, write_rows};
use crate::position::{MoveError, Position, Seat, SeatSet};
use crate::topology::{Cell, NO_CELL, Side};

/// Rows of bracketed pieces and multi-digit empty runs.
const ROWS: RowSyntax = RowSyntax { multi_digit_runs: true, groups: true };
/// Piece letters by kind (index 0 unused).
const LETTERS: &[u8; 7] = b" PNBRQK";

/// A move as read from text, before it is matched with a legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoveWords {
    Pass,
    /// `O-O` (the Rook nearer the King) or `O-O-O` (the other).
    Castle {
        long: bool,
    },
    Move {
        from: Cell,
        to: Cell,
        promotion: u8,
        victim: Cell,
    },
}

/// The corner notation's name of file `f` (0..12) counted from a seat's left: I, II, A..H, III, IV.
fn corner_file(f: u8) -> String {
    match f {
        0 => "I".into(),
        1 => "II".into(),
        10 => "III".into(),
        11 => "IV".into(),
        _ => ((b'A' + f - 2) as char).to_string(),
    }
}

/// Splits a corner-notation file off the front of `s`.
fn read_corner_file(s: &str) -> Option<(u8, &str)> {
    for (name, f) in [("III", 10), ("IV", 11), ("II", 1), ("I", 0)] {
        if let Some(rest) = s.strip_prefix(name) {
            return Some((f, rest));
        }
    }
    let c = s.bytes().next()?;
    (b'A'..=b'H').contains(&c).then(|| (c - b'A' + 2, &s[1..]))
}

/// Splits a rank 1..=`rows` off the front of `s`.
fn read_rank(s: &str, rows: u8) -> Option<(u8, &str)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count().min(2);
    let r: u8 = s[..digits].parse().ok()?;
    (1..=rows).contains(&r).then(|| (r - 1, &s[digits..]))
}

impl DoubleChessPosition {
    /// A cell's name in the position's notation, for a move by `s`.
    pub fn cell_name(&self, s: Seat, c: Cell) -> String {
        match self.notation {
            Notation::Grid => self.geo.topo.name(c),
            Notation::Corner => {
                let (f, r) = seen_from(self.sides[s], c);
                format!("{}{}", corner_file(f), r + 1)
            }
        }
    }

    /// Reads one cell off the front of `s` in grid (lowercase) or corner (uppercase, as `side` sees it) notation.
    fn read_cell<'a>(&self, s: &'a str, side: Side) -> Option<(Cell, &'a str)> {
        let rows = self.geo.topo.height();
        if s.starts_with(|c: char| c.is_ascii_uppercase()) {
            if self.is_tri() {
                return None;
            }
            let (f, rest) = read_corner_file(s)?;
            let (r, rest) = read_rank(rest, rows)?;
            return Some((cell_from(side, f, r), rest));
        }
        let f = s.bytes().next().filter(|b| (b'a'..b'a' + self.geo.topo.width()).contains(b))?;
        let (r, rest) = read_rank(&s[1..], rows)?;
        Some((self.geo.topo.cell(f - b'a', r)?, rest))
    }

    /// The move in the position's notation: `f2f5`, `k3j4xj5` (en passant names the Pawn taken),
    /// `e11e12q`; in corner notation `D2-D5`, `III7-IV8`; `pass`. Tri-Chess writes castling
    /// `O-O` (toward the nearer Rook) or `O-O-O`: its King also steps two triangles along the
    /// edge row to the same cell (a corner neighbour), so the cells alone would name two moves.
    /// Double Chess's King never moves two cells otherwise, so its castling stays `f1d1`.
    pub(crate) fn write_move(&self, m: DoubleMove) -> String {
        if m.kind == DoubleKind::Pass {
            return "pass".into();
        }
        let s = self.turn;
        if m.kind == DoubleKind::Castle && self.is_tri() {
            return if self.castle_index(s, m) == 1 { "O-O-O".into() } else { "O-O".into() };
        }
        let sep = if self.notation == Notation::Corner { "-" } else { "" };
        let mut t = format!("{}{sep}{}", self.cell_name(s, m.from), self.cell_name(s, m.to));
        if m.promotion != 0 {
            t.push(LETTERS[m.promotion as usize].to_ascii_lowercase() as char);
        }
        if m.kind == DoubleKind::EnPassant {
            t += &format!("x{}", self.cell_name(s, m.victim));
        }
        t
    }

    /// Reads a move in either notation (corner cells as the seat to move sees them).
    pub(crate) fn read_move(&self, text: &str) -> Result<MoveWords, String> {
        match text {
            "pass" => return Ok(MoveWords::Pass),
            "O-O" | "0-0" => return Ok(MoveWords::Castle { long: false }),
            "O-O-O" | "0-0-0" => return Ok(MoveWords::Castle { long: true }),
            _ => {}
        }
        let bad = || {
            if self.is_tri() {
                format!("'{text}' is not a Tri-Chess move (expected e.g. j2j4, g1e1, j7j8q or pass: cells are a column letter and a row)")
            } else {
                format!("'{text}' is not a Double Chess move (expected e.g. f2f5, k3j4xj5, e11e12q, D2-D5, III7-IV8 or pass)")
            }
        };
        let side = self.sides[self.turn];
        let (from, rest) = self.read_cell(text, side).ok_or_else(bad)?;
        let rest = rest.strip_prefix('-').unwrap_or(rest);
        let (to, rest) = self.read_cell(rest, side).ok_or_else(bad)?;
        let (promo, victim) = rest.split_once('x').map_or((rest, None), |(p, v)| (p, Some(v)));
        let promotion = crate::chess::read_promotion(text, promo)?;
        let victim = match victim {
            None => NO_CELL,
            Some(v) => match self.read_cell(v, side) {
                Some((c, "")) => c,
                _ => return Err(bad()),
            },
        };
        Ok(MoveWords::Move { from, to, promotion, victim })
    }

    /// Finds the legal move a text names.
    pub(crate) fn parse(&self, text: &str) -> Result<DoubleMove, MoveError> {
        let words = self.read_move(text).map_err(MoveError::Malformed)?;
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if let Some(o) = self.outcome_with(&legal) {
            return Err(MoveError::GameOver(o.reason().to_string()));
        }
        let s = self.turn;
        let found = legal.iter().copied().find(|&m| match words {
            MoveWords::Pass => m.kind == DoubleKind::Pass,
            MoveWords::Castle { long } => m.kind == DoubleKind::Castle && self.castle_index(s, m) == long as usize,
            // In Tri-Chess cells never name a castling (the King's plain two-triangle step has them).
            MoveWords::Move { from, to, promotion, victim } => {
                m.from == from && m.to == to && m.promotion == promotion && victim == m.victim && !(self.is_tri() && m.kind == DoubleKind::Castle)
            }
        });
        found.ok_or_else(|| MoveError::Illegal(self.refusal(words, &legal).to_string()))
    }

    /// Which of the seat's two castlings (0 short, 1 long) a castling move is.
    pub(crate) fn castle_index(&self, s: Seat, m: DoubleMove) -> usize {
        usize::from(self.castles[s][1].king_to == m.to && self.castles[s][0].king_to != m.to)
    }

    /// The position record (`docs/notation.md`): rows from rank 12 down with pieces as `[aK]`,
    /// then the seat to move, castling rights, en-passant runs, standing mates, frozen seats,
    /// the immune piece, quiet plies, and `drawn` when cut-throat ended in a stalemate draw.
    pub fn text(&self) -> String {
        let rows = write_rows(self.geo.topo, |c| {
            let p = self.board[c as usize];
            (p != 0).then(|| format!("[{}{}]", owner(p).letter().to_ascii_lowercase(), LETTERS[kind(p) as usize] as char))
        });
        let letter = |s: Seat| s.letter().to_ascii_lowercase();
        let list = |items: Vec<String>| if items.is_empty() { "-".to_string() } else { items.join(",") };
        let mut castle = String::new();
        for s in self.seating.seats() {
            if self.castling & (1 << (2 * s.0)) != 0 {
                castle.push(s.letter());
            }
            if self.castling & (2 << (2 * s.0)) != 0 {
                castle.push(letter(s));
            }
        }
        let seats = self.seating.seats();
        let ep = list(
            seats
                .filter(|&s| self.ep[s].0 != NO_CELL)
                .map(|s| format!("{}:{}{}", letter(s), self.geo.topo.name(self.ep[s].0), self.geo.topo.name(self.ep[s].1)))
                .collect(),
        );
        let mates = list(
            self.seating
                .seats()
                .filter_map(|v| self.mate[v].map(|m| format!("{}<{}/{}", letter(v), letter(m.by), m.with.letters().to_ascii_lowercase())))
                .collect(),
        );
        let out = if self.out.is_empty() { "-".into() } else { self.out.letters().to_ascii_lowercase() };
        let immune =
            self.immune.map_or("-".into(), |i| format!("{}:{}/{}", self.geo.topo.name(i.cell), letter(i.owner), i.from.letters().to_ascii_lowercase()));
        let castle = if castle.is_empty() { "-".into() } else { castle };
        let mut t = format!("{rows} {} {castle} {ep} {mates} {out} {immune} {}", letter(self.turn), self.quiet);
        if self.drawn {
            t += " drawn";
        }
        t
    }

    /// Reads and checks a Double Chess position record for a seating.
    pub fn from_text(text: &str, seating: DoublesSeating, notation: Notation) -> Result<DoubleChessPosition, String> {
        DoubleChessPosition::empty(seating, notation)?.read_text(text)
    }

    /// Fills this empty table from a position record and checks it.
    pub(crate) fn read_text(mut self, text: &str) -> Result<DoubleChessPosition, String> {
        let game = if self.is_tri() { "Tri-Chess" } else { "Double Chess" };
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(8..=9).contains(&fields.len()) || (fields.len() == 9 && fields[8] != "drawn") {
            return Err(format!(
                "a {game} position has 8 fields (rows, seat to move, castling, en passant, mates, frozen, immune, quiet plies) and optionally 'drawn', found {}",
                fields.len()
            ));
        }
        let pos = &mut self;
        pos.read_rows(fields[0])?;
        pos.turn = pos.read_seat(fields[1], "seat to move")?;
        pos.read_castling(fields[2])?;
        pos.read_list(fields[3], |p, item| p.read_ep(item))?;
        pos.read_list(fields[4], |p, item| p.read_mate(item))?;
        if fields[5] != "-" {
            let three_teams = !pos.cut_throat && pos.seating.teams().len() > 2;
            for ch in fields[5].chars() {
                let s = pos
                    .seat_letter(ch)
                    .filter(|_| pos.cut_throat || three_teams)
                    .ok_or_else(|| format!("'{}' is no frozen seat (frozen sets are cut-throat's or a beaten team's of three)", fields[5]))?;
                pos.out = pos.out.with(s);
            }
        }
        if fields[6] != "-" {
            pos.immune = Some(pos.read_immunity(fields[6])?);
        }
        pos.quiet = fields[7].parse().map_err(|_| format!("quiet plies must be a number, not '{}'", fields[7]))?;
        pos.drawn = fields.len() == 9;
        pos.check_state()?;
        Ok(self)
    }

    /// A lower-case seat letter of this table.
    fn seat_letter(&self, ch: char) -> Option<Seat> {
        Seat::from_letter(ch, self.seating.count()).filter(|_| ch.is_ascii_lowercase())
    }

    fn read_seat(&self, t: &str, what: &str) -> Result<Seat, String> {
        let mut chars = t.chars();
        match (chars.next().and_then(|c| self.seat_letter(c)), chars.next()) {
            (Some(s), None) => Ok(s),
            _ => Err(format!("'{t}' is not a {what} (a to {})", Seat(self.seating.count() as u8 - 1).letter().to_ascii_lowercase())),
        }
    }

    fn read_list(&mut self, field: &str, mut item: impl FnMut(&mut Self, &str) -> Result<(), String>) -> Result<(), String> {
        if field == "-" {
            return Ok(());
        }
        field.split(',').try_for_each(|i| item(self, i))
    }

    fn read_rows(&mut self, field: &str) -> Result<(), String> {
        let topo = self.geo.topo;
        let height = topo.height();
        let rows: Vec<&str> = field.split('/').collect();
        if rows.len() != height as usize {
            return Err(format!("the board has {height} rows separated by '/', found {}", rows.len()));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = height - 1 - i as u8;
            // The row's cells, west to east (a hexagon's rows differ in length).
            let cells: Vec<Cell> = (0..topo.width()).filter_map(|f| topo.cell(f, rank)).collect();
            let found = read_row(row, ROWS, cells.len(), read_piece).map_err(|e| format!("rank {}: {e}", rank + 1))?;
            if found.len() != cells.len() {
                return Err(format!("rank {} describes {} cells, not {}", rank + 1, found.len(), cells.len()));
            }
            for (c, p) in cells.into_iter().zip(found) {
                if let Some(p) = p {
                    self.place_checked(c, p)?;
                }
            }
        }
        Ok(())
    }

    fn place_checked(&mut self, c: Cell, p: u8) -> Result<(), String> {
        let (s, name) = (owner(p), self.geo.topo.name(c));
        if s.0 as usize >= self.seating.count() {
            return Err(format!("{name} holds a piece of seat {}, but the table seats {}", s.letter(), self.seating.count()));
        }
        if self.closed.contains(c) {
            return Err(format!("{name} is off limits and cannot hold a piece"));
        }
        if kind(p) == KING && self.kings[s] != NO_CELL {
            return Err(format!("seat {} has two Kings", s.letter()));
        }
        let side = self.sides[s];
        if kind(p) == PAWN && (self.geo.topo.distance_from(side, c) == 0 || self.promotes(side, c)) {
            return Err(format!("seat {}'s Pawn on {name} stands on its own back row or far edge", s.letter()));
        }
        self.put(c, p);
        Ok(())
    }

    fn read_castling(&mut self, field: &str) -> Result<(), String> {
        if field == "-" {
            return Ok(());
        }
        for ch in field.chars() {
            let s = Seat::from_letter(ch, self.seating.count())
                .ok_or_else(|| format!("'{ch}' in castling rights is not a seat letter (upper case short, lower case long)"))?;
            let i = if ch.is_ascii_uppercase() { 0 } else { 1 };
            let c = self.castles[s][i];
            if c.king_from == NO_CELL {
                return Err(format!("seat {} has no such castling", s.letter()));
            }
            if self.board[c.king_from as usize] != piece(s, KING) || self.board[c.rook_from as usize] != piece(s, ROOK) {
                return Err(format!(
                    "castling right '{ch}' needs seat {}'s King on {} and Rook on {}",
                    s.letter(),
                    self.geo.topo.name(c.king_from),
                    self.geo.topo.name(c.rook_from)
                ));
            }
            self.castling |= 1 << (2 * s.0 as usize + i);
        }
        Ok(())
    }

    fn read_ep(&mut self, item: &str) -> Result<(), String> {
        let bad = || format!("'{item}' is not an en-passant run (seat:fromto, e.g. a:f2f5)");
        let (seat, cells) = item.split_once(':').ok_or_else(bad)?;
        let s = self.read_seat(seat, "seat")?;
        let side = self.sides[s];
        let (from, rest) = self.read_cell(cells, side).ok_or_else(bad)?;
        let (to, rest) = self.read_cell(rest, side).ok_or_else(bad)?;
        let forward = self.geo.forward(side);
        let mut x = from;
        let mut steps = 0;
        while x != NO_CELL && x != to && steps < 3 {
            x = self.geo.topo.step(x, forward);
            steps += 1;
        }
        let longest = if self.extended { 3 } else { 2 };
        if !rest.is_empty() || x != to || !(2..=longest).contains(&steps) || self.board[to as usize] != piece(s, PAWN) {
            return Err(format!("'{item}': seat {}'s Pawn must stand on the end of a run of 2 to {longest} cells forward", s.letter()));
        }
        self.ep[s] = (from, to);
        Ok(())
    }

    fn read_mate(&mut self, item: &str) -> Result<(), String> {
        let bad = || format!("'{item}' is not a standing mate (victim<mater/participants, e.g. d<a/d)");
        let (v, rest) = item.split_once('<').ok_or_else(bad)?;
        let (by, with) = rest.split_once('/').ok_or_else(bad)?;
        let (v, by) = (self.read_seat(v, "seat")?, self.read_seat(by, "seat")?);
        let mut set = SeatSet::EMPTY;
        for ch in with.chars() {
            set = set.with(Seat::from_letter(ch, self.seating.count()).ok_or_else(bad)?);
        }
        if self.kings[v] == NO_CELL || !self.enemies(v).contains(by) {
            return Err(format!("'{item}': the mated seat needs its King on the board and the mater must be its opponent"));
        }
        self.mate[v] = Some(Mate { by, with: set });
        Ok(())
    }

    fn read_immunity(&self, t: &str) -> Result<Immunity, String> {
        let bad = || format!("'{t}' is not an immune piece (cell:owner/seats, e.g. f7:a/d)");
        let (cell, rest) = t.split_once(':').ok_or_else(bad)?;
        let (o, from) = rest.split_once('/').ok_or_else(bad)?;
        let owner_seat = self.read_seat(o, "seat")?;
        let cell = match self.read_cell(cell, Side::SOUTH) {
            Some((c, "")) if self.board[c as usize] != 0 && owner(self.board[c as usize]) == owner_seat => c,
            _ => return Err(format!("'{t}': the immune piece must stand on its cell")),
        };
        let mut set = SeatSet::EMPTY;
        for ch in from.chars() {
            set = set.with(Seat::from_letter(ch, self.seating.count()).ok_or_else(bad)?);
        }
        Ok(Immunity { cell, owner: owner_seat, from: set })
    }

    /// The checks a record must pass beyond its syntax.
    fn check_state(&self) -> Result<(), String> {
        for v in self.seating.seats() {
            if self.cut_throat && self.mate[v].is_some() && !self.out.contains(v) {
                return Err(format!("seat {} is mated in cut-throat, so its set must be frozen", v.letter()));
            }
        }
        if self.skipped(self.turn) {
            return Err(format!("seat {} misses its turns (mated or frozen) and cannot be the seat to move", self.turn.letter()));
        }
        Ok(())
    }
}

/// A `[aK]` token: the seat's letter, then the piece's.
fn read_piece(t: &str) -> Result<u8, String> {
    let b = t.as_bytes();
    let seat = (b.len() == 4 && b[0] == b'[' && b[3] == b']').then(|| Seat::from_letter(b[1] as char, crate::position::MAX_SEATS)).flatten();
    let k = LETTERS.iter().skip(1).position(|&l| b.len() == 4 && l == b[2]);
    match (seat, k) {
        (Some(s), Some(k)) if b[1].is_ascii_lowercase() => Ok(piece(s, k as u8 + 1)),
        _ => Err(format!("'{t}' is not a piece (expected [aK]: a seat letter a-f, then P, N, B, R, Q or K)")),
    }
}
