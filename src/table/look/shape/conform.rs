//! Flat things lying on the board bent with it: the board's own mesh, the highlights, the last
//! move's tints, the 12x12 board's inlay. Each is marked [`Conforms`]; while the board is
//! shown bent its mesh is swapped for a copy whose vertices are carried onto the bent surface
//! (the flat triangles cut small enough to follow its curve), and the flat mesh comes back
//! when it is flat again.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology, VertexAttributeValues};
use bevy::prelude::*;
use bevy::transform::TransformSystems;
use variant_rules::bend::Bend;

use crate::table::geometry::world_to_plane;
use crate::table::look::shape::morph::ShownShape;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PostUpdate, conform.before(TransformSystems::Propagate));
}

/// A flat mesh lying on the board, to be bent with it. `source`: the mesh to bend, where it
/// differs from the one drawn flat (the board bends without its ghost cells).
#[derive(Component, Debug, Clone, Default)]
pub struct Conforms {
    pub source: Option<Handle<Mesh>>,
    /// Bend only the faces turned up: a torus's board hides its underside and sides inside
    /// the tube, and a software renderer pays for every triangle drawn there.
    pub top_only: bool,
}

/// On a mark drawn bent: the flat mesh to restore, and the bend its copy was made for.
#[derive(Component, Debug, Clone)]
pub struct BentCopy {
    flat: Handle<Mesh>,
    bend: Bend,
}

/// Longest edge (in cells, on the board's plane) of a triangle carried onto the bent surface:
/// a cell's edge cut in four, so a square on the 8-file cylinder (an eighth of a turn) is
/// drawn by facets of 1/32 of a turn, under a hundredth of a cell from the true curve.
const MAX_EDGE: f32 = 0.26;

/// How often a triangle may be halved (each time its sides halve): bounds the work on a
/// degenerate or huge one.
const MAX_SPLITS: u32 = 6;

fn conform(
    shown: Res<ShownShape>,
    mut marks: Query<(Entity, &Conforms, &mut Mesh3d, &Transform, Option<&ChildOf>, Option<&BentCopy>)>,
    locals: Query<&Transform>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut commands: Commands,
) {
    for (e, conforms, mut mesh, local, parent, copy) in &mut marks {
        match (shown.bent(), copy) {
            (None, None) => {}
            (None, Some(copy)) => {
                mesh.0 = copy.flat.clone();
                commands.entity(e).remove::<BentCopy>();
            }
            (Some(bend), copy) => {
                if copy.is_some_and(|c| c.bend == *bend) {
                    continue;
                }
                let flat = copy.map_or_else(|| mesh.0.clone(), |c| c.flat.clone());
                let source = conforms.source.clone().unwrap_or_else(|| flat.clone());
                let placed = parent.and_then(|p| locals.get(p.parent()).ok()).map_or(*local, |p| p.mul_transform(*local));
                let Some(bent) = meshes.get(&source).and_then(|m| bend_mesh(m, &placed, bend, conforms.top_only)) else { continue };
                mesh.0 = meshes.add(bent);
                commands.entity(e).insert(BentCopy { flat, bend: *bend });
            }
        }
    }
}

/// One vertex being bent: where it lies on the flat table, its normal, uv and colour.
#[derive(Clone, Copy)]
struct Vertex {
    at: Vec3,
    normal: Vec3,
    uv: [f32; 2],
    colour: [f32; 4],
}

impl Vertex {
    fn mid(a: &Vertex, b: &Vertex) -> Vertex {
        let half = |x: &[f32], y: &[f32], out: &mut [f32]| out.iter_mut().enumerate().for_each(|(i, o)| *o = (x[i] + y[i]) / 2.0);
        let (mut uv, mut colour) = ([0.0; 2], [0.0; 4]);
        half(&a.uv, &b.uv, &mut uv);
        half(&a.colour, &b.colour, &mut colour);
        Vertex { at: (a.at + b.at) / 2.0, normal: (a.normal + b.normal).normalize_or(a.normal), uv, colour }
    }
}

/// The flat mesh `mesh`, placed on the table by `placed`, carried onto the bent surface:
/// its triangles cut until no side is longer than [`MAX_EDGE`] across the board's plane,
/// each vertex taken to [`Bend::point`] lifted by its height, each normal turned with the
/// surface; with `top_only`, the faces not turned up are left out. `None` for a mesh that is
/// not a list of triangles with positions.
pub fn bend_mesh(mesh: &Mesh, placed: &Transform, bend: &Bend, top_only: bool) -> Option<Mesh> {
    if mesh.primitive_topology() != PrimitiveTopology::TriangleList {
        return None;
    }
    let Some(VertexAttributeValues::Float32x3(positions)) = mesh.attribute(Mesh::ATTRIBUTE_POSITION) else { return None };
    let normals = match mesh.attribute(Mesh::ATTRIBUTE_NORMAL) {
        Some(VertexAttributeValues::Float32x3(n)) => Some(n),
        _ => None,
    };
    let uvs = match mesh.attribute(Mesh::ATTRIBUTE_UV_0) {
        Some(VertexAttributeValues::Float32x2(uv)) => Some(uv),
        _ => None,
    };
    let colours = match mesh.attribute(Mesh::ATTRIBUTE_COLOR) {
        Some(VertexAttributeValues::Float32x4(c)) => Some(c),
        _ => None,
    };
    let vertex = |i: usize| -> Option<Vertex> {
        Some(Vertex {
            at: placed.transform_point(Vec3::from_array(*positions.get(i)?)),
            normal: placed.rotation * normals.and_then(|n| n.get(i)).map_or(Vec3::Y, |&n| Vec3::from_array(n)),
            uv: uvs.and_then(|u| u.get(i)).copied().unwrap_or_default(),
            colour: colours.and_then(|c| c.get(i)).copied().unwrap_or([1.0; 4]),
        })
    };
    let order: Vec<usize> = match mesh.indices() {
        Some(ix) => ix.iter().collect(),
        None => (0..positions.len()).collect(),
    };
    let mut out = Vec::with_capacity(order.len() * 16);
    for tri in order.chunks_exact(3) {
        let [a, b, c] = [vertex(tri[0])?, vertex(tri[1])?, vertex(tri[2])?];
        if top_only && a.normal.y < 0.5 {
            continue;
        }
        split(&[a, b, c], MAX_SPLITS, &mut out);
    }
    let mut bent = Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default());
    let carried: Vec<(Vec3, Vec3)> = out
        .iter()
        .map(|v| {
            let p = world_to_plane(v.at);
            let [ax, ay, az] = bend.axes(p).map(Vec3::from_array);
            (Vec3::from_array(bend.point(p, v.at.y)), (ax * v.normal.x + ay * v.normal.y + az * v.normal.z).normalize_or(ay))
        })
        .collect();
    bent.insert_attribute(Mesh::ATTRIBUTE_POSITION, carried.iter().map(|(p, _)| p.to_array()).collect::<Vec<_>>());
    bent.insert_attribute(Mesh::ATTRIBUTE_NORMAL, carried.iter().map(|(_, n)| n.to_array()).collect::<Vec<_>>());
    if uvs.is_some() {
        bent.insert_attribute(Mesh::ATTRIBUTE_UV_0, out.iter().map(|v| v.uv).collect::<Vec<_>>());
    }
    if colours.is_some() {
        bent.insert_attribute(Mesh::ATTRIBUTE_COLOR, out.iter().map(|v| v.colour).collect::<Vec<_>>());
    }
    bent.insert_indices(Indices::U32((0..out.len() as u32).collect()));
    Some(bent)
}

/// Cuts a triangle in four at its sides' midpoints until no side spans more than
/// [`MAX_EDGE`] of the board's plane (heights do not count: a wall stays one strip high).
fn split(t: &[Vertex; 3], splits: u32, out: &mut Vec<Vertex>) {
    let across = |a: &Vertex, b: &Vertex| (a.at - b.at).with_y(0.0).length();
    let longest = across(&t[0], &t[1]).max(across(&t[1], &t[2])).max(across(&t[2], &t[0]));
    if longest <= MAX_EDGE || splits == 0 {
        out.extend_from_slice(t);
        return;
    }
    let [a, b, c] = t;
    let (ab, bc, ca) = (Vertex::mid(a, b), Vertex::mid(b, c), Vertex::mid(c, a));
    for piece in [[*a, ab, ca], [ab, *b, bc], [ca, bc, *c], [ab, bc, ca]] {
        split(&piece, splits - 1, out);
    }
}

#[cfg(test)]
mod tests {
    use variant_rules::Wrap;
    use variant_rules::layout::BoardLayout;

    use super::*;
    use crate::table::look::mesh::{DrawnCell, THICKNESS, board_mesh};

    fn positions(m: &Mesh) -> Vec<Vec3> {
        match m.attribute(Mesh::ATTRIBUTE_POSITION) {
            Some(VertexAttributeValues::Float32x3(p)) => p.iter().map(|&p| Vec3::from_array(p)).collect(),
            _ => panic!("no positions"),
        }
    }

    fn board(n: u8) -> Mesh {
        let layout = BoardLayout::square(n, n);
        let cells: Vec<DrawnCell> = layout.cells().map(|(cell, _)| DrawnCell { cell, shift: [0.0, 0.0], ghost: false }).collect();
        board_mesh(layout, &cells)
    }

    #[test]
    fn the_bent_board_lies_on_the_shape_its_top_a_half_thickness_out() {
        for (wrap, files_round) in [(Wrap::Cylinder, true), (Wrap::Cylinder, false), (Wrap::Universal, true)] {
            for n in [8u8, 12] {
                let bend = Bend::for_side(BoardLayout::square(n, n), wrap, files_round);
                let flat = board(n);
                let bent = bend_mesh(&flat, &Transform::IDENTITY, &bend, false).expect("a triangle list");
                let (pf, pb) = (positions(&flat), positions(&bent));
                assert!(pb.len() > 4 * pf.len(), "cut finer: {} from {}", pb.len(), pf.len());
                // Every vertex lies within the board's thickness of the surface, along its
                // normal, and the top (as many vertices as the bottom) half a thickness out.
                let mut top = 0;
                for p in &pb {
                    let under = bend.unbend(p.to_array());
                    let on = Vec3::from_array(bend.point(under, 0.0));
                    let n = Vec3::from_array(bend.normal(under));
                    let off = (*p - on).dot(n);
                    assert!((*p - on - n * off).length() < 2e-3, "{bend:?}: a vertex off the normal");
                    assert!(off.abs() <= THICKNESS / 2.0 + 2e-3, "{bend:?}: a vertex {off} off the surface");
                    top += usize::from((off - THICKNESS / 2.0).abs() < 2e-3);
                }
                assert!(5 * top > 2 * pb.len(), "{bend:?}: only {top} of {} vertices on top", pb.len());
                // Cut fine enough to follow the curve: on a cylinder (no stretch) no side is
                // longer than a quarter cell and a little.
                for t in pb.chunks_exact(3).filter(|_| wrap == Wrap::Cylinder) {
                    for (a, b) in [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])] {
                        assert!(a.distance(b) < 0.3 + THICKNESS, "{bend:?}: a side of {}", a.distance(b));
                    }
                }
            }
        }
    }

    #[test]
    fn the_bent_mesh_keeps_its_faces_turned_out() {
        let bend = Bend::of(BoardLayout::square(8, 8), Wrap::Universal);
        let bent = bend_mesh(&board(8), &Transform::IDENTITY, &bend, false).expect("a triangle list");
        let normals = match bent.attribute(Mesh::ATTRIBUTE_NORMAL) {
            Some(VertexAttributeValues::Float32x3(n)) => n.clone(),
            _ => panic!("no normals"),
        };
        let pb = positions(&bent);
        let mut agree = 0;
        for (t, n) in pb.chunks_exact(3).zip(normals.chunks_exact(3)) {
            let face = (t[1] - t[0]).cross(t[2] - t[0]);
            if face.length() < 1e-7 {
                continue;
            }
            // The winding's normal agrees with the vertex normals (front faces stay front).
            assert!(face.dot(Vec3::from_array(n[0])) > 0.0, "a triangle turned inside out at {:?}", t[0]);
            agree += 1;
        }
        assert!(agree > 1000);
    }

    #[test]
    fn a_mark_placed_on_a_cell_is_bent_where_the_cell_is() {
        let layout = BoardLayout::square(8, 8);
        let bend = Bend::of(layout, Wrap::Cylinder);
        // A one-cell square at h1's centre, placed there by its transform.
        let quad = Mesh::from(Plane3d::new(Vec3::Y, Vec2::splat(0.5)));
        let centre = layout.centre(7);
        let placed = Transform::from_translation(crate::table::geometry::plane_to_world(centre) + Vec3::Y * 0.045);
        let bent = bend_mesh(&quad, &placed, &bend, false).expect("a triangle list");
        let mid = positions(&bent).iter().fold(Vec3::ZERO, |s, p| s + *p) / positions(&bent).len() as f32;
        let want = Vec3::from_array(bend.point(centre, 0.045));
        assert!(mid.distance(want) < 0.1, "the mark's middle {mid} is not over h1's {want}");
        // Bent round the cylinder: its corners hug the surface, unlike a flat quad's.
        for p in positions(&bent) {
            let under = bend.unbend(p.to_array());
            let off = (p - Vec3::from_array(bend.point(under, 0.0))).length();
            assert!((off - 0.045).abs() < 2e-3, "a corner {off} off the surface");
        }
    }

    /// A ray cast at the bent board from outside, straight at a cell's middle, as picking casts
    /// the pointer's: the mesh it hits, carried back flat, names that cell, round every side.
    #[test]
    fn a_ray_at_a_bent_cell_finds_that_cell() {
        use bevy::picking::mesh_picking::ray_cast::{Backfaces, ray_mesh_intersection};

        use crate::table::geometry::layout_of;
        use crate::table::look::shape::morph::ShownShape;
        use crate::table::mirror::board::{Board, cell_at};

        for wrap in [Wrap::Cylinder, Wrap::Universal] {
            let topology = variant_rules::Topology::get(8, 8, wrap);
            let board = Board { topology, layout: layout_of(topology), plane: false, dimmed: Vec::new() };
            let bend = Bend::of(board.layout, wrap);
            let shown = ShownShape { bend: Some(bend), progress: 1.0, wanted: Some(bend) };
            let mesh = bend_mesh(
                &board_mesh(board.layout, &board.layout.cells().map(|(cell, _)| DrawnCell { cell, shift: [0.0, 0.0], ghost: false }).collect::<Vec<_>>()),
                &Transform::IDENTITY,
                &bend,
                wrap == Wrap::Universal,
            )
            .expect("a triangle list");
            let positions: Vec<[f32; 3]> = positions(&mesh).iter().map(|p| p.to_array()).collect();
            let indices: Vec<u32> = (0..positions.len() as u32).collect();
            for (cell, g) in board.layout.cells() {
                // From two cells out along the normal, a little off the middle, straight in.
                let at = [g.centre[0] + 0.2, g.centre[1] - 0.15];
                let (from, normal) = (Vec3::from_array(bend.point(at, 2.0)), Vec3::from_array(bend.normal(at)));
                let ray = Ray3d::new(from, Dir3::new(-normal).expect("a unit normal"));
                let hit = ray_mesh_intersection(ray, &bevy::math::Affine3A::IDENTITY, &positions, None, Some(&indices), None, Backfaces::Cull)
                    .unwrap_or_else(|| panic!("{wrap:?}: the ray at {} misses the board", g.name));
                assert_eq!(cell_at(&board, shown.to_flat(hit.point)), Some(cell), "{wrap:?}: the ray at {} found another cell", g.name);
            }
        }
    }
}
