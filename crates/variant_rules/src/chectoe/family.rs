//! Chec Toe in the registry: what [`Family`] asks of its position.

use super::{ChecMove, ChecToePosition};
use crate::game::{Family, GameId, GameOptions, MovePath};
use crate::position::Position;

/// Chec Toe in the registry.
impl Family for ChecToePosition {
    fn start_game(_: GameId, opts: &GameOptions) -> Result<Self, String> {
        Ok(ChecToePosition::start(opts.move_limit))
    }
    fn game_from_text(_: GameId, opts: &GameOptions, text: &str) -> Result<Self, String> {
        ChecToePosition::from_text(text, opts.move_limit)
    }
    /// A drop's `from` is its cell (it comes from the hand); rolls and passes go nowhere.
    fn move_path(&self, m: ChecMove) -> MovePath {
        match m {
            ChecMove::Drop { piece, to } => MovePath { from: to, landings: vec![to], jumped: vec![], capture: false, piece, swap: false },
            ChecMove::Move { from, to, .. } => MovePath { from, landings: vec![to], jumped: vec![], capture: self.piece_at(to) != 0, piece: 0, swap: false },
            _ => MovePath::nowhere(),
        }
    }
    fn dice_due(&self) -> Option<usize> {
        (self.awaiting_roll() && self.outcome().is_none()).then_some(1)
    }
    /// Chec Toe has no threefold repetition rule.
    fn repetition_applies(&self) -> bool {
        false
    }
}
