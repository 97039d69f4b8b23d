//! Playing a checkers move and taking it back: a two-seat move is undone hop by hop from a
//! small record; the rest (more seats, where passing the turn may end the game or remove a
//! seat's checkers) from a copy of the whole position.

use super::*;

/// The most hops a two-seat move can make: each takes the top of a different cell owned by the
/// one opponent, who has 12 checkers.
const TWO_SEAT_HOPS: usize = 12;

/// What [`Position::undo`] needs to take a checkers move back.
#[derive(Clone)]
// The whole position is held in place on purpose: boxing it would allocate per move.
#[allow(clippy::large_enum_variant)]
pub enum CheckersUndo {
    /// A two-seat move, reversed from what it changed.
    Reversal(Reversal),
    /// The whole position before the move (held in place, not boxed: no allocation per move).
    Whole(CheckersPosition),
}

/// What a two-seat move changed, beyond the stacks it moved (which the move itself names).
#[derive(Clone, Debug)]
pub struct Reversal {
    hash: u64,
    quiet: u16,
    turn: Seat,
    /// The moving stack's top checker before the move (it may be crowned on landing).
    mover: Checker,
    /// Each hop's jumped cell and the checker it took from there.
    overs: [u8; TWO_SEAT_HOPS],
    victims: [u8; TWO_SEAT_HOPS],
}

impl CheckersPosition {
    /// Whether `m` can be taken back from a [`Reversal`]: two seats (passing the turn changes
    /// nothing else), and no checker crowned where a hop uncovers it.
    #[inline(always)]
    fn reversible(&self, m: &CheckersMove) -> bool {
        self.table.seating.count() == 2 && m.hops as usize <= TWO_SEAT_HOPS && (m.hops == 0 || self.rules.uncovered == UncoveredMan::Wait)
    }

    /// Plays `m` (legal here) and returns what takes it back.
    pub(super) fn play_reversibly(&mut self, m: CheckersMove) -> CheckersUndo {
        if m.hops == 0 && self.bits_apply() && self.table.seating.count() == 2 {
            return CheckersUndo::Reversal(self.play_two_seat_step(m));
        }
        if !self.reversible(&m) {
            let before = self.clone();
            self.play_move(m, |_, _, _| {});
            return CheckersUndo::Whole(before);
        }
        let mut r = Reversal {
            hash: self.hash,
            quiet: self.quiet,
            turn: self.turn,
            mover: self.checkers[self.top[m.from as usize] as usize],
            overs: [NONE; TWO_SEAT_HOPS],
            victims: [NONE; TWO_SEAT_HOPS],
        };
        self.play_move(m, |i, over, victim| {
            r.overs[i] = over;
            r.victims[i] = victim;
        });
        CheckersUndo::Reversal(r)
    }

    /// A step between two seats on an 8x8 board, the commonest move: [`Self::play_move`]'s
    /// work written out for it (the stack moves, is crowned on its king row, and the turn goes
    /// to the other seat).
    #[inline(always)]
    fn play_two_seat_step(&mut self, m: CheckersMove) -> Reversal {
        let (from, to) = (m.from, m.path[0]);
        let id = self.top[from as usize];
        let mover = self.checkers[id as usize];
        let r = Reversal { hash: self.hash, quiet: self.quiet, turn: self.turn, mover, overs: [NONE; TWO_SEAT_HOPS], victims: [NONE; TWO_SEAT_HOPS] };
        // The stack leaves `from` (empty after) for `to` (empty before).
        self.hash ^= self.cell_hash(from);
        self.top[to as usize] = id;
        self.top[from as usize] = NONE;
        self.step_bits(from, to, mover.owner(), mover.is_king());
        if !mover.is_king() && self.on_king_row(to, mover.owner()) {
            self.checkers[id as usize] = mover.crowned();
            self.refresh_bits(to);
        }
        self.hash ^= self.cell_hash(to);
        self.quiet = if mover.is_king() { self.quiet.saturating_add(1) } else { 0 };
        let next = self.table.seating.next(self.turn);
        self.hash ^= Self::turn_key(self.turn) ^ Self::turn_key(next);
        self.turn = next;
        r
    }

    /// Plays `m`, telling `taken` each hop's number, jumped cell and the checker taken there.
    #[inline(always)]
    fn play_move(&mut self, m: CheckersMove, mut taken: impl FnMut(usize, u8, u8)) {
        let mover = self.checkers[self.top[m.from as usize] as usize];
        if m.is_jump() {
            let mut cur = m.from;
            for i in 0..m.hops as usize {
                let over = self.over_between(cur, m.path[i], mover);
                taken(i, over, self.top[over as usize]);
                self.apply_hop(cur, over, m.path[i]);
                cur = m.path[i];
            }
        } else {
            // The stack leaves `from` (empty after) for `to` (empty before).
            let to = m.path[0];
            self.hash ^= self.cell_hash(m.from);
            self.top[to as usize] = self.top[m.from as usize];
            self.top[m.from as usize] = NONE;
            self.step_bits(m.from, to, mover.owner(), mover.is_king());
            self.hash ^= self.cell_hash(to);
        }
        self.crown_if_due(m.to());
        self.quiet = if m.is_jump() || !mover.is_king() { 0 } else { self.quiet.saturating_add(1) };
        self.pass_turn(self.turn);
    }

    /// Takes back `m`, the last move played, from what playing it returned.
    pub(super) fn unplay(&mut self, m: &CheckersMove, undo: CheckersUndo) {
        let r = match undo {
            CheckersUndo::Whole(before) => return *self = before,
            CheckersUndo::Reversal(r) => r,
        };
        let moved = self.top[m.to() as usize];
        let now = self.checkers[moved as usize];
        self.checkers[moved as usize] = r.mover;
        if m.is_jump() {
            self.unjump(m, &r);
        } else {
            let to = m.path[0];
            self.top[m.from as usize] = moved;
            self.top[to as usize] = NONE;
            self.step_bits(to, m.from, r.mover.owner(), now.is_king());
            if now != r.mover {
                // Crowned on landing: the bits of the cell it came back to say king.
                self.refresh_bits(m.from);
            }
        }
        self.hash = r.hash;
        self.quiet = r.quiet;
        self.turn = r.turn;
    }

    /// Takes back the hops of the jump `m`, last first: the stack goes back to each hop's start,
    /// and each checker it took goes back on top of the cell it was taken from.
    fn unjump(&mut self, m: &CheckersMove, r: &Reversal) {
        for i in (0..m.hops as usize).rev() {
            let (land, cur) = (m.path[i], if i == 0 { m.from } else { m.path[i - 1] });
            self.top[cur as usize] = self.top[land as usize];
            self.top[land as usize] = NONE;
            let (over, victim) = (r.overs[i], r.victims[i]);
            if self.rules.game != CheckersGame::Checkers {
                // The prisoner went to the bottom of the stack; the later ones are off already.
                let mut id = self.top[cur as usize];
                while self.below[id as usize] != victim {
                    id = self.below[id as usize];
                }
                self.below[id as usize] = NONE;
            }
            self.below[victim as usize] = self.top[over as usize];
            self.top[over as usize] = victim;
            for c in [land, over, cur] {
                self.refresh_bits(c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    /// The written-out step gives the position the general move gives (stacks, crowns, bits,
    /// hash, counters, turn) for every step of random games of the two-player 8x8 rule sets,
    /// long enough for men to reach their king rows.
    #[test]
    fn the_two_seat_step_plays_as_the_general_move() {
        let mut rng = ChaCha8Rng::seed_from_u64(29);
        let (mut steps, mut crowned) = (0, 0);
        for game in [CheckersGame::Checkers, CheckersGame::Stax, CheckersGame::Queens] {
            for wrap in [Wrap::Flat, Wrap::Cylinder, Wrap::Universal] {
                for seed in 0..12 {
                    let mut p = CheckersPosition::start(CheckersRules::two(game), wrap, seed).unwrap();
                    let mut moves = Vec::new();
                    for _ in 0..200 {
                        p.legal_moves(&mut moves);
                        if moves.is_empty() {
                            break;
                        }
                        for &m in moves.iter().filter(|m| !m.is_jump()) {
                            let (mut fast, mut general) = (p.clone(), p.clone());
                            fast.play_two_seat_step(m);
                            general.play_move(m, |_, _, _| {});
                            let kings = |q: &CheckersPosition| q.checkers_on_board().filter(|k| k.is_king()).count();
                            crowned += (kings(&fast) > kings(&p)) as usize;
                            assert_eq!(fast.text(), general.text(), "{} {wrap:?} {}", game.as_str(), p.move_text(m));
                            assert_eq!((fast.hash, fast.quiet, fast.turn), (general.hash, general.quiet, general.turn));
                            assert_eq!((fast.bits.seats.0, fast.bits.kings), (general.bits.seats.0, general.bits.kings));
                            steps += 1;
                        }
                        p.play_unchecked(moves[rng.random_range(0..moves.len())]);
                    }
                }
            }
        }
        assert!(steps > 10_000 && crowned > 100, "{steps} steps, {crowned} crowning");
    }
}
