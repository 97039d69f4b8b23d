//! The triangular boards' geometry: hexagons of equilateral triangles (8, 10 or 12 rows across),
//! their cut corners and extra file, as lattice coordinates every other module builds from.
//!
//! A triangle is named by its lattice coordinates `(x, r)`: `r` is the row from the south edge
//! (0-based), `x` twice the x coordinate of its centroid in units of a triangle's side, measured
//! from the hexagon's centre. A triangle points up (a side at the bottom) exactly when
//! `x + r - k` is odd, `k` being the hexagon's side (rows / 2). Colours alternate with the
//! orientation (neighbours across a side always point the other way), so "same colour" is
//! "same orientation".
//!
//! Lines are numbered by angle, `Line(m)` pointing `30° * m` counter-clockwise from east:
//! even lines join a triangle to the same-coloured triangles touching its corners (the six
//! directions of a checkers king), odd lines run across a side and then an angle, alternately,
//! through triangles of both colours (a bishop's line in Tri-Chess, Tri-Queens' straight jumps).
//! Seats sit on the hexagon's six sides, numbered clockwise seen from above from the south:
//! 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE.

use serde::{Deserialize, Serialize};

/// `sqrt(3) / 2`: a row's height in units of a triangle's side.
pub const ROW_HEIGHT: f32 = 0.866_025_4;

/// Which hexagon of triangles: its size and the optional cells around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TriBoard {
    /// Rows across, from one edge to the opposite one: 8 (two players), 10 (three and four) or
    /// 12 (five and six).
    pub rows: u8,
    /// 12 rows: whether the corners are in play ("you may wish to use some or all of those
    /// spaces"). Without them "the corners are cut out": the two triangles touching each of the
    /// six corners are not part of the board.
    pub corners: bool,
    /// 8 rows: "part of an extra file of spaces to the right of the two player board" (Figure 14):
    /// the eight triangles just outside the south-east edge in the first player's half.
    pub extra_file: bool,
}

impl TriBoard {
    /// The plain board of `rows` rows (12 rows with the corners cut out).
    pub const fn plain(rows: u8) -> TriBoard {
        TriBoard { rows, corners: false, extra_file: false }
    }

    /// The hexagon's side in triangles.
    pub const fn side(self) -> i32 {
        self.rows as i32 / 2
    }

    /// Whether the triangle at lattice `(x, r)` is on this board.
    pub fn contains(self, x: i32, r: i32) -> bool {
        let k = self.side();
        let rr = r - k;
        if !(-k..k).contains(&rr) {
            return false;
        }
        // Six times the centroid's distance terms: |3x ± (3rr + δ)| < 6k keeps the centroid
        // inside the two slanted pairs of edges (δ = 1 up, 2 down: the centroid sits a third or
        // two thirds of the way up its row).
        let delta = if points_up(x, r, k) { 1 } else { 2 };
        let slant = 3 * rr + delta;
        let inside = (3 * x + slant).abs() < 6 * k && (3 * x - slant).abs() < 6 * k;
        if inside {
            return self.corners || self.rows != 12 || !self.at_corner(x, r);
        }
        // The extra file: one row's width beyond the south-east edge, rows 0 to k-1.
        let beyond = 3 * x - slant;
        self.extra_file && self.rows == 8 && rr < 0 && 6 * k < beyond && beyond < 6 * k + 6
    }

    /// Whether a triangle touches one of the hexagon's six corners: its centroid within 0.6 of
    /// a side from the corner (touching triangles are at 1/sqrt(3) = 0.577, the next nearest
    /// at 1.0 or more).
    fn at_corner(self, x: i32, r: i32) -> bool {
        let k = self.side() as f32;
        let [cx, cy] = centroid(x, r, self.side());
        let h = ROW_HEIGHT;
        let corners = [[k, 0.0], [-k, 0.0], [k / 2.0, k * h], [-k / 2.0, k * h], [k / 2.0, -k * h], [-k / 2.0, -k * h]];
        corners.iter().any(|&[px, py]| (cx - px).powi(2) + (cy - py).powi(2) < 0.36)
    }

    /// Every triangle of the board as lattice `(x, r)`, row by row from the south, west to east
    /// in each row: the order of cell indices.
    pub fn triangles(self) -> Vec<(i32, i32)> {
        let k = self.side();
        let reach = 4 * k + 4;
        (0..2 * k).flat_map(|r| (-reach..=reach).map(move |x| (x, r))).filter(|&(x, r)| self.contains(x, r)).collect()
    }

    /// The hexagon's corners, counter-clockwise from the south-west one, in units of a side.
    pub fn corners_points(self) -> [[f32; 2]; 6] {
        let k = self.side() as f32;
        let h = k * ROW_HEIGHT;
        [[-k / 2.0, -h], [k / 2.0, -h], [k, 0.0], [k / 2.0, h], [-k / 2.0, h], [-k, 0.0]]
    }
}

/// Whether the triangle at lattice `(x, r)` of a hexagon of side `k` points up.
pub fn points_up(x: i32, r: i32, k: i32) -> bool {
    (x + r - k).rem_euclid(2) == 1
}

/// The centroid of a triangle, in units of a side, the hexagon's centre at the origin.
pub fn centroid(x: i32, r: i32, k: i32) -> [f32; 2] {
    let third = if points_up(x, r, k) { 1.0 / 3.0 } else { 2.0 / 3.0 };
    [x as f32 / 2.0, ((r - k) as f32 + third) * ROW_HEIGHT]
}

/// A triangle's corners, counter-clockwise, in units of a side.
pub fn corners(x: i32, r: i32, k: i32) -> [[f32; 2]; 3] {
    let (cx, lo, hi) = (x as f32 / 2.0, (r - k) as f32 * ROW_HEIGHT, (r - k + 1) as f32 * ROW_HEIGHT);
    if points_up(x, r, k) { [[cx - 0.5, lo], [cx + 0.5, lo], [cx, hi]] } else { [[cx, lo], [cx + 0.5, hi], [cx - 0.5, hi]] }
}

/// One step along line `m` (0-11) from lattice `(x, r)`: the lattice offset. Even lines keep the
/// orientation; odd lines cross to the next triangle of the other orientation on the line.
pub fn step(x: i32, r: i32, k: i32, m: u8) -> (i32, i32) {
    // Same-colour neighbours, by line / 2: E, 60°, 120°, W, 240°, 300°.
    const EVEN: [(i32, i32); 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];
    // Odd lines from an up triangle, by line / 2: 30° across its right side, 90° over its apex,
    // 150° across its left side, 210° and 330° over its lower corners, 270° across its base.
    // A down triangle is an up one turned half round: the offsets of the opposite line, negated.
    const ODD_UP: [(i32, i32); 6] = [(1, 0), (0, 1), (-1, 0), (-2, -1), (0, -1), (2, -1)];
    let i = (m / 2) as usize % 6;
    let (dx, dr) = if m.is_multiple_of(2) {
        EVEN[i]
    } else if points_up(x, r, k) {
        ODD_UP[i]
    } else {
        let (dx, dr) = ODD_UP[(i + 3) % 6];
        (-dx, -dr)
    };
    (x + dx, r + dr)
}

/// A triangle seen from the seat on `side`: the board turned so that side's edge is at the
/// south, as `(x, depth)`: `x` the turned lattice column (0 at the edge's middle, growing to the
/// seat's right), depth 0 the row along the seat's edge.
pub fn seat_frame(x: i32, r: i32, k: i32, side: u8) -> (i32, i32) {
    let [cx, cy] = centroid(x, r, k);
    // Side s's edge faces 60° * s clockwise from south; turning the board 60° * s
    // counter-clockwise brings it to the south. A turn by 60° maps centroids onto centroids.
    let a = side as f32 * std::f32::consts::FRAC_PI_3;
    let (s, c) = a.sin_cos();
    let (tx, ty) = (cx * c - cy * s, cx * s + cy * c);
    ((2.0 * tx).round() as i32, (ty / ROW_HEIGHT + k as f32).floor() as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(b: TriBoard) -> usize {
        b.triangles().len()
    }

    #[test]
    fn hexagons_have_six_k_squared_triangles() {
        assert_eq!(count(TriBoard::plain(8)), 96);
        assert_eq!(count(TriBoard::plain(10)), 150);
        assert_eq!(count(TriBoard { rows: 12, corners: true, extra_file: false }), 216);
        assert_eq!(count(TriBoard::plain(12)), 204, "two triangles cut at each of six corners");
        assert_eq!(count(TriBoard { rows: 8, corners: false, extra_file: true }), 104, "eight in the extra file");
    }

    #[test]
    fn steps_round_trip_and_keep_or_flip_orientation() {
        let k = 5;
        for (x, r) in TriBoard::plain(10).triangles() {
            for m in 0..12u8 {
                let (nx, nr) = step(x, r, k, m);
                assert_eq!(step(nx, nr, k, (m + 6) % 12), (x, r), "line {m} from ({x},{r}) and back");
                assert_eq!(points_up(nx, nr, k) == points_up(x, r, k), m % 2 == 0);
                // The step points along the line's angle.
                let ([ax, ay], [bx, by]) = (centroid(x, r, k), centroid(nx, nr, k));
                let angle = (by - ay).atan2(bx - ax).to_degrees().rem_euclid(360.0);
                assert!((angle - 30.0 * m as f32).abs() < 0.01, "line {m}: {angle}");
            }
        }
    }

    #[test]
    fn seat_frames_put_the_seat_edge_at_depth_zero() {
        for rows in [8, 10, 12] {
            let b = TriBoard::plain(rows);
            let k = b.side();
            for side in 0..6 {
                let depths: Vec<i32> = b.triangles().iter().map(|&(x, r)| seat_frame(x, r, k, side).1).collect();
                assert_eq!(depths.iter().min(), Some(&0));
                assert_eq!(depths.iter().max(), Some(&(rows as i32 - 1)));
            }
        }
    }
}
