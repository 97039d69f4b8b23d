//! What the engine's cell and piece marks look like on the board: closed cells of a square
//! board as raised dark blocks (a hexagon's closed triangles are dimmed in the board's mesh
//! instead), and rings on the pieces that are frozen, immune or a King standing checkmated.

use bevy::prelude::*;

use crate::table::look::mesh::THICKNESS;
use crate::table::mirror::board::ClosedCell;
use crate::table::mirror::pieces::PieceMarks;
use crate::table::schedule::TurnSystems;

/// A window's part of the marks (added by `TableRenderPlugin`: headless tables draw nothing).
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_marks).add_systems(Update, (dress_closed_cells, dress_marks).in_set(TurnSystems::Draw));
}

/// Height of the block walling off a closed cell, above the board's top.
pub const CLOSED_HEIGHT: f32 = 0.22;

/// Meshes and materials of the marks, made once.
#[derive(Resource)]
struct Marks {
    block: Handle<Mesh>,
    block_material: Handle<StandardMaterial>,
    /// A flat ring round a piece's base, and a wider one outside it.
    ring: Handle<Mesh>,
    outer_ring: Handle<Mesh>,
    /// The halo floating over an immune piece.
    halo: Handle<Mesh>,
    /// Unlit, so they read the same from every seat: ice blue (frozen), gold (immune), red (mated).
    ice: Handle<StandardMaterial>,
    gold: Handle<StandardMaterial>,
    red: Handle<StandardMaterial>,
}

fn make_marks(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    let mut unlit = |r: f32, g: f32, b: f32| materials.add(StandardMaterial { base_color: Color::srgb(r, g, b), unlit: true, ..default() });
    let (ice, gold, red) = (unlit(0.55, 0.85, 1.0), unlit(1.0, 0.8, 0.2), unlit(0.95, 0.12, 0.1));
    commands.insert_resource(Marks {
        // A full cell, so the four closed cells of a corner make one 2x2 block.
        block: meshes.add(Cuboid::new(1.0, CLOSED_HEIGHT, 1.0)),
        block_material: materials.add(StandardMaterial { base_color: Color::srgb(0.1, 0.09, 0.09), perceptual_roughness: 0.8, ..default() }),
        ring: meshes.add(Torus::new(0.35, 0.41)),
        outer_ring: meshes.add(Torus::new(0.41, 0.49)),
        halo: meshes.add(Torus::new(0.17, 0.22)),
        ice,
        gold,
        red,
    });
}

/// Walls off each closed cell of a square board with a dark block standing on it. The block
/// lets clicks through to the board, where the rules refuse the cell like any other no move
/// reaches. (A closed triangle is dimmed in the board's mesh: see `Board::dimmed`.)
fn dress_closed_cells(cells: Query<(Entity, &ClosedCell), Added<ClosedCell>>, marks: Res<Marks>, mut commands: Commands) {
    for (e, _) in cells.iter().filter(|(_, c)| c.walled) {
        commands.entity(e).with_child((
            Name::new("Closed cell block"),
            Mesh3d(marks.block.clone()),
            MeshMaterial3d(marks.block_material.clone()),
            Transform::from_xyz(0.0, THICKNESS / 2.0 + CLOSED_HEIGHT / 2.0, 0.0),
            Pickable::IGNORE,
        ));
    }
}

/// Rings a marked piece: ice blue round the base of a frozen piece, red round a King standing
/// checkmated, gold round the base of the immune piece and a gold halo over it.
fn dress_marks(pieces: Query<(Entity, &PieceMarks), Added<PieceMarks>>, marks: Res<Marks>, mut commands: Commands) {
    let flat = |y: f32| Transform::from_xyz(0.0, y, 0.0).with_scale(Vec3::new(1.0, 0.35, 1.0));
    for (e, m) in &pieces {
        commands.entity(e).with_children(|c| {
            if m.0.frozen {
                c.spawn((Name::new("Frozen ring"), Mesh3d(marks.ring.clone()), MeshMaterial3d(marks.ice.clone()), flat(0.05)));
            }
            if m.0.mated {
                c.spawn((Name::new("Checkmate ring"), Mesh3d(marks.outer_ring.clone()), MeshMaterial3d(marks.red.clone()), flat(0.05)));
            }
            if m.0.immune {
                c.spawn((Name::new("Immunity ring"), Mesh3d(marks.outer_ring.clone()), MeshMaterial3d(marks.gold.clone()), flat(0.06)));
                c.spawn((Name::new("Immunity halo"), Mesh3d(marks.halo.clone()), MeshMaterial3d(marks.gold.clone()), flat(1.08)));
            }
        });
    }
}
