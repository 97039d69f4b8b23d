//! The board's one mesh, built from its layout: each cell's polygon (and the ghost copies of
//! wrapped edges) as a top face carrying what `shaders/board.wgsl` needs per vertex, walls round
//! the outline and a bottom face, and round a hexagon a frame a little below the cells; and the
//! flat polygon meshes that move highlights are drawn on.
//!
//! Every triangular game is drawn on the one physical Tri-board, [`TRI_BOARD`]: the triangles
//! outside the game's own hexagon are dimmed like ghost cells (and no cell of the game's layout,
//! so clicks there find nothing), and [`tri_markings`] inlays the outlines of the 8-, 10- and
//! 12-row boards on it.

use std::collections::HashSet;

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use variant_rules::Cell;
use variant_rules::layout::{BoardLayout, CellGeometry, Point, Polygon, Shape};
use variant_rules::trigrid::TriBoard;

use crate::table::geometry::plane_to_world;

/// Thickness of the board: its top, where the pieces stand, is half of it above y = 0.
pub const THICKNESS: f32 = 0.08;

/// Width of the frame round a hexagon of triangles, beyond the hull of its cells (seat plates
/// lie on it).
pub const FRAME_WIDTH: f32 = 0.8;

/// How far the frame's top lies below the cells' top, so the board's outline shows as a step.
pub const FRAME_DROP: f32 = 0.03;

pub use crate::table::geometry::TRI_BOARD;

/// Width of the inlaid lines marking the 8-, 10- and 12-row boards on the Tri-board.
pub const TRI_MARKING_WIDTH: f32 = 0.12;

/// The layout the table draws a board on: for a hexagon of triangles the whole Tri-board
/// ([`TRI_BOARD`], sharing the game's centre and lattice), for squares the game's own layout.
pub fn drawn_layout(layout: &BoardLayout) -> &BoardLayout {
    crate::table::geometry::drawn_layout_of(layout)
}

/// The triangles of the Tri-board outside a triangular game's own board (none for squares):
/// their geometry in the Tri-board's layout, and whether each is dark in the game's colours.
pub fn out_of_play(layout: &BoardLayout) -> Vec<(&'static CellGeometry, bool)> {
    if !matches!(layout.shape(), Shape::Triangles(_)) || layout.is_empty() {
        return Vec::new();
    }
    let full = BoardLayout::triangles(TRI_BOARD);
    // Colours go with orientation on both boards; which orientation is dark may differ.
    let flip = full.cell_at(layout.centre(0)).is_some_and(|c| full.is_dark(c) != layout.is_dark(0));
    full.cells().filter(|(_, g)| layout.cell_at(g.centre).is_none()).map(|(_, g)| (g, g.dark != flip)).collect()
}

/// A polygon the mesh draws on the board's top: a cell (or its ghost copy) or an out-of-play
/// triangle of the Tri-board.
struct Tile<'a> {
    geometry: &'a CellGeometry,
    dark: bool,
    shift: Point,
    ghost: bool,
}

/// A cell as the mesh draws it: which cell, how far its copy is shifted on the layout's plane
/// (`[0, 0]` for the cell itself), and whether it is a ghost (a dimmed copy).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawnCell {
    pub cell: Cell,
    pub shift: Point,
    pub ghost: bool,
}

/// The shader's per-vertex data of the board's sides and underside (its "ghost" field -1):
/// plain dark wood, whichever way they face once the board is bent.
const SIDE: [f32; 4] = [0.0, -1.0, 0.0, 0.0];

/// One vertex of the board mesh: position, normal, uv and the board shader's per-cell data.
type Vertex = (Vec3, Vec3, [f32; 2], [f32; 4]);

/// Vertex and index buffers being filled, three vertices per triangle (the top faces' data
/// differ per triangle, so little could be shared).
#[derive(Default)]
struct Buffers {
    positions: Vec<[f32; 3]>,
    normals: Vec<[f32; 3]>,
    uvs: Vec<[f32; 2]>,
    colours: Vec<[f32; 4]>,
    indices: Vec<u32>,
}

impl Buffers {
    fn triangle(&mut self, vertices: [Vertex; 3]) {
        for (p, n, uv, c) in vertices {
            self.indices.push(self.positions.len() as u32);
            self.positions.push(p.to_array());
            self.normals.push(n.to_array());
            self.uvs.push(uv);
            self.colours.push(c);
        }
    }

    /// A wall from `top` down to `bottom` under the edge from `a` to `e`, which runs
    /// counter-clockwise round what it bounds (so the wall faces out, to the edge's right).
    fn wall(&mut self, a: Point, e: Point, top: Vec3, bottom: Vec3) {
        let (pa, pe) = (plane_to_world(a), plane_to_world(e));
        let n = (pe - pa).cross(Vec3::Y).normalize_or_zero();
        let v = |p: Vec3, uv: [f32; 2]| (p, n, uv, SIDE);
        self.triangle([v(pa + bottom, [0.0, 0.0]), v(pe + bottom, [1.0, 0.0]), v(pe + top, [1.0, 1.0])]);
        self.triangle([v(pa + bottom, [0.0, 0.0]), v(pe + top, [1.0, 1.0]), v(pa + top, [0.0, 1.0])]);
    }

    fn into_mesh(self) -> Mesh {
        // Kept in the main world too: mesh picking casts rays against it.
        Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.positions)
            .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, self.normals)
            .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, self.uvs)
            .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, self.colours)
            .with_inserted_indices(Indices::U32(self.indices))
    }
}

fn add(p: Point, q: Point) -> Point {
    [p[0] + q[0], p[1] + q[1]]
}

fn sub(p: Point, q: Point) -> Point {
    [p[0] - q[0], p[1] - q[1]]
}

/// Distance from `p` to the line through `a` and `b`.
fn distance_to_line(p: Point, a: Point, b: Point) -> f32 {
    let (ab, ap) = (sub(b, a), sub(p, a));
    (ab[0] * ap[1] - ab[1] * ap[0]).abs() / (ab[0] * ab[0] + ab[1] * ab[1]).sqrt()
}

/// A grain seed in [0, 1) for the cell drawn at `at` (its corner, in whole cells from the
/// board's corner), so neighbouring squares (and ghosts of the same cell) differ.
fn grain_seed(at: Point) -> f32 {
    let h = (at[0] * 127.1 + at[1] * 311.7).sin() * 43758.547;
    (h - h.floor()).min(0.999_999)
}

/// The board: every drawn cell's polygon as the top face at y = `THICKNESS / 2`, walls down to
/// `-THICKNESS / 2` along every edge that no other drawn cell shares, and a bottom face.
///
/// Per vertex of the top faces, for `shaders/board.wgsl`: the uv is the point within the cell's
/// bounding box in cells (the grain's coordinates); the colour is (dark, ghost, grain seed,
/// distance to the cell's edge). Each top triangle fans from the cell's centre to one edge, so
/// the distance, the apothem at the centre and 0 on the edge, interpolates exactly and the
/// bevel follows the polygon's outline whatever its shape. Walls and bottom have normals off
/// the vertical, which the shader paints as plain dark wood.
///
/// A triangular game's board lies on the whole Tri-board: the triangles outside the game's
/// hexagon are drawn as ghosts, and the frame runs round the Tri-board.
pub fn board_mesh(layout: &BoardLayout, cells: &[DrawnCell]) -> Mesh {
    let mut tiles: Vec<Tile> =
        cells.iter().map(|d| Tile { geometry: layout.cell(d.cell), dark: layout.is_dark(d.cell), shift: d.shift, ghost: d.ghost }).collect();
    tiles.extend(out_of_play(layout).into_iter().map(|(geometry, dark)| Tile { geometry, dark, shift: [0.0, 0.0], ghost: true }));
    let mut b = Buffers::default();
    let (board_lo, _) = layout.bounds();
    let (top, bottom) = (Vec3::Y * THICKNESS / 2.0, -Vec3::Y * THICKNESS / 2.0);
    let size = layout.cell_size();
    for d in &tiles {
        let g = d.geometry;
        let (lo, _) = g.polygon.bounds();
        let corner = add(sub(lo, board_lo), d.shift);
        let seed = grain_seed([(corner[0] / size).round(), (corner[1] / size).round()]);
        let uv = |p: Point| [(p[0] - lo[0]) / size, (p[1] - lo[1]) / size];
        let at = |p: Point| plane_to_world(add(p, d.shift));
        let c = g.centre;
        let corners = g.polygon.corners();
        for (i, &a) in corners.iter().enumerate() {
            let e = corners[(i + 1) % corners.len()];
            let data = |dist: f32| [d.dark as u8 as f32, d.ghost as u8 as f32, seed, dist];
            let apothem = distance_to_line(c, a, e);
            b.triangle([(at(c) + top, Vec3::Y, uv(c), data(apothem)), (at(a) + top, Vec3::Y, uv(a), data(0.0)), (at(e) + top, Vec3::Y, uv(e), data(0.0))]);
            b.triangle([(at(c) + bottom, -Vec3::Y, uv(c), SIDE), (at(e) + bottom, -Vec3::Y, uv(e), SIDE), (at(a) + bottom, -Vec3::Y, uv(a), SIDE)]);
        }
    }
    for (a, e) in outline(&tiles) {
        b.wall(a, e, top, bottom);
    }
    if let Shape::Triangles(_) = layout.shape() {
        frame(&mut b, BoardLayout::triangles(TRI_BOARD));
    }
    b.into_mesh()
}

/// The frame round a hexagon: a slab under the whole board whose top, a ring round the cells
/// (they cover the rest), lies [`FRAME_DROP`] below the cells', reaching [`FRAME_WIDTH`] beyond
/// their hull, walled round. Its top is painted as darker wood than the dark cells (a dark
/// cell's colour with the bevel's darkening all over: edge distance 0), so the cells stand out
/// on it. Only a ring: a top under the cells too would be drawn over again by every cell, a
/// whole board's worth of pixels shaded twice a frame.
fn frame(b: &mut Buffers, layout: &BoardLayout) {
    let hull = cells_hull(layout);
    let outline = grow(&hull, FRAME_WIDTH);
    let (top, bottom) = (Vec3::Y * (THICKNESS / 2.0 - FRAME_DROP), -Vec3::Y * THICKNESS / 2.0);
    let n = outline.len() as f32;
    let centre = outline.iter().fold([0.0, 0.0], |c, p| [c[0] + p[0] / n, c[1] + p[1] / n]);
    let data = [1.0, 0.0, grain_seed(centre), 0.0];
    let uv = |p: Point| [p[0] / 4.0, p[1] / 4.0];
    for (i, &a) in outline.iter().enumerate() {
        let j = (i + 1) % outline.len();
        let e = outline[j];
        let (pc, pa, pe) = (plane_to_world(centre), plane_to_world(a), plane_to_world(e));
        // `grow` keeps the corners in order: corner i of the ring's inside is the hull's.
        let (ia, ie) = (hull[i], hull[j]);
        let (pia, pie) = (plane_to_world(ia), plane_to_world(ie));
        b.triangle([(pia + top, Vec3::Y, uv(ia), data), (pa + top, Vec3::Y, uv(a), data), (pe + top, Vec3::Y, uv(e), data)]);
        b.triangle([(pia + top, Vec3::Y, uv(ia), data), (pe + top, Vec3::Y, uv(e), data), (pie + top, Vec3::Y, uv(ie), data)]);
        b.triangle([(pc + bottom, -Vec3::Y, uv(centre), SIDE), (pe + bottom, -Vec3::Y, uv(e), SIDE), (pa + bottom, -Vec3::Y, uv(a), SIDE)]);
        b.wall(a, e, top, bottom);
    }
}

/// The convex hull of every cell's corners, counter-clockwise.
fn cells_hull(layout: &BoardLayout) -> Vec<Point> {
    convex_hull(layout.cells().flat_map(|(_, g)| g.polygon.corners().to_vec()).collect())
}

/// The frame's outline: the convex hull of every cell's corners grown by [`FRAME_WIDTH`] (each
/// edge moved out, corners mitred), counter-clockwise.
pub fn frame_outline(layout: &BoardLayout) -> Vec<Point> {
    grow(&cells_hull(layout), FRAME_WIDTH)
}

/// The outlines marked on the Tri-board, counter-clockwise round its centre: the 8-row
/// hexagon (two players), the 10-row one (three and four) and the 12-row one with its corners
/// cut out (five and six: each corner's two triangles left outside, a notch of two sides).
pub fn tri_marking_outlines() -> [Vec<Point>; 3] {
    let side = 3f32.sqrt();
    let hexagon = |rows: u8| TriBoard::plain(rows).corners_points().map(|p| [p[0] * side, p[1] * side]);
    let twelve = hexagon(12);
    let k = TriBoard::plain(12).side() as f32;
    // Round each corner C: a side's length back along the edge coming in, a side's length in
    // towards the centre (the corner triangles' shared side), a side's length along the edge
    // going out.
    let cut = (0..6)
        .flat_map(|i| {
            let (prev, c, next) = (twelve[(i + 5) % 6], twelve[i], twelve[(i + 1) % 6]);
            let towards = |q: Point| [c[0] + (q[0] - c[0]) / k, c[1] + (q[1] - c[1]) / k];
            [towards(prev), towards([0.0, 0.0]), towards(next)]
        })
        .collect();
    [hexagon(8).to_vec(), hexagon(10).to_vec(), cut]
}

/// The Tri-board's markings: a flat band [`TRI_MARKING_WIDTH`] wide centred on each of
/// [`tri_marking_outlines`], corners mitred, just above the cells' top (one mesh).
pub fn tri_markings_mesh() -> Mesh {
    let y = Vec3::Y * (THICKNESS / 2.0 + 0.002);
    let (mut positions, mut indices) = (Vec::new(), Vec::new());
    for outline in tri_marking_outlines() {
        let n = outline.len() as u32;
        let base = positions.len() as u32;
        let outer = grow(&outline, TRI_MARKING_WIDTH / 2.0);
        let inner = grow(&outline, -TRI_MARKING_WIDTH / 2.0);
        positions.extend(outer.iter().chain(&inner).map(|&p| (plane_to_world(p) + y).to_array()));
        // Corner i outside is base + i, inside base + n + i; two triangles per side.
        indices.extend((0..n).flat_map(|i| {
            let j = (i + 1) % n;
            [base + i, base + j, base + n + j, base + i, base + n + j, base + n + i]
        }));
    }
    let count = positions.len();
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 1.0, 0.0]; count])
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.5, 0.5]; count])
        .with_inserted_indices(Indices::U32(indices))
}

/// The convex hull of `points`, counter-clockwise, without collinear corners (Andrew's
/// monotone chain: the lower half left to right, then the upper half back).
fn convex_hull(mut points: Vec<Point>) -> Vec<Point> {
    points.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    points.dedup_by(|a, b| (a[0] - b[0]).abs() < 1e-4 && (a[1] - b[1]).abs() < 1e-4);
    let mut hull = half_hull(points.iter().copied());
    let upper = half_hull(points.iter().rev().copied());
    hull.pop();
    hull.extend_from_slice(&upper[..upper.len().saturating_sub(1)]);
    hull
}

/// One half of a convex hull: the points kept while every turn is to the left.
fn half_hull(points: impl Iterator<Item = Point>) -> Vec<Point> {
    let turn = |o: Point, a: Point, b: Point| (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
    let mut half: Vec<Point> = Vec::new();
    for p in points {
        while half.len() >= 2 && turn(half[half.len() - 2], half[half.len() - 1], p) <= 1e-4 {
            half.pop();
        }
        half.push(p);
    }
    half
}

/// A polygon (counter-clockwise) with every edge moved `by` outwards (inwards if negative),
/// corners mitred.
fn grow(polygon: &[Point], by: f32) -> Vec<Point> {
    let n = polygon.len();
    let normal = |a: Point, b: Point| {
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let len = dx.hypot(dy);
        [dy / len, -dx / len]
    };
    (0..n)
        .map(|i| {
            let (prev, p, next) = (polygon[(i + n - 1) % n], polygon[i], polygon[(i + 1) % n]);
            let (n1, n2) = (normal(prev, p), normal(p, next));
            let k = by / (1.0 + n1[0] * n2[0] + n1[1] * n2[1]);
            [p[0] + (n1[0] + n2[0]) * k, p[1] + (n1[1] + n2[1]) * k]
        })
        .collect()
}

/// The edges of the drawn tiles that no other drawn tile shares: the outline of the board, as
/// segments running counter-clockwise round it (each cell's polygon runs counter-clockwise, so
/// an inner edge is met once each way).
fn outline(tiles: &[Tile]) -> Vec<(Point, Point)> {
    let key = |p: Point| ((p[0] * 1024.0).round() as i64, (p[1] * 1024.0).round() as i64);
    let edges: Vec<(Point, Point)> = tiles
        .iter()
        .flat_map(|d| {
            let corners = d.geometry.polygon.corners();
            (0..corners.len()).map(move |i| (add(corners[i], d.shift), add(corners[(i + 1) % corners.len()], d.shift)))
        })
        .collect();
    let all: HashSet<_> = edges.iter().map(|&(a, e)| (key(a), key(e))).collect();
    edges.into_iter().filter(|&(a, e)| !all.contains(&(key(e), key(a)))).collect()
}

/// A flat mesh of one cell's outline centred on the origin (a highlight drawn at the cell's
/// centre), facing up, its uv mapping the square round the circle inside the cell onto [0, 1]:
/// on square boards the cell is exactly the unit uv square, as `shaders/highlight.wgsl`
/// expects, and on triangles the shader's dots and rings stay inside the triangle.
pub fn cell_mesh(polygon: &Polygon, centre: Point) -> Mesh {
    let corners = polygon.corners();
    let inscribed = (0..corners.len()).map(|i| distance_to_line(centre, corners[i], corners[(i + 1) % corners.len()])).fold(f32::INFINITY, f32::min);
    let across = 2.0 * inscribed;
    let local: Vec<Point> = corners.iter().map(|&p| sub(p, centre)).collect();
    let positions: Vec<[f32; 3]> = local.iter().map(|&p| plane_to_world(p).to_array()).collect();
    let uvs: Vec<[f32; 2]> = local.iter().map(|p| [p[0] / across + 0.5, 0.5 - p[1] / across]).collect();
    let indices: Vec<u32> = (1..corners.len() as u32 - 1).flat_map(|i| [0, i, i + 1]).collect();
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 1.0, 0.0]; corners.len()])
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_indices(Indices::U32(indices))
}

/// A flat band just inside one cell's outline, `width` wide, centred on the origin like
/// [`cell_mesh`] (the highlight of a cell that is not a square). Every uv is the middle of the
/// uv square, where `shaders/highlight.wgsl`'s dot is solid, so the band is one colour.
pub fn outline_band_mesh(polygon: &Polygon, centre: Point, width: f32) -> Mesh {
    let corners = polygon.corners();
    let n = corners.len();
    let inscribed = (0..n).map(|i| distance_to_line(centre, corners[i], corners[(i + 1) % n])).fold(f32::INFINITY, f32::min);
    let keep = (1.0 - width / inscribed).clamp(0.0, 1.0);
    let outer: Vec<Point> = corners.iter().map(|&p| sub(p, centre)).collect();
    let inner: Vec<Point> = outer.iter().map(|p| [p[0] * keep, p[1] * keep]).collect();
    let positions: Vec<[f32; 3]> = outer.iter().chain(&inner).map(|&p| plane_to_world(p).to_array()).collect();
    // Corner i outside is vertex i, inside n + i; two triangles per side, counter-clockwise.
    let indices: Vec<u32> = (0..n as u32)
        .flat_map(|i| {
            let j = (i + 1) % n as u32;
            let m = n as u32;
            [i, j, m + j, i, m + j, m + i]
        })
        .collect();
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 1.0, 0.0]; 2 * n])
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.5, 0.5]; 2 * n])
        .with_inserted_indices(Indices::U32(indices))
}

#[cfg(test)]
mod tests {
    use bevy::mesh::VertexAttributeValues;
    use variant_rules::trigrid::TriBoard;

    use super::*;

    /// Every cell of a square board, plus ghost columns each side (as on a cylinder).
    fn drawn(layout: &BoardLayout, ghost_columns: bool) -> Vec<DrawnCell> {
        let mut v: Vec<DrawnCell> = layout.cells().map(|(cell, _)| DrawnCell { cell, shift: [0.0, 0.0], ghost: false }).collect();
        if ghost_columns {
            let (lo, hi) = layout.bounds();
            let w = hi[0] - lo[0];
            for (cell, g) in layout.cells() {
                if g.centre[0] > hi[0] - 1.0 {
                    v.push(DrawnCell { cell, shift: [-w, 0.0], ghost: true });
                }
                if g.centre[0] < lo[0] + 1.0 {
                    v.push(DrawnCell { cell, shift: [w, 0.0], ghost: true });
                }
            }
        }
        v
    }

    fn floats<const N: usize>(mesh: &Mesh, attribute: bevy::mesh::MeshVertexAttribute) -> Vec<[f32; N]> {
        match mesh.attribute(attribute) {
            Some(VertexAttributeValues::Float32x2(v)) => v.iter().map(|x| std::array::from_fn(|i| x[i])).collect(),
            Some(VertexAttributeValues::Float32x3(v)) => v.iter().map(|x| std::array::from_fn(|i| x[i])).collect(),
            Some(VertexAttributeValues::Float32x4(v)) => v.iter().map(|x| std::array::from_fn(|i| x[i])).collect(),
            other => panic!("unexpected attribute {other:?}"),
        }
    }

    /// Triangles as (positions, normal of the first vertex).
    fn triangles(mesh: &Mesh) -> Vec<([Vec3; 3], Vec3)> {
        let p: Vec<[f32; 3]> = floats(mesh, Mesh::ATTRIBUTE_POSITION);
        let n: Vec<[f32; 3]> = floats(mesh, Mesh::ATTRIBUTE_NORMAL);
        let idx: Vec<usize> = mesh.indices().unwrap().iter().collect();
        idx.chunks(3).map(|t| ([t[0], t[1], t[2]].map(|i| Vec3::from(p[i])), Vec3::from(n[t[0]]))).collect()
    }

    #[test]
    fn the_top_covers_every_drawn_cell_and_faces_up() {
        for (w, h, ghosts) in [(8, 8, false), (10, 10, false), (4, 4, false), (12, 12, false), (8, 8, true)] {
            let layout = BoardLayout::square(w, h);
            let cells = drawn(layout, ghosts);
            let mesh = board_mesh(layout, &cells);
            let tris = triangles(&mesh);
            let top: f32 = tris.iter().filter(|(_, n)| n.y > 0.5).map(|(t, _)| (t[1] - t[0]).cross(t[2] - t[0]).y / 2.0).sum();
            assert!((top - cells.len() as f32).abs() < 1e-3, "{w}x{h}: top area {top}");
            for (t, n) in &tris {
                assert!((t[1] - t[0]).cross(t[2] - t[0]).dot(*n) > 0.0, "every triangle faces along its normal: {t:?} {n}");
            }
        }
    }

    #[test]
    fn walls_run_round_the_outline_only() {
        let layout = BoardLayout::square(8, 8);
        let walls = |cells: &[DrawnCell]| triangles(&board_mesh(layout, cells)).iter().filter(|(_, n)| n.y.abs() < 0.5).count();
        assert_eq!(walls(&drawn(layout, false)), 2 * 32, "two triangles per unit of the 8x8 outline");
        assert_eq!(walls(&drawn(layout, true)), 2 * (2 * 10 + 2 * 8), "the ghost columns widen the board to 10x8");
        let tiles: Vec<Tile> =
            drawn(layout, false).iter().map(|d| Tile { geometry: layout.cell(d.cell), dark: layout.is_dark(d.cell), shift: d.shift, ghost: d.ghost }).collect();
        let outline = outline(&tiles);
        let length: f32 = outline.iter().map(|(a, e)| (e[0] - a[0]).hypot(e[1] - a[1])).sum();
        assert_eq!(length, 32.0);
    }

    #[test]
    fn cells_carry_their_colour_bevel_and_ghostliness() {
        let layout = BoardLayout::square(8, 8);
        let cells = drawn(layout, true);
        let mesh = board_mesh(layout, &cells);
        let colours: Vec<[f32; 4]> = floats(&mesh, Mesh::ATTRIBUTE_COLOR);
        let uvs: Vec<[f32; 2]> = floats(&mesh, Mesh::ATTRIBUTE_UV_0);
        // Each cell is 4 top and 4 bottom triangles of 3 vertices: a1 first, dark, its centre
        // half a cell from each edge.
        assert_eq!(colours[0][0], 1.0, "a1 is dark");
        assert_eq!(colours[24][0], 0.0, "b1 is light");
        assert_eq!((colours[0][3], colours[1][3]), (0.5, 0.0), "bevel distance: the centre's apothem, 0 on the edge");
        assert_eq!((uvs[0], uvs[1], uvs[2]), ([0.5, 0.5], [0.0, 0.0], [1.0, 0.0]));
        let ghosts = colours.iter().filter(|c| c[1] == 1.0).count();
        assert_eq!(ghosts, 16 * 4 * 3, "16 ghost cells, 4 top triangles each");
        assert!(colours.iter().all(|c| (0.0..1.0).contains(&c[2])), "grain seeds in [0, 1)");
    }

    /// Area of the triangles facing up at height `y` (top faces), in the plane.
    fn area_at(tris: &[([Vec3; 3], Vec3)], y: f32) -> f32 {
        tris.iter().filter(|(t, n)| n.y > 0.5 && (t[0].y - y).abs() < 1e-4).map(|(t, _)| (t[1] - t[0]).cross(t[2] - t[0]).y / 2.0).sum()
    }

    /// Twice the signed area of a polygon (positive counter-clockwise).
    fn shoelace(p: &[Point]) -> f32 {
        let n = p.len();
        (0..n).map(|i| p[i][0] * p[(i + 1) % n][1] - p[(i + 1) % n][0] * p[i][1]).sum()
    }

    #[test]
    fn a_hexagon_of_triangles_lies_on_the_whole_tri_board_and_its_frame() {
        let full = BoardLayout::triangles(TRI_BOARD);
        let full_area: f32 = full.cells().map(|(_, g)| g.polygon.area()).sum();
        let frame = frame_outline(full);
        assert_eq!(frame.len(), 6, "the frame runs round the whole hexagon: {frame:?}");
        let frame_area = shoelace(&frame) / 2.0;
        let apothem = TRI_BOARD.side() as f32 * 3f32.sqrt() * 3f32.sqrt() / 2.0 + FRAME_WIDTH;
        let hexagon = 6.0 * apothem * apothem / 3f32.sqrt();
        assert!((frame_area - hexagon).abs() < 0.05, "frame area {frame_area} vs {hexagon}");
        for board in [TriBoard::plain(8), TriBoard::plain(10), TriBoard::plain(12), TRI_BOARD, TriBoard { rows: 8, corners: false, extra_file: true }] {
            let layout = BoardLayout::triangles(board);
            assert!(std::ptr::eq(drawn_layout(layout), full), "{board:?} is drawn on the Tri-board");
            let cells: Vec<DrawnCell> = layout.cells().map(|(cell, _)| DrawnCell { cell, shift: [0.0, 0.0], ghost: false }).collect();
            let mesh = board_mesh(layout, &cells);
            let tris = triangles(&mesh);
            assert!((area_at(&tris, THICKNESS / 2.0) - full_area).abs() < 1e-2, "{board:?}: the tops cover the whole Tri-board");
            for (t, n) in &tris {
                assert!((t[1] - t[0]).cross(t[2] - t[0]).dot(*n) > 0.0, "every triangle faces along its normal: {t:?} {n}");
            }
            // The game's own triangles in full colour, the rest dimmed: three top triangles of
            // three vertices per triangle.
            let colours: Vec<[f32; 4]> = floats(&mesh, Mesh::ATTRIBUTE_COLOR);
            let ghosts = colours.iter().filter(|c| c[1] == 1.0).count();
            assert_eq!(ghosts, (full.len() - layout.len()) * 9, "{board:?}");
            // Up to the cells' top, walls only round the Tri-board: 6 sides of 6 triangles, two
            // wall triangles each.
            let walls = tris.iter().filter(|(t, n)| n.y.abs() < 0.5 && t.iter().any(|p| (p.y - THICKNESS / 2.0).abs() < 1e-4)).count();
            assert_eq!(walls, 2 * 36, "{board:?}: walls only round the Tri-board's outline");
            // The frame's top is the ring the cells leave: below theirs, under none of them.
            assert!((area_at(&tris, THICKNESS / 2.0 - FRAME_DROP) - (frame_area - full_area)).abs() < 0.05, "the frame's top rings the cells");
        }
        let square = BoardLayout::square(8, 8);
        assert!(std::ptr::eq(drawn_layout(square), square), "squares are drawn as they are");
        assert!(out_of_play(square).is_empty());
        let cells: Vec<DrawnCell> = square.cells().map(|(cell, _)| DrawnCell { cell, shift: [0.0, 0.0], ghost: false }).collect();
        assert_eq!(area_at(&triangles(&board_mesh(square, &cells)), THICKNESS / 2.0 - FRAME_DROP), 0.0, "square boards have no frame");
    }

    #[test]
    fn out_of_play_triangles_are_flagged_unpickable_and_coloured_as_the_game() {
        let full = BoardLayout::triangles(TRI_BOARD);
        let up = |g: &CellGeometry| {
            let c = g.polygon.corners();
            let low = c.iter().map(|p| p[1]).fold(f32::INFINITY, f32::min);
            c.iter().filter(|p| (p[1] - low).abs() < 1e-4).count() == 2
        };
        for board in [TriBoard::plain(8), TriBoard::plain(10), TriBoard::plain(12), TRI_BOARD, TriBoard { rows: 8, corners: false, extra_file: true }] {
            let layout = BoardLayout::triangles(board);
            let out = out_of_play(layout);
            assert_eq!(out.len(), full.len() - layout.len(), "{board:?}");
            let dark_up = layout.is_dark(0) == up(layout.cell(0));
            for (g, dark) in &out {
                assert_eq!(layout.cell_at(g.centre), None, "{board:?}: {} is no cell of the game", g.name);
                assert_eq!(*dark, up(g) == dark_up, "{board:?}: {} coloured as the game's triangles", g.name);
            }
            assert!(layout.cells().all(|(_, g)| (up(g) == dark_up) == g.dark), "one orientation is dark");
        }
        assert_eq!(out_of_play(BoardLayout::triangles(TriBoard::plain(12))).len(), 12, "the cut corners");
    }

    #[test]
    fn the_tri_board_marks_its_three_boards() {
        let side = 3f32.sqrt();
        let lengths =
            |o: &[Point]| -> Vec<f32> { (0..o.len()).map(|i| (o[(i + 1) % o.len()][0] - o[i][0]).hypot(o[(i + 1) % o.len()][1] - o[i][1])).collect() };
        let [eight, ten, twelve] = tri_marking_outlines();
        for (outline, rows) in [(&eight, 8), (&ten, 10)] {
            let l = lengths(outline);
            assert_eq!(l.len(), 6, "{rows} rows: a hexagon");
            assert!(l.iter().all(|&x| (x - rows as f32 / 2.0 * side).abs() < 1e-4), "{rows} rows: {l:?}");
        }
        // 12 rows, corners cut: six sides of four triangles, and round each corner a notch of
        // two sides of one triangle.
        let l = lengths(&twelve);
        assert_eq!(l.len(), 18);
        assert_eq!(l.iter().filter(|&&x| (x - 4.0 * side).abs() < 1e-4).count(), 6, "{l:?}");
        assert_eq!(l.iter().filter(|&&x| (x - side).abs() < 1e-4).count(), 12, "{l:?}");
        // Each outline bounds exactly its board's triangles (counter-clockwise).
        for (outline, board) in [(&eight, TriBoard::plain(8)), (&ten, TriBoard::plain(10)), (&twelve, TriBoard::plain(12))] {
            let cells: f32 = BoardLayout::triangles(board).cells().map(|(_, g)| g.polygon.area()).sum();
            assert!((shoelace(outline) / 2.0 - cells).abs() < 1e-2, "{board:?}");
        }
        // The inlay: a band of the marking's width along every outline, facing up, above the
        // cells.
        let mesh = tri_markings_mesh();
        let tris = triangles(&mesh);
        assert!(tris.iter().all(|(t, _)| (t[1] - t[0]).cross(t[2] - t[0]).y > 0.0 && t.iter().all(|p| p.y > THICKNESS / 2.0)));
        let area: f32 = tris.iter().map(|(t, _)| (t[1] - t[0]).cross(t[2] - t[0]).y / 2.0).sum();
        let perimeter: f32 = [&eight, &ten, &twelve].iter().flat_map(|o| lengths(o)).sum();
        assert!((area - perimeter * TRI_MARKING_WIDTH).abs() < 1e-2, "{area} vs {}", perimeter * TRI_MARKING_WIDTH);
    }

    #[test]
    fn an_outline_band_runs_inside_a_triangles_sides() {
        let tri = BoardLayout::triangles(TriBoard::plain(10));
        for c in [0, 1, 40] {
            let mesh = outline_band_mesh(tri.polygon(c), tri.centre(c), 0.1);
            let tris = triangles(&mesh);
            assert_eq!(tris.len(), 6);
            assert!(tris.iter().all(|(t, _)| (t[1] - t[0]).cross(t[2] - t[0]).y > 0.0), "facing up");
            // The band's area: the triangle less the triangle inside it (inradius 0.5 - 0.1).
            let area: f32 = tris.iter().map(|(t, _)| (t[1] - t[0]).cross(t[2] - t[0]).y / 2.0).sum();
            let whole = tri.polygon(c).area();
            assert!((area - whole * (1.0 - 0.8 * 0.8)).abs() < 1e-3, "{area} of {whole}");
        }
    }

    #[test]
    fn a_cell_mesh_is_the_cells_outline_round_its_centre() {
        let layout = BoardLayout::square(8, 8);
        let mesh = cell_mesh(layout.polygon(9), layout.centre(9));
        let p: Vec<[f32; 3]> = floats(&mesh, Mesh::ATTRIBUTE_POSITION);
        assert_eq!(p, vec![[-0.5, 0.0, 0.5], [0.5, 0.0, 0.5], [0.5, 0.0, -0.5], [-0.5, 0.0, -0.5]]);
        let uvs: Vec<[f32; 2]> = floats(&mesh, Mesh::ATTRIBUTE_UV_0);
        assert_eq!(uvs, vec![[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]]);
        assert!(triangles(&mesh).iter().all(|(t, _)| (t[1] - t[0]).cross(t[2] - t[0]).y > 0.0), "facing up");
        // A triangle: the circle inside it (diameter 1.0) maps onto the uv square's.
        let tri = BoardLayout::triangles(TriBoard::plain(12));
        let mesh = cell_mesh(tri.polygon(0), tri.centre(0));
        let p: Vec<[f32; 3]> = floats(&mesh, Mesh::ATTRIBUTE_POSITION);
        let uvs: Vec<[f32; 2]> = floats(&mesh, Mesh::ATTRIBUTE_UV_0);
        assert_eq!(p.len(), 3);
        for (p, uv) in p.iter().zip(&uvs) {
            assert!((p[0] - (uv[0] - 0.5)).abs() < 1e-5 && (p[2] - (uv[1] - 0.5)).abs() < 1e-5, "one uv unit per world unit: {p:?} {uv:?}");
        }
        assert!(triangles(&mesh).iter().all(|(t, _)| (t[1] - t[0]).cross(t[2] - t[0]).y > 0.0), "facing up");
    }
}
