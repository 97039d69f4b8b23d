//! The game-independent interface every rules position implements, plus outcomes and perft.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A seat at the table: index into the game's ordered player list (0 moves first).
pub type Player = u8;

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// `winner` won; `reason` says why (e.g. "checkmate", "no legal move").
    Win { winner: Player, reason: String },
    /// Nobody won; `reason` says why (e.g. "stalemate", "threefold repetition").
    Draw { reason: String },
}

impl Outcome {
    /// A win with a static reason.
    pub fn win(winner: Player, reason: &str) -> Outcome {
        Outcome::Win { winner, reason: reason.to_string() }
    }
    /// A draw with a static reason.
    pub fn draw(reason: &str) -> Outcome {
        Outcome::Draw { reason: reason.to_string() }
    }
    /// The reason text.
    pub fn reason(&self) -> &str {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
}

/// Why a move could not be read or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in this game's notation.
    Malformed(String),
    /// The text is well formed but not a legal move here.
    Illegal(String),
    /// The game is already over.
    GameOver(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(why) => write!(f, "malformed: {why}"),
            MoveError::Illegal(why) => write!(f, "illegal: {why}"),
            MoveError::GameOver(why) => write!(f, "the game is over ({why})"),
        }
    }
}

/// A validated position of some game: move generation, play/undo, hashing and outcome.
///
/// Implementations keep all state in fixed-size arrays so that `clone` is a memcpy and
/// `legal_moves` allocates nothing once the caller's buffer has grown.
pub trait Position: Clone {
    /// A move, small and `Copy`.
    type Move: Copy + Eq + fmt::Debug;
    /// What `undo` needs to take a move back.
    type Undo;

    /// The player to move.
    fn turn(&self) -> Player;
    /// Number of seats.
    fn player_count(&self) -> usize;
    /// Clears `out` and fills it with every legal move.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// Plays a move known to be legal (from `legal_moves`); returns what `undo` needs.
    fn play_unchecked(&mut self, m: Self::Move) -> Self::Undo;
    /// Takes back the last move played with `play_unchecked`.
    fn undo(&mut self, m: Self::Move, undo: Self::Undo);
    /// Incrementally maintained Zobrist hash.
    fn hash(&self) -> u64;
    /// The hash computed from scratch (tests compare it with [`Position::hash`]).
    fn recompute_hash(&self) -> u64;
    /// The result decided by this position alone (mate, no move, move limits); `legal` must be
    /// this position's legal moves. Repetition needs history and lives in [`crate::game::Game`].
    fn outcome_with(&self, legal: &[Self::Move]) -> Option<Outcome>;
    /// The move in this game's notation.
    fn move_text(&self, m: Self::Move) -> String;
    /// Checks the shape of a move text (not its legality) so errors can say "malformed".
    fn check_move_syntax(&self, text: &str) -> Result<(), String>;
    /// The position in this game's full text form (FEN for chess games): everything needed to
    /// rebuild it, hidden state included, so `from_text(to_text())` is the same position. It is
    /// the record saves and tests use, not what players are shown: see [`Position::public_text`].
    fn to_text(&self) -> String;
    /// The position as players may see it: [`Position::to_text`] with hidden information (CHEX's
    /// face-down piles) left out. Games without hidden information show the full text.
    fn public_text(&self) -> String {
        self.to_text()
    }
    /// Whether a move can never be repeated (resets repetition history): captures, pawn/man moves.
    fn is_irreversible(&self, m: Self::Move) -> bool;

    /// The result of this position, generating its legal moves.
    fn outcome(&self) -> Option<Outcome> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        self.outcome_with(&moves)
    }

    /// Finds the legal move written `text`, with a reason when there is none.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.check_move_syntax(text).map_err(MoveError::Malformed)?;
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if let Some(o) = self.outcome_with(&moves) {
            return Err(MoveError::GameOver(o.reason().to_string()));
        }
        moves.iter().copied().find(|&m| self.move_text(m) == text).ok_or_else(|| MoveError::Illegal(self.explain_illegal(text, &moves)))
    }

    /// Why a well-formed move text is not among `legal` (override for game-specific reasons).
    fn explain_illegal(&self, text: &str, legal: &[Self::Move]) -> String {
        let _ = text;
        if legal.is_empty() { "no legal move exists".into() } else { "not a legal move in this position".into() }
    }
}

/// Counts leaf nodes of the legal move tree to `depth` (bulk-counting the last ply).
///
/// As in chess practice, draw rules (move limits, repetition, dead material) do not prune the
/// tree: a node with legal moves is expanded. One move buffer per ply is made as the search
/// first reaches that ply, so the memory used follows the depth actually searched.
pub fn perft<P: Position>(pos: &mut P, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<P::Move>> = Vec::new();
    perft_inner(pos, depth, 0, &mut buffers)
}

fn perft_inner<P: Position>(pos: &mut P, depth: u32, ply: usize, buffers: &mut Vec<Vec<P::Move>>) -> u64 {
    if depth == 0 {
        return 1;
    }
    if buffers.len() == ply {
        buffers.push(Vec::with_capacity(64));
    }
    let mut mine = std::mem::take(&mut buffers[ply]);
    pos.legal_moves(&mut mine);
    let nodes = if depth == 1 {
        mine.len() as u64
    } else {
        let mut nodes = 0;
        for &m in mine.iter() {
            let u = pos.play_unchecked(m);
            nodes += perft_inner(pos, depth - 1, ply + 1, buffers);
            pos.undo(m, u);
        }
        nodes
    };
    buffers[ply] = mine;
    nodes
}

/// Perft split by first move: `(move text, nodes)` in generation order.
pub fn divide<P: Position>(pos: &mut P, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let text = pos.move_text(m);
            let u = pos.play_unchecked(m);
            let n = perft(pos, depth.saturating_sub(1));
            pos.undo(m, u);
            (text, n)
        })
        .collect()
}

/// SplitMix64: a fixed, well-mixed function used to derive Zobrist keys without tables.
#[inline(always)]
pub const fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
