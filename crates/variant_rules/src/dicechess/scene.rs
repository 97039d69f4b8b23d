//! Dice Chess at the table: the chessmen underneath, and its dice: how many, what each face names, the roll a throw makes.

use super::{DiceChessPosition, DiceMove, DiceRules};
use crate::chess::scene::{lost_from_full_set, piece_of_byte};
use crate::dice::Roll;
use crate::game::{AnyMove, AnyPosition};
use crate::position::Seat;
use crate::scene::{FaceMeaning, MoveClass, Piece, PieceKind, Scene};
use crate::topology::{Cell, Topology};

impl Scene for DiceChessPosition {
    fn board(&self) -> &'static Topology {
        self.chess().topology()
    }
    fn piece_on(&self, cell: Cell) -> Option<Piece> {
        piece_of_byte(self.chess().piece_at(cell))
    }
    fn in_check(&self) -> Vec<Cell> {
        self.chess().checked_kings()
    }
    fn lost(&self, seat: Seat, _start: Option<&AnyPosition>) -> String {
        lost_from_full_set(self.board(), |c| self.piece_on(c), seat)
    }
    fn dice_count(&self) -> usize {
        self.rules().dice()
    }
    fn dice_ordered(&self) -> bool {
        self.rules() == DiceRules::GollonPieceCount
    }
    /// A face names a piece (1 pawn .. 6 king), except Gollon's count dice: the only die of
    /// the count rules and the second of piece-and-count give moves (4, 5 and 6 mean four).
    fn face_meaning(&self, die: usize, face: u8) -> FaceMeaning {
        match (self.rules(), die) {
            (DiceRules::GollonCount, _) | (DiceRules::GollonPieceCount, 1) => FaceMeaning::Count(face.min(4)),
            _ => PieceKind::from_chess(face).map_or(FaceMeaning::Count(face), FaceMeaning::Piece),
        }
    }
    fn roll_of(&self, faces: &[u8]) -> Option<AnyMove> {
        let roll = match *faces {
            [a] => Roll::one(a),
            [a, b] if self.dice_ordered() => Roll::two(a, b),
            [a, b] => Roll::two(a.min(b), a.max(b)),
            _ => return None,
        };
        Some(AnyMove::DiceChess(DiceMove::Roll(roll)))
    }
    fn roll_faces(&self, m: AnyMove) -> Option<Vec<u8>> {
        match m {
            AnyMove::DiceChess(DiceMove::Roll(r)) => Some(r.0[..r.dice()].to_vec()),
            _ => None,
        }
    }
    fn roll_line(&self) -> String {
        let Some(r) = self.roll() else { return String::new() };
        let name = |f: u8| PieceKind::from_chess(f).map_or(String::new(), PieceKind::word);
        let (a, b) = (name(r.first()), name(r.second()));
        match self.rules() {
            DiceRules::TwoDice if r.is_doubles() => format!("Rolled {r}: doubles, any move"),
            DiceRules::TwoDice => format!("Rolled {r}: move a {a} or a {b}"),
            DiceRules::GollonCount => format!("Rolled {r}: {} move(s) left this turn", self.series_left()),
            DiceRules::GollonPieceCount => format!("Rolled {r}: the {a} moves, {} move(s) left", self.series_left()),
            _ => format!("Rolled {r}: move a {a}"),
        }
    }
    fn move_class(&self, m: AnyMove) -> MoveClass {
        match m {
            AnyMove::DiceChess(DiceMove::Roll(_)) => MoveClass::Roll,
            AnyMove::DiceChess(DiceMove::Pass) => MoveClass::Pass,
            AnyMove::DiceChess(DiceMove::Reroll) => MoveClass::Reroll,
            _ => MoveClass::Play,
        }
    }
}
