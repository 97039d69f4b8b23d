//! More ambient light while the board is bent: the sun lights the top of a cylinder or torus,
//! and the pieces hanging under it would otherwise be too dark to tell a square's colour or a
//! piece's kind. (Not a second light from below: the table's shaders light with the one sun,
//! directional light 0, and a second directional light could take its index.)

use bevy::prelude::*;

use crate::table::look::shape::morph::ShownShape;
use crate::table::look::visuals::AMBIENT_BRIGHTNESS;
use crate::table::schedule::{OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, brighten_underneath.in_set(TurnSystems::Draw).in_set(OnScreen::Table));
}

/// Ambient brightness added once the board is closed: about as much again as the table's, so
/// the underside reads while the sunlit top still stands out.
const BENT_EXTRA: f32 = 450.0;

fn brighten_underneath(shown: Res<ShownShape>, ambient: Option<ResMut<GlobalAmbientLight>>) {
    let Some(mut ambient) = ambient else { return };
    let want = AMBIENT_BRIGHTNESS + shown.bent().map_or(0.0, |b| b.roll * BENT_EXTRA);
    if ambient.brightness != want {
        ambient.brightness = want;
    }
}
