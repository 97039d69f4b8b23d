//! What the launcher's Online panel holds and asks for: the server's address, the room code
//! and seat typed, and the link each button wants — Host (a room for the chosen game on a
//! server this machine runs; seats given to the computer are played by the server's, seats
//! left Human wait for friends), Join, Watch, Rejoin. The panel itself is `online_panel.rs`.

use bevy::prelude::*;
use variant_rules::Seat;
use variant_rules::record::options::flags;
use variant_server::link::Entrance;
use variant_server::protocol::{ANY_SEAT, ClockSpec};

use super::choice::{Focus, LauncherChoice, LauncherKey};
use crate::table::game::seats::{Controller, Seats};
use crate::table::online::link::{GoOnline, OnlineStatus};
use crate::table::persist::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineForm>().add_systems(Startup, restore_server);
}

/// Where rooms are served when no address was ever typed: this machine, the server's default
/// port.
pub const DEFAULT_SERVER: &str = "127.0.0.1:7878";

/// The longest address or room code the fields take.
const MAX_FIELD: usize = 64;

/// What the Online panel's fields hold.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct OnlineForm {
    pub server: String,
    pub room: String,
    /// The seat to ask for when joining (none: the first one free).
    pub seat: Option<Seat>,
    /// The clocks a hosted room gets (none: untimed).
    pub clock: Option<ClockSpec>,
}

/// The time controls Host offers besides none: blitz, rapid and a long game (minutes +
/// seconds a move, as chess players write them).
pub const CLOCKS: [ClockSpec; 3] = [
    ClockSpec { base_ms: 300_000, increment_ms: 3_000 },
    ClockSpec { base_ms: 900_000, increment_ms: 10_000 },
    ClockSpec { base_ms: 1_800_000, increment_ms: 0 },
];

impl Default for OnlineForm {
    fn default() -> Self {
        OnlineForm { server: DEFAULT_SERVER.into(), room: String::new(), seat: None, clock: None }
    }
}

/// What the panel's buttons ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnlineAsk {
    Host,
    Join,
    Watch,
    Rejoin,
}

fn restore_server(settings: Res<Settings>, mut form: ResMut<OnlineForm>) {
    if let Some(s) = &settings.server {
        form.server.clone_from(s);
    }
}

/// A key typed while an Online field has the focus: letters edit it, Tab leaves it, Enter
/// joins from the room field. Returns what Enter asks for.
pub fn type_in(form: &mut OnlineForm, focus: &mut Focus, key: &LauncherKey) -> Option<OnlineAsk> {
    let field = match focus {
        Focus::Server => &mut form.server,
        Focus::Room => &mut form.room,
        _ => return None,
    };
    match key {
        LauncherKey::Backspace => {
            field.pop();
        }
        LauncherKey::Char(c) if !c.is_control() && !c.is_whitespace() && field.len() < MAX_FIELD => {
            field.push(if *focus == Focus::Room { c.to_ascii_uppercase() } else { *c });
        }
        LauncherKey::Tab => *focus = Focus::Game,
        LauncherKey::Enter if *focus == Focus::Room => return Some(OnlineAsk::Join),
        LauncherKey::Enter => *focus = Focus::Game,
        _ => {}
    }
    None
}

/// The link an Online button asks for, from the form, the launcher's choice and seats, and
/// the seat held last; or why it cannot be asked.
pub fn request(ask: OnlineAsk, form: &OnlineForm, choice: &LauncherChoice, seats: &Seats, settings: &Settings) -> Result<GoOnline, String> {
    let server = form.server.trim().to_string();
    if server.is_empty() && ask != OnlineAsk::Rejoin {
        return Err("type the server's address (HOST:PORT)".into());
    }
    let room = form.room.trim().to_ascii_uppercase();
    let entrance = match ask {
        OnlineAsk::Host => {
            let mut opts = choice.options();
            opts.seed = 0; // the server draws the setup's seed
            let id = choice.id();
            let seat_of = |i: usize| Seat(i as u8).letter().to_string();
            let computer = (0..seats.count()).filter_map(|i| seats.seats[i].controller.movetime_ms().map(|ms| (seat_of(i), format!("ai:{ms}")))).collect();
            let mine =
                (0..seats.count()).find(|&i| seats.seats[i].controller == Controller::LocalHuman).ok_or("give yourself a seat: set one seat to Human")?;
            Entrance::Create { game: id.as_str().into(), options: flags(id, &opts), computer, clock: form.clock, seat: seat_of(mine) }
        }
        OnlineAsk::Join | OnlineAsk::Watch if room.is_empty() => return Err("type the room's code".into()),
        OnlineAsk::Join => Entrance::Join { room, seat: form.seat.map_or(ANY_SEAT.to_string(), |s| s.letter().to_string()) },
        OnlineAsk::Watch => Entrance::Watch { room },
        OnlineAsk::Rejoin => {
            let r = settings.rejoin.as_ref().ok_or("no seat to rejoin")?;
            return Ok(GoOnline { server: r.server.clone(), entrance: Entrance::Resume { room: r.room.clone(), token: r.token.clone() }, host: false });
        }
    };
    Ok(GoOnline { server, entrance, host: ask == OnlineAsk::Host })
}

/// Asks for the link an Online button wants (remembering the server typed), or says why not.
pub fn go_online(
    which: OnlineAsk,
    form: &OnlineForm,
    choice: &LauncherChoice,
    seats: &Seats,
    settings: &mut Settings,
    out: &mut MessageWriter<GoOnline>,
    status: &mut OnlineStatus,
) {
    match request(which, form, choice, seats, settings) {
        Ok(go) => {
            if which != OnlineAsk::Rejoin && settings.server.as_deref() != Some(go.server.as_str()) {
                settings.server = Some(go.server.clone());
            }
            out.write(go);
        }
        Err(e) => status.line = e,
    }
}
