//! Double Chess move generation for any seat: Pawns' long moves and right-angle en passant, the extended Knight, castling, attacks on a cell and the legality test.

use std::sync::OnceLock;

use super::{BISHOP, CELLS, Castling, DoubleChessPosition, DoubleKind, DoubleMove, KING, KNIGHT, PAWN, QUEEN, ROOK, SIZE, castlings, kind, owner, piece};
use crate::movement::{Occupant, first_occupied, pawn_diagonals};
use crate::position::{Seat, SeatSet};
use crate::topology::{Cell, Line, NO_CELL, Side};

/// Knight leap deltas (file, rank).
const KNIGHT_DELTAS: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-1, 2), (-2, -1), (-2, 1)];

/// Per cell, per leap: the first landing and the second hop's cell in the same direction
/// (`NO_CELL` off the board).
type Hops = [[(Cell, Cell); 8]; CELLS];

/// The [`Hops`] table, built once.
fn knight_hops() -> &'static Hops {
    static HOPS: OnceLock<Box<Hops>> = OnceLock::new();
    HOPS.get_or_init(|| {
        let mut t = Box::new([[(NO_CELL, NO_CELL); 8]; CELLS]);
        let n = SIZE as i32;
        let at = |f: i32, r: i32| if (0..n).contains(&f) && (0..n).contains(&r) { (r * n + f) as Cell } else { NO_CELL };
        for (c, row) in t.iter_mut().enumerate() {
            let (f, r) = (c as i32 % n, c as i32 / n);
            for (i, (df, dr)) in KNIGHT_DELTAS.iter().enumerate() {
                row[i] = (at(f + df, r + dr), at(f + 2 * df, r + 2 * dr));
            }
        }
        t
    })
}

/// Pieces that attack along a line: orthogonals for Rooks and Queens, diagonals for Bishops and Queens.
const fn slides_on(k: u8, diagonal: bool) -> bool {
    k == QUEEN || (if diagonal { k == BISHOP } else { k == ROOK })
}

impl DoubleChessPosition {
    /// Whether a cell blocks everything: off the board or off limits.
    #[inline(always)]
    fn blocked(&self, c: Cell) -> bool {
        c == NO_CELL || self.closed.contains(c)
    }

    /// Calls `visit(cell)` for each piece of `enemies` on board `b` that attacks `target`
    /// (the Knight's second hop never attacks); stops when `visit` returns false.
    pub(crate) fn for_each_attacker(&self, b: &[u8; CELLS], target: Cell, enemies: SeatSet, mut visit: impl FnMut(Cell) -> bool) -> bool {
        let t = self.topo;
        let foe = |p: u8| p != 0 && enemies.contains(owner(p));
        for (i, &line) in Line::ALL.iter().enumerate() {
            let at = first_occupied(t, target, line, |c| b[c as usize] == 0 && !self.closed.contains(c));
            if at == NO_CELL || !foe(b[at as usize]) {
                continue;
            }
            let k = kind(b[at as usize]);
            let adjacent = t.step(target, line) == at;
            if (slides_on(k, i % 2 == 1) || (adjacent && k == KING)) && !visit(at) {
                return false;
            }
        }
        for &c in t.leaps(target) {
            if c != NO_CELL && foe(b[c as usize]) && kind(b[c as usize]) == KNIGHT && !visit(c) {
                return false;
            }
        }
        for e in enemies.iter() {
            for line in self.sides[e].diagonal_back() {
                let c = t.step(target, line);
                if c != NO_CELL && b[c as usize] == piece(e, PAWN) && !visit(c) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether any piece of `enemies` attacks `target` on board `b`.
    #[inline]
    pub(crate) fn attacked_on(&self, b: &[u8; CELLS], target: Cell, enemies: SeatSet) -> bool {
        !self.for_each_attacker(b, target, enemies, |_| false)
    }

    /// The seats of `enemies` whose pieces attack `target`.
    pub(crate) fn attacking_seats(&self, target: Cell, enemies: SeatSet) -> SeatSet {
        let mut seats = SeatSet::EMPTY;
        self.for_each_attacker(&self.board, target, enemies, |c| {
            seats = seats.with(owner(self.board[c as usize]));
            true
        });
        seats
    }

    /// Whether seat `s`'s King stands in check (never, without a King).
    pub fn in_check(&self, s: Seat) -> bool {
        let k = self.kings[s];
        k != NO_CELL && self.attacked_on(&self.board, k, self.enemies(s))
    }

    /// What a cell holds for a piece of `s`: its own and partners' pieces and closed cells block,
    /// enemies may be taken unless the King is not one `s` has mated or the piece is immune from `s`.
    #[inline(always)]
    fn occupant(&self, s: Seat, c: Cell) -> Occupant {
        if self.closed.contains(c) {
            return Occupant::Friend;
        }
        let p = self.board[c as usize];
        if p == 0 {
            Occupant::Empty
        } else if self.enemies(s).contains(owner(p)) && self.may_take(s, c, p) {
            Occupant::Enemy
        } else {
            Occupant::Friend
        }
    }

    /// Whether `s` may capture piece `p` on `c`: a King only when `s` has mated it, and never
    /// the piece that took a King from a seat it is immune from.
    #[inline(always)]
    fn may_take(&self, s: Seat, c: Cell, p: u8) -> bool {
        if kind(p) == KING && self.mate[owner(p)].is_none_or(|m| m.by != s) {
            return false;
        }
        !self.immune.is_some_and(|i| i.cell == c && i.from.contains(s))
    }

    /// Feeds `emit` every pseudo-legal move of seat `s` (moves that may leave its King in
    /// check); stops when `emit` returns false and then returns false.
    pub(crate) fn pseudo_moves(&self, s: Seat, emit: &mut impl FnMut(DoubleMove) -> bool) -> bool {
        if self.out.contains(s) {
            return true;
        }
        for from in 0..CELLS as Cell {
            let p = self.board[from as usize];
            if p == 0 || owner(p) != s {
                continue;
            }
            let go_on = match kind(p) {
                PAWN => self.pawn_moves(s, from, emit),
                KNIGHT => self.knight_moves(s, from, emit),
                BISHOP => self.slides(s, from, &Line::DIAGONAL, emit),
                ROOK => self.slides(s, from, &Line::ORTHOGONAL, emit),
                QUEEN => self.slides(s, from, &Line::ALL, emit),
                _ => self.king_moves(s, from, emit),
            };
            if !go_on {
                return false;
            }
        }
        true
    }

    /// A move to `to` if it is empty or holds a piece `s` may take.
    #[inline(always)]
    fn target(&self, s: Seat, from: Cell, to: Cell, emit: &mut impl FnMut(DoubleMove) -> bool) -> bool {
        match self.occupant(s, to) {
            Occupant::Empty => emit(DoubleMove::new(from, to, DoubleKind::Quiet)),
            Occupant::Enemy => emit(DoubleMove::new(from, to, DoubleKind::Capture)),
            Occupant::Friend => true,
        }
    }

    fn slides(&self, s: Seat, from: Cell, lines: &[Line], emit: &mut impl FnMut(DoubleMove) -> bool) -> bool {
        for &line in lines {
            let mut to = self.topo.step(from, line);
            while to != NO_CELL {
                let o = self.occupant(s, to);
                if !self.target(s, from, to, emit) {
                    return false;
                }
                if o != Occupant::Empty {
                    break;
                }
                to = self.topo.step(to, line);
            }
        }
        true
    }

    /// The Knight: chess's leap, then optionally a second hop in the same direction onto an
    /// empty cell, the first landing empty too; the second hop never captures (DC4).
    fn knight_moves(&self, s: Seat, from: Cell, emit: &mut impl FnMut(DoubleMove) -> bool) -> bool {
        for &(first, second) in &knight_hops()[from as usize] {
            if first == NO_CELL {
                continue;
            }
            if !self.target(s, from, first, emit) {
                return false;
            }
            let open = |c: Cell| !self.blocked(c) && self.board[c as usize] == 0;
            if second != NO_CELL && open(first) && open(second) && !emit(DoubleMove::new(from, second, DoubleKind::Quiet)) {
                return false;
            }
        }
        true
    }

    fn king_moves(&self, s: Seat, from: Cell, emit: &mut impl FnMut(DoubleMove) -> bool) -> bool {
        for line in Line::ALL {
            let to = self.topo.step(from, line);
            if to != NO_CELL && !self.target(s, from, to, emit) {
                return false;
            }
        }
        for (i, c) in castlings(self.sides[s]).into_iter().enumerate() {
            if self.castling & (1 << (2 * s.0 as usize + i)) != 0
                && c.king_from == from
                && self.may_castle(s, c)
                && !emit(DoubleMove::new(from, c.king_to, DoubleKind::Castle))
            {
                return false;
            }
        }
        true
    }

    /// Chess's castling conditions: King and Rook at home, the cells between them empty, the
    /// King not in check and not crossing an attacked cell (its landing is the legality test's).
    fn may_castle(&self, s: Seat, c: Castling) -> bool {
        if self.board[c.rook_from as usize] != piece(s, ROOK) {
            return false;
        }
        let (lo, hi) = (c.king_from.min(c.rook_from), c.king_from.max(c.rook_from));
        let step = if self.sides[s].faces_ranks() { 1 } else { SIZE as Cell };
        let between_empty = (lo + step..hi).step_by(step as usize).all(|x| self.board[x as usize] == 0);
        let foes = self.enemies(s);
        between_empty && !self.attacked_on(&self.board, c.king_from, foes) && !self.attacked_on(&self.board, c.rook_to, foes)
    }

    /// How far a Pawn `rank` rows out from its edge may advance: "one, two, or three spaces on
    /// its first move", then "one or two spaces at a time until it crosses the center of the
    /// board", then one (DC3).
    const fn pawn_reach(rank: u8) -> u8 {
        match rank {
            0 | 1 => 3,
            2..=5 => 2,
            _ => 1,
        }
    }

    fn pawn_moves(&self, s: Seat, from: Cell, emit: &mut impl FnMut(DoubleMove) -> bool) -> bool {
        let (t, side) = (self.topo, self.sides[s]);
        let mut to = from;
        for k in 1..=Self::pawn_reach(t.distance_from(side, from)) {
            to = t.step(to, side.forward());
            if self.blocked(to) || self.board[to as usize] != 0 {
                break;
            }
            let kind = if k > 1 { DoubleKind::PawnRun } else { DoubleKind::Quiet };
            if !self.pawn_emit(s, DoubleMove::new(from, to, kind), emit) {
                return false;
            }
        }
        for to in pawn_diagonals(t, from, side) {
            if self.blocked(to) {
                continue;
            }
            let go_on = match self.occupant(s, to) {
                Occupant::Enemy => self.pawn_emit(s, DoubleMove::new(from, to, DoubleKind::Capture), emit),
                Occupant::Empty => self.en_passant(s, from, to, emit),
                Occupant::Friend => true,
            };
            if !go_on {
                return false;
            }
        }
        true
    }

    /// En passant onto the empty cell `to`: every cell an enemy Pawn passed in its last run is a
    /// target while that run's right lasts, at right angles too (DC5).
    fn en_passant(&self, s: Seat, from: Cell, to: Cell, emit: &mut impl FnMut(DoubleMove) -> bool) -> bool {
        for e in self.enemies(s).iter() {
            let (run_from, run_to) = self.ep[e];
            if run_from == NO_CELL || self.board[run_to as usize] != piece(e, PAWN) || !self.may_take(s, run_to, piece(e, PAWN)) {
                continue;
            }
            if self.passed(self.sides[e], run_from, run_to, to) {
                let m = DoubleMove { victim: run_to, ..DoubleMove::new(from, to, DoubleKind::EnPassant) };
                if !emit(m) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether `c` lies strictly between `from` and `to` on a run forward for `side`.
    fn passed(&self, side: Side, from: Cell, to: Cell, c: Cell) -> bool {
        let mut x = self.topo.step(from, side.forward());
        while x != NO_CELL && x != to {
            if x == c {
                return true;
            }
            x = self.topo.step(x, side.forward());
        }
        false
    }

    /// A Pawn move, as the four promotions when it reaches the far edge.
    fn pawn_emit(&self, s: Seat, m: DoubleMove, emit: &mut impl FnMut(DoubleMove) -> bool) -> bool {
        if !self.topo.on_far_edge(self.sides[s], m.to) {
            return emit(m);
        }
        [QUEEN, ROOK, BISHOP, KNIGHT].into_iter().all(|promotion| emit(DoubleMove { promotion, ..m }))
    }

    /// The board after `m` by `s` (pieces only), for the legality test.
    pub(crate) fn board_after(&self, s: Seat, m: DoubleMove) -> [u8; CELLS] {
        let mut b = self.board;
        match m.kind {
            DoubleKind::Pass => {}
            DoubleKind::Castle => {
                let c = castlings(self.sides[s]).into_iter().find(|c| c.king_to == m.to).unwrap_or(castlings(self.sides[s])[0]);
                b[c.king_from as usize] = 0;
                b[c.rook_from as usize] = 0;
                b[c.king_to as usize] = piece(s, KING);
                b[c.rook_to as usize] = piece(s, ROOK);
            }
            _ => {
                if m.kind == DoubleKind::EnPassant {
                    b[m.victim as usize] = 0;
                }
                b[m.to as usize] = if m.promotion != 0 { piece(s, m.promotion) } else { b[m.from as usize] };
                b[m.from as usize] = 0;
            }
        }
        b
    }

    /// Whether `m` leaves `s`'s King out of check (always, for a seat without a King: "the
    /// player without a King cannot be checked").
    pub(crate) fn is_legal_for(&self, s: Seat, m: DoubleMove) -> bool {
        let king = if m.from == self.kings[s] && m.from != NO_CELL { m.to } else { self.kings[s] };
        if king == NO_CELL {
            return true;
        }
        let b = self.board_after(s, m);
        !self.attacked_on(&b, king, self.enemies(s))
    }

    /// Every legal move of seat `s`, ignoring whose turn it is and the duty to take a mated King.
    pub(crate) fn legal_for(&self, s: Seat, out: &mut Vec<DoubleMove>) {
        out.clear();
        self.pseudo_moves(s, &mut |m| {
            if self.is_legal_for(s, m) {
                out.push(m);
            }
            true
        });
    }

    /// Whether seat `s` has any legal move.
    pub(crate) fn any_legal(&self, s: Seat) -> bool {
        !self.pseudo_moves(s, &mut |m| !self.is_legal_for(s, m))
    }
}
