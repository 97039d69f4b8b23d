//! The link to an online room as a resource: opened by a [`GoOnline`] message (the launcher's
//! Host, Join, Watch and Rejoin), closed on the way back to the launcher; this table's
//! proposals and actions go out through it. A server hosted here ([`HostedServer`]) lives on
//! until the program ends, so friends keep their room when the host goes back to the launcher.

use bevy::prelude::*;
use variant_rules::Seat;
use variant_server::link::{Entrance, Hosted, Link};
use variant_server::protocol::{ClockView, Intent, Occupant, SeatView};

use crate::table::game::seats::Seats;
use crate::table::game::session::Proposed;
use crate::table::schedule::{AppState, OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GoOnline>()
        .add_message::<RoomAction>()
        .init_resource::<OnlineStatus>()
        .add_systems(Update, open_link.in_set(TurnSystems::Input))
        .add_systems(Update, send_proposals.in_set(TurnSystems::EndTurn).in_set(OnScreen::Table))
        .add_systems(OnEnter(AppState::Launcher), leave_room);
}

/// Open a link to a room.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct GoOnline {
    /// The server's address, `HOST:PORT`.
    pub server: String,
    pub entrance: Entrance,
    /// Start a server on this machine at `server` first (the launcher's Host). If one already
    /// runs there, it is used.
    pub host: bool,
}

/// What a seat in a room may do besides moving.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoomAction {
    Resign,
    OfferDraw,
    /// Give every empty seat to the server's computer (at [`FILL_CONTROLLER`]).
    FillEmpty,
}

/// The computer the table's "Computer for empty seats" asks the server for: its search at a
/// second a move.
pub const FILL_CONTROLLER: &str = "ai:1000";

/// Where the link stands.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum LinkState {
    #[default]
    Connecting,
    Open,
    /// Dropped; trying again (attempt, why).
    Reconnecting(u32, String),
    /// Gave up, or was refused: why.
    Closed(String),
}

/// The room this table plays in: the link and what the server said of the room.
#[derive(Resource)]
pub struct OnlineRoom {
    pub link: Link,
    pub server: String,
    pub state: LinkState,
    /// The room's code, once known.
    pub code: Option<String>,
    /// This table's seat (none: watching).
    pub seat: Option<Seat>,
    /// The seat's secret token (to rejoin after a restart).
    pub token: Option<String>,
    /// Who holds each seat, as the server last said.
    pub seats: Vec<SeatView>,
    /// Seats offering a draw.
    pub draw_offers: Vec<String>,
    /// The result, once the server ended the game.
    pub result: Option<String>,
    /// The launcher's seats, put back on leaving the room.
    pub launcher_seats: Option<Seats>,
    /// The game as the server showed it (kept to set the game up again when a move turns up
    /// something hidden here).
    pub record: Option<super::record::Record>,
    /// The clocks as the server last sent them, and when they arrived (the running one is
    /// counted down here from then).
    pub clock: Option<(ClockView, std::time::Instant)>,
}

impl OnlineRoom {
    /// The HUD's lines: the room, this table's seat, and who holds each seat (fields three
    /// spaces apart, where the HUD may break them).
    pub fn lines(&self) -> String {
        let code = self.code.as_deref().unwrap_or("...");
        let you = self.seat.map_or("watching".to_string(), |s| format!("you are {}", s.letter()));
        let state = match &self.state {
            LinkState::Connecting => "connecting".to_string(),
            LinkState::Open => "connected".to_string(),
            LinkState::Reconnecting(n, _) => format!("connection lost: reconnecting (try {n})"),
            LinkState::Closed(why) => format!("offline: {why}"),
        };
        let mut out = format!("Room {code} at {}   {you}   {state}", self.server);
        let held: Vec<String> = self.seats.iter().map(|v| format!("{}: {}", v.seat, occupant_word(&v.occupant))).collect();
        if !held.is_empty() {
            out += &format!("\n{}", held.join("   "));
        }
        if let Some(clocks) = self.clock_line(std::time::Instant::now()) {
            out += &format!("\n{clocks}");
        }
        if !self.draw_offers.is_empty() {
            out += &format!("\nDraw offered by {}", self.draw_offers.join(", "));
        }
        out
    }

    /// Whether some seat of the room is still empty.
    pub fn has_empty_seat(&self) -> bool {
        self.seats.iter().any(|v| v.occupant == Occupant::Empty)
    }

    /// Each seat's time left at `now` ("Clock 5+3: A 4:58 (running)   B 5:00"), if the room
    /// has clocks: the server's figures, the running seat's counted down since they came.
    pub fn clock_line(&self, now: std::time::Instant) -> Option<String> {
        let (view, at) = self.clock.as_ref()?;
        let elapsed = now.saturating_duration_since(*at).as_millis() as i64;
        let seats: Vec<String> = view
            .remaining_ms
            .iter()
            .take(variant_rules::MAX_SEATS)
            .enumerate()
            .map(|(i, left)| {
                let letter = Seat(i as u8).letter().to_string();
                let running = view.running.as_deref() == Some(letter.as_str());
                match left {
                    Some(ms) => format!("{letter} {}{}", clock_text(if running { ms - elapsed } else { *ms }), if running { " (running)" } else { "" }),
                    None => format!("{letter} untimed"),
                }
            })
            .collect();
        Some(format!("Clock {}:   {}", view.spec, seats.join("   ")))
    }
}

/// Time left as a clock shows it: minutes and seconds, tenths under ten seconds.
pub fn clock_text(ms: i64) -> String {
    let ms = ms.max(0);
    if ms < 10_000 {
        format!("0:{:02}.{}", ms / 1000, (ms % 1000) / 100)
    } else {
        let s = (ms + 999) / 1000;
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// How a seat's holder reads in the HUD.
pub fn occupant_word(o: &Occupant) -> String {
    match o {
        Occupant::Empty => "empty".into(),
        Occupant::Player { connected: true } => "connected".into(),
        Occupant::Player { connected: false } => "disconnected".into(),
        Occupant::Computer { controller } => format!("computer ({controller})"),
    }
}

/// The launcher's line about going online: what is happening or what went wrong.
#[derive(Resource, Default, Debug, Clone)]
pub struct OnlineStatus {
    pub line: String,
}

/// A server this table hosts.
#[derive(Resource)]
pub struct HostedServer(pub Hosted);

fn open_link(
    mut asks: MessageReader<GoOnline>,
    mut commands: Commands,
    hosted: Option<Res<HostedServer>>,
    paths: Res<crate::table::persist::data_dir::SavePaths>,
    mut status: ResMut<OnlineStatus>,
) {
    for ask in asks.read() {
        if ask.host && hosted.as_ref().is_none_or(|h| h.0.addr.to_string() != ask.server) {
            let db = format!("sqlite://{}", paths.dir.join("server.sqlite").display());
            match Hosted::start(&ask.server, &db) {
                Ok(h) => {
                    info!("hosting rooms on {}", h.addr);
                    commands.insert_resource(HostedServer(h));
                }
                // Something listens there already: perhaps a server this machine runs.
                Err(e) if e.contains("in use") => info!("{e}: using the server there"),
                Err(e) => {
                    status.line = e;
                    continue;
                }
            }
        }
        status.line = format!("connecting to {}...", ask.server);
        commands.insert_resource(OnlineRoom {
            link: Link::open(&ask.server, ask.entrance.clone()),
            server: ask.server.clone(),
            state: LinkState::Connecting,
            code: None,
            seat: None,
            token: None,
            seats: Vec::new(),
            draw_offers: Vec::new(),
            result: None,
            launcher_seats: None,
            record: None,
            clock: None,
        });
    }
}

/// Sends this table's proposals and actions to the server.
fn send_proposals(mut proposed: MessageReader<Proposed>, mut actions: MessageReader<RoomAction>, room: Option<Res<OnlineRoom>>) {
    let Some(room) = room else {
        proposed.clear();
        actions.clear();
        return;
    };
    for p in proposed.read() {
        room.link.send(match p {
            Proposed::Move(text) => Intent::Move { text: text.clone() },
            Proposed::Throw => Intent::Throw,
        });
    }
    for a in actions.read() {
        match a {
            RoomAction::Resign => room.link.send(Intent::Resign),
            RoomAction::OfferDraw => room.link.send(Intent::OfferDraw),
            RoomAction::FillEmpty => {
                for v in room.seats.iter().filter(|v| v.occupant == Occupant::Empty) {
                    room.link.send(Intent::Fill { seat: v.seat.clone(), controller: FILL_CONTROLLER.into() });
                }
            }
        }
    }
}

/// Back at the launcher: the link closes (the seat stays held for a rejoin) and the
/// launcher's own seats come back.
fn leave_room(room: Option<Res<OnlineRoom>>, mut seats: ResMut<Seats>, mut commands: Commands) {
    let Some(room) = room else { return };
    if let Some(s) = &room.launcher_seats {
        *seats = s.clone();
    }
    commands.remove_resource::<OnlineRoom>();
}
