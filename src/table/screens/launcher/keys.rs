//! The launcher's keys: arrows, Tab, Enter and letters edit the choice as clicks do (see
//! [`LauncherChoice::on_key`]), so the launcher stays usable without a mouse.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::choice::{LauncherChoice, LauncherKey};
use crate::table::game::seats::Seats;
use crate::table::game::session::GameCommand;
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
        match choice.on_key(&mut seats, key) {
            Some(Ok(game)) => {
                out.write(GameCommand::NewGame(Box::new(game)));
            }
            Some(Err(e)) => warn!("cannot start: {e}"),
            None => {}
        }
    }
}
