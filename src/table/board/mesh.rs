//! The board's one mesh, built from its layout: each cell's polygon (and the ghost copies of
//! wrapped edges) as a top face carrying what `shaders/board.wgsl` needs per vertex, walls round
//! the outline and a bottom face, and round a hexagon a frame a little below the cells; and the
//! flat polygon meshes that move highlights are drawn on.

use std::collections::HashSet;

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use variant_rules::Cell;
use variant_rules::layout::{BoardLayout, Point, Polygon, Shape};

use super::plane_to_world;

/// Thickness of the board: its top, where the pieces stand, is half of it above y = 0.
pub const THICKNESS: f32 = 0.08;

/// Width of the frame round a hexagon of triangles, beyond the hull of its cells (seat plates
/// lie on it).
pub const FRAME_WIDTH: f32 = 0.8;

/// How far the frame's top lies below the cells' top, so the board's outline shows as a step.
pub const FRAME_DROP: f32 = 0.03;

/// A cell as the mesh draws it: which cell, how far its copy is shifted on the layout's plane
/// (`[0, 0]` for the cell itself), and whether it is a ghost (a dimmed copy).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawnCell {
    pub cell: Cell,
    pub shift: Point,
    pub ghost: bool,
}

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
        let v = |p: Vec3, uv: [f32; 2]| (p, n, uv, [0.0; 4]);
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
pub fn board_mesh(layout: &BoardLayout, cells: &[DrawnCell]) -> Mesh {
    let mut b = Buffers::default();
    let (board_lo, _) = layout.bounds();
    let (top, bottom) = (Vec3::Y * THICKNESS / 2.0, -Vec3::Y * THICKNESS / 2.0);
    let size = layout.cell_size();
    for d in cells {
        let g = layout.cell(d.cell);
        let (lo, _) = g.polygon.bounds();
        let corner = add(sub(lo, board_lo), d.shift);
        let seed = grain_seed([(corner[0] / size).round(), (corner[1] / size).round()]);
        let uv = |p: Point| [(p[0] - lo[0]) / size, (p[1] - lo[1]) / size];
        let at = |p: Point| plane_to_world(add(p, d.shift));
        let c = g.centre;
        let corners = g.polygon.corners();
        for (i, &a) in corners.iter().enumerate() {
            let e = corners[(i + 1) % corners.len()];
            let data = |dist: f32| [g.dark as u8 as f32, d.ghost as u8 as f32, seed, dist];
            let apothem = distance_to_line(c, a, e);
            b.triangle([(at(c) + top, Vec3::Y, uv(c), data(apothem)), (at(a) + top, Vec3::Y, uv(a), data(0.0)), (at(e) + top, Vec3::Y, uv(e), data(0.0))]);
            b.triangle([(at(c) + bottom, -Vec3::Y, uv(c), [0.0; 4]), (at(e) + bottom, -Vec3::Y, uv(e), [0.0; 4]), (at(a) + bottom, -Vec3::Y, uv(a), [0.0; 4])]);
        }
    }
    for (a, e) in outline(layout, cells) {
        b.wall(a, e, top, bottom);
    }
    if matches!(layout.shape(), Shape::Triangles(_)) {
        frame(&mut b, &frame_outline(layout));
    }
    b.into_mesh()
}

/// The frame round a hexagon: a slab under the whole board (filling the cut corners too) whose
/// top lies [`FRAME_DROP`] below the cells', reaching [`FRAME_WIDTH`] beyond their hull, walled
/// round. Its top is painted as darker wood than the dark cells (a dark cell's colour with the
/// bevel's darkening all over: edge distance 0), so the cells stand out on it.
fn frame(b: &mut Buffers, outline: &[Point]) {
    let (top, bottom) = (Vec3::Y * (THICKNESS / 2.0 - FRAME_DROP), -Vec3::Y * THICKNESS / 2.0);
    let n = outline.len() as f32;
    let centre = outline.iter().fold([0.0, 0.0], |c, p| [c[0] + p[0] / n, c[1] + p[1] / n]);
    let data = [1.0, 0.0, grain_seed(centre), 0.0];
    let uv = |p: Point| [p[0] / 4.0, p[1] / 4.0];
    for (i, &a) in outline.iter().enumerate() {
        let e = outline[(i + 1) % outline.len()];
        let (pc, pa, pe) = (plane_to_world(centre), plane_to_world(a), plane_to_world(e));
        b.triangle([(pc + top, Vec3::Y, uv(centre), data), (pa + top, Vec3::Y, uv(a), data), (pe + top, Vec3::Y, uv(e), data)]);
        b.triangle([(pc + bottom, -Vec3::Y, uv(centre), [0.0; 4]), (pe + bottom, -Vec3::Y, uv(e), [0.0; 4]), (pa + bottom, -Vec3::Y, uv(a), [0.0; 4])]);
        b.wall(a, e, top, bottom);
    }
}

/// The frame's outline: the convex hull of every cell's corners grown by [`FRAME_WIDTH`] (each
/// edge moved out, corners mitred), counter-clockwise.
pub fn frame_outline(layout: &BoardLayout) -> Vec<Point> {
    let points: Vec<Point> = layout.cells().flat_map(|(_, g)| g.polygon.corners().to_vec()).collect();
    grow(&convex_hull(points), FRAME_WIDTH)
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

/// A convex polygon (counter-clockwise) with every edge moved `by` outwards, corners mitred.
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

/// The edges of the drawn cells that no other drawn cell shares: the outline of the board, as
/// segments running counter-clockwise round it (each cell's polygon runs counter-clockwise, so
/// an inner edge is met once each way).
fn outline(layout: &BoardLayout, cells: &[DrawnCell]) -> Vec<(Point, Point)> {
    let key = |p: Point| ((p[0] * 1024.0).round() as i64, (p[1] * 1024.0).round() as i64);
    let edges: Vec<(Point, Point)> = cells
        .iter()
        .flat_map(|d| {
            let corners = layout.polygon(d.cell).corners();
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
        let outline = outline(layout, &drawn(layout, false));
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

    #[test]
    fn a_hexagon_of_triangles_stands_on_a_frame() {
        for board in [TriBoard::plain(8), TriBoard::plain(10), TriBoard::plain(12), TriBoard { rows: 12, corners: true, extra_file: false }] {
            let layout = BoardLayout::triangles(board);
            let cells: Vec<DrawnCell> = layout.cells().map(|(cell, _)| DrawnCell { cell, shift: [0.0, 0.0], ghost: false }).collect();
            let tris = triangles(&board_mesh(layout, &cells));
            let cell_area: f32 = layout.cells().map(|(_, g)| g.polygon.area()).sum();
            assert!((area_at(&tris, THICKNESS / 2.0) - cell_area).abs() < 1e-2, "{board:?}: the cells' tops");
            for (t, n) in &tris {
                assert!((t[1] - t[0]).cross(t[2] - t[0]).dot(*n) > 0.0, "every triangle faces along its normal: {t:?} {n}");
            }
            // The frame: the cells' hull grown by FRAME_WIDTH, every cell inside it: a hexagon,
            // its corners cut off where the board's are (12 rows without corners).
            let outline = frame_outline(layout);
            let cut = board.rows == 12 && !board.corners;
            assert_eq!(outline.len(), if cut { 12 } else { 6 }, "{board:?}: {outline:?}");
            let left_of = |a: Point, b: Point, p: Point| (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) > 0.0;
            let n = outline.len();
            assert!(layout.cells().all(|(_, g)| (0..n).all(|i| left_of(outline[i], outline[(i + 1) % n], g.centre))));
            let area: f32 = (0..n).map(|i| (outline[i][0] * outline[(i + 1) % n][1] - outline[(i + 1) % n][0] * outline[i][1]) / 2.0).sum();
            let apothem = board.side() as f32 * 3f32.sqrt() * 3f32.sqrt() / 2.0 + FRAME_WIDTH;
            let hexagon = 6.0 * apothem * apothem / 3f32.sqrt();
            if !cut {
                assert!((area - hexagon).abs() < 0.05, "{board:?}: frame area {area} vs {hexagon}");
            }
            assert!(area <= hexagon + 0.05 && area > cell_area);
            assert!((area_at(&tris, THICKNESS / 2.0 - FRAME_DROP) - area).abs() < 0.05, "the frame's top lies below the cells'");
        }
        let square = BoardLayout::square(8, 8);
        let cells: Vec<DrawnCell> = square.cells().map(|(cell, _)| DrawnCell { cell, shift: [0.0, 0.0], ghost: false }).collect();
        assert_eq!(area_at(&triangles(&board_mesh(square, &cells)), THICKNESS / 2.0 - FRAME_DROP), 0.0, "square boards have no frame");
    }

    #[test]
    fn the_extra_file_widens_the_frame() {
        let widest = |o: &[Point]| o.iter().map(|p| p[0]).fold(f32::MIN, f32::max);
        let plain = frame_outline(BoardLayout::triangles(TriBoard::plain(8)));
        let layout = BoardLayout::triangles(TriBoard { rows: 8, corners: false, extra_file: true });
        let extra = frame_outline(layout);
        assert!(widest(&extra) > widest(&plain) + 0.5, "{extra:?}");
        // Convex and counter-clockwise, every cell inside.
        let left_of = |a: Point, b: Point, p: Point| (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) > 0.0;
        for (_, g) in layout.cells() {
            assert!((0..extra.len()).all(|i| left_of(extra[i], extra[(i + 1) % extra.len()], g.centre)), "{} outside the frame", g.name);
        }
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
