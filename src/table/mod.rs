//! The tabletop, one folder per concern: [`schedule`] declares the screens, the turn phases
//! and the ordered sets; [`game`] holds the game in progress (session, seats, input, dice, the
//! computer, the view); [`online`] links the table to a server's room; [`mirror`] is the ECS mirror of the rules position (board, cells,
//! pieces); [`persist`] saves and loads; [`look`], [`screens`] and [`sound`] are what a window
//! adds (meshes, materials, the camera; the launcher, the HUD; the sounds). Rooms import
//! downward: the logic folders never import `look`, `screens` or `sound`, so [`TablePlugin`]
//! runs under `MinimalPlugins`.
//!
//! The rules engine's position is the truth; entities only mirror it. A seat the computer
//! plays sends its moves down the same pipeline as a click ([`game::ai`]).

use bevy::prelude::*;

pub mod game;
pub mod geometry;
pub mod look;
pub mod mirror;
pub mod online;
pub mod persist;
pub mod schedule;
pub mod screens;
pub mod sets;
pub mod sound;

/// Everything a game needs that does not draw: works under `MinimalPlugins` + `StatesPlugin`.
pub struct TablePlugin;

impl Plugin for TablePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((schedule::plugin, game::plugin, mirror::plugin, persist::plugin, online::plugin));
    }
}

/// What a window adds: meshes and materials, lights, the orbit camera, the HUD, picking, sound.
pub struct TableRenderPlugin;

impl Plugin for TableRenderPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((look::plugin, screens::plugin, sound::plugin));
    }
}
