//! The computer opponent: search over every game, controllers for a seat, and matches.
//!
//! - [`eval`]: each game's static evaluation ([`Evaluate`]);
//! - `pvs`: iterative-deepening principal variation search with a transposition table and
//!   quiescence; dice throws are chance nodes weighted by [`Position::chance`]; with more than
//!   two seats the mover's team searches against a coalition of all others (paranoid; at
//!   five or six seats of cut-throat Queens the others' quiet plies as a uniform choice), or,
//!   at three or more teams, lets one opponent of each run of turns reply (best-reply search);
//! - `mcts`: Monte Carlo tree search for three or more teams (see [`Method`]);
//! - [`think`]: the entry point on [`AnyPosition`] (a time or depth limit and a stop flag, so
//!   a caller on another thread can interrupt it); CHEX's hidden piles are searched as
//!   sampled orders ([`Evaluate::hidden_sample`]), never the real one; [`think_with`] keeps a
//!   seat's [`Memory`] (transposition table, move history) from one move to the next;
//! - [`Controller`]: random, greedy (best immediate material) or the search at a time per
//!   move — what `variant-rules match` and the table's seats choose from;
//! - [`matches`]: many games between controllers, with win rates and confidence intervals;
//! - [`uci`]: the Universal Chess Interface, so match tools play the AI in one process.

pub mod eval;
pub mod matches;
mod mcts;
mod pvs;
pub mod uci;

use std::any::Any;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

pub use eval::Evaluate;
pub use pvs::{WIN, is_decisive};

use crate::game::{AnyMove, AnyPosition, Game, dispatch};
use crate::position::{Outcome, PerSeat, Position, SeatSet};
use pvs::{Found, Kept, Searcher};

/// How long or how deep to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time for the move (`None`: until `depth`).
    pub movetime: Option<Duration>,
    /// Deepest iteration, in plies.
    pub depth: u32,
    /// How the opponents' turns are searched at a table of three or more teams.
    pub method: Method,
}

/// How the search treats the opponents' turns at a table of three or more teams. With two
/// teams every method is the same alpha-beta search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Method {
    /// The method measured best for the game ([`Method::resolve`]; docs/architecture.md).
    #[default]
    Auto,
    /// Every opponent plays against the mover's team, one after another (alpha-beta over
    /// the coalition of all others).
    Paranoid,
    /// Best-reply search (BRS+): of the opponents' turns between two of ours, one opponent
    /// searches all its moves and the others play their first move in order.
    BestReply,
    /// Monte Carlo tree search: UCT with a reward per seat, leaves scored by the evaluation.
    Mcts,
}

impl Method {
    /// Every method a player can name, in the order `--help` lists them.
    pub const ALL: [Method; 4] = [Method::Auto, Method::Paranoid, Method::BestReply, Method::Mcts];

    /// The name written after `ai:MS:` (`auto` for [`Method::Auto`]).
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Paranoid => "paranoid",
            Method::BestReply => "brs",
            Method::Mcts => "mcts",
        }
    }

    /// The method searched for `pos`: with two teams always [`Method::Paranoid`] (plain
    /// alpha-beta). [`Method::Auto`] becomes the game's choice where every seat plays for
    /// itself ([`Evaluate::cut_throat_method`]), and paranoid search where partners share a
    /// turn run: six-seat Tri-Chess in pairs, its best-reply team won 9 of 42 against a third
    /// for equal play (docs/architecture.md, "Three or more teams").
    pub fn resolve<P: Evaluate>(self, pos: &P) -> Method {
        match (self, cut_throat_seats(pos)) {
            _ if pos.seating().teams().len() < 3 => Method::Paranoid,
            (Method::Auto, Some(seats)) => match pos.cut_throat_method(seats) {
                Method::Auto => Method::default_cut_throat(seats),
                m => m,
            },
            (Method::Auto, None) => Method::Paranoid,
            (m, _) => m,
        }
    }

    /// The cut-throat method of a game that has not measured its own: best-reply search up
    /// to [`BEST_REPLY_UP_TO_SEATS`], paranoid search beyond.
    pub fn default_cut_throat(seats: usize) -> Method {
        if seats <= BEST_REPLY_UP_TO_SEATS { Method::BestReply } else { Method::Paranoid }
    }
}

/// The most seats at which [`Method::Auto`] plays best-reply search in cut-throat, unless the
/// game says otherwise ([`Evaluate::cut_throat_method`]: Stax, Tri-Chek). At five and
/// six the paranoid search's opponents' plies are narrowed to their threats in the chess
/// family (`pvs::THREATS_ONLY_FROM_SEATS`), and it beat best-reply search there (Tri-Chess).
const BEST_REPLY_UP_TO_SEATS: usize = 4;

impl FromStr for Method {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Method::ALL.into_iter().find(|m| m.name() == s).ok_or_else(|| {
            let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
            format!("unknown search method {s:?} ({})", names.join(", "))
        })
    }
}

/// The deepest iteration when only time limits the search (buffers hold a little more).
const MAX_DEPTH: u32 = 60;

impl Limits {
    /// Search for `ms` milliseconds.
    pub fn movetime(ms: u64) -> Limits {
        Limits { movetime: Some(Duration::from_millis(ms)), depth: MAX_DEPTH, method: Method::Auto }
    }
    /// Search to `depth` plies, however long it takes (tests: reproducible results).
    pub fn depth(depth: u32) -> Limits {
        Limits { movetime: None, depth, method: Method::Auto }
    }
    /// The same limits, searching with `method`.
    pub fn with_method(self, method: Method) -> Limits {
        Limits { method, ..self }
    }
    /// The deepest iteration searched in `pos`: the limits' `depth`, or less where a timed
    /// [`Method::Auto`] search meets the game's cap for a table of seats each playing for
    /// itself ([`Evaluate::cut_throat_depth`]). A depth asked for, or a method named, is not
    /// capped.
    pub fn depth_for<P: Evaluate>(&self, pos: &P) -> u32 {
        match cut_throat_seats(pos) {
            Some(seats) if self.movetime.is_some() && self.method == Method::Auto => self.depth.min(pos.cut_throat_depth(seats)),
            _ => self.depth,
        }
    }
}

/// The seat count of a table of three or more seats each playing for itself (where the game
/// chooses `auto`'s method and depth), `None` for two teams or partners.
fn cut_throat_seats<P: Evaluate>(pos: &P) -> Option<usize> {
    let seating = pos.seating();
    let teams = seating.teams().len();
    (teams >= 3 && teams == seating.count()).then_some(teams)
}

/// What the search decided.
#[derive(Clone, Debug)]
pub struct Thought {
    /// The move to play; `None` when the game is over or the dice are to be thrown.
    pub best: Option<AnyMove>,
    /// From the mover's side, in hundredths of a pawn (chess) or man (checkers); a forced
    /// result beyond ±(WIN - 256), see [`Thought::score_text`].
    pub score: i32,
    /// The deepest iteration completed (0: the move was forced or the game is over).
    pub depth: u32,
    pub nodes: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<AnyMove>,
    pub elapsed: Duration,
}

impl Thought {
    /// The score as players read it: `+1.25` (pawns or men ahead), `win in 3` / `loss in 2`
    /// (plies to a forced result).
    pub fn score_text(&self) -> String {
        if is_decisive(self.score) {
            let plies = WIN - self.score.abs();
            if self.score > 0 { format!("win in {plies}") } else { format!("loss in {plies}") }
        } else {
            format!("{:+.2}", self.score as f64 / 100.0)
        }
    }

    /// The expected line in notation, each move written in the position it is played from
    /// (`pos` is the position searched).
    pub fn pv_text(&self, pos: &AnyPosition) -> Vec<String> {
        let mut p = pos.clone();
        self.pv
            .iter()
            .map(|&m| {
                let text = p.move_text(m);
                p.play_unchecked(m);
                text
            })
            .collect()
    }

    /// The mover's expected share of the game, from 0 (lost) to 1 (won), as the score implies:
    /// the logistic curve of chess ratings with a pawn (100) worth 400 rating points' odds
    /// divided by four, so +1.00 is about 64%, +3.00 about 85%; a forced result is 0 or 1. What
    /// the table's evaluation bar shows.
    pub fn expectation(&self) -> f32 {
        if is_decisive(self.score) {
            return if self.score > 0 { 1.0 } else { 0.0 };
        }
        1.0 / (1.0 + 10f32.powf(-(self.score as f32) / PAWNS_PER_DECADE))
    }

    /// Nodes searched per second.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Score (hundredths) at which the odds of winning are ten to one in [`Thought::expectation`]:
/// four pawns, the usual centipawn-to-expectation scale (Lichess's and many engines' 400).
const PAWNS_PER_DECADE: f32 = 400.0;

/// Monte Carlo iterations per ply of a depth limit without a time limit ([`Limits::depth`]:
/// tests' reproducible searches).
const MCTS_ITERATIONS_PER_PLY: u64 = 2000;

/// Samples of CHEX's hidden pile order searched per decision (each gets an equal share of
/// the time; the move most samples prefer is played). Four keeps each sample deep enough.
const HIDDEN_SAMPLES: u32 = 4;

/// The move the engine would play for the side to move of `pos`. `history` holds the hashes
/// of the game's earlier positions that repetition can still reach ([`Game::repetition_hashes`]);
/// `stop` set from another thread ends the search early with the best move found so far.
pub fn think(pos: &AnyPosition, history: &[u64], limits: &Limits, stop: &AtomicBool) -> Thought {
    think_with(pos, history, limits, stop, &mut Memory::new())
}

/// [`think`] with what the same seat's earlier searches of this game left in `memory` (and
/// leaving this one's there): how the table's computer plays a game.
pub fn think_with(pos: &AnyPosition, history: &[u64], limits: &Limits, stop: &AtomicBool, memory: &mut Memory) -> Thought {
    let started = Instant::now();
    let none = Thought { best: None, score: 0, depth: 0, nodes: 0, pv: Vec::new(), elapsed: Duration::ZERO };
    if pos.outcome().is_some() || pos.throw_due() {
        return none;
    }
    let ask = Ask { history, repetition: pos.repetition_applies(), limits, started, stop };
    let mut thought = dispatch!(pos, p => lift(search_root(p, &ask, memory)));
    thought.elapsed = started.elapsed();
    thought
}

/// What one [`think`] searches with, whichever game it is.
struct Ask<'a> {
    /// Hashes of the game's earlier positions that repetition can still reach.
    history: &'a [u64],
    /// Whether the game ends on threefold repetition.
    repetition: bool,
    limits: &'a Limits,
    started: Instant,
    stop: &'a AtomicBool,
}

impl Ask<'_> {
    /// With the time to think cut in `shares` equal shares: the end of the `nth` (from 1) and
    /// the milliseconds one share allows (what sizes the table).
    fn budget(&self, shares: u32, nth: u32) -> (Option<Instant>, u64) {
        let deadline = self.limits.movetime.map(|t| self.started + t * nth / shares);
        let ms = self.limits.movetime.map_or(u64::MAX, |t| t.as_millis() as u64 / shares as u64);
        (deadline, ms)
    }
}

fn lift<M>(found: Found<M>) -> Thought
where
    AnyMove: From<M>,
{
    Thought {
        best: found.best.map(AnyMove::from),
        score: found.score,
        depth: found.depth,
        nodes: found.nodes,
        pv: found.pv.into_iter().map(AnyMove::from).collect(),
        elapsed: Duration::ZERO,
    }
}

/// Transposition table size in entries (a power of two): about 32 KB per millisecond of
/// thinking, between 1 MB and 32 MB, so a quick move does not pay to clear a big table.
fn table_bits<M>(ms: u64) -> u32 {
    let bytes = ms.saturating_mul(32 << 10).clamp(1 << 20, 32 << 20);
    let entry = std::mem::size_of::<(u64, Option<M>, i32, i16, u8)>() as u64;
    (bytes / entry).max(2).ilog2()
}

/// What the search keeps from one move of a game to the next: the transposition table and
/// the history of quiet moves, so a position searched on the last move (its replies, the
/// expected line) starts this one well ordered and partly solved. One per computer seat: the
/// scores are kept for the side that searched. A memory of another game or side is set aside.
#[derive(Default)]
pub struct Memory {
    kept: Option<Box<dyn Any + Send>>,
}

impl Memory {
    /// An empty memory (a new game, or a seat that just came to the computer).
    pub fn new() -> Memory {
        Memory::default()
    }

    fn take<M: 'static>(&mut self) -> Option<Kept<M>> {
        self.kept.take().and_then(|b| b.downcast::<Kept<M>>().ok()).map(|b| *b)
    }

    fn put<M: Send + 'static>(&mut self, kept: Kept<M>) {
        self.kept = Some(Box::new(kept));
    }
}

impl fmt::Debug for Memory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Memory").field("kept", &self.kept.is_some()).finish()
    }
}

#[allow(clippy::too_many_arguments)] // one search's whole request
fn search_one<P: Evaluate>(
    p: &P,
    history: &[u64],
    repetition: bool,
    limits: &Limits,
    deadline: Option<Instant>,
    ms: u64,
    stop: &AtomicBool,
    memory: &mut Memory,
) -> Found<P::Move>
where
    P::Move: Send + 'static,
{
    let mut root = p.clone();
    let best_reply = limits.method.resolve(p) == Method::BestReply;
    let mut searcher = Searcher::new(p, table_bits::<P::Move>(ms), history, repetition, best_reply, stop, memory.take());
    let found = searcher.run(&mut root, limits.depth_for(p), deadline);
    memory.put(searcher.keep());
    found
}

/// One game's search: of the position itself, or, where something is hidden from the mover
/// ([`Evaluate::hidden_sample`]), of samples of it (dealt from a seed the position's public
/// state fixes).
fn search_root<P: Evaluate>(p: &P, ask: &Ask, memory: &mut Memory) -> Found<P::Move>
where
    P::Move: Send + 'static,
{
    let mut rng = ChaCha8Rng::seed_from_u64(p.hash());
    let repetition = ask.repetition && p.search_repetition();
    match p.hidden_sample(&mut rng) {
        None if ask.limits.method.resolve(p) == Method::Mcts => {
            let (deadline, _) = ask.budget(1, 1);
            // A time limit alone stops it; a depth limit (tests) buys a fixed count of iterations.
            let iterations = if deadline.is_some() { u64::MAX } else { ask.limits.depth as u64 * MCTS_ITERATIONS_PER_PLY };
            mcts::search(p, deadline, iterations, ask.stop)
        }
        None => {
            let (deadline, ms) = ask.budget(1, 1);
            search_one(p, ask.history, repetition, ask.limits, deadline, ms, ask.stop, memory)
        }
        // Each sample is a different position: nothing carries between them or moves.
        Some(first) => search_hidden(p, first, &mut rng, repetition, ask),
    }
}

/// CHEX: searches [`HIDDEN_SAMPLES`] orders of the face-down tiles (`first`, then more drawn
/// from `rng`) and plays the move most of them choose, ties going to the better mean score.
fn search_hidden<P: Evaluate>(p: &P, first: P, rng: &mut ChaCha8Rng, repetition: bool, ask: &Ask) -> Found<P::Move>
where
    P::Move: Send + 'static,
{
    let mut votes: Vec<(P::Move, u32, i64)> = Vec::new();
    let (mut nodes, mut depth, mut last) = (0, u32::MAX, None);
    let mut first = Some(first);
    for i in 0..HIDDEN_SAMPLES {
        let (deadline, share) = ask.budget(HIDDEN_SAMPLES, i + 1);
        let sample = first.take().unwrap_or_else(|| p.hidden_sample(rng).expect("hidden state is sampled every time"));
        let found = search_one(&sample, ask.history, repetition, ask.limits, deadline, share, ask.stop, &mut Memory::new());
        nodes += found.nodes;
        depth = depth.min(found.depth);
        if let Some(m) = found.best {
            match votes.iter_mut().find(|v| v.0 == m) {
                Some(v) => (v.1, v.2) = (v.1 + 1, v.2 + found.score as i64),
                None => votes.push((m, 1, found.score as i64)),
            }
        }
        last = Some(found);
    }
    let mut found = last.expect("at least one sample is searched");
    if let Some(&(m, n, total)) = votes.iter().max_by_key(|v| (v.1, v.2 / v.1 as i64)) {
        found.pv = if found.best == Some(m) { found.pv } else { vec![m] };
        (found.best, found.score) = (Some(m), (total / n as i64) as i32);
    }
    (found.nodes, found.depth) = (nodes, depth);
    found
}

/// Who chooses a seat's moves in a match (the table adds local players).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Controller {
    /// A uniformly random legal move.
    Random,
    /// The move with the best material right after it (a win if one is there), ties at random.
    Greedy,
    /// The search, given this many milliseconds per move, with `method` at a table of three
    /// or more teams.
    Ai {
        movetime_ms: u32,
        #[serde(default)]
        method: Method,
    },
}

/// A strength the table offers a computer seat: a time to think per move, a name, and the
/// rating that time earns at chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    pub name: &'static str,
    pub movetime_ms: u32,
    /// On Stockfish 15.1's `UCI_Elo` scale (one thread each, a two-core machine), rounded to
    /// 50: measured by `scripts/rating.py` where [`Strength::measured`], else carried from the
    /// nearest measured time by the gain per doubling of time measured between them.
    pub chess_rating: u32,
    pub measured: bool,
}

/// The strengths offered, weakest first (docs/architecture.md has the matches behind them).
pub const STRENGTHS: [Strength; 3] = [
    Strength { name: "Casual", movetime_ms: 200, chess_rating: RATING_200MS, measured: true },
    Strength { name: "Club", movetime_ms: 1000, chess_rating: RATING_1S, measured: true },
    Strength { name: "Strong", movetime_ms: 5000, chess_rating: RATING_5S, measured: false },
];
/// `scripts/rating.py`, Stockfish at the same time a move, against UCI_Elo 2200 and 2400 (issue
/// 29's matches of the static-exchange build, each 64 games over the main lines and the book's
/// first eight openings): 0.2 s 2159 (95% 2064-2253), 1 s 2294 (2205-2383). 5 s is five times
/// 1 s as 1 s is five times 0.2 s: 1 s plus the same gain (an upper guess, since each doubling
/// of time gains less than the last). Rounded to 50.
const RATING_200MS: u32 = 2150;
const RATING_1S: u32 = 2300;
const RATING_5S: u32 = 2450;

impl Strength {
    /// The strength thinking `movetime_ms` a move, if one is offered.
    pub fn of(movetime_ms: u32) -> Option<Strength> {
        STRENGTHS.into_iter().find(|s| s.movetime_ms == movetime_ms)
    }

    /// "Club ~2300": the name and the chess rating.
    pub fn label(&self) -> String {
        format!("{} ~{}", self.name, self.chess_rating)
    }

    /// A sentence for a tooltip: the time, and the rating with how it was found.
    pub fn description(&self) -> String {
        let how = if self.measured { "measured against Stockfish" } else { "estimated from the shorter times' matches against Stockfish" };
        format!(
            "The computer, thinking {} s a move: about {} at chess on Stockfish's rating scale ({how}); the same search in every game",
            self.movetime_ms as f64 / 1000.0,
            self.chess_rating
        )
    }
}

/// The AI's time per move when `ai` is written without one.
pub const DEFAULT_MOVETIME_MS: u32 = 1000;
/// The longest time per move accepted (ten minutes).
const MAX_MOVETIME_MS: u32 = 600_000;

impl fmt::Display for Controller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Controller::Random => f.write_str("random"),
            Controller::Greedy => f.write_str("greedy"),
            Controller::Ai { movetime_ms, method: Method::Auto } => write!(f, "ai:{movetime_ms}"),
            Controller::Ai { movetime_ms, method } => write!(f, "ai:{movetime_ms}:{}", method.name()),
        }
    }
}

impl FromStr for Controller {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("unknown controller {s:?} (random, greedy, ai, ai:MS or ai:MS:METHOD with MS from 1 to {MAX_MOVETIME_MS})");
        match s {
            "random" => Ok(Controller::Random),
            "greedy" => Ok(Controller::Greedy),
            "ai" => Ok(Controller::Ai { movetime_ms: DEFAULT_MOVETIME_MS, method: Method::Auto }),
            _ => {
                let rest = s.strip_prefix("ai:").ok_or_else(bad)?;
                let (ms, method) = match rest.split_once(':') {
                    Some((ms, method)) => (ms, method.parse::<Method>()?),
                    None => (rest, Method::Auto),
                };
                let ms = Some(ms).filter(|d| (1..=6).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_digit())).ok_or_else(bad)?;
                let ms: u32 = ms.parse().map_err(|_| bad())?;
                if (1..=MAX_MOVETIME_MS).contains(&ms) { Ok(Controller::Ai { movetime_ms: ms, method }) } else { Err(bad()) }
            }
        }
    }
}

impl Controller {
    /// The move this controller plays for the side to move; `None` when the game is over or a
    /// throw of the dice is due (see [`throw`]: throws are not a controller's choice).
    pub fn decide(&self, pos: &AnyPosition, history: &[u64], stop: &AtomicBool, rng: &mut impl Rng) -> Option<AnyMove> {
        self.decide_with(pos, history, stop, rng, &mut Memory::new())
    }

    /// [`Controller::decide`] for a seat that keeps its search's `memory` from move to move.
    pub fn decide_with(&self, pos: &AnyPosition, history: &[u64], stop: &AtomicBool, rng: &mut impl Rng, memory: &mut Memory) -> Option<AnyMove> {
        if pos.throw_due() {
            return None;
        }
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        if legal.is_empty() || pos.outcome_with(&legal).is_some() {
            return None;
        }
        match *self {
            Controller::Random => Some(legal[rng.random_range(0..legal.len())]),
            Controller::Greedy => Some(greedy(pos, &legal, rng)),
            Controller::Ai { movetime_ms, method } => think_with(pos, history, &Limits::movetime(movetime_ms as u64).with_method(method), stop, memory).best,
        }
    }
}

/// Best immediate material for the mover's team (a move that wins outright first, one that
/// loses outright last), ties broken at random; every seat counts, out or not, as when the
/// strength rows against it were played. CHEX is judged on a resampled pile, which
/// material does not depend on anyway.
fn greedy(pos: &AnyPosition, legal: &[AnyMove], rng: &mut impl Rng) -> AnyMove {
    let mut work = pos.hidden_sample(rng).unwrap_or_else(|| pos.clone());
    let seating = pos.seating();
    let us = seating.team(pos.turn());
    let mut scores = PerSeat::splat(0);
    let (mut best, mut ties) = (i32::MIN, Vec::new());
    for &m in legal {
        let undo = work.play_unchecked(m);
        let v = match work.outcome() {
            Some(Outcome::Win { winners, .. }) if winners.0 & us.0 != 0 => WIN,
            Some(Outcome::Win { .. }) => -WIN,
            _ => {
                work.material(&mut scores);
                eval::coalition_score(&seating, us, &scores, SeatSet::EMPTY)
            }
        };
        work.undo(m, undo);
        if v > best {
            (best, ties) = (v, vec![m]);
        } else if v == best {
            ties.push(m);
        }
    }
    ties[rng.random_range(0..ties.len())]
}

/// A throw of the dice drawn with each outcome's real odds, when one is due.
pub fn throw<P: Position>(pos: &P, rng: &mut impl Rng) -> Option<P::Move> {
    let mut outcomes = Vec::new();
    let total = pos.chance(&mut outcomes);
    if total == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..total);
    outcomes
        .into_iter()
        .find(|&(_, w)| {
            let here = pick < w;
            pick = pick.saturating_sub(w);
            here
        })
        .map(|(m, _)| m)
}

/// [`think`] for the position a [`Game`] has reached, with its repetition history.
pub fn think_game(game: &Game, limits: &Limits, stop: &AtomicBool) -> Thought {
    think(game.position(), &game.repetition_hashes(), limits, stop)
}
