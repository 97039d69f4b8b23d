//! The screens and their panels: the launcher and its resume line, the in-game HUD, its move
//! list and evaluation bar, an online room's panel, the board-shape button, the rules drawer, the file dialogs and the screenshot command.

use bevy::prelude::*;

pub mod dialogs;
pub mod eval_bar;
pub mod hud;
pub mod launcher;
pub mod move_list;
pub mod resume;
pub mod room_panel;
pub mod rules;
pub mod screenshot;
pub mod shape_button;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        launcher::plugin,
        resume::plugin,
        hud::plugin,
        move_list::plugin,
        dialogs::plugin,
        eval_bar::plugin,
        screenshot::plugin,
        rules::plugin,
        room_panel::plugin,
        shape_button::plugin,
    ));
}
