//! Keeping games and settings: save files, the autosave after every move, game records (PGN),
//! atomic writes, where the data directory is, and the settings that last between runs.

use bevy::prelude::*;

pub mod atomic;
pub mod autosave;
pub mod data_dir;
pub mod records;
pub mod save;
pub mod settings;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((save::plugin, autosave::plugin, settings::plugin));
}
