//! Chec Toe at the table: four chessmen a side, the pieces in hand, its one die (1-4 a piece, 5 the Wizard, 6 the sixes) and what a roll allows.

use super::{ChecMove, ChecToePosition};
use crate::chess::scene::piece_of_byte;
use crate::game::{AnyMove, AnyPosition};
use crate::position::Seat;
use crate::scene::{FaceMeaning, Look, MoveClass, Piece, PieceKind, Scene};
use crate::topology::{Cell, Topology};

impl Scene for ChecToePosition {
    fn board(&self) -> &'static Topology {
        self.topology()
    }
    fn piece_on(&self, cell: Cell) -> Option<Piece> {
        piece_of_byte(self.piece_at(cell))
    }
    /// The kinds not on the board, pawn to rook.
    fn hand(&self, seat: Seat) -> Vec<PieceKind> {
        let hand = ChecToePosition::hand(self, seat);
        (1..=4u8).filter(|k| hand & (1 << k) != 0).filter_map(PieceKind::from_chess).collect()
    }
    fn look(&self) -> Look {
        Look { hands: true, ..Look::default() }
    }
    /// "in hand PNB" (empty once all four stand on the board).
    fn lost(&self, seat: Seat, _start: Option<&AnyPosition>) -> String {
        let letters: String = Scene::hand(self, seat).iter().map(|k| k.letter()).collect();
        if letters.is_empty() { String::new() } else { format!("in hand {letters}") }
    }
    fn lost_says_itself(&self) -> bool {
        true
    }
    fn dice_count(&self) -> usize {
        1
    }
    fn face_meaning(&self, _die: usize, face: u8) -> FaceMeaning {
        match face {
            5 => FaceMeaning::Wizard,
            6 => FaceMeaning::Six,
            f => PieceKind::from_chess(f).map_or(FaceMeaning::Count(f), FaceMeaning::Piece),
        }
    }
    fn roll_of(&self, faces: &[u8]) -> Option<AnyMove> {
        match *faces {
            [v] => Some(AnyMove::ChecToe(ChecMove::Roll(v))),
            _ => None,
        }
    }
    fn roll_faces(&self, m: AnyMove) -> Option<Vec<u8>> {
        match m {
            AnyMove::ChecToe(ChecMove::Roll(v)) => Some(vec![v]),
            _ => None,
        }
    }
    fn roll_line(&self) -> String {
        let Some(v) = self.value() else { return String::new() };
        let name = PieceKind::from_chess(v).map_or(String::new(), PieceKind::word);
        match v {
            1..=4 if self.checker_roll() => format!("Rolled {v}: drop the {name}, or move it as a Checker (two squares, no capture)"),
            1..=4 => format!("Rolled {v}: drop or move the {name}"),
            5 => "Rolled 5: drop any piece, or move one as a Wizard".to_string(),
            6 => "Two sixes: drop or move any piece (E: try for a third six)".to_string(),
            _ => "Three sixes: the Apocalypse!".to_string(),
        }
    }
    fn throw_note(&self) -> Option<&'static str> {
        match self.sixes() {
            0 => None,
            1 => Some("A first 6 is void: throw again (Space)"),
            _ => Some("Trying for a third six: throw (Space)"),
        }
    }
    fn move_class(&self, m: AnyMove) -> MoveClass {
        match m {
            AnyMove::ChecToe(ChecMove::Roll(_)) => MoveClass::Roll,
            AnyMove::ChecToe(ChecMove::Pass) => MoveClass::Pass,
            AnyMove::ChecToe(ChecMove::Reroll) => MoveClass::Reroll,
            AnyMove::ChecToe(ChecMove::Apocalypse) => MoveClass::Apocalypse,
            _ => MoveClass::Play,
        }
    }
}
