//! What the dice look like and how the mouse throws them: ivory dice with black pips (the
//! second die red where the order matters), a felt-lined wooden tray, a flick — press on
//! a die, drag, release — whose direction and length aim the throw, and buttons for the dice
//! actions (throw, re-roll and pass) so a mouse alone can play.

use bevy::prelude::*;
use variant_rules::scene::MoveClass;

use crate::dice::{DIE_HALF, TRAY_HALF, TRAY_WALL};
use crate::table::game::dice::{DiceTable, DiceTray, Die, ThrowDice};
use crate::table::game::session::{GameCommand, Session};
use crate::table::look::widgets::{ActionSlot, panel, text};
use crate::table::schedule::{AppState, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (dress_dice, dress_tray, show_actions).in_set(TurnSystems::Draw));
}

/// The row of dice-action buttons above the bottom panels.
#[derive(Component)]
struct ActionPanel {
    /// The actions shown, to rebuild only when they change.
    shown: Vec<Action>,
}

/// What a dice-action button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Throw,
    Reroll,
    Pass,
}

impl Action {
    fn label(self) -> &'static str {
        match self {
            Action::Throw => "Throw (Space)",
            Action::Reroll => "Re-roll (E)",
            Action::Pass => "Pass (P)",
        }
    }
}

/// The actions open now: a throw when a roll is due; after a roll, the re-roll and the pass
/// where the rules offer them as a choice (not where one is forced).
pub fn open_actions(session: &Session, table: &DiceTable) -> Vec<Action> {
    let pos = session.game.position();
    if session.outcome().is_some() || table.in_flight() {
        return Vec::new();
    }
    if pos.dice_due().is_some() {
        return vec![Action::Throw];
    }
    let action = |m| match pos.move_class(m) {
        MoveClass::Reroll => Some(Action::Reroll),
        MoveClass::Pass => Some(Action::Pass),
        _ => None,
    };
    pos.optional_actions().into_iter().filter_map(action).collect()
}

fn show_actions(
    session: Option<Res<Session>>,
    table: Res<DiceTable>,
    seats: Res<crate::table::game::seats::Seats>,
    state: Res<State<AppState>>,
    panels: Query<(Entity, &ActionPanel)>,
    slots: Query<(Entity, Ref<ActionSlot>)>,
    mut commands: Commands,
) {
    let Some(session) = session else { return };
    // (A new HUD's slot is empty: its actions are shown again.)
    let new_slot = slots.iter().any(|(_, s)| s.is_added());
    if !session.is_changed() && !table.is_changed() && !seats.is_changed() && !new_slot {
        return;
    }
    // The computer throws, re-rolls and passes for itself, another machine for its seat: no
    // buttons on their turns.
    let players_turn = seats.plays_here(variant_rules::Position::turn(session.game.position()));
    let actions = if *state.get() == AppState::Playing && players_turn { open_actions(&session, &table) } else { Vec::new() };
    if panels.iter().any(|(_, p)| p.shown == actions) && !new_slot {
        return;
    }
    for (e, _) in &panels {
        commands.entity(e).despawn();
    }
    // The HUD's slot for actions, off the board (none without a HUD).
    let Ok((slot, _)) = slots.single() else { return };
    if actions.is_empty() {
        return;
    }
    commands.entity(slot).with_children(|row| {
        // `panel` lays its children out in a column; the buttons go in a row (wrapping in
        // the HUD's column).
        row.spawn((Name::new("Dice actions"), ActionPanel { shown: actions.clone() }, DespawnOnEnter(AppState::Launcher), panel(Node::default())))
            .insert(Node {
                padding: UiRect::all(Val::Px(10.0)),
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                column_gap: Val::Px(8.0),
                row_gap: Val::Px(8.0),
                ..default()
            })
            .with_children(|p| {
                for action in actions {
                    p.spawn((
                        Name::new(format!("Dice action {}", action.label())),
                        Button,
                        Node { padding: UiRect::axes(Val::Px(12.0), Val::Px(6.0)), ..default() },
                        BackgroundColor(Color::srgb(0.12, 0.25, 0.18)),
                    ))
                    .with_child((text(action.label(), 16.0), Pickable::IGNORE))
                    .observe(on_action(action));
                }
            });
    });
}

/// What a click on an action's button does: throw the dice, or play the re-roll or the pass.
fn on_action(action: Action) -> impl Fn(On<Pointer<Click>>, Option<Res<Session>>, MessageWriter<ThrowDice>, MessageWriter<GameCommand>) {
    move |_, session, mut throw, mut out| {
        let pos = session.as_ref().map(|s| s.game.position());
        let m = match action {
            Action::Throw => {
                throw.write(ThrowDice::default());
                None
            }
            Action::Reroll => pos.and_then(|p| p.reroll_move()),
            Action::Pass => pos.and_then(|p| p.pass_move()),
        };
        if let Some(m) = m {
            out.write(GameCommand::Play(m));
        }
    }
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
    // Where the dice's order matters (a piece die and a count die), the second is red.
    let coloured = session.is_some_and(|s| s.game.position().dice_ordered());
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
        commands.entity(e).observe(flick).observe(|ev: On<Pointer<Click>>, mut throw: MessageWriter<ThrowDice>| {
            // A plain click on a die throws too (a drag ends in a flick instead).
            if ev.event().button == PointerButton::Primary {
                throw.write(ThrowDice::default());
            }
        });
    }
}

/// A drag that starts on a die throws the dice when released: screen right/up map onto the
/// tray's x and the direction away from the camera; 50 pixels make 1 unit/s (3 to 9).
fn flick(ev: On<Pointer<DragEnd>>, camera: Query<&GlobalTransform, With<Camera3d>>, mut throw: MessageWriter<ThrowDice>) {
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

fn dress_tray(
    trays: Query<Entity, Added<DiceTray>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut commands: Commands,
) {
    for e in &trays {
        let [hx, hz] = TRAY_HALF;
        let t = 0.1;
        let felt = materials.add(StandardMaterial { base_color: Color::srgb(0.45, 0.06, 0.08), perceptual_roughness: 0.95, ..default() });
        let wood = materials.add(StandardMaterial { base_color: Color::srgb(0.42, 0.26, 0.14), perceptual_roughness: 0.5, ..default() });
        commands.entity(e).with_children(|c| {
            c.spawn((
                Name::new("Tray felt"),
                Mesh3d(meshes.add(Cuboid::new(2.0 * hx, 0.02, 2.0 * hz))),
                MeshMaterial3d(felt),
                Transform::from_xyz(0.0, -0.01, 0.0),
            ));
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
