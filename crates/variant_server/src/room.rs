//! One room: a game, its seats and who holds them, and the rules of acting in it. No I/O here:
//! the server checks an intent with [`Room::check`], stores the [`Entry`] it gives, then
//! applies it with [`Room::apply`]; a restarted server replays the stored entries the same way.

use crate::protocol::{ClockSpec, ClockView, MoveView, Occupant, SeatView, clip};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use variant_rules::cli::OptionArgs;
use variant_rules::search::{self, Controller, Memory, Method};
use variant_rules::{Game, GameId, Outcome, Position, Seat, SeatSet};

/// Who holds a seat, with the secret that proves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    Empty,
    /// A person; `token` is the secret their client presents to act or come back.
    Player {
        token: String,
    },
    Computer(Controller),
}

/// Something that happened in a room, in the order it happened: what the store keeps, and
/// what a restarted server replays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Entry {
    Join {
        seat: char,
        token: String,
    },
    Fill {
        seat: char,
        controller: String,
    },
    /// A move, or a throw the server drew (`throw`), in notation, and the time it took off
    /// the seat's clock (0 in untimed rooms, and in entries stored before clocks).
    Move {
        seat: char,
        text: String,
        throw: bool,
        #[serde(default)]
        spent_ms: i64,
    },
    /// The seat to move ran out of time.
    Timeout {
        seat: char,
    },
    Resign {
        seat: char,
    },
    DrawOffer {
        seat: char,
    },
}

/// What a room's creator asked for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub game: String,
    /// The options in the command line's words, as the creator gave them (no seed).
    pub options: String,
    /// The seed the server drew for the setup (Numbers' shuffle, CHEX's piles): never sent.
    pub seed: u64,
    /// The time control, if the room has clocks.
    #[serde(default)]
    pub clock: Option<ClockSpec>,
}

/// A room's clocks: the time each seat has left (none: untimed, a seat the computer took over
/// after its time ran out) and when the turn in progress began. They run only while every seat
/// is held and the game goes on.
#[derive(Clone, Debug)]
struct Clocks {
    spec: ClockSpec,
    remaining_ms: Vec<Option<i64>>,
    turn_started_ms: i64,
}

/// A room's state.
#[derive(Debug)]
pub struct Room {
    pub code: String,
    pub setup: Setup,
    game: Game,
    holders: Vec<Holder>,
    /// Open connections per seat (a seat may be open in two windows at once).
    connections: Vec<u32>,
    moves: Vec<MoveView>,
    draw_offers: SeatSet,
    /// Set when the game ended by resignation or agreement (the engine's own ends come from
    /// the position).
    ended: Option<String>,
    clocks: Option<Clocks>,
}

impl Room {
    /// A room for `setup`, checked by the engine's own option parser.
    pub fn new(code: String, setup: Setup) -> Result<Room, String> {
        if setup.options.split_whitespace().any(|w| w == "--seed" || w.starts_with("--seed=")) {
            return Err("the server draws the setup's seed; leave out --seed".into());
        }
        if let Some(c) = &setup.clock {
            c.validate()?;
        }
        let args = OptionArgs::from_words(&setup.options)?;
        let (id, mut opts) = args.resolve(&setup.game)?;
        opts.seed = setup.seed;
        let game = Game::new(id, opts, None)?;
        let count = game.position().seating().count();
        Ok(Room {
            code,
            game,
            holders: vec![Holder::Empty; count],
            connections: vec![0; count],
            moves: Vec::new(),
            draw_offers: SeatSet::EMPTY,
            ended: None,
            clocks: setup.clock.map(|spec| Clocks { spec, remaining_ms: vec![Some(spec.base_ms as i64); count], turn_started_ms: 0 }),
            setup,
        })
    }

    /// Whether the clock of the seat to move runs: the room has clocks, every seat is held,
    /// the game goes on and that seat is timed.
    fn clock_running(&self) -> Option<(Seat, i64)> {
        let c = self.clocks.as_ref()?;
        let turn = self.turn()?;
        if self.holders.iter().any(|h| matches!(h, Holder::Empty)) {
            return None;
        }
        c.remaining_ms[turn.index()].map(|left| (turn, left))
    }

    /// The time the seat to move has used of its turn so far, at `now_ms`.
    pub fn spent(&self, now_ms: i64) -> i64 {
        match (self.clock_running(), &self.clocks) {
            (Some(_), Some(c)) => now_ms.saturating_sub(c.turn_started_ms).max(0),
            _ => 0,
        }
    }

    /// When the seat to move runs out of time, if its clock runs: the seat and the moment.
    pub fn deadline(&self) -> Option<(Seat, i64)> {
        let (seat, left) = self.clock_running()?;
        Some((seat, self.clocks.as_ref()?.turn_started_ms.saturating_add(left)))
    }

    /// Starts the turn's clock at `now_ms` (after each move, when the last seat is taken, and
    /// when a restarted server resumes the room: the time it was down counts for nobody).
    pub fn start_turn(&mut self, now_ms: i64) {
        if let Some(c) = self.clocks.as_mut() {
            c.turn_started_ms = now_ms;
        }
    }

    /// The clocks as they stand at `now_ms`, for an event.
    pub fn clock_view(&self, now_ms: i64) -> Option<ClockView> {
        let c = self.clocks.as_ref()?;
        let running = self.clock_running().map(|(s, _)| s);
        let spent = self.spent(now_ms);
        let remaining_ms = c
            .remaining_ms
            .iter()
            .enumerate()
            .map(|(i, r)| r.map(|left| if running.is_some_and(|s| s.index() == i) { left.saturating_sub(spent).max(0) } else { left }))
            .collect();
        Some(ClockView { spec: c.spec, remaining_ms, running: running.map(|s| s.letter().to_string()) })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn game_id(&self) -> GameId {
        self.game.id()
    }

    /// How many seats the game has.
    pub fn seat_count(&self) -> usize {
        self.holders.len()
    }

    /// The seat a letter names in this game.
    pub fn seat(&self, letter: &str) -> Result<Seat, String> {
        let mut chars = letter.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Seat::from_letter(c, self.seat_count()),
            _ => None,
        }
        .ok_or_else(|| format!("'{}' is not a seat of this game (A to {})", clip(letter), Seat(self.seat_count() as u8 - 1).letter()))
    }

    pub fn holder(&self, seat: Seat) -> &Holder {
        &self.holders[seat.index()]
    }

    /// The first seat nobody holds, if any (a join for [`crate::protocol::ANY_SEAT`]).
    pub fn first_empty(&self) -> Option<Seat> {
        self.holders.iter().position(|h| matches!(h, Holder::Empty)).map(|i| Seat(i as u8))
    }

    /// The seat a token holds, if any.
    pub fn seat_of_token(&self, token: &str) -> Option<Seat> {
        self.holders.iter().position(|h| matches!(h, Holder::Player { token: t } if t == token)).map(|i| Seat(i as u8))
    }

    /// The result in words once the game is over.
    pub fn result(&self) -> Option<String> {
        if let Some(r) = &self.ended {
            return Some(r.clone());
        }
        self.game.outcome().map(|o| self.outcome_words(o))
    }

    fn outcome_words(&self, o: Outcome) -> String {
        let id = self.game.id();
        match o {
            Outcome::Win { winners, reason } => {
                let names: Vec<String> = winners.iter().map(|s| seat_words(id, s)).collect();
                format!("{} {} ({})", names.join(" and "), if names.len() == 1 { "wins" } else { "win" }, reason.as_str())
            }
            Outcome::Draw { reason } => format!("draw ({})", reason.as_str()),
        }
    }

    /// The seat to move, when the game is on.
    pub fn turn(&self) -> Option<Seat> {
        self.result().is_none().then(|| self.game.position().turn())
    }

    /// Whether the seat to move must throw the dice before moving.
    pub fn throw_due(&self) -> bool {
        self.game.position().chance(&mut Vec::new()) > 0
    }

    /// The computer's seat to move and its controller, when the computer is to play.
    pub fn computer_to_move(&self) -> Option<(Seat, Controller)> {
        let s = self.turn()?;
        match self.holders[s.index()] {
            Holder::Computer(c) => Some((s, c)),
            _ => None,
        }
    }

    pub fn seat_views(&self) -> Vec<SeatView> {
        (0..self.seat_count())
            .map(|i| SeatView {
                seat: Seat(i as u8).letter().to_string(),
                occupant: match &self.holders[i] {
                    Holder::Empty => Occupant::Empty,
                    Holder::Player { .. } => Occupant::Player { connected: self.connections[i] > 0 },
                    Holder::Computer(c) => Occupant::Computer { controller: c.to_string() },
                },
            })
            .collect()
    }

    pub fn moves(&self) -> &[MoveView] {
        &self.moves
    }

    pub fn draw_offers(&self) -> SeatSet {
        self.draw_offers
    }

    /// Open connections to the room's seats.
    pub fn connected(&self) -> u32 {
        self.connections.iter().sum()
    }

    /// Counts a connection opening (`true`) or closing on a seat; says whether the seat's
    /// connected state changed.
    pub fn connection(&mut self, seat: Seat, open: bool) -> bool {
        let n = &mut self.connections[seat.index()];
        let before = *n > 0;
        if open {
            *n += 1;
        } else {
            *n = n.saturating_sub(1);
        }
        before != (*n > 0)
    }

    /// Checks a person's move and gives the entry to store, or the reason it is refused.
    pub fn check_move(&self, seat: Seat, text: &str) -> Result<Entry, String> {
        self.check_turn(seat)?;
        if self.throw_due() {
            return Err("a throw of the dice is due: send a throw, the server rolls".into());
        }
        let m = self.game.position().parse_move(text.trim()).map_err(|e| e.sentence())?;
        Ok(Entry::Move { seat: seat.letter(), text: self.game.position().move_text(m), throw: false, spent_ms: 0 })
    }

    /// Checks a request to throw and draws the throw, with each result's real odds.
    pub fn check_throw(&self, seat: Seat, rng: &mut impl Rng) -> Result<Entry, String> {
        self.check_turn(seat)?;
        let pos = self.game.position();
        let m = search::throw(pos, rng).ok_or("no throw of the dice is due now")?;
        Ok(Entry::Move { seat: seat.letter(), text: pos.move_text(m), throw: true, spent_ms: 0 })
    }

    fn check_turn(&self, seat: Seat) -> Result<(), String> {
        if let Some(r) = self.result() {
            return Err(format!("the game is over: {r}"));
        }
        let turn = self.game.position().turn();
        if turn != seat {
            let id = self.game.id();
            return Err(format!("it is {}'s turn, not {}'s", seat_words(id, turn), seat_words(id, seat)));
        }
        Ok(())
    }

    /// Checks taking an empty seat.
    pub fn check_join(&self, seat: Seat, token: String) -> Result<Entry, String> {
        match self.holders[seat.index()] {
            Holder::Empty => Ok(Entry::Join { seat: seat.letter(), token }),
            _ => Err(format!("seat {} is taken", seat.letter())),
        }
    }

    /// Checks giving an empty seat to the computer.
    pub fn check_fill(&self, seat: Seat, controller: &str) -> Result<Entry, String> {
        let c: Controller = controller.parse()?;
        match self.holders[seat.index()] {
            Holder::Empty => Ok(Entry::Fill { seat: seat.letter(), controller: c.to_string() }),
            _ => Err(format!("seat {} is taken", seat.letter())),
        }
    }

    pub fn check_resign(&self, seat: Seat) -> Result<Entry, String> {
        if let Some(r) = self.result() {
            return Err(format!("the game is over: {r}"));
        }
        Ok(Entry::Resign { seat: seat.letter() })
    }

    pub fn check_draw_offer(&self, seat: Seat) -> Result<Entry, String> {
        if let Some(r) = self.result() {
            return Err(format!("the game is over: {r}"));
        }
        if self.draw_offers.contains(seat) {
            return Err("you have offered a draw already".into());
        }
        Ok(Entry::DrawOffer { seat: seat.letter() })
    }

    /// Applies a checked (or stored) entry. Stored entries are checked again, so a damaged
    /// store gives an error, not a wrong game.
    pub fn apply(&mut self, entry: &Entry) -> Result<(), String> {
        let seat_of = |c: char| Seat::from_letter(c, self.holders.len()).ok_or_else(|| format!("no seat {c} in this room"));
        match entry {
            Entry::Join { seat, token } => {
                let s = seat_of(*seat)?;
                self.holders[s.index()] = Holder::Player { token: token.clone() };
            }
            Entry::Fill { seat, controller } => {
                let s = seat_of(*seat)?;
                self.holders[s.index()] = Holder::Computer(controller.parse()?);
            }
            Entry::Move { seat, text, throw, spent_ms } => {
                let s = seat_of(*seat)?;
                if self.game.position().turn() != s {
                    return Err(format!("stored move {text} by {seat} out of turn"));
                }
                let running = self.clock_running().is_some();
                self.game.play(text).map_err(|e| format!("stored move {text}: {e}"))?;
                // The increment comes once a turn, when it passes to another seat (a throw, a
                // CHEX draw or a dice series keeps it), and only while the clocks run.
                let passed = self.game.position().turn() != s;
                if let Some(c) = self.clocks.as_mut()
                    && let Some(left) = c.remaining_ms[s.index()].as_mut()
                {
                    *left = left.saturating_sub((*spent_ms).max(0));
                    if running && passed && !throw {
                        *left = left.saturating_add(c.spec.increment_ms as i64);
                    }
                }
                self.draw_offers = SeatSet::EMPTY;
                self.moves.push(MoveView {
                    ply: self.moves.len() + 1,
                    seat: seat.to_string(),
                    text: text.clone(),
                    throw: *throw,
                    position: self.game.position().public_text(),
                });
            }
            Entry::Resign { seat } => {
                let s = seat_of(*seat)?;
                self.resign(s, "resigned");
            }
            Entry::Timeout { seat } => {
                let s = seat_of(*seat)?;
                if let Some(c) = self.clocks.as_mut() {
                    c.remaining_ms[s.index()] = None;
                }
                self.resign(s, "ran out of time");
            }
            Entry::DrawOffer { seat } => {
                let s = seat_of(*seat)?;
                self.draw_offers = self.draw_offers.with(s);
                let people = self.holders.iter().enumerate().filter(|(_, h)| matches!(h, Holder::Player { .. })).map(|(i, _)| Seat(i as u8));
                if people.clone().count() > 0 && people.into_iter().all(|p| self.draw_offers.contains(p)) {
                    self.ended = Some("draw (agreed)".into());
                }
            }
        }
        Ok(())
    }

    /// A resignation (or a seat out of time, `why`): in a game of two sides the other side
    /// wins; with more sides the computer takes the seat and the game goes on.
    fn resign(&mut self, s: Seat, why: &str) {
        let seating = self.game.position().seating();
        let teams = seating.teams();
        let id = self.game.id();
        if teams.len() <= 2 {
            let winners = seating.opponents(s);
            let names: Vec<String> = winners.iter().map(|w| seat_words(id, w)).collect();
            self.ended = Some(format!("{} {} ({} {why})", names.join(" and "), if names.len() == 1 { "wins" } else { "win" }, seat_words(id, s)));
        } else {
            self.holders[s.index()] = Holder::Computer(Controller::Ai { movetime_ms: 300, method: Method::Auto });
        }
    }
}

/// The computer's move (or throw, drawn with each result's real odds) for the seat to move in
/// `game`, or `None` when the game is over or it has no move. `memory` is that seat's search
/// memory, kept from its last move.
pub fn computer_move_in(game: &Game, controller: Controller, rng: &mut impl Rng, stop: &AtomicBool, memory: &mut Memory) -> Option<Entry> {
    let pos = game.position();
    if game.outcome().is_some() {
        return None;
    }
    let seat = pos.turn().letter();
    if let Some(m) = search::throw(pos, rng) {
        return Some(Entry::Move { seat, text: pos.move_text(m), throw: true, spent_ms: 0 });
    }
    let m = controller.decide_with(pos, &game.repetition_hashes(), stop, rng, memory)?;
    Some(Entry::Move { seat, text: pos.move_text(m), throw: false, spent_ms: 0 })
}

/// A seat in a result or refusal: the engine's name capitalised ("White", or the letter "B" in
/// games of more than two seats).
fn seat_words(id: GameId, seat: Seat) -> String {
    let name = id.seat_name(seat);
    let mut chars = name.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use variant_rules::GameOptions;

    /// A computer seat's move leaves its search memory filled for the next move, and the move
    /// it names is one the game accepts.
    #[test]
    fn a_computer_move_keeps_the_seats_memory() {
        let mut game = Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), None).unwrap();
        let mut memory = Memory::new();
        assert_eq!(format!("{memory:?}"), "Memory { kept: false }");
        let entry =
            computer_move_in(&game, Controller::Ai { movetime_ms: 50, method: Method::Auto }, &mut rand::rng(), &AtomicBool::new(false), &mut memory).unwrap();
        assert_eq!(format!("{memory:?}"), "Memory { kept: true }");
        let Entry::Move { text, .. } = entry else { panic!("not a move: {entry:?}") };
        game.play(&text).unwrap();
        assert_eq!(game.moves().count(), 1);
    }
}
