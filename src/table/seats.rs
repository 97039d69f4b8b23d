//! The two seats at the table: each player's name and the colour of their pieces, chosen in the
//! launcher, shown in the HUD and kept in save files.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use variant_rules::GameId;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Seats>();
}

/// The colours a set of pieces can be (name, sRGB). Checkers and chess sets default to different
/// pairs; any two different colours may be chosen.
pub const SEAT_COLOURS: [(&str, [f32; 3]); 6] = [
    ("Red", [0.55, 0.06, 0.05]),
    ("Ivory", [0.93, 0.89, 0.78]),
    ("Ebony", [0.09, 0.08, 0.08]),
    ("Walnut", [0.42, 0.25, 0.13]),
    ("Jade", [0.12, 0.45, 0.3]),
    ("Cobalt", [0.1, 0.2, 0.55]),
];

/// Longest name the launcher accepts (it has to fit the HUD panel).
pub const MAX_NAME: usize = 20;

/// Who sits where: seat 0 moves first (Player A in the checkers family, White in chess).
#[derive(Resource, Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Seats {
    /// Names typed in the launcher; empty means the seat's role ("Player A", "White").
    pub names: [String; 2],
    /// Indices into [`SEAT_COLOURS`].
    pub colours: [usize; 2],
}

impl Default for Seats {
    fn default() -> Self {
        Seats { names: Default::default(), colours: Seats::default_colours(GameId::Stax) }
    }
}

impl Seats {
    /// The usual colours of a game's set: red and ivory checkers, ivory and ebony chessmen.
    pub fn default_colours(game: GameId) -> [usize; 2] {
        if game.is_checkers_family() { [0, 1] } else { [1, 2] }
    }

    /// Gives the seats the usual colours of `game`'s set, unless the players chose their own
    /// (colours other than another set's defaults).
    pub fn suit(&mut self, game: GameId) {
        if GameId::ALL.iter().any(|&g| self.colours == Seats::default_colours(g)) {
            self.colours = Seats::default_colours(game);
        }
    }

    /// How the HUD names seat `i`: the typed name or the role, and the colour where it says
    /// something the role does not.
    pub fn label(&self, game: GameId, i: usize) -> String {
        let role = match (game.is_checkers_family(), i) {
            (true, 0) => "Player A",
            (true, _) => "Player B",
            (false, 0) => "White",
            (false, _) => "Black",
        };
        let colour = SEAT_COLOURS[self.colours[i] % SEAT_COLOURS.len()].0;
        let name = self.names[i].trim();
        let who = if name.is_empty() { role } else { name };
        if game.is_checkers_family() || self.colours != Seats::default_colours(game) || !name.is_empty() {
            format!("{who} ({colour})")
        } else {
            who.to_string()
        }
    }

    /// The linear colour of seat `i`'s pieces.
    pub fn colour(&self, i: usize) -> Color {
        let [r, g, b] = SEAT_COLOURS[self.colours[i] % SEAT_COLOURS.len()].1;
        Color::srgb(r, g, b)
    }

    /// Moves seat `i` to the next (or previous) colour, skipping the other seat's.
    pub fn cycle_colour(&mut self, i: usize, forward: bool) {
        let n = SEAT_COLOURS.len();
        loop {
            self.colours[i] = if forward { (self.colours[i] + 1) % n } else { (self.colours[i] + n - 1) % n };
            if self.colours[i] != self.colours[1 - i] {
                break;
            }
        }
    }

    /// Checks a loaded seat record: colours in range and different, names of sensible length.
    pub fn validate(&self) -> Result<(), String> {
        if self.colours.iter().any(|&c| c >= SEAT_COLOURS.len()) {
            return Err(format!("seat colours must be 0 to {}", SEAT_COLOURS.len() - 1));
        }
        if self.colours[0] == self.colours[1] {
            return Err("the two seats have the same colour".into());
        }
        if self.names.iter().any(|n| n.chars().count() > MAX_NAME) {
            return Err(format!("seat names are at most {MAX_NAME} characters"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_names_and_colours() {
        let mut s = Seats { names: Default::default(), colours: Seats::default_colours(GameId::Chess) };
        assert_eq!(s.label(GameId::Chess, 0), "White");
        s.names[1] = "Bob".into();
        assert_eq!(s.label(GameId::Chess, 1), "Bob (Ebony)");
        let c = Seats::default();
        assert_eq!(c.label(GameId::Stax, 0), "Player A (Red)");
    }

    #[test]
    fn a_chess_game_gets_a_chess_set_unless_colours_were_chosen() {
        let mut s = Seats::default();
        s.suit(GameId::Chess);
        assert_eq!(s.colours, Seats::default_colours(GameId::Chess));
        s.suit(GameId::Queens);
        assert_eq!(s.colours, Seats::default_colours(GameId::Queens));
        s.colours = [4, 5];
        s.suit(GameId::Chess);
        assert_eq!(s.colours, [4, 5]);
    }

    #[test]
    fn cycling_never_gives_both_seats_one_colour() {
        let mut s = Seats::default();
        for _ in 0..20 {
            s.cycle_colour(0, true);
            assert_ne!(s.colours[0], s.colours[1]);
            s.cycle_colour(1, false);
            assert_ne!(s.colours[0], s.colours[1]);
            assert!(s.validate().is_ok());
        }
    }
}
