//! CHEX at the table: tiles on an open plane, each player's face-down draw pile and the tile drawn, and the piles in words.

use super::ChexMove;
use super::ChexPosition;
use crate::chess::scene::piece_of_byte;
use crate::game::{AnyMove, AnyPosition};
use crate::position::{Position, Seat};
use crate::scene::{Look, MoveClass, Piece, PieceKind, Pile, Players, Scene};
use crate::topology::{Cell, Topology};

impl ChexPosition {
    /// The tile the side to move has drawn, if `seat` is the side to move.
    fn held_by(&self, seat: Seat) -> Option<PieceKind> {
        self.holding().filter(|_| self.turn() == seat).and_then(|t| PieceKind::from_chess(t & 7))
    }
}

impl Scene for ChexPosition {
    fn board(&self) -> &'static Topology {
        self.topology()
    }
    fn piece_on(&self, cell: Cell) -> Option<Piece> {
        piece_of_byte(self.piece_at(cell))
    }
    fn cell_name(&self, cell: Cell) -> String {
        self.name(cell)
    }
    fn piles(&self) -> Vec<Pile> {
        self.seating().seats().map(|seat| Pile { seat, face_down: self.face_down(seat), held: self.held_by(seat) }).collect()
    }
    /// Rule 7's check: a King an enemy tile could take without leaving a tile unattached.
    fn in_check(&self) -> Vec<Cell> {
        let king = |s: Seat| self.tiles().find(|&c| self.piece_at(c) == super::byte(s, super::KING));
        self.seating().seats().filter(|&s| ChexPosition::in_check(self, s)).filter_map(king).collect()
    }
    fn look(&self) -> Look {
        Look { tiles: true, plane: true, ..Look::default() }
    }
    /// "16 to draw (click the pile)", or with a tile drawn "15 to draw; drew a rook: place it
    /// on a highlighted cell".
    fn lost(&self, seat: Seat, _start: Option<&AnyPosition>) -> String {
        match self.held_by(seat) {
            Some(k) => format!("{} to draw; drew a {}: place it on a highlighted cell", self.face_down(seat), k.word()),
            None => format!("{} to draw (click the pile)", self.face_down(seat)),
        }
    }
    fn lost_says_itself(&self) -> bool {
        true
    }
    fn move_class(&self, m: AnyMove) -> MoveClass {
        if m == AnyMove::Chex(ChexMove::Draw) { MoveClass::Draw } else { MoveClass::Play }
    }
    /// The cluster's bounding box with a cell of margin, rows labelled by y, then the piles.
    fn text_board(&self, _players: &Players) -> String {
        let coords: Vec<(i32, i32)> = self.tiles().map(|c| self.coords(c)).collect();
        let span = |f: fn(&(i32, i32)) -> i32| (coords.iter().map(f).min().unwrap_or(0) - 1, coords.iter().map(f).max().unwrap_or(0) + 1);
        let ((x0, x1), (y0, y1)) = (span(|c| c.0), span(|c| c.1));
        let mut s = String::new();
        for y in (y0..=y1).rev() {
            s += &format!("{y:>3} ");
            for x in x0..=x1 {
                s += &self.cell_at(x, y).map_or_else(|| " .".to_string(), |c| crate::scene::text::chess_glyph(self, c));
            }
            s.push('\n');
        }
        s += &format!("x: {x0} .. {x1}; tiles to draw: White {}, Black {}", self.face_down(Seat::A), self.face_down(Seat::B));
        if let Some(t) = self.holding().and_then(piece_of_byte) {
            let l = t.kind.letter();
            s += &format!("; drawn, to place: {}", if t.seat == Seat::A { l } else { l.to_ascii_lowercase() });
        }
        s
    }
}
