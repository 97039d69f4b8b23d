//! Evaluation of the checkers family (Checkers, Stax, Queens; two seats or Doubles): men and
//! kings, how far men have come, and in stacks who holds whom prisoner.

use super::Evaluate;
use crate::checkers::{CheckersMove, CheckersPosition};
use crate::position::PerSeat;
use crate::topology::Cell;

/// A man, and a king (it moves both ways: worth half as much again, the usual checkers ratio).
const MAN: i32 = 100;
const KING: i32 = 150;
/// Bonus per row a free man has come from its home row (the king row pulls it on).
const ADVANCE: i32 = 4;
/// What a prisoner (a checker under a stack its side does not command) is still worth to its
/// owner: a release can free it, so it is not lost, but it cannot move or defend.
const PRISONER_PERCENT: i32 = 30;

impl Evaluate for CheckersPosition {
    fn material(&self, out: &mut PerSeat<i32>) {
        self.score(out, false);
    }

    fn seat_scores(&self, out: &mut PerSeat<i32>) {
        self.score(out, true);
    }

    fn is_noisy(&self, m: CheckersMove) -> bool {
        m.is_jump()
    }

    fn order_hint(&self, m: CheckersMove) -> i32 {
        m.hops as i32
    }
}

impl CheckersPosition {
    /// Each seat's checkers, kings and (with `position`) advance; a stack's checkers count in
    /// full for the team on top and [`PRISONER_PERCENT`] for anyone held beneath.
    fn score(&self, out: &mut PerSeat<i32>, position: bool) {
        *out = PerSeat::splat(0);
        let table = self.table();
        let topo = self.topology();
        for c in 0..topo.len() as Cell {
            let Some(top) = self.top(c) else { continue };
            let command = table.seating.team(top.owner());
            for ck in self.stack(c) {
                let owner = ck.owner();
                let mut v = if ck.is_king() { KING } else { MAN };
                if !command.contains(owner) {
                    v = v * PRISONER_PERCENT / 100;
                } else if position && !ck.is_king() {
                    v += ADVANCE * topo.distance_from(table.sides[owner], c) as i32;
                }
                out[owner] += v;
            }
        }
    }
}
