//! `variant-table screenshot`: once the scene has had time to build its pipelines, save one
//! frame of the primary window to a PNG and exit.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::table::look::framing::ViewMargins;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (hide_panels, aim, take_screenshot).run_if(resource_exists::<ScreenshotRequest>));
}

/// Frames rendered before the screenshot: software Vulkan compiles pipelines lazily, and a
/// mesh whose pipeline is not ready is simply not drawn, so we wait well past that.
pub const SETTLE_FRAMES: u32 = 60;
/// ... and at least this many seconds, for slow debug builds under Xvfb.
pub const SETTLE_SECONDS: f32 = 8.0;

/// Asks for a screenshot saved to `path`, then exit.
#[derive(Resource, Debug, Clone)]
pub struct ScreenshotRequest {
    pub path: PathBuf,
    pub frames: u32,
    pub taken: bool,
    /// Throw the dice with this seed first, and shoot once they rest.
    pub throw_seed: Option<u64>,
    /// Frames since the thrown dice came to rest.
    pub rested: u32,
    /// Cells to click once the scene is up (`--click`: a piece, then where it may go, shows the
    /// move highlights).
    pub clicks: Vec<variant_rules::Cell>,
    /// Hide the screens' panels: the table alone (the launcher's pictures of each game).
    pub board_only: bool,
    /// Look back at the position after this many moves (`--replay`), as the move list's buttons do.
    pub view: Option<usize>,
    /// Turn the orbit camera to this yaw and pitch (degrees) before shooting (`--orbit`): a
    /// bent board seen from round the side or from underneath.
    pub orbit: Option<(f32, f32)>,
    /// Ask for a hint once the scene is up (`--hint`): its move and the evaluation bar show.
    pub hint: bool,
}

impl ScreenshotRequest {
    /// A screenshot of the scene as it comes up.
    pub fn new(path: PathBuf) -> ScreenshotRequest {
        ScreenshotRequest {
            path,
            frames: 0,
            taken: false,
            throw_seed: None,
            rested: 0,
            clicks: Vec::new(),
            board_only: false,
            view: None,
            orbit: None,
            hint: false,
        }
    }
}

#[allow(clippy::too_many_arguments)] // one message writer per thing the shot can ask for
fn take_screenshot(
    mut req: ResMut<ScreenshotRequest>,
    time: Res<Time<Real>>,
    mut dice: ResMut<crate::table::game::dice::DiceTable>,
    mut throw: MessageWriter<crate::table::game::dice::ThrowDice>,
    mut clicks: MessageWriter<crate::table::game::input::CellClicked>,
    mut steps: MessageWriter<crate::table::game::replay::ReplayStep>,
    mut hints: MessageWriter<crate::table::game::ai::AskHint>,
    mut commands: Commands,
) {
    req.frames += 1;
    if req.frames == 5 && req.hint {
        hints.write(crate::table::game::ai::AskHint);
    }
    if req.frames == 5 {
        clicks.write_batch(req.clicks.iter().map(|&cell| crate::table::game::input::CellClicked { cell }));
        if let Some(ply) = req.view {
            steps.write(crate::table::game::replay::ReplayStep::To(ply));
        }
    }
    if let Some(seed) = req.throw_seed {
        // Throw once the scene is up; then wait for the dice to rest and a few frames more.
        if req.frames == 10 {
            dice.reseed(seed);
            throw.write(crate::table::game::dice::ThrowDice::default());
            return;
        }
        if req.frames < 10 || dice.in_flight() || dice.faces.is_empty() {
            return;
        }
        req.rested += 1;
        if req.rested < 20 {
            return;
        }
    }
    if req.taken || req.frames < SETTLE_FRAMES || time.elapsed_secs() < SETTLE_SECONDS {
        return;
    }
    req.taken = true;
    commands.spawn(Screenshot::primary_window()).observe(save_to_disk(req.path.clone())).observe(
        |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            exit.write(AppExit::Success);
        },
    );
}

/// `--orbit`: the camera turned to the asked yaw and pitch, held there until the shot.
fn aim(req: Res<ScreenshotRequest>, mut cams: Query<&mut crate::table::look::camera::OrbitCamera>) {
    let Some((yaw, pitch)) = req.orbit.filter(|_| req.frames >= 5) else { return };
    for mut cam in &mut cams {
        (cam.yaw, cam.pitch, cam.turn_to) = (yaw.to_radians(), pitch.to_radians(), None);
    }
}

/// `--board-only`: every panel hidden and the board framed in the whole window, the table alone.
fn hide_panels(req: Res<ScreenshotRequest>, mut panels: Query<&mut Visibility, (With<Node>, Without<ChildOf>)>, mut margins: ResMut<ViewMargins>) {
    if req.board_only {
        for mut v in &mut panels {
            v.set_if_neq(Visibility::Hidden);
        }
        margins.set_if_neq(ViewMargins::default());
    }
}
