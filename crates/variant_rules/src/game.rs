//! Game options, the [`Family`] trait every position type implements for the games it plays,
//! the dispatch enum's methods over every position type, and `Game`: a position with its move
//! history (undo, repetition) — the one type the CLI and the window drive. The games, their ids
//! and the dispatch enums themselves are listed once, in [`crate::registry`]; each family's
//! [`Family`] impl is in its folder (`chess/family.rs`), above both.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::checkers::{CheckersRules, DoublesSeating, QueensColours, UncoveredMan};
use crate::chex::DrawInCheck;
use crate::dicechess::{BrainKingSix, DiceRules, NoMove};
use crate::doublechess::{DoubleChessPosition, Notation, tri::TriChessSetup};
use crate::position::{MoveError, Outcome, Position, Reason, Seat, SeatState, Seating};
use crate::registry::Dice;
pub use crate::registry::{AnyMove, AnyPosition, AnyUndo, DEFAULT_MOVE_LIMIT, GameId};
pub(crate) use crate::registry::{by_family, dispatch, with_move};
use crate::toetoe::DeployGroups;
use crate::topology::{Cell, Side, Wrap};

impl GameId {
    /// How many dice the game throws each roll with `opts` (0 for games without dice).
    pub fn dice(self, opts: &GameOptions) -> usize {
        match self.spec().dice {
            Dice::None => 0,
            Dice::One => 1,
            Dice::ByRules => opts.dice_rules.dice(),
        }
    }

    /// The options the game accepts, for `variant-rules games`.
    pub fn option_help(self) -> Vec<String> {
        let tops: Vec<&str> = self.topologies().iter().map(|w| w.as_str()).collect();
        let mut v = vec![format!("--topology {}", tops.join("|"))];
        if self.is_checkers_family() {
            self.checkers_option_help(&mut v);
        }
        self.other_option_help(&mut v);
        v
    }

    /// The checkers family's options (Checkers, Stax, Queens, square or triangular).
    fn checkers_option_help(self, v: &mut Vec<String>) {
        v.push("--numbers".into());
        v.push("--seed N".into());
        v.push(format!("--move-limit N (plies without progress before a draw; default {}, 0 = none)", self.default_move_limit()));
        if !matches!(self, GameId::Checkers | GameId::TriChek) {
            v.push("--uncovered-man wait|crown (default wait)".into());
        }
        if self.is_triangular() {
            v.push("--players 2-6 (8 rows for 2, 10 for 3-4, 12 for 5-6)".into());
            v.push("--seating cut-throat|partners-adjacent|partners-opposite|partners-gap|trios (default cut-throat)".into());
            v.push("--symmetric (2 or 5-6 players: Figures 14/20, the extra file or the corners)".into());
        } else {
            v.push("--players 2|4 (4: Doubles on the 12x12 board)".into());
            v.push("--seating partners-adjacent|partners-opposite|cut-throat (4 players; default partners-adjacent)".into());
        }
        if matches!(self, GameId::Queens | GameId::TriQueens) {
            v.push("--queens-colours same|mixed (4 players: partners on one colour or split; default same)".into());
        }
        if self == GameId::Queens {
            v.push("--queens-rows 5-4-3|relocate (4 players: every seat 5-4-3 from its edge, or the older start of saves before it; default 5-4-3)".into());
        }
        if self == GameId::TriQueens {
            v.push("--queens-position closed|open (4 players on mixed colours: Figure 19 or 18; default closed)".into());
            v.push("--tri-steps blocked|open (a step or jump between corners passes over the other-coloured triangle between: blocked if it is occupied, or open; default blocked)".into());
        }
        if self.is_triangular() {
            v.push("--sequence table|prose (4 players, cut-throat and partners-gap: the table under Figure 17 or the prose's order; default table)".into());
        }
        if self == GameId::TriChek {
            v.push("--forty-moves on|off (once all pieces are kings, 40 moves each without a jump: most pieces wins; default on)".into());
        }
    }

    /// The options of the games outside the checkers family, each its own.
    fn other_option_help(self, v: &mut Vec<String>) {
        if self == GameId::ToeToe {
            v.push(format!("--deploy-groups N,N,... (default {})", DeployGroups::default()));
        }
        if self == GameId::Chex {
            v.push("--seed N (shuffles the draw piles)".into());
            v.push("--draw-in-check allowed|forbidden (default allowed)".into());
        }
        if self == GameId::DiceChess {
            let all: Vec<&str> = DiceRules::ALL.iter().map(|r| r.as_str()).collect();
            v.push(format!("--rules {} (default two-dice)", all.join("|")));
            v.push("--no-move pass|reroll (default pass)".into());
            v.push("--brainking-six none|any (BrainKing rules: what a 6 lets a pawn promote to; default none)".into());
        }
        if self == GameId::ChecToe {
            v.push("--move-limit N (turns in all before a draw; default 0 = none)".into());
        }
        if self == GameId::DoubleChess {
            v.push("--seating partners|cut-throat (default partners: W1 and W2 against B1 and B2)".into());
            v.push("--notation grid|corner (how moves are printed; both are read; default grid)".into());
            v.push("--double-hop-check no|yes (whether a Knight's second hop gives check; it never captures; default no)".into());
        }
        if self == GameId::TriChess {
            v.push("--players 2-6 (8 ranks for 2, 10 for 3-4, 12 for 5-6)".into());
            v.push(
                "--seating cut-throat|partners-adjacent|trios (4: partners-adjacent = AB vs CD; 6: AB vs CD vs EF, trios = ABC vs DEF; default cut-throat)"
                    .into(),
            );
            v.push("--edges full|cut (cut: leave the unoccupied outer edges out of play instead of a ninth Pawn; default full)".into());
            v.push("--extended-moves on|off (3-6 players: the Knight's double hop and the Pawn's long moves of Doubles; default on)".into());
            v.push("--corners cut|full (5-6 players: the 12-rank board's corners cut out, 204 triangles, or in play, 216; default cut)".into());
        }
    }
}

/// A game's options, as given on the command line or stored in a save file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameOptions {
    pub topology: Wrap,
    /// Numbers variation (checkers family only).
    pub numbers: bool,
    /// Seed for anything random in the setup (the Numbers shuffle).
    pub seed: u64,
    /// Checkers family: plies without progress before a draw (0 = no limit).
    pub move_limit: u16,
    /// Toe-to-Toe Chess: how many pieces each side deploys at a time.
    #[serde(default)]
    pub deploy_groups: DeployGroups,
    /// Dice Chess: which rule set of the text.
    #[serde(default)]
    pub dice_rules: DiceRules,
    /// Dice Chess: what a roll that allows no move does.
    #[serde(default)]
    pub no_move: NoMove,
    /// CHEX: whether a player in check may draw a tile (ruling X3).
    #[serde(default)]
    pub draw_in_check: DrawInCheck,
    /// Stax and Queens: a man uncovered on its king row waits or is crowned (ruling C6).
    #[serde(default)]
    pub uncovered_man: UncoveredMan,
    /// BrainKing dice chess: whether a 6 lets a pawn promote (ruling D4).
    #[serde(default)]
    pub brainking_six: BrainKingSix,
    /// Number of players: 2, or 4 for the checkers family's Doubles.
    #[serde(default = "two_players")]
    pub players: u8,
    /// Four players: partners adjacent or opposite, or cut-throat.
    #[serde(default)]
    pub seating: DoublesSeating,
    /// Four-player Queens: partners on the same colour or split.
    #[serde(default)]
    pub queens_colours: QueensColours,
    /// Double Chess: how moves are printed.
    #[serde(default)]
    pub notation: Notation,
    /// Triangular games: Figures 14 and 20's symmetric positions.
    #[serde(default)]
    pub symmetric: bool,
    /// Four-player Tri-Queens on mixed colours: the open position (Figure 18) rather than closed.
    #[serde(default)]
    pub queens_open: bool,
    /// Tri-Chek: the 40-move option.
    #[serde(default)]
    pub forty_moves: bool,
    /// Tri-Chess: the unoccupied outer edges out of play instead of a ninth Pawn.
    #[serde(default)]
    pub cut_edges: bool,
    /// Tri-Chess: without the extended Knight and Pawn moves ("may be used if desired").
    #[serde(default)]
    pub plain_moves: bool,
    /// Tri-Chess for five and six players: the 12-rank board's corners in play (`--corners
    /// full`) rather than cut out (ruling TC1). A save without the field was made when the
    /// corners were always in play, so it reads as `true` and replays on the board it was
    /// played on; games where it means nothing ignore it ([`GameOptions::effective`]).
    #[serde(default = "yes")]
    pub full_corners: bool,
    /// Double Chess: a Knight's second hop gives check (`--double-hop-check yes`, ruling DC4).
    #[serde(default)]
    pub hop_checks: bool,
    /// Double Queens: the start of games saved before the text's 5-4-3 rows (ruling C14's
    /// older procedure, which moves only checkers that could jump or be jumped). A save without
    /// this field gets that old start; new games get 5-4-3 (`--queens-rows`).
    #[serde(default = "yes")]
    pub queens_relocate: bool,
    /// Tri-Queens: steps and jumps along the even lines pass an occupied triangle of the other
    /// colour between two corners (ruling T7(b), `--tri-steps open`). A save without this field
    /// gets open, as played before; new games get blocked.
    #[serde(default = "yes")]
    pub tri_steps_open: bool,
    /// Four-player triangular games: the prose's sequences under Figure 16 rather than the
    /// table's (ruling T3, `--sequence prose`).
    #[serde(default)]
    pub prose_sequence: bool,
}

fn two_players() -> u8 {
    2
}

/// Serde default of the fields whose missing value means "as saved before the field existed".
fn yes() -> bool {
    true
}

impl GameOptions {
    /// The defaults for a game.
    pub fn default_for(game: GameId) -> GameOptions {
        GameOptions {
            topology: game.topologies()[0],
            numbers: false,
            seed: 0,
            move_limit: game.default_move_limit(),
            deploy_groups: DeployGroups::default(),
            dice_rules: DiceRules::default(),
            no_move: NoMove::default(),
            draw_in_check: DrawInCheck::default(),
            uncovered_man: UncoveredMan::default(),
            brainking_six: BrainKingSix::default(),
            // The smallest table the game seats: four for Double Chess, two for every other.
            players: game.player_counts()[0],
            // The one seating every player count of the triangular games allows.
            seating: if game.is_hexagonal() { DoublesSeating::CutThroat } else { DoublesSeating::default() },
            queens_colours: QueensColours::default(),
            notation: Notation::default(),
            symmetric: false,
            queens_open: false,
            forty_moves: game == GameId::TriChek,
            cut_edges: false,
            plain_moves: false,
            full_corners: false,
            hop_checks: false,
            queens_relocate: false,
            tri_steps_open: false,
            prose_sequence: false,
        }
    }

    /// The options with those that mean nothing for the game cleared: `full_corners` outside
    /// five- and six-player Tri-Chess, `queens_relocate` outside four-player Queens and
    /// `tri_steps_open` outside Tri-Queens (an old save of any game reads each as `true`).
    pub fn effective(mut self, game: GameId) -> GameOptions {
        if game != GameId::TriChess || self.players < 5 {
            self.full_corners = false;
        }
        if game != GameId::Queens || self.players != 4 {
            self.queens_relocate = false;
        }
        if game != GameId::TriQueens {
            self.tri_steps_open = false;
        }
        self
    }

    /// Checks that the options make sense for the game.
    pub fn validate(&self, game: GameId) -> Result<(), String> {
        self.effective(game).validate_all(game)
    }

    fn validate_all(&self, game: GameId) -> Result<(), String> {
        if self.hop_checks && game != GameId::DoubleChess {
            return Err(format!("--double-hop-check belongs to Double Chess; {game} has no extended Knight that checks"));
        }
        if !game.topologies().contains(&self.topology) {
            let why = if self.topology == Wrap::Universal { " (\"The Universal variations of the Checkers family do not work\" for chess)" } else { "" };
            return Err(format!("{game} cannot be played on the {} board{why}", self.topology));
        }
        if self.numbers && !game.is_checkers_family() {
            return Err(format!("--numbers is a checkers-family variation; {game} does not have it"));
        }
        if self.deploy_groups != DeployGroups::default() && game != GameId::ToeToe {
            return Err(format!("--deploy-groups belongs to Toe-to-Toe Chess; {game} has no deployment"));
        }
        if game != GameId::DiceChess && (self.dice_rules != DiceRules::default() || self.no_move != NoMove::default()) {
            return Err(format!("--rules and --no-move belong to Dice Chess; {game} has no such options"));
        }
        if !matches!(game, GameId::Stax | GameId::Queens | GameId::TriStax | GameId::TriQueens) && self.uncovered_man != UncoveredMan::default() {
            return Err(format!("--uncovered-man belongs to Stax and Queens; {game} has no stacks"));
        }
        if !(game == GameId::DiceChess && self.dice_rules.kings() == crate::chess::KingRule::Capture) && self.brainking_six != BrainKingSix::default() {
            let what = if game == GameId::DiceChess { format!("the {} rules do", self.dice_rules) } else { format!("{game} does") };
            return Err(format!("--brainking-six belongs to Dice Chess's BrainKing rules (--rules brainking or brainking-10x10); {what} not have it"));
        }
        if game != GameId::Chex && self.draw_in_check != DrawInCheck::default() {
            return Err(format!("--draw-in-check belongs to CHEX; {game} has no such option"));
        }
        self.validate_seats(game)
    }

    fn validate_seats(&self, game: GameId) -> Result<(), String> {
        if game != GameId::TriChess && (self.cut_edges || self.plain_moves) {
            return Err(format!("--edges and --extended-moves belong to Tri-Chess; {game} has no such options"));
        }
        if self.prose_sequence && !(game.is_triangular() && self.players == 4) {
            return Err(format!(
                "--sequence prose changes four-player Tri-Chek, Tri-Stax and Tri-Queens (cut-throat and partners-gap); {game} with {} players has one sequence",
                self.players
            ));
        }
        if game == GameId::TriChess {
            return self.validate_tri_chess();
        }
        if game == GameId::DoubleChess {
            return self.validate_double_chess();
        }
        if game.is_triangular() {
            return self.validate_triangular(game);
        }
        if self.symmetric || self.queens_open || self.forty_moves {
            return Err("--symmetric, --queens-position and --forty-moves belong to the triangular games".into());
        }
        if self.notation != Notation::default() {
            return Err(format!("--notation belongs to Double Chess; {game} has one notation"));
        }
        match self.players {
            2 => {}
            4 if game.is_checkers_family() => {}
            4 => return Err(format!("{game} is a two-player game; --players 4 belongs to Checkers, Stax, Queens and Double Chess")),
            n => return Err(format!("--players must be 2 or 4, not {n}")),
        }
        if self.players == 2 && (self.seating != DoublesSeating::default() || self.queens_colours != QueensColours::default()) {
            return Err("--seating and --queens-colours arrange four players; add --players 4".into());
        }
        if game != GameId::Queens && self.queens_colours != QueensColours::default() {
            return Err(format!("--queens-colours belongs to Queens; {game} uses the dark squares only"));
        }
        Ok(())
    }
}

impl GameOptions {
    /// The triangular games: 2-6 players; seatings, colours and figures are checked when the
    /// table is laid ([`CheckersPosition::start`]).
    fn validate_triangular(&self, game: GameId) -> Result<(), String> {
        if self.notation != Notation::default() {
            return Err(format!("--notation belongs to Double Chess; {game} has one notation"));
        }
        if !(2..=6).contains(&self.players) {
            return Err(format!("{game} seats 2 to 6 players, not {}", self.players));
        }
        if game != GameId::TriQueens && (self.queens_colours != QueensColours::default() || self.queens_open) {
            return Err(format!("--queens-colours and --queens-position belong to Tri-Queens; {game} uses one colour"));
        }
        if self.queens_open && self.queens_colours != QueensColours::Mixed {
            return Err(
                "--queens-position open spreads partners on opposite colours (Figure 18): add --players 4 --seating partners-adjacent --queens-colours mixed"
                    .into(),
            );
        }
        if game != GameId::TriChek && self.forty_moves {
            return Err(format!(
                "--forty-moves belongs to Tri-Chek: \"This problem does not occur in Stax or Queens, so the 40-move option does not apply to those games\" ({game})"
            ));
        }
        CheckersRules::check_table(&CheckersRules::for_game(game, self))
    }

    fn validate_tri_chess(&self) -> Result<(), String> {
        if self.notation != Notation::default() {
            return Err("--notation belongs to Double Chess; Tri-Chess names cells one way".into());
        }
        if self.symmetric || self.queens_open || self.forty_moves || self.queens_colours != QueensColours::default() {
            return Err("--symmetric, --queens-colours, --queens-position and --forty-moves belong to the triangular checkers games".into());
        }
        DoubleChessPosition::tri_start(self.tri_chess()).map(|_| ())
    }

    /// The Tri-Chess table these options describe.
    pub fn tri_chess(&self) -> TriChessSetup {
        TriChessSetup {
            players: self.players,
            seating: self.seating,
            cut_edges: self.cut_edges,
            extended: !self.plain_moves,
            full_corners: self.full_corners && self.players >= 5,
        }
    }

    fn validate_double_chess(&self) -> Result<(), String> {
        if self.players != 4 {
            return Err(format!("Double Chess seats four players, not {}", self.players));
        }
        if self.seating == DoublesSeating::PartnersOpposite {
            return Err("Double Chess partners sit at adjacent sides (\"Partners sit at adjacent sides with a dark corner square between them\"): use --seating partners or cut-throat".into());
        }
        if self.queens_colours != QueensColours::default() {
            return Err("--queens-colours belongs to Queens".into());
        }
        Ok(())
    }
}

/// The cells a move passes through (see [`AnyPosition::move_path`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePath {
    pub from: Cell,
    pub landings: Vec<Cell>,
    /// Cells jumped over, one per hop of a checkers-family jump (empty otherwise).
    pub jumped: Vec<Cell>,
    pub capture: bool,
    /// The piece kind a drop places or a promotion turns into (0 otherwise); a drop's `from`
    /// is its destination (it comes from the hand).
    pub piece: u8,
    /// Whether the move swaps the pieces on `from` and the landing (Toe-to-Toe's swap phase).
    pub swap: bool,
}

impl MovePath {
    /// The path of a move that moves no piece (a roll, a pass, a CHEX draw).
    pub fn nowhere() -> MovePath {
        let n = crate::topology::NO_CELL;
        MovePath { from: n, landings: vec![n], jumped: vec![], capture: false, piece: 0, swap: false }
    }
}

/// What a family's position type does for the games it plays, beyond [`Position`]: set one up,
/// read one from text, and answer the table's questions. Each family implements it in its own
/// folder (`chess/family.rs`); [`AnyPosition`]'s methods of the same names dispatch to it.
pub trait Family: Position {
    /// The starting position of `game` (a game of this family) with `opts` (validated).
    fn start_game(game: GameId, opts: &GameOptions) -> Result<Self, String>;
    /// A position of `game` from its text form (FEN for the chess games).
    fn game_from_text(game: GameId, opts: &GameOptions, text: &str) -> Result<Self, String>;
    /// The cells a move visits, for pointing at it on a board (see [`MovePath`]).
    fn move_path(&self, m: Self::Move) -> MovePath;
    /// The side of the board `seat` sits on. Default: two seats, the first south.
    fn side_of(&self, seat: Seat) -> Side {
        Side::of_two(seat)
    }
    /// How many dice the side to move must throw now (`None` when no roll is due). Default: a
    /// game without dice.
    fn dice_due(&self) -> Option<usize> {
        None
    }
    /// Whether threefold repetition ends the game. Default: yes.
    fn repetition_applies(&self) -> bool {
        true
    }
}

/// The moves of a concrete position, lifted into [`AnyMove`].
fn lift<P: Position>(p: &P, out: &mut Vec<AnyMove>)
where
    AnyMove: From<P::Move>,
{
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    out.clear();
    out.extend(v.into_iter().map(AnyMove::from));
}

/// The chance outcomes of a concrete position, lifted into [`AnyMove`].
fn lift_chance<P: Position>(p: &P, out: &mut Vec<(AnyMove, u32)>) -> u32
where
    AnyMove: From<P::Move>,
{
    lift_outcomes(out, |v| p.chance(v))
}

/// Outcomes that `list` writes as a concrete game's moves, lifted into [`AnyMove`].
fn lift_outcomes<M>(out: &mut Vec<(AnyMove, u32)>, list: impl FnOnce(&mut Vec<(M, u32)>) -> u32) -> u32
where
    AnyMove: From<M>,
{
    let mut v = Vec::new();
    let total = list(&mut v);
    out.clear();
    out.extend(v.into_iter().map(|(m, w)| (AnyMove::from(m), w)));
    total
}

/// The dispatch enum is itself a [`Position`]: the table, the CLI and generic code (perft, the
/// property tests, search) drive every game through this one API. A move of another game is
/// refused where an answer can say so (`move_text` names it, `play_unchecked` plays nothing).
impl Position for AnyPosition {
    type Move = AnyMove;
    type Undo = AnyUndo;

    fn turn(&self) -> Seat {
        dispatch!(self, p => p.turn())
    }
    fn seating(&self) -> Seating {
        dispatch!(self, p => p.seating())
    }
    fn seat_state(&self, s: Seat) -> SeatState {
        dispatch!(self, p => p.seat_state(s))
    }
    fn legal_moves(&self, out: &mut Vec<AnyMove>) {
        dispatch!(self, p => lift(p, out))
    }
    fn chance(&self, out: &mut Vec<(AnyMove, u32)>) -> u32 {
        dispatch!(self, p => lift_chance(p, out))
    }
    fn throw_due(&self) -> bool {
        dispatch!(self, p => p.throw_due())
    }
    fn distinct_chance(&self, out: &mut Vec<(AnyMove, u32)>) -> u32 {
        dispatch!(self, p => lift_outcomes(out, |v| p.distinct_chance(v)))
    }
    fn play_unchecked(&mut self, m: AnyMove) -> AnyUndo {
        with_move!(self, m, p, m => AnyUndo::from(p.play_unchecked(m)), AnyUndo::Nothing)
    }
    fn undo(&mut self, m: AnyMove, undo: AnyUndo) {
        with_move!(self, m, p, m => if let Ok(u) = undo.try_into() { p.undo(m, u) }, ())
    }
    fn hash(&self) -> u64 {
        dispatch!(self, p => p.hash())
    }
    fn recompute_hash(&self) -> u64 {
        dispatch!(self, p => p.recompute_hash())
    }
    fn outcome_with(&self, _legal: &[AnyMove]) -> Option<Outcome> {
        dispatch!(self, p => p.outcome())
    }
    fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, p => p.outcome())
    }
    fn move_text(&self, m: AnyMove) -> String {
        with_move!(self, m, p, m => p.move_text(m), format!("(a move of another game: {m:?})"))
    }
    fn check_move_syntax(&self, text: &str) -> Result<(), String> {
        dispatch!(self, p => p.check_move_syntax(text))
    }
    fn to_text(&self) -> String {
        dispatch!(self, p => p.to_text())
    }
    fn public_text(&self) -> String {
        dispatch!(self, p => p.public_text())
    }
    fn is_irreversible(&self, m: AnyMove) -> bool {
        with_move!(self, m, p, m => p.is_irreversible(m), false)
    }
    fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        dispatch!(self, p => p.parse_move(text).map(AnyMove::from))
    }
}

impl AnyPosition {
    /// The starting position of a game.
    pub fn start(game: GameId, opts: &GameOptions) -> Result<AnyPosition, String> {
        opts.validate(game)?;
        by_family!(game.family(), P => <P as Family>::start_game(game, opts).map(AnyPosition::from))
    }

    /// A position from its text form (FEN for chess games).
    pub fn from_text(game: GameId, opts: &GameOptions, text: &str) -> Result<AnyPosition, String> {
        opts.validate(game)?;
        by_family!(game.family(), P => <P as Family>::game_from_text(game, opts, text).map(AnyPosition::from))
    }

    /// A position from what a player sees of it ([`Position::public_text`]): the same as
    /// [`AnyPosition::from_text`] but for hidden piles, which are filled with what the set has
    /// left in some order (CHEX, [`crate::chex::ChexPosition::from_public_text`]): its legal
    /// moves are the real position's. Network clients build their positions this way.
    pub fn from_public_text(game: GameId, opts: &GameOptions, text: &str) -> Result<AnyPosition, String> {
        if game == GameId::Chex {
            opts.validate(game)?;
            return crate::chex::ChexPosition::from_public_text(text).map(AnyPosition::from);
        }
        AnyPosition::from_text(game, opts, text)
    }

    /// Every legal move, as a new list (the table's convenience; search uses
    /// [`Position::legal_moves`] with a reused buffer).
    pub fn legal_move_list(&self) -> Vec<AnyMove> {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v
    }

    /// The side of the board `seat` sits on (two-player games: the first seat south).
    pub fn side_of(&self, seat: Seat) -> Side {
        dispatch!(self, p => p.side_of(seat))
    }

    /// The cells a move visits, for pointing at it on a board: its origin, then each cell it
    /// lands on (one for a step or a chess move, one per hop of a jump sequence), and whether
    /// it captures. A move of another game goes nowhere.
    pub fn move_path(&self, m: AnyMove) -> MovePath {
        with_move!(self, m, p, m => p.move_path(m), MovePath::nowhere())
    }

    /// How many dice the side to move must throw now (`None` when no roll is due).
    pub fn dice_due(&self) -> Option<usize> {
        dispatch!(self, p => p.dice_due())
    }

    /// Whether threefold repetition ends this game (Chec Toe has no such rule).
    pub fn repetition_applies(&self) -> bool {
        dispatch!(self, p => p.repetition_applies())
    }

    /// Perft split by first move: `(move text, nodes)`.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        dispatch!(self, p => crate::position::divide(&mut p.clone(), depth))
    }

    /// Perft to `depth`, on the concrete position type (no dispatch per node).
    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(self, p => crate::position::perft(&mut p.clone(), depth))
    }
}

/// A game in progress: its start, the moves played, and the positions passed through.
#[derive(Clone)]
pub struct Game {
    id: GameId,
    options: GameOptions,
    start: String,
    history: Vec<(AnyPosition, String)>,
    position: AnyPosition,
    /// How many trailing history entries count for repetition (since the last irreversible move).
    reversible: usize,
    reversible_stack: Vec<usize>,
}

impl Game {
    /// A new game from the standard start, or from a text position.
    pub fn new(id: GameId, options: GameOptions, position: Option<&str>) -> Result<Game, String> {
        let options = options.effective(id);
        let pos = match position {
            Some(t) => AnyPosition::from_text(id, &options, t)?,
            None => AnyPosition::start(id, &options)?,
        };
        Ok(Game { id, options, start: pos.to_text(), history: Vec::new(), position: pos, reversible: 0, reversible_stack: Vec::new() })
    }

    /// The game a player rebuilds from what a server shows of it: the start's public text and
    /// each move with the public text after it (see [`AnyPosition::from_public_text`]). Where a
    /// move turns up a hidden tile (a CHEX draw), the start's face-down piles are arranged so
    /// the record draws what was really drawn; a position after a move that still differs from
    /// the one shown is refused.
    pub fn from_public_record(id: GameId, options: GameOptions, start: &str, moves: &[(String, String)]) -> Result<Game, String> {
        let options = options.effective(id);
        let mut start = AnyPosition::from_public_text(id, &options, start)?.to_text();
        let mut game = Game::new(id, options, Some(&start))?;
        for (i, (text, after)) in moves.iter().enumerate() {
            let m = game.position().parse_move(text).map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
            let before = game.position().clone();
            game.play_move(m);
            if game.position().public_text() == *after {
                continue;
            }
            start = match &before {
                AnyPosition::Chex(p) if m == AnyMove::Chex(crate::chex::ChexMove::Draw) => p.start_revealing_draw(&start, after)?,
                _ => return Err(format!("move {} '{text}' leaves another position than the one shown", i + 1)),
            };
            game = Game::new(id, options, Some(&start))?;
            for (text, _) in &moves[..=i] {
                let m = game.position().parse_move(text).map_err(|e| format!("'{text}': {e}"))?;
                game.play_move(m);
            }
            if game.position().public_text() != *after {
                return Err(format!("move {} '{text}' leaves another position than the one shown", i + 1));
            }
        }
        Ok(game)
    }

    /// The game id.
    pub fn id(&self) -> GameId {
        self.id
    }
    /// The options.
    pub fn options(&self) -> &GameOptions {
        &self.options
    }
    /// The starting position's text.
    pub fn start_text(&self) -> &str {
        &self.start
    }
    /// The current position.
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }
    /// Moves played so far, in notation.
    pub fn moves(&self) -> impl Iterator<Item = &str> {
        self.history.iter().map(|(_, m)| m.as_str())
    }
    /// The position after the first `ply` moves (the start at 0, the current position at the
    /// number of moves played); `None` past the last move. The game keeps every position it
    /// passed through, so a table replaying the game looks each one up rather than playing the
    /// moves again.
    pub fn position_at(&self, ply: usize) -> Option<&AnyPosition> {
        match self.history.get(ply) {
            Some((before, _)) => Some(before),
            None if ply == self.history.len() => Some(&self.position),
            None => None,
        }
    }

    /// Each move played, in notation, with the position it was played from, first move first.
    pub fn history(&self) -> impl Iterator<Item = (&AnyPosition, &str)> {
        self.history.iter().map(|(p, m)| (p, m.as_str()))
    }

    /// The result, counting threefold repetition of the position (same hash, same side to move).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.position.outcome() {
            return Some(o);
        }
        if !self.position.repetition_applies() {
            return None;
        }
        let h = self.position.hash();
        let start = self.history.len() - self.reversible;
        let seen = self.history[start..].iter().filter(|(p, _)| p.hash() == h).count();
        (seen >= 2).then(|| Outcome::draw(Reason::ThreefoldRepetition))
    }

    /// Hashes of the earlier positions the game can still repeat (since the last irreversible
    /// move; none where repetition does not end the game): what search needs to see a
    /// repetition coming.
    pub fn repetition_hashes(&self) -> Vec<u64> {
        if !self.position.repetition_applies() {
            return Vec::new();
        }
        self.history[self.history.len() - self.reversible..].iter().map(|(p, _)| p.hash()).collect()
    }

    /// Plays a move given in notation, or says why it cannot be played.
    pub fn play(&mut self, text: &str) -> Result<(), MoveError> {
        if let Some(o) = self.outcome() {
            return Err(MoveError::GameOver(o.reason().to_string()));
        }
        let m = self.position.parse_move(text)?;
        self.play_move(m);
        Ok(())
    }

    /// Plays a legal move.
    pub fn play_move(&mut self, m: AnyMove) {
        let text = self.position.move_text(m);
        let irreversible = self.position.is_irreversible(m);
        self.reversible_stack.push(self.reversible);
        self.reversible = if irreversible { 0 } else { self.reversible + 1 };
        let before = self.position.clone();
        self.position.play_unchecked(m);
        self.history.push((before, text));
    }

    /// Takes back the last move; returns its text, or `None` at the start.
    pub fn undo(&mut self) -> Option<String> {
        let (pos, text) = self.history.pop()?;
        self.position = pos;
        self.reversible = self.reversible_stack.pop().unwrap_or(0);
        Some(text)
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("id", &self.id)
            .field("options", &self.options)
            .field("start", &self.start)
            .field("moves", &self.moves().collect::<Vec<_>>())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_has_a_game_and_every_game_starts() {
        for g in GameId::ALL {
            let pos = AnyPosition::start(g, &GameOptions::default_for(g)).unwrap_or_else(|e| panic!("{g}: {e}"));
            assert_eq!(pos.family(), g.family(), "{g}");
        }
    }

    #[test]
    fn position_at_looks_up_every_position_passed_through() {
        let mut g = Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), None).expect("chess starts");
        let start = g.position().to_text();
        g.play("e2e4").expect("legal");
        let after_one = g.position().to_text();
        g.play("e7e5").expect("legal");
        assert_eq!(g.position_at(0).map(AnyPosition::to_text), Some(start));
        assert_eq!(g.position_at(1).map(AnyPosition::to_text), Some(after_one));
        assert_eq!(g.position_at(2).map(AnyPosition::to_text), Some(g.position().to_text()));
        assert!(g.position_at(3).is_none());
    }

    #[test]
    fn a_roll_move_shows_its_faces() {
        let g = Game::new(GameId::DiceChess, GameOptions::default_for(GameId::DiceChess), None).expect("dice chess starts");
        let pos = g.position();
        let roll = pos.roll_move(&[5, 3]).expect("a roll is due at the start");
        // Two dice whose order does not matter read low first.
        assert_eq!(pos.roll_faces(roll), Some(vec![3, 5]));
        let mut after = g.clone();
        after.play_move(roll);
        let played = after.position().legal_move_list()[0];
        assert_eq!(after.position().roll_faces(played), None);
    }
}
