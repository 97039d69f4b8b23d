//! The launcher's right side: the chosen game's name and summary, a row of chips per choice
//! (board, players, seating, and each option of the engine's catalogue the game offers, with
//! its ruling as the tooltip), and a row per seat (colour, name, who plays it). Rebuilt from
//! the choice whenever it or the seats change: a few dozen entities, a click at a time.

use bevy::prelude::*;
use bevy::ui::InteractionDisabled;
use variant_rules::choices::{self, Choice};
use variant_rules::search::Strength;
use variant_rules::{Game, Position, Seat};

use super::actions::LauncherAction;
use super::choice::{Focus, LauncherChoice};
use crate::table::game::seats::{Controller, Seats};
use crate::table::geometry::board_name;
use crate::table::look::widgets::{BRASS, IVORY, MUTED, Tooltip, WidgetStyle, button, button_in, clickable, label};
use crate::table::persist::settings::Settings;
use crate::table::schedule::{OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, rebuild.in_set(OnScreen::Launcher).in_set(TurnSystems::Draw));
}

/// The panel the choices are drawn in.
#[derive(Component)]
pub struct SetupColumn;

/// The width of a seat's name, in pixels: "Player A (Violet)" at the chips' size.
const NAME_WIDTH: f32 = 150.0;

/// The width of a row's caption, in pixels, so the chips line up.
const CAPTION_WIDTH: f32 = 96.0;

/// One chip of a row: its words, what it does, whether it is the value chosen and whether the
/// rules accept it here.
struct Chip {
    words: String,
    action: LauncherAction,
    on: bool,
    usable: bool,
    tip: Option<String>,
}

fn rebuild(choice: Res<LauncherChoice>, seats: Res<Seats>, settings: Res<Settings>, column: Query<(Entity, Ref<SetupColumn>)>, mut commands: Commands) {
    let Ok((column, fresh)) = column.single() else { return };
    if !choice.is_changed() && !seats.is_changed() && !settings.is_changed() && !fresh.is_added() {
        return;
    }
    let game = choice.game().ok();
    commands.entity(column).despawn_related::<Children>();
    commands.entity(column).with_children(|p| {
        heading(p, &choice);
        for (caption, tip, chips) in choice_rows(&choice, game.as_ref()) {
            row(p, caption, tip, chips);
        }
        p.spawn((label("Seats", 17.0, BRASS), Node { margin: UiRect::top(Val::Px(8.0)), ..default() }));
        for i in 0..choice.seat_count() {
            seat_row(p, &choice, &seats, game.as_ref(), Seat(i as u8));
        }
        p.spawn((label("Table", 17.0, BRASS), Node { margin: UiRect::top(Val::Px(8.0)), ..default() }));
        row(p, "Sound".into(), Some("How loud the table plays; at the table M mutes, - and = step the volume".into()), sound_chips(&settings));
    });
}

/// The game's name and what it is.
fn heading(p: &mut ChildSpawnerCommands, choice: &LauncherChoice) {
    let id = choice.id();
    let [first, second] = id.summary();
    p.spawn(label(id.title(), 24.0, IVORY));
    p.spawn((label(format!("{first}\n{second}"), 13.0, MUTED), Node { margin: UiRect::bottom(Val::Px(6.0)), ..default() }));
}

/// The rows of choices the game has at this table: (caption, tooltip, chips).
fn choice_rows(choice: &LauncherChoice, game: Option<&Game>) -> Vec<(String, Option<String>, Vec<Chip>)> {
    let (id, opts) = (choice.id(), choice.options());
    let mut rows = Vec::new();
    let tops = id.topologies();
    let board = match game.map(|g| g.position().topology()) {
        Some(t) if t.tri_board().is_some() => board_name(t),
        _ => opts.topology.to_string(),
    };
    let chips = if tops.len() > 1 {
        tops.iter()
            .enumerate()
            .map(|(i, t)| Chip { words: t.to_string(), action: LauncherAction::Board(i), on: i == choice.topology % tops.len(), usable: true, tip: None })
            .collect()
    } else {
        vec![Chip { words: board, action: LauncherAction::Board(0), on: true, usable: true, tip: None }]
    };
    rows.push(("Board".to_string(), choices::board_ruling(id, &opts).map(|r| r.lines().join("\n")), chips));
    let counts = id.player_counts();
    if counts.len() > 1 {
        let chips = counts
            .iter()
            .map(|&n| Chip { words: n.to_string(), action: LauncherAction::Players(n), on: n as usize == choice.seat_count(), usable: true, tip: None })
            .collect();
        rows.push(("Players".to_string(), choices::players_ruling(id, choice.seat_count() as u8).map(|r| r.lines().join("\n")), chips));
    }
    let seatings = choice.seatings();
    if !seatings.is_empty() {
        let chips = seatings
            .iter()
            .map(|&s| Chip { words: s.to_string(), action: LauncherAction::Seating(s), on: s == choice.seating(), usable: true, tip: None })
            .collect();
        rows.push(("Seating".to_string(), choices::seating_ruling(id, &opts).map(|r| r.lines().join("\n")), chips));
    }
    for (i, c) in choices::CHOICES.iter().enumerate().filter(|(_, c)| c.offered(id, &opts)) {
        rows.push((capitalised(c.label), Some(ruling(c)), option_chips(choice, i, c)));
    }
    rows
}

/// The chips of option `c` (index `i` of the catalogue): each value, those the rules refuse
/// here greyed; the Numbers add a chip that deals them anew.
fn option_chips(choice: &LauncherChoice, i: usize, c: &Choice) -> Vec<Chip> {
    let opts = choice.options();
    let mut chips: Vec<Chip> = c
        .values
        .iter()
        .enumerate()
        .map(|(v, w)| Chip { words: w.to_string(), action: LauncherAction::Value(i, v), on: (c.get)(&opts) == v, usable: choice.accepts(c, v), tip: None })
        .collect();
    if c.flag == "--numbers" && opts.numbers {
        chips.push(Chip {
            words: "new deal".into(),
            action: LauncherAction::NewSeed,
            on: false,
            usable: true,
            tip: Some(format!("Deal the Numbers anew (seed {}; S)", opts.seed)),
        });
    }
    chips
}

/// What the tooltip of an option says: the ruling it rests on (our reading, the rule text's
/// words, where it is recorded), and its key.
fn ruling(c: &Choice) -> String {
    let key = c.key.map_or(String::new(), |k| format!("\nKey: {}", k.to_ascii_uppercase()));
    format!("{}{key}", c.ruling.lines().join("\n"))
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map_or(String::new(), |f| f.to_uppercase().chain(chars).collect())
}

/// The sound's chips: off, or one of three volumes (the settings keep any volume the keys set).
fn sound_chips(settings: &Settings) -> Vec<Chip> {
    let at = |v: u8| !settings.muted && (settings.volume * 100.0 - f32::from(v)).abs() < 5.0;
    let mut chips = vec![Chip { words: "off".into(), action: LauncherAction::Volume(0), on: settings.muted, usable: true, tip: None }];
    // Quiet, usual and full: 40%, 70% (the default) and 100% (-24, -12 and 0 dB).
    chips.extend([(40, "quiet"), (70, "usual"), (100, "full")].map(|(v, w)| Chip {
        words: w.into(),
        action: LauncherAction::Volume(v),
        on: at(v),
        usable: true,
        tip: None,
    }));
    chips
}

/// A caption and its chips, wrapping under the caption when they do not fit.
fn row(p: &mut ChildSpawnerCommands, caption: String, tip: Option<String>, chips: Vec<Chip>) {
    p.spawn(Node { column_gap: Val::Px(6.0), align_items: AlignItems::FlexStart, ..default() }).with_children(|r| {
        let mut cap =
            r.spawn((label(caption, 14.0, IVORY), Node { width: Val::Px(CAPTION_WIDTH), flex_shrink: 0.0, margin: UiRect::top(Val::Px(4.0)), ..default() }));
        if let Some(tip) = tip.clone() {
            cap.insert((Tooltip(tip), bevy::picking::hover::Hovered::default(), Pickable::default()));
        }
        r.spawn(Node { flex_wrap: FlexWrap::Wrap, column_gap: Val::Px(4.0), row_gap: Val::Px(4.0), flex_grow: 1.0, ..default() }).with_children(|chips_row| {
            for chip in chips {
                let mut e = chips_row.spawn((button(chip.words, WidgetStyle::Chip { on: chip.on }), chip.action));
                if !chip.usable {
                    e.insert(InteractionDisabled);
                }
                if let Some(t) = chip.tip.or(tip.clone()) {
                    e.insert(Tooltip(t));
                }
            }
        });
    });
}

/// A seat: its colour (a click takes the next one free), its name (a click lets the keys type
/// it), and who plays it.
fn seat_row(p: &mut ChildSpawnerCommands, choice: &LauncherChoice, seats: &Seats, game: Option<&Game>, seat: Seat) {
    let naming = choice.focus == Focus::Seat(seat);
    let typed = seats.name(seat);
    let shown = match (typed.is_empty(), naming) {
        (true, false) => seats.label(choice.id(), seat),
        (_, true) => format!("{typed}_"),
        (false, false) => typed.to_string(),
    };
    let about = seat_note(game, seat);
    p.spawn(Node { column_gap: Val::Px(4.0), align_items: AlignItems::Center, ..default() }).with_children(|r| {
        r.spawn((
            clickable(WidgetStyle::Button, Node { width: Val::Px(28.0), height: Val::Px(26.0), padding: UiRect::all(Val::Px(4.0)), ..default() }),
            LauncherAction::Colour(seat),
            Tooltip(format!("{}: click for the next colour", seats.colour_name(seat))),
        ))
        .with_child((Node { flex_grow: 1.0, border_radius: BorderRadius::MAX, ..default() }, BackgroundColor(seats.colour(seat)), Pickable::IGNORE));
        let name_tip = format!("Click, then type a name (Backspace erases){about}");
        r.spawn((
            button_in(
                shown,
                WidgetStyle::Chip { on: naming },
                Node { width: Val::Px(NAME_WIDTH), justify_content: JustifyContent::Start, overflow: Overflow::clip(), ..default() },
            ),
            LauncherAction::NameSeat(seat),
            Tooltip(name_tip),
        ));
        for who in Controller::choices() {
            let strength = who.movetime_ms().and_then(Strength::of);
            let words = match (who.movetime_ms(), strength) {
                (None, _) => "Human".to_string(),
                // Two lines, "Club" over "~2300", so a seat's row of choices fits the panel.
                (_, Some(s)) => format!("{}\n~{}", s.name, s.chess_rating),
                (Some(ms), None) => format!("AI {}s", ms as f64 / 1000.0),
            };
            let tip = match (who.movetime_ms(), strength) {
                (None, _) => "A player at this screen".to_string(),
                (_, Some(s)) => s.description(),
                (Some(ms), None) => format!("The computer, thinking {} s a move", ms as f64 / 1000.0),
            };
            r.spawn((button(words, WidgetStyle::Chip { on: seats.controller(seat) == who }), LauncherAction::Control(seat, who), Tooltip(tip)));
        }
    });
}

/// Where a seat sits and with whom, at a table of more than two ("; west side, team AC").
fn seat_note(game: Option<&Game>, seat: Seat) -> String {
    let Some(pos) = game.map(Game::position).filter(|p| p.seating().count() > 2) else {
        return if seat == Seat::A { "; moves first".into() } else { String::new() };
    };
    let team = pos.seating().team(seat);
    let mut note = format!("; {} side", pos.side_words(seat));
    if team.len() > 1 {
        note += &format!(", team {}", team.letters());
    }
    if pos.set_of(seat).is_some() {
        note += &format!(", {}", pos.set_name(seat));
    }
    note
}
