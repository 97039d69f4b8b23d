//! Board topologies: cells, named directions, wrap-around and regions, as neighbour tables built once.
//!
//! Rules never do coordinate arithmetic. They ask a [`Topology`] for "the cell one step in
//! direction `d` from `c`" (or a knight leap), and the answer comes from a table computed once
//! per (size, wrap) and shared for the life of the program, so a cylinder or a torus costs the
//! same at move time as a flat board.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};

use serde::{Deserialize, Serialize};

/// Index of a cell in a topology (`rank * width + file` on square boards).
pub type Cell = u16;
/// Sentinel for "no cell in that direction" (off a flat edge, or across a forbidden edge).
pub const NO_CELL: Cell = Cell::MAX;
/// Largest board the fixed-size position arrays hold: 12x12, the Doubles board.
pub const MAX_CELLS: usize = 144;
/// Most cells a topology may have: the window CHEX's unbounded plane is kept in (40x40). Games
/// with fixed-size arrays per cell are limited to [`MAX_CELLS`] by their own checks.
pub const MAX_WINDOW_CELLS: usize = 1600;

/// How the edges of a rectangular board are joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Wrap {
    /// An ordinary board with four edges.
    Flat,
    /// Left and right edges touch ("the board is regarded as a cylinder").
    Cylinder,
    /// Both pairs of edges touch (a torus, the rulebook's "universal" board).
    Universal,
}

impl Wrap {
    /// The id used on the command line and in save files.
    pub fn as_str(self) -> &'static str {
        match self {
            Wrap::Flat => "flat",
            Wrap::Cylinder => "cylinder",
            Wrap::Universal => "universal",
        }
    }
}

impl fmt::Display for Wrap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Wrap {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "flat" => Ok(Wrap::Flat),
            "cylinder" => Ok(Wrap::Cylinder),
            "universal" => Ok(Wrap::Universal),
            _ => Err(format!("unknown topology '{s}' (expected flat, cylinder or universal)")),
        }
    }
}

/// The eight king directions of a square board, as seen by the first player.
///
/// `N` is "forward" for the first player (towards higher ranks). Triangular boards will
/// add their own direction set (12 king directions); rules ask for direction *sets*
/// (orthogonal, diagonal, forward) rather than naming these constants directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Dir {
    N = 0,
    NE = 1,
    E = 2,
    SE = 3,
    S = 4,
    SW = 5,
    W = 6,
    NW = 7,
}

impl Dir {
    /// All eight, clockwise from north.
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];
    /// The four rook directions.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
    /// The four bishop directions.
    pub const DIAGONAL: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];

    /// File and rank deltas of one step.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    /// The direction pointing the other way.
    pub const fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 4) % 8]
    }

    /// This direction as seen by a player facing the other way (second player's "forward" is `S`).
    pub const fn for_player(self, player: u8) -> Dir {
        if player.is_multiple_of(2) { self } else { self.opposite() }
    }
}

impl Dir {
    /// The two diagonals a pawn of `player` captures along.
    #[allow(non_snake_case)]
    #[inline(always)]
    pub const fn DIAGONAL_FORWARD(player: u8) -> [Dir; 2] {
        if player.is_multiple_of(2) { [Dir::NW, Dir::NE] } else { [Dir::SE, Dir::SW] }
    }
    /// The two diagonals from which a pawn of `player` attacks a cell.
    #[allow(non_snake_case)]
    #[inline(always)]
    pub const fn DIAGONAL_BACK(player: u8) -> [Dir; 2] {
        if player.is_multiple_of(2) { [Dir::SW, Dir::SE] } else { [Dir::NE, Dir::NW] }
    }
}

/// Knight leap deltas (file, rank).
const KNIGHT_DELTAS: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// A board as a graph: cells, neighbour tables per direction, knight leaps, and regions.
#[derive(Debug)]
pub struct Topology {
    width: u8,
    height: u8,
    wrap: Wrap,
    /// `steps[cell][dir]`: one step, crossing every joined edge.
    steps: Vec<[Cell; 8]>,
    /// `steps_sides[cell][dir]`: one step, crossing only the side edges (a universal board's
    /// non-kings may not cross the ends). Equal to `steps` on flat boards and cylinders.
    steps_sides: Vec<[Cell; 8]>,
    /// `leaps[cell][i]`: knight leaps (crossing every joined edge), `NO_CELL` where none.
    leaps: Vec<[Cell; 8]>,
}

impl Topology {
    /// The shared topology for a `width` x `height` board with the given wrap; built on first use.
    ///
    /// # Panics
    /// If the board is empty or larger than [`MAX_CELLS`]; callers validate sizes from user input first.
    pub fn get(width: u8, height: u8, wrap: Wrap) -> &'static Topology {
        /// Every topology built so far, by size and wrap, leaked so it lives as long as the program.
        type Cache = Mutex<HashMap<(u8, u8, Wrap), &'static Topology>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        map.entry((width, height, wrap)).or_insert_with(|| Box::leak(Box::new(Topology::build(width, height, wrap))))
    }

    fn build(width: u8, height: u8, wrap: Wrap) -> Topology {
        assert!(width > 0 && height > 0, "empty board");
        assert!(width as usize * height as usize <= MAX_WINDOW_CELLS, "board larger than MAX_WINDOW_CELLS");
        let (w, h) = (width as i32, height as i32);
        let wrap_sides = wrap != Wrap::Flat;
        let wrap_ends = wrap == Wrap::Universal;
        let target = |x: i32, y: i32, dx: i32, dy: i32, ends: bool| -> Cell {
            let (mut nx, mut ny) = (x + dx, y + dy);
            if !(0..w).contains(&nx) {
                if !wrap_sides {
                    return NO_CELL;
                }
                nx = nx.rem_euclid(w);
            }
            if !(0..h).contains(&ny) {
                if !ends {
                    return NO_CELL;
                }
                ny = ny.rem_euclid(h);
            }
            (ny * w + nx) as Cell
        };
        let n = (w * h) as usize;
        let mut steps = vec![[NO_CELL; 8]; n];
        let mut steps_sides = vec![[NO_CELL; 8]; n];
        let mut leaps = vec![[NO_CELL; 8]; n];
        for c in 0..n {
            let (x, y) = ((c as i32) % w, (c as i32) / w);
            for d in Dir::ALL {
                let (dx, dy) = d.delta();
                steps[c][d as usize] = target(x, y, dx, dy, wrap_ends);
                steps_sides[c][d as usize] = target(x, y, dx, dy, false);
            }
            for (i, &(dx, dy)) in KNIGHT_DELTAS.iter().enumerate() {
                leaps[c][i] = target(x, y, dx, dy, wrap_ends);
            }
        }
        Topology { width, height, wrap, steps, steps_sides, leaps }
    }

    /// Number of files.
    #[inline]
    pub fn width(&self) -> u8 {
        self.width
    }
    /// Number of ranks.
    #[inline]
    pub fn height(&self) -> u8 {
        self.height
    }
    /// How the edges are joined.
    #[inline]
    pub fn wrap(&self) -> Wrap {
        self.wrap
    }
    /// Number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.steps.len()
    }
    /// Whether the board has no cells (never true for a built topology).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// One step from `c` in direction `d`, crossing every joined edge; `NO_CELL` if none.
    #[inline(always)]
    pub fn step(&self, c: Cell, d: Dir) -> Cell {
        self.steps[c as usize][d as usize]
    }

    /// One step that may cross the side edges but never the ends (universal non-kings).
    #[inline(always)]
    pub fn step_sides(&self, c: Cell, d: Dir) -> Cell {
        self.steps_sides[c as usize][d as usize]
    }

    /// The eight knight leaps from `c` (some may be `NO_CELL`).
    #[inline(always)]
    pub fn leaps(&self, c: Cell) -> &[Cell; 8] {
        &self.leaps[c as usize]
    }

    /// The cell at (file, rank), if on the board.
    pub fn cell(&self, file: u8, rank: u8) -> Option<Cell> {
        (file < self.width && rank < self.height).then(|| rank as Cell * self.width as Cell + file as Cell)
    }
    /// File (0 = first player's left) of a cell.
    #[inline]
    pub fn file(&self, c: Cell) -> u8 {
        (c % self.width as Cell) as u8
    }
    /// Rank (0 = first player's side) of a cell.
    #[inline]
    pub fn rank(&self, c: Cell) -> u8 {
        (c / self.width as Cell) as u8
    }
    /// Dark squares are those of a1's colour (file + rank even).
    #[inline]
    pub fn is_dark(&self, c: Cell) -> bool {
        (self.file(c) + self.rank(c)).is_multiple_of(2)
    }
    /// The rank a player counts as its own back rank (region "home row").
    #[inline]
    pub fn home_rank(&self, player: u8) -> u8 {
        if player.is_multiple_of(2) { 0 } else { self.height - 1 }
    }
    /// The far rank of a player (region "king row" / promotion rank).
    #[inline]
    pub fn far_rank(&self, player: u8) -> u8 {
        self.home_rank(player + 1)
    }
    /// A player's rank number counted from its own side (0 = its home rank).
    #[inline]
    pub fn relative_rank(&self, player: u8, c: Cell) -> u8 {
        let r = self.rank(c);
        if player.is_multiple_of(2) { r } else { self.height - 1 - r }
    }

    /// Algebraic name of a cell: file letters `a..`, ranks from `1`.
    pub fn name(&self, c: Cell) -> String {
        format!("{}{}", (b'a' + self.file(c)) as char, self.rank(c) as u32 + 1)
    }

    /// Parses an algebraic cell name such as `e4` or `l12`.
    pub fn parse_cell(&self, s: &str) -> Option<Cell> {
        let mut chars = s.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let rest = chars.as_str();
        if rest.is_empty() || rest.starts_with('0') || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: u32 = rest.parse().ok()?;
        let file = f as u32 - 'a' as u32;
        if file >= self.width as u32 || rank == 0 || rank > self.height as u32 {
            return None;
        }
        self.cell(file as u8, (rank - 1) as u8)
    }
}

/// A set of cells of one board, as a fixed 256-bit bitset (no allocation).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct CellSet([u64; 4]);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet([0; 4]);
    /// Adds a cell.
    #[inline(always)]
    pub fn insert(&mut self, c: Cell) {
        self.0[(c >> 6) as usize] |= 1 << (c & 63);
    }
    /// Removes a cell.
    #[inline(always)]
    pub fn remove(&mut self, c: Cell) {
        self.0[(c >> 6) as usize] &= !(1 << (c & 63));
    }
    /// Whether the set holds a cell (`NO_CELL` is never held).
    #[inline(always)]
    pub fn contains(&self, c: Cell) -> bool {
        c != NO_CELL && self.0[(c >> 6) as usize] & (1 << (c & 63)) != 0
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    /// The cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..4usize).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some((w as u32 * 64 + b) as Cell)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_edges_have_no_neighbours() {
        let t = Topology::get(8, 8, Wrap::Flat);
        let a1 = t.parse_cell("a1").unwrap();
        assert_eq!(t.step(a1, Dir::W), NO_CELL);
        assert_eq!(t.step(a1, Dir::S), NO_CELL);
        assert_eq!(t.name(t.step(a1, Dir::NE)), "b2");
    }

    #[test]
    fn cylinder_joins_sides_only() {
        let t = Topology::get(8, 8, Wrap::Cylinder);
        let a1 = t.parse_cell("a1").unwrap();
        assert_eq!(t.name(t.step(a1, Dir::W)), "h1");
        assert_eq!(t.name(t.step(a1, Dir::NW)), "h2");
        assert_eq!(t.step(a1, Dir::S), NO_CELL);
    }

    #[test]
    fn universal_joins_ends_but_side_table_does_not() {
        let t = Topology::get(8, 8, Wrap::Universal);
        let a1 = t.parse_cell("a1").unwrap();
        assert_eq!(t.name(t.step(a1, Dir::SW)), "h8");
        assert_eq!(t.step_sides(a1, Dir::SW), NO_CELL);
        assert_eq!(t.name(t.step_sides(a1, Dir::W)), "h1");
    }

    #[test]
    fn tables_are_shared() {
        assert!(std::ptr::eq(Topology::get(10, 10, Wrap::Flat), Topology::get(10, 10, Wrap::Flat)));
    }

    #[test]
    fn cell_names_round_trip_on_12x12() {
        let t = Topology::get(12, 12, Wrap::Flat);
        for c in 0..t.len() as Cell {
            assert_eq!(t.parse_cell(&t.name(c)), Some(c));
        }
        assert_eq!(t.parse_cell("m1"), None);
        assert_eq!(t.parse_cell("a13"), None);
        assert_eq!(t.parse_cell("a01"), None);
    }

    #[test]
    fn cellset_iterates_in_order() {
        let mut s = CellSet::EMPTY;
        for c in [200, 3, 64, 143] {
            s.insert(c);
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 64, 143, 200]);
        assert!(!s.contains(NO_CELL));
    }
}
