//! A board's plane bent into its true shape: flat, a cylinder (left and right edges joined) or
//! a torus (both pairs joined), as pure geometry over [`crate::layout`]'s plane, with no Bevy.
//!
//! A [`Bend`] maps a point of the layout's plane (units of one square, the board centred on the
//! origin, +x along the first seat's rank, +y away from it) to a point in space and the
//! surface's outward normal there. Space is the table's: +y up, the plane's +x the table's +x,
//! the plane's +y the table's -z, so a flat bend is the board lying on the table as it is drawn
//! today. The bent board keeps its centre cell on top, facing up, and its joined edges meet
//! underneath (the cylinder) or on the inside of the ring (the torus).
//!
//! A cylinder is exact: it rolls the plane without stretching it, its circumference the board's
//! width. A torus cannot be (no flat square rolls onto one without stretching): its tube's
//! circumference is the board's height, and its ring is made wider than the width would give
//! (see [`RING_OVER_TUBE`]) so the hole stays open to fly through; cells are then a little
//! wider on the outside of the ring than on the inside.

use crate::layout::{BoardLayout, Point};
use crate::topology::Wrap;

/// A point or direction in the table's space: x right, y up, z towards the first seat.
pub type Vec3 = [f32; 3];

/// The torus's ring radius is at least this many times its tube's radius: a ring torus with a
/// hole nearly as wide as the tube (a square board would otherwise give ring = tube, a horn
/// torus whose inner cells shrink to a point).
pub const RING_OVER_TUBE: f32 = 1.8;

/// The shape a board is bent into.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// As it lies on the table.
    Flat,
    /// Rolled round an axis along the ranks (the table's z): `radius` is the board's width over
    /// 2π.
    Cylinder { radius: f32 },
    /// The files run round the ring (about a vertical axis behind the board's centre, at
    /// z = -ring), the ranks round the tube: `ring` from the axis to the tube's centre line,
    /// `tube` the tube's radius.
    Torus { ring: f32, tube: f32 },
}

/// The bend of one board: its shape and the plane's extent it wraps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bend {
    pub shape: Shape,
    /// The plane's width and height (the periods of the joined directions).
    pub size: [f32; 2],
    /// The plane's centre (where the top of the bent board is).
    pub centre: Point,
}

impl Bend {
    /// The true shape of a board with this layout and wrap: flat, a cylinder, a torus.
    pub fn of(layout: &BoardLayout, wrap: Wrap) -> Bend {
        let (lo, hi) = layout.bounds();
        let size = [hi[0] - lo[0], hi[1] - lo[1]];
        let centre = [(lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0];
        let tau = std::f32::consts::TAU;
        let shape = match wrap {
            Wrap::Flat => Shape::Flat,
            Wrap::Cylinder => Shape::Cylinder { radius: size[0] / tau },
            Wrap::Universal => {
                let tube = size[1] / tau;
                Shape::Torus { ring: (size[0] / tau).max(RING_OVER_TUBE * tube), tube }
            }
        };
        Bend { shape, size, centre }
    }

    /// The same board lying flat.
    pub fn flat(&self) -> Bend {
        Bend { shape: Shape::Flat, ..*self }
    }

    /// The angles (radians) a plane point lies at round the joined directions: round the
    /// cylinder or the ring (from the files), round the tube (from the ranks). Zero at the
    /// board's centre.
    fn angles(&self, p: Point) -> (f32, f32) {
        let tau = std::f32::consts::TAU;
        ((p[0] - self.centre[0]) / self.size[0] * tau, (p[1] - self.centre[1]) / self.size[1] * tau)
    }

    /// The point of the bent surface over plane point `p`, lifted `lift` along the normal
    /// (a piece's base stands at lift 0, a marker floats a little above).
    pub fn point(&self, p: Point, lift: f32) -> Vec3 {
        let base = match self.shape {
            Shape::Flat => [p[0], 0.0, -p[1]],
            Shape::Cylinder { radius } => {
                let (a, _) = self.angles(p);
                // Round the axis along z, the top at y = 0.
                [radius * a.sin(), radius * a.cos() - radius, -p[1]]
            }
            Shape::Torus { ring, tube } => {
                // Round the vertical axis by the files (towards +z at the board's centre); over
                // the tube by the ranks, from its top towards the ring's inside, so the higher
                // ranks lie away from the first seat as on the flat board. The top at y = 0.
                let (a, b) = self.angles(p);
                // The ring's axis at z = -ring, so the board's centre lies at the origin.
                let across = ring - tube * b.sin();
                [a.sin() * across, tube * b.cos() - tube, a.cos() * across - ring]
            }
        };
        let n = self.normal(p);
        [base[0] + n[0] * lift, base[1] + n[1] * lift, base[2] + n[2] * lift]
    }

    /// The surface's outward unit normal over plane point `p` (up, for a flat board).
    pub fn normal(&self, p: Point) -> Vec3 {
        match self.shape {
            Shape::Flat => [0.0, 1.0, 0.0],
            Shape::Cylinder { .. } => {
                let (a, _) = self.angles(p);
                [a.sin(), a.cos(), 0.0]
            }
            Shape::Torus { .. } => {
                let (a, b) = self.angles(p);
                [-a.sin() * b.sin(), b.cos(), -a.cos() * b.sin()]
            }
        }
    }

    /// The plane point under a point of space near the bent surface (the inverse of
    /// [`Bend::point`] at lift 0, for picking): the copy of it inside the board's extent.
    pub fn unbend(&self, at: Vec3) -> Point {
        let tau = std::f32::consts::TAU;
        match self.shape {
            Shape::Flat => [at[0], -at[2]],
            Shape::Cylinder { radius } => {
                let a = at[0].atan2(at[1] + radius);
                [self.centre[0] + a / tau * self.size[0], -at[2]]
            }
            Shape::Torus { ring, tube } => {
                let z = at[2] + ring;
                let a = at[0].atan2(z);
                let across = (at[0] * at[0] + z * z).sqrt() - ring;
                let b = (-across).atan2(at[1] + tube);
                [self.centre[0] + a / tau * self.size[0], self.centre[1] + b / tau * self.size[1]]
            }
        }
    }

    /// Whether the plane's direction `axis` (0: files, 1: ranks) is joined round.
    pub fn joins(&self, axis: usize) -> bool {
        match self.shape {
            Shape::Flat => false,
            Shape::Cylinder { .. } => axis == 0,
            Shape::Torus { .. } => true,
        }
    }

    /// A path through plane points drawn as one continuous curve on the bent board: each point
    /// after the first is taken in its copy (shifted by whole periods of the joined directions)
    /// nearest the one before, so a step across a joined edge goes the short way over the seam
    /// rather than back across the board; then every segment is cut into `steps` pieces and
    /// bent. Lifted `lift` along the normal.
    pub fn path(&self, points: &[Point], steps: usize, lift: f32) -> Vec<Vec3> {
        let mut unwrapped: Vec<Point> = Vec::with_capacity(points.len());
        for &p in points {
            let q = match unwrapped.last() {
                Some(&prev) => {
                    let mut q = p;
                    for axis in 0..2 {
                        if self.joins(axis) {
                            let period = self.size[axis];
                            q[axis] -= ((q[axis] - prev[axis]) / period).round() * period;
                        }
                    }
                    q
                }
                None => p,
            };
            unwrapped.push(q);
        }
        let steps = steps.max(1);
        let mut out = Vec::with_capacity(unwrapped.len().saturating_sub(1) * steps + 1);
        for (i, w) in unwrapped.windows(2).enumerate() {
            let first = if i == 0 { 0 } else { 1 };
            for k in first..=steps {
                let t = k as f32 / steps as f32;
                out.push(self.point([w[0][0] + (w[1][0] - w[0][0]) * t, w[0][1] + (w[1][1] - w[0][1]) * t], lift));
            }
        }
        if unwrapped.len() == 1 {
            out.push(self.point(unwrapped[0], lift));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::BoardLayout;

    fn sub(a: Vec3, b: Vec3) -> Vec3 {
        [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
    }
    fn dot(a: Vec3, b: Vec3) -> f32 {
        a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
    }
    fn cross(a: Vec3, b: Vec3) -> Vec3 {
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    }
    fn dist(a: Vec3, b: Vec3) -> f32 {
        dot(sub(a, b), sub(a, b)).sqrt()
    }

    /// The boards the games bend: 8x8 (chess, checkers, Stax, Queens) and 12x12 (Doubles).
    fn bends() -> Vec<Bend> {
        let mut v = Vec::new();
        for n in [8u8, 12] {
            let layout = BoardLayout::square(n, n);
            v.push(Bend::of(layout, Wrap::Cylinder));
            v.push(Bend::of(layout, Wrap::Universal));
        }
        v
    }

    #[test]
    fn a_flat_bend_is_the_board_as_the_table_draws_it() {
        let b = Bend::of(BoardLayout::square(8, 8), Wrap::Flat);
        assert_eq!(b.point([1.5, -2.5], 0.0), [1.5, 0.0, 2.5]);
        assert_eq!(b.point([1.5, -2.5], 0.3), [1.5, 0.3, 2.5]);
        assert_eq!(b.unbend([1.5, 0.0, 2.5]), [1.5, -2.5]);
    }

    #[test]
    fn the_centre_lies_on_top_facing_up_and_unbend_inverts_point() {
        for b in bends() {
            let top = b.point(b.centre, 0.0);
            assert!(dist(top, [0.0, 0.0, 0.0]) < 1e-4, "{b:?}: {top:?}");
            assert!(dist(b.normal(b.centre), [0.0, 1.0, 0.0]) < 1e-5);
            for (_, cell) in BoardLayout::square(8, 8).cells() {
                let p = cell.centre;
                let q = b.unbend(b.point(p, 0.0));
                assert!((q[0] - p[0]).abs() < 1e-3 && (q[1] - p[1]).abs() < 1e-3, "{b:?}: {p:?} came back as {q:?}");
            }
        }
    }

    #[test]
    fn joined_edges_meet_with_no_seam_and_no_gap() {
        for b in bends() {
            let n = b.size[0].round() as u8;
            let layout = BoardLayout::square(n, n);
            // Every corner of every cell, bent; a corner on a joined edge must coincide with the
            // corner of the neighbour across it (the plane point one period away).
            for (_, cell) in layout.cells() {
                for &c in cell.polygon.corners() {
                    for axis in 0..2 {
                        if !b.joins(axis) {
                            continue;
                        }
                        let mut across = c;
                        across[axis] += b.size[axis];
                        let (p, q) = (b.point(c, 0.0), b.point(across, 0.0));
                        assert!(dist(p, q) < 1e-3, "{b:?}: {c:?} and its copy {across:?} land {p:?} / {q:?}");
                    }
                }
            }
            // The first file's left edge is the last file's right edge.
            let (lo, hi) = layout.bounds();
            for k in 0..=n {
                let y = lo[1] + f32::from(k) * (hi[1] - lo[1]) / f32::from(n);
                assert!(dist(b.point([lo[0], y], 0.0), b.point([hi[0], y], 0.0)) < 1e-3, "{b:?} at y {y}");
            }
        }
    }

    #[test]
    fn normals_are_unit_and_point_outward_and_no_cell_is_inverted() {
        for b in bends() {
            let n = b.size[0].round() as u8;
            let layout = BoardLayout::square(n, n);
            for (c, cell) in layout.cells() {
                let p = cell.centre;
                let normal = b.normal(p);
                assert!((dot(normal, normal) - 1.0).abs() < 1e-4);
                // Outward: away from the cylinder's axis, or from the tube's centre line.
                let at = b.point(p, 0.0);
                let inside = match b.shape {
                    Shape::Cylinder { radius } => [0.0, -radius, at[2]],
                    Shape::Torus { ring, tube } => {
                        let z = at[2] + ring;
                        let r = (at[0] * at[0] + z * z).sqrt().max(1e-6);
                        [at[0] / r * ring, -tube, z / r * ring - ring]
                    }
                    Shape::Flat => unreachable!(),
                };
                assert!(dot(sub(at, inside), normal) > 0.0, "{b:?} cell {c}: the normal points in");
                // Lifting along the normal moves away from the surface by the lift.
                assert!((dist(b.point(p, 0.5), at) - 0.5).abs() < 1e-4);
                // The outline keeps its turn: counter-clockwise seen from outside, as the flat
                // polygon is seen from above.
                let corners: Vec<Vec3> = cell.polygon.corners().iter().map(|&q| b.point(q, 0.0)).collect();
                let flat: Vec<Vec3> = cell.polygon.corners().iter().map(|&q| b.flat().point(q, 0.0)).collect();
                for i in 1..corners.len() - 1 {
                    let bent = dot(cross(sub(corners[i], corners[0]), sub(corners[i + 1], corners[0])), normal);
                    let level = dot(cross(sub(flat[i], flat[0]), sub(flat[i + 1], flat[0])), [0.0, 1.0, 0.0]);
                    assert!(bent * level > 0.0, "{b:?} cell {c}: inverted ({bent} vs {level})");
                    assert!(bent.abs() > 0.05 * level.abs(), "{b:?} cell {c}: squashed to {bent} from {level}");
                }
            }
        }
    }

    #[test]
    fn a_rank_round_the_cylinder_is_one_continuous_curve() {
        let layout = BoardLayout::square(8, 8);
        let b = Bend::of(layout, Wrap::Cylinder);
        // A rook from h1 round the join to b1: h1, a1, b1 (files 7, 0, 1 of rank 0).
        let cells: Vec<Point> = [7u16, 0, 1].iter().map(|&c| layout.centre(c)).collect();
        let curve = b.path(&cells, 8, 0.05);
        assert_eq!(curve.len(), 2 * 8 + 1);
        let step = 1.0 / 8.0;
        for w in curve.windows(2) {
            // Each piece of the curve is about an eighth of a square: no jump back across.
            assert!(dist(w[0], w[1]) < 1.5 * step, "a jump of {} in {curve:?}", dist(w[0], w[1]));
        }
        // It passes through the join: over the cylinder's underside, where the edges meet.
        let lowest = curve.iter().map(|p| p[1]).fold(f32::MAX, f32::min);
        let radius = match b.shape {
            Shape::Cylinder { radius } => radius,
            _ => unreachable!(),
        };
        assert!(lowest < -1.8 * radius, "the curve goes round under the board: {lowest}");
        // On the torus, a diagonal across both joins is continuous too.
        let t = Bend::of(layout, Wrap::Universal);
        let diagonal: Vec<Point> = [63u16, 0, 9].iter().map(|&c| layout.centre(c)).collect();
        for w in t.path(&diagonal, 8, 0.0).windows(2) {
            assert!(dist(w[0], w[1]) < 0.6, "a jump on the torus");
        }
    }
}
