//! Why a CHEX move is refused: draw before placing, where the drawn tile may go, whose tile it
//! is, the piece's way of moving, the path, the tiles staying attached (rule 6) and check (rule 7).

use super::*;
use crate::refusal::Refusal;

impl ChexPosition {
    /// Why the well-formed `text` is not a legal move.
    pub(super) fn refusal(&self, text: &str) -> Refusal {
        let cell = |s: &str| parse_xy(s).ok().and_then(|(x, y)| self.cell_at(x, y));
        if self.holding {
            let drawn = letter(self.top_tile());
            let Some((_, at)) = text.split_once('@') else {
                return Refusal::Phase(format!("you have drawn a {}: place it first (e.g. {}@1,0)", drawn.to_ascii_uppercase(), drawn.to_ascii_uppercase()));
            };
            if !text.to_ascii_uppercase().starts_with(drawn.to_ascii_uppercase()) {
                return Refusal::Phase(format!("the tile drawn is a {}: place that one", drawn.to_ascii_uppercase()));
            }
            return match cell(at) {
                Some(c) if self.board[c as usize] != 0 => Refusal::Occupied { cell: self.name(c) },
                Some(c) if self.touches(c, NO_CELL) => Refusal::Rule("a tile may not be placed where it leaves your King in check".into()),
                _ => Refusal::Rule("a tile is placed touching another tile, edge or corner".into()),
            };
        }
        if text == "draw" {
            return Refusal::Phase(if self.pile_empty(self.turn) {
                "your draw pile is used up: move a tile in play (rule 10)".into()
            } else {
                "drawing is not allowed while in check (--draw-in-check forbidden)".into()
            });
        }
        if text.contains('@') {
            return Refusal::Phase("draw a tile first ('draw'), then place it".into());
        }
        let (a, b) = text.split_once([':', 'x']).unwrap_or((text, text));
        let (Some(from), to) = (cell(a), cell(b)) else {
            return Refusal::NoPiece { cell: a.into() };
        };
        let Some(to) = to else {
            return Refusal::Rule(format!("{b} is too far from every tile to be reached"));
        };
        self.move_refusal(from, to)
    }

    /// A tile's move: whose it is, its way of moving, the path, attachment and check.
    fn move_refusal(&self, from: Cell, to: Cell) -> Refusal {
        let t = self.topo;
        let (me, p) = (self.turn, self.board[from as usize]);
        if p == 0 {
            return Refusal::NoPiece { cell: self.name(from) };
        }
        if owner(p) != me {
            return Refusal::NotYours { cell: self.name(from), owner: side_name(owner(p)).into(), mover: side_name(me).into() };
        }
        if self.board[to as usize] != 0 && owner(self.board[to as usize]) == me {
            return Refusal::OwnPiece { cell: self.name(to), whose: "your own" };
        }
        let reaches = |pos: &ChexPosition| !pos.reach(from, &mut |c, _| c != to);
        let mut alone = self.clone();
        for c in self.tiles() {
            if c != from && c != to {
                alone.board[c as usize] = 0;
            }
        }
        if !reaches(&alone) {
            alone.board[to as usize] = 0;
            if reaches(&alone) {
                return Refusal::Blocked { from: self.name(from), to: self.name(to), at: Some(self.name(to)) };
            }
            let piece = crate::chess::kind_word(kind(p));
            let hint = match kind(p) {
                PAWN => "a Pawn moves one square towards the opponent and captures one square diagonally forward",
                k => crate::chess::way_of_moving(k),
            };
            return Refusal::CannotMove { piece: piece.into(), from: self.name(from), to: self.name(to), hint: hint.into() };
        }
        if !reaches(self) {
            let at = t.first_in_the_way(from, to, |c| self.board[c as usize] != 0).map(|c| self.name(c));
            return Refusal::Blocked { from: self.name(from), to: self.name(to), at };
        }
        let mut after = self.clone();
        after.play_unchecked(ChexMove::Normal { from, to });
        if !after.attached() {
            return Refusal::Rule("every tile must stay attached to the others, edge or corner (rule 6)".into());
        }
        if self.in_check(me) {
            Refusal::StillInCheck
        } else if kind(p) == KING {
            Refusal::IntoCheck { cell: self.name(to) }
        } else {
            Refusal::Pinned { cell: self.name(from) }
        }
    }
}
