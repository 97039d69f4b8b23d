//! Evaluation of the chess family: orthodox, Shadow and Cylinder chess, Dice Chess and
//! Toe-to-Toe Chess: material, pawn advance, centralised minor pieces, a sheltered king.

use super::Evaluate;
use crate::chess::{self, ChessMove, ChessPosition, KingRule, MoveKind};
use crate::dicechess::{DiceChessPosition, DiceMove};
use crate::position::{PerSeat, Seat, Seating};
use crate::toetoe::{self, ToeMove, ToeMoveKind, ToeToePosition};
use crate::topology::{Cell, Side, Topology, Wrap};

/// Centipawn values by chess kind (index 1 pawn .. 6 king). The king's value is 0 where the
/// rules end the game on mate; [`KING_PIECE`] where kings are pieces to be taken.
const CHESS_VALUES: [i32; 7] = [0, 100, 320, 330, 500, 900, 0];
/// A king where losing it loses the game or a life (BrainKing's several kings): worth more
/// than anything else on the board, so no trade gives one away.
const KING_PIECE: i32 = 1500;
/// Bonus per rank a pawn has advanced from its home row.
const PAWN_ADVANCE: i32 = 8;
/// Penalty per step a knight or bishop stands from the board's centre.
const OFF_CENTRE: i32 = 6;
/// Bonus for a king still on its home row while the enemy has a queen (shelter).
const KING_HOME: i32 = 20;

/// How far `c` is from the board's centre in king steps, along the axes that have edges (a
/// cylinder's files wrap, so only ranks count there).
fn off_centre(topo: &Topology, c: Cell) -> i32 {
    let twice = |v: u8, len: u8| (2 * v as i32 + 1 - len as i32).abs() / 2;
    let rank = twice(topo.rank(c), topo.height());
    match topo.wrap() {
        Wrap::Flat => rank.max(twice(topo.file(c), topo.width())),
        _ => rank,
    }
}

impl ChessPosition {
    /// The centipawn value of a kind under these rules.
    fn kind_value(&self, kind: u8) -> i32 {
        match (kind, self.rules().kings) {
            (chess::KING, KingRule::Capture) => KING_PIECE,
            (k, _) => CHESS_VALUES[k as usize],
        }
    }
}

impl Evaluate for ChessPosition {
    fn material(&self, out: &mut PerSeat<i32>) {
        *out = PerSeat::splat(0);
        for c in 0..self.topology().len() as Cell {
            if let Some(s) = self.color_at(c) {
                out[s] += self.kind_value(self.kind_at(c));
            }
        }
    }

    fn seat_scores(&self, out: &mut PerSeat<i32>) {
        *out = PerSeat::splat(0);
        let topo = self.topology();
        let mut queens = PerSeat::splat(false);
        for c in 0..topo.len() as Cell {
            if let Some(s) = self.color_at(c) {
                queens[s] |= self.kind_at(c) == chess::QUEEN;
            }
        }
        for c in 0..topo.len() as Cell {
            let Some(s) = self.color_at(c) else { continue };
            let kind = self.kind_at(c);
            let side = Side::of_two(s);
            out[s] += self.kind_value(kind)
                + match kind {
                    chess::PAWN => PAWN_ADVANCE * (topo.distance_from(side, c) as i32 - 1).max(0),
                    chess::KNIGHT | chess::BISHOP => -OFF_CENTRE * off_centre(topo, c),
                    chess::KING if queens[Seating::TWO.opponent(s)] && topo.distance_from(side, c) == 0 => KING_HOME,
                    _ => 0,
                };
        }
    }

    fn is_noisy(&self, m: ChessMove) -> bool {
        m.promotion != 0 || !matches!(m.kind, MoveKind::Quiet | MoveKind::DoublePush | MoveKind::CastleKing | MoveKind::CastleQueen)
    }

    fn order_hint(&self, m: ChessMove) -> i32 {
        let victim = match m.kind {
            MoveKind::EnPassant => CHESS_VALUES[chess::PAWN as usize],
            MoveKind::Shadow => self.kind_value(self.kind_at(m.victim)),
            _ => self.kind_value(self.kind_at(m.to)),
        };
        let promotion = if m.promotion != 0 { self.kind_value(m.promotion) } else { 0 };
        10 * (victim + promotion) - self.kind_value(self.kind_at(m.from)) / 10
    }
}

impl Evaluate for DiceChessPosition {
    fn material(&self, out: &mut PerSeat<i32>) {
        self.chess().material(out);
    }
    fn seat_scores(&self, out: &mut PerSeat<i32>) {
        self.chess().seat_scores(out);
    }
    fn is_noisy(&self, m: DiceMove) -> bool {
        matches!(m, DiceMove::Chess(c) if self.chess().is_noisy(c))
    }
    fn order_hint(&self, m: DiceMove) -> i32 {
        match m {
            DiceMove::Chess(c) => self.chess().order_hint(c),
            _ => 0,
        }
    }
}

/// Toe-to-Toe values by kind (index 1 pawn .. 6 king): short-range pieces, so the chariot
/// (a rook) leads and the elephant and general (short steppers) trail the horse.
const TOE_VALUES: [i32; 7] = [0, 100, 300, 200, 500, 250, 0];

impl Evaluate for ToeToePosition {
    fn material(&self, out: &mut PerSeat<i32>) {
        *out = PerSeat::splat(0);
        for s in Seating::TWO.seats() {
            for k in toetoe::PAWN..=toetoe::GENERAL {
                out[s] += TOE_VALUES[k as usize] * self.in_hand(s, k) as i32;
            }
        }
        for c in 0..self.topology().len() as Cell {
            let b = self.piece_at(c);
            if b != 0 {
                out[Seat((b >> 3) & 1)] += TOE_VALUES[(b & 7) as usize];
            }
        }
    }

    fn seat_scores(&self, out: &mut PerSeat<i32>) {
        self.material(out);
        let topo = self.topology();
        for c in 0..topo.len() as Cell {
            let b = self.piece_at(c);
            if b & 7 == toetoe::PAWN {
                let s = Seat((b >> 3) & 1);
                out[s] += PAWN_ADVANCE * topo.distance_from(Side::of_two(s), c) as i32;
            }
        }
    }

    fn is_noisy(&self, m: ToeMove) -> bool {
        m.kind == ToeMoveKind::Promote || (m.kind == ToeMoveKind::Normal && self.piece_at(m.to) != 0)
    }

    fn order_hint(&self, m: ToeMove) -> i32 {
        10 * TOE_VALUES[(self.piece_at(m.to) & 7) as usize] - TOE_VALUES[(self.piece_at(m.from) & 7) as usize] / 10
    }
}
