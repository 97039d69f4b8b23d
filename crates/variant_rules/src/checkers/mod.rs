//! The checkers family: Checkers (English draughts), Stax and Queens, with the Numbers variation,
//! for two players on 8x8 or four (Doubles: partners or cut-throat) on 12x12.
//!
//! Every occupied cell holds a *stack* of checkers, owned by its top checker (plain Checkers
//! only ever has stacks of one). Stacks are linked lists threaded through fixed arrays —
//! `top[cell]` is the top checker, `below[checker]` the one under it — so a position is a few
//! hundred bytes with no heap, and a jump moves whole stacks by relinking two indices.

use std::fmt;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::position::{MAX_SEATS, Outcome, PerSeat, Position, Reason, Seat, SeatSet, SeatState, Seating, splitmix64};
use crate::topology::{Cell, CellSet, Line, MAX_CELLS, NO_CELL, Side, Topology, Wrap};

mod bits;
mod family;
mod refusal;
mod scene;
mod setup;
mod text;
mod tri;
mod undo;

use bits::TopBits;

pub use setup::{DoublesSeating, FiveFourThree, QueensColours, Table};
pub use undo::CheckersUndo;

/// The most checkers a position holds (6 players x 12 on the triangular boards).
pub const MAX_CHECKERS: usize = 72;
/// The longest jump sequence a move can record. Each hop takes the top checker of a different
/// cell owned by an opponent: at most the 60 checkers of five cut-throat opponents.
pub const MAX_HOPS: usize = 60;
/// "No checker" in the `top` and `below` arrays.
const NONE: u8 = 0xFF;
/// Bit of a checker byte marking a king; bits 0-2 are the owner seat, bits 4-7 the number (0 = none).
const KING_BIT: u8 = 8;

/// The three games of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CheckersGame {
    /// English draughts.
    Checkers,
    /// Jumped checkers are carried as prisoners under the jumping stack.
    Stax,
    /// Stax on both colours, with straight jumps.
    Queens,
}

impl CheckersGame {
    /// The game id.
    pub fn as_str(self) -> &'static str {
        match self {
            CheckersGame::Checkers => "checkers",
            CheckersGame::Stax => "stax",
            CheckersGame::Queens => "queens",
        }
    }
}

/// Everything that selects a checkers-family rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CheckersRules {
    pub game: CheckersGame,
    /// The Numbers variation: no checker may jump a higher number; only a king may jump a king.
    pub numbers: bool,
    /// Plies without a jump or a non-king move after which the game is drawn (0 = never).
    pub move_limit: u16,
    /// What becomes of a man uncovered on its own king row when the king above it is jumped.
    pub uncovered: UncoveredMan,
    /// 2, or 4 for Doubles on the 12x12 board.
    pub players: u8,
    /// How four players sit and team up.
    pub seating: DoublesSeating,
    /// Double Queens: partners on the same colour or split (four-player Tri-Queens: Figure 17
    /// or Figures 18-19).
    pub colours: QueensColours,
    /// Played on the hexagon of triangles (Tri-Chek, Tri-Stax, Tri-Queens).
    #[serde(default)]
    pub tri: bool,
    /// Triangular boards: Figures 14 and 20's symmetric positions (the extra file on 8 rows,
    /// the corners on 12).
    #[serde(default)]
    pub symmetric: bool,
    /// Four-player Tri-Queens on opposite colours: the open ("spread") position of Figure 18
    /// instead of the closed one of Figure 19.
    #[serde(default)]
    pub queens_open: bool,
    /// Tri-Chek's 40-move option: once every piece is a king, forty moves each without a jump
    /// win the game for the side with the most pieces (rulings T11).
    #[serde(default)]
    pub forty: bool,
    /// Double Queens: the older start (rulings C14: only checkers that could jump move) instead
    /// of the text's 5-4-3 rows.
    #[serde(default)]
    pub relocate: bool,
    /// Tri-Queens: a step or jump along an even line is blocked by a piece on the other-coloured
    /// triangle it passes over between two corners (rulings T7(b), `--tri-steps blocked`).
    #[serde(default)]
    pub steps_blocked: bool,
    /// Four-player triangular games: the prose's sequences instead of the table's (rulings T3).
    #[serde(default)]
    pub prose_sequence: bool,
}

impl CheckersRules {
    /// The game's id: `tri-chek` for Checkers on the triangles, and so on.
    pub fn name(&self) -> &'static str {
        match (self.tri, self.game) {
            (false, g) => g.as_str(),
            (true, CheckersGame::Checkers) => "tri-chek",
            (true, CheckersGame::Stax) => "tri-stax",
            (true, CheckersGame::Queens) => "tri-queens",
        }
    }

    /// Checks that the seats these rules ask for can be laid out (the triangular games' player
    /// counts, seatings and figures), with the one-line error a player reads.
    pub fn check_table(&self) -> Result<(), String> {
        if self.tri { tri::tri_table(self).map(|_| ()) } else { Ok(()) }
    }

    /// Two-player rules for `game` with everything else at its default.
    pub fn two(game: CheckersGame) -> CheckersRules {
        CheckersRules {
            game,
            numbers: false,
            move_limit: 0,
            uncovered: UncoveredMan::Wait,
            players: 2,
            seating: DoublesSeating::PartnersAdjacent,
            colours: QueensColours::Same,
            tri: false,
            symmetric: false,
            queens_open: false,
            forty: false,
            relocate: false,
            steps_blocked: false,
            prose_sequence: false,
        }
    }
}

/// A man left on top of a stack standing on its king row, when the checker above it is jumped
/// off (Stax and Queens, rulings C6): the text says such pieces "must return to the king row",
/// which we read as a man that waits there unable to move forward (`Wait`, the default);
/// `Crown` lets it count as arrived and crowns it at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UncoveredMan {
    #[default]
    Wait,
    Crown,
}

impl UncoveredMan {
    /// The id used on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            UncoveredMan::Wait => "wait",
            UncoveredMan::Crown => "crown",
        }
    }
}

impl std::str::FromStr for UncoveredMan {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "wait" => Ok(UncoveredMan::Wait),
            "crown" => Ok(UncoveredMan::Crown),
            _ => Err(format!("unknown --uncovered-man '{s}' (expected wait or crown)")),
        }
    }
}

/// A checker: owner, king mark and (Numbers) its number.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Checker(u8);

impl Checker {
    /// A checker of `owner`, crowned or not, with `number` (0 when unnumbered).
    pub fn new(owner: Seat, king: bool, number: u8) -> Checker {
        Checker(owner.0 | if king { KING_BIT } else { 0 } | (number << 4))
    }
    /// The player it belongs to.
    #[inline(always)]
    pub fn owner(self) -> Seat {
        Seat(self.0 & 7)
    }
    /// Whether it is a king.
    #[inline(always)]
    pub fn is_king(self) -> bool {
        self.0 & KING_BIT != 0
    }
    /// Its number in the Numbers variation (0 when none; kings show their crown, not a number).
    #[inline(always)]
    pub fn number(self) -> u8 {
        self.0 >> 4
    }
    fn crowned(self) -> Checker {
        Checker((self.0 & 0x07) | KING_BIT)
    }
}

impl fmt::Display for Checker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = (b'a' + self.owner().0) as char;
        write!(f, "{}", if self.is_king() { letter.to_ascii_uppercase() } else { letter })?;
        if self.number() != 0 {
            write!(f, "{}", self.number())?;
        }
        Ok(())
    }
}

/// A step (`path[0]` is the destination) or a jump sequence (hop `i` lands on `path[i]`).
///
/// The jumped cells are not stored: each lies on the one jump line from a hop's start to its
/// landing ([`CheckersPosition::jumped`]), and leaving them out keeps a move at 62 bytes, which
/// move generation writes for every step and jump.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CheckersMove {
    pub from: u8,
    /// Number of hops of a jump; 0 for a step.
    pub hops: u8,
    pub path: [u8; MAX_HOPS],
}

impl CheckersMove {
    /// Whether it is a jump sequence.
    pub fn is_jump(&self) -> bool {
        self.hops > 0
    }
    /// The cell the stack ends on.
    pub fn to(&self) -> u8 {
        if self.hops == 0 { self.path[0] } else { self.path[self.hops as usize - 1] }
    }
    /// The landing cells, in order (one cell for a step).
    pub fn landings(&self) -> &[u8] {
        &self.path[..(self.hops as usize).max(1)]
    }
    /// No move yet: a jump sequence's record before its first hop.
    pub(crate) const START: CheckersMove = CheckersMove { from: 0, hops: 0, path: [NONE; MAX_HOPS] };

    /// A step from `from` to `to`.
    #[inline(always)]
    pub fn step(from: u8, to: u8) -> CheckersMove {
        let mut m = CheckersMove { from, ..CheckersMove::START };
        m.path[0] = to;
        m
    }
}

/// The stack whose jump sequences are being searched: where it started and its top checker.
struct Jumper {
    from: u8,
    top: Checker,
    king: bool,
    owner: Seat,
}

/// On a triangular board, the other-coloured triangle an even line `d` from `c` passes over on
/// its way to the next triangle of `c`'s colour (it shares a side with both), or `NO_CELL`.
#[inline(always)]
fn between_on(topo: &Topology, c: Cell, d: Line) -> Cell {
    // An up (dark) triangle's sides face lines 1, 5 and 9; a down one's 3, 7 and 11: of the two
    // odd lines beside `d`, the one crossing a side leads to the triangle between.
    let side_line = if topo.is_dark(c) { 1 } else { 3 };
    let m = if (d.index() + 1) % 4 == side_line { d.turned_hex(1) } else { d.turned_hex(11) };
    topo.step(c, m)
}

/// A validated checkers-family position.
#[derive(Clone)]
pub struct CheckersPosition {
    /// Each seat's view of the board: on a cylinder or universal board a seat on the east or
    /// west side wraps across the north and south edges (rulings C15).
    topos: PerSeat<&'static Topology>,
    rules: CheckersRules,
    table: Table,
    top: [u8; MAX_CELLS],
    below: [u8; MAX_CHECKERS],
    checkers: [Checker; MAX_CHECKERS],
    count: u8,
    turn: Seat,
    quiet: u16,
    /// The winning team once the game has been won by a move (games of more than two seats,
    /// where the result depends on who moved last); empty while it goes on.
    won: SeatSet,
    hash: u64,
    /// Who is on top where, as bits of cells (8x8 boards only).
    bits: TopBits,
}

impl CheckersPosition {
    /// The starting position: 12 checkers a seat on its three nearest rows (two players on 8x8;
    /// Doubles on the centre eight files of 12x12). `seed` shuffles the numbers.
    pub fn start(rules: CheckersRules, wrap: Wrap, seed: u64) -> Result<CheckersPosition, String> {
        let mut pos = CheckersPosition::empty(rules, wrap)?;
        let cells = if rules.tri {
            tri::tri_start_cells(&pos.table, &rules)?
        } else {
            let flat = Topology::get(pos.table.size, pos.table.size, Wrap::Flat);
            pos.table.start_cells(flat, rules.game == CheckersGame::Queens, rules.relocate)
        };
        pos.turn = pos.table.seating.order()[0];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for seat in pos.table.seating.seats() {
            let mut numbers: Vec<u8> = (1..=12).collect();
            numbers.shuffle(&mut rng);
            for (i, &c) in cells[seat].iter().enumerate() {
                let number = if rules.numbers { numbers[i] } else { 0 };
                pos.push_bottom(c as u8, Checker::new(seat, false, number));
            }
        }
        pos.hash = pos.recompute_hash();
        Ok(pos)
    }

    fn empty(rules: CheckersRules, wrap: Wrap) -> Result<CheckersPosition, String> {
        let (table, topos) = if rules.tri {
            if wrap != Wrap::Flat {
                return Err("the triangular boards are flat: \"The Cylindrical and Universal variations, while perhaps theoretically possible, are probably not practical\"".into());
            }
            let table = tri::tri_table(&rules)?;
            let board = table.tri.ok_or("not a triangular table")?;
            (table, PerSeat::splat(Topology::triangles(board)))
        } else {
            let table = Table::new(rules.players, rules.seating, rules.game == CheckersGame::Queens, rules.colours)?;
            let mut topos = PerSeat::splat(Topology::get(table.size, table.size, wrap));
            for seat in table.seating.seats() {
                topos[seat] = Topology::for_side(table.size, table.size, wrap, table.sides[seat]);
            }
            (table, topos)
        };
        Ok(CheckersPosition {
            topos,
            rules,
            table,
            top: [NONE; MAX_CELLS],
            below: [NONE; MAX_CHECKERS],
            checkers: [Checker(0); MAX_CHECKERS],
            count: 0,
            turn: Seat(0),
            quiet: 0,
            won: SeatSet::EMPTY,
            hash: 0,
            bits: TopBits::EMPTY,
        })
    }

    /// Adds a new checker at the bottom of the stack on `c`.
    fn push_bottom(&mut self, c: u8, ck: Checker) {
        let id = self.count;
        self.checkers[id as usize] = ck;
        self.count += 1;
        self.append_bottom(c, id);
    }

    fn append_bottom(&mut self, c: u8, id: u8) {
        self.below[id as usize] = NONE;
        let mut cur = self.top[c as usize];
        if cur == NONE {
            self.top[c as usize] = id;
            self.refresh_bits(c);
            return;
        }
        while self.below[cur as usize] != NONE {
            cur = self.below[cur as usize];
        }
        self.below[cur as usize] = id;
    }

    /// The rule set.
    pub fn rules(&self) -> CheckersRules {
        self.rules
    }
    /// The board as the first seat sees it (names, size, colours are the same for every seat).
    pub fn topology(&self) -> &'static Topology {
        self.topos[Seat(0)]
    }
    /// Who sits where: sequence, teams, sides, colours.
    pub fn table(&self) -> &Table {
        &self.table
    }
    /// The side of the board `seat` sits on.
    pub fn side(&self, seat: Seat) -> Side {
        self.table.sides[seat]
    }
    /// Plies since the last jump or non-king move.
    pub fn quiet_plies(&self) -> u16 {
        self.quiet
    }

    /// The stack on a cell, top first.
    pub fn stack(&self, c: Cell) -> impl Iterator<Item = Checker> + '_ {
        let mut cur = self.top[c as usize];
        std::iter::from_fn(move || {
            if cur == NONE {
                return None;
            }
            let ck = self.checkers[cur as usize];
            cur = self.below[cur as usize];
            Some(ck)
        })
    }

    /// The top checker of a cell, if any.
    #[inline(always)]
    pub fn top(&self, c: Cell) -> Option<Checker> {
        let id = self.top[c as usize];
        (id != NONE).then(|| self.checkers[id as usize])
    }

    /// Every checker on the board (in stacks), by owner.
    pub fn checkers_on_board(&self) -> impl Iterator<Item = Checker> + '_ {
        (0..self.topology().len() as Cell).flat_map(move |c| self.stack(c))
    }

    #[inline(always)]
    fn step(&self, c: u8, d: Line, king: bool, owner: Seat) -> u8 {
        // Universal board: only kings cross the ends ("One must become a king before moving or
        // jumping across the ends, although non-kings may do so along the sides").
        let topo = self.topos[owner];
        let s = if king { topo.step(c as Cell, d) } else { topo.step_sides(c as Cell, d) };
        if s == NO_CELL { NONE } else { s as u8 }
    }

    /// Tri-Queens with `--tri-steps blocked` (rulings T7(b)): whether the line `d` from `c`
    /// passes over an occupied triangle before it reaches the next triangle of `c`'s colour.
    /// An even line joins two triangles touching at a corner, but the straight path between
    /// their centres crosses two sides of the other-coloured triangle sharing a side with both
    /// ("pass over sides of triangles"); an odd line crosses nothing between.
    #[inline(always)]
    fn passes_occupied(&self, c: u8, d: Line, owner: Seat) -> bool {
        if !self.rules.steps_blocked || d.index() % 2 == 1 {
            return false;
        }
        let between = between_on(self.topos[owner], c as Cell, d);
        between != NO_CELL && self.top[between as usize] != NONE
    }

    /// The triangle an even line `d` from `c` passes over (rulings T7(b)); `None` for an odd
    /// line, off the triangular boards, or off the board.
    pub fn between(&self, c: Cell, d: Line) -> Option<Cell> {
        if self.table.tri.is_none() || d.index() % 2 == 1 {
            return None;
        }
        Some(between_on(self.topology(), c, d)).filter(|&b| b != NO_CELL)
    }

    /// Lines a checker of `owner` steps along, as a buffer and its length: a man's two
    /// diagonals forward, a king's four (six on the triangular boards: "Kings, however, may move
    /// and jump in any of six directions").
    #[inline(always)]
    fn step_dirs(&self, king: bool, owner: Seat) -> ([Line; 6], usize) {
        let side = self.table.sides[owner];
        if self.table.tri.is_some() {
            let f = side.tri_forward();
            return if king { (Line::TRI_SAME_COLOUR, 6) } else { ([f.turned_hex(11), f.turned_hex(1), f, f, f, f], 2) };
        }
        let [l, r] = side.diagonal_forward();
        if king { ([Line::NE, Line::SE, Line::SW, Line::NW, l, l], 4) } else { ([l, r, l, l, l, l], 2) }
    }

    /// Lines a checker of `owner` jumps along (Queens adds straight jumps: a man's forward one,
    /// a king's four; Tri-Queens a man's five forward ones of Figure 13 and a king's twelve), as
    /// a buffer and its length.
    #[inline(always)]
    fn jump_dirs(&self, king: bool, owner: Seat) -> ([Line; 12], usize) {
        let side = self.table.sides[owner];
        let queens = self.rules.game == CheckersGame::Queens;
        if self.table.tri.is_some() {
            let f = side.tri_forward();
            let t = |n: u8| f.turned_hex(n);
            return match (queens, king) {
                (true, true) => (Line::TRI_ALL, 12),
                (true, false) => ([t(10), t(11), f, t(1), t(2), f, f, f, f, f, f, f], 5),
                (false, true) => {
                    let [a, b, c, d, e, g] = Line::TRI_SAME_COLOUR;
                    ([a, b, c, d, e, g, a, a, a, a, a, a], 6)
                }
                (false, false) => ([t(11), t(1), f, f, f, f, f, f, f, f, f, f], 2),
            };
        }
        let [l, r] = side.diagonal_forward();
        let f = side.forward();
        let (n, ne, e, se, s, sw, w, nw) = (Line::N, Line::NE, Line::E, Line::SE, Line::S, Line::SW, Line::W, Line::NW);
        match (queens, king) {
            (true, true) => ([n, ne, e, se, s, sw, w, nw, l, l, l, l], 8),
            (true, false) => ([l, f, r, l, l, l, l, l, l, l, l, l], 3),
            (false, true) => ([ne, se, sw, nw, l, l, l, l, l, l, l, l], 4),
            (false, false) => ([l, r, l, l, l, l, l, l, l, l, l, l], 2),
        }
    }

    /// Whether a man of `owner` standing on `c` is on its king row: the far edge on square
    /// boards; on the triangular boards any cell from which it has no forward step left (the
    /// far edge's row, and the cells a cut corner leaves at the end of a row: rulings T6).
    #[inline(always)]
    fn on_king_row(&self, c: u8, owner: Seat) -> bool {
        if self.bits_apply() {
            return bits::far_edge(self.table.sides[owner]) & 1 << c != 0;
        }
        if self.table.tri.is_some() {
            let (lines, _) = self.step_dirs(false, owner);
            return self.step(c, lines[0], false, owner) == NONE && self.step(c, lines[1], false, owner) == NONE;
        }
        self.topology().on_far_edge(self.table.sides[owner], c as Cell)
    }

    /// The cell a hop of `jumper` from `cur` to `land` jumps: the middle of the one jump line
    /// joining them (two lines never reach the same landing in two steps, on any board here).
    #[inline]
    fn over_between(&self, cur: u8, land: u8, jumper: Checker) -> u8 {
        let (king, owner) = (jumper.is_king(), jumper.owner());
        let (lines, n) = self.jump_dirs(king, owner);
        for &d in &lines[..n] {
            let over = self.step(cur, d, king, owner);
            if over != NONE && self.step(over, d, king, owner) == land {
                return over;
            }
        }
        NONE
    }

    /// The cells a move jumps, in order (empty for a step), in this position (before the move).
    pub fn jumped(&self, m: &CheckersMove) -> Vec<u8> {
        let Some(jumper) = self.top(m.from as Cell) else { return Vec::new() };
        let mut cur = m.from;
        m.path[..m.hops as usize]
            .iter()
            .map(|&land| {
                let over = self.over_between(cur, land, jumper);
                cur = land;
                over
            })
            .collect()
    }

    /// Whether `jumper` (a stack's top) may jump `victim` (another stack's top): never a
    /// partner's ("may neither move nor capture the partner's"), and in Numbers never a higher
    /// number or, for a man, a king.
    #[inline(always)]
    fn may_jump(&self, jumper: Checker, victim: Checker) -> bool {
        if self.table.seating.team(jumper.owner()).contains(victim.owner()) {
            return false;
        }
        if !self.rules.numbers || jumper.is_king() {
            return true;
        }
        // "No piece may jump a number higher than its own!" ... "only a king may jump a king."
        !victim.is_king() && victim.number() <= jumper.number()
    }

    fn cell_hash(&self, c: u8) -> u64 {
        let mut h = 0;
        for (depth, ck) in self.stack(c as Cell).enumerate() {
            h ^= splitmix64(0x57AC_0000_0000_0000 ^ ((c as u64) << 24) ^ ((depth as u64) << 16) ^ ck.0 as u64);
        }
        h
    }

    #[inline(always)]
    fn turn_key(turn: Seat) -> u64 {
        /// One key per seat, computed at compile time (a move changes the turn's key).
        const KEYS: [u64; 8] = {
            let mut k = [0; 8];
            let mut i = 0;
            while i < 8 {
                k[i] = splitmix64(0x7E57_0000 + i as u64);
                i += 1;
            }
            k
        };
        KEYS[turn.0 as usize & 7]
    }

    fn won_key(won: SeatSet) -> u64 {
        if won.is_empty() { 0 } else { splitmix64(0x3077_0000 + won.0 as u64) }
    }

    /// Moves the stack on `cur` over `over` to `land`, taking `over`'s top checker: removed in
    /// Checkers, carried underneath in Stax and Queens (the rest of `over`'s stack stays).
    fn apply_hop(&mut self, cur: u8, over: u8, land: u8) {
        // `land` is empty before the hop and `cur` after it: their keys are nothing then.
        self.hash ^= self.cell_hash(cur) ^ self.cell_hash(over);
        self.top[land as usize] = self.top[cur as usize];
        self.top[cur as usize] = NONE;
        let victim = self.top[over as usize];
        self.top[over as usize] = self.below[victim as usize];
        self.below[victim as usize] = NONE;
        if self.rules.game != CheckersGame::Checkers {
            self.append_bottom(land, victim);
        }
        self.hash ^= self.cell_hash(over) ^ self.cell_hash(land);
        if self.rules.uncovered == UncoveredMan::Crown && self.top[over as usize] != NONE {
            self.crown_if_due(over);
        }
        for c in [cur, over, land] {
            self.refresh_bits(c);
        }
    }

    /// Crowns the top checker of `c` if it is a non-king standing on its owner's king row.
    fn crown_if_due(&mut self, c: u8) -> bool {
        let id = self.top[c as usize];
        let ck = self.checkers[id as usize];
        if ck.is_king() || !self.on_king_row(c, ck.owner()) {
            return false;
        }
        self.hash ^= self.cell_hash(c);
        self.checkers[id as usize] = ck.crowned();
        self.hash ^= self.cell_hash(c);
        self.refresh_bits(c);
        true
    }

    /// Depth-first search of the jump sequences of `j` continuing from `cur`; returns whether
    /// any hop was possible. Complete sequences are pushed onto `out`.
    ///
    /// The board is left as it is while searching: the position every later hop sees is this
    /// one with the stack gone from `j.from`. A jumped cell may be neither jumped again nor
    /// landed on, so whatever a hop takes off it or uncovers there is never looked at again;
    /// the checkers a Stax stack carries go under it, where no hop looks either; and a stack
    /// that is crowned on landing ends its move there.
    fn jumps_from(&self, j: &Jumper, cur: u8, mv: &mut CheckersMove, jumped: &mut CellSet, out: &mut Vec<CheckersMove>) -> bool {
        let mut any = false;
        let (dirs, n) = self.jump_dirs(j.king, j.owner);
        for &d in &dirs[..n] {
            let over = self.step(cur, d, j.king, j.owner);
            if over == NONE || jumped.contains(over as Cell) {
                continue;
            }
            let victim_id = self.top[over as usize];
            if victim_id == NONE || !self.may_jump(j.top, self.checkers[victim_id as usize]) {
                continue;
            }
            let land = self.step(over, d, j.king, j.owner);
            // A cell may be neither jumped twice nor landed on after being jumped in one move
            // (in Checkers the jumped piece is still there until the move is complete).
            if land == NONE || (self.top[land as usize] != NONE && land != j.from) || jumped.contains(land as Cell) {
                continue;
            }
            if self.passes_occupied(cur, d, j.owner) || self.passes_occupied(over, d, j.owner) {
                continue;
            }
            any = true;
            let i = mv.hops as usize;
            assert!(i < MAX_HOPS, "jump sequence longer than MAX_HOPS");
            mv.path[i] = land;
            mv.hops += 1;
            jumped.insert(over as Cell);
            // A non-king reaching the king row is crowned and its move ends there.
            let crowned = !j.king && self.on_king_row(land, j.owner);
            if crowned || !self.jumps_from(j, land, mv, jumped, out) {
                out.push(*mv);
            }
            jumped.remove(over as Cell);
            mv.hops -= 1;
            // Landings past `hops` stay unset, so equal sequences compare equal.
            mv.path[i] = NONE;
        }
        any
    }

    /// Cells whose stack the side to move owns.
    fn own_cells(&self) -> impl Iterator<Item = u8> + '_ {
        self.cells_of(self.turn)
    }

    /// Cells whose stack `seat` owns.
    fn cells_of(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        (0..self.topology().len() as u8).filter(move |&c| self.top[c as usize] != NONE && self.checkers[self.top[c as usize] as usize].owner() == seat)
    }
}

impl CheckersPosition {
    /// Every legal move of `seat` as if it were to move (jumps only, when any exists).
    fn moves_for(&self, seat: Seat, out: &mut Vec<CheckersMove>) {
        if self.bits_apply() {
            return self.moves_by_bits(seat, out);
        }
        self.moves_by_cells(seat, out);
    }

    /// [`CheckersPosition::moves_for`] cell by cell, on any board.
    fn moves_by_cells(&self, seat: Seat, out: &mut Vec<CheckersMove>) {
        out.clear();
        // The cells of `seat`'s stacks, in order: one scan of the board for both passes.
        let mut own = [0u8; MAX_CHECKERS];
        let mut count = 0;
        for c in 0..self.topology().len() {
            let id = self.top[c];
            if id != NONE && self.checkers[id as usize].owner() == seat {
                own[count] = c as u8;
                count += 1;
            }
        }
        let own = &own[..count];
        self.jumps_of(own.iter().copied(), out);
        // "You must jump whenever possible."
        if !out.is_empty() {
            return;
        }
        for &c in own {
            let ck = self.checkers[self.top[c as usize] as usize];
            let (king, owner) = (ck.is_king(), ck.owner());
            let (dirs, n) = self.step_dirs(king, owner);
            for &d in &dirs[..n] {
                let to = self.step(c, d, king, owner);
                if to != NONE && self.top[to as usize] == NONE && !self.passes_occupied(c, d, owner) {
                    out.push(CheckersMove::step(c, to));
                }
            }
        }
    }

    /// Appends the jump sequences of the stacks on `cells`, in that order, to `out`.
    fn jumps_of(&self, cells: impl Iterator<Item = u8>, out: &mut Vec<CheckersMove>) {
        let mut jumped = CellSet::EMPTY;
        let mut mv = CheckersMove::START;
        for c in cells {
            let top = self.checkers[self.top[c as usize] as usize];
            let j = Jumper { from: c, top, king: top.is_king(), owner: top.owner() };
            mv.from = c;
            self.jumps_from(&j, c, &mut mv, &mut jumped, out);
        }
    }

    /// Whether `seat` has any legal move (a step or a first hop), without listing them.
    fn can_move(&self, seat: Seat) -> bool {
        self.cells_of(seat).any(|c| self.free_steps(c as Cell) > 0 || self.can_jump(c as Cell))
    }

    /// How many empty cells the checker on top of `c` could step to (none for an empty cell):
    /// with [`CheckersPosition::can_jump`], the evaluation's measure of a stack's freedom.
    pub(crate) fn free_steps(&self, c: Cell) -> u32 {
        let Some(ck) = self.top(c) else { return 0 };
        let (king, owner, c) = (ck.is_king(), ck.owner(), c as u8);
        let (steps, ns) = self.step_dirs(king, owner);
        let free = |d: &&Line| {
            let to = self.step(c, **d, king, owner);
            to != NONE && self.top[to as usize] == NONE && !self.passes_occupied(c, **d, owner)
        };
        steps[..ns].iter().filter(free).count() as u32
    }

    /// Whether the checker on top of `c` has a first hop (false for an empty cell).
    pub(crate) fn can_jump(&self, c: Cell) -> bool {
        self.first_hop_over(c, SeatSet::first(MAX_SEATS))
    }

    /// Whether a stack `by` commands has a first hop over a stack topped by a checker of
    /// `seats`: what the search at five or six seats counts as an opponent's quiet move that
    /// threatens its side ([`crate::search::Evaluate::threatened`]).
    pub(crate) fn threatens(&self, by: Seat, seats: SeatSet) -> bool {
        self.cells_of(by).any(|c| self.first_hop_over(c as Cell, seats))
    }

    /// Whether the checker on top of `c` has a first hop over a stack whose top checker belongs
    /// to one of `seats` (false for an empty cell).
    fn first_hop_over(&self, c: Cell, seats: SeatSet) -> bool {
        let Some(ck) = self.top(c) else { return false };
        let (king, owner, c) = (ck.is_king(), ck.owner(), c as u8);
        let (jumps, n) = self.jump_dirs(king, owner);
        jumps[..n].iter().any(|&d| {
            let over = self.step(c, d, king, owner);
            if over == NONE || self.top[over as usize] == NONE {
                return false;
            }
            let victim = self.checkers[self.top[over as usize] as usize];
            if !seats.contains(victim.owner()) || !self.may_jump(ck, victim) {
                return false;
            }
            let land = self.step(over, d, king, owner);
            land != NONE && self.top[land as usize] == NONE && !self.passes_occupied(c, d, owner) && !self.passes_occupied(over, d, owner)
        })
    }

    /// Whether any checker of `seat` is on the board, on top or under others.
    fn has_checkers(&self, seat: Seat) -> bool {
        (0..self.topology().len() as Cell).any(|c| self.stack(c).any(|k| k.owner() == seat))
    }

    /// Cut-throat Stax and Queens: "all of his or her checkers are removed from the stacks on
    /// the board" (the removed checkers stay in the arrays, unlinked).
    fn remove_checkers(&mut self, seat: Seat) {
        for c in 0..self.topology().len() as u8 {
            if !self.stack(c as Cell).any(|k| k.owner() == seat) {
                continue;
            }
            self.hash ^= self.cell_hash(c);
            let ids: Vec<u8> = self.stack_ids(c).filter(|&id| self.checkers[id as usize].owner() != seat).collect();
            self.top[c as usize] = NONE;
            for id in ids {
                self.append_bottom(c, id);
            }
            self.refresh_bits(c);
            self.hash ^= self.cell_hash(c);
        }
    }

    fn stack_ids(&self, c: u8) -> impl Iterator<Item = u8> + use<'_> {
        let mut cur = self.top[c as usize];
        std::iter::from_fn(move || {
            (cur != NONE).then(|| {
                let id = cur;
                cur = self.below[cur as usize];
                id
            })
        })
    }

    /// Passes the turn after `mover`'s move. Two seats simply alternate. With more, the game is
    /// won the moment no opponent of the mover can move ("B wins when s/he jumps D's last piece
    /// under"); otherwise seats that cannot move are skipped ("omitting the turn of the missing
    /// player"), and in cut-throat Stax and Queens a seat with nothing on top when its turn comes
    /// loses its buried checkers (rulings C16, C17).
    fn pass_turn(&mut self, mover: Seat) {
        let seating = self.table.seating;
        let mut next = seating.next(mover);
        if seating.count() > 2 {
            if seating.opponents(mover).iter().all(|s| !self.can_move(s)) {
                self.won = seating.team(mover);
                self.hash ^= Self::won_key(self.won);
            } else {
                next = self.next_mobile(mover);
            }
        }
        self.hash ^= Self::turn_key(self.turn);
        self.turn = next;
        self.hash ^= Self::turn_key(self.turn);
    }

    /// The first seat after `mover` in the sequence that can move, removing cut-throat players
    /// whose turn comes with nothing to move.
    fn next_mobile(&mut self, mover: Seat) -> Seat {
        let seating = self.table.seating;
        let stacks = self.rules.game != CheckersGame::Checkers && !self.rules.seating.partners();
        let mut next = seating.next(mover);
        for _ in 0..seating.count() {
            if stacks && self.cells_of(next).next().is_none() && self.has_checkers(next) {
                self.remove_checkers(next);
            }
            if self.can_move(next) {
                return next;
            }
            next = seating.next(next);
        }
        next
    }

    /// Where `seat` stands: eliminated (no checker left anywhere), missing (only under other
    /// stacks), immobile (on top somewhere but unable to move) or in play.
    pub fn state_of(&self, seat: Seat) -> SeatState {
        if !self.has_checkers(seat) {
            SeatState::Eliminated
        } else if self.cells_of(seat).next().is_none() {
            SeatState::Missing
        } else if !self.can_move(seat) {
            SeatState::Immobile
        } else {
            SeatState::InPlay
        }
    }
}

impl CheckersPosition {
    /// Plies of Tri-Chek's 40-move option: forty moves by each seat still moving (seats whose
    /// checkers are all gone or buried miss their turns, so they add no plies).
    pub fn forty_move_plies(&self) -> u16 {
        let moving = self.table.seating.seats().filter(|&s| self.cells_of(s).next().is_some()).count();
        40 * moving.max(1) as u16
    }

    /// Tri-Chek's 40-move option (rulings T11): once every piece on the board is a king, forty
    /// moves each without a jump end the game; the team with the most pieces wins (partners
    /// count together), a tie for the most is a draw.
    fn forty_moves_outcome(&self) -> Option<Outcome> {
        if !self.rules.forty || self.quiet < self.forty_move_plies() || self.checkers_on_board().any(|k| !k.is_king()) {
            return None;
        }
        let teams = self.table.seating.teams();
        let count = |t: SeatSet| self.checkers_on_board().filter(|k| t.contains(k.owner())).count();
        let most = teams.iter().map(|&t| count(t)).max().unwrap_or(0);
        let leaders: Vec<SeatSet> = teams.into_iter().filter(|&t| count(t) == most).collect();
        Some(match leaders.as_slice() {
            [one] => Outcome::team(*one, Reason::MostPieces),
            _ => Outcome::draw(Reason::MostPieces),
        })
    }
}

impl Position for CheckersPosition {
    type Move = CheckersMove;
    type Undo = CheckersUndo;

    fn turn(&self) -> Seat {
        self.turn
    }
    fn seating(&self) -> Seating {
        self.table.seating
    }
    fn seat_state(&self, s: Seat) -> SeatState {
        self.state_of(s)
    }

    fn legal_moves(&self, out: &mut Vec<CheckersMove>) {
        if !self.won.is_empty() {
            out.clear();
            return;
        }
        self.moves_for(self.turn, out);
    }

    fn legal_move_count(&self, scratch: &mut Vec<CheckersMove>) -> u64 {
        if !self.won.is_empty() {
            return 0;
        }
        if self.bits_apply()
            && let Some(n) = self.count_by_bits(self.turn)
        {
            return n;
        }
        self.legal_moves(scratch);
        scratch.len() as u64
    }

    fn play_unchecked(&mut self, m: CheckersMove) -> CheckersUndo {
        self.play_reversibly(m)
    }

    fn undo(&mut self, m: CheckersMove, undo: CheckersUndo) {
        self.unplay(&m, undo);
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        let base = Self::turn_key(self.turn) ^ Self::won_key(self.won);
        (0..self.topology().len() as u8).fold(base, |h, c| h ^ self.cell_hash(c))
    }

    fn outcome_with(&self, legal: &[CheckersMove]) -> Option<Outcome> {
        if !self.won.is_empty() {
            return Some(Outcome::team(self.won, Reason::OpponentsCapturedOrImmobile));
        }
        if legal.is_empty() {
            let seating = self.table.seating;
            if seating.count() > 2 {
                // Only a written position can leave the turn with a seat that cannot move (play
                // skips such seats, and reading one moves the turn on): nobody can move at all.
                return Some(Outcome::draw(Reason::NoLegalMove));
            }
            let reason = if self.own_cells().next().is_none() { Reason::NoPiecesLeft } else { Reason::NoLegalMove };
            return Some(Outcome::team(seating.opponents(self.turn), reason));
        }
        if self.rules.move_limit > 0 && self.quiet >= self.rules.move_limit {
            return Some(Outcome::draw(Reason::MoveLimit));
        }
        self.forty_moves_outcome()
    }

    fn move_text(&self, m: CheckersMove) -> String {
        let t = self.topology();
        let mut s = t.name(m.from as Cell);
        if m.is_jump() {
            for &c in m.landings() {
                s.push('x');
                s += &t.name(c as Cell);
            }
        } else {
            s.push('-');
            s += &t.name(m.path[0] as Cell);
        }
        s
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), String> {
        let bad = || format!("'{text}' is not a checkers move (expected e.g. c3-d4 or c3xe5xg7)");
        let t = self.topology();
        if let Some((a, b)) = text.split_once('-') {
            return if t.parse_cell(a).is_some() && t.parse_cell(b).is_some() { Ok(()) } else { Err(bad()) };
        }
        let parts: Vec<&str> = text.split('x').collect();
        if parts.len() < 2 || parts.iter().any(|p| t.parse_cell(p).is_none()) {
            return Err(bad());
        }
        Ok(())
    }

    fn explain_illegal(&self, text: &str, legal: &[CheckersMove]) -> String {
        self.refusal(text, legal).to_string()
    }

    fn to_text(&self) -> String {
        self.text()
    }

    fn is_irreversible(&self, m: CheckersMove) -> bool {
        m.is_jump() || self.top(m.from as Cell).is_some_and(|c| !c.is_king())
    }
}
