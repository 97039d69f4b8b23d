//! Double Chess move generation for any seat: Pawns' long moves and right-angle en passant, the extended Knight, castling, attacks on a cell and the legality test.

use super::{BISHOP, CELLS, Castling, DoubleChessPosition, DoubleKind, DoubleMove, KING, KNIGHT, PAWN, QUEEN, ROOK, kind, owner, piece};
use crate::movement::Occupant;
use crate::position::{Seat, SeatSet};
use crate::topology::{Cell, NO_CELL, Side};

/// Pieces that attack along a slot: Rook lines (even slots) for Rooks and Queens, Bishop lines
/// (odd slots) for Bishops and Queens.
const fn slides_on(k: u8, bishop_line: bool) -> bool {
    k == QUEEN || (if bishop_line { k == BISHOP } else { k == ROOK })
}

/// What a piece slides along: Bishops the odd slots, Rooks the even ones, Queens all.
#[derive(Clone, Copy)]
enum Slides {
    Bishop,
    Rook,
    Queen,
}

impl DoubleChessPosition {
    /// Whether a cell blocks everything: off the board or off limits.
    #[inline(always)]
    fn blocked(&self, c: Cell) -> bool {
        c == NO_CELL || self.closed.contains(c)
    }

    /// Calls `visit(cell)` for each piece of `enemies` on board `b` that attacks `target`
    /// (the Knight's second hop only with `--double-hop-check yes`); stops when `visit` returns false.
    pub(crate) fn for_each_attacker(&self, b: &[u8; CELLS], target: Cell, enemies: SeatSet, visit: impl FnMut(Cell) -> bool) -> bool {
        // The slot count as a constant lets the compiler unroll the rays (this is the engine's
        // hottest loop: every legality test runs it).
        if self.geo.slots == 8 { self.attackers::<8>(b, target, enemies, visit) } else { self.attackers::<12>(b, target, enemies, visit) }
    }

    #[inline(always)]
    fn attackers<const N: usize>(&self, b: &[u8; CELLS], target: Cell, enemies: SeatSet, mut visit: impl FnMut(Cell) -> bool) -> bool {
        let g = self.geo;
        let foe = |p: u8| p != 0 && enemies.contains(owner(p));
        let rays = &g.ray[target as usize];
        // An index loop over the constant N: the form the compiler unrolls best here.
        #[allow(clippy::needless_range_loop)]
        for d in 0..N {
            let first = rays[d];
            let mut at = first;
            while at != NO_CELL && b[at as usize] == 0 && !self.closed.contains(at) {
                at = g.ray[at as usize][d];
            }
            if at == NO_CELL || !foe(b[at as usize]) {
                continue;
            }
            let k = kind(b[at as usize]);
            // On the square board the King's steps are the rays' first cells.
            if (slides_on(k, d % 2 == 1) || (N == 8 && at == first && k == KING)) && !visit(at) {
                return false;
            }
        }
        if N == 12 {
            for &c in &g.king[target as usize] {
                if c != NO_CELL && foe(b[c as usize]) && kind(b[c as usize]) == KING && !visit(c) {
                    return false;
                }
            }
        }
        for &c in &g.knight_from[target as usize][..N] {
            if c != NO_CELL && foe(b[c as usize]) && kind(b[c as usize]) == KNIGHT && !visit(c) {
                return false;
            }
        }
        if self.hop_checks {
            // `--double-hop-check yes`: the second hop attacks too, over an open first landing.
            for &(c, mid) in &g.hop_from[target as usize][..N] {
                if c != NO_CELL && foe(b[c as usize]) && kind(b[c as usize]) == KNIGHT && b[mid as usize] == 0 && !self.closed.contains(mid) && !visit(c) {
                    return false;
                }
            }
        }
        for e in enemies.iter() {
            for line in g.pawn_back(self.sides[e]) {
                let c = self.geo.topo.step(target, line);
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
        for from in 0..self.geo.topo.len() as Cell {
            let p = self.board[from as usize];
            if p == 0 || owner(p) != s {
                continue;
            }
            let go_on = match kind(p) {
                PAWN => self.pawn_moves(s, from, emit),
                KNIGHT => self.knight_moves(s, from, emit),
                BISHOP => self.slides(s, from, Slides::Bishop, emit),
                ROOK => self.slides(s, from, Slides::Rook, emit),
                QUEEN => self.slides(s, from, Slides::Queen, emit),
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

    fn slides(&self, s: Seat, from: Cell, which: Slides, emit: &mut impl FnMut(DoubleMove) -> bool) -> bool {
        let g = self.geo;
        let (first, step) = match which {
            Slides::Bishop => (1, 2),
            Slides::Rook => (0, 2),
            Slides::Queen => (0, 1),
        };
        // Rook strips that share their first triangle with an earlier strip (or, for the Queen,
        // with a Bishop line) list it once.
        let repeats = match which {
            Slides::Bishop => 0,
            Slides::Rook => g.repeats[from as usize][0],
            Slides::Queen => g.repeats[from as usize][1],
        };
        for d in (first..g.slots).step_by(step) {
            let mut to = g.ray[from as usize][d];
            let mut listed = repeats & (1 << d) != 0;
            while to != NO_CELL {
                let o = self.occupant(s, to);
                if !listed && !self.target(s, from, to, emit) {
                    return false;
                }
                listed = false;
                if o != Occupant::Empty {
                    break;
                }
                to = g.ray[to as usize][d];
            }
        }
        true
    }

    /// The Knight: its leap, then (where extended moves are played) optionally a second leap in
    /// the same direction onto an empty cell, the first landing empty too; the second never
    /// captures (DC4, TC6).
    fn knight_moves(&self, s: Seat, from: Cell, emit: &mut impl FnMut(DoubleMove) -> bool) -> bool {
        let g = self.geo;
        for &(first, second) in &g.knight[from as usize][..g.slots] {
            if first == NO_CELL {
                continue;
            }
            if !self.target(s, from, first, emit) {
                return false;
            }
            let open = |c: Cell| !self.blocked(c) && self.board[c as usize] == 0;
            if self.extended && second != NO_CELL && open(first) && open(second) && !emit(DoubleMove::new(from, second, DoubleKind::Quiet)) {
                return false;
            }
        }
        true
    }

    fn king_moves(&self, s: Seat, from: Cell, emit: &mut impl FnMut(DoubleMove) -> bool) -> bool {
        let g = self.geo;
        for &to in &g.king[from as usize][..g.slots] {
            if to != NO_CELL && !self.target(s, from, to, emit) {
                return false;
            }
        }
        for (i, c) in self.castles[s].into_iter().enumerate() {
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
        if c.king_from == NO_CELL {
            return false;
        }
        if self.board[c.rook_from as usize] != piece(s, ROOK) {
            return false;
        }
        let ray = &self.geo.ray;
        let mut x = ray[c.king_from as usize][c.slot as usize];
        while x != c.rook_from && x != NO_CELL {
            if self.board[x as usize] != 0 || self.closed.contains(x) {
                return false;
            }
            x = ray[x as usize][c.slot as usize];
        }
        let between_empty = x == c.rook_from;
        let foes = self.enemies(s);
        between_empty && !self.attacked_on(&self.board, c.king_from, foes) && !self.attacked_on(&self.board, c.rook_to, foes)
    }

    /// How far a Pawn `depth` rows out from its edge may advance. Extended (Doubles): "one,
    /// two, or three spaces on its first move", then "one or two spaces at a time until it
    /// crosses the center of the board", then one (DC3, TC5); else chess's two on its first
    /// move, then one.
    #[inline(always)]
    fn pawn_reach(&self, depth: u8) -> u8 {
        match (self.extended, depth) {
            (true, 0 | 1) => 3,
            (true, d) if d < self.geo.rows() / 2 => 2,
            (false, 0 | 1) => 2,
            _ => 1,
        }
    }

    fn pawn_moves(&self, s: Seat, from: Cell, emit: &mut impl FnMut(DoubleMove) -> bool) -> bool {
        let (t, side) = (self.geo.topo, self.sides[s]);
        let forward = self.geo.forward(side);
        let mut to = from;
        for k in 1..=self.pawn_reach(t.distance_from(side, from)) {
            to = t.step(to, forward);
            if self.blocked(to) || self.board[to as usize] != 0 {
                break;
            }
            let kind = if k > 1 { DoubleKind::PawnRun } else { DoubleKind::Quiet };
            if !self.pawn_emit(s, DoubleMove::new(from, to, kind), emit) {
                return false;
            }
        }
        for line in self.geo.pawn_captures(side) {
            let to = t.step(from, line);
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
        let forward = self.geo.forward(side);
        let mut x = self.geo.topo.step(from, forward);
        while x != NO_CELL && x != to {
            if x == c {
                return true;
            }
            x = self.geo.topo.step(x, forward);
        }
        false
    }

    /// A Pawn move, as the four promotions when it reaches the far edge.
    fn pawn_emit(&self, s: Seat, m: DoubleMove, emit: &mut impl FnMut(DoubleMove) -> bool) -> bool {
        if !self.promotes(self.sides[s], m.to) {
            return emit(m);
        }
        [QUEEN, ROOK, BISHOP, KNIGHT].into_iter().all(|promotion| emit(DoubleMove { promotion, ..m }))
    }

    /// Whether a Pawn of the seat on `side` promotes on `c`: on the far edge of the square board
    /// (DC7); on the hexagon on a triangle of the far half from which it has no step forward
    /// left — the far edge straight ahead, or the far slanted edge where its file ends (TC7).
    #[inline(always)]
    pub(crate) fn promotes(&self, side: Side, c: Cell) -> bool {
        if self.geo.tri.is_none() {
            return self.geo.topo.on_far_edge(side, c);
        }
        let ahead = self.geo.topo.step(c, self.geo.forward(side));
        2 * self.geo.topo.distance_from(side, c) >= self.geo.rows() && (ahead == NO_CELL || self.closed.contains(ahead))
    }

    /// The board after `m` by `s` (pieces only), for the legality test.
    pub(crate) fn board_after(&self, s: Seat, m: DoubleMove) -> [u8; CELLS] {
        let mut b = self.board;
        match m.kind {
            DoubleKind::Pass => {}
            DoubleKind::Castle => {
                let c = self.castles[s].into_iter().find(|c| c.king_to == m.to).unwrap_or(self.castles[s][0]);
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
