//! The seats at the table (two, four in the Doubles games, up to six round the hexagon of
//! triangles): each player's name, the colour of their pieces and who controls them (a player at this screen, or the computer at a time
//! per move), chosen in the launcher, shown in the HUD and kept in save files.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use variant_rules::checkers::DoublesSeating;
use variant_rules::{Game, GameId, MAX_SEATS, Position, Seat};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Seats>();
}

/// The colours a set of pieces can be (name, sRGB). Checkers and chess sets default to different
/// pairs, Doubles to four that stay distinct when checkers of every seat share a stack, the
/// triangular boards' five and six seats add amber and violet to those four, Double Chess to two
/// light and two dark sets (ivory and pearl, ebony and garnet); any colours may be chosen as
/// long as no two seats share one. New colours go at the end: saves keep indices.
pub const SEAT_COLOURS: [(&str, [f32; 3]); 10] = [
    ("Red", [0.55, 0.06, 0.05]),
    ("Ivory", [0.93, 0.89, 0.78]),
    ("Ebony", [0.09, 0.08, 0.08]),
    ("Walnut", [0.42, 0.25, 0.13]),
    ("Jade", [0.12, 0.45, 0.3]),
    ("Cobalt", [0.1, 0.2, 0.55]),
    ("Pearl", [0.66, 0.76, 0.88]),
    ("Garnet", [0.24, 0.035, 0.055]),
    ("Amber", [0.9, 0.58, 0.08]),
    ("Violet", [0.55, 0.2, 0.68]),
];

/// The sets of three to six seats, by colour index: red, ivory, jade, cobalt, amber, violet —
/// one of each hue and lightness, so a stack mixing all six still reads checker by checker.
const MANY_SETS: [usize; 6] = [0, 1, 4, 5, 8, 9];

/// Double Chess's sets by colour index: White 1 ivory, White 2 pearl, Black 1 ebony, Black 2
/// garnet (in the order White 1, White 2, Black 1, Black 2).
const DOUBLE_CHESS_SETS: [usize; 4] = [1, 6, 2, 7];

/// Longest name the launcher accepts (it has to fit the HUD panel).
pub const MAX_NAME: usize = 20;

/// Who moves a seat's pieces: a player at this screen, or the computer (the engine's search,
/// thinking off the main thread: see `ai`). Save files written before computers existed have
/// no controller and read as local players.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Controller {
    /// A player at this screen (hot-seat: the mouse and keyboard move for whoever is to move).
    #[default]
    LocalHuman,
    /// The computer, given this many milliseconds of thinking per move.
    Computer { movetime_ms: u32 },
}

/// The computer's strengths the launcher offers, in milliseconds per move (0.2 s, 1 s, 5 s).
pub const COMPUTER_STRENGTHS: [u32; 3] = [200, 1000, 5000];

/// The longest time per move a save file may ask of the computer (the engine's limit).
const MAX_MOVETIME_MS: u32 = 600_000;

impl Controller {
    /// The choices the launcher cycles through: a player, then the computer at each strength
    /// of [`COMPUTER_STRENGTHS`].
    pub fn choices() -> Vec<Controller> {
        std::iter::once(Controller::LocalHuman).chain(COMPUTER_STRENGTHS.iter().map(|&movetime_ms| Controller::Computer { movetime_ms })).collect()
    }

    /// The next (or previous) of [`Controller::choices`], round in a circle (a strength not on
    /// the list counts as a player).
    pub fn cycled(self, forward: bool) -> Controller {
        let all = Controller::choices();
        let n = all.len();
        let i = all.iter().position(|&c| c == self).unwrap_or(0);
        all[if forward { (i + 1) % n } else { (i + n - 1) % n }]
    }

    /// The computer's time per move, if this is the computer.
    pub fn movetime_ms(self) -> Option<u32> {
        match self {
            Controller::LocalHuman => None,
            Controller::Computer { movetime_ms } => Some(movetime_ms),
        }
    }

    /// How the launcher and the HUD name it: "Human", "Computer (1 s)".
    pub fn label(self) -> String {
        match self {
            Controller::LocalHuman => "Human".into(),
            Controller::Computer { movetime_ms } => format!("Computer ({} s)", movetime_ms as f64 / 1000.0),
        }
    }
}

/// One seat: the name typed in the launcher (empty: the seat's role, "Player A", "White"), an
/// index into [`SEAT_COLOURS`], and who controls it.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq, Default)]
pub struct SeatInfo {
    pub name: String,
    pub colour: usize,
    #[serde(default)]
    pub controller: Controller,
}

/// Who sits where, in seat order (A, B, C, D; White then Black in chess): seat A moves first.
#[derive(Resource, Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(from = "SeatsRecord")]
pub struct Seats {
    pub seats: Vec<SeatInfo>,
}

/// A seat record as save files hold it: the current list, or the two arrays files written
/// before four-seat tables kept (`{"names": [..], "colours": [..]}`).
#[derive(Deserialize)]
#[serde(untagged)]
enum SeatsRecord {
    Current { seats: Vec<SeatInfo> },
    TwoArrays { names: Vec<String>, colours: Vec<usize> },
}

impl From<SeatsRecord> for Seats {
    fn from(r: SeatsRecord) -> Seats {
        match r {
            SeatsRecord::Current { seats } => Seats { seats },
            SeatsRecord::TwoArrays { names, colours } => {
                let n = names.len().max(colours.len());
                let seats = (0..n)
                    .map(|i| SeatInfo { name: names.get(i).cloned().unwrap_or_default(), colour: colours.get(i).copied().unwrap_or(usize::MAX), ..default() })
                    .collect();
                Seats { seats }
            }
        }
    }
}

impl Default for Seats {
    fn default() -> Self {
        Seats::new(GameId::Stax, 2)
    }
}

impl Seats {
    /// `count` seats with no names and the usual colours of `game`'s set.
    pub fn new(game: GameId, count: usize) -> Seats {
        let seats = Seats::default_colours(game, count).into_iter().map(|colour| SeatInfo { colour, ..default() }).collect();
        Seats { seats }
    }

    /// The usual colours of a game's set: red and ivory checkers, ivory and ebony chessmen;
    /// at a table of three to six seats red, ivory, jade, cobalt, amber and violet, as many as
    /// there are seats (distinct in a mixed stack); Double
    /// Chess's partners (A White 1, B Black 1, C White 2, D Black 2) ivory, ebony, pearl and
    /// garnet (cut-throat seats them otherwise: see [`Seats::default_colours_seated`]).
    pub fn default_colours(game: GameId, count: usize) -> Vec<usize> {
        Seats::default_colours_seated(game, count, DoublesSeating::default())
    }

    /// The usual colours of a game's set for a seating: as [`Seats::default_colours`], but in
    /// cut-throat Double Chess the seats A-D play White 1, White 2, Black 1 and Black 2.
    pub fn default_colours_seated(game: GameId, count: usize, seating: DoublesSeating) -> Vec<usize> {
        let [w1, w2, b1, b2] = DOUBLE_CHESS_SETS;
        let all: &[usize] = match (game.is_checkers_family(), count) {
            (false, 4) if game == GameId::DoubleChess && seating == DoublesSeating::CutThroat => &[w1, w2, b1, b2],
            (false, 4) if game == GameId::DoubleChess => &[w1, b1, w2, b2],
            (_, 3..) => &MANY_SETS,
            (true, _) => &[0, 1],
            (false, _) => &[1, 2],
        };
        all.iter().copied().cycle().take(count).collect()
    }

    /// Number of seats.
    pub fn count(&self) -> usize {
        self.seats.len()
    }

    /// The colour index of every seat, in seat order.
    pub fn colours(&self) -> Vec<usize> {
        self.seats.iter().map(|s| s.colour).collect()
    }

    /// Index into [`SEAT_COLOURS`] of `seat`'s pieces (a seat not listed gets a colour by its
    /// index, so a mirror built before the seats were suited still draws).
    pub fn colour_index(&self, seat: Seat) -> usize {
        self.seats.get(seat.index()).map_or(seat.index(), |s| s.colour) % SEAT_COLOURS.len()
    }

    /// The name of `seat`'s colour ("Red").
    pub fn colour_name(&self, seat: Seat) -> &'static str {
        SEAT_COLOURS[self.colour_index(seat)].0
    }

    /// The sRGB colour of `seat`'s pieces.
    pub fn colour(&self, seat: Seat) -> Color {
        let [r, g, b] = SEAT_COLOURS[self.colour_index(seat)].1;
        Color::srgb(r, g, b)
    }

    /// The name typed for `seat` (empty when none).
    pub fn name(&self, seat: Seat) -> &str {
        self.seats.get(seat.index()).map_or("", |s| s.name.trim())
    }

    /// Who moves `seat`'s pieces (a seat not listed: a local player).
    pub fn controller(&self, seat: Seat) -> Controller {
        self.seats.get(seat.index()).map_or(Controller::LocalHuman, |s| s.controller)
    }

    /// Whether the computer moves `seat`'s pieces.
    pub fn is_computer(&self, seat: Seat) -> bool {
        self.controller(seat).movetime_ms().is_some()
    }

    /// The seat of the one local player at a table where the computer has the other seats, if
    /// that is the table (the view then stays on that player's side).
    pub fn lone_human(&self) -> Option<Seat> {
        let humans: Vec<usize> = (0..self.count()).filter(|&i| self.seats[i].controller == Controller::LocalHuman).collect();
        match humans.as_slice() {
            &[only] if self.count() > 1 => Some(Seat(only as u8)),
            _ => None,
        }
    }

    /// Moves `seat` to the next (or previous) controller: a player, the computer at 0.2 s, 1 s
    /// or 5 s a move.
    pub fn cycle_controller(&mut self, seat: Seat, forward: bool) {
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.controller = s.controller.cycled(forward);
        }
    }

    /// Whether the colours are the defaults of some game's set (so not chosen by the players).
    fn default_set(&self) -> bool {
        GameId::ALL.iter().any(|&g| (2..=MAX_SEATS).any(|n| self.defaults_of(g, n)))
    }

    /// Whether the colours are `game`'s usual ones for `count` seats, in any seating.
    fn defaults_of(&self, game: GameId, count: usize) -> bool {
        let colours = self.colours();
        DoublesSeating::ALL.into_iter().any(|seating| colours == Seats::default_colours_seated(game, count, seating))
    }

    /// Fits the seats to `count` players of `game`: the usual colours of its set, unless the
    /// players chose their own (then new seats take colours nobody has); names are kept.
    pub fn suit(&mut self, game: GameId, count: usize) {
        self.suit_seated(game, count, DoublesSeating::default());
    }

    /// Fits the seats to a game as [`Seats::suit`] does, for the seating of its options (which
    /// decides Double Chess's sets).
    pub fn suit_game(&mut self, game: &Game) {
        self.suit_seated(game.id(), game.position().seating().count(), game.options().seating);
    }

    /// [`Seats::suit`] for a seating.
    pub fn suit_seated(&mut self, game: GameId, count: usize, seating: DoublesSeating) {
        let defaults = self.default_set();
        self.seats.truncate(count);
        while self.seats.len() < count {
            let free = (0..SEAT_COLOURS.len()).find(|c| !self.colours().contains(c)).unwrap_or(0);
            self.seats.push(SeatInfo { colour: free, ..default() });
        }
        if defaults {
            for (s, c) in self.seats.iter_mut().zip(Seats::default_colours_seated(game, count, seating)) {
                s.colour = c;
            }
        }
    }

    /// The seat's role at a table of `count` seats in the game's own terms: "Player A".."Player
    /// F", or "White"/"Black" (Double Chess's seats are letters too: which set each plays depends
    /// on the seating; so are Tri-Chess's beyond two players).
    pub fn role(game: GameId, count: usize, seat: Seat) -> String {
        if game.is_checkers_family() || game == GameId::DoubleChess || (game == GameId::TriChess && count > 2) {
            format!("Player {}", seat.letter())
        } else if seat == Seat::A {
            "White".into()
        } else {
            "Black".into()
        }
    }

    /// How the HUD names `seat`: the typed name or the role, and the colour where it says
    /// something the role does not.
    pub fn label(&self, game: GameId, seat: Seat) -> String {
        let role = Seats::role(game, self.count(), seat);
        let name = self.name(seat);
        let who = if name.is_empty() { role.as_str() } else { name };
        let custom = self.custom_colours(game);
        // Three to six chess sets round the hexagon are told apart by their colours.
        let many_sets = game == GameId::TriChess && self.count() > 2;
        if game.is_checkers_family() || many_sets || custom || !name.is_empty() { format!("{who} ({})", self.colour_name(seat)) } else { who.to_string() }
    }

    /// Whether the players chose colours other than `game`'s usual ones (then the HUD names them).
    pub fn custom_colours(&self, game: GameId) -> bool {
        !self.defaults_of(game, self.count())
    }

    /// Moves `seat` to the next (or previous) colour, skipping those of the other seats.
    pub fn cycle_colour(&mut self, seat: Seat, forward: bool) {
        let n = SEAT_COLOURS.len();
        let i = seat.index();
        if i >= self.count() || self.count() >= n {
            return;
        }
        loop {
            let c = self.seats[i].colour;
            self.seats[i].colour = if forward { (c + 1) % n } else { (c + n - 1) % n };
            let taken = self.seats.iter().enumerate().any(|(j, s)| j != i && s.colour == self.seats[i].colour);
            if !taken {
                break;
            }
        }
    }

    /// Checks a loaded seat record: 2 to [`MAX_SEATS`] seats, colours in range and all
    /// different, names of sensible length.
    pub fn validate(&self) -> Result<(), String> {
        if !(2..=MAX_SEATS).contains(&self.count()) {
            return Err(format!("{} seats (a table has 2 to {MAX_SEATS})", self.count()));
        }
        if self.seats.iter().any(|s| s.colour >= SEAT_COLOURS.len()) {
            return Err(format!("seat colours must be 0 to {}", SEAT_COLOURS.len() - 1));
        }
        let colours = self.colours();
        if colours.iter().enumerate().any(|(i, c)| colours[..i].contains(c)) {
            return Err("two seats have the same colour".into());
        }
        if self.seats.iter().any(|s| s.name.chars().count() > MAX_NAME) {
            return Err(format!("seat names are at most {MAX_NAME} characters"));
        }
        if self.seats.iter().filter_map(|s| s.controller.movetime_ms()).any(|ms| !(1..=MAX_MOVETIME_MS).contains(&ms)) {
            return Err(format!("the computer's time per move must be 1 to {MAX_MOVETIME_MS} ms"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_names_and_colours() {
        let mut s = Seats::new(GameId::Chess, 2);
        assert_eq!(s.label(GameId::Chess, Seat::A), "White");
        s.seats[1].name = "Bob".into();
        assert_eq!(s.label(GameId::Chess, Seat::B), "Bob (Ebony)");
        let c = Seats::default();
        assert_eq!(c.label(GameId::Stax, Seat::A), "Player A (Red)");
        let four = Seats::new(GameId::Stax, 4);
        assert_eq!(four.label(GameId::Stax, Seat(3)), "Player D (Cobalt)");
    }

    #[test]
    fn a_chess_game_gets_a_chess_set_unless_colours_were_chosen() {
        let mut s = Seats::default();
        s.suit(GameId::Chess, 2);
        assert_eq!(s.colours(), Seats::default_colours(GameId::Chess, 2));
        s.suit(GameId::Queens, 2);
        assert_eq!(s.colours(), Seats::default_colours(GameId::Queens, 2));
        s.seats[0].colour = 4;
        s.seats[1].colour = 5;
        s.suit(GameId::Chess, 2);
        assert_eq!(s.colours(), [4, 5]);
    }

    #[test]
    fn four_seats_get_four_distinct_colours_and_keep_their_names() {
        let mut s = Seats::default();
        s.seats[0].name = "Ann".into();
        s.suit(GameId::Stax, 4);
        assert_eq!(s.count(), 4);
        assert_eq!(s.colours(), [0, 1, 4, 5], "red, ivory, jade, cobalt");
        assert_eq!(s.name(Seat::A), "Ann");
        assert!(s.validate().is_ok());
        s.suit(GameId::Stax, 2);
        assert_eq!(s.colours(), [0, 1]);
        // Chosen colours stay; a new seat takes one nobody has.
        s.seats[1].colour = 3;
        s.suit(GameId::Queens, 4);
        assert_eq!(&s.colours()[..2], [0, 3]);
        assert!(s.validate().is_ok(), "{:?}", s.colours());
    }

    #[test]
    fn three_to_six_seats_get_six_distinguishable_sets() {
        for count in 3..=MAX_SEATS {
            let mut s = Seats::default();
            s.suit(GameId::Stax, count);
            assert_eq!(s.colours(), MANY_SETS[..count], "{count} seats");
            assert!(s.validate().is_ok() && !s.custom_colours(GameId::Stax));
        }
        assert_eq!(Seats::new(GameId::Stax, 4).colours(), [0, 1, 4, 5], "Doubles keeps red, ivory, jade and cobalt");
        // Every pair of the six differs clearly in colour (sRGB distance), so six sets share a
        // stack and each checker still shows whose it is.
        for (i, &a) in MANY_SETS.iter().enumerate() {
            for &b in &MANY_SETS[i + 1..] {
                let (ca, cb) = (SEAT_COLOURS[a].1, SEAT_COLOURS[b].1);
                let d = (0..3).map(|k| (ca[k] - cb[k]).powi(2)).sum::<f32>().sqrt();
                assert!(d > 0.3, "{} and {} look alike ({d})", SEAT_COLOURS[a].0, SEAT_COLOURS[b].0);
            }
        }
        let mut six = Seats::new(GameId::Stax, 6);
        assert_eq!(six.label(GameId::Stax, Seat(5)), "Player F (Violet)");
        six.suit(GameId::Stax, 3);
        assert_eq!(six.colours(), [0, 1, 4], "back to three: the first three sets");
    }

    #[test]
    fn double_chess_sets_are_two_light_and_two_dark_following_the_seating() {
        let light = |c: usize| SEAT_COLOURS[c].1.iter().sum::<f32>() > 1.5;
        let partners = Seats::default_colours(GameId::DoubleChess, 4);
        assert_eq!(partners.iter().map(|&c| light(c)).collect::<Vec<_>>(), [true, false, true, false], "A W1, B B1, C W2, D B2");
        let cut_throat = Seats::default_colours_seated(GameId::DoubleChess, 4, DoublesSeating::CutThroat);
        assert_eq!(cut_throat.iter().map(|&c| light(c)).collect::<Vec<_>>(), [true, true, false, false], "A W1, B W2, C B1, D B2");
        let mut s = Seats::default();
        s.suit_seated(GameId::DoubleChess, 4, DoublesSeating::CutThroat);
        assert_eq!(s.colours(), cut_throat);
        assert!(!s.custom_colours(GameId::DoubleChess) && s.validate().is_ok());
        s.suit_seated(GameId::DoubleChess, 4, DoublesSeating::PartnersAdjacent);
        assert_eq!(s.colours(), partners, "the defaults follow the seating");
        assert_eq!(s.label(GameId::DoubleChess, Seat(3)), "Player D", "the HUD names the set (see `double_chess`)");
    }

    #[test]
    fn cycling_never_gives_two_seats_one_colour() {
        for count in 2..=MAX_SEATS {
            let mut s = Seats::new(GameId::Stax, count);
            for _ in 0..20 {
                for i in 0..count as u8 {
                    s.cycle_colour(Seat(i), i % 2 == 0);
                    assert!(s.validate().is_ok(), "{:?}", s.colours());
                }
            }
        }
    }

    #[test]
    fn seat_records_of_both_forms_read_back() {
        let old: Seats = serde_json::from_str(r#"{"names": ["Ann", ""], "colours": [4, 5]}"#).unwrap();
        assert_eq!(old.colours(), [4, 5]);
        assert_eq!(old.name(Seat::A), "Ann");
        assert_eq!(old.seats[1].controller, Controller::LocalHuman);
        let four = Seats::new(GameId::Queens, 4);
        let back: Seats = serde_json::from_str(&serde_json::to_string(&four).unwrap()).unwrap();
        assert_eq!(back, four);
        let lopsided: Seats = serde_json::from_str(r#"{"names": ["Ann"], "colours": [4, 5]}"#).unwrap();
        assert!(lopsided.validate().is_ok());
        let short: Seats = serde_json::from_str(r#"{"names": ["Ann", "Bob"], "colours": [4]}"#).unwrap();
        assert!(short.validate().is_err(), "a seat without a colour is refused");
    }

    #[test]
    fn controllers_cycle_save_and_read_back_and_old_records_are_players() {
        let mut s = Seats::new(GameId::Chess, 2);
        let mut seen = Vec::new();
        for _ in 0..4 {
            s.cycle_controller(Seat::B, true);
            seen.push(s.controller(Seat::B));
        }
        let ai = |movetime_ms| Controller::Computer { movetime_ms };
        assert_eq!(seen, [ai(200), ai(1000), ai(5000), Controller::LocalHuman]);
        assert_eq!(ai(200).label(), "Computer (0.2 s)");
        assert_eq!(ai(1000).label(), "Computer (1 s)");
        assert_eq!(ai(50).cycled(true), ai(200), "a strength not offered counts as a player");
        assert_eq!(Controller::LocalHuman.cycled(false), ai(5000));
        s.seats[1].controller = ai(1000);
        assert_eq!(s.lone_human(), Some(Seat::A));
        assert!(s.is_computer(Seat::B) && !s.is_computer(Seat::A));
        let json = serde_json::to_string(&s).unwrap();
        assert!(json.contains(r#""controller":{"computer":{"movetime_ms":1000}}"#), "{json}");
        let back: Seats = serde_json::from_str(&json).unwrap();
        assert_eq!(back, s);
        // The current form written before computers existed: no controller, a local player.
        let old: Seats = serde_json::from_str(r#"{"seats": [{"name": "Ann", "colour": 1}, {"name": "", "colour": 2}]}"#).unwrap();
        assert_eq!((old.controller(Seat::A), old.controller(Seat::B)), (Controller::LocalHuman, Controller::LocalHuman));
        assert_eq!(old.lone_human(), None, "two players at the screen");
        s.seats[1].controller = ai(0);
        assert!(s.validate().is_err(), "no time to think is refused");
    }
}
