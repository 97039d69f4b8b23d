//! The tabletop: app states, the ordered turn pipeline, and the plugins that make up a game.
//!
//! A move flows through [`TurnSystems`] in one frame: pointer input becomes [`input::CellClicked`]
//! messages, the selection is validated against the rules, the move is applied to the
//! [`session::Session`], the ECS mirror of the board is rebuilt and animated, and the outcome is
//! resolved. The rules engine's position is the truth; entities only mirror it. A seat the
//! computer plays sends its moves down the same pipeline ([`ai`]).

use bevy::prelude::*;

pub mod ai;
pub mod atomic;
pub mod autosave;
pub mod board;
pub mod camera;
pub mod data_dir;
pub mod dialogs;
pub mod dice;
pub mod dice_view;
pub mod double_chess;
pub mod drag;
pub mod hud;
pub mod input;
pub mod launcher;
pub mod marks;
pub mod pieces;
pub mod resume;
pub mod save;
pub mod screenshot;
pub mod seats;
pub mod session;
pub mod view;
pub mod visuals;

/// Which screen the table shows.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AppState {
    /// Choosing a game, its topology and options.
    #[default]
    Launcher,
    /// A game in progress.
    Playing,
    /// A finished game, still on the table, with the result shown.
    GameOver,
}

/// The turn pipeline, run in this order every frame (chained in [`TablePlugin`]).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnSystems {
    /// Pointer and keyboard input become messages (cell clicks, commands).
    Input,
    /// Clicks are checked against the rules: selection, hop-by-hop jump paths, chosen moves.
    Validate,
    /// Chosen moves, undo/redo, new game and load are applied to the rules session.
    Apply,
    /// The ECS mirror is rebuilt from the rules position and moved pieces start animating.
    Animate,
    /// The outcome is read and the app state follows it.
    Resolve,
    /// The HUD shows whose turn it is, the move list and messages.
    EndTurn,
}

/// Everything a game needs that does not draw: works under `MinimalPlugins` + `StatesPlugin`.
pub struct TablePlugin;

impl Plugin for TablePlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<AppState>();
        app.configure_sets(
            Update,
            (TurnSystems::Input, TurnSystems::Validate, TurnSystems::Apply, TurnSystems::Animate, TurnSystems::Resolve, TurnSystems::EndTurn).chain(),
        );
        app.add_plugins((
            session::plugin,
            seats::plugin,
            board::plugin,
            pieces::plugin,
            input::plugin,
            save::plugin,
            autosave::plugin,
            dice::plugin,
            view::plugin,
            ai::plugin,
        ));
    }
}

/// What a window adds: meshes and materials, lights, the orbit camera, the HUD, picking.
pub struct TableRenderPlugin;

impl Plugin for TableRenderPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            visuals::plugin,
            board::dress::plugin,
            board::highlights::plugin,
            seats::plates::plugin,
            marks::plugin,
            camera::plugin,
            drag::plugin,
            launcher::plugin,
            hud::plugin,
            screenshot::plugin,
            dice_view::plugin,
            dialogs::plugin,
            resume::plugin,
        ));
    }
}
