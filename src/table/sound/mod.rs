//! What the table sounds like: pieces set down, captures, stacks growing, dice striking the
//! tray and each other, a seat's turn, check and the game's end, all synthesised at startup
//! ([`synth`]); [`cues`] decides when from the game's own events, [`play`] plays them scaled
//! by the player's [`settings::SoundSettings`]. Presentation: added by `TableRenderPlugin`.

use bevy::prelude::*;

pub mod cues;
pub mod play;
pub mod settings;
pub mod synth;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((settings::plugin, play::plugin, cues::plugin));
}
