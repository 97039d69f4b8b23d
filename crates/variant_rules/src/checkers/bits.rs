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
    seats: PerSeat<u64>,
    /// The cells whose top checker is a king.
    kings: u64,
}

impl TopBits {
    pub(super) const EMPTY: TopBits = TopBits { seats: PerSeat([0; MAX_SEATS]), kings: 0 };
}

/// Each cell of `x` moved one step along `d` on an 8x8 board, across the west and east edges
/// when `across_sides`, across the north and south edges when `across_ends`, else off the board.
#[inline(always)]
fn shift(x: u64, d: Line, across_sides: bool, across_ends: bool) -> u64 {
    let (dx, dy) = d.delta();
    let x = match dx {
        1 => ((x << 1) & !FILE_A) | if across_sides { (x >> 7) & FILE_A } else { 0 },
        -1 => ((x >> 1) & !FILE_H) | if across_sides { (x << 7) & FILE_H } else { 0 },
        _ => x,
    };
    match dy {
        1 if across_ends => x.rotate_left(8),
        1 => x << 8,
        -1 if across_ends => x.rotate_right(8),
        -1 => x >> 8,
        _ => x,
    }
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

    /// Every legal move of `seat` as if it were to move, on an 8x8 board (see the module notes).
    pub(super) fn moves_by_bits(&self, seat: Seat, out: &mut Vec<CheckersMove>) {
        out.clear();
        let wrap = self.topology().wrap();
        let edges = Edges { sides: wrap != Wrap::Flat, ends: wrap == Wrap::Universal };
        let seating = self.table.seating;
        let (mut occupied, mut team) = (0, 0);
        for s in seating.seats() {
            occupied |= self.bits.seats[s];
            if seating.team(seat).contains(s) {
                team |= self.bits.seats[s];
            }
        }
        let own = self.bits.seats[seat];
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
        if jumpers != 0 {
            self.jumps_of(cells(jumpers), out);
            // "You must jump whenever possible."
            if !out.is_empty() {
                return;
            }
        }
        self.steps_by_bits(seat, men, kings, empty, edges, out);
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
                        out.push(CheckersMove::step(c, self.step(c, d, true, seat)));
                    }
                }
            } else {
                for d in [l, r] {
                    if can_man[d.index() & 7] & bit != 0 {
                        out.push(CheckersMove::step(c, self.step(c, d, false, seat)));
                    }
                }
            }
        }
    }
}
