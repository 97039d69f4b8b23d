//! How multi-seat chess pieces move on a board, as tables built once per board: rays in every direction, King steps, Knight leaps (with the extended second hop) and the Pawn's lines — the 12x12 square of Double Chess and the hexagons of Tri-Chess.
//!
//! Directions are *slots*: odd slots are Bishop lines, even slots Rook lines, so one attack
//! test serves both boards. On the square board the slots are [`Line::ALL`] (N, NE, E ...).
//! On the hexagon slot `d` points `30° * d` counter-clockwise from east (as `trigrid`'s
//! lines): an odd slot is the Bishop's line through sides and angles alternately ("Bishops move
//! perpendicular to any edge of the board, passing alternately through sides and angles"), an
//! even slot the Rook's zig-zag along a strip parallel to an edge, always through a side ("Rooks
//! move parallel to any edge of the board through sides of triangles"): from each triangle it
//! crosses the one of its sides nearest the slot's angle (rulings TC2-TC3).

use std::sync::OnceLock;

use crate::topology::{Cell, KNIGHT_DELTAS, Line, NO_CELL, Side, Topology, Wrap};
use crate::trigrid::TriBoard;

/// Most direction slots (a hexagon's twelve).
pub(crate) const SLOTS: usize = 12;

/// A board's movement tables.
#[derive(Debug)]
pub(crate) struct Geometry {
    pub topo: &'static Topology,
    /// The hexagon, for Tri-Chess; `None` on the square board.
    pub tri: Option<TriBoard>,
    /// Direction slots in use: 8 on the square board, 12 on the hexagon.
    pub slots: usize,
    /// `ray[cell][slot]`: the next cell along the slot's line (`NO_CELL` off the board).
    pub ray: Vec<[Cell; SLOTS]>,
    /// `king[cell]`: the King's steps (8 squares, or the 12 triangles touching the cell).
    pub king: Vec<[Cell; SLOTS]>,
    /// `knight[cell]`: each Knight move's landing and the extended move's second landing in the
    /// same direction (`NO_CELL` where the board ends).
    pub knight: Vec<[(Cell, Cell); SLOTS]>,
    /// `knight_from[cell]`: the cells from which a Knight's (first) leap lands on the cell.
    pub knight_from: Vec<[Cell; SLOTS]>,
    /// `hop_from[cell]`: `(origin, middle)` for each extended move whose second leap lands on
    /// the cell (for `--double-hop-check yes`, ruling DC4).
    pub hop_from: Vec<[(Cell, Cell); SLOTS]>,
    /// `repeats[cell][0]`: the Rook slots whose first cell an earlier Rook slot already reaches
    /// (on the hexagon each side is crossed by two Rook strips); `repeats[cell][1]`: the Rook
    /// slots whose first cell a Bishop slot reaches (for the Queen). Bits by slot; 0 on squares.
    pub repeats: Vec<[u16; 2]>,
}

impl Geometry {
    /// The 12x12 board of Double Chess.
    pub fn square() -> &'static Geometry {
        static SQUARE: OnceLock<Geometry> = OnceLock::new();
        SQUARE.get_or_init(|| {
            let topo = Topology::get(12, 12, Wrap::Flat);
            let n = 12i32;
            let at = |f: i32, r: i32| if (0..n).contains(&f) && (0..n).contains(&r) { (r * n + f) as Cell } else { NO_CELL };
            let mut g = Geometry::blank(topo, None, 8);
            for c in 0..topo.len() {
                let (f, r) = (c as i32 % n, c as i32 / n);
                for (i, line) in Line::ALL.into_iter().enumerate() {
                    g.ray[c][i] = topo.step(c as Cell, line);
                    g.king[c][i] = topo.step(c as Cell, line);
                }
                for (i, (df, dr)) in KNIGHT_DELTAS.iter().enumerate() {
                    g.knight[c][i] = (at(f + df, r + dr), at(f + 2 * df, r + 2 * dr));
                }
            }
            g.invert_knights();
            g
        })
    }

    /// A hexagon of Tri-Chess (built once per board).
    pub fn hexagon(board: TriBoard) -> &'static Geometry {
        use std::collections::HashMap;
        use std::sync::Mutex;
        static CACHE: OnceLock<Mutex<HashMap<TriBoard, &'static Geometry>>> = OnceLock::new();
        let mut map = CACHE.get_or_init(|| Mutex::new(HashMap::new())).lock().unwrap_or_else(|e| e.into_inner());
        map.entry(board).or_insert_with(|| Box::leak(Box::new(Geometry::build_hexagon(board))))
    }

    fn build_hexagon(board: TriBoard) -> Geometry {
        let topo = Topology::triangles(board);
        let mut g = Geometry::blank(topo, Some(board), SLOTS);
        for c in 0..topo.len() as Cell {
            for d in 0..SLOTS as u8 {
                g.ray[c as usize][d as usize] = if d % 2 == 1 { topo.step(c, Line(d)) } else { topo.step(c, rook_line(topo, c, d)) };
                // "A King may move to any one of the twelve spaces surrounding the space on which he sits":
                // the first triangle of each of the twelve lines is exactly those twelve.
                g.king[c as usize][d as usize] = topo.step(c, Line(d));
            }
            for (i, (line, turn)) in knight_patterns().enumerate() {
                let first = knight_leap(topo, c, line, turn);
                let second = if first == NO_CELL { NO_CELL } else { knight_leap(topo, first, line, turn) };
                g.knight[c as usize][i] = (first, second);
            }
        }
        g.invert_knights();
        g.find_repeats();
        g
    }

    /// Fills `repeats`, so that no piece lists one move twice.
    fn find_repeats(&mut self) {
        for c in 0..self.topo.len() {
            let first = self.ray[c];
            for d in (0..self.slots).step_by(2) {
                if first[d] == NO_CELL {
                    continue;
                }
                if (0..d).step_by(2).any(|e| first[e] == first[d]) {
                    self.repeats[c][0] |= 1 << d;
                }
                if (1..self.slots).step_by(2).any(|e| first[e] == first[d]) {
                    self.repeats[c][1] |= 1 << d;
                }
            }
        }
    }

    fn blank(topo: &'static Topology, tri: Option<TriBoard>, slots: usize) -> Geometry {
        let n = topo.len();
        Geometry {
            topo,
            tri,
            slots,
            ray: vec![[NO_CELL; SLOTS]; n],
            king: vec![[NO_CELL; SLOTS]; n],
            knight: vec![[(NO_CELL, NO_CELL); SLOTS]; n],
            knight_from: vec![[NO_CELL; SLOTS]; n],
            hop_from: vec![[(NO_CELL, NO_CELL); SLOTS]; n],
            repeats: vec![[0; 2]; n],
        }
    }

    /// Fills `knight_from` and `hop_from` from `knight`.
    fn invert_knights(&mut self) {
        let mut count = vec![0usize; self.topo.len()];
        let mut hops = vec![0usize; self.topo.len()];
        for c in 0..self.topo.len() {
            for &(first, second) in &self.knight[c] {
                if first != NO_CELL {
                    let k = &mut count[first as usize];
                    self.knight_from[first as usize][*k] = c as Cell;
                    *k += 1;
                }
                if second != NO_CELL && hops[second as usize] < SLOTS {
                    let k = &mut hops[second as usize];
                    self.hop_from[second as usize][*k] = (c as Cell, first);
                    *k += 1;
                }
            }
        }
    }

    /// The slot that points the opposite way.
    #[cfg(test)]
    pub fn back(&self, slot: usize) -> usize {
        (slot + self.slots / 2) % self.slots
    }

    /// The line a Pawn of the seat on `side` advances along: straight ahead on the square board;
    /// on the hexagon the Bishop line perpendicular to its edge (ruling TC5).
    #[inline(always)]
    pub fn forward(&self, side: Side) -> Line {
        if self.tri.is_some() { side.tri_forward() } else { side.forward() }
    }

    /// The two lines a Pawn captures along: diagonally forward; on the hexagon "diagonally
    /// forward to either triangle of the same color", the corner lines either side of forward.
    #[inline(always)]
    pub fn pawn_captures(&self, side: Side) -> [Line; 2] {
        if self.tri.is_some() {
            let f = side.tri_forward().0;
            [Line((f + 1) % 12), Line((f + 11) % 12)]
        } else {
            side.diagonal_forward()
        }
    }

    /// The lines from a cell back to the Pawns of `side` that would attack it.
    #[inline(always)]
    pub fn pawn_back(&self, side: Side) -> [Line; 2] {
        if self.tri.is_some() {
            let f = side.tri_forward().0;
            [Line((f + 7) % 12), Line((f + 5) % 12)]
        } else {
            side.diagonal_back()
        }
    }

    /// The Rows between the edges a Pawn crosses: 12 on the square board, the hexagon's rows.
    pub fn rows(&self) -> u8 {
        self.topo.height()
    }
}

/// The side a Rook leaves a triangle through when it moves along even slot `d`: of the two
/// odd lines either side of the slot's angle, the one that crosses a side of this triangle
/// (an up triangle's sides face lines 1, 5 and 9; a down one's 3, 7 and 11).
fn rook_line(topo: &Topology, c: Cell, d: u8) -> Line {
    let up = topo.is_dark(c);
    let (a, b) = ((d + 11) % 12, (d + 1) % 12);
    let crosses_side = |l: u8| (l % 4 == 1) == up;
    Line(if crosses_side(a) { a } else { b })
}

/// The twelve Knight patterns of Tri-Chess: each Bishop line, turning left or right.
pub(crate) fn knight_patterns() -> impl Iterator<Item = (u8, bool)> {
    (0..6u8).flat_map(|i| [(2 * i + 1, true), (2 * i + 1, false)])
}

/// One Knight move on the hexagon: "two spaces like a Bishop (that is, through an angle and a
/// side), then one space to either side" — two steps along Bishop line `line`, then across one
/// of the two sides of the landing triangle that do not face along the line (`left`: the one
/// counter-clockwise from it). `NO_CELL` where the board ends (ruling TC6).
pub(crate) fn knight_leap(topo: &Topology, c: Cell, line: u8, left: bool) -> Cell {
    let a = topo.step(c, Line(line));
    let b = if a == NO_CELL { NO_CELL } else { topo.step(a, Line(line)) };
    if b == NO_CELL {
        return NO_CELL;
    }
    let up = topo.is_dark(b);
    // The landing's sides face lines ≡ 1 (mod 4) when it points up, ≡ 3 when down. If the
    // line itself is one of them (straight ahead) the other two are 120° off; else the line
    // points at an angle and the sides either side of it are 60° off.
    let ahead = (line % 4 == 1) == up;
    let turn = if ahead { 4 } else { 2 };
    let side = if left { (line + turn) % 12 } else { (line + 12 - turn) % 12 };
    topo.step(b, Line(side))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boards() -> [TriBoard; 3] {
        [TriBoard::plain(8), TriBoard::plain(10), TriBoard::plain(12)]
    }

    #[test]
    fn rays_run_both_ways_and_rooks_stay_on_a_strip() {
        for b in boards() {
            let g = Geometry::hexagon(b);
            for c in 0..g.topo.len() as Cell {
                for d in 0..SLOTS {
                    let n = g.ray[c as usize][d];
                    if n != NO_CELL {
                        assert_eq!(g.ray[n as usize][g.back(d)], c, "slot {d} from {} and back", g.topo.name(c));
                        assert_ne!(g.topo.is_dark(n), g.topo.is_dark(c), "every ray step changes colour");
                    }
                }
                // A Rook along the strip of the south edge keeps its row.
                let e = g.ray[c as usize][0];
                if e != NO_CELL {
                    assert_eq!(g.topo.rank(e), g.topo.rank(c));
                }
            }
        }
    }

    #[test]
    fn kings_touch_twelve_and_knights_land_on_the_other_colour() {
        let g = Geometry::hexagon(TriBoard::plain(10));
        let centre = (0..g.topo.len() as Cell).find(|&c| g.king[c as usize].iter().all(|&n| n != NO_CELL)).unwrap();
        let mut ks: Vec<Cell> = g.king[centre as usize].to_vec();
        ks.sort();
        ks.dedup();
        assert_eq!(ks.len(), 12);
        for c in 0..g.topo.len() as Cell {
            for &(first, second) in &g.knight[c as usize] {
                if first != NO_CELL {
                    assert_ne!(g.topo.is_dark(first), g.topo.is_dark(c));
                    assert!(g.knight_from[first as usize].contains(&c));
                }
                if second != NO_CELL {
                    assert_eq!(g.topo.is_dark(second), g.topo.is_dark(c));
                }
            }
        }
    }
}
