//! Dice Chess in the registry: what [`Family`] asks of its position.

use super::{DiceChessPosition, DiceMove};
use crate::game::{Family, GameId, GameOptions, MovePath};
use crate::position::Position;

/// Dice Chess in the registry.
impl Family for DiceChessPosition {
    fn start_game(_: GameId, opts: &GameOptions) -> Result<Self, String> {
        Ok(DiceChessPosition::start(opts.dice_rules, opts.no_move).with_six(opts.brainking_six))
    }
    fn game_from_text(_: GameId, opts: &GameOptions, text: &str) -> Result<Self, String> {
        Ok(DiceChessPosition::from_text(text, opts.dice_rules, opts.no_move)?.with_six(opts.brainking_six))
    }
    /// A chess move's path; rolls, passes and rerolls go nowhere.
    fn move_path(&self, m: DiceMove) -> MovePath {
        match m {
            DiceMove::Chess(m) => m.path(),
            _ => MovePath::nowhere(),
        }
    }
    fn dice_due(&self) -> Option<usize> {
        (self.awaiting_roll() && self.outcome().is_none()).then(|| self.rules().dice())
    }
}
