//! Where things lie on the table: the size of a cell, the board's layout per topology, the
//! layout's plane in world coordinates, cell centres, the names of boards, and the
//! ghost cells that repeat wrapped edges. Pure functions, no entities: every room may use them.

use bevy::prelude::*;
use variant_rules::layout::{BoardLayout, Point, Shape};
use variant_rules::trigrid::TriBoard;
use variant_rules::{AnyPosition, Cell, Topology, Wrap};

/// Side of one cell in world units (the table is laid out in cells).
pub const CELL: f32 = 1.0;

/// The whole Tri-board every triangular game is drawn on: 12 rows, its corners included.
pub const TRI_BOARD: TriBoard = TriBoard { rows: 12, corners: true, extra_file: false };

/// The layout the board is drawn with: its own, or for a hexagon of triangles the whole
/// Tri-board ([`TRI_BOARD`]) round it.
pub fn drawn_layout_of(layout: &BoardLayout) -> &BoardLayout {
    match layout.shape() {
        Shape::Triangles(_) => BoardLayout::triangles(TRI_BOARD),
        Shape::Square { .. } => layout,
    }
}

/// The closed cells the board draws dimmed rather than walled off: those of a hexagon of
/// triangles (see [`Board::dimmed`]).
pub fn dimmed_cells(pos: &AnyPosition) -> Vec<Cell> {
    if pos.topology().tri_board().is_some() { pos.closed_cells() } else { Vec::new() }
}

/// The layout of a topology's board (its cells have the topology's indices): its squares, or
/// its hexagon of triangles.
pub fn layout_of(topo: &Topology) -> &'static BoardLayout {
    BoardLayout::of(topo)
}

/// How the board is named in entity names and messages: "8x8 flat", "hexagon of 12 rows".
pub fn board_name(topo: &Topology) -> String {
    match topo.tri_board() {
        Some(b) => format!("hexagon of {} rows{}{}", b.rows, if b.corners { " with corners" } else { "" }, if b.extra_file { " and extra file" } else { "" }),
        None => format!("{}x{} {}", topo.width(), topo.height(), topo.wrap()),
    }
}

/// World position on the board's surface (y = 0) of a point of the layout's plane: the plane's
/// +x is the world's +x, its +y (towards the higher ranks) the world's -z, so the first player
/// sits at +z with rank 1 nearest to them.
pub fn plane_to_world(p: Point) -> Vec3 {
    Vec3::new(p[0] * CELL, 0.0, -p[1] * CELL)
}

/// The point of the layout's plane under a world position (its height is ignored).
pub fn world_to_plane(at: Vec3) -> Point {
    [at.x / CELL, -at.z / CELL]
}

/// World position of a cell's centre on the board's surface.
pub fn cell_translation(topo: &Topology, cell: Cell) -> Vec3 {
    plane_to_world(layout_of(topo).centre(cell))
}

/// How far (on the layout's plane) copies of the board repeat across its joined edges: the
/// board's own extent along each wrapped axis, with `[0, 0]` (the board itself) first.
pub fn wrap_shifts(topo: &Topology, layout: &BoardLayout) -> Vec<Point> {
    let (lo, hi) = layout.bounds();
    let axis = |wraps: bool, span: f32| if wraps { vec![0.0, -span, span] } else { vec![0.0] };
    let xs = axis(topo.wrap() != Wrap::Flat, hi[0] - lo[0]);
    let ys = axis(topo.wrap() == Wrap::Universal, hi[1] - lo[1]);
    ys.iter().flat_map(|&y| xs.iter().map(move |&x| [x, y])).collect()
}

/// The band round the board where ghost cells lie: (min, max) of the board grown by one cell
/// along each wrapped axis.
pub fn ghost_bounds(topo: &Topology, layout: &BoardLayout) -> (Point, Point) {
    let (lo, hi) = layout.bounds();
    let m = layout.cell_size();
    let g = [(topo.wrap() != Wrap::Flat) as u8 as f32 * m, (topo.wrap() == Wrap::Universal) as u8 as f32 * m];
    ([lo[0] - g[0], lo[1] - g[1]], [hi[0] + g[0], hi[1] + g[1]])
}

/// The ghost cells to show: the cell each repeats and how far its copy is shifted on the
/// layout's plane. A cylinder repeats a column each side; a universal board also a row each
/// end, and the corners.
pub fn ghost_cells(topo: &Topology) -> Vec<(Point, Cell)> {
    let layout = layout_of(topo);
    let (lo, hi) = ghost_bounds(topo, layout);
    let inside = |p: Point| lo[0] < p[0] && p[0] < hi[0] && lo[1] < p[1] && p[1] < hi[1];
    let mut v = Vec::new();
    for shift in wrap_shifts(topo, layout).into_iter().skip(1) {
        v.extend(layout.cells().filter(|(_, g)| inside([g.centre[0] + shift[0], g.centre[1] + shift[1]])).map(|(c, _)| (shift, c)));
    }
    v
}
