//! `variant-table screenshot`: once the scene has had time to build its pipelines, save one
//! frame of the primary window to a PNG and exit.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{save_to_disk, Screenshot, ScreenshotCaptured};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, take_screenshot.run_if(resource_exists::<ScreenshotRequest>));
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
}

fn take_screenshot(mut req: ResMut<ScreenshotRequest>, time: Res<Time<Real>>, mut commands: Commands) {
    req.frames += 1;
    if req.taken || req.frames < SETTLE_FRAMES || time.elapsed_secs() < SETTLE_SECONDS {
        return;
    }
    req.taken = true;
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(req.path.clone()))
        .observe(|_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            exit.write(AppExit::Success);
        });
}
