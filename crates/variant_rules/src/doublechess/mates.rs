//! Playing a Double Chess move and the four-player check state it leaves: checkmates declared and broken, missed turns, the King's capture and its immunity, frozen sets, and the `Position` impl.

use super::{DoubleChessPosition, DoubleKind, DoubleMove, Immunity, KING, Mate, PAWN, kind, owner, piece};
use crate::position::{Outcome, Position, Reason, Seat, SeatSet, SeatState, Seating};
use crate::topology::NO_CELL;

impl DoubleChessPosition {
    /// Whether seat `t` misses its turns now: frozen (cut-throat, checkmated) or mated with its
    /// King still on the board ("the victim continues to miss turns until the checkmate is
    /// either consummated or broken").
    #[inline]
    pub(crate) fn skipped(&self, t: Seat) -> bool {
        self.out.contains(t) || (self.mate[t].is_some() && self.kings[t] != NO_CELL)
    }

    /// The first seat of `set` to move after `after` (`after` itself last), passing over seats
    /// that miss their turns except `keep`.
    fn first_to_move(&self, after: Seat, set: SeatSet, keep: Seat) -> Option<Seat> {
        let mut t = after;
        for _ in 0..self.seating.count() {
            t = self.seating.next(t);
            if set.contains(t) && (t == keep || !self.skipped(t)) {
                return Some(t);
            }
        }
        None
    }

    /// Whether seat `s` must take a King it has mated (it has one to take).
    pub(crate) fn owes_capture(&self, s: Seat) -> bool {
        self.seating.seats().any(|v| self.kings[v] != NO_CELL && self.mate[v].is_some_and(|m| m.by == s))
    }

    /// Whether a move takes a King.
    pub(crate) fn takes_king(&self, m: DoubleMove) -> bool {
        m.kind == DoubleKind::Capture && kind(self.board[m.to as usize]) == KING
    }

    /// Plays `m` for the seat to move and settles the check state.
    pub(crate) fn apply(&mut self, m: DoubleMove) {
        let s = self.turn;
        self.ep[s] = (NO_CELL, NO_CELL);
        if self.immune.is_some_and(|i| i.owner == s) {
            self.immune = None;
        }
        self.quiet = self.quiet.saturating_add(1);
        match m.kind {
            DoubleKind::Pass => {}
            DoubleKind::Castle => self.castle(s, m),
            _ => self.move_piece(s, m),
        }
        self.settle(s);
    }

    fn castle(&mut self, s: Seat, m: DoubleMove) {
        let all = self.castles[s];
        let c = all.into_iter().find(|c| c.king_to == m.to).unwrap_or(all[0]);
        let king = self.lift(c.king_from);
        let rook = self.lift(c.rook_from);
        self.put(c.king_to, king);
        self.put(c.rook_to, rook);
        self.castling &= !(3 << (2 * s.0));
    }

    fn move_piece(&mut self, s: Seat, m: DoubleMove) {
        let taken = if m.kind == DoubleKind::EnPassant { self.lift(m.victim) } else { self.lift(m.to) };
        let p = self.lift(m.from);
        self.put(m.to, if m.promotion != 0 { piece(s, m.promotion) } else { p });
        if kind(p) == PAWN || taken != 0 {
            self.quiet = 0;
        }
        if m.kind == DoubleKind::PawnRun {
            self.ep[s] = (m.from, m.to);
        }
        if kind(p) == KING {
            self.castling &= !(3 << (2 * s.0));
        }
        let rights = self.castling;
        for e in self.seating.seats().filter(|e| rights & (3 << (2 * e.0)) != 0) {
            for (i, c) in self.castles[e].into_iter().enumerate() {
                if c.rook_from == m.from || c.rook_from == m.to {
                    self.castling &= !(1 << (2 * e.0 as usize + i));
                }
            }
        }
        if self.immune.is_some_and(|i| i.cell == m.to) {
            self.immune = None;
        }
        if taken != 0 {
            // A runner taken (en passant or not) takes its en-passant targets with it.
            let victim = owner(taken);
            let at = if m.kind == DoubleKind::EnPassant { m.victim } else { m.to };
            if self.ep[victim].1 == at {
                self.ep[victim] = (NO_CELL, NO_CELL);
            }
        }
        if taken != 0 && kind(taken) == KING {
            // The mate is consummated; the taking piece is immune for a round (DC10, DC14).
            let v = owner(taken);
            self.castling &= !(3 << (2 * v.0));
            let from = self.mate[v].map_or(SeatSet::single(v), |x| x.with);
            self.immune = Some(Immunity { cell: m.to, owner: s, from });
            self.mate[v] = None;
        }
    }

    /// After a move by `mover`: drops mates that are broken, declares new ones, draws a
    /// cut-throat game left to a stalemated pair, and passes the turn on.
    fn settle(&mut self, mover: Seat) {
        for v in self.seating.seats() {
            if let Some(m) = self.mate[v]
                && (self.kings[v] == NO_CELL || (!self.cut_throat && self.attacking_seats(self.kings[v], SeatSet::single(m.by)).is_empty()))
            {
                // Consummated, or broken: the mating player's pieces no longer reach the King (DC9).
                self.mate[v] = None;
            }
        }
        let mut fresh = SeatSet::EMPTY;
        for v in self.seating.seats() {
            if self.kings[v] == NO_CELL || self.mate[v].is_some() || self.out.contains(v) {
                continue;
            }
            let attackers = self.attacking_seats(self.kings[v], self.enemies(v));
            if let Some(by) = self.mater(v, attackers, mover) {
                let with = if self.cut_throat { self.participants(v, by) } else { SeatSet::single(v) };
                self.mate[v] = Some(Mate { by, with });
                fresh = fresh.with(v);
            }
        }
        if self.cut_throat && !fresh.is_empty() {
            self.out = SeatSet(self.out.0 | fresh.0);
            for v in fresh.iter() {
                self.ep[v] = (NO_CELL, NO_CELL);
            }
            let live = SeatSet(self.seating.all().0 & !self.out.0);
            // "if one is checkmated, one is stalemated, and then a second checkmate occurs. The game then becomes a draw" (DC15).
            self.drawn = live.len() == 2 && live.iter().any(|x| !self.in_check(x) && !self.any_legal(x));
        }
        if !self.cut_throat {
            self.retire_beaten_teams();
        }
        self.turn = self.first_to_move(mover, self.seating.all(), Seat(u8::MAX)).unwrap_or_else(|| self.seating.next(mover));
    }

    /// Partners in three teams (Tri-Chess AB vs CD vs EF): a team whose Kings are all mated or
    /// taken is out while the other two play on; its pieces stay, frozen, capturable, still
    /// giving check, as a cut-throat player's do (ruling TC12). Two teams end the game instead.
    pub(super) fn retire_beaten_teams(&mut self) {
        let first = self.seating.order()[0];
        let opponents = self.seating.opponents(first);
        if opponents.iter().next().is_none_or(|o| self.seating.team(o) == opponents) {
            return;
        }
        for s in self.seating.seats() {
            let team = self.seating.team(s);
            if !self.out.contains(s) && team.iter().all(|t| self.kings[t] == NO_CELL || self.mate[t].is_some()) {
                self.out = SeatSet(self.out.0 | team.0);
                for t in team.iter() {
                    self.ep[t] = (NO_CELL, NO_CELL);
                }
            }
        }
    }

    /// Who has mated seat `v`, whose King `attackers` check, right after `mover`'s move (DC8):
    /// an attacker who moves before `v` does will take the King ("The situation is treated as
    /// if it were checkmate"); otherwise `v` is mated when it has no legal reply, by the mover
    /// if the mover gives check, else by the attacker who moves first.
    fn mater(&self, v: Seat, attackers: SeatSet, mover: Seat) -> Option<Seat> {
        if attackers.is_empty() {
            return None;
        }
        let first = self.first_to_move(mover, attackers.with(v), v)?;
        if first != v {
            return Some(first);
        }
        if self.any_legal(v) {
            return None;
        }
        if attackers.contains(mover) {
            return Some(mover);
        }
        self.first_to_move(v, attackers, v).or_else(|| attackers.iter().next())
    }

    /// Cut-throat: the seats that took part in mating `v` by `by` — every seat but `v` whose
    /// pieces attack the King, a cell the King could step to, or a piece of `by` giving check (DC14).
    fn participants(&self, v: Seat, by: Seat) -> SeatSet {
        let king = self.kings[v];
        let others = self.seating.all().without(v);
        let mut with = self.attacking_seats(king, others);
        for &c in &self.geo.king[king as usize][..self.geo.slots] {
            if c != NO_CELL && !self.closed.contains(c) {
                with = SeatSet(with.0 | self.attacking_seats(c, others).0);
            }
        }
        let mut checkers = Vec::new();
        self.for_each_attacker(&self.board, king, SeatSet::single(by), |c| {
            checkers.push(c);
            true
        });
        for c in checkers {
            with = SeatSet(with.0 | self.attacking_seats(c, others.without(by)).0);
        }
        with.without(by)
    }

    /// The seats still in the game (cut-throat: not frozen).
    pub fn live(&self) -> SeatSet {
        SeatSet(self.seating.all().0 & !self.out.0)
    }

    /// The game's result from the board and state alone.
    pub(super) fn decided(&self) -> Option<Outcome> {
        if self.drawn {
            return Some(Outcome::draw(Reason::Stalemate));
        }
        if self.cut_throat {
            let live = self.live();
            return (live.len() == 1).then(|| Outcome::team(live, Reason::Checkmate));
        }
        let live = self.live();
        if let Some(first) = live.iter().next()
            && !self.out.is_empty()
        {
            // Three teams: the last team in wins (TC12).
            let team = self.seating.team(first);
            return (live.0 & !team.0 == 0).then(|| Outcome::team(team, Reason::Checkmate));
        }
        // "To win one team must checkmate both opposing Kings, although this need not be done simultaneously."
        // Teams read seat by seat: no list is built on this per-node path.
        let lost = self.seating.seats().map(|s| self.seating.team(s)).find(|t| t.iter().all(|s| self.kings[s] == NO_CELL || self.mate[s].is_some()))?;
        Some(Outcome::team(SeatSet(self.seating.all().0 & !lost.0), Reason::Checkmate))
    }

    /// Whether seat `s`, having no legal move, passes rather than ending the game: without a
    /// King (partners, "except when the player with no permissible move has already lost his or
    /// her King"), or stalemated in cut-throat with at least two other players still in (DC13, DC15).
    fn passes(&self, s: Seat) -> bool {
        if self.cut_throat { !self.in_check(s) && self.live().without(s).len() >= 2 } else { self.kings[s] == NO_CELL }
    }
}

impl Position for DoubleChessPosition {
    type Move = DoubleMove;
    type Undo = DoubleChessPosition;

    fn turn(&self) -> Seat {
        self.turn
    }
    fn seating(&self) -> Seating {
        self.seating
    }
    fn seat_state(&self, s: Seat) -> SeatState {
        if self.out.contains(s) {
            SeatState::Eliminated
        } else if self.skipped(s) {
            SeatState::Mated
        } else {
            SeatState::InPlay
        }
    }
    fn legal_moves(&self, out: &mut Vec<DoubleMove>) {
        out.clear();
        if self.decided().is_some() {
            return;
        }
        let s = self.turn;
        self.legal_for(s, out);
        // "On its next move, the checkmating piece must capture the King ... unless the
        // checkmating player's own king has been checked" (DC10).
        if self.owes_capture(s) && !self.in_check(s) && out.iter().any(|&m| self.takes_king(m)) {
            out.retain(|&m| self.takes_king(m));
        }
        if out.is_empty() && self.passes(s) {
            out.push(DoubleMove::PASS);
        }
    }
    fn play_unchecked(&mut self, m: DoubleMove) -> DoubleChessPosition {
        let before = self.clone();
        self.apply(m);
        before
    }
    fn undo(&mut self, _m: DoubleMove, undo: DoubleChessPosition) {
        *self = undo;
    }
    fn hash(&self) -> u64 {
        self.zob ^ self.state_key()
    }
    fn recompute_hash(&self) -> u64 {
        self.board_key() ^ self.state_key()
    }
    fn outcome_with(&self, legal: &[DoubleMove]) -> Option<Outcome> {
        if let Some(o) = self.decided() {
            return Some(o);
        }
        if self.quiet >= self.quiet_limit() {
            return Some(Outcome::draw(Reason::FiftyMoveRule));
        }
        // "If any player is stalemated, the entire game is stalemated and is called a draw" (DC13).
        legal.is_empty().then(|| Outcome::draw(Reason::Stalemate))
    }
    fn move_text(&self, m: DoubleMove) -> String {
        self.write_move(m)
    }
    fn check_move_syntax(&self, text: &str) -> Result<(), String> {
        self.read_move(text).map(|_| ())
    }
    fn to_text(&self) -> String {
        self.text()
    }
    fn is_irreversible(&self, m: DoubleMove) -> bool {
        m.kind != DoubleKind::Pass && (m.kind != DoubleKind::Quiet || kind(self.board[m.from as usize]) == PAWN)
    }
    fn parse_move(&self, text: &str) -> Result<DoubleMove, crate::position::MoveError> {
        self.parse(text)
    }
}
