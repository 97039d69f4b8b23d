//! Helpers the app's headless tests share: a table without a window, frames run until things
//! settle (or until the computer has thought), and games started as the launcher starts them.
#![allow(dead_code)]

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use variant_rules::{Cell, Game};
use variant_table::table::TablePlugin;
use variant_table::table::game::input::CellClicked;
use variant_table::table::game::seats::Seats;
use variant_table::table::game::session::{GameCommand, PositionChanged, Session};
use variant_table::table::geometry::{layout_of, plane_to_world};
use variant_table::table::mirror::board::{Board, cell_at};
use variant_table::table::persist::data_dir::SavePaths;
use variant_table::table::schedule::AppState;
use variant_table::table::screens::launcher::{LauncherChoice, LauncherKey};

/// A table with no window and `paths` for its saves; every update advances a quarter second,
/// so move animations finish in a few frames.
pub fn headless(paths: SavePaths) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, TablePlugin));
    app.insert_resource(paths);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(250)));
    app
}

/// A table already playing `game` with saves at `paths`, seated as `variant-table play` seats
/// it (its sets' colours).
pub fn playing(game: Game, paths: SavePaths) -> App {
    let mut app = headless(paths);
    let mut seats = Seats::default();
    seats.suit_game(&game);
    app.insert_resource(seats);
    app.insert_resource(Session::new(game));
    app.insert_state(AppState::Playing);
    app.world_mut().write_message(PositionChanged::default());
    settle(&mut app);
    app
}

/// Saves kept out of the player's data directory, autosave off, under the temporary directory.
pub fn scratch_saves(dir: &str) -> SavePaths {
    SavePaths { autosave: false, ..SavePaths::at(std::env::temp_dir().join(dir)) }
}

/// Runs enough frames for messages to be handled and animations to finish.
pub fn settle(app: &mut App) {
    for _ in 0..12 {
        app.update();
    }
}

pub fn session(app: &App) -> &Session {
    app.world().resource::<Session>()
}

/// Presses `keys` on the launcher, then Enter, and starts the chosen game on `app`.
pub fn start_from_keys(app: &mut App, keys: &[LauncherKey]) {
    settle(app);
    let mut choice = LauncherChoice::default();
    let game = {
        let mut seats = app.world_mut().resource_mut::<Seats>();
        for key in keys {
            assert!(choice.on_key(&mut seats, key).is_none(), "{key:?} does not start a game");
        }
        choice.on_key(&mut seats, &LauncherKey::Enter).expect("Enter starts a game").expect("the game starts")
    };
    app.world_mut().write_message(GameCommand::NewGame(Box::new(game)));
    settle(app);
}

/// Runs frames with real time passing too (the computer thinks on the wall clock) until
/// `done` holds or `secs` seconds have gone by; returns whether it held.
pub fn run_until(app: &mut App, secs: f64, done: impl Fn(&App) -> bool) -> bool {
    let start = std::time::Instant::now();
    while start.elapsed().as_secs_f64() < secs {
        app.update();
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    false
}

/// Clicks the table at a world point as the board's picking observer does: the point is turned
/// into the cell under it through the board's layout, and that cell is clicked.
pub fn click_at(app: &mut App, at: Vec3) -> Cell {
    let world = app.world_mut();
    let board = world.query::<&Board>().single(world).expect("one board on the table");
    let cell = cell_at(board, at).unwrap_or_else(|| panic!("no cell under {at}"));
    world.write_message(CellClicked { cell });
    app.update();
    cell
}

/// A point inside `cell` away from its centre: `t` of the way towards its corner `k`.
pub fn inside(app: &App, cell: Cell, k: usize, t: f32) -> Vec3 {
    let layout = layout_of(session(app).game.position().topology());
    let (c, p) = (layout.centre(cell), layout.polygon(cell).corners()[k]);
    plane_to_world([c[0] + (p[0] - c[0]) * t, c[1] + (p[1] - c[1]) * t])
}
