//! The one list of the engine's games and of the position types that play them.
//!
//! Each family is a position type with its move and undo types; each game has its id, its
//! family, a description and the static facts of a [`GameSpec`].
//!
//! Everything that goes over every game is made from this list by `registry!`
//! (`registry/generate.rs`): [`GameId`] and [`GameId::ALL`], the table behind
//! [`GameId::spec`], [`FamilyId`], the dispatch enums [`AnyPosition`], [`AnyMove`] and
//! [`AnyUndo`] with their `From` impls, and the crate's dispatch macros — `dispatch!` (an
//! expression over whichever position an `AnyPosition` holds, as its own type),
//! `with_move!` (a position and a move of the same game) and `by_family!` (a family's
//! position type, before there is a position). So every method over all games is one line,
//! as in shakmaty's `variant.rs`.
//!
//! The list stands above the rules of every game (it names their position types) and below
//! what is done with them: what a family does for its games — its start, its text, the cells a
//! move visits — is its impl of `game.rs`'s `Family` trait, in the game's folder
//! (`chess/family.rs`), which imports the ids made here. Adding a game is a line under `games`
//! (and, for a new position type, a line under `families`): see `docs/architecture.md`,
//! "Adding a game".

#[macro_use]
mod generate;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::checkers::{CheckersMove, CheckersPosition, CheckersUndo};
use crate::chectoe::{ChecMove, ChecToePosition, ChecUndo};
use crate::chess::{ChessMove, ChessPosition, ChessUndo};
use crate::chex::{ChexMove, ChexPosition};
use crate::dicechess::{DiceChessPosition, DiceMove, DiceUndo};
use crate::doublechess::{DoubleChessPosition, DoubleMove};
use crate::position::Seat;
use crate::toetoe::{ToeMove, ToeToePosition};
use crate::topology::Wrap::{self, Cylinder, Flat, Universal};

registry! {
    $
    // Family(position, move, undo): `Plain<T>` is held as itself, `Box<T>` boxed. Each family's
    // move and undo types are its own (the `From` impls tell them apart).
    families {
        /// Checkers, Stax and Queens, square or triangular.
        Checkers(Plain<CheckersPosition>, CheckersMove, Plain<CheckersUndo>),
        /// Chess, Shadow Chess and Cylindrical Chess.
        Chess(Plain<ChessPosition>, ChessMove, Plain<ChessUndo>),
        ToeToe(Plain<ToeToePosition>, ToeMove, Plain<ToeToePosition>),
        /// Boxed: its 40x40 window makes it ten times the size of the others, and `Game` keeps
        /// a position per move.
        Chex(Box<ChexPosition>, ChexMove, Box<ChexPosition>),
        DiceChess(Plain<DiceChessPosition>, DiceMove, Plain<DiceUndo>),
        ChecToe(Plain<ChecToePosition>, ChecMove, Plain<ChecUndo>),
        /// Double Chess and Tri-Chess (one multi-seat chess engine; `is_tri()` tells them apart).
        DoubleChess(Plain<DoubleChessPosition>, DoubleMove, Plain<DoubleChessPosition>),
    }
    // Game(family, command-line id, description) { its name as players write it, its launcher
    // group and the two lines of its launcher card, then the facts that differ from
    // `GameSpec::new`'s }.
    games {
        Checkers(Checkers, "checkers", "English draughts: forced capture, multi-jumps, crowning ends the move") {
            title: "Checkers",
            group: CheckersFamily,
            summary: [
                "English draughts: men move diagonally forward, jump to capture and are crowned kings.",
                "Jumping is compulsory. For two, or four on a 12x12 board; a cylinder or numbered men too.",
            ],
            players: &[2, 4], topologies: &[Flat, Cylinder, Universal], move_limit: DEFAULT_MOVE_LIMIT,
        }
        Stax(Checkers, "stax", "Checkers where jumped checkers are carried as prisoners under the jumping stack") {
            title: "Stax",
            group: CheckersFamily,
            summary: [
                "Checkers where you keep what you jump: captured checkers ride under your stack.",
                "Jump an enemy stack to free your own checkers beneath it. For two or four players.",
            ],
            players: &[2, 4], topologies: &[Flat, Cylinder, Universal],
        }
        Queens(Checkers, "queens", "Stax on both colours; men jump straight forward too, kings jump in 8 directions") {
            title: "Queens",
            group: CheckersFamily,
            summary: [
                "Stax played on both colours of the board: dark checkers on one, light on the other.",
                "Men also jump straight forward; kings jump in all eight directions. Two or four players.",
            ],
            players: &[2, 4], topologies: &[Flat, Cylinder, Universal],
        }
        Chess(Chess, "chess", "orthodox chess") {
            title: "Chess",
            group: ChessFamily,
            summary: ["Orthodox chess: checkmate the enemy king.", "Also on a cylinder, where the left and right edges of the board touch."],
            topologies: &[Flat, Cylinder], fen: true, pgn: Some(PGN_STANDARD),
        }
        ShadowChess(Chess, "shadow-chess", "chess where moving into an enemy piece's shadow captures it") {
            title: "Shadow Chess",
            group: ChessFamily,
            summary: [
                "Chess where every piece casts a shadow over the squares it could move to.",
                "Move into an enemy piece's shadow from outside it and you may capture that piece.",
            ],
            topologies: &[Flat, Cylinder], fen: true, pgn: Some("Shadow Chess"),
        }
        CylinderChess(Chess, "cylinder-chess", "chess on a board whose side edges touch") {
            title: "Cylindrical Chess",
            group: ChessFamily,
            summary: [
                "Chess on a board rolled into a cylinder: its left and right edges touch.",
                "Pieces may move round the side of the board; every other rule is orthodox chess.",
            ],
            topologies: &[Cylinder], fen: true, pgn: Some("Cylinder Chess"),
        }
        ToeToe(ToeToe, "toe-to-toe", "Toe-to-Toe Chess: pawns face to face, pieces deployed behind them, three swaps each, short-range armies") {
            title: "Toe-to-Toe Chess",
            group: ChessFamily,
            summary: [
                "Chess with a short-range army whose pawns start face to face in the middle of the board.",
                "First place your pieces behind your pawns, then swap pairs of them three times, then play.",
            ],
        }
        Chex(Chex, "chex", "CHEX: chess tiles drawn from shuffled piles, placed and moved so that all stay attached") {
            title: "CHEX",
            group: ChessFamily,
            summary: [
                "Chess without a board: your pieces are tiles drawn from a shuffled face-down pile.",
                "Each turn place a new tile or move one, but all the tiles must stay touching.",
            ],
        }
        DiceChess(DiceChess, "dice-chess", "Dice Chess: the dice name the pieces that may move (five rule sets, --rules)") {
            title: "Dice Chess",
            group: DiceGames,
            summary: [
                "Chess where a roll of the dice says which pieces may move this turn.",
                "Five rule sets: two dice, one die without check, 10x10 with three kings, move counts.",
            ],
            fen: true, dice: Dice::ByRules,
        }
        ChecToe(ChecToe, "chec-toe", "Chec Toe: 4x4, one die, drops, Wizards, Checkers; four in a row") {
            title: "Chec Toe",
            group: DiceGames,
            summary: [
                "Four in a row on a 4x4 board with a pawn, knight, bishop and rook each.",
                "A die says what you may drop or move; a Toe wins if it survives the next turn.",
            ],
            dice: Dice::One,
        }
        DoubleChess(DoubleChess, "double-chess", "Double Chess: four players on 12x12, partners or cut-throat; double-hop Knights, long Pawn moves") {
            title: "Double Chess",
            group: FourPlayers,
            summary: [
                "Chess for four on a 12x12 board: two partnerships, or every player for themselves.",
                "Knights may hop twice and pawns run further; a mated king is taken off the board.",
            ],
            players: &[4],
        }
        // "The Cylindrical and Universal variations, while perhaps theoretically possible, are
        // probably not practical": the hexagon is flat.
        TriChek(Checkers, "tri-chek", "Tri-Chek: checkers on a hexagon of triangles for 2-6 players; kings move in six directions") {
            title: "Tri-Chek",
            group: TriangleBoards,
            summary: [
                "Checkers on a hexagon of triangles for two to six players.",
                "Men move and jump in two forward directions, kings in six. Jumping is compulsory.",
            ],
            players: &[2, 3, 4, 5, 6], hexagonal: true,
        }
        TriStax(Checkers, "tri-stax", "Tri-Stax: Stax on a hexagon of triangles for 2-6 players") {
            title: "Tri-Stax",
            group: TriangleBoards,
            summary: [
                "Stax on a hexagon of triangles for two to six players.",
                "Jumped checkers ride under your stack; kings move and jump in six directions.",
            ],
            players: &[2, 3, 4, 5, 6], hexagonal: true,
        }
        TriQueens(Checkers, "tri-queens", "Tri-Queens: Queens on a hexagon of triangles for 2-6 players; men jump in five directions") {
            title: "Tri-Queens",
            group: TriangleBoards,
            summary: [
                "Queens on a hexagon of triangles, both colours in play, for two to six players.",
                "Men jump in five forward directions, kings in twelve; captives ride under the stack.",
            ],
            players: &[2, 3, 4, 5, 6], hexagonal: true,
        }
        TriChess(
            DoubleChess,
            "tri-chess",
            "Tri-Chess: chess on a hexagon of triangles for 2-6 players; rooks and bishops in six directions, queens and kings in twelve"
        ) {
            title: "Tri-Chess",
            group: TriangleBoards,
            summary: [
                "Chess on a hexagon of triangles for two to six players, alone or as partners.",
                "Rooks and bishops move in six directions, queens and kings in twelve.",
            ],
            players: &[2, 3, 4, 5, 6], hexagonal: true,
        }
    }
}

/// Plies without a jump or a non-king move before a game of Checkers is drawn: 40 moves each,
/// the customary English draughts limit (rulings C8).
pub const DEFAULT_MOVE_LIMIT: u16 = 80;

/// The `[Variant]` of orthodox chess in PGN, which other software also writes for it (lichess);
/// a record of standard chess leaves the tag out (`record/pgn.rs`).
pub const PGN_STANDARD: &str = "Standard";

/// A game's entry in the registry: what is known of it before any options are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSpec {
    pub id: GameId,
    /// The position type that plays it.
    pub family: FamilyId,
    /// The id used on the command line (`double-chess`).
    pub name: &'static str,
    /// One line describing the game.
    pub description: &'static str,
    /// Where a launcher lists it.
    pub group: Group,
    /// Its launcher card: two lines of plain words for a newcomer (what kind of game, what is
    /// special), each at most [`SUMMARY_WIDTH`] characters.
    pub summary: [&'static str; 2],
    /// The game's name as players write it ("Shadow Chess").
    pub title: &'static str,
    /// The player counts it seats, smallest first (the first is its default). Default: two.
    pub players: &'static [u8],
    /// The topologies it can be played on; the first is its default. Default: flat only.
    pub topologies: &'static [Wrap],
    /// Whether it is played on a hexagon of triangles. Default: no (a square board).
    pub hexagonal: bool,
    /// Whether its positions are written as FEN (the orthodox-chess family); the others have
    /// text forms of their own (`docs/notation.md`). Default: no.
    pub fen: bool,
    /// How many dice it throws each roll. Default: none.
    pub dice: Dice,
    /// Its default `--move-limit` with two players (0: none). Default: none.
    pub move_limit: u16,
    /// Its records are PGN, with this `[Variant]` tag ([`PGN_STANDARD`] for orthodox chess, whose
    /// moves are SAN); `None`: the project's own record text (`docs/notation.md`, "Records").
    /// Default: none. Dice Chess is not here: a Gollon turn is a series of moves by one side,
    /// which PGN's numbered White-Black pairs cannot carry.
    pub pgn: Option<&'static str>,
}

/// The longest line of a launcher card ([`GameSpec::summary`]).
pub const SUMMARY_WIDTH: usize = 90;

/// The groups a launcher shows the games in, each a row of cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// Checkers, Stax and Queens on the square board (with their four-player Doubles).
    CheckersFamily,
    /// Orthodox chess and its two-player variants without dice.
    ChessFamily,
    /// Games only four play (Double Chess).
    FourPlayers,
    /// The hexagon of triangles: Tri-Chek, Tri-Stax, Tri-Queens and Tri-Chess.
    TriangleBoards,
    /// Games whose dice say what may move.
    DiceGames,
}

impl Group {
    /// Every group, in the order a launcher shows them.
    pub const ALL: [Group; 5] = [Group::CheckersFamily, Group::ChessFamily, Group::FourPlayers, Group::TriangleBoards, Group::DiceGames];

    /// Its heading ("Checkers family").
    pub fn name(self) -> &'static str {
        match self {
            Group::CheckersFamily => "Checkers family",
            Group::ChessFamily => "Chess family",
            Group::FourPlayers => "Four players",
            Group::TriangleBoards => "Triangle boards",
            Group::DiceGames => "Dice games",
        }
    }

    /// Its games, in the engine's order.
    pub fn games(self) -> Vec<GameId> {
        GameId::ALL.into_iter().filter(|g| g.group() == self).collect()
    }
}

/// How many dice a game throws each roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dice {
    /// A game without dice.
    None,
    /// One die.
    One,
    /// As many as its `--rules` say (Dice Chess).
    ByRules,
}

impl GameSpec {
    /// A two-player game on the flat square board, written in a text form of its own, without
    /// dice or a move limit: what a registry line changes from.
    pub const fn new(id: GameId, family: FamilyId, name: &'static str, description: &'static str) -> GameSpec {
        GameSpec {
            id,
            family,
            name,
            description,
            group: Group::ChessFamily,
            summary: ["", ""],
            title: "",
            players: &[2],
            topologies: &[Flat],
            hexagonal: false,
            fen: false,
            dice: Dice::None,
            move_limit: 0,
            pgn: None,
        }
    }
}

impl GameId {
    /// The game's entry in the registry.
    pub fn spec(self) -> &'static GameSpec {
        &GAMES[self as usize]
    }
    /// The family (position type) that plays the game.
    pub fn family(self) -> FamilyId {
        self.spec().family
    }
    /// The id used on the command line.
    pub fn as_str(self) -> &'static str {
        self.spec().name
    }
    /// One line describing the game.
    pub fn description(self) -> &'static str {
        self.spec().description
    }
    /// The group a launcher lists the game in.
    pub fn group(self) -> Group {
        self.spec().group
    }
    /// The game's name as players write it ("Shadow Chess").
    pub fn title(self) -> &'static str {
        self.spec().title
    }
    /// The two lines of the game's launcher card.
    pub fn summary(self) -> [&'static str; 2] {
        self.spec().summary
    }
    /// Whether the game belongs to the checkers family.
    pub fn is_checkers_family(self) -> bool {
        self.family() == FamilyId::Checkers
    }
    /// Whether the game is a checkers-family game on the hexagon of triangles.
    pub fn is_triangular(self) -> bool {
        self.is_checkers_family() && self.is_hexagonal()
    }
    /// Whether the game is played on a hexagon of triangles (the Tri checkers games and Tri-Chess).
    pub fn is_hexagonal(self) -> bool {
        self.spec().hexagonal
    }
    /// The player counts the game seats, smallest first.
    pub fn player_counts(self) -> &'static [u8] {
        self.spec().players
    }
    /// Whether positions are written as FEN (the orthodox-chess family); the others have text
    /// forms of their own (`docs/notation.md`).
    pub fn uses_fen(self) -> bool {
        self.spec().fen
    }
    /// The `[Variant]` tag of the game's PGN records, if they are PGN ([`GameSpec::pgn`]).
    pub fn pgn_variant(self) -> Option<&'static str> {
        self.spec().pgn
    }
    /// The game whose PGN `[Variant]` tag is `name` (case and spaces aside, as other software
    /// spells them: `Standard`, `standard`, `Shadow Chess`, `shadowchess`); `Chess` and lichess's
    /// `From Position` are orthodox chess too.
    pub fn from_pgn_variant(name: &str) -> Option<GameId> {
        let squash = |s: &str| s.chars().filter(|c| !c.is_whitespace() && *c != '-' && *c != '_').collect::<String>().to_ascii_lowercase();
        let wanted = squash(name);
        if wanted == "chess" || wanted == "fromposition" {
            return Some(GameId::Chess);
        }
        GameId::ALL.into_iter().find(|g| g.pgn_variant().is_some_and(|v| squash(v) == wanted))
    }
    /// The topologies the game can be played on; the first is its default.
    pub fn topologies(self) -> &'static [Wrap] {
        self.spec().topologies
    }
    /// The default `--move-limit`: English draughts' forty moves each for Checkers; none for
    /// Stax and Queens, which the text plays "until all of one player's pieces are under those of
    /// the other, or are immobile" (and whose 40-move option "does not apply to those games"),
    /// nor for Chec Toe ("anywhere between five minutes and fifty million years").
    pub fn default_move_limit(self) -> u16 {
        self.spec().move_limit
    }
    /// The default `--move-limit` with `players` seats: forty moves each (plies, so it grows
    /// with the table: 160 for four-player Checkers).
    pub fn default_move_limit_for(self, players: u8) -> u16 {
        self.default_move_limit() / 2 * players.max(2) as u16
    }
    /// The name of a seat in this game's terms: the seat's letter ("a".."f") in games that can
    /// seat more than two (the checkers family, Double Chess, Tri-Chess), "white"/"black" in the
    /// others.
    pub fn seat_name(self, seat: Seat) -> String {
        if self.player_counts().iter().any(|&n| n > 2) {
            seat.letter().to_ascii_lowercase().to_string()
        } else if seat == Seat::A {
            "white".into()
        } else {
            "black".into()
        }
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

/// A family's value as the enums hold it, opened as the family's own type `T`: a boxed one
/// (CHEX) is unboxed — by value, through `&` or through `&mut` — and any other is itself. The
/// dispatch macros bind positions through it.
pub trait Unboxed<T> {
    /// `T`, `&T` or `&mut T`, as `Self` is held.
    type Out;
    /// The value as `T`.
    fn unboxed(self) -> Self::Out;
}

impl<T> Unboxed<T> for T {
    type Out = T;
    fn unboxed(self) -> T {
        self
    }
}

impl<T> Unboxed<T> for Box<T> {
    type Out = T;
    fn unboxed(self) -> T {
        *self
    }
}

impl<'a, T> Unboxed<T> for &'a T {
    type Out = &'a T;
    fn unboxed(self) -> &'a T {
        self
    }
}

impl<'a, T> Unboxed<T> for &'a Box<T> {
    type Out = &'a T;
    fn unboxed(self) -> &'a T {
        self
    }
}

impl<'a, T> Unboxed<T> for &'a mut T {
    type Out = &'a mut T;
    fn unboxed(self) -> &'a mut T {
        self
    }
}

impl<'a, T> Unboxed<T> for &'a mut Box<T> {
    type Out = &'a mut T;
    fn unboxed(self) -> &'a mut T {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_order_of_the_ids() {
        for (i, g) in GameId::ALL.into_iter().enumerate() {
            assert_eq!(g as usize, i);
            assert_eq!(g.spec().id, g);
            assert!(!g.as_str().is_empty() && !g.description().is_empty(), "{g:?}");
            assert!(!g.player_counts().is_empty() && !g.topologies().is_empty(), "{g:?}");
        }
    }

    #[test]
    fn every_game_has_its_own_name_as_the_rule_texts_write_it() {
        let titles: Vec<&str> = GameId::ALL.iter().map(|g| g.title()).collect();
        for (i, (g, t)) in GameId::ALL.iter().zip(&titles).enumerate() {
            assert!(!t.is_empty() && !titles[..i].contains(t), "{g:?}: '{t}' is empty or another game's");
            // The name is the id's words, capitalised as written ("tri-chek" is "Tri-Chek"),
            // except where the texts call the game otherwise ("Cylindrical", "Toe-to-Toe Chess").
            let words = t.to_lowercase().replace(' ', "-");
            assert!(words.starts_with(&g.as_str()[..3]), "{g:?}: '{t}'");
        }
        assert_eq!(GameId::CylinderChess.title(), "Cylindrical Chess");
    }

    #[test]
    fn every_game_has_one_group_and_a_card_of_two_short_lines() {
        let grouped: usize = Group::ALL.iter().map(|g| g.games().len()).sum();
        assert_eq!(grouped, GameId::ALL.len(), "each game in exactly one group");
        for group in Group::ALL {
            assert!(!group.games().is_empty(), "{} has games", group.name());
        }
        for g in GameId::ALL {
            for line in g.summary() {
                assert!(!line.trim().is_empty() && line.chars().count() <= SUMMARY_WIDTH, "{g}: {line:?}");
                assert!(line.ends_with('.'), "{g}: a sentence: {line:?}");
            }
        }
        assert_eq!(GameId::DoubleChess.group().name(), "Four players");
        assert_eq!(Group::TriangleBoards.games(), [GameId::TriChek, GameId::TriStax, GameId::TriQueens, GameId::TriChess]);
        assert_eq!(Group::DiceGames.games(), [GameId::DiceChess, GameId::ChecToe]);
    }

    /// Save files name games by these strings: they never change.
    #[test]
    fn save_file_names_are_fixed() {
        let names: Vec<String> = GameId::ALL.iter().map(|g| serde_json::to_string(g).unwrap()).collect();
        let expected = [
            "checkers",
            "stax",
            "queens",
            "chess",
            "shadow-chess",
            "cylinder-chess",
            "toe-toe",
            "chex",
            "dice-chess",
            "chec-toe",
            "double-chess",
            "tri-chek",
            "tri-stax",
            "tri-queens",
            "tri-chess",
        ];
        assert_eq!(names, expected.map(|s| format!("\"{s}\"")));
    }
}
