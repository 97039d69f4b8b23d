//! Chec Toe (`chec-toe.txt`): four pieces a side on an empty 4x4 board, one die, drops,
//! Wizard and Checker movement, the 6-6-6 Apocalypse, and a Toe that must survive a turn.
//!
//! A turn is a chain of rolls and at most one action: `[4]` (the die), then a drop
//! (`Ra4⌄`), a move (`Ra4`, or `Ra4°` as a Wizard, `Ra4⌃` as a Checker), `reroll`, `pass` or,
//! after three sixes, `666`. Each player owns one pawn, knight, bishop and rook; whatever is
//! not on the board is in its owner's hand, so the hands need no storage of their own. Until
//! both players have dropped a piece (the opening, rulings E10) pieces are only dropped.

use crate::codec::{self, RowError, RowSyntax};
use crate::movement::{self, Occupant};
use crate::position::{MoveError, Outcome, PerSeat, Position, Reason, Seat, SeatSet, Seating, splitmix64};
use crate::topology::{Cell, Line, NO_CELL, Side, Topology, Wrap};

mod family;
mod refusal;
mod scene;

/// Piece kinds, numbered as the die names them ("Values '1,2,3,4' represent 'P,N,B,R'").
pub const PAWN: u8 = 1;
pub const KNIGHT: u8 = 2;
pub const BISHOP: u8 = 3;
pub const ROOK: u8 = 4;
/// Colour bit of a board byte (set for Black, the second player).
const BLACK_BIT: u8 = 8;
/// The board is 4x4.
const SIDE: u8 = 4;
const CELLS: usize = 16;
/// The value the die has when the third six in a row brings the Apocalypse.
const APOCALYPSE: u8 = 7;
/// Every kind (bits 1 to 4, one per kind as [`ChecToePosition::hand`] numbers them): what a 5
/// or a second 6 lets a player drop.
const ANY_KIND: u8 = 0b11110;
/// Two players, White then Black.
const SEATING: Seating = Seating::TWO;
/// The player who rolls first.
const WHITE: Seat = Seat::A;

const LETTERS: [char; 5] = [' ', 'P', 'N', 'B', 'R'];

/// How a piece moves this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// Its own way (pawns: one step orthogonally, capture one step diagonally forward).
    Natural,
    /// As a Wizard: a (3,1) leap or one diagonal step, capturing allowed (a roll of 5).
    Wizard,
    /// As a Checker: two squares in a straight line over the nearest one, never capturing
    /// (the roll after a voluntary re-roll).
    Checker,
}

/// A Chec Toe move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChecMove {
    /// The die shows this value.
    Roll(u8),
    /// A piece from the hand onto an empty square.
    Drop { piece: u8, to: Cell },
    /// A piece on the board moves (capturing whatever enemy piece stands on `to`).
    Move { from: Cell, to: Cell, style: Style },
    /// Roll again (voluntarily; after two sixes, to try for the Apocalypse).
    Reroll,
    /// End the turn without moving.
    Pass,
    /// Three sixes in a row: every opponent piece leaves the board.
    Apocalypse,
}

/// Where the turn stands: which value is in force and what the rolls so far allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
struct RollState {
    /// The value in force (1..=6, or [`APOCALYPSE`]); 0 while the die is to be rolled.
    value: u8,
    /// Sixes rolled in a row this turn.
    sixes: u8,
    /// The turn's one re-roll has happened: the voluntary one, or the one a first 6 requires
    /// (rulings E4). Only the try for a third six may follow it.
    rerolled: bool,
    /// Awaiting: the next roll is the voluntary re-roll. Rolled: a 1-4 piece moves as a Checker.
    checker: bool,
    /// Awaiting the roll that tries for the Apocalypse (after two sixes).
    attempt: bool,
}

impl RollState {
    fn key(self) -> u64 {
        if self == RollState::default() {
            return 0;
        }
        let packed = self.value as u64 | (self.sixes as u64) << 8 | (self.rerolled as u64) << 16 | (self.checker as u64) << 17 | (self.attempt as u64) << 18;
        splitmix64(packed ^ 0xC4EC_7000_0000_0000)
    }

    /// The die shows `v`.
    fn roll(&mut self, v: u8) {
        if v == 6 {
            self.sixes += 1;
            // A first six requires a re-roll, and that is the turn's re-roll (E4).
            self.rerolled = true;
            self.checker = false;
            self.value = match self.sixes {
                1 => 0,
                2 => 6,
                _ => APOCALYPSE,
            };
        } else {
            // A Checker only follows the voluntary re-roll itself; the try for the
            // Apocalypse that fails resumes normal play (rulings E3, E4).
            self.checker = self.checker && !self.attempt && v <= 4;
            self.sixes = 0;
            self.value = v;
        }
        self.attempt = false;
    }

    /// `reroll`: the voluntary re-roll, or after two sixes the try for a third.
    fn reroll(&mut self) {
        if self.value == 6 {
            // The try for a third six; the turn's re-roll is already used (by the first six),
            // so nothing follows it: at most four rolls (rulings E4).
            self.attempt = true;
        } else {
            self.rerolled = true;
            self.checker = true;
            self.sixes = 0;
        }
        self.value = 0;
    }

    /// Whether play can reach this state (what `from_text` accepts); the reason when not.
    fn check(self) -> Result<(), &'static str> {
        let s = self;
        if s.value == 6 && s.sixes != 2 {
            return Err("a 6 is in force only as the second six in a row (sixes:2)");
        }
        if s.sixes == 1 && s.value != 0 {
            return Err("a first six is void: after sixes:1 the die is to be rolled, no value is in force");
        }
        if s.sixes == 2 && s.value != 6 && !s.attempt {
            return Err("after two sixes the 6 is in force ([6]) or the third is being tried (attempt)");
        }
        if s.attempt && (s.value != 0 || s.sixes != 2) {
            return Err("'attempt' means the die is about to be rolled after two sixes (sixes:2, no value)");
        }
        if s.checker && !(s.rerolled && s.sixes == 0 && s.value <= 4) {
            return Err("'checker' follows the voluntary re-roll (rerolled) and makes Checkers of 1-4 only");
        }
        if s.rerolled && s.value == 0 && s.sixes == 0 && !s.checker {
            return Err("after the voluntary re-roll the roll that is due makes Checkers (rerolled checker)");
        }
        Ok(())
    }
}

/// What `undo` restores.
#[derive(Clone, Copy, Debug)]
pub struct ChecUndo {
    board: [u8; CELLS],
    turn: Seat,
    state: RollState,
    turns: u16,
    dropped: SeatSet,
    hash: u64,
}

/// A Chec Toe position.
#[derive(Clone, Debug)]
pub struct ChecToePosition {
    board: [u8; CELLS],
    turn: Seat,
    state: RollState,
    /// Turns played (for the optional move limit).
    turns: u16,
    /// Turns before the game is drawn (0: never; the text has no such rule, rulings E9).
    move_limit: u16,
    /// Who has dropped a piece this game, kept even when those pieces have since been captured
    /// or removed by a 666: the game proper begins once both have (rulings E10).
    dropped: SeatSet,
    /// Hash of the board, the side to move and `dropped` (the roll state is mixed in by `hash`).
    hash: u64,
}

#[inline]
fn topo() -> &'static Topology {
    Topology::get(SIDE, SIDE, Wrap::Flat)
}
#[inline]
const fn kind(p: u8) -> u8 {
    p & 7
}
#[inline]
const fn color(p: u8) -> Seat {
    Seat((p & BLACK_BIT) >> 3)
}
/// The board byte of `player`'s piece of kind `k`.
const fn byte(player: Seat, k: u8) -> u8 {
    k | (player.0 << 3)
}
#[inline]
fn key(c: usize, p: u8) -> u64 {
    splitmix64(0xC4EC_0000 + (c as u64) * 16 + p as u64)
}
/// Hash keys of the player to roll (White's is 0).
const TURN_KEYS: PerSeat<u64> = PerSeat([0, splitmix64(0xC4EC_B1AC), 0, 0, 0, 0]);
/// Hash key of a player's having dropped a piece.
const fn dropped_key(player: Seat) -> u64 {
    splitmix64(0xC4EC_D120 + player.0 as u64)
}

/// The ten lines of four: ranks, files and the two long diagonals.
pub(crate) const LINES: [[usize; 4]; 10] =
    [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15], [0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [0, 5, 10, 15], [3, 6, 9, 12]];

/// The Wizard's (3,1) leaps as (file, rank) offsets; its diagonal steps come from `Line`.
const WIZARD_LEAPS: [(i8, i8); 8] = [(3, 1), (3, -1), (-3, 1), (-3, -1), (1, 3), (1, -3), (-1, 3), (-1, -3)];

impl ChecToePosition {
    /// The empty board, White to roll.
    pub fn start(move_limit: u16) -> ChecToePosition {
        let mut p = ChecToePosition { board: [0; CELLS], turn: WHITE, state: RollState::default(), turns: 0, move_limit, dropped: SeatSet::EMPTY, hash: 0 };
        p.hash = p.board_hash();
        p
    }

    /// Reads the text form: ranks 4 to 1 (`PNBR` White, `pnbr` Black, digits for empty
    /// squares), the side to roll (`w`/`b`), `dropped:b` (or `:w`, `:wb`) for a player who has
    /// dropped a piece but has none on the board now, then the turn's state when it is under
    /// way: the value in force (`[5]`, or `666` when three sixes have come), `sixes:N`,
    /// `rerolled`, `checker`, `attempt`, and `turns:N` (turns played, for the move limit).
    /// Every field is checked: a text that does not describe a reachable position is an
    /// error, never a panic.
    pub fn from_text(text: &str, move_limit: u16) -> Result<ChecToePosition, String> {
        let mut words = text.split_whitespace();
        let mut p = ChecToePosition::start(move_limit);
        p.board = parse_board(words.next().ok_or("empty position")?)?;
        p.turn = match words.next() {
            Some("w") => Seat::A,
            Some("b") => Seat::B,
            other => return Err(format!("side to roll must be 'w' or 'b', found {other:?}")),
        };
        // A player with a piece on the board has dropped it.
        p.dropped = p.on_board();
        p.read_fields(words)?;
        p.state.check()?;
        if !p.begun() && (p.state.attempt || p.state.value == APOCALYPSE) {
            return Err("the Apocalypse waits until both players have dropped a piece (rulings E10)".into());
        }
        p.hash = p.board_hash();
        Ok(p)
    }

    /// Reads the words after the side to roll into the position's fields (each at most once).
    fn read_fields<'a>(&mut self, words: impl Iterator<Item = &'a str>) -> Result<(), String> {
        // Which fields have been given, one bit each (the three flags use their own bits).
        const VALUE: u8 = 1;
        const SIXES: u8 = 2;
        const TURNS: u8 = 4;
        const DROPPED: u8 = 8;
        const FLAGS: [u8; 3] = [16, 32, 64];
        let mut seen = 0u8;
        let mut once = |bit: u8, w: &str| {
            if seen & bit != 0 {
                return Err(format!("'{w}': that field is given twice"));
            }
            seen |= bit;
            Ok(())
        };
        for w in words {
            let s = &mut self.state;
            if let Some(v) = w.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
                once(VALUE, w)?;
                s.value = parse_number(v, 6).filter(|&v| v >= 1).ok_or_else(|| format!("'{w}': the die shows 1 to 6"))? as u8;
            } else if w == "666" {
                once(VALUE, w)?;
                once(SIXES, w)?;
                s.value = APOCALYPSE;
                s.sixes = 3;
            } else if let Some(n) = w.strip_prefix("sixes:") {
                once(SIXES, w)?;
                s.sixes = parse_number(n, 2).ok_or_else(|| format!("'{w}': sixes:0 to sixes:2"))? as u8;
            } else if let Some(n) = w.strip_prefix("turns:") {
                once(TURNS, w)?;
                let most = u32::from(u16::MAX);
                self.turns = parse_number(n, most).ok_or_else(|| format!("'{w}': turns:0 to turns:{most}"))? as u16;
            } else if let Some(who) = w.strip_prefix("dropped:") {
                once(DROPPED, w)?;
                let who = match who {
                    "w" => SeatSet::single(Seat::A),
                    "b" => SeatSet::single(Seat::B),
                    "wb" | "bw" => SEATING.all(),
                    _ => return Err(format!("'{w}': dropped:w, dropped:b or dropped:wb")),
                };
                self.dropped = SeatSet(self.dropped.0 | who.0);
            } else {
                let (bit, flag) = match w {
                    "rerolled" => (FLAGS[0], &mut s.rerolled),
                    "checker" => (FLAGS[1], &mut s.checker),
                    "attempt" => (FLAGS[2], &mut s.attempt),
                    _ => return Err(format!("unknown field '{w}' in a Chec Toe position")),
                };
                once(bit, w)?;
                *flag = true;
            }
        }
        // A first six's required re-roll is the turn's re-roll (rulings E4): `sixes:N` says it.
        self.state.rerolled |= self.state.sixes > 0;
        Ok(())
    }

    /// The players with a piece on the board.
    fn on_board(&self) -> SeatSet {
        self.board.iter().filter(|&&p| p != 0).fold(SeatSet::EMPTY, |m, &p| m.with(color(p)))
    }

    fn board_hash(&self) -> u64 {
        let mut h = TURN_KEYS[self.turn];
        for (c, &p) in self.board.iter().enumerate() {
            if p != 0 {
                h ^= key(c, p);
            }
        }
        for player in self.dropped.iter() {
            h ^= dropped_key(player);
        }
        h
    }

    /// The board byte on a cell (kind in the low bits, [`BLACK_BIT`] for Black).
    pub fn piece_at(&self, c: Cell) -> u8 {
        self.board[c as usize]
    }
    /// The kinds (1..=4) `player` has in hand, as a bit set (bit k set: kind k in hand).
    pub fn hand(&self, player: Seat) -> u8 {
        let mut set = 0b11110;
        for &p in &self.board {
            if p != 0 && color(p) == player {
                set &= !(1 << kind(p));
            }
        }
        set
    }
    /// The value in force this turn, if the die has settled on one (7 = Apocalypse).
    pub fn value(&self) -> Option<u8> {
        (self.state.value != 0).then_some(self.state.value)
    }
    /// Whether a roll is due.
    pub fn awaiting_roll(&self) -> bool {
        self.state.value == 0
    }
    /// Whether 1-4 pieces must move as Checkers (the roll came from a voluntary re-roll).
    pub fn checker_roll(&self) -> bool {
        self.state.value != 0 && self.state.checker
    }
    /// Sixes rolled in a row this turn.
    pub fn sixes(&self) -> u8 {
        self.state.sixes
    }
    /// The 4x4 board's topology.
    pub fn topology(&self) -> &'static Topology {
        topo()
    }

    /// Whether `player` has all four pieces in one line.
    pub fn has_toe(&self, player: Seat) -> bool {
        LINES.iter().any(|line| line.iter().all(|&c| self.board[c] != 0 && color(self.board[c]) == player))
    }

    fn end_turn(&mut self) {
        let next = SEATING.next(self.turn);
        self.hash ^= TURN_KEYS[self.turn] ^ TURN_KEYS[next];
        self.turn = next;
        self.state = RollState::default();
        self.turns = self.turns.saturating_add(1);
    }

    fn set(&mut self, c: Cell, p: u8) {
        let old = self.board[c as usize];
        if old != 0 {
            self.hash ^= key(c as usize, old);
        }
        self.board[c as usize] = p;
        if p != 0 {
            self.hash ^= key(c as usize, p);
        }
    }

    fn push_target(&self, from: Cell, to: Cell, style: Style, capture: bool, out: &mut Vec<ChecMove>) {
        if to == NO_CELL {
            return;
        }
        let q = self.board[to as usize];
        if q == 0 || (capture && color(q) != self.turn) {
            out.push(ChecMove::Move { from, to, style });
        }
    }

    /// What stands on `c` as a piece of the player to move sees it.
    fn occupant(&self, c: Cell) -> Occupant {
        let q = self.board[c as usize];
        if q == 0 {
            Occupant::Empty
        } else if color(q) == self.turn {
            Occupant::Friend
        } else {
            Occupant::Enemy
        }
    }

    fn natural_moves(&self, c: Cell, out: &mut Vec<ChecMove>) {
        let t = topo();
        let k = kind(self.board[c as usize]);
        if k == PAWN {
            // "Pawns move ONE square orthogonally in ANY direction, BUT capture ONE square
            // diagonally TOWARDS the Opponent."
            for d in Line::ORTHOGONAL {
                let s = t.step(c, d);
                if s != NO_CELL && self.board[s as usize] == 0 {
                    out.push(ChecMove::Move { from: c, to: s, style: Style::Natural });
                }
            }
        }
        let occupant = |s: Cell| self.occupant(s);
        let push = |to: Cell, _capture: bool| {
            out.push(ChecMove::Move { from: c, to, style: Style::Natural });
            true
        };
        match k {
            PAWN => movement::pawn_captures(t, c, Side::of_two(self.turn), occupant, push),
            KNIGHT => movement::leaps(t.leaps(c), occupant, push),
            BISHOP => movement::slide(t, c, &Line::DIAGONAL, occupant, push),
            _ => movement::slide(t, c, &Line::ORTHOGONAL, occupant, push),
        };
    }

    fn wizard_moves(&self, c: Cell, out: &mut Vec<ChecMove>) {
        let t = topo();
        let (f, r) = (t.file(c) as i8, t.rank(c) as i8);
        for (df, dr) in WIZARD_LEAPS {
            let (nf, nr) = (f + df, r + dr);
            if (0..SIDE as i8).contains(&nf) && (0..SIDE as i8).contains(&nr) {
                self.push_target(c, t.cell(nf as u8, nr as u8).expect("on board"), Style::Wizard, true, out);
            }
        }
        movement::steps(
            t,
            c,
            &Line::DIAGONAL,
            |s| self.occupant(s),
            |to, _| {
                out.push(ChecMove::Move { from: c, to, style: Style::Wizard });
                true
            },
        );
    }

    fn checker_moves(&self, c: Cell, out: &mut Vec<ChecMove>) {
        // "MUST move TWO squares WITHOUT CAPTURING and MUST JUMP the NEAREST square, in ANY
        // direction": over the neighbouring square, occupied or not (rulings E5).
        let t = topo();
        for d in Line::ALL {
            let over = t.step(c, d);
            if over != NO_CELL {
                self.push_target(c, t.step(over, d), Style::Checker, false, out);
            }
        }
    }

    fn drops(&self, kinds: u8, out: &mut Vec<ChecMove>) {
        let hand = self.hand(self.turn) & kinds;
        if hand == 0 {
            return;
        }
        for piece in PAWN..=ROOK {
            if hand & (1 << piece) != 0 {
                for c in 0..CELLS as Cell {
                    if self.board[c as usize] == 0 {
                        out.push(ChecMove::Drop { piece, to: c });
                    }
                }
            }
        }
    }

    fn own_cell(&self, piece: u8) -> Cell {
        let want = byte(self.turn, piece);
        self.board.iter().position(|&p| p == want).map_or(NO_CELL, |c| c as Cell)
    }

    /// The board in the text form: ranks 4 to 1, runs of empty squares as digits.
    fn board_text(&self) -> String {
        codec::write_rows(topo(), |c| {
            let p = self.board[c as usize];
            let l = LETTERS[kind(p) as usize];
            (p != 0).then(|| if color(p) == WHITE { l } else { l.to_ascii_lowercase() })
        })
    }

    /// Whether the game proper has begun: both players have dropped a piece (rulings E10).
    fn begun(&self) -> bool {
        self.dropped == SEATING.all()
    }

    /// The drops and moves a settled value `v` (1 to 6) allows.
    fn value_moves(&self, v: u8, out: &mut Vec<ChecMove>) {
        // "Values '1,2,3,4' represent 'P,N,B,R'"; a 5 or a second 6 lets any piece be dropped.
        self.drops(if v <= ROOK { 1 << v } else { ANY_KIND }, out);
        if !self.begun() {
            // "Since at the start there were no pieces on the board, a value of '5' or a
            // 'Re-Roll', would only mean a player could only drop": until both players have
            // dropped their first piece nothing moves (rulings E10).
            return;
        }
        match v {
            1..=4 => {
                let c = self.own_cell(v);
                if c != NO_CELL {
                    if self.state.checker { self.checker_moves(c, out) } else { self.natural_moves(c, out) }
                }
            }
            // "ANY piece to be moved or dropped, BUT ONLY if MOVED like a WIZARD."
            5 => self.each_own_piece(out, Self::wizard_moves),
            // The second six: any piece, moved its own way.
            _ => self.each_own_piece(out, Self::natural_moves),
        }
    }

    fn each_own_piece(&self, out: &mut Vec<ChecMove>, moves: fn(&Self, Cell, &mut Vec<ChecMove>)) {
        for c in 0..CELLS as Cell {
            let p = self.board[c as usize];
            if p != 0 && color(p) == self.turn {
                moves(self, c, out);
            }
        }
    }

    /// Whether `reroll` is open once a value is in force (rulings E4, E10): after two sixes the
    /// try for a third, in the game proper; otherwise the voluntary re-roll, if the turn has
    /// had no re-roll yet (a first six's required re-roll counts as the turn's re-roll).
    fn reroll_allowed(&self) -> bool {
        if self.state.value == 6 { self.begun() } else { !self.state.rerolled }
    }

    fn letter_at(&self, c: Cell) -> char {
        LETTERS[kind(self.board[c as usize]) as usize]
    }

    /// The move in the text's notation with the capture written by square (`Rxb3`) instead
    /// of by piece (`RxB`); both are accepted.
    fn square_text(&self, m: ChecMove) -> String {
        match m {
            ChecMove::Move { from, to, style } if self.board[to as usize] != 0 => {
                format!("{}x{}{}", self.letter_at(from), topo().name(to), suffix(style))
            }
            _ => self.move_text(m),
        }
    }

    fn over(&self) -> Option<Outcome> {
        if self.state != RollState::default() {
            return None;
        }
        // A Toe stands if the turn that followed it did not capture one of its pieces: the
        // player whose turn begins with four in a row has won ("Game ends if the Opponent
        // cannot capture").
        if self.has_toe(self.turn) {
            return Some(Outcome::win(self.turn, Reason::Toe));
        }
        if self.move_limit != 0 && self.turns >= self.move_limit {
            return Some(Outcome::draw(Reason::MoveLimit));
        }
        None
    }
}

fn suffix(style: Style) -> &'static str {
    match style {
        Style::Natural => "",
        Style::Wizard => "°",
        Style::Checker => "⌃",
    }
}

/// The text's notation with its symbols replaced by ASCII: `v` for a drop (⌄), `^` for a
/// Checker move (⌃), `*` for a Wizard move (°). `pass` and `666` are the same in both.
pub fn to_ascii(text: &str) -> String {
    text.replace('⌄', "v").replace('⌃', "^").replace('°', "*")
}

/// The reverse of [`to_ascii`] for a move's trailing symbol.
fn from_ascii(text: &str) -> String {
    match text.char_indices().last() {
        Some((i, 'v')) if i > 0 => format!("{}⌄", &text[..i]),
        Some((i, '^')) if i > 0 => format!("{}⌃", &text[..i]),
        Some((i, '*')) if i > 0 => format!("{}°", &text[..i]),
        _ => text.to_string(),
    }
}

/// A number in the text form: ASCII digits only (no sign), at most `most`. `None` for anything
/// else, however long, so that no count can overflow.
fn parse_number(text: &str, most: u32) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u32>().ok().filter(|&n| n <= most)
}

/// Reads the board: four ranks, 4 to 1, separated by `/`.
fn parse_board(text: &str) -> Result<[u8; CELLS], String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != SIDE as usize {
        return Err(format!("a Chec Toe board has 4 ranks, found {}", rows.len()));
    }
    let mut board = [0; CELLS];
    // The pieces read so far: each side has one of each kind.
    let mut seen: Vec<u8> = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = SIDE - 1 - i as u8;
        let piece = |token: &str| {
            let ch = token.chars().next().unwrap_or(' ');
            let k = LETTERS
                .iter()
                .position(|&l| l == ch.to_ascii_uppercase())
                .filter(|&k| k > 0)
                .ok_or_else(|| format!("unknown piece letter '{ch}' (Chec Toe has P, N, B and R)"))? as u8;
            let p = byte(if ch.is_ascii_lowercase() { Seat::B } else { WHITE }, k);
            if seen.contains(&p) {
                return Err(format!("each side has one {}, the position has two", ["", "pawn", "knight", "bishop", "rook"][k as usize]));
            }
            seen.push(p);
            Ok(p)
        };
        // A digit counts empty squares: it must fit in what is left of the rank.
        let cells = codec::read_row(row, RowSyntax::SINGLE_DIGITS, SIDE as usize, piece).map_err(|e| match e {
            RowError::Piece(why) => why,
            RowError::ZeroRun => format!("rank '{row}': a count of empty squares is 1 to 4, not 0"),
            RowError::TooLong | RowError::Unclosed => format!("rank '{row}' is longer than 4 squares"),
        })?;
        if cells.len() != SIDE as usize {
            return Err(format!("rank '{row}' must describe 4 squares"));
        }
        for (file, p) in cells.into_iter().enumerate() {
            board[topo().cell(file as u8, rank).expect("on board") as usize] = p.unwrap_or(0);
        }
    }
    Ok(board)
}

/// The text's "K" for the knight ("Players can use "K" if they really desire") as this engine
/// writes it: the moving piece's letter, and a captured piece's after `x` (`KxK` → `NxN`).
/// It works on characters, so no text, whatever it holds, is cut inside a character.
fn knight_as_n(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut prev = None;
    for (i, ch) in text.chars().enumerate() {
        let names_a_piece = i == 0 || (i == 2 && prev == Some('x'));
        out.push(if ch == 'K' && names_a_piece { 'N' } else { ch });
        prev = Some(ch);
    }
    out
}

impl Position for ChecToePosition {
    type Move = ChecMove;
    type Undo = ChecUndo;

    fn turn(&self) -> Seat {
        self.turn
    }

    fn legal_moves(&self, out: &mut Vec<ChecMove>) {
        out.clear();
        if self.over().is_some() {
            return;
        }
        match self.state.value {
            0 => out.extend((1..=6).map(ChecMove::Roll)),
            APOCALYPSE => out.push(ChecMove::Apocalypse),
            v => {
                self.value_moves(v, out);
                if self.reroll_allowed() {
                    out.push(ChecMove::Reroll);
                }
                // "If a player CANNOT or DOES NOT wish to MOVE ... a long blank line."
                out.push(ChecMove::Pass);
            }
        }
    }

    /// Awaiting the die (the turn's first roll, the re-roll, or the try for a third six): each
    /// face one chance in six. Re-roll chains and the 6-6-6 sequence get their exact odds from
    /// these single throws chained by the roll state.
    fn chance(&self, out: &mut Vec<(ChecMove, u32)>) -> u32 {
        out.clear();
        if self.state.value != 0 || self.over().is_some() {
            return 0;
        }
        out.extend((1..=6).map(|v| (ChecMove::Roll(v), 1)));
        6
    }

    fn throw_due(&self) -> bool {
        self.state.value == 0 && self.over().is_none()
    }

    fn play_unchecked(&mut self, m: ChecMove) -> ChecUndo {
        let undo = ChecUndo { board: self.board, turn: self.turn, state: self.state, turns: self.turns, dropped: self.dropped, hash: self.hash };
        match m {
            ChecMove::Roll(v) => self.state.roll(v),
            ChecMove::Reroll => self.state.reroll(),
            ChecMove::Drop { piece, to } => {
                self.set(to, byte(self.turn, piece));
                if !self.dropped.contains(self.turn) {
                    self.dropped = self.dropped.with(self.turn);
                    self.hash ^= dropped_key(self.turn);
                }
                self.end_turn();
            }
            ChecMove::Move { from, to, .. } => {
                let p = self.board[from as usize];
                self.set(from, 0);
                self.set(to, p);
                self.end_turn();
            }
            ChecMove::Pass => self.end_turn(),
            ChecMove::Apocalypse => {
                let them = SEATING.opponents(self.turn);
                for c in 0..CELLS as Cell {
                    let p = self.board[c as usize];
                    if p != 0 && them.contains(color(p)) {
                        self.set(c, 0);
                    }
                }
                self.end_turn();
            }
        }
        undo
    }

    fn undo(&mut self, _m: ChecMove, u: ChecUndo) {
        self.board = u.board;
        self.turn = u.turn;
        self.state = u.state;
        self.turns = u.turns;
        self.dropped = u.dropped;
        self.hash = u.hash;
    }

    fn hash(&self) -> u64 {
        self.hash ^ self.state.key()
    }
    fn recompute_hash(&self) -> u64 {
        self.board_hash() ^ self.state.key()
    }

    fn outcome_with(&self, _legal: &[ChecMove]) -> Option<Outcome> {
        self.over()
    }

    fn move_text(&self, m: ChecMove) -> String {
        let t = topo();
        match m {
            ChecMove::Roll(v) => format!("[{v}]"),
            ChecMove::Drop { piece, to } => format!("{}{}⌄", LETTERS[piece as usize], t.name(to)),
            ChecMove::Move { from, to, style } => {
                let q = self.board[to as usize];
                if q != 0 {
                    // "A capture is notated with an "x", such as NxB."
                    format!("{}x{}{}", self.letter_at(from), LETTERS[kind(q) as usize], suffix(style))
                } else {
                    format!("{}{}{}", self.letter_at(from), t.name(to), suffix(style))
                }
            }
            ChecMove::Reroll => "reroll".into(),
            ChecMove::Pass => "pass".into(),
            ChecMove::Apocalypse => "666".into(),
        }
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), String> {
        let text = from_ascii(text);
        if matches!(text.as_str(), "pass" | "reroll" | "666") {
            return Ok(());
        }
        if let Some(v) = text.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
            return match v.parse::<u8>() {
                Ok(1..=6) => Ok(()),
                _ => Err(format!("'{text}': Chec Toe rolls one die, 1 to 6 (e.g. [4])")),
            };
        }
        let bad = || format!("'{text}' is not a Chec Toe move (e.g. Ra4, Ra4v drop, Ra4* wizard, Ra4^ checker, NxB, [4], reroll, pass, 666)");
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?;
        if !"PNBRK".contains(letter) {
            return Err(bad());
        }
        let rest: String = chars.collect();
        let rest = rest.trim_end_matches(['⌄', '⌃', '°']);
        let target = rest.strip_prefix('x').unwrap_or(rest);
        let square_ok = topo().parse_cell(target).is_some();
        let mut target_chars = target.chars();
        let one_letter = matches!((target_chars.next(), target_chars.next()), (Some(l), None) if "PNBRK".contains(l));
        let piece_ok = rest.starts_with('x') && one_letter;
        if square_ok || piece_ok { Ok(()) } else { Err(bad()) }
    }

    fn parse_move(&self, text: &str) -> Result<ChecMove, MoveError> {
        self.check_move_syntax(text).map_err(MoveError::Malformed)?;
        // "since there is no King in Chec Toe, Players can use "K" if they really desire".
        let norm = knight_as_n(&from_ascii(text));
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if let Some(o) = self.over() {
            return Err(MoveError::GameOver(o.reason().to_string()));
        }
        moves
            .iter()
            .copied()
            .find(|&m| self.move_text(m) == norm || self.square_text(m) == norm)
            .ok_or_else(|| MoveError::Illegal(self.explain_illegal(&norm, &moves)))
    }

    fn explain_illegal(&self, text: &str, _legal: &[ChecMove]) -> String {
        let s = self.state;
        if text.starts_with('[') {
            return "the die has been rolled: move, drop, reroll or pass".into();
        }
        if s.value == 0 {
            return if s.sixes == 1 { "a first 6 is void and requires a re-roll: roll the die".into() } else { "roll the die first (e.g. [4])".into() };
        }
        if s.value == APOCALYPSE {
            return "three sixes: the Apocalypse (666) is the turn".into();
        }
        match text {
            "reroll" if s.value == 6 => "the try for a third six waits until both players have dropped a piece".into(),
            "reroll" => "the turn's re-roll has been used (a first 6's required re-roll counts as it)".into(),
            "666" => "the Apocalypse needs three sixes in a row".into(),
            "pass" => "a player who can move or drop may not pass".into(),
            _ if (1..=4).contains(&s.value) && !text.starts_with(LETTERS[s.value as usize]) => {
                format!("the die shows {}: only the {} may move or be dropped", s.value, ["", "pawn", "knight", "bishop", "rook"][s.value as usize])
            }
            _ if !self.begun() && !text.ends_with('⌄') => "until both players have dropped their first piece, pieces are only dropped".into(),
            _ if text.ends_with('⌄') => self.move_refusal(text).to_string(),
            _ if s.value == 5 && !text.ends_with('°') => "a 5 lets any piece move only as a Wizard (°) or be dropped".into(),
            _ if s.checker && !text.ends_with('⌃') => "after a re-roll a 1-4 piece moves only as a Checker (⌃), without capturing, or is dropped".into(),
            _ => self.move_refusal(text).to_string(),
        }
    }

    fn to_text(&self) -> String {
        let mut s = format!("{} {}", self.board_text(), if self.turn == WHITE { "w" } else { "b" });
        // Who has dropped is written only where the board does not show it: a player with a
        // piece on the board has dropped it (rulings E10).
        let unseen = SeatSet(self.dropped.0 & !self.on_board().0);
        if !unseen.is_empty() {
            s += " dropped:";
            s.extend(unseen.iter().map(|p| if p == WHITE { 'w' } else { 'b' }));
        }
        let st = self.state;
        if st.value == APOCALYPSE {
            s += " 666";
        } else if st.value != 0 {
            s += &format!(" [{}]", st.value);
        }
        if st.sixes > 0 && st.value != APOCALYPSE {
            s += &format!(" sixes:{}", st.sixes);
        }
        // After a six the re-roll is used: `sixes:N` (or `666`) says so already.
        let rerolled = st.rerolled && st.sixes == 0;
        for (on, word) in [(rerolled, "rerolled"), (st.checker, "checker"), (st.attempt, "attempt")] {
            if on {
                s += " ";
                s += word;
            }
        }
        if self.turns > 0 {
            s += &format!(" turns:{}", self.turns);
        }
        s
    }

    fn is_irreversible(&self, m: ChecMove) -> bool {
        matches!(m, ChecMove::Drop { .. } | ChecMove::Apocalypse) || matches!(m, ChecMove::Move { to, .. } if self.board[to as usize] != 0)
    }
}
