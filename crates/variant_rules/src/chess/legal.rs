//! Legal moves where kings are royal, from check and pin masks worked out once per position.
//!
//! Walking out from the king along its lines and leaps finds every piece that checks it and
//! every piece of its own pinned against it. A move that does not move the king is then legal
//! exactly when it lands on a cell that captures or blocks every check, and, for a pinned piece,
//! on the line between its king and the pinner: a move can only open the one line its piece
//! leaves, and blocks whatever line it lands on. On a joined board lines meet again round the
//! edge (one rook checking along both halves of a rank, two diagonals crossing), so each check
//! and each pin is kept as the set of cells that answers it, and the sets are intersected.
//!
//! King moves, castling and en passant (which empties two cells) are tested on the board as
//! the move leaves it, seen through a closure rather than played.

use super::*;

/// Most pins at once: one per line out of the king. On a joined board one piece can be pinned
/// along two lines (two diagonals meeting round the joined edge); it then has two entries.
const MAX_PINS: usize = Line::ALL.len();

/// What the king of the side to move demands of the other pieces' moves.
struct Guard {
    /// Where a move other than the king's must land: every cell when the king is not in
    /// check, else the cells that capture or block every checking line and leap (none when two
    /// checks have no answer in common).
    targets: CellSet,
    /// Whether the king is in check.
    checked: bool,
    /// The pinned pieces.
    pinned: CellSet,
    /// Each pin: the pinned piece, the line from the king through it, and the pinner.
    pins: [Pin; MAX_PINS],
    pin_count: usize,
}

/// A piece of the side to move that shields its king from a slider along a line.
#[derive(Clone, Copy)]
struct Pin {
    piece: Cell,
    line: Line,
    pinner: Cell,
}

impl Guard {
    fn new() -> Guard {
        let none = Pin { piece: NO_CELL, line: Line::N, pinner: NO_CELL };
        Guard { targets: CellSet::FULL, checked: false, pinned: CellSet::EMPTY, pins: [none; MAX_PINS], pin_count: 0 }
    }

    /// A check that only a move to one of `answers` meets.
    fn check(&mut self, answers: CellSet) {
        self.checked = true;
        self.targets = self.targets.intersection(answers);
    }

    /// A pinned piece.
    fn pin(&mut self, pin: Pin) {
        self.pinned.insert(pin.piece);
        self.pins[self.pin_count] = pin;
        self.pin_count += 1;
    }
}

/// The set of one cell.
fn single(c: Cell) -> CellSet {
    let mut set = CellSet::EMPTY;
    set.insert(c);
    set
}

impl ChessPosition {
    /// The legal moves of `us` whose king is on the board and royal, appended to `out`. A move
    /// to `free_target` (a king its owner left in check) is legal whatever it exposes.
    pub(super) fn royal_moves(&self, us: Seat, them: Seat, free_target: Cell, out: &mut Vec<ChessMove>) {
        let t = self.topo;
        let wraps = t.wrap() != Wrap::Flat;
        let guard = self.guard(us, them);
        let ep_ok = |from: Cell| self.ep_safe(from, us);
        self.for_each_piece(us, |c| {
            let p = self.board[c as usize];
            let first = out.len();
            if kind(p) == KING {
                self.king_moves(c, us, them, guard.checked, free_target, out);
            } else if !guard.checked && !guard.pinned.contains(c) {
                self.piece_moves(c, p, us, |_| true, ep_ok, out);
            } else {
                let allowed = self.allowed(&guard, us, c);
                self.piece_moves(c, p, us, |to| allowed.contains(to) || to == free_target, ep_ok, out);
            }
            if wraps {
                dedup_from(out, first);
            }
        });
    }

    /// Checks on and pins against the king of `us`, from the king outward.
    fn guard(&self, us: Seat, them: Seat) -> Guard {
        let t = self.topo;
        let b = &self.board;
        let k = self.kings[us];
        let mut guard = Guard::new();
        for s in movement::pawn_attackers(t, k, side(them)) {
            if s != NO_CELL && b[s as usize] == piece(them, PAWN) {
                guard.check(single(s));
            }
        }
        let reach = &self.masks[k as usize];
        let theirs = self.bits.of(them);
        let (knight, king) = (piece(them, KNIGHT), piece(them, KING));
        if reach.knight & self.bits.knights & theirs != 0 {
            for &s in t.leaps(k) {
                if s != NO_CELL && b[s as usize] == knight {
                    guard.check(single(s));
                }
            }
        }
        // Kings never stand side by side after a legal move; a position read from text might.
        if reach.king & self.bits.kings & theirs != 0 {
            for d in Line::ALL {
                let s = t.step(k, d);
                if s != NO_CELL && b[s as usize] == king {
                    guard.check(single(s));
                }
            }
        }
        let empty = |c: Cell| b[c as usize] == 0;
        let queen = piece(them, QUEEN);
        for (lines, slider, candidates) in self.slider_lines(them) {
            for &d in lines {
                if reach.rays[d.index() & 7] & candidates == 0 {
                    continue;
                }
                let first = movement::first_occupied(t, k, d, empty);
                if first == NO_CELL {
                    continue;
                }
                let p = b[first as usize];
                if color(p) == them {
                    if p == slider || p == queen {
                        guard.check(self.segment(k, d, first));
                    }
                    continue;
                }
                // Past our piece the ray may come round a joined edge to the king itself,
                // which ends it: the king is no pinner.
                let pinner = movement::first_occupied(t, first, d, empty);
                if pinner != NO_CELL && (b[pinner as usize] == slider || b[pinner as usize] == queen) {
                    guard.pin(Pin { piece: first, line: d, pinner });
                }
            }
        }
        guard
    }

    /// Where the piece of `us` on `c`, not its king, may land: where the checks allow, and
    /// for a pinned piece only on the cells from the king to the pinner (the pinner included),
    /// where it still shields the king.
    fn allowed(&self, guard: &Guard, us: Seat, c: Cell) -> CellSet {
        let mut set = guard.targets;
        for pin in guard.pins[..guard.pin_count].iter().filter(|pin| pin.piece == c) {
            set = set.intersection(self.segment(self.kings[us], pin.line, pin.pinner));
        }
        set
    }

    /// The cells from `from` (excluded) along `d` up to `last` (included), which the ray reaches.
    fn segment(&self, from: Cell, d: Line, last: Cell) -> CellSet {
        let mut set = CellSet::EMPTY;
        let mut s = from;
        while s != last {
            s = self.topo.step(s, d);
            set.insert(s);
        }
        set
    }

    /// The king's steps to cells `them` does not attack once it has left `k` (or onto
    /// `free_target`), then its castling moves whose landing is safe.
    fn king_moves(&self, k: Cell, us: Seat, them: Seat, checked: bool, free_target: Cell, out: &mut Vec<ChessMove>) {
        let b = &self.board;
        // The king is lifted off `k`, so that it cannot hide behind itself from a slider.
        let lifted = |c: Cell| if c == k { 0 } else { b[c as usize] };
        movement::steps(
            self.topo,
            k,
            &Line::ALL,
            |s| self.occupant(s, us),
            |to, capture| {
                if to == free_target || !self.any_attacker(to, them, lifted, |_| true) {
                    out.push(ChessMove::new(k, to, if capture { MoveKind::Capture } else { MoveKind::Quiet }));
                }
                true
            },
        );
        self.safe_castling_moves(k, us, them, checked, out);
    }

    /// The castling moves of `us`'s king on `k` whose landing is safe, appended to `out`.
    pub(super) fn safe_castling_moves(&self, k: Cell, us: Seat, them: Seat, checked: bool, out: &mut Vec<ChessMove>) {
        let first = out.len();
        self.castling_moves(k, us, them, checked, out);
        let mut kept = first;
        for i in first..out.len() {
            if self.castle_lands_safe(out[i], us, them) {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether castling move `m` leaves the king unattacked, rook and all: on a cylinder the
    /// rook's corner, once empty, can open a line round the joined edge onto the king's square.
    fn castle_lands_safe(&self, m: ChessMove, us: Seat, them: Seat) -> bool {
        let b = &self.board;
        let (rook_from, rook_to) = self.castle_rook(m, us);
        let rook = piece(us, ROOK);
        let after = |c: Cell| {
            if c == m.from || c == rook_from {
                0
            } else if c == rook_to {
                rook
            } else {
                b[c as usize]
            }
        };
        !self.any_attacker(m.to, them, after, |_| true)
    }

    /// Whether the en-passant capture onto `self.ep` by `us`'s pawn on `from` leaves `us`'s
    /// king (if it has one) unattacked: the capture empties two cells of a line at once.
    pub(super) fn ep_safe(&self, from: Cell, us: Seat) -> bool {
        let k = self.kings[us];
        if k == NO_CELL {
            return true;
        }
        let b = &self.board;
        let (to, pawn) = (self.ep, piece(us, PAWN));
        let taken = self.topo.step(to, side(us).forward().opposite());
        let after = |c: Cell| {
            if c == from || c == taken {
                0
            } else if c == to {
                pawn
            } else {
                b[c as usize]
            }
        };
        !self.any_attacker(k, SEATING.opponent(us), after, |_| true)
    }
}
