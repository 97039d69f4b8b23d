//! Solids turned, cut and carved in code for the piece models: a [`Surface`] builder, lathe
//! profiles with hard and smooth edges ([`Profile`], [`lathe`]), flat outlines extruded with
//! chamfered edges ([`extrude`]), annular blocks (battlements) and a spiked band (a crown).
//! Pure functions of numbers: the tests check them without a window.

use std::collections::HashMap;
use std::f32::consts::TAU;

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// A triangle mesh being built: positions, unit normals and counter-clockwise triangles.
#[derive(Default, Clone, Debug)]
pub struct Surface {
    pub positions: Vec<Vec3>,
    pub normals: Vec<Vec3>,
    pub indices: Vec<u32>,
}

impl Surface {
    fn vertex(&mut self, p: Vec3, n: Vec3) -> u32 {
        self.positions.push(p);
        self.normals.push(n);
        self.positions.len() as u32 - 1
    }

    /// A triangle turned so that its front (counter-clockwise) side faces `outward`; dropped if
    /// it has no area.
    fn triangle_facing(&mut self, t: [u32; 3], outward: Vec3) {
        let [a, b, c] = t.map(|i| self.positions[i as usize]);
        let cross = (b - a).cross(c - a);
        if cross.length_squared() < 1e-14 {
            return;
        }
        if cross.dot(outward) >= 0.0 {
            self.indices.extend_from_slice(&t);
        } else {
            self.indices.extend_from_slice(&[t[0], t[2], t[1]]);
        }
    }

    /// A quad `a b c d` (in order round it) as two triangles facing `outward`.
    fn quad_facing(&mut self, [a, b, c, d]: [u32; 4], outward: Vec3) {
        self.triangle_facing([a, b, c], outward);
        self.triangle_facing([a, c, d], outward);
    }

    /// Sets every normal to the area-weighted mean of the triangles round it, vertices at the
    /// same place counted as one (so a lathe's seam leaves no crease).
    pub fn smooth_normals(&mut self) {
        let key = |p: Vec3| (p * 1e4).round().as_ivec3();
        let mut sums: HashMap<IVec3, Vec3> = HashMap::new();
        for t in self.indices.chunks(3) {
            let [a, b, c] = [t[0], t[1], t[2]].map(|i| self.positions[i as usize]);
            // The cross product's length is twice the area: the weighting comes with it.
            let n = (b - a).cross(c - a);
            for p in [a, b, c] {
                *sums.entry(key(p)).or_default() += n;
            }
        }
        for (p, n) in self.positions.iter().zip(&mut self.normals) {
            *n = sums.get(&key(*p)).copied().unwrap_or(Vec3::Y).normalize_or(Vec3::Y);
        }
    }

    /// Adds `other`, moved by `t`.
    pub fn append(&mut self, other: &Surface, t: Transform) {
        let base = self.positions.len() as u32;
        self.positions.extend(other.positions.iter().map(|&p| t.transform_point(p)));
        // Normals go through the inverse transpose (only uniform scales and rotations here).
        self.normals.extend(other.normals.iter().map(|&n| (t.rotation * (n / t.scale)).normalize_or(Vec3::Y)));
        self.indices.extend(other.indices.iter().map(|i| i + base));
    }

    /// Number of triangles.
    pub fn triangles(&self) -> usize {
        self.indices.len() / 3
    }

    /// Highest point.
    pub fn top(&self) -> f32 {
        self.positions.iter().map(|p| p.y).fold(f32::NEG_INFINITY, f32::max)
    }

    pub fn into_mesh(self) -> Mesh {
        Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.positions.iter().map(|p| p.to_array()).collect::<Vec<_>>())
            .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, self.normals.iter().map(|n| n.to_array()).collect::<Vec<_>>())
            .with_inserted_indices(Indices::U32(self.indices))
    }
}

// ---- detail ------------------------------------------------------------------------------------

/// How finely a model's curves are divided. A piece drawn a few dozen pixels wide needs far
/// fewer triangles than one seen up close: on a software renderer every triangle costs about
/// the same whatever its size, so six sets of full-detail pieces cost more than everything else
/// on the table together (docs/architecture.md, "The table" and "Measured").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Detail {
    /// Round outlines and beads for pieces seen up close.
    #[default]
    Full,
    /// The same shapes with about a seventh of the triangles, for pieces some thirty pixels
    /// wide and less.
    Low,
}

impl Detail {
    /// From the finest to the coarsest.
    pub const ALL: [Detail; 2] = [Detail::Full, Detail::Low];

    /// Position in [`Detail::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Steps round the lathe for a surface turned in `full` steps at full detail. At low
    /// detail eight: a piece drawn low is under some thirty pixels wide, where an octagon's
    /// edges (smooth-shaded) cannot be told from a circle's, and a multiple of four keeps the
    /// outline as wide across as from front to back.
    pub fn around(self, full: usize) -> usize {
        match self {
            Detail::Full => full,
            Detail::Low => full.min(8),
        }
    }

    /// Pieces along a curve drawn in `full` pieces at full detail: a third at low detail.
    pub fn along(self, full: usize) -> usize {
        match self {
            Detail::Full => full,
            Detail::Low => full.div_ceil(3),
        }
    }

    /// Longest step along an arc, in cells: about a pixel at seat distance at full detail; at
    /// low detail a sixth of a cell, some five pixels where it is drawn.
    fn arc_step(self) -> f32 {
        match self {
            Detail::Full => 0.02,
            Detail::Low => 0.15,
        }
    }

    /// Widest step round an arc, in degrees, so small beads stay round (at low detail, at
    /// least not flat).
    fn arc_degrees(self) -> f32 {
        match self {
            Detail::Full => 30.0,
            Detail::Low => 90.0,
        }
    }

    /// How far, in cells, a lathe profile's simplified outline may stray from the drawn one:
    /// nothing at full detail; at low detail under a pixel where it is drawn.
    fn tolerance(self) -> f32 {
        match self {
            Detail::Full => 0.0,
            Detail::Low => 0.008,
        }
    }
}

/// The points of `run` that keep it within `tolerance` of itself (Ramer-Douglas-Peucker): the
/// ends always, and between them the point furthest from the chord wherever it strays further.
pub fn simplify(run: &[Vec2], tolerance: f32) -> Vec<Vec2> {
    if run.len() < 3 || tolerance <= 0.0 {
        return run.to_vec();
    }
    let mut keep = vec![false; run.len()];
    keep[0] = true;
    keep[run.len() - 1] = true;
    // An explicit stack of spans instead of recursion: profiles are short, but nothing here
    // should depend on that.
    let mut spans = vec![(0, run.len() - 1)];
    while let Some((a, b)) = spans.pop() {
        let (p, q) = (run[a], run[b]);
        let far = (a + 1..b).map(|i| (i, distance_to_segment(run[i], p, q))).max_by(|x, y| x.1.total_cmp(&y.1));
        if let Some((i, d)) = far
            && d > tolerance
        {
            keep[i] = true;
            spans.push((a, i));
            spans.push((i, b));
        }
    }
    run.iter().zip(keep).filter(|(_, k)| *k).map(|(p, _)| *p).collect()
}

fn distance_to_segment(x: Vec2, p: Vec2, q: Vec2) -> f32 {
    let d = q - p;
    let t = if d.length_squared() > 0.0 { ((x - p).dot(d) / d.length_squared()).clamp(0.0, 1.0) } else { 0.0 };
    x.distance(p + d * t)
}

// ---- lathe profiles ---------------------------------------------------------------------------

/// A profile to turn on the lathe: (radius, height) points bottom to top, in sections. Within
/// a section the surface is smooth; where two sections meet, an edge.
#[derive(Default, Clone, Debug)]
pub struct Profile {
    pub sections: Vec<Vec<Vec2>>,
    /// How finely arcs and curves are divided.
    pub detail: Detail,
}

impl Profile {
    /// A profile starting on the axis at height `y`.
    pub fn from(y: f32) -> Profile {
        Profile { sections: vec![vec![Vec2::new(0.0, y)]], detail: Detail::Full }
    }

    /// A profile starting at `(r, y)`.
    pub fn at(r: f32, y: f32) -> Profile {
        Profile { sections: vec![vec![Vec2::new(r, y)]], detail: Detail::Full }
    }

    /// The profile, its arcs and curves to come divided at `detail`.
    pub fn at_detail(mut self, detail: Detail) -> Profile {
        self.detail = detail;
        self
    }

    /// The same points as one smooth section (for curves that meet tangentially).
    pub fn merged(&self) -> Profile {
        let mut run: Vec<Vec2> = Vec::new();
        for p in self.sections.iter().flatten() {
            if run.last().is_none_or(|q| q.distance(*p) > 1e-5) {
                run.push(*p);
            }
        }
        Profile { sections: vec![run], detail: self.detail }
    }

    fn end(&self) -> Vec2 {
        *self.sections.last().and_then(|s| s.last()).unwrap_or(&Vec2::ZERO)
    }

    /// A smooth run through `points`, from where the profile is now (a straight edge first if
    /// the first point is elsewhere).
    pub fn smooth(&mut self, points: impl IntoIterator<Item = Vec2>) -> &mut Profile {
        let mut run = vec![self.end()];
        for p in points {
            if p.distance(*run.last().unwrap()) > 1e-5 {
                run.push(p);
            }
        }
        if run.len() > 1 {
            self.sections.push(run);
        }
        self
    }

    /// A straight edge to `(r, y)`.
    pub fn line(&mut self, r: f32, y: f32) -> &mut Profile {
        self.smooth([Vec2::new(r, y)])
    }

    /// An arc round `(cr, cy)` of radius `radius` from `a0` to `a1` degrees (0: outward, 90: up).
    pub fn arc(&mut self, (cr, cy): (f32, f32), radius: f32, a0: f32, a1: f32) -> &mut Profile {
        // A point each `arc_step` along the arc and each `arc_degrees` round it.
        let length = (a1 - a0).abs().to_radians() * radius;
        let (step, degrees) = (self.detail.arc_step(), self.detail.arc_degrees());
        let steps = ((a1 - a0).abs() / degrees).ceil().max((length / step).ceil()).max(2.0) as usize;
        let start = Vec2::new(cr, cy) + radius * Vec2::from_angle(a0.to_radians());
        if start.distance(self.end()) > 1e-5 {
            self.line(start.x, start.y);
        }
        self.smooth((1..=steps).map(|i| {
            let a = (a0 + (a1 - a0) * i as f32 / steps as f32).to_radians();
            Vec2::new(cr, cy) + radius * Vec2::from_angle(a)
        }))
    }

    /// A quadratic curve from here past `control` to `(r, y)` in `steps` pieces at full detail.
    pub fn curve(&mut self, control: (f32, f32), (r, y): (f32, f32), steps: usize) -> &mut Profile {
        let steps = self.detail.along(steps);
        let (p0, p1, p2) = (self.end(), Vec2::from(control), Vec2::new(r, y));
        self.smooth((1..=steps).map(|i| {
            let t = i as f32 / steps as f32;
            p0 * (1.0 - t) * (1.0 - t) + p1 * 2.0 * t * (1.0 - t) + p2 * t * t
        }))
    }
}

/// Turns `profile` round the Y axis in `segments` steps, its outline simplified as far as its
/// detail allows (see [`Detail`]). Normals come from the profile's slope
/// (one-sided at a section's ends, so sections meet in an edge); points on the axis close the
/// surface with single triangles.
pub fn lathe(profile: &Profile, segments: usize) -> Surface {
    let mut s = Surface::default();
    let tolerance = profile.detail.tolerance();
    for section in profile.sections.iter().filter(|s| s.len() > 1) {
        let section = &simplify(section, tolerance);
        let first = s.positions.len() as u32;
        let m = section.len();
        for (i, &p) in section.iter().enumerate() {
            let d = section[(i + 1).min(m - 1)] - section[i.saturating_sub(1)];
            let n2 = Vec2::new(d.y, -d.x).normalize_or(Vec2::X);
            for k in 0..=segments {
                let (sin, cos) = (k as f32 / segments as f32 * TAU).sin_cos();
                s.vertex(Vec3::new(p.x * cos, p.y, p.x * sin), Vec3::new(n2.x * cos, n2.y, n2.x * sin));
            }
        }
        let stride = segments as u32 + 1;
        for i in 0..m as u32 - 1 {
            for k in 0..segments as u32 {
                let (a, b) = (first + i * stride + k, first + (i + 1) * stride + k);
                // Outward: the mean of the corners' normals (triangles on the axis drop out).
                let out = s.normals[a as usize] + s.normals[b as usize + 1];
                s.triangle_facing([a, b, a + 1], out);
                s.triangle_facing([a + 1, b, b + 1], out);
            }
        }
    }
    s
}

// ---- extruded outlines ------------------------------------------------------------------------

/// Twice the signed area of a polygon (positive counter-clockwise).
fn signed_area(p: &[Vec2]) -> f32 {
    (0..p.len()).map(|i| p[i].perp_dot(p[(i + 1) % p.len()])).sum()
}

/// Triangles of a simple counter-clockwise polygon, by clipping ears.
pub fn triangulate(p: &[Vec2]) -> Vec<[usize; 3]> {
    let mut left: Vec<usize> = (0..p.len()).collect();
    let mut out = Vec::new();
    while left.len() > 3 {
        let n = left.len();
        let ear = (0..n).find(|&i| {
            let (a, b, c) = (p[left[(i + n - 1) % n]], p[left[i]], p[left[(i + 1) % n]]);
            let convex = (b - a).perp_dot(c - b) > 1e-9;
            // No other corner inside (or on) the triangle.
            let inside = |q: Vec2| (b - a).perp_dot(q - a) >= 0.0 && (c - b).perp_dot(q - b) >= 0.0 && (a - c).perp_dot(q - c) >= 0.0;
            convex && left.iter().all(|&j| [left[(i + n - 1) % n], left[i], left[(i + 1) % n]].contains(&j) || !inside(p[j]))
        });
        // A polygon with no ear is not simple: fan out what is left rather than loop.
        let i = ear.unwrap_or(1);
        out.push([left[(i + n - 1) % n], left[i], left[(i + 1) % n]]);
        left.remove(i);
    }
    out.push([left[0], left[1], left[2]]);
    out
}

/// The outline moved `by` inward (counter-clockwise outline), each corner along its bisector;
/// sharp corners move at most twice `by` so their neighbours are not crossed.
pub fn inset(p: &[Vec2], by: f32) -> Vec<Vec2> {
    let n = p.len();
    (0..n)
        .map(|i| {
            let outward = |a: Vec2, b: Vec2| Vec2::new((b - a).y, -(b - a).x).normalize_or_zero();
            let (before, after) = (outward(p[(i + n - 1) % n], p[i]), outward(p[i], p[(i + 1) % n]));
            let bisector = (before + after).normalize_or(after);
            p[i] - bisector * by / bisector.dot(after).max(0.5)
        })
        .collect()
}

/// Rounds the corners of an outline by cutting each (except those listed in `sharp`) into two,
/// a quarter of the way along its edges.
pub fn cut_corners(p: &[Vec2], sharp: &[usize]) -> Vec<Vec2> {
    let n = p.len();
    let mut out = Vec::with_capacity(2 * n);
    for i in 0..n {
        if sharp.contains(&i) {
            out.push(p[i]);
        } else {
            out.push(p[i].lerp(p[(i + n - 1) % n], 0.25));
            out.push(p[i].lerp(p[(i + 1) % n], 0.25));
        }
    }
    out
}

/// A flat outline (`u` forward, `v` up, counter-clockwise) extruded sideways, `half(u, v)` to
/// each side, with its edges chamfered `bevel` deep. Forward is -Z (towards the opponent).
pub fn extrude(outline: &[Vec2], half: impl Fn(Vec2) -> f32, bevel: f32) -> Surface {
    let outline: Vec<Vec2> = if signed_area(outline) < 0.0 { outline.iter().rev().copied().collect() } else { outline.to_vec() };
    let face = inset(&outline, bevel);
    let n = outline.len();
    let at = |p: Vec2, x: f32| Vec3::new(x, p.y, -p.x);
    let edge_out = |a: Vec2, b: Vec2| at(Vec2::new((b - a).y, -(b - a).x), 0.0).normalize_or_zero();
    let mut out = Surface::default();
    // The side wall: round the outline between the chamfers.
    let mut wall = Surface::default();
    for i in 0..n {
        let (a, b) = (outline[i], outline[(i + 1) % n]);
        let (ha, hb) = (half(a) - bevel, half(b) - bevel);
        let v = [at(a, -ha), at(b, -hb), at(b, hb), at(a, ha)].map(|p| wall.vertex(p, Vec3::ZERO));
        wall.quad_facing(v, edge_out(a, b));
    }
    wall.smooth_normals();
    out.append(&wall, Transform::IDENTITY);
    for side in [-1.0f32, 1.0] {
        // The chamfer from the wall's edge in to the face.
        let mut chamfer = Surface::default();
        for i in 0..n {
            let j = (i + 1) % n;
            let (a, b, fa, fb) = (outline[i], outline[j], face[i], face[j]);
            let v = [at(a, side * (half(a) - bevel)), at(b, side * (half(b) - bevel)), at(fb, side * half(fb)), at(fa, side * half(fa))]
                .map(|p| chamfer.vertex(p, Vec3::ZERO));
            chamfer.quad_facing(v, edge_out(a, b) + Vec3::X * side);
        }
        chamfer.smooth_normals();
        out.append(&chamfer, Transform::IDENTITY);
        // The face: flat where `half` is constant, gently curved where it is not.
        let mut flat = Surface::default();
        let v: Vec<u32> = face.iter().map(|&p| flat.vertex(at(p, side * half(p)), Vec3::ZERO)).collect();
        for t in triangulate(&face) {
            flat.triangle_facing(t.map(|i| v[i]), Vec3::X * side);
        }
        flat.smooth_normals();
        out.append(&flat, Transform::IDENTITY);
    }
    out
}

// ---- blocks and bands -------------------------------------------------------------------------

/// A block of a ring between radii `ri` and `ro`, heights `y0` and `y1`, angles `a0` to `a1`
/// (radians): a merlon of a battlement. Open underneath (it stands on something).
pub fn ring_block(ri: f32, ro: f32, (y0, y1): (f32, f32), (a0, a1): (f32, f32), steps: usize) -> Surface {
    let mut out = Surface::default();
    let dir = |a: f32| Vec3::new(a.cos(), 0.0, a.sin());
    let angle = |k: usize| a0 + (a1 - a0) * k as f32 / steps as f32;
    // Outer and inner walls, smooth round the ring.
    for (r, facing) in [(ro, 1.0f32), (ri, -1.0)] {
        let mut wall = Surface::default();
        for k in 0..=steps {
            let d = dir(angle(k));
            wall.vertex(d * r + Vec3::Y * y0, d * facing);
            wall.vertex(d * r + Vec3::Y * y1, d * facing);
        }
        for k in 0..steps as u32 {
            let out_dir = dir(angle(k as usize) + (a1 - a0) / steps as f32 / 2.0) * facing;
            wall.quad_facing([2 * k, 2 * k + 2, 2 * k + 3, 2 * k + 1], out_dir);
        }
        out.append(&wall, Transform::IDENTITY);
    }
    // The top, flat.
    let mut top = Surface::default();
    for k in 0..=steps {
        let d = dir(angle(k));
        top.vertex(d * ri + Vec3::Y * y1, Vec3::Y);
        top.vertex(d * ro + Vec3::Y * y1, Vec3::Y);
    }
    for k in 0..steps as u32 {
        top.quad_facing([2 * k, 2 * k + 1, 2 * k + 3, 2 * k + 2], Vec3::Y);
    }
    out.append(&top, Transform::IDENTITY);
    // The two cut ends, facing away from the block round the ring.
    for (a, sign) in [(a0, -1.0f32), (a1, 1.0)] {
        let (d, n) = (dir(a), Vec3::new(-a.sin(), 0.0, a.cos()) * sign);
        let mut end = Surface::default();
        let v = [d * ri + Vec3::Y * y0, d * ro + Vec3::Y * y0, d * ro + Vec3::Y * y1, d * ri + Vec3::Y * y1].map(|p| end.vertex(p, n));
        end.quad_facing(v, n);
        out.append(&end, Transform::IDENTITY);
    }
    out
}

/// A band round the Y axis, `radius` out and `thickness` thick, rising from y = 0 to
/// `height` and on to `points` spikes `spike` higher: a crown.
pub fn spiked_band(radius: f32, thickness: f32, (height, spike): (f32, f32), points: usize, segments: usize) -> Surface {
    let mut band = Surface::default();
    let top = |k: usize| {
        // A triangle wave: a spike at every `segments / points` steps.
        let phase = (k * points) as f32 / segments as f32;
        height + spike * (1.0 - 2.0 * (phase - phase.round()).abs())
    };
    let (ri, ro) = (radius - thickness / 2.0, radius + thickness / 2.0);
    // Per step: bottom and top of the outer wall, then of the inner wall.
    for k in 0..=segments {
        let a = k as f32 / segments as f32 * TAU;
        let d = Vec3::new(a.cos(), 0.0, a.sin());
        for r in [ro, ri] {
            band.vertex(d * r, Vec3::ZERO);
            band.vertex(d * r + Vec3::Y * top(k), Vec3::ZERO);
        }
    }
    for k in 0..segments as u32 {
        let (a, b) = (4 * k, 4 * k + 4);
        let mid = ((k as f32 + 0.5) / segments as f32 * TAU).sin_cos();
        let d = Vec3::new(mid.1, 0.0, mid.0);
        band.quad_facing([a, b, b + 1, a + 1], d);
        band.quad_facing([a + 2, b + 2, b + 3, a + 3], -d);
        // The rim joining the walls' tops.
        band.quad_facing([a + 1, b + 1, b + 3, a + 3], Vec3::Y);
    }
    band.smooth_normals();
    band
}
