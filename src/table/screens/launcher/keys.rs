//! The launcher's keys: arrows, Tab, Enter and letters edit the choice as clicks do (see
//! [`LauncherChoice::on_key`]), so the launcher stays usable without a mouse.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::choice::{Focus, LauncherChoice, LauncherKey};
use super::online::{OnlineForm, go_online, type_in};
use crate::table::game::seats::Seats;
use crate::table::game::session::GameCommand;
use crate::table::online::link::{GoOnline, OnlineStatus};
use crate::table::persist::settings::Settings;
use crate::table::schedule::{OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, launcher_keys.in_set(OnScreen::Launcher).in_set(TurnSystems::Input));
}

fn launcher_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut typed: MessageReader<KeyboardInput>,
    mut choice: ResMut<LauncherChoice>,
    mut seats: ResMut<Seats>,
    mut out: MessageWriter<GameCommand>,
    (mut form, mut settings, mut status, mut online): (ResMut<OnlineForm>, ResMut<Settings>, ResMut<OnlineStatus>, MessageWriter<GoOnline>),
) {
    let mut pressed: Vec<LauncherKey> = [
        (KeyCode::ArrowUp, LauncherKey::Up),
        (KeyCode::ArrowDown, LauncherKey::Down),
        (KeyCode::ArrowLeft, LauncherKey::Left),
        (KeyCode::ArrowRight, LauncherKey::Right),
        (KeyCode::Tab, LauncherKey::Tab),
        (KeyCode::Backspace, LauncherKey::Backspace),
        (KeyCode::Enter, LauncherKey::Enter),
        (KeyCode::NumpadEnter, LauncherKey::Enter),
    ]
    .into_iter()
    .filter(|(code, _)| keys.just_pressed(*code))
    .map(|(_, k)| k)
    .collect();
    for ev in typed.read() {
        if ev.state == ButtonState::Pressed
            && let Key::Character(s) = &ev.logical_key
        {
            pressed.extend(s.chars().map(LauncherKey::Char));
        }
    }
    for key in &pressed {
        if matches!(choice.focus, Focus::Server | Focus::Room) {
            let mut focus = choice.focus;
            let ask = type_in(&mut form, &mut focus, key);
            choice.focus = focus;
            if let Some(ask) = ask {
                go_online(ask, &form, &choice, &seats, &mut settings, &mut online, &mut status);
            }
            continue;
        }
        match choice.on_key(&mut seats, key) {
            Some(Ok(game)) => {
                out.write(GameCommand::NewGame(Box::new(game)));
            }
            Some(Err(e)) => warn!("cannot start: {e}"),
            None => {}
        }
    }
}
