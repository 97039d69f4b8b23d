//! `variant-table`: the 3D table. With no arguments it opens on the launcher (Enter starts
//! Stax on the flat board); `play <game>` opens straight into a game, `screenshot` saves one
//! frame of a game to a PNG, and `text <game>` plays in the terminal.

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use clap::{Args, Parser, Subcommand};
use variant_rules::cli::OptionArgs;
use variant_rules::{Game, Position, Seat};
use variant_server::link::Entrance;
use variant_table::table::game::seats::{Controller, Seats};
use variant_table::table::game::session::{PositionChanged, Session};
use variant_table::table::game::view::BoardShape;
use variant_table::table::online::link::GoOnline;
use variant_table::table::persist::data_dir::SavePaths;
use variant_table::table::persist::save::{clip, guarded};
use variant_table::table::persist::settings::{SettingsFile, SettingsPlugin};
use variant_table::table::schedule::AppState;
use variant_table::table::screens::launcher::LauncherChoice;
use variant_table::table::screens::rules::RulesDrawer;
use variant_table::table::screens::screenshot::ScreenshotRequest;
use variant_table::table::{TablePlugin, TableRenderPlugin};

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
    #[arg(long, allow_hyphen_values = true, default_value = "")]
    moves: String,
    /// Start from this position (the game's text form, `docs/notation.md`) instead of the
    /// standard start.
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
    /// At the table: the seats the computer plays, by letter (`b`; `a,b` for a game between
    /// computers), each with its time per move if not 1 s (`b:5000`).
    #[arg(long, value_name = "SEATS")]
    computer: Option<String>,
}

impl GameArgs {
    fn game(&self) -> Result<Game, String> {
        let (id, opts) = self.options.resolve(&self.game)?;
        let mut game = Game::new(id, opts, self.position.as_deref())?;
        for (i, m) in self.moves.split_whitespace().enumerate() {
            // Guarded: even a move that makes the rules engine panic is one line and exit 2.
            let what = || format!("move {} '{}'", i + 1, clip(m, 24));
            guarded(what, || game.play(m).map_err(|e| format!("{} {e}", what())))?;
        }
        Ok(game)
    }

    /// The seats for `game`, with the computer on the seats `--computer` names.
    fn seats(&self, game: &Game) -> Result<Seats, String> {
        let mut seats = Seats::default();
        let count = game.position().seating().count();
        seats.suit_game(game);
        for part in self.computer.iter().flat_map(|c| c.split(',')).map(str::trim).filter(|p| !p.is_empty()) {
            let (letter, ms) = part.split_once(':').unwrap_or((part, "1000"));
            let bad = || format!("--computer: '{}' is not a seat letter (A to {}) with an optional time in ms", clip(part, 24), Seat(count as u8 - 1).letter());
            let index = match letter.to_ascii_uppercase().as_bytes() {
                [c @ b'A'..=b'Z'] if usize::from(c - b'A') < count => usize::from(c - b'A'),
                _ => return Err(bad()),
            };
            let movetime_ms = ms.parse::<u32>().ok().filter(|ms| (1..=600_000).contains(ms)).ok_or_else(bad)?;
            seats.seats[index].controller = Controller::Computer { movetime_ms };
        }
        Ok(seats)
    }
}

/// What a screenshot shows and where it goes.
#[derive(Args)]
struct ShotArgs {
    /// Show the launcher screen instead of the game.
    #[arg(long)]
    launcher: bool,
    /// Where to write the PNG.
    #[arg(long)]
    out: PathBuf,
    /// Window size, WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x720", value_parser = parse_size)]
    size: (u32, u32),
    /// Dice games: throw the dice with this seed and shoot once they rest.
    #[arg(long)]
    throw: Option<u64>,
    /// Click these cells (names, separated by spaces) before shooting: a piece shows
    /// where it may go.
    #[arg(long, default_value = "")]
    click: String,
    /// The table alone, without the panels (the launcher's pictures of the games).
    #[arg(long)]
    board_only: bool,
    /// Look back at the position after this many moves (as the move list's buttons and the
    /// arrow keys do) before shooting.
    #[arg(long)]
    replay: Option<usize>,
    #[command(flatten)]
    look: LookArgs,
    /// Open the rules drawer (F1) before shooting (`--rules` is Dice Chess's rule set).
    #[arg(long)]
    rules_drawer: bool,
    /// Ask for a hint (H) before shooting: the suggested move and the evaluation bar.
    #[arg(long)]
    hint: bool,
    /// Turn the camera to YAW,PITCH in degrees before shooting (0,54 is the first seat's
    /// view; a negative pitch looks from under the table, at a board bent into its true shape).
    #[arg(long, value_parser = parse_orbit, allow_hyphen_values = true)]
    orbit: Option<(f32, f32)>,
    /// Sit at a room of the server at this address instead (with --room; the game's
    /// arguments are then the room's).
    #[arg(long, requires = "room")]
    server: Option<String>,
    #[command(flatten)]
    room: RoomArgs,
}

/// How the board is drawn.
#[derive(Args)]
struct LookArgs {
    /// Draw a board whose edges join flat (with ghost cells) or bent into its true shape (a
    /// cylinder, a torus); without it, as the player last chose (flat, for a screenshot). For
    /// `play` it is a choice that lasts, as T's is.
    #[arg(long, value_parser = ["flat", "true-shape"])]
    view: Option<String>,
}

impl LookArgs {
    /// Sets the board's shape for `app` where `--view` asks.
    fn apply(&self, app: &mut App) {
        if let Some(view) = &self.view {
            app.insert_resource(BoardShape { true_shape: view == "true-shape", ..default() });
        }
    }
}

/// Which room of a server to sit at.
#[derive(Args, Clone)]
struct RoomArgs {
    /// The room's code.
    #[arg(long)]
    room: Option<String>,
    /// The seat to take (a letter), `any` for the first free one, or `watch` to watch.
    #[arg(long, default_value = "any")]
    seat: String,
}

impl RoomArgs {
    /// The link to open for this room on `server`.
    fn go(&self, server: &str) -> Result<GoOnline, String> {
        let room = self.room.clone().ok_or("--room: which room?")?.trim().to_ascii_uppercase();
        let entrance = if self.seat.eq_ignore_ascii_case("watch") { Entrance::Watch { room } } else { Entrance::Join { room, seat: self.seat.clone() } };
        Ok(GoOnline { server: server.to_string(), entrance, host: false })
    }
}

#[derive(Subcommand)]
enum Command {
    /// Open the table straight into a game.
    Play {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        look: LookArgs,
    },
    /// Open a game, play the moves, save one frame to a PNG and exit.
    Screenshot {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        shot: ShotArgs,
    },
    /// Measure median frame time and startup of a scene (see scripts/bench-render.sh).
    FrameBench {
        /// `stax` (a mid-game Stax table), `stax-torus` (one on the universal board, bent into a
        /// torus), `doubles` (48 checkers, four seats), `tri-chess-6` (six
        /// chess sets round a hexagon) or `bare` (one cube, one light).
        scene: String,
        /// Frames to measure after the warm-up.
        #[arg(long, default_value_t = 300)]
        frames: u32,
    },
    /// Play in the terminal, hot-seat.
    Text(GameArgs),
    /// Throw dice headless (no window, no GPU) and report how fair and how fast they are.
    DiceStats {
        /// How many rolls.
        #[arg(long, default_value_t = 10_000)]
        throws: u32,
        /// Seed of the first roll (roll i uses splitmix64(seed + i)).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Dice per roll: 1 (Chec Toe, BrainKing) or 2 (Dice Chess).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
        dice: u8,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Host network games (no window, no GPU): rooms, the rules and dice decided here, records
    /// in SQLite or Postgres (the same as `variant-server serve`).
    Serve(variant_server::cli::ServeArgs),
    /// Play one seat of a network game headless with a controller, print the result, exit
    /// (the same as `variant-server bot`).
    Bot(Box<variant_server::cli::BotArgs>),
    /// Open the table straight into a room of a server (as the launcher's Join does).
    Join {
        /// The server's address, HOST:PORT.
        #[arg(long)]
        server: String,
        #[command(flatten)]
        room: RoomArgs,
    },
}

/// A Stax game that leaves stacks of up to seven checkers (seeded random play preferring jumps).
const BENCH_MOVES: &str = "e3-f4 d6-e5 f4xd6 c7xe5 g3-h4 b8-c7 h2-g3 f6-g5 h4xf6 e7xg5 d2-e3 b6-a5 e3-f4 g5xe3 \
    f2xd4 f8-e7 e1-d2 h6-g5 c3-b4 a5xc3xe1 b2-c3 a7-b6 g1-h2 e5-f4 g3xe5 e1-d2 f4xh6xf8 d2xf4 e5xg7 \
    f4xd2xb4 a3xc5xa7 h8xf6 f8xh6 d6-c5 b4xd6xf8 f6-e5 d4xf6xh8 c7-b6 e5-f6 b6-a5 a7-b8 d8-c7 b8xd6 a5-b4";

fn parse_orbit(s: &str) -> Result<(f32, f32), String> {
    let (y, p) = s.split_once(',').ok_or_else(|| format!("orbit '{s}' is not YAW,PITCH"))?;
    let yaw = y.trim().parse::<f32>().ok().filter(|v| v.is_finite()).ok_or_else(|| format!("orbit '{s}': the yaw is not a number of degrees"))?;
    let pitch =
        p.trim().parse::<f32>().ok().filter(|v| (-89.0..=89.0).contains(v)).ok_or_else(|| format!("orbit '{s}': the pitch needs degrees from -89 to 89"))?;
    Ok((yaw, pitch))
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s.split_once('x').ok_or_else(|| format!("size '{s}' is not WIDTHxHEIGHT"))?;
    let n = |v: &str| v.parse::<u32>().ok().filter(|&n| (64..=7680).contains(&n)).ok_or_else(|| format!("size '{s}' needs two numbers from 64 to 7680"));
    Ok((n(w)?, n(h)?))
}

/// Whether a window can be opened at all: winit panics without a display, so say so first.
fn display_available() -> Result<(), String> {
    if cfg!(target_os = "linux") && ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"].iter().all(|v| std::env::var_os(v).is_none_or(|s| s.is_empty())) {
        return Err(
            "no display to open a window on (set DISPLAY or WAYLAND_DISPLAY, or run under xvfb-run -a; `variant-table text` plays in the terminal)".into()
        );
    }
    Ok(())
}

fn window_app(size: (u32, u32), title: &str) -> App {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window { title: title.into(), resolution: WindowResolution::new(size.0, size.1), ..default() }),
                ..default()
            })
            // A thread for the computer's search besides the one the renderer compiles on.
            .set(TaskPoolPlugin { task_pool_options: variant_table::table::game::ai::task_pool_options() }),
    )
    .add_plugins((TablePlugin, TableRenderPlugin));
    app
}

/// The table a player runs: the window as large as they left it, their settings remembered
/// (see `persist::settings`).
fn player_app() -> App {
    let remembered = SettingsPlugin::read(SettingsFile::from_env());
    // 1280x720 unless the player resized it: the size the table's panels are laid out for.
    let size = remembered.settings.window.map_or((1280, 720), |(w, h)| (w.round() as u32, h.round() as u32));
    let mut app = window_app(size, "Variant Table");
    app.add_plugins(remembered);
    app
}

/// Starts the app on `game` instead of the launcher.
fn start_on(app: &mut App, game: Game, seats: Seats) {
    app.insert_resource(seats);
    app.insert_resource(Session::new(game));
    app.insert_state(AppState::Playing);
    app.world_mut().write_message(PositionChanged::default());
}

fn main() -> ExitCode {
    let cli = match variant_rules::cli::parse_or_exit::<Cli>("variant-table") {
        Ok(c) => c,
        Err(code) => return code,
    };
    let windowed = !matches!(cli.command, Some(Command::Text(_) | Command::DiceStats { .. } | Command::Serve(_) | Command::Bot(_)));
    let result = if windowed && let Err(e) = display_available() { Err(e) } else { run(cli.command) };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("variant-table: {e}");
            ExitCode::from(2)
        }
    }
}

/// Carries out a command; an error is the one line printed before exiting with code 2.
fn run(command: Option<Command>) -> Result<ExitCode, String> {
    match command {
        None => {
            player_app().run();
        }
        Some(Command::Play { game: args, look }) => {
            let game = args.game()?;
            let seats = args.seats(&game)?;
            let mut app = player_app();
            look.apply(&mut app);
            start_on(&mut app, game, seats);
            app.run();
        }
        Some(Command::Screenshot { game, shot }) => screenshot(&game, shot)?,
        Some(Command::FrameBench { scene, frames }) => frame_bench(&scene, frames)?,
        Some(Command::DiceStats { throws, seed, dice, json }) => dice_stats(throws, seed, dice, json)?,
        Some(Command::Serve(args)) => variant_server::cli::serve(&args)?,
        Some(Command::Bot(args)) => variant_server::cli::bot(&args)?,
        Some(Command::Join { server, room }) => {
            let go = room.go(&server)?;
            let mut app = player_app();
            app.world_mut().write_message(go);
            app.run();
        }
        Some(Command::Text(args)) => {
            if args.computer.is_some() {
                return Err("--computer: the terminal is for players only; the computer plays at the table".into());
            }
            return Ok(variant_table::terminal::run(args.game()?));
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn screenshot(args: &GameArgs, shot: ShotArgs) -> Result<(), String> {
    let ShotArgs { launcher, out, size, throw, click, board_only, replay, look, rules_drawer, hint, orbit, server, room } = shot;
    let game = args.game()?;
    let seats = args.seats(&game)?;
    let topo = game.position().topology();
    let clicks = click
        .split_whitespace()
        .map(|name| topo.parse_cell(name).ok_or_else(|| format!("--click: '{}' is not a cell of the board", clip(name, 24))))
        .collect::<Result<Vec<_>, _>>()?;
    if throw.is_some() && game.id().dice(game.options()) == 0 {
        return Err(format!("--throw: {} has no dice", game.id()));
    }
    let mut app = window_app(size, "Variant Table screenshot");
    look.apply(&mut app);
    if let Some(server) = server {
        app.world_mut().write_message(room.go(&server)?);
    } else if launcher {
        app.insert_resource(seats);
        app.insert_resource(LauncherChoice::of(&game));
    } else {
        start_on(&mut app, game, seats);
    }
    app.insert_resource(ScreenshotRequest { throw_seed: throw, clicks, board_only, view: replay, orbit, hint, ..ScreenshotRequest::new(out.clone()) });
    if rules_drawer {
        app.insert_resource(RulesDrawer { open: true });
    }
    // A screenshot is not a game being played: it leaves the player's autosave alone.
    app.insert_resource(SavePaths { autosave: false, ..SavePaths::from_env() });
    app.run();
    if !out.exists() {
        return Err(format!("no screenshot was written to {}", out.display()));
    }
    Ok(())
}

fn frame_bench(scene: &str, frames: u32) -> Result<(), String> {
    let launched = std::time::Instant::now();
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window { title: "frame bench".into(), resolution: WindowResolution::new(1280, 720), ..default() }),
        ..default()
    }));
    match scene {
        "bare" => {
            app.add_systems(Startup, variant_table::bench::bare_scene);
        }
        "stax" => {
            app.add_plugins((TablePlugin, TableRenderPlugin));
            let game = GameArgs { game: "stax".into(), options: OptionArgs::default(), moves: BENCH_MOVES.into(), position: None, computer: None };
            let g = game.game()?;
            let seats = game.seats(&g)?;
            start_on(&mut app, g, seats);
        }
        "stax-torus" => {
            // The same table on the universal board, bent into a torus: its first 33 plies (the
            // 34th is no move there, where a jump round the edge is compulsory).
            app.add_plugins((TablePlugin, TableRenderPlugin));
            app.insert_resource(BoardShape { true_shape: true, ..default() });
            let moves = BENCH_MOVES.split_whitespace().take(33).collect::<Vec<_>>().join(" ");
            let options = OptionArgs { topology: Some("universal".into()), ..OptionArgs::default() };
            let game = GameArgs { game: "stax".into(), options, moves, position: None, computer: None };
            let g = game.game()?;
            let seats = game.seats(&g)?;
            start_on(&mut app, g, seats);
        }
        "doubles" => {
            // The full 48-checker four-player table, seen from seat A.
            app.add_plugins((TablePlugin, TableRenderPlugin));
            let options = OptionArgs { players: Some("4".into()), ..OptionArgs::default() };
            let game = GameArgs { game: "stax".into(), options, moves: String::new(), position: None, computer: None };
            let g = game.game()?;
            let seats = game.seats(&g)?;
            start_on(&mut app, g, seats);
        }
        "tri-chess-6" => {
            // Six full sets round the 12-rank hexagon, seen from seat A.
            app.add_plugins((TablePlugin, TableRenderPlugin));
            let options = OptionArgs { players: Some("6".into()), ..OptionArgs::default() };
            let game = GameArgs { game: "tri-chess".into(), options, moves: String::new(), position: None, computer: None };
            let g = game.game()?;
            let seats = game.seats(&g)?;
            start_on(&mut app, g, seats);
        }
        other => return Err(format!("unknown scene '{other}' (expected stax, stax-torus, doubles, tri-chess-6 or bare)")),
    }
    app.insert_resource(variant_table::bench::FrameBench::new(scene, launched, frames.max(1)));
    app.add_plugins(variant_table::bench::plugin);
    app.run();
    Ok(())
}

fn dice_stats(throws: u32, seed: u64, dice: u8, json: bool) -> Result<(), String> {
    if throws == 0 {
        return Err("--throws must be at least 1".into());
    }
    let s = variant_table::dice::stats(throws, seed, dice as usize);
    if json {
        println!("{}", serde_json::to_string(&s).expect("stats serialise"));
        return Ok(());
    }
    println!("rolls: {} of {} {} (seed {})", s.rolls, s.dice, if s.dice == 1 { "die" } else { "dice" }, s.seed);
    println!("faces 1-6: {:?}", s.histogram);
    println!("chi-square: {:.3} (5 degrees of freedom), p = {:.4}", s.chi_square, s.p_value);
    println!("cocked or void throws re-thrown: {:.2}%; dice that left the tray: {}; rolls never flat: {}", s.cocked_rate * 100.0, s.left_tray, s.unsettled);
    println!("time to settle: mean {:.2} s, max {:.2} s (simulated)", s.mean_settle_seconds, s.max_settle_seconds);
    println!("speed: {:.0} throws/s, {:.0} simulated s per wall-clock s", s.throws_per_second, s.simulated_seconds_per_second);
    Ok(())
}
