//! `variant-rules`: the rules engine on the command line (list games, perft, check a move list).
//!
//! Every error — unknown game or option, malformed position, unparsable or illegal move — is
//! one line on stderr and exit code 2.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use serde_json::json;
use variant_rules::cli::OptionArgs;
use variant_rules::game::GameId;
use variant_rules::{Game, Outcome, Position, Seat};

#[derive(Parser)]
#[command(name = "variant-rules", version, about = "Rules engine for Variant Table's chess and checkers variants")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List game ids and their options.
    Games {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Count the leaf nodes of the legal move tree.
    Perft {
        /// Game id (see `games`).
        game: String,
        /// Depth in plies (at most 64: the tree grows exponentially, chess's depth 10 alone
        /// has 69 trillion leaves).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        #[command(flatten)]
        setup: Setup,
        /// Also print each first move's count.
        #[arg(long)]
        divide: bool,
    },
    /// Play a move list and report the resulting position, its legal moves and the outcome.
    Check {
        /// Game id (see `games`).
        game: String,
        #[command(flatten)]
        setup: Setup,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args)]
struct Setup {
    #[command(flatten)]
    options: OptionArgs,
    /// Start from this FEN (chess games; Dice Chess may add the turn's roll, e.g. `... 0 1 [3,5]`).
    #[arg(long, allow_hyphen_values = true, conflicts_with = "position")]
    fen: Option<String>,
    /// Start from this position text (checkers family, Toe-to-Toe; see docs/notation.md).
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
    /// Moves to play first, separated by spaces.
    #[arg(long, allow_hyphen_values = true, default_value = "")]
    moves: String,
}

impl Setup {
    fn game(&self, id: &str) -> Result<Game, String> {
        let (id, opts) = self.options.resolve(id)?;
        let text = match (&self.fen, &self.position) {
            (Some(_), _) if !id.uses_fen() => {
                return Err(format!("--fen is for chess games; give {id} positions with --position"));
            }
            (_, Some(_)) if id.uses_fen() => {
                return Err(format!("--position is for games without a FEN; give {id} positions with --fen"));
            }
            (Some(f), _) => Some(f.as_str()),
            (_, Some(p)) => Some(p.as_str()),
            _ => None,
        };
        let what = if id.uses_fen() { "FEN" } else { "position" };
        let mut game = Game::new(id, opts, text).map_err(|e| format!("bad {what}: {e}"))?;
        for (i, m) in self.moves.split_whitespace().enumerate() {
            game.play(m).map_err(|e| format!("move {} '{m}' {e}", i + 1))?;
        }
        Ok(game)
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Games { json } => {
            if json {
                let games: Vec<_> = GameId::ALL.iter().map(|g| json!({"id": g.as_str(), "description": g.description(), "options": g.option_help()})).collect();
                println!("{}", serde_json::Value::Array(games));
            } else {
                for g in GameId::ALL {
                    println!("{:<15} {}\n{:<15} options: {}", g.as_str(), g.description(), "", g.option_help().join(", "));
                }
            }
        }
        Command::Perft { game, depth, setup, divide } => {
            let game = setup.game(&game)?;
            let started = Instant::now();
            let nodes = if divide {
                let mut total = 0;
                for (m, n) in game.position().divide(depth) {
                    println!("{m}: {n}");
                    total += n;
                }
                total
            } else {
                game.position().perft(depth)
            };
            let secs = started.elapsed().as_secs_f64();
            eprintln!("{:.3} s, {:.0} nodes/s", secs, nodes as f64 / secs.max(1e-9));
            println!("perft {depth} {nodes}");
        }
        Command::Check { game: id, setup, json } => {
            let game = setup.game(&id)?;
            let pos = game.position();
            let name = |s: Seat| game.id().seat_name(s);
            let outcome = game.outcome();
            let (status, winners, reason) = match &outcome {
                None => ("ongoing", Vec::new(), None),
                Some(Outcome::Win { winners, reason }) => ("win", winners.iter().map(name).collect(), Some(reason.as_str())),
                Some(Outcome::Draw { reason }) => ("draw", Vec::new(), Some(reason.as_str())),
            };
            let winner = winners.first().cloned();
            let legal: Vec<String> = if outcome.is_some() { Vec::new() } else { pos.legal_move_list().into_iter().map(|m| pos.move_text(m)).collect() };
            let seating = pos.seating();
            if json {
                let teams: Vec<Vec<String>> = seating.teams().into_iter().map(|t| t.iter().map(name).collect()).collect();
                let seats: Vec<_> = seating.seats().map(|s| json!({"seat": name(s), "state": pos.seat_state(s).as_str()})).collect();
                let v = json!({
                    "game": game.id().as_str(),
                    "options": game.options(),
                    "status": status,
                    "winner": winner,
                    "winners": winners,
                    "reason": reason,
                    "to_move": name(pos.turn()),
                    "players": seating.count(),
                    "order": seating.order().iter().map(|&s| name(s)).collect::<Vec<_>>(),
                    "teams": teams,
                    "seats": seats,
                    "legal_moves": legal,
                    "roll_due": pos.dice_due().is_some(),
                    "position": pos.public_text(),
                    "moves": game.moves().collect::<Vec<_>>(),
                });
                println!("{v}");
            } else {
                println!("position: {}", pos.public_text());
                println!("to move:  {}", name(pos.turn()));
                println!("status:   {status}{}", reason.map(|r| format!(" ({r})")).unwrap_or_default());
                if !winners.is_empty() {
                    println!("winner:   {}", winners.join(" "));
                }
                if seating.count() > 2 {
                    let states: Vec<String> = seating.seats().map(|s| format!("{}:{}", name(s), pos.seat_state(s).as_str())).collect();
                    println!("seats:    {}", states.join(" "));
                }
                if let Some(n) = pos.dice_due() {
                    println!("roll:     {n} {} to throw (legal_moves lists the outcomes)", if n == 1 { "die" } else { "dice" });
                }
                println!("legal:    {}", legal.join(" "));
            }
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = match variant_rules::cli::parse_or_exit::<Cli>("variant-rules") {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("variant-rules: {e}");
            ExitCode::from(2)
        }
    }
}
