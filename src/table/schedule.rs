//! The table's schedule in one place: the screens ([`AppState`]), the phases of a turn
//! ([`TurnPhase`]), the ordered sets every system of the table runs in ([`TurnSystems`],
//! [`MirrorSystems`]) and the sets that carry the run conditions ([`OnScreen`], [`InPhase`]).
//!
//! Each frame a turn flows down one chain: pointer and keys become messages (`Input`), clicks
//! are validated against the rules position and its board topology (`Validate`), moves are
//! applied to the session (`Apply`), the ECS mirror of the board follows (`Animate`), the
//! outcome and the next phase are read (`Resolve`), the computer and the view react
//! (`EndTurn`), and only then is anything drawn (`Draw`). A system says *when* it runs by
//! joining an [`OnScreen`] or [`InPhase`] set; no system tests the phase itself. (Bevy reads a
//! set's condition once a frame, when the set's first system comes up: a system that must
//! see the phase resolved later in the same frame, after `Resolve`, carries the condition
//! itself — the computer starting to think.)
//!
//! This file imports nothing of the table: every other room imports it.

use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<AppState>().add_sub_state::<TurnPhase>();
    app.configure_sets(
        Update,
        (TurnSystems::Input, TurnSystems::Validate, TurnSystems::Apply, TurnSystems::Animate, TurnSystems::Resolve, TurnSystems::EndTurn, TurnSystems::Draw)
            .chain(),
    );
    app.configure_sets(Update, ApplyCommands.in_set(TurnSystems::Apply));
    app.configure_sets(Update, (MirrorSystems::Board, MirrorSystems::Pieces, MirrorSystems::Motion).chain().in_set(TurnSystems::Animate));
    for schedule in [Update.intern(), FixedUpdate.intern()] {
        app.configure_sets(schedule, OnScreen::Launcher.run_if(in_state(AppState::Launcher)));
        app.configure_sets(schedule, OnScreen::Table.run_if(in_state(AppState::Playing).or_else(in_state(AppState::GameOver))));
        app.configure_sets(schedule, OnScreen::Play.run_if(in_state(AppState::Playing)));
    }
    for phase in TurnPhase::ALL {
        app.configure_sets(Update, InPhase(phase).run_if(in_state(phase)));
    }
}

/// Which screen the table shows.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AppState {
    /// Choosing a game, its topology and options.
    #[default]
    Launcher,
    /// A game in progress: its turns go through the [`TurnPhase`]s.
    Playing,
    /// A finished game, still on the table, with the result shown (the last phase of a game:
    /// no turn follows).
    GameOver,
}

/// Where the turn of a game in progress stands. Read from the session, the dice, the seats and
/// the pieces' motion at the end of each frame (`game::phase`), so the next frame's systems run
/// in the phase they belong to.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(AppState = AppState::Playing)]
pub enum TurnPhase {
    /// A player at this screen chooses a move: clicks, drags and the HUD's buttons.
    #[default]
    Choosing,
    /// The rules want a roll: Space, a flick or the HUD's button throws (the computer throws
    /// for its own seats after a pause).
    AwaitingThrow,
    /// The dice are in the air (simulated in `FixedUpdate`).
    Rolling,
    /// The rules leave one move (a pass, a re-roll, the Apocalypse): the table plays it after
    /// a pause.
    Forced,
    /// The computer searches for the seat to move, off the main thread (from the moment its
    /// turn comes; its move is played once the last move's pieces have landed).
    Thinking,
    /// The last move's pieces are still gliding (or prisoners sliding in under a stack); a
    /// throw, a forced move or a player's choice waits for them.
    Animating,
    /// An online room: another machine's seat is to move, or the server has yet to answer
    /// this table's move or throw. Nothing here acts until the server announces something.
    Waiting,
}

impl TurnPhase {
    /// Every phase.
    pub const ALL: [TurnPhase; 7] =
        [TurnPhase::Choosing, TurnPhase::AwaitingThrow, TurnPhase::Rolling, TurnPhase::Forced, TurnPhase::Thinking, TurnPhase::Animating, TurnPhase::Waiting];
}

/// The turn pipeline, run in this order every frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnSystems {
    /// Pointer and keyboard input become messages (cell clicks, commands).
    Input,
    /// Clicks are checked against the rules: selection, hop-by-hop jump paths, chosen moves.
    Validate,
    /// Chosen moves, undo/redo, new game and load are applied to the rules session.
    Apply,
    /// The ECS mirror is rebuilt from the rules position and moved pieces start animating.
    Animate,
    /// The outcome is read, the app state follows it, and the next turn phase is set.
    Resolve,
    /// What follows a resolved turn: the computer starts thinking, the view turns.
    EndTurn,
    /// Drawing: the HUD, the board's dress, marks, highlights, plates, dice (window only).
    Draw,
}

/// The system that applies the session's commands, inside [`TurnSystems::Apply`] (a load runs
/// before it, the computer's undo after it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ApplyCommands;

/// The mirror's steps inside [`TurnSystems::Animate`], in this order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MirrorSystems {
    /// The board entity, its cells and closed cells.
    Board,
    /// The pieces, stacks, hands and piles on it.
    Pieces,
    /// Glides and slides advance; whether anything still moves is reported.
    Motion,
}

/// Sets carrying the screen a system runs on.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OnScreen {
    /// The launcher.
    Launcher,
    /// A game on the table, in progress or over.
    Table,
    /// A game in progress.
    Play,
}

/// The set of the systems that run in one turn phase (see [`TurnPhase`]).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InPhase(pub TurnPhase);
