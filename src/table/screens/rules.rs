//! The rules at hand: a drawer at the table's side (F1, or the Rules button) with the game's
//! rules in short as the engine words them for the options in play, each option with its
//! ruling, and "why not?" — the engine's reason for the last move the table refused.

use bevy::prelude::*;
use bevy::ui_widgets::{Activate, ScrollArea};
use variant_rules::Game;
use variant_rules::choices;

use crate::table::game::session::Session;
use crate::table::look::widgets::{BRASS, IVORY, MUTED, Tooltip, WidgetStyle, button_in, label, panel};
use crate::table::schedule::{AppState, OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RulesDrawer>()
        .add_systems(OnEnter(AppState::Playing), spawn_button)
        .add_systems(Update, (rules_key, draw_rules).chain().in_set(OnScreen::Table).in_set(TurnSystems::Draw))
        .add_observer(on_rules_button);
}

/// Whether the rules drawer is open.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct RulesDrawer {
    pub open: bool,
}

/// The drawer's panel.
#[derive(Component)]
struct Drawer;

/// The button that opens and closes it.
#[derive(Component)]
struct RulesButton;

/// The drawer's width in pixels: about 70 characters of its text a line.
const DRAWER_WIDTH: f32 = 470.0;

fn spawn_button(mut commands: Commands, existing: Query<(), With<RulesButton>>) {
    if !existing.is_empty() {
        return;
    }
    commands.spawn((
        Name::new("Rules button"),
        RulesButton,
        DespawnOnEnter(AppState::Launcher),
        button_in(
            "Rules (F1)",
            WidgetStyle::Button,
            Node { position_type: PositionType::Absolute, top: Val::Px(12.0), left: Val::Percent(50.0), margin: UiRect::left(Val::Px(-48.0)), ..default() },
        ),
        Tooltip("The rules of this game in short, its options, and why the last move was refused".into()),
        GlobalZIndex(5),
    ));
}

fn on_rules_button(activate: On<Activate>, buttons: Query<(), With<RulesButton>>, mut drawer: ResMut<RulesDrawer>) {
    if buttons.contains(activate.entity) {
        drawer.open = !drawer.open;
    }
}

fn rules_key(keys: Res<ButtonInput<KeyCode>>, mut drawer: ResMut<RulesDrawer>) {
    if keys.just_pressed(KeyCode::F1) || (drawer.open && keys.just_pressed(KeyCode::Escape)) {
        drawer.open = !drawer.open;
    }
}

/// Opens, closes or refreshes the drawer: built anew when it opens and when the game changes
/// under it (a refused move, another game).
fn draw_rules(drawer: Res<RulesDrawer>, session: Option<Res<Session>>, open: Query<Entity, With<Drawer>>, mut commands: Commands) {
    let changed = drawer.is_changed() || session.as_ref().is_some_and(|s| s.is_changed());
    if !changed {
        return;
    }
    for e in &open {
        commands.entity(e).despawn();
    }
    let Some(session) = session.filter(|_| drawer.open) else { return };
    let root = commands
        .spawn((
            Name::new("Rules"),
            Drawer,
            DespawnOnEnter(AppState::Launcher),
            GlobalZIndex(20),
            ScrollArea,
            panel(Node {
                position_type: PositionType::Absolute,
                right: Val::Px(12.0),
                top: Val::Px(50.0),
                bottom: Val::Px(12.0),
                width: Val::Px(DRAWER_WIDTH),
                overflow: Overflow::scroll_y(),
                ..default()
            }),
        ))
        // Opaque, over the HUD's right column: text behind it would read through.
        .insert(BackgroundColor(Color::srgb(0.07, 0.07, 0.08)))
        .id();
    commands.entity(root).with_children(|p| fill(p, &session));
}

/// The drawer's text: the rules in short, the options, why not.
fn fill(p: &mut ChildSpawnerCommands, session: &Session) {
    let game = &session.game;
    p.spawn(label(format!("{}: the rules in short", game.id().title()), 20.0, IVORY));
    p.spawn(label("F1 or Esc closes this; the wheel scrolls it", 12.0, MUTED));
    // The last refusal first: a player opening the drawer after one wants to know why.
    let why = match &session.refused {
        Some(why) => vec![why.clone()],
        None => vec!["No move has been refused in this game.".to_string()],
    };
    section(p, "Why not?", &why);
    for (heading, lines) in rules_sections(game) {
        section(p, &heading, &lines);
    }
    let options = option_lines(game);
    if !options.is_empty() {
        section(p, "Options at this table", &options);
    }
}

fn section(p: &mut ChildSpawnerCommands, heading: &str, lines: &[String]) {
    p.spawn((label(heading, 16.0, BRASS), Node { margin: UiRect::top(Val::Px(8.0)), ..default() }));
    for line in lines {
        p.spawn(label(line.clone(), 14.0, IVORY));
    }
}

/// The game's rules in short, as the engine words them for these options.
fn rules_sections(game: &Game) -> Vec<(String, Vec<String>)> {
    let g = variant_rules::guide::guide(game.id(), game.options());
    g.sections.into_iter().map(|s| (capitalised(s.heading), s.lines)).collect()
}

/// "AIM" as a heading: "Aim".
fn capitalised(s: &str) -> String {
    let lower = s.to_lowercase();
    let mut chars = lower.chars();
    chars.next().map_or(String::new(), |f| f.to_uppercase().chain(chars).collect())
}

/// Each option the game has at this table: its value, and the ruling it rests on.
fn option_lines(game: &Game) -> Vec<String> {
    let (id, opts) = (game.id(), game.options());
    choices::CHOICES.iter().filter(|c| c.offered(id, opts)).map(|c| format!("{}: {}. {}", capitalised(c.label), c.word(opts), c.ruling.reading)).collect()
}
