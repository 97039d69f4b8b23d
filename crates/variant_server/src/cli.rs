//! The `serve` and `bot` commands, shared by `variant-server` and `variant-table`: their
//! arguments (clap) and what they run.

use crate::bot::{self, BotPlan};
use clap::Args;
use std::path::PathBuf;
use variant_rules::cli::OptionArgs;
use variant_rules::record::options::flags;

/// `serve`: host rooms.
#[derive(Args, Clone, Debug)]
pub struct ServeArgs {
    /// Address to listen on (`127.0.0.1:0` picks a free port; the line `listening on ADDR`
    /// says which).
    #[arg(long, default_value = "127.0.0.1:7878")]
    pub listen: String,
    /// Database URL: `sqlite://PATH` or `postgres://USER@HOST:PORT/DB`. Without it, the SQLite
    /// file `server.sqlite` in the data directory (`VARIANT_TABLE_DATA_DIR`, else the
    /// platform's).
    #[arg(long)]
    pub db: Option<String>,
}

/// `bot`: play one seat of a room on a server.
#[derive(Args, Clone, Debug)]
pub struct BotArgs {
    /// The server's address, `HOST:PORT`.
    #[arg(long)]
    pub server: String,
    /// Create a room for this game (its options follow as flags), then take the seat.
    #[arg(long, conflicts_with = "room")]
    pub create: Option<String>,
    /// Join this room.
    #[arg(long)]
    pub room: Option<String>,
    /// The seat to play, a letter.
    #[arg(long)]
    pub seat: String,
    /// Who chooses the moves: random, greedy, ai, ai:MS or ai:MS:METHOD (paranoid, brs, mcts).
    #[arg(long, default_value = "random")]
    pub controller: String,
    /// With --create: seats for the server's computer, e.g. `B:ai:300,C:greedy`.
    #[arg(long, default_value = "")]
    pub computer: String,
    /// With --create: clocks for every seat, MINUTES+SECONDS a move (e.g. 5+3).
    #[arg(long)]
    pub clock: Option<String>,
    #[command(flatten)]
    pub options: OptionArgs,
}

/// The SQLite file used when no `--db` is given.
pub fn default_db() -> Result<String, String> {
    let dir = std::env::var_os("VARIANT_TABLE_DATA_DIR")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| directories::ProjectDirs::from("", "", "variant-table").map(|p| p.data_dir().to_path_buf()))
        .ok_or("no data directory: give --db sqlite://PATH")?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create the data directory {}: {e}", dir.display()))?;
    Ok(format!("sqlite://{}", dir.join("server.sqlite").display()))
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(|e| format!("cannot start the async runtime: {e}"))
}

/// Runs the server until it is killed or interrupted.
pub fn serve(args: &ServeArgs) -> Result<(), String> {
    let db = match &args.db {
        Some(u) => u.clone(),
        None => default_db()?,
    };
    runtime()?.block_on(async {
        let (addr, task) = crate::server::start(&args.listen, &db).await?;
        println!("listening on {addr}");
        tokio::select! {
            r = task => r.map_err(|e| format!("server: {e}"))?,
            _ = tokio::signal::ctrl_c() => Ok(()),
        }
    })
}

/// Plays the bot's seat; prints `room CODE` once it created one and the result line at the end.
pub fn bot(args: &BotArgs) -> Result<(), String> {
    let controller = args.controller.parse()?;
    let create = match &args.create {
        Some(game) => {
            let (id, opts) = args.options.resolve(game)?;
            Some((id, flags(id, &opts)))
        }
        None => None,
    };
    let mut computer = Vec::new();
    for part in args.computer.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (seat, c) = part.split_once(':').ok_or_else(|| format!("--computer: '{part}' is not SEAT:CONTROLLER"))?;
        computer.push((seat.to_string(), c.to_string()));
    }
    let clock = args.clock.as_deref().map(str::parse).transpose().map_err(|e: String| format!("--clock: {e}"))?;
    let plan = BotPlan { server: args.server.clone(), create, room: args.room.clone(), seat: args.seat.clone(), controller, computer, clock };
    let result = runtime()?.block_on(bot::run(plan, |code| println!("room {code}")))?;
    println!("result: {result}");
    Ok(())
}
