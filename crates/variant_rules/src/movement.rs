//! Chess-piece movement shared by the chess-like games: slider rays, steps, leaps and pawn lines per board side.
//!
//! Every function works on a [`Topology`] and an occupancy closure that says what stands on a
//! cell as the moving piece sees it ([`Occupant`]), and feeds the cells a piece reaches to an
//! `emit(to, capture)` closure that returns whether to go on. Nothing allocates, and with the
//! closures inlined the loops compile to what each game wrote by hand.

use crate::topology::{Cell, Line, NO_CELL, Side, Topology};

/// What stands on a cell, seen from the moving piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// Nothing: the piece may move there, and a slider goes on past it.
    Empty,
    /// One of the mover's own pieces (or anything else that blocks without being taken).
    Friend,
    /// An enemy piece: it may be captured, and it ends a slider's ray.
    Enemy,
}

/// Walks from `from` along `line` and calls `visit(cell, occupant)` on each cell reached: every
/// empty one, then the first occupied one, where the ray ends. The ray also ends at an edge and
/// where it comes back round to `from` (a joined board). `visit` returns whether to go on along
/// the ray; `ray` returns false when `visit` stopped it.
#[inline(always)]
pub fn ray(topo: &Topology, from: Cell, line: Line, occupant: impl Fn(Cell) -> Occupant, mut visit: impl FnMut(Cell, Occupant) -> bool) -> bool {
    let mut s = topo.step(from, line);
    while s != NO_CELL && s != from {
        match occupant(s) {
            Occupant::Empty => {
                if !visit(s, Occupant::Empty) {
                    return false;
                }
            }
            o => return visit(s, o),
        }
        s = topo.step(s, line);
    }
    true
}

/// [`ray`] cut short after `range` steps (a short-range slider).
#[inline(always)]
pub fn ray_within(
    topo: &Topology,
    from: Cell,
    line: Line,
    range: u8,
    occupant: impl Fn(Cell) -> Occupant,
    mut visit: impl FnMut(Cell, Occupant) -> bool,
) -> bool {
    let mut s = topo.step(from, line);
    let mut left = range;
    while left > 0 && s != NO_CELL && s != from {
        match occupant(s) {
            Occupant::Empty => {
                if !visit(s, Occupant::Empty) {
                    return false;
                }
            }
            o => return visit(s, o),
        }
        s = topo.step(s, line);
        left -= 1;
    }
    true
}

/// The first occupied cell from `from` along `line` (`from` itself excluded), or [`NO_CELL`]
/// when the ray reaches an edge or comes back round to `from` first: who a slider on that line
/// would meet, or which piece attacks `from` along it.
#[inline(always)]
pub fn first_occupied(topo: &Topology, from: Cell, line: Line, empty: impl Fn(Cell) -> bool) -> Cell {
    let mut s = topo.step(from, line);
    while s != NO_CELL && s != from {
        if !empty(s) {
            return s;
        }
        s = topo.step(s, line);
    }
    NO_CELL
}

/// Feeds `emit(to, capture)` the target of a ray's cell: an empty cell as a quiet move, an enemy
/// as a capture, nothing for a friend. Returns what `emit` returned (true when nothing was fed).
#[inline(always)]
fn target(to: Cell, o: Occupant, emit: &mut impl FnMut(Cell, bool) -> bool) -> bool {
    match o {
        Occupant::Empty => emit(to, false),
        Occupant::Enemy => emit(to, true),
        Occupant::Friend => true,
    }
}

/// A slider's moves along each of `lines` (bishop, rook, queen): quiet moves to the empty cells,
/// then a capture of the enemy that ends the ray, if one does. Stops when `emit` returns false;
/// returns whether every move was fed.
#[inline(always)]
pub fn slide(topo: &Topology, from: Cell, lines: &[Line], occupant: impl Fn(Cell) -> Occupant, mut emit: impl FnMut(Cell, bool) -> bool) -> bool {
    lines.iter().all(|&d| ray(topo, from, d, &occupant, |to, o| target(to, o, &mut emit)))
}

/// [`slide`] at most `range` cells along each line (a short-range slider; range 1 is a step).
#[inline(always)]
pub fn slide_within(
    topo: &Topology,
    from: Cell,
    lines: &[Line],
    range: u8,
    occupant: impl Fn(Cell) -> Occupant,
    mut emit: impl FnMut(Cell, bool) -> bool,
) -> bool {
    lines.iter().all(|&d| ray_within(topo, from, d, range, &occupant, |to, o| target(to, o, &mut emit)))
}

/// One step along each of `lines` (a king), onto an empty cell or an enemy.
#[inline(always)]
pub fn steps(topo: &Topology, from: Cell, lines: &[Line], occupant: impl Fn(Cell) -> Occupant, emit: impl FnMut(Cell, bool) -> bool) -> bool {
    let mut emit = emit;
    lines.iter().all(|&d| {
        let to = topo.step(from, d);
        to == NO_CELL || target(to, occupant(to), &mut emit)
    })
}

/// Leaps to each of `targets` (a knight's [`Topology::leaps`]; `NO_CELL` entries are skipped),
/// onto an empty cell or an enemy.
#[inline(always)]
pub fn leaps(targets: &[Cell], occupant: impl Fn(Cell) -> Occupant, emit: impl FnMut(Cell, bool) -> bool) -> bool {
    let mut emit = emit;
    targets.iter().all(|&to| to == NO_CELL || target(to, occupant(to), &mut emit))
}

/// The two cells diagonally forward of `from` for a pawn of the seat on `side` (left then
/// right, as the seat sees them); `NO_CELL` where the board ends.
#[inline(always)]
pub fn pawn_diagonals(topo: &Topology, from: Cell, side: Side) -> [Cell; 2] {
    let [l, r] = side.diagonal_forward();
    [topo.step(from, l), topo.step(from, r)]
}

/// The cells from which a pawn of the seat on `side` attacks `target` (one step diagonally
/// behind it, as that seat sees it); `NO_CELL` where the board ends.
#[inline(always)]
pub fn pawn_attackers(topo: &Topology, target: Cell, side: Side) -> [Cell; 2] {
    let [l, r] = side.diagonal_back();
    [topo.step(target, l), topo.step(target, r)]
}

/// A pawn's captures: one step diagonally forward onto an enemy.
#[inline(always)]
pub fn pawn_captures(topo: &Topology, from: Cell, side: Side, occupant: impl Fn(Cell) -> Occupant, mut emit: impl FnMut(Cell, bool) -> bool) -> bool {
    pawn_diagonals(topo, from, side).into_iter().all(|to| to == NO_CELL || occupant(to) != Occupant::Enemy || emit(to, true))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::Wrap;

    fn cells(t: &Topology, names: &[&str]) -> Vec<Cell> {
        names.iter().map(|n| t.parse_cell(n).unwrap()).collect()
    }

    #[test]
    fn a_rook_stops_at_friends_and_takes_enemies() {
        let t = Topology::get(8, 8, Wrap::Flat);
        let (friend, enemy) = (t.parse_cell("a4").unwrap(), t.parse_cell("d6").unwrap());
        let occ = |c: Cell| match c {
            _ if c == friend => Occupant::Friend,
            _ if c == enemy => Occupant::Enemy,
            _ => Occupant::Empty,
        };
        let mut got = Vec::new();
        slide(t, t.parse_cell("d4").unwrap(), &Line::ORTHOGONAL, occ, |to, cap| {
            got.push((t.name(to), cap));
            true
        });
        let want: Vec<(String, bool)> = [
            ("d5", false),
            ("d6", true),
            ("e4", false),
            ("f4", false),
            ("g4", false),
            ("h4", false),
            ("d3", false),
            ("d2", false),
            ("d1", false),
            ("c4", false),
            ("b4", false),
        ]
        .iter()
        .map(|&(n, c)| (n.to_string(), c))
        .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_cylinder_ray_ends_back_at_its_start() {
        let t = Topology::get(8, 8, Wrap::Cylinder);
        let from = t.parse_cell("c1").unwrap();
        let mut n = 0;
        ray(
            t,
            from,
            Line::E,
            |_| Occupant::Empty,
            |_, _| {
                n += 1;
                true
            },
        );
        assert_eq!(n, 7, "round the rank to b1, not onto c1 again");
        assert_eq!(first_occupied(t, from, Line::E, |c| c != from), NO_CELL);
    }

    #[test]
    fn short_range_and_early_stop() {
        let t = Topology::get(8, 8, Wrap::Flat);
        let mut got = Vec::new();
        slide_within(
            t,
            t.parse_cell("a1").unwrap(),
            &[Line::N, Line::E],
            2,
            |_| Occupant::Empty,
            |to, _| {
                got.push(to);
                true
            },
        );
        assert_eq!(got, cells(t, &["a2", "a3", "b1", "c1"]));
        let mut first = Vec::new();
        let all = slide(
            t,
            t.parse_cell("a1").unwrap(),
            &[Line::N, Line::E],
            |_| Occupant::Empty,
            |to, _| {
                first.push(to);
                false
            },
        );
        assert!(!all);
        assert_eq!(first, cells(t, &["a2"]));
    }

    #[test]
    fn pawn_lines_follow_the_side() {
        let t = Topology::get(8, 8, Wrap::Flat);
        let e4 = t.parse_cell("e4").unwrap();
        assert_eq!(pawn_diagonals(t, e4, Side::SOUTH).to_vec(), cells(t, &["d5", "f5"]));
        assert_eq!(pawn_diagonals(t, e4, Side::NORTH).to_vec(), cells(t, &["f3", "d3"]));
        assert_eq!(pawn_attackers(t, e4, Side::SOUTH).to_vec(), cells(t, &["d3", "f3"]));
        assert_eq!(pawn_attackers(t, e4, Side::NORTH).to_vec(), cells(t, &["f5", "d5"]));
        let enemy = t.parse_cell("f5").unwrap();
        let mut got = Vec::new();
        pawn_captures(
            t,
            e4,
            Side::SOUTH,
            |c| if c == enemy { Occupant::Enemy } else { Occupant::Empty },
            |to, cap| {
                got.push((to, cap));
                true
            },
        );
        assert_eq!(got, vec![(enemy, true)]);
        let a1 = t.parse_cell("a1").unwrap();
        let mut n = 0;
        leaps(
            t.leaps(a1),
            |_| Occupant::Empty,
            |_, _| {
                n += 1;
                true
            },
        );
        assert_eq!(n, 2);
        steps(
            t,
            a1,
            &Line::ALL,
            |_| Occupant::Empty,
            |_, _| {
                n += 1;
                true
            },
        );
        assert_eq!(n, 5);
    }
}
