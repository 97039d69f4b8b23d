//! The true-shape view: a board whose edges join drawn bent into a cylinder or a torus
//! (the engine's Bevy-free [`variant_rules::bend`]), morphing from and to the flat board.
//! Everything else at the table keeps working in flat table coordinates; this room only
//! changes where things are drawn and maps the pointer back.

use bevy::prelude::*;

pub mod conform;
pub mod framing;
pub mod light;
pub mod morph;
pub mod pose;

/// The view's systems (public so headless tests can add them without a window: they need
/// only meshes as assets).
pub fn plugin(app: &mut App) {
    app.add_plugins((morph::plugin, conform::plugin, pose::plugin, framing::plugin, light::plugin));
}
