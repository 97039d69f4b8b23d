//! CHEX (David L. Smith): chess tiles drawn from shuffled piles and placed edge or corner to
//! the cluster, moved as chess pieces as long as every tile stays connected, on a plane with no
//! edges.
//!
//! The plane is kept in a 40x40 window [`Topology`], so moves are the same `step`/`leaps`
//! lookups as on any board; when the cluster drifts near the window's edge it is translated
//! back to the middle (the plane is translation invariant: only cell numbers change). Cells are
//! named by signed coordinates relative to White's first tile (`0,0`; x to White's right, y
//! towards Black). Readings of the text are rulings X1–X7 in `docs/rulings.md`.
//!
//! The tile list is kept in cell order (y, then x): translating the cluster keeps that order, so
//! a position prints the same text, and generates its moves in the same order, however it was
//! reached. [`Position::to_text`] is the full record (the piles' order included);
//! [`Position::public_text`] is what players see (the piles as sizes: X1).

use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::movement::{self, Occupant};
use crate::position::{MoveError, Outcome, PerSeat, Position, Reason, Seat, Seating, splitmix64};
use crate::topology::{Cell, Line, NO_CELL, Side, Topology, Wrap};

mod family;
mod refusal;
mod scene;

/// Side of the window the plane is kept in (see the module doc): a cluster of 32 tiles spans at
/// most 32 cells, and moves reach one cell beyond it (two for a knight).
pub const WINDOW: u8 = 40;
/// Cells in the window.
const CELLS: usize = WINDOW as usize * WINDOW as usize;
/// Cells from the window's edge at which the cluster is moved back to the middle.
const MARGIN: i32 = 3;
/// Tiles per side.
pub const TILES: usize = 16;
/// Plies without a capture or pawn move after which the game is drawn (X6).
pub const FIFTY_MOVES: u16 = 100;

pub const PAWN: u8 = 1;
pub const KNIGHT: u8 = 2;
pub const BISHOP: u8 = 3;
pub const ROOK: u8 = 4;
pub const QUEEN: u8 = 5;
pub const KING: u8 = 6;
const LETTERS: &[u8; 7] = b".PNBRQK";
/// A chess army: eight pawns, two knights, two bishops, two rooks, a queen and a king.
const ARMY: [u8; TILES] = [KING, QUEEN, ROOK, ROOK, BISHOP, BISHOP, KNIGHT, KNIGHT, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN];
/// Farthest a coordinate of a text may be from `0,0`: far beyond any drift in play, and small
/// enough that no window arithmetic can overflow.
pub const COORD_LIMIT: i32 = 1_000_000_000;
/// Two players, White then Black.
const SEATING: Seating = Seating::TWO;
/// The player who draws and places the first tile.
const WHITE: Seat = Seat::A;

/// The player's name in messages.
fn side_name(player: Seat) -> &'static str {
    if player == WHITE { "White" } else { "Black" }
}

/// The player's letter in texts: `w` or `b`.
fn side_letter(player: Seat) -> &'static str {
    if player == WHITE { "w" } else { "b" }
}

/// Whether a player in check may draw a tile (option `--draw-in-check`, ruling X3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawInCheck {
    /// The text's reading (X3): drawing is a move like any other, and a drawn tile that can
    /// only be placed leaving the king in check loses the game.
    #[default]
    Allowed,
    /// A player in check must answer it with the tiles in play.
    Forbidden,
}

impl DrawInCheck {
    /// Both settings, the default first.
    pub const ALL: [DrawInCheck; 2] = [DrawInCheck::Allowed, DrawInCheck::Forbidden];

    /// The option value.
    pub fn as_str(self) -> &'static str {
        match self {
            DrawInCheck::Allowed => "allowed",
            DrawInCheck::Forbidden => "forbidden",
        }
    }
}

impl fmt::Display for DrawInCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for DrawInCheck {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        DrawInCheck::ALL.into_iter().find(|d| d.as_str() == s).ok_or_else(|| format!("unknown --draw-in-check {} (known: allowed, forbidden)", quote(s)))
    }
}

/// A CHEX move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChexMove {
    /// Turn over the top tile of one's pile (it must then be placed: X2).
    Draw,
    /// Place the drawn tile on a cell.
    Place(Cell),
    /// Move (or capture with) the tile on `from`.
    Normal { from: Cell, to: Cell },
}

/// A CHEX position.
#[derive(Clone)]
pub struct ChexPosition {
    topo: &'static Topology,
    /// Board bytes in the window (kind in bits 0-2, owner in bit 3; 0 = empty). Kept inline so
    /// that a clone (the undo record) allocates nothing.
    board: [u8; CELLS],
    /// The occupied cells, and how many there are (rebuilt after every move).
    list: [Cell; 2 * TILES],
    len: u8,
    /// Lowest and highest window file and rank of any tile (meaningless with no tiles).
    bbox: [i32; 4],
    /// Window coordinates of the cell named `0,0`.
    origin: (i32, i32),
    /// Each side's pile, top first, and how many have been drawn.
    piles: PerSeat<[u8; TILES]>,
    drawn: PerSeat<u8>,
    /// Whether the side to move has drawn its top tile and must place it.
    holding: bool,
    turn: Seat,
    quiet: u16,
    hash: u64,
    /// The `--draw-in-check` option (a rule of the game, not part of the text).
    draw_in_check: DrawInCheck,
}

fn owner(b: u8) -> Seat {
    Seat((b >> 3) & 1)
}

/// The board byte of `player`'s tile of kind `k`.
const fn byte(player: Seat, k: u8) -> u8 {
    k | (player.0 << 3)
}

fn kind(b: u8) -> u8 {
    b & 7
}

/// Letter of a piece byte (upper case White).
fn letter(b: u8) -> char {
    let l = LETTERS[kind(b) as usize] as char;
    if owner(b) == WHITE { l } else { l.to_ascii_lowercase() }
}

/// The piece byte of a letter (upper case White, lower case Black); ASCII only.
fn piece_of(ch: char) -> Result<u8, String> {
    let k = ch.is_ascii().then(|| LETTERS.iter().position(|&l| l == ch.to_ascii_uppercase() as u8)).flatten().filter(|&k| k > 0);
    let k = k.ok_or_else(|| format!("{} is not a chess piece letter (K Q R B N P; lower case for Black)", quote(ch.encode_utf8(&mut [0; 4]))))?;
    Ok(byte(if ch.is_ascii_lowercase() { Seat::B } else { WHITE }, k as u8))
}

/// User text quoted in an error message: escaped onto one line, and cut short when long.
fn quote(s: &str) -> String {
    const MAX: usize = 24;
    let mut q: String = s.chars().take(MAX).flat_map(char::escape_debug).collect();
    if s.chars().nth(MAX).is_some() {
        q.push('…');
    }
    format!("'{q}'")
}

/// A coordinate as `to_text` writes it: `0`, or digits not starting with `0` after an optional
/// `-`, at most [`COORD_LIMIT`] from 0.
fn parse_coord(s: &str) -> Option<i32> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    let canonical = (1..=10).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()) && (digits == "0" || !digits.starts_with('0')) && s != "-0";
    let v: i64 = if canonical { s.parse().ok()? } else { return None };
    (v.abs() <= COORD_LIMIT as i64).then_some(v as i32)
}

/// `x,y`: a cell named relative to White's first tile.
fn parse_xy(s: &str) -> Result<(i32, i32), String> {
    let bad = || format!("{} is not a cell (x,y relative to the first tile, each within {COORD_LIMIT} of 0)", quote(s));
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    Ok((parse_coord(x).ok_or_else(bad)?, parse_coord(y).ok_or_else(bad)?))
}

/// Counts a tile of a position text against the set (in play and piles together): one side has
/// 8 P, 2 N, 2 B, 2 R, 1 Q, 1 K.
fn tally(census: &mut PerSeat<[u8; 7]>, b: u8) -> Result<(), String> {
    let (side, k) = (owner(b), kind(b));
    let set = ARMY.iter().filter(|&&a| a == k).count() as u8;
    if census[side][k as usize] >= set {
        let what = LETTERS[k as usize] as char;
        return Err(format!("{} has too many {what} tiles (in play and in the pile together): the set has {set}", side_name(side)));
    }
    census[side][k as usize] += 1;
    Ok(())
}

/// The tiles-in-play field of a position text (`-` for none): `(x, y, piece byte)` per tile.
fn parse_tiles(field: &str, census: &mut PerSeat<[u8; 7]>) -> Result<Vec<(i32, i32, u8)>, String> {
    let mut tiles = Vec::new();
    if field == "-" {
        return Ok(tiles);
    }
    for t in field.split(';') {
        let mut chars = t.chars();
        let b = piece_of(chars.next().ok_or("an empty tile (';' twice in a row, or at an end)")?)?;
        let (x, y) = parse_xy(chars.as_str()).map_err(|e| format!("tile {}: {e}", quote(t)))?;
        tally(census, b)?;
        if tiles.iter().any(|&(tx, ty, _)| (tx, ty) == (x, y)) {
            return Err(format!("two tiles on {x},{y}"));
        }
        tiles.push((x, y, b));
    }
    Ok(tiles)
}

/// One side's pile field of a position text, top first (`-` when empty), as piece kinds.
fn parse_pile(side: Seat, field: &str, census: &mut PerSeat<[u8; 7]>) -> Result<Vec<u8>, String> {
    let name = side_name(side);
    if field == "-" {
        return Ok(Vec::new());
    }
    if field.is_empty() {
        return Err(format!("{name}'s pile is empty: write it '-'"));
    }
    if field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{name}'s pile is a number: public texts show only pile sizes; a position lists each pile's tiles, top first"));
    }
    let n = field.chars().count();
    if n > TILES {
        return Err(format!("{name}'s pile holds {n} tiles; the set has {TILES}"));
    }
    let mut pile = Vec::with_capacity(n);
    for ch in field.chars() {
        let b = piece_of(ch)?;
        if owner(b) != side {
            return Err(format!("{name}'s pile holds the other side's tile '{ch}'"));
        }
        tally(census, b)?;
        pile.push(kind(b));
    }
    Ok(pile)
}

/// The quiet-plies field: digits, at most the fifty-move limit.
fn parse_quiet(field: &str) -> Result<u16, String> {
    let n = (field.len() <= 3 && field.bytes().all(|b| b.is_ascii_digit())).then(|| field.parse::<u16>().ok()).flatten();
    n.filter(|&n| n <= FIFTY_MOVES).ok_or_else(|| format!("quiet plies {} is not a number from 0 to {FIFTY_MOVES}", quote(field)))
}

impl ChexPosition {
    /// The start: both piles shuffled by `seed` (ChaCha8, so a seed deals the same tiles on
    /// every machine), nothing on the table, White to draw.
    pub fn start(seed: u64) -> ChexPosition {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut piles = PerSeat::splat(ARMY);
        for side in SEATING.seats() {
            piles[side].shuffle(&mut rng);
        }
        let topo = Topology::get(WINDOW, WINDOW, Wrap::Flat);
        let mut p = ChexPosition {
            topo,
            board: [0; CELLS],
            list: [NO_CELL; 2 * TILES],
            len: 0,
            bbox: [0; 4],
            origin: (WINDOW as i32 / 2, WINDOW as i32 / 2),
            piles,
            drawn: PerSeat::splat(0),
            holding: false,
            turn: WHITE,
            quiet: 0,
            hash: 0,
            draw_in_check: DrawInCheck::default(),
        };
        p.hash = p.recompute_hash();
        p
    }

    /// The position under the `--draw-in-check` option (X3).
    pub fn with_draw_in_check(mut self, draw_in_check: DrawInCheck) -> ChexPosition {
        self.draw_in_check = draw_in_check;
        self
    }

    /// The `--draw-in-check` option in force.
    pub fn draw_in_check(&self) -> DrawInCheck {
        self.draw_in_check
    }

    /// The window topology the plane is kept in.
    pub fn topology(&self) -> &'static Topology {
        self.topo
    }

    /// The board byte on a window cell.
    pub fn piece_at(&self, c: Cell) -> u8 {
        self.board[c as usize]
    }

    /// Coordinates of a window cell relative to the first tile.
    pub fn coords(&self, c: Cell) -> (i32, i32) {
        (self.topo.file(c) as i32 - self.origin.0, self.topo.rank(c) as i32 - self.origin.1)
    }

    /// The window cell at relative coordinates, if inside the window.
    pub fn cell_at(&self, x: i32, y: i32) -> Option<Cell> {
        let (wx, wy) = (x as i64 + self.origin.0 as i64, y as i64 + self.origin.1 as i64);
        let w = 0..WINDOW as i64;
        if w.contains(&wx) && w.contains(&wy) { self.topo.cell(wx as u8, wy as u8) } else { None }
    }

    /// Name of a cell: `x,y` relative to the first tile.
    pub fn name(&self, c: Cell) -> String {
        let (x, y) = self.coords(c);
        format!("{x},{y}")
    }

    /// Tiles in play, as window cells.
    pub fn tiles(&self) -> impl Iterator<Item = Cell> + '_ {
        self.list[..self.len as usize].iter().copied()
    }

    /// Rebuilds the tile list and bounding box from the board.
    fn refresh(&mut self) {
        self.len = 0;
        self.bbox = [i32::MAX, i32::MAX, i32::MIN, i32::MIN];
        for c in 0..CELLS {
            if self.board[c] != 0 {
                self.list[self.len as usize] = c as Cell;
                self.len += 1;
                let (x, y) = ((c % WINDOW as usize) as i32, (c / WINDOW as usize) as i32);
                self.bbox = [self.bbox[0].min(x), self.bbox[1].min(y), self.bbox[2].max(x), self.bbox[3].max(y)];
            }
        }
    }

    /// Recomputes the bounding box from the tile list.
    fn update_bbox(&mut self) {
        let t = self.topo;
        self.bbox = [i32::MAX, i32::MAX, i32::MIN, i32::MIN];
        for i in 0..self.len as usize {
            let c = self.list[i];
            let (x, y) = (t.file(c) as i32, t.rank(c) as i32);
            self.bbox = [self.bbox[0].min(x), self.bbox[1].min(y), self.bbox[2].max(x), self.bbox[3].max(y)];
        }
    }

    /// Whether `c` lies within one cell of the tiles' bounding box: a sliding piece that has
    /// left it can never come back next to a tile.
    fn in_reach(&self, c: Cell) -> bool {
        let (x, y) = (self.topo.file(c) as i32, self.topo.rank(c) as i32);
        x >= self.bbox[0] - 1 && y >= self.bbox[1] - 1 && x <= self.bbox[2] + 1 && y <= self.bbox[3] + 1
    }

    /// Tiles left in `player`'s pile, top first (the drawn tile, while held, included). This is
    /// hidden information (X1): views show [`ChexPosition::face_down`] instead.
    pub fn pile(&self, player: Seat) -> &[u8] {
        &self.piles[player][self.drawn[player] as usize..]
    }

    /// How many tiles `player` has face down: the pile less the tile just drawn, if held.
    pub fn face_down(&self, player: Seat) -> usize {
        self.pile(player).len() - usize::from(self.holding && player == self.turn)
    }

    /// The position as a player who watched the whole game could picture it: the face-down
    /// tiles of both piles (a player who counted the tiles drawn and taken knows which are
    /// left, but not their order) dealt again in an order drawn from `rng`; a tile drawn and
    /// held stays on top. The AI searches such samples, never the real order (rule X1).
    pub fn resample_hidden(&self, rng: &mut impl rand::Rng) -> ChexPosition {
        let mut sample = self.clone();
        for side in SEATING.seats() {
            let held = usize::from(self.holding && side == self.turn);
            let first = (self.drawn[side] as usize + held).min(TILES);
            // Sorted first, so the sample depends on which tiles are left, never their order.
            sample.piles[side][first..].sort_unstable();
            sample.piles[side][first..].shuffle(rng);
        }
        sample
    }

    /// The tile the side to move has drawn and must place, if any (a piece byte).
    pub fn holding(&self) -> Option<u8> {
        self.holding.then(|| self.top_tile())
    }

    /// The top tile of the side to move's pile as a piece byte.
    fn top_tile(&self) -> u8 {
        let p = self.turn;
        byte(p, self.piles[p][self.drawn[p] as usize])
    }

    fn pile_empty(&self, player: Seat) -> bool {
        self.drawn[player] as usize >= TILES
    }

    /// Whether the tiles in play touch one another, directly or through others (edge or
    /// corner), treating `gone` as empty.
    fn connected_without(&self, gone: Cell) -> bool {
        let t = self.topo;
        let mut count = 0;
        let mut start = NO_CELL;
        for c in self.tiles() {
            if c != gone {
                count += 1;
                start = c;
            }
        }
        if count <= 1 {
            return true;
        }
        // Flood fill over at most 32 tiles with a small explicit stack.
        let mut seen = [NO_CELL; 2 * TILES];
        let mut stack = [NO_CELL; 2 * TILES];
        let (mut n_seen, mut top) = (1, 1);
        seen[0] = start;
        stack[0] = start;
        while top > 0 {
            top -= 1;
            let c = stack[top];
            for d in Line::ALL {
                let nb = t.step(c, d);
                if nb == NO_CELL || nb == gone || self.board[nb as usize] == 0 || seen[..n_seen].contains(&nb) {
                    continue;
                }
                seen[n_seen] = nb;
                n_seen += 1;
                stack[top] = nb;
                top += 1;
            }
        }
        n_seen == count
    }

    /// Whether a tile on `c` would touch another tile (edge or corner), ignoring `gone`.
    fn touches(&self, c: Cell, gone: Cell) -> bool {
        Line::ALL.iter().any(|&d| {
            let nb = self.topo.step(c, d);
            nb != NO_CELL && nb != gone && self.board[nb as usize] != 0
        })
    }

    /// Cells the piece on `from` attacks or moves to as in chess (no connectivity test yet):
    /// `(to, is_capture)`, fed to `emit` until it returns false.
    fn reach(&self, from: Cell, emit: &mut impl FnMut(Cell, bool) -> bool) -> bool {
        let t = self.topo;
        let b = self.board[from as usize];
        let me = owner(b);
        let occupant = |c: Cell| {
            let q = self.board[c as usize];
            if q == 0 {
                Occupant::Empty
            } else if owner(q) == me {
                Occupant::Friend
            } else {
                Occupant::Enemy
            }
        };
        match kind(b) {
            PAWN => {
                let side = Side::of_two(me);
                let ahead = t.step(from, side.forward());
                if ahead != NO_CELL && self.board[ahead as usize] == 0 && !emit(ahead, false) {
                    return false;
                }
                movement::pawn_captures(t, from, side, occupant, emit)
            }
            KNIGHT => movement::leaps(t.leaps(from), occupant, emit),
            KING => movement::steps(t, from, &Line::ALL, occupant, emit),
            k => {
                let lines: &[Line] = match k {
                    BISHOP => &Line::DIAGONAL,
                    ROOK => &Line::ORTHOGONAL,
                    _ => &Line::ALL,
                };
                // A slider that has left the tiles' reach can never come back next to a tile:
                // the empty cells beyond it end its lines like walls.
                let walled = |c: Cell| match occupant(c) {
                    Occupant::Empty if !self.in_reach(c) => Occupant::Friend,
                    o => o,
                };
                movement::slide(t, from, lines, walled, emit)
            }
        }
    }

    /// Rule 7: whether `player`'s king is attacked by a piece that could capture it without
    /// leaving any tile unattached.
    pub fn in_check(&self, player: Seat) -> bool {
        let Some(king) = self.tiles().find(|&c| self.board[c as usize] == byte(player, KING)) else { return false };
        self.tiles().filter(|&c| owner(self.board[c as usize]) != player).any(|c| {
            let mut hits = false;
            self.reach(c, &mut |to, capture| {
                if capture && to == king {
                    hits = true;
                    return false;
                }
                true
            });
            hits && self.connected_without(c)
        })
    }

    /// Every move of the side to move that keeps the tiles connected, before the king test.
    fn pseudo_moves(&self, out: &mut Vec<ChexMove>) {
        if self.holding {
            let first = self.tiles().next().is_none();
            if first {
                // "White draws his or her top tile and places it face up in the centre".
                out.push(ChexMove::Place(self.cell_at(0, 0).expect("the origin is in the window")));
                return;
            }
            let t = self.topo;
            for y in self.bbox[1] - 1..=self.bbox[3] + 1 {
                for x in self.bbox[0] - 1..=self.bbox[2] + 1 {
                    let c = t.cell(x as u8, y as u8).expect("the cluster keeps a margin in the window");
                    if self.board[c as usize] == 0 && self.touches(c, NO_CELL) {
                        out.push(ChexMove::Place(c));
                    }
                }
            }
            return;
        }
        // X3: with `--draw-in-check forbidden` a player in check answers it with the tiles in play.
        let may_draw = !self.pile_empty(self.turn) && (self.draw_in_check == DrawInCheck::Allowed || !self.in_check(self.turn));
        if may_draw {
            out.push(ChexMove::Draw);
        }
        // Black's first tile must be placed: nothing of Black's is in play to move.
        for from in self.tiles().filter(|&c| owner(self.board[c as usize]) == self.turn).collect::<SmallCells>() {
            self.reach(from, &mut |to, _| {
                out.push(ChexMove::Normal { from, to });
                true
            });
        }
    }

    /// Whether, after the move just played into `self`, every tile is still attached.
    fn attached(&self) -> bool {
        self.connected_without(NO_CELL)
    }

    /// If the cluster came near the window's edge, moves it back to the middle.
    fn recentre_if_needed(&mut self) {
        let t = self.topo;
        if self.len == 0 {
            return;
        }
        let (lo, hi) = ((self.bbox[0], self.bbox[1]), (self.bbox[2], self.bbox[3]));
        let w = WINDOW as i32;
        if lo.0 >= MARGIN && lo.1 >= MARGIN && hi.0 < w - MARGIN && hi.1 < w - MARGIN {
            return;
        }
        let shift = ((w - 1 - hi.0 - lo.0) / 2, (w - 1 - hi.1 - lo.1) / 2);
        let mut board = [0u8; CELLS];
        for i in 0..self.len as usize {
            let c = self.list[i];
            let (x, y) = (t.file(c) as i32 + shift.0, t.rank(c) as i32 + shift.1);
            let moved = t.cell(x as u8, y as u8).expect("the cluster fits the window");
            board[moved as usize] = self.board[c as usize];
            self.list[i] = moved;
        }
        self.board = board;
        self.origin = (self.origin.0 + shift.0, self.origin.1 + shift.1);
        self.update_bbox();
    }

    /// Translation invariant: tiles are keyed relative to the cluster's lowest corner, so a
    /// cluster that drifted is still the same position for repetition.
    fn hash_of_tiles(&self) -> u64 {
        let t = self.topo;
        let (lx, ly) = (self.bbox[0], self.bbox[1]);
        let mut h = splitmix64(0xC4E7 ^ ((self.turn.0 as u64) << 8) ^ ((self.holding as u64) << 9));
        for c in self.tiles() {
            let (x, y) = (t.file(c) as i32 - lx, t.rank(c) as i32 - ly);
            h ^= splitmix64(0xC4E7_0000_0000 ^ ((x as u64) << 16) ^ ((y as u64) << 8) ^ self.board[c as usize] as u64);
        }
        for side in SEATING.seats() {
            h ^= splitmix64(0x9113_0000 ^ ((side.0 as u64) << 8) ^ self.drawn[side] as u64);
        }
        h
    }

    /// Puts tiles named relative to `0,0` into the window, the cluster centred, with the origin
    /// to match; refuses a spread that no attached cluster has.
    fn place_tiles(&mut self, tiles: &[(i32, i32, u8)]) -> Result<(), String> {
        self.board = [0; CELLS];
        self.origin = (WINDOW as i32 / 2, WINDOW as i32 / 2);
        if let Some(&(x, y, _)) = tiles.first() {
            let (mut lo, mut hi) = ((x as i64, y as i64), (x as i64, y as i64));
            for &(x, y, _) in tiles {
                lo = (lo.0.min(x as i64), lo.1.min(y as i64));
                hi = (hi.0.max(x as i64), hi.1.max(y as i64));
            }
            // n tiles touching one another by edges or corners span at most n cells each way.
            if (hi.0 - lo.0).max(hi.1 - lo.1) >= tiles.len() as i64 {
                return Err("the tiles in play are not all attached".into());
            }
            let w = WINDOW as i64;
            let origin = ((w - 1 - hi.0 - lo.0).div_euclid(2), (w - 1 - hi.1 - lo.1).div_euclid(2));
            self.origin = (origin.0 as i32, origin.1 as i32);
            for &(x, y, b) in tiles {
                let c = self.cell_at(x, y).expect("a centred cluster of at most 32 tiles is in the window");
                self.board[c as usize] = b;
            }
        }
        self.refresh();
        Ok(())
    }

    /// A position a player could hold from a public text (`public_text`: pile sizes, the held
    /// tile's letter): each face-down pile filled with tiles the set has left over once the
    /// tiles in play and the held one are counted (the King first, if it is not in play). Its
    /// legal moves are the real position's, since no move depends on the order face down; a
    /// network client builds its position this way, never seeing the real order.
    pub fn from_public_text(text: &str) -> Result<ChexPosition, String> {
        let f: Vec<&str> = text.split_whitespace().collect();
        if f.len() != 5 {
            return Err(format!("a CHEX public text has 5 fields (tiles, side, pile sizes, holding, quiet plies), not {}", f.len()));
        }
        let turn = match f[1] {
            "w" => WHITE,
            "b" => Seat::B,
            s => return Err(format!("side to move {} is not w or b", quote(s))),
        };
        let mut census = PerSeat::splat([0u8; 7]);
        parse_tiles(f[0], &mut census)?;
        let held = match f[3] {
            "-" => None,
            h => Some(
                h.strip_prefix('+')
                    .filter(|l| l.chars().count() == 1)
                    .map(|l| piece_of(l.chars().next().unwrap_or(' ')))
                    .ok_or_else(|| format!("holding {} is not - or +LETTER", quote(h)))??,
            ),
        };
        if let Some(b) = held {
            if owner(b) != turn {
                return Err("the held tile is not the side to move's".into());
            }
            tally(&mut census, b)?;
        }
        let (w, b) = f[2].split_once('/').ok_or_else(|| format!("pile sizes {} are not WHITE/BLACK", quote(f[2])))?;
        let mut piles = Vec::new();
        for (side, field) in SEATING.seats().zip([w, b]) {
            let n: usize = field.parse().ok().filter(|&n| n <= TILES).ok_or_else(|| format!("pile size {} is not a number up to {TILES}", quote(field)))?;
            // What the set has left for this side, King first.
            let mut left: Vec<u8> = Vec::new();
            for k in [KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN] {
                let set = ARMY.iter().filter(|&&a| a == k).count() as u8;
                for _ in census[side][k as usize]..set {
                    left.push(byte(side, k));
                }
            }
            if left.len() < n {
                return Err(format!("{} shows {n} tiles face down but the set has only {} left", side_name(side), left.len()));
            }
            let mut pile: String = String::new();
            if side == turn
                && let Some(b) = held
            {
                pile.push(letter(b));
            }
            pile.extend(left[..n].iter().map(|&b| letter(b)));
            piles.push(if pile.is_empty() { "-".to_string() } else { pile });
        }
        let holding = if held.is_some() { "+" } else { "-" };
        ChexPosition::from_text(&format!("{} {} {}/{} {holding} {}", f[0], f[1], piles[0], piles[1], f[4]))
    }

    /// The start text `start` (a full text, the piles' order in it) with the face-down pile of
    /// the side to move here rearranged so that the draw it makes from this position turns up
    /// the tile `after` (the public text after the draw) shows held; the draws before it are
    /// left as they were. A client that sees only public texts keeps, this way, a record whose
    /// draws are the ones really made (the order of tiles still face down stays unknown).
    pub fn start_revealing_draw(&self, start: &str, after: &str) -> Result<String, String> {
        let held = after.split_whitespace().nth(3).and_then(|h| h.strip_prefix('+')).and_then(|l| l.chars().next());
        let tile = held.ok_or_else(|| format!("the position after a draw holds no tile: {}", quote(after)))?;
        let mut f: Vec<String> = start.split_whitespace().map(str::to_string).collect();
        let (w, b) = f.get(2).and_then(|p| p.split_once('/')).ok_or_else(|| format!("a start whose piles cannot be read: {}", quote(start)))?;
        let mut piles = [w, b].map(|p| if p == "-" { Vec::new() } else { p.chars().collect::<Vec<char>>() });
        let k = self.drawn[self.turn] as usize;
        let pile = &mut piles[self.turn.index()];
        let at = (k..pile.len()).find(|&i| pile[i] == tile).ok_or_else(|| format!("{} has no {tile} left to draw", side_name(self.turn)))?;
        pile.swap(k, at);
        let text = |p: &[char]| if p.is_empty() { "-".to_string() } else { p.iter().collect() };
        f[2] = format!("{}/{}", text(&piles[0]), text(&piles[1]));
        Ok(f.join(" "))
    }

    /// The position from its full text form: `tiles side piles holding quiet` (see
    /// `docs/notation.md`), e.g. `K0,0;p1,1 w QRRBBNNPPPPPPPP/kqrrbbnnpppppp - 3`. Any text
    /// that is not a position of the game — more tiles than the set holds, tiles not attached,
    /// a malformed field — is refused with a one-line reason.
    pub fn from_text(text: &str) -> Result<ChexPosition, String> {
        let f: Vec<&str> = text.split_whitespace().collect();
        if f.len() != 5 {
            return Err(format!("a CHEX position has 5 fields (tiles, side, piles, holding, quiet plies), not {}", f.len()));
        }
        let turn: Seat = match f[1] {
            "w" => Seat::A,
            "b" => Seat::B,
            s => return Err(format!("side to move {} is not w or b", quote(s))),
        };
        let mut census = PerSeat::splat([0u8; 7]);
        let tiles = parse_tiles(f[0], &mut census)?;
        let (w, b) = f[2].split_once('/').filter(|(_, b)| !b.contains('/')).ok_or_else(|| format!("piles {} are not WHITE/BLACK", quote(f[2])))?;
        // Each seat's pile, in seat order.
        let piles = SEATING.seats().zip([w, b]).map(|(side, field)| parse_pile(side, field, &mut census)).collect::<Result<Vec<_>, _>>()?;
        let holding = match f[3] {
            "-" => false,
            "+" if !piles[turn.index()].is_empty() => true,
            s => return Err(format!("holding {} is not - or + (+: the side to move has drawn its top tile)", quote(s))),
        };
        let quiet = parse_quiet(f[4])?;
        for side in SEATING.seats() {
            let kings = census[side][KING as usize];
            if kings != 1 {
                return Err(format!("{} has {kings} kings in play and pile, not 1", side_name(side)));
            }
        }
        if tiles.is_empty() && (turn != WHITE || piles.iter().any(|p| p.len() < TILES)) {
            return Err("no tiles in play, so the game has not begun: both piles are full and White is to move".into());
        }
        let mut p = ChexPosition::start(0);
        for (side, pile) in SEATING.seats().zip(&piles) {
            p.drawn[side] = (TILES - pile.len()) as u8;
            p.piles[side] = [0; TILES];
            p.piles[side][TILES - pile.len()..].copy_from_slice(pile);
        }
        (p.turn, p.holding, p.quiet) = (turn, holding, quiet);
        p.place_tiles(&tiles)?;
        if !p.attached() {
            return Err("the tiles in play are not all attached".into());
        }
        if p.in_check(SEATING.opponent(p.turn)) {
            return Err("the side not to move is in check".into());
        }
        p.hash = p.recompute_hash();
        Ok(p)
    }

    /// The tiles-in-play field: each tile's letter and `x,y`, in cell order (`-` for none).
    fn tiles_text(&self) -> String {
        let tiles: Vec<String> = self.tiles().map(|c| format!("{}{}", letter(self.board[c as usize]), self.name(c))).collect();
        if tiles.is_empty() { "-".to_string() } else { tiles.join(";") }
    }
}

/// Positions are equal when players and the rules cannot tell them apart: the same tiles at the
/// same coordinates (wherever the window holds them), piles, side, drawn tile, quiet plies and
/// option. The tile lists are in cell order, so they compare in step.
impl PartialEq for ChexPosition {
    fn eq(&self, other: &ChexPosition) -> bool {
        (self.turn, self.holding, self.quiet, self.drawn, self.draw_in_check, self.len)
            == (other.turn, other.holding, other.quiet, other.drawn, other.draw_in_check, other.len)
            && SEATING.seats().all(|side| self.pile(side) == other.pile(side))
            && self.tiles().zip(other.tiles()).all(|(a, b)| self.coords(a) == other.coords(b) && self.board[a as usize] == other.board[b as usize])
    }
}

/// Up to 32 cells without allocating.
struct SmallCells {
    cells: [Cell; 2 * TILES],
    len: usize,
}

impl FromIterator<Cell> for SmallCells {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut s = SmallCells { cells: [NO_CELL; 2 * TILES], len: 0 };
        for c in iter {
            s.cells[s.len] = c;
            s.len += 1;
        }
        s
    }
}

impl IntoIterator for SmallCells {
    type Item = Cell;
    type IntoIter = std::iter::Take<std::array::IntoIter<Cell, { 2 * TILES }>>;
    fn into_iter(self) -> Self::IntoIter {
        self.cells.into_iter().take(self.len)
    }
}

impl Position for ChexPosition {
    type Move = ChexMove;
    type Undo = ChexPosition;

    fn turn(&self) -> Seat {
        self.turn
    }

    fn legal_moves(&self, out: &mut Vec<ChexMove>) {
        out.clear();
        self.pseudo_moves(out);
        let me = self.turn;
        let mut scratch = self.clone();
        out.retain(|&m| {
            if m == ChexMove::Draw {
                return true; // what is drawn is not known until it is turned over
            }
            let undo = scratch.play_unchecked(m);
            let ok = scratch.attached() && !scratch.in_check(me);
            scratch.undo(m, undo);
            ok
        });
    }

    fn play_unchecked(&mut self, m: ChexMove) -> ChexPosition {
        let before = self.clone();
        match m {
            ChexMove::Draw => {
                self.holding = true;
            }
            ChexMove::Place(c) => {
                self.board[c as usize] = self.top_tile();
                self.list[self.len as usize] = c;
                self.len += 1;
                self.drawn[self.turn] += 1;
                self.holding = false;
                self.quiet += 1;
                self.turn = SEATING.next(self.turn);
            }
            ChexMove::Normal { from, to } => {
                let b = self.board[from as usize];
                let capture = self.board[to as usize] != 0;
                self.quiet = if capture || kind(b) == PAWN { 0 } else { self.quiet + 1 };
                self.board[to as usize] = b;
                self.board[from as usize] = 0;
                // The tile list: the captured tile leaves it, the moving one changes cell.
                let n = self.len as usize;
                if capture && let Some(i) = self.list[..n].iter().position(|&c| c == to) {
                    self.list[i] = self.list[n - 1];
                    self.len -= 1;
                }
                if let Some(i) = self.list[..self.len as usize].iter().position(|&c| c == from) {
                    self.list[i] = to;
                }
                self.turn = SEATING.next(self.turn);
            }
        }
        if m != ChexMove::Draw {
            // Cell order (in place: no allocation), so texts and move order are canonical.
            self.list[..self.len as usize].sort_unstable();
            self.update_bbox();
            self.recentre_if_needed();
        }
        self.hash = self.hash_of_tiles();
        before
    }

    fn undo(&mut self, _m: ChexMove, undo: ChexPosition) {
        *self = undo;
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// From scratch: the tile list and bounding box are rebuilt from the board first, so the
    /// property tests also check that moves keep them right.
    fn recompute_hash(&self) -> u64 {
        let mut fresh = self.clone();
        fresh.refresh();
        fresh.hash_of_tiles()
    }

    fn outcome_with(&self, legal: &[ChexMove]) -> Option<Outcome> {
        let me = self.turn;
        if legal.is_empty() {
            // X3: this includes drawing one's king with nowhere to put it but in check.
            return Some(if self.in_check(me) { Outcome::win(SEATING.opponent(me), Reason::Checkmate) } else { Outcome::draw(Reason::Stalemate) });
        }
        if self.quiet >= FIFTY_MOVES {
            return Some(Outcome::draw(Reason::FiftyMoveRule));
        }
        if SEATING.seats().all(|s| self.pile_empty(s)) && self.tiles().all(|c| kind(self.board[c as usize]) == KING) {
            return Some(Outcome::draw(Reason::InsufficientMaterial));
        }
        None
    }

    fn move_text(&self, m: ChexMove) -> String {
        match m {
            ChexMove::Draw => "draw".into(),
            ChexMove::Place(c) => format!("{}@{}", letter(self.top_tile()).to_ascii_uppercase(), self.name(c)),
            ChexMove::Normal { from, to } => {
                let sep = if self.board[to as usize] != 0 { 'x' } else { ':' };
                format!("{}{sep}{}", self.name(from), self.name(to))
            }
        }
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), String> {
        if text == "draw" {
            return Ok(());
        }
        if let Some((p, c)) = text.split_once('@') {
            let mut ch = p.chars();
            if !matches!((ch.next(), ch.next()), (Some(l), None) if piece_of(l).is_ok()) {
                return Err(format!("{} is not a piece letter (K Q R B N P)", quote(p)));
            }
            return parse_xy(c).map(drop);
        }
        let (a, b) = text.split_once([':', 'x']).ok_or_else(|| format!("{} is not a move (draw, N@1,0, 0,0:1,2, 0,0x1,1)", quote(text)))?;
        parse_xy(a)?;
        parse_xy(b).map(drop)
    }

    fn parse_move(&self, text: &str) -> Result<ChexMove, MoveError> {
        self.check_move_syntax(text).map_err(MoveError::Malformed)?;
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if let Some(o) = self.outcome_with(&moves) {
            return Err(MoveError::GameOver(o.reason().to_string()));
        }
        // A placement's letter may be either case; a move may be written with ':' or 'x'.
        let same = |m: ChexMove| {
            let mine = self.move_text(m);
            mine == text || mine.eq_ignore_ascii_case(text) || mine.replace('x', ":") == text.replace('x', ":")
        };
        if let Some(m) = moves.iter().copied().find(|&m| same(m)) {
            return Ok(m);
        }
        Err(MoveError::Illegal(self.refusal(text).to_string()))
    }

    fn to_text(&self) -> String {
        let pile = |side: Seat| {
            let s: String = self.pile(side).iter().map(|&k| letter(byte(side, k))).collect();
            if s.is_empty() { "-".to_string() } else { s }
        };
        let holding = if self.holding { "+" } else { "-" };
        format!("{} {} {}/{} {holding} {}", self.tiles_text(), side_letter(self.turn), pile(Seat::A), pile(Seat::B), self.quiet)
    }

    /// X1: the full text with each pile reduced to the number of its face-down tiles, and the
    /// drawn tile (face up) after `+`: e.g. `K0,0;p1,1 b 15/13 +q 0`.
    fn public_text(&self) -> String {
        let holding = match self.holding() {
            Some(b) => format!("+{}", letter(b)),
            None => "-".to_string(),
        };
        let side = side_letter(self.turn);
        format!("{} {side} {}/{} {holding} {}", self.tiles_text(), self.face_down(Seat::A), self.face_down(Seat::B), self.quiet)
    }

    fn is_irreversible(&self, m: ChexMove) -> bool {
        match m {
            ChexMove::Normal { from, to } => self.board[to as usize] != 0 || kind(self.board[from as usize]) == PAWN,
            _ => true,
        }
    }
}

impl fmt::Debug for ChexPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ChexPosition({})", self.to_text())
    }
}
