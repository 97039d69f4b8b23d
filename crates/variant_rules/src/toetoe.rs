//! Toe-to-Toe Chess (Peter Aronson): pawns start face to face, the other pieces are deployed
//! behind them in groups, six alternating swap moves follow, then short-range armies fight.
//!
//! Readings of the text (its diagrams and deployment table are missing) are rulings T1–T9 in
//! `docs/rulings.md`. Moves: drops `K@c2`, swaps `b1~c1`, regular moves `e4e5`, promotion as
//! a move of its own `e8=G`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::codec::{self, RowError, RowSyntax};
use crate::movement::{self, Occupant};
use crate::position::{MoveError, Outcome, PerSeat, Position, Reason, Seat, Seating, splitmix64};
use crate::topology::{Cell, Line, NO_CELL, Side, Topology, Wrap};

mod family;
mod refusal;
mod scene;

/// Piece kinds (the low three bits of a board byte; bit 3 is the owner, 0 = empty).
pub const PAWN: u8 = 1;
pub const HORSE: u8 = 2;
pub const ELEPHANT: u8 = 3;
pub const CHARIOT: u8 = 4;
pub const GENERAL: u8 = 5;
pub const KING: u8 = 6;

/// Letters of the kinds, indexed by kind (Horse as N, Chariot as R, as on a chess set).
const LETTERS: &[u8; 7] = b".PNERGK";
/// The pieces each side deploys: king, general, two chariots, two horses, two elephants.
const ARMY: [u8; 7] = [0, 0, 2, 2, 2, 1, 1];
/// Pieces deployed by each side.
const ARMY_SIZE: u8 = 8;
/// Swap moves in the swap phase, both sides together (W, B, W, B, W, B).
const SWAPS: u8 = 6;
/// Ranks (from each side's own first rank) a side deploys onto: the three behind its pawns.
const DEPLOY_RANKS: u8 = 3;
/// Two seats: White (south) and Black (north), White first in every phase.
const SEATING: Seating = Seating::TWO;
/// The seat that deploys first and starts regular play (ruling T3).
const WHITE: Seat = Seat::A;

/// How many pieces each side places at a time during deployment, White first, then Black with
/// the same count, and so on (ruling T2). The sizes add up to eight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DeployGroups([u8; 8]);

impl Default for DeployGroups {
    /// Two at a time: W2 B2 W2 B2 W2 B2 W2 B2.
    fn default() -> Self {
        DeployGroups([2, 2, 2, 2, 0, 0, 0, 0])
    }
}

impl DeployGroups {
    /// The group sizes, in order.
    pub fn sizes(&self) -> impl Iterator<Item = u8> + '_ {
        self.0.iter().copied().take_while(|&n| n > 0)
    }
}

impl fmt::Display for DeployGroups {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.sizes().map(|n| n.to_string()).collect();
        write!(f, "{}", parts.join(","))
    }
}

impl FromStr for DeployGroups {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let mut out = [0u8; 8];
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        if parts.len() > 8 {
            return Err(format!("deployment groups '{s}': at most 8 groups"));
        }
        for (i, p) in parts.iter().enumerate() {
            out[i] =
                p.parse::<u8>().ok().filter(|&n| (1..=8).contains(&n)).ok_or_else(|| format!("deployment groups '{s}': '{p}' is not a size from 1 to 8"))?;
        }
        if out.iter().map(|&n| n as u32).sum::<u32>() != ARMY_SIZE as u32 {
            return Err(format!("deployment groups '{s}' must add up to {ARMY_SIZE} (the pieces each side places)"));
        }
        Ok(DeployGroups(out))
    }
}

impl Serialize for DeployGroups {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for DeployGroups {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToeMoveKind {
    /// Place `piece` from the hand on `to`.
    Drop,
    /// Exchange the pieces on `from` and `to` (both the mover's).
    Swap,
    /// Move (or capture) from `from` to `to`.
    Normal,
    /// Replace the pawn on `from` (on its last rank) with `piece`.
    Promote,
}

/// A Toe-to-Toe move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ToeMove {
    pub kind: ToeMoveKind,
    pub from: Cell,
    pub to: Cell,
    /// The kind dropped or promoted to (0 otherwise).
    pub piece: u8,
}

/// The phase a position is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Deploy,
    Swap,
    Play,
}

/// A Toe-to-Toe Chess position.
#[derive(Clone)]
pub struct ToeToePosition {
    topo: &'static Topology,
    groups: DeployGroups,
    board: [u8; 64],
    /// Pieces not yet deployed, `[player][kind]`.
    hand: PerSeat<[u8; 7]>,
    /// Each side's own pieces captured so far and not yet brought back by promotion.
    captured: PerSeat<[u8; 7]>,
    /// Deployment and swap plies played (0 ..= 16 + 6).
    setup: u8,
    /// Side to move in regular play (during setup the schedule decides).
    turn: Seat,
    /// Regular-play plies since the last capture, pawn move or promotion (fifty-move rule, T8).
    quiet: u16,
    hash: u64,
}

/// Plies without a capture, pawn move or promotion after which the game is drawn (ruling T8:
/// the orthodox fifty-move rule).
pub const FIFTY_MOVES: u16 = 100;

fn owner(b: u8) -> Seat {
    Seat((b >> 3) & 1)
}

/// The owner of a board byte, `None` for an empty cell.
fn owner_of(b: u8) -> Option<Seat> {
    (b != 0).then(|| owner(b))
}

/// The board byte of `player`'s piece of kind `k`.
const fn byte(player: Seat, k: u8) -> u8 {
    k | (player.0 << 3)
}

/// The side of the board a seat deploys on and moves away from.
const fn side(player: Seat) -> Side {
    Side::of_two(player)
}

/// The colour's name in messages.
fn seat_name(player: Seat) -> &'static str {
    if player == WHITE { "White" } else { "Black" }
}

fn kind(b: u8) -> u8 {
    b & 7
}

fn piece_key(cell: Cell, b: u8) -> u64 {
    splitmix64(0x70E7_0000_0000 ^ ((cell as u64) << 8) ^ b as u64)
}

fn count_key(what: u64, player: usize, kind: usize, n: u8) -> u64 {
    splitmix64(what ^ ((player as u64) << 16) ^ ((kind as u64) << 8) ^ n as u64)
}

const HAND_KEY: u64 = 0x4A4D_0000_0000_0000;
const CAPTURED_KEY: u64 = 0xCA97_0000_0000_0000;

fn setup_key(setup: u8, turn: Seat) -> u64 {
    splitmix64(0x5E70_0000 ^ ((setup as u64) << 4) ^ turn.0 as u64)
}

impl ToeToePosition {
    /// The starting position: White's pawns on the 4th rank, Black's on the 5th (ruling T1).
    pub fn start(groups: DeployGroups) -> ToeToePosition {
        let topo = Topology::get(8, 8, Wrap::Flat);
        let mut board = [0u8; 64];
        // Each side's pawns on its own fourth rank, face to face in the middle.
        for player in SEATING.seats() {
            for c in (0..64).filter(|&c| topo.distance_from(side(player), c) == DEPLOY_RANKS) {
                board[c as usize] = byte(player, PAWN);
            }
        }
        let mut p =
            ToeToePosition { topo, groups, board, hand: PerSeat::splat(ARMY), captured: PerSeat::splat([0; 7]), setup: 0, turn: WHITE, quiet: 0, hash: 0 };
        p.hash = p.recompute_hash();
        p
    }

    /// The board's topology.
    pub fn topology(&self) -> &'static Topology {
        self.topo
    }

    /// The board byte on a cell (kind in bits 0-2, owner in bit 3; 0 = empty).
    pub fn piece_at(&self, c: Cell) -> u8 {
        self.board[c as usize]
    }

    /// How many pieces of `kind` `player` still has to deploy.
    pub fn in_hand(&self, player: Seat, kind: u8) -> u8 {
        self.hand[player][kind as usize]
    }

    /// How many of `player`'s pieces of `kind` have been captured (and not promoted back).
    pub fn captured(&self, player: Seat, kind: u8) -> u8 {
        self.captured[player][kind as usize]
    }

    /// The deployment group sizes.
    pub fn groups(&self) -> DeployGroups {
        self.groups
    }

    /// The phase and, during setup, whose ply it is.
    pub fn phase(&self) -> Phase {
        self.schedule(self.setup).map_or(Phase::Play, |(_, p)| p)
    }

    /// Who plays setup ply `ply` and in which phase (None once regular play has begun).
    fn schedule(&self, ply: u8) -> Option<(Seat, Phase)> {
        let mut at = 0u8;
        for n in self.groups.sizes() {
            for &player in SEATING.order() {
                if ply < at + n {
                    return Some((player, Phase::Deploy));
                }
                at += n;
            }
        }
        // The swaps go round the table one at a time.
        let order = SEATING.order();
        (ply < at + SWAPS).then(|| (order[(ply - at) as usize % order.len()], Phase::Swap))
    }

    /// Pieces `player` has placed after `ply` setup plies.
    fn placed_by(&self, player: Seat, ply: u8) -> u8 {
        (0..ply).filter(|&p| self.schedule(p) == Some((player, Phase::Deploy))).count() as u8
    }

    /// Whether `c` is in `player`'s deployment zone.
    fn in_zone(&self, player: Seat, c: Cell) -> bool {
        self.topo.distance_from(side(player), c) < DEPLOY_RANKS
    }

    /// The cell of `player`'s king, if it is on the board.
    fn king(&self, player: Seat) -> Option<Cell> {
        (0..64).find(|&c| self.board[c] == byte(player, KING)).map(|c| c as Cell)
    }

    /// Whether `c` is attacked by a piece of `by`.
    pub fn is_attacked(&self, c: Cell, by: Seat) -> bool {
        let t = self.topo;
        let is = |cell: Cell, k: u8| cell != NO_CELL && self.board[cell as usize] == byte(by, k);
        // Pawns capture one step diagonally forward: look one step diagonally backward.
        if movement::pawn_attackers(t, c, side(by)).iter().any(|&s| is(s, PAWN)) {
            return true;
        }
        if t.leaps(c).iter().any(|&l| is(l, HORSE)) {
            return true;
        }
        for d in Line::ALL {
            let one = t.step(c, d);
            if one == NO_CELL {
                continue;
            }
            if is(one, KING) || is(one, GENERAL) {
                return true;
            }
            // An elephant on `one` attacks `c` if the step from it to `c` is forward or diagonal.
            let toward = d.opposite();
            if is(one, ELEPHANT) && (toward == side(by).forward() || Line::DIAGONAL.contains(&toward)) {
                return true;
            }
            if self.board[one as usize] == 0 {
                let two = t.step(one, d);
                if is(two, GENERAL) {
                    return true;
                }
            }
            if Line::ORTHOGONAL.contains(&d) {
                let mut cur = c;
                for _ in 0..4 {
                    cur = t.step(cur, d);
                    if cur == NO_CELL {
                        break;
                    }
                    if is(cur, CHARIOT) {
                        return true;
                    }
                    if self.board[cur as usize] != 0 {
                        break;
                    }
                }
            }
        }
        false
    }

    /// Whether `player`'s king is on the board and attacked.
    pub fn in_check(&self, player: Seat) -> bool {
        self.king(player).is_some_and(|k| self.is_attacked(k, SEATING.opponent(player)))
    }

    /// Moves of the side to move that obey every rule but the stalemate ban.
    fn king_safe_moves(&self, out: &mut Vec<ToeMove>) {
        let player = self.turn();
        out.clear();
        self.pseudo_moves(player, &mut |m| {
            out.push(m);
            true
        });
        // A clone is a copy of fixed-size arrays: no allocation.
        let mut scratch = self.clone();
        out.retain(|&m| {
            let undo = scratch.play_unchecked(m);
            let ok = !scratch.in_check(player);
            scratch.undo(m, undo);
            ok
        });
    }

    /// Whether the side to move has any king-safe move (stops at the first).
    fn has_king_safe_move(&self) -> bool {
        let player = self.turn();
        let mut scratch = self.clone();
        let finished = self.pseudo_moves(player, &mut |m| {
            let undo = scratch.play_unchecked(m);
            let ok = !scratch.in_check(player);
            scratch.undo(m, undo);
            !ok // keep looking while none is safe
        });
        !finished
    }

    /// Feeds every pseudo-legal move of `player` to `emit` until it returns false; returns
    /// whether all were fed.
    fn pseudo_moves(&self, player: Seat, emit: &mut impl FnMut(ToeMove) -> bool) -> bool {
        match self.phase() {
            Phase::Deploy => self.drops(player, emit),
            Phase::Swap => self.swaps(player, emit),
            Phase::Play => (0..64 as Cell).all(|c| owner_of(self.board[c as usize]) != Some(player) || self.piece_moves(c, player, emit)),
        }
    }

    /// Deployment: each kind in hand onto each empty cell of the zone.
    fn drops(&self, player: Seat, emit: &mut impl FnMut(ToeMove) -> bool) -> bool {
        [KING, GENERAL, CHARIOT, HORSE, ELEPHANT].into_iter().filter(|&k| self.hand[player][k as usize] > 0).all(|k| {
            (0..64 as Cell)
                .filter(|&c| self.board[c as usize] == 0 && self.in_zone(player, c))
                .all(|c| emit(ToeMove { kind: ToeMoveKind::Drop, from: c, to: c, piece: k }))
        })
    }

    /// The swap phase: any two of the player's pieces.
    fn swaps(&self, player: Seat, emit: &mut impl FnMut(ToeMove) -> bool) -> bool {
        let mine = |c: Cell| owner_of(self.board[c as usize]) == Some(player);
        (0..64 as Cell)
            .filter(|&a| mine(a))
            .all(|a| (a + 1..64).filter(|&b| mine(b)).all(|b| emit(ToeMove { kind: ToeMoveKind::Swap, from: a, to: b, piece: 0 })))
    }

    /// What stands on `c` as a piece of `player` sees it.
    fn occupant(&self, c: Cell, player: Seat) -> Occupant {
        match owner_of(self.board[c as usize]) {
            None => Occupant::Empty,
            Some(o) if o == player => Occupant::Friend,
            Some(_) => Occupant::Enemy,
        }
    }

    /// Regular play: the moves of the piece of `player` on `c`.
    fn piece_moves(&self, c: Cell, player: Seat, emit: &mut impl FnMut(ToeMove) -> bool) -> bool {
        let t = self.topo;
        let k = kind(self.board[c as usize]);
        if k == PAWN {
            return self.pawn_moves(c, player, emit);
        }
        let occupant = |to: Cell| self.occupant(to, player);
        let mut normal = |to: Cell, _capture: bool| emit(ToeMove { kind: ToeMoveKind::Normal, from: c, to, piece: 0 });
        match k {
            HORSE => movement::leaps(t.leaps(c), occupant, &mut normal),
            // "Forward or diagonally": forward as the player sees it, all four diagonals.
            ELEPHANT => movement::steps(t, c, &[side(player).forward(), Line::NE, Line::SE, Line::SW, Line::NW], occupant, &mut normal),
            KING => movement::steps(t, c, &Line::ALL, occupant, &mut normal),
            GENERAL => movement::slide_within(t, c, &Line::ALL, 2, occupant, &mut normal),
            CHARIOT => movement::slide_within(t, c, &Line::ORTHOGONAL, 4, occupant, &mut normal),
            _ => true,
        }
    }

    /// A pawn's promotions (on its last rank, to a piece captured from it), its step forward or
    /// leap over the piece in front, and its diagonal captures.
    fn pawn_moves(&self, c: Cell, player: Seat, emit: &mut impl FnMut(ToeMove) -> bool) -> bool {
        let t = self.topo;
        let side = side(player);
        if t.on_far_edge(side, c) {
            for k in [GENERAL, CHARIOT, HORSE, ELEPHANT] {
                if self.captured[player][k as usize] > 0 && !emit(ToeMove { kind: ToeMoveKind::Promote, from: c, to: c, piece: k }) {
                    return false;
                }
            }
        }
        let normal = |to: Cell| ToeMove { kind: ToeMoveKind::Normal, from: c, to, piece: 0 };
        let fwd = side.forward();
        let ahead = t.step(c, fwd);
        if ahead != NO_CELL {
            // A step to an empty square, or the leap over the piece in front, of either side, to
            // an empty square.
            let to = if self.board[ahead as usize] == 0 { ahead } else { t.step(ahead, fwd) };
            if to != NO_CELL && self.board[to as usize] == 0 && !emit(normal(to)) {
                return false;
            }
        }
        movement::pawn_captures(t, c, side, |to| self.occupant(to, player), |to, _| emit(normal(to)))
    }

    fn set(&mut self, c: Cell, b: u8) {
        let old = self.board[c as usize];
        if old != 0 {
            self.hash ^= piece_key(c, old);
        }
        self.board[c as usize] = b;
        if b != 0 {
            self.hash ^= piece_key(c, b);
        }
    }

    fn add_count(&mut self, captured: bool, player: Seat, k: u8, delta: i8) {
        let (key, table) = if captured { (CAPTURED_KEY, &mut self.captured) } else { (HAND_KEY, &mut self.hand) };
        let n = &mut table[player][k as usize];
        let before = *n;
        *n = (*n as i8 + delta) as u8;
        let after = *n;
        self.hash ^= count_key(key, player.index(), k as usize, before) ^ count_key(key, player.index(), k as usize, after);
    }

    /// The position from its text form: `ranks side hand captured setup quiet`, e.g. the start
    /// is `8/8/8/pppppppp/PPPPPPPP/8/8/8 w KGRRNNEEkgrrnnee - 0 0` (see `docs/notation.md`).
    pub fn from_text(text: &str, groups: DeployGroups) -> Result<ToeToePosition, String> {
        let f: Vec<&str> = text.split_whitespace().collect();
        if f.len() != 6 {
            return Err(format!("a Toe-to-Toe position has 6 fields (ranks, side, hand, captured, setup plies, quiet plies), not {}", f.len()));
        }
        let mut p = ToeToePosition::start(groups);
        p.read_ranks(f[0])?;
        p.turn = match f[1] {
            "w" => Seat::A,
            "b" => Seat::B,
            s => return Err(format!("side to move '{s}' is not w or b")),
        };
        p.hand = PerSeat::splat([0; 7]);
        for (field, captured) in [(f[2], false), (f[3], true)] {
            if field == "-" {
                continue;
            }
            for ch in field.chars() {
                let (pl, k) = piece_letter(ch).filter(|&(_, k)| k != PAWN).ok_or_else(|| format!("'{ch}' cannot be in a hand or captured"))?;
                if captured && k == KING {
                    return Err("a king cannot have been captured".into());
                }
                // Counts past the army's are refused by `validate`; saturating keeps a long
                // field from overflowing first.
                let table = if captured { &mut p.captured } else { &mut p.hand };
                table[pl][k as usize] = table[pl][k as usize].saturating_add(1);
            }
        }
        p.setup = f[4]
            .parse::<u8>()
            .ok()
            .filter(|&n| n <= p.setup_plies())
            .ok_or_else(|| format!("setup plies '{}' is not a number from 0 to {}", f[4], p.setup_plies()))?;
        p.quiet =
            f[5].parse::<u16>().ok().filter(|&n| n <= FIFTY_MOVES).ok_or_else(|| format!("quiet plies '{}' is not a number from 0 to {FIFTY_MOVES}", f[5]))?;
        p.validate()?;
        p.hash = p.recompute_hash();
        Ok(p)
    }

    /// Reads the ranks field (8 down to 1, runs of empty squares as digits) onto the board.
    fn read_ranks(&mut self, field: &str) -> Result<(), String> {
        let ranks: Vec<&str> = field.split('/').collect();
        if ranks.len() != 8 {
            return Err(format!("'{field}' has {} ranks, not 8", ranks.len()));
        }
        self.board = [0; 64];
        for (i, r) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let piece = |token: &str| {
                let ch = token.chars().next().unwrap_or(' ');
                piece_letter(ch).map(|(pl, k)| byte(pl, k)).ok_or_else(|| format!("'{ch}' is not a Toe-to-Toe piece (K G R N E P)"))
            };
            let cells = codec::read_row(r, RowSyntax::SINGLE_DIGITS, 8, piece).map_err(|e| match e {
                RowError::Piece(why) => why,
                RowError::ZeroRun => format!("rank {}: a count of empty squares is 1 to 8, not 0", rank + 1),
                RowError::TooLong | RowError::Unclosed => format!("rank {} is longer than 8 squares", rank + 1),
            })?;
            if cells.len() != 8 {
                return Err(format!("rank {} has {} squares, not 8", rank + 1, cells.len()));
            }
            for (file, b) in cells.into_iter().enumerate() {
                self.board[self.topo.cell(file as u8, rank).expect("on board") as usize] = b.unwrap_or(0);
            }
        }
        Ok(())
    }

    fn setup_plies(&self) -> u8 {
        2 * ARMY_SIZE + SWAPS
    }

    fn validate(&self) -> Result<(), String> {
        for player in SEATING.seats() {
            let name = seat_name(player);
            // Counted in u32: a text can claim up to 255 of a piece in hand and 64 on the board.
            let on_board = |k: u8| self.board.iter().filter(|&&b| b == byte(player, k)).count() as u32;
            let held = |k: u8| self.hand[player][k as usize] as u32;
            let kings = on_board(KING) + held(KING);
            if kings != 1 {
                return Err(format!("{name} has {kings} kings (on the board and in hand), not 1"));
            }
            for k in [GENERAL, CHARIOT, HORSE, ELEPHANT] {
                let total = on_board(k) + held(k) + self.captured[player][k as usize] as u32;
                // Promotion can bring a piece back, but never more than the army had.
                if total > ARMY[k as usize] as u32 {
                    return Err(format!("{name} has {total} {}s, more than the army's {}", kind_name(k), ARMY[k as usize]));
                }
            }
            if on_board(PAWN) > 8 {
                return Err(format!("{name} has more than 8 pawns"));
            }
            let in_hand: u32 = self.hand[player].iter().map(|&n| n as u32).sum();
            let placed = self.placed_by(player, self.setup) as u32;
            if (self.phase() != Phase::Play || in_hand > 0) && in_hand + placed != ARMY_SIZE as u32 {
                return Err(format!("{name} has {in_hand} pieces in hand after placing {placed} of {ARMY_SIZE}"));
            }
            if self.phase() != Phase::Deploy && self.king(player).is_none() {
                return Err(format!("{name}'s king is not on the board after deployment"));
            }
        }
        if let Some((who, _)) = self.schedule(self.setup)
            && who != self.turn
        {
            return Err(format!("setup ply {} is {}'s, not {}'s", self.setup, seat_name(who), seat_name(self.turn)));
        }
        if self.in_check(SEATING.opponent(self.turn())) {
            return Err("the side not to move is in check".into());
        }
        Ok(())
    }
}

/// (owner, kind) of a piece letter: upper case White, lower case Black.
fn piece_letter(ch: char) -> Option<(Seat, u8)> {
    let k = LETTERS.iter().position(|&l| l == ch.to_ascii_uppercase() as u8).filter(|&k| k > 0)? as u8;
    Some((if ch.is_ascii_lowercase() { Seat::B } else { WHITE }, k))
}

/// English name of a kind.
pub fn kind_name(k: u8) -> &'static str {
    ["", "pawn", "horse", "elephant", "chariot", "general", "king"][k as usize % 7]
}

/// Letter of a kind (upper case).
pub fn kind_letter(k: u8) -> char {
    LETTERS[k as usize % 7] as char
}

/// Letter of a board byte: upper case White, lower case Black.
fn letter(b: u8) -> char {
    let l = kind_letter(kind(b));
    if owner(b) == WHITE { l } else { l.to_ascii_lowercase() }
}

impl Position for ToeToePosition {
    type Move = ToeMove;
    type Undo = ToeToePosition;

    fn turn(&self) -> Seat {
        self.schedule(self.setup).map_or(self.turn, |(p, _)| p)
    }

    fn legal_moves(&self, out: &mut Vec<ToeMove>) {
        self.king_safe_moves(out);
        // "A move that causes stalemate is illegal": drop moves after which the opponent, to
        // move in regular play, is not in check and has no king-safe move.
        let mut scratch = self.clone();
        out.retain(|&m| {
            let undo = scratch.play_unchecked(m);
            let ok = scratch.phase() != Phase::Play || scratch.in_check(scratch.turn()) || scratch.has_king_safe_move();
            scratch.undo(m, undo);
            ok
        });
    }

    fn play_unchecked(&mut self, m: ToeMove) -> ToeToePosition {
        let before = self.clone();
        let player = self.turn();
        self.hash ^= setup_key(self.setup, self.turn);
        match m.kind {
            ToeMoveKind::Drop => {
                self.add_count(false, player, m.piece, -1);
                self.set(m.to, byte(player, m.piece));
            }
            ToeMoveKind::Swap => {
                let (a, b) = (self.board[m.from as usize], self.board[m.to as usize]);
                self.set(m.from, b);
                self.set(m.to, a);
            }
            ToeMoveKind::Normal => {
                let victim = self.board[m.to as usize];
                self.quiet = if victim != 0 || kind(self.board[m.from as usize]) == PAWN { 0 } else { self.quiet + 1 };
                // Captured pieces are kept for promotion, which never brings back a pawn: a
                // captured pawn is not counted (nor written in the text, nor hashed).
                if victim != 0 && kind(victim) != PAWN {
                    self.add_count(true, owner(victim), kind(victim), 1);
                }
                let b = self.board[m.from as usize];
                self.set(m.from, 0);
                self.set(m.to, b);
            }
            ToeMoveKind::Promote => {
                self.quiet = 0;
                self.add_count(true, player, m.piece, -1);
                self.set(m.from, byte(player, m.piece));
            }
        }
        if self.setup < self.setup_plies() {
            self.setup += 1;
        }
        // Regular play starts with White (ruling T3); afterwards sides alternate.
        self.turn = match self.schedule(self.setup) {
            Some((p, _)) => p,
            None if before.phase() != Phase::Play => WHITE,
            None => SEATING.next(self.turn),
        };
        self.hash ^= setup_key(self.setup, self.turn);
        before
    }

    fn undo(&mut self, _m: ToeMove, undo: ToeToePosition) {
        *self = undo;
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        let mut h = setup_key(self.setup, self.turn);
        for c in 0..64 {
            if self.board[c] != 0 {
                h ^= piece_key(c as Cell, self.board[c]);
            }
        }
        for player in SEATING.seats() {
            for k in 0..7 {
                h ^= count_key(HAND_KEY, player.index(), k, self.hand[player][k]) ^ count_key(CAPTURED_KEY, player.index(), k, self.captured[player][k]);
            }
        }
        h
    }

    fn outcome_with(&self, legal: &[ToeMove]) -> Option<Outcome> {
        if self.phase() != Phase::Play {
            return None;
        }
        let player = self.turn();
        if legal.is_empty() {
            return Some(if self.in_check(player) { Outcome::win(SEATING.opponent(player), Reason::Checkmate) } else { Outcome::draw(Reason::Stalemate) });
        }
        if self.quiet >= FIFTY_MOVES {
            return Some(Outcome::draw(Reason::FiftyMoveRule));
        }
        // Bare kings cannot mate (pawns and every other piece can, with help or by promotion).
        if self.board.iter().all(|&b| b == 0 || kind(b) == KING) {
            return Some(Outcome::draw(Reason::InsufficientMaterial));
        }
        None
    }

    fn move_text(&self, m: ToeMove) -> String {
        let n = |c: Cell| self.topo.name(c);
        match m.kind {
            ToeMoveKind::Drop => format!("{}@{}", kind_letter(m.piece), n(m.to)),
            ToeMoveKind::Swap => format!("{}~{}", n(m.from), n(m.to)),
            ToeMoveKind::Normal => format!("{}{}", n(m.from), n(m.to)),
            ToeMoveKind::Promote => format!("{}={}", n(m.from), kind_letter(m.piece)),
        }
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), String> {
        let cell = |s: &str| self.topo.parse_cell(s).ok_or_else(|| format!("'{s}' is not a square a1-h8"));
        let piece = |s: &str| {
            let mut ch = s.chars();
            match (ch.next(), ch.next()) {
                (Some(c), None) if piece_letter(c).is_some_and(|(_, k)| k != PAWN) => Ok(()),
                _ => Err(format!("'{s}' is not a piece letter (K G R N E)")),
            }
        };
        if let Some((p, c)) = text.split_once('@') {
            piece(p)?;
            cell(c)?;
        } else if let Some((a, b)) = text.split_once('~') {
            cell(a)?;
            cell(b)?;
        } else if let Some((a, p)) = text.split_once('=') {
            cell(a)?;
            piece(p)?;
        } else {
            let split = text
                .char_indices()
                .skip(1)
                .find(|(_, c)| c.is_ascii_lowercase())
                .map(|(i, _)| i)
                .ok_or_else(|| format!("'{text}' is not a move (e.g. e4e5, K@c2, b1~c1, e8=G)"))?;
            cell(&text[..split])?;
            cell(&text[split..])?;
        }
        Ok(())
    }

    fn parse_move(&self, text: &str) -> Result<ToeMove, MoveError> {
        self.check_move_syntax(text).map_err(MoveError::Malformed)?;
        // A swap names two squares in either order; a drop's letter may be either case.
        let canonical = match text.split_once('~') {
            Some((a, b)) if self.topo.parse_cell(a) > self.topo.parse_cell(b) => format!("{b}~{a}"),
            _ if text.contains('@') => text[..1].to_ascii_uppercase() + &text[1..],
            _ => text.to_string(),
        };
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if let Some(o) = self.outcome_with(&moves) {
            return Err(MoveError::GameOver(o.reason().to_string()));
        }
        if let Some(m) = moves.iter().copied().find(|&m| self.move_text(m) == canonical) {
            return Ok(m);
        }
        Err(MoveError::Illegal(self.refusal(text, &canonical).to_string()))
    }

    fn to_text(&self) -> String {
        let s = codec::write_rows(self.topo, |c| {
            let b = self.board[c as usize];
            (b != 0).then(|| letter(b))
        });
        let list = |table: &PerSeat<[u8; 7]>| {
            let mut out = String::new();
            for player in SEATING.seats() {
                for k in [KING, GENERAL, CHARIOT, HORSE, ELEPHANT] {
                    for _ in 0..table[player][k as usize] {
                        out.push(letter(byte(player, k)));
                    }
                }
            }
            if out.is_empty() { "-".to_string() } else { out }
        };
        let side = if self.turn() == WHITE { "w" } else { "b" };
        format!("{s} {side} {} {} {} {}", list(&self.hand), list(&self.captured), self.setup, self.quiet)
    }

    fn is_irreversible(&self, m: ToeMove) -> bool {
        m.kind != ToeMoveKind::Normal || self.board[m.to as usize] != 0 || kind(self.board[m.from as usize]) == PAWN
    }
}

impl fmt::Debug for ToeToePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ToeToePosition({})", self.to_text())
    }
}
