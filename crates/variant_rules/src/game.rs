//! Game ids, their options, a dispatch enum over every position type, and `Game`: a position
//! with its move history (undo, repetition) — the one type the CLI and the window drive.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::checkers::{CheckersGame, CheckersMove, CheckersPosition, CheckersRules, DoublesSeating, QueensColours, UncoveredMan};
use crate::chectoe::ChecUndo;
use crate::chectoe::{ChecMove, ChecToePosition};
use crate::chess::ChessUndo;
use crate::chess::{ChessMove, ChessPosition, ChessRules, MoveKind};
use crate::chex::{ChexMove, ChexPosition, DrawInCheck};
use crate::dicechess::DiceUndo;
use crate::dicechess::{BrainKingSix, DiceChessPosition, DiceMove, DiceRules, NoMove};
use crate::doublechess::{DoubleChessPosition, DoubleKind, DoubleMove, Notation, tri::TriChessSetup};
use crate::position::{MoveError, Outcome, Position, Reason, Seat, SeatState, Seating};
use crate::toetoe::{DeployGroups, ToeMove, ToeMoveKind, ToeToePosition};
use crate::topology::{Cell, Side, Wrap};

/// Every game the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameId {
    Checkers,
    Stax,
    Queens,
    Chess,
    ShadowChess,
    CylinderChess,
    ToeToe,
    Chex,
    DiceChess,
    ChecToe,
    DoubleChess,
    TriChek,
    TriStax,
    TriQueens,
    TriChess,
}

impl GameId {
    /// All games, in the order `variant-rules games` lists them.
    pub const ALL: [GameId; 15] = [
        GameId::Checkers,
        GameId::Stax,
        GameId::Queens,
        GameId::Chess,
        GameId::ShadowChess,
        GameId::CylinderChess,
        GameId::ToeToe,
        GameId::Chex,
        GameId::DiceChess,
        GameId::ChecToe,
        GameId::DoubleChess,
        GameId::TriChek,
        GameId::TriStax,
        GameId::TriQueens,
        GameId::TriChess,
    ];

    /// The id used on the command line and in save files.
    pub fn as_str(self) -> &'static str {
        match self {
            GameId::Checkers => "checkers",
            GameId::Stax => "stax",
            GameId::Queens => "queens",
            GameId::Chess => "chess",
            GameId::ShadowChess => "shadow-chess",
            GameId::CylinderChess => "cylinder-chess",
            GameId::ToeToe => "toe-to-toe",
            GameId::Chex => "chex",
            GameId::DiceChess => "dice-chess",
            GameId::ChecToe => "chec-toe",
            GameId::DoubleChess => "double-chess",
            GameId::TriChek => "tri-chek",
            GameId::TriStax => "tri-stax",
            GameId::TriQueens => "tri-queens",
            GameId::TriChess => "tri-chess",
        }
    }

    /// One line describing the game.
    pub fn description(self) -> &'static str {
        match self {
            GameId::Checkers => "English draughts: forced capture, multi-jumps, crowning ends the move",
            GameId::Stax => "Checkers where jumped checkers are carried as prisoners under the jumping stack",
            GameId::Queens => "Stax on both colours; men jump straight forward too, kings jump in 8 directions",
            GameId::Chess => "orthodox chess",
            GameId::ShadowChess => "chess where moving into an enemy piece's shadow captures it",
            GameId::CylinderChess => "chess on a board whose side edges touch",
            GameId::ToeToe => "Toe-to-Toe Chess: pawns face to face, pieces deployed behind them, three swaps each, short-range armies",
            GameId::Chex => "CHEX: chess tiles drawn from shuffled piles, placed and moved so that all stay attached",
            GameId::DiceChess => "Dice Chess: the dice name the pieces that may move (five rule sets, --rules)",
            GameId::ChecToe => "Chec Toe: 4x4, one die, drops, Wizards, Checkers; four in a row",
            GameId::DoubleChess => "Double Chess: four players on 12x12, partners or cut-throat; double-hop Knights, long Pawn moves",
            GameId::TriChek => "Tri-Chek: checkers on a hexagon of triangles for 2-6 players; kings move in six directions",
            GameId::TriStax => "Tri-Stax: Stax on a hexagon of triangles for 2-6 players",
            GameId::TriQueens => "Tri-Queens: Queens on a hexagon of triangles for 2-6 players; men jump in five directions",
            GameId::TriChess => "Tri-Chess: chess on a hexagon of triangles for 2-6 players; rooks and bishops in six directions, queens and kings in twelve",
        }
    }

    /// Whether the game belongs to the checkers family.
    pub fn is_checkers_family(self) -> bool {
        matches!(self, GameId::Checkers | GameId::Stax | GameId::Queens) || self.is_triangular()
    }

    /// Whether the game is played on the hexagon of triangles.
    pub fn is_triangular(self) -> bool {
        matches!(self, GameId::TriChek | GameId::TriStax | GameId::TriQueens)
    }

    /// Whether the game is played on a hexagon of triangles (the Tri checkers games and Tri-Chess).
    pub fn is_hexagonal(self) -> bool {
        self.is_triangular() || self == GameId::TriChess
    }

    /// The player counts the game seats, smallest first.
    pub fn player_counts(self) -> &'static [u8] {
        match self {
            GameId::DoubleChess => &[4],
            GameId::Checkers | GameId::Stax | GameId::Queens => &[2, 4],
            g if g.is_hexagonal() => &[2, 3, 4, 5, 6],
            _ => &[2],
        }
    }

    /// Whether positions are written as FEN (the orthodox-chess family); the others have text
    /// forms of their own (`docs/notation.md`).
    pub fn uses_fen(self) -> bool {
        matches!(self, GameId::Chess | GameId::ShadowChess | GameId::CylinderChess | GameId::DiceChess)
    }

    /// How many dice the game throws each roll (0 for games without dice).
    pub fn dice(self, opts: &GameOptions) -> usize {
        match self {
            GameId::DiceChess => opts.dice_rules.dice(),
            GameId::ChecToe => 1,
            _ => 0,
        }
    }

    /// The topologies the game can be played on; the first is its default.
    pub fn topologies(self) -> &'static [Wrap] {
        match self {
            GameId::CylinderChess => &[Wrap::Cylinder],
            GameId::ToeToe | GameId::Chex | GameId::DiceChess | GameId::ChecToe | GameId::DoubleChess => &[Wrap::Flat],
            // "The Cylindrical and Universal variations, while perhaps theoretically possible, are probably not practical."
            GameId::TriChek | GameId::TriStax | GameId::TriQueens | GameId::TriChess => &[Wrap::Flat],
            GameId::Chess | GameId::ShadowChess => &[Wrap::Flat, Wrap::Cylinder],
            _ => &[Wrap::Flat, Wrap::Cylinder, Wrap::Universal],
        }
    }

    /// The options the game accepts, for `variant-rules games`.
    pub fn option_help(self) -> Vec<String> {
        let tops: Vec<&str> = self.topologies().iter().map(|w| w.as_str()).collect();
        let mut v = vec![format!("--topology {}", tops.join("|"))];
        if self.is_checkers_family() {
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
        v
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameId {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        GameId::ALL.into_iter().find(|g| g.as_str() == s).ok_or_else(|| {
            let ids: Vec<&str> = GameId::ALL.iter().map(|g| g.as_str()).collect();
            format!("unknown game '{s}' (known: {})", ids.join(", "))
        })
    }
}

/// Plies without a jump or a non-king move before a game of Checkers is drawn: 40 moves each,
/// the customary English draughts limit (rulings C8).
pub const DEFAULT_MOVE_LIMIT: u16 = 80;

impl GameId {
    /// The default `--move-limit`: English draughts' forty moves each for Checkers; none for
    /// Stax and Queens, which the text plays "until all of one player's pieces are under those of
    /// the other, or are immobile" (and whose 40-move option "does not apply to those games"),
    /// nor for Chec Toe ("anywhere between five minutes and fifty million years").
    pub fn default_move_limit(self) -> u16 {
        if self == GameId::Checkers { DEFAULT_MOVE_LIMIT } else { 0 }
    }

    /// The default `--move-limit` with `players` seats: forty moves each (plies, so it grows
    /// with the table: 160 for four-player Checkers).
    pub fn default_move_limit_for(self, players: u8) -> u16 {
        self.default_move_limit() / 2 * players.max(2) as u16
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
            // Double Chess seats four; every other game starts with two.
            players: if game == GameId::DoubleChess { 4 } else { 2 },
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
        CheckersRules::check_table(&checkers_rules(game, self))
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

/// A position of any game.
// The variants differ in size (a Doubles checkers position is ~400 bytes, a chess one ~200);
// boxing the larger ones would allocate on every clone `Game` makes per move, for no gain.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub enum AnyPosition {
    Checkers(CheckersPosition),
    Chess(ChessPosition),
    ToeToe(ToeToePosition),
    /// Boxed: its 40x40 window makes it ten times the size of the others, and `Game` keeps
    /// a position per move.
    Chex(Box<ChexPosition>),
    DiceChess(DiceChessPosition),
    ChecToe(ChecToePosition),
    DoubleChess(DoubleChessPosition),
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

/// A move of any game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyMove {
    Checkers(CheckersMove),
    Chess(ChessMove),
    ToeToe(ToeMove),
    Chex(ChexMove),
    DiceChess(DiceMove),
    ChecToe(ChecMove),
    DoubleChess(DoubleMove),
}

/// Applies the same expression to whichever position an [`AnyPosition`] holds.
macro_rules! dispatch {
    ($pos:expr, $p:ident => $body:expr) => {
        match $pos {
            AnyPosition::Checkers($p) => $body,
            AnyPosition::Chess($p) => $body,
            AnyPosition::ToeToe($p) => $body,
            AnyPosition::Chex($p) => $body,
            AnyPosition::DiceChess($p) => $body,
            AnyPosition::ChecToe($p) => $body,
            AnyPosition::DoubleChess($p) => $body,
        }
    };
}

/// Applies an expression to a position and a move of the same game; `$other` when the move
/// belongs to another game (which no caller can make legal: it is answered, never a panic).
macro_rules! with_move {
    ($pos:expr, $m:expr, $p:ident, $mv:ident => $body:expr, $other:expr) => {
        match ($pos, $m) {
            (AnyPosition::Checkers($p), AnyMove::Checkers($mv)) => $body,
            (AnyPosition::Chess($p), AnyMove::Chess($mv)) => $body,
            (AnyPosition::ToeToe($p), AnyMove::ToeToe($mv)) => $body,
            (AnyPosition::Chex($p), AnyMove::Chex($mv)) => $body,
            (AnyPosition::DiceChess($p), AnyMove::DiceChess($mv)) => $body,
            (AnyPosition::ChecToe($p), AnyMove::ChecToe($mv)) => $body,
            (AnyPosition::DoubleChess($p), AnyMove::DoubleChess($mv)) => $body,
            _ => $other,
        }
    };
}

pub(crate) use {dispatch, with_move};

/// What [`AnyPosition`]'s `undo` needs: the undo record of the game that was played.
// Sized like the positions it holds for the games whose undo is a copy (see `AnyPosition`).
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub enum AnyUndo {
    Checkers(CheckersPosition),
    Chess(ChessUndo),
    ToeToe(ToeToePosition),
    Chex(Box<ChexPosition>),
    DiceChess(DiceUndo),
    ChecToe(ChecUndo),
    DoubleChess(DoubleChessPosition),
    /// A move of another game was offered: nothing was played, nothing to take back.
    Nothing,
}

impl From<CheckersPosition> for AnyUndo {
    fn from(u: CheckersPosition) -> Self {
        AnyUndo::Checkers(u)
    }
}
impl From<ChessUndo> for AnyUndo {
    fn from(u: ChessUndo) -> Self {
        AnyUndo::Chess(u)
    }
}
impl From<ToeToePosition> for AnyUndo {
    fn from(u: ToeToePosition) -> Self {
        AnyUndo::ToeToe(u)
    }
}
impl From<ChexPosition> for AnyUndo {
    fn from(u: ChexPosition) -> Self {
        AnyUndo::Chex(Box::new(u))
    }
}
impl From<DiceUndo> for AnyUndo {
    fn from(u: DiceUndo) -> Self {
        AnyUndo::DiceChess(u)
    }
}
impl From<DoubleChessPosition> for AnyUndo {
    fn from(u: DoubleChessPosition) -> Self {
        AnyUndo::DoubleChess(u)
    }
}
impl From<ChecUndo> for AnyUndo {
    fn from(u: ChecUndo) -> Self {
        AnyUndo::ChecToe(u)
    }
}

/// The moves of a concrete position, lifted into [`AnyMove`].
fn lift<P: Position>(p: &P, wrap: fn(P::Move) -> AnyMove, out: &mut Vec<AnyMove>) {
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    out.clear();
    out.extend(v.into_iter().map(wrap));
}

/// The chance outcomes of a concrete position, lifted into [`AnyMove`].
fn lift_chance<P: Position>(p: &P, wrap: fn(P::Move) -> AnyMove, out: &mut Vec<(AnyMove, u32)>) -> u32 {
    let mut v = Vec::new();
    let total = p.chance(&mut v);
    out.clear();
    out.extend(v.into_iter().map(|(m, w)| (wrap(m), w)));
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
        match self {
            AnyPosition::Checkers(p) => lift(p, AnyMove::Checkers, out),
            AnyPosition::Chess(p) => lift(p, AnyMove::Chess, out),
            AnyPosition::ToeToe(p) => lift(p, AnyMove::ToeToe, out),
            AnyPosition::Chex(p) => lift(&**p, AnyMove::Chex, out),
            AnyPosition::DiceChess(p) => lift(p, AnyMove::DiceChess, out),
            AnyPosition::ChecToe(p) => lift(p, AnyMove::ChecToe, out),
            AnyPosition::DoubleChess(p) => lift(p, AnyMove::DoubleChess, out),
        }
    }
    fn chance(&self, out: &mut Vec<(AnyMove, u32)>) -> u32 {
        match self {
            AnyPosition::Checkers(p) => lift_chance(p, AnyMove::Checkers, out),
            AnyPosition::Chess(p) => lift_chance(p, AnyMove::Chess, out),
            AnyPosition::ToeToe(p) => lift_chance(p, AnyMove::ToeToe, out),
            AnyPosition::Chex(p) => lift_chance(&**p, AnyMove::Chex, out),
            AnyPosition::DiceChess(p) => lift_chance(p, AnyMove::DiceChess, out),
            AnyPosition::ChecToe(p) => lift_chance(p, AnyMove::ChecToe, out),
            AnyPosition::DoubleChess(p) => lift_chance(p, AnyMove::DoubleChess, out),
        }
    }
    fn play_unchecked(&mut self, m: AnyMove) -> AnyUndo {
        with_move!(self, m, p, m => AnyUndo::from(p.play_unchecked(m)), AnyUndo::Nothing)
    }
    fn undo(&mut self, m: AnyMove, undo: AnyUndo) {
        match (self, m, undo) {
            (AnyPosition::Checkers(p), AnyMove::Checkers(m), AnyUndo::Checkers(u)) => p.undo(m, u),
            (AnyPosition::Chess(p), AnyMove::Chess(m), AnyUndo::Chess(u)) => p.undo(m, u),
            (AnyPosition::ToeToe(p), AnyMove::ToeToe(m), AnyUndo::ToeToe(u)) => p.undo(m, u),
            (AnyPosition::Chex(p), AnyMove::Chex(m), AnyUndo::Chex(u)) => p.undo(m, *u),
            (AnyPosition::DiceChess(p), AnyMove::DiceChess(m), AnyUndo::DiceChess(u)) => p.undo(m, u),
            (AnyPosition::ChecToe(p), AnyMove::ChecToe(m), AnyUndo::ChecToe(u)) => p.undo(m, u),
            (AnyPosition::DoubleChess(p), AnyMove::DoubleChess(m), AnyUndo::DoubleChess(u)) => p.undo(m, u),
            _ => {}
        }
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
        match self {
            AnyPosition::Checkers(p) => p.parse_move(text).map(AnyMove::Checkers),
            AnyPosition::Chess(p) => p.parse_move(text).map(AnyMove::Chess),
            AnyPosition::ToeToe(p) => p.parse_move(text).map(AnyMove::ToeToe),
            AnyPosition::Chex(p) => p.parse_move(text).map(AnyMove::Chex),
            AnyPosition::DiceChess(p) => p.parse_move(text).map(AnyMove::DiceChess),
            AnyPosition::ChecToe(p) => p.parse_move(text).map(AnyMove::ChecToe),
            AnyPosition::DoubleChess(p) => p.parse_move(text).map(AnyMove::DoubleChess),
        }
    }
}

impl AnyPosition {
    /// The starting position of a game.
    pub fn start(game: GameId, opts: &GameOptions) -> Result<AnyPosition, String> {
        opts.validate(game)?;
        Ok(match game {
            GameId::Checkers | GameId::Stax | GameId::Queens | GameId::TriChek | GameId::TriStax | GameId::TriQueens => {
                AnyPosition::Checkers(CheckersPosition::start(checkers_rules(game, opts), opts.topology, opts.seed)?)
            }
            GameId::ToeToe => AnyPosition::ToeToe(ToeToePosition::start(opts.deploy_groups)),
            GameId::Chex => AnyPosition::Chex(Box::new(ChexPosition::start(opts.seed).with_draw_in_check(opts.draw_in_check))),
            GameId::DiceChess => AnyPosition::DiceChess(DiceChessPosition::start(opts.dice_rules, opts.no_move).with_six(opts.brainking_six)),
            GameId::ChecToe => AnyPosition::ChecToe(ChecToePosition::start(opts.move_limit)),
            GameId::DoubleChess => AnyPosition::DoubleChess(DoubleChessPosition::start(opts.seating, opts.notation)?.with_hop_checks(opts.hop_checks)),
            GameId::TriChess => AnyPosition::DoubleChess(DoubleChessPosition::tri_start(opts.tri_chess())?),
            _ => AnyPosition::Chess(ChessPosition::start(opts.topology, chess_rules(game))),
        })
    }

    /// A position from its text form (FEN for chess games).
    pub fn from_text(game: GameId, opts: &GameOptions, text: &str) -> Result<AnyPosition, String> {
        opts.validate(game)?;
        Ok(match game {
            GameId::Checkers | GameId::Stax | GameId::Queens | GameId::TriChek | GameId::TriStax | GameId::TriQueens => {
                AnyPosition::Checkers(CheckersPosition::from_text(text, checkers_rules(game, opts), opts.topology)?)
            }
            GameId::ToeToe => AnyPosition::ToeToe(ToeToePosition::from_text(text, opts.deploy_groups)?),
            GameId::Chex => AnyPosition::Chex(Box::new(ChexPosition::from_text(text)?.with_draw_in_check(opts.draw_in_check))),
            GameId::DiceChess => AnyPosition::DiceChess(DiceChessPosition::from_text(text, opts.dice_rules, opts.no_move)?.with_six(opts.brainking_six)),
            GameId::ChecToe => AnyPosition::ChecToe(ChecToePosition::from_text(text, opts.move_limit)?),
            GameId::DoubleChess => {
                AnyPosition::DoubleChess(DoubleChessPosition::from_text(text, opts.seating, opts.notation)?.with_hop_checks(opts.hop_checks))
            }
            GameId::TriChess => AnyPosition::DoubleChess(DoubleChessPosition::tri_from_text(text, opts.tri_chess())?),
            _ => AnyPosition::Chess(ChessPosition::from_fen(text, opts.topology, chess_rules(game))?),
        })
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
        match self {
            AnyPosition::Checkers(p) => p.side(seat),
            AnyPosition::DoubleChess(p) => p.side(seat),
            _ => Side::of_two(seat),
        }
    }

    /// The cells a move visits, for pointing at it on a board: its origin, then each cell it
    /// lands on (one for a step or a chess move, one per hop of a jump sequence), and whether
    /// it captures.
    pub fn move_path(&self, m: AnyMove) -> MovePath {
        match m {
            AnyMove::Checkers(m) => MovePath {
                from: m.from as Cell,
                landings: m.landings().iter().map(|&c| c as Cell).collect(),
                jumped: match self {
                    AnyPosition::Checkers(p) => p.jumped(&m).into_iter().map(|c| c as Cell).collect(),
                    _ => Vec::new(),
                },
                capture: m.is_jump(),
                piece: 0,
                swap: false,
            },
            AnyMove::Chess(m) => self.chess_path(m),
            AnyMove::ToeToe(m) => MovePath {
                from: m.from,
                landings: vec![m.to],
                jumped: vec![],
                capture: m.kind == ToeMoveKind::Normal && matches!(self, AnyPosition::ToeToe(p) if p.piece_at(m.to) != 0),
                piece: m.piece,
                swap: m.kind == ToeMoveKind::Swap,
            },
            AnyMove::Chex(m) => {
                let (from, to) = match m {
                    ChexMove::Draw => (crate::topology::NO_CELL, crate::topology::NO_CELL),
                    ChexMove::Place(c) => (c, c),
                    ChexMove::Normal { from, to } => (from, to),
                };
                let capture = matches!((self, m), (AnyPosition::Chex(p), ChexMove::Normal { to, .. }) if p.piece_at(to) != 0);
                let piece = match (self, m) {
                    (AnyPosition::Chex(p), ChexMove::Place(_)) => p.holding().map_or(0, |t| t & 7),
                    _ => 0,
                };
                MovePath { from, landings: vec![to], jumped: vec![], capture, piece, swap: false }
            }
            AnyMove::DiceChess(DiceMove::Chess(m)) => self.chess_path(m),
            AnyMove::DoubleChess(m) if m.kind == DoubleKind::Pass => MovePath::nowhere(),
            AnyMove::DoubleChess(m) => MovePath {
                from: m.from,
                landings: vec![m.to],
                jumped: vec![],
                capture: matches!(m.kind, DoubleKind::Capture | DoubleKind::EnPassant),
                piece: m.promotion,
                swap: false,
            },
            AnyMove::DiceChess(_) => MovePath::nowhere(),
            AnyMove::ChecToe(m) => {
                let AnyPosition::ChecToe(p) = self else { return MovePath::nowhere() };
                match m {
                    ChecMove::Drop { piece, to } => MovePath { from: to, landings: vec![to], jumped: vec![], capture: false, piece, swap: false },
                    ChecMove::Move { from, to, .. } => {
                        MovePath { from, landings: vec![to], jumped: vec![], capture: p.piece_at(to) != 0, piece: 0, swap: false }
                    }
                    _ => MovePath::nowhere(),
                }
            }
        }
    }

    fn chess_path(&self, m: ChessMove) -> MovePath {
        MovePath {
            from: m.from,
            landings: vec![m.to],
            jumped: vec![],
            capture: matches!(m.kind, MoveKind::Capture | MoveKind::EnPassant | MoveKind::Shadow),
            piece: m.promotion,
            swap: false,
        }
    }

    /// How many dice the side to move must throw now (`None` when no roll is due).
    pub fn dice_due(&self) -> Option<usize> {
        match self {
            AnyPosition::DiceChess(p) if p.awaiting_roll() && p.outcome().is_none() => Some(p.rules().dice()),
            AnyPosition::ChecToe(p) if p.awaiting_roll() && p.outcome().is_none() => Some(1),
            _ => None,
        }
    }

    /// Whether threefold repetition ends this game (Chec Toe has no such rule).
    pub fn repetition_applies(&self) -> bool {
        !matches!(self, AnyPosition::ChecToe(_))
    }

    /// Perft split by first move: `(move text, nodes)`.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        match self.clone() {
            AnyPosition::Checkers(mut p) => crate::position::divide(&mut p, depth),
            AnyPosition::Chess(mut p) => crate::position::divide(&mut p, depth),
            AnyPosition::ToeToe(mut p) => crate::position::divide(&mut p, depth),
            AnyPosition::Chex(mut p) => crate::position::divide(&mut *p, depth),
            AnyPosition::DiceChess(mut p) => crate::position::divide(&mut p, depth),
            AnyPosition::ChecToe(mut p) => crate::position::divide(&mut p, depth),
            AnyPosition::DoubleChess(mut p) => crate::position::divide(&mut p, depth),
        }
    }

    /// Perft to `depth`, on the concrete position type (no dispatch per node).
    pub fn perft(&self, depth: u32) -> u64 {
        match self.clone() {
            AnyPosition::Checkers(mut p) => crate::position::perft(&mut p, depth),
            AnyPosition::Chess(mut p) => crate::position::perft(&mut p, depth),
            AnyPosition::ToeToe(mut p) => crate::position::perft(&mut p, depth),
            AnyPosition::Chex(mut p) => crate::position::perft(&mut *p, depth),
            AnyPosition::DiceChess(mut p) => crate::position::perft(&mut p, depth),
            AnyPosition::ChecToe(mut p) => crate::position::perft(&mut p, depth),
            AnyPosition::DoubleChess(mut p) => crate::position::perft(&mut p, depth),
        }
    }
}

fn checkers_rules(game: GameId, opts: &GameOptions) -> CheckersRules {
    let g = match game {
        GameId::Stax | GameId::TriStax => CheckersGame::Stax,
        GameId::Queens | GameId::TriQueens => CheckersGame::Queens,
        _ => CheckersGame::Checkers,
    };
    CheckersRules {
        game: g,
        numbers: opts.numbers,
        move_limit: opts.move_limit,
        uncovered: opts.uncovered_man,
        players: opts.players,
        seating: opts.seating,
        colours: opts.queens_colours,
        tri: game.is_triangular(),
        symmetric: opts.symmetric,
        queens_open: opts.queens_open,
        forty: opts.forty_moves,
        relocate: opts.queens_relocate,
        steps_blocked: game == GameId::TriQueens && !opts.tri_steps_open,
        prose_sequence: opts.prose_sequence,
    }
}

fn chess_rules(game: GameId) -> ChessRules {
    if game == GameId::ShadowChess { ChessRules::SHADOW } else { ChessRules::ORTHODOX }
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

impl GameId {
    /// The name of a seat in this game's terms: "white"/"black" in the chess games, the seat's
    /// letter ("a".."d") in the checkers family.
    pub fn seat_name(self, seat: Seat) -> String {
        if self.is_checkers_family() || self == GameId::DoubleChess || self == GameId::TriChess {
            seat.letter().to_ascii_lowercase().to_string()
        } else if seat == Seat::A {
            "white".into()
        } else {
            "black".into()
        }
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
