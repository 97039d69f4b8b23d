//! Double Chess and Tri-Chess in the registry: what [`Family`] asks of their one position type.

use super::{DoubleChessPosition, DoubleKind, DoubleMove};
use crate::game::{Family, GameId, GameOptions, MovePath};
use crate::position::Seat;
use crate::topology::Side;

/// Double Chess and Tri-Chess in the registry: one engine, two boards.
impl Family for DoubleChessPosition {
    fn start_game(game: GameId, opts: &GameOptions) -> Result<Self, String> {
        if game == GameId::TriChess {
            DoubleChessPosition::tri_start(opts.tri_chess())
        } else {
            Ok(DoubleChessPosition::start(opts.seating, opts.notation)?.with_hop_checks(opts.hop_checks))
        }
    }
    fn game_from_text(game: GameId, opts: &GameOptions, text: &str) -> Result<Self, String> {
        if game == GameId::TriChess {
            DoubleChessPosition::tri_from_text(text, opts.tri_chess())
        } else {
            Ok(DoubleChessPosition::from_text(text, opts.seating, opts.notation)?.with_hop_checks(opts.hop_checks))
        }
    }
    /// A pass goes nowhere.
    fn move_path(&self, m: DoubleMove) -> MovePath {
        if m.kind == DoubleKind::Pass {
            return MovePath::nowhere();
        }
        MovePath {
            from: m.from,
            landings: vec![m.to],
            jumped: vec![],
            capture: matches!(m.kind, DoubleKind::Capture | DoubleKind::EnPassant),
            piece: m.promotion,
            swap: false,
        }
    }
    fn side_of(&self, seat: Seat) -> Side {
        self.side(seat)
    }
}
