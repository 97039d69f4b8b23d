//! Drawing what stands on the board where the shown shape puts it: after Bevy has propagated
//! the (flat) transforms, each piece, stack and closed cell's block is carried onto the bent
//! surface and stood along its normal, its children with it, and a flat mark already bent
//! vertex by vertex ([`Conforms`]) is drawn where its vertices say. Transforms stay flat, so
//! the rules mirror, glides, drags and tests keep working in table coordinates. A piece just
//! taken starts its hop to the captured row from its cell as drawn.

use bevy::camera::visibility::VisibilitySystems;
use bevy::prelude::*;
use bevy::transform::TransformSystems;

use crate::table::look::shape::conform::{BentCopy, Conforms};
use crate::table::look::shape::morph::ShownShape;
use crate::table::mirror::board::ClosedCell;
use crate::table::mirror::pieces::{ChessPiece, Glide, Stack};
use crate::table::mirror::taken::CapturedPiece;
use crate::table::schedule::MirrorSystems;

pub(super) fn plugin(app: &mut App) {
    // Once the captured rows are rebuilt, before the glides advance.
    app.add_systems(Update, hop_off_the_shown_cell.after(MirrorSystems::Pieces).before(MirrorSystems::Motion));
    app.add_systems(
        PostUpdate,
        pose_on_surface.after(TransformSystems::Propagate).before(VisibilitySystems::CalculateBounds).before(VisibilitySystems::CheckVisibility),
    );
}

/// A taken piece waits on its cell, then hops to its owner's row beside the board (which
/// stays flat): on a bent board it waits, and hops from, its cell as drawn.
fn hop_off_the_shown_cell(shown: Res<ShownShape>, mut taken: Query<(&mut Transform, &mut Glide), Added<CapturedPiece>>) {
    if shown.bent().is_none() {
        return;
    }
    for (mut t, mut glide) in &mut taken {
        let posed = shown.pose(*t);
        for w in glide.waypoints.iter_mut().take(2) {
            *w = posed.translation;
        }
        // Upright all the way: it lands upright in its row.
        t.translation = posed.translation;
    }
}

/// What stands on the board as a whole: drawn moved and turned, not bent.
type Standing = Or<(With<Stack>, With<ChessPiece>, With<ClosedCell>)>;

fn pose_on_surface(
    shown: Res<ShownShape>,
    standing: Query<(Entity, &Transform), Standing>,
    marks: Query<(Entity, &Transform, Option<&ChildOf>, Has<BentCopy>), With<Conforms>>,
    children: Query<&'static Children>,
    locals: Query<&'static Transform>,
    conforming: Query<(), With<Conforms>>,
    mut globals: Query<&mut GlobalTransform>,
) {
    let tree = Tree { children: &children, locals: &locals, skip: &conforming };
    // Flat and unchanged: Bevy's own propagation is right.
    if shown.bent().is_none() && !shown.is_changed() {
        return;
    }
    for (e, flat) in &standing {
        let posed = GlobalTransform::from(shown.pose(*flat));
        tree.set(e, posed, &mut globals);
    }
    for (e, local, parent, bent) in &marks {
        // Flat marks lie on the board (at identity) or stand alone.
        let flat = parent.and_then(|p| locals.get(p.parent()).ok()).map_or(*local, |p| p.mul_transform(*local));
        let at = match shown.bent() {
            // Its vertices are already where they are drawn.
            Some(_) if bent => GlobalTransform::IDENTITY,
            // Not bent yet (spawned this frame): laid on the surface whole, for a frame.
            _ => GlobalTransform::from(shown.pose(flat)),
        };
        tree.set(e, at, &mut globals);
    }
}

/// A hierarchy to set global transforms down, skipping the subtrees of marks (each is set on
/// its own).
struct Tree<'a, 'w, 's> {
    children: &'a Query<'w, 's, &'static Children>,
    locals: &'a Query<'w, 's, &'static Transform>,
    skip: &'a Query<'w, 's, (), With<Conforms>>,
}

impl Tree<'_, '_, '_> {
    /// Sets `e`'s global transform to `at` and its descendants' to follow it.
    fn set(&self, e: Entity, at: GlobalTransform, globals: &mut Query<&mut GlobalTransform>) {
        if let Ok(mut g) = globals.get_mut(e) {
            g.set_if_neq(at);
        }
        let Ok(kids) = self.children.get(e) else { return };
        for &child in kids {
            if self.skip.contains(child) {
                continue;
            }
            let local = self.locals.get(child).copied().unwrap_or_default();
            self.set(child, at.mul_transform(local), globals);
        }
    }
}
