//! Dragging pieces: the picked-up piece or stack follows the pointer over the board, a drop on
//! a cell is a click on that cell, and a piece dropped where it cannot go glides back.
//!
//! The drop cell is found by casting the pointer's ray onto the board's plane (onto the board's
//! mesh, when it is bent into its true shape) rather than from what picking hits under the
//! pointer, because the carried piece itself is under the pointer.

use bevy::ecs::system::SystemParam;
use bevy::picking::events::{Drag, DragEnd, DragStart, Pointer};
use bevy::picking::mesh_picking::ray_cast::{MeshRayCast, MeshRayCastSettings};
use bevy::prelude::*;
use variant_rules::Cell;
use variant_rules::scene::PieceKind;

use crate::table::game::input::{CellClicked, HandClicked, Selection};
use crate::table::look::camera::OrbitCamera;
use crate::table::look::shape::morph::ShownShape;
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

/// What finding the board under the pointer needs: the camera, the board and its shown shape.
#[derive(SystemParam)]
pub struct Pointing<'w, 's> {
    cams: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<OrbitCamera>>,
    boards: Query<'w, 's, Entity, With<Board>>,
    shown: Res<'w, ShownShape>,
    cast: MeshRayCast<'w, 's>,
}

impl Pointing<'_, '_> {
    /// Where the pointer's ray meets the board's surface, in flat table coordinates (on a
    /// bent board, the flat point under the one hit).
    fn board_point(&mut self, at: Vec2) -> Option<Vec3> {
        let (camera, cam_t) = self.cams.iter().next()?;
        let ray = camera.viewport_to_world(cam_t, at).ok()?;
        if self.shown.bent().is_some() {
            let board = self.boards.single().ok()?;
            let hits = self.cast.cast_ray(ray, &MeshRayCastSettings::default().with_filter(&|e| e == board));
            let hit = hits.first()?.1.point;
            return Some(self.shown.to_flat(hit));
        }
        let t = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?;
        Some(ray.get_point(t))
    }
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

fn carry(ev: On<Pointer<Drag>>, dragging: Res<Dragging>, mut pointing: Pointing, mut pieces: Query<&mut Transform>) {
    let p = ev.event();
    if dragging.0.map(|d| d.0) != Some(p.entity) {
        return;
    }
    if let (Some(at), Ok(mut t)) = (pointing.board_point(p.pointer_location.position), pieces.get_mut(p.entity)) {
        t.translation = at + Vec3::Y * CARRY_HEIGHT;
    }
}

/// Dropping: a click on the cell under the pointer; the piece glides back to where it stood,
/// and if the move is legal the rebuilt mirror takes over from where it was dropped.
fn end_drag(
    pick: Pick,
) -> impl Fn(On<Pointer<DragEnd>>, ResMut<Dragging>, Pointing, Query<&Board>, Query<&Transform>, ResMut<DropPoint>, MessageWriter<CellClicked>, Commands) {
    move |ev, mut dragging, mut pointing, boards, pieces, mut drop_point, mut out, mut commands| {
        let p = ev.event();
        let Some((entity, home)) = dragging.0.filter(|d| d.0 == p.entity) else { return };
        dragging.0 = None;
        let Ok(board) = boards.single() else { return };
        let here = pieces.get(entity).map(|t| t.translation).unwrap_or_default();
        commands.entity(entity).insert(Glide { waypoints: vec![here, home], elapsed: 0.0, hop: false });
        let target = pointing.board_point(p.pointer_location.position).and_then(|at| crate::table::mirror::board::cell_at(board, at));
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
