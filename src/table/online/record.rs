//! A room's game as the server shows it (public texts only), and the game this table holds
//! from it.

use variant_rules::cli::OptionArgs;
use variant_rules::{Game, GameId, GameOptions};

/// A room's game as the server shows it: the game and options in the command line's words,
/// the public start, and each move with the public position after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub game: String,
    pub options: String,
    pub start: String,
    pub moves: Vec<(String, String)>,
}

impl Record {
    /// The game as this table holds it (see [`Game::from_public_record`]).
    pub fn game(&self) -> Result<Game, String> {
        let (id, opts): (GameId, GameOptions) = OptionArgs::from_words(&self.options)?.resolve(&self.game)?;
        Game::from_public_record(id, opts, &self.start, &self.moves)
    }
}
