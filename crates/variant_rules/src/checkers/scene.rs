//! The checkers family at the table: stacks of checkers, seats by letter and colour, checkers taken or held prisoner.

use super::{Checker, CheckersPosition};
use crate::game::AnyPosition;
use crate::position::{Position, Seat};
use crate::scene::{Look, Piece, PieceKind, Players, Scene, SetOf, words};
use crate::topology::{Cell, Topology};

/// Checkers a seat starts with (the HUD counts losses from it).
const START: usize = 12;

fn piece(ck: Checker) -> Piece {
    let kind = if ck.is_king() { PieceKind::CheckerKing } else { PieceKind::Man };
    Piece { number: ck.number(), ..Piece::new(kind, ck.owner()) }
}

impl Scene for CheckersPosition {
    fn board(&self) -> &'static Topology {
        self.topology()
    }
    fn piece_on(&self, cell: Cell) -> Option<Piece> {
        self.top(cell).map(piece)
    }
    fn stack_on(&self, cell: Cell) -> Vec<Piece> {
        let mut v: Vec<Piece> = self.stack(cell).map(piece).collect();
        v.reverse();
        v
    }
    fn kind_of_code(&self, _code: u8) -> Option<PieceKind> {
        None
    }
    fn look(&self) -> Look {
        Look { stacks: true, ..Look::default() }
    }
    fn set_of(&self, _seat: Seat) -> Option<SetOf> {
        None
    }
    fn seat_role(&self, seat: Seat) -> String {
        words::player(seat)
    }
    fn colour_in_label(&self) -> bool {
        true
    }
    /// Checkers off the board ("2 taken"), and checkers under an opponent's ("1 held
    /// prisoner"); under a partner's a checker is carried along, not held.
    fn lost(&self, seat: Seat, _start: Option<&AnyPosition>) -> String {
        let seating = self.seating();
        let (mut on_board, mut held) = (0usize, 0usize);
        for c in 0..self.topology().len() as Cell {
            let Some(top) = self.top(c) else { continue };
            for ck in self.stack(c).filter(|ck| ck.owner() == seat) {
                on_board += 1;
                held += usize::from(!seating.team(ck.owner()).contains(top.owner()));
            }
        }
        match (START.saturating_sub(on_board), held) {
            (0, 0) => String::new(),
            (0, held) => format!("{held} held prisoner"),
            (off, 0) => format!("{off} taken"),
            (off, held) => format!("{off} taken, {held} held prisoner"),
        }
    }
    fn text_board(&self, _players: &Players) -> String {
        let layout = crate::layout::BoardLayout::of(self.topology());
        crate::scene::text::grid(layout, 3, |c| {
            let stack: Vec<String> = self.stack(c).map(|k| k.to_string()).collect();
            match stack.len() {
                0 if layout.is_dark(c) => " . ".to_string(),
                0 => "   ".to_string(),
                1 => format!(" {:<2}", stack[0]),
                n => format!("{}{n} ", &stack[0][..1]),
            }
        })
    }
}
