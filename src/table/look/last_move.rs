//! What just happened, drawn: the last move's cells tinted (at tables of more than two seats each seat's latest move faintly in its colour), and a red glow under a King in check.

use bevy::prelude::*;
use variant_rules::Position;

use crate::table::game::recap::Recap;
use crate::table::game::seats::Seats;
use crate::table::game::session::Session;
use crate::table::geometry::{layout_of, plane_to_world};
use crate::table::look::mesh::cell_mesh;
use crate::table::look::shape::conform::Conforms;
use crate::table::mirror::pieces::{TILE_HEIGHT, Tile};
use crate::table::mirror::taken::Checked;
use crate::table::schedule::TurnSystems;

/// A window's part of the recap (added by `TableRenderPlugin`: headless tables draw nothing).
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_glow).add_systems(Update, (show_last_moves, dress_check).in_set(TurnSystems::Draw));
}

/// Height of the tint over the board's top (just under the move highlights at 0.045, over the
/// cells' own colours).
const TINT_Y: f32 = 0.043;
/// The last move's tint at a two-seat table: a cool blue no highlight or mark uses.
const LAST_MOVE: [f32; 3] = [0.25, 0.62, 1.0];
/// Opacity of the last move's origin and landing, of the cells passed through on the way, and
/// of the other seats' latest moves (faint).
const STRONG: f32 = 0.55;
const PASSED: f32 = 0.3;
const FAINT: f32 = 0.32;

/// On each tinted cell.
#[derive(Component)]
struct LastMoveTint;

/// The check glow's meshes and material, made once.
#[derive(Resource)]
struct Glow {
    disc: Handle<Mesh>,
    ring: Handle<Mesh>,
    red: Handle<StandardMaterial>,
    rim: Handle<StandardMaterial>,
}

fn make_glow(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    let unlit =
        |r: f32, g: f32, b: f32, a: f32| StandardMaterial { base_color: Color::srgba(r, g, b, a), unlit: true, alpha_mode: AlphaMode::Blend, ..default() };
    commands.insert_resource(Glow {
        // A disc nearly filling the cell, ringed at its edge.
        disc: meshes.add(Circle::new(0.47)),
        ring: meshes.add(Torus::new(0.44, 0.5)),
        red: materials.add(unlit(1.0, 0.1, 0.05, 0.5)),
        rim: materials.add(unlit(1.0, 0.2, 0.1, 0.95)),
    });
}

/// Rebuilds the tints whenever the recap or the seats' colours change: each marked move's
/// origin and landing (and the cells between, fainter), in the last-move blue at a two-seat
/// table, else in the mover's colour, the latest strongly and the others faintly.
fn show_last_moves(
    recap: Res<Recap>,
    seats: Res<Seats>,
    session: Option<Res<Session>>,
    old: Query<Entity, With<LastMoveTint>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut commands: Commands,
) {
    if !recap.is_changed() && !seats.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(session) = session else { return };
    let pos = session.game.position();
    let layout = layout_of(pos.topology());
    let many = pos.seating().count() > 2;
    for m in &recap.moves {
        let rgb = if many { seats.colour(m.seat).to_srgba() } else { Color::srgb(LAST_MOVE[0], LAST_MOVE[1], LAST_MOVE[2]).to_srgba() };
        let tint = |alpha: f32| StandardMaterial { base_color: rgb.with_alpha(alpha).into(), unlit: true, alpha_mode: AlphaMode::Blend, ..default() };
        let (ends, passed) =
            if m.latest { (materials.add(tint(STRONG)), materials.add(tint(PASSED))) } else { (materials.add(tint(FAINT)), materials.add(tint(FAINT * 0.6))) };
        for (i, &cell) in m.cells.iter().enumerate() {
            if cell as usize >= layout.len() {
                continue;
            }
            let end = i == 0 || i + 1 == m.cells.len();
            let (g, c) = (layout.cell(cell), layout.centre(cell));
            // The latest move lies over the faint ones where they share a cell.
            let y = TINT_Y + if m.latest { 0.001 } else { 0.0 };
            commands.spawn((
                Name::new(format!("Last move of {} on {}", m.seat.letter(), g.name)),
                LastMoveTint,
                Mesh3d(meshes.add(cell_mesh(&g.polygon, c))),
                MeshMaterial3d(if end { ends.clone() } else { passed.clone() }),
                Transform::from_translation(plane_to_world(c) + Vec3::Y * y),
                Pickable::IGNORE,
                Conforms::default(),
            ));
        }
    }
}

/// Lays the glow under each King in check as it is spawned (on its tile, for a tile).
fn dress_check(kings: Query<(Entity, Has<Tile>), Added<Checked>>, glow: Res<Glow>, mut commands: Commands) {
    for (e, tile) in &kings {
        // Over the board's top, the last move's tint (0.043-0.044) and the highlights (0.045).
        let y = 0.046 + if tile { TILE_HEIGHT } else { 0.0 };
        let flat = Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2);
        commands.entity(e).with_children(|c| {
            c.spawn((
                Name::new("Check glow"),
                Mesh3d(glow.disc.clone()),
                MeshMaterial3d(glow.red.clone()),
                Transform::from_xyz(0.0, y, 0.0).with_rotation(flat),
            ));
            c.spawn((
                Name::new("Check rim"),
                Mesh3d(glow.ring.clone()),
                MeshMaterial3d(glow.rim.clone()),
                Transform::from_xyz(0.0, y + 0.002, 0.0).with_scale(Vec3::new(1.0, 0.3, 1.0)),
            ));
        });
    }
}
