//! The game in progress, without drawing: the session and its commands, the seats, clicks
//! turned into moves, the dice, the computer's seats, the turn's phase, what just happened, the view's
//! side and the replay of earlier moves.

use bevy::prelude::*;

pub mod ai;
pub mod dice;
pub mod input;
pub mod phase;
pub mod recap;
pub mod replay;
pub mod seats;
pub mod session;
pub mod view;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((session::plugin, seats::plugin, input::plugin, dice::plugin, ai::plugin, view::plugin, phase::plugin, recap::plugin, replay::plugin));
}
