//! The messages client and server exchange: JSON in WebSocket text frames, one message a frame.
//!
//! A client sends [`Intent`]s; the server answers with [`Event`]s. Nothing a client sends is
//! trusted: the server parses every move with the rules engine, checks whose turn it is, and
//! draws every throw of the dice itself. What a seat is sent is public (the position's public
//! text, the moves' notation): a hidden pile's order never leaves the server.

use serde::{Deserialize, Serialize};

/// The largest frame the server reads (a move is a few dozen bytes; a `create` with every
/// option a few hundred). Anything larger is refused and the connection closed.
pub const MAX_FRAME_BYTES: usize = 4096;

/// Intents one connection may send per second on average before it is refused as a flood
/// (`FLOOD_BURST` at once). A person sends one every few seconds; a random bot against the
/// server's random computer, as fast as it can, about a hundred (measured on loopback).
pub const FLOOD_RATE_PER_SECOND: f64 = 200.0;
/// The burst a connection may send at once before the rate applies.
pub const FLOOD_BURST: f64 = 400.0;
/// Refusals for flooding after which the server closes the connection.
pub const FLOOD_STRIKES: u32 = 20;

/// The seat a `join` names to take whichever seat is free first.
pub const ANY_SEAT: &str = "any";

/// What a client asks the server to do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Intent {
    /// Open a room for a game: `options` in the command line's words (`--players 4`). The
    /// server draws the setup's seed itself. `computer` fills seats with the server's
    /// computer at once: (seat letter, controller such as `ai:500`).
    Create {
        game: String,
        #[serde(default)]
        options: String,
        #[serde(default)]
        computer: Vec<(String, String)>,
        /// A chess clock for every seat (none: untimed).
        #[serde(default)]
        clock: Option<ClockSpec>,
    },
    /// Take an empty seat (a letter, or [`ANY_SEAT`] for the first one free) of a room; the
    /// answer carries the seat's secret token.
    Join { room: String, seat: String },
    /// Come back to a seat after a dropped connection or a restarted client.
    Resume { room: String, token: String },
    /// Watch a room: everything public, no action.
    Watch { room: String },
    /// Give an empty seat of the room you sit in to the server's computer.
    Fill { seat: String, controller: String },
    /// Play a move, in the game's notation.
    Move { text: String },
    /// Ask the server to throw the dice (when the game asks your seat for a throw).
    Throw,
    /// Give up: your team loses (in games of more than two teams the computer takes your seat).
    Resign,
    /// Offer a draw, or accept one on offer: the game is drawn when every seat a person holds
    /// has offered since the last move.
    OfferDraw,
    /// Keep-alive; answered with `pong`.
    Ping,
}

/// A time control: each seat starts with `base_ms` and gains `increment_ms` after each of its
/// moves (a throw of the dice is part of the turn and gains nothing). The server alone keeps
/// the clocks; a seat whose time runs out loses (with more than two sides the computer takes
/// it over, untimed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSpec {
    pub base_ms: u64,
    pub increment_ms: u64,
}

/// The longest clock a room may have: a day.
pub const MAX_CLOCK_MS: u64 = 24 * 3600 * 1000;

impl std::str::FromStr for ClockSpec {
    type Err = String;

    /// `MINUTES+SECONDS`, as chess players write it: `5+3` is five minutes and three seconds a
    /// move (`0.5+0`: thirty seconds).
    fn from_str(s: &str) -> Result<ClockSpec, String> {
        let bad = || format!("clock '{}' is not MINUTES+SECONDS (e.g. 5+3)", clip(s));
        let (m, i) = s.trim().split_once('+').ok_or_else(bad)?;
        let minutes: f64 = m.trim().parse().map_err(|_| bad())?;
        let seconds: f64 = i.trim().parse().map_err(|_| bad())?;
        let (base_ms, increment_ms) = (minutes * 60_000.0, seconds * 1000.0);
        if !(base_ms.is_finite() && increment_ms.is_finite() && base_ms >= 0.0 && increment_ms >= 0.0) {
            return Err(bad());
        }
        let spec = ClockSpec { base_ms: base_ms.round().min(u64::MAX as f64) as u64, increment_ms: increment_ms.round().min(u64::MAX as f64) as u64 };
        spec.validate().map_err(|e| format!("clock '{}': {e}", clip(s)))?;
        Ok(spec)
    }
}

/// The most a move may add to a clock: an hour.
pub const MAX_INCREMENT_MS: u64 = 3_600_000;

impl ClockSpec {
    /// Whether the server accepts this clock: from a second to a day, at most an hour a move
    /// (a `create` from any client, and a stored room, pass here).
    pub fn validate(&self) -> Result<(), String> {
        if (1000..=MAX_CLOCK_MS).contains(&self.base_ms) && self.increment_ms <= MAX_INCREMENT_MS {
            Ok(())
        } else {
            Err("a clock runs from a second to a day, and gains at most an hour a move".into())
        }
    }
}

impl std::fmt::Display for ClockSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}+{}", self.base_ms as f64 / 60_000.0, self.increment_ms as f64 / 1000.0)
    }
}

/// The clocks as the server sends them: each seat's time left in milliseconds when the event
/// was sent (none: the seat plays untimed), and the seat whose clock is running.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    pub spec: ClockSpec,
    pub remaining_ms: Vec<Option<i64>>,
    pub running: Option<String>,
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Occupant {
    Empty,
    /// A person's client; `connected` is whether its connection is open now.
    Player {
        connected: bool,
    },
    /// The server's computer, with its controller (`random`, `greedy`, `ai:MS`, `ai:MS:METHOD`).
    Computer {
        controller: String,
    },
}

/// One seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: String,
    pub occupant: Occupant,
}

/// A move the server accepted, as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveView {
    /// Its place in the game, from 1.
    pub ply: usize,
    /// The seat that played it (letter).
    pub seat: String,
    /// The move in the game's notation (a throw's result for a throw, e.g. `[4]`).
    pub text: String,
    /// Whether it was a throw of the dice the server drew.
    pub throw: bool,
    /// The position after it, public text (no hidden pile order).
    pub position: String,
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A room was opened: its code.
    Created {
        room: String,
    },
    /// The whole public state of a room, sent on join, resume and watch.
    Welcome {
        room: String,
        /// Your seat and its secret token (none for a spectator).
        seat: Option<String>,
        token: Option<String>,
        game: String,
        /// The options in the command line's words, without the seed.
        options: String,
        seats: Vec<SeatView>,
        /// The start position's public text.
        start: String,
        moves: Vec<MoveView>,
        /// The position now: public text, the seat to move (none once the game is over),
        /// whether a throw is due.
        position: String,
        turn: Option<String>,
        throw_due: bool,
        result: Option<String>,
        #[serde(default)]
        clock: Option<ClockView>,
    },
    /// A move (or throw) was accepted and played.
    Moved {
        #[serde(flatten)]
        played: MoveView,
        /// The seat to move next; none once the game is over (`ended` follows).
        turn: Option<String>,
        throw_due: bool,
        #[serde(default)]
        clock: Option<ClockView>,
    },
    /// Seats changed (someone joined, left, reconnected, or the computer took a seat).
    Seats {
        seats: Vec<SeatView>,
    },
    /// The clocks changed other than by a move (they started when the last seat was taken, a
    /// seat ran out of time).
    Clock {
        clock: ClockView,
    },
    /// A draw is on offer from these seats.
    DrawOffered {
        seats: Vec<String>,
    },
    /// The game is over: the result in words.
    Ended {
        result: String,
    },
    /// Your intent was refused, and why. Nothing changed.
    Refused {
        reason: String,
    },
    Pong,
}

impl Event {
    /// A refusal with this reason.
    pub fn refused(reason: impl Into<String>) -> Event {
        Event::Refused { reason: reason.into() }
    }
}

/// At most 24 characters of what a client sent, for a refusal's words.
pub fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(24).collect();
    if s.chars().count() > 24 {
        out.push('…');
    }
    out
}
