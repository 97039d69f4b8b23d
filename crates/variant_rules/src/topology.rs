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

use crate::trigrid::{self, TriBoard};

/// Index of a cell in a topology (`rank * width + file` on square boards).
pub type Cell = u16;
/// Sentinel for "no cell in that direction" (off a flat edge, or across a forbidden edge).
pub const NO_CELL: Cell = Cell::MAX;
/// Most cells of any fixed board: the 12-row hexagon of triangles (6 x 36 = 216). Cell indices
/// (and the checkers family's one-byte cells) are wide enough for it.
pub const MAX_CELLS: usize = 216;
/// Most cells of a square board: 12x12, the Doubles board (the chess family's arrays).
pub const MAX_SQUARE_CELLS: usize = 144;
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

/// Most lines through a cell on any board: 8 on squares, 12 on triangles (three across sides,
/// nine through corners, Tri-Chess's king).
pub const MAX_LINES: usize = 12;

/// Slots per cell in the step tables: [`MAX_LINES`] rounded up to a power of two, so that
/// `line & (STEP_SLOTS - 1)` is provably in range and the hot `step` lookup needs no bounds check.
const STEP_SLOTS: usize = 16;

/// A line (direction) through a cell, as an index into the topology's step tables.
///
/// Rules speak of lines and of each seat's forward lines and regions, never of coordinates. On
/// square boards lines 0-7 are the compass directions as seen from the south edge (the first
/// seat), clockwise from north; the constants below name them for the square-board games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Line(pub u8);

impl Line {
    pub const N: Line = Line(0);
    pub const NE: Line = Line(1);
    pub const E: Line = Line(2);
    pub const SE: Line = Line(3);
    pub const S: Line = Line(4);
    pub const SW: Line = Line(5);
    pub const W: Line = Line(6);
    pub const NW: Line = Line(7);
    /// The eight lines of a square cell, clockwise from north.
    pub const ALL: [Line; 8] = [Line::N, Line::NE, Line::E, Line::SE, Line::S, Line::SW, Line::W, Line::NW];
    /// The four rook lines of a square board.
    pub const ORTHOGONAL: [Line; 4] = [Line::N, Line::E, Line::S, Line::W];
    /// The four bishop lines of a square board.
    pub const DIAGONAL: [Line; 4] = [Line::NE, Line::SE, Line::SW, Line::NW];

    /// The index into step tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File and rank deltas of one step on a square board.
    pub const fn delta(self) -> (i32, i32) {
        const D: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
        D[self.0 as usize & 7]
    }

    /// The line pointing the other way (square boards).
    pub const fn opposite(self) -> Line {
        Line((self.0 + 4) & 7)
    }

    /// This line turned clockwise by `eighths` eighths of a turn (square boards).
    pub const fn turned(self, eighths: u8) -> Line {
        Line((self.0 + eighths) & 7)
    }

    /// Triangular boards: the six lines to the same-coloured triangles touching a cell's corners.
    pub const TRI_SAME_COLOUR: [Line; 6] = [Line(0), Line(2), Line(4), Line(6), Line(8), Line(10)];
    /// Triangular boards: all twelve lines, every 30° counter-clockwise from east.
    pub const TRI_ALL: [Line; 12] = [Line(0), Line(1), Line(2), Line(3), Line(4), Line(5), Line(6), Line(7), Line(8), Line(9), Line(10), Line(11)];

    /// Triangular boards: this line turned counter-clockwise by `twelfths` of a turn.
    pub const fn turned_hex(self, twelfths: u8) -> Line {
        Line((self.0 + twelfths) % 12)
    }
}

/// A side of the board where a seat sits, clockwise seen from above: on square boards 0 is the
/// south edge (rank 1, the first seat's), 1 west, 2 north, 3 east.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Side(pub u8);

impl Side {
    pub const SOUTH: Side = Side(0);
    pub const WEST: Side = Side(1);
    pub const NORTH: Side = Side(2);
    pub const EAST: Side = Side(3);

    /// The side facing this one across a square board.
    pub const fn opposite(self) -> Side {
        Side((self.0 + 2) & 3)
    }

    /// The seat's side in a two-player game: the first seat south, the second north.
    pub const fn of_two(seat: crate::position::Seat) -> Side {
        if seat.0 == 0 { Side::SOUTH } else { Side::NORTH }
    }

    /// "Forward" for a seat on this side of a square board: towards the opposite side.
    #[inline(always)]
    pub const fn forward(self) -> Line {
        // South faces north (line 0); each side clockwise turns forward by a quarter turn.
        Line((self.0 * 2) & 7)
    }

    /// The two diagonals forward (left then right, as the seat sees them).
    #[inline(always)]
    pub const fn diagonal_forward(self) -> [Line; 2] {
        let f = self.forward();
        [f.turned(7), f.turned(1)]
    }

    /// The two diagonals backward: where a piece attacking forward-diagonally from must stand.
    #[inline(always)]
    pub const fn diagonal_back(self) -> [Line; 2] {
        let f = self.forward().opposite();
        [f.turned(1), f.turned(7)]
    }

    /// "Forward" for a seat on this side of a hexagon of triangles (sides 0-5 clockwise from the
    /// south): the odd line pointing straight at the opposite edge (line 3, north, from the south).
    pub const fn tri_forward(self) -> Line {
        Line((15 - 2 * (self.0 % 6)) % 12)
    }

    /// Whether the seat's left and right edges are the board's west and east edges (the seat
    /// faces north or south) rather than its north and south edges.
    pub const fn faces_ranks(self) -> bool {
        self.0 & 1 == 0
    }
}

/// Knight leap deltas (file, rank).
pub(crate) const KNIGHT_DELTAS: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// A board as a graph: cells, neighbour tables per line, knight leaps, and regions.
#[derive(Debug)]
pub struct Topology {
    width: u8,
    height: u8,
    wrap: Wrap,
    /// Whether the "side" edges a cylinder joins are the north and south edges (the view of a
    /// seat on the east or west side in cylindrical Doubles) instead of west and east.
    sides_are_ranks: bool,
    /// `steps[cell][line]`: one step, crossing every joined edge.
    steps: Vec<[Cell; STEP_SLOTS]>,
    /// `steps_sides[cell][line]`: one step, crossing only the side edges (a universal board's
    /// non-kings may not cross the ends). Equal to `steps` on flat boards and cylinders.
    steps_sides: Vec<[Cell; STEP_SLOTS]>,
    /// `leaps[cell][i]`: knight leaps (crossing every joined edge), `NO_CELL` where none.
    leaps: Vec<[Cell; 8]>,
    /// `coords[cell]`: (file, rank), looked up rather than divided out on the move-generation
    /// hot paths (pawn ranks, king rows).
    coords: Vec<(u8, u8)>,
    /// `reach[cell]`: the cells of each line and leap from it, as sets; built on first use
    /// (only the chess family asks, and CHEX's large window would make them costly for nothing).
    reach: OnceLock<Vec<Reach>>,
    /// `colour_steps[a * len + b]`: the fewest steps from `a` to `b` along the lines that keep a
    /// cell's colour (a checkers king's); built on first use (only the checkers family asks).
    colour_steps: OnceLock<Vec<u8>>,
    /// Triangular boards: which hexagon, and the cell at each (column, row) of the bounding
    /// grid (`NO_CELL` outside the hexagon); `None` and empty for square boards.
    tri: Option<TriBoard>,
    grid: Vec<Cell>,
    /// Triangular boards: each cell's depth from each of the six sides (0 = on that side's edge row).
    depths: Vec<[u8; 6]>,
    /// Triangular boards: the cells pointing up (seen from the south), the board's dark ones.
    up: CellSet,
}

/// Most cells of a board whose cells fit the bits of a `u64` ([`Reach`]).
pub(crate) const BIT_CELLS: usize = 64;

/// The cells whose bits are set in `x` (bit `c` for cell `c`), lowest first.
#[inline(always)]
pub(crate) fn bit_cells(mut x: u64) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let c = x.trailing_zeros() as Cell;
            x &= x - 1;
            c
        })
    })
}

/// Everything a chess piece on one cell could reach on an empty board, as bits of cells: a quick
/// test of whether any piece of a kind stands where it could attack the cell at all. On boards of
/// more than [`BIT_CELLS`] cells every cell's `bit` is 0 and every reach is all ones, so the test
/// always answers "maybe" and the caller looks at the board.
#[derive(Debug)]
pub(crate) struct Reach {
    /// The cell's own bit.
    pub bit: u64,
    /// `rays[line]`: the cells along the line, up to an edge or back round to the start (excluded).
    pub rays: [u64; 8],
    /// The knight leaps.
    pub knight: u64,
    /// The one-step neighbours (a king's moves).
    pub king: u64,
}

impl Topology {
    /// The shared topology for a `width` x `height` board with the given wrap, as seen by a seat
    /// on the south or north side; built on first use.
    ///
    /// # Panics
    /// If the board is empty or larger than [`MAX_WINDOW_CELLS`]; callers validate sizes from user input first.
    pub fn get(width: u8, height: u8, wrap: Wrap) -> &'static Topology {
        Topology::for_side(width, height, wrap, Side::SOUTH)
    }

    /// The topology a seat on `side` plays on: on a cylinder "players sitting opposite each other
    /// regard their right and left edges as touching, but not their forward and rear edges", so
    /// seats on the east and west sides wrap north-south; on a universal board they cross the
    /// north and south edges freely and only kings cross the east and west ones.
    pub fn for_side(width: u8, height: u8, wrap: Wrap, side: Side) -> &'static Topology {
        /// Every topology built so far, by size, wrap and orientation, leaked so it lives as long as the program.
        type Cache = Mutex<HashMap<(u8, u8, Wrap, bool), &'static Topology>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let ranks = wrap != Wrap::Flat && !side.faces_ranks();
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        map.entry((width, height, wrap, ranks)).or_insert_with(|| Box::leak(Box::new(Topology::build(width, height, wrap, ranks))))
    }

    fn build(width: u8, height: u8, wrap: Wrap, sides_are_ranks: bool) -> Topology {
        assert!(width > 0 && height > 0, "empty board");
        assert!(width as usize * height as usize <= MAX_WINDOW_CELLS, "board larger than MAX_WINDOW_CELLS");
        let (w, h) = (width as i32, height as i32);
        let wrap_sides = wrap != Wrap::Flat;
        let wrap_ends = wrap == Wrap::Universal;
        // `across_sides`/`across_ends`: whether a step may leave the board over the seat's side
        // edges / end edges and come back on the other side.
        let target = |x: i32, y: i32, dx: i32, dy: i32, ends: bool| -> Cell {
            let (wrap_x, wrap_y) = if sides_are_ranks { (ends, wrap_sides) } else { (wrap_sides, ends) };
            let (mut nx, mut ny) = (x + dx, y + dy);
            if !(0..w).contains(&nx) {
                if !wrap_x {
                    return NO_CELL;
                }
                nx = nx.rem_euclid(w);
            }
            if !(0..h).contains(&ny) {
                if !wrap_y {
                    return NO_CELL;
                }
                ny = ny.rem_euclid(h);
            }
            // A step or leap that wraps all the way round onto its own cell (a board narrower
            // than the move) goes nowhere: the tables say so, so no mover has to check.
            let to = (ny * w + nx) as Cell;
            if (nx, ny) == (x, y) { NO_CELL } else { to }
        };
        let n = (w * h) as usize;
        let mut steps = vec![[NO_CELL; STEP_SLOTS]; n];
        let mut steps_sides = vec![[NO_CELL; STEP_SLOTS]; n];
        let mut leaps = vec![[NO_CELL; 8]; n];
        for c in 0..n {
            let (x, y) = ((c as i32) % w, (c as i32) / w);
            for d in Line::ALL {
                let (dx, dy) = d.delta();
                steps[c][d.index()] = target(x, y, dx, dy, wrap_ends);
                steps_sides[c][d.index()] = target(x, y, dx, dy, false);
            }
            for (i, &(dx, dy)) in KNIGHT_DELTAS.iter().enumerate() {
                leaps[c][i] = target(x, y, dx, dy, wrap_ends);
            }
        }
        let coords = (0..n).map(|c| ((c as i32 % w) as u8, (c as i32 / w) as u8)).collect();
        Topology {
            width,
            height,
            wrap,
            sides_are_ranks,
            steps,
            steps_sides,
            leaps,
            coords,
            reach: OnceLock::new(),
            colour_steps: OnceLock::new(),
            tri: None,
            grid: Vec::new(),
            depths: Vec::new(),
            up: CellSet::EMPTY,
        }
    }

    /// The shared topology of a hexagon of triangles (see [`crate::trigrid`] for its lines),
    /// built on first use. Cells are numbered row by row from the south, west to east; a
    /// cell's file is its lattice column counted from the westmost column of the board.
    pub fn triangles(board: TriBoard) -> &'static Topology {
        type Cache = Mutex<HashMap<TriBoard, &'static Topology>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(board).or_insert_with(|| Box::leak(Box::new(Topology::build_triangles(board))))
    }

    fn build_triangles(board: TriBoard) -> Topology {
        let k = board.side();
        let cells = board.triangles();
        assert!(cells.len() <= MAX_CELLS, "a hexagon of triangles fits MAX_CELLS");
        let min_x = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let max_x = cells.iter().map(|c| c.0).max().unwrap_or(0);
        let (width, height) = ((max_x - min_x + 1) as u8, (2 * k) as u8);
        let mut grid = vec![NO_CELL; width as usize * height as usize];
        for (i, &(x, r)) in cells.iter().enumerate() {
            grid[r as usize * width as usize + (x - min_x) as usize] = i as Cell;
        }
        let at = |x: i32, r: i32| -> Cell {
            if x < min_x || x > max_x || !(0..2 * k).contains(&r) {
                return NO_CELL;
            }
            grid[r as usize * width as usize + (x - min_x) as usize]
        };
        let mut steps = vec![[NO_CELL; STEP_SLOTS]; cells.len()];
        let mut up = CellSet::EMPTY;
        let mut depths = vec![[0u8; 6]; cells.len()];
        for (i, &(x, r)) in cells.iter().enumerate() {
            for m in 0..MAX_LINES as u8 {
                let (nx, nr) = trigrid::step(x, r, k, m);
                steps[i][m as usize] = at(nx, nr);
            }
            if trigrid::points_up(x, r, k) {
                up.insert(i as Cell);
            }
            for side in 0..6u8 {
                // The extra file lies beyond the south-east edge, one row "behind" side 5 (depth
                // -1, stored as 0); no seat sits on that side of the two-player board.
                depths[i][side as usize] = trigrid::seat_frame(x, r, k, side).1.clamp(0, 255) as u8;
            }
        }
        let coords = cells.iter().map(|&(x, r)| ((x - min_x) as u8, r as u8)).collect();
        Topology {
            width,
            height,
            wrap: Wrap::Flat,
            sides_are_ranks: false,
            steps_sides: steps.clone(),
            steps,
            leaps: vec![[NO_CELL; 8]; cells.len()],
            coords,
            reach: OnceLock::new(),
            colour_steps: OnceLock::new(),
            tri: Some(board),
            grid,
            depths,
            up,
        }
    }

    /// The hexagon this topology was built for, if it is a board of triangles.
    pub fn tri_board(&self) -> Option<TriBoard> {
        self.tri
    }

    /// The fewest steps from `a` to `b` along the lines that keep a cell's colour: the four
    /// diagonals on square boards, the six same-colour lines on the triangular ones (a checkers
    /// king's steps, crossing every joined edge); [`u8::MAX`] where `b` cannot be reached that way
    /// (the other colour).
    pub fn colour_steps(&self, a: Cell, b: Cell) -> u8 {
        self.colour_steps_from(a)[b as usize]
    }

    /// [`Topology::colour_steps`] from `a` to every cell, by cell: one row of a `len²`-byte
    /// table built on first use by a search from each cell (a caller measuring many distances
    /// from one cell reads the row once).
    pub fn colour_steps_from(&self, a: Cell) -> &[u8] {
        let n = self.len();
        let table = self.colour_steps.get_or_init(|| {
            let lines: &[Line] = if self.tri.is_some() { &Line::TRI_SAME_COLOUR } else { &Line::DIAGONAL };
            let mut table = vec![u8::MAX; n * n];
            let mut queue = Vec::with_capacity(n);
            for from in 0..n {
                let row = &mut table[from * n..(from + 1) * n];
                row[from] = 0;
                queue.clear();
                queue.push(from as Cell);
                let mut head = 0;
                while head < queue.len() {
                    let c = queue[head];
                    head += 1;
                    for &d in lines {
                        let s = self.step(c, d);
                        if s != NO_CELL && row[s as usize] == u8::MAX {
                            row[s as usize] = row[c as usize].saturating_add(1);
                            queue.push(s);
                        }
                    }
                }
            }
            table
        });
        &table[a as usize * n..(a as usize + 1) * n]
    }

    /// Each cell's [`Reach`], built the first time it is asked for.
    pub(crate) fn reach(&self) -> &[Reach] {
        self.reach.get_or_init(|| {
            let small = self.len() <= BIT_CELLS;
            let bit = |s: Cell| if small { 1u64 << s } else { 0 };
            let all = if small { 0 } else { u64::MAX };
            (0..self.len() as Cell)
                .map(|c| {
                    let mut reach = Reach { bit: bit(c), rays: [all; 8], knight: all, king: all };
                    for d in Line::ALL {
                        let mut s = self.step(c, d);
                        if s != NO_CELL {
                            reach.king |= bit(s);
                        }
                        while s != NO_CELL && s != c {
                            reach.rays[d.index()] |= bit(s);
                            s = self.step(s, d);
                        }
                    }
                    for &s in self.leaps(c).iter().filter(|&&s| s != NO_CELL) {
                        reach.knight |= bit(s);
                    }
                    reach
                })
                .collect()
        })
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
    pub fn step(&self, c: Cell, d: Line) -> Cell {
        self.steps[c as usize][d.index() & (STEP_SLOTS - 1)]
    }

    /// One step that may cross the side edges but never the ends (universal non-kings).
    #[inline(always)]
    pub fn step_sides(&self, c: Cell, d: Line) -> Cell {
        self.steps_sides[c as usize][d.index() & (STEP_SLOTS - 1)]
    }

    /// The eight knight leaps from `c` (some may be `NO_CELL`).
    #[inline(always)]
    pub fn leaps(&self, c: Cell) -> &[Cell; 8] {
        &self.leaps[c as usize]
    }

    /// The cell at (file, rank), if on the board.
    pub fn cell(&self, file: u8, rank: u8) -> Option<Cell> {
        if file >= self.width || rank >= self.height {
            return None;
        }
        if self.tri.is_some() {
            let c = self.grid[rank as usize * self.width as usize + file as usize];
            return (c != NO_CELL).then_some(c);
        }
        Some(rank as Cell * self.width as Cell + file as Cell)
    }
    /// File (0 = first player's left) of a cell.
    #[inline]
    pub fn file(&self, c: Cell) -> u8 {
        self.coords[c as usize].0
    }
    /// Rank (0 = first player's side) of a cell.
    #[inline]
    pub fn rank(&self, c: Cell) -> u8 {
        self.coords[c as usize].1
    }
    /// Dark squares are those of a1's colour (file + rank even); dark triangles point up (as
    /// seen from the south side).
    #[inline]
    pub fn is_dark(&self, c: Cell) -> bool {
        if self.tri.is_some() {
            return self.up.contains(c);
        }
        (self.file(c) + self.rank(c)).is_multiple_of(2)
    }
    /// How many rows a cell is from `side`'s edge (0 = on that edge: the seat's home row). On
    /// a hexagon the six sides count rows parallel to each edge.
    #[inline(always)]
    pub fn distance_from(&self, side: Side, c: Cell) -> u8 {
        if self.tri.is_some() {
            return self.depths[c as usize][side.0 as usize % 6];
        }
        // One division, not two: this sits on the pawn-move hot path.
        match side.0 & 3 {
            0 => self.rank(c),
            1 => self.file(c),
            2 => self.height - 1 - self.rank(c),
            _ => self.width - 1 - self.file(c),
        }
    }
    /// Whether a cell is on the edge opposite `side` (a seat's king row / promotion row; square
    /// boards, whose sides come in opposite pairs).
    #[inline(always)]
    pub fn on_far_edge(&self, side: Side, c: Cell) -> bool {
        self.distance_from(side.opposite(), c) == 0
    }
    /// How many rows lie between `side`'s edge and the opposite one, minus one (7 on 8x8).
    #[inline]
    pub fn depth_from(&self, side: Side) -> u8 {
        if self.tri.is_some() {
            return self.height - 1;
        }
        if side.faces_ranks() { self.height - 1 } else { self.width - 1 }
    }
    /// Whether this is the orientation of a seat on the east or west side of a wrapped board.
    pub fn sides_are_ranks(&self) -> bool {
        self.sides_are_ranks
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

    /// The first occupied cell strictly between `from` and `to` on a straight line, else `to`
    /// itself when `occupied(to)` (a Pawn's push); `None` when no line joins them or the line is
    /// clear. For refusals only (it allocates).
    pub fn first_in_the_way(&self, from: Cell, to: Cell, occupied: impl Fn(Cell) -> bool) -> Option<Cell> {
        for line in Line::ALL {
            let mut path = Vec::new();
            let mut c = self.step(from, line);
            while c != NO_CELL && c != from && c != to && path.len() < self.len() {
                path.push(c);
                c = self.step(c, line);
            }
            if c == to {
                return path.into_iter().find(|&x| occupied(x)).or_else(|| occupied(to).then_some(to));
            }
        }
        None
    }
}

/// A set of cells of one board, as a fixed 256-bit bitset (no allocation).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct CellSet([u64; 4]);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet([0; 4]);
    /// Every cell (and more: the set has room for 256 cells).
    pub const FULL: CellSet = CellSet([u64::MAX; 4]);
    /// The cells in both sets.
    #[inline(always)]
    pub fn intersection(self, other: CellSet) -> CellSet {
        let (a, b) = (self.0, other.0);
        CellSet([a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]])
    }
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

    /// King steps along one colour: the diagonals' count on a square board, the other colour
    /// out of reach; on the triangles a true distance (zero on the diagonal, symmetric, one
    /// step to each same-colour neighbour, never more than a neighbour's distance plus one).
    #[test]
    fn colour_steps_count_a_kings_steps_along_its_colour() {
        let t = Topology::get(8, 8, Wrap::Flat);
        let at = |f: u8, r: u8| t.cell(f, r).unwrap();
        assert_eq!(t.colour_steps(at(0, 0), at(7, 7)), 7);
        assert_eq!(t.colour_steps(at(0, 0), at(2, 0)), 2, "a1 to c1 by b2");
        assert_eq!(t.colour_steps(at(0, 0), at(6, 0)), 6, "a1 to g1 zigzags");
        assert_eq!(t.colour_steps(at(0, 0), at(1, 0)), u8::MAX, "b1 is the other colour");
        let c = Topology::get(8, 8, Wrap::Cylinder);
        assert_eq!(c.colour_steps(c.cell(0, 0).unwrap(), c.cell(7, 1).unwrap()), 1, "the cylinder joins a and h");
        let tri = Topology::triangles(TriBoard::plain(12));
        let n = tri.len() as Cell;
        let mut reached = 0;
        for a in 0..n {
            assert_eq!(tri.colour_steps(a, a), 0);
            for b in 0..n {
                let d = tri.colour_steps(a, b);
                assert_eq!(d, tri.colour_steps(b, a));
                if d == u8::MAX {
                    continue;
                }
                reached += 1;
                for l in Line::TRI_SAME_COLOUR {
                    let s = tri.step(a, l);
                    if s != NO_CELL {
                        assert_eq!(tri.colour_steps(a, s), 1);
                        assert!(d <= tri.colour_steps(s, b).saturating_add(1));
                    }
                }
            }
        }
        assert!(reached > n as usize * n as usize / 3, "a colour's cells reach each other: {reached}");
    }

    #[test]
    fn flat_edges_have_no_neighbours() {
        let t = Topology::get(8, 8, Wrap::Flat);
        let a1 = t.parse_cell("a1").unwrap();
        assert_eq!(t.step(a1, Line::W), NO_CELL);
        assert_eq!(t.step(a1, Line::S), NO_CELL);
        assert_eq!(t.name(t.step(a1, Line::NE)), "b2");
    }

    #[test]
    fn cylinder_joins_sides_only() {
        let t = Topology::get(8, 8, Wrap::Cylinder);
        let a1 = t.parse_cell("a1").unwrap();
        assert_eq!(t.name(t.step(a1, Line::W)), "h1");
        assert_eq!(t.name(t.step(a1, Line::NW)), "h2");
        assert_eq!(t.step(a1, Line::S), NO_CELL);
    }

    #[test]
    fn universal_joins_ends_but_side_table_does_not() {
        let t = Topology::get(8, 8, Wrap::Universal);
        let a1 = t.parse_cell("a1").unwrap();
        assert_eq!(t.name(t.step(a1, Line::SW)), "h8");
        assert_eq!(t.step_sides(a1, Line::SW), NO_CELL);
        assert_eq!(t.name(t.step_sides(a1, Line::W)), "h1");
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
