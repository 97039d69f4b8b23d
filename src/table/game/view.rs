//! Which side of the table the view is taken from: the side of the seat to move, so that at a
//! table of more than two seats (four round a square board, up to six round a hexagon) the
//! camera turns to each player in turn, or a fixed view (V toggles). Where
//! one player at the screen plays the computer, the view stays on that player's side. The
//! camera (a window's concern) reads [`TurnView`]; the logic here runs headless. Also here:
//! whether stacks are fanned out for inspection ([`FanOut`], F), and whether a board whose
//! edges join is drawn in its true shape, a cylinder or a torus ([`BoardShape`], T).

use bevy::prelude::*;
use variant_rules::layout::BoardLayout;
use variant_rules::{AnyPosition, Position, Seat, Side};

use crate::table::game::seats::Seats;
use crate::table::game::session::Session;
use crate::table::geometry::layout_of;
use crate::table::schedule::{OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TurnView>()
        .init_resource::<FanOut>()
        .init_resource::<BoardShape>()
        .add_message::<ToggleShape>()
        .add_systems(Update, ((toggle_view, toggle_shape).in_set(TurnSystems::Input).in_set(OnScreen::Table), follow_turn.in_set(TurnSystems::EndTurn)));
}

/// The side of the board the seat to move sits on, and whether the view follows it.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnView {
    /// The side of the seat to move (south for seat A, or White).
    pub side: Side,
    /// Seats at the table now.
    pub seats: usize,
    /// Sides of the board where seats may sit: 4 round a square board, 6 round a hexagon.
    pub sides: usize,
    /// The player's choice (V); `None`: the default, which follows the turn at tables of more
    /// than two seats and keeps two-player games seen from the first seat's side.
    pub follow_choice: Option<bool>,
    /// The side of the one player at the screen when the computer has the other seats: the
    /// view stays there instead of following the turn.
    pub human: Option<Side>,
}

impl Default for TurnView {
    fn default() -> Self {
        TurnView { side: Side::SOUTH, seats: 2, sides: 4, follow_choice: None, human: None }
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

    /// The orbit yaw (radians) of the camera when it follows the turn (see [`TurnView::target`]).
    pub fn target_yaw(&self) -> Option<f32> {
        self.target().map(|side| TurnView::yaw_of(side, self.sides))
    }

    /// The orbit yaw (radians) of a camera behind `side` of a board with `sides` sides: 0
    /// behind the south side (at +z), one side's turn clockwise seen from above per side (a
    /// quarter turn on a square board: west at -x, north, east at +x; a sixth on a hexagon).
    pub fn yaw_of(side: Side, sides: usize) -> f32 {
        -(side.0 as f32) * std::f32::consts::TAU / sides.max(1) as f32
    }

    /// The orbit yaw of a camera looking at the board from outside `side`'s edge of `layout`,
    /// worked out from the edge itself (for a regular board, [`TurnView::yaw_of`]).
    pub fn yaw_of_edge(layout: &BoardLayout, side: Side) -> f32 {
        let (a, b) = layout.edge(side);
        let world = crate::table::geometry::plane_to_world([(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]);
        world.x.atan2(world.z)
    }

    /// The yaw of `seat`'s side of the board in `pos`: how its pieces are turned to face the
    /// middle, and where the camera sits to see the board as that seat does.
    pub fn yaw_of_seat(pos: &AnyPosition, seat: Seat) -> f32 {
        TurnView::yaw_of(pos.side_of(seat), layout_of(pos.topology()).side_count())
    }
}

/// V: follow the turn, or keep the view where it is.
fn toggle_view(keys: Option<Res<ButtonInput<KeyCode>>>, mut view: ResMut<TurnView>) {
    let Some(keys) = keys else { return };
    if keys.just_pressed(KeyCode::KeyV) {
        view.follow_choice = Some(!view.follows());
    }
}

/// How a board whose edges join is drawn: flat, its joined edges repeated as dimmed ghost
/// cells, or bent into its true shape (a cylinder, a torus) so the join is seen. T toggles it
/// (and the HUD's button); the choice lasts (`persist::settings`).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BoardShape {
    /// Drawn in its true shape.
    pub true_shape: bool,
    /// Which cylinder a four-seat board shows, where seats on different sides join different
    /// edges: `None` the one of the seat the view is taken from (the lone player's against
    /// the computer, else the seat to move's), `Some(true)` the files round (as the north and
    /// south seats join them), `Some(false)` the ranks round. Shift+T steps through them.
    pub files_round: Option<bool>,
}

impl BoardShape {
    /// Whether the cylinder shown joins the side edges (the files go round) in `pos`.
    /// Only where some seat sits facing the files (east or west) do the ranks ever go round.
    pub fn files_round_in(&self, pos: &AnyPosition, view: &TurnView) -> bool {
        if !ends_join_for_some(pos) {
            return true;
        }
        self.files_round.unwrap_or_else(|| view.human.unwrap_or_else(|| pos.side_of(pos.turn())).faces_ranks())
    }
}

/// Whether some seat of `pos` joins a cylinder's ends rather than its sides: one sitting on
/// the east or west side of a board whose edges join.
pub fn ends_join_for_some(pos: &AnyPosition) -> bool {
    pos.topology().wrap() != variant_rules::Wrap::Flat && pos.seating().seats().any(|s| !pos.side_of(s).faces_ranks())
}

/// Flat or true shape, from the HUD's button (T does the same).
#[derive(Message, Debug, Clone, Copy)]
pub struct ToggleShape;

/// T: flat or true shape; Shift+T: which cylinder (the view's seat's, the files', the ranks').
fn toggle_shape(keys: Option<Res<ButtonInput<KeyCode>>>, mut asked: MessageReader<ToggleShape>, mut shape: ResMut<BoardShape>) {
    let t = keys.as_ref().is_some_and(|k| k.just_pressed(KeyCode::KeyT));
    let shift = keys.as_ref().is_some_and(|k| k.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]));
    if t && shift {
        shape.files_round = match shape.files_round {
            None => Some(true),
            Some(true) => Some(false),
            Some(false) => None,
        };
    } else if asked.read().count() > 0 || t {
        shape.true_shape = !shape.true_shape;
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
    let sides = layout_of(pos.topology()).side_count();
    let next = TurnView { side: pos.side_of(pos.turn()), seats: pos.seating().count(), sides, human, ..*view };
    view.set_if_neq(next);
}

/// The signed angle from `from` to `to`, the short way round (-pi..pi).
pub fn short_way(from: f32, to: f32) -> f32 {
    (to - from + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU) - std::f32::consts::PI
}

/// Stack inspection: whether stacks are fanned out vertically so every checker shows.
#[derive(Resource, Default, Debug)]
pub struct FanOut(pub bool);

#[cfg(test)]
mod tests {
    use variant_rules::trigrid::TriBoard;

    use super::*;

    #[test]
    fn each_side_is_seen_from_outside_its_edge() {
        let square = BoardLayout::square(8, 8);
        for s in 0..4 {
            let (edge, regular) = (TurnView::yaw_of_edge(square, Side(s)), TurnView::yaw_of(Side(s), 4));
            assert!(short_way(edge, regular).abs() < 1e-5, "square side {s}: {edge} vs {regular}");
        }
        for rows in [8, 10, 12] {
            let hexagon = BoardLayout::triangles(TriBoard::plain(rows));
            assert_eq!(hexagon.side_count(), 6);
            for s in 0..6 {
                let (edge, regular) = (TurnView::yaw_of_edge(hexagon, Side(s)), TurnView::yaw_of(Side(s), 6));
                assert!(short_way(edge, regular).abs() < 1e-5, "hexagon side {s}: {edge} vs {regular}");
            }
        }
        assert_eq!(TurnView::yaw_of(Side::SOUTH, 6), 0.0);
    }
}
