//! The ECS mirror of the rules position: the board entity with its cells, and the pieces,
//! stacks, hands and piles on it, and the pieces taken off it, rebuilt whenever the position changes and animated when a
//! move was played.

use bevy::prelude::*;

pub mod board;
pub mod pieces;
pub mod taken;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((board::plugin, pieces::plugin, taken::plugin));
}
