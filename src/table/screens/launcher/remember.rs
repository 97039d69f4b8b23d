//! The launcher remembers: it opens on the game, options and seats last chosen (kept in the
//! player's settings), and notes each new choice there.

use bevy::prelude::*;
use variant_rules::Game;

use super::choice::LauncherChoice;
use crate::table::game::seats::Seats;
use crate::table::persist::settings::Settings;
use crate::table::schedule::OnScreen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, restore).add_systems(Update, note.in_set(OnScreen::Launcher));
}

/// Opens on the last game chosen, seated as it was (the seats fitted to it if the saved ones
/// are for another table).
fn restore(settings: Res<Settings>, mut choice: ResMut<LauncherChoice>, mut seats: ResMut<Seats>) {
    let Some((id, opts)) = settings.last_game else { return };
    let Ok(game) = Game::new(id, opts, None) else { return };
    *choice = LauncherChoice::of(&game);
    if seats.count() != choice.seat_count() {
        seats.suit_seated(choice.id(), choice.seat_count(), choice.seating());
    }
}

fn note(choice: Res<LauncherChoice>, mut settings: ResMut<Settings>) {
    if !choice.is_changed() {
        return;
    }
    let last = Some((choice.id(), choice.options()));
    if settings.last_game != last {
        settings.last_game = last;
    }
}
