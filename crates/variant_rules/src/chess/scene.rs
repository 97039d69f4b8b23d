//! Chess at the table: chessmen by board byte, White and Black, pieces lost by letter.

use super::{ChessPosition, KingRule, SEATING};
use crate::game::AnyPosition;
use crate::position::Seat;
use crate::scene::{Piece, PieceKind, Scene, SetOf};
use crate::topology::{Cell, Topology};

/// The chessman a board byte holds (kind in bits 0-2, the second seat in bit 3), in its set.
pub(crate) fn piece_of_byte(b: u8) -> Option<Piece> {
    let seat = Seat((b >> 3) & 1);
    PieceKind::from_chess(b & 7).map(|k| Piece::new(k, seat).in_set(Some(SetOf::of_two(seat))))
}

/// The pieces a chess set has lost, by letter, counted from a full set on a board `width`
/// files wide (a pawn per file, two knights, bishops and rooks, a queen).
pub(crate) fn lost_from_full_set(topo: &Topology, piece_on: impl Fn(Cell) -> Option<Piece>, seat: Seat) -> String {
    let kinds = [PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen];
    let start = [topo.width() as usize, 2, 2, 2, 1];
    let mut count = [0usize; 5];
    for p in (0..topo.len() as Cell).filter_map(&piece_on).filter(|p| p.seat == seat) {
        if let Some(i) = kinds.iter().position(|&k| k == p.kind) {
            count[i] += 1;
        }
    }
    kinds.iter().zip(start).zip(count).flat_map(|((k, s), c)| std::iter::repeat_n(k.letter(), s.saturating_sub(c))).collect()
}

impl ChessPosition {
    /// The cells of the Kings in check (shadow check included), where Kings are royal; none
    /// where they are only pieces to capture (BrainKing's Dice Chess).
    pub(crate) fn checked_kings(&self) -> Vec<Cell> {
        if self.rules.kings == KingRule::Capture {
            return Vec::new();
        }
        SEATING.seats().filter(|&s| self.in_check(s)).map(|s| self.kings[s]).collect()
    }
}

impl Scene for ChessPosition {
    fn board(&self) -> &'static Topology {
        self.topology()
    }
    fn piece_on(&self, cell: Cell) -> Option<Piece> {
        piece_of_byte(self.piece_at(cell))
    }
    fn in_check(&self) -> Vec<Cell> {
        self.checked_kings()
    }
    fn lost(&self, seat: Seat, _start: Option<&AnyPosition>) -> String {
        lost_from_full_set(self.topology(), |c| self.piece_on(c), seat)
    }
}
