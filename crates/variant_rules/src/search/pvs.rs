//! Iterative-deepening principal variation search over any [`Evaluate`] position: a
//! transposition table on the incremental hash, aspiration windows, captures, killers and
//! history first, late move reductions, a null move, static cuts and late move pruning where
//! the game allows forward pruning, check extensions, quiescence on noisy moves (likely losing
//! captures left out), expectation over dice throws (Star1 with Star2's probes), and
//! coalitions for more than two seats.
//! Two-seat games with forward pruning (orthodox chess) search *refined*: counter moves,
//! reductions by history and gentler on the principal variation and where the side to move is
//! improving, a null move reduced more the further ahead, razoring, futility pruning, internal
//! iterative reduction, and the table settling quiescence nodes.
//!
//! Scores are always from the point of view of the side to move at a node, where a "side" is
//! the searching coalition `us` (the root mover's team: itself alone in cut-throat, which
//! makes this paranoid search) or everyone else. A child with the same side keeps the window;
//! one with the other side negates it. With two seats that is plain negamax.
//!
//! With three or more teams the opponents' turns between two of ours can instead be searched
//! as best-reply search (Schadd & Winands 2011) in its BRS+ form (Esser et al. 2013): one
//! opponent of the run searches all its moves, the others play the move the ordering puts
//! first (from five seats the static order, `STATIC_SPENT_FROM_SEATS`), and the whole run
//! costs one ply of depth ([`Searcher::new`]'s `best_reply`).

use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::eval::{Evaluate, coalition_score};
use crate::position::{Outcome, PerSeat, SeatSet, Seating};

/// A won game, less the plies it takes (so faster wins score higher).
pub const WIN: i32 = 1_000_000;
/// Beyond every score.
const INF: i32 = 2_000_000;
/// Deepest ply the search reaches, quiescence included (buffers are made for this many).
const MAX_PLY: usize = 128;
/// Plies of quiescence past the nominal depth (long capture chains end by this).
const QUIESCENCE_PLIES: usize = 16;
/// Nodes one quiescence search (from one horizon node) may visit; past them every node stands
/// pat as at the last ply. A capture chain is rarely more than a few dozen nodes, but where
/// captures face each other by the dozen — Toe-to-Toe's pawn walls, a table of five or six
/// seats — the tree under one horizon node grew to thousands (measured: 107 k nodes, 2.7 s,
/// for a depth-1 search of a Toe-to-Toe middle game; 654 nodes at most with this bound).
const QUIESCENCE_NODES: u32 = 96;
/// What a forced result is worth when averaged over throws: thirty pawns, more than any
/// material edge, but on the same scale. Left at [`WIN`], a one-in-a-thousand chance of
/// taking the king would outweigh a queen given away, and the search would play the lottery.
const CHANCE_CAP: i32 = 3000;
/// Nodes between looks at the clock and the stop flag (a power of two: a mask tests it).
const CLOCK_NODES: u64 = 256;
/// Tables of this many seats or more search only the opponents' threats. With five opponents
/// between two of its own turns a paranoid search of four plies never sees the seats that move
/// just before its next turn, and a quiet mate by one of them came unseen (six-seat Tri-Chess
/// cut-throat traces). So an opponent's quiet moves that leave none of our Kings in check are
/// left out (its first move in order always stays; the check may be a third seat's, whose line
/// the move opens): opponents' plies become narrow, and every seat's
/// mating move — a check — is within reach. Only for games that say which moves check
/// ([`Evaluate::checks`]). Games that say instead which quiet moves leave a capture of ours
/// standing ([`Evaluate::threatened`]) search such plies as a uniform choice
/// ([`Searcher::expect_quiet`]).
const THREATS_ONLY_FROM_SEATS: usize = 5;
/// Tables of this many seats or more give best-reply search's spent opponents their first
/// move by what the move is alone ([`Searcher::order_statically`]), not by the table move,
/// killers and history. Those hold the replies that refuted the searching seat, so the four
/// spent opponents of a six-seat run all played against it, and the search grew more
/// paranoid the longer it thought: six-seat cut-throat Tri-Stax against random players lost
/// 3 of 164 decisive games at 50 ms, 5 of 64 at 200 ms and 2 of 20 at 1 s; at 200 ms on the
/// same 64 seeds the static order went 63-0-1 against 59-0-5, at 1 s 58-0-2 after 60 games
/// (docs/architecture.md, "Three or more teams"). Smaller tables keep the dynamic order, with
/// which their rows were measured.
const STATIC_SPENT_FROM_SEATS: usize = 5;

/// Mixed into the hash of an opponent's node where the run's searching move is already made
/// (best-reply search): there only the first move in order is played, so its table entry must
/// not serve the same position searched in full.
const SPENT_KEY: u64 = 0x9e37_79b9_7f4a_7c15;

/// Slots of the static score cache (a power of two, hashes index it; 16 bytes each). 128 KB
/// stays in the core's own cache: with 1 MB a depth-12 search ran slower than with this.
const EVAL_SLOTS: usize = 1 << 13;
/// Slots of the history table (a power of two: a game's [`Evaluate::history_key`] is masked
/// into it). 64 Ki covers chess's 2 x 144 x 144 keys with few collisions.
const HISTORY_SLOTS: usize = 1 << 16;
/// History scores stay within ±this (each update moves a score part of the way towards it).
const HISTORY_MAX: i32 = 1 << 14;
/// Late move reductions apply from this move on (the table's, the best captures and the
/// killers come first) at this depth and deeper.
const LMR_FROM_MOVE: usize = 3;
const LMR_FROM_DEPTH: i32 = 3;
/// Reverse futility: near the horizon a node whose static score beats beta by this much per
/// ply left (centipawns) is cut without a search: a quiet move rarely loses that much.
const STATIC_CUT_MARGIN: i32 = 90;
/// Deepest node (plies left) cut by the static test.
const STATIC_CUT_DEPTH: i32 = 3;
/// Futility pruning, where the search prunes forward: this near the horizon, at a node not in
/// check, a quiet move that gives no check is left out when the static score plus
/// `FUTILITY_BASE + FUTILITY_PER_PLY * depth` centipawns (more than a quiet move gains but
/// for a rare combination) still does not reach alpha.
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_BASE: i32 = 60;
const FUTILITY_PER_PLY: i32 = 100;
/// Nodes this deep or deeper without a table move are searched a ply shallower (internal
/// iterative reduction): a node the table knows nothing of is rarely on the main line, and
/// the shallower search fills the table for the next iteration.
const IIR_FROM_DEPTH: i32 = 4;
/// Late move pruning, where the search prunes forward (orthodox chess): at a null-window node
/// not in check this near the horizon, quiet moves that give no check are left out once this
/// many moves (by remaining depth) have been searched. The counts grow as 3 + depth², the
/// usual schedule of small engines (chessprogramming.org, "Futility Pruning": move count
/// based pruning).
const LATE_MOVES: [usize; 4] = [usize::MAX, 4, 7, 12];
/// The null move is tried from this depth on, and reduces the search by `NULL_BASE + depth /
/// NULL_PER_DEPTH` plies (the usual R = 3 at moderate depth, growing slowly).
const NULL_FROM_DEPTH: i32 = 3;
const NULL_BASE: i32 = 2;
const NULL_PER_DEPTH: i32 = 4;
/// A ply more of null-move reduction per this many centipawns the static score stands above
/// beta, up to [`NULL_FOR_MARGIN_MAX`]: the further ahead, the less a real move can change it.
const NULL_MARGIN_PER_PLY: i32 = 200;
const NULL_FOR_MARGIN_MAX: i32 = 3;
/// Razoring: at this depth or nearer the horizon, a null-window node whose static score falls
/// short of alpha by `RAZOR_MARGIN` per ply is tried with quiescence alone, and cut if that
/// confirms it (only a capture or promotion could have made up so much).
const RAZOR_DEPTH: i32 = 2;
const RAZOR_MARGIN: i32 = 250;
/// The aspiration window's half width at the root, in centipawns, from this iteration on;
/// a score outside it widens the window fourfold and searches again.
const ASPIRATION: i32 = 35;
const ASPIRATION_FROM_DEPTH: u32 = 4;

/// Static exchange pruning (Ethereal's margins, untuned; it prunes to 9 plies, and its knight
/// weighs 450 where ours weighs 320): at a null-window node at most this many plies
/// from the horizon, a move after the first that loses more than `SEE_QUIET_PER_PLY` per ply
/// of depth (a quiet move) or `SEE_NOISY_PER_PLY2` per ply squared (a capture) in the
/// exchanges on its target, and gives no check, is not searched.
const SEE_DEPTH: i32 = 8;
const SEE_QUIET_PER_PLY: i32 = 64;
const SEE_NOISY_PER_PLY2: i32 = 19;

/// Plies cut from the `i`th move (from 0) at `depth`: `0.75 + ln(depth) ln(i) / 2.25`, the
/// reductions of Stockfish's early versions and many small engines; computed once.
fn reduction(depth: i32, i: usize) -> i32 {
    static TABLE: LazyLock<[[u8; 64]; 64]> = LazyLock::new(|| {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (i as f64).ln() / 2.25) as u8;
            }
        }
        t
    });
    TABLE[depth.clamp(0, 63) as usize][i.min(63)] as i32
}

/// Whether a score is a forced win or loss (not a material figure).
pub fn is_decisive(score: i32) -> bool {
    score.abs() > WIN - MAX_PLY as i32 * 2
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
pub struct Entry<M> {
    key: u64,
    best: Option<M>,
    score: i32,
    depth: i16,
    bound: Bound,
}

/// What a finished (or stopped) search found.
#[derive(Clone, Debug)]
pub struct Found<M> {
    pub best: Option<M>,
    /// From the root mover's side, in hundredths of a pawn/man; beyond ±(WIN - 256) a forced result.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<M>,
}

/// What one search leaves for the next of the same game and side ([`super::Memory`]): the
/// transposition table, and the history of quiet moves (halved at each new search, so the
/// game's older positions weigh less).
pub struct Kept<M> {
    /// The searching coalition the scores in the table are relative to.
    us: SeatSet,
    table: Vec<Entry<M>>,
    history: Vec<i32>,
}

/// One search: the table, per-ply buffers and counters, made once and reused at every node.
pub struct Searcher<'a, P: Evaluate> {
    us: SeatSet,
    seating: Seating,
    table: Vec<Entry<P::Move>>,
    moves: Vec<Vec<P::Move>>,
    ordered: Vec<Vec<(i32, P::Move)>>,
    chances: Vec<Vec<(P::Move, u32)>>,
    killers: Vec<[Option<P::Move>; KILLERS]>,
    /// How often each kind of quiet move ([`Evaluate::history_key`]) refuted its siblings.
    history: Vec<i32>,
    /// By the history key of a move, the quiet move that last refuted it (its counter move).
    counters: Vec<Option<P::Move>>,
    /// Per ply: the history key of the move into the node (none after a null move or a throw).
    came_by: [Option<usize>; MAX_PLY],
    /// Per ply: the node's static score, where the search prunes forward and the side to move
    /// is not in check (else `None`); two plies up is the same side's last node.
    stand: [Option<i32>; MAX_PLY],
    /// Whether the move into the node at each ply was a null move (no two in a row).
    passed: [bool; MAX_PLY],
    /// Whether this game allows the null move and static cuts ([`Evaluate::forward_pruning`]).
    prunes: bool,
    /// Two seats and forward pruning (orthodox chess, on any of its boards): the game the
    /// finer steps were measured in (counter moves, the improving test, futility, razoring,
    /// internal iterative reduction, reductions by history). Other games keep the search their
    /// strength figures were measured with until those steps are measured there.
    refined: bool,
    /// Whether late moves are searched shallower first (two seats: the coalition search's
    /// move order is too rough a guide for it).
    reduces: bool,
    /// Best-reply search (BRS+) of the opponents' runs of turns instead of paranoid search.
    best_reply: bool,
    /// Three or more teams, in a game that leaves teams out for good out of the opponents'
    /// mean ([`Evaluate::leaves_out_teams_out`]).
    leaves_out_teams_out: bool,
    /// Five or six seats, paranoid, in a game that says which quiet moves threaten us: the
    /// opponents' quiet plies are a uniform choice ([`Searcher::expect_quiet`]).
    expects_quiet: bool,
    /// Per ply, under best-reply search: whether an opponent earlier in this run of opponents'
    /// turns has already searched its moves (this one then plays its first move in order).
    spent: [bool; MAX_PLY],
    /// Per ply, under best-reply search: the opponents' moves made so far in this run.
    run: [u8; MAX_PLY],
    /// Per ply: whether the node is a throw of the dice (its outcomes cost no depth).
    throwing: [bool; MAX_PLY],
    /// Whether throws are probed before their outcomes are searched in full (Star2; off, Star1
    /// alone, for the test that compares the two).
    star2: bool,
    /// Star2 probing: the node at this ply searches its first move only ([`Searcher::expect`]).
    probing: [bool; MAX_PLY],
    /// Star2: the lower bound each outcome of the throw at this ply has from its probe.
    floors: Vec<Vec<i64>>,
    /// Seats outside the searching team: the longest run of opponents' turns while a seat
    /// of ours is in play.
    opponents: u8,
    /// Hashes of the positions before this node (game history first) for repetition.
    path: Vec<u64>,
    repetition: bool,
    scores: PerSeat<i32>,
    /// Static scores by hash (from the searching side's point of view), [`EVAL_SLOTS`] of them.
    evals: Vec<(u64, i32)>,
    nodes: u64,
    /// Nodes left to the quiescence search under way ([`QUIESCENCE_NODES`] at its start).
    quiet_left: u32,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    aborted: bool,
    root_best: Option<P::Move>,
}

/// Killer moves kept per ply (quiet moves that refuted a sibling).
const KILLERS: usize = 2;
/// Order keys: the first killer's (the second's is one less, then the counter move's, the
/// quiet move that last refuted the move just made); every history score is below them.
/// Likely losing captures sort round [`LOSING_KEY`], after every quiet move.
const KILLER_KEY: i32 = 1 << 22;
const COUNTER_KEY: i32 = KILLER_KEY - KILLERS as i32;
const LOSING_KEY: i32 = -(1 << 22);

/// Moves a history score by `bonus`, less in proportion as it nears ±[`HISTORY_MAX`] (so
/// scores stay bounded and recent results weigh more).
fn nudge(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

impl<'a, P: Evaluate> Searcher<'a, P> {
    /// A searcher for the side to move of `root`, with a table of `1 << table_bits` entries;
    /// `history` holds the hashes of the game's earlier positions that repetition may reach.
    /// `kept` is what an earlier search of the same game left ([`Searcher::keep`]): its table
    /// and history serve again when they are the size asked for and scored for the same side.
    /// With `best_reply` and three or more teams, opponents' runs are searched as BRS+.
    #[allow(clippy::too_many_arguments)] // one search's whole setup
    pub fn new(root: &P, table_bits: u32, history: &[u64], repetition: bool, best_reply: bool, stop: &'a AtomicBool, kept: Option<Kept<P::Move>>) -> Self {
        let seating = root.seating();
        let us = seating.team(root.turn());
        let best_reply = best_reply && seating.teams().len() >= 3;
        let empty = Entry { key: 0, best: None, score: 0, depth: -1, bound: Bound::Exact };
        let mut path = Vec::with_capacity(history.len() + MAX_PLY);
        path.extend_from_slice(history);
        let (table, history) = match kept.filter(|k| k.us == us && k.table.len() == 1 << table_bits) {
            Some(mut k) => {
                k.history.iter_mut().for_each(|h| *h /= 2);
                (k.table, k.history)
            }
            None => (vec![empty; 1 << table_bits], vec![0; HISTORY_SLOTS]),
        };
        Searcher {
            us,
            seating,
            table,
            moves: (0..MAX_PLY).map(|_| Vec::new()).collect(),
            ordered: (0..MAX_PLY).map(|_| Vec::new()).collect(),
            chances: (0..MAX_PLY).map(|_| Vec::new()).collect(),
            killers: vec![[None; KILLERS]; MAX_PLY],
            history,
            counters: vec![None; HISTORY_SLOTS],
            came_by: [None; MAX_PLY],
            stand: [None; MAX_PLY],
            passed: [false; MAX_PLY],
            prunes: root.forward_pruning(),
            refined: root.forward_pruning() && seating.count() == 2,
            reduces: seating.count() == 2,
            best_reply,
            leaves_out_teams_out: seating.teams().len() >= 3 && root.leaves_out_teams_out(),
            expects_quiet: !best_reply && seating.count() >= THREATS_ONLY_FROM_SEATS && root.threatened(root.turn(), us).is_some(),
            spent: [false; MAX_PLY],
            run: [0; MAX_PLY],
            throwing: [false; MAX_PLY],
            star2: true,
            probing: [false; MAX_PLY],
            floors: (0..MAX_PLY).map(|_| Vec::new()).collect(),
            opponents: (seating.count() - us.iter().count()) as u8,
            path,
            repetition,
            scores: PerSeat::splat(0),
            evals: vec![(0, 0); EVAL_SLOTS],
            nodes: 0,
            quiet_left: 0,
            deadline: None,
            stop,
            aborted: false,
            root_best: None,
        }
    }

    /// Iterative deepening to `max_depth` or until `deadline` / the stop flag; the result of
    /// the last iteration completed (or the first move of a stopped one that beat it).
    pub fn run(&mut self, root: &mut P, max_depth: u32, deadline: Option<Instant>) -> Found<P::Move> {
        let started = Instant::now();
        self.deadline = deadline;
        let mut legal = Vec::new();
        root.legal_moves(&mut legal);
        let mut found = Found { best: legal.first().copied(), score: self.static_eval(root), depth: 0, nodes: 0, pv: Vec::new() };
        if legal.len() <= 1 || root.outcome_with(&legal).is_some() {
            return found;
        }
        for depth in 1..=max_depth.min(MAX_PLY as u32 / 2) {
            self.root_best = None;
            let score = self.aspire(root, depth, found.score);
            if self.aborted {
                // A stopped iteration's best is sound only if it was proven better than the
                // previous best, which the table move was searched first to establish. In the
                // first iteration there is none: the best root move searched so far is still a
                // searched move (the first legal move, unsearched, was played before).
                if let Some(m) = self.root_best.filter(|_| found.depth == 0 || score > found.score) {
                    (found.best, found.pv) = (Some(m), vec![m]);
                }
                break;
            }
            found = Found { best: self.root_best.or(found.best), score, depth, nodes: self.nodes, pv: self.principal_variation(root, depth) };
            if is_decisive(score) || deadline.is_some_and(|d| half_spent(started, d)) {
                break;
            }
        }
        found.nodes = self.nodes;
        found
    }

    /// What this search leaves for the next one ([`Searcher::new`]'s `kept`).
    pub fn keep(self) -> Kept<P::Move> {
        Kept { us: self.us, table: self.table, history: self.history }
    }

    /// One iteration at the root: within a narrow window round the last score where that is
    /// worth it, widened and searched again while the score falls outside.
    fn aspire(&mut self, root: &mut P, depth: u32, last: i32) -> i32 {
        if depth < ASPIRATION_FROM_DEPTH || is_decisive(last) {
            return self.search(root, depth as i32, 0, -INF, INF);
        }
        let (mut low, mut high) = (ASPIRATION, ASPIRATION);
        loop {
            let (alpha, beta) = (last.saturating_sub(low).max(-INF), last.saturating_add(high).min(INF));
            let score = self.search(root, depth as i32, 0, alpha, beta);
            if self.aborted || (score > alpha && score < beta) || (alpha == -INF && beta == INF) {
                return score;
            }
            if score <= alpha {
                low = if low >= INF / 8 { INF } else { low * 4 };
            } else {
                high = if high >= INF / 8 { INF } else { high * 4 };
            }
        }
    }

    fn is_us(&self, pos: &P) -> bool {
        self.us.contains(pos.turn())
    }

    /// Whether the side to move stands better than at its last node two plies up (where both
    /// were scored; a side that was in check counts as improving): pruning and reductions are
    /// gentler there, since the position is going its way.
    fn improving(&self, ply: usize) -> bool {
        match (self.stand[ply], ply.checked_sub(2).and_then(|p| self.stand[p])) {
            (Some(now), Some(before)) => now > before,
            _ => true,
        }
    }

    /// The static score from the point of view of the side to move (kept by hash: the same
    /// position is scored again at each iteration, and by the pruning tests and quiescence).
    fn static_eval(&mut self, pos: &P) -> i32 {
        let hash = pos.eval_key();
        let slot = &mut self.evals[hash as usize & (EVAL_SLOTS - 1)];
        let v = if slot.0 == hash && hash != 0 {
            slot.1
        } else {
            pos.seat_scores(&mut self.scores);
            let out = if self.leaves_out_teams_out { pos.seats_out() } else { SeatSet::EMPTY };
            let v = coalition_score(&self.seating, self.us, &self.scores, out);
            *slot = (hash, v);
            v
        };
        if self.is_us(pos) { v } else { -v }
    }

    /// A finished game's score for the side to move, `ply` plies from the root.
    fn terminal(&self, pos: &P, outcome: Outcome, ply: usize) -> i32 {
        let v = match outcome {
            Outcome::Win { winners, .. } if winners.0 & self.us.0 != 0 => WIN - ply as i32,
            Outcome::Win { .. } => -(WIN - ply as i32),
            Outcome::Draw { .. } => 0,
        };
        if self.is_us(pos) { v } else { -v }
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes & (CLOCK_NODES - 1) == 0 && (self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)) {
            self.aborted = true;
        }
    }

    /// Plays `m`, scores the child for the side to move here, and takes `m` back.
    #[allow(clippy::too_many_arguments)] // the node's whole state: one call site per kind of child
    fn child(&mut self, pos: &mut P, m: P::Move, depth: i32, ply: usize, alpha: i32, beta: i32, quiescence: usize) -> i32 {
        let mover_us = self.is_us(pos);
        self.path.push(pos.hash());
        self.came_by[ply + 1] = if self.refined && !self.throwing[ply] { pos.history_key(m) } else { None };
        let undo = pos.play_unchecked(m);
        let same = self.is_us(pos) == mover_us;
        // Best-reply search: a run of opponents' turns costs one ply, paid when it ends. A run
        // longer than the opponents (our seats are out, or skipped) pays for every move past
        // them, so such a line still reaches the horizon; so does a throw's outcome, which is
        // not a move of the run.
        let run = if mover_us { 0 } else { self.run[ply].saturating_add(u8::from(!self.throwing[ply])) };
        self.run[ply + 1] = run;
        let depth = if self.best_reply && same && !mover_us && quiescence == 0 && !self.throwing[ply] && run < self.opponents { depth + 1 } else { depth };
        let (a, b) = if same { (alpha, beta) } else { (-beta, -alpha) };
        let v = if quiescence > 0 { self.quiesce(pos, ply + 1, a, b, quiescence - 1) } else { self.search(pos, depth, ply + 1, a, b) };
        pos.undo(m, undo);
        self.path.pop();
        if same { v } else { -v }
    }

    /// Whether the position was seen before on the path or in the game's reversible history:
    /// scored as a draw (a repetition inside the search stands for the threefold the rules
    /// need, since whoever could repeat once can repeat again).
    fn repeated(&self, hash: u64) -> bool {
        self.repetition && self.path.iter().rev().any(|&h| h == hash)
    }

    /// A dice throw: the probability-weighted mean of its outcomes (the throw itself costs no
    /// depth). At the horizon each outcome gets a quiescence search instead, so a piece left
    /// where some throw lets it be taken is seen at risk in proportion to that throw's odds
    /// (quiescence stops at the next throw). Each outcome is searched with the window it must
    /// beat for the mean to land inside (`alpha`, `beta`) whatever the later outcomes score
    /// (between ±[`CHANCE_CAP`]: Ballard's Star1); once the mean cannot, the node is cut.
    /// Searched with the full window, Dice Chess to depth 2 took up to 464 k nodes (288 k with
    /// Star1). Before that, away from the horizon, each outcome is probed on its first move
    /// (Ballard's Star2, [`Searcher::probe_outcomes`]): at depth 4 two dice took 2.5 M nodes
    /// where Star1 alone took 14.1 M, BrainKing 0.38 M for 0.90 M, Gollon's rules 1-2% more
    /// or half as many (their outcomes are a series of moves, and few probes reach beta).
    fn expect(&mut self, pos: &mut P, depth: i32, ply: usize, total: u32, alpha: i32, beta: i32) -> i32 {
        let outcomes = std::mem::take(&mut self.chances[ply]);
        let mut floors = std::mem::take(&mut self.floors[ply]);
        self.throwing[ply] = true;
        let quiescence = if depth <= 0 { QUIESCENCE_PLIES } else { 0 };
        let (total, cap) = (total as i64, CHANCE_CAP as i64);
        floors.clear();
        floors.resize(outcomes.len(), -cap);
        let probed =
            if self.star2 && depth > 0 && beta < CHANCE_CAP { self.probe_outcomes(pos, &outcomes, &mut floors, depth, ply, total, beta) } else { None };
        let v = match probed {
            Some(v) => v,
            None => self.expect_in_full(pos, &outcomes, &floors, depth, ply, total, alpha, beta, quiescence),
        };
        self.chances[ply] = outcomes;
        self.floors[ply] = floors;
        self.throwing[ply] = false;
        v as i32
    }

    /// Star2's probing phase: each outcome after which the thrower moves is searched on its
    /// first move alone with a null window at beta; one that reaches beta has that lower bound
    /// (`floors`), and once the bounds' mean reaches beta the throw is cut. The first probe
    /// that falls short ends the phase (a throw that fails low would pay for every probe).
    #[allow(clippy::too_many_arguments)] // the throw's state, passed on from `expect`
    fn probe_outcomes(&mut self, pos: &mut P, outcomes: &[(P::Move, u32)], floors: &mut [i64], depth: i32, ply: usize, total: i64, beta: i32) -> Option<i64> {
        let mut sum = 0i64;
        let mover_us = self.is_us(pos);
        for (i, &(m, w)) in outcomes.iter().enumerate() {
            // One move of the other side's would bound the outcome from above, not below.
            let undo = pos.play_unchecked(m);
            let ours = self.is_us(pos) == mover_us;
            pos.undo(m, undo);
            if !ours {
                return None;
            }
            self.quiet_left = QUIESCENCE_NODES;
            self.spent[ply + 1] = self.spent[ply];
            self.probing[ply + 1] = true;
            let v = self.child(pos, m, depth, ply, beta - 1, beta, 0).clamp(-CHANCE_CAP, CHANCE_CAP);
            self.probing[ply + 1] = false;
            if self.aborted || v < beta {
                return None;
            }
            floors[i] = v as i64;
            sum += v as i64 * w as i64;
        }
        (sum >= beta as i64 * total).then(|| sum.div_euclid(total))
    }

    /// Star1 over every outcome (Star2's search phase): each outcome is searched with the
    /// window it must beat for the mean to land inside (`alpha`, `beta`) whatever the later
    /// outcomes score, between their `floors` and [`CHANCE_CAP`]; once the mean cannot, the
    /// throw is cut. The mean, or the bound it was cut at.
    #[allow(clippy::too_many_arguments)] // the throw's state, passed on from `expect`
    fn expect_in_full(
        &mut self,
        pos: &mut P,
        outcomes: &[(P::Move, u32)],
        floors: &[i64],
        depth: i32,
        ply: usize,
        total: i64,
        alpha: i32,
        beta: i32,
        quiescence: usize,
    ) -> i64 {
        let cap = CHANCE_CAP as i64;
        let (mut sum, mut rest) = (0i64, total);
        let mut rest_floor: i64 = outcomes.iter().zip(floors).map(|(&(_, w), &f)| w as i64 * f).sum();
        for (&(m, w), &floor) in outcomes.iter().zip(floors) {
            let w = w as i64;
            rest -= w;
            rest_floor -= w * floor;
            // This outcome at or below `low` keeps the mean at or below alpha, at or above
            // `high` at or above beta, however the rest fall.
            let low = (alpha as i64 * total - sum - rest * cap).div_euclid(w);
            let high = -(-(beta as i64 * total - sum - rest_floor)).div_euclid(w);
            let v = if low >= cap {
                cap
            } else if high <= floor {
                floor
            } else {
                self.quiet_left = QUIESCENCE_NODES;
                self.spent[ply + 1] = self.spent[ply];
                let (a, b) = (low.max(-INF as i64) as i32, high.min(INF as i64) as i32);
                self.child(pos, m, depth, ply, a, b, quiescence).clamp(-CHANCE_CAP, CHANCE_CAP) as i64
            };
            if self.aborted {
                return 0;
            }
            sum += v * w;
            if v <= low {
                return (sum + rest * cap).div_euclid(total);
            }
            if v >= high {
                return -(-(sum + rest_floor)).div_euclid(total);
            }
        }
        sum / total
    }

    /// A node at `depth` plies from the horizon: repetition, throws, the end of the game, the
    /// horizon (quiescence) and the table are checked before any move is searched.
    fn search(&mut self, pos: &mut P, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.tick();
        if self.aborted {
            return 0;
        }
        if ply + 1 >= MAX_PLY {
            return self.static_eval(pos);
        }
        let hash = pos.hash();
        if ply > 0 && self.repeated(hash) {
            return 0;
        }
        let total = pos.distinct_chance(&mut self.chances[ply]);
        if total > 0 {
            return self.expect(pos, depth, ply, total, alpha, beta);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        pos.legal_moves(&mut moves);
        let outcome = pos.outcome_with(&moves);
        self.moves[ply] = moves;
        if let Some(o) = outcome {
            return self.terminal(pos, o, ply);
        }
        // A side in check is searched a ply deeper (never stands pat at the horizon), so that
        // checks along a line do not push what they lead to out of sight.
        let in_check = pos.in_check_now();
        let depth = if in_check && ply < MAX_PLY / 2 { depth.max(0) + 1 } else { depth };
        if depth <= 0 {
            self.quiet_left = QUIESCENCE_NODES;
            return self.quiesce(pos, ply, alpha, beta, QUIESCENCE_PLIES);
        }
        // The table keeps a spent opponent's node apart from the same position searched in full.
        let hash = if self.best_reply && self.spent[ply] && !self.is_us(pos) { hash ^ SPENT_KEY } else { hash };
        let (table_move, cut) = self.probe(hash, depth, ply, alpha, beta);
        if let Some(v) = cut.filter(|_| ply > 0) {
            return v;
        }
        self.stand[ply] = (self.refined && !in_check).then(|| self.static_eval(pos));
        if self.prunes
            && ply > 0
            && !in_check
            && beta - alpha == 1
            && !is_decisive(beta)
            && let Some(v) = self.prune(pos, depth, ply, beta)
        {
            return v;
        }
        let depth = if self.refined && table_move.is_none() && depth >= IIR_FROM_DEPTH { depth - 1 } else { depth };
        self.search_moves(pos, hash, depth, ply, alpha, beta, table_move, in_check)
    }

    /// The forward cuts of a null-window node not in check: a static score far above beta near
    /// the horizon, or one that stays at beta or above after a free move for the other side
    /// searched shallower (the null move). The score to return when one cuts.
    fn prune(&mut self, pos: &mut P, depth: i32, ply: usize, beta: i32) -> Option<i32> {
        let eval = self.static_eval(pos);
        let margin = STATIC_CUT_MARGIN * (depth - i32::from(self.refined && self.improving(ply)));
        if depth <= STATIC_CUT_DEPTH && eval - margin >= beta {
            return Some(eval);
        }
        if self.refined && depth <= RAZOR_DEPTH && eval + RAZOR_MARGIN * depth < beta - 1 {
            self.quiet_left = QUIESCENCE_NODES;
            let v = self.quiesce(pos, ply, beta - 1, beta, QUIESCENCE_PLIES);
            if self.aborted || v < beta {
                return Some(v);
            }
        }
        if depth < NULL_FROM_DEPTH || eval < beta || self.passed[ply] {
            return None;
        }
        let mover_us = self.is_us(pos);
        let hash = pos.hash();
        let undo = pos.play_null()?;
        self.path.push(hash);
        self.passed[ply + 1] = true;
        self.came_by[ply + 1] = None;
        // A pass by our side opens the opponents' run afresh; one by an opponent leaves it as is.
        self.spent[ply + 1] = !mover_us && self.spent[ply];
        self.run[ply + 1] = if mover_us { 0 } else { self.run[ply] };
        let lead = if self.refined { ((eval - beta) / NULL_MARGIN_PER_PLY).min(NULL_FOR_MARGIN_MAX) } else { 0 };
        let r = NULL_BASE + depth / NULL_PER_DEPTH + lead;
        let same = self.is_us(pos) == mover_us;
        let v = if same { self.search(pos, depth - 1 - r, ply + 1, beta - 1, beta) } else { -self.search(pos, depth - 1 - r, ply + 1, -beta, -beta + 1) };
        self.passed[ply + 1] = false;
        self.path.pop();
        pos.undo_null(undo);
        // A mate found after passing proves nothing about the real moves: a plain cut instead.
        (!self.aborted && v >= beta).then(|| if is_decisive(v) { beta } else { v })
    }

    /// A decision node's moves, best first: the first with the full window, the others with a
    /// null window and again in full if they beat it; the result goes to the table.
    #[allow(clippy::too_many_arguments)] // the node's whole state, passed on from `search`
    fn search_moves(&mut self, pos: &mut P, hash: u64, depth: i32, ply: usize, mut alpha: i32, beta: i32, table_move: Option<P::Move>, in_check: bool) -> i32 {
        // Best-reply search: in a run of opponents' turns, `spent` once one has searched its
        // moves (the rest play their first move in order). Its first move passes the search
        // on to the next opponent; every other move spends it.
        let run = self.best_reply && !self.is_us(pos);
        let spent = run && self.spent[ply];
        let fixed = spent && self.seating.count() >= STATIC_SPENT_FROM_SEATS;
        if fixed {
            self.order_statically(pos, ply);
        } else {
            self.order(pos, ply, table_move, false);
        }
        let mut ordered = std::mem::take(&mut self.ordered[ply]);
        if ordered.is_empty() {
            // No move, yet the rules call no result (a position no game reaches in play).
            self.ordered[ply] = ordered;
            return self.static_eval(pos);
        }
        let (alpha0, mut best, mut best_move) = (alpha, -INF, None);
        let probe = std::mem::take(&mut self.probing[ply]);
        if self.expects_quiet && !probe && !self.is_us(pos) && !pos.is_noisy(ordered[0].1) {
            let v = self.expect_quiet(pos, hash, depth, ply, &mut ordered);
            self.ordered[ply] = ordered;
            return v;
        }
        let threats_only = !self.best_reply && !self.is_us(pos) && self.seating.count() >= THREATS_ONLY_FROM_SEATS;
        let may_reduce = self.reduces && depth >= LMR_FROM_DEPTH && !in_check;
        let (pv, improving) = (beta - alpha > 1, !self.refined || self.improving(ply));
        // Moves kept from reductions and pruning: the table's, noisy ones, the killers and
        // (refined) the counter move.
        let refuter = if self.refined { COUNTER_KEY } else { KILLER_KEY };
        let late = if self.prunes && !pv && !in_check && (depth as usize) < LATE_MOVES.len() {
            if improving { LATE_MOVES[depth.max(0) as usize] } else { LATE_MOVES[depth.max(0) as usize] / 2 + 1 }
        } else {
            usize::MAX
        };
        // Futility: quiet moves cannot lift a score this far below alpha near the horizon.
        let futile = self.stand[ply].is_some_and(|eval| !pv && depth <= FUTILITY_DEPTH && eval + FUTILITY_BASE + FUTILITY_PER_PLY * depth <= alpha);
        for i in 0..ordered.len() {
            if (spent || probe) && i > 0 {
                break;
            }
            let (key, m) = pick(&mut ordered, i);
            self.spent[ply + 1] = run && (spent || i > 0);
            if threats_only && i > 0 && !pos.is_noisy(m) && pos.checks(m, self.us) == Some(false) {
                continue;
            }
            if (i >= late || (futile && i > 0))
                && key < refuter
                && !is_decisive(best)
                && !pos.is_noisy(m)
                && pos.checks(m, self.seating.opponents(pos.turn())) == Some(false)
            {
                continue;
            }
            if self.prunes && !pv && !in_check && i > 0 && depth <= SEE_DEPTH && key < refuter && !is_decisive(best) {
                let margin = if pos.is_noisy(m) { SEE_NOISY_PER_PLY2 * depth * depth } else { SEE_QUIET_PER_PLY * depth };
                if pos.loses_exchange(m, margin) && pos.checks(m, self.seating.opponents(pos.turn())) != Some(true) {
                    continue;
                }
            }
            let next = if pos.extends(m) { depth } else { depth - 1 };
            let v = if i == 0 {
                self.child(pos, m, next, ply, alpha, beta, 0)
            } else {
                // A late quiet move (below the killers) is searched shallower first, and at
                // full depth only if it beats alpha there.
                let r = if may_reduce && i >= LMR_FROM_MOVE && key < refuter { self.late_reduction(depth, i, key, pv, improving).min(next - 1) } else { 0 };
                let mut v = self.child(pos, m, next - r.max(0), ply, alpha, alpha + 1, 0);
                if r > 0 && v > alpha {
                    v = self.child(pos, m, next, ply, alpha, alpha + 1, 0);
                }
                if v > alpha && v < beta { self.child(pos, m, next, ply, alpha, beta, 0) } else { v }
            };
            if self.aborted {
                break;
            }
            if v > best {
                (best, best_move) = (v, Some(m));
                if ply == 0 && v > alpha {
                    self.root_best = Some(m);
                }
                alpha = alpha.max(v);
                if alpha >= beta {
                    // A spent opponent's one move, played by its static order, teaches nothing.
                    if !pos.is_noisy(m) && !fixed {
                        if let Some(k) = self.came_by[ply] {
                            self.counters[k & (HISTORY_SLOTS - 1)] = Some(m);
                        }
                        self.remember_killer(ply, m);
                        self.reward_history(pos, depth, m, &ordered[..i]);
                    }
                    break;
                }
            }
        }
        self.ordered[ply] = ordered;
        // A probe's score below beta bounds only its one move, not the node.
        if !self.aborted && (!probe || best >= beta) {
            self.store(hash, depth, ply, best, best_move, alpha0, beta);
        }
        best
    }

    /// An opponent's quiet ply at five or six seats, in a game that says which quiet moves
    /// leave a capture of ours standing ([`Evaluate::threatened`]: cut-throat Queens), scored
    /// as the mover's uniform choice among its `n` moves rather than its worst for us. The first
    /// move in order stands for the moves that threaten nothing, and each threat is searched and
    /// counts as itself: `(first * (n - k) + sum of the k threats) / n`, each child with the full
    /// window (a mean needs exact scores), stored as exact. A forced result anywhere below
    /// keeps the mover's best, as a plain node would.
    ///
    /// Random and greedy seats both choose a quiet move without regard to us (greedy ones weigh
    /// material alone, which no quiet move but a crowning changes), so a coalition that always
    /// finds the worst quiet move for us models neither: at 200 ms a move six-seat cut-throat
    /// Tri-Queens lost 5 of 88 games to random seats with it and 2 with this, and 4 of 96 to
    /// greedy seats either way (docs/architecture.md, the twenty-third sitting). Captures stay
    /// the coalition's: they are forced, and greedy seats choose the largest.
    fn expect_quiet(&mut self, pos: &mut P, hash: u64, depth: i32, ply: usize, ordered: &mut [(i32, P::Move)]) -> i32 {
        let n = ordered.len() as i64;
        let (mut threats, mut k, mut best) = (0i64, 0i64, -INF);
        let (mut first, mut first_move) = (0, None);
        for i in 0..ordered.len() {
            let (_, m) = pick(ordered, i);
            self.spent[ply + 1] = false;
            if i > 0 && !self.leaves_threat(pos, m) {
                continue;
            }
            let next = if pos.extends(m) { depth } else { depth - 1 };
            let v = self.child(pos, m, next, ply, -INF, INF, 0);
            if self.aborted {
                return 0;
            }
            best = best.max(v);
            if i == 0 {
                (first, first_move) = (v, Some(m));
            } else {
                threats += v as i64;
                k += 1;
            }
        }
        let v = if is_decisive(best) { best } else { ((first as i64 * (n - k) + threats) / n) as i32 };
        self.store(hash, depth, ply, v, first_move, -INF, INF);
        v
    }

    /// Whether the quiet move `m` leaves its mover a capture of ours ([`Evaluate::threatened`],
    /// asked after `m` is played; true where the game does not say).
    fn leaves_threat(&self, pos: &mut P, m: P::Move) -> bool {
        let mover = pos.turn();
        let undo = pos.play_unchecked(m);
        let threat = pos.threatened(mover, self.us);
        pos.undo(m, undo);
        threat != Some(false)
    }

    /// Searches noisy moves only, standing pat on the static score unless every move is noisy
    /// (a forced capture in the checkers family: standing still is not an option then).
    fn quiesce(&mut self, pos: &mut P, ply: usize, mut alpha: i32, beta: i32, left: usize) -> i32 {
        self.tick();
        if self.aborted {
            return 0;
        }
        // Out of nodes: this one is the last ply (it stands pat).
        let left = if self.quiet_left == 0 { 0 } else { left };
        self.quiet_left = self.quiet_left.saturating_sub(1);
        if ply + 1 >= MAX_PLY || pos.throw_due() {
            return self.static_eval(pos);
        }
        // Any entry of the main search (depth one or more) settles a quiescence node too (none
        // is made for a finished game, so the end is still found below).
        if self.refined
            && let (_, Some(v)) = self.probe(pos.hash(), 0, ply, alpha, beta)
        {
            return v;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let (outcome, forced) = if pos.noisy_moves(&mut moves) {
            (None, false)
        } else {
            pos.legal_moves(&mut moves);
            (pos.outcome_with(&moves), !moves.is_empty() && moves.iter().all(|&m| pos.is_noisy(m)))
        };
        self.moves[ply] = moves;
        if let Some(o) = outcome {
            return self.terminal(pos, o, ply);
        }
        let mut best = -INF;
        if !forced || left == 0 {
            best = self.static_eval(pos);
            if best >= beta || left == 0 {
                return best;
            }
            alpha = alpha.max(best);
        }
        self.order(pos, ply, None, true);
        let mut ordered = std::mem::take(&mut self.ordered[ply]);
        let mover_us = self.is_us(pos);
        for i in 0..ordered.len() {
            let (_, m) = pick(&mut ordered, i);
            // A capture from the mover's own side only lowers that side's score: with more than
            // two seats, opponents taking each other's pieces multiplied quiescence by the
            // captures of every pair of neighbours (measured: 1.6 M nodes at depth 1).
            if pos.victim(m).is_some_and(|v| self.us.contains(v) == mover_us) || (!forced && pos.losing_capture(m)) {
                continue;
            }
            let v = self.child(pos, m, 0, ply, alpha, beta, left);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        self.ordered[ply] = ordered;
        if best == -INF {
            // Every move was forced and left out above: the position as it stands.
            best = self.static_eval(pos);
        }
        best
    }

    /// Fills `ordered[ply]` from `moves[ply]` with each move's order key: the table's move,
    /// noisy moves by their hint, the killers, the rest (taken best first by `pick`). With
    /// `noisy_only` the quiet moves are left out.
    fn order(&mut self, pos: &P, ply: usize, table_move: Option<P::Move>, noisy_only: bool) {
        let mut ordered = std::mem::take(&mut self.ordered[ply]);
        ordered.clear();
        let killers = self.killers[ply];
        let counter = self.came_by[ply].and_then(|k| self.counters[k & (HISTORY_SLOTS - 1)]);
        for &m in &self.moves[ply] {
            let noisy = pos.is_noisy(m);
            if noisy_only && !noisy {
                continue;
            }
            let key = if Some(m) == table_move {
                i32::MAX
            } else if noisy && !noisy_only && pos.losing_capture(m) {
                LOSING_KEY + pos.order_hint(m).clamp(-(1 << 20), 1 << 20)
            } else if noisy {
                capture_key(pos, m)
            } else if let Some(k) = killers.iter().position(|&k| k == Some(m)) {
                KILLER_KEY - k as i32
            } else if counter == Some(m) {
                COUNTER_KEY
            } else {
                pos.history_key(m).map_or(0, |h| self.history[h & (HISTORY_SLOTS - 1)])
            };
            ordered.push((key, m));
        }
        // Not sorted here: each loop picks the next best as it goes (`pick`), since a cut
        // usually comes within the first few moves.
        self.ordered[ply] = ordered;
    }

    /// A spent opponent's moves in best-reply search, by what the move is alone (captures by
    /// their order hint, quiet moves as generated): no table move, killers or history, which
    /// hold the moves that hurt the searching side most and would make every spent opponent
    /// play against it.
    fn order_statically(&mut self, pos: &P, ply: usize) {
        let mut ordered = std::mem::take(&mut self.ordered[ply]);
        ordered.clear();
        for &m in &self.moves[ply] {
            let key = if pos.is_noisy(m) { capture_key(pos, m) } else { 0 };
            ordered.push((key, m));
        }
        self.ordered[ply] = ordered;
    }

    /// A quiet move `m` refuted the node at `depth`: its history slot rises and those of the
    /// quiet moves searched before it (`tried`, which failed to) fall, by depth squared.
    fn reward_history(&mut self, pos: &P, depth: i32, m: P::Move, tried: &[(i32, P::Move)]) {
        let Some(key) = pos.history_key(m) else { return };
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        nudge(&mut self.history[key & (HISTORY_SLOTS - 1)], bonus);
        for &(_, q) in tried {
            if !pos.is_noisy(q)
                && let Some(k) = pos.history_key(q)
            {
                nudge(&mut self.history[k & (HISTORY_SLOTS - 1)], -bonus);
            }
        }
    }

    /// Plies cut from a late quiet move (the `i`th, order key `key`) at `depth`: the table's
    /// figure; where `refined`, one less at a principal-variation node, one more where the side
    /// to move is not improving, and up to two less or more by the move's history.
    fn late_reduction(&self, depth: i32, i: usize, key: i32, pv: bool, improving: bool) -> i32 {
        if !self.refined {
            return reduction(depth, i);
        }
        let history = if key > LOSING_KEY / 2 { key / (HISTORY_MAX / 2) } else { 0 };
        reduction(depth, i) - i32::from(pv) + i32::from(!improving) - history
    }

    fn remember_killer(&mut self, ply: usize, m: P::Move) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
    }

    fn slot(&self, hash: u64) -> usize {
        hash as usize & (self.table.len() - 1)
    }

    /// The stored move for this position, and a score if the entry settles the node.
    fn probe(&self, hash: u64, depth: i32, ply: usize, alpha: i32, beta: i32) -> (Option<P::Move>, Option<i32>) {
        let e = self.table[self.slot(hash)];
        if e.key != hash || e.depth < 0 {
            return (None, None);
        }
        let score = from_table(e.score, ply);
        let settles = e.depth as i32 >= depth
            && match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
        (e.best, settles.then_some(score))
    }

    #[allow(clippy::too_many_arguments)]
    fn store(&mut self, hash: u64, depth: i32, ply: usize, score: i32, best: Option<P::Move>, alpha0: i32, beta: i32) {
        let bound = if score <= alpha0 {
            Bound::Upper
        } else if score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let slot = self.slot(hash);
        let old = self.table[slot];
        if old.key == hash && old.depth as i32 > depth {
            return;
        }
        let best = best.or(if old.key == hash { old.best } else { None });
        self.table[slot] = Entry { key: hash, best, score: to_table(score, ply), depth: depth as i16, bound };
    }

    /// The table's line from the root, at most `depth` moves, each checked to be legal.
    fn principal_variation(&self, root: &P, depth: u32) -> Vec<P::Move> {
        let mut pos = root.clone();
        let (mut pv, mut legal) = (Vec::new(), Vec::new());
        let mut seen = Vec::new();
        while pv.len() < depth as usize {
            pos.legal_moves(&mut legal);
            // Best-reply search keeps a spent opponent's node under its own key: either serves.
            let hash = pos.hash();
            let stored = [hash, hash ^ SPENT_KEY].into_iter().map(|k| self.table[self.slot(k)]).find(|e| e.key == hash || e.key == hash ^ SPENT_KEY);
            let Some(m) = stored.and_then(|e| e.best).filter(|m| legal.contains(m) && !seen.contains(&hash)) else { break };
            seen.push(pos.hash());
            pv.push(m);
            pos.play_unchecked(m);
        }
        pv
    }
}

/// A capture's order key: above every quiet move's (killers and history included), ranked by
/// the game's order hint.
fn capture_key<P: Evaluate>(pos: &P, m: P::Move) -> i32 {
    1 << 24 | (pos.order_hint(m) + (1 << 20)).clamp(0, (1 << 23) - 1)
}

/// Brings the best of `list[i..]` to `i` and returns it: the first of equal keys, with the rest
/// kept in their order, so picking from 0 up gives the order of a stable sort by key (equal
/// keys in the generator's order: a search is reproducible) at the cost of only the moves
/// actually tried.
#[inline]
fn pick<M: Copy>(list: &mut [(i32, M)], i: usize) -> (i32, M) {
    let mut best = i;
    for j in i + 1..list.len() {
        if list[j].0 > list[best].0 {
            best = j;
        }
    }
    list[i..=best].rotate_right(1);
    list[i]
}

/// Whether half the time to `deadline` is gone: the next iteration would likely not finish.
fn half_spent(started: Instant, deadline: Instant) -> bool {
    let now = Instant::now();
    now >= deadline || now - started >= (deadline - started) / 2
}

/// Mate scores are stored relative to the node, not the root, so a table hit at another ply
/// reads the right distance.
fn to_table(score: i32, ply: usize) -> i32 {
    if is_decisive(score) { score + score.signum() * ply as i32 } else { score }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if is_decisive(score) { score - score.signum() * ply as i32 } else { score }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::{AtomicBool, Searcher, pick};
    use crate::checkers::DoublesSeating;
    use crate::dicechess::{DiceChessPosition, DiceRules, NoMove};
    use crate::game::{AnyPosition, GameId, GameOptions};
    use crate::position::Position;
    use crate::search::eval::Evaluate;

    /// A spent opponent at a six-seat table plays its first move by what the move is alone:
    /// the killer the dynamic order puts first is passed over for the generator's first
    /// quiet move (the start of six-seat Tri-Stax has no captures).
    #[test]
    fn a_spent_opponent_at_six_seats_passes_over_the_killer() {
        let mut o = GameOptions::default_for(GameId::TriStax);
        o.players = 6;
        o.seating = DoublesSeating::CutThroat;
        let pos = AnyPosition::start(GameId::TriStax, &o).unwrap();
        let stop = AtomicBool::new(false);
        let mut s = Searcher::new(&pos, 16, &[], false, true, &stop, None);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert!(moves.len() > 2 && moves.iter().all(|&m| !pos.is_noisy(m)), "{} quiet moves", moves.len());
        let last = *moves.last().unwrap();
        s.moves[0] = moves.clone();
        s.killers[0][0] = Some(last);
        s.order(&pos, 0, None, false);
        assert_eq!(pick(&mut s.ordered[0], 0).1, last, "the dynamic order plays the killer first");
        s.order_statically(&pos, 0);
        assert_eq!(pick(&mut s.ordered[0], 0).1, moves[0], "the static order, the first generated");
    }

    /// Six-seat cut-throat Tri-Queens takes an opponent's quiet ply as the mover's uniform
    /// choice (at five or six seats, where the game says which quiet moves threaten us), and
    /// so never scores a position worse for us than the coalition that always finds our worst
    /// quiet reply: at fixed depth, over positions of random play, the score with the mean is
    /// at least the paranoid score, and above it somewhere. Tri-Queens in pairs and six-seat
    /// Tri-Stax keep the paranoid search.
    #[test]
    fn six_seat_cut_throat_queens_expects_the_opponents_quiet_moves() {
        let start = |game, seating| {
            let mut o = GameOptions::default_for(game);
            o.players = 6;
            o.seating = seating;
            AnyPosition::start(game, &o).unwrap()
        };
        let stop = AtomicBool::new(false);
        let expects = |pos: &AnyPosition| Searcher::new(pos, 16, &[], false, false, &stop, None).expects_quiet;
        assert!(!expects(&start(GameId::TriQueens, DoublesSeating::PartnersAdjacent)), "Tri-Queens in pairs");
        assert!(!expects(&start(GameId::TriStax, DoublesSeating::CutThroat)), "six-seat Tri-Stax");
        let queens = start(GameId::TriQueens, DoublesSeating::CutThroat);
        assert!(expects(&queens));
        let mut rng = ChaCha8Rng::seed_from_u64(23);
        let (mut higher, mut moves) = (0, Vec::new());
        for game in 0..6 {
            let mut pos = queens.clone();
            for _ in 0..12 + 6 * game {
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
            let search = |expects_quiet| {
                let mut searcher = Searcher::new(&pos, 16, &[], false, false, &stop, None);
                searcher.expects_quiet = expects_quiet;
                searcher.run(&mut pos.clone(), 4, None).score
            };
            let (mean, worst) = (search(true), search(false));
            assert!(mean >= worst, "game {game}: {mean} with the mean, {worst} paranoid");
            higher += usize::from(mean > worst);
        }
        assert!(higher > 0, "the mean never scored above the paranoid search");
    }

    /// Picking from the front gives a stable sort's order (best key first, equal keys in the
    /// order they came), on lists with many equal keys.
    #[test]
    fn picking_in_turn_is_a_stable_sort() {
        let mut rng = ChaCha8Rng::seed_from_u64(29);
        for len in 0..40 {
            let mut list: Vec<(i32, usize)> = (0..len).map(|i| (rng.random_range(-3..4), i)).collect();
            let mut sorted = list.clone();
            sorted.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
            let picked: Vec<_> = (0..len).map(|i| pick(&mut list, i)).collect();
            assert_eq!(picked, sorted, "length {len}");
        }
    }

    /// Star2's probes cut a throw only where the mean of its outcomes' bounds already reaches
    /// beta, so at fixed depth the search finds the move and score of Star1 alone, with fewer
    /// nodes where the throws are cut (two dice and BrainKing, where one piece a throw moves
    /// once), and in no case many more (Gollon's series, where few probes reach beta).
    #[test]
    fn star2_probing_keeps_the_move_and_score_of_star1_in_fewer_nodes() {
        let italian = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        let cases = [
            (DiceRules::TwoDice, format!("{italian} [2,3]"), 3, true),
            (DiceRules::BrainKing, format!("{italian} [2]"), 3, true),
            (DiceRules::GollonPieceCount, format!("{italian} [2,3] left:3"), 4, true),
            (DiceRules::GollonCount, format!("{italian} [2] left:2"), 3, false),
        ];
        let stop = AtomicBool::new(false);
        for (rules, fen, depth, fewer) in cases {
            let pos = DiceChessPosition::from_text(&fen, rules, NoMove::Pass).unwrap();
            let search = |star2| {
                let mut searcher = Searcher::new(&pos, 16, &[], false, false, &stop, None);
                searcher.star2 = star2;
                searcher.run(&mut pos.clone(), depth, None)
            };
            let (star1, star2) = (search(false), search(true));
            assert_eq!(star1.depth, depth, "{rules:?}: the whole depth");
            assert_eq!((star2.best, star2.score), (star1.best, star1.score), "{rules:?}");
            if fewer {
                assert!(star2.nodes * 3 < star1.nodes * 2, "{rules:?}: {} nodes with the probes, {} without", star2.nodes, star1.nodes);
            } else {
                assert!(star2.nodes * 10 < star1.nodes * 11, "{rules:?}: {} nodes with the probes, {} without", star2.nodes, star1.nodes);
            }
        }
    }
}
