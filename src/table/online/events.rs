//! The server's events at the table: a `welcome` sets the table up (the game from its public
//! start and the moves so far; this table's seat played here, the others remote); each
//! announced move is played as [`GameCommand::Announced`] (a throw also flies the dice onto
//! the server's faces); refusals, seats, draw offers and the end reach the HUD.

use bevy::prelude::*;
use variant_rules::{Game, Position, Seat};
use variant_server::link::LinkEvent;
use variant_server::protocol::{Event, MoveView, Occupant};

use super::link::{LinkState, OnlineRoom, OnlineStatus};
use super::record::Record;
use crate::table::game::dice::ShowThrow;
use crate::table::game::seats::{Controller, Seats};
use crate::table::game::session::{Authority, GameCommand, Session};
use crate::table::persist::settings::{Rejoin, Settings};
use crate::table::schedule::TurnSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, read_link.in_set(TurnSystems::Input));
}

/// How the status line begins once the server ended the game (the words players read).
const GAME_OVER: &str = "game over: ";

/// How the status line begins when the table cannot follow the server.
const OUT_OF_STEP: &str = "out of step with the server";

/// What reading one event asks of the table.
enum Answer {
    Nothing,
    Command(GameCommand),
    Throw(ShowThrow, GameCommand),
    /// A line for the status.
    Say(String),
    /// The server refused this table's intent: the line, and the proposal is answered.
    Refused(String),
    /// The server ended the game (or took our seat): the line, and nothing more to propose.
    Over(String),
    /// The table cannot follow the server: the line, and the room is fetched whole again.
    OutOfStep(String),
}

fn read_link(
    room: Option<ResMut<OnlineRoom>>,
    mut session: Option<ResMut<Session>>,
    mut seats: ResMut<Seats>,
    mut status: ResMut<OnlineStatus>,
    mut settings: ResMut<Settings>,
    (mut out, mut throws): (MessageWriter<GameCommand>, MessageWriter<ShowThrow>),
    mut commands: Commands,
) {
    let Some(mut room) = room else { return };
    // One announced move a frame at most, so each is applied (and the next read against the
    // position it leaves) before the next; the rest wait in the link.
    let mut played = false;
    while !played {
        let Some(ev) = room.link.try_recv() else { break };
        let answer = match ev {
            LinkEvent::Connected => {
                room.state = LinkState::Open;
                Answer::Nothing
            }
            LinkEvent::Reconnecting { attempt, why } => {
                room.state = LinkState::Reconnecting(attempt, why);
                Answer::Nothing
            }
            LinkEvent::Closed(why) => {
                status.line = format!("offline: {why}");
                room.state = LinkState::Closed(why.clone());
                // Never in the room: nothing of it stays (the launcher's line says why).
                if room.record.is_none() {
                    commands.remove_resource::<OnlineRoom>();
                    return;
                }
                Answer::Say(format!("offline: {why}"))
            }
            LinkEvent::Event(ev) => {
                if matches!(*ev, Event::Welcome { .. }) {
                    status.line.clear();
                }
                read_event(*ev, &mut room, session.as_deref(), &mut seats, &mut settings)
            }
        };
        match answer {
            Answer::Nothing => {}
            Answer::Command(c) => {
                played = matches!(c, GameCommand::Announced(_) | GameCommand::Online { .. });
                out.write(c);
            }
            Answer::Throw(t, c) => {
                played = true;
                throws.write(t);
                out.write(c);
            }
            Answer::OutOfStep(line) => {
                // The server's word is the record: enter the room afresh and take it whole.
                room.link.reconnect();
                if let Some(s) = session.as_deref_mut() {
                    s.status = format!("{line}; fetching the room again");
                }
            }
            Answer::Refused(line) => {
                if let Some(s) = session.as_deref_mut() {
                    s.authority = Authority::Server { awaiting: false };
                    s.refused = Some(line.clone());
                    s.status = line;
                }
            }
            Answer::Over(line) => {
                // Ended by the server (resignation, agreement, time): the table waits.
                if let Some(s) = session.as_deref_mut() {
                    s.authority = Authority::Server { awaiting: true };
                    s.status = line;
                }
            }
            Answer::Say(line) => {
                if let Some(s) = session.as_deref_mut() {
                    s.status = line;
                }
            }
        }
    }
}

fn read_event(ev: Event, room: &mut OnlineRoom, session: Option<&Session>, seats: &mut Seats, settings: &mut Settings) -> Answer {
    match ev {
        Event::Created { room: code } => {
            room.code = Some(code);
            Answer::Nothing
        }
        Event::Welcome { room: code, seat, token, game, options, seats: views, start, moves, result, clock, .. } => {
            room.clock = clock.map(|c| (c, std::time::Instant::now()));
            let mine = seat.as_deref().and_then(|l| l.chars().next()).and_then(|c| Seat::from_letter(c, views.len()));
            room.code = Some(code.clone());
            room.seat = mine;
            room.token = token.clone();
            room.seats = views;
            room.result = result.clone();
            if let (Some(letter), Some(token)) = (seat, token) {
                settings.rejoin = Some(Rejoin { server: room.server.clone(), room: code.clone(), seat: letter, token });
            }
            room.record = Some(Record { game, options, start, moves: moves.iter().map(|m| (m.text.clone(), m.position.clone())).collect() });
            match room.record.as_ref().map_or_else(|| Err(String::new()), Record::game) {
                Ok(g) => {
                    let launcher = room.launcher_seats.get_or_insert_with(|| seats.clone()).clone();
                    *seats = room_seats(&launcher, &g, mine);
                    let closed = result.is_some();
                    let status = result.map_or_else(|| format!("joined room {code}"), |r| format!("{GAME_OVER}{r}"));
                    Answer::Command(GameCommand::Online { game: Box::new(g), status, closed })
                }
                Err(e) => Answer::Say(format!("cannot show room {code}: {e}")),
            }
        }
        Event::Moved { played, clock, .. } => {
            room.clock = clock.map(|c| (c, std::time::Instant::now()));
            // The server takes back every draw offer when a move is played.
            room.draw_offers.clear();
            announced(played, session, room)
        }
        Event::Clock { clock } => {
            room.clock = Some((clock, std::time::Instant::now()));
            Answer::Nothing
        }
        Event::Seats { seats: views } => {
            room.seats = views;
            // Our seat passed to the server's computer (resigned or out of time in a game of
            // more than two sides): from now on this table watches.
            let lost = room.seat.filter(|s| matches!(room.seats.get(s.index()).map(|v| &v.occupant), Some(Occupant::Computer { .. })));
            if let Some(s) = lost {
                room.seat = None;
                if let Some(info) = seats.seats.get_mut(s.index()) {
                    info.controller = Controller::Remote;
                }
                return Answer::Over(format!("{GAME_OVER}seat {} passed to the server's computer; you are watching", s.letter()));
            }
            Answer::Nothing
        }
        Event::DrawOffered { seats: offering } => {
            let line = format!("draw offered by {}", offering.join(", "));
            room.draw_offers = offering;
            Answer::Say(line)
        }
        Event::Ended { result } => {
            room.result = Some(result.clone());
            room.draw_offers.clear();
            if let Some((view, _)) = room.clock.as_mut() {
                view.running = None;
            }
            Answer::Over(format!("{GAME_OVER}{result}"))
        }
        Event::Refused { reason } => Answer::Refused(format!("refused: {reason}")),
        Event::Pong => Answer::Nothing,
    }
}

/// The move the server announced, as a command (with the dice's flight for a throw); a move
/// this table already has is passed over. A move that turns up something hidden here (a CHEX
/// draw) sets the game up again from the room's public record, so it holds what was drawn.
fn announced(played: MoveView, session: Option<&Session>, room: &mut OnlineRoom) -> Answer {
    let Some(session) = session else { return Answer::Nothing };
    let have = session.game.moves().count();
    if played.ply <= have {
        return Answer::Nothing;
    }
    let pos = session.game.position();
    let m = match pos.parse_move(&played.text) {
        Ok(m) if played.ply == have + 1 => m,
        Ok(_) => return Answer::OutOfStep(format!("{OUT_OF_STEP} (its move {} after our {have})", played.ply)),
        Err(e) => return Answer::OutOfStep(format!("{OUT_OF_STEP}: its move '{}' reads here as {e}", played.text)),
    };
    let Some(record) = room.record.as_mut() else { return Answer::Nothing };
    record.moves.push((played.text.clone(), played.position.clone()));
    let mut after = pos.clone();
    after.play_unchecked(m);
    if after.public_text() != played.position {
        return match record.game() {
            Ok(g) => Answer::Command(GameCommand::Online { game: Box::new(g), status: String::new(), closed: room.result.is_some() }),
            Err(e) => Answer::OutOfStep(format!("{OUT_OF_STEP}: {e}")),
        };
    }
    if played.throw
        && let Some(faces) = pos.roll_faces(m)
    {
        return Answer::Throw(ShowThrow { faces }, GameCommand::Announced(m));
    }
    Answer::Command(GameCommand::Announced(m))
}

/// The seats at an online table: this table's seat played here (with the name and colour the
/// launcher gave its first seat), every other seat remote.
fn room_seats(launcher: &Seats, game: &Game, mine: Option<Seat>) -> Seats {
    let mut seats = launcher.clone();
    seats.suit_game(game);
    for (i, s) in seats.seats.iter_mut().enumerate() {
        s.controller = if mine == Some(Seat(i as u8)) { Controller::LocalHuman } else { Controller::Remote };
        if mine != Some(Seat(i as u8)) {
            s.name.clear();
        }
    }
    seats
}
