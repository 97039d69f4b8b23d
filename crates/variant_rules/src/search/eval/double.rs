//! Evaluation of Double Chess and Tri-Chess: material with the extended Knight valued as a Bishop, a King worth keeping, Pawn advance, central minor pieces, and a frozen (cut-throat) set counting as lost.

use super::Evaluate;
use crate::doublechess::{BISHOP, DoubleChessPosition, DoubleKind, DoubleMove, KING, KNIGHT, PAWN, piece};
use crate::position::{PerSeat, Position, Seat, SeatSet};
use crate::topology::{Cell, NO_CELL};

/// Centipawn values by kind (pawn .. queen). The Knight's double hop "brings the Knight's
/// utility as an attack piece back into line with that of the far-ranging Bishop", so both are
/// worth the same. On the hexagon every piece but the Pawn "covers half again as much
/// territory", and Bishops "are still a little weaker than Rooks": the same values serve.
const VALUES: [i32; 7] = [0, 100, 330, 330, 500, 900, 0];
/// A King on the board and not mated: losing it costs a partner "the next turn" and the team half
/// of its life, so it outweighs any piece but not two Queens.
const LIVE_KING: i32 = 1500;
/// A cut-throat seat whose set is frozen has lost: worth less than any material swing.
const FROZEN: i32 = -20_000;
/// Bonus per row a Pawn has advanced from its own edge.
const PAWN_ADVANCE: i32 = 6;
/// Penalty per step a Knight or Bishop stands from the board's centre.
const OFF_CENTRE: i32 = 5;
/// Penalty per row a King has left its own edge while Queens remain (it is safest at home).
const KING_EXPOSED: i32 = 12;

impl DoubleChessPosition {
    /// Rows from `c` to the board's centre: on the square board King steps to the central 2x2,
    /// on the hexagon the most rows it stands off the middle, seen from any side.
    fn off_centre(&self, c: Cell) -> i32 {
        let t = self.topology();
        let n = t.height() as i32;
        let twice = |v: i32| (2 * v + 1 - n).abs() / 2;
        if t.tri_board().is_some() {
            return (0..6).map(|s| twice(t.distance_from(crate::topology::Side(s), c) as i32)).max().unwrap_or(0);
        }
        twice(t.file(c) as i32).max(twice(t.rank(c) as i32))
    }

    fn value_of(&self, c: Cell) -> i32 {
        VALUES[self.kind_at(c) as usize]
    }
}

impl Evaluate for DoubleChessPosition {
    fn material(&self, out: &mut PerSeat<i32>) {
        *out = PerSeat::splat(0);
        for c in 0..self.topology().len() as Cell {
            if let Some(s) = self.owner_at(c) {
                out[s] += self.value_of(c);
            }
        }
        for s in self.seating().seats() {
            if self.frozen().contains(s) {
                out[s] = FROZEN;
            } else if self.king(s).is_some() && self.mate_of(s).is_none() {
                out[s] += LIVE_KING;
            }
        }
    }

    fn seat_scores(&self, out: &mut PerSeat<i32>) {
        self.material(out);
        let cells = self.topology().len() as Cell;
        let queens = (0..cells).any(|c| self.kind_at(c) == crate::doublechess::QUEEN);
        for c in 0..cells {
            let Some(s) = self.owner_at(c) else { continue };
            if self.frozen().contains(s) {
                continue;
            }
            let rows_out = self.topology().distance_from(self.side(s), c) as i32;
            out[s] += match self.kind_at(c) {
                PAWN => PAWN_ADVANCE * rows_out,
                KNIGHT | BISHOP => -OFF_CENTRE * self.off_centre(c),
                KING if queens => -KING_EXPOSED * rows_out,
                _ => 0,
            };
        }
    }

    fn is_noisy(&self, m: DoubleMove) -> bool {
        matches!(m.kind, DoubleKind::Capture | DoubleKind::EnPassant) || m.promotion != 0
    }

    fn victim(&self, m: DoubleMove) -> Option<Seat> {
        match m.kind {
            DoubleKind::Capture => self.owner_at(m.to),
            DoubleKind::EnPassant => self.owner_at(m.victim),
            _ => None,
        }
    }

    /// A King of `seats` in check once `m` is played, by any seat: the mover's own check, a
    /// third seat's line the move opens, or a check already standing. Where more than two
    /// seats play, the mate that follows is often another seat's (rulings DC8). A King already
    /// mated (partners: it waits on the board to be taken) does not count: every move would
    /// leave it in check, and what is left to happen to it is a capture.
    fn checks(&self, m: DoubleMove, seats: SeatSet) -> Option<bool> {
        let b = self.board_after(self.turn(), m);
        Some(seats.iter().any(|s| {
            let k = self.kings[s];
            k != NO_CELL && self.mate[s].is_none() && b[k as usize] == piece(s, KING) && self.attacked_on(&b, k, self.enemies(s))
        }))
    }

    fn order_hint(&self, m: DoubleMove) -> i32 {
        if m.from == NO_CELL {
            return 0;
        }
        let victim = match m.kind {
            DoubleKind::Capture if self.kind_at(m.to) == KING => 10_000,
            DoubleKind::Capture => self.value_of(m.to),
            DoubleKind::EnPassant => VALUES[PAWN as usize],
            _ => 0,
        };
        let promotion = if m.promotion != 0 { VALUES[m.promotion as usize] } else { 0 };
        16 * (victim + promotion) - self.kind_at(m.from) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::DoublesSeating;
    use crate::doublechess::tri::TriChessSetup;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// `checks` names exactly the moves after which a seat's King stands in check, by the
    /// mover or by any other seat (what the many-seat search keeps of an opponent's quiet
    /// moves): cross-checked against playing every legal move, through random six-seat
    /// Tri-Chess (cut-throat and three pairs) and cut-throat Double Chess, where some checks
    /// are a third seat's. A King already mated (partners) counts as no check.
    #[test]
    fn checks_agree_with_playing_the_move() {
        let tri = DoubleChessPosition::tri_start(TriChessSetup {
            players: 6,
            seating: DoublesSeating::CutThroat,
            cut_edges: false,
            extended: true,
            full_corners: false,
        })
        .unwrap();
        let pairs = DoubleChessPosition::tri_start(TriChessSetup {
            players: 6,
            seating: DoublesSeating::PartnersAdjacent,
            cut_edges: false,
            extended: true,
            full_corners: false,
        })
        .unwrap();
        let double = DoubleChessPosition::start(DoublesSeating::CutThroat, crate::doublechess::Notation::Grid).unwrap();
        // Checks by the mover, and checks by another seat (uncovered or standing).
        let (mut checking, mut others) = (0, 0);
        for (start, seed) in [(tri, 1u64), (pairs, 3), (double, 2)] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut p = start;
            for _ in 0..300 {
                let mut moves = Vec::new();
                p.legal_moves(&mut moves);
                if moves.is_empty() || p.outcome_with(&moves).is_some() {
                    break;
                }
                let mover = p.turn();
                for &m in &moves {
                    let mut after = p.clone();
                    after.play_unchecked(m);
                    for s in p.seating().seats().filter(|&s| s != mover) {
                        let k = after.kings[s];
                        let by = if k == NO_CELL || p.mate[s].is_some() { SeatSet::EMPTY } else { after.attacking_seats(k, after.enemies(s)) };
                        checking += by.contains(mover) as usize;
                        others += (!by.without(mover).is_empty()) as usize;
                        assert_eq!(p.checks(m, SeatSet::single(s)), Some(!by.is_empty()), "{} {} on {}", p.move_text(m), s.letter(), p.to_text());
                    }
                }
                let m = moves[rng.random_range(0..moves.len())];
                p.play_unchecked(m);
            }
        }
        assert!(checking > 0 && others > 0, "the playouts met both kinds of check: {checking} and {others}");
    }
}
