//! Seat plates: where each player sits round a board of more than two seats (or any hexagon),
//! a strip in the seat's colour along its edge of the board and a label with its letter and
//! name, brighter for the seat to move.

use bevy::prelude::*;
use variant_rules::layout::{BoardLayout, Point, Shape};
use variant_rules::{Position, Seat};

use crate::table::game::seats::Seats;
use crate::table::game::session::Session;
use crate::table::geometry::plane_to_world;
use crate::table::look::camera::OrbitCamera;
use crate::table::look::mesh::{FRAME_DROP, FRAME_WIDTH, THICKNESS, drawn_layout};
use crate::table::look::visuals::{PieceMaterial, piece_material};
use crate::table::mirror::board::Board;
use crate::table::schedule::{AppState, TurnSystems};

/// A window's part of the seats (added by `TableRenderPlugin`: headless tables draw nothing).
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, (sync_plates, place_labels).chain().in_set(TurnSystems::Draw));
}

/// Where one seat's plate goes and what it says.
#[derive(Clone, Debug, PartialEq)]
pub struct PlateSpec {
    pub seat: Seat,
    /// The middle of the plate on the board's plane, and the edge's direction (seat's left to right).
    pub centre: Point,
    pub along: Point,
    /// The plate's length (half its edge) and the height of its top.
    pub length: f32,
    pub height: f32,
    /// Where the label points, on the board's plane (a little further out than the plate).
    pub label_at: Point,
    pub colour: usize,
    pub text: String,
    pub to_move: bool,
}

/// A seat's plate (the strip along its edge; the label is its own UI entity).
#[derive(Component, Debug, Clone, Copy)]
pub struct SeatPlate {
    pub seat: Seat,
}

/// A seat's label: a UI node kept beside the world point `at`, on the side away from `from`
/// (its plate), so that it never covers the board it labels.
#[derive(Component, Debug, Clone, Copy)]
pub struct PlateLabel {
    pub at: Vec3,
    pub from: Vec3,
}

/// The plates of the seats at the table, from each seat's edge of the board's layout: none at a
/// two-seat square board (the seats are plain there), else one per seat in play or not.
pub fn plate_specs(layout: &BoardLayout, pos: &variant_rules::AnyPosition, seats: &Seats) -> Vec<PlateSpec> {
    let hexagon = matches!(layout.shape(), Shape::Triangles(_));
    let count = pos.seating().count();
    if count <= 2 && !hexagon {
        return Vec::new();
    }
    // On a hexagon the plate lies on the frame; round a square board, just off its edge.
    let (out, height) = if hexagon { (FRAME_WIDTH * 0.45, THICKNESS / 2.0 - FRAME_DROP) } else { (0.4, 0.0) };
    pos.seating()
        .seats()
        .map(|seat| {
            // A hexagon's plates lie on the frame round the whole Tri-board.
            let (a, b) = drawn_layout(layout).edge(pos.side_of(seat));
            let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
            let len = dx.hypot(dy).max(1e-6);
            // Outward: to the right of an edge running from the seat's left to its right.
            let normal = [dy / len, -dx / len];
            let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
            let at = |d: f32| [mid[0] + normal[0] * d, mid[1] + normal[1] * d];
            let name = seats.name(seat);
            let who = if name.is_empty() { seats.colour_name(seat) } else { name };
            PlateSpec {
                seat,
                centre: at(out),
                along: [dx / len, dy / len],
                length: len / 2.0,
                height,
                label_at: at(out + 0.6),
                colour: seats.colour_index(seat),
                text: format!("{} {who}", seat.letter()),
                to_move: pos.turn() == seat,
            }
        })
        .collect()
}

/// Keeps one plate and one label per seat matching the board, the seats and the turn: rebuilt
/// whenever what they show changes.
#[allow(clippy::too_many_arguments)]
fn sync_plates(
    boards: Query<&Board>,
    session: Option<Res<Session>>,
    seats: Res<Seats>,
    old: Query<Entity, Or<(With<SeatPlate>, With<PlateLabel>)>>,
    mut shown: Local<Vec<PlateSpec>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<PieceMaterial>>,
    mut commands: Commands,
) {
    let want = match (boards.single(), session.as_deref()) {
        (Ok(board), Some(s)) if !board.plane => plate_specs(board.layout, s.game.position(), &seats),
        _ => Vec::new(),
    };
    if *shown == want && old.iter().count() == 2 * want.len() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    for spec in &want {
        spawn_plate(&mut commands, spec, &mut meshes, &mut materials);
    }
    *shown = want;
}

/// Spawns a seat's strip and its label.
fn spawn_plate(commands: &mut Commands, spec: &PlateSpec, meshes: &mut Assets<Mesh>, materials: &mut Assets<PieceMaterial>) {
    let [r, g, b] = crate::table::sets::SEAT_COLOURS[spec.colour].1;
    let colour = Color::srgb(r, g, b);
    let along = plane_to_world(spec.along).normalize_or(Vec3::X);
    let strip = Cuboid::new(spec.length, 0.02, 0.22);
    commands.spawn((
        Name::new(format!("Seat plate {}", spec.seat.letter())),
        SeatPlate { seat: spec.seat },
        DespawnOnEnter(AppState::Launcher),
        Mesh3d(meshes.add(strip)),
        // Lit as the pieces are (Bevy's full PBR costs a software renderer several times more).
        MeshMaterial3d(materials.add(piece_material(StandardMaterial { base_color: colour, perceptual_roughness: 0.4, ..default() }))),
        Transform::from_translation(plane_to_world(spec.centre) + Vec3::Y * (spec.height + 0.01)).with_rotation(Quat::from_rotation_arc(Vec3::X, along)),
        Pickable::IGNORE,
    ));
    let (text, background) = if spec.to_move {
        // On the seat's own colour: dark letters on a light set (ivory, amber), light on a dark one.
        let ink = if colour.luminance() > 0.35 { Color::srgb(0.08, 0.07, 0.06) } else { Color::WHITE };
        (ink, colour.with_alpha(0.95))
    } else {
        (Color::srgb(0.8, 0.8, 0.78), Color::srgba(0.05, 0.05, 0.06, 0.72))
    };
    commands.spawn((
        Name::new(format!("Seat label {}", spec.seat.letter())),
        PlateLabel { at: plane_to_world(spec.label_at) + Vec3::Y * spec.height, from: plane_to_world(spec.centre) + Vec3::Y * spec.height },
        DespawnOnEnter(AppState::Launcher),
        Node { position_type: PositionType::Absolute, padding: UiRect::axes(Val::Px(6.0), Val::Px(2.0)), ..default() },
        BackgroundColor(background),
        BorderColor::all(colour),
        Text::new(if spec.to_move { format!("> {} <", spec.text) } else { spec.text.clone() }),
        TextFont::from_font_size(15.0),
        TextColor(text),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
}

/// Keeps each label beside its point of the table as the camera moves (hidden when behind it):
/// its box is pushed from the point away from its plate, on screen, so the edge nearest the
/// board touches the point and the label stays off the pieces on the seat's edge.
fn place_labels(cams: Query<(&Camera, &GlobalTransform), With<OrbitCamera>>, mut labels: Query<(&PlateLabel, &ComputedNode, &mut Node, &mut Visibility)>) {
    let Ok((cam, at)) = cams.single() else { return };
    for (label, computed, mut node, mut shown) in &mut labels {
        let (Ok(p), Ok(plate)) = (cam.world_to_viewport(at, label.at), cam.world_to_viewport(at, label.from)) else {
            shown.set_if_neq(Visibility::Hidden);
            continue;
        };
        // The computed size is in physical pixels.
        let size = computed.size() * computed.inverse_scale_factor();
        let centre = p + outward_shift(p - plate, size);
        node.left = Val::Px(centre.x - size.x / 2.0);
        node.top = Val::Px(centre.y - size.y / 2.0);
        shown.set_if_neq(Visibility::Inherited);
    }
}

/// How far a box of `size` moves from a point, along `outward` (on screen), for its edge to
/// touch the point rather than its middle.
pub fn outward_shift(outward: Vec2, size: Vec2) -> Vec2 {
    let d = outward.normalize_or_zero();
    d * (d.x.abs() * size.x + d.y.abs() * size.y) / 2.0
}
