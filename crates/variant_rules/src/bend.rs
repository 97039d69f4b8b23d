//! A board's plane bent into its true shape: flat, a cylinder (two opposite edges joined) or
//! a torus (both pairs joined), and every stage of rolling it up, as pure geometry over
//! [`crate::layout`]'s plane, with no Bevy.
//!
//! A [`Bend`] maps a point of the layout's plane (units of one square, the board centred on the
//! origin, +x along the first seat's rank, +y away from it) to a point in space, the surface's
//! outward normal there and the frame a piece standing there is turned by. Space is the
//! table's: +y up, the plane's +x the table's +x, the plane's +y the table's -z, so a flat bend
//! is the board lying on the table as it is drawn today. The bent board keeps its centre cell
//! on top, facing up, and its joined edges meet underneath (the cylinder) or on the inside of
//! the ring (the torus).
//!
//! A cylinder is exact: it rolls the plane without stretching it, its circumference the board's
//! width (or height, for a board that joins its ends). A torus cannot be (no flat square rolls
//! onto one without stretching): its tube's circumference is the board's height, and its ring
//! is made wider than the width would give (see [`RING_OVER_TUBE`]) so the hole stays open to
//! fly through; cells are then a little wider on the outside of the ring than on the inside.
//!
//! [`Bend::rolled`] gives the stages between flat and bent: the same shape with its curvature
//! scaled down, rolled up round the centre cell, so a view can morph from one to the other.

use crate::layout::{BoardLayout, Point};
use crate::topology::Wrap;

/// A point or direction in the table's space: x right, y up, z towards the first seat.
pub type Vec3 = [f32; 3];

/// The torus's ring radius is at least this many times its tube's radius: a ring torus with a
/// hole nearly as wide as the tube (a square board would otherwise give ring = tube, a horn
/// torus whose inner cells shrink to a point).
pub const RING_OVER_TUBE: f32 = 1.8;

/// Below this much rolled up a bend is drawn flat (its radii would overflow).
const FLAT_BELOW: f32 = 1e-4;

/// The shape a board is bent into.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// As it lies on the table.
    Flat,
    /// Rolled round one axis: with `rolls` 0 the files go round an axis along the ranks (the
    /// table's z), with 1 the ranks go round an axis along the files (the table's x). `radius`
    /// is the rolled direction's extent over 2π.
    Cylinder { radius: f32, rolls: usize },
    /// The files run round the ring (about a vertical axis behind the board's centre, at
    /// z = -ring), the ranks round the tube: `ring` from the axis to the tube's centre line,
    /// `tube` the tube's radius.
    Torus { ring: f32, tube: f32 },
}

/// The bend of one board: its shape, the plane's extent it wraps, and how far it is rolled up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bend {
    pub shape: Shape,
    /// The plane's width and height (the periods of the joined directions).
    pub size: [f32; 2],
    /// The plane's centre (where the top of the bent board is).
    pub centre: Point,
    /// How far the board is rolled up, from 0 (flat) to 1 (closed into its shape): the stage
    /// of a morph between the two (see [`Bend::rolled`]).
    pub roll: f32,
}

/// A shape at one stage of rolling, in the terms every map below uses: each rolled direction's
/// radius and how many plane units make one radian round it.
enum Rolled {
    Flat,
    /// `axis` of the plane rolled round a circle of `radius` (one radian per `radius` units).
    Cylinder {
        axis: usize,
        radius: f32,
    },
    /// Ring of radius `ring` (one radian per `per_ring` units of the files), tube of radius
    /// `tube` (one radian per `tube` units of the ranks).
    Torus {
        ring: f32,
        per_ring: f32,
        tube: f32,
    },
}

impl Bend {
    /// The true shape of a board with this layout and wrap: flat, a cylinder joining the
    /// first seat's side edges, a torus.
    pub fn of(layout: &BoardLayout, wrap: Wrap) -> Bend {
        Bend::for_side(layout, wrap, true)
    }

    /// The true shape as a seat sees it: on a cylinder, a seat that faces the ranks (south or
    /// north) joins the side edges and the files go round; one that faces the files (east or
    /// west, in four-seat games) joins the ends and the ranks go round.
    pub fn for_side(layout: &BoardLayout, wrap: Wrap, faces_ranks: bool) -> Bend {
        let (lo, hi) = layout.bounds();
        let size = [hi[0] - lo[0], hi[1] - lo[1]];
        let centre = [(lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0];
        let tau = std::f32::consts::TAU;
        let shape = match wrap {
            Wrap::Flat => Shape::Flat,
            Wrap::Cylinder => {
                let rolls = if faces_ranks { 0 } else { 1 };
                Shape::Cylinder { radius: size[rolls] / tau, rolls }
            }
            Wrap::Universal => {
                let tube = size[1] / tau;
                Shape::Torus { ring: (size[0] / tau).max(RING_OVER_TUBE * tube), tube }
            }
        };
        Bend { shape, size, centre, roll: 1.0 }
    }

    /// The same board lying flat.
    pub fn flat(&self) -> Bend {
        Bend { shape: Shape::Flat, ..*self }
    }

    /// The same shape rolled up `roll` of the way (clamped to 0..=1): its curvatures scaled by
    /// `roll` round the centre cell, which stays on top facing up, so the board curls up
    /// without stretching (a torus's ring gains its stretch as it closes) and 0 is flat.
    pub fn rolled(&self, roll: f32) -> Bend {
        Bend { roll: roll.clamp(0.0, 1.0), ..*self }
    }

    /// Whether the board is drawn flat: a flat shape, or one not rolled at all.
    pub fn is_flat(&self) -> bool {
        matches!(self.rolled_shape(), Rolled::Flat)
    }

    fn rolled_shape(&self) -> Rolled {
        if self.roll < FLAT_BELOW {
            return Rolled::Flat;
        }
        let t = self.roll;
        match self.shape {
            Shape::Flat => Rolled::Flat,
            Shape::Cylinder { radius, rolls } => Rolled::Cylinder { axis: rolls, radius: radius / t },
            Shape::Torus { ring, tube } => {
                // Round the ring a file is 2π·t/width radians at every stage; the ring's radius
                // starts as long as that arc (no stretch when barely rolled) and grows to `ring`.
                let per_ring = self.size[0] / (std::f32::consts::TAU * t);
                let unstretched = self.size[0] / std::f32::consts::TAU;
                Rolled::Torus { ring: (unstretched + (ring - unstretched) * t) / t, per_ring, tube: tube / t }
            }
        }
    }

    /// The point of the bent surface over plane point `p`, lifted `lift` along the normal
    /// (a piece's base stands at lift 0, a marker floats a little above).
    pub fn point(&self, p: Point, lift: f32) -> Vec3 {
        let (x, y) = (p[0] - self.centre[0], p[1] - self.centre[1]);
        let base = match self.rolled_shape() {
            Rolled::Flat => [p[0], 0.0, -p[1]],
            // Round the axis along z, the top at y = 0.
            Rolled::Cylinder { axis: 0, radius } => {
                let a = x / radius;
                [radius * a.sin(), radius * a.cos() - radius, -p[1]]
            }
            // Round the axis along x, the top at y = 0, the higher ranks away from the first seat.
            Rolled::Cylinder { radius, .. } => {
                let b = y / radius;
                [p[0], radius * b.cos() - radius, -radius * b.sin()]
            }
            Rolled::Torus { ring, per_ring, tube } => {
                // Round the vertical axis by the files (towards +z at the board's centre); over
                // the tube by the ranks, from its top towards the ring's inside, so the higher
                // ranks lie away from the first seat as on the flat board. The top at y = 0.
                let (a, b) = (x / per_ring, y / tube);
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
        self.axes(p)[1]
    }

    /// The frame of the surface over plane point `p`: where the table's x, y (up) and z axes
    /// turn to for something standing there. The first is along the plane's +x (the files),
    /// the second the outward normal, the third opposite the plane's +y (the ranks); all
    /// unit length and at right angles, turning as the table's axes do.
    pub fn axes(&self, p: Point) -> [Vec3; 3] {
        let (x, y) = (p[0] - self.centre[0], p[1] - self.centre[1]);
        match self.rolled_shape() {
            Rolled::Flat => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            Rolled::Cylinder { axis: 0, radius } => {
                let (s, c) = (x / radius).sin_cos();
                [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]]
            }
            Rolled::Cylinder { radius, .. } => {
                let (s, c) = (y / radius).sin_cos();
                [[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]]
            }
            Rolled::Torus { per_ring, tube, .. } => {
                let (sa, ca) = (x / per_ring).sin_cos();
                let (sb, cb) = (y / tube).sin_cos();
                [[ca, 0.0, -sa], [-sa * sb, cb, -ca * sb], [sa * cb, sb, ca * cb]]
            }
        }
    }

    /// The plane point under a point of space near the bent surface (the inverse of
    /// [`Bend::point`] at lift 0, for picking): the copy of it inside the board's extent
    /// (for a closed shape; a partly rolled one is not joined, and gives the one it shows).
    pub fn unbend(&self, at: Vec3) -> Point {
        let c = self.centre;
        match self.rolled_shape() {
            Rolled::Flat => [at[0], -at[2]],
            Rolled::Cylinder { axis: 0, radius } => [c[0] + at[0].atan2(at[1] + radius) * radius, -at[2]],
            Rolled::Cylinder { radius, .. } => [at[0], c[1] + (-at[2]).atan2(at[1] + radius) * radius],
            Rolled::Torus { ring, per_ring, tube } => {
                let z = at[2] + ring;
                let a = at[0].atan2(z);
                let across = (at[0] * at[0] + z * z).sqrt() - ring;
                let b = (-across).atan2(at[1] + tube);
                [c[0] + a * per_ring, c[1] + b * tube]
            }
        }
    }

    /// Whether the plane's direction `axis` (0: files, 1: ranks) is joined round (only when
    /// fully rolled up).
    pub fn joins(&self, axis: usize) -> bool {
        if self.roll < 1.0 {
            return false;
        }
        match self.shape {
            Shape::Flat => false,
            Shape::Cylinder { rolls, .. } => axis == rolls,
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
            v.push(Bend::for_side(layout, Wrap::Cylinder, false));
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
            // The first file's left edge is the last file's right edge (for a cylinder of the
            // ends, the first rank's near edge is the last rank's far edge).
            let (lo, hi) = layout.bounds();
            for k in 0..=n {
                let t = f32::from(k) / f32::from(n);
                let (y, x) = (lo[1] + t * (hi[1] - lo[1]), lo[0] + t * (hi[0] - lo[0]));
                if b.joins(0) {
                    assert!(dist(b.point([lo[0], y], 0.0), b.point([hi[0], y], 0.0)) < 1e-3, "{b:?} at y {y}");
                }
                if b.joins(1) {
                    assert!(dist(b.point([x, lo[1]], 0.0), b.point([x, hi[1]], 0.0)) < 1e-3, "{b:?} at x {x}");
                }
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
                    Shape::Cylinder { radius, rolls: 0 } => [0.0, -radius, at[2]],
                    Shape::Cylinder { radius, .. } => [at[0], -radius, 0.0],
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
            Shape::Cylinder { radius, .. } => radius,
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

    fn near(a: Vec3, b: Vec3, tol: f32) -> bool {
        dist(a, b) < tol
    }

    /// Every bend at a few stages of rolling up, the closed shape included.
    fn stages() -> Vec<Bend> {
        bends().into_iter().flat_map(|b| [0.05, 0.3, 0.7, 1.0].map(|t| b.rolled(t))).collect()
    }

    #[test]
    fn a_cylinder_of_the_ends_joins_the_ranks_and_keeps_the_files_straight() {
        let layout = BoardLayout::square(12, 12);
        let b = Bend::for_side(layout, Wrap::Cylinder, false);
        assert!(b.joins(1) && !b.joins(0));
        let (lo, hi) = layout.bounds();
        // The near and far edges meet; a rank stays a straight line along x.
        assert!(near(b.point([1.0, lo[1]], 0.0), b.point([1.0, hi[1]], 0.0), 1e-3));
        let (p, q) = (b.point([lo[0], 2.5], 0.0), b.point([hi[0], 2.5], 0.0));
        assert!((p[1] - q[1]).abs() < 1e-5 && (p[2] - q[2]).abs() < 1e-5 && (q[0] - p[0] - 12.0).abs() < 1e-4);
    }

    #[test]
    fn the_frame_is_right_handed_and_follows_the_surface() {
        let h = 1e-3;
        for b in stages() {
            for (_, cell) in BoardLayout::square(8, 8).cells() {
                let p = cell.centre;
                let [ax, ay, az] = b.axes(p);
                for (u, v) in [(ax, ay), (ay, az), (az, ax)] {
                    assert!(dot(u, v).abs() < 1e-4, "{b:?} at {p:?}: not at right angles");
                }
                assert!((dot(cross(ax, ay), az) - 1.0).abs() < 1e-3, "{b:?} at {p:?}: not a right-handed unit frame");
                assert!(near(ay, b.normal(p), 1e-6));
                // The files' direction on the surface is the frame's x; the ranks' its -z.
                let along_x = sub(b.point([p[0] + h, p[1]], 0.0), b.point([p[0] - h, p[1]], 0.0));
                let along_y = sub(b.point([p[0], p[1] + h], 0.0), b.point([p[0], p[1] - h], 0.0));
                let unit = |v: Vec3| {
                    let l = dot(v, v).sqrt();
                    [v[0] / l, v[1] / l, v[2] / l]
                };
                assert!(near(unit(along_x), ax, 1e-2), "{b:?} at {p:?}: x {along_x:?} vs {ax:?}");
                assert!(near(unit(along_y), [-az[0], -az[1], -az[2]], 1e-2), "{b:?} at {p:?}: y {along_y:?} vs {az:?}");
            }
        }
    }

    #[test]
    fn rolling_up_goes_smoothly_from_flat_round_the_centre_without_stretching_the_cylinder() {
        for b in bends() {
            let layout = BoardLayout::square(b.size[0].round() as u8, b.size[1].round() as u8);
            assert!(b.rolled(0.0).is_flat() && !b.rolled(0.5).is_flat());
            let mut before: Option<Bend> = None;
            for k in 0..=40 {
                let stage = b.rolled(k as f32 / 40.0);
                assert!(near(stage.point(stage.centre, 0.0), [0.0; 3], 1e-4), "{stage:?}: the centre moved");
                for (_, cell) in layout.cells() {
                    let p = cell.centre;
                    let q = stage.unbend(stage.point(p, 0.0));
                    assert!((q[0] - p[0]).abs() < 2e-3 && (q[1] - p[1]).abs() < 2e-3, "{stage:?}: {p:?} came back as {q:?}");
                    if let Some(prev) = before {
                        // A fortieth of the morph moves no cell further than a square: no jump.
                        assert!(dist(prev.point(p, 0.0), stage.point(p, 0.0)) < 1.0, "{stage:?}: {p:?} jumped");
                    }
                }
                // The cylinder is exact at every stage: neighbouring centres stay a square apart
                // along the surface (the chord is a little shorter than the arc).
                if matches!(b.shape, Shape::Cylinder { .. }) {
                    for (c, cell) in layout.cells() {
                        if let Some(&(_, next)) = layout.cells().collect::<Vec<_>>().get(c as usize + 1)
                            && (next.centre[1] - cell.centre[1]).abs() < 1e-6
                        {
                            let chord = dist(stage.point(cell.centre, 0.0), stage.point(next.centre, 0.0));
                            assert!(chord <= 1.0 + 1e-4 && chord > 0.8, "{stage:?}: a square is {chord} wide");
                        }
                    }
                }
                before = Some(stage);
            }
            // Barely rolled is all but flat.
            let slight = b.rolled(2e-4);
            for (_, cell) in layout.cells() {
                let (p, q) = (slight.point(cell.centre, 0.0), b.flat().point(cell.centre, 0.0));
                assert!(near(p, q, 2e-2), "{slight:?}: {p:?} vs flat {q:?}");
            }
        }
    }
}
