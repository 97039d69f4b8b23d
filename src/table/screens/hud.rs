//! The in-game HUD: panels for turn, status and captures, inspection and the keys that apply,
//! laid in two columns at the window's sides (the board framed between them), the game-over
//! banner, and the keys for new game, save, load and back to the launcher.

use bevy::prelude::*;
use variant_rules::{AnyPosition, Game, GameId, Outcome, Position, Seat, SeatSet};

use bevy::picking::events::{Click, Pointer};

use crate::table::game::input::{ChooseMove, MoveChoice, Selection};
use crate::table::game::replay::Replay;
use crate::table::game::seats::Seats;
use crate::table::game::session::{GameCommand, Session};
use crate::table::look::framing::ViewMargins;
use crate::table::look::visuals::Hovered;
use crate::table::look::widgets::{ActionSlot, COLUMN_WIDTH, EDGE, panel, text};
use crate::table::mirror::pieces::{ChessPiece, Stack};
use crate::table::persist::data_dir::SavePaths;
use crate::table::persist::save::SaveLoad;
use crate::table::schedule::{AppState, OnScreen, TurnSystems};
use crate::table::screens::dialogs::AskFile;
use crate::table::screens::eval_bar::eval_bar;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(AppState::Playing), spawn_hud)
        .add_systems(OnEnter(AppState::GameOver), (spawn_hud, spawn_banner))
        .add_systems(Update, (game_keys, update_hud, show_choices).in_set(TurnSystems::Draw).in_set(OnScreen::Table));
}

/// Room kept between the columns and the board (and between the board and the window's top and
/// bottom edges).
const BOARD_GAP: f32 = 8.0;

#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct InspectText;
#[derive(Component)]
struct InspectPanel;
#[derive(Component)]
struct HelpText;
#[derive(Component)]
struct HudRoot;

fn spawn_hud(mut commands: Commands, existing: Query<(), With<HudRoot>>, mut margins: ResMut<ViewMargins>) {
    if !existing.is_empty() {
        return;
    }
    let side = EDGE + COLUMN_WIDTH + BOARD_GAP;
    margins.set_if_neq(ViewMargins { left: side, right: side, top: BOARD_GAP, bottom: BOARD_GAP });
    let column = |node: Node| panel(Node { position_type: PositionType::Absolute, width: Val::Px(COLUMN_WIDTH), ..node });
    commands
        .spawn((
            Name::new("HUD"),
            HudRoot,
            DespawnOnEnter(AppState::Launcher),
            Node { width: Val::Percent(100.0), height: Val::Percent(100.0), ..default() },
            Pickable::IGNORE,
        ))
        .with_children(|root| {
            root.spawn(column(Node { left: Val::Px(EDGE), top: Val::Px(EDGE), ..default() })).with_children(|c| {
                c.spawn((text("", 15.0), StatusText));
                c.spawn(eval_bar());
            });
            // The bottom of the left column: the actions offered now (a choice between moves,
            // the dice's buttons) stacked above the inspection panel.
            let bottom = Node { position_type: PositionType::Absolute, left: Val::Px(EDGE), bottom: Val::Px(EDGE), width: Val::Px(COLUMN_WIDTH), ..default() };
            root.spawn((Node { flex_direction: FlexDirection::Column, row_gap: Val::Px(8.0), ..bottom }, Pickable::IGNORE)).with_children(|c| {
                c.spawn((Node { flex_direction: FlexDirection::Column, row_gap: Val::Px(8.0), ..default() }, ActionSlot, Pickable::IGNORE));
                c.spawn((panel(Node { display: Display::None, ..default() }), InspectPanel)).with_child((text("", 15.0), InspectText));
            });
            root.spawn(column(Node { right: Val::Px(EDGE), bottom: Val::Px(EDGE), ..default() })).with_child((text("", 13.0), HelpText));
        });
}

/// The keys and mouse actions that apply to the game on the table, a few to a line: stacks
/// to fan out only where cells hold stacks, dice to throw only where the game has dice, a view
/// to frame only on an open plane.
pub fn help_text(pos: &AnyPosition) -> String {
    help_text_for(pos, false)
}

/// [`help_text`] for a local game, or for an online room's (no hints, take-backs, new games
/// or loads there; leaving keeps the seat).
pub fn help_text_for(pos: &AnyPosition, online: bool) -> String {
    let look = pos.look();
    let first = if online { "click/drag: move" } else { "click/drag: move   H: hint" };
    let mut lines = vec![first, "right-drag: orbit   wheel: zoom", "middle-drag: pan   R: reset view"];
    lines.push(if look.plane { "C: frame all   double-click: fly to" } else { "double-click: fly to a piece" });
    lines.push("V: view follows the turn / fixed");
    if pos.topology().wrap() != variant_rules::Wrap::Flat && pos.topology().tri_board().is_none() {
        lines.push("T: true shape / flat");
        if crate::table::game::view::ends_join_for_some(pos) {
            lines.push("Shift+T: whose cylinder");
        }
    }
    if look.stacks {
        lines.push("F: fan the stacks out");
    }
    if look.hands {
        lines.push("in hand: click a piece, then a square");
    }
    if !pos.piles().is_empty() {
        lines.push("click your pile to draw a tile");
    }
    if pos.dice_count() > 0 {
        lines.push("Space: throw the dice");
    }
    lines.extend(["Left/Right: step through the moves", "Home/End: first move / the game"]);
    if online {
        lines.extend([
            "Ctrl+S: save a copy (Shift: as)",
            "Ctrl+E: write the game's record",
            "F1: rules   M: sound   -/=: volume",
            "Ctrl+L: launcher (your seat is kept)",
        ]);
    } else {
        lines.extend([
            "Ctrl+Z/Y: undo/redo   Ctrl+N: new",
            "Ctrl+S/O: save/load (Shift: as)",
            "Ctrl+E: write the game's record",
            "F1: rules   M: sound   -/=: volume",
            "Ctrl+L: launcher (autosaved)",
        ]);
    }
    lines.join("\n")
}

/// Characters of 15 px text a line of the status panel holds (the default font's glyphs are
/// 0.6 em, 9 px, wide; the panel's text is 270 px wide inside its padding).
const STATUS_CHARS: usize = 30;

/// Lines too long for `width` characters broken between their fields (the parts three spaces
/// apart: "A south   B south-west   C north-west"), never inside one; a single field too long
/// is left for the panel to wrap at its spaces.
pub fn wrap_fields(text: &str, width: usize) -> String {
    let mut out: Vec<String> = Vec::new();
    for line in text.split('\n') {
        let mut current = String::new();
        for field in line.split("   ") {
            if !current.is_empty() && current.chars().count() + 3 + field.chars().count() > width {
                out.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current += "   ";
            }
            current += field;
        }
        out.push(current);
    }
    out.join("\n")
}

/// What the inspection panel says with nothing under the pointer: a hint where cells hold
/// stacks to look into, nothing elsewhere (the panel hides).
pub fn inspect_hint(pos: &AnyPosition) -> &'static str {
    if pos.look().stacks { "Inspect: hover a stack (F fans it out)" } else { "" }
}

fn spawn_banner(mut commands: Commands, session: Option<Res<Session>>, seats: Res<Seats>) {
    let Some(session) = session else { return };
    let line = match session.outcome() {
        // The default font has no em dash: plain punctuation only.
        Some(Outcome::Win { winners, reason }) => format!("{}: {reason}", winners_line_at(session.game.position(), &seats, session.game.id(), winners)),
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
    // Ctrl+E: the game's record (PGN for chess) beside the saves.
    if keys.just_pressed(KeyCode::KeyE) {
        io.write(SaveLoad::ExportRecord);
    }
    // A load would put a local game in the online room's place.
    let online = session.as_ref().is_some_and(|s| s.authority.is_server());
    if keys.just_pressed(KeyCode::KeyO) && !online {
        if shift {
            ask.write(AskFile::Open);
        } else {
            io.write(SaveLoad::Load(paths.save()));
        }
    }
    if keys.just_pressed(KeyCode::KeyN)
        && let Some(s) = &session
        && !s.authority.is_server()
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
    replay: Res<Replay>,
    stacks: Query<&Stack>,
    pieces: Query<&ChessPiece>,
    mut texts: ParamSet<(Query<&mut Text, With<StatusText>>, Query<&mut Text, With<InspectText>>, Query<&mut Text, With<HelpText>>)>,
    mut inspect_panels: Query<&mut Node, With<InspectPanel>>,
    dice: Option<Res<crate::table::game::dice::DiceTable>>,
    computer: Res<crate::table::game::ai::Computer>,
    hint: Res<crate::table::game::ai::Hint>,
    online: Option<Res<crate::table::online::link::OnlineRoom>>,
) {
    let Some(session) = session else { return };
    // Text is laid out again whenever it changes: only write what differs.
    let dice_line = dice.map(|d| crate::table::game::dice::dice_line(&session, &d)).unwrap_or_default();
    let ai_lines = computer.hud_lines(&session, &seats, &hint);
    let room_lines = online.map(|r| r.lines()).unwrap_or_default();
    let extra = [dice_line, ai_lines, room_lines].into_iter().filter(|l| !l.is_empty()).collect::<Vec<_>>().join("\n");
    let line = wrap_fields(&status_text(&session, &seats, &extra), STATUS_CHARS);
    for mut t in &mut texts.p0() {
        t.set_if_neq(Text(line.clone()));
    }
    // Inspection, of the position shown: the hovered stack, else the selected one.
    let pos = replay.shown(&session);
    let target_cell = hovered.0.and_then(|e| stacks.get(e).map(|s| s.cell).ok().or_else(|| pieces.get(e).map(|p| p.cell).ok())).or(sel.from);
    let s = match target_cell {
        None => inspect_hint(pos).to_string(),
        Some(cell) => pos.inspect(cell, &|s| seat_label(pos, &seats, session.game.id(), s)),
    };
    for mut node in &mut inspect_panels {
        let display = if s.is_empty() { Display::None } else { Display::Flex };
        if node.display != display {
            node.display = display;
        }
    }
    for mut t in &mut texts.p1() {
        t.set_if_neq(Text(s.clone()));
    }
    let help = help_text_for(pos, session.authority.is_server());
    for mut t in &mut texts.p2() {
        t.set_if_neq(Text(help.clone()));
    }
}

/// "A+C vs B+D" (or "A vs B vs C vs D" cut-throat; "A vs B" with two seats).
pub fn teams_line(pos: &AnyPosition) -> String {
    let teams: Vec<String> = pos.seating().teams().iter().map(|t| t.iter().map(|s| s.letter().to_string()).collect::<Vec<_>>().join("+")).collect();
    teams.join(" vs ")
}

/// Who won: one seat ("Player A (Red) wins"), or a team ("A+C win: Player A (Red) and
/// Player C (Jade)").
pub fn winners_line(seats: &Seats, game: GameId, winners: SeatSet) -> String {
    named_winners(winners, |s| seats.label(game, s))
}

/// [`winners_line`] naming the seats as the position's game does (by set, where sets have names).
pub fn winners_line_at(pos: &AnyPosition, seats: &Seats, game: GameId, winners: SeatSet) -> String {
    named_winners(winners, |s| seat_label(pos, seats, game, s))
}

/// How the HUD names a seat: the engine's label for it with the players' names and colours
/// ("Player A (Red)", "White 1 (A)", "Set C (Jade)").
pub fn seat_label(pos: &AnyPosition, seats: &Seats, game: GameId, seat: Seat) -> String {
    pos.seat_label(seat, &seats.players(game))
}

fn named_winners(winners: SeatSet, label: impl Fn(Seat) -> String) -> String {
    let names: Vec<String> = winners.iter().map(label).collect();
    if names.len() == 1 {
        return format!("{} wins", names[0]);
    }
    let letters: Vec<String> = winners.iter().map(|s| s.letter().to_string()).collect();
    format!("{} win ({})", letters.join("+"), names.join(" and "))
}

/// The seats out of the normal turn order, grouped by state, in the game's words ("missing:
/// C   immobile: D", "mated: D", "frozen: C").
pub fn seat_states_line(pos: &AnyPosition) -> String {
    pos.seat_states_line()
}

/// Seats named per line of the controllers' line.
const PER_LINE: usize = 2;

/// Who plays each seat, when the computer plays any: "White: Human   Black: Computer (1 s)",
/// two seats a line.
pub fn controllers_line(seats: &Seats, game: GameId, count: usize) -> String {
    if !(0..count).any(|i| seats.is_computer(Seat(i as u8))) {
        return String::new();
    }
    let who = |s: Seat| if game.is_checkers_family() || count > 2 { s.letter().to_string() } else { game.seat_role(count, s) };
    let entries: Vec<String> = (0..count).map(|i| Seat(i as u8)).map(|s| format!("{}: {}", who(s), seats.controller(s).label())).collect();
    // Two seats a line: four on one line would not fit the panel and wrap mid-entry.
    entries.chunks(PER_LINE).map(|pair| pair.join("   ")).collect::<Vec<_>>().join("\n")
}

/// The game on its board with the options that change how it looks or plays: "tri-chess on the
/// hexagon of 10 rows, edges cut, no extended moves".
fn title_line(game: &Game) -> String {
    let (o, pos) = (game.options(), game.position());
    let topo = pos.topology();
    let mut title = match topo.tri_board() {
        Some(_) => format!("{} on the {}", game.id().title(), crate::table::geometry::board_name(topo)),
        None => format!("{} on the {} board", game.id().title(), o.topology),
    };
    let extras = [
        (o.symmetric, "symmetric".to_string()),
        (o.queens_open, "open position".into()),
        (o.numbers, format!("Numbers (seed {})", o.seed)),
        (o.cut_edges, "edges cut".into()),
        // Two players have no extended moves to leave out.
        (o.plain_moves && pos.seating().count() > 2, "no extended moves".into()),
        (o.hop_checks, "second hops check".into()),
        (o.queens_relocate, "older rows".into()),
        (o.tri_steps_open, "open steps".into()),
        (o.prose_sequence, "the prose's sequence".into()),
    ];
    for (on, what) in extras {
        if on {
            title += &format!(", {what}");
        }
    }
    title
}

/// The status panel: the game, the teams (more than two seats), who plays each seat (when the
/// computer plays one), whose turn it is or who won, seats missing, immobile or eliminated,
/// what each seat has lost, the dice and the computer, the status line.
pub fn status_text(session: &Session, seats: &Seats, dice_line: &str) -> String {
    let game = &session.game;
    let pos = game.position();
    let seat = |s: Seat| seat_label(pos, seats, game.id(), s);
    let o = game.options();
    let mut title = title_line(game);
    let count = pos.seating().count();
    if count > 2 {
        title += &format!(", {count} players\n{}: {}", o.seating.as_str().replace('-', " "), teams_line(pos));
    }
    if let Some(sets) = pos.sets_line() {
        title += &format!("\n{sets}");
    }
    let mut turn = match session.outcome() {
        Some(Outcome::Win { winners, reason }) => format!("{} ({reason})", winners_line_at(pos, seats, game.id(), winners)),
        Some(Outcome::Draw { reason }) => format!("drawn ({reason})"),
        // A typed name does not say which seat it is: add the letter (unless the label has it).
        None if count > 2 && !pos.label_has_letter() && !seats.name(pos.turn()).is_empty() => {
            format!("{} [{}] to move", seat(pos.turn()), pos.turn().letter())
        }
        None => format!("{} to move", seat(pos.turn())),
    };
    let states = seat_states_line(pos);
    if !states.is_empty() {
        turn += &format!("\n{states}");
    }
    for line in pos.state_lines(&seats.players(game.id())) {
        turn += &format!("\n{line}");
    }
    let players = controllers_line(seats, game.id(), count);
    if !players.is_empty() {
        title += &format!("\n{players}");
    }
    let captured = game.captured_text(&seat);
    format!("{title}\n{turn}\n{captured}\n{dice_line}\n{}", session.status)
}

/// The panel offering the moves that share the clicked cells (promotion pieces, shadow captures).
#[derive(Component)]
struct ChoicePanel;

/// The choice is offered in the left column's slot for actions, above the inspection panel,
/// off the board.
fn show_choices(sel: Res<Selection>, old: Query<Entity, With<ChoicePanel>>, slots: Query<Entity, With<ActionSlot>>, mut commands: Commands) {
    if !sel.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Ok(slot) = slots.single() else { return };
    if sel.choices.is_empty() {
        return;
    }
    commands.entity(slot).with_children(|s| {
        s.spawn((Name::new("Move choice"), ChoicePanel, DespawnOnEnter(AppState::Launcher), panel(Node::default()))).with_children(|p| {
            for (i, MoveChoice { text: text_, what, .. }) in sel.choices.iter().enumerate() {
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
