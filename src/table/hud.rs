//! Screens and HUD: the launcher (choose game, topology, options; Enter starts), the in-game
//! panels (turn, status, move list, stack inspection, key help), the game-over banner, and the
//! keys for new game, save and load.

use bevy::prelude::*;
use variant_rules::{AnyPosition, Game, GameId, GameOptions, Outcome, Wrap};

use super::input::Selection;
use super::pieces::{CheckerPiece, ChessPiece, Stack};
use super::save::{default_save_path, SaveLoad};
use super::session::{GameCommand, Session};
use super::visuals::Hovered;
use super::{AppState, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LauncherChoice>()
        .add_systems(OnEnter(AppState::Launcher), spawn_launcher)
        .add_systems(Update, (launcher_keys, launcher_text).chain().run_if(in_state(AppState::Launcher)))
        .add_systems(OnEnter(AppState::Playing), spawn_hud)
        .add_systems(OnEnter(AppState::GameOver), (spawn_hud, spawn_banner))
        .add_systems(
            Update,
            (game_keys, update_hud).in_set(TurnSystems::EndTurn).run_if(in_state(AppState::Playing).or_else(in_state(AppState::GameOver))),
        );
}

/// What the launcher has selected. The default is Stax on the flat board.
#[derive(Resource, Debug, Clone)]
pub struct LauncherChoice {
    pub game: usize,
    pub topology: usize,
    pub numbers: bool,
    pub seed: u64,
}

impl Default for LauncherChoice {
    fn default() -> Self {
        let stax = GameId::ALL.iter().position(|&g| g == GameId::Stax).expect("Stax is a game");
        LauncherChoice { game: stax, topology: 0, numbers: false, seed: 0 }
    }
}

impl LauncherChoice {
    /// The game this choice describes.
    pub fn game(&self) -> Result<Game, String> {
        let id = GameId::ALL[self.game];
        let mut opts = GameOptions::default_for(id);
        opts.topology = id.topologies()[self.topology % id.topologies().len()];
        opts.numbers = self.numbers && id.is_checkers_family();
        opts.seed = self.seed;
        Game::new(id, opts, None)
    }
}

#[derive(Component)]
struct LauncherText;
#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct MovesText;
#[derive(Component)]
struct InspectText;
#[derive(Component)]
struct HudRoot;

const PANEL: Color = Color::srgba(0.05, 0.05, 0.06, 0.72);

fn text(s: impl Into<String>, size: f32) -> impl Bundle {
    (Text::new(s), TextFont::from_font_size(size), TextColor(Color::srgb(0.93, 0.92, 0.88)))
}

fn panel(node: Node) -> impl Bundle {
    (Node { padding: UiRect::all(Val::Px(10.0)), flex_direction: FlexDirection::Column, row_gap: Val::Px(4.0), ..node }, BackgroundColor(PANEL))
}

/// The launcher is UI drawn by the table's one camera, over a backdrop that hides the table.
fn spawn_launcher(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Launcher"),
            DespawnOnExit(AppState::Launcher),
            Node { width: Val::Percent(100.0), height: Val::Percent(100.0), justify_content: JustifyContent::Center, align_items: AlignItems::Center, ..default() },
            BackgroundColor(Color::srgb(0.08, 0.12, 0.1)),
        ))
        .with_children(|root| {
            root.spawn(panel(Node { width: Val::Px(980.0), ..default() })).with_children(|p| {
                p.spawn(text("Variant Table", 40.0));
                p.spawn((text("", 16.0), LauncherText));
                p.spawn(text("Up/Down: game   Left/Right: board   N: Numbers   S: new seed   Enter: play", 15.0));
            });
        });
}

fn launcher_keys(keys: Res<ButtonInput<KeyCode>>, mut choice: ResMut<LauncherChoice>, mut out: MessageWriter<GameCommand>) {
    let n = GameId::ALL.len();
    if keys.just_pressed(KeyCode::ArrowDown) {
        choice.game = (choice.game + 1) % n;
        choice.topology = 0;
    }
    if keys.just_pressed(KeyCode::ArrowUp) {
        choice.game = (choice.game + n - 1) % n;
        choice.topology = 0;
    }
    let tops = GameId::ALL[choice.game].topologies().len();
    if keys.just_pressed(KeyCode::ArrowRight) {
        choice.topology = (choice.topology + 1) % tops;
    }
    if keys.just_pressed(KeyCode::ArrowLeft) {
        choice.topology = (choice.topology + tops - 1) % tops;
    }
    if keys.just_pressed(KeyCode::KeyN) {
        choice.numbers = !choice.numbers;
    }
    if keys.just_pressed(KeyCode::KeyS) {
        choice.seed = choice.seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407) >> 16;
    }
    if keys.just_pressed(KeyCode::Enter) {
        if let Ok(game) = choice.game() {
            out.write(GameCommand::NewGame(Box::new(game)));
        }
    }
}

fn launcher_text(choice: Res<LauncherChoice>, mut q: Query<&mut Text, With<LauncherText>>) {
    if !choice.is_changed() {
        return;
    }
    let mut s = String::new();
    for (i, g) in GameId::ALL.iter().enumerate() {
        let mark = if i == choice.game { "> " } else { "  " };
        s += &format!("{mark}{:<15} {}\n", g.as_str(), g.description());
    }
    let id = GameId::ALL[choice.game];
    let wrap: Wrap = id.topologies()[choice.topology % id.topologies().len()];
    s += &format!("\nboard: {wrap}");
    if id.is_checkers_family() {
        s += &format!("    numbers: {}", if choice.numbers { format!("on (seed {})", choice.seed) } else { "off".into() });
    }
    for mut t in &mut q {
        t.0 = s.clone();
    }
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
            root.spawn(panel(Node { position_type: PositionType::Absolute, right: Val::Px(12.0), bottom: Val::Px(12.0), ..default() }))
                .with_child(text(
                    "click/drag: move   right-drag: orbit   middle-drag: pan   wheel: zoom   R: reset view\n\
                     double-click: fly to   F: fan stacks   Ctrl+Z/Y: undo/redo   Ctrl+S/O: save/load\n\
                     Ctrl+N: new game   Ctrl+L: launcher",
                    13.0,
                ));
        });
}

fn spawn_banner(mut commands: Commands, session: Option<Res<Session>>) {
    let Some(session) = session else { return };
    let names = session.game.id().player_names();
    let line = match session.outcome() {
        Some(Outcome::Win { winner, reason }) => format!("{} wins — {reason}", seat(names[winner as usize])),
        Some(Outcome::Draw { reason }) => format!("Draw — {reason}"),
        None => return,
    };
    commands
        .spawn((
            Name::new("Game over banner"),
            DespawnOnExit(AppState::GameOver),
            Node { position_type: PositionType::Absolute, width: Val::Percent(100.0), top: Val::Percent(40.0), justify_content: JustifyContent::Center, ..default() },
            Pickable::IGNORE,
        ))
        .with_children(|b| {
            b.spawn(panel(Node::default())).with_child(text(line, 34.0));
        });
}

/// A seat name as players say it.
fn seat(name: &str) -> String {
    match name {
        "a" => "Player A (dark)".into(),
        "b" => "Player B (light)".into(),
        other => {
            let mut c = other.chars();
            c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
        }
    }
}

fn game_keys(keys: Res<ButtonInput<KeyCode>>, session: Option<Res<Session>>, mut cmd: MessageWriter<GameCommand>, mut io: MessageWriter<SaveLoad>, mut next: ResMut<NextState<AppState>>) {
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if !ctrl {
        return;
    }
    if keys.just_pressed(KeyCode::KeyS) {
        io.write(SaveLoad::Save(default_save_path()));
    }
    if keys.just_pressed(KeyCode::KeyO) {
        io.write(SaveLoad::Load(default_save_path()));
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
    sel: Res<Selection>,
    hovered: Res<Hovered>,
    stacks: Query<(&Stack, &Children)>,
    checkers: Query<&CheckerPiece>,
    pieces: Query<&ChessPiece>,
    mut status: Query<&mut Text, (With<StatusText>, Without<MovesText>, Without<InspectText>)>,
    mut moves: Query<&mut Text, (With<MovesText>, Without<StatusText>, Without<InspectText>)>,
    mut inspect: Query<&mut Text, (With<InspectText>, Without<StatusText>, Without<MovesText>)>,
) {
    let Some(session) = session else { return };
    let game = &session.game;
    let pos = game.position();
    let names = game.id().player_names();
    let o = game.options();
    let mut title = format!("{} on the {} board", game.id(), o.topology);
    if o.numbers {
        title += &format!(", Numbers (seed {})", o.seed);
    }
    let turn = match session.outcome() {
        Some(Outcome::Win { winner, reason }) => format!("{} wins ({reason})", seat(names[winner as usize])),
        Some(Outcome::Draw { reason }) => format!("drawn ({reason})"),
        None => format!("{} to move", seat(names[pos.turn() as usize])),
    };
    let lost = super::pieces::captured_summary(pos);
    let mut captured = String::new();
    for (side, l) in lost.iter().enumerate() {
        if !l.is_empty() {
            captured += &format!("{} lost: {l}   ", seat(names[side]));
        }
    }
    // Text is laid out again whenever it changes: only write what differs.
    let line = format!("{title}\n{turn}\n{captured}\n{}", session.status);
    for mut t in &mut status {
        t.set_if_neq(Text(line.clone()));
    }
    let list: Vec<&str> = game.moves().collect();
    let mut s = String::from("Moves\n");
    let first = list.len().saturating_sub(40) / 2 * 2;
    for (i, pair) in list[first..].chunks(2).enumerate() {
        s += &format!("{:>3}. {}\n", first / 2 + i + 1, pair.join("  "));
    }
    for mut t in &mut moves {
        t.set_if_neq(Text(s.clone()));
    }
    // Inspection: the hovered stack, else the selected one.
    let topo = super::board::topology_of(pos);
    let target_cell = hovered
        .0
        .and_then(|e| stacks.get(e).map(|(s, _)| s.cell).ok().or_else(|| pieces.get(e).map(|p| p.cell).ok()))
        .or(sel.from);
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
                            let who = seat(names[ck.owner as usize]);
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
            AnyPosition::Chess(_) => {
                if let Some(p) = pieces.iter().find(|p| p.cell == cell) {
                    s += &format!(" {} {}", seat(names[p.owner as usize]), super::pieces::piece_name(p.kind));
                }
            }
        }
    }
    for mut t in &mut inspect {
        t.set_if_neq(Text(s.clone()));
    }
}
