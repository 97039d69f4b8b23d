//! Static evaluation: each game says how well every seat stands and which moves are noisy.
//!
//! Scores are in hundredths of a pawn (chess family) or of a man (checkers family). Search
//! turns the per-seat figures into one number for a coalition of seats with
//! [`coalition_score`], so the same evaluation serves two players, two teams and cut-throat.

mod checkers;
mod chess;
mod chess_bits;
mod chess_tables;
mod chess_terms;
mod double;
mod small;

use rand::Rng;

use crate::game::{AnyMove, AnyPosition, dispatch, with_move};
use crate::position::{PerSeat, Position, Seat, SeatSet, SeatState, Seating};

/// What the search needs to know about a game beyond its rules.
pub trait Evaluate: Position {
    /// Each seat's material alone (what the greedy controller maximises).
    fn material(&self, out: &mut PerSeat<i32>);
    /// Each seat's standing: material plus the game's positional terms. Larger is better.
    fn seat_scores(&self, out: &mut PerSeat<i32>) {
        self.material(out);
    }
    /// The key of the search's cache of static scores: positions with one key have the same
    /// [`Evaluate::seat_scores`]. Default: the position's hash.
    fn eval_key(&self) -> u64 {
        self.hash()
    }
    /// Whether `m` changes material (a capture, a jump, a promotion): what quiescence
    /// search follows past the nominal depth.
    fn is_noisy(&self, m: Self::Move) -> bool;
    /// Where the game can list its noisy moves alone: clears `out`, fills it with the legal
    /// noisy moves and returns true, unless the side to move is in check (then false). With
    /// such a list quiescence neither lists the quiet moves nor asks whether the game is over
    /// (there is no mate without a check, and a stalemate there scores as the position stands,
    /// as in most engines).
    fn noisy_moves(&self, out: &mut Vec<Self::Move>) -> bool {
        let _ = out;
        false
    }
    /// How promising a noisy move looks before it is searched (most valuable victim first);
    /// larger is tried earlier.
    fn order_hint(&self, m: Self::Move) -> i32 {
        let _ = m;
        0
    }
    /// Whether `m` is only half of a turn whose other half the same seat plays at once (CHEX:
    /// a draw, then its placement), so search does not count it as a ply of depth.
    fn extends(&self, m: Self::Move) -> bool {
        let _ = m;
        false
    }
    /// The seat whose piece the noisy move `m` takes, or `None` where it takes none or the game
    /// does not say (several victims: a checkers jump). Quiescence at a table of more than two
    /// seats leaves out a capture of a piece on the mover's own side of the search (an
    /// opponent taking another opponent's piece), which only lowers that side's score.
    fn victim(&self, m: Self::Move) -> Option<Seat> {
        let _ = m;
        None
    }
    /// Whether a King of `seats` stands in check once `m` is played (where three or more seats
    /// play, the check may be a third seat's, uncovered by the move or already standing), or
    /// `None` where the game does not say; the search then never leaves a move out for not
    /// checking.
    fn checks(&self, m: Self::Move, seats: SeatSet) -> Option<bool> {
        let _ = (m, seats);
        None
    }
    /// Whether `by`, the seat that just moved, has a capture of a piece of `seats` standing now
    /// (a checkers stack with a first hop over one of theirs), or `None` where the game does
    /// not say. Where a game says, the paranoid search at five or six seats scores an
    /// opponent's quiet ply as the mover's uniform choice, searching each quiet move after
    /// which this is true and letting the first in order stand for the rest (`pvs`,
    /// `Searcher::expect_quiet`). Default: `None`.
    fn threatened(&self, by: Seat, seats: SeatSet) -> Option<bool> {
        let _ = (by, seats);
        None
    }
    /// One sample, drawn with `rng`, of what the side to move cannot see (CHEX: an order of the
    /// face-down piles), or `None` where nothing is hidden. Search and the greedy controller
    /// play on such samples, never on the real hidden state.
    fn hidden_sample(&self, rng: &mut impl Rng) -> Option<Self> {
        let _ = rng;
        None
    }
    /// Whether search counts a position repeated along its line as the repetition it would be
    /// in the game (where the game has that rule at all). Default: yes.
    fn search_repetition(&self) -> bool {
        true
    }
    /// Whether the side to move stands in check: search never reduces a move or cuts a node
    /// short there, and looks one ply deeper. Default: no (games without check).
    fn in_check_now(&self) -> bool {
        false
    }
    /// Whether the search may cut a node on the static score alone: the null move and, near
    /// the horizon, a static score far above beta. Sound where a move rarely hurts the mover
    /// and the evaluation is stable outside captures (orthodox chess). Default: no.
    fn forward_pruning(&self) -> bool {
        false
    }
    /// Passes the turn for the null-move test (a free move for the opponent: if our side still
    /// stands above beta, the node is cut without searching it), or `None` where that is
    /// unsound: games where a move can hurt the mover (zugzwang: the checkers family, a king
    /// and pawns alone), a side in check, games that never pass. Default: `None`.
    fn play_null(&mut self) -> Option<Self::Undo> {
        None
    }
    /// Takes back [`Evaluate::play_null`].
    fn undo_null(&mut self, undo: Self::Undo) {
        let _ = undo;
    }
    /// A small number naming a quiet move's kind of play for the history table (the mover, from
    /// where to where), or `None` where the game keeps no history. Moves that refute siblings
    /// raise their slot, and quiet moves are tried in order of it.
    fn history_key(&self, m: Self::Move) -> Option<usize> {
        let _ = m;
        None
    }
    /// Whether the noisy move `m` likely loses material (the piece taken is worth less than the
    /// mover and the target is defended): tried after the quiet moves, and left out of
    /// quiescence. Default: no.
    fn losing_capture(&self, m: Self::Move) -> bool {
        let _ = m;
        false
    }
    /// Whether `m` likely leaves its mover more than `margin` worse off once the exchanges it
    /// starts on its target are over (a static exchange evaluation), where the game can tell:
    /// near the horizon such moves are not searched. Default: no.
    fn loses_exchange(&self, m: Self::Move, margin: i32) -> bool {
        let _ = (m, margin);
        false
    }
    /// The seats out of the game for good ([`SeatState::Eliminated`]), which
    /// [`coalition_score`] can leave out of the opponents' mean. Default: asks each seat's
    /// state.
    fn seats_out(&self) -> SeatSet {
        self.seating().seats().filter(|&s| self.seat_state(s) == SeatState::Eliminated).fold(SeatSet::EMPTY, SeatSet::with)
    }
    /// Whether search's static score at three or more teams leaves a team whose seats are all
    /// out ([`Evaluate::seats_out`]) out of the opponents' mean, where the game has been
    /// measured with it. Default: no, the mean over every seat (the settled strength rows).
    fn leaves_out_teams_out(&self) -> bool {
        false
    }
    /// The method [`super::Method::Auto`] searches with at a table of `seats` seats, each
    /// playing for itself (three or more): what the matches between paranoid search,
    /// best-reply search and MCTS found for the game (docs/architecture.md, "Three or more
    /// teams"). Never [`super::Method::Auto`]. Default: best-reply search up to four seats
    /// ([`super::BEST_REPLY_UP_TO_SEATS`]), paranoid search beyond.
    fn cut_throat_method(&self, seats: usize) -> super::Method {
        super::Method::default_cut_throat(seats)
    }
    /// The deepest iteration a timed [`super::Method::Auto`] search of `seats` seats, each
    /// playing for itself, goes to, where the matches found the game's method playing worse
    /// the deeper it looked. Default: no cap (`u32::MAX`).
    fn cut_throat_depth(&self, _seats: usize) -> u32 {
        u32::MAX
    }
}

/// `us`' standing against everyone else at the table: the mean score of the seats in `us`
/// less the mean score of the others (means, so that one seat against three in cut-throat
/// weighs a loss of its own as much as the same loss spread over its opponents). A team all of
/// whose seats are in `out` (out of the game for good) is left out of the others' mean, so
/// that once one opposing team is left the score is the duel's. Counting the out seats' zeros,
/// six-seat Tri-Chek scored our two kings against a last opponent's three as 2 - 3/5 kings
/// ahead, and the AI gave a king away rather than take the forty-move draw of a tie.
pub fn coalition_score(seating: &Seating, us: SeatSet, scores: &PerSeat<i32>, out: SeatSet) -> i32 {
    // Every opposing team out means the game is over (scored elsewhere): then all count.
    let others = seating.all().0 & !us.0;
    let out = if others & !out.0 == 0 { 0 } else { out.0 };
    let (mut ours, mut n_ours, mut theirs, mut n_theirs) = (0i64, 0i64, 0i64, 0i64);
    for s in seating.seats() {
        if us.contains(s) {
            ours += scores[s] as i64;
            n_ours += 1;
        } else if seating.team(s).0 & !out != 0 {
            theirs += scores[s] as i64;
            n_theirs += 1;
        }
    }
    (ours / n_ours.max(1) - theirs / n_theirs.max(1)) as i32
}

/// The dispatch enum evaluates through whichever game it holds (a move of another game is
/// quiet and unremarkable: it can never be legal here).
impl Evaluate for AnyPosition {
    fn material(&self, out: &mut PerSeat<i32>) {
        dispatch!(self, p => p.material(out))
    }
    fn seat_scores(&self, out: &mut PerSeat<i32>) {
        dispatch!(self, p => p.seat_scores(out))
    }
    fn is_noisy(&self, m: AnyMove) -> bool {
        with_move!(self, m, p, m => p.is_noisy(m), false)
    }
    fn order_hint(&self, m: AnyMove) -> i32 {
        with_move!(self, m, p, m => p.order_hint(m), 0)
    }
    fn extends(&self, m: AnyMove) -> bool {
        with_move!(self, m, p, m => p.extends(m), false)
    }
    fn victim(&self, m: AnyMove) -> Option<Seat> {
        with_move!(self, m, p, m => p.victim(m), None)
    }
    fn checks(&self, m: AnyMove, seats: SeatSet) -> Option<bool> {
        with_move!(self, m, p, m => p.checks(m, seats), None)
    }
    fn threatened(&self, by: Seat, seats: SeatSet) -> Option<bool> {
        dispatch!(self, p => p.threatened(by, seats))
    }
    fn cut_throat_method(&self, seats: usize) -> super::Method {
        dispatch!(self, p => p.cut_throat_method(seats))
    }
    fn cut_throat_depth(&self, seats: usize) -> u32 {
        dispatch!(self, p => p.cut_throat_depth(seats))
    }
    fn seats_out(&self) -> SeatSet {
        dispatch!(self, p => p.seats_out())
    }
    fn leaves_out_teams_out(&self) -> bool {
        dispatch!(self, p => p.leaves_out_teams_out())
    }
    fn hidden_sample(&self, rng: &mut impl Rng) -> Option<Self> {
        dispatch!(self, p => p.hidden_sample(rng).map(AnyPosition::from))
    }
    fn search_repetition(&self) -> bool {
        dispatch!(self, p => p.search_repetition())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Seat;

    fn scores(v: &[i32]) -> PerSeat<i32> {
        let mut out = PerSeat::splat(0);
        for (i, &x) in v.iter().enumerate() {
            out[Seat(i as u8)] = x;
        }
        out
    }

    #[test]
    fn teams_out_for_good_leave_the_opponents_mean() {
        let cut = Seating::cut_throat(6);
        let s = scores(&[200, 300, 0, 0, 0, 0]);
        let a = SeatSet::single(Seat(0));
        let gone = SeatSet::of(&[Seat(2), Seat(3), Seat(4), Seat(5)]);
        assert_eq!(coalition_score(&cut, a, &s, SeatSet::EMPTY), 200 - 300 / 5);
        assert_eq!(coalition_score(&cut, a, &s, gone), 200 - 300, "a duel once four are out");
        // Every opponent out: the game is over and the mean is over everyone, as before.
        let all = gone.with(Seat(1));
        assert_eq!(coalition_score(&cut, a, &s, all), coalition_score(&cut, a, &s, SeatSet::EMPTY));
        // A team with one seat left stays whole in the mean (its out seat counts at its score).
        let seats: Vec<Seat> = (0..6).map(Seat).collect();
        let teams = [SeatSet::of(&seats[0..2]), SeatSet::of(&seats[2..4]), SeatSet::of(&seats[4..6])];
        let pairs = Seating::new(&seats, &teams).unwrap();
        let s = scores(&[100, 100, 300, 0, 40, 20]);
        let (ab, cd_half) = (pairs.team(Seat(0)), SeatSet::single(Seat(3)));
        assert_eq!(coalition_score(&pairs, ab, &s, cd_half), 100 - 360 / 4);
        assert_eq!(coalition_score(&pairs, ab, &s, SeatSet::of(&[Seat(4), Seat(5)])), 100 - 300 / 2);
    }
}
