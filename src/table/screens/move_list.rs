//! The HUD's move list: the moves in rows (pairs numbered by turn; a move a row with its seat's
//! letter at tables of more than two seats; a turn a row in dice games), each move a button that
//! shows the position after it ([`ReplayStep::To`]), the move shown highlighted, and while the
//! view is in the past a marker saying so ("Viewing move 12 of 40 / End returns to the game").
//! A row wraps only between whole moves.

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use variant_rules::Position;
use variant_rules::scene::ascii_notation;

use crate::table::game::replay::{Replay, ReplayStep};
use crate::table::game::session::Session;
use crate::table::look::widgets::{COLUMN_WIDTH, EDGE, panel, text};
use crate::table::schedule::{AppState, OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(AppState::Playing), spawn_panel)
        .add_systems(OnEnter(AppState::GameOver), spawn_panel)
        .add_systems(Update, (update_list, hover_moves).in_set(TurnSystems::Draw).in_set(OnScreen::Table));
}

/// One row of the move list: its number ("12.") and its moves, each with its index in the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRow {
    pub number: String,
    pub moves: Vec<(usize, String)>,
}

/// The move list in rows: pairs of moves numbered by turn; in dice games a row per turn (its
/// rolls and moves); with more than two seats a move a row carrying its seat's letter.
pub fn move_rows(session: &Session) -> Vec<MoveRow> {
    let game = &session.game;
    let texts: Vec<&str> = game.moves().collect();
    let pos = game.position();
    if pos.dice_count() > 0 {
        return dice_rows(&texts);
    }
    if pos.seating().count() > 2 {
        // Seats whose turns are skipped make the order irregular: each move says whose it was.
        let movers: Vec<char> = session.movers().map(|s| s.letter()).collect();
        return texts
            .iter()
            .enumerate()
            .map(|(i, m)| MoveRow { number: format!("{}.", i + 1), moves: vec![(i, format!("{} {m}", movers.get(i).copied().unwrap_or(' ')))] })
            .collect();
    }
    texts
        .chunks(2)
        .enumerate()
        .map(|(turn, pair)| MoveRow { number: format!("{}.", turn + 1), moves: pair.iter().enumerate().map(|(j, m)| (2 * turn + j, m.to_string())).collect() })
        .collect()
}

/// A dice game's turns: a row starts with each roll that follows a move (a re-roll keeps its
/// row). ASCII notation: the font has no arrowheads for drop and Checker marks.
fn dice_rows(texts: &[&str]) -> Vec<MoveRow> {
    let mut rows: Vec<MoveRow> = Vec::new();
    let mut prev_roll = false;
    for (i, m) in texts.iter().enumerate() {
        let roll = m.starts_with('[');
        let rerolled = rows.last().and_then(|r| r.moves.last()).is_some_and(|(_, t)| t.ends_with("reroll"));
        if rows.is_empty() || (roll && !prev_roll && !rerolled) {
            rows.push(MoveRow { number: format!("{}.", rows.len() + 1), moves: Vec::new() });
        }
        rows.last_mut().expect("a row").moves.push((i, ascii_notation(m)));
        prev_roll = roll;
    }
    rows
}

/// The move list as text, a row a line under "Moves" (what the panel shows, for tests and logs).
pub fn move_list_text(session: &Session) -> String {
    let mut s = String::from("Moves\n");
    for row in move_rows(session) {
        let moves: Vec<&str> = row.moves.iter().map(|(_, m)| m.as_str()).collect();
        s += &format!("{:>4} {}\n", row.number, moves.join("  "));
    }
    s
}

/// The index of the move whose position the table shows (the last move while live; `None` at
/// the start).
pub fn shown_move(session: &Session, replay: &Replay) -> Option<usize> {
    replay.viewed().unwrap_or_else(|| session.game.moves().count()).checked_sub(1)
}

/// The rows in view: the last `max` rows, or, looking back, a window round the row shown.
pub fn rows_in_view(rows: &[MoveRow], shown: Option<usize>, max: usize) -> std::ops::Range<usize> {
    let latest = rows.len().saturating_sub(max);
    let row_of_shown = shown.and_then(|m| rows.iter().position(|r| r.moves.iter().any(|(i, _)| *i == m))).unwrap_or(0);
    // Two rows of what led to the move shown stay in view above it.
    let first = if row_of_shown < latest { row_of_shown.saturating_sub(2) } else { latest };
    first..(first + max).min(rows.len())
}

#[derive(Component)]
struct MovesPanel;
#[derive(Component)]
struct MovesRows;
#[derive(Component)]
struct ReplayMarker;

/// A move's button: its index in the game, and whether it is the move shown.
#[derive(Component, Clone, Copy)]
struct MoveEntry {
    shown: bool,
}

/// The marker's amber, the highlighted move's background and a hovered move's.
const MARKER: Color = Color::srgb(1.0, 0.78, 0.35);
const SHOWN: Color = Color::srgba(0.62, 0.45, 0.12, 0.95);
const HOVERED: Color = Color::srgba(0.35, 0.35, 0.38, 0.9);

/// Height of a row of 15 px text (with its line spacing), to fit as many as the window allows.
const ROW_PX: f32 = 20.0;
/// The window's height the move list may take (the help below takes most of the rest).
const LIST_SHARE: f32 = 0.58;

fn spawn_panel(mut commands: Commands, existing: Query<(), With<MovesPanel>>) {
    if !existing.is_empty() {
        return;
    }
    commands
        .spawn((
            Name::new("Move list"),
            MovesPanel,
            DespawnOnEnter(AppState::Launcher),
            panel(Node { position_type: PositionType::Absolute, right: Val::Px(EDGE), top: Val::Px(EDGE), width: Val::Px(COLUMN_WIDTH), ..default() }),
        ))
        .with_children(|p| {
            p.spawn((text("Moves", 15.0), Pickable::IGNORE));
            p.spawn((text("", 15.0), ReplayMarker, Node { display: Display::None, ..default() }, Pickable::IGNORE)).insert(TextColor(MARKER));
            p.spawn((MovesRows, Node { flex_direction: FlexDirection::Column, row_gap: Val::Px(1.0), ..default() }));
        });
}

/// What the list shows, to rebuild it only when that changes.
#[derive(Default, PartialEq)]
struct Shown {
    rows: Vec<MoveRow>,
    range: std::ops::Range<usize>,
    shown: Option<usize>,
}

#[allow(clippy::too_many_arguments)]
fn update_list(
    session: Option<Res<Session>>,
    replay: Res<Replay>,
    windows: Query<&Window, With<PrimaryWindow>>,
    lists: Query<(Entity, Ref<MovesRows>)>,
    mut markers: Query<(&mut Text, &mut Node), With<ReplayMarker>>,
    mut last: Local<Shown>,
    mut commands: Commands,
) {
    let Some(session) = session else { return };
    for (mut t, mut node) in &mut markers {
        let marker = replay.marker(&session).map(|m| marker_text(m, replay.shown(&session).roll_line()));
        node.display = if marker.is_some() { Display::Flex } else { Display::None };
        t.set_if_neq(Text(marker.unwrap_or_default()));
    }
    // A new panel (a new game on the table) starts empty, whatever was shown before.
    let fresh = lists.iter().any(|(_, l)| l.is_added());
    if !session.is_changed() && !replay.is_changed() && !last.rows.is_empty() && !fresh {
        return;
    }
    let height = windows.single().map_or(720.0, |w| w.height());
    let max = ((height * LIST_SHARE - 3.0 * ROW_PX) / ROW_PX).max(6.0) as usize;
    let rows = move_rows(&session);
    let shown = shown_move(&session, &replay);
    let range = rows_in_view(&rows, shown, max);
    let now = Shown { rows, range, shown };
    if *last == now && !fresh {
        return;
    }
    for (list, _) in &lists {
        commands.entity(list).despawn_related::<Children>();
        commands.entity(list).with_children(|l| {
            for row in &now.rows[now.range.clone()] {
                spawn_row(l, row, now.shown);
            }
        });
    }
    *last = now;
}

/// "Viewing move 12 of 40", the roll in force there, and how to get back.
fn marker_text(marker: String, roll: String) -> String {
    let roll = if roll.is_empty() { String::new() } else { format!("\n{roll}") };
    format!("{marker}{roll}\nEnd returns to the game")
}

/// A row: its number, then its moves in a box that wraps between them (never inside one).
fn spawn_row(list: &mut ChildSpawnerCommands, row: &MoveRow, shown: Option<usize>) {
    list.spawn(Node { flex_direction: FlexDirection::Row, column_gap: Val::Px(4.0), ..default() }).with_children(|r| {
        // Wide enough for "123." at 15 px.
        r.spawn((text(row.number.clone(), 15.0), TextLayout::no_wrap(), Node { width: Val::Px(38.0), flex_shrink: 0.0, ..default() }, Pickable::IGNORE));
        r.spawn(Node {
            flex_direction: FlexDirection::Row,
            flex_wrap: FlexWrap::Wrap,
            column_gap: Val::Px(6.0),
            flex_grow: 1.0,
            flex_shrink: 1.0,
            min_width: Val::Px(0.0),
            ..default()
        })
        .with_children(|moves| {
            for (i, m) in &row.moves {
                let i = *i;
                let entry = MoveEntry { shown: Some(i) == shown };
                moves
                    .spawn((
                        Name::new(format!("Move {}", i + 1)),
                        Button,
                        entry,
                        Node { padding: UiRect::axes(Val::Px(3.0), Val::Px(0.0)), flex_shrink: 0.0, ..default() },
                        BackgroundColor(if entry.shown { SHOWN } else { Color::NONE }),
                    ))
                    .with_child((text(m.clone(), 15.0), TextLayout::no_wrap(), Pickable::IGNORE))
                    .observe(move |_: On<Pointer<Click>>, mut steps: MessageWriter<ReplayStep>| {
                        // The position after the clicked move (the last one is the game itself).
                        steps.write(ReplayStep::To(i + 1));
                    });
            }
        });
    });
}

/// A move under the pointer lights up, so it reads as something to click.
fn hover_moves(mut entries: Query<(&Interaction, &MoveEntry, &mut BackgroundColor), Changed<Interaction>>) {
    for (interaction, entry, mut bg) in &mut entries {
        let colour = match interaction {
            Interaction::Hovered | Interaction::Pressed => HOVERED,
            Interaction::None if entry.shown => SHOWN,
            Interaction::None => Color::NONE,
        };
        bg.set_if_neq(BackgroundColor(colour));
    }
}
