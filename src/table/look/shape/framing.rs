//! The camera round a board in its true shape: it flies to the shape's middle (the
//! cylinder's axis, the torus's hole) and frames all of it, may orbit underneath and zoom into
//! the torus's hole, and returns to the flat table's view when the board lies flat again.

use bevy::prelude::*;
use variant_rules::Position;
use variant_rules::bend::{Bend, Shape};

use crate::table::game::session::Session;
use crate::table::look::camera::{OrbitCamera, TABLE_PITCH};
use crate::table::look::framing::PIECE_TOP;
use crate::table::look::shape::morph::ShownShape;
use crate::table::mirror::board::Board;
use crate::table::schedule::{OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, frame_shape.in_set(TurnSystems::Validate).in_set(OnScreen::Table));
}

/// Round a bent board the orbit reaches from nearly under it to nearly over it.
const ROUND_PITCH: (f32, f32) = (-1.5, 1.5);

/// Nearest the wheel zooms to the middle of a bent board: inside a torus's hole.
const ROUND_NEAREST: f32 = 0.5;

/// The middle of a closed shape: on the cylinder's axis, at the torus's centre.
pub fn middle(bend: &Bend) -> Vec3 {
    match bend.shape {
        Shape::Flat => Vec3::ZERO,
        Shape::Cylinder { radius, .. } => Vec3::new(0.0, -radius, 0.0),
        Shape::Torus { ring, tube } => Vec3::new(0.0, -tube, -ring),
    }
}

/// The points the camera must see of a closed shape: the corners of the box round it with
/// the pieces standing on it (bent points of the board's edge and middle lines, lifted by
/// the tallest piece).
pub fn shape_points(bend: &Bend) -> Vec<Vec3> {
    let (w, h) = (bend.size[0], bend.size[1]);
    let (lo, hi) = (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN));
    // Every sixteenth of the way across each direction: fine enough to find the box.
    let steps = 16;
    let (lo, hi) = (0..=steps)
        .flat_map(|i| (0..=steps).map(move |j| (i, j)))
        .map(|(i, j)| [bend.centre[0] - w / 2.0 + w * i as f32 / steps as f32, bend.centre[1] - h / 2.0 + h * j as f32 / steps as f32])
        .map(|p| Vec3::from_array(bend.point(p, PIECE_TOP)))
        .fold((lo, hi), |(lo, hi), p| (lo.min(p), hi.max(p)));
    (0..8).map(|k| Vec3::new(if k & 1 == 0 { lo.x } else { hi.x }, if k & 2 == 0 { lo.y } else { hi.y }, if k & 4 == 0 { lo.z } else { hi.z })).collect()
}

/// The flat table's home view, kept while the board is shown bent.
#[derive(Default)]
struct FlatHome {
    focus: Vec3,
    frame: Vec<Vec3>,
}

/// When the shape wanted changes (or a new board comes in its shape), the camera's home
/// becomes the shape's (or the flat table's again) and the camera flies there.
fn frame_shape(
    shown: Res<ShownShape>,
    new_board: Query<(), Added<Board>>,
    session: Option<Res<Session>>,
    mut cams: Query<&mut OrbitCamera>,
    mut framed: Local<Option<Bend>>,
    mut flat: Local<Option<FlatHome>>,
) {
    let fresh = !new_board.is_empty();
    if fresh {
        // The camera has just framed the new board flat.
        (*framed, *flat) = (None, None);
    }
    if *framed == shown.wanted {
        return;
    }
    *framed = shown.wanted;
    // Seat plates lie round tables of more than two seats (as `look::camera` frames them).
    let plated = session.is_some_and(|s| s.game.position().seating().count() > 2);
    for mut cam in &mut cams {
        match shown.wanted {
            Some(bend) => {
                if flat.is_none() {
                    *flat = Some(FlatHome { focus: cam.home_focus, frame: cam.frame.clone() });
                }
                cam.home_focus = middle(&bend);
                cam.frame = shape_points(&bend);
                if plated {
                    // The seat plates still lie round the board's flat outline.
                    cam.frame.extend(flat.as_ref().map_or(&[][..], |f| &f.frame[..]));
                }
                (cam.pitch_range, cam.nearest) = (ROUND_PITCH, ROUND_NEAREST);
            }
            None => {
                let Some(home) = flat.take() else { continue };
                (cam.home_focus, cam.frame) = (home.focus, home.frame);
                (cam.pitch_range, cam.nearest) = (TABLE_PITCH, OrbitCamera::default().nearest);
                cam.pitch = cam.pitch.clamp(TABLE_PITCH.0, TABLE_PITCH.1);
            }
        }
        cam.refit = true;
        if fresh {
            cam.focus = cam.home_focus;
        } else {
            let distance = cam.distance;
            cam.fly_to = Some((cam.home_focus, distance));
        }
    }
}
