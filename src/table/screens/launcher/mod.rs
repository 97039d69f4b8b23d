//! The launcher screen, for the mouse first: the games as cards by family, the chosen game's
//! options and seats as chips and buttons, Play, Resume and Open, the Online panel (host, join
//! by code, watch, rejoin); every key of the keyboard launcher still works.

use bevy::prelude::*;

mod actions;
mod cards;
mod choice;
mod keys;
mod layout;
mod online;
mod online_panel;
mod remember;
mod setup;

pub use actions::{LauncherAction, Outcome, apply};
pub use cards::{GameCard, grouped, picture_path};
pub use choice::{DESCRIPTION_WIDTH, Focus, LauncherChoice, LauncherKey, games, options_line, seats_text, short_description};
pub use online::{CLOCKS, OnlineAsk, OnlineForm, request};

/// The launcher's systems and observers (public so headless tests can drive it with clicks).
pub fn plugin(app: &mut App) {
    app.init_resource::<LauncherChoice>().add_plugins((
        layout::plugin,
        cards::plugin,
        setup::plugin,
        actions::plugin,
        keys::plugin,
        remember::plugin,
        online::plugin,
        online_panel::plugin,
    ));
}
