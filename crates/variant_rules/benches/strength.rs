//! Playing strength: the AI against random and greedy play in every game and seating, and
//! its search speed in nodes/s per game (a benchmark, not a test: it prints, never fails).
//!
//! `cargo bench -p variant_rules --bench strength` plays, for every configuration (game x
//! topology x rule set x seating), matches of the AI at `STRENGTH_MS` per move (default
//! 1000, the figure) against `random` and against `greedy`, seats rotating. Targets:
//! ≥ 95% of decisive games won against random, ≥ 85% against greedy (issue 29). Games are played in
//! chunks and a match stops early once the 95% Wilson interval of the decisive share lies
//! wholly above or below its target, else after `STRENGTH_GAMES` games (default 200).
//! `STRENGTH_FILTER` keeps the configurations whose name contains it (`=NAME`: exactly that
//! one, e.g. `=tri-chess` for two players only); `STRENGTH_AGAINST` plays only against
//! `random` or `greedy` (default both); `STRENGTH_THREADS` sets the games played at once
//! (default: the cores). Each chunk's running tally goes to stderr, so that a run stopped
//! part way still tells what it played; a match's drawn games are counted by how they ended
//! (the ply cap of 300 moves a seat, a game's move limit, repetition, ...).
//! `STRENGTH_LIST` (set to anything) prints the configurations' names, filtered, and plays
//! nothing. `STRENGTH_RECORDS` names a file to which every game the AI did not win is appended
//! as it ends, in its game's record format (PGN or record text), so that a loss can be read.
//!
//! Seatings of teams: partners put the AI in every seat of one team (seats rotate, so it plays
//! each team); cut-throat puts one AI against the rest, all of the opponent kind.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use variant_rules::checkers::DoublesSeating;
use variant_rules::search::matches::{GameRecord, MatchConfig, Result3, Tally, run_match};
use variant_rules::search::{self, Controller, Limits, Method};
use variant_rules::{Game, GameId, GameOptions};

/// The share of decisive games the AI must win, the whole 95% interval above it: against random
/// play and against greedy play (issue 29's targets).
const AGAINST_RANDOM: f64 = 0.95;
const AGAINST_GREEDY: f64 = 0.85;

/// The plies a game may last per seat before the bench calls it a draw (the ply cap): 300
/// moves each, the same for every table size.
const PLIES_PER_SEAT: u32 = 300;

/// A count from the environment (`default` when unset); anything but a whole number of at
/// least one is a one-line error and exit 2 (no thread, game or millisecond is no run).
fn env_or(name: &str, default: u64) -> u64 {
    let Ok(v) = std::env::var(name) else { return default };
    match v.trim().parse() {
        Ok(n) if n >= 1 => n,
        _ => refuse(&format!("{name} must be a whole number of at least 1, got {v:?}")),
    }
}

/// Says what is wrong with the bench's settings on one line and exits with status 2.
fn refuse(what: &str) -> ! {
    eprintln!("strength: {what}");
    std::process::exit(2);
}

/// Every configuration players can choose, named as on the command line.
fn configurations() -> Vec<(String, GameId, GameOptions)> {
    let mut out = Vec::new();
    for game in GameId::ALL {
        for &wrap in game.topologies() {
            let mut o = GameOptions::default_for(game);
            o.topology = wrap;
            let name = if game.topologies().len() > 1 { format!("{game} --topology {wrap}") } else { game.to_string() };
            out.push((name, game, o));
        }
    }
    for rules in ["brainking", "brainking-10x10", "gollon-count", "gollon-piece-count"] {
        let mut o = GameOptions::default_for(GameId::DiceChess);
        o.dice_rules = rules.parse().unwrap();
        out.push((format!("dice-chess --rules {rules}"), GameId::DiceChess, o));
    }
    for game in [GameId::Checkers, GameId::Stax, GameId::Queens] {
        for seating in DoublesSeating::ALL {
            let mut o = GameOptions::default_for(game);
            o.players = 4;
            o.move_limit = game.default_move_limit_for(4);
            o.seating = seating;
            out.push((format!("{game} --players 4 --seating {seating}"), game, o));
        }
    }
    // The triangular games beyond two players (two come from GameId::ALL): every player count
    // and every seating the engine accepts for it, asked of the engine, so that a seating it
    // learns is played here too.
    for game in [GameId::TriChek, GameId::TriStax, GameId::TriQueens, GameId::TriChess] {
        for &players in game.player_counts().iter().filter(|&&n| n > 2) {
            for seating in DoublesSeating::TRI {
                let mut o = GameOptions::default_for(game);
                o.players = players;
                o.seating = seating;
                // Stax and Queens have no move limit of their own ("until all of one player's
                // pieces are under those of the other"): the bench draws a game after 100 plies a
                // seat without progress.
                if matches!(game, GameId::TriStax | GameId::TriQueens) {
                    o.move_limit = 100 * players as u16;
                }
                match Game::new(game, o, None) {
                    Ok(_) => out.push((format!("{game} --players {players} --seating {seating}"), game, o)),
                    // Every player count seats cut-throat: a refusal there is a broken engine,
                    // not a seating to leave out, so the bench says so rather than shrink.
                    Err(e) if seating == DoublesSeating::CutThroat => refuse(&format!("{game} refuses {players} seats cut-throat: {e}")),
                    Err(_) => {}
                }
            }
        }
    }
    // Double Chess seats four already (partners above, from GameId::ALL); cut-throat here.
    let mut o = GameOptions::default_for(GameId::DoubleChess);
    o.seating = DoublesSeating::CutThroat;
    out.push(("double-chess --seating cut-throat".into(), GameId::DoubleChess, o));
    out
}

/// The seats of a match, in turn order: the AI in the first seat's team, `opponent` elsewhere.
fn seats(game: GameId, options: &GameOptions, ai: Controller, opponent: Controller) -> Vec<Controller> {
    MatchConfig::team_against(game, options, ai, opponent).expect("bench configurations are valid")
}

/// A match's tally and how its drawn games ended (the outcome's reason, e.g. "ply cap",
/// "threefold repetition", with how many).
#[derive(Default)]
struct Settled {
    tally: Tally,
    draws: BTreeMap<String, u32>,
}

/// Appends each game the AI (the seats list's first entry) did not win to the file, tagged with
/// the configuration's name; a record that cannot be written is said on stderr, as the bench's
/// tally matters more than its records.
fn keep_unwon(file: &Mutex<std::fs::File>, what: &str, g: &GameRecord) {
    let (Some(record), Some(&(_, result))) = (&g.record, g.results.first()) else {
        return;
    };
    if result == Result3::Win {
        return;
    }
    let mut record = record.clone();
    record.set_tag("Annotator", &format!("strength bench: {what}, {result:?}"));
    if let Err(e) = record.append_to(&mut *file.lock().expect("no thread panics holding it")) {
        eprintln!("STRENGTH_RECORDS: game {} of {what} not written: {e}", g.index + 1);
    }
}

/// How every match of the run is played: its most games, the games played at once, and the
/// file that keeps the games the AI did not win (`STRENGTH_RECORDS`).
struct Run {
    max_games: u32,
    threads: usize,
    records: Option<Mutex<std::fs::File>>,
}

/// Plays chunks until the interval settles the target or the games run out, printing the
/// running tally (named `what`) to stderr after each; games the AI did not win go to the
/// run's records when it keeps them.
fn settle(what: &str, game: GameId, options: &GameOptions, seats: Vec<Controller>, target: f64, run: &Run) -> Settled {
    let Run { max_games, threads, ref records } = *run;
    let mut total = Settled::default();
    let chunk = (threads as u32 * 4).max(8);
    let mut played = 0;
    while played < max_games {
        let games = chunk.min(max_games - played);
        // The ply cap is 300 moves a seat (600 plies at two seats): a flat 600 gave six-seat
        // Tri-Stax 100 moves a seat, and 7 of its first 8 games against greedy stopped there;
        // played on at 1 s, the first three ended as wins after 434, 1423 and 878 plies.
        let max_plies = PLIES_PER_SEAT * seats.len() as u32;
        let config = MatchConfig { game, options: *options, seats: seats.clone(), games, seed: 1000 + played as u64, threads, max_plies, random_plies: 0 };
        let progress = |g: &GameRecord| {
            if let Some(file) = records.as_ref() {
                keep_unwon(file, what, g);
            }
        };
        let report = run_match(&config, &progress).expect("a valid configuration");
        let ai = &report.controllers[0];
        total.tally.wins += ai.wins;
        total.tally.draws += ai.draws;
        total.tally.losses += ai.losses;
        total.tally.losses_without_choice += ai.losses_without_choice;
        // The AI sits in the seats list's first entry.
        for g in report.games.iter().filter(|g| g.results.first().is_some_and(|r| r.1 == Result3::Draw)) {
            *total.draws.entry(g.reason.clone()).or_default() += 1;
        }
        played += games;
        eprintln!("{what}: {played} games: {}{}", line(&total.tally, target), draw_reasons(&total.draws));
        if let Some((_, lo, hi)) = total.tally.decisive_share()
            && (lo >= target || hi < target)
        {
            break;
        }
    }
    total
}

/// How the drawn games ended, e.g. "; draws: 5 ply cap, 2 threefold repetition" (empty
/// without a draw).
fn draw_reasons(draws: &BTreeMap<String, u32>) -> String {
    if draws.is_empty() {
        return String::new();
    }
    let each: Vec<String> = draws.iter().map(|(reason, n)| format!("{n} {reason}")).collect();
    format!("; draws: {}", each.join(", "))
}

/// Nodes per second of one search from a position a few random moves into the game (the
/// first after the eighth ply with a real choice: a forced move is not searched).
fn speed(game: GameId, options: &GameOptions, ms: u64) -> f64 {
    let mut g = variant_rules::Game::new(game, *options, None).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let stop = AtomicBool::new(false);
    for ply in 0..200 {
        if ply >= 8 && search::throw(g.position(), &mut rng).is_none() && g.position().legal_move_list().len() > 1 {
            break;
        }
        let m = search::throw(g.position(), &mut rng).or_else(|| Controller::Random.decide(g.position(), &[], &stop, &mut rng));
        match m {
            Some(m) => g.play_move(m),
            None => return 0.0,
        }
    }
    let t = search::think_game(&g, &Limits::movetime(ms), &stop);
    t.nodes_per_second()
}

fn line(t: &Tally, target: f64) -> String {
    match t.decisive_share() {
        Some((p, lo, hi)) => {
            let verdict = if lo >= target {
                "holds"
            } else if hi < target {
                "FAILS"
            } else {
                "open"
            };
            // Losses in which the AI never had a choice (dice games: lost to the throws).
            let unchosen = if t.losses_without_choice > 0 { format!(" ({} no choice)", t.losses_without_choice) } else { String::new() };
            format!("W {:>3} D {:>3} L {:>3}{unchosen}  {:>5.1}% [{:>5.1}-{:>5.1}] {verdict}", t.wins, t.draws, t.losses, 100.0 * p, 100.0 * lo, 100.0 * hi)
        }
        None => format!("W {:>3} D {:>3} L {:>3}  no decisive game", t.wins, t.draws, t.losses),
    }
}

fn main() {
    let ms = env_or("STRENGTH_MS", 1000);
    let max_games = env_or("STRENGTH_GAMES", 200) as u32;
    let threads = env_or("STRENGTH_THREADS", std::thread::available_parallelism().map_or(1, |n| n.get()) as u64) as usize;
    let filter = std::env::var("STRENGTH_FILTER").unwrap_or_default();
    let against = std::env::var("STRENGTH_AGAINST").unwrap_or_default();
    let plays = |opponent: &str| against.is_empty() || against == opponent;
    if !(against.is_empty() || ["random", "greedy"].contains(&against.as_str())) {
        refuse(&format!("STRENGTH_AGAINST must be random or greedy, got {against:?}"));
    }
    let wanted = |name: &str| match filter.strip_prefix('=') {
        Some(exact) => name == exact,
        None => name.contains(&filter),
    };
    if std::env::var_os("STRENGTH_LIST").is_some() {
        for (name, ..) in configurations().into_iter().filter(|(n, ..)| wanted(n)) {
            println!("{name}");
        }
        return;
    }
    let ai = Controller::Ai { movetime_ms: ms as u32, method: Method::Auto };
    let records = std::env::var_os("STRENGTH_RECORDS").map(|path| match std::fs::OpenOptions::new().create(true).append(true).open(&path) {
        Ok(file) => Mutex::new(file),
        Err(e) => refuse(&format!("STRENGTH_RECORDS {}: {e}", path.to_string_lossy())),
    });
    let run = Run { max_games, threads, records };
    println!(
        "AI at {ms} ms a move; up to {max_games} games a match; targets: {:.0}% of decisive games against random, {:.0}% against greedy",
        100.0 * AGAINST_RANDOM,
        100.0 * AGAINST_GREEDY
    );
    println!("{:<48} {:>10}  {:<44} {:<44}", "configuration", "nodes/s", "vs random", "vs greedy");
    for (name, game, options) in configurations().into_iter().filter(|(n, ..)| wanted(n)) {
        let nps = speed(game, &options, ms.min(1000));
        // A column's tally, and how its draws ended (printed after both columns).
        let column = |opponent: Controller, target: f64| {
            if !plays(&opponent.to_string()) {
                return ("not played".to_string(), String::new());
            }
            let settled = settle(&format!("{name} against {opponent}"), game, &options, seats(game, &options, ai, opponent), target, &run);
            let reasons = if settled.draws.is_empty() { String::new() } else { format!("  {opponent}{}", draw_reasons(&settled.draws)) };
            (line(&settled.tally, target), reasons)
        };
        let (random, random_draws) = column(Controller::Random, AGAINST_RANDOM);
        let (greedy, greedy_draws) = column(Controller::Greedy, AGAINST_GREEDY);
        println!("{name:<48} {nps:>10.0}  {random:<44} {greedy:<44}{random_draws}{greedy_draws}");
    }
}
