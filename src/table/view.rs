//! Which side of the table the view is taken from: the side of the seat to move, so that at a
//! four-seat table the camera turns to each player in turn, or a fixed view (V toggles). Where
//! one player at the screen plays the computer, the view stays on that player's side. The
//! camera (a window's concern) reads [`TurnView`]; the logic here runs headless.

use bevy::prelude::*;
use variant_rules::{Position, Side};

use super::seats::Seats;
use super::session::Session;
use super::{AppState, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TurnView>().add_systems(
        Update,
        (
            toggle_view.in_set(TurnSystems::Input).run_if(in_state(AppState::Playing).or_else(in_state(AppState::GameOver))),
            follow_turn.in_set(TurnSystems::EndTurn),
        ),
    );
}

/// The side of the board the seat to move sits on, and whether the view follows it.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnView {
    /// The side of the seat to move (south for seat A, or White).
    pub side: Side,
    /// Seats at the table now.
    pub seats: usize,
    /// The player's choice (V); `None`: the default, which follows the turn at tables of more
    /// than two seats and keeps two-player games seen from the first seat's side.
    pub follow_choice: Option<bool>,
    /// The side of the one player at the screen when the computer has the other seats: the
    /// view stays there instead of following the turn.
    pub human: Option<Side>,
}

impl Default for TurnView {
    fn default() -> Self {
        TurnView { side: Side::SOUTH, seats: 2, follow_choice: None, human: None }
    }
}

impl TurnView {
    /// Whether the view turns to the seat to move (or stays with the lone player facing the
    /// computer).
    pub fn follows(&self) -> bool {
        self.follow_choice.unwrap_or(self.seats > 2 || self.human.is_some())
    }

    /// The side the camera should face the board from, if it follows the turn: the lone
    /// player's side against the computer, else the side of the seat to move.
    pub fn target(&self) -> Option<Side> {
        self.follows().then_some(self.human.unwrap_or(self.side))
    }

    /// The orbit yaw (radians) of a camera behind `side`: 0 behind the south side (at +z),
    /// a quarter turn per side clockwise seen from above (west at -x, north, east at +x).
    pub fn yaw_of(side: Side) -> f32 {
        -(side.0 as f32) * std::f32::consts::FRAC_PI_2
    }
}

/// V: follow the turn, or keep the view where it is.
fn toggle_view(keys: Option<Res<ButtonInput<KeyCode>>>, mut view: ResMut<TurnView>) {
    let Some(keys) = keys else { return };
    if keys.just_pressed(KeyCode::KeyV) {
        view.follow_choice = Some(!view.follows());
    }
}

/// Keeps [`TurnView::side`] on the seat to move and [`TurnView::human`] on the lone player's
/// side (changing the resource only when they move, so the camera reacts to real changes).
fn follow_turn(session: Option<Res<Session>>, seats: Res<Seats>, mut view: ResMut<TurnView>) {
    let Some(session) = session else { return };
    if !session.is_changed() && !seats.is_changed() {
        return;
    }
    let pos = session.game.position();
    let human = seats.lone_human().filter(|s| s.index() < pos.seating().count()).map(|s| pos.side_of(s));
    let next = TurnView { side: pos.side_of(pos.turn()), seats: pos.seating().count(), human, ..*view };
    view.set_if_neq(next);
}
