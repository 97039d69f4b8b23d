//! `variant-rules`: the rules engine on the command line (list games, perft, check a move list
//! or a record file, print a game's record or its rules in short, ask the AI for a move, play
//! matches between controllers, speak UCI).
//!
//! Every error — unknown game or option, malformed position, unparsable or illegal move — is
//! one line on stderr and exit code 2.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use serde_json::json;
use variant_rules::choices;
use variant_rules::cli::OptionArgs;
use variant_rules::game::{GameId, GameOptions};
use variant_rules::record::{Format, Record};
use variant_rules::search::matches::{GameRecord, MatchConfig, Tally, run_match};
use variant_rules::search::{self, Controller, Limits, Method};
use variant_rules::{Game, Outcome, Position, Seat};

/// `println!` that survives a reader going away: `variant-rules check ... | head -1` closes the
/// pipe after one line, and the next write then ends the program quietly, as Unix tools do
/// (`println!` would panic).
macro_rules! out {
    ($($arg:tt)*) => {
        emit(format_args!($($arg)*))
    };
}

/// Writes one line on standard output (see [`out!`]).
fn emit(line: std::fmt::Arguments) {
    use std::io::Write;
    if let Err(e) = writeln!(std::io::stdout().lock(), "{line}") {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("variant-rules: cannot write the output: {e}");
            std::process::exit(1);
        }
        std::process::exit(0);
    }
}

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
    /// Search the position and print the move the AI would play, its score and line.
    Bestmove {
        /// Game id (see `games`).
        game: String,
        #[command(flatten)]
        setup: Setup,
        /// Time to think, in milliseconds (1 to 600000).
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
        movetime: u64,
        /// Search exactly this deep instead (plies; reproducible, however long it takes).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
        depth: Option<u32>,
        /// How the opponents' turns are searched at a table of three or more teams: auto (the
        /// method kept for the game), paranoid, brs (best-reply search) or mcts.
        #[arg(long, default_value = "auto", value_parser = parse_method)]
        method: Method,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Speak the Universal Chess Interface on stdin/stdout (for chess GUIs and match tools):
    /// `position startpos moves e2e4 ...`, `go movetime 1000`, `quit`.
    Uci {
        /// Game id (see `games`); positions and moves in its own notation.
        #[arg(default_value = "chess")]
        game: String,
    },
    /// Print a game's record: PGN for the chess games PGN carries, the record text otherwise.
    Record {
        /// Game id (see `games`).
        game: String,
        #[command(flatten)]
        setup: Setup,
        /// pgn or text (default: pgn where the game has a PGN form).
        #[arg(long, allow_hyphen_values = true)]
        format: Option<String>,
        /// A tag to add, NAME=VALUE (repeatable): `--tag White=Ann --tag Date=2026.11.26`.
        #[arg(long, allow_hyphen_values = true)]
        tag: Vec<String>,
    },
    /// Print a game's rules in short, as they stand with the options, and the rulings behind them.
    Rules {
        /// Game id (see `games`).
        game: String,
        #[command(flatten)]
        options: OptionArgs,
    },
    /// Play games between controllers and print each one's wins, draws and losses.
    Match {
        /// Game id (see `games`).
        game: String,
        #[command(flatten)]
        options: OptionArgs,
        /// One controller per seat in turn order: random, greedy, ai (1 s a move), ai:MS, or
        /// ai:MS:METHOD with METHOD paranoid, brs (best-reply search) or mcts for tables of
        /// three or more teams (auto: the method kept for the game). Partners go at their
        /// places in the turn order: six seats in pairs move A, C, E, B, D, F, so
        /// ai,random,random,ai,random,random seats one pair (a note names a split team).
        #[arg(long, allow_hyphen_values = true, default_value = "ai,random")]
        seats: String,
        /// Games to play (seats rotate one place per game).
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        games: u32,
        /// Games played at once (default: the machine's cores).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: Option<u32>,
        /// Plies after which an unfinished game is a draw.
        #[arg(long, default_value_t = variant_rules::search::matches::DEFAULT_MAX_PLIES, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        max_plies: u32,
        /// Plies each game opens with at random (from the game's seed) before the seats'
        /// controllers play, so that games without dice are not played twice.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1000))]
        random_plies: u32,
        /// Write every game's record (moves, result, each seat's controller; the round is the
        /// game's number) to this file as each game ends: PGN for orthodox chess, the record
        /// text otherwise (`record --record` reads one back, `--record-game N` picks a game).
        #[arg(long)]
        records: Option<std::path::PathBuf>,
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
    #[arg(long, allow_hyphen_values = true, default_value = "", conflicts_with = "record")]
    moves: String,
    /// Play the moves of this record file (PGN or record text) instead of --moves; its game
    /// must be the one named, and its options, start and moves are the record's.
    #[arg(long, conflicts_with_all = ["fen", "position"])]
    record: Option<std::path::PathBuf>,
    /// Which game of a record file holding several (from 1; default the first).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    record_game: Option<u32>,
}

impl Setup {
    fn game(&self, id: &str) -> Result<Game, String> {
        self.played(id).map(|(game, _)| game)
    }

    /// The game the setup reaches, and the record it was read from (with `--record`).
    fn played(&self, id: &str) -> Result<(Game, Option<Record>), String> {
        let Some(path) = &self.record else {
            if self.record_game.is_some() {
                return Err("--record-game picks a game of a record file: add --record FILE".into());
            }
            return self.with_moves(id).map(|g| (g, None));
        };
        let (id, opts) = self.options.resolve(id)?;
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let n = self.record_game.unwrap_or(1) as usize;
        let record = Record::parse_nth(&text, n).map_err(|e| format!("{}: {e}", path.display()))?;
        if record.game != id {
            return Err(format!("{} is a record of {}, not of {id}", path.display(), record.game));
        }
        if opts.effective(id) != GameOptions::default_for(id).effective(id) && opts.effective(id) != record.options.effective(id) {
            let theirs = variant_rules::record::options::flags(id, &record.options);
            return Err(format!("{} has its own options ('{theirs}'): leave the option flags out", path.display()));
        }
        let game = record.replay().map_err(|e| format!("{}: {e}", path.display()))?;
        Ok((game, Some(record)))
    }

    /// The game from the start, `--fen` or `--position`, with `--moves` played.
    fn with_moves(&self, id: &str) -> Result<Game, String> {
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
                out!("{}", serde_json::Value::Array(games));
            } else {
                for g in GameId::ALL {
                    out!("{:<15} {}\n{:<15} options: {}", g.as_str(), g.description(), "", g.option_help().join(", "));
                }
            }
        }
        Command::Perft { game, depth, setup, divide } => {
            let game = setup.game(&game)?;
            let started = Instant::now();
            let nodes = if divide {
                let mut total = 0;
                for (m, n) in game.position().divide(depth) {
                    out!("{m}: {n}");
                    total += n;
                }
                total
            } else {
                game.position().perft(depth)
            };
            let secs = started.elapsed().as_secs_f64();
            eprintln!("{:.3} s, {:.0} nodes/s", secs, nodes as f64 / secs.max(1e-9));
            out!("perft {depth} {nodes}");
        }
        Command::Uci { game } => {
            let id: GameId = game.parse()?;
            search::uci::serve(id, std::io::stdin().lock(), std::io::stdout()).map_err(|e| format!("uci: {e}"))?;
        }
        Command::Bestmove { game, setup, movetime, depth, method, json } => bestmove(&setup.game(&game)?, movetime, depth, method, json)?,
        Command::Match { game, options, seats, games, threads, max_plies, random_plies, records, json } => {
            let (game, options) = options.resolve(&game)?;
            let seats = seats.split(',').map(|s| s.trim().parse::<Controller>()).collect::<Result<Vec<_>, _>>()?;
            let threads = threads.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |t| t as usize);
            // `--seed` seeds the random and greedy players and the dice too; game g uses seed + g.
            let config = MatchConfig { game, seed: options.seed, options, seats, games, threads, max_plies, random_plies };
            play_match(&config, records.as_deref(), json)?;
        }
        Command::Check { game: id, setup, json } => check(&setup.game(&id)?, json),
        Command::Record { game, setup, format, tag } => record(&game, &setup, format.as_deref(), &tag)?,
        Command::Rules { game, options } => {
            let (game, options) = options.resolve(&game)?;
            rules(game, &options);
        }
    }
    Ok(())
}

/// `record`: the game's record (a record file's own, with `--record`), with the tags given, in
/// the format asked for.
fn record(id: &str, setup: &Setup, format: Option<&str>, tags: &[String]) -> Result<(), String> {
    let (game, read) = setup.played(id)?;
    let mut record = read.unwrap_or_else(|| Record::of(&game));
    for t in tags {
        let (name, value) = t.split_once('=').ok_or_else(|| format!("--tag '{t}' is not NAME=VALUE"))?;
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!("--tag '{t}': a tag name is letters, digits and '_'"));
        }
        record.set_tag(name, value);
    }
    let format = format.map_or(Ok(record.default_format()), str::parse::<Format>)?;
    let text = record.write(format).map_err(|e| e.to_string())?;
    out!("{}", text.trim_end());
    Ok(())
}

/// `rules`: the game's guide, then the rulings behind its board, seats and the options offered.
fn rules(game: GameId, opts: &variant_rules::GameOptions) {
    for line in variant_rules::guide::guide(game, opts).text() {
        out!("{line}");
    }
    let mut rulings = vec![
        ("board", choices::board_ruling(game, opts)),
        ("players", choices::players_ruling(game, opts.players)),
        ("seating", choices::seating_ruling(game, opts)),
    ];
    rulings.extend(choices::CHOICES.iter().filter(|c| (c.applies)(game, opts)).map(|c| (c.flag, Some(c.ruling))));
    let mut shown = Vec::new();
    for (what, ruling) in rulings.into_iter().filter_map(|(w, r)| r.map(|r| (w, r))) {
        // The hexagon's size is the board's ruling and the player count's: said once.
        if !shown.contains(&ruling) {
            out!("{}  {what}: {}", if shown.is_empty() { "Rulings:\n" } else { "" }, ruling.lines().join(" "));
            shown.push(ruling);
        }
    }
}

/// `check`: the position a move list reaches, its legal moves and outcome, as text or JSON.
fn check(game: &Game, json: bool) {
    let pos = game.position();
    let name = |s: Seat| game.id().seat_name(s);
    let outcome = game.outcome();
    let (status, winners, reason) = match &outcome {
        None => ("ongoing", Vec::new(), None),
        Some(Outcome::Win { winners, reason }) => ("win", winners.iter().map(name).collect(), Some(reason.as_str())),
        Some(Outcome::Draw { reason }) => ("draw", Vec::new(), Some(reason.as_str())),
    };
    let legal: Vec<String> = if outcome.is_some() { Vec::new() } else { pos.legal_move_list().into_iter().map(|m| pos.move_text(m)).collect() };
    let seating = pos.seating();
    if json {
        let teams: Vec<Vec<String>> = seating.teams().into_iter().map(|t| t.iter().map(name).collect()).collect();
        let seats: Vec<_> = seating.seats().map(|s| seat_json(pos, s, name(s))).collect();
        let mut v = json!({
            "game": game.id().as_str(),
            "options": game.options(),
            "status": status,
            "winners": winners,
            "reason": reason,
            "to_move": if outcome.is_some() { None } else { Some(name(pos.turn())) },
            "players": seating.count(),
            "order": seating.order().iter().map(|&s| name(s)).collect::<Vec<_>>(),
            "teams": teams,
            "seats": seats,
            "legal_moves": legal,
            "roll_due": pos.dice_due().is_some(),
            "position": pos.public_text(),
            "moves": game.moves().collect::<Vec<_>>(),
        });
        if let variant_rules::AnyPosition::DoubleChess(p) = pos {
            v["immune"] = p.immunity().map_or(
                json!(null),
                |i| json!({"cell": p.topology().name(i.cell), "owner": name(i.owner), "from": i.from.iter().map(name).collect::<Vec<_>>()}),
            );
        }
        out!("{v}");
    } else {
        out!("position: {}", pos.public_text());
        out!("to move:  {}", if outcome.is_some() { "-".to_string() } else { name(pos.turn()) });
        out!("status:   {status}{}", reason.map(|r| format!(" ({r})")).unwrap_or_default());
        if !winners.is_empty() {
            out!("winner:   {}", winners.join(" "));
        }
        if seating.count() > 2 {
            let states: Vec<String> = seating.seats().map(|s| format!("{}:{}", name(s), pos.seat_state(s).as_str())).collect();
            out!("seats:    {}", states.join(" "));
        }
        if let Some(n) = pos.dice_due() {
            out!("roll:     {n} {} to throw (legal_moves lists the outcomes)", if n == 1 { "die" } else { "dice" });
        }
        out!("legal:    {}", legal.join(" "));
    }
}

/// One seat of `check --json`: its state, and in Double Chess its set, whether its pieces are
/// frozen, and who has mated it.
fn seat_json(pos: &variant_rules::AnyPosition, s: Seat, name: String) -> serde_json::Value {
    let mut v = json!({"seat": name, "state": pos.seat_state(s).as_str()});
    if let variant_rules::AnyPosition::DoubleChess(p) = pos {
        v["set"] = json!(p.set_name(s));
        v["frozen"] = json!(p.frozen().contains(s));
        v["king"] = p.king(s).map_or(json!(null), |c| json!(p.topology().name(c)));
        v["mated_by"] = p.mate_of(s).map_or(json!(null), |m| json!(m.by.letter().to_ascii_lowercase().to_string()));
    }
    v
}

/// `bestmove`: one search, printed as text or JSON.
fn bestmove(game: &Game, movetime: u64, depth: Option<u32>, method: Method, json: bool) -> Result<(), String> {
    if let Some(o) = game.outcome() {
        return Err(format!("the game is over ({})", o.reason()));
    }
    let pos = game.position();
    if let Some(n) = pos.dice_due() {
        return Err(format!("{n} {} to be thrown first: add the roll to --moves (e.g. [3,5] or [4])", if n == 1 { "die is" } else { "dice are" }));
    }
    let limits = depth.map_or(Limits::movetime(movetime), Limits::depth).with_method(method);
    let thought = search::think_game(game, &limits, &AtomicBool::new(false));
    let best = thought.best.ok_or("no move to choose")?;
    let pv = thought.pv_text(pos);
    let nps = thought.nodes_per_second().round();
    if json {
        let v = json!({"bestmove": pos.move_text(best), "score": thought.score, "score_text": thought.score_text(), "depth": thought.depth, "nodes": thought.nodes, "nps": nps, "ms": thought.elapsed.as_millis() as u64, "pv": pv});
        out!("{v}");
    } else {
        out!("bestmove {} score {} depth {} nodes {} nps {nps} pv {}", pos.move_text(best), thought.score_text(), thought.depth, thought.nodes, pv.join(" "));
    }
    Ok(())
}

/// `match`: plays the games (a line per game on stderr) and prints the tallies.
fn play_match(config: &MatchConfig, records: Option<&std::path::Path>, json: bool) -> Result<(), String> {
    // Checked and opened before the games, so that bad seats or a path that cannot be written
    // fail at once, and each game is written as it ends (a stopped match keeps its games).
    config.validate()?;
    let split = config.split_controllers()?;
    if !split.is_empty() {
        let order: String = Game::new(config.game, config.options, None)?.position().seating().order().iter().map(|s| s.letter()).collect();
        for (controller, seats) in split {
            eprintln!(
                "note: {controller} sits at {} in the first game, on more than one team without filling each, so its per-controller line counts a game won by any of them (--seats goes in turn order: {order})",
                seats.letters()
            );
        }
    }
    let file = records.map(|p| std::fs::File::create(p).map(std::sync::Mutex::new).map_err(|e| format!("--records {}: {e}", p.display()))).transpose()?;
    let unwritten = std::sync::Mutex::new(None::<String>);
    let progress = |r: &GameRecord| {
        let res: Vec<String> = r.results.iter().map(|(s, x)| format!("{}={x:?}", s.letter())).collect();
        eprintln!("game {:>4}: {} after {} plies ({})", r.index + 1, res.join(" "), r.plies, r.reason);
        if let Some(file) = &file
            && let Some(record) = &r.record
            && let Err(e) = record.append_to(&mut *file.lock().expect("no thread panics holding it"))
        {
            unwritten.lock().expect("no thread panics holding it").get_or_insert(e);
        }
    };
    let report = run_match(config, &progress)?;
    let line = |t: &Tally| {
        let share = match t.decisive_share() {
            Some((p, lo, hi)) => format!("wins of decisive {:>5.1}% (95% CI {:.1}-{:.1}%)", 100.0 * p, 100.0 * lo, 100.0 * hi),
            None => "no decisive game".into(),
        };
        let unchosen = if t.losses_without_choice > 0 { format!("; {} lost without a choice", t.losses_without_choice) } else { String::new() };
        format!("{:<14} W {:>4} D {:>4} L {:>4}  {share}{unchosen}", t.label, t.wins, t.draws, t.losses)
    };
    if json {
        let tally = |t: &Tally| {
            let share = t.decisive_share();
            json!({"label": t.label, "wins": t.wins, "draws": t.draws, "losses": t.losses, "losses_without_choice": t.losses_without_choice, "decisive_share": share.map(|s| s.0), "ci95": share.map(|s| [s.1, s.2])})
        };
        let v = json!({"game": config.game.as_str(), "games": report.games.len(), "seats": report.entries.iter().map(tally).collect::<Vec<_>>(), "controllers": report.controllers.iter().map(tally).collect::<Vec<_>>()});
        out!("{v}");
    } else {
        out!("{} games of {}", report.games.len(), config.game);
        out!("per seat entry (rotating seats):");
        report.entries.iter().for_each(|t| out!("  {}", line(t)));
        out!("per controller:");
        report.controllers.iter().for_each(|t| out!("  {}", line(t)));
    }
    match (unwritten.into_inner().expect("threads joined"), records) {
        (Some(e), Some(path)) => Err(format!("--records {}: {e}", path.display())),
        _ => Ok(()),
    }
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

/// `--method`'s value: a search method's name.
fn parse_method(s: &str) -> Result<Method, String> {
    s.parse()
}
