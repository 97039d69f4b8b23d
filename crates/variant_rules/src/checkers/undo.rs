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
