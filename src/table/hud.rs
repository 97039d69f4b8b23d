//! The in-game HUD: panels for turn, status, captures, move list, stack inspection and key
//! help, the game-over banner, and the keys for new game, save, load and back to the launcher.

use bevy::prelude::*;
use variant_rules::{AnyPosition, Game, Outcome};

use bevy::picking::events::{Click, Pointer};

use super::data_dir::SavePaths;
use super::dialogs::AskFile;
use super::input::{ChooseMove, Selection};
use super::pieces::{CheckerPiece, ChessPiece, Stack};
use super::save::SaveLoad;
use super::seats::Seats;
use super::session::{GameCommand, Session};
use super::visuals::Hovered;
use super::{AppState, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(AppState::Playing), spawn_hud).add_systems(OnEnter(AppState::GameOver), (spawn_hud, spawn_banner)).add_systems(
        Update,
        (game_keys, update_hud, show_choices).in_set(TurnSystems::EndTurn).run_if(in_state(AppState::Playing).or_else(in_state(AppState::GameOver))),
    );
}

#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct MovesText;
#[derive(Component)]
struct InspectText;
#[derive(Component)]
struct HudRoot;

const PANEL: Color = Color::srgba(0.05, 0.05, 0.06, 0.72);

pub(super) fn text(s: impl Into<String>, size: f32) -> impl Bundle {
    (Text::new(s), TextFont::from_font_size(size), TextColor(Color::srgb(0.93, 0.92, 0.88)))
}

pub(super) fn panel(node: Node) -> impl Bundle {
    (Node { padding: UiRect::all(Val::Px(10.0)), flex_direction: FlexDirection::Column, row_gap: Val::Px(4.0), ..node }, BackgroundColor(PANEL))
}

fn spawn_hud(mut commands: Commands, existing: Query<(), With<HudRoot>>) {
    if !existing.is_empty() {
        return;
    }
    commands
        .spawn((
            Name::new("HUD"),
            HudRoot,
            DespawnOnEnter(AppState::Launcher),
            Node { width: Val::Percent(100.0), height: Val::Percent(100.0), ..default() },
            Pickable::IGNORE,
        ))
        .with_children(|root| {
            root.spawn(panel(Node { position_type: PositionType::Absolute, left: Val::Px(12.0), top: Val::Px(12.0), max_width: Val::Px(520.0), ..default() }))
                .with_child((text("", 18.0), StatusText));
            root.spawn(panel(Node { position_type: PositionType::Absolute, right: Val::Px(12.0), top: Val::Px(12.0), width: Val::Px(210.0), ..default() }))
                .with_child((text("", 15.0), MovesText));
            root.spawn(panel(Node { position_type: PositionType::Absolute, left: Val::Px(12.0), bottom: Val::Px(12.0), ..default() }))
                .with_child((text("", 15.0), InspectText));
            root.spawn(panel(Node { position_type: PositionType::Absolute, right: Val::Px(12.0), bottom: Val::Px(12.0), ..default() })).with_child(text(
                "click/drag: move   right-drag: orbit   middle-drag: pan\n\
                     wheel: zoom   R: reset view   double-click: fly to   C: frame all\n\
                     F: fan stacks   Ctrl+Z/Y: undo/redo   Ctrl+S/O: save/load\n\
                     Ctrl+Shift+S/O: save as/open   Ctrl+N: new game   Ctrl+L: launcher\n\
                     Space: throw dice   (every move is autosaved)",
                13.0,
            ));
        });
}

fn spawn_banner(mut commands: Commands, session: Option<Res<Session>>, seats: Res<Seats>) {
    let Some(session) = session else { return };
    let id = session.game.id();
    let seat = |i: u8| seats.label(id, i as usize);
    let line = match session.outcome() {
        // The default font has no em dash: plain punctuation only.
        Some(Outcome::Win { winner, reason }) => format!("{} wins: {reason}", seat(winner)),
        Some(Outcome::Draw { reason }) => format!("Draw: {reason}"),
        None => return,
    };
    commands
        .spawn((
            Name::new("Game over banner"),
            DespawnOnExit(AppState::GameOver),
            Node {
                position_type: PositionType::Absolute,
                width: Val::Percent(100.0),
                top: Val::Percent(40.0),
                justify_content: JustifyContent::Center,
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|b| {
            b.spawn(panel(Node::default())).with_child(text(line, 34.0));
        });
}

fn game_keys(
    keys: Res<ButtonInput<KeyCode>>,
    session: Option<Res<Session>>,
    paths: Res<SavePaths>,
    mut cmd: MessageWriter<GameCommand>,
    mut io: MessageWriter<SaveLoad>,
    mut ask: MessageWriter<AskFile>,
    mut next: ResMut<NextState<AppState>>,
) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if !ctrl {
        return;
    }
    // Ctrl+S/O: the save file in the data directory; with Shift: the file dialog.
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::KeyS) {
        if shift {
            ask.write(AskFile::SaveAs);
        } else {
            io.write(SaveLoad::Save(paths.save()));
        }
    }
    if keys.just_pressed(KeyCode::KeyO) {
        if shift {
            ask.write(AskFile::Open);
        } else {
            io.write(SaveLoad::Load(paths.save()));
        }
    }
    if keys.just_pressed(KeyCode::KeyN)
        && let Some(s) = &session
        && let Ok(g) = Game::new(s.game.id(), *s.game.options(), None)
    {
        cmd.write(GameCommand::NewGame(Box::new(g)));
    }
    if keys.just_pressed(KeyCode::KeyL) {
        next.set(AppState::Launcher);
    }
}

#[allow(clippy::too_many_arguments)]
fn update_hud(
    session: Option<Res<Session>>,
    seats: Res<Seats>,
    sel: Res<Selection>,
    hovered: Res<Hovered>,
    stacks: Query<(&Stack, &Children)>,
    checkers: Query<&CheckerPiece>,
    pieces: Query<&ChessPiece>,
    mut status: Query<&mut Text, (With<StatusText>, Without<MovesText>, Without<InspectText>)>,
    mut moves: Query<&mut Text, (With<MovesText>, Without<StatusText>, Without<InspectText>)>,
    mut inspect: Query<&mut Text, (With<InspectText>, Without<StatusText>, Without<MovesText>)>,
    dice: Option<Res<super::dice::DiceTable>>,
) {
    let Some(session) = session else { return };
    let game = &session.game;
    let pos = game.position();
    let seat = |i: u8| seats.label(game.id(), i as usize);
    let o = game.options();
    let mut title = format!("{} on the {} board", game.id(), o.topology);
    if o.numbers {
        title += &format!(", Numbers (seed {})", o.seed);
    }
    let turn = match session.outcome() {
        Some(Outcome::Win { winner, reason }) => format!("{} wins ({reason})", seat(winner)),
        Some(Outcome::Draw { reason }) => format!("drawn ({reason})"),
        None => format!("{} to move", seat(pos.turn())),
    };
    let lost = super::pieces::captured_summary(pos);
    let mut captured = String::new();
    for (side, l) in lost.iter().enumerate() {
        if !l.is_empty() {
            // Toe-to-Toe's summary says itself what is lost and what is still in hand.
            let sep = if matches!(pos, AnyPosition::ToeToe(_) | AnyPosition::Chex(_) | AnyPosition::ChecToe(_)) { ":" } else { " lost:" };
            captured += &format!("{}{sep} {l}   ", seat(side as u8));
        }
    }
    // Text is laid out again whenever it changes: only write what differs.
    let dice_line = dice.map(|d| super::dice::dice_line(&session, &d)).unwrap_or_default();
    let line = format!("{title}\n{turn}\n{captured}\n{dice_line}\n{}", session.status);
    for mut t in &mut status {
        t.set_if_neq(Text(line.clone()));
    }
    let mut s = String::from("Moves\n");
    if game.id().dice(o) > 0 {
        // Dice games: one line per turn (its rolls and moves), in ASCII notation (the
        // font has no arrowheads for Chec Toe's drop and Checker marks).
        let mut turns: Vec<String> = Vec::new();
        let mut prev_roll = false;
        for m in game.moves() {
            let roll = m.starts_with('[');
            if turns.is_empty() || (roll && !prev_roll && !turns.last().is_some_and(|t| t.ends_with("reroll"))) {
                turns.push(String::new());
            }
            let t = turns.last_mut().expect("a turn");
            if !t.is_empty() {
                t.push(' ');
            }
            *t += &variant_rules::chectoe::to_ascii(m);
            prev_roll = roll;
        }
        let first = turns.len().saturating_sub(30);
        for (i, t) in turns[first..].iter().enumerate() {
            s += &format!("{:>3}. {t}\n", first + i + 1);
        }
    } else {
        let list: Vec<&str> = game.moves().collect();
        let first = list.len().saturating_sub(40) / 2 * 2;
        for (i, pair) in list[first..].chunks(2).enumerate() {
            s += &format!("{:>3}. {}\n", first / 2 + i + 1, pair.join("  "));
        }
    }
    for mut t in &mut moves {
        t.set_if_neq(Text(s.clone()));
    }
    // Inspection: the hovered stack, else the selected one.
    let topo = super::board::topology_of(pos);
    let target_cell = hovered.0.and_then(|e| stacks.get(e).map(|(s, _)| s.cell).ok().or_else(|| pieces.get(e).map(|p| p.cell).ok())).or(sel.from);
    let mut s = String::from("Inspect (hover a stack; F fans it out)");
    if let Some(cell) = target_cell {
        s = format!("{}:", topo.name(cell));
        match pos {
            AnyPosition::Checkers(_) => {
                if let Some((_, children)) = stacks.iter().find(|(st, _)| st.cell == cell) {
                    let mut rows: Vec<String> = children
                        .iter()
                        .filter_map(|c| checkers.get(c).ok())
                        .map(|ck| {
                            let who = seat(ck.owner);
                            let king = if ck.king { " king" } else { "" };
                            let num = if ck.number > 0 { format!(" #{}", ck.number) } else { String::new() };
                            format!("{who}{king}{num}")
                        })
                        .collect();
                    rows.reverse(); // children are bottom first; the panel reads top down
                    for (i, r) in rows.iter().enumerate() {
                        s += &format!("\n  {}{r}", if i == 0 { "top: " } else { "     " });
                    }
                }
            }
            AnyPosition::Chess(_) | AnyPosition::DiceChess(_) | AnyPosition::ChecToe(_) => {
                if let Some(p) = pieces.iter().find(|p| p.cell == cell) {
                    s += &format!(" {} {}", seat(p.owner), super::pieces::piece_name(p.kind));
                }
            }
            AnyPosition::Chex(_) => {}
            AnyPosition::ToeToe(_) => {
                if let Some(p) = pieces.iter().find(|p| p.cell == cell) {
                    s += &format!(" {} {}", seat(p.owner), variant_rules::toetoe::kind_name(p.kind));
                }
            }
        }
    }
    for mut t in &mut inspect {
        t.set_if_neq(Text(s.clone()));
    }
}

/// The panel offering the moves that share the clicked cells (promotion pieces, shadow captures).
#[derive(Component)]
struct ChoicePanel;

fn show_choices(sel: Res<Selection>, old: Query<Entity, With<ChoicePanel>>, mut commands: Commands) {
    if !sel.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    if sel.choices.is_empty() {
        return;
    }
    commands
        .spawn((
            Name::new("Move choice"),
            ChoicePanel,
            DespawnOnEnter(AppState::Launcher),
            Node {
                position_type: PositionType::Absolute,
                width: Val::Percent(100.0),
                bottom: Val::Px(90.0),
                justify_content: JustifyContent::Center,
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|row| {
            row.spawn(panel(Node { flex_direction: FlexDirection::Row, column_gap: Val::Px(8.0), ..default() })).with_children(|p| {
                for (i, (text_, what)) in sel.choices.iter().enumerate() {
                    p.spawn((
                        Name::new(format!("Choice {text_}")),
                        Button,
                        Node { padding: UiRect::axes(Val::Px(12.0), Val::Px(6.0)), ..default() },
                        BackgroundColor(Color::srgb(0.25, 0.22, 0.12)),
                    ))
                    .with_child((text(format!("{}: {text_}  {what}", i + 1), 16.0), Pickable::IGNORE))
                    .observe(move |_: On<Pointer<Click>>, mut pick: MessageWriter<ChooseMove>| {
                        pick.write(ChooseMove(i));
                    });
                }
            });
        });
}
