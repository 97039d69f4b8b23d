//! A soft light from under the table while the board is bent: the sun lights the top of a
//! cylinder or torus, and the pieces hanging under it would otherwise show only the ambient
//! light, too dark to tell a square's colour or a piece's kind.

use bevy::prelude::*;

use crate::table::look::shape::morph::ShownShape;
use crate::table::schedule::{AppState, OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, fill_from_below.in_set(TurnSystems::Draw).in_set(OnScreen::Table));
}

/// Lux of the light from below once the board is closed: about a third of the sun's 9000,
/// enough to read the underside, dim enough that it still reads as underneath.
const BELOW_LUX: f32 = 3000.0;

/// Marks the light from below.
#[derive(Component)]
pub struct FromBelow;

fn fill_from_below(shown: Res<ShownShape>, mut lights: Query<(Entity, &mut DirectionalLight), With<FromBelow>>, mut commands: Commands) {
    let lux = shown.bent().map_or(0.0, |b| b.roll * BELOW_LUX);
    // Unchanged, and a light where one is wanted (the launcher despawns it).
    if !shown.is_changed() && (lux > 0.0) == (lights.iter().count() == 1) {
        return;
    }
    match lights.single_mut() {
        Ok((e, _)) if lux == 0.0 => commands.entity(e).despawn(),
        Ok((_, mut light)) => light.illuminance = lux,
        Err(_) if lux > 0.0 => {
            commands.spawn((
                Name::new("Light from below"),
                FromBelow,
                // No shadows: one shadow map (the sun's) is what software renderers can afford.
                DirectionalLight { illuminance: lux, shadow_maps_enabled: false, ..default() },
                // From below, a little from the first seat's side and the right.
                Transform::from_xyz(2.0, -10.0, 4.0).looking_at(Vec3::ZERO, Vec3::Z),
                DespawnOnEnter(AppState::Launcher),
            ));
        }
        Err(_) => {}
    }
}
