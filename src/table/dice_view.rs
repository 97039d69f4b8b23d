//! What the dice look like and how the mouse throws them: ivory dice with black pips (the
//! second of Gollon's piece-and-count dice red), a felt-lined wooden tray, and a flick —
//! press on a die, drag, release — whose direction and length aim the throw.

use bevy::prelude::*;

use super::dice::{DiceTray, Die, ThrowDice};
use super::session::Session;
use super::TurnSystems;
use crate::dice::{DIE_HALF, TRAY_HALF, TRAY_WALL};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (dress_dice, dress_tray).in_set(TurnSystems::EndTurn));
}

/// Where the pips sit on a face whose normal is +Y, for each value, as (x, z) in units of the
/// pip spacing (the usual patterns: 1 centre, 2 diagonal, 3 diagonal, 4 corners, 5 corners and
/// centre, 6 two rows of three).
fn pip_layout(value: u8) -> &'static [(f32, f32)] {
    match value {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        _ => &[(-1.0, -1.0), (-1.0, 0.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 0.0), (1.0, 1.0)],
    }
}

fn dress_dice(
    dice: Query<(Entity, &Die), Added<Die>>,
    session: Option<Res<Session>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut commands: Commands,
) {
    if dice.is_empty() {
        return;
    }
    let coloured = session.is_some_and(|s| s.game.options().dice_rules == variant_rules::dicechess::DiceRules::GollonPieceCount);
    let body = meshes.add(Cuboid::from_length(2.0 * DIE_HALF));
    // Pips: flattened spheres sunk into the face so only a disc shows.
    let pip = meshes.add(Sphere::new(DIE_HALF * 0.15).mesh().uv(12, 6));
    let ink = materials.add(StandardMaterial { base_color: Color::srgb(0.05, 0.05, 0.06), perceptual_roughness: 0.6, ..default() });
    let ivory = materials.add(StandardMaterial { base_color: Color::srgb(0.95, 0.92, 0.84), perceptual_roughness: 0.35, ..default() });
    let red = materials.add(StandardMaterial { base_color: Color::srgb(0.75, 0.08, 0.08), perceptual_roughness: 0.35, ..default() });
    let white_ink = materials.add(StandardMaterial { base_color: Color::srgb(0.97, 0.97, 0.97), ..default() });
    for (e, die) in &dice {
        let second_red = coloured && die.index == 1;
        let (skin, pip_ink) = if second_red { (red.clone(), white_ink.clone()) } else { (ivory.clone(), ink.clone()) };
        commands.entity(e).insert((Mesh3d(body.clone()), MeshMaterial3d(skin))).with_children(|c| {
            for &(normal, value) in &crate::dice::FACES {
                let to_face = Quat::from_rotation_arc(Vec3::Y, normal);
                for &(x, z) in pip_layout(value) {
                    let local = Vec3::new(x * DIE_HALF * 0.5, DIE_HALF * 0.97, z * DIE_HALF * 0.5);
                    c.spawn((
                        Name::new(format!("Pip {value}")),
                        Mesh3d(pip.clone()),
                        MeshMaterial3d(pip_ink.clone()),
                        Transform::from_translation(to_face * local).with_rotation(to_face).with_scale(Vec3::new(1.0, 0.35, 1.0)),
                    ));
                }
            }
        });
        commands.entity(e).observe(flick);
    }
}

/// A drag that starts on a die throws the dice when released: screen right/up map onto the
/// tray's x and the direction away from the camera; 100 pixels make 2 units/s.
fn flick(
    ev: On<Pointer<DragEnd>>,
    camera: Query<&GlobalTransform, With<Camera3d>>,
    mut throw: MessageWriter<ThrowDice>,
) {
    let d = ev.event().distance;
    if d.length() < 8.0 {
        throw.write(ThrowDice::default());
        return;
    }
    let Ok(cam) = camera.single() else { return };
    let right = cam.right().with_y(0.0).normalize_or_zero();
    let away = cam.forward().with_y(0.0).normalize_or_zero();
    let dir = right * d.x - away * d.y;
    let speed = (d.length() / 50.0).clamp(3.0, 9.0);
    let v = dir.normalize_or_zero() * speed;
    throw.write(ThrowDice { flick: Some(Vec2::new(v.x, v.z)) });
}

fn dress_tray(trays: Query<Entity, Added<DiceTray>>, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>, mut commands: Commands) {
    for e in &trays {
        let [hx, hz] = TRAY_HALF;
        let t = 0.1;
        let felt = materials.add(StandardMaterial { base_color: Color::srgb(0.45, 0.06, 0.08), perceptual_roughness: 0.95, ..default() });
        let wood = materials.add(StandardMaterial { base_color: Color::srgb(0.42, 0.26, 0.14), perceptual_roughness: 0.5, ..default() });
        commands.entity(e).with_children(|c| {
            c.spawn((Name::new("Tray felt"), Mesh3d(meshes.add(Cuboid::new(2.0 * hx, 0.02, 2.0 * hz))), MeshMaterial3d(felt), Transform::from_xyz(0.0, -0.01, 0.0)));
            for (size, at) in [
                (Vec3::new(2.0 * t, TRAY_WALL, 2.0 * (hz + 2.0 * t)), Vec3::new(hx + t, TRAY_WALL / 2.0, 0.0)),
                (Vec3::new(2.0 * t, TRAY_WALL, 2.0 * (hz + 2.0 * t)), Vec3::new(-hx - t, TRAY_WALL / 2.0, 0.0)),
                (Vec3::new(2.0 * hx, TRAY_WALL, 2.0 * t), Vec3::new(0.0, TRAY_WALL / 2.0, hz + t)),
                (Vec3::new(2.0 * hx, TRAY_WALL, 2.0 * t), Vec3::new(0.0, TRAY_WALL / 2.0, -hz - t)),
            ] {
                c.spawn((Name::new("Tray wall"), Mesh3d(meshes.add(Cuboid::from_size(size))), MeshMaterial3d(wood.clone()), Transform::from_translation(at)));
            }
        });
    }
}
