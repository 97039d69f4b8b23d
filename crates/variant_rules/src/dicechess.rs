//! Dice Chess in every rule set `dice-chess.txt` gives: the two-dice game, BrainKing's one-die
//! king-capture game (8x8 and 10x10 with three kings) and Gollon's move-count games.
//!
//! A turn is a roll (a move written `[3,5]` or `[4]`, chosen by the dice, never by the
//! player) followed by the chess move(s) the roll allows, or `pass` when it allows none. The
//! chess itself is [`ChessPosition`] with a relaxed king rule; this layer filters its moves by
//! the roll and strings Gollon's series together with null moves.

use std::cell::RefCell;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::chess::{ChessMove, ChessPosition, ChessRules, ChessUndo, KingRule, MoveKind, NullUndo, PAWN, ROOK, START_FEN};
use crate::dice::Roll;
use crate::position::{MoveError, Outcome, Position, Reason, Seat, Seating, splitmix64};
use crate::refusal::Refusal;
use crate::topology::{Cell, NO_CELL, Wrap};

mod family;
mod scene;

/// Dice Chess seats two, White then Black, like the chess underneath.
const SEATING: Seating = Seating::TWO;

/// The rule sets of `dice-chess.txt` (option `--rules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum DiceRules {
    /// Two dice name the piece types that may move; doubles allow any move.
    #[default]
    #[serde(rename = "two-dice")]
    TwoDice,
    /// BrainKing: one die, no check, capture the king.
    #[serde(rename = "brainking")]
    BrainKing,
    /// BrainKing on 10x10 with three kings a side; capture all three.
    #[serde(rename = "brainking-10x10")]
    BrainKing10,
    /// Gollon: one die gives the number of moves (4, 5 and 6 all mean four).
    #[serde(rename = "gollon-count")]
    GollonCount,
    /// Gollon: a piece die and a count die; that piece makes that many moves.
    #[serde(rename = "gollon-piece-count")]
    GollonPieceCount,
}

impl DiceRules {
    /// Every rule set, the default first.
    pub const ALL: [DiceRules; 5] = [DiceRules::TwoDice, DiceRules::BrainKing, DiceRules::BrainKing10, DiceRules::GollonCount, DiceRules::GollonPieceCount];

    /// The option value.
    pub fn as_str(self) -> &'static str {
        match self {
            DiceRules::TwoDice => "two-dice",
            DiceRules::BrainKing => "brainking",
            DiceRules::BrainKing10 => "brainking-10x10",
            DiceRules::GollonCount => "gollon-count",
            DiceRules::GollonPieceCount => "gollon-piece-count",
        }
    }

    /// How many dice a roll has.
    pub fn dice(self) -> usize {
        match self {
            DiceRules::TwoDice | DiceRules::GollonPieceCount => 2,
            _ => 1,
        }
    }

    /// What kings are under these rules.
    pub fn kings(self) -> KingRule {
        match self {
            DiceRules::BrainKing | DiceRules::BrainKing10 => KingRule::Capture,
            _ => KingRule::RoyalCapturable,
        }
    }

    /// The starting FEN.
    pub fn start_fen(self) -> &'static str {
        match self {
            // Three kings on e, f and g (the text's diagram); no castling with three kings.
            DiceRules::BrainKing10 => "rnbqkkkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKKKBNR w - - 0 1",
            _ => START_FEN,
        }
    }

    /// Whether a turn is a series of moves (Gollon).
    fn series(self) -> bool {
        matches!(self, DiceRules::GollonCount | DiceRules::GollonPieceCount)
    }
}

impl fmt::Display for DiceRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for DiceRules {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        DiceRules::ALL.into_iter().find(|r| r.as_str() == s).ok_or_else(|| {
            let all: Vec<&str> = DiceRules::ALL.iter().map(|r| r.as_str()).collect();
            format!("unknown dice rules '{s}' (known: {})", all.join(", "))
        })
    }
}

/// What a BrainKing roll of 6 lets a pawn on its seventh rank do (rulings D4). The 6 names the
/// king, which no pawn becomes: by the text's sentence the pawn cannot move (`None`, the
/// default); `Any` reads "on any roll" as letting it promote to any piece, as a 1 does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BrainKingSix {
    #[default]
    None,
    Any,
}

impl BrainKingSix {
    /// The id used on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            BrainKingSix::None => "none",
            BrainKingSix::Any => "any",
        }
    }
}

impl FromStr for BrainKingSix {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "none" => Ok(BrainKingSix::None),
            "any" => Ok(BrainKingSix::Any),
            _ => Err(format!("unknown --brainking-six '{s}' (expected none or any)")),
        }
    }
}

/// What happens when a roll allows no move (option `--no-move`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoMove {
    /// The turn is lost ("loses that turn (passed turn)").
    #[default]
    Pass,
    /// The player rolls again.
    Reroll,
}

impl NoMove {
    /// The option value.
    pub fn as_str(self) -> &'static str {
        match self {
            NoMove::Pass => "pass",
            NoMove::Reroll => "reroll",
        }
    }
}

impl FromStr for NoMove {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "pass" => Ok(NoMove::Pass),
            "reroll" => Ok(NoMove::Reroll),
            _ => Err(format!("unknown --no-move '{s}' (known: pass, reroll)")),
        }
    }
}

/// Where the current turn stands. The default is "the dice are still to be rolled".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct TurnState {
    /// The roll this turn's moves obey; `Roll::default()` before it is thrown.
    roll: Roll,
    /// Gollon: moves still to play in the series.
    left: u8,
    /// Gollon piece-count: the cell of the piece making the series, once it has moved.
    piece: Cell,
    /// Rolls thrown away this turn (`--no-move reroll`), so the position differs each time.
    voided: u8,
}

impl Default for TurnState {
    fn default() -> Self {
        TurnState { roll: Roll::default(), left: 0, piece: NO_CELL, voided: 0 }
    }
}

impl TurnState {
    fn rolled(self) -> bool {
        self.roll.first() != 0
    }
    fn key(self) -> u64 {
        if self == TurnState::default() {
            return 0;
        }
        let packed =
            self.roll.first() as u64 | (self.roll.second() as u64) << 8 | (self.left as u64) << 16 | (self.piece as u64) << 24 | (self.voided as u64) << 40;
        splitmix64(packed ^ 0xD1CE_0000_0000_0000)
    }
}

/// A Dice Chess move: a roll, a chess move, or giving up the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiceMove {
    /// The dice came up with these faces.
    Roll(Roll),
    /// The roll allows no move (or the series can go no further): the turn ends.
    Pass,
    /// The roll allows no move and `--no-move reroll` is on: throw again.
    Reroll,
    /// A chess move the roll allows.
    Chess(ChessMove),
}

/// What `undo` restores.
#[derive(Clone, Copy, Debug)]
pub struct DiceUndo {
    state: TurnState,
    chess: Option<ChessUndo>,
    null: Option<NullUndo>,
}

/// A Dice Chess position: the board and where the turn stands.
#[derive(Clone)]
pub struct DiceChessPosition {
    chess: ChessPosition,
    rules: DiceRules,
    no_move: NoMove,
    six: BrainKingSix,
    state: TurnState,
}

thread_local! {
    /// Scratch buffer for the chess moves a roll filters (no allocation per node).
    static SCRATCH: RefCell<Vec<ChessMove>> = RefCell::new(Vec::with_capacity(128));
}

impl DiceChessPosition {
    /// The starting position.
    pub fn start(rules: DiceRules, no_move: NoMove) -> DiceChessPosition {
        DiceChessPosition::from_text(rules.start_fen(), rules, no_move).expect("start position is valid")
    }

    /// A position from FEN, optionally followed by the turn's state: the roll (`[3,5]`),
    /// Gollon's moves left in the series (`left:2`) and the piece making it (`piece:e4`).
    pub fn from_text(text: &str, rules: DiceRules, no_move: NoMove) -> Result<DiceChessPosition, String> {
        let mut fen = Vec::new();
        let mut state = TurnState::default();
        let chess_rules = ChessRules { shadow: false, kings: rules.kings() };
        for word in text.split_whitespace() {
            if Roll::is_token(word) {
                state.roll = Roll::parse(word)?;
            } else if let Some(n) = word.strip_prefix("left:") {
                state.left = n.parse().map_err(|_| format!("'{word}': left:N needs a number"))?;
            } else if let Some(n) = word.strip_prefix("voided:") {
                state.voided = n
                    .parse()
                    .ok()
                    .filter(|_| no_move == NoMove::Reroll)
                    .ok_or_else(|| format!("'{word}': voided:N (rolls thrown away this turn) needs a number and --no-move reroll"))?;
            } else if !word.starts_with("piece:") {
                fen.push(word);
            }
        }
        let chess = ChessPosition::from_fen(&fen.join(" "), Wrap::Flat, chess_rules)?;
        if let Some(sq) = text.split_whitespace().find_map(|w| w.strip_prefix("piece:")) {
            state.piece = chess.topology().parse_cell(sq).ok_or_else(|| format!("'piece:{sq}' is not a square"))?;
        }
        let pos = DiceChessPosition { chess, rules, no_move, six: BrainKingSix::default(), state };
        if state.rolled() && state.roll.dice() != rules.dice() {
            return Err(format!("{rules} rolls {} dice, the position has {}", rules.dice(), state.roll));
        }
        if rules.series() && state.rolled() && !(1..=4).contains(&state.left) {
            return Err("a Gollon position with a roll needs left:1 to left:4".into());
        }
        if !rules.series() && (state.left != 0 || state.piece != NO_CELL) {
            return Err(format!("left:/piece: belong to the Gollon rules, not {rules}"));
        }
        if !state.rolled() && (state.left != 0 || state.piece != NO_CELL) {
            return Err("left:/piece: describe a series under way, after the roll".into());
        }
        if state.piece != NO_CELL && (rules != DiceRules::GollonPieceCount || pos.chess.color_at(state.piece) != Some(pos.chess.turn())) {
            return Err("piece: names the side to move's piece making a Gollon piece-and-count series".into());
        }
        Ok(pos)
    }

    /// The same position with BrainKing's 6 read as `six` (rulings D4).
    pub fn with_six(mut self, six: BrainKingSix) -> DiceChessPosition {
        self.six = six;
        self
    }

    /// The chess position underneath.
    pub fn chess(&self) -> &ChessPosition {
        &self.chess
    }
    /// The rule set.
    pub fn rules(&self) -> DiceRules {
        self.rules
    }
    /// What a roll that allows no move does.
    pub fn no_move(&self) -> NoMove {
        self.no_move
    }
    /// The roll the side to move is playing, if the dice have been thrown this turn.
    pub fn roll(&self) -> Option<Roll> {
        self.state.rolled().then_some(self.state.roll)
    }
    /// Gollon: moves left in this turn's series.
    pub fn series_left(&self) -> u8 {
        self.state.left
    }
    /// Whether the dice are to be thrown next.
    pub fn awaiting_roll(&self) -> bool {
        !self.state.rolled()
    }

    /// Every outcome of a throw, each once (unordered pairs for two equal dice), with how many
    /// of the throw's equally likely ordered outcomes show it (out of 36 for two dice, 6 for one).
    fn for_each_roll(&self, mut f: impl FnMut(Roll, u32)) {
        match self.rules {
            DiceRules::TwoDice => {
                for a in 1..=6 {
                    for b in a..=6 {
                        f(Roll::two(a, b), if a == b { 1 } else { 2 });
                    }
                }
            }
            DiceRules::GollonPieceCount => {
                for a in 1..=6 {
                    for b in 1..=6 {
                        f(Roll::two(a, b), 1);
                    }
                }
            }
            _ => (1..=6).for_each(|a| f(Roll::one(a), 1)),
        }
    }

    /// [`Self::for_each_roll`] with the rolls that allow the same moves told once, with their
    /// summed weight: the doubles of two dice allow any move (listed as `[1,1]`, 6 of 36),
    /// Gollon's count die means at most four moves (`4` stands for 4, 5 and 6: 3 of 6), and
    /// in Gollon's piece and count every roll naming a kind that cannot move is the same pass
    /// (told last, as the first such kind with a count of 1).
    fn for_each_distinct_roll(&self, mut f: impl FnMut(Roll, u32)) {
        // The count die: faces 1 to 3 are themselves, the face 4 stands for three.
        let count_face = |b: u8| if b == 4 { 3 } else { 1 };
        match self.rules {
            DiceRules::TwoDice => {
                f(Roll::two(1, 1), 6);
                for a in 1..=6 {
                    for b in a + 1..=6 {
                        f(Roll::two(a, b), 2);
                    }
                }
            }
            DiceRules::GollonPieceCount => {
                let movable = self.kinds_with_legal_moves();
                let (mut stuck, mut passes) = (None, 0);
                for a in 1..=6 {
                    if movable & (1 << a) == 0 {
                        stuck.get_or_insert(a);
                        passes += 6;
                        continue;
                    }
                    for b in 1..=4 {
                        f(Roll::two(a, b), count_face(b));
                    }
                }
                if let Some(a) = stuck {
                    f(Roll::two(a, 1), passes);
                }
            }
            DiceRules::GollonCount => (1..=4).for_each(|a| f(Roll::one(a), count_face(a))),
            DiceRules::BrainKing | DiceRules::BrainKing10 => (1..=6).for_each(|a| f(Roll::one(a), 1)),
        }
    }

    /// The kinds (bit `1 << kind`, pawn 1 to king 6) that have a legal move for the side to
    /// move, a rook where it may castle: the kinds Gollon's piece die may name without a pass.
    fn kinds_with_legal_moves(&self) -> u8 {
        SCRATCH.with_borrow_mut(|buf| {
            self.chess.legal_moves(buf);
            buf.iter().fold(0u8, |kinds, m| {
                let castle = matches!(m.kind, MoveKind::CastleKing | MoveKind::CastleQueen);
                kinds | 1 << self.chess.kind_at(m.from) | if castle { 1 << ROOK } else { 0 }
            })
        })
    }

    /// The cells (bit `rank * 8 + file`) of the pieces the roll may move, at least those
    /// [`DiceChessPosition::allowed`] lets move: the named kinds' (the king too where a rook
    /// is named: castling is its move), the series' piece; every piece where the roll names
    /// any, and on the 10x10 board.
    fn movers(&self) -> u64 {
        let roll = self.state.roll;
        let named = |kinds: &[u8]| {
            let b = self.chess.piece_bits();
            let mine = b.colours[self.chess.turn().index()];
            kinds.iter().fold(0, |a, &k| a | b.of_kind(k) | if k == ROOK { b.kings } else { 0 }) & mine
        };
        match self.rules {
            DiceRules::TwoDice if !roll.is_doubles() => named(&[roll.first(), roll.second()]),
            DiceRules::GollonPieceCount if self.state.piece != NO_CELL => 1 << self.state.piece,
            DiceRules::GollonPieceCount => named(&[roll.first()]),
            _ => u64::MAX,
        }
    }

    /// Whether the roll lets `m` be played.
    fn allowed(&self, m: ChessMove) -> bool {
        let roll = self.state.roll;
        let kind = self.chess.kind_at(m.from);
        let castle = matches!(m.kind, MoveKind::CastleKing | MoveKind::CastleQueen);
        match self.rules {
            DiceRules::TwoDice => roll.is_doubles() || if castle { roll.shows(4) || roll.shows(6) } else { roll.shows(kind) },
            DiceRules::BrainKing | DiceRules::BrainKing10 => {
                let d = roll.first();
                if castle {
                    d == 4 || d == 6
                } else if kind == PAWN && m.promotion != 0 {
                    // "Pawns may move from the seventh to the eighth rank on any roll, but may
                    // promote only to the piece shown on the die (a one allows ... any piece)."
                    // A 6 shows the king, which no pawn becomes (rulings D4), unless the
                    // players chose `--brainking-six any`.
                    d == 1 || d == m.promotion || (d == 6 && self.six == BrainKingSix::Any)
                } else {
                    kind == d
                }
            }
            DiceRules::GollonCount => true,
            DiceRules::GollonPieceCount => {
                if self.state.piece != NO_CELL {
                    return m.from == self.state.piece && !castle;
                }
                let d = roll.first();
                if castle { d == 4 || d == 6 } else { kind == d }
            }
        }
    }

    /// Whether a king can ever be taken: BrainKing's have no check at all, and where the dice
    /// name the pieces (two dice, Gollon's piece and count) a checked player may have to pass
    /// and leave the king to be taken (rulings D2, D8). Gollon's count lets any piece answer,
    /// and with `--no-move reroll` nobody passes, so there check works as in chess.
    pub(crate) fn kings_capturable(&self) -> bool {
        match self.rules {
            DiceRules::BrainKing | DiceRules::BrainKing10 => true,
            DiceRules::TwoDice | DiceRules::GollonPieceCount => self.no_move == NoMove::Pass,
            DiceRules::GollonCount => false,
        }
    }

    /// The winner if a side has lost its king(s).
    fn king_captured(&self) -> Option<Outcome> {
        let lost = SEATING.seats().find(|&col| !self.chess.has_king(col))?;
        let why = if self.rules == DiceRules::BrainKing10 { Reason::AllKingsCaptured } else { Reason::KingCaptured };
        Some(Outcome::win(SEATING.opponent(lost), why))
    }

    /// Checkmate, stalemate or a chess draw, judged at the start of a turn.
    fn turn_start_outcome(&self) -> Option<Outcome> {
        if self.state.rolled() {
            return None;
        }
        let any = SCRATCH.with_borrow_mut(|buf| self.chess.has_legal_move(buf));
        if !any {
            let us = self.chess.turn();
            let checked = self.rules.kings() != KingRule::Capture && self.chess.in_check(us);
            return Some(if checked { Outcome::win(SEATING.opponent(us), Reason::Checkmate) } else { Outcome::draw(Reason::Stalemate) });
        }
        self.chess.draw_reason(self.kings_capturable()).map(Outcome::draw)
    }

    fn over(&self) -> Option<Outcome> {
        self.king_captured().or_else(|| self.turn_start_outcome())
    }

    /// Whether `text` is `pass`/`reroll` or a chess move's shape.
    fn word_syntax(&self, text: &str) -> Result<(), String> {
        match text {
            "pass" | "reroll" => Ok(()),
            _ => self.chess.check_move_syntax(text),
        }
    }

    /// A roll token in canonical form (two-dice pairs sorted).
    fn canonical_roll(&self, text: &str) -> Result<Roll, String> {
        let r = Roll::parse(text)?;
        if r.dice() != self.rules.dice() {
            return Err(format!("{} rolls {} {}, not {text}", self.rules, self.rules.dice(), if self.rules.dice() == 1 { "die" } else { "dice" }));
        }
        Ok(if self.rules == DiceRules::TwoDice && r.first() > r.second() { Roll::two(r.second(), r.first()) } else { r })
    }

    /// Names of the pieces a roll allows, for error messages.
    fn roll_names(&self) -> String {
        const NAMES: [&str; 7] = ["", "pawn", "knight", "bishop", "rook", "queen", "king"];
        let r = self.state.roll;
        match self.rules {
            DiceRules::TwoDice if r.is_doubles() => "any piece (doubles)".into(),
            DiceRules::TwoDice => format!("a {} or a {}", NAMES[r.first() as usize], NAMES[r.second() as usize]),
            DiceRules::GollonCount => "any piece".into(),
            _ => format!("a {}", NAMES[r.first() as usize]),
        }
    }
}

impl Position for DiceChessPosition {
    type Move = DiceMove;
    type Undo = DiceUndo;

    fn turn(&self) -> Seat {
        self.chess.turn()
    }

    fn legal_moves(&self, out: &mut Vec<DiceMove>) {
        out.clear();
        if self.over().is_some() {
            return;
        }
        if !self.state.rolled() {
            self.for_each_roll(|r, _| out.push(DiceMove::Roll(r)));
            return;
        }
        SCRATCH.with_borrow_mut(|buf| {
            self.chess.legal_moves_from(self.movers(), buf);
            out.extend(buf.iter().filter(|&&m| self.allowed(m)).map(|&m| DiceMove::Chess(m)));
        });
        if out.is_empty() {
            let mid_series = self.state.piece != NO_CELL || (self.rules == DiceRules::GollonCount && self.state.left < count_of(self.state.roll, self.rules));
            out.push(if self.no_move == NoMove::Reroll && !mid_series { DiceMove::Reroll } else { DiceMove::Pass });
        }
    }

    /// Awaiting a throw: each roll with its odds out of 36 (two dice listed as unordered
    /// pairs: a double is one way of 36, any other pair two) or 6 (one die); no allocation.
    fn chance(&self, out: &mut Vec<(DiceMove, u32)>) -> u32 {
        out.clear();
        if self.state.rolled() || self.over().is_some() {
            return 0;
        }
        self.for_each_roll(|r, w| out.push((DiceMove::Roll(r), w)));
        out.iter().map(|&(_, w)| w).sum()
    }

    fn throw_due(&self) -> bool {
        !self.state.rolled() && self.over().is_none()
    }

    /// Rolls that allow the same moves merged ([`Self::for_each_distinct_roll`]): two dice's
    /// six doubles (any move), Gollon's count die showing 4, 5 or 6 (four moves either way),
    /// and in Gollon's piece and count the rolls naming a kind that cannot move (one pass).
    fn distinct_chance(&self, out: &mut Vec<(DiceMove, u32)>) -> u32 {
        out.clear();
        if self.state.rolled() || self.over().is_some() {
            return 0;
        }
        self.for_each_distinct_roll(|r, w| out.push((DiceMove::Roll(r), w)));
        out.iter().map(|&(_, w)| w).sum()
    }

    fn play_unchecked(&mut self, m: DiceMove) -> DiceUndo {
        let mut undo = DiceUndo { state: self.state, chess: None, null: None };
        match m {
            DiceMove::Roll(r) => {
                self.state.roll = r;
                if self.rules.series() {
                    self.state.left = count_of(r, self.rules);
                }
            }
            DiceMove::Pass => {
                undo.null = Some(self.chess.pass_turn());
                self.state = TurnState::default();
            }
            DiceMove::Reroll => {
                self.state = TurnState { voided: self.state.voided.saturating_add(1), ..TurnState::default() };
            }
            DiceMove::Chess(cm) => {
                let us = self.chess.turn();
                undo.chess = Some(self.chess.play_unchecked(cm));
                let castle = matches!(cm.kind, MoveKind::CastleKing | MoveKind::CastleQueen);
                let them = SEATING.opponent(us);
                // A series goes on while moves are left, unless the move took a king, gave
                // check (rulings D6) or ended the piece's career as what it was (promotion,
                // castling: D7).
                let goes_on = self.rules.series()
                    && self.state.left > 1
                    && self.chess.has_king(them)
                    && !self.chess.in_check(them)
                    && !(self.rules == DiceRules::GollonPieceCount && (castle || cm.promotion != 0));
                if goes_on {
                    undo.null = Some(self.chess.pass_turn());
                    self.state.left -= 1;
                    if self.rules == DiceRules::GollonPieceCount {
                        self.state.piece = cm.to;
                    }
                } else {
                    self.state = TurnState::default();
                }
            }
        }
        undo
    }

    fn undo(&mut self, m: DiceMove, u: DiceUndo) {
        if let Some(n) = u.null {
            self.chess.undo_pass_turn(n);
        }
        if let (DiceMove::Chess(cm), Some(c)) = (m, u.chess) {
            self.chess.undo(cm, c);
        }
        self.state = u.state;
    }

    fn hash(&self) -> u64 {
        self.chess.hash() ^ self.state.key()
    }
    fn recompute_hash(&self) -> u64 {
        self.chess.recompute_hash() ^ self.state.key()
    }

    fn outcome_with(&self, _legal: &[DiceMove]) -> Option<Outcome> {
        self.over()
    }

    fn move_text(&self, m: DiceMove) -> String {
        match m {
            DiceMove::Roll(r) => r.to_string(),
            DiceMove::Pass => "pass".into(),
            DiceMove::Reroll => "reroll".into(),
            DiceMove::Chess(cm) => self.chess.move_text(cm),
        }
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), String> {
        if Roll::is_token(text) { self.canonical_roll(text).map(|_| ()) } else { self.word_syntax(text) }
    }

    fn parse_move(&self, text: &str) -> Result<DiceMove, MoveError> {
        self.check_move_syntax(text).map_err(MoveError::Malformed)?;
        let text = if Roll::is_token(text) { self.canonical_roll(text).map_err(MoveError::Malformed)?.to_string() } else { text.to_string() };
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if let Some(o) = self.over() {
            return Err(MoveError::GameOver(o.reason().to_string()));
        }
        moves.iter().copied().find(|&m| self.move_text(m) == text).ok_or_else(|| MoveError::Illegal(self.explain_illegal(&text, &moves)))
    }

    fn explain_illegal(&self, text: &str, legal: &[DiceMove]) -> String {
        let rolled = self.state.rolled();
        if Roll::is_token(text) {
            return "the dice have already been rolled this turn: play a move the roll allows (or pass)".into();
        }
        if !rolled {
            return format!("roll the dice first (e.g. {})", if self.rules.dice() == 2 { "[3,5]" } else { "[4]" });
        }
        match text {
            "pass" => return "a roll that allows a move must be used (pass only when none is possible)".into(),
            "reroll" => return "a re-roll is only allowed when the roll allows no move and --no-move reroll is on".into(),
            _ => {}
        }
        let _ = legal;
        let Ok(parts) = self.chess.read_move_text(text) else { return format!("'{text}' is not a move") };
        let mut inner = Vec::new();
        self.chess.legal_moves(&mut inner);
        if !inner.iter().any(|&m| self.chess.move_text(m) == text) {
            return self.chess.refusal(parts, &inner).to_string();
        }
        let why = if self.state.piece != NO_CELL {
            format!("the dice forbid it: the series belongs to the piece on {}", self.chess.topology().name(self.state.piece))
        } else {
            format!("the dice forbid it: the roll {} lets only {} move", self.state.roll, self.roll_names())
        };
        Refusal::Dice(why).to_string()
    }

    fn to_text(&self) -> String {
        let mut s = self.chess.fen();
        if self.state.rolled() {
            s += &format!(" {}", self.state.roll);
            if self.rules.series() {
                s += &format!(" left:{}", self.state.left);
            }
            if self.state.piece != NO_CELL {
                s += &format!(" piece:{}", self.chess.topology().name(self.state.piece));
            }
        }
        if self.state.voided > 0 {
            s += &format!(" voided:{}", self.state.voided);
        }
        s
    }

    fn is_irreversible(&self, m: DiceMove) -> bool {
        match m {
            DiceMove::Chess(cm) => self.chess.is_irreversible(cm),
            // A pass is forced by the dice, not chosen: positions before it do not count
            // towards a repetition with those after it (rulings D8).
            DiceMove::Pass => true,
            DiceMove::Roll(_) | DiceMove::Reroll => false,
        }
    }
}

/// Gollon: the number of moves a roll gives ("a roll of a four, five, or six allows the player
/// to make four moves"); 0 for the other rule sets.
fn count_of(r: Roll, rules: DiceRules) -> u8 {
    match rules {
        DiceRules::GollonCount => r.first().min(4),
        DiceRules::GollonPieceCount => r.second().min(4),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    /// What a throw leaves (the piece making a series is chosen by its first move, so later
    /// steps follow from these): the moves it allows and the series' count; where its one
    /// move is a pass or a re-roll, the position that follows it in place of the count (the
    /// count die's face is gone once the turn passes).
    fn after(pos: &DiceChessPosition, roll: DiceMove) -> (Vec<String>, u64) {
        let mut p = pos.clone();
        p.play_unchecked(roll);
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let mut texts: Vec<String> = moves.iter().map(|&m| p.move_text(m)).collect();
        texts.sort();
        if let [m @ (DiceMove::Pass | DiceMove::Reroll)] = moves[..] {
            p.play_unchecked(m);
            return (texts, p.hash());
        }
        (texts, u64::from(p.state.left))
    }

    /// The roll's pieces listed by the bit generator alone are the moves the cell generator
    /// lists for every piece, filtered by the roll: in random games under the rule sets whose
    /// kings may be left in check and taken, from the start and from a middle game, with both
    /// answers to a roll that allows nothing. Positions where the side to move may take the
    /// other king (left in check by a pass), where only the cell generator serves, are met too.
    #[test]
    fn a_rolls_moves_by_bits_are_the_cell_generators_filtered_by_the_roll() {
        let mut rng = ChaCha8Rng::seed_from_u64(37);
        let italian = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        let (mut rolled, mut king_takes) = (0, 0);
        for rules in [DiceRules::TwoDice, DiceRules::GollonCount, DiceRules::GollonPieceCount] {
            for (fen, no_move) in [(START_FEN, NoMove::Pass), (italian, NoMove::Pass), (START_FEN, NoMove::Reroll)] {
                for _ in 0..12 {
                    let mut pos = DiceChessPosition::from_text(fen, rules, no_move).unwrap();
                    for _ in 0..160 {
                        let mut moves = Vec::new();
                        pos.legal_moves(&mut moves);
                        if pos.state.rolled() && pos.chess.has_king(Seat(0)) && pos.chess.has_king(Seat(1)) {
                            let mut cells = Vec::new();
                            pos.chess.cell_legal_moves(&mut cells);
                            let mut expected: Vec<String> = cells.iter().filter(|&&m| pos.allowed(m)).map(|&m| pos.chess.move_text(m)).collect();
                            let mut got: Vec<String> = moves.iter().filter(|&&m| matches!(m, DiceMove::Chess(_))).map(|&m| pos.move_text(m)).collect();
                            expected.sort();
                            got.sort();
                            assert_eq!(got, expected, "{rules} after roll {} in {}", pos.state.roll, pos.to_text());
                            rolled += 1;
                            let them = SEATING.opponent(pos.chess.turn());
                            king_takes += usize::from(pos.chess.is_attacked(pos.chess.king_cell(them), pos.chess.turn()));
                        }
                        if moves.is_empty() {
                            break;
                        }
                        let m = crate::search::throw(&pos, &mut rng).unwrap_or_else(|| moves[rng.random_range(0..moves.len())]);
                        pos.play_unchecked(m);
                    }
                }
            }
        }
        assert!(rolled > 5000 && king_takes > 20, "{rolled} rolled positions, {king_takes} with the other king to take");
    }

    /// The throws the search tells apart are the throws themselves with those that leave the
    /// same moves merged, weights summed: in random games under every rule set, each kind of
    /// aftermath carries the same odds either way, and the search's list is never longer.
    #[test]
    fn the_searchs_throws_merge_only_rolls_that_leave_the_same_moves() {
        let mut rng = ChaCha8Rng::seed_from_u64(36);
        let mut merged = 0;
        for (rules, no_move) in DiceRules::ALL.into_iter().flat_map(|r| [(r, NoMove::Pass), (r, NoMove::Reroll)]) {
            for _ in 0..4 {
                let mut pos = DiceChessPosition::from_text(rules.start_fen(), rules, no_move).unwrap();
                for _ in 0..80 {
                    let (mut all, mut distinct) = (Vec::new(), Vec::new());
                    let total = pos.chance(&mut all);
                    assert_eq!(pos.throw_due(), total > 0, "{rules} {no_move:?} in {}", pos.to_text());
                    if total > 0 {
                        assert_eq!(pos.distinct_chance(&mut distinct), total);
                        let odds = |list: &[(DiceMove, u32)]| {
                            let mut by: BTreeMap<(Vec<String>, u64), u32> = BTreeMap::new();
                            list.iter().for_each(|&(r, w)| *by.entry(after(&pos, r)).or_default() += w);
                            by
                        };
                        assert_eq!(odds(&distinct), odds(&all), "{rules} {no_move:?} in {}", pos.to_text());
                        merged += all.len() - distinct.len();
                    }
                    let mut moves = Vec::new();
                    pos.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        assert!(merged > 1000, "{merged} throws merged");
        // At the start of Gollon's piece and count only pawns and knights can move: their 4
        // counts each, and one pass for the 24 rolls of the other four kinds.
        let start = DiceChessPosition::from_text(DiceRules::GollonPieceCount.start_fen(), DiceRules::GollonPieceCount, NoMove::Pass).unwrap();
        let mut distinct = Vec::new();
        assert_eq!(start.distinct_chance(&mut distinct), 36);
        let pass = distinct.iter().filter(|&&(r, _)| after(&start, r).0 == ["pass"]).map(|&(_, w)| w).collect::<Vec<_>>();
        assert_eq!((distinct.len(), pass), (9, vec![24]));
    }
}
