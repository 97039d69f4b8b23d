//! Monte Carlo tree search for tables of three or more teams: UCT with a reward per seat
//! (max^n: each node's mover picks by its own seat's mean, Sturtevant 2008), leaves scored by
//! a short playout and the evaluation read as each team's odds of winning.
//!
//! Random playouts to the end of a chess game say little and cost much, so, as in most MCTS
//! for games with a good evaluation, a new leaf is scored at once: one round of captures (or
//! random quiet moves) is played out, then the teams' scores become odds of winning. Each
//! node also keeps the evaluation's max^n value of its subtree, backed up from its children's
//! static odds as nodes are grown, and selection mixes it into the mean (implicit minimax
//! backups, Lanctot, Winands, Pepels & Sturtevant 2014): without it a queen left where the
//! next seat takes it looked fine for as long as that seat's other replies were being tried.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::eval::Evaluate;
use super::pvs::{Found, WIN};
use crate::position::{MAX_SEATS, Outcome, PerSeat, SeatSet, Seating};

/// Exploration constant of UCB1 (rewards in [0, 1]). The odds of a quiet middle game differ by
/// a few hundredths from move to move, so the theory's √2 (or the √2 / 2 common with
/// evaluated leaves) spread the visits nearly evenly; tuned against paranoid search in
/// three-seat Tri-Chess at 100 ms (docs/architecture.md: 0.25 and 0.06 did worse).
const EXPLORATION: f32 = 0.12;
/// Weight of the backed-up evaluation against the mean reward in selection (the paper's α;
/// it found 0.3-0.6 best across its games; 0.25 and 0.6 did worse here).
const IMPLICIT: f32 = 0.4;
/// Bytes the tree's nodes may take (a node is 48 bytes and the move's size: 1-2 M nodes):
/// past this the tree stops growing and iterations only refine the visits of what it holds.
const MAX_TREE_BYTES: usize = 96 << 20;
/// A new leaf's playout lasts one round of the table's seats and this many plies more.
const PLAYOUT_EXTRA: usize = 1;
/// Iterations between looks at the clock and the stop flag.
const CLOCK_ITERATIONS: u32 = 64;
/// Centipawns for odds of ten to one (as [`super::Thought::expectation`]).
const PAWNS_PER_DECADE: f32 = 400.0;

/// A node of the tree: the move into it, its children (a range of the arena, once expanded),
/// the rewards of the seat that chose the move, summed over its visits, whether the move won
/// the game outright for that seat, each seat's odds by the evaluation's max^n value of the
/// subtree grown so far, and the seat to move (known once expanded).
struct Node<M> {
    mv: Option<M>,
    first: u32,
    len: u32,
    visits: u32,
    reward: f32,
    won: bool,
    turn: u8,
    heur: [f32; MAX_SEATS],
}

impl<M> Node<M> {
    fn new(mv: Option<M>, heur: [f32; MAX_SEATS]) -> Node<M> {
        Node { mv, first: 0, len: 0, visits: 0, reward: 0.0, won: false, turn: 0, heur }
    }
}

/// One search's tree and buffers.
struct Tree<'a, M> {
    nodes: Vec<Node<M>>,
    seating: Seating,
    /// The table's teams (a seat alone in cut-throat).
    teams: Vec<SeatSet>,
    moves: Vec<M>,
    scores: PerSeat<i32>,
    /// Per tree node on the current path: the seat that moved into it.
    movers: Vec<usize>,
    path: Vec<u32>,
    /// Xorshift state for the playouts' quiet moves.
    rng: u64,
    /// Nodes at most ([`MAX_TREE_BYTES`] of them).
    max_nodes: usize,
    stop: &'a AtomicBool,
}

/// Searches `root` until `deadline` (or `max_iterations`, or the stop flag) and returns the
/// move that wins outright or else the most visited, with the root mover's mean reward as a
/// score. `nodes` counts iterations; a forced move is played without a search.
pub(super) fn search<P: Evaluate>(root: &P, deadline: Option<Instant>, max_iterations: u64, stop: &AtomicBool) -> Found<P::Move> {
    let mut legal = Vec::new();
    root.legal_moves(&mut legal);
    if legal.len() <= 1 {
        return Found { best: legal.first().copied(), score: 0, depth: 0, nodes: 0, pv: Vec::new() };
    }
    let mut pos = root.clone();
    let mut tree = Tree::new(root, stop);
    let (mut iterations, mut depth, mut undos) = (0u64, 0usize, Vec::new());
    while iterations < max_iterations {
        if iterations % CLOCK_ITERATIONS as u64 == 0 && iterations > 0 && tree.out_of_time(deadline) {
            break;
        }
        depth = depth.max(tree.iterate(&mut pos, &mut undos));
        iterations += 1;
    }
    tree.found(root, iterations, depth as u32)
}

impl<'a, M: Copy + Eq> Tree<'a, M> {
    /// A tree holding `root` alone.
    fn new<P: Evaluate<Move = M>>(root: &P, stop: &'a AtomicBool) -> Self {
        Tree {
            nodes: vec![Node::new(None, [0.0; MAX_SEATS])],
            seating: root.seating(),
            teams: root.seating().teams(),
            moves: Vec::new(),
            scores: PerSeat::splat(0),
            movers: Vec::new(),
            path: Vec::new(),
            rng: root.hash() | 1,
            max_nodes: MAX_TREE_BYTES / std::mem::size_of::<Node<M>>(),
            stop,
        }
    }

    fn out_of_time(&self, deadline: Option<Instant>) -> bool {
        self.stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// One iteration: down the tree by UCB1, one node expanded, its leaf scored, the rewards
    /// added along the path, the position restored (`undos` is a buffer). Returns the depth
    /// reached.
    fn iterate<P: Evaluate<Move = M>>(&mut self, pos: &mut P, undos: &mut Vec<(M, P::Undo)>) -> usize {
        self.path.clear();
        self.movers.clear();
        undos.clear();
        let mut node = 0u32;
        let rewards = loop {
            self.path.push(node);
            // An expanded node is known to go on; a leaf is asked whether the game has ended.
            if self.nodes[node as usize].len == 0 {
                if pos.throw_due() {
                    // No game of three or more teams has dice; a throw is scored as it stands.
                    break self.odds(pos);
                }
                pos.legal_moves(&mut self.moves);
                if let Some(o) = pos.outcome_with(&self.moves) {
                    let r = outcome_rewards(o, &self.teams, pos.seats_out());
                    // A move that wins outright is the mover's choice whatever the means say
                    // (the evaluation's odds near a won game are close to 1 for many moves).
                    let n = &mut self.nodes[node as usize];
                    n.won = self.movers.last().is_some_and(|&s| r.0[s] == 1.0);
                    n.heur = r.0;
                    self.minimax_up();
                    break r;
                }
                // A leaf: grown on its second visit (the first only scores it), so nodes are
                // spent where the search returns.
                if self.nodes[node as usize].visits > 0 && self.nodes.len() + self.moves.len() <= self.max_nodes {
                    self.expand(pos, node);
                    self.minimax_up();
                }
                if self.nodes[node as usize].len == 0 {
                    break self.score_leaf(pos, undos);
                }
            }
            let child = self.select(node);
            let m = self.nodes[child as usize].mv.expect("every child holds its move");
            self.movers.push(pos.turn().index());
            undos.push((m, pos.play_unchecked(m)));
            node = child;
        };
        let depth = undos.len();
        unwind(pos, undos, 0);
        self.backup(&rewards);
        depth
    }

    /// Adds `node`'s children (the moves in `self.moves`), each with the odds of the position
    /// it leads to, best for the mover first (unvisited children are tried in this order).
    fn expand<P: Evaluate<Move = M>>(&mut self, pos: &mut P, node: u32) {
        let moves = std::mem::take(&mut self.moves);
        let turn = pos.turn().index();
        let first = self.nodes.len();
        // Grown by doubling, but never past the cap (a doubling near it would take twice).
        if self.nodes.capacity() < first + moves.len() {
            let want = (self.nodes.capacity() * 2).clamp(first + moves.len(), self.max_nodes.max(first + moves.len()));
            self.nodes.reserve_exact(want - first);
        }
        for &m in &moves {
            let undo = pos.play_unchecked(m);
            let heur = self.odds(pos).0;
            pos.undo(m, undo);
            self.nodes.push(Node::new(Some(m), heur));
        }
        self.nodes[first..].sort_by(|a, b| b.heur[turn].total_cmp(&a.heur[turn]));
        let n = &mut self.nodes[node as usize];
        (n.first, n.len, n.turn) = (first as u32, moves.len() as u32, turn as u8);
        self.moves = moves;
    }

    /// Backs the evaluation's max^n values up the current path: each expanded node takes the
    /// odds of its child best for its mover.
    fn minimax_up(&mut self) {
        for i in (0..self.path.len()).rev() {
            let n = &self.nodes[self.path[i] as usize];
            if n.len == 0 {
                continue;
            }
            let turn = n.turn as usize;
            let children = &self.nodes[n.first as usize..(n.first + n.len) as usize];
            let best = children.iter().map(|c| c.heur).max_by(|a, b| a[turn].total_cmp(&b[turn])).expect("an expanded node has children");
            self.nodes[self.path[i] as usize].heur = best;
        }
    }

    /// The child with the best upper bound for the mover here (one that wins outright, else
    /// an unvisited one, first): the mean reward mixed with the backed-up evaluation.
    fn select(&self, node: u32) -> u32 {
        let n = &self.nodes[node as usize];
        let (log, turn) = ((n.visits.max(1) as f32).ln(), n.turn as usize);
        let mut best = (f32::MIN, n.first);
        if let Some(c) = (n.first..n.first + n.len).find(|&c| self.nodes[c as usize].won) {
            return c;
        }
        for c in n.first..n.first + n.len {
            let child = &self.nodes[c as usize];
            if child.visits == 0 {
                return c;
            }
            let mean = child.reward / child.visits as f32;
            let v = (1.0 - IMPLICIT) * mean + IMPLICIT * child.heur[turn] + EXPLORATION * (log / child.visits as f32).sqrt();
            if v > best.0 {
                best = (v, c);
            }
        }
        best.1
    }

    /// A new leaf's rewards: a short playout (on top of `played`, which holds the path's moves
    /// and is left as it came), then the odds. Each seat in turn makes its best capture that
    /// does not likely lose material, or a quiet move at random: stopping at the first seat
    /// without a capture would hide a piece left hanging to the seat after it.
    fn score_leaf<P: Evaluate<Move = M>>(&mut self, pos: &mut P, played: &mut Vec<(M, P::Undo)>) -> PerSeat<f32> {
        let base = played.len();
        // The leaf's own moves are listed (and its game found going on) by `iterate` already.
        for ply in 0..self.seating.count() + PLAYOUT_EXTRA {
            if ply > 0 {
                pos.legal_moves(&mut self.moves);
            }
            if ply > 0
                && let Some(o) = pos.outcome_with(&self.moves)
            {
                let r = outcome_rewards(o, &self.teams, pos.seats_out());
                unwind(pos, played, base);
                return r;
            }
            let capture = self.moves.iter().copied().filter(|&m| pos.is_noisy(m) && !pos.losing_capture(m)).max_by_key(|&m| pos.order_hint(m));
            let m = match capture {
                Some(m) => m,
                None if self.moves.is_empty() => break,
                None => {
                    // xorshift64 (Marsaglia 2003): any uniform-enough choice will do here.
                    self.rng ^= self.rng << 13;
                    self.rng ^= self.rng >> 7;
                    self.rng ^= self.rng << 17;
                    self.moves[(self.rng % self.moves.len() as u64) as usize]
                }
            };
            played.push((m, pos.play_unchecked(m)));
            if pos.throw_due() {
                break;
            }
        }
        let r = self.odds(pos);
        unwind(pos, played, base);
        r
    }

    /// Every seat's odds of its team winning: a softmax of the teams' mean scores, which with
    /// two teams is the logistic curve of [`super::Thought::expectation`]. A team out of the
    /// game (a frozen set scores -20,000) gets nothing and takes nothing from the others;
    /// each team's standing against the mean of all others instead saturated at 1 for every
    /// seat still in once one seat was out, and the search then saw nothing to choose between.
    fn odds<P: Evaluate<Move = M>>(&mut self, pos: &P) -> PerSeat<f32> {
        pos.seat_scores(&mut self.scores);
        self.shares()
    }

    /// [`Tree::odds`] of the seat scores in `self.scores`.
    fn shares(&self) -> PerSeat<f32> {
        let mut means = [0f32; MAX_SEATS];
        for (mean, team) in means.iter_mut().zip(&self.teams) {
            *mean = team.iter().map(|s| self.scores[s] as f32).sum::<f32>() / team.iter().count().max(1) as f32;
        }
        let means = &means[..self.teams.len()];
        let top = means.iter().copied().fold(f32::MIN, f32::max);
        // e^(x / T) with T = 400 / ln 10: ten to one for four pawns, as between two teams.
        let mut weights = [0f32; MAX_SEATS];
        for (w, &m) in weights.iter_mut().zip(means) {
            *w = 10f32.powf((m - top) / PAWNS_PER_DECADE);
        }
        let total: f32 = weights.iter().sum();
        let mut out = PerSeat::splat(0.0);
        for (team, w) in self.teams.iter().zip(&weights) {
            for s in team.iter() {
                out[s] = w / total;
            }
        }
        out
    }

    /// Adds each seat's reward to the nodes it chose along the path.
    fn backup(&mut self, rewards: &PerSeat<f32>) {
        self.nodes[0].visits += 1;
        for (i, &node) in self.path.iter().enumerate().skip(1) {
            let n = &mut self.nodes[node as usize];
            n.visits += 1;
            n.reward += rewards.0[self.movers[i - 1]];
        }
    }

    /// The most visited root move, its line, and the mean reward as a score in centipawns.
    fn found<P: Evaluate<Move = M>>(&self, root: &P, iterations: u64, depth: u32) -> Found<M> {
        let mut pv = Vec::new();
        let mut node = 0usize;
        while self.nodes[node].len > 0 {
            let n = &self.nodes[node];
            let best =
                (n.first..n.first + n.len).max_by_key(|&c| (self.nodes[c as usize].won, self.nodes[c as usize].visits)).expect("an expanded node has children");
            if self.nodes[best as usize].visits == 0 {
                break;
            }
            pv.push(self.nodes[best as usize].mv.expect("every child holds its move"));
            node = best as usize;
        }
        let score = match pv.first() {
            None => {
                let mut legal = Vec::new();
                root.legal_moves(&mut legal);
                return Found { best: legal.first().copied(), score: 0, depth: 0, nodes: iterations, pv: Vec::new() };
            }
            Some(_) => {
                let child = &self.nodes[node_of(&self.nodes, &pv[..1])];
                let p = (child.reward / child.visits.max(1) as f32).clamp(1e-4, 1.0 - 1e-4);
                (PAWNS_PER_DECADE * (p / (1.0 - p)).log10()).round() as i32
            }
        };
        Found { best: pv.first().copied(), score: score.clamp(-WIN / 2, WIN / 2), depth, nodes: iterations, pv }
    }
}

/// The arena index of the node reached from the root by `line` (moves present in the tree).
fn node_of<M: Copy + Eq>(nodes: &[Node<M>], line: &[M]) -> usize {
    let mut node = 0usize;
    for &m in line {
        let n = &nodes[node];
        node = (n.first..n.first + n.len).find(|&c| nodes[c as usize].mv == Some(m)).expect("the line is in the tree") as usize;
    }
    node
}

/// Takes back the moves of `played` past its first `keep`, last first.
fn unwind<P: Evaluate>(pos: &mut P, played: &mut Vec<(P::Move, P::Undo)>, keep: usize) {
    while played.len() > keep {
        let (m, undo) = played.pop().expect("longer than keep");
        pos.undo(m, undo);
    }
}

/// A finished game's rewards: 1 to each winner, 0 to the rest; in a draw an even share to each
/// team still in the game (a team whose seats are all in `out` takes nothing, as in the odds
/// of a level position). ½ would make a draw better than level play at a table of three
/// teams; a share counting the teams already out (⅙ at six seats) made the draw of a last
/// duel worth a third of a level duel's ½, and in six-seat Tri-Chek's duel of three kings
/// each (tests/search.rs) the search played into an exchange at -0.85 rather than keep the
/// forty-move tie.
fn outcome_rewards(outcome: Outcome, teams: &[SeatSet], out: SeatSet) -> PerSeat<f32> {
    match outcome {
        Outcome::Win { winners, .. } => {
            let mut r = PerSeat::splat(0.0);
            for s in SeatSet::iter(winners) {
                r[s] = 1.0;
            }
            r
        }
        Outcome::Draw { .. } => {
            let still = |t: &&SeatSet| t.0 & !out.0 != 0;
            let n = teams.iter().filter(still).count();
            if n == 0 {
                return PerSeat::splat(1.0 / teams.len().max(1) as f32);
            }
            let mut r = PerSeat::splat(0.0);
            for s in teams.iter().filter(still).flat_map(|t| t.iter()) {
                r[s] = 1.0 / n as f32;
            }
            r
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::checkers::DoublesSeating;
    use crate::game::{AnyPosition, GameId, GameOptions};
    use crate::position::{Position, Seat};

    /// Positions of tables of three or more teams, each some random plies into a game.
    fn positions() -> Vec<AnyPosition> {
        let mut out = Vec::new();
        let mut rng = ChaCha8Rng::seed_from_u64(29);
        for (game, players) in [(GameId::TriChess, 3), (GameId::TriChess, 6), (GameId::TriChek, 4), (GameId::DoubleChess, 4), (GameId::Checkers, 4)] {
            let mut o = GameOptions::default_for(game);
            o.players = players;
            o.seating = DoublesSeating::CutThroat;
            let start = AnyPosition::start(game, &o).unwrap();
            for plies in [0, 7, 30] {
                let mut p = start.clone();
                let mut legal = Vec::new();
                for _ in 0..plies {
                    p.legal_moves(&mut legal);
                    if legal.is_empty() || p.outcome_with(&legal).is_some() {
                        break;
                    }
                    p.play_unchecked(legal[rng.random_range(0..legal.len())]);
                }
                if p.outcome().is_none() {
                    assert!(p.seating().teams().len() >= 3, "{game} with {players} seats");
                    out.push(p);
                }
            }
        }
        out
    }

    /// After many iterations the position is back as it came, every expanded node's backed-up
    /// odds are those of its child best for its mover, visits add up, and the move chosen is
    /// legal.
    #[test]
    fn iterations_leave_the_position_and_back_up_max_n() {
        let stop = AtomicBool::new(false);
        for root in positions() {
            let mut pos = root.clone();
            let mut tree = Tree::new(&root, &stop);
            let mut undos = Vec::new();
            for _ in 0..400 {
                tree.iterate(&mut pos, &mut undos);
            }
            assert_eq!((pos.hash(), pos.to_text()), (root.hash(), root.to_text()), "the position after the iterations");
            assert_eq!(tree.nodes[0].visits, 400);
            for n in tree.nodes.iter().filter(|n| n.len > 0) {
                let children = &tree.nodes[n.first as usize..(n.first + n.len) as usize];
                let best = children.iter().map(|c| c.heur[n.turn as usize]).fold(f32::MIN, f32::max);
                assert_eq!(n.heur[n.turn as usize], best, "{}", root.to_text());
                assert!(children.iter().map(|c| c.visits).sum::<u32>() <= n.visits);
            }
            let found = search(&root, None, 300, &stop);
            assert!(root.legal_move_list().contains(&found.best.expect("a move")), "{}", root.to_text());
        }
    }

    /// The odds are shares of the win: one per team, summing to one, a pawn's edge between two
    /// otherwise equal teams worth the logistic curve's share, and a frozen seat's team none.
    #[test]
    fn odds_are_shares_of_the_win() {
        let stop = AtomicBool::new(false);
        for root in positions() {
            let mut tree = Tree::new(&root, &stop);
            let odds = tree.odds(&root);
            let total: f32 = tree.teams.iter().map(|t| odds[t.iter().next().unwrap()]).sum();
            assert!((total - 1.0).abs() < 1e-4, "{total}");
        }
        let three = AnyPosition::start(GameId::TriChess, &GameOptions { players: 3, ..GameOptions::default_for(GameId::TriChess) }).unwrap();
        let mut tree = Tree::new(&three, &stop);
        let shares = |tree: &mut Tree<crate::game::AnyMove>, scores: [i32; 3]| {
            tree.scores.0[..3].copy_from_slice(&scores);
            tree.shares()
        };
        let frozen = shares(&mut tree, [-20_000, 100, 0]);
        assert!(frozen.0[0] < 1e-6);
        let edge = 1.0 / (1.0 + 10f32.powf(-100.0 / PAWNS_PER_DECADE));
        assert!((frozen.0[1] - edge).abs() < 1e-4, "{:?}", frozen.0);
        let even = shares(&mut tree, [50, 50, 50]);
        assert!(even.0[..3].iter().all(|&p| (p - 1.0 / 3.0).abs() < 1e-6));
    }

    /// Each node on the path is credited with the reward of the seat that chose its move, and
    /// a draw gives each team an even share.
    #[test]
    fn rewards_go_to_the_seat_that_chose() {
        let stop = AtomicBool::new(false);
        let three = AnyPosition::start(GameId::TriChess, &GameOptions { players: 3, ..GameOptions::default_for(GameId::TriChess) }).unwrap();
        let mut tree = Tree::new(&three, &stop);
        tree.nodes.extend([Node::new(None, [0.0; MAX_SEATS]), Node::new(None, [0.0; MAX_SEATS]), Node::new(None, [0.0; MAX_SEATS])]);
        tree.path = vec![0, 1, 2, 3];
        tree.movers = vec![0, 1, 2];
        let mut rewards = PerSeat::splat(0.0);
        rewards.0[..3].copy_from_slice(&[0.5, 0.2, 0.3]);
        tree.backup(&rewards);
        tree.backup(&rewards);
        let got: Vec<(u32, f32)> = tree.nodes.iter().map(|n| (n.visits, n.reward)).collect();
        assert_eq!(got, vec![(2, 0.0), (2, 1.0), (2, 0.4), (2, 0.6)]);
        let draw = Outcome::Draw { reason: crate::position::Reason::ThreefoldRepetition };
        let teams: Vec<SeatSet> = (0..3).map(|s| SeatSet::single(Seat(s))).collect();
        let level = outcome_rewards(draw, &teams, SeatSet::EMPTY);
        assert!(level.0[..3].iter().all(|&p| (p - 1.0 / 3.0).abs() < 1e-6));
        // A team out takes no share: the two left draw at ½ each, as a level duel's odds.
        let duel = outcome_rewards(draw, &teams, SeatSet::single(Seat(1)));
        assert_eq!(&duel.0[..3], &[0.5, 0.0, 0.5]);
    }
}
