//! Why a well-formed move is refused: the reasons every game's answers name, worded once.
//!
//! A game explains a refused move only after it failed to match a legal move, so the
//! explanation may be slow (it clones positions and regenerates moves) but never panics. Each
//! game checks the reasons in the order of [`Refusal`]'s variants, and the first that applies is
//! the answer; docs/notation.md lists them.

use std::fmt;

/// The bare answer no refusal gives any more (the property tests check it never appears).
pub const GENERIC: &str = "not a legal move in this position";

/// Why a move is refused, in the order the reasons are checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game wants a roll, a deployment, a draw, …: the phase is wrong for this kind of move.
    Phase(String),
    /// The dice (or die) forbid it.
    Dice(String),
    /// A cell of the move is closed (a cut-throat corner) or out of play.
    Closed { cell: String },
    /// Nothing stands on the starting cell.
    NoPiece { cell: String },
    /// The piece belongs to another seat (`owner`), or to a seat that is frozen or mated.
    NotYours { cell: String, owner: String, mover: String },
    /// The landing holds a piece of the mover (or a partner's).
    OwnPiece { cell: String, whose: &'static str },
    /// The landing is taken, and this move may only end on an empty cell.
    Occupied { cell: String },
    /// The landing holds a piece that may not be taken (a King not mated by the mover, an
    /// immune piece, a checker a man may not jump).
    Untakeable { cell: String, why: String },
    /// The piece does not move that way at all, on any board.
    CannotMove { piece: String, from: String, to: String, hint: String },
    /// The piece moves that way, but something stands in its way.
    Blocked { from: String, to: String, at: Option<String> },
    /// Castling is not possible now.
    Castling(String),
    /// The move would leave the mover's King in check when it already is.
    StillInCheck,
    /// The King would stand in check on its landing.
    IntoCheck { cell: String },
    /// The piece is pinned: moving it exposes its King.
    Pinned { cell: String },
    /// A jump is available and jumping is compulsory.
    JumpCompulsory { example: String },
    /// The jump sequence stops while another hop is possible.
    JumpMustGoOn,
    /// A rule of this game's own (promotion, en passant, a King owed a capture, …).
    Rule(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Phase(why) | Refusal::Dice(why) | Refusal::Castling(why) | Refusal::Rule(why) => f.write_str(why),
            Refusal::Closed { cell } => write!(f, "{cell} is a closed cell, out of play"),
            Refusal::NoPiece { cell } => write!(f, "there is no piece on {cell}"),
            Refusal::NotYours { cell, owner, mover } => write!(f, "the piece on {cell} is not your piece: it belongs to {owner} ({mover} is to move)"),
            Refusal::OwnPiece { cell, whose } => write!(f, "{cell} is occupied by {whose} piece"),
            Refusal::Occupied { cell } => write!(f, "{cell} is occupied: the move must end on an empty cell"),
            Refusal::Untakeable { cell, why } => write!(f, "the piece on {cell} cannot be taken: {why}"),
            Refusal::CannotMove { piece, from, to, hint } => {
                write!(f, "the {piece} on {from} cannot move that way, to {to}")?;
                if !hint.is_empty() {
                    write!(f, " ({hint})")?;
                }
                Ok(())
            }
            Refusal::Blocked { from, to, at: Some(at) } => write!(f, "the path from {from} to {to} is blocked on {at}"),
            Refusal::Blocked { from, to, at: None } => write!(f, "the path from {from} to {to} is blocked"),
            Refusal::StillInCheck => f.write_str("your King is in check, and this move leaves it in check"),
            Refusal::IntoCheck { cell } => write!(f, "the King would be in check on {cell}"),
            Refusal::Pinned { cell } => write!(f, "the piece on {cell} is pinned: moving it would leave your King in check"),
            Refusal::JumpCompulsory { example } => write!(f, "a jump is available and jumping is compulsory (e.g. {example})"),
            Refusal::JumpMustGoOn => f.write_str("the jump sequence must continue while another jump is possible"),
        }
    }
}

impl From<Refusal> for String {
    fn from(r: Refusal) -> String {
        r.to_string()
    }
}
