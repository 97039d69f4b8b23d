//! Keeping games: save files, the autosave after every move, atomic writes and where the data
//! directory is.

use bevy::prelude::*;

pub mod atomic;
pub mod autosave;
pub mod data_dir;
pub mod save;
pub mod settings;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((save::plugin, autosave::plugin, settings::plugin));
}
