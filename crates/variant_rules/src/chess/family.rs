//! The chess family in the registry: the rules each game names, and what [`Family`] asks of
//! a chess position.

use super::{ChessMove, ChessPosition, ChessRules, MoveKind};
use crate::game::{Family, GameId, GameOptions, MovePath};

impl ChessRules {
    /// The rules of `game`, one of the chess family's games.
    pub fn for_game(game: GameId) -> ChessRules {
        if game == GameId::ShadowChess { ChessRules::SHADOW } else { ChessRules::ORTHODOX }
    }
}

impl ChessMove {
    /// The cells the move visits (Dice Chess's chess moves too).
    pub(crate) fn path(self) -> MovePath {
        MovePath {
            from: self.from,
            landings: vec![self.to],
            jumped: vec![],
            capture: matches!(self.kind, MoveKind::Capture | MoveKind::EnPassant | MoveKind::Shadow),
            piece: self.promotion,
            swap: false,
        }
    }
}

/// Chess, Shadow Chess and Cylindrical Chess in the registry.
impl Family for ChessPosition {
    fn start_game(game: GameId, opts: &GameOptions) -> Result<Self, String> {
        Ok(ChessPosition::start(opts.topology, ChessRules::for_game(game)))
    }
    fn game_from_text(game: GameId, opts: &GameOptions, text: &str) -> Result<Self, String> {
        ChessPosition::from_fen(text, opts.topology, ChessRules::for_game(game))
    }
    fn move_path(&self, m: ChessMove) -> MovePath {
        m.path()
    }
}
