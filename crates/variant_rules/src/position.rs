//! The game-independent interface every rules position implements, plus outcomes and perft.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Most seats any game has (the triangular games seat up to six).
pub const MAX_SEATS: usize = 6;

/// A seat at the table, lettered A, B, C... in the order the game's seats are listed (for the
/// Doubles games that is the order of moves: rulings C10). Seat 0 moves first unless a seating
/// says otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The first seat (A, or White in the chess games).
    pub const A: Seat = Seat(0);
    /// The second seat (B, or Black).
    pub const B: Seat = Seat(1);
    /// The seat as an index into per-seat tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Its capital letter: A, B, C...
    pub fn letter(self) -> char {
        (b'A' + self.0) as char
    }
    /// The seat written as a letter (either case), if it is one of the first `count`.
    pub fn from_letter(ch: char, count: usize) -> Option<Seat> {
        let i = (ch.to_ascii_lowercase() as u32).wrapping_sub('a' as u32);
        (i < count as u32).then_some(Seat(i as u8))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A set of seats — a team, the winners, the seats still in play — as a bitmask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatSet(pub u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);
    /// The set of one seat.
    #[inline(always)]
    pub const fn single(s: Seat) -> SeatSet {
        SeatSet(1 << s.0)
    }
    /// The first `count` seats.
    pub const fn first(count: usize) -> SeatSet {
        SeatSet(((1u16 << count) - 1) as u8)
    }
    /// The set of the given seats.
    pub fn of(seats: &[Seat]) -> SeatSet {
        seats.iter().fold(SeatSet::EMPTY, |s, &x| s.with(x))
    }
    /// This set with `s` added.
    #[inline(always)]
    pub const fn with(self, s: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << s.0)
    }
    /// This set with `s` taken out.
    #[inline(always)]
    pub const fn without(self, s: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << s.0))
    }
    /// Whether `s` is in the set.
    #[inline(always)]
    pub const fn contains(self, s: Seat) -> bool {
        self.0 & (1 << s.0) != 0
    }
    /// Number of seats in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The seats in the set, in seat order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..MAX_SEATS as u8).map(Seat).filter(move |&s| self.contains(s))
    }
    /// The seats written as letters, e.g. "AC".
    pub fn letters(self) -> String {
        self.iter().map(Seat::letter).collect()
    }
}

/// A value per seat (castling rights, kings, counts...), indexed by [`Seat`]; no seat count is
/// assumed, so the same type serves two seats and six.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PerSeat<T>(pub [T; MAX_SEATS]);

impl<T: Copy> PerSeat<T> {
    /// Every seat holding `value`.
    pub const fn splat(value: T) -> PerSeat<T> {
        PerSeat([value; MAX_SEATS])
    }
}

impl<T> std::ops::Index<Seat> for PerSeat<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, s: Seat) -> &T {
        &self.0[s.index()]
    }
}

impl<T> std::ops::IndexMut<Seat> for PerSeat<T> {
    #[inline(always)]
    fn index_mut(&mut self, s: Seat) -> &mut T {
        &mut self.0[s.index()]
    }
}

/// Who sits at the table and in what order they move: seat count, the turn sequence (a list,
/// not a rotation: the texts give sequences such as A,C,B,D or F,C,A,D,B,E) and the teams.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seating {
    count: u8,
    order: [Seat; MAX_SEATS],
    /// `next[s]`: the seat moving after `s` in the sequence.
    next: [Seat; MAX_SEATS],
    /// `team[s]`: the seats of `s`'s team, `s` included.
    team: [SeatSet; MAX_SEATS],
}

impl Seating {
    /// Two seats, A then B, each its own team: every two-player game.
    pub const TWO: Seating = Seating {
        count: 2,
        order: [Seat(0), Seat(1), Seat(0), Seat(0), Seat(0), Seat(0)],
        next: [Seat(1), Seat(0), Seat(0), Seat(0), Seat(0), Seat(0)],
        team: [SeatSet(1), SeatSet(2), SeatSet(0), SeatSet(0), SeatSet(0), SeatSet(0)],
    };

    /// A seating from a turn sequence naming every seat once and the teams (each seat in exactly
    /// one team; one seat per team for cut-throat).
    pub fn new(order: &[Seat], teams: &[SeatSet]) -> Result<Seating, String> {
        let count = order.len();
        if !(2..=MAX_SEATS).contains(&count) {
            return Err(format!("a game seats 2 to {MAX_SEATS} players, not {count}"));
        }
        let all = SeatSet::first(count);
        if SeatSet::of(order) != all {
            return Err("the turn sequence must name every seat exactly once".into());
        }
        let mut seating = Seating { count: count as u8, order: [Seat(0); MAX_SEATS], next: [Seat(0); MAX_SEATS], team: [SeatSet::EMPTY; MAX_SEATS] };
        for (i, &s) in order.iter().enumerate() {
            seating.order[i] = s;
            seating.next[s.index()] = order[(i + 1) % count];
        }
        let mut covered = SeatSet::EMPTY;
        for &t in teams {
            if t.is_empty() || t.0 & covered.0 != 0 || t.0 & !all.0 != 0 {
                return Err("every seat must be in exactly one team".into());
            }
            covered = SeatSet(covered.0 | t.0);
            for s in t.iter() {
                seating.team[s.index()] = t;
            }
        }
        if covered != all {
            return Err("every seat must be in exactly one team".into());
        }
        Ok(seating)
    }

    /// Every seat its own team, moving in seat order (cut-throat).
    pub fn cut_throat(count: usize) -> Seating {
        let order: Vec<Seat> = (0..count as u8).map(Seat).collect();
        let teams: Vec<SeatSet> = order.iter().map(|&s| SeatSet::single(s)).collect();
        Seating::new(&order, &teams).unwrap_or(Seating::TWO)
    }

    /// Number of seats.
    #[inline(always)]
    pub fn count(&self) -> usize {
        self.count as usize
    }
    /// Every seat, in seat (letter) order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.count).map(Seat)
    }
    /// All seats as a set.
    pub fn all(&self) -> SeatSet {
        SeatSet::first(self.count as usize)
    }
    /// The turn sequence.
    pub fn order(&self) -> &[Seat] {
        &self.order[..self.count as usize]
    }
    /// The seat that moves after `s`.
    #[inline(always)]
    pub fn next(&self, s: Seat) -> Seat {
        self.next[s.index()]
    }
    /// `s`'s team (`s` included).
    #[inline(always)]
    pub fn team(&self, s: Seat) -> SeatSet {
        self.team[s.index()]
    }
    /// The seats not on `s`'s team.
    #[inline(always)]
    pub fn opponents(&self, s: Seat) -> SeatSet {
        SeatSet(self.all().0 & !self.team(s).0)
    }
    /// The teams, each once, in the order of their first seat.
    pub fn teams(&self) -> Vec<SeatSet> {
        let mut v: Vec<SeatSet> = Vec::new();
        for s in self.seats() {
            if !v.contains(&self.team(s)) {
                v.push(self.team(s));
            }
        }
        v
    }
    /// The only opponent of `s` in a two-seat game (the other seat); in larger games, the first
    /// opponent after `s` in the sequence.
    pub fn opponent(&self, s: Seat) -> Seat {
        let mut o = self.next(s);
        while self.team(s).contains(o) && o != s {
            o = self.next(o);
        }
        o
    }
}

/// Where a seat stands in a game with more than two players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeatState {
    /// Playing normally.
    #[default]
    InPlay,
    /// Has no piece on top of any stack for now (Stax and Queens partners: may reappear when a
    /// partner frees prisoners); its turns are skipped.
    Missing,
    /// Has pieces but none can move: its turns are skipped until one can.
    Immobile,
    /// Out of the game for good.
    Eliminated,
    /// Checkmated with the King still on the board (Double Chess partners): misses its turns
    /// until the mate is consummated or broken.
    Mated,
}

impl SeatState {
    /// The id used in `check --json` and the HUD.
    pub fn as_str(self) -> &'static str {
        match self {
            SeatState::InPlay => "in-play",
            SeatState::Missing => "missing",
            SeatState::Immobile => "immobile",
            SeatState::Eliminated => "eliminated",
            SeatState::Mated => "mated",
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    Checkmate,
    Stalemate,
    /// A king was taken (Dice Chess rule sets where kings are captured).
    KingCaptured,
    /// Every king of a side was taken (BrainKing 10x10's two kings).
    AllKingsCaptured,
    /// The losers have no pieces left.
    NoPiecesLeft,
    /// The losers have pieces but none can move.
    NoLegalMove,
    /// Every opponent's pieces are captured or immobile (the Doubles games).
    OpponentsCapturedOrImmobile,
    /// Four in a row (Chec Toe's "Toe").
    Toe,
    InsufficientMaterial,
    FiftyMoveRule,
    ThreefoldRepetition,
    /// The game's own limit on moves without progress.
    MoveLimit,
    /// Tri-Chek's 40-move option: "the player with the most pieces remaining becomes the winner".
    MostPieces,
}

impl Reason {
    /// The words players read ("checkmate", "threefold repetition"...).
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::KingCaptured => "king captured",
            Reason::AllKingsCaptured => "all kings captured",
            Reason::NoPiecesLeft => "no pieces left",
            Reason::NoLegalMove => "no legal move",
            Reason::OpponentsCapturedOrImmobile => "every opponent captured or immobile",
            Reason::Toe => "Toe",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::FiftyMoveRule => "fifty-move rule",
            Reason::ThreefoldRepetition => "threefold repetition",
            Reason::MoveLimit => "move limit",
            Reason::MostPieces => "most pieces after forty moves without a jump",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The seats of `winners` (a team; one seat in a two-player or cut-throat game) won.
    Win { winners: SeatSet, reason: Reason },
    /// Nobody won.
    Draw { reason: Reason },
}

impl Outcome {
    /// A win by one seat.
    pub fn win(winner: Seat, reason: Reason) -> Outcome {
        Outcome::Win { winners: SeatSet::single(winner), reason }
    }
    /// A win by a team.
    pub fn team(winners: SeatSet, reason: Reason) -> Outcome {
        Outcome::Win { winners, reason }
    }
    /// A draw.
    pub fn draw(reason: Reason) -> Outcome {
        Outcome::Draw { reason }
    }
    /// Why the game ended.
    pub fn reason(&self) -> Reason {
        match *self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
    /// The winning seats (empty for a draw).
    pub fn winners(&self) -> SeatSet {
        match *self {
            Outcome::Win { winners, .. } => winners,
            Outcome::Draw { .. } => SeatSet::EMPTY,
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

impl MoveError {
    /// The answer as a sentence for a "Why not?" panel: capitalised and closed with a full
    /// stop ("The Knight on b1 cannot move that way, to b3 (a Knight moves …).").
    pub fn sentence(&self) -> String {
        let text = match self {
            MoveError::Malformed(why) => format!("that is not a move as this game writes them: {why}"),
            MoveError::Illegal(why) => why.clone(),
            MoveError::GameOver(why) => format!("the game is over ({why})"),
        };
        let text = text.trim_end_matches(['.', ' ']);
        let mut chars = text.chars();
        let first: String = chars.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
        format!("{first}{}.", chars.as_str())
    }
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

    /// The seat to move.
    fn turn(&self) -> Seat;
    /// Who sits at the table: seat count, turn sequence, teams.
    fn seating(&self) -> Seating {
        Seating::TWO
    }
    /// Number of seats.
    fn player_count(&self) -> usize {
        self.seating().count()
    }
    /// Where seat `s` stands (in play, missing, immobile, eliminated).
    fn seat_state(&self, s: Seat) -> SeatState {
        let _ = s;
        SeatState::InPlay
    }
    /// Clears `out` and fills it with every legal move.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// How many legal moves there are (perft's last ply): [`Position::legal_moves`] into
    /// `scratch` and its length, unless a game can count without writing the moves.
    fn legal_move_count(&self, scratch: &mut Vec<Self::Move>) -> u64 {
        self.legal_moves(scratch);
        scratch.len() as u64
    }
    /// Whether the next move is a throw of the dice rather than a player's choice: clears `out`
    /// and, at such a chance node, fills it with every outcome (the roll moves `legal_moves`
    /// lists) and its weight, returning the weights' total (36 for two dice, 6 for one) so
    /// `weight / total` is the outcome's probability. Returns 0 at a decision. Search and
    /// matches use it so no caller ever guesses a roll's odds.
    fn chance(&self, out: &mut Vec<(Self::Move, u32)>) -> u32 {
        out.clear();
        0
    }
    /// Whether the next move is a throw: [`Position::chance`] would list outcomes. The search
    /// asks at every quiescence node, so the games with dice answer without listing them.
    fn throw_due(&self) -> bool {
        self.chance(&mut Vec::new()) > 0
    }
    /// [`Position::chance`] with the outcomes that leave the same game merged, for the search:
    /// one outcome stands for each class, carrying the summed weight of the outcomes it
    /// stands for (the total is unchanged). Gollon's count die reads 4, 5 and 6 all as four
    /// moves, so its 36 outcomes are at most 24 different games. By default, every outcome
    /// is its own.
    fn distinct_chance(&self, out: &mut Vec<(Self::Move, u32)>) -> u32 {
        self.chance(out)
    }
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
        if legal.is_empty() { "no legal move exists".into() } else { crate::refusal::GENERIC.into() }
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
    let nodes = if depth == 1 {
        pos.legal_move_count(&mut mine)
    } else if depth == 2 {
        // The last two plies in one loop: most nodes of the tree are here, and each child is
        // only counted (the scratch buffer is the next ply's).
        pos.legal_moves(&mut mine);
        if buffers.len() == ply + 1 {
            buffers.push(Vec::with_capacity(64));
        }
        let scratch = &mut buffers[ply + 1];
        let mut nodes = 0;
        for &m in mine.iter() {
            let u = pos.play_unchecked(m);
            nodes += pos.legal_move_count(scratch);
            pos.undo(m, u);
        }
        nodes
    } else {
        pos.legal_moves(&mut mine);
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
