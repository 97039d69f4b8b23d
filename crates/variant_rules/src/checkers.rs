//! The checkers family: Checkers (English draughts), Stax and Queens, with the Numbers variation.
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

use crate::position::{Outcome, Player, Position, splitmix64};
use crate::topology::{Cell, CellSet, Dir, MAX_CELLS, NO_CELL, Topology, Wrap};

/// The most checkers a position holds (4 players x 12 in Doubles).
pub const MAX_CHECKERS: usize = 48;
/// The longest jump sequence a move can record. Each hop takes the top checker of a different
/// cell owned by an opponent, and a board holds at most 23 opponent-topped cells in a
/// 2-player game of 24 checkers.
pub const MAX_HOPS: usize = 24;
/// "No checker" in the `top` and `below` arrays.
const NONE: u8 = 0xFF;
/// Bit of a checker byte marking a king; bits 0-2 are the owner, bits 4-7 the number (0 = none).
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
    pub fn new(owner: Player, king: bool, number: u8) -> Checker {
        Checker(owner | if king { KING_BIT } else { 0 } | (number << 4))
    }
    /// The player it belongs to.
    #[inline(always)]
    pub fn owner(self) -> Player {
        self.0 & 7
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
        let letter = (b'a' + self.owner()) as char;
        write!(f, "{}", if self.is_king() { letter.to_ascii_uppercase() } else { letter })?;
        if self.number() != 0 {
            write!(f, "{}", self.number())?;
        }
        Ok(())
    }
}

/// A step (`path[0]` is the destination) or a jump sequence (`over[i]` jumped, landing on `path[i]`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CheckersMove {
    pub from: u8,
    /// Number of hops of a jump; 0 for a step.
    pub hops: u8,
    pub path: [u8; MAX_HOPS],
    pub over: [u8; MAX_HOPS],
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
    /// The jumped cells, in order (empty for a step).
    pub fn jumped(&self) -> &[u8] {
        &self.over[..self.hops as usize]
    }
}

/// A validated checkers-family position.
#[derive(Clone)]
pub struct CheckersPosition {
    topo: &'static Topology,
    rules: CheckersRules,
    top: [u8; MAX_CELLS],
    below: [u8; MAX_CHECKERS],
    checkers: [Checker; MAX_CHECKERS],
    count: u8,
    turn: u8,
    quiet: u16,
    hash: u64,
}

impl CheckersPosition {
    /// The starting position: 12 checkers a side on the three nearest rows of an 8x8 board
    /// (Queens: the second player's on the light squares). `seed` shuffles the numbers.
    pub fn start(rules: CheckersRules, wrap: Wrap, seed: u64) -> CheckersPosition {
        let topo = Topology::get(8, 8, wrap);
        let mut pos = CheckersPosition::empty(topo, rules);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for player in 0..2u8 {
            let mut numbers: Vec<u8> = (1..=12).collect();
            numbers.shuffle(&mut rng);
            let dark = player == 0 || rules.game != CheckersGame::Queens;
            let cells: Vec<Cell> = (0..topo.len() as Cell).filter(|&c| topo.relative_rank(player, c) < 3 && topo.is_dark(c) == dark).collect();
            for (i, c) in cells.into_iter().enumerate() {
                let number = if rules.numbers { numbers[i] } else { 0 };
                pos.push_bottom(c as u8, Checker::new(player, false, number));
            }
        }
        pos.hash = pos.recompute_hash();
        pos
    }

    fn empty(topo: &'static Topology, rules: CheckersRules) -> CheckersPosition {
        CheckersPosition {
            topo,
            rules,
            top: [NONE; MAX_CELLS],
            below: [NONE; MAX_CHECKERS],
            checkers: [Checker(0); MAX_CHECKERS],
            count: 0,
            turn: 0,
            quiet: 0,
            hash: 0,
        }
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
    /// The topology.
    pub fn topology(&self) -> &'static Topology {
        self.topo
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
        (0..self.topo.len() as Cell).flat_map(move |c| self.stack(c))
    }

    #[inline(always)]
    fn step(&self, c: u8, d: Dir, king: bool) -> u8 {
        // Universal board: only kings cross the ends ("One must become a king before moving or
        // jumping across the ends, although non-kings may do so along the sides").
        let s = if king { self.topo.step(c as Cell, d) } else { self.topo.step_sides(c as Cell, d) };
        if s == NO_CELL { NONE } else { s as u8 }
    }

    /// Directions a checker of `owner` steps in.
    #[inline(always)]
    fn step_dirs(king: bool, owner: Player) -> &'static [Dir] {
        const FWD: [[Dir; 2]; 2] = [[Dir::NW, Dir::NE], [Dir::SE, Dir::SW]];
        if king { &Dir::DIAGONAL } else { &FWD[owner as usize & 1] }
    }

    /// Directions a checker of `owner` jumps in (Queens adds straight jumps).
    #[inline(always)]
    fn jump_dirs(&self, king: bool, owner: Player) -> &'static [Dir] {
        const FWD3: [[Dir; 3]; 2] = [[Dir::NW, Dir::N, Dir::NE], [Dir::SE, Dir::S, Dir::SW]];
        match (self.rules.game, king) {
            (CheckersGame::Queens, true) => &Dir::ALL,
            (CheckersGame::Queens, false) => &FWD3[owner as usize & 1],
            _ => Self::step_dirs(king, owner),
        }
    }

    /// Whether `jumper` (a stack's top) may jump `victim` (another stack's top).
    #[inline(always)]
    fn may_jump(&self, jumper: Checker, victim: Checker) -> bool {
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

    fn turn_key(turn: u8) -> u64 {
        splitmix64(0x7E57_0000 + turn as u64)
    }

    /// Moves the stack on `cur` over `over` to `land`, taking `over`'s top checker: removed in
    /// Checkers, carried underneath in Stax and Queens (the rest of `over`'s stack stays).
    fn apply_hop(&mut self, cur: u8, over: u8, land: u8) {
        self.hash ^= self.cell_hash(cur) ^ self.cell_hash(over) ^ self.cell_hash(land);
        self.top[land as usize] = self.top[cur as usize];
        self.top[cur as usize] = NONE;
        let victim = self.top[over as usize];
        self.top[over as usize] = self.below[victim as usize];
        self.below[victim as usize] = NONE;
        if self.rules.game != CheckersGame::Checkers {
            self.append_bottom(land, victim);
        }
        self.hash ^= self.cell_hash(cur) ^ self.cell_hash(over) ^ self.cell_hash(land);
        if self.rules.uncovered == UncoveredMan::Crown && self.top[over as usize] != NONE {
            self.crown_if_due(over);
        }
    }

    /// Crowns the top checker of `c` if it is a non-king standing on its owner's king row.
    fn crown_if_due(&mut self, c: u8) -> bool {
        let id = self.top[c as usize];
        let ck = self.checkers[id as usize];
        if ck.is_king() || self.topo.rank(c as Cell) != self.topo.far_rank(ck.owner()) {
            return false;
        }
        self.hash ^= self.cell_hash(c);
        self.checkers[id as usize] = ck.crowned();
        self.hash ^= self.cell_hash(c);
        true
    }

    /// Depth-first search of jump sequences continuing from `cur` in `pos`; returns whether
    /// any hop was possible. Complete sequences are pushed onto `out`.
    fn jumps_from(&self, pos: &CheckersPosition, cur: u8, mv: &mut CheckersMove, jumped: &mut CellSet, out: &mut Vec<CheckersMove>) -> bool {
        let jumper = pos.checkers[pos.top[cur as usize] as usize];
        let (king, owner) = (jumper.is_king(), jumper.owner());
        let mut any = false;
        for &d in self.jump_dirs(king, owner) {
            let over = pos.step(cur, d, king);
            if over == NONE || jumped.contains(over as Cell) {
                continue;
            }
            let victim_id = pos.top[over as usize];
            if victim_id == NONE {
                continue;
            }
            let victim = pos.checkers[victim_id as usize];
            if victim.owner() == owner || !self.may_jump(jumper, victim) {
                continue;
            }
            let land = pos.step(over, d, king);
            // A cell may be neither jumped twice nor landed on after being jumped in one move
            // (in Checkers the jumped piece is still there until the move is complete).
            if land == NONE || pos.top[land as usize] != NONE || jumped.contains(land as Cell) {
                continue;
            }
            any = true;
            let mut next = pos.clone();
            next.apply_hop(cur, over, land);
            let i = mv.hops as usize;
            assert!(i < MAX_HOPS, "jump sequence longer than MAX_HOPS");
            mv.path[i] = land;
            mv.over[i] = over;
            mv.hops += 1;
            jumped.insert(over as Cell);
            // A non-king reaching the king row is crowned and its move ends there.
            let crowned = next.crown_if_due(land);
            if crowned || !self.jumps_from(&next, land, mv, jumped, out) {
                out.push(*mv);
            }
            jumped.remove(over as Cell);
            mv.hops -= 1;
        }
        any
    }

    /// Cells whose stack the side to move owns.
    fn own_cells(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.topo.len() as u8).filter(move |&c| self.top[c as usize] != NONE && self.checkers[self.top[c as usize] as usize].owner() == self.turn)
    }

    /// The position's text form (see `docs/notation.md`): rows from the last rank down,
    /// empty runs as numbers, stacks in brackets top first, then side to move and quiet plies.
    pub fn text(&self) -> String {
        let t = self.topo;
        let mut s = String::new();
        for rank in (0..t.height()).rev() {
            let mut empty = 0;
            for file in 0..t.width() {
                let c = t.cell(file, rank).unwrap();
                let stack: Vec<Checker> = self.stack(c).collect();
                if stack.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                if stack.len() == 1 && stack[0].number() == 0 {
                    s += &stack[0].to_string();
                } else {
                    s.push('[');
                    s += &stack.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",");
                    s.push(']');
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        format!("{s} {} {}", (b'a' + self.turn) as char, self.quiet)
    }

    /// Parses and validates the text form for the given rules and wrap.
    pub fn from_text(text: &str, rules: CheckersRules, wrap: Wrap) -> Result<CheckersPosition, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 3 {
            return Err(format!("a {} position has 3 fields (rows, side to move, quiet plies), found {}", rules.game.as_str(), fields.len()));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 8 {
            return Err(format!("a {} position has 8 rows, found {}", rules.game.as_str(), rows.len()));
        }
        let topo = Topology::get(8, 8, wrap);
        let mut pos = CheckersPosition::empty(topo, rules);
        for (i, row) in rows.iter().enumerate() {
            let rank = (7 - i) as u8;
            let mut file = 0u8;
            let mut chars = row.chars().peekable();
            while let Some(ch) = chars.next() {
                if let Some(d) = ch.to_digit(10) {
                    let mut run = d;
                    while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                        // Any run past 8 is an error below; saturating keeps a long one from overflowing.
                        run = run.saturating_mul(10).saturating_add(d2);
                        chars.next();
                    }
                    if run == 0 || run > 8 || file as u32 + run > 8 {
                        return Err(format!("row '{row}' does not have 8 cells"));
                    }
                    file += run as u8;
                    continue;
                }
                if file >= 8 {
                    return Err(format!("row '{row}' has more than 8 cells"));
                }
                let c = topo.cell(file, rank).unwrap() as u8;
                let pieces: Vec<String> = if ch == '[' {
                    let mut inner = String::new();
                    loop {
                        match chars.next() {
                            Some(']') => break,
                            Some(x) => inner.push(x),
                            None => return Err(format!("row '{row}' has an unclosed '['")),
                        }
                    }
                    inner.split(',').map(str::to_string).collect()
                } else {
                    vec![ch.to_string()]
                };
                for p in pieces {
                    pos.push_bottom_checked(c, &p)?;
                }
                file += 1;
            }
            if file != 8 {
                return Err(format!("row '{row}' does not have 8 cells"));
            }
        }
        pos.turn = match fields[1] {
            "a" => 0,
            "b" => 1,
            other => return Err(format!("side to move must be 'a' or 'b', found '{other}'")),
        };
        pos.quiet = fields[2].parse().map_err(|_| format!("quiet plies '{}' is not a number", fields[2]))?;
        for c in 0..topo.len() as Cell {
            let height = pos.stack(c).count();
            if height == 0 {
                continue;
            }
            if rules.game == CheckersGame::Checkers && height > 1 {
                return Err(format!("Checkers has no stacks, but {} holds {height} checkers", topo.name(c)));
            }
            if rules.game != CheckersGame::Queens && !topo.is_dark(c) {
                return Err(format!("{} is a light square, which {} does not use", topo.name(c), rules.game.as_str()));
            }
        }
        for player in 0..2u8 {
            let n = pos.checkers_on_board().filter(|k| k.owner() == player).count();
            if n > 12 {
                return Err(format!("player {} has {n} checkers; a set has 12", (b'a' + player) as char));
            }
        }
        pos.hash = pos.recompute_hash();
        Ok(pos)
    }

    fn push_bottom_checked(&mut self, c: u8, text: &str) -> Result<(), String> {
        let mut chars = text.chars();
        let letter = chars.next().ok_or("empty checker in a stack")?;
        let owner = match letter.to_ascii_lowercase() {
            'a' => 0,
            'b' => 1,
            _ => return Err(format!("unknown checker '{text}' (expected a, b, A or B, with a number in Numbers)")),
        };
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

impl Position for CheckersPosition {
    type Move = CheckersMove;
    type Undo = CheckersPosition;

    fn turn(&self) -> Player {
        self.turn
    }
    fn player_count(&self) -> usize {
        2
    }

    fn legal_moves(&self, out: &mut Vec<CheckersMove>) {
        out.clear();
        let mut jumped = CellSet::EMPTY;
        for c in self.own_cells() {
            let mut mv = CheckersMove { from: c, hops: 0, path: [NONE; MAX_HOPS], over: [NONE; MAX_HOPS] };
            self.jumps_from(self, c, &mut mv, &mut jumped, out);
        }
        // "You must jump whenever possible."
        if !out.is_empty() {
            return;
        }
        for c in self.own_cells() {
            let ck = self.checkers[self.top[c as usize] as usize];
            for &d in Self::step_dirs(ck.is_king(), ck.owner()) {
                let to = self.step(c, d, ck.is_king());
                if to != NONE && self.top[to as usize] == NONE {
                    let mut path = [NONE; MAX_HOPS];
                    path[0] = to;
                    out.push(CheckersMove { from: c, hops: 0, path, over: [NONE; MAX_HOPS] });
                }
            }
        }
    }

    fn play_unchecked(&mut self, m: CheckersMove) -> CheckersPosition {
        let before = self.clone();
        let mover = self.checkers[self.top[m.from as usize] as usize];
        if m.is_jump() {
            let mut cur = m.from;
            for i in 0..m.hops as usize {
                self.apply_hop(cur, m.over[i], m.path[i]);
                cur = m.path[i];
            }
        } else {
            let to = m.path[0];
            self.hash ^= self.cell_hash(m.from) ^ self.cell_hash(to);
            self.top[to as usize] = self.top[m.from as usize];
            self.top[m.from as usize] = NONE;
            self.hash ^= self.cell_hash(m.from) ^ self.cell_hash(to);
        }
        self.crown_if_due(m.to());
        self.quiet = if m.is_jump() || !mover.is_king() { 0 } else { self.quiet.saturating_add(1) };
        self.hash ^= Self::turn_key(self.turn);
        self.turn = (self.turn + 1) % 2;
        self.hash ^= Self::turn_key(self.turn);
        before
    }

    fn undo(&mut self, _m: CheckersMove, before: CheckersPosition) {
        *self = before;
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        (0..self.topo.len() as u8).fold(Self::turn_key(self.turn), |h, c| h ^ self.cell_hash(c))
    }

    fn outcome_with(&self, legal: &[CheckersMove]) -> Option<Outcome> {
        if legal.is_empty() {
            let reason = if self.own_cells().next().is_none() { "no pieces left" } else { "no legal move" };
            return Some(Outcome::win((self.turn + 1) % 2, reason));
        }
        if self.rules.move_limit > 0 && self.quiet >= self.rules.move_limit {
            return Some(Outcome::draw("move limit"));
        }
        None
    }

    fn move_text(&self, m: CheckersMove) -> String {
        let t = self.topo;
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
        let t = self.topo;
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
        let t = self.topo;
        let from = text.split(['-', 'x']).next().and_then(|s| t.parse_cell(s));
        let Some(from) = from else { return "not a legal move".into() };
        match self.top(from) {
            None => return format!("there is no checker on {}", t.name(from)),
            Some(ck) if ck.owner() != self.turn => return format!("the stack on {} is not the side to move's", t.name(from)),
            _ => {}
        }
        let texts: Vec<String> = legal.iter().map(|&m| self.move_text(m)).collect();
        if texts.iter().any(|m| m.starts_with(text) && m.len() > text.len() && text.contains('x')) {
            return "the jump sequence must continue while another jump is possible".into();
        }
        if legal.first().is_some_and(|m| m.is_jump()) && text.contains('-') {
            return "a jump is available and jumping is compulsory".into();
        }
        "that stack cannot move there".into()
    }

    fn to_text(&self) -> String {
        self.text()
    }

    fn is_irreversible(&self, m: CheckersMove) -> bool {
        m.is_jump() || self.top(m.from as Cell).is_some_and(|c| !c.is_king())
    }
}
