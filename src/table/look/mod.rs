//! What a window draws of the table: piece models and materials, the board's mesh and dress,
//! the pieces' level of detail, the true-shape view, highlights, the last move and check, seat plates, marks, the dice and their tray, the orbit camera and dragging,
//! and the panel and text widgets the screens share.

use bevy::prelude::*;

pub mod camera;
pub mod camera_memory;
pub mod detail;
pub mod dice_view;
pub mod drag;
pub mod dress;
pub mod framing;
pub mod highlights;
pub mod last_move;
pub mod marks;
pub mod mesh;
pub mod models;
pub mod plates;
pub mod shape;
pub mod solids;
pub mod visuals;
pub mod widgets;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        visuals::plugin,
        dress::plugin,
        highlights::plugin,
        last_move::plugin,
        plates::plugin,
        marks::plugin,
        camera::plugin,
        camera_memory::plugin,
        detail::plugin,
        drag::plugin,
        dice_view::plugin,
        widgets::plugin,
        shape::plugin,
    ));
}
