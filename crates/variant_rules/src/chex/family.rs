//! CHEX in the registry: what [`Family`] asks of its position.

use super::{ChexMove, ChexPosition};
use crate::game::{Family, GameId, GameOptions, MovePath};
use crate::topology::NO_CELL;

/// CHEX in the registry.
impl Family for ChexPosition {
    fn start_game(_: GameId, opts: &GameOptions) -> Result<Self, String> {
        Ok(ChexPosition::start(opts.seed).with_draw_in_check(opts.draw_in_check))
    }
    fn game_from_text(_: GameId, opts: &GameOptions, text: &str) -> Result<Self, String> {
        Ok(ChexPosition::from_text(text)?.with_draw_in_check(opts.draw_in_check))
    }
    /// A draw goes nowhere; a placement's `from` is its cell, and its piece the tile in hand.
    fn move_path(&self, m: ChexMove) -> MovePath {
        let (from, to, capture, piece) = match m {
            ChexMove::Draw => (NO_CELL, NO_CELL, false, 0),
            ChexMove::Place(c) => (c, c, false, self.holding().map_or(0, |t| t & 7)),
            ChexMove::Normal { from, to } => (from, to, self.piece_at(to) != 0, 0),
        };
        MovePath { from, landings: vec![to], jumped: vec![], capture, piece, swap: false }
    }
}
