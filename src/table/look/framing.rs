//! Framing the board in the part of the window the HUD leaves free: the room its panels take at
//! each edge ([`ViewMargins`]), the world points that must be in view (the board with its frame
//! and seat labels, the dice tray, the hands), and the camera distance and lead (the look-at
//! point's offset from the orbit's centre) that fit those points in the free rectangle,
//! centred, from a given seat.
//!
//! Pure geometry: the orbit camera (`look::camera`) applies it.

use bevy::prelude::*;
use variant_rules::Wrap;
use variant_rules::layout::BoardLayout;

use crate::table::geometry::{ghost_bounds, plane_to_world};
use crate::table::look::mesh::{FRAME_WIDTH, drawn_layout};
use crate::table::mirror::board::Board;

/// Room the HUD's panels take at each edge of the window, in logical pixels: the board is
/// framed in what is left.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Default)]
pub struct ViewMargins {
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
}

/// How far back the camera stands and where it looks: `lead` is the look-at point's offset from
/// the orbit's centre along the ground, to the view's right (x) and away from it (y), as a
/// fraction of `distance` (so zooming keeps the board where it is in the window).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fit {
    pub distance: f32,
    pub lead: Vec2,
}

/// Height of the tallest pieces (a King is about 0.9 of a cell): their tops must stay in view
/// on the far edge.
pub const PIECE_TOP: f32 = 0.9;
/// Room beyond the board's edge (its frame, on a hexagon) for the seat labels of plated boards:
/// a label stands about a cell beyond the edge, half a cell tall.
const LABEL_ROOM: f32 = 1.2;
/// A square board's edge: its slab's rim, a little beyond the cells.
const RIM: f32 = 0.15;

/// The points of the board that must be in view: its outline pushed out by the frame (and the
/// seat labels, where it has plates) at the table's height, and the tops of pieces standing on
/// the outer cells (half a cell in from the edge).
pub fn board_points(board: &Board, plates: bool) -> Vec<Vec3> {
    let layout = drawn_layout(board.layout);
    let hexagon = layout.side_count() == 6;
    let out = if hexagon { FRAME_WIDTH } else { RIM } + if plates { LABEL_ROOM } else { 0.0 };
    let outline = |by: f32| if hexagon { polygon_outline(layout, by) } else { rect_outline(board, by) };
    let ground = outline(out).into_iter().map(plane_to_world);
    let tops = outline(-layout.cell_size() / 2.0).into_iter().map(|p| plane_to_world(p) + Vec3::Y * PIECE_TOP);
    ground.chain(tops).collect()
}

/// A square board's corners (the ghost cells of joined edges included), `out` further out
/// (in, where negative).
fn rect_outline(board: &Board, out: f32) -> Vec<[f32; 2]> {
    let (lo, hi) = if board.topology.wrap() == Wrap::Flat { board.layout.bounds() } else { ghost_bounds(board.topology, board.layout) };
    let (lo, hi) = ([lo[0] - out, lo[1] - out], [hi[0] + out, hi[1] + out]);
    vec![lo, [hi[0], lo[1]], hi, [lo[0], hi[1]]]
}

/// Each edge's ends and middle of a polygonal board, moved `out` away from its middle across
/// the edge.
fn polygon_outline(layout: &BoardLayout, out: f32) -> Vec<[f32; 2]> {
    let (lo, hi) = layout.bounds();
    let centre = [(lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0];
    let mut points = Vec::new();
    for side in 0..layout.side_count() {
        let (a, b) = layout.edge(variant_rules::Side(side as u8));
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let len = dx.hypot(dy).max(1e-6);
        let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
        // The edge's normal, turned away from the board's middle.
        let mut n = [dy / len, -dx / len];
        if n[0] * (mid[0] - centre[0]) + n[1] * (mid[1] - centre[1]) < 0.0 {
            n = [-n[0], -n[1]];
        }
        for p in [a, mid, b] {
            points.push([p[0] + n[0] * out, p[1] + n[1] * out]);
        }
    }
    points
}

/// The distance and lead that show `points` as large as they fit in the window's free
/// rectangle (`viewport` less `margins`), centred in it, for a camera orbiting `focus` at `yaw`
/// and `pitch` with a vertical field of view `fov`; the distance is kept within `zoom`. `None`
/// when there is nothing to fit or no room.
pub fn fit(points: &[Vec3], focus: Vec3, (yaw, pitch): (f32, f32), fov: f32, viewport: Vec2, margins: ViewMargins, zoom: (f32, f32)) -> Option<Fit> {
    let free = free_rect(viewport, margins)?;
    if points.is_empty() {
        return None;
    }
    let (sy, cy) = yaw.sin_cos();
    let (sp, cp) = pitch.sin_cos();
    let right = Vec3::new(cy, 0.0, -sy);
    let forward = Vec3::new(-sy, 0.0, -cy);
    let back = Vec3::new(sy * cp, sp, cy * cp);
    let (aspect, t) = (viewport.x / viewport.y, (fov / 2.0).tan());
    let (mut distance, mut lead) = ((zoom.0 + zoom.1) / 2.0, Vec2::ZERO);
    // Each round scales the distance by how much too large the points look and moves the lead
    // by how far off centre they are; a few rounds settle to well under a pixel.
    for _ in 0..32 {
        let target = focus + right * lead.x + forward * lead.y;
        let view = Mat4::look_at_rh(target + back * distance, target, Vec3::Y);
        let Some((lo, hi)) = projected_bounds(points, view, aspect, t) else {
            distance = (distance * 1.5).min(zoom.1);
            continue;
        };
        let scale = ((hi.x - lo.x) / (free.1.x - free.0.x)).max((hi.y - lo.y) / (free.1.y - free.0.y));
        let off = (lo + hi) / 2.0 - (free.0 + free.1) / 2.0;
        lead += Vec2::new(off.x * distance * t * aspect, off.y * distance * t / sp.max(0.2));
        distance = (distance * scale).clamp(zoom.0, zoom.1);
    }
    Some(Fit { distance, lead: lead / distance })
}

/// The free rectangle in normalised device coordinates (y up): lower-left and upper-right.
fn free_rect(viewport: Vec2, m: ViewMargins) -> Option<(Vec2, Vec2)> {
    if viewport.x <= 0.0 || viewport.y <= 0.0 {
        return None;
    }
    let lo = Vec2::new(-1.0 + 2.0 * m.left / viewport.x, -1.0 + 2.0 * m.bottom / viewport.y);
    let hi = Vec2::new(1.0 - 2.0 * m.right / viewport.x, 1.0 - 2.0 * m.top / viewport.y);
    (hi.x > lo.x && hi.y > lo.y).then_some((lo, hi))
}

/// The bounds of `points` seen through `view` in normalised device coordinates; `None` when a
/// point is behind the camera (or almost).
fn projected_bounds(points: &[Vec3], view: Mat4, aspect: f32, t: f32) -> Option<(Vec2, Vec2)> {
    let mut lo = Vec2::splat(f32::MAX);
    let mut hi = Vec2::splat(f32::MIN);
    for &p in points {
        let v = view.transform_point3(p);
        let depth = -v.z;
        if depth < 0.1 {
            return None;
        }
        let ndc = Vec2::new(v.x / (depth * t * aspect), v.y / (depth * t));
        lo = lo.min(ndc);
        hi = hi.max(ndc);
    }
    Some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn projected(points: &[Vec3], focus: Vec3, (yaw, pitch): (f32, f32), f: Fit, viewport: Vec2) -> (Vec2, Vec2) {
        let (sy, cy) = yaw.sin_cos();
        let (sp, cp) = pitch.sin_cos();
        let lead = f.lead * f.distance;
        let target = focus + Vec3::new(cy, 0.0, -sy) * lead.x + Vec3::new(-sy, 0.0, -cy) * lead.y;
        let view = Mat4::look_at_rh(target + Vec3::new(sy * cp, sp, cy * cp) * f.distance, target, Vec3::Y);
        projected_bounds(points, view, viewport.x / viewport.y, (std::f32::consts::FRAC_PI_4 / 2.0).tan()).expect("in front")
    }

    #[test]
    fn an_eight_by_eight_board_fills_the_room_between_the_columns() {
        let points: Vec<Vec3> =
            [[-4.8, -4.8], [4.8, -4.8], [4.8, 4.8], [-4.8, 4.8]].iter().flat_map(|&p| [plane_to_world(p), plane_to_world(p) + Vec3::Y * PIECE_TOP]).collect();
        let viewport = Vec2::new(1280.0, 720.0);
        // Uneven columns: the board must still sit in the middle of the room left.
        let margins = ViewMargins { left: 310.0, right: 250.0, top: 8.0, bottom: 8.0 };
        let view = (0.0, 0.95);
        let f = fit(&points, Vec3::ZERO, view, std::f32::consts::FRAC_PI_4, viewport, margins, (3.0, 40.0)).expect("a fit");
        let (lo, hi) = projected(&points, Vec3::ZERO, view, f, viewport);
        let (free_lo, free_hi) = free_rect(viewport, margins).expect("room");
        let eps = 2.0 / 720.0; // a pixel
        assert!(lo.x >= free_lo.x - eps && lo.y >= free_lo.y - eps && hi.x <= free_hi.x + eps && hi.y <= free_hi.y + eps, "{lo} {hi} in {free_lo} {free_hi}");
        // It touches the room's sides or its top and bottom (as large as it fits), centred.
        let fills = (hi.x - lo.x) / (free_hi.x - free_lo.x) > 0.99 || (hi.y - lo.y) / (free_hi.y - free_lo.y) > 0.99;
        assert!(fills, "{lo} {hi} in {free_lo} {free_hi}");
        let off = (lo + hi) / 2.0 - (free_lo + free_hi) / 2.0;
        assert!(off.length() < 2.0 * eps, "centred: off by {off}");
    }

    #[test]
    fn no_room_or_nothing_to_show_is_no_fit() {
        let tight = ViewMargins { left: 700.0, right: 700.0, top: 0.0, bottom: 0.0 };
        let fov = std::f32::consts::FRAC_PI_4;
        assert!(fit(&[Vec3::ZERO], Vec3::ZERO, (0.0, 0.95), fov, Vec2::new(1280.0, 720.0), tight, (3.0, 40.0)).is_none());
        assert!(fit(&[], Vec3::ZERO, (0.0, 0.95), fov, Vec2::new(1280.0, 720.0), ViewMargins::default(), (3.0, 40.0)).is_none());
    }
}
