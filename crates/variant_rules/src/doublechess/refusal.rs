//! Why a Double Chess or Tri-Chess move is refused: closed cells, whose piece it is (frozen and
//! mated seats too), what stands on the landing, the piece's way of moving, the path, castling,
//! check and pins, en passant, promotion and the duty to take a mated King.

use super::text::MoveWords;
use super::{DoubleChessPosition, DoubleKind, DoubleMove, KING, PAWN, kind, owner};
use crate::chess::{kind_word, way_of_moving};
use crate::position::Seat;
use crate::refusal::Refusal;
use crate::topology::{Cell, NO_CELL};

impl DoubleChessPosition {
    /// Why `words` (well formed) is not among `legal`, the position's legal moves.
    pub(crate) fn refusal(&self, words: MoveWords, legal: &[DoubleMove]) -> Refusal {
        let s = self.turn;
        let (from, to, promotion, victim) = match words {
            MoveWords::Pass => return Refusal::Rule("a player with a legal move may not pass".into()),
            MoveWords::Castle { long } => return self.castle_word_refusal(long),
            MoveWords::Move { from, to, promotion, victim } => (from, to, promotion, victim),
        };
        let name = |c: Cell| self.cell_name(s, c);
        if let Some(c) = [from, to].into_iter().find(|&c| self.closed.contains(c)) {
            return Refusal::Closed { cell: name(c) };
        }
        let p = self.board[from as usize];
        if p == 0 {
            return Refusal::NoPiece { cell: name(from) };
        }
        if owner(p) != s {
            return Refusal::NotYours { cell: name(from), owner: self.seat_words(owner(p)), mover: self.set_name(s) };
        }
        if let Some(why) = self.landing_refusal(from, to) {
            return why;
        }
        if victim == NO_CELL
            && let Some(ep) = legal.iter().find(|m| m.kind == DoubleKind::EnPassant && m.from == from && m.to == to)
        {
            return Refusal::Rule(format!("an en-passant capture names the Pawn it takes: {}", self.write_move(*ep)));
        }
        if promotion == 0 && legal.iter().any(|m| m.from == from && m.to == to && m.promotion != 0) {
            return Refusal::Rule("a Pawn reaching its last row must name its promotion (q, r, b or n)".into());
        }
        if promotion != 0 && (kind(p) != PAWN || !self.promotes(self.sides[s], to)) {
            return Refusal::Rule("only a Pawn reaching its last row promotes: leave out the promotion letter".into());
        }
        // In Tri-Chess cells name the King's plain step, never a castling (`O-O` does).
        if kind(p) == KING
            && !self.is_tri()
            && let Some(why) = self.castling_refusal(from, to)
        {
            return why;
        }
        self.movement_refusal(from, to, victim, legal)
    }

    /// A seat as a refusal names it, with its state when it cannot move (frozen, mated).
    fn seat_words(&self, o: Seat) -> String {
        if self.out.contains(o) {
            format!("{}, whose pieces are frozen", self.set_name(o))
        } else if self.skipped(o) {
            format!("{}, who is mated and misses turns", self.set_name(o))
        } else {
            self.set_name(o)
        }
    }

    /// What stands on the landing: the mover's own or a partner's piece, a King it has not
    /// mated, the immune piece.
    fn landing_refusal(&self, from: Cell, to: Cell) -> Option<Refusal> {
        let s = self.turn;
        let q = self.board[to as usize];
        if q == 0 || from == to {
            return None;
        }
        let cell = self.cell_name(s, to);
        if owner(q) == s {
            return Some(Refusal::OwnPiece { cell, whose: "your own" });
        }
        if !self.enemies(s).contains(owner(q)) {
            return Some(Refusal::OwnPiece { cell, whose: "your partner's" });
        }
        if kind(q) == KING && self.mate[owner(q)].is_none_or(|m| m.by != s) {
            return Some(Refusal::Untakeable { cell, why: "a King is taken only by the player who has checkmated it".into() });
        }
        if self.immune.is_some_and(|i| i.cell == to && i.from.contains(s)) {
            return Some(Refusal::Untakeable { cell, why: "the piece that took a King is immune from that King's seat until its owner moves again".into() });
        }
        None
    }

    /// Castling's conditions, when the King moves to one of its castling landings.
    fn castling_refusal(&self, from: Cell, to: Cell) -> Option<Refusal> {
        let s = self.turn;
        let (i, c) = self.castles[s].into_iter().enumerate().find(|(_, c)| c.king_from == from && c.king_to == to)?;
        let foes = self.enemies(s);
        let mut x = self.geo.ray[c.king_from as usize][c.slot as usize];
        let mut in_the_way = None;
        while x != c.rook_from && x != NO_CELL {
            if self.board[x as usize] != 0 && in_the_way.is_none() {
                in_the_way = Some(x);
            }
            x = self.geo.ray[x as usize][c.slot as usize];
        }
        let why = if self.castling & (1 << (2 * s.0 as usize + i)) == 0 || self.board[c.rook_from as usize] != super::piece(s, super::ROOK) {
            "castling that way is no longer allowed: the King or that Rook has moved".to_string()
        } else if self.in_check(s) {
            "you may not castle out of check".into()
        } else if let Some(b) = in_the_way {
            format!("castling needs the cells between the King and the Rook empty ({} is not)", self.cell_name(s, b))
        } else if self.attacked_on(&self.board, c.rook_to, foes) {
            format!("the King may not castle through an attacked cell ({})", self.cell_name(s, c.rook_to))
        } else if self.in_check_after(DoubleMove::new(from, to, DoubleKind::Castle)) {
            return Some(Refusal::IntoCheck { cell: self.cell_name(s, to) });
        } else {
            return None;
        };
        Some(Refusal::Castling(why))
    }

    /// Why `O-O` (short) or `O-O-O` (long) is refused.
    fn castle_word_refusal(&self, long: bool) -> Refusal {
        let s = self.turn;
        let c = self.castles[s][long as usize];
        if c.king_from == NO_CELL {
            return Refusal::Castling(format!("{} has no castling that way", self.set_name(s)));
        }
        let moved = || Refusal::Castling("castling that way is no longer allowed: the King or that Rook has moved".into());
        if self.board[c.king_from as usize] != super::piece(s, KING) {
            return moved();
        }
        self.castling_refusal(c.king_from, c.king_to).unwrap_or_else(|| {
            if self.owes_capture(s) {
                Refusal::Rule("the checkmating player must capture the mated King now".into())
            } else {
                Refusal::Castling(format!("{} may not castle now", self.set_name(s)))
            }
        })
    }

    /// Whether the mover's King stands attacked after `m`.
    fn in_check_after(&self, m: DoubleMove) -> bool {
        !self.is_legal_for(self.turn, m)
    }

    /// The piece's way of moving (tried on a board holding only it and what stands on its
    /// landing), the path, then check and the duty to take a mated King.
    fn movement_refusal(&self, from: Cell, to: Cell, victim: Cell, legal: &[DoubleMove]) -> Refusal {
        let s = self.turn;
        let name = |c: Cell| self.cell_name(s, c);
        let p = self.board[from as usize];
        let find = |pos: &DoubleChessPosition| {
            let mut found = None;
            pos.pseudo_moves(s, &mut |m| {
                let hit = m.from == from && m.to == to && m.kind != DoubleKind::Castle && (victim == NO_CELL || m.victim == victim);
                if hit {
                    found = Some(m);
                }
                !hit
            });
            found
        };
        let mut alone = self.clone();
        for c in 0..self.geo.topo.len() {
            if c != from as usize && c != to as usize && (victim == NO_CELL || c != victim as usize) {
                alone.board[c] = 0;
            }
        }
        if find(&alone).is_none() {
            alone.board[to as usize] = 0;
            if find(&alone).is_some() {
                // A Pawn's push and a Knight's second hop never capture.
                return Refusal::Blocked { from: name(from), to: name(to), at: Some(name(to)) };
            }
            let diagonal = kind(p) == PAWN && self.geo.pawn_captures(self.sides[s]).iter().any(|&l| self.geo.topo.step(from, l) == to);
            let hint = match (diagonal, self.is_tri()) {
                (true, _) => "a Pawn moves diagonally only to capture",
                (false, true) => tri_way_of_moving(kind(p)),
                (false, false) if kind(p) == PAWN => "a Pawn moves straight forward: up to three cells from its first row, two in its own half",
                (false, false) => way_of_moving(kind(p)),
            };
            return Refusal::CannotMove { piece: kind_word(kind(p)).into(), from: name(from), to: name(to), hint: hint.into() };
        }
        let Some(m) = find(self) else {
            return Refusal::Blocked { from: name(from), to: name(to), at: self.in_the_way(from, to).map(name) };
        };
        if self.is_legal_for(s, m) {
            if self.owes_capture(s) && legal.iter().any(|&l| self.takes_king(l)) {
                return Refusal::Rule("the checkmating player must capture the mated King now".into());
            }
            return Refusal::Rule(format!("{} may not make that move now", self.set_name(s)));
        }
        if self.in_check(s) {
            Refusal::StillInCheck
        } else if kind(p) == KING {
            Refusal::IntoCheck { cell: name(to) }
        } else {
            Refusal::Pinned { cell: name(from) }
        }
    }

    /// The first occupied cell on the way from `from` to `to`: along a ray, on the Knight's
    /// first landing of a double hop, or the landing of a Pawn's push.
    fn in_the_way(&self, from: Cell, to: Cell) -> Option<Cell> {
        let g = self.geo;
        let full = |c: Cell| c != NO_CELL && (self.board[c as usize] != 0 || self.closed.contains(c));
        for d in 0..g.slots {
            let mut path = Vec::new();
            let mut c = g.ray[from as usize][d];
            while c != NO_CELL && c != to && path.len() < g.topo.len() {
                path.push(c);
                c = g.ray[c as usize][d];
            }
            if c == to {
                return path.into_iter().find(|&x| full(x)).or_else(|| full(to).then_some(to));
            }
        }
        g.knight[from as usize][..g.slots].iter().find(|&&(_, second)| second == to).map(|&(first, _)| first).filter(|&c| full(c))
    }
}

/// How a chessman moves on Tri-Chess's triangles (rulings TC2-TC5), for a refused move.
fn tri_way_of_moving(k: u8) -> &'static str {
    [
        "",
        "a Pawn moves straight forward, away from its own edge",
        "a Knight moves two steps along a Bishop line, then one step to either side",
        "a Bishop moves along the six lines square to the board's edges",
        "a Rook moves along the six lines parallel to the board's edges",
        "a Queen moves along any of the twelve lines of a Rook or a Bishop",
        "a King moves to one of the twelve triangles touching his own",
    ][k as usize % 7]
}
