//! Toe-to-Toe Chess at the table: its short-range army, the pieces waiting in hand to deploy, and its words.

use super::{CHARIOT, ELEPHANT, GENERAL, HORSE, KING, PAWN, ToeToePosition, kind_letter, kind_name, owner};
use crate::game::{AnyPosition, MovePath};
use crate::position::{Position, Seat};
use crate::scene::{Look, Piece, PieceKind, Players, Scene, SetOf};
use crate::topology::{Cell, Topology};

/// The kinds in hand, in the order they wait beside the board.
const HAND_ORDER: [u8; 5] = [KING, GENERAL, CHARIOT, HORSE, ELEPHANT];
/// Pawns a side starts with.
const PAWNS: usize = 8;

impl ToeToePosition {
    /// Letters of `count(kind)` pieces of each kind, in hand order ("KGRRNE").
    fn letters(count: impl Fn(u8) -> u8) -> String {
        HAND_ORDER.iter().flat_map(|&k| std::iter::repeat_n(kind_letter(k), count(k) as usize)).collect()
    }
}

impl Scene for ToeToePosition {
    fn board(&self) -> &'static Topology {
        self.topology()
    }
    fn piece_on(&self, cell: Cell) -> Option<Piece> {
        let b = self.piece_at(cell);
        let seat = owner(b);
        PieceKind::from_toe(b & 7).map(|k| Piece::new(k, seat).in_set(Some(SetOf::of_two(seat))))
    }
    fn kind_of_code(&self, code: u8) -> Option<PieceKind> {
        PieceKind::from_toe(code)
    }
    fn kind_name(&self, kind: PieceKind) -> &'static str {
        let code = (1..=6).find(|&c| PieceKind::from_toe(c) == Some(kind)).unwrap_or(0);
        kind_name(code)
    }
    fn hand(&self, seat: Seat) -> Vec<PieceKind> {
        HAND_ORDER.iter().flat_map(|&k| std::iter::repeat_n(PieceKind::from_toe(k), self.in_hand(seat, k) as usize)).flatten().collect()
    }
    /// The King of either side attacked (a King still in hand is never in check).
    fn in_check(&self) -> Vec<Cell> {
        self.seating().seats().filter(|&s| ToeToePosition::in_check(self, s)).filter_map(|s| self.king(s)).collect()
    }
    fn look(&self) -> Look {
        Look { hands: true, ..Look::default() }
    }
    /// "lost RP; in hand KG": pieces captured, pawns off the board (taken or promoted), and
    /// the pieces still to deploy.
    fn lost(&self, seat: Seat, _start: Option<&AnyPosition>) -> String {
        let topo = self.topology();
        let hand = Self::letters(|k| self.in_hand(seat, k));
        let pawns = PAWNS.saturating_sub((0..topo.len() as Cell).filter(|&c| self.piece_at(c) == PAWN | (seat.0 << 3)).count());
        let lost = Self::letters(|k| self.captured(seat, k)) + &"P".repeat(pawns);
        match (hand.is_empty(), lost.is_empty()) {
            (true, true) => String::new(),
            (false, true) => format!("in hand {hand}"),
            (true, false) => format!("lost {lost}"),
            (false, false) => format!("lost {lost}; in hand {hand}"),
        }
    }
    fn lost_says_itself(&self) -> bool {
        true
    }
    fn describe(&self, text: &str, path: &MovePath) -> String {
        let name = kind_name(path.piece);
        if text.contains('@') {
            format!("place the {name}")
        } else if text.contains('=') {
            format!("promote to {name}")
        } else if path.swap {
            "swap".into()
        } else if path.capture {
            "capture".into()
        } else {
            "no capture".into()
        }
    }
    fn text_board(&self, _players: &Players) -> String {
        let board = crate::scene::text::grid(crate::layout::BoardLayout::of(self.topology()), 2, |c| crate::scene::text::chess_glyph(self, c));
        format!("{board}\n({:?} phase; position {})", self.phase(), self.to_text())
    }
}
