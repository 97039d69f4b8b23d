//! What the launcher has chosen (game, board, players, seating, the catalogue's options, the
//! seat being named) and how each key and click changes it, independent of how it is drawn;
//! plus the chosen table in words (`options_line`, `seats_text`) for tests and the status line.

use variant_rules::checkers::DoublesSeating;
use variant_rules::choices::{self, Choice};
use variant_rules::{Game, GameId, GameOptions, Position, Seat};

use bevy::prelude::*;

use crate::table::game::seats::{MAX_NAME, Seats};
use crate::table::geometry::board_name;

/// The games the launcher offers, in the engine's listing order.
pub fn games() -> &'static [GameId] {
    static ORDER: std::sync::OnceLock<Vec<GameId>> = std::sync::OnceLock::new();
    ORDER.get_or_init(choices::listed)
}

/// What the launcher has selected. The default is the engine's first game on its first board.
#[derive(Resource, Debug, Clone)]
pub struct LauncherChoice {
    pub game: usize,
    pub topology: usize,
    pub seed: u64,
    /// The players wanted: P cycles through the counts the game seats (2 or 4 for the square
    /// checkers games, 2 to 6 round a hexagon); a game seating fewer takes the most it seats.
    pub players: u8,
    /// More than two players: how they sit and team up (A cycles through the seatings the
    /// rules allow for the count).
    pub seating: DoublesSeating,
    /// The value wanted for each option of the engine's catalogue ([`choices::CHOICES`]): kept
    /// across games, played where the table accepts it ([`LauncherChoice::options`]).
    pub wanted: GameOptions,
    /// The field the keyboard edits.
    pub focus: Focus,
}

/// What the launcher's keys edit: the game list, a seat's name and colour, or a field of
/// the Online panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Focus {
    #[default]
    Game,
    Seat(Seat),
    /// The Online panel's server address.
    Server,
    /// The Online panel's room code.
    Room,
}

/// A key the launcher understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LauncherKey {
    Up,
    Down,
    Left,
    Right,
    Tab,
    Backspace,
    Enter,
    /// Text typed (a letter of a name, or S / P / A, an option's key or 1-6 on the game list).
    Char(char),
}

impl Default for LauncherChoice {
    fn default() -> Self {
        let first = games().iter().position(|&g| g == choices::FIRST_GAME).unwrap_or(0);
        // Each keyed option starts at its usual value: the default of a game it applies to
        // (a 40-move option that is on), else the first game's.
        let mut wanted = GameOptions::default_for(choices::FIRST_GAME);
        for c in choices::CHOICES.iter().filter(|c| c.key.is_some()) {
            let mut defaults = GameId::ALL.iter().map(|&g| (g, GameOptions::default_for(g)));
            if let Some((_, usual)) = defaults.find(|(g, o)| (c.applies)(*g, o)) {
                (c.set)(&mut wanted, (c.get)(&usual));
            }
        }
        LauncherChoice { game: first, topology: 0, seed: 0, players: 2, seating: DoublesSeating::default(), wanted, focus: Focus::Game }
    }
}

impl LauncherChoice {
    /// The launcher with `game`'s id, board, options and seating chosen (what `screenshot
    /// --launcher` shows for the game it names).
    pub fn of(game: &Game) -> LauncherChoice {
        let (id, o) = (game.id(), game.options());
        let mut wanted = LauncherChoice::default().wanted;
        for c in choices::CHOICES.iter().filter(|c| (c.applies)(id, o)) {
            (c.set)(&mut wanted, (c.get)(o));
        }
        LauncherChoice {
            game: games().iter().position(|&g| g == id).unwrap_or(0),
            topology: id.topologies().iter().position(|&w| w == o.topology).unwrap_or(0),
            seed: o.seed,
            players: o.players,
            seating: o.seating,
            wanted,
            focus: Focus::Game,
        }
    }

    /// The game id chosen.
    pub fn id(&self) -> GameId {
        games()[self.game]
    }

    /// How many players the chosen game seats: the players chosen if the game seats that many,
    /// else the most it seats up to that (2 for chess; a four-player game's four).
    pub fn seat_count(&self) -> usize {
        let counts = self.id().player_counts();
        let fits = counts.iter().copied().filter(|&n| n <= self.players).max();
        fits.unwrap_or(counts[0]) as usize
    }

    /// The seatings the rules allow the chosen game at its player count (none with two players).
    pub fn seatings(&self) -> Vec<DoublesSeating> {
        let (id, n) = (self.id(), self.seat_count() as u8);
        if n <= 2 {
            return Vec::new();
        }
        let all: &[DoublesSeating] = if id.is_hexagonal() { &DoublesSeating::TRI } else { &DoublesSeating::ALL };
        all.iter().copied().filter(|&seating| self.base_options(n, seating).validate(id).is_ok()).collect()
    }

    /// The seating the chosen game gets: the one chosen if the rules allow it at this count,
    /// else the first they do.
    pub fn seating(&self) -> DoublesSeating {
        let allowed = self.seatings();
        if allowed.contains(&self.seating) { self.seating } else { allowed.first().copied().unwrap_or(GameOptions::default_for(self.id()).seating) }
    }

    /// The options for `players` seated as `seating`, before the catalogue's options.
    fn base_options(&self, players: u8, seating: DoublesSeating) -> GameOptions {
        let id = self.id();
        let mut opts = GameOptions::default_for(id);
        opts.topology = id.topologies()[self.topology % id.topologies().len()];
        opts.seed = self.seed;
        if players > 2 {
            opts.players = players;
            opts.move_limit = id.default_move_limit_for(players);
            opts.seating = seating;
        }
        opts
    }

    /// The options of the chosen game: each of the catalogue's options at its wanted value,
    /// in the catalogue's order, where it applies and the rules accept it at this table.
    pub fn options(&self) -> GameOptions {
        let id = self.id();
        let mut opts = self.base_options(self.seat_count() as u8, self.seating());
        for c in &choices::CHOICES {
            let mut with = opts;
            if (c.applies)(id, &with) {
                (c.set)(&mut with, (c.get)(&self.wanted));
                if with.validate(id).is_ok() {
                    opts = with;
                }
            }
        }
        opts
    }

    /// The game this choice describes.
    pub fn game(&self) -> Result<Game, String> {
        Game::new(self.id(), self.options(), None)
    }

    /// Applies one key; returns the game to start when it is Enter.
    pub fn on_key(&mut self, seats: &mut Seats, key: &LauncherKey) -> Option<Result<Game, String>> {
        if matches!(self.focus, Focus::Server | Focus::Room) {
            return None; // the Online panel's field takes the keys (`online::type_in`)
        }
        if *key == LauncherKey::Enter {
            return Some(self.game());
        }
        self.changing(seats, |c, seats| c.key_edit(seats, key));
        None
    }

    fn key_edit(&mut self, seats: &mut Seats, key: &LauncherKey) {
        match (key, self.focus) {
            (LauncherKey::Tab, Focus::Game) => self.focus = Focus::Seat(Seat::A),
            (LauncherKey::Tab, Focus::Seat(s)) if s.index() + 1 < self.seat_count() => self.focus = Focus::Seat(Seat(s.0 + 1)),
            (LauncherKey::Tab, Focus::Seat(_)) => self.focus = Focus::Game,
            // On a seat, Up/Down choose who plays it; on the game list, the game.
            (LauncherKey::Down | LauncherKey::Up, Focus::Seat(s)) => seats.cycle_controller(s, *key == LauncherKey::Down),
            (LauncherKey::Down | LauncherKey::Up, Focus::Game) => self.next_game(*key == LauncherKey::Down),
            (LauncherKey::Char(c @ '1'..='6'), Focus::Game) => {
                let seat = Seat(*c as u8 - b'1');
                if seat.index() < self.seat_count() {
                    seats.cycle_controller(seat, true);
                }
            }
            (LauncherKey::Right | LauncherKey::Left, Focus::Game) => self.next_board(*key == LauncherKey::Right),
            (LauncherKey::Right | LauncherKey::Left, Focus::Seat(s)) => seats.cycle_colour(s, *key == LauncherKey::Right),
            (LauncherKey::Backspace, Focus::Seat(s)) => {
                if let Some(seat) = seats.seats.get_mut(s.index()) {
                    seat.name.pop();
                }
            }
            (LauncherKey::Char(c), Focus::Seat(s)) if !c.is_control() => {
                if let Some(seat) = seats.seats.get_mut(s.index()).filter(|seat| seat.name.chars().count() < MAX_NAME) {
                    seat.name.push(*c);
                }
            }
            (LauncherKey::Char(c), Focus::Game) => self.option_key(c.to_ascii_lowercase()),
            _ => {}
        }
    }

    /// Applies an edit, then, if it changed the game or the table's size, seats to match, and
    /// that set's colours unless the players chose their own.
    pub fn changing(&mut self, seats: &mut Seats, edit: impl FnOnce(&mut LauncherChoice, &mut Seats)) {
        let before = (self.id(), self.seat_count(), self.seating());
        edit(self, seats);
        if (self.id(), self.seat_count(), self.seating()) != before {
            seats.suit_seated(self.id(), self.seat_count(), self.seating());
            if let Focus::Seat(s) = self.focus
                && s.index() >= self.seat_count()
            {
                self.focus = Focus::Game;
            }
        }
    }

    /// Chooses the game at `index` of [`games`], on its first board and usual seating.
    pub fn choose_game(&mut self, index: usize) {
        if index < games().len() && index != self.game {
            self.game = index;
            self.topology = 0;
            // Each game starts from its own usual seating (the triangular games': cut-throat).
            self.seating = GameOptions::default_for(self.id()).seating;
        }
    }

    /// Chooses the game's board at `index` of its topologies.
    pub fn choose_board(&mut self, index: usize) {
        if index < self.id().topologies().len() {
            self.topology = index;
        }
    }

    /// Chooses a player count the game seats.
    pub fn choose_players(&mut self, players: u8) {
        if self.id().player_counts().contains(&players) {
            self.players = players;
        }
    }

    /// Chooses a seating the rules allow at this count.
    pub fn choose_seating(&mut self, seating: DoublesSeating) {
        if self.seatings().contains(&seating) {
            self.seating = seating;
        }
    }

    /// Chooses value `value` of the catalogue's option `c`, if the rules accept it here.
    pub fn choose_value(&mut self, c: &Choice, value: usize) {
        if !(c.applies)(self.id(), &self.options()) || value >= c.values.len() {
            return;
        }
        let was = self.wanted;
        (c.set)(&mut self.wanted, value);
        if (c.get)(&self.options()) != value {
            self.wanted = was;
        }
    }

    /// Whether value `value` of option `c` would be accepted at this table.
    pub fn accepts(&self, c: &Choice, value: usize) -> bool {
        let mut with = self.options();
        (c.set)(&mut with, value);
        (c.applies)(self.id(), &with) && with.validate(self.id()).is_ok()
    }

    /// A new seed for the Numbers (what S does).
    pub fn new_seed(&mut self) {
        self.seed = self.seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407) >> 16;
    }

    fn next_game(&mut self, down: bool) {
        let n = games().len();
        self.choose_game(if down { (self.game + 1) % n } else { (self.game + n - 1) % n });
    }

    /// Left/Right on the game list: the board, or where the game has one board, the first
    /// keyless option it offers (a rule set).
    fn next_board(&mut self, right: bool) {
        let tops = self.id().topologies().len();
        if tops > 1 {
            self.topology = (self.topology + if right { 1 } else { tops - 1 }) % tops;
        } else if let Some(c) = self.board_choice() {
            self.wanted = c.stepped(&self.wanted, if right { 1 } else { -1 });
        }
    }

    /// The option Left/Right cycles on a game with one board.
    fn board_choice(&self) -> Option<&'static Choice> {
        let (id, opts) = (self.id(), self.options());
        choices::CHOICES.iter().find(|c| c.key.is_none() && c.offered(id, &opts))
    }

    /// The letter keys of the game list: S a new seed, P the player count, A the seating, and
    /// each option's own key (N numbers, Q colours, Y the symmetric figures, ...: see
    /// [`choices::CHOICES`]), each only where the rules allow the change.
    fn option_key(&mut self, key: char) {
        match key {
            's' => self.new_seed(),
            'p' if self.id().player_counts().len() > 1 => {
                let counts = self.id().player_counts();
                let i = counts.iter().position(|&n| n as usize == self.seat_count()).unwrap_or(0);
                self.players = counts[(i + 1) % counts.len()];
            }
            'a' => {
                let all = self.seatings();
                if let Some(i) = all.iter().position(|&x| x == self.seating()) {
                    self.seating = all[(i + 1) % all.len()];
                }
            }
            k => {
                if let Some(c) = choices::by_key(k) {
                    self.step(c);
                }
            }
        }
    }

    /// Moves an option on to its next value if the rules accept that value at this table (the
    /// open position needs mixed colours, the corners five players, ...); else it stays.
    fn step(&mut self, c: &Choice) {
        self.choose_value(c, ((c.get)(&self.wanted) + 1) % c.values.len());
    }
}

/// Longest game description the launcher's list shows on one line.
pub const DESCRIPTION_WIDTH: usize = 100;

/// A game's description for the launcher's list: cut after its last clause that fits one line
/// ("...: chess on a hexagon of triangles for 2-6 players"), so the list keeps a line a
/// game and the seats and help below stay clear of the resume panel.
pub fn short_description(g: GameId) -> &'static str {
    let d = g.description();
    if d.len() <= DESCRIPTION_WIDTH {
        return d;
    }
    d.match_indices("; ").map(|(i, _)| i).take_while(|&i| i <= DESCRIPTION_WIDTH).last().map_or(d, |i| &d[..i])
}

/// The chosen board and options, in a line: the board (or on a one-board game the option
/// Left/Right cycles), players and seating where there is a choice, and every option of the
/// catalogue the table offers, with its key.
pub fn options_line(choice: &LauncherChoice) -> String {
    let (id, opts) = (choice.id(), choice.options());
    let board = match choice.game().ok().map(|g| g.position().topology()) {
        Some(t) if t.tri_board().is_some() => board_name(t),
        _ => opts.topology.to_string(),
    };
    let mut s = format!("board: {board}");
    if id.player_counts().len() > 1 {
        s += &format!("    players: {} (P)", choice.seat_count());
    } else if choice.seat_count() > 2 {
        s += &format!("    players: {}", choice.seat_count());
    }
    if choice.seat_count() > 2 {
        s += &format!("    seating: {} (A)", choice.seating());
    }
    for c in choices::CHOICES.iter().filter(|c| c.offered(id, &opts)) {
        let key = c.key.map_or("Left/Right".to_string(), |k| k.to_ascii_uppercase().to_string());
        s += &format!("    {}: {} ({key})", c.label, c.word(&opts));
        if c.flag == "--numbers" && opts.numbers {
            s += &format!(" seed {}", opts.seed);
        }
    }
    s
}

/// A line per seat: its name, colour, and at a four-seat table its side and team.
pub fn seats_text(choice: &LauncherChoice, seats: &Seats) -> String {
    let game = choice.game().ok();
    let mut s = String::new();
    for i in 0..choice.seat_count() {
        let seat = Seat(i as u8);
        let focused = choice.focus == Focus::Seat(seat);
        let typed = seats.name(seat);
        let name = if typed.is_empty() && !focused { "(none)".to_string() } else { typed.to_string() };
        let cursor = if focused { "_" } else { "" };
        let colour = seats.colour_name(seat);
        let mut note = if i == 0 { "   moves first".to_string() } else { String::new() };
        if let Some(pos) = game.as_ref().map(Game::position).filter(|p| p.seating().count() > 2) {
            let team = pos.seating().team(seat);
            note = format!("   {} side{}", pos.side_words(seat), if team.len() > 1 { format!(", team {}", team.letters()) } else { String::new() });
            // The set, where its name says more than the seat's letter ("Set C" would not).
            if pos.set_of(seat).is_some() {
                note += &format!(", {}", pos.set_name(seat));
            }
        }
        let player = seats.controller(seat).label();
        s += &format!("{} seat {}: {name}{cursor:<22} {player:<18} colour: {colour:<8}{note}\n", if focused { ">" } else { " " }, seat.letter());
    }
    s
}
