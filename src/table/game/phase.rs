//! The turn's phase, read at the end of every frame from the session (a roll due, a forced
//! move, whose seat is to move), the dice (in flight) and the mirror (pieces still moving), and
//! applied at once so the systems that follow in the frame run in the phase it is now.

use bevy::prelude::*;
use variant_rules::Position;

use crate::table::game::dice::DiceTable;
use crate::table::game::seats::Seats;
use crate::table::game::session::Session;
use crate::table::schedule::{OnScreen, TurnPhase, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Motion>()
        .add_systems(Update, update_phase.in_set(TurnSystems::Resolve).in_set(OnScreen::Play))
        .add_systems(Update, apply_transitions.after(TurnSystems::Resolve).before(TurnSystems::EndTurn));
}

/// Whether the mirror still animates the last move (a glide, prisoners sliding in): set by the
/// mirror every frame, read here. Without a mirror nothing ever moves.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Motion {
    pub moving: bool,
}

/// The phase the table is in, from what it holds now. The computer's turn is `Thinking` from
/// the moment it comes, while the last move may still glide (the search runs meanwhile; its
/// move is played once the pieces have landed); every other turn waits in `Animating` until
/// they have.
pub fn phase_of(session: &Session, seats: &Seats, dice: &DiceTable, motion: Motion) -> TurnPhase {
    let pos = session.game.position();
    let (roll_due, forced) = (pos.dice_due().is_some(), pos.forced_move().is_some());
    let turn = pos.turn();
    if dice.in_flight() {
        TurnPhase::Rolling
    } else if session.authority.awaiting() || (session.authority.is_server() && !seats.plays_here(turn)) {
        TurnPhase::Waiting
    } else if !roll_due && !forced && seats.is_computer(turn) {
        TurnPhase::Thinking
    } else if motion.moving {
        TurnPhase::Animating
    } else if roll_due {
        TurnPhase::AwaitingThrow
    } else if forced {
        TurnPhase::Forced
    } else {
        TurnPhase::Choosing
    }
}

/// Reads the phase again when something it depends on changed (a move, a throw, the seats,
/// the pieces starting or stopping): the forced-move test generates the legal moves.
fn update_phase(
    session: Option<Res<Session>>,
    seats: Res<Seats>,
    dice: Res<DiceTable>,
    motion: Res<Motion>,
    state: Res<State<TurnPhase>>,
    mut next: ResMut<NextState<TurnPhase>>,
) {
    let Some(session) = session else { return };
    let changed = session.is_changed() || seats.is_changed() || dice.is_changed() || motion.is_changed() || state.is_changed();
    if changed && session.outcome().is_none() {
        NextState::set_if_neq(&mut *next, phase_of(&session, &seats, &dice, *motion));
    }
}

/// Applies the state changes `Resolve` asked for (the phase, game over) before `EndTurn`, so
/// the computer starts on the position just resolved rather than a frame later.
fn apply_transitions(world: &mut World) {
    let _ = world.try_run_schedule(StateTransition);
}
