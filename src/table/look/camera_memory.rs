//! The camera remembered between runs: the pitch and zoom the player last chose with the mouse
//! (kept in the settings that last), applied to each board's framed view.

use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;

use crate::table::look::camera::OrbitCamera;
use crate::table::persist::settings::Settings;
use crate::table::schedule::TurnSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (restore, remember).chain().in_set(TurnSystems::Draw));
}

/// When a board is framed anew (its home distance changes), the view takes the remembered
/// pitch and zoom (a zoom is a fraction of the framed distance, so it suits every board).
fn restore(settings: Res<Settings>, mut cams: Query<&mut OrbitCamera>, mut framed: Local<f32>) {
    let Some((pitch, zoom)) = settings.camera else { return };
    for mut cam in &mut cams {
        if cam.home_distance != *framed {
            *framed = cam.home_distance;
            cam.pitch = pitch;
            cam.distance = cam.home_distance * zoom;
        }
    }
}

/// Notes the pitch and zoom the player sets with the mouse (right-drag, the wheel); the
/// settings are written once they rest.
fn remember(buttons: Res<ButtonInput<MouseButton>>, scroll: Res<AccumulatedMouseScroll>, cams: Query<&OrbitCamera>, mut settings: ResMut<Settings>) {
    if !buttons.just_released(MouseButton::Right) && scroll.delta.y == 0.0 {
        return;
    }
    for cam in &cams {
        if cam.home_distance > 0.0 {
            let now = Some((cam.pitch, cam.distance / cam.home_distance));
            if settings.camera != now {
                settings.camera = now;
            }
        }
    }
}
