//! The checkers family in the registry: the rules the options choose for each game, and what
//! [`Family`] asks of a checkers position.

use super::{CheckersGame, CheckersMove, CheckersPosition, CheckersRules};
use crate::game::{Family, GameId, GameOptions, MovePath};
use crate::position::Seat;
use crate::topology::{Cell, Side};

impl CheckersRules {
    /// The rules `opts` choose for `game`, one of the checkers family's games.
    pub fn for_game(game: GameId, opts: &GameOptions) -> CheckersRules {
        let g = match game {
            GameId::Stax | GameId::TriStax => CheckersGame::Stax,
            GameId::Queens | GameId::TriQueens => CheckersGame::Queens,
            _ => CheckersGame::Checkers,
        };
        CheckersRules {
            game: g,
            numbers: opts.numbers,
            move_limit: opts.move_limit,
            uncovered: opts.uncovered_man,
            players: opts.players,
            seating: opts.seating,
            colours: opts.queens_colours,
            tri: game.is_triangular(),
            symmetric: opts.symmetric,
            queens_open: opts.queens_open,
            forty: opts.forty_moves,
            relocate: opts.queens_relocate,
            steps_blocked: game == GameId::TriQueens && !opts.tri_steps_open,
            prose_sequence: opts.prose_sequence,
        }
    }
}

/// Checkers, Stax and Queens, square or triangular, in the registry.
impl Family for CheckersPosition {
    fn start_game(game: GameId, opts: &GameOptions) -> Result<Self, String> {
        CheckersPosition::start(CheckersRules::for_game(game, opts), opts.topology, opts.seed)
    }
    fn game_from_text(game: GameId, opts: &GameOptions, text: &str) -> Result<Self, String> {
        CheckersPosition::from_text(text, CheckersRules::for_game(game, opts), opts.topology)
    }
    fn move_path(&self, m: CheckersMove) -> MovePath {
        MovePath {
            from: m.from as Cell,
            landings: m.landings().iter().map(|&c| c as Cell).collect(),
            jumped: self.jumped(&m).into_iter().map(|c| c as Cell).collect(),
            capture: m.is_jump(),
            piece: 0,
            swap: false,
        }
    }
    fn side_of(&self, seat: Seat) -> Side {
        self.side(seat)
    }
}
