//! Variant Table's rules engine: board topologies and the rules of every game, with no Bevy.
//!
//! Layers, from the ground up:
//! - [`topology`]: boards as graphs of cells with named directions and wrap-around, as
//!   neighbour tables built once per board shape; [`layout`]: each cell's place, outline and name;
//! - [`position`]: the [`Position`] trait every game implements (legal moves, play/undo,
//!   Zobrist hash, outcome, notation) and generic perft;
//! - [`checkers`] and [`chess`]: the two families; [`toetoe`]: Toe-to-Toe Chess (deployment,
//!   swaps, then play); [`chex`]: CHEX tiles on an unbounded plane; [`dice`]: roll tokens
//!   and the chi-square test; [`dicechess`]: Dice Chess in five rule sets; [`chectoe`]:
//!   Chec Toe;
//!   [`doublechess`]: Double Chess for four, partners or cut-throat;
//! - [`registry`]: the one list of the games and their position types, from which the game
//!   ids and the dispatch enums over positions are made; [`game`]: game options, the
//!   [`Family`](game::Family) trait each game's `family.rs` implements, the dispatch enum's
//!   methods, and [`Game`] (history, repetition, undo) that the CLI and the 3D table drive;
//!   [`record`]: a game's record, written and read as PGN or the project's record text;
//! - [`scene`]: what a table shows of any position (pieces by kind, stacks, hands, piles,
//!   dice, marks, and the words for them); [`choices`]: the options a launcher offers, as data,
//!   with the rulings behind them; [`guide`]: each game's rules in short, following the options;
//! - [`search`]: the computer opponent (evaluation, search with chance nodes and teams,
//!   controllers, matches).

pub mod bend;
pub mod checkers;
pub mod chectoe;
pub mod chess;
pub mod chex;
pub mod choices;
pub mod cli;
pub mod codec;
pub mod dice;
pub mod dicechess;
pub mod doublechess;
pub mod game;
pub mod guide;
pub mod layout;
pub mod movement;
pub mod position;
pub mod record;
pub mod refusal;
pub mod registry;
pub mod scene;
pub mod search;
pub mod toetoe;
pub mod topology;
pub mod trigrid;

pub use game::{AnyMove, AnyPosition, Game, GameId, GameOptions, MovePath};
pub use position::{MAX_SEATS, MoveError, Outcome, PerSeat, Position, Reason, Seat, SeatSet, SeatState, Seating, perft};
pub use registry::Group;
pub use topology::{Cell, Line, Side, Topology, Wrap};
