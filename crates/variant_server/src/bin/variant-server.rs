//! `variant-server`: the game server and its headless bot, without the table's window (the
//! same commands as `variant-table serve` and `variant-table bot`).

use clap::{Parser, Subcommand};
use variant_server::cli::{BotArgs, ServeArgs};

#[derive(Parser)]
#[command(name = "variant-server", about = "Variant Table's game server and headless bot")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Host rooms: the server decides legality, turns and dice; records go to the database.
    Serve(ServeArgs),
    /// Play one seat of a room on a server with a controller, print the result, exit.
    Bot(Box<BotArgs>),
}

fn main() {
    let cli = Cli::parse();
    let r = match &cli.command {
        Command::Serve(a) => variant_server::cli::serve(a),
        Command::Bot(a) => variant_server::cli::bot(a),
    };
    if let Err(e) = r {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}
