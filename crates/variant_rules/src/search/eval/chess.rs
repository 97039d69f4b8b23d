//! Evaluation of the chess family: orthodox, Shadow and Cylinder chess, Dice Chess and
//! Toe-to-Toe Chess: material and square tables (developed pieces, the centre, a castled king),
//! and for the chess boards the terms of [`chess_terms`] (pawns, mobility, king safety).

use super::Evaluate;
use super::chess_bits;
use super::chess_tables::{CHESS_VALUES, FULL_PHASE, KING_PIECE, PESTO, SIMPLIFIED, Squares};
use super::chess_terms::{self, Tapered};
use crate::chess::{self, ChessMove, ChessPosition, ChessUndo, KingRule, MoveKind, PieceBits};
use crate::dicechess::{DiceChessPosition, DiceMove, DiceRules, NoMove};
use crate::position::{PerSeat, Position, Seat, SeatSet, Seating};
use crate::toetoe::{self, ToeMove, ToeMoveKind, ToeToePosition};
use crate::topology::{Cell, MAX_SQUARE_CELLS, NO_CELL, Side, Topology, Wrap};

/// Bonus per rank a pawn has advanced from its home row (boards without square tables).
const PAWN_ADVANCE: i32 = 8;
/// Penalty per step a knight or bishop stands from the board's centre (boards without tables).
const OFF_CENTRE: i32 = 6;

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

/// Adds the value and square figure of `kind` on `c` for its owner on `side` (8x8 boards) to
/// `flat` and `blended` ([`Squares::add`]): a row of the table, and on a cylinder, whose files
/// have no edge, that row's mean.
fn add_square(topo: &Topology, squares: &Squares, kind: u8, side: Side, c: Cell, flat: &mut i32, blended: &mut Tapered) {
    let row = &squares.cells[kind as usize][(7 - topo.distance_from(side, c) as usize) * 8..][..8];
    let square = match topo.wrap() {
        Wrap::Flat => row[topo.file(c) as usize],
        _ => {
            let (mid, end) = row.iter().fold((0, 0), |(m, e), t| (m + t.mid, e + t.end));
            Tapered { mid: mid / 8, end: end / 8 }
        }
    };
    squares.add(kind, square, flat, blended);
}

impl ChessPosition {
    /// Whether [`chess_bits::seat_scores`] evaluates this position: the flat 8x8 board without
    /// Shadow's hidden pieces, whatever the kings' rule (the dice games' kings may be taken).
    pub(super) fn bit_eval_applies(&self) -> bool {
        let topo = self.topology();
        topo.width() == 8 && topo.height() == 8 && topo.wrap() == Wrap::Flat && !self.rules().shadow
    }

    /// [`Evaluate::seat_scores`] cell by cell, on any board.
    pub(super) fn seat_scores_by_cells(&self, out: &mut PerSeat<i32>) {
        let topo = self.topology();
        let tables = topo.width() == 8 && topo.height() == 8;
        let mut squared = PerSeat::splat(Tapered::default());
        let mut phase = 0;
        *out = PerSeat::splat(0);
        for c in 0..topo.len() as Cell {
            let Some(s) = self.color_at(c) else { continue };
            let kind = self.kind_at(c);
            if kind != chess::PAWN && kind != chess::KING {
                phase += CHESS_VALUES[kind as usize];
            }
            if !tables {
                out[s] += self.kind_value(kind) + self.plain_positional(kind, Side::of_two(s), c);
                continue;
            }
            // Kings that may be taken are also material; the tables value a king at nothing.
            out[s] += self.kind_value(kind) - CHESS_VALUES[kind as usize];
            let (flat, blended) = (&mut out[s], &mut squared[s]);
            add_square(topo, self.squares(), kind, Side::of_two(s), c, flat, blended);
        }
        let phase = phase.min(FULL_PHASE);
        let mut terms = PerSeat::splat(Tapered::default());
        chess_terms::terms(self, &mut terms);
        for s in Seating::TWO.seats() {
            out[s] += squared[s].blend(phase, FULL_PHASE) + terms[s].blend(phase, FULL_PHASE);
        }
    }

    /// The square tables this game evaluates with: PeSTO's for orthodox chess (royal kings),
    /// Michniewski's for the dice games, where those were measured.
    pub(super) fn squares(&self) -> &'static Squares {
        if self.rules().kings == KingRule::Royal { &PESTO } else { &SIMPLIFIED }
    }

    /// The centipawn value of a kind under these rules.
    fn kind_value(&self, kind: u8) -> i32 {
        match (kind, self.rules().kings) {
            (chess::KING, KingRule::Capture) => KING_PIECE,
            (k, _) => CHESS_VALUES[k as usize],
        }
    }

    /// Positional terms on boards without square tables (BrainKing's 10x10): pawns advance,
    /// minor pieces centralise.
    fn plain_positional(&self, kind: u8, side: Side, c: Cell) -> i32 {
        let topo = self.topology();
        match kind {
            chess::PAWN => PAWN_ADVANCE * (topo.distance_from(side, c) as i32 - 1).max(0),
            chess::KNIGHT | chess::BISHOP => -OFF_CENTRE * off_centre(topo, c),
            _ => 0,
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

    /// Material plus square tables; the king's table blends from middlegame to endgame as the
    /// pieces come off.
    fn seat_scores(&self, out: &mut PerSeat<i32>) {
        if self.bit_eval_applies() {
            return chess_bits::seat_scores(self, out);
        }
        self.seat_scores_by_cells(out);
    }

    /// Orthodox chess on the flat board, from the bit generator.
    fn noisy_moves(&self, out: &mut Vec<ChessMove>) -> bool {
        out.clear();
        self.bit_moves_apply() && self.has_king(self.turn()) && self.bit_noisy_moves(self.turn(), out)
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

    fn in_check_now(&self) -> bool {
        self.rules().kings != KingRule::Capture && self.in_check(self.turn())
    }

    /// Whether `m` checks the other side's king (two seats, royal kings): played on a copy.
    fn checks(&self, m: ChessMove, seats: SeatSet) -> Option<bool> {
        if self.rules().kings != KingRule::Royal {
            return None;
        }
        if seats != SeatSet::single(self.seating().opponent(self.turn())) {
            return None;
        }
        if self.bit_moves_apply()
            && let Some(check) = self.bit_gives_check(m)
        {
            return Some(check);
        }
        let mut after = self.clone();
        after.play_unchecked(m);
        Some(after.in_check(after.turn()))
    }

    fn forward_pruning(&self) -> bool {
        self.rules().kings == KingRule::Royal
    }

    /// Not in check, and with a piece besides pawns: with pawns alone zugzwang is common.
    fn play_null(&mut self) -> Option<ChessUndo> {
        let us = self.turn();
        (self.rules().kings == KingRule::Royal && self.has_officers(us) && !self.in_check(us)).then(|| self.pass_as_move())
    }

    fn undo_null(&mut self, undo: ChessUndo) {
        self.undo_pass_as_move(undo);
    }

    fn history_key(&self, m: ChessMove) -> Option<usize> {
        Some((self.turn().index() * MAX_SQUARE_CELLS + m.from as usize) * MAX_SQUARE_CELLS + m.to as usize)
    }

    /// A capture of a piece worth less than the mover (by more than a bishop-for-knight's
    /// difference) where the other side defends the target: a cheap static exchange test.
    fn losing_capture(&self, m: ChessMove) -> bool {
        if m.promotion != 0 || m.kind != MoveKind::Capture {
            return false;
        }
        if self.bit_moves_apply() {
            return self.loses_exchange(m, LOSING_MARGIN);
        }
        let (victim, mover) = (self.kind_value(self.kind_at(m.to)), self.kind_value(self.kind_at(m.from)));
        victim + LOSING_MARGIN < mover && self.is_attacked(m.to, Seating::TWO.opponent(self.turn()))
    }

    /// On the flat 8x8 board with orthodox rules, by the bit board's static exchange.
    fn loses_exchange(&self, m: ChessMove, margin: i32) -> bool {
        if !self.bit_moves_apply() || matches!(m.kind, MoveKind::CastleKing | MoveKind::CastleQueen | MoveKind::Shadow) {
            return false;
        }
        !chess_bits::exchange_at_least(&self.piece_bits(), chess_bits::Exchange::of(m), -margin, &CHESS_VALUES)
    }
}

/// How much more than its victim a capturing piece must be worth before a defended target
/// makes the capture a likely loss (on other boards), and how much a capture must lose in the
/// exchanges on its target to count as losing (on the flat 8x8 board): more than a
/// bishop-knight difference (10), less than the smallest real one (a knight for a pawn, 220).
const LOSING_MARGIN: i32 = 50;

impl Evaluate for DiceChessPosition {
    fn material(&self, out: &mut PerSeat<i32>) {
        self.chess().material(out);
    }
    /// The chess scores, less a share of a turn for each die face that names a kind with no
    /// move, where the dice name the piece and such a face is a turn passed (see
    /// [`pass_odds`]; with `--no-move reroll` it is thrown again and costs nothing), and less
    /// the odds of a king in check being taken ([`DiceChessPosition::king_loss_odds`]).
    fn seat_scores(&self, out: &mut PerSeat<i32>) {
        self.chess().seat_scores(out);
        if self.rules() == DiceRules::GollonCount || !self.chess().bit_eval_applies() {
            return;
        }
        let b = self.chess().piece_bits();
        if self.no_move() == NoMove::Pass {
            for i in 0..2 {
                let dead = 6 - (chess_bits::movable_kinds(&b, i) >> 1).count_ones();
                out[Seat(i as u8)] -= pass_odds(self.rules(), dead) * DICE_TEMPO / 36;
            }
        }
        if self.awaiting_roll() && self.kings_capturable() {
            for s in [Seat(0), Seat(1)] {
                out[s] -= (self.king_loss_odds(&b, s) * KING_LOSS) as i32;
            }
        }
    }
    /// The board's alone (the turn, castling and en passant with it), apart for a throw still
    /// to come: once the dice are thrown the score no longer looks at them, so every outcome
    /// of a throw at the horizon, and every step of a series, shares one entry.
    fn eval_key(&self) -> u64 {
        self.chess().hash() ^ if self.awaiting_roll() { AWAITING_ROLL_KEY } else { 0 }
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
    /// Two passes bring a Dice Chess board back with the dice to throw again, but what comes
    /// next is up to the dice, not a cycle either side can force: no repetition in search.
    fn search_repetition(&self) -> bool {
        false
    }
}

impl DiceChessPosition {
    /// Where `s`'s king stands attacked before a throw, and a king may be taken: the odds that
    /// it is taken, were the board to stay as it is. Turn by turn from the side to throw, the
    /// owner escapes unless the dice name only kinds with no move out of check (odds `q`),
    /// and the attacker takes unless they name no attacking kind (odds `1 - c`): from the
    /// owner's throw `q c / (1 - q (1 - c))`, from the attacker's `c / (1 - (1 - c) q)`.
    /// The faces counted are the kinds' (a castling 4 or a BrainKing promotion's face is not).
    fn king_loss_odds(&self, b: &PieceBits, s: Seat) -> f64 {
        let chess = self.chess();
        let king = chess.king_cell(s);
        let them = Seat(1 - s.0);
        if king == NO_CELL || !chess.is_attacked(king, them) {
            return 0.0;
        }
        let live = |seat: Seat| chess_bits::movable_kinds(b, seat.index());
        let c = self.naming_odds(chess_bits::attacker_kinds(b, king as usize, them.index()), live(them));
        if c == 0.0 {
            return 0.0;
        }
        let q = 1.0 - self.naming_odds(self.escape_kinds(s), live(s));
        if chess.turn() == s { q * c / (1.0 - q * (1.0 - c)) } else { c / (1.0 - (1.0 - c) * q) }
    }

    /// The odds that a turn's throw names one of the kinds `good` (bit `k` for kind `k`), of a
    /// side whose kinds with a move are `live`: with `--no-move reroll` a throw naming none of
    /// those is thrown again, so the odds are those of `good` among the throws that move.
    fn naming_odds(&self, good: u8, live: u8) -> f64 {
        let names = |kinds: u8| 1.0 - pass_odds(self.rules(), 6 - (kinds >> 1).count_ones()) as f64 / 36.0;
        match self.no_move() {
            NoMove::Pass => names(good),
            NoMove::Reroll if live == 0 => 0.0,
            NoMove::Reroll => names(good) / names(live),
        }
    }

    /// The kinds of `s`'s pieces with a move after which its king is no longer attacked.
    fn escape_kinds(&self, s: Seat) -> u8 {
        let mut chess = self.chess().clone();
        if chess.turn() != s {
            chess.pass_turn();
        }
        ESCAPES.with_borrow_mut(|moves| {
            chess.legal_moves(moves);
            let mut kinds = 0u8;
            for &m in moves.iter() {
                let kind = chess.kind_at(m.from);
                if kinds & 1 << kind != 0 {
                    continue;
                }
                // Orthodox legality already keeps the king out of check; BrainKing's does not.
                let undo = chess.play_unchecked(m);
                let safe = chess.king_cell(s) != NO_CELL && !chess.is_attacked(chess.king_cell(s), Seat(1 - s.0));
                chess.undo(m, undo);
                if safe {
                    kinds |= 1 << kind;
                }
            }
            kinds
        })
    }
}

thread_local! {
    /// The moves [`DiceChessPosition::escape_kinds`] looks through (no allocation per node).
    static ESCAPES: std::cell::RefCell<Vec<ChessMove>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Sets a Dice Chess evaluation key apart where the dice are still to throw (the score then
/// counts the odds of a king in check being taken): a fixed pattern of mixed bits (the golden
/// ratio's), so that it never cancels against the board's own hash keys in practice.
const AWAITING_ROLL_KEY: u64 = 0x9e37_79b9_7f4a_7c15;

/// What a king taken costs in the evaluation, in centipawns: more than any material, less
/// than the search's own win, so a line that really takes it still counts for more.
const KING_LOSS: f64 = 2500.0;

/// Out of 36, the odds that a throw names only kinds that cannot move, with `dead` such kinds
/// among the six faces: one die names the piece (BrainKing, Gollon's first die), or either of
/// two dice does and a double lets anything move (the two-dice rules), unless nothing can.
fn pass_odds(rules: DiceRules, dead: u32) -> i32 {
    match rules {
        DiceRules::TwoDice if dead < 6 => (dead * dead - dead) as i32,
        DiceRules::TwoDice => 36,
        _ => 6 * dead as i32,
    }
}

/// What a turn passed costs, in centipawns: more than a tempo in chess (a Gollon turn may be
/// four moves). Measured against greedy at 100 ms, 400 games on the same seeds: two dice
/// 92.5% of decisive games without the term, 94.5% with it; Gollon piece-count 87.0% and 87.5%.
const DICE_TEMPO: i32 = 120;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{ChessRules, START_FEN};
    use crate::topology::Wrap;

    fn fen(text: &str) -> ChessPosition {
        ChessPosition::from_fen(text, Wrap::Flat, ChessRules::ORTHODOX).unwrap()
    }

    fn find(p: &ChessPosition, text: &str) -> ChessMove {
        p.parse_move(text).unwrap()
    }

    #[test]
    fn the_null_move_is_refused_in_check_and_with_pawns_alone_and_taken_back_whole() {
        assert!(fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").play_null().is_none(), "in check");
        assert!(fen("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1").play_null().is_none(), "king and pawns");
        let mut dice = ChessPosition::from_fen(START_FEN, Wrap::Flat, ChessRules { shadow: false, kings: KingRule::Capture }).unwrap();
        assert!(dice.play_null().is_none(), "kings to be taken");
        let mut p = fen("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
        let mut q = fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        for pos in [&mut p, &mut q] {
            let (text, hash, turn) = (pos.fen(), pos.hash(), pos.turn());
            let undo = pos.play_null().expect("a quiet position with pieces");
            assert_eq!(pos.turn(), Seating::TWO.opponent(turn));
            assert_eq!(pos.hash(), pos.recompute_hash(), "the passed position's hash");
            pos.undo_null(undo);
            assert_eq!((pos.fen(), pos.hash()), (text, hash));
        }
    }

    #[test]
    fn a_capture_of_a_defended_lesser_piece_is_losing() {
        // White's queen can take a pawn on d5 that the e6 pawn defends, or one on b5 that
        // nothing defends; its pawn on c4 takes the d5 pawn.
        let p = fen("4k3/8/4p3/1p1p4/2P5/8/8/3QK3 w - - 0 1");
        assert!(p.losing_capture(find(&p, "d1d5")));
        assert!(!p.losing_capture(find(&p, "d1b3")) && !p.is_noisy(find(&p, "d1b3")));
        assert!(!p.losing_capture(find(&p, "c4d5")), "a pawn for a pawn");
        assert!(!p.losing_capture(find(&p, "c4b5")), "undefended");
    }

    /// A quiet move onto a cell the other side takes for less is a losing exchange, by how
    /// much it loses; where the other side cannot profit it is not, and castling never is.
    #[test]
    fn a_quiet_move_onto_a_guarded_cell_loses_the_exchange() {
        // White's queen may go to d5 (the e6 pawn takes it), d4 (the e5 pawn takes it, the c3
        // pawn takes back) or c2 (nothing attacks it); its knight to f3 (safe).
        let p = fen("4k3/8/4p3/4p3/8/2P5/8/3QK1N1 w - - 0 1");
        assert!(p.loses_exchange(find(&p, "d1d5"), 899) && !p.loses_exchange(find(&p, "d1d5"), 900), "a queen for nothing");
        assert!(p.loses_exchange(find(&p, "d1d4"), 799) && !p.loses_exchange(find(&p, "d1d4"), 800), "a queen for a pawn");
        assert!(!p.loses_exchange(find(&p, "d1c2"), 0) && !p.loses_exchange(find(&p, "g1f3"), 0));
        let castling = fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert!(!castling.loses_exchange(find(&castling, "e1g1"), 0), "castling");
        let cylinder = ChessPosition::from_fen("7k/8/4p3/8/8/8/8/3QK3 w - - 0 1", Wrap::Cylinder, ChessRules::ORTHODOX).unwrap();
        assert!(!cylinder.loses_exchange(find(&cylinder, "d1d5"), 0), "no bit board: no answer");
    }

    /// A check is told from a quiet move (what late move pruning spares), a discovered check
    /// too, and the question about the mover's own king has no answer.
    #[test]
    fn a_checking_move_is_told_apart() {
        // White: rook e1 behind its bishop e4, queen d1; Black's king on e8.
        let p = fen("4k3/8/8/8/4B3/8/8/3QR1K1 w - - 0 1");
        let black = SeatSet::single(Seat::B);
        assert_eq!(p.checks(find(&p, "d1a4"), black), Some(true), "the queen checks along the diagonal");
        assert_eq!(p.checks(find(&p, "e4b7"), black), Some(true), "the bishop uncovers the rook");
        assert_eq!(p.checks(find(&p, "g1h2"), black), Some(false));
        assert_eq!(p.checks(find(&p, "g1h2"), SeatSet::single(Seat::A)), None);
    }

    /// The odds that a king in check is taken, from the pieces that can answer and take: a
    /// pawn on f7 checks Black's king, only the king itself can take it (a sixth of throws
    /// names it), and only the pawn can take the king (another sixth). From Black's throw:
    /// (5/6)(1/6) / (1 - (5/6)(5/6)) = 5/11. From White's, had Black passed: (1/6) / (1 -
    /// (5/6)(5/6)) = 6/11. A second attacker (the queen on a4, the d-pawn gone) makes White's own throw take
    /// it twice as often. Without the check, or where a refused roll is thrown again, no odds.
    #[test]
    fn a_checked_king_is_taken_with_the_odds_the_dice_give() {
        use crate::dicechess::NoMove;
        let pos = |fen: &str, no_move| DiceChessPosition::from_text(fen, DiceRules::GollonPieceCount, no_move).unwrap();
        let odds = |p: &DiceChessPosition, s| p.king_loss_odds(&p.chess().piece_bits(), s);
        let checked = "rnbqkbnr/pppppPpp/8/8/8/8/PPPPP1PP/RNBQKBNR b KQkq - 0 1";
        let p = pos(checked, NoMove::Pass);
        assert_eq!(p.escape_kinds(Seat::B), 1 << chess::KING);
        assert!((odds(&p, Seat::B) - 5.0 / 11.0).abs() < 1e-9, "{}", odds(&p, Seat::B));
        assert_eq!(odds(&p, Seat::A), 0.0);
        let passed = pos(&checked.replace(" b ", " w "), NoMove::Pass);
        assert!((odds(&passed, Seat::B) - 6.0 / 11.0).abs() < 1e-9, "{}", odds(&passed, Seat::B));
        // The queen joins the attack: the attackers are named by two faces of six.
        let queen = pos("rnbqkbnr/ppp1pPpp/8/8/Q7/8/PPPPP1PP/RNB1KBNR w KQkq - 0 1", NoMove::Pass);
        let (q, c) = (5.0 / 6.0, 2.0 / 6.0);
        assert!((odds(&queen, Seat::B) - c / (1.0 - (1.0 - c) * q)).abs() < 1e-9, "{}", odds(&queen, Seat::B));
        // Where a refused roll is thrown again, no turn is lost and no king taken for want of
        // a face (Gollon piece-count then plays check as chess does): the chess scores alone.
        let (mut dice, mut plain) = (PerSeat::splat(0), PerSeat::splat(0));
        let reroll = pos(checked, NoMove::Reroll);
        reroll.seat_scores(&mut dice);
        reroll.chess().seat_scores(&mut plain);
        assert_eq!(dice, plain);
        p.seat_scores(&mut dice);
        assert!(dice[Seat::B] < plain[Seat::B] - 1000, "{} against {}", dice[Seat::B], plain[Seat::B]);
        // BrainKing's kings are taken under either option; thrown again, a face counts among
        // the faces that move. Black moves pawns, knights and the king (which alone escapes):
        // q = 2/3; White moves pawns, knights and the king, and the pawn alone takes: c = 1/3.
        // From Black's throw (2/3)(1/3) / (1 - (2/3)(2/3)) = 2/5, against 5/11 when passing.
        let brainking = |no_move| DiceChessPosition::from_text(checked, DiceRules::BrainKing, no_move).unwrap();
        let (reroll, pass) = (brainking(NoMove::Reroll), brainking(NoMove::Pass));
        assert!((odds(&reroll, Seat::B) - 2.0 / 5.0).abs() < 1e-9, "{}", odds(&reroll, Seat::B));
        assert!((odds(&pass, Seat::B) - 5.0 / 11.0).abs() < 1e-9, "{}", odds(&pass, Seat::B));
    }
}
