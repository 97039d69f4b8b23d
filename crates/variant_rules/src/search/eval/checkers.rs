//! Evaluation of the checkers family (Checkers, Stax, Queens; two seats or Doubles): men and
//! kings, how far men have come, in stacks who holds whom prisoner, how free each stack is to
//! move, and the leading team's kings closing in.

use super::Evaluate;
use crate::checkers::{Checker, CheckersGame, CheckersMove, CheckersPosition};
use crate::position::{PerSeat, Seat, SeatSet};
use crate::search::Method;
use crate::topology::{Cell, MAX_CELLS};

/// The deepest iteration of a timed `auto` search of cut-throat Stax at five or six seats
/// (about what 50-200 ms reach in the middle game, where 1 s reaches 6-7). Six-seat
/// cut-throat Tri-Stax lost more the longer it thought, each loss the seat buried in the
/// melee: a deeper best-reply search expects more of the five opponents to turn on the seat,
/// which random and greedy seats never do. At 1 s a move against random players, capped:
/// 392-4-4 over seeds 1000-1399, and 85-0-0 on the 85 seeds where the full search went
/// 81-0-4; against greedy (seeds 1000-1159) 152-4-4, where the full search lost 6 of its first
/// 80 (docs/architecture.md, the seventeenth sitting).
const STAX_CUT_THROAT_DEPTH: u32 = 5;

/// A man, and a king (it moves both ways: worth half as much again, the usual checkers ratio).
const MAN: i32 = 100;
const KING: i32 = 150;

/// A checker's worth by its rank alone: [`MAN`] or [`KING`].
fn worth(ck: Checker) -> i32 {
    if ck.is_king() { KING } else { MAN }
}
/// Bonus per row a free man has come from its home row (the king row pulls it on).
const ADVANCE: i32 = 4;
/// What a prisoner (a checker under a stack its side does not command) is still worth to its
/// owner: a release can free it, so it is not lost, but it cannot move or defend.
const PRISONER_PERCENT: i32 = 30;
/// Per empty cell a commanded checker could step to: a stack hemmed in can neither run nor
/// come to help (a man is 100; a king's six open steps on the triangles 18).
const MOBILITY: i32 = 3;
/// What a commanded stack with no move at all (no step, no jump) costs its owner: a seat whose
/// stacks are all trapped is out of the game, and in Stax a trapped stack is better than a
/// taken one, whose capture frees the checkers beneath it to play again.
const TRAPPED: i32 = 60;
/// Per step a king of the team ahead stands closer than [`HUNT_RANGE`] to the nearest stack
/// another team commands: without it kings far ahead wander and the game runs to its limit.
const HUNT: i32 = 4;
/// Steps beyond which a king's distance to its quarry no longer counts (about half the
/// twelve-row hexagon's width in king steps).
const HUNT_RANGE: i32 = 10;

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

    /// Cut-throat Queens alone: its six-seat rows were measured with the opponents' quiet plies
    /// searched as a uniform choice, each jump threat counted as itself (docs/architecture.md,
    /// the twenty-third sitting); Checkers, Stax, Tri-Chek and Queens in pairs keep the search
    /// their rows were played with.
    fn threatened(&self, by: Seat, seats: SeatSet) -> Option<bool> {
        let seating = &self.table().seating;
        let cut_throat = seating.team(by) == SeatSet::single(by);
        (self.rules().game == CheckersGame::Queens && cut_throat).then(|| self.threatens(by, seats))
    }

    /// One pass over the stacks: a seat with no checker left in any stack is out for good
    /// (what [`CheckersPosition::state_of`] calls eliminated, without its scan per seat).
    fn seats_out(&self) -> SeatSet {
        let mut present = SeatSet::EMPTY;
        for c in 0..self.topology().len() as Cell {
            for ck in self.stack(c) {
                present = present.with(ck.owner());
            }
        }
        SeatSet(self.table().seating.all().0 & !present.0)
    }

    /// Tri-Chek alone, where its forty-move draw made the mean over every seat cost games
    /// (docs/architecture.md, the fifteenth sitting); Stax and Queens keep the mean their rows
    /// were played with until they are measured with it.
    fn leaves_out_teams_out(&self) -> bool {
        self.is_tri_chek()
    }

    /// Best-reply search for Stax and Tri-Chek at every table size, but MCTS for six-seat
    /// Tri-Chek; Queens keeps the default (paranoid search from five seats: six-seat
    /// cut-throat Tri-Queens with best-reply search capped at depth 5, as Stax's, went 58-3-7
    /// against random players and 62-1-5 against greedy over seeds 1000-1067, where paranoid
    /// search stands at 24-0-2 and 24-0-0; docs/architecture.md, the seventeenth sitting).
    /// Paranoid search capped at depth 7 (one round and the seat's next move) went 39-1-0
    /// against random players but 35-1-4 against greedy over seeds 1000-1039 (the eighteenth
    /// sitting): not kept either, nor MCTS, 7-1-0 against random players over seeds 1000-1007
    /// and 10-0-2 against greedy over 1000-1011 (the nineteenth sitting). Paranoid search
    /// itself reached 108-2-8 against random players over seeds 1000-1117 (the twentieth); with
    /// the opponents' quiet plies as a uniform choice ([`Evaluate::threatened`], the
    /// twenty-third sitting) it plays the rows as they stand.
    ///
    /// Six-seat cut-throat Tri-Stax against greedy players at 200 ms a move, the same 48 seeds
    /// (2000-2047): best-reply search 46-0-2, MCTS 46-0-2, paranoid 42-1-5 (the losses in
    /// different games: a melee of forced jumps that buries a seat, not a position lost from
    /// the start); at 1 s paranoid had 35-0-5 over 40, short of the target.
    ///
    /// Six-seat cut-throat Tri-Chek plays Monte Carlo tree search (with a draw shared by the
    /// teams still in, 435d52b): at 1 s a move it went 80-0-0 against random players (seeds
    /// 1000-1079) and 22-2-0 against greedy (1000-1023), where best-reply search went 119-6-3
    /// against random players (seeds 1000-1127: 97.5%, 93.0-99.2, open, and with three losses
    /// it holds only at 170-0-3); on seeds 1000-1063 best-reply search went 61-3-0 and MCTS
    /// before the fix 63-0-1. At 200 ms (seeds 2000-2063): MCTS 63-1-0, best-reply 61-3-0,
    /// paranoid 56-7-1 (docs/architecture.md, the sixteenth sitting).
    fn cut_throat_method(&self, seats: usize) -> Method {
        if self.is_tri_chek() && seats >= 6 {
            Method::Mcts
        } else if self.is_tri_chek() || self.rules().game == CheckersGame::Stax {
            Method::BestReply
        } else {
            Method::default_cut_throat(seats)
        }
    }

    /// Stax from five seats: best-reply search no deeper than [`STAX_CUT_THROAT_DEPTH`].
    fn cut_throat_depth(&self, seats: usize) -> u32 {
        if self.rules().game == CheckersGame::Stax && seats >= 5 { STAX_CUT_THROAT_DEPTH } else { u32::MAX }
    }
}

impl CheckersPosition {
    /// Checkers on the hexagon of triangles, the game whose search settings differ from Stax's
    /// and Queens' where its rows were measured apart.
    fn is_tri_chek(&self) -> bool {
        self.rules().tri && self.rules().game == CheckersGame::Checkers
    }

    /// Each seat's checkers, kings and (with `position`) advance, freedom to move and the
    /// hunt; a stack's checkers count in full for the team on top and [`PRISONER_PERCENT`] for
    /// anyone held beneath.
    fn score(&self, out: &mut PerSeat<i32>, position: bool) {
        *out = PerSeat::splat(0);
        let table = self.table();
        let topo = self.topology();
        // Each seat's commanded stacks, by the checker on top (what the hunt weighs).
        let mut force = PerSeat::splat(0);
        for c in 0..topo.len() as Cell {
            let Some(top) = self.top(c) else { continue };
            let command = table.seating.team(top.owner());
            for ck in self.stack(c) {
                let owner = ck.owner();
                let mut v = worth(ck);
                if !command.contains(owner) {
                    v = v * PRISONER_PERCENT / 100;
                } else if position && !ck.is_king() {
                    v += ADVANCE * topo.distance_from(table.sides[owner], c) as i32;
                }
                out[owner] += v;
            }
            if position {
                force[top.owner()] += worth(top);
                let steps = self.free_steps(c) as i32;
                out[top.owner()] += MOBILITY * steps - if steps == 0 && !self.can_jump(c) { TRAPPED } else { 0 };
            }
        }
        if position {
            self.hunt(out, &force);
        }
    }

    /// The team whose commanded stacks weigh more than four thirds of every other team's (by the
    /// checkers on top), if one does: the side that should be pressing for the win.
    fn team_ahead(&self, force: &PerSeat<i32>) -> Option<Seat> {
        let seating = &self.table().seating;
        let team_force = |s: Seat| seating.team(s).iter().map(|t| force[t]).sum::<i32>();
        let lead = seating.seats().max_by_key(|&s| team_force(s))?;
        let ahead = team_force(lead);
        let mut others = seating.seats().filter(|&s| !seating.team(lead).contains(s));
        (ahead > 0 && others.all(|s| 3 * ahead > 4 * team_force(s))).then_some(lead)
    }

    /// Each king of the team ahead earns [`HUNT`] per step it stands within [`HUNT_RANGE`] of
    /// the nearest stack another team commands (in king steps, [`crate::topology::Topology::colour_steps`]).
    fn hunt(&self, out: &mut PerSeat<i32>, force: &PerSeat<i32>) {
        let Some(lead) = self.team_ahead(force) else { return };
        let hunters = self.table().seating.team(lead);
        let topo = self.topology();
        // The quarry: cells topped by another team (a fixed buffer, no allocation per node).
        let mut quarry = [0 as Cell; MAX_CELLS];
        let mut n = 0;
        for c in 0..topo.len() as Cell {
            if self.top(c).is_some_and(|t| !hunters.contains(t.owner())) {
                quarry[n] = c;
                n += 1;
            }
        }
        if n == 0 {
            return;
        }
        for c in 0..topo.len() as Cell {
            let Some(top) = self.top(c).filter(|t| t.is_king() && hunters.contains(t.owner())) else { continue };
            let steps = topo.colour_steps_from(c);
            let near = quarry[..n].iter().map(|&q| steps[q as usize] as i32).min().unwrap_or(HUNT_RANGE);
            out[top.owner()] += HUNT * (HUNT_RANGE - near.min(HUNT_RANGE));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::{CheckersGame, CheckersRules};
    use crate::position::Position;
    use crate::topology::Wrap;

    fn checkers(text: &str) -> CheckersPosition {
        CheckersPosition::from_text(text, CheckersRules::two(CheckersGame::Checkers), Wrap::Flat).unwrap()
    }

    fn hunt_of(p: &CheckersPosition) -> PerSeat<i32> {
        let mut force = PerSeat::splat(0);
        for c in 0..p.topology().len() as Cell {
            if let Some(t) = p.top(c) {
                force[t.owner()] += worth(t);
            }
        }
        let mut out = PerSeat::splat(0);
        p.hunt(&mut out, &force);
        out
    }

    /// Three kings against one: the king two steps from the lone king (f6 to h8) earns the
    /// hunt's bonus, the one seven steps off (a1) less; the side behind hunts nothing, and
    /// neither does a side level in force.
    #[test]
    fn the_kings_of_the_side_ahead_are_drawn_to_the_other_sides_stacks() {
        let far = hunt_of(&checkers("7B/8/8/8/8/8/8/A1A1A3 a 0"));
        let near = hunt_of(&checkers("7B/8/5A2/8/8/8/8/2A1A3 a 0"));
        let (a, b) = (Seat(0), Seat(1));
        assert_eq!((far[b], near[b]), (0, 0));
        assert_eq!(near[a] - far[a], HUNT * (7 - 2), "a1's king (7 steps) moved to f6 (2 steps)");
        assert_eq!(hunt_of(&checkers("7B/8/8/8/8/8/8/A7 a 0")), PerSeat::splat(0), "one king each");
    }

    /// A stack's freedom: a man on a1 whose one forward cell (b2) is taken and who cannot jump
    /// (c3 beyond b's man is taken) is trapped; with c3 empty it can jump and is not; a king
    /// counts its empty neighbours.
    #[test]
    fn a_trapped_stack_scores_less_than_a_free_one() {
        let trapped = checkers("8/8/8/8/3A4/2a5/1b6/a7 a 0");
        let at = |f: u8, r: u8| trapped.topology().cell(f, r).unwrap();
        assert_eq!((trapped.free_steps(at(0, 0)), trapped.can_jump(at(0, 0))), (0, false));
        assert_eq!(trapped.free_steps(at(3, 3)), 3, "d4's king: c5, e5 and e3 (c3 is taken)");
        let jumping = checkers("8/8/8/8/3A4/4a3/1b6/a7 a 0");
        assert!(jumping.can_jump(at(0, 0)), "a1 jumps b2 to c3");
        let (mut t, mut j) = (PerSeat::splat(0), PerSeat::splat(0));
        trapped.seat_scores(&mut t);
        jumping.seat_scores(&mut j);
        // The man on c3 or e3 has one free step either way (d4 is taken), and d4's king loses
        // one of its four steps to it either way.
        assert_eq!(j[Seat(0)] - t[Seat(0)], TRAPPED, "only a1's trap differs");
    }

    /// A quiet step that leaves its mover a jump threatens the jumped seat: a's man stepping
    /// from a1 to b2 faces b's man on c3 with d4 empty beyond it; before the step there is no
    /// such jump, and b, whose men move down the board, threatens nothing. Checkers does not
    /// say (its rows were measured without it).
    #[test]
    fn a_step_that_leaves_a_jump_threatens_the_seat_jumped() {
        let queens = |text: &str| CheckersPosition::from_text(text, CheckersRules::two(CheckersGame::Queens), Wrap::Flat).unwrap();
        let (a, b) = (Seat(0), Seat(1));
        let mut p = queens("8/8/8/8/8/2b5/8/a7 a 0");
        let at = |f: u8, r: u8| p.topology().cell(f, r).unwrap() as u8;
        let step = CheckersMove::step(at(0, 0), at(1, 1));
        assert_eq!(p.threatened(a, SeatSet::single(b)), Some(false), "a1 jumps nothing");
        p.play_unchecked(step);
        assert_eq!(p.threatened(a, SeatSet::single(b)), Some(true), "b2 jumps c3 to d4");
        assert_eq!(p.threatened(a, SeatSet::single(a)), Some(false), "never its own");
        let far = queens("8/8/8/8/8/8/1b6/8 a 0");
        assert_eq!(far.threatened(b, SeatSet::single(a)), Some(false));
        assert_eq!(checkers("8/8/8/8/8/2b5/1a6/8 a 0").threatened(a, SeatSet::single(b)), None);
    }
}
