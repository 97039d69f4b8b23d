//! The orbit camera: right-drag orbits, middle-drag pans, the wheel zooms (clamped), `R`
//! resets, a double-click on a stack or piece flies to it, and the view turns to the side of
//! the seat to move when [`TurnView`] says it follows the turn (V toggles).
//!
//! Written here rather than taken from a crate: no maintained orbit-camera crate supported
//! Bevy 0.19 when this was written (the popular ones track Bevy a release or more behind), and
//! the controller is under a hundred lines.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::light::{CascadeShadowConfig, CascadeShadowConfigBuilder};
use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;

use variant_rules::{Position, Wrap};

use crate::table::game::view::{TurnView, short_way};
use crate::table::look::framing::{PIECE_TOP, ViewMargins, board_points, fit};
use crate::table::mirror::board::Board;
use crate::table::mirror::pieces::{ChessPiece, Stack};
use crate::table::schedule::TurnSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera)
        .add_systems(Update, choose_quality)
        .init_resource::<ViewMargins>()
        .add_systems(Update, (frame_board, fit_view, frame_cluster, turn_to_seat, orbit, fly, place).chain().in_set(TurnSystems::Input))
        .add_observer(double_click_to_fly);
}

/// Nearest and farthest the camera may be from what it looks at (in cells).
const ZOOM: (f32, f32) = (3.0, 40.0);
/// Radians per pixel of mouse movement when orbiting.
const ORBIT_SPEED: f32 = 0.006;

/// Orbit state: the camera looks at `focus` from `distance`, at `yaw` round and `pitch` up.
#[derive(Component, Debug, Clone)]
pub struct OrbitCamera {
    pub focus: Vec3,
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
    /// Where a double-click asked the camera to fly.
    pub fly_to: Option<(Vec3, f32)>,
    /// The distance `R` returns to: set so the whole board is in view.
    pub home_distance: f32,
    /// The focus `R` returns to (off centre when a dice tray stands beside the board).
    pub home_focus: Vec3,
    /// The yaw the camera is turning to (the side of the seat to move).
    pub turn_to: Option<f32>,
    /// The yaw of the side of the board the view is seated at (0: south). The sun keeps its
    /// place relative to it, so every seat sees the table lit as the first seat does (a sun
    /// fixed in the world glares off the board seen from the north and east).
    pub seat_yaw: f32,
    /// Where the sun is now (it swings round after `seat_yaw`).
    pub sun_yaw: f32,
    /// The look-at point's offset from `focus` that centres the board in the room the HUD
    /// leaves, along the ground to the view's right and away, as a fraction of `distance`.
    pub lead: Vec2,
    /// The world points the home view frames (empty: none, the view keeps its distance).
    pub frame: Vec<Vec3>,
    /// Whether the home view is to be fitted to `frame` again (a new board).
    pub refit: bool,
    /// Lowest and highest pitch the orbit reaches: above the table, or all round a board
    /// bent into its true shape (see `look::shape::framing`).
    pub pitch_range: (f32, f32),
    /// Nearest the wheel zooms to what the camera looks at.
    pub nearest: f32,
}

/// The orbit's pitch range over a flat table: from just above the felt to nearly overhead.
pub const TABLE_PITCH: (f32, f32) = (0.12, 1.5);

/// The sun: the one light that turns round the table with the view (other lights keep their
/// places).
#[derive(Component, Debug, Clone, Copy)]
pub struct Sun;

/// Where the sun stands seen from the south seat (behind the player's left shoulder); the
/// light is turned round the table with the seat the view is at.
pub const SUN_AT: Vec3 = Vec3::new(-4.0, 10.0, 6.0);

/// The pitch of the home view (radians above the table): about 54 degrees, steep enough to see
/// every cell, shallow enough to see the pieces' shapes.
const HOME_PITCH: f32 = 0.95;

/// Distance at which an 8-cell-wide board fills the view from the default pitch (found by eye
/// at 16:9 with the HUD panels at the sides).
const DISTANCE_PER_8_CELLS: f32 = 12.5;

impl OrbitCamera {
    /// The default seat, far enough back to see a board `extent` cells across (ghosts included).
    pub fn framing(extent: f32) -> OrbitCamera {
        let home_distance = (DISTANCE_PER_8_CELLS * extent / 8.0).clamp(ZOOM.0 * 2.0, ZOOM.1);
        OrbitCamera { distance: home_distance, home_distance, ..default() }
    }
}

impl Default for OrbitCamera {
    /// Seated behind the first player, looking down at the board.
    fn default() -> Self {
        OrbitCamera {
            focus: Vec3::ZERO,
            yaw: 0.0,
            pitch: HOME_PITCH,
            distance: DISTANCE_PER_8_CELLS,
            fly_to: None,
            home_distance: DISTANCE_PER_8_CELLS,
            home_focus: Vec3::ZERO,
            turn_to: None,
            seat_yaw: 0.0,
            sun_yaw: 0.0,
            lead: Vec2::ZERO,
            frame: Vec::new(),
            refit: false,
            pitch_range: TABLE_PITCH,
            nearest: ZOOM.0,
        }
    }
}

fn spawn_camera(mut commands: Commands, info: Option<Res<RenderAdapterInfo>>) {
    let cam = commands.spawn((Name::new("Camera"), Camera3d::default(), OrbitCamera::default(), Transform::default())).id();
    // Choosing quality before the first frame avoids compiling every pipeline twice.
    if let Some(info) = info {
        set_quality(&mut commands, cam, &info);
    }
}

/// Marks a camera whose rendering quality has been chosen for the adapter.
#[derive(Component)]
struct QualityChosen;

/// On a software (CPU) adapter — Mesa's lavapipe under Xvfb, say — every pixel is paid for on
/// the CPU: drop MSAA and use 2x2 hardware shadow filtering instead of the soft Gaussian
/// filter. Real GPUs keep Bevy's defaults (MSAA 4x, Gaussian soft shadows). Measured with
/// `scripts/bench-render.sh`: 273 ms → 146 ms a frame for the mid-game bench table on lavapipe.
fn choose_quality(info: Option<Res<RenderAdapterInfo>>, cams: Query<Entity, (With<OrbitCamera>, Without<QualityChosen>)>, mut commands: Commands) {
    let Some(info) = info else { return };
    for e in &cams {
        set_quality(&mut commands, e, &info);
    }
}

/// Whether `info` is a software (CPU) adapter, where every pixel and triangle is paid for on
/// the CPU.
pub fn is_software(info: &RenderAdapterInfo) -> bool {
    // wgpu's DeviceType is not re-exported by Bevy; its Debug name is stable ("Cpu").
    format!("{:?}", info.0.device_type) == "Cpu"
}

fn set_quality(commands: &mut Commands, cam: Entity, info: &RenderAdapterInfo) {
    let mut cam = commands.entity(cam);
    cam.insert(QualityChosen);
    if is_software(info) {
        cam.insert((Msaa::Off, bevy::light::ShadowFilteringMethod::Hardware2x2));
    }
}

/// Farthest from the camera the sun's one shadow cascade reaches, unless a board needs more.
pub const SHADOW_DISTANCE: f32 = 30.0;

/// A new board (a new game, or another size or topology) resets the view to show all of it,
/// and the sun's shadows reach its far side (a hexagon is seen from further back).
fn frame_board(
    boards: Query<&Board, Added<Board>>,
    session: Option<Res<crate::table::game::session::Session>>,
    view: Res<TurnView>,
    mut cams: Query<&mut OrbitCamera>,
    mut suns: Query<&mut CascadeShadowConfig>,
) {
    for board in &boards {
        frame(board, session.as_deref(), &mut cams);
        let (lo, hi) = crate::table::look::mesh::drawn_layout(board.layout).bounds();
        // From the board's middle to its farthest corner, and the frame round it (an open plane's
        // plane is its window, far larger than what is in view: its shadows stay as they are).
        let reach = if board.plane { 0.0 } else { (hi[0] - lo[0]).hypot(hi[1] - lo[1]) / 2.0 + 1.0 };
        // A new table starts seen from the seat to move, when the view follows the turn.
        for mut cam in &mut cams {
            cam.yaw = view.target_yaw().unwrap_or(0.0);
            cam.seat_yaw = cam.yaw;
            cam.sun_yaw = cam.yaw;
            // The home distance is a first guess until the view is fitted to the window: a quarter more.
            let maximum_distance = (cam.home_distance * 1.25 + reach).max(SHADOW_DISTANCE);
            for mut config in &mut suns {
                *config = CascadeShadowConfigBuilder { num_cascades: 1, maximum_distance, ..default() }.build();
            }
        }
    }
}

/// The view that shows all of `board` (ghost cells, and the dice tray where there is one).
fn frame(board: &Board, session: Option<&crate::table::game::session::Session>, cams: &mut Query<&mut OrbitCamera>) {
    if board.plane {
        // An open plane: start on its middle, where the first tile goes, piles in view.
        for mut cam in cams.iter_mut() {
            *cam = OrbitCamera::framing(14.0);
        }
        return;
    }
    let t = board.topology;
    // The board's extent from its layout (a hexagon is wider than its files suggest), plus a
    // ghost cell each side of a joined edge.
    // A triangular game is drawn on the whole Tri-board.
    let (lo, hi) = crate::table::look::mesh::drawn_layout(board.layout).bounds();
    let ghosts = |wrapped: bool| if wrapped { 2.0 * board.layout.cell_size() } else { 0.0 };
    let wide = hi[0] - lo[0] + ghosts(t.wrap() != Wrap::Flat);
    let deep = hi[1] - lo[1] + ghosts(t.wrap() == Wrap::Universal);
    let dice = session.map_or(0, |s| s.game.position().dice_count());
    let plates = board.layout.side_count() == 6 || session.is_some_and(|s| s.game.position().seating().count() > 2);
    let mut points = board_points(board, plates);
    if dice > 0 {
        // The dice tray stands left of the board (and hands, where the game has them, right of
        // it): frame the board and the tray, centred between them.
        let tray = crate::table::game::dice::tray_origin(t);
        let (hx, hz) = (crate::dice::TRAY_HALF[0] + 0.3, crate::dice::TRAY_HALF[1] + 0.3);
        points.extend([Vec3::new(tray.x - hx, 0.0, -hz), Vec3::new(tray.x - hx, 0.0, hz), Vec3::new(tray.x + hx, 0.0, hz)]);
    }
    if session.is_some_and(|s| s.game.position().look().hands) {
        // Two columns of pieces in hand right of the board.
        let x = wide / 2.0 + 2.0;
        points.extend([Vec3::new(x, 0.0, -deep / 2.0), Vec3::new(x, PIECE_TOP, deep / 2.0)]);
    }
    let (lo, hi) = points.iter().fold((Vec3::MAX, Vec3::MIN), |(lo, hi), &p| (lo.min(p), hi.max(p)));
    let focus = Vec3::new((lo.x + hi.x) / 2.0, 0.0, (lo.z + hi.z) / 2.0);
    for mut cam in cams.iter_mut() {
        // A first guess until the window's free room is known (see `fit_view`).
        *cam = OrbitCamera::framing((hi.x - lo.x).max(hi.z - lo.z) * 0.85);
        (cam.focus, cam.home_focus) = (focus, focus);
        cam.frame = points.clone();
        cam.refit = true;
    }
}

/// Fits the home view to the board (its [`OrbitCamera::frame`]) in the room the HUD's panels
/// leave ([`ViewMargins`]): on a new board, and again when the window or the panels change (the
/// view itself moves only if it was at home).
fn fit_view(margins: Res<ViewMargins>, mut cams: Query<(&mut OrbitCamera, &Camera, Option<&Projection>)>, mut last: Local<Option<(Vec2, ViewMargins)>>) {
    for (mut cam, camera, projection) in &mut cams {
        let Some(size) = camera.logical_viewport_size() else { continue };
        let now = Some((size, *margins));
        if !cam.refit && *last == now {
            continue;
        }
        *last = now;
        let fov = match projection {
            Some(Projection::Perspective(p)) => p.fov,
            _ => PerspectiveProjection::default().fov,
        };
        let Some(f) = fit(&cam.frame, cam.home_focus, (cam.seat_yaw, HOME_PITCH), fov, size, *margins, (ZOOM.0 * 2.0, ZOOM.1)) else {
            cam.refit = false;
            continue;
        };
        let at_home = cam.refit || (cam.distance - cam.home_distance).abs() < 1e-3;
        (cam.home_distance, cam.lead, cam.refit) = (f.distance, f.lead, false);
        if let Some((_, distance)) = cam.fly_to.as_mut().filter(|_| at_home) {
            // On its way home (to a board's new shape, say): it arrives at the new distance.
            *distance = f.distance;
        } else if at_home {
            cam.distance = f.distance;
        }
    }
}

/// When the turn passes, the camera turns (the short way round) to the side of the seat to
/// move, if the view follows the turn.
fn turn_to_seat(view: Res<TurnView>, mut cams: Query<&mut OrbitCamera>) {
    if !view.is_changed() {
        return;
    }
    for mut cam in &mut cams {
        cam.turn_to = view.target_yaw();
        if let Some(yaw) = cam.turn_to {
            cam.seat_yaw = yaw;
        }
    }
}

/// `C` flies the camera to frame every piece on the table (a growing cluster of tiles, say).
fn frame_cluster(keys: Option<Res<ButtonInput<KeyCode>>>, pieces: Query<&GlobalTransform, With<ChessPiece>>, mut cams: Query<&mut OrbitCamera>) {
    let Some(keys) = keys else { return };
    if !keys.just_pressed(KeyCode::KeyC) {
        return;
    }
    let mut lo = Vec3::splat(f32::MAX);
    let mut hi = Vec3::splat(f32::MIN);
    for t in &pieces {
        lo = lo.min(t.translation());
        hi = hi.max(t.translation());
    }
    if lo.x > hi.x {
        return;
    }
    let extent = (hi - lo).x.max((hi - lo).z) + 4.0;
    for mut cam in &mut cams {
        let home = OrbitCamera::framing(extent).distance;
        cam.fly_to = Some(((lo + hi) / 2.0 * Vec3::new(1.0, 0.0, 1.0), home));
    }
}

fn orbit(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    view: Res<TurnView>,
    mut cams: Query<&mut OrbitCamera>,
) {
    for mut cam in &mut cams {
        if buttons.pressed(MouseButton::Right) {
            cam.turn_to = None; // the player's own orbit wins over turning to the seat to move
            cam.yaw -= motion.delta.x * ORBIT_SPEED;
            cam.pitch = (cam.pitch + motion.delta.y * ORBIT_SPEED).clamp(cam.pitch_range.0, cam.pitch_range.1);
        }
        if buttons.pressed(MouseButton::Middle) {
            let (sin, cos) = cam.yaw.sin_cos();
            let right = Vec3::new(cos, 0.0, -sin);
            let forward = Vec3::new(-sin, 0.0, -cos);
            let k = cam.distance * 0.0015;
            cam.focus += (-right * motion.delta.x + forward * motion.delta.y) * k;
        }
        if scroll.delta.y != 0.0 {
            cam.distance = (cam.distance * (1.0 - scroll.delta.y * 0.1)).clamp(cam.nearest, ZOOM.1);
        }
        if keys.just_pressed(KeyCode::KeyR) {
            (cam.focus, cam.distance, cam.pitch) = (cam.home_focus, cam.home_distance, HOME_PITCH);
            (cam.fly_to, cam.turn_to) = (None, None);
            cam.yaw = view.target_yaw().unwrap_or(0.0);
            (cam.seat_yaw, cam.sun_yaw) = (cam.yaw, cam.yaw);
        }
    }
}

fn fly(time: Res<Time>, mut cams: Query<&mut OrbitCamera>) {
    for mut cam in &mut cams {
        // Turning to a seat: the short way round, easing in over about half a second.
        let k = (time.delta_secs() * 6.0).min(1.0);
        if let Some(yaw) = cam.turn_to {
            let gap = short_way(cam.yaw, yaw);
            cam.yaw += gap * k;
            if gap.abs() < 0.002 {
                cam.yaw = yaw;
                cam.turn_to = None;
            }
        }
        let sun_gap = short_way(cam.sun_yaw, cam.seat_yaw);
        if sun_gap != 0.0 {
            cam.sun_yaw = if sun_gap.abs() < 0.002 { cam.seat_yaw } else { cam.sun_yaw + sun_gap * k };
        }
        if let Some((focus, distance)) = cam.fly_to {
            let k = (time.delta_secs() * 6.0).min(1.0);
            cam.focus = cam.focus.lerp(focus, k);
            cam.distance += (distance - cam.distance) * k;
            if cam.focus.distance(focus) < 0.01 {
                cam.fly_to = None;
            }
        }
    }
}

fn place(mut cams: Query<(&OrbitCamera, &mut Transform)>, mut suns: Query<&mut Transform, (With<Sun>, Without<OrbitCamera>)>) {
    for (cam, mut t) in &mut cams {
        let (sy, cy) = cam.yaw.sin_cos();
        let (sp, cp) = cam.pitch.sin_cos();
        let offset = Vec3::new(sy * cp, sp, cy * cp) * cam.distance;
        // The lead turns with the view, so the board keeps its place in the window.
        let lead = (Vec3::new(cy, 0.0, -sy) * cam.lead.x + Vec3::new(-sy, 0.0, -cy) * cam.lead.y) * cam.distance;
        let target = cam.focus + lead;
        *t = Transform::from_translation(target + offset).looking_at(target, Vec3::Y);
        let sun = Transform::from_translation(Quat::from_rotation_y(cam.sun_yaw) * SUN_AT).looking_at(Vec3::ZERO, Vec3::Y);
        for mut s in &mut suns {
            s.set_if_neq(sun);
        }
    }
}

fn double_click_to_fly(ev: On<Pointer<Click>>, targets: Query<&GlobalTransform, Or<(With<Stack>, With<ChessPiece>)>>, mut cams: Query<&mut OrbitCamera>) {
    if ev.event().event.count < 2 {
        return;
    }
    if let Ok(t) = targets.get(ev.event().entity) {
        for mut cam in &mut cams {
            cam.fly_to = Some((t.translation(), 5.0));
        }
    }
}
