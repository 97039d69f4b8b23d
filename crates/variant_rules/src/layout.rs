//! Board geometry: where each cell lies on the board's plane, its outline, colour and name.
//!
//! A [`BoardLayout`] is the one description of a board's shape that every view draws from: the
//! 3D table's mesh, picking and highlights, and the terminal. It knows nothing of rules (those
//! live in [`crate::topology`]) and nothing of Bevy; cells have the same indices as in the
//! board's [`Topology`](crate::topology::Topology) (`rank * width + file` on square boards).
//!
//! Coordinates are on the board's plane in units of one square's side: the board is centred on
//! the origin, +x runs along the first seat's rank from its left to its right (towards the
//! higher files) and +y runs away from the first seat (towards the higher ranks).
//!
//! Every cell is a polygon, so boards of other shapes (a hexagon of equilateral triangles) plug
//! in as another constructor building the same table. Finding the cell under a point has a
//! fast path for square boards (two divisions) and otherwise scans every cell's polygon after a
//! bounding-box test: boards have at most a few hundred cells and the pointer moves a few
//! times a frame, so a spatial index would cost more code than it saves time.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::topology::{Cell, MAX_WINDOW_CELLS, Side, Topology};
use crate::trigrid::{self, TriBoard};

/// A point (or a vector) on the board's plane.
pub type Point = [f32; 2];

/// Most corners a cell's outline may have (4 for squares, 3 for triangles; room for hexagons).
pub const MAX_CORNERS: usize = 6;

/// A cell's outline: up to [`MAX_CORNERS`] corner points, counter-clockwise, stored inline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Polygon {
    corners: [Point; MAX_CORNERS],
    len: u8,
}

impl Polygon {
    /// A polygon through `corners`, given counter-clockwise.
    ///
    /// # Panics
    /// If there are fewer than 3 or more than [`MAX_CORNERS`] corners.
    pub fn new(corners: &[Point]) -> Polygon {
        assert!((3..=MAX_CORNERS).contains(&corners.len()), "a polygon has 3 to {MAX_CORNERS} corners");
        let mut p = Polygon { corners: [[0.0; 2]; MAX_CORNERS], len: corners.len() as u8 };
        p.corners[..corners.len()].copy_from_slice(corners);
        p
    }

    /// The axis-aligned square of side `side` centred on `centre`, corners counter-clockwise
    /// from the lower left.
    pub fn square(centre: Point, side: f32) -> Polygon {
        let h = side / 2.0;
        let [x, y] = centre;
        Polygon::new(&[[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h]])
    }

    /// The corner points, counter-clockwise.
    pub fn corners(&self) -> &[Point] {
        &self.corners[..self.len as usize]
    }

    /// The area enclosed (positive, as the corners run counter-clockwise): the shoelace formula.
    pub fn area(&self) -> f32 {
        let c = self.corners();
        let twice: f32 = (0..c.len()).map(|i| cross(c[i], c[(i + 1) % c.len()])).sum();
        twice / 2.0
    }

    /// The smallest axis-aligned box holding the polygon: (min, max).
    pub fn bounds(&self) -> (Point, Point) {
        self.corners()
            .iter()
            .fold(([f32::INFINITY; 2], [f32::NEG_INFINITY; 2]), |(lo, hi), p| ([lo[0].min(p[0]), lo[1].min(p[1])], [hi[0].max(p[0]), hi[1].max(p[1])]))
    }

    /// Whether `p` lies inside, by the crossing-number test. Edges are half-open, as `floor`
    /// divides a square grid (a square holds its lower and left edges, not its upper and right
    /// ones), so a point on an edge shared by two cells of a tiling belongs to exactly one.
    pub fn contains(&self, p: Point) -> bool {
        let c = self.corners();
        let mut inside = false;
        let mut j = c.len() - 1;
        for i in 0..c.len() {
            let (a, b) = (c[i], c[j]);
            if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1]) {
                inside = !inside;
            }
            j = i;
        }
        inside
    }
}

/// The z component of the cross product of two plane vectors.
fn cross(a: Point, b: Point) -> f32 {
    a[0] * b[1] - a[1] * b[0]
}

/// One cell of a layout: where it is, its outline, its colour and its name.
#[derive(Clone, Debug, PartialEq)]
pub struct CellGeometry {
    /// Centre of the cell on the board's plane (where its piece stands).
    pub centre: Point,
    /// The cell's outline, counter-clockwise.
    pub polygon: Polygon,
    /// Whether the cell is dark (on square boards: a1's colour, file + rank even).
    pub dark: bool,
    /// The cell's name, as [`Topology::name`](crate::topology::Topology::name) gives it (`a1`, `l12`).
    pub name: String,
}

/// The shape of a board a layout was built for (the key of the layout cache).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// `width` files by `height` ranks of unit squares.
    Square { width: u8, height: u8 },
    /// A hexagon of equilateral triangles ([`crate::trigrid`]).
    Triangles(TriBoard),
}

/// The geometry of one board: every cell's centre, outline, colour and name, the board's
/// extent and the edges where the seats sit. Built once per shape and shared (see
/// [`BoardLayout::square`]).
#[derive(Debug)]
pub struct BoardLayout {
    shape: Shape,
    cells: Vec<CellGeometry>,
    min: Point,
    max: Point,
    /// The side of one cell (every cell of a board is the same regular polygon).
    cell_size: f32,
    /// The board's edge at each seat's side, from the seat's left to its right.
    edges: Vec<(Point, Point)>,
}

impl BoardLayout {
    /// The shared layout of a `width` x `height` square board, built on first use.
    ///
    /// # Panics
    /// If the board is empty or larger than [`MAX_WINDOW_CELLS`], as for topologies.
    pub fn square(width: u8, height: u8) -> &'static BoardLayout {
        BoardLayout::get(Shape::Square { width, height })
    }

    /// The shared layout of a board of the given shape, built on first use and kept for the
    /// life of the program (as [`Topology::get`](crate::topology::Topology::get) keeps topologies).
    pub fn get(shape: Shape) -> &'static BoardLayout {
        /// Every layout built so far, leaked so it lives as long as the program.
        type Cache = Mutex<HashMap<Shape, &'static BoardLayout>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(shape).or_insert_with(|| {
            let layout = match shape {
                Shape::Square { width, height } => BoardLayout::build_square(width, height),
                Shape::Triangles(board) => BoardLayout::build_triangles(board),
            };
            Box::leak(Box::new(layout))
        })
    }

    fn build_square(width: u8, height: u8) -> BoardLayout {
        assert!(width > 0 && height > 0, "empty board");
        assert!(width as usize * height as usize <= MAX_WINDOW_CELLS, "board larger than MAX_WINDOW_CELLS");
        let (w, h) = (width as f32, height as f32);
        let (min, max) = ([-w / 2.0, -h / 2.0], [w / 2.0, h / 2.0]);
        let cells = (0..height)
            .flat_map(|rank| (0..width).map(move |file| (file, rank)))
            .map(|(file, rank)| {
                let centre = [min[0] + file as f32 + 0.5, min[1] + rank as f32 + 0.5];
                let name = format!("{}{}", (b'a' + file) as char, rank as u32 + 1);
                CellGeometry { centre, polygon: Polygon::square(centre, 1.0), dark: (file + rank).is_multiple_of(2), name }
            })
            .collect();
        let corner = |x: usize, y: usize| [[min[0], max[0]][x], [min[1], max[1]][y]];
        // South, west, north, east: each from the seated player's left to their right.
        let edges = vec![(corner(0, 0), corner(1, 0)), (corner(0, 1), corner(0, 0)), (corner(1, 1), corner(0, 1)), (corner(1, 0), corner(1, 1))];
        BoardLayout { shape: Shape::Square { width, height }, cells, min, max, cell_size: 1.0, edges }
    }

    /// The shared layout of a hexagon of triangles. Triangles have sides of sqrt(3) units, so
    /// the circle inside each has the diameter of a unit square's (1.0): pieces made for the
    /// square boards stand on them as they are.
    pub fn triangles(board: TriBoard) -> &'static BoardLayout {
        BoardLayout::get(Shape::Triangles(board))
    }

    /// The layout that draws `topo`'s board: its squares or its hexagon of triangles.
    pub fn of(topo: &Topology) -> &'static BoardLayout {
        match topo.tri_board() {
            Some(board) => BoardLayout::triangles(board),
            None => BoardLayout::square(topo.width(), topo.height()),
        }
    }

    fn build_triangles(board: TriBoard) -> BoardLayout {
        let side = 3f32.sqrt();
        let k = board.side();
        let topo = Topology::triangles(board);
        let scale = |p: [f32; 2]| [p[0] * side, p[1] * side];
        let cells: Vec<CellGeometry> = board
            .triangles()
            .into_iter()
            .enumerate()
            .map(|(i, (x, r))| {
                let corners = trigrid::corners(x, r, k).map(scale);
                let c = i as Cell;
                CellGeometry { centre: scale(trigrid::centroid(x, r, k)), polygon: Polygon::new(&corners), dark: topo.is_dark(c), name: topo.name(c) }
            })
            .collect();
        let (min, max) = cells.iter().fold(([f32::INFINITY; 2], [f32::NEG_INFINITY; 2]), |(lo, hi), g| {
            let (a, b) = g.polygon.bounds();
            ([lo[0].min(a[0]), lo[1].min(a[1])], [hi[0].max(b[0]), hi[1].max(b[1])])
        });
        let p = board.corners_points().map(scale);
        // Side s (clockwise from the south) runs from its seat's left to its right: the
        // hexagon's corners are listed counter-clockwise from the south-west one.
        let edges = (0..6).map(|s| (p[(6 - s) % 6], p[(7 - s) % 6])).collect();
        BoardLayout { shape: Shape::Triangles(board), cells, min, max, cell_size: side, edges }
    }

    /// The shape this layout was built for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the board has no cells (never true for a built layout).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Every cell with its index, in index order.
    pub fn cells(&self) -> impl ExactSizeIterator<Item = (Cell, &CellGeometry)> + '_ {
        self.cells.iter().enumerate().map(|(i, g)| (i as Cell, g))
    }

    /// The geometry of one cell.
    ///
    /// # Panics
    /// If `c` is not a cell of this board.
    pub fn cell(&self, c: Cell) -> &CellGeometry {
        &self.cells[c as usize]
    }

    /// Centre of a cell on the board's plane.
    pub fn centre(&self, c: Cell) -> Point {
        self.cells[c as usize].centre
    }

    /// Outline of a cell, counter-clockwise.
    pub fn polygon(&self, c: Cell) -> &Polygon {
        &self.cells[c as usize].polygon
    }

    /// Whether a cell is dark.
    pub fn is_dark(&self, c: Cell) -> bool {
        self.cells[c as usize].dark
    }

    /// A cell's name (`a1`, `l12`).
    pub fn name(&self, c: Cell) -> &str {
        &self.cells[c as usize].name
    }

    /// The board's extent: (lower-left, upper-right) corners of the box holding every cell.
    pub fn bounds(&self) -> (Point, Point) {
        (self.min, self.max)
    }

    /// The side of one cell (1.0 on square boards: the unit of the plane).
    pub fn cell_size(&self) -> f32 {
        self.cell_size
    }

    /// How many sides the board has where seats may sit (4 for a square board, 6 for a hexagon).
    pub fn side_count(&self) -> usize {
        self.edges.len()
    }

    /// The board's edge on `side`, from the seated player's left to their right (so the edges
    /// run counter-clockwise round the board). Sides go clockwise seen from above: on a square
    /// board 0 south (the rank-1 edge, the first seat's), 1 west, 2 north, 3 east.
    ///
    /// # Panics
    /// If the board has no such side (see [`BoardLayout::side_count`]).
    pub fn edge(&self, side: Side) -> (Point, Point) {
        self.edges[side.0 as usize]
    }

    /// The cell under a point of the board's plane, if any. Cells are half-open (a point on the
    /// line between two cells is in the one above or to its right), so every point of the board
    /// is in exactly one cell and the upper and right edges of the board are outside.
    pub fn cell_at(&self, p: Point) -> Option<Cell> {
        match self.shape {
            Shape::Square { width, height } => {
                let (fx, fy) = ((p[0] - self.min[0]).floor(), (p[1] - self.min[1]).floor());
                let inside = (0.0..width as f32).contains(&fx) && (0.0..height as f32).contains(&fy);
                inside.then(|| fy as Cell * width as Cell + fx as Cell)
            }
            Shape::Triangles(_) => self.cell_at_by_scan(p),
        }
    }

    /// The cell under a point found by testing every cell's polygon: what [`BoardLayout::cell_at`]
    /// does for shapes without a faster rule.
    pub fn cell_at_by_scan(&self, p: Point) -> Option<Cell> {
        if !(self.min[0] <= p[0] && p[0] < self.max[0] && self.min[1] <= p[1] && p[1] < self.max[1]) {
            return None;
        }
        self.cells().find_map(|(c, g)| {
            let (lo, hi) = g.polygon.bounds();
            let near = lo[0] <= p[0] && p[0] <= hi[0] && lo[1] <= p[1] && p[1] <= hi[1];
            (near && g.polygon.contains(p)).then_some(c)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::Wrap;

    /// Every square board a game uses (and the CHEX window).
    const SIZES: [(u8, u8); 6] = [(8, 8), (10, 10), (4, 4), (12, 12), (40, 40), (3, 5)];

    #[test]
    fn layouts_are_shared() {
        assert!(std::ptr::eq(BoardLayout::square(8, 8), BoardLayout::square(8, 8)));
        assert!(!std::ptr::eq(BoardLayout::square(8, 8), BoardLayout::square(10, 10)));
        assert_eq!(BoardLayout::square(12, 12).len(), 144);
    }

    #[test]
    fn every_centre_maps_back_to_its_cell() {
        for (w, h) in SIZES {
            let l = BoardLayout::square(w, h);
            assert_eq!(l.len(), w as usize * h as usize);
            for (c, g) in l.cells() {
                assert_eq!(l.cell_at(g.centre), Some(c), "{w}x{h} {}", g.name);
                assert_eq!(l.cell_at_by_scan(g.centre), Some(c), "{w}x{h} {}", g.name);
            }
        }
    }

    #[test]
    fn points_outside_the_board_are_in_no_cell() {
        for (w, h) in SIZES {
            let l = BoardLayout::square(w, h);
            let (lo, hi) = l.bounds();
            let outside = [[lo[0] - 0.01, 0.0], [hi[0], 0.0], [0.0, lo[1] - 0.01], [0.0, hi[1]], [hi[0] + 3.0, hi[1] + 3.0], [f32::NAN, 0.0]];
            for p in outside {
                assert_eq!(l.cell_at(p), None, "{w}x{h} {p:?}");
                assert_eq!(l.cell_at_by_scan(p), None, "{w}x{h} {p:?}");
            }
        }
    }

    #[test]
    fn the_fast_path_agrees_with_the_polygon_scan() {
        // The CHEX window (1600 cells) is left out: scanning it for 27,000 points is slow in debug builds.
        for (w, h) in SIZES.into_iter().filter(|&(w, h)| w as usize * h as usize <= 144) {
            let l = BoardLayout::square(w, h);
            let (lo, hi) = l.bounds();
            // A grid of points a little finer than the cells, reaching past every edge and
            // landing exactly on cell boundaries too.
            for i in -4..=(4 * w as i32 + 4) {
                for j in -4..=(4 * h as i32 + 4) {
                    let p = [lo[0] + i as f32 * 0.25, lo[1] + j as f32 * 0.25];
                    assert_eq!(l.cell_at(p), l.cell_at_by_scan(p), "{w}x{h} {p:?} (board {lo:?}..{hi:?})");
                }
            }
        }
    }

    #[test]
    fn corners_of_the_12x12_board() {
        let l = BoardLayout::square(12, 12);
        let t = Topology::get(12, 12, Wrap::Flat);
        assert_eq!(l.bounds(), ([-6.0, -6.0], [6.0, 6.0]));
        assert_eq!(l.cell_size(), 1.0);
        let at = |x, y| l.cell_at([x, y]).map(|c| l.name(c));
        assert_eq!(at(-6.0, -6.0), Some("a1"));
        assert_eq!(at(-5.99, -5.99), Some("a1"));
        assert_eq!(at(5.99, -5.99), Some("l1"));
        assert_eq!(at(-5.99, 5.99), Some("a12"));
        assert_eq!(at(5.99, 5.99), Some("l12"));
        assert_eq!(at(6.0, 5.99), None);
        assert_eq!(at(5.99, 6.0), None);
        assert_eq!(l.polygon(0).corners(), &[[-6.0, -6.0], [-5.0, -6.0], [-5.0, -5.0], [-6.0, -5.0]]);
        assert_eq!(l.centre(0), [-5.5, -5.5]);
        let l12 = t.cell(11, 11).unwrap();
        assert_eq!(l.centre(l12), [5.5, 5.5]);
        assert_eq!(l.polygon(l12).corners()[2], [6.0, 6.0]);
        assert!(l.is_dark(0) && l.is_dark(l12) && !l.is_dark(1));
    }

    #[test]
    fn polygons_tile_the_board() {
        for (w, h) in SIZES {
            let l = BoardLayout::square(w, h);
            let (lo, hi) = l.bounds();
            let board_area = (hi[0] - lo[0]) * (hi[1] - lo[1]);
            let sum: f32 = l.cells().map(|(_, g)| g.polygon.area()).sum();
            assert!((sum - board_area).abs() < 1e-3, "{w}x{h}: {sum} vs {board_area}");
            assert!(l.cells().all(|(_, g)| g.polygon.area() > 0.0), "corners run counter-clockwise");
        }
    }

    #[test]
    fn names_and_colours_match_the_topology() {
        for (w, h) in SIZES {
            let (l, t) = (BoardLayout::square(w, h), Topology::get(w, h, Wrap::Flat));
            assert_eq!(l.len(), t.len());
            for (c, g) in l.cells() {
                assert_eq!(g.name, t.name(c));
                assert_eq!(g.dark, t.is_dark(c), "{}", g.name);
                let (file, rank) = (t.file(c) as f32, t.rank(c) as f32);
                assert_eq!(g.centre, [file - (w as f32 - 1.0) / 2.0, rank - (h as f32 - 1.0) / 2.0], "{}", g.name);
            }
        }
    }

    #[test]
    fn seat_edges_run_round_the_board() {
        let l = BoardLayout::square(8, 10);
        assert_eq!(l.side_count(), 4);
        assert_eq!(l.edge(Side::SOUTH), ([-4.0, -5.0], [4.0, -5.0]));
        assert_eq!(l.edge(Side::WEST), ([-4.0, 5.0], [-4.0, -5.0]));
        assert_eq!(l.edge(Side::NORTH), ([4.0, 5.0], [-4.0, 5.0]));
        assert_eq!(l.edge(Side::EAST), ([4.0, -5.0], [4.0, 5.0]));
        // Each edge begins where the one before it counter-clockwise (the next side clockwise) ends.
        for s in 0..4u8 {
            assert_eq!(l.edge(Side(s)).0, l.edge(Side((s + 1) % 4)).1);
        }
    }

    #[test]
    fn polygons_contain_their_centres_and_not_their_neighbours() {
        let tri = Polygon::new(&[[0.0, 0.0], [1.0, 0.0], [0.5, 0.866]]);
        assert!((tri.area() - 0.433).abs() < 1e-3);
        assert!(tri.contains([0.5, 0.3]));
        assert!(!tri.contains([0.9, 0.8]));
        assert!(!tri.contains([0.5, -0.1]));
        assert_eq!(tri.bounds(), ([0.0, 0.0], [1.0, 0.866]));
    }
}
