//! Why a chess move is refused: no piece, not yours, own piece on the landing, a way the piece
//! never moves, a blocked path, castling's conditions, check and pins, promotion, shadows.

use super::*;
use crate::refusal::Refusal;

/// A piece kind's name in refusals.
pub(crate) fn kind_word(k: u8) -> &'static str {
    ["piece", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King"][k as usize % 7]
}

/// How a chessman moves on a square board, for a newcomer told it cannot move some way.
pub(crate) fn way_of_moving(k: u8) -> &'static str {
    [
        "",
        "a Pawn moves straight forward, one square or two from its first rank",
        "a Knight moves two squares one way and one square to the side",
        "a Bishop moves diagonally",
        "a Rook moves along its rank or file",
        "a Queen moves along a rank, a file or a diagonal",
        "a King moves one square in any direction",
    ][k as usize % 7]
}

impl ChessPosition {
    /// Why the well-formed move `parts` is not among `legal` (the position's legal moves).
    pub(crate) fn refusal(&self, parts: MoveText, legal: &[ChessMove]) -> Refusal {
        let t = self.topo;
        let (from, to, us) = (parts.from, parts.to, self.turn);
        let p = self.board[from as usize];
        if p == 0 {
            return Refusal::NoPiece { cell: t.name(from) };
        }
        if color(p) != us {
            return Refusal::NotYours { cell: t.name(from), owner: color_name(color(p)).into(), mover: color_name(us).into() };
        }
        let q = self.board[to as usize];
        if q != 0 && color(q) == us && from != to {
            return Refusal::OwnPiece { cell: t.name(to), whose: "your own" };
        }
        if let Some(why) = self.promotion_refusal(parts, p, legal) {
            return why;
        }
        if kind(p) == KING
            && let Some(why) = self.castling_refusal(from, to)
        {
            return why;
        }
        if parts.victim != NO_CELL && legal.iter().any(|m| m.from == from && m.to == to) {
            return Refusal::Rule(format!(
                "this move casts no shadow over an enemy piece on {} (a shadow capture takes a piece whose shadow the move enters)",
                t.name(parts.victim)
            ));
        }
        self.movement_refusal(from, to, p)
    }

    /// A promotion letter missing where a Pawn reaches the last rank, or given where none does.
    fn promotion_refusal(&self, parts: MoveText, p: u8, legal: &[ChessMove]) -> Option<Refusal> {
        let (from, to) = (parts.from, parts.to);
        if parts.promotion == 0 && legal.iter().any(|m| m.from == from && m.to == to && m.promotion != 0) {
            return Some(Refusal::Rule("a pawn reaching the last rank must name its promotion (q, r, b or n)".into()));
        }
        if parts.promotion != 0 && (kind(p) != PAWN || !self.topo.on_far_edge(side(self.turn), to)) {
            return Some(Refusal::Rule("only a Pawn reaching the last rank promotes: leave out the promotion letter".into()));
        }
        None
    }

    /// Castling's conditions, when the King moves from its home cell to a castling landing.
    fn castling_refusal(&self, from: Cell, to: Cell) -> Option<Refusal> {
        let (us, them, kf) = (self.turn, SEATING.opponent(self.turn), self.king_file());
        if from != self.home_cell(us, kf) {
            return None;
        }
        let [ks, qs] = RIGHTS[us];
        let (right, cells, passed) = if self.castling_fits(true) && to == self.home_cell(us, kf + 2) {
            (ks, (kf + 1..self.topo.width() - 1).collect::<Vec<u8>>(), kf + 1)
        } else if self.castling_fits(false) && to == self.home_cell(us, kf - 2) {
            (qs, (1..kf).collect(), kf - 1)
        } else {
            return None;
        };
        let attacks = self.rules.kings != KingRule::Capture;
        let why = if self.castling & right == 0 {
            "castling that way is no longer allowed: the King or that Rook has moved".to_string()
        } else if attacks && self.checked(us, them) {
            "you may not castle out of check".into()
        } else if let Some(&f) = cells.iter().find(|&&f| self.board[self.home_cell(us, f) as usize] != 0) {
            format!("castling needs the cells between the King and the Rook empty ({} is not)", self.topo.name(self.home_cell(us, f)))
        } else if attacks && self.is_attacked(self.home_cell(us, passed), them) {
            format!("the King may not castle through an attacked cell ({})", self.topo.name(self.home_cell(us, passed)))
        } else {
            return Some(Refusal::IntoCheck { cell: self.topo.name(to) });
        };
        Some(Refusal::Castling(why))
    }

    /// The piece's way of moving, the path, then check: the move is tried on a board holding
    /// only the piece (and what stands on its landing), then among the pseudo-legal moves.
    fn movement_refusal(&self, from: Cell, to: Cell, p: u8) -> Refusal {
        let t = self.topo;
        let (us, them) = (self.turn, SEATING.opponent(self.turn));
        let reaches = |pos: &ChessPosition| {
            let mut v = Vec::new();
            pos.pseudo_moves(us, them, &mut v);
            v.iter().any(|m| m.from == from && m.to == to && m.kind != MoveKind::CastleKing && m.kind != MoveKind::CastleQueen)
        };
        let mut alone = self.clone();
        for c in 0..t.len() as Cell {
            if c != from && c != to && alone.board[c as usize] != 0 {
                alone.lift(c);
            }
        }
        if !reaches(&alone) {
            if alone.board[to as usize] != 0 {
                alone.lift(to);
                if reaches(&alone) {
                    // A Pawn's push never captures.
                    return Refusal::Blocked { from: t.name(from), to: t.name(to), at: Some(t.name(to)) };
                }
            }
            let diagonal = kind(p) == PAWN && movement::pawn_diagonals(t, from, side(us)).contains(&to);
            let hint = if diagonal { "a Pawn moves diagonally only to capture" } else { way_of_moving(kind(p)) };
            return Refusal::CannotMove { piece: kind_word(kind(p)).into(), from: t.name(from), to: t.name(to), hint: hint.into() };
        }
        if !reaches(self) {
            let at = t.first_in_the_way(from, to, |c| self.board[c as usize] != 0).map(|c| t.name(c));
            return Refusal::Blocked { from: t.name(from), to: t.name(to), at };
        }
        if self.checked(us, them) {
            Refusal::StillInCheck
        } else if kind(p) == KING {
            Refusal::IntoCheck { cell: t.name(to) }
        } else {
            Refusal::Pinned { cell: t.name(from) }
        }
    }
}
