//! Evaluation of the small-board and tile games: Chec Toe (lines of four on 4x4) and CHEX
//! (tiles in play and in the piles).

use super::Evaluate;
use crate::chectoe::{ChecMove, ChecToePosition, LINES};
use crate::chex::{ChexMove, ChexPosition};
use crate::position::{PerSeat, Seat, Seating};
use crate::topology::{Cell, Line, NO_CELL};

/// A Chec Toe piece on the board (it can make a line; in hand it cannot yet).
const ON_BOARD: i32 = 30;
/// Worth of a line holding 0..=3 of one side's pieces and none of the other's (four is the
/// Toe itself, which the rules score). Three in an open line is one step from winning.
const OPEN_LINE: [i32; 4] = [0, 4, 25, 120];

impl Evaluate for ChecToePosition {
    fn material(&self, out: &mut PerSeat<i32>) {
        *out = PerSeat::splat(0);
        for c in 0..self.topology().len() as Cell {
            let p = self.piece_at(c);
            if p != 0 {
                out[owner(p)] += ON_BOARD;
            }
        }
    }

    fn seat_scores(&self, out: &mut PerSeat<i32>) {
        self.material(out);
        for line in &LINES {
            let mut count = PerSeat::splat(0usize);
            for &c in line {
                let p = self.piece_at(c as Cell);
                if p != 0 {
                    count[owner(p)] += 1;
                }
            }
            for s in Seating::TWO.seats() {
                let o = Seating::TWO.opponent(s);
                if count[o] == 0 && count[s] < OPEN_LINE.len() {
                    out[s] += OPEN_LINE[count[s]];
                }
            }
        }
    }

    fn is_noisy(&self, m: ChecMove) -> bool {
        match m {
            ChecMove::Move { to, .. } => self.piece_at(to) != 0,
            ChecMove::Apocalypse => true,
            _ => false,
        }
    }
}

/// The seat owning a Chec Toe board byte (bit 3 marks the second player).
fn owner(p: u8) -> Seat {
    Seat((p >> 3) & 1)
}

/// CHEX tile values by kind (index 1 pawn .. 6 king, as chess): the king's loss is mate.
const TILE_VALUES: [i32; 7] = [0, 100, 320, 330, 500, 900, 0];
/// The king's kind in CHEX tile bytes.
const KING: u8 = 6;
/// Penalty per empty cell next to a king the enemy can still place tiles around: a third
/// of a pawn, so an open king weighs about as much as a minor piece.
const KING_EXPOSURE: i32 = 35;

impl Evaluate for ChexPosition {
    /// Tiles in play and tiles still to come from the pile (the search sees a sampled order
    /// of the face-down tiles, never the real one: see [`crate::search`]).
    fn material(&self, out: &mut PerSeat<i32>) {
        *out = PerSeat::splat(0);
        for c in self.tiles() {
            let b = self.piece_at(c);
            out[Seat((b >> 3) & 1)] += TILE_VALUES[(b & 7) as usize];
        }
        for s in Seating::TWO.seats() {
            out[s] += self.pile(s).iter().map(|&k| TILE_VALUES[k as usize]).sum::<i32>();
        }
    }

    /// Material, less [`KING_EXPOSURE`] for every empty cell around a king while the enemy
    /// still has tiles to place (any of them may come down beside it).
    fn seat_scores(&self, out: &mut PerSeat<i32>) {
        self.material(out);
        let topo = self.topology();
        for c in self.tiles() {
            let b = self.piece_at(c);
            let s = Seat((b >> 3) & 1);
            if b & 7 == KING && !self.pile(Seating::TWO.opponent(s)).is_empty() {
                let open = Line::ALL.iter().filter(|&&d| topo.step(c, d) != NO_CELL && self.piece_at(topo.step(c, d)) == 0).count();
                out[s] -= KING_EXPOSURE * open as i32;
            }
        }
    }

    fn is_noisy(&self, m: ChexMove) -> bool {
        matches!(m, ChexMove::Normal { to, .. } if self.piece_at(to) != 0)
    }

    /// Drawing a tile is half a turn: the placement follows, so the pair costs one ply.
    fn extends(&self, m: ChexMove) -> bool {
        m == ChexMove::Draw
    }

    /// The face-down tiles of both piles in an order drawn from `rng`
    /// ([`ChexPosition::resample_hidden`]).
    fn hidden_sample(&self, rng: &mut impl rand::Rng) -> Option<Self> {
        Some(self.resample_hidden(rng))
    }

    fn order_hint(&self, m: ChexMove) -> i32 {
        match m {
            ChexMove::Normal { from, to } => 10 * TILE_VALUES[(self.piece_at(to) & 7) as usize] - TILE_VALUES[(self.piece_at(from) & 7) as usize] / 10,
            _ => 0,
        }
    }
}
