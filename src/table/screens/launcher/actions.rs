//! What each launcher widget does when clicked (or activated from the keyboard): a
//! [`LauncherAction`] on the widget, applied by one observer of the widgets' `Activate`.

use bevy::prelude::*;
use bevy::ui_widgets::Activate;
use variant_rules::Seat;
use variant_rules::checkers::DoublesSeating;
use variant_rules::choices;
use variant_server::protocol::ClockSpec;

use super::choice::{Focus, LauncherChoice};
use super::online::{OnlineAsk, OnlineForm, go_online};
use crate::table::game::seats::{Controller, Seats};
use crate::table::game::session::GameCommand;
use crate::table::online::link::{GoOnline, OnlineStatus};
use crate::table::persist::data_dir::SavePaths;
use crate::table::persist::save::SaveLoad;
use crate::table::persist::settings::Settings;
use crate::table::screens::dialogs::AskFile;

pub(super) fn plugin(app: &mut App) {
    // Open asks the file dialog (registered here too, for the launcher without a window).
    app.add_message::<AskFile>().add_observer(on_activate);
}

/// What a launcher widget does.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub enum LauncherAction {
    /// Choose the game at this index of the launcher's list.
    Game(usize),
    /// Choose the game's board (an index into its topologies).
    Board(usize),
    /// Choose how many play.
    Players(u8),
    /// Choose how more than two sit and team up.
    Seating(DoublesSeating),
    /// Choose value `.1` of the catalogue's option `.0` (an index into `choices::CHOICES`).
    Value(usize, usize),
    /// Deal the Numbers anew.
    NewSeed,
    /// Type this seat's name (the keyboard edits it, as Tab does).
    NameSeat(Seat),
    /// The seat's next colour not taken.
    Colour(Seat),
    /// Who plays the seat.
    Control(Seat, Controller),
    /// The sound: off (0), or on at this percentage of full volume.
    Volume(u8),
    /// Start the chosen game.
    Play,
    /// Resume the game the autosave holds.
    Resume,
    /// Open a save file with the file dialog.
    Open,
    /// Type in the Online panel's server address.
    EditServer,
    /// Type in the Online panel's room code.
    EditRoom,
    /// The seat to ask for when joining a room (none: the first free).
    OnlineSeat(Option<Seat>),
    /// Host, join, watch or rejoin a room.
    Online(OnlineAsk),
    /// The clocks of a room hosted (none: untimed).
    OnlineClock(Option<ClockSpec>),
}

/// What an action asks of the rest of the table besides the launcher's own choice.
#[derive(Debug)]
pub enum Outcome {
    /// Nothing: the choice or the seats changed.
    Chosen,
    /// Start this game.
    Start(Result<Box<variant_rules::Game>, String>),
    Resume,
    Open,
    /// Set the sound: off (0) or this percentage.
    Volume(u8),
    /// Go online as the Online panel asks.
    Online(OnlineAsk),
    /// Ask for this seat when joining.
    OnlineSeat(Option<Seat>),
    /// Host with these clocks.
    OnlineClock(Option<ClockSpec>),
}

/// Applies `action` to the launcher's choice and the seats.
pub fn apply(action: LauncherAction, choice: &mut LauncherChoice, seats: &mut Seats) -> Outcome {
    match action {
        LauncherAction::Play => return Outcome::Start(choice.game().map(Box::new)),
        LauncherAction::Resume => return Outcome::Resume,
        LauncherAction::Open => return Outcome::Open,
        LauncherAction::Volume(v) => return Outcome::Volume(v),
        LauncherAction::Online(ask) => return Outcome::Online(ask),
        LauncherAction::OnlineSeat(seat) => return Outcome::OnlineSeat(seat),
        LauncherAction::OnlineClock(clock) => return Outcome::OnlineClock(clock),
        LauncherAction::EditServer => choice.focus = if choice.focus == Focus::Server { Focus::Game } else { Focus::Server },
        LauncherAction::EditRoom => choice.focus = if choice.focus == Focus::Room { Focus::Game } else { Focus::Room },
        LauncherAction::NameSeat(seat) => choice.focus = if choice.focus == Focus::Seat(seat) { Focus::Game } else { Focus::Seat(seat) },
        LauncherAction::Colour(seat) => seats.cycle_colour(seat, true),
        LauncherAction::Control(seat, who) => {
            if let Some(s) = seats.seats.get_mut(seat.index()) {
                s.controller = who;
            }
        }
        LauncherAction::NewSeed => choice.new_seed(),
        edit => choice.changing(seats, |c, _| match edit {
            LauncherAction::Game(i) => c.choose_game(i),
            LauncherAction::Board(i) => c.choose_board(i),
            LauncherAction::Players(n) => c.choose_players(n),
            LauncherAction::Seating(s) => c.choose_seating(s),
            LauncherAction::Value(i, v) => {
                if let Some(ch) = choices::CHOICES.get(i) {
                    c.choose_value(ch, v);
                }
            }
            _ => {}
        }),
    }
    Outcome::Chosen
}

/// A launcher widget was clicked: applies its action; starting, resuming or opening a game
/// goes out as the same messages the keys send.
fn on_activate(
    activate: On<Activate>,
    actions: Query<&LauncherAction>,
    mut choice: ResMut<LauncherChoice>,
    mut seats: ResMut<Seats>,
    (paths, mut settings): (Res<SavePaths>, ResMut<Settings>),
    (mut games, mut io, mut ask): (MessageWriter<GameCommand>, MessageWriter<SaveLoad>, MessageWriter<AskFile>),
    (mut form, mut online, mut status): (ResMut<OnlineForm>, MessageWriter<GoOnline>, ResMut<OnlineStatus>),
) {
    let Ok(&action) = actions.get(activate.entity) else { return };
    match apply(action, &mut choice, &mut seats) {
        Outcome::Chosen => {}
        Outcome::Start(Ok(game)) => {
            games.write(GameCommand::NewGame(game));
        }
        Outcome::Start(Err(e)) => warn!("cannot start: {e}"),
        Outcome::Resume => {
            io.write(SaveLoad::Load(paths.autosave_path()));
        }
        Outcome::Open => {
            ask.write(AskFile::Open);
        }
        Outcome::Online(which) => go_online(which, &form, &choice, &seats, &mut settings, &mut online, &mut status),
        Outcome::OnlineSeat(seat) => form.seat = seat,
        Outcome::OnlineClock(clock) => form.clock = clock,
        Outcome::Volume(0) => settings.muted = true,
        Outcome::Volume(v) => (settings.volume, settings.muted) = (f32::from(v.min(100)) / 100.0, false),
    }
}
