//! What just happened, mirrored: each piece taken off the board waits in its owner's captured row beside the board (the one just taken flies there from its cell), and a King in check carries [`Checked`].

use bevy::prelude::*;
use variant_rules::layout::Shape;
use variant_rules::scene::PieceKind;
use variant_rules::{AnyPosition, Position, Seat, Side};

use crate::table::game::recap::Recap;
use crate::table::game::session::{PositionChanged, Session};
use crate::table::geometry::{CELL, cell_translation, drawn_layout_of, layout_of, plane_to_world};
use crate::table::mirror::pieces::{ChessPiece, Glide, pile_translation};
use crate::table::schedule::{AppState, MirrorSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (rebuild_rows.in_set(MirrorSystems::Pieces), mark_check.in_set(MirrorSystems::Motion)));
}

/// A piece taken off the board, standing in its owner's captured row at `slot` (0 first).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CapturedPiece {
    pub owner: Seat,
    pub kind: PieceKind,
    pub slot: usize,
}

/// On a King in check.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checked;

/// How much smaller a taken piece stands than one on the board.
pub const CAPTURED_SCALE: f32 = 0.6;
/// Room between the centres of neighbours in a captured row (a little more than a piece's
/// foot at [`CAPTURED_SCALE`]).
const SPACING: f32 = 0.62 * CELL;
/// How far outside its seat's edge of the (drawn) board a row lies: past a hexagon's frame
/// (0.8) and beyond the seat plates and their labels (1.0 out).
const OUT: f32 = 1.6 * CELL;
/// How far out from the west edge the first column of a two-seat table's rows stands.
const SIDE_OUT: f32 = 0.75 * CELL;
/// How far in from the end of the edge the row starts (the seat's left).
const INSET: f32 = 0.5 * CELL;

/// Where slot `slot` of `owner`'s captured row stands. At a two-seat square board (no seat
/// plates; hands wait on the east side): down the west side, each seat's from its own corner
/// towards the middle, further columns outward once one is full. At other tables, along the
/// owner's edge from their left, outside it, a second row further out once one is full. On
/// CHEX's open plane (no edge near the tiles): beside the owner's draw pile.
pub fn captured_slot(pos: &AnyPosition, owner: Seat, slot: usize) -> Vec3 {
    let topo = pos.topology();
    let layout = layout_of(topo);
    if pos.look().plane {
        let sign = if owner == Seat::A { 1.0 } else { -1.0 };
        // Ten to a row, starting a cell clear of the pile and running away from the middle's
        // side of it, beyond the tile just drawn; further rows towards the owner.
        let (col, row) = (slot % 10, slot / 10);
        return pile_translation(topo, owner) + Vec3::new(-sign * (1.0 + col as f32 * SPACING), 0.0, sign * (1.2 + row as f32 * SPACING));
    }
    let drawn = drawn_layout_of(layout);
    let hexagon = matches!(drawn.shape(), Shape::Triangles(_));
    if !hexagon && pos.seating().count() == 2 {
        // The west edge runs from its north end to its south end.
        let (north, south) = drawn.edge(Side::WEST);
        let half = (north[1] - south[1]).abs() / 2.0;
        let per_column = (((half - INSET) / SPACING) as usize).max(1);
        let (row, col) = ((slot % per_column) as f32, (slot / per_column) as f32);
        let (y, sign) = if owner == Seat::A { (south[1], 1.0) } else { (north[1], -1.0) };
        return plane_to_world([south[0] - SIDE_OUT - col * SPACING, y + sign * (INSET + row * SPACING)]);
    }
    let (a, b) = drawn.edge(pos.side_of(owner));
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = dx.hypot(dy).max(1e-6);
    let (along, normal) = ([dx / len, dy / len], [dy / len, -dx / len]);
    let per_row = (((len - 2.0 * INSET) / SPACING) as usize + 1).max(1);
    let (col, row) = ((slot % per_row) as f32, (slot / per_row) as f32);
    // A hexagon's frame lies round its hull, beyond its edge.
    let (t, out) = (INSET + col * SPACING, OUT + row * SPACING + if hexagon { 0.4 * CELL } else { 0.0 });
    plane_to_world([a[0] + along[0] * t + normal[0] * out, a[1] + along[1] * t + normal[1] * out])
}

/// Rebuilds the captured rows whenever the position changes; the pieces the move just played
/// took hop off their cells to their places once the mover has landed.
fn rebuild_rows(
    mut changed: MessageReader<PositionChanged>,
    session: Option<Res<Session>>,
    recap: Res<Recap>,
    old: Query<Entity, With<CapturedPiece>>,
    mut commands: Commands,
) {
    let Some(change) = changed.read().last().cloned() else { return };
    let Some(session) = session else { return };
    for e in &old {
        commands.entity(e).despawn();
    }
    let pos = session.game.position();
    let just_played = change.moved.is_some();
    for owner in pos.seating().seats() {
        for (slot, t) in recap.row(owner).enumerate() {
            let at = captured_slot(pos, owner, slot);
            let mut e = commands.spawn((
                Name::new(format!("Captured {} {}", pos.set_name(owner), pos.kind_name(t.kind))),
                CapturedPiece { owner, kind: t.kind, slot },
                DespawnOnEnter(AppState::Launcher),
                Transform::from_translation(at).with_scale(Vec3::splat(CAPTURED_SCALE)),
                Visibility::default(),
            ));
            if just_played && t.ply + 1 == recap.plies {
                // It stays on its cell while the mover arrives (the first leg), then hops off.
                let from = cell_translation(pos.topology(), t.cell);
                e.insert((
                    Transform::from_translation(from).with_scale(Vec3::splat(CAPTURED_SCALE)),
                    Glide { waypoints: vec![from, from, at], elapsed: 0.0, hop: true },
                ));
            }
        }
    }
}

/// Marks the Kings in check as their pieces are (re)spawned.
fn mark_check(pieces: Query<(Entity, &ChessPiece), Added<ChessPiece>>, recap: Res<Recap>, mut commands: Commands) {
    for (e, p) in &pieces {
        if recap.check.contains(&p.cell) {
            commands.entity(e).insert(Checked);
        }
    }
}
