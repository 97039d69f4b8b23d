//! `variant-table`: the 3D table. With no arguments it opens on the launcher (Enter starts
//! Stax on the flat board); `play <game>` opens straight into a game, `screenshot` saves one
//! frame of a game to a PNG, and `text <game>` plays in the terminal.

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use clap::{Args, Parser, Subcommand};
use variant_rules::cli::OptionArgs;
use variant_rules::Game;
use variant_table::table::screenshot::ScreenshotRequest;
use variant_table::table::session::{PositionChanged, Session};
use variant_table::table::{AppState, TablePlugin, TableRenderPlugin};

#[derive(Parser)]
#[command(name = "variant-table", version, about = "A 3D tabletop for chess and checkers variants")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Args)]
struct GameArgs {
    /// Game id (`variant-rules games` lists them).
    game: String,
    #[command(flatten)]
    options: OptionArgs,
    /// Moves to play first, in the game's notation, separated by spaces.
    #[arg(long, default_value = "")]
    moves: String,
}

impl GameArgs {
    fn game(&self) -> Result<Game, String> {
        let (id, opts) = self.options.resolve(&self.game)?;
        let mut game = Game::new(id, opts, None)?;
        for (i, m) in self.moves.split_whitespace().enumerate() {
            game.play(m).map_err(|e| format!("move {} '{m}' {e}", i + 1))?;
        }
        Ok(game)
    }
}

#[derive(Subcommand)]
enum Command {
    /// Open the table straight into a game.
    Play(GameArgs),
    /// Open a game, play the moves, save one frame to a PNG and exit.
    Screenshot {
        #[command(flatten)]
        game: GameArgs,
        /// Where to write the PNG.
        #[arg(long)]
        out: PathBuf,
        /// Window size, WIDTHxHEIGHT.
        #[arg(long, default_value = "1280x720", value_parser = parse_size)]
        size: (u32, u32),
    },
    /// Play in the terminal, hot-seat.
    Text(GameArgs),
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s.split_once('x').ok_or_else(|| format!("size '{s}' is not WIDTHxHEIGHT"))?;
    let n = |v: &str| v.parse::<u32>().ok().filter(|&n| (64..=7680).contains(&n)).ok_or_else(|| format!("size '{s}' needs two numbers from 64 to 7680"));
    Ok((n(w)?, n(h)?))
}

fn window_app(size: (u32, u32), title: &str) -> App {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: title.into(),
            resolution: WindowResolution::new(size.0, size.1),
            ..default()
        }),
        ..default()
    }))
    .add_plugins((TablePlugin, TableRenderPlugin));
    app
}

/// Starts the app on `game` instead of the launcher.
fn start_on(app: &mut App, game: Game) {
    app.insert_resource(Session::new(game));
    app.insert_state(AppState::Playing);
    app.world_mut().write_message(PositionChanged::default());
}

fn main() -> ExitCode {
    let cli = match variant_rules::cli::parse_or_exit::<Cli>("variant-table") {
        Ok(c) => c,
        Err(code) => return code,
    };
    let fail = |e: String| {
        eprintln!("variant-table: {e}");
        ExitCode::from(2)
    };
    match cli.command {
        None => {
            window_app((1280, 720), "Variant Table").run();
        }
        Some(Command::Play(args)) => {
            let game = match args.game() {
                Ok(g) => g,
                Err(e) => return fail(e),
            };
            let mut app = window_app((1280, 720), "Variant Table");
            start_on(&mut app, game);
            app.run();
        }
        Some(Command::Screenshot { game, out, size }) => {
            let game = match game.game() {
                Ok(g) => g,
                Err(e) => return fail(e),
            };
            let mut app = window_app(size, "Variant Table screenshot");
            start_on(&mut app, game);
            app.insert_resource(ScreenshotRequest { path: out.clone(), frames: 0, taken: false });
            app.run();
            if !out.exists() {
                return fail(format!("no screenshot was written to {}", out.display()));
            }
        }
        Some(Command::Text(args)) => {
            return match args.game() {
                Ok(g) => variant_table::terminal::run(g),
                Err(e) => fail(e),
            };
        }
    }
    ExitCode::SUCCESS
}
