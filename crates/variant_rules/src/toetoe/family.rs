//! Toe-to-Toe Chess in the registry: what [`Family`] asks of its position.

use super::{ToeMove, ToeMoveKind, ToeToePosition};
use crate::game::{Family, GameId, GameOptions, MovePath};

/// Toe-to-Toe Chess in the registry.
impl Family for ToeToePosition {
    fn start_game(_: GameId, opts: &GameOptions) -> Result<Self, String> {
        Ok(ToeToePosition::start(opts.deploy_groups))
    }
    fn game_from_text(_: GameId, opts: &GameOptions, text: &str) -> Result<Self, String> {
        ToeToePosition::from_text(text, opts.deploy_groups)
    }
    fn move_path(&self, m: ToeMove) -> MovePath {
        MovePath {
            from: m.from,
            landings: vec![m.to],
            jumped: vec![],
            capture: m.kind == ToeMoveKind::Normal && self.piece_at(m.to) != 0,
            piece: m.piece,
            swap: m.kind == ToeMoveKind::Swap,
        }
    }
}
