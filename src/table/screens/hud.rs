//! The in-game HUD: panels for turn, status, captures, move list, stack inspection and key
//! help, the game-over banner, and the keys for new game, save, load and back to the launcher.

use bevy::prelude::*;
use variant_rules::{AnyPosition, Game, GameId, Outcome, Position, Seat, SeatSet, SeatState};

use bevy::picking::events::{Click, Pointer};

use crate::table::game::input::{ChooseMove, MoveChoice, Selection};
use crate::table::game::seats::Seats;
use crate::table::game::session::{GameCommand, Session};
use crate::table::look::visuals::Hovered;
use crate::table::look::widgets::{panel, text};
use crate::table::mirror::pieces::{CheckerPiece, ChessPiece, Stack};
use crate::table::persist::data_dir::SavePaths;
use crate::table::persist::save::SaveLoad;
use crate::table::schedule::{AppState, OnScreen, TurnSystems};
use crate::table::screens::dialogs::AskFile;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(AppState::Playing), spawn_hud)
        .add_systems(OnEnter(AppState::GameOver), (spawn_hud, spawn_banner))
        .add_systems(Update, (game_keys, update_hud, show_choices).in_set(TurnSystems::Draw).in_set(OnScreen::Table));
}

#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct MovesText;
#[derive(Component)]
struct InspectText;
#[derive(Component)]
struct HudRoot;

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
                "click/drag: move   right-drag: orbit   middle-drag: pan   wheel: zoom\n\
                     R: reset view   V: view follows the turn / fixed   C: frame all\n\
                     double-click: fly to   F: fan stacks   Ctrl+Z/Y: undo/redo\n\
                     Ctrl+S/O: save/load   Ctrl+Shift+S/O: save as/open   Ctrl+N: new\n\
                     Ctrl+L: launcher   Space: dice   H: hint   (every move is autosaved)",
                13.0,
            ));
        });
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
    dice: Option<Res<crate::table::game::dice::DiceTable>>,
    computer: Res<crate::table::game::ai::Computer>,
    hint: Res<crate::table::game::ai::Hint>,
) {
    let Some(session) = session else { return };
    // Text is laid out again whenever it changes: only write what differs.
    let dice_line = dice.map(|d| crate::table::game::dice::dice_line(&session, &d)).unwrap_or_default();
    let ai_lines = computer.hud_lines(&session, &seats, &hint);
    let extra = [dice_line, ai_lines].into_iter().filter(|l| !l.is_empty()).collect::<Vec<_>>().join("\n");
    let line = status_text(&session, &seats, &extra);
    for mut t in &mut status {
        t.set_if_neq(Text(line.clone()));
    }
    let s = move_list_text(&session);
    for mut t in &mut moves {
        t.set_if_neq(Text(s.clone()));
    }
    // Inspection: the hovered stack, else the selected one.
    let target_cell = hovered.0.and_then(|e| stacks.get(e).map(|(s, _)| s.cell).ok().or_else(|| pieces.get(e).map(|p| p.cell).ok())).or(sel.from);
    let s = match target_cell {
        None => String::from("Inspect (hover a stack; F fans it out)"),
        Some(cell) => {
            let stack: Vec<CheckerPiece> = stacks
                .iter()
                .find(|(st, _)| st.cell == cell)
                .map(|(_, children)| children.iter().filter_map(|c| checkers.get(c).ok()).copied().collect())
                .unwrap_or_default();
            inspect_text(&session, &seats, cell, &stack, pieces.iter().find(|p| p.cell == cell))
        }
    };
    for mut t in &mut inspect {
        t.set_if_neq(Text(s.clone()));
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

/// [`winners_line`] naming the seats as the position's game does (Double Chess: by set).
pub fn winners_line_at(pos: &AnyPosition, seats: &Seats, game: GameId, winners: SeatSet) -> String {
    named_winners(winners, |s| seat_label(pos, seats, game, s))
}

/// How the HUD names a seat: [`Seats::label`], in Double Chess with the set it plays.
pub fn seat_label(pos: &AnyPosition, seats: &Seats, game: GameId, seat: Seat) -> String {
    match pos {
        AnyPosition::DoubleChess(p) => crate::table::game::double_chess::seat_label(p, seats, seat),
        _ => seats.label(game, seat),
    }
}

fn named_winners(winners: SeatSet, label: impl Fn(Seat) -> String) -> String {
    let names: Vec<String> = winners.iter().map(label).collect();
    if names.len() == 1 {
        return format!("{} wins", names[0]);
    }
    let letters: Vec<String> = winners.iter().map(|s| s.letter().to_string()).collect();
    format!("{} win ({})", letters.join("+"), names.join(" and "))
}

/// The seats out of the normal turn order, grouped by state: "missing: C   immobile: D", in
/// Double Chess "mated: D" (missing turns) and "frozen: C" (cut-throat, checkmated).
pub fn seat_states_line(pos: &AnyPosition) -> String {
    let mut parts = Vec::new();
    for state in [SeatState::Missing, SeatState::Immobile, SeatState::Eliminated, SeatState::Mated] {
        let who: Vec<String> = pos.seating().seats().filter(|&s| pos.seat_state(s) == state).map(|s| s.letter().to_string()).collect();
        let name = match (pos, state) {
            (AnyPosition::DoubleChess(_), SeatState::Eliminated) => "frozen",
            _ => state.as_str(),
        };
        if !who.is_empty() {
            parts.push(format!("{name}: {}", who.join(", ")));
        }
    }
    parts.join("   ")
}

/// Seats named per line of the controllers' line.
const PER_LINE: usize = 2;

/// Who plays each seat, when the computer plays any: "White: Human   Black: Computer (1 s)",
/// two seats a line.
pub fn controllers_line(seats: &Seats, game: GameId, count: usize) -> String {
    if !(0..count).any(|i| seats.is_computer(Seat(i as u8))) {
        return String::new();
    }
    let who = |s: Seat| if game.is_checkers_family() || count > 2 { s.letter().to_string() } else { Seats::role(game, count, s) };
    let entries: Vec<String> = (0..count).map(|i| Seat(i as u8)).map(|s| format!("{}: {}", who(s), seats.controller(s).label())).collect();
    // Two seats a line: four on one line would not fit the panel and wrap mid-entry.
    entries.chunks(PER_LINE).map(|pair| pair.join("   ")).collect::<Vec<_>>().join("\n")
}

/// The game on its board with the options that change how it looks or plays: "tri-chess on the
/// hexagon of 10 rows, edges cut, no extended moves".
fn title_line(game: &Game) -> String {
    let (o, pos) = (game.options(), game.position());
    let topo = crate::table::geometry::topology_of(pos);
    let mut title = match topo.tri_board() {
        Some(_) => format!("{} on the {}", game.id(), crate::table::geometry::board_name(topo)),
        None => format!("{} on the {} board", game.id(), o.topology),
    };
    let extras = [
        (o.symmetric, "symmetric".to_string()),
        (o.queens_open, "open position".into()),
        (o.numbers, format!("Numbers (seed {})", o.seed)),
        (o.cut_edges, "edges cut".into()),
        // Two players' Tri-Chess has no extended moves to leave out.
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
    let double = match pos {
        AnyPosition::DoubleChess(p) => Some(p),
        _ => None,
    };
    if let Some(p) = double {
        title += &format!("\n{}", crate::table::game::double_chess::sets_line(p));
    }
    let mut turn = match session.outcome() {
        Some(Outcome::Win { winners, reason }) => format!("{} ({reason})", winners_line_at(pos, seats, game.id(), winners)),
        Some(Outcome::Draw { reason }) => format!("drawn ({reason})"),
        // A typed name does not say which seat it is: add the letter (Double Chess's labels have it).
        None if count > 2 && double.is_none() && !seats.name(pos.turn()).is_empty() => format!("{} [{}] to move", seat(pos.turn()), pos.turn().letter()),
        None => format!("{} to move", seat(pos.turn())),
    };
    let states = seat_states_line(pos);
    if !states.is_empty() {
        turn += &format!("\n{states}");
    }
    for line in double.map(|p| crate::table::game::double_chess::state_lines(p, seats)).unwrap_or_default() {
        turn += &format!("\n{line}");
    }
    let players = controllers_line(seats, game.id(), count);
    if !players.is_empty() {
        title += &format!("\n{players}");
    }
    let captured = captured_text(game, &seat);
    format!("{title}\n{turn}\n{captured}\n{dice_line}\n{}", session.status)
}

/// What each seat has lost, for the status panel: with four seats by letter, two seats a line
/// ("held" for "held prisoner"); with two by the seat's label.
fn captured_text(game: &Game, seat: &dyn Fn(Seat) -> String) -> String {
    let pos = game.position();
    // Counted from the full sets of the game's options (also for a game set up from a
    // position): Tri-Chess's sets start with a ninth Pawn or without.
    let start = matches!(pos, AnyPosition::DoubleChess(_)).then(|| AnyPosition::start(game.id(), game.options()).ok()).flatten();
    let lost: Vec<(Seat, String)> = crate::table::mirror::pieces::captured_summary_from(pos, start.as_ref())
        .into_iter()
        .enumerate()
        .filter(|(_, l)| !l.is_empty())
        .map(|(i, l)| (Seat(i as u8), l))
        .collect();
    if pos.seating().count() > 2 {
        let entries: Vec<String> = lost.iter().map(|(s, l)| format!("{}: {}", s.letter(), l.replace(" held prisoner", " held"))).collect();
        let lines: Vec<String> = entries.chunks(PER_LINE).map(|pair| pair.join("   ")).collect();
        return if lines.is_empty() { String::new() } else { format!("lost: {}", lines.join("\n      ")) };
    }
    // Toe-to-Toe's summary says itself what is lost and what is still in hand.
    let sep = if matches!(pos, AnyPosition::ToeToe(_) | AnyPosition::Chex(_) | AnyPosition::ChecToe(_)) { ":" } else { " lost:" };
    lost.iter().map(|(s, l)| format!("{}{sep} {l}   ", seat(*s))).collect()
}

/// The move list: pairs of moves numbered by turn; in dice games a line per turn (its rolls and
/// moves); with more than two seats each move carries its seat's letter.
pub fn move_list_text(session: &Session) -> String {
    let game = &session.game;
    let mut s = String::from("Moves\n");
    if game.id().dice(game.options()) > 0 {
        // ASCII notation: the font has no arrowheads for Chec Toe's drop and Checker marks.
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
        return s;
    }
    let list: Vec<&str> = game.moves().collect();
    if game.position().seating().count() > 2 {
        // A move a line, numbered, with the letter of the seat that made it (seats whose turns
        // are skipped make the order irregular).
        let movers: Vec<Seat> = session.movers().collect();
        let first = list.len().saturating_sub(26);
        for (i, m) in list.iter().enumerate().skip(first) {
            let who = movers.get(i).map_or(' ', |s| s.letter());
            s += &format!("{:>3}. {who} {m}\n", i + 1);
        }
        return s;
    }
    let first = list.len().saturating_sub(40) / 2 * 2;
    for (i, pair) in list[first..].chunks(2).enumerate() {
        s += &format!("{:>3}. {}\n", first / 2 + i + 1, pair.join("  "));
    }
    s
}

/// The inspection panel for `cell`: a stack top down (`stack` is bottom first, as the
/// entity's children), or the piece standing there.
fn inspect_text(session: &Session, seats: &Seats, cell: variant_rules::Cell, stack: &[CheckerPiece], piece: Option<&ChessPiece>) -> String {
    let pos = session.game.position();
    let seat = |s: Seat| seat_label(pos, seats, session.game.id(), s);
    let mut s = format!("{}:", crate::table::geometry::topology_of(pos).name(cell));
    match pos {
        AnyPosition::Checkers(_) => {
            for (i, ck) in stack.iter().rev().enumerate() {
                let king = if ck.king { " king" } else { "" };
                let num = if ck.number > 0 { format!(" #{}", ck.number) } else { String::new() };
                s += &format!("\n  {}{}{king}{num}", if i == 0 { "top: " } else { "     " }, seat(ck.owner));
            }
        }
        AnyPosition::Chess(_) | AnyPosition::DiceChess(_) | AnyPosition::ChecToe(_) => {
            if let Some(p) = piece {
                s += &format!(" {} {}", seat(p.owner), crate::table::mirror::pieces::piece_name(p.kind));
            }
        }
        AnyPosition::Chex(_) => {}
        AnyPosition::DoubleChess(p) => {
            if let Some(o) = p.owner_at(cell) {
                s += &format!(" {} {}", seat(o), crate::table::mirror::pieces::piece_name(p.kind_at(cell)));
            } else if p.is_closed(cell) {
                s += if p.is_tri() { " out of play" } else { " off limits (cut-throat corner)" };
            }
            if let Some(m) = crate::table::mirror::pieces::double_chess_marks(p, cell) {
                let notes = [(m.frozen, "frozen"), (m.immune, "immune this round"), (m.mated, "checkmated")];
                s += &notes.iter().filter(|n| n.0).map(|n| format!(", {}", n.1)).collect::<String>();
            }
        }
        AnyPosition::ToeToe(_) => {
            if let Some(p) = piece {
                s += &format!(" {} {}", seat(p.owner), variant_rules::toetoe::kind_name(p.kind));
            }
        }
    }
    s
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::game::seats::Controller;

    #[test]
    fn a_tri_chess_set_counts_its_losses_from_its_own_start_ninth_pawn_included() {
        use variant_rules::GameOptions;
        let mut opts = GameOptions::default_for(GameId::TriChess);
        opts.players = 3;
        let start = Game::new(GameId::TriChess, opts, None).unwrap();
        let text = start.position().to_text();
        assert_eq!(text.matches("[aP]1/").count(), 1, "seat A's Pawn row ends with its ninth Pawn and an empty triangle: {text}");
        // Seat A without the last Pawn of its row: a game that started from the full set.
        let short = text.replacen("[aP]1/", "2/", 1);
        let pos = AnyPosition::from_text(GameId::TriChess, &opts, &short).unwrap();
        let lost = crate::table::mirror::pieces::captured_summary_from(&pos, Some(start.position()));
        assert_eq!(lost, ["P", "", ""]);
        assert_eq!(captured_text(&start, &|s| s.letter().to_string()), "", "nothing lost at the start");
        // Counted against eight Pawns, the ninth would hide the loss.
        assert_eq!(crate::table::mirror::pieces::captured_summary(&pos), ["", "", ""]);
        let seats = Seats::new(GameId::TriChess, 3);
        let session = Session::new(start);
        let status = status_text(&session, &seats, "");
        assert!(status.contains("A south   B north-west   C north-east\nSet A (Red) to move"), "{status}");
    }

    #[test]
    fn controllers_line_names_two_seats_a_line() {
        let mut seats = Seats::new(GameId::Stax, 4);
        assert_eq!(controllers_line(&seats, GameId::Stax, 4), "", "no computer: no line");
        for s in &mut seats.seats[1..] {
            s.controller = Controller::Computer { movetime_ms: 1000 };
        }
        let line = controllers_line(&seats, GameId::Stax, 4);
        assert_eq!(line, "A: Human   B: Computer (1 s)\nC: Computer (1 s)   D: Computer (1 s)");
        let mut two = Seats::new(GameId::Chess, 2);
        two.seats[1].controller = Controller::Computer { movetime_ms: 200 };
        assert_eq!(controllers_line(&two, GameId::Chess, 2), "White: Human   Black: Computer (0.2 s)");
    }
}
