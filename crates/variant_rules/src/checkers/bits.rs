//! Move generation on the two-player 8x8 board with bits of cells: whole-board shifts find which
//! stacks can step or start a jump, so the board is looked at cell by cell only for those.
//!
//! The moves come out in the order the cell-by-cell generator gives them (stacks by cell, lines
//! in each stack's order), and jump sequences are searched by that generator from each stack
//! that has a first hop.

use super::*;
use crate::position::MAX_SEATS;

/// The side of the boards handled here: 8x8, whose 64 cells are the bits of a `u64`
/// (bit `rank * 8 + file`).
pub(super) const SIDE: u8 = 8;

/// The cells of file a and file h.
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Who is on top of each cell of an 8x8 board, as bits of cells (all zero on other boards).
#[derive(Clone, Copy, Debug)]
pub(super) struct TopBits {
    /// The cells whose top checker is each seat's.
    pub(super) seats: PerSeat<u64>,
    /// The cells whose top checker is a king.
    pub(super) kings: u64,
}

impl TopBits {
    pub(super) const EMPTY: TopBits = TopBits { seats: PerSeat([0; MAX_SEATS]), kings: 0 };
}

/// One step along a line on an 8x8 board as two masked rotations of its bits: the cells whose
/// step stays clear of the side seam (`m1`, rotated by `r1`) and those whose step crosses it
/// (`m2`, by `r2`). A rotation carries a rank across the north/south seam by itself, so two
/// are enough; cells whose step would leave the board are in neither mask.
#[derive(Clone, Copy)]
struct Shift {
    m1: u64,
    r1: u32,
    m2: u64,
    r2: u32,
}

/// The step along line `d` of every cell, across the west and east edges when `sides`, across
/// the north and south edges when `ends`.
const fn build_shift(d: u8, sides: bool, ends: bool) -> Shift {
    let (dx, dy) = Line(d).delta();
    let mut s = Shift { m1: 0, r1: ((dy * 8 + dx) & 63) as u32, m2: 0, r2: 0 };
    let mut c: i32 = 0;
    while c < 64 {
        let (mut f, mut r) = (c % 8 + dx, c / 8 + dy);
        let crosses = f < 0 || f > 7;
        if crosses && sides {
            f = (f + 8) % 8;
        }
        if (r < 0 || r > 7) && ends {
            r = (r + 8) % 8;
        }
        if f >= 0 && f <= 7 && r >= 0 && r <= 7 {
            let by = ((r * 8 + f - c) & 63) as u32;
            if crosses {
                s.m2 |= 1 << c;
                s.r2 = by;
            } else {
                s.m1 |= 1 << c;
                assert!(by == s.r1, "one rotation for the cells clear of the seam");
            }
        }
        c += 1;
    }
    s
}

/// [`build_shift`] for every line and way of crossing edges, indexed by `sides | ends << 1`
/// and then the line: computed at compile time.
const SHIFTS: [[Shift; 8]; 4] = {
    let mut t = [[Shift { m1: 0, r1: 0, m2: 0, r2: 0 }; 8]; 4];
    let mut e = 0;
    while e < 4 {
        let mut d = 0;
        while d < 8 {
            t[e][d] = build_shift(d as u8, e & 1 != 0, e & 2 != 0);
            d += 1;
        }
        e += 1;
    }
    t
};

/// Each cell of `x` moved one step along `d` on an 8x8 board, across the west and east edges
/// when `across_sides`, across the north and south edges when `across_ends`, else off the board.
#[inline(always)]
fn shift(x: u64, d: Line, across_sides: bool, across_ends: bool) -> u64 {
    let s = &SHIFTS[across_sides as usize | (across_ends as usize) << 1][d.index() & 7];
    let clear = (x & s.m1).rotate_left(s.r1);
    // Only a step across the side seam uses the second rotation.
    if across_sides { clear | (x & s.m2).rotate_left(s.r2) } else { clear }
}

/// The cells of `x`, lowest first.
#[inline(always)]
fn cells(x: u64) -> impl Iterator<Item = u8> {
    crate::topology::bit_cells(x).map(|c| c as u8)
}

/// How steps cross the edges of the board: a king's, and a man's (never across the ends).
#[derive(Clone, Copy)]
struct Edges {
    sides: bool,
    ends: bool,
}

impl Edges {
    /// The cells from which one step along `d` lands in `x`.
    #[inline(always)]
    fn before(self, x: u64, d: Line, king: bool) -> u64 {
        shift(x, d.opposite(), self.sides, self.ends && king)
    }
}

impl CheckersPosition {
    /// Whether the bits of cells are kept and [`CheckersPosition::moves_by_bits`] applies: an
    /// 8x8 board, on which every seat sees the same topology (two players, south and north).
    #[inline(always)]
    pub(super) fn bits_apply(&self) -> bool {
        self.table.size == SIDE
    }

    /// Brings the bits of cell `c` up to date with its stack (on boards where bits are kept).
    #[inline(always)]
    pub(super) fn refresh_bits(&mut self, c: u8) {
        if !self.bits_apply() {
            return;
        }
        let bit = 1u64 << (c & 63);
        for s in self.bits.seats.0.iter_mut() {
            *s &= !bit;
        }
        self.bits.kings &= !bit;
        let id = self.top[c as usize];
        if id != NONE {
            let ck = self.checkers[id as usize];
            self.bits.seats[ck.owner()] |= bit;
            if ck.is_king() {
                self.bits.kings |= bit;
            }
        }
    }

    /// Moves the bits of the stack on `from` (owned by `owner`, crowned or not) to the empty
    /// cell `to`, on boards where bits are kept.
    #[inline(always)]
    pub(super) fn step_bits(&mut self, from: u8, to: u8, owner: Seat, king: bool) {
        if !self.bits_apply() {
            return;
        }
        let both = 1u64 << (from & 63) | 1u64 << (to & 63);
        self.bits.seats[owner] ^= both;
        if king {
            self.bits.kings ^= both;
        }
    }

    /// Where `seat`'s stacks stand and what they may jump, on an 8x8 board.
    #[inline(always)]
    fn reach(&self, seat: Seat) -> Reach {
        let wrap = self.topology().wrap();
        let edges = Edges { sides: wrap != Wrap::Flat, ends: wrap == Wrap::Universal };
        let own = self.bits.seats[seat];
        // Seats that are not at the table have no bits, so every seat's may be joined.
        let occupied = self.bits.seats.0.iter().fold(0, |a, &b| a | b);
        let seating = self.table.seating;
        let team = if seating.count() == 2 { own } else { seating.team(seat).iter().fold(0, |a, s| a | self.bits.seats[s]) };
        let kings = own & self.bits.kings;
        let men = own & !kings;
        let empty = !occupied;
        // Stacks with a first hop: over a stack of another team onto an empty cell. (In
        // Numbers some of those may not jump what they find; the search below says.)
        let prey = occupied & !team;
        let mut jumpers = 0;
        let mut hop = |pieces: u64, d: Line, king: bool| jumpers |= pieces & edges.before(prey & edges.before(empty, d, king), d, king);
        // The lines of `jump_dirs`, written out as fixed loops the compiler unrolls.
        let side = self.table.sides[seat];
        let queens = self.rules.game == CheckersGame::Queens;
        for d in side.diagonal_forward() {
            hop(men, d, false);
        }
        if queens {
            hop(men, side.forward(), false);
        }
        if kings != 0 {
            for d in Line::DIAGONAL {
                hop(kings, d, true);
            }
            if queens {
                for d in Line::ORTHOGONAL {
                    hop(kings, d, true);
                }
            }
        }
        let board = HopBoard { prey, landable: empty, king_row: far_edge(side), edges };
        Reach { board, men, kings, jumpers }
    }

    /// Every legal move of `seat` as if it were to move, on an 8x8 board (see the module notes).
    pub(super) fn moves_by_bits(&self, seat: Seat, out: &mut Vec<CheckersMove>) {
        out.clear();
        let r = self.reach(seat);
        if r.jumpers != 0 {
            if self.rules.numbers {
                // Numbers: whether a hop may take what it finds depends on the checkers' numbers.
                self.jumps_of(cells(r.jumpers), out);
            } else {
                self.jumps_by_bits(&r.board, seat, r.jumpers, r.kings, out);
            }
            // "You must jump whenever possible."
            if !out.is_empty() {
                return;
            }
        }
        self.steps_by_bits(seat, r.men, r.kings, r.board.landable, r.board.edges, out);
    }

    /// How many moves [`CheckersPosition::moves_by_bits`] gives, without writing them (perft's
    /// last ply); `None` under Numbers, whose hops the cell generator judges.
    pub(super) fn count_by_bits(&self, seat: Seat) -> Option<u64> {
        if self.rules.numbers {
            return None;
        }
        let r = self.reach(seat);
        if r.jumpers != 0 {
            let mut n = 0;
            if r.jumpers & r.men != 0 {
                let (dirs, count) = self.jump_dirs(false, seat);
                n += count_jumps_of(&r.board, &dirs[..count], false, r.jumpers & r.men);
            }
            if r.jumpers & r.kings != 0 {
                let (dirs, count) = self.jump_dirs(true, seat);
                n += count_jumps_of(&r.board, &dirs[..count], true, r.jumpers & r.kings);
            }
            return Some(n);
        }
        let (empty, edges) = (r.board.landable, r.board.edges);
        let mut n = 0;
        for d in self.table.sides[seat].diagonal_forward() {
            n += (r.men & edges.before(empty, d, false)).count_ones();
        }
        if r.kings != 0 {
            for d in Line::DIAGONAL {
                n += (r.kings & edges.before(empty, d, true)).count_ones();
            }
        }
        Some(n as u64)
    }

    /// The jump sequences of `seat`'s stacks on `jumpers` (each with a first hop), stack by
    /// stack lowest cell first, appended to `out`.
    fn jumps_by_bits(&self, board: &HopBoard, seat: Seat, jumpers: u64, kings: u64, out: &mut Vec<CheckersMove>) {
        let mut mv = CheckersMove::START;
        for c in cells(jumpers) {
            let from = 1u64 << c;
            let king = kings & from != 0;
            let (dirs, n) = self.jump_dirs(king, seat);
            mv.from = c;
            // The stack leaves its cell, so a sequence may come back to land there.
            let board = HopBoard { landable: board.landable | from, ..*board };
            jumps_from_bits(&board, &dirs[..n], king, from, 0, &mut mv, out);
        }
    }

    /// The steps of `seat`'s `men` and `kings` onto `empty` cells, appended to `out`.
    fn steps_by_bits(&self, seat: Seat, men: u64, kings: u64, empty: u64, edges: Edges, out: &mut Vec<CheckersMove>) {
        // `can[line]`: the stacks that can step along that line, men then kings.
        let (mut can_man, mut can_king) = ([0u64; 8], [0u64; 8]);
        let mut movers = 0;
        let [l, r] = self.table.sides[seat].diagonal_forward();
        for d in [l, r] {
            can_man[d.index() & 7] = men & edges.before(empty, d, false);
            movers |= can_man[d.index() & 7];
        }
        if kings != 0 {
            for d in Line::DIAGONAL {
                can_king[d.index() & 7] = kings & edges.before(empty, d, true);
                movers |= can_king[d.index() & 7];
            }
        }
        // Each kind's lines in the order the cell-by-cell generator lists them; two loops of
        // fixed length, which the compiler unrolls.
        for c in cells(movers) {
            let bit = 1u64 << c;
            if kings & bit != 0 {
                for d in Line::DIAGONAL {
                    if can_king[d.index() & 7] & bit != 0 {
                        out.push(CheckersMove::step(c, first(shift(bit, d, edges.sides, edges.ends))));
                    }
                }
            } else {
                for d in [l, r] {
                    if can_man[d.index() & 7] & bit != 0 {
                        out.push(CheckersMove::step(c, first(shift(bit, d, edges.sides, false))));
                    }
                }
            }
        }
    }
}

/// A seat's stacks as bits of cells, what their hops may take and land on, and which of them
/// have a first hop.
struct Reach {
    board: HopBoard,
    men: u64,
    pub(super) kings: u64,
    jumpers: u64,
}

/// What the hops of one jump sequence may take and land on, as bits of cells.
#[derive(Clone, Copy)]
struct HopBoard {
    /// Cells whose top checker belongs to another team (Numbers is left to the cell generator).
    prey: u64,
    /// Empty cells, and the cell the jumping stack left.
    landable: u64,
    /// The cells where a man is crowned, ending its move.
    king_row: u64,
    edges: Edges,
}

/// The cell of the lowest bit of `x` (which is not zero).
#[inline(always)]
fn first(x: u64) -> u8 {
    x.trailing_zeros() as u8
}

/// The far edge of an 8x8 board as `side` sees it: where its men are crowned.
#[inline(always)]
pub(super) fn far_edge(side: Side) -> u64 {
    /// By side: south, west, north, east (each faces the edge across the board).
    const FAR: [u64; 4] = [0xFF << 56, FILE_H, 0xFF, FILE_A];
    FAR[side.0 as usize & 3]
}

/// Depth-first search of the jump sequences continuing from the cell `cur` (one bit), having
/// jumped the cells of `jumped`, along `dirs` in order; returns whether any hop was possible.
/// The same search as `CheckersPosition::jumps_from` with sets of cells in place of lookups:
/// a jumped cell stays occupied until the move is over, so it can be neither jumped again
/// (`jumped`) nor landed on (not `landable`).
fn jumps_from_bits(board: &HopBoard, dirs: &[Line], king: bool, cur: u64, jumped: u64, mv: &mut CheckersMove, out: &mut Vec<CheckersMove>) -> bool {
    let ends = board.edges.ends && king;
    let mut any = false;
    for &d in dirs {
        let over = shift(cur, d, board.edges.sides, ends) & board.prey & !jumped;
        let land = shift(over, d, board.edges.sides, ends) & board.landable;
        if land == 0 {
            continue;
        }
        any = true;
        let i = mv.hops as usize;
        mv.path[i] = first(land);
        mv.hops += 1;
        // A man reaching the king row is crowned and its move ends there.
        let crowned = !king && land & board.king_row != 0;
        if crowned || !jumps_from_bits(board, dirs, king, land, jumped | over, mv, out) {
            out.push(*mv);
        }
        mv.hops -= 1;
        mv.path[i] = NONE;
    }
    any
}

/// How many jump sequences the stacks on `stacks` (all kings or all men) have along `dirs`:
/// first hops by whole-board shifts, the search of [`count_jumps_from_bits`] only from
/// landings where a further hop may be (most sequences are a single hop).
fn count_jumps_of(board: &HopBoard, dirs: &[Line], king: bool, stacks: u64) -> u64 {
    let edges = board.edges;
    // Where a hop may start once some stack has left its cell: a superset of the landings
    // from which a sequence goes on.
    let landable = board.landable | stacks;
    let mut further = 0;
    for &d in dirs {
        further |= edges.before(board.prey & edges.before(landable, d, king), d, king);
    }
    let ends = edges.ends && king;
    let mut n = 0;
    for &d in dirs {
        // A first hop cannot come back to its own cell, so the empty cells are its landings.
        for c in cells(stacks & edges.before(board.prey & edges.before(board.landable, d, king), d, king)) {
            let from = 1u64 << c;
            let over = shift(from, d, edges.sides, ends);
            let land = shift(over, d, edges.sides, ends);
            let crowned = !king && land & board.king_row != 0;
            n += if crowned || land & further == 0 {
                1
            } else {
                let board = HopBoard { landable: board.landable | from, ..*board };
                count_jumps_from_bits(&board, dirs, king, land, over).max(1)
            };
        }
    }
    n
}

/// How many jump sequences [`jumps_from_bits`] would write from `cur`: each hop that ends the
/// move counts one; 0 when no hop is possible.
fn count_jumps_from_bits(board: &HopBoard, dirs: &[Line], king: bool, cur: u64, jumped: u64) -> u64 {
    let ends = board.edges.ends && king;
    let mut n = 0;
    for &d in dirs {
        let over = shift(cur, d, board.edges.sides, ends) & board.prey & !jumped;
        let land = shift(over, d, board.edges.sides, ends) & board.landable;
        if land == 0 {
            continue;
        }
        let crowned = !king && land & board.king_row != 0;
        n += if crowned { 1 } else { count_jumps_from_bits(board, dirs, king, land, jumped | over).max(1) };
    }
    n
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    /// A shift of one cell's bit lands on the cell the topology's step gives, on every board,
    /// for kings (across the ends on the universal board) and men (never across them).
    #[test]
    fn shifts_agree_with_the_topology() {
        for wrap in [Wrap::Flat, Wrap::Cylinder, Wrap::Universal] {
            let topo = Topology::get(8, 8, wrap);
            for c in 0..64u8 {
                for d in 0..8 {
                    let d = Line(d);
                    let sides = wrap != Wrap::Flat;
                    let expect = |s: Cell| if s == NO_CELL { 0 } else { 1u64 << s };
                    assert_eq!(shift(1 << c, d, sides, wrap == Wrap::Universal), expect(topo.step(c as Cell, d)), "{wrap:?} {c} {d:?}");
                    assert_eq!(shift(1 << c, d, sides, false), expect(topo.step_sides(c as Cell, d)), "{wrap:?} {c} {d:?} sides");
                }
            }
        }
    }

    /// The bit generator gives exactly the moves of the cell-by-cell one, in the same order, in
    /// random games of every two-player 8x8 rule set (Checkers, Stax and Queens on the flat,
    /// cylindrical and universal boards, with and without Numbers), and the bit count (perft's
    /// last ply) counts them.
    #[test]
    fn the_bit_generator_agrees_with_the_cell_generator() {
        let mut rng = ChaCha8Rng::seed_from_u64(26);
        let (mut positions, mut jumps, mut multi) = (0, 0, 0);
        for game in [CheckersGame::Checkers, CheckersGame::Stax, CheckersGame::Queens] {
            for wrap in [Wrap::Flat, Wrap::Cylinder, Wrap::Universal] {
                for numbers in [false, true] {
                    let rules = CheckersRules { numbers, ..CheckersRules::two(game) };
                    for seed in 0..30 {
                        let mut p = CheckersPosition::start(rules, wrap, seed).unwrap();
                        for _ in 0..150 {
                            assert!(p.bits_apply());
                            let (mut bits, mut cells) = (Vec::new(), Vec::new());
                            p.moves_by_bits(p.turn, &mut bits);
                            p.moves_by_cells(p.turn, &mut cells);
                            assert_eq!(bits, cells, "{} {wrap:?} numbers {numbers}: {}", game.as_str(), p.text());
                            let count = (!numbers).then_some(bits.len() as u64);
                            assert_eq!(p.count_by_bits(p.turn), count, "count, {} {wrap:?}: {}", game.as_str(), p.text());
                            positions += 1;
                            jumps += bits.iter().filter(|m| m.is_jump()).count();
                            multi += bits.iter().filter(|m| m.hops > 1).count();
                            if bits.is_empty() {
                                break;
                            }
                            p.play_unchecked(bits[rng.random_range(0..bits.len())]);
                        }
                    }
                }
            }
        }
        assert!(positions > 20_000 && jumps > 5_000 && multi > 500, "{positions} positions, {jumps} jumps, {multi} of several hops");
    }
}
