//! Level of detail for the piece models: a piece small on screen is drawn with the coarse mesh,
//! one seen up close with the full one, chosen each frame from how many pixels a cell spans
//! where the piece stands.

use bevy::camera::Projection;
use bevy::prelude::*;

use crate::table::look::camera::OrbitCamera;
use crate::table::look::solids::Detail;
use crate::table::schedule::TurnSystems;

/// Each coarser detail and the pixels across a cell (at the piece's depth) below which it is
/// drawn. A king is a little under a cell tall and a piece some 0.6 of a cell wide: drawn low
/// under about 29 pixels wide (six seats round the hexagon, the far ranks of a 12x12 board at
/// 1280x720). On a software renderer each triangle costs about the same however small, and six
/// full-detail sets cost four times the rest of the table (docs/architecture.md, "The table" and "Measured").
pub const COARSER: [(Detail, f32); 1] = [(Detail::Low, 48.0)];

/// A piece drawn coarse goes back to the finer mesh only a sixth above the threshold, so one
/// on the edge does not switch back and forth while the camera settles.
pub const BAND: f32 = 1.15;

/// A piece model's meshes at each detail and which one is drawn.
#[derive(Component, Debug, Clone)]
pub struct ModelDetail {
    /// The meshes in [`Detail::ALL`]'s order.
    pub meshes: [Handle<Mesh>; 2],
    pub shown: Detail,
}

impl ModelDetail {
    /// A model drawn at full detail until the first frame says otherwise.
    pub fn new(meshes: [Handle<Mesh>; 2]) -> ModelDetail {
        ModelDetail { meshes, shown: Detail::Full }
    }

    /// The mesh for `detail`.
    pub fn mesh(&self, detail: Detail) -> Handle<Mesh> {
        self.meshes[detail.index()].clone()
    }
}

pub(super) fn plugin(app: &mut App) {
    // Last frame's transforms are close enough: a new piece starts at full detail and is
    // settled by the next frame.
    app.add_systems(Update, choose_detail.in_set(TurnSystems::Draw));
}

/// The detail a model should have when a cell at its place spans `cell_px` pixels, given what
/// it has now (a model at a detail keeps it up to [`BAND`] above that detail's threshold).
pub fn detail_for(cell_px: f32, now: Detail) -> Detail {
    let mut want = Detail::Full;
    for (detail, below) in COARSER {
        let limit = if now >= detail { below * BAND } else { below };
        if cell_px < limit {
            want = detail;
        }
    }
    want
}

/// Pixels across one cell (one world unit) at `depth` in front of a perspective camera whose
/// viewport is `height_px` tall and sees `fov` radians vertically.
pub fn cell_pixels(height_px: f32, fov: f32, depth: f32) -> f32 {
    height_px / (2.0 * (fov / 2.0).tan() * depth.max(1e-3))
}

/// Only what moved is looked at again: every model when the camera moved, zoomed or its
/// window changed size, otherwise the models that moved or are new.
fn choose_detail(
    cams: Query<(Ref<Camera>, Ref<Projection>, Ref<GlobalTransform>), With<OrbitCamera>>,
    mut models: Query<(Ref<GlobalTransform>, &mut ModelDetail, &mut Mesh3d)>,
) {
    let Some((camera, projection, eye)) = cams.iter().find(|(c, ..)| c.is_active) else { return };
    let (Projection::Perspective(p), Some(size)) = (&*projection, camera.physical_viewport_size()) else { return };
    let everything = camera.is_changed() || projection.is_changed() || eye.is_changed();
    let (at, forward) = (eye.translation(), eye.forward());
    for (place, mut detail, mut mesh) in &mut models {
        if !everything && !place.is_changed() {
            continue;
        }
        let depth = (place.translation() - at).dot(*forward);
        let want = detail_for(cell_pixels(size.y as f32, p.fov, depth), detail.shown);
        if want != detail.shown {
            detail.shown = want;
            mesh.0 = detail.mesh(want);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn far_pieces_go_coarse_and_near_ones_full_with_a_band_between() {
        assert_eq!(detail_for(80.0, Detail::Low), Detail::Full);
        assert_eq!(detail_for(30.0, Detail::Full), Detail::Low);
        // Just above the threshold each keeps what it has; well above, it goes finer.
        assert_eq!(detail_for(50.0, Detail::Low), Detail::Low);
        assert_eq!(detail_for(50.0, Detail::Full), Detail::Full);
        assert_eq!(detail_for(60.0, Detail::Low), Detail::Full);
    }

    #[test]
    fn a_cell_spans_fewer_pixels_further_away_and_more_on_a_taller_window() {
        let fov = std::f32::consts::FRAC_PI_4;
        assert!(cell_pixels(720.0, fov, 10.0) < cell_pixels(720.0, fov, 5.0));
        assert!((cell_pixels(1080.0, fov, 10.0) / cell_pixels(720.0, fov, 10.0) - 1.5).abs() < 1e-5);
        // At distance 1 with a 90-degree view, the viewport spans two units.
        assert!((cell_pixels(720.0, std::f32::consts::FRAC_PI_2, 1.0) - 360.0).abs() < 1e-3);
    }
}
