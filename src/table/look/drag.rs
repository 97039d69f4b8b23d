//! Dragging pieces: the picked-up piece or stack follows the pointer over the board, a drop on
//! a cell is a click on that cell, and a piece dropped where it cannot go glides back.
//!
//! The drop cell is found by casting the pointer's ray onto the board's plane rather than from
//! what picking hits under the pointer, because the carried piece itself is under the pointer.

use bevy::picking::events::{Drag, DragEnd, DragStart, Pointer};
use bevy::prelude::*;
use variant_rules::Cell;
use variant_rules::scene::PieceKind;

use crate::table::game::input::{CellClicked, HandClicked, Selection};
use crate::table::look::camera::OrbitCamera;
use crate::table::mirror::board::Board;
use crate::table::mirror::pieces::{DropPoint, Glide};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dragging>();
}

/// Height above the board at which a carried piece floats.
const CARRY_HEIGHT: f32 = 0.45;

/// The piece or stack being carried by the pointer, if any, and where it stood. Clicks that
/// Bevy reports when a drag is released over the carried piece are not clicks and are ignored
/// while this is set.
#[derive(Resource, Default, Debug)]
pub struct Dragging(pub Option<(Entity, Vec3)>);

/// What picking a draggable thing up means: a piece or stack on a board cell, or a piece in a
/// player's hand (or a drawn tile) of some kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    Cell(Cell),
    Hand(PieceKind),
}

/// Where the pointer's ray meets the board's surface.
fn board_point(cams: &Query<(&Camera, &GlobalTransform), With<OrbitCamera>>, at: Vec2) -> Option<Vec3> {
    let (camera, cam_t) = cams.iter().next()?;
    let ray = camera.viewport_to_world(cam_t, at).ok()?;
    let t = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?;
    Some(ray.get_point(t))
}

/// Observers that let a piece or stack (or a piece in hand) be picked up, carried and dropped.
pub fn draggable(mut e: EntityCommands, pick: Pick) {
    e.observe(start_drag(pick)).observe(carry).observe(end_drag(pick));
}

/// Starting to drag picks the piece up (selects it, as a click would).
fn start_drag(
    pick: Pick,
) -> impl Fn(On<Pointer<DragStart>>, MessageWriter<CellClicked>, MessageWriter<HandClicked>, Res<Selection>, ResMut<Dragging>, Query<&Transform>) {
    move |ev, mut cells, mut hands, sel, mut dragging, transforms| {
        if ev.event().event.button != PointerButton::Primary {
            return;
        }
        let e = ev.event().entity;
        dragging.0 = Some((e, transforms.get(e).map(|t| t.translation).unwrap_or_default()));
        match pick {
            Pick::Cell(cell) if sel.from != Some(cell) => {
                cells.write(CellClicked { cell });
            }
            Pick::Hand(kind) if sel.hand != Some(kind) => {
                hands.write(HandClicked { kind });
            }
            _ => {}
        }
    }
}

fn carry(ev: On<Pointer<Drag>>, dragging: Res<Dragging>, cams: Query<(&Camera, &GlobalTransform), With<OrbitCamera>>, mut pieces: Query<&mut Transform>) {
    let p = ev.event();
    if dragging.0.map(|d| d.0) != Some(p.entity) {
        return;
    }
    if let (Some(at), Ok(mut t)) = (board_point(&cams, p.pointer_location.position), pieces.get_mut(p.entity)) {
        t.translation = at + Vec3::Y * CARRY_HEIGHT;
    }
}

/// Dropping: a click on the cell under the pointer; the piece glides back to where it stood,
/// and if the move is legal the rebuilt mirror takes over from where it was dropped.
fn end_drag(
    pick: Pick,
) -> impl Fn(
    On<Pointer<DragEnd>>,
    ResMut<Dragging>,
    Query<(&Camera, &GlobalTransform), With<OrbitCamera>>,
    Query<&Board>,
    Query<&Transform>,
    ResMut<DropPoint>,
    MessageWriter<CellClicked>,
    Commands,
) {
    move |ev, mut dragging, cams, boards, pieces, mut drop_point, mut out, mut commands| {
        let p = ev.event();
        let Some((entity, home)) = dragging.0.filter(|d| d.0 == p.entity) else { return };
        dragging.0 = None;
        let Ok(board) = boards.single() else { return };
        let here = pieces.get(entity).map(|t| t.translation).unwrap_or_default();
        commands.entity(entity).insert(Glide { waypoints: vec![here, home], elapsed: 0.0, hop: false });
        let target = board_point(&cams, p.pointer_location.position).and_then(|at| crate::table::mirror::board::cell_at(board, at));
        match (pick, target) {
            (Pick::Cell(cell), Some(target)) if target != cell => {
                drop_point.0 = Some((cell, target, here));
                out.write(CellClicked { cell: target });
            }
            (Pick::Hand(_), Some(target)) => {
                drop_point.0 = Some((target, target, here));
                out.write(CellClicked { cell: target });
            }
            _ => {}
        }
    }
}
