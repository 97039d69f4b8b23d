//! The launcher's frame: the title and the game cards on the left; on the right the chosen
//! game's options and seats (rebuilt as they change) above the Play, Resume and Open buttons.

use bevy::prelude::*;

use super::actions::LauncherAction;
use super::cards::{card_column, fill_cards};
use super::online_panel::online_panel;
use super::setup::SetupColumn;
use crate::table::look::widgets::{IVORY, MUTED, Tooltip, WidgetStyle, button, label, panel};
use crate::table::schedule::AppState;
use crate::table::screens::resume::ResumeText;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(AppState::Launcher), spawn_launcher);
}

/// The right side's width in pixels: room for a seat's name and its four controller chips.
const SIDE_WIDTH: f32 = 470.0;

/// What the keys do, in a line under the cards (the mouse needs no help).
const KEY_HELP: &str = "Keys: Up/Down a game   Left/Right its board   letters its options   Tab the seats   Enter play   Ctrl+O resume";

fn spawn_launcher(mut commands: Commands, assets: Option<Res<AssetServer>>) {
    let root = commands
        .spawn((
            Name::new("Launcher"),
            DespawnOnExit(AppState::Launcher),
            Node { width: Val::Percent(100.0), height: Val::Percent(100.0), padding: UiRect::all(Val::Px(12.0)), column_gap: Val::Px(12.0), ..default() },
            BackgroundColor(Color::srgb(0.08, 0.12, 0.1)),
        ))
        .id();
    let left = commands
        .spawn((
            Name::new("Launcher left"),
            Node { flex_direction: FlexDirection::Column, flex_grow: 1.0, flex_basis: Val::Px(0.0), min_width: Val::Px(0.0), ..default() },
        ))
        .id();
    let title = commands
        .spawn((
            Node { align_items: AlignItems::Baseline, column_gap: Val::Px(14.0), margin: UiRect::bottom(Val::Px(6.0)), ..default() },
            children![label("Variant Table", 34.0, IVORY), label("chess and checkers variants at one table", 15.0, MUTED)],
        ))
        .id();
    let column = commands.spawn(card_column()).id();
    let help = commands.spawn((label(KEY_HELP, 13.0, MUTED), Node { margin: UiRect::top(Val::Px(6.0)), ..default() })).id();
    commands.entity(left).add_children(&[title, column, help]);
    fill_cards(&mut commands, column, assets.as_deref());
    let right = commands
        .spawn((Name::new("Launcher right"), Node { flex_direction: FlexDirection::Column, width: Val::Px(SIDE_WIDTH), row_gap: Val::Px(8.0), ..default() }))
        .id();
    let setup = commands.spawn((SetupColumn, panel(Node { flex_grow: 1.0, min_height: Val::Px(0.0), overflow: Overflow::scroll_y(), ..default() }))).id();
    let start = start_panel(&mut commands);
    let online = commands.spawn((Name::new("Online"), online_panel())).id();
    commands.entity(right).add_children(&[setup, start, online]);
    commands.entity(root).add_children(&[left, right]);
}

/// Play, Resume and Open, and the line saying what Resume would resume (or why a load failed).
fn start_panel(commands: &mut Commands) -> Entity {
    let buttons = commands
        .spawn(Node { column_gap: Val::Px(8.0), align_items: AlignItems::Center, ..default() })
        .with_children(|row| {
            row.spawn((button("Play", WidgetStyle::Primary), LauncherAction::Play, Tooltip("Start the chosen game with these seats (Enter)".into())));
            row.spawn((
                button("Resume", WidgetStyle::Button),
                LauncherAction::Resume,
                Tooltip("Go on with the last game: games are saved after every move (Ctrl+O)".into()),
            ));
            row.spawn((button("Open...", WidgetStyle::Button), LauncherAction::Open, Tooltip("Open a saved game with the file dialog (Ctrl+Shift+O)".into())));
        })
        .id();
    let line = commands.spawn((label("", 13.0, MUTED), ResumeText)).id();
    commands.spawn(panel(Node::default())).add_children(&[buttons, line]).id()
}
