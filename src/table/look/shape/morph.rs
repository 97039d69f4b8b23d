//! Which shape the board is drawn in now ([`ShownShape`]): the player's choice
//! ([`BoardShape`]) for the board on the table, rolled up or flattened over about half a
//! second, and the maps between flat table coordinates and the shown ones.

use bevy::prelude::*;
use variant_rules::Wrap;
use variant_rules::bend::Bend;

use crate::table::game::session::Session;
use crate::table::game::view::{BoardShape, TurnView};
use crate::table::geometry::{plane_to_world, world_to_plane};
use crate::table::mirror::board::Board;
use crate::table::schedule::{AppState, OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShownShape>()
        .add_systems(Update, morph.in_set(TurnSystems::Draw).in_set(OnScreen::Table))
        // Back at the launcher the board is gone: nothing is bent until the next one comes.
        .add_systems(OnEnter(AppState::Launcher), |mut shown: ResMut<ShownShape>| {
            shown.set_if_neq(ShownShape::default());
        });
}

/// Seconds a morph between flat and true shape takes (each way, when one cylinder gives way
/// to the other).
pub const MORPH_SECONDS: f32 = 0.5;

/// The shape the board is drawn in: the bend (its `roll` the morph's stage), or none while
/// flat. Updated only when it changes, so `is_changed` tells the drawing to follow.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Default)]
pub struct ShownShape {
    /// The shape being shown or morphed to or from; `None` for a board that stays flat.
    pub bend: Option<Bend>,
    /// The morph's progress, 0 (flat) to 1 (closed): `bend.roll` is this eased.
    pub progress: f32,
    /// The shape being morphed to (closed), `None` for flat: what the camera frames.
    pub wanted: Option<Bend>,
}

impl ShownShape {
    /// The bend drawn now, if the board is not flat.
    pub fn bent(&self) -> Option<&Bend> {
        self.bend.as_ref().filter(|b| !b.is_flat())
    }

    /// Whether the board is drawn closed into its true shape (not flat, not mid-morph).
    pub fn closed(&self) -> bool {
        self.bent().is_some_and(|b| b.roll >= 1.0)
    }

    /// The transform something standing at `flat` (table coordinates of the flat board) is
    /// drawn with: carried onto the surface, lifted along its normal by its height, turned to
    /// stand along the normal.
    pub fn pose(&self, flat: Transform) -> Transform {
        let Some(b) = self.bent() else { return flat };
        let p = world_to_plane(flat.translation);
        let [ax, ay, az] = b.axes(p).map(Vec3::from_array);
        let frame = Quat::from_mat3(&Mat3::from_cols(ax, ay, az));
        Transform { translation: Vec3::from_array(b.point(p, flat.translation.y)), rotation: frame * flat.rotation, scale: flat.scale }
    }

    /// The flat table point under a point of the shown board (a pointer's hit on it): the
    /// inverse of [`ShownShape::pose`] on the board's surface, at height 0.
    pub fn to_flat(&self, shown: Vec3) -> Vec3 {
        match self.bent() {
            Some(b) => plane_to_world(b.unbend(shown.to_array())),
            None => shown,
        }
    }
}

/// The bend the player's choice asks for on `board`: its true shape where its edges join and
/// the choice is on (square boards only: the triangular boards are flat), else none.
pub fn wanted(board: &Board, choice: &BoardShape, files_round: bool) -> Option<Bend> {
    let wrap = board.topology.wrap();
    let square = board.topology.tri_board().is_none() && !board.plane;
    (choice.true_shape && wrap != Wrap::Flat && square).then(|| Bend::for_side(board.layout, wrap, files_round))
}

/// The same shape, whatever its stage.
fn same_shape(a: &Bend, b: &Bend) -> bool {
    a.shape == b.shape && a.size == b.size && a.centre == b.centre
}

/// Moves the shown shape towards the one wanted: a new board is shown at once as wanted (a
/// game opens in its shape, no morph); otherwise the board rolls up or flattens over
/// [`MORPH_SECONDS`], flattening first when another shape is wanted.
fn morph(
    time: Res<Time>,
    boards: Query<Ref<Board>>,
    choice: Res<BoardShape>,
    view: Res<TurnView>,
    session: Option<Res<Session>>,
    mut shown: ResMut<ShownShape>,
) {
    let Ok(board) = boards.single() else { return };
    let files_round = session.as_ref().is_none_or(|s| choice.files_round_in(s.game.position(), &view));
    let want = wanted(&board, &choice, files_round);
    let mut next = *shown;
    if board.is_added() {
        next = ShownShape { bend: want, progress: if want.is_some() { 1.0 } else { 0.0 }, wanted: want };
    } else {
        let step = time.delta_secs() / MORPH_SECONDS;
        match (next.bend, want) {
            (Some(now), Some(w)) if same_shape(&now, &w) => next.progress = (next.progress + step).min(1.0),
            (Some(_), _) if next.progress > 0.0 => next.progress = (next.progress - step).max(0.0),
            (_, w) => next.bend = w,
        }
    }
    next.wanted = want;
    let eased = next.progress * next.progress * (3.0 - 2.0 * next.progress);
    next.bend = next.bend.map(|b| b.rolled(eased));
    shown.set_if_neq(next);
}
