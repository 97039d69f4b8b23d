//! The computer at the table: when the seat to move is the computer's, the engine's search
//! (`variant_rules::search::think`) runs on a copy of the position on Bevy's
//! `AsyncComputeTaskPool` and is polled every frame, so the window keeps drawing while it
//! thinks; its move goes through the same [`GameCommand::Play`] as a click. Its dice are thrown
//! with the same physical throw as Space, after a short pause. A search whose position has
//! left the table (undo, a new game, a load, back to the launcher) is stopped: its stop flag is
//! set and its task dropped. H asks the same search for a hint for the seat to move, shown on
//! the board and in the HUD. Each computer seat keeps its search's memory (the positions it has
//! searched) from one of its moves to the next through the game.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::app::TaskPoolOptions;
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use variant_rules::search::{self, Limits, Memory, Thought};
use variant_rules::topology::NO_CELL;
use variant_rules::{AnyMove, Cell, Position, Seat};

use crate::table::game::dice::ThrowDice;
use crate::table::game::phase::Motion;
use crate::table::game::replay::Replay;
use crate::table::game::seats::Seats;
use crate::table::game::session::{GameCommand, PositionChanged, Session};
use crate::table::schedule::{AppState, ApplyCommands, InPhase, OnScreen, TurnPhase, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<AskHint>()
        .init_resource::<Computer>()
        .init_resource::<Hint>()
        .add_systems(
            Update,
            (
                // Polling also runs outside a game, so leaving to the launcher stops the search.
                (poll_searches, play_thought.in_set(InPhase(TurnPhase::Thinking))).chain().in_set(TurnSystems::Input),
                ask_hint.in_set(TurnSystems::Input).in_set(OnScreen::Play),
                throw_for_computer.in_set(TurnSystems::Input).in_set(InPhase(TurnPhase::AwaitingThrow)),
                undo_past_computer.in_set(TurnSystems::Apply).after(ApplyCommands),
                // Once the frame's moves are applied: searches of a position gone are dropped at
                // once, and the computer starts on its turn.
                // The phase this frame resolved: a set's condition is read once a frame, when its
                // first system comes up (`play_thought`, in `Input`), so this one reads its own.
                (drop_stale_searches, start_thinking.run_if(in_state(TurnPhase::Thinking))).chain().in_set(TurnSystems::EndTurn),
            ),
        )
        .add_systems(OnExit(TurnPhase::AwaitingThrow), |mut computer: ResMut<Computer>| computer.throw_wait = 0.0);
}

/// The task pools for a window. A search holds an `AsyncComputeTaskPool` thread for its whole
/// time, and Bevy's renderer compiles pipelines (and saves screenshots) on that same pool: with
/// one thread (Bevy's default on a two-core machine) nothing newly drawn would appear until the
/// computer had moved. Two threads at least leave one for the renderer.
pub fn task_pool_options() -> TaskPoolOptions {
    let mut options = TaskPoolOptions::default();
    options.async_compute.min_threads = options.async_compute.min_threads.max(2);
    options
}

/// Seconds the computer waits before throwing its dice, so players see whose throw it is.
const THROW_PAUSE: f32 = 0.8;

/// Asks for a hint for the seat to move (the H key; tests).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct AskHint;

/// The computer's searches: its own move and a hint, each at most one at a time.
#[derive(Resource)]
pub struct Computer {
    thinking: Option<Search>,
    hinting: Option<Search>,
    /// Milliseconds a hint searches (1 s; tests shorten it).
    pub hint_movetime_ms: u32,
    /// The computer's last move, said in the HUD until another move is played: the number of
    /// moves in the game after it, and the line.
    last: Option<(usize, String)>,
    /// Seconds waited so far before throwing the computer's dice.
    throw_wait: f32,
    /// What each computer seat's searches keep from move to move of the game (the table of
    /// positions already searched), by seat; let go outside a game.
    memories: Vec<Arc<Mutex<Memory>>>,
}

impl Default for Computer {
    fn default() -> Self {
        Computer { thinking: None, hinting: None, hint_movetime_ms: 1000, last: None, throw_wait: 0.0, memories: Vec::new() }
    }
}

/// A search running on the `AsyncComputeTaskPool`. Dropping it stops the search: the flag the
/// engine polls is set, and the task is cancelled.
struct Search {
    task: Task<Thought>,
    stop: Arc<AtomicBool>,
    /// The position it was given: moves played and hash (it is stale once the table has another).
    at: (usize, u64),
    seat: Seat,
    started: Instant,
}

impl Drop for Search {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The hint shown for the seat to move: the move, its cells (highlighted) and the HUD's line.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Hint(pub Option<HintMove>);

/// A suggested move.
#[derive(Debug, Clone, PartialEq)]
pub struct HintMove {
    pub mv: AnyMove,
    /// The cell it starts from (`None`: a move with no cell, such as a pass or a draw from a pile).
    pub from: Option<Cell>,
    /// The cells it lands on, with whether it captures.
    pub landings: Vec<Cell>,
    pub capture: bool,
    /// "Hint: e2e4 (+0.30, depth 8)".
    pub line: String,
    /// The seat the hint is for, and its expected share of the game as the search sees it
    /// (`Thought::expectation`: what the evaluation bar shows).
    pub mover: Seat,
    pub expectation: f32,
    at: (usize, u64),
}

impl Computer {
    /// The seat the computer is thinking for, and for how long, while it is.
    pub fn thinking(&self) -> Option<(Seat, Duration)> {
        self.thinking.as_ref().map(|s| (s.seat, s.started.elapsed()))
    }

    /// How long the hint search has been running, while it is.
    pub fn hinting(&self) -> Option<Duration> {
        self.hinting.as_ref().map(|s| s.started.elapsed())
    }

    /// The memory of `seat`'s searches (made on its first turn).
    fn memory(&mut self, seat: Seat) -> Arc<Mutex<Memory>> {
        let i = seat.index();
        if self.memories.len() <= i {
            self.memories.resize_with(i + 1, Default::default);
        }
        self.memories[i].clone()
    }

    /// Stops every search (the table does this itself when the position changes).
    pub fn stop(&mut self) {
        self.thinking = None;
        self.hinting = None;
    }

    /// The HUD's lines about the computer: thinking (and for how long), its last move with the
    /// score and depth, a hint being looked for or found.
    pub fn hud_lines(&self, session: &Session, seats: &Seats, hint: &Hint) -> String {
        let mut lines = Vec::new();
        if let Some((seat, t)) = self.thinking() {
            lines.push(format!("{} is thinking... {:.1} s", who(session, seats, seat), t.as_secs_f32()));
        } else if let Some((_, line)) = self.last.as_ref().filter(|(ply, _)| *ply == session.game.moves().count()) {
            lines.push(line.clone());
        }
        if let Some(t) = self.hinting() {
            lines.push(format!("Hint: thinking... {:.1} s", t.as_secs_f32()));
        } else if let Some(h) = &hint.0 {
            lines.push(h.line.clone());
        }
        lines.join("\n")
    }
}

/// How the HUD names the computer at `seat`: "Computer" with two seats, "Computer B" with more.
fn who(session: &Session, seats: &Seats, seat: Seat) -> String {
    let computers = (0..session.game.position().seating().count()).filter(|&i| seats.is_computer(Seat(i as u8))).count();
    if computers > 1 { format!("Computer {}", seat.letter()) } else { "Computer".into() }
}

/// Where the table is: moves played and the position's hash.
fn here(session: &Session) -> (usize, u64) {
    (session.game.moves().count(), session.game.position().hash())
}

/// Starts the engine's search of the table's position for `ms` milliseconds, off the main
/// thread (on a copy of the position and its repetition history).
/// A seat's own move searches with that seat's `memory`; a hint (`None`) starts afresh.
fn spawn_search(session: &Session, ms: u32, memory: Option<Arc<Mutex<Memory>>>) -> Search {
    let pos = session.game.position().clone();
    let history = session.game.repetition_hashes();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let limits = Limits::movetime(u64::from(ms));
    let task = AsyncComputeTaskPool::get().spawn(async move {
        // A search just dropped may still hold the memory for the few nodes it takes to see
        // its stop flag: this one then starts afresh rather than wait.
        match memory.as_ref().and_then(|m| m.try_lock().ok()) {
            Some(mut kept) => search::think_with(&pos, &history, &limits, &flag, &mut kept),
            None => search::think(&pos, &history, &limits, &flag),
        }
    });
    Search { task, stop, at: here(session), seat: session.game.position().turn(), started: Instant::now() }
}

/// In the [`TurnPhase::Thinking`] phase (the computer's seat has a move to choose: the game goes
/// on, no dice to throw or rolling, no move the rules force), the search starts, at once, while
/// the last move may still glide.
fn start_thinking(session: Res<Session>, seats: Res<Seats>, mut computer: ResMut<Computer>) {
    if computer.thinking.is_some() {
        return;
    }
    let seat = session.game.position().turn();
    if let Some(ms) = seats.controller(seat).movetime_ms() {
        let memory = computer.memory(seat);
        computer.thinking = Some(spawn_search(&session, ms, Some(memory)));
    }
}

/// Drops the searches and the hint of a position that has left the table (or of any position,
/// outside a game): dropping a search stops it.
fn drop_stale(session: Option<&Session>, state: &AppState, computer: &mut ResMut<Computer>, hint: &mut ResMut<Hint>) {
    let now = session.filter(|_| *state == AppState::Playing).map(here);
    if now.is_none() && !computer.memories.is_empty() {
        computer.memories.clear();
    }
    if computer.thinking.as_ref().is_some_and(|s| Some(s.at) != now) {
        computer.thinking = None;
    }
    if computer.hinting.as_ref().is_some_and(|s| Some(s.at) != now) {
        computer.hinting = None;
    }
    if hint.0.as_ref().is_some_and(|h| Some(h.at) != now) {
        hint.0 = None;
    }
}

fn drop_stale_searches(session: Option<Res<Session>>, state: Res<State<AppState>>, mut computer: ResMut<Computer>, mut hint: ResMut<Hint>) {
    drop_stale(session.as_deref(), state.get(), &mut computer, &mut hint);
}

/// In the [`TurnPhase::Thinking`] phase: plays the computer's move once its search is done and
/// the last move's pieces have landed.
/// While a player looks back through the moves ([`Replay`]) the move is held.
fn play_thought(session: Res<Session>, motion: Res<Motion>, replay: Res<Replay>, mut computer: ResMut<Computer>, mut out: MessageWriter<GameCommand>) {
    if motion.moving || !replay.is_live() {
        return;
    }
    let Some(thought) = computer.thinking.as_mut().and_then(|s| check_ready(&mut s.task)) else { return };
    computer.thinking = None;
    let pos = session.game.position();
    // The search answers every position it is started in; should it not, any legal move
    // keeps the game going rather than stalling it.
    if let Some(m) = thought.best.or_else(|| pos.legal_move_list().first().copied()) {
        let line = format!("Computer played {} ({}, depth {})", pos.move_text(m), thought.score_text(), thought.depth);
        computer.last = Some((session.game.moves().count() + 1, line));
        out.write(GameCommand::Play(m));
    }
}

/// Drops stale searches; shows a finished hint.
fn poll_searches(session: Option<Res<Session>>, state: Res<State<AppState>>, mut computer: ResMut<Computer>, mut hint: ResMut<Hint>) {
    drop_stale(session.as_deref(), state.get(), &mut computer, &mut hint);
    let Some(session) = session else { return };
    if let Some(thought) = computer.hinting.as_mut().and_then(|s| check_ready(&mut s.task)) {
        let at = computer.hinting.take().map(|s| s.at).unwrap_or_default();
        hint.0 = thought.best.map(|m| hint_move(&session, m, &thought, at));
    }
}

/// The hint for `m`, found by `thought`, in the position `at`.
fn hint_move(session: &Session, m: AnyMove, thought: &Thought, at: (usize, u64)) -> HintMove {
    let pos = session.game.position();
    let path = pos.move_path(m);
    let from = (path.from != NO_CELL).then_some(path.from);
    let landings = path.landings.iter().copied().filter(|&c| c != NO_CELL && Some(c) != from).collect();
    let line = format!("Hint: {} ({}, depth {})", pos.move_text(m), thought.score_text(), thought.depth);
    HintMove { mv: m, from, landings, capture: path.capture, line, mover: pos.turn(), expectation: thought.expectation(), at }
}

/// H (or an [`AskHint`]): the search looks for the move it would play for the seat to move.
fn ask_hint(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut asks: MessageReader<AskHint>,
    session: Option<ResMut<Session>>,
    seats: Res<Seats>,
    mut computer: ResMut<Computer>,
) {
    let pressed = keys.is_some_and(|k| k.just_pressed(KeyCode::KeyH));
    if asks.read().count() == 0 && !pressed {
        return;
    }
    let Some(mut session) = session else { return };
    let pos = session.game.position();
    let why_not = if session.outcome().is_some() {
        Some("the game is over")
    } else if session.authority.is_server() {
        Some("no hints in an online game")
    } else if seats.is_computer(pos.turn()) {
        Some("no hint: the computer is to move")
    } else if pos.dice_due().is_some() {
        Some("no hint yet: throw the dice first (Space)")
    } else {
        None
    };
    match why_not {
        Some(why) => session.status = why.into(),
        None => computer.hinting = Some(spawn_search(&session, computer.hint_movetime_ms, None)),
    }
}

/// The computer's dice: thrown, as Space throws them, a moment after a roll falls due (in the
/// [`TurnPhase::AwaitingThrow`] phase; the wait starts afresh each time the phase is entered).
/// Held while a player looks back through the moves.
fn throw_for_computer(
    time: Res<Time>,
    session: Res<Session>,
    seats: Res<Seats>,
    replay: Res<Replay>,
    mut computer: ResMut<Computer>,
    mut throw: MessageWriter<ThrowDice>,
) {
    if !seats.is_computer(session.game.position().turn()) || !replay.is_live() {
        return;
    }
    computer.throw_wait += time.delta_secs();
    if computer.throw_wait >= THROW_PAUSE {
        computer.throw_wait = 0.0;
        throw.write(ThrowDice::default());
    }
}

/// Against the computer, undo takes back to the player's own turn: after Ctrl+Z, the
/// computer's moves are taken back too until a player at the screen is to move (otherwise the
/// computer would play again at once).
fn undo_past_computer(
    mut commands: MessageReader<GameCommand>,
    session: Option<ResMut<Session>>,
    seats: Res<Seats>,
    mut changed: MessageWriter<PositionChanged>,
) {
    if !commands.read().any(|c| matches!(c, GameCommand::Undo)) {
        return;
    }
    let Some(mut session) = session else { return };
    let count = session.game.position().seating().count();
    if (0..count).all(|i| seats.is_computer(Seat(i as u8))) {
        return;
    }
    let mut taken = Vec::new();
    while seats.is_computer(session.game.position().turn()) {
        let Some(m) = session.undo() else { break };
        taken.push(m);
    }
    if !taken.is_empty() {
        session.status = format!("{} and {}", session.status, taken.join(", "));
        changed.write(PositionChanged::default());
    }
}
