//! The board's one mesh, built from its layout: each cell's polygon (and the ghost copies of
//! wrapped edges) as a top face carrying what `shaders/board.wgsl` needs per vertex, walls round
//! the outline and a bottom face; and the flat polygon meshes that move highlights are drawn on.

use std::collections::HashSet;

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use variant_rules::Cell;
use variant_rules::layout::{BoardLayout, Point, Polygon};

use super::plane_to_world;

/// Thickness of the board: its top, where the pieces stand, is half of it above y = 0.
pub const THICKNESS: f32 = 0.08;

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
        let (pa, pe) = (plane_to_world(a), plane_to_world(e));
        // Outward: to the right of an edge that runs counter-clockwise round the board.
        let n = (pe - pa).cross(Vec3::Y).normalize_or_zero();
        let v = |p: Vec3, uv: [f32; 2]| (p, n, uv, [0.0; 4]);
        b.triangle([v(pa + bottom, [0.0, 0.0]), v(pe + bottom, [1.0, 0.0]), v(pe + top, [1.0, 1.0])]);
        b.triangle([v(pa + bottom, [0.0, 0.0]), v(pe + top, [1.0, 1.0]), v(pa + top, [0.0, 1.0])]);
    }
    b.into_mesh()
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
/// centre), facing up, its uv mapping a square of one cell's side round the centre onto [0, 1]
/// (so on square boards the cell is exactly the unit uv square, as `shaders/highlight.wgsl` expects).
pub fn cell_mesh(polygon: &Polygon, centre: Point, cell_size: f32) -> Mesh {
    let corners = polygon.corners();
    let local: Vec<Point> = corners.iter().map(|&p| sub(p, centre)).collect();
    let positions: Vec<[f32; 3]> = local.iter().map(|&p| plane_to_world(p).to_array()).collect();
    let uvs: Vec<[f32; 2]> = local.iter().map(|p| [p[0] / cell_size + 0.5, 0.5 - p[1] / cell_size]).collect();
    let indices: Vec<u32> = (1..corners.len() as u32 - 1).flat_map(|i| [0, i, i + 1]).collect();
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 1.0, 0.0]; corners.len()])
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_indices(Indices::U32(indices))
}

#[cfg(test)]
mod tests {
    use bevy::mesh::VertexAttributeValues;

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

    #[test]
    fn a_cell_mesh_is_the_cells_outline_round_its_centre() {
        let layout = BoardLayout::square(8, 8);
        let mesh = cell_mesh(layout.polygon(9), layout.centre(9), layout.cell_size());
        let p: Vec<[f32; 3]> = floats(&mesh, Mesh::ATTRIBUTE_POSITION);
        assert_eq!(p, vec![[-0.5, 0.0, 0.5], [0.5, 0.0, 0.5], [0.5, 0.0, -0.5], [-0.5, 0.0, -0.5]]);
        let uvs: Vec<[f32; 2]> = floats(&mesh, Mesh::ATTRIBUTE_UV_0);
        assert_eq!(uvs, vec![[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]]);
        assert!(triangles(&mesh).iter().all(|(t, _)| (t[1] - t[0]).cross(t[2] - t[0]).y > 0.0), "facing up");
    }
}
