//! Replay: stepping back and forth through the move list without undoing, as lichess does. A
//! viewed ply ([`Replay`]) says which position the table shows: the mirror draws the position
//! after that many moves (the engine's game keeps every position it passed through, so a step
//! looks one up: nothing is replayed per frame), and dice games show that ply's roll.
//!
//! Viewing the past never changes the game:
//! - the keys (Left/Right one move, Home/End or Up/Down the first/last, as on lichess) and a
//!   click on a move in the HUD's list send [`ReplayStep`]s;
//! - a click on the board while the view is in the past is not played: the view returns to
//!   the game and the HUD says so (the click referred to a board that is not the game's);
//! - any command that changes the game (a move chosen from the HUD, undo, redo, a new game, a
//!   load, a throw of the dice) returns the view to the game first;
//! - the game waits while a player looks back: the computer's moves, its throws and the forced
//!   moves are held until the view is back (the computer may go on thinking meanwhile).

use bevy::prelude::*;
use variant_rules::scene::MoveClass;
use variant_rules::{AnyMove, AnyPosition};

use crate::table::game::session::{GameCommand, PositionChanged, Session};
use crate::table::schedule::{ApplyCommands, OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ReplayStep>()
        .init_resource::<Replay>()
        .add_systems(Update, replay_keys.in_set(TurnSystems::Input).in_set(OnScreen::Table))
        .add_systems(Update, (back_to_the_game, step).chain().in_set(TurnSystems::Apply).after(ApplyCommands));
}

/// A step through the move list (the arrow keys, Home and End, a click on a move).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayStep {
    /// One move back (Left).
    Back,
    /// One move forward (Right); past the last move, nothing.
    Forward,
    /// The start of the game, before any move (Home, Up).
    First,
    /// The game as it stands (End, Down).
    Last,
    /// The position after this many moves (a click on the move list: the position after the
    /// clicked move); the number of moves played or more is the game itself.
    To(usize),
}

/// Which position the table shows: the game's own (`None`, "live") or the one after the first
/// `ply` moves, `ply` short of the moves played.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Replay {
    viewed: Option<usize>,
}

impl Replay {
    /// The ply viewed, while the view is in the past.
    pub fn viewed(&self) -> Option<usize> {
        self.viewed
    }

    /// Whether the table shows the game as it stands.
    pub fn is_live(&self) -> bool {
        self.viewed.is_none()
    }

    /// The position the table shows: the viewed one, else the game's own.
    pub fn shown<'a>(&self, session: &'a Session) -> &'a AnyPosition {
        self.viewed.and_then(|ply| session.game.position_at(ply)).unwrap_or_else(|| session.game.position())
    }

    /// The faces the dice show in the viewed position: those of the last roll among the moves
    /// before it, as thrown where the throw was recorded. `None` while live (the dice show
    /// their own throw) or before any roll.
    pub fn faces(&self, session: &Session) -> Option<Vec<u8>> {
        let ply = self.viewed?;
        let moves: Vec<AnyMove> = session.moves().take(ply).collect();
        // The last roll before the viewed position, with the position it was thrown in.
        let (at, before, roll) = moves.iter().enumerate().rev().find_map(|(i, &m)| {
            let before = session.game.position_at(i)?;
            (before.move_class(m) == MoveClass::Roll).then_some((i, before, m))
        })?;
        let thrown = session.throws.iter().rev().find(|(p, _)| *p == at).map(|(_, r)| r.faces.clone());
        thrown.or_else(|| before.roll_faces(roll))
    }

    /// What the HUD says while the view is in the past: "Viewing move 12 of 40".
    pub fn marker(&self, session: &Session) -> Option<String> {
        let ply = self.viewed?;
        Some(format!("Viewing move {ply} of {}", session.game.moves().count()))
    }

    /// Where a step leads from the ply shown, in a game of `played` moves: `None` is the game.
    fn target(&self, step: ReplayStep, played: usize) -> Option<usize> {
        let now = self.viewed.unwrap_or(played);
        let to = match step {
            ReplayStep::Back => now.saturating_sub(1),
            ReplayStep::Forward => now + 1,
            ReplayStep::First => 0,
            ReplayStep::Last => played,
            ReplayStep::To(ply) => ply,
        };
        (to < played).then_some(to)
    }
}

/// Left/Right step a move; Home/End (and Up/Down, as on lichess) go to the first and last.
fn replay_keys(keys: Option<Res<ButtonInput<KeyCode>>>, mut out: MessageWriter<ReplayStep>) {
    let Some(keys) = keys else { return };
    let bindings = [
        (KeyCode::ArrowLeft, ReplayStep::Back),
        (KeyCode::ArrowRight, ReplayStep::Forward),
        (KeyCode::Home, ReplayStep::First),
        (KeyCode::ArrowUp, ReplayStep::First),
        (KeyCode::End, ReplayStep::Last),
        (KeyCode::ArrowDown, ReplayStep::Last),
    ];
    for (key, step) in bindings {
        if keys.just_pressed(key) {
            out.write(step);
        }
    }
}

/// Whatever changes the game returns the view to it first, so nothing is ever played on a board
/// the player does not see (a throw of the dice asks for the same with a [`ReplayStep::Last`]).
fn back_to_the_game(mut commands: MessageReader<GameCommand>, mut replay: ResMut<Replay>, mut changed: MessageWriter<PositionChanged>) {
    if commands.read().count() > 0 && !replay.is_live() {
        replay.viewed = None;
        changed.write(PositionChanged::default());
    }
}

/// Moves the view as asked; the mirror rebuilds the position stepped to (a single step
/// forward glides the move, as a move played does).
fn step(mut steps: MessageReader<ReplayStep>, session: Option<Res<Session>>, mut replay: ResMut<Replay>, mut changed: MessageWriter<PositionChanged>) {
    let Some(session) = session else {
        steps.clear();
        return;
    };
    let played = session.game.moves().count();
    let before = replay.viewed;
    for &s in steps.read() {
        let target = replay.target(s, played);
        replay.viewed = target;
    }
    if replay.viewed == before {
        return;
    }
    let from = before.unwrap_or(played);
    let to = replay.viewed.unwrap_or(played);
    // One move forward: it glides in, as when it was played.
    let forward = if to == from + 1 { session.moves().nth(from) } else { None };
    match (forward, session.game.position_at(from)) {
        (Some(m), Some(pos)) => changed.write(PositionChanged { moved: Some(m), path: Some(pos.move_path(m)) }),
        _ => changed.write(PositionChanged::default()),
    };
}
