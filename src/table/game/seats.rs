//! The seats at the table (two, four round a square board, up to six round the hexagon of
//! triangles): each player's name, the colour of their pieces and who controls them (a player at this screen, or the computer at a time
//! per move), chosen in the launcher, shown in the HUD and kept in save files.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use variant_rules::checkers::DoublesSeating;
use variant_rules::scene::Players;
use variant_rules::search::STRENGTHS;
use variant_rules::{Game, GameId, MAX_SEATS, Position, Seat};

use crate::table::sets::{self, SEAT_COLOURS};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Seats>();
}

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
    /// Another machine, in an online room: a player at their own screen or the server's
    /// computer. This table only shows what the server announces for the seat.
    Remote,
}

/// The computer's strengths the launcher offers, in milliseconds per move: the engine's
/// [`STRENGTHS`] (0.2 s, 1 s, 5 s), each with its name and chess rating.
pub const COMPUTER_STRENGTHS: [u32; 3] = [STRENGTHS[0].movetime_ms, STRENGTHS[1].movetime_ms, STRENGTHS[2].movetime_ms];

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
            Controller::LocalHuman | Controller::Remote => None,
            Controller::Computer { movetime_ms } => Some(movetime_ms),
        }
    }

    /// How the launcher and the HUD name it: "Human", "Computer (1 s)".
    pub fn label(self) -> String {
        match self {
            Controller::LocalHuman => "Human".into(),
            Controller::Computer { movetime_ms } => format!("Computer ({} s)", movetime_ms as f64 / 1000.0),
            Controller::Remote => "Online".into(),
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
        Seats::new(variant_rules::choices::FIRST_GAME, 2)
    }
}

impl Seats {
    /// `count` seats with no names and the usual colours of `game`'s set.
    pub fn new(game: GameId, count: usize) -> Seats {
        let seats = Seats::default_colours(game, count).into_iter().map(|colour| SeatInfo { colour, ..default() }).collect();
        Seats { seats }
    }

    /// The usual colours of a game's set in its usual seating (see [`sets::default_colours`]).
    pub fn default_colours(game: GameId, count: usize) -> Vec<usize> {
        Seats::default_colours_seated(game, count, DoublesSeating::default())
    }

    /// The usual colours of a game's set for a seating (see [`sets::default_colours`]).
    pub fn default_colours_seated(game: GameId, count: usize, seating: DoublesSeating) -> Vec<usize> {
        sets::default_colours(game, count, seating)
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

    /// Whether a player at this screen moves `seat`'s pieces (not the computer, not another
    /// machine).
    pub fn plays_here(&self, seat: Seat) -> bool {
        self.controller(seat) == Controller::LocalHuman
    }

    /// Whether another machine moves `seat`'s pieces (an online room).
    pub fn is_remote(&self, seat: Seat) -> bool {
        self.controller(seat) == Controller::Remote
    }

    /// Whether any seat is another machine's (the seats of an online room, not the launcher's).
    pub fn any_remote(&self) -> bool {
        self.seats.iter().any(|s| s.controller == Controller::Remote)
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
    /// may decide which set each seat plays).
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

    /// How the HUD and the launcher name `seat` before a position exists: the typed name or
    /// the seat's role in the game's terms ("Player A", "White"), and the colour where it says
    /// something the role does not.
    pub fn label(&self, game: GameId, seat: Seat) -> String {
        let role = game.seat_role(self.count(), seat);
        let name = self.name(seat);
        let who = if name.is_empty() { role.as_str() } else { name };
        if game.colour_in_label(self.count()) || self.custom_colours(game) || !name.is_empty() {
            format!("{who} ({})", self.colour_name(seat))
        } else {
            who.to_string()
        }
    }

    /// What the engine's words for seats need of the players: names, colour names, and
    /// whether they chose their own colours.
    pub fn players(&self, game: GameId) -> Players {
        let seats = (0..self.count()).map(|i| Seat(i as u8));
        Players {
            names: seats.clone().map(|s| self.name(s).to_string()).collect(),
            colours: seats.map(|s| self.colour_name(s).to_string()).collect(),
            custom_colours: self.custom_colours(game),
        }
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
