//! The launcher screen: choose a game, its board and options (for the checkers games two or
//! four players, round the hexagon of triangles two to six; the seating, Queens' colours, the
//! triangular games' figures, Tri-Chess's cut edges and plain moves), and the seats (names,
//! piece colours, and who plays each: a player here or the computer at 0.2 s, 1 s or 5 s a
//! move); Enter starts the chosen game (Stax on the flat board unless changed).

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use variant_rules::checkers::{DoublesSeating, QueensColours};
use variant_rules::dicechess::DiceRules;
use variant_rules::{Game, GameId, GameOptions, Position, Seat, Wrap};

use super::AppState;
use super::board::{board_name, layout_of, side_name, topology_of};
use super::hud::{panel, text};
use super::seats::{MAX_NAME, Seats};
use super::session::GameCommand;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LauncherChoice>()
        .add_systems(OnEnter(AppState::Launcher), spawn_launcher)
        .add_systems(Update, (launcher_keys, launcher_text).chain().run_if(in_state(AppState::Launcher)));
}

#[derive(Component)]
struct LauncherText;

/// The games the launcher offers: the checkers family first (the square boards' games, then
/// the triangular ones beside them), then the rest in the engine's order.
fn games() -> &'static [GameId] {
    static ORDER: std::sync::OnceLock<Vec<GameId>> = std::sync::OnceLock::new();
    ORDER.get_or_init(|| {
        let group = |g: GameId| {
            if !g.is_checkers_family() {
                2
            } else if g.is_triangular() {
                1
            } else {
                0
            }
        };
        let mut all = GameId::ALL.to_vec();
        all.sort_by_key(|&g| group(g));
        all
    })
}

/// What the launcher has selected. The default is Stax on the flat board.
#[derive(Resource, Debug, Clone)]
pub struct LauncherChoice {
    pub game: usize,
    pub topology: usize,
    pub numbers: bool,
    pub seed: u64,
    /// Dice Chess: index into `DiceRules::ALL` (Left/Right choose it, as the board for others).
    pub rules: usize,
    /// Checkers games: 2 players, or 4 (Doubles on the 12x12 board); the hexagon's games
    /// (triangular checkers, Tri-Chess) 2 to 6; P cycles through the counts the game seats.
    pub players: u8,
    /// More than two players: how they sit and team up (A cycles through the seatings the
    /// rules allow for the count).
    pub seating: DoublesSeating,
    /// Four-player Queens and Tri-Queens: partners on one colour or split (Q toggles).
    pub queens_colours: QueensColours,
    /// Triangular games: Figures 14 and 20's symmetric positions (Y toggles, where allowed).
    pub symmetric: bool,
    /// Four-player Tri-Queens on mixed colours: the open position (O toggles).
    pub queens_open: bool,
    /// Tri-Chek: the 40-move option (F toggles; on by default).
    pub forty_moves: bool,
    /// Tri-Chess: the unoccupied outer edges out of play instead of a ninth Pawn (E toggles).
    pub cut_edges: bool,
    /// Tri-Chess for three to six: without the extended Knight and Pawn moves (X toggles).
    pub plain_moves: bool,
    /// Tri-Chess for five and six: the 12-rank board's corners in play (C toggles).
    pub full_corners: bool,
    /// Double Chess: a Knight's second hop gives check (H toggles).
    pub hop_checks: bool,
    /// Four-player Queens: the older start instead of every seat 5-4-3 (R toggles).
    pub queens_relocate: bool,
    /// Tri-Queens: steps and jumps pass an occupied triangle between corners (T toggles).
    pub tri_steps_open: bool,
    /// Four-player triangular checkers: the prose's sequences rather than the table's (G toggles).
    pub prose_sequence: bool,
    /// The field the keyboard edits.
    pub focus: Focus,
}

/// What the launcher's keys edit: the game list, or a seat's name and colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Focus {
    #[default]
    Game,
    Seat(Seat),
}

/// A key the launcher understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LauncherKey {
    Up,
    Down,
    Left,
    Right,
    Tab,
    Backspace,
    Enter,
    /// Text typed (a letter of a name, or N / S / P / A / Q / Y / O / F / E / X / 1-6 on the game list).
    Char(char),
}

impl Default for LauncherChoice {
    fn default() -> Self {
        let stax = games().iter().position(|&g| g == GameId::Stax).expect("Stax is a game");
        LauncherChoice {
            game: stax,
            topology: 0,
            numbers: false,
            seed: 0,
            rules: 0,
            players: 2,
            seating: DoublesSeating::default(),
            queens_colours: QueensColours::default(),
            symmetric: false,
            queens_open: false,
            forty_moves: true,
            cut_edges: false,
            plain_moves: false,
            full_corners: false,
            hop_checks: false,
            queens_relocate: false,
            tri_steps_open: false,
            prose_sequence: false,
            focus: Focus::Game,
        }
    }
}

impl LauncherChoice {
    /// The launcher with `game`'s id, board, rule set and seating chosen (what `screenshot
    /// --launcher` shows for the game it names).
    pub fn of(game: &Game) -> LauncherChoice {
        let (id, o) = (game.id(), game.options());
        LauncherChoice {
            game: games().iter().position(|&g| g == id).unwrap_or(0),
            topology: id.topologies().iter().position(|&w| w == o.topology).unwrap_or(0),
            numbers: o.numbers,
            seed: o.seed,
            rules: DiceRules::ALL.iter().position(|&r| r == o.dice_rules).unwrap_or(0),
            players: o.players,
            seating: o.seating,
            queens_colours: o.queens_colours,
            symmetric: o.symmetric,
            queens_open: o.queens_open,
            forty_moves: o.forty_moves || id != GameId::TriChek,
            cut_edges: o.cut_edges,
            plain_moves: o.plain_moves,
            full_corners: o.full_corners,
            hop_checks: o.hop_checks,
            queens_relocate: o.queens_relocate,
            tri_steps_open: o.tri_steps_open,
            prose_sequence: o.prose_sequence,
            focus: Focus::Game,
        }
    }

    /// The game id chosen.
    pub fn id(&self) -> GameId {
        games()[self.game]
    }

    /// How many players the chosen game seats: the players chosen if the game seats that many,
    /// else the most it seats up to that (2 for chess; Double Chess's four).
    pub fn seat_count(&self) -> usize {
        let counts = self.id().player_counts();
        let fits = counts.iter().copied().filter(|&n| n <= self.players).max();
        fits.unwrap_or(counts[0]) as usize
    }

    /// The seatings the rules allow the chosen game at its player count (none with two players).
    pub fn seatings(&self) -> Vec<DoublesSeating> {
        let (id, n) = (self.id(), self.seat_count() as u8);
        if n <= 2 {
            return Vec::new();
        }
        let all: &[DoublesSeating] = if id.is_hexagonal() { &DoublesSeating::TRI } else { &DoublesSeating::ALL };
        all.iter().copied().filter(|&seating| self.base_options(n, seating).validate(id).is_ok()).collect()
    }

    /// The seating the chosen game gets: the one chosen if the rules allow it at this count,
    /// else the first they do (Double Chess's partners always sit at adjacent sides, so a
    /// seating of partners opposite, chosen for a checkers game, means adjacent there).
    pub fn seating(&self) -> DoublesSeating {
        let allowed = self.seatings();
        let wanted = match self.seating {
            DoublesSeating::PartnersOpposite if self.id() == GameId::DoubleChess => DoublesSeating::PartnersAdjacent,
            s => s,
        };
        if allowed.contains(&wanted) { wanted } else { allowed.first().copied().unwrap_or(GameOptions::default_for(self.id()).seating) }
    }

    /// The options for `players` seated as `seating`, before the optional figures and rules.
    fn base_options(&self, players: u8, seating: DoublesSeating) -> GameOptions {
        let id = self.id();
        let mut opts = GameOptions::default_for(id);
        opts.topology = id.topologies()[self.topology % id.topologies().len()];
        opts.numbers = self.numbers && id.is_checkers_family();
        opts.seed = self.seed;
        if id == GameId::DiceChess {
            opts.dice_rules = DiceRules::ALL[self.rules % DiceRules::ALL.len()];
        }
        if players > 2 {
            opts.players = players;
            opts.move_limit = id.default_move_limit_for(players);
            opts.seating = seating;
        }
        opts
    }

    /// The options of the chosen game: each optional choice (Queens' colours, the symmetric
    /// figures, the open position, the 40-move rule, Tri-Chess's cut edges and plain moves)
    /// kept where the rules accept it.
    pub fn options(&self) -> GameOptions {
        let id = self.id();
        let mut opts = self.base_options(self.seat_count() as u8, self.seating());
        let mut keep = |set: &dyn Fn(&mut GameOptions)| {
            let mut with = opts;
            set(&mut with);
            if with.validate(id).is_ok() {
                opts = with;
            }
        };
        keep(&|o| o.queens_colours = self.queens_colours);
        keep(&|o| o.symmetric = self.symmetric);
        keep(&|o| o.queens_open = self.queens_open);
        keep(&|o| o.forty_moves = self.forty_moves && id == GameId::TriChek);
        keep(&|o| o.cut_edges = self.cut_edges && id == GameId::TriChess);
        // The extended moves are those of three to six players: two play without them anyway.
        keep(&|o| o.plain_moves = self.plain_moves && id == GameId::TriChess && o.players > 2);
        keep(&|o| o.full_corners = self.full_corners && id == GameId::TriChess && o.players > 4);
        keep(&|o| o.hop_checks = self.hop_checks && id == GameId::DoubleChess);
        keep(&|o| o.queens_relocate = self.queens_relocate && id == GameId::Queens && o.players == 4);
        keep(&|o| o.tri_steps_open = self.tri_steps_open && id == GameId::TriQueens);
        keep(&|o| o.prose_sequence = self.prose_sequence && id.is_triangular());
        opts
    }

    /// The game this choice describes.
    pub fn game(&self) -> Result<Game, String> {
        Game::new(self.id(), self.options(), None)
    }

    /// Applies one key; returns the game to start when it is Enter.
    pub fn on_key(&mut self, seats: &mut Seats, key: &LauncherKey) -> Option<Result<Game, String>> {
        let before = (self.id(), self.seat_count(), self.seating());
        match (key, self.focus) {
            (LauncherKey::Enter, _) => return Some(self.game()),
            (LauncherKey::Tab, Focus::Game) => self.focus = Focus::Seat(Seat::A),
            (LauncherKey::Tab, Focus::Seat(s)) if s.index() + 1 < self.seat_count() => self.focus = Focus::Seat(Seat(s.0 + 1)),
            (LauncherKey::Tab, Focus::Seat(_)) => self.focus = Focus::Game,
            // On a seat, Up/Down choose who plays it; on the game list, the game.
            (LauncherKey::Down | LauncherKey::Up, Focus::Seat(s)) => seats.cycle_controller(s, *key == LauncherKey::Down),
            (LauncherKey::Down | LauncherKey::Up, Focus::Game) => self.next_game(*key == LauncherKey::Down),
            (LauncherKey::Char(c @ '1'..='6'), Focus::Game) => {
                let seat = Seat(*c as u8 - b'1');
                if seat.index() < self.seat_count() {
                    seats.cycle_controller(seat, true);
                }
            }
            (LauncherKey::Right | LauncherKey::Left, Focus::Game) => self.next_board(*key == LauncherKey::Right),
            (LauncherKey::Right | LauncherKey::Left, Focus::Seat(s)) => seats.cycle_colour(s, *key == LauncherKey::Right),
            (LauncherKey::Backspace, Focus::Seat(s)) => {
                if let Some(seat) = seats.seats.get_mut(s.index()) {
                    seat.name.pop();
                }
            }
            (LauncherKey::Char(c), Focus::Seat(s)) if !c.is_control() => {
                if let Some(seat) = seats.seats.get_mut(s.index()).filter(|seat| seat.name.chars().count() < MAX_NAME) {
                    seat.name.push(*c);
                }
            }
            (LauncherKey::Char(c), Focus::Game) => self.option_key(c.to_ascii_lowercase()),
            _ => {}
        }
        // Another game or table size: seats to match, and that set's colours unless the players
        // chose their own.
        if (self.id(), self.seat_count(), self.seating()) != before {
            seats.suit_seated(self.id(), self.seat_count(), self.seating());
            if let Focus::Seat(s) = self.focus
                && s.index() >= self.seat_count()
            {
                self.focus = Focus::Game;
            }
        }
        None
    }

    fn next_game(&mut self, down: bool) {
        let n = games().len();
        self.game = if down { (self.game + 1) % n } else { (self.game + n - 1) % n };
        self.topology = 0;
        // Each game starts from its own usual seating (the triangular games': cut-throat).
        self.seating = GameOptions::default_for(self.id()).seating;
    }

    /// Left/Right on the game list: the board, or Dice Chess's rule set.
    fn next_board(&mut self, right: bool) {
        if self.id() == GameId::DiceChess {
            let n = DiceRules::ALL.len();
            self.rules = (self.rules + if right { 1 } else { n - 1 }) % n;
        } else {
            let tops = self.id().topologies().len();
            self.topology = (self.topology + if right { 1 } else { tops - 1 }) % tops;
        }
    }

    /// The letter keys of the game list: N Numbers, S a new seed, P the player count, A the
    /// seating, Q Queens' colours, Y the symmetric figures, O the open position, F the 40-move
    /// rule, E Tri-Chess's cut edges, X its extended moves, C its 12-rank corners, H Double
    /// Chess's checking second hop, R four-player Queens' older rows, T Tri-Queens' open steps,
    /// G the prose's four-player sequences (each only where the rules allow the change).
    fn option_key(&mut self, c: char) {
        match c {
            'n' => self.numbers = !self.numbers,
            's' => self.seed = self.seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407) >> 16,
            'p' if self.id().player_counts().len() > 1 => {
                let counts = self.id().player_counts();
                let i = counts.iter().position(|&n| n as usize == self.seat_count()).unwrap_or(0);
                self.players = counts[(i + 1) % counts.len()];
            }
            'a' => {
                let all = self.seatings();
                if let Some(i) = all.iter().position(|&x| x == self.seating()) {
                    self.seating = all[(i + 1) % all.len()];
                }
            }
            'q' => {
                self.queens_colours = if self.queens_colours == QueensColours::Same { QueensColours::Mixed } else { QueensColours::Same };
                if self.options().queens_colours != self.queens_colours {
                    // Not at this table: as it was (the open position needs mixed colours).
                    self.queens_colours = self.options().queens_colours;
                }
            }
            'y' => self.toggle(|c| &mut c.symmetric, |o| o.symmetric),
            'o' => self.toggle(|c| &mut c.queens_open, |o| o.queens_open),
            'f' if self.id() == GameId::TriChek => self.toggle(|c| &mut c.forty_moves, |o| o.forty_moves),
            'e' if self.id() == GameId::TriChess => self.toggle(|c| &mut c.cut_edges, |o| o.cut_edges),
            'x' if self.id() == GameId::TriChess => self.toggle(|c| &mut c.plain_moves, |o| o.plain_moves),
            'c' if self.id() == GameId::TriChess => self.toggle(|c| &mut c.full_corners, |o| o.full_corners),
            'h' if self.id() == GameId::DoubleChess => self.toggle(|c| &mut c.hop_checks, |o| o.hop_checks),
            'r' if self.id() == GameId::Queens => self.toggle(|c| &mut c.queens_relocate, |o| o.queens_relocate),
            't' if self.id() == GameId::TriQueens => self.toggle(|c| &mut c.tri_steps_open, |o| o.tri_steps_open),
            'g' if self.id().is_triangular() => self.toggle(|c| &mut c.prose_sequence, |o| o.prose_sequence),
            _ => {}
        }
    }

    /// Flips an optional choice if the rules accept the flipped one at this table.
    fn toggle(&mut self, field: impl Fn(&mut LauncherChoice) -> &mut bool, chosen: impl Fn(&GameOptions) -> bool) {
        let was = *field(self);
        *field(self) = !was;
        if chosen(&self.options()) == was {
            *field(self) = was;
        }
    }
}

/// The launcher is UI drawn by the table's one camera, over a backdrop that hides the table.
fn spawn_launcher(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Launcher"),
            DespawnOnExit(AppState::Launcher),
            Node {
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                justify_content: JustifyContent::Center,
                // Top-aligned: with six seats the panel is tall, and the resume panel sits at the bottom.
                align_items: AlignItems::FlexStart,
                padding: UiRect::top(Val::Px(8.0)),
                ..default()
            },
            BackgroundColor(Color::srgb(0.08, 0.12, 0.1)),
        ))
        .with_children(|root| {
            root.spawn(panel(Node { width: Val::Percent(97.0), max_width: Val::Px(1240.0), ..default() })).with_children(|p| {
                p.spawn(text("Variant Table", 40.0));
                p.spawn((text("", 16.0), LauncherText));
                p.spawn(text(
                    "Up/Down: game   Left/Right: board, dice rules or a seat's colour   N: Numbers   S: new seed\n\
                     P: players   A: seating   Q: Queens' colours   R: rows   Y: symmetric   O: open position   F: 40 moves   T: steps   G: sequence\n\
                     E: edges   X: extended moves   C: corners   H: second hop checks   (each where the game has it)\n\
                     1-6: who plays seat A-F: Human, or the Computer at 0.2 s / 1 s / 5 s a move (press 2 to play against it)\n\
                     Tab: next field (game, then each seat): type a name, Up/Down: Human or Computer   Enter: play",
                    15.0,
                ));
            });
        });
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

fn launcher_text(choice: Res<LauncherChoice>, seats: Res<Seats>, mut q: Query<&mut Text, With<LauncherText>>) {
    if !choice.is_changed() && !seats.is_changed() {
        return;
    }
    let mut s = String::new();
    for (i, g) in games().iter().enumerate() {
        let mark = if i == choice.game { "> " } else { "  " };
        s += &format!("{mark}{:<15} {}\n", g.as_str(), short_description(*g));
    }
    s += &format!("\n{}\n\n{}", options_line(&choice), seats_text(&choice, &seats));
    for mut t in &mut q {
        t.0 = s.clone();
    }
}

/// Longest game description the launcher's list shows on one line.
const DESCRIPTION_WIDTH: usize = 100;

/// A game's description for the launcher's list: cut after its last clause that fits one line
/// ("Tri-Chess: chess on a hexagon of triangles for 2-6 players"), so the list keeps a line a
/// game and the seats and help below stay clear of the resume panel.
fn short_description(g: GameId) -> &'static str {
    let d = g.description();
    if d.len() <= DESCRIPTION_WIDTH {
        return d;
    }
    d.match_indices("; ").map(|(i, _)| i).take_while(|&i| i <= DESCRIPTION_WIDTH).last().map_or(d, |i| &d[..i])
}

/// The chosen board and options, in a line (the optional ones where the rules allow a choice).
fn options_line(choice: &LauncherChoice) -> String {
    let id = choice.id();
    let wrap: Wrap = id.topologies()[choice.topology % id.topologies().len()];
    let game = choice.game().ok();
    let board = match game.as_ref().map(|g| topology_of(g.position())) {
        Some(t) if t.tri_board().is_some() => board_name(t),
        _ => wrap.to_string(),
    };
    let mut s = format!("board: {board}");
    if id == GameId::DiceChess {
        s += &format!("    rules: {} (Left/Right)", DiceRules::ALL[choice.rules % DiceRules::ALL.len()]);
    }
    if id == GameId::DoubleChess {
        s += &format!("    players: 4    seating: {} (A: partners or cut-throat)", choice.seating());
        s += &format!("    second hop checks: {} (H)", if choice.options().hop_checks { "yes" } else { "no" });
    }
    if id.is_checkers_family() {
        s += &format!("    numbers: {}", if choice.numbers { format!("on (seed {})", choice.seed) } else { "off".into() });
    }
    if id.is_checkers_family() || id.is_hexagonal() {
        s += &format!("    players: {} (P)", choice.seat_count());
        if choice.seat_count() > 2 {
            s += &format!("    seating: {} (A)", choice.seating());
        }
        s += &optional_choices(choice);
    }
    if id == GameId::TriChess {
        s += &tri_chess_choices(choice);
    }
    s
}

/// Tri-Chess's own options: the edges (E: full, with a ninth Pawn, or cut; six players
/// occupy every edge) and, for three to six players, the extended moves (X).
fn tri_chess_choices(choice: &LauncherChoice) -> String {
    let opts = choice.options();
    let mut s = String::new();
    let mut cut = opts;
    cut.cut_edges = !cut.cut_edges;
    if opts.cut_edges || cut.validate(GameId::TriChess).is_ok() {
        s += &format!("    edges: {} (E)", if opts.cut_edges { "cut" } else { "full" });
    }
    if choice.seat_count() > 2 {
        s += &format!("    extended moves: {} (X)", if opts.plain_moves { "off" } else { "on" });
    }
    if choice.seat_count() > 4 {
        s += &format!("    corners: {} (C)", if opts.full_corners { "full" } else { "cut" });
    }
    s
}

/// The options a checkers-family game offers at the chosen table beyond the seating: Queens'
/// colours (Q), the symmetric figures (Y), the open position (O), the 40-move rule (F).
fn optional_choices(choice: &LauncherChoice) -> String {
    let (id, opts) = (choice.id(), choice.options());
    let allowed = |set: &dyn Fn(&mut GameOptions)| {
        let mut with = opts;
        set(&mut with);
        with != opts && with.validate(id).is_ok()
    };
    let flip = |c: QueensColours| if c == QueensColours::Same { QueensColours::Mixed } else { QueensColours::Same };
    let mut s = String::new();
    if matches!(id, GameId::Queens | GameId::TriQueens)
        && (opts.queens_colours != QueensColours::default() || allowed(&|o| o.queens_colours = flip(o.queens_colours)))
    {
        s += &format!("    colours: {} (Q)", opts.queens_colours.as_str());
    }
    let on_off = |b: bool| if b { "on" } else { "off" };
    if opts.symmetric || allowed(&|o| o.symmetric = !o.symmetric) {
        s += &format!("    symmetric: {} (Y)", on_off(opts.symmetric));
    }
    if opts.queens_open || allowed(&|o| o.queens_open = !o.queens_open) {
        s += &format!("    position: {} (O)", if opts.queens_open { "open" } else { "closed" });
    }
    if id == GameId::TriChek {
        s += &format!("    40 moves: {} (F)", on_off(opts.forty_moves));
    }
    if id == GameId::Queens && opts.players == 4 {
        s += &format!("    rows: {} (R)", if opts.queens_relocate { "relocated" } else { "5-4-3" });
    }
    if id == GameId::TriQueens {
        s += &format!("    steps: {} (T)", if opts.tri_steps_open { "open" } else { "blocked" });
    }
    if opts.prose_sequence || allowed(&|o| o.prose_sequence = true) {
        s += &format!("    sequence: {} (G)", if opts.prose_sequence { "prose" } else { "table" });
    }
    s
}

/// A line per seat: its name, colour, and at a four-seat table its side and team.
fn seats_text(choice: &LauncherChoice, seats: &Seats) -> String {
    let game = choice.game().ok();
    let mut s = String::new();
    for i in 0..choice.seat_count() {
        let seat = Seat(i as u8);
        let focused = choice.focus == Focus::Seat(seat);
        let typed = seats.name(seat);
        let name = if typed.is_empty() && !focused { "(none)".to_string() } else { typed.to_string() };
        let cursor = if focused { "_" } else { "" };
        let colour = seats.colour_name(seat);
        let mut note = if i == 0 { "   moves first".to_string() } else { String::new() };
        if let Some(pos) = game.as_ref().map(Game::position).filter(|p| p.seating().count() > 2) {
            let team = pos.seating().team(seat);
            let sides = layout_of(topology_of(pos)).side_count();
            note =
                format!("   {} side{}", side_name(pos.side_of(seat), sides), if team.len() > 1 { format!(", team {}", team.letters()) } else { String::new() });
            // The set, where its name says more than the seat's letter (Tri-Chess's "Set C" does not).
            if let variant_rules::AnyPosition::DoubleChess(p) = pos
                && !(p.is_tri() && pos.seating().count() > 2)
            {
                note += &format!(", {}", p.set_name(seat));
            }
        }
        let player = seats.controller(seat).label();
        s += &format!("{} seat {}: {name}{cursor:<22} {player:<18} colour: {colour:<8}{note}\n", if focused { ">" } else { " " }, seat.letter());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Presses P five times from the current count: the counts seen, the seats and the game
    /// following each one.
    fn cycle_players(c: &mut LauncherChoice, seats: &mut Seats) -> Vec<usize> {
        let mut counts = vec![c.seat_count()];
        for _ in 0..5 {
            press(c, seats, &[LauncherKey::Char('p')]);
            counts.push(c.seat_count());
            assert_eq!(seats.count(), c.seat_count(), "the seats follow the count");
            assert!(seats.validate().is_ok(), "{:?}", seats.colours());
            assert_eq!(c.game().unwrap().position().seating().count(), c.seat_count());
        }
        counts
    }

    fn press(c: &mut LauncherChoice, seats: &mut Seats, keys: &[LauncherKey]) {
        for k in keys {
            assert!(c.on_key(seats, k).is_none(), "{k:?} starts nothing");
        }
    }

    #[test]
    fn every_game_is_offered_once_the_checkers_family_together() {
        let mut offered = games().to_vec();
        assert_eq!(&offered[..6], [GameId::Checkers, GameId::Stax, GameId::Queens, GameId::TriChek, GameId::TriStax, GameId::TriQueens]);
        assert_eq!(offered[offered.len() - 2..], [GameId::DoubleChess, GameId::TriChess], "the multi-player chess games last");
        offered.sort_by_key(|g| g.as_str());
        let mut all = GameId::ALL.to_vec();
        all.sort_by_key(|g| g.as_str());
        assert_eq!(offered, all);
    }

    #[test]
    fn every_description_fits_a_line_of_the_list() {
        for g in GameId::ALL {
            assert!(short_description(g).len() <= DESCRIPTION_WIDTH || !short_description(g).contains("; "), "{g}: {}", short_description(g));
            assert!(g.description().starts_with(short_description(g)));
        }
        assert_eq!(short_description(GameId::TriChess), "Tri-Chess: chess on a hexagon of triangles for 2-6 players");
    }

    #[test]
    fn keys_edit_the_game_and_the_seats() {
        let mut c = LauncherChoice::default();
        let mut seats = Seats::default();
        let stax = c.game().unwrap();
        assert_eq!(stax.id(), GameId::Stax);
        press(
            &mut c,
            &mut seats,
            &[LauncherKey::Tab, LauncherKey::Char('A'), LauncherKey::Char('n'), LauncherKey::Char('n'), LauncherKey::Backspace, LauncherKey::Right],
        );
        assert_eq!(seats.name(Seat::A), "An");
        assert!(!c.numbers, "N typed into a name is a letter, not the Numbers toggle");
        assert_ne!(seats.colours(), Seats::default_colours(GameId::Stax, 2));
        press(&mut c, &mut seats, &[LauncherKey::Tab, LauncherKey::Char('B'), LauncherKey::Tab]);
        assert_eq!(c.focus, Focus::Game);
        c.on_key(&mut seats, &LauncherKey::Char('n'));
        assert!(c.numbers);
        assert_eq!((seats.name(Seat::A), seats.name(Seat::B)), ("An", "B"));
        let game = c.on_key(&mut seats, &LauncherKey::Enter).unwrap().unwrap();
        assert!(game.options().numbers);
    }

    #[test]
    fn chess_gets_a_chess_set_unless_colours_were_chosen() {
        let mut c = LauncherChoice::default();
        let mut seats = Seats::default();
        while c.id() != GameId::Chess {
            c.on_key(&mut seats, &LauncherKey::Down);
        }
        assert_eq!(seats.colours(), Seats::default_colours(GameId::Chess, 2));
        assert_eq!(c.on_key(&mut seats, &LauncherKey::Enter).unwrap().unwrap().id(), GameId::Chess);
    }

    #[test]
    fn left_and_right_choose_the_dice_chess_rules() {
        let mut seats = Seats::default();
        let mut c = LauncherChoice { game: games().iter().position(|&g| g == GameId::DiceChess).unwrap(), ..LauncherChoice::default() };
        c.on_key(&mut seats, &LauncherKey::Right);
        c.on_key(&mut seats, &LauncherKey::Right);
        assert_eq!(c.game().unwrap().options().dice_rules, DiceRules::BrainKing10);
        c.on_key(&mut seats, &LauncherKey::Left);
        assert_eq!(c.game().unwrap().options().dice_rules, DiceRules::BrainKing);
    }

    #[test]
    fn p_seats_four_players_at_a_checkers_game_with_four_colours_and_four_names() {
        let mut c = LauncherChoice::default();
        let mut seats = Seats::default();
        press(&mut c, &mut seats, &[LauncherKey::Char('p')]);
        assert_eq!((c.players, seats.count()), (4, 4));
        assert_eq!(seats.colours(), Seats::default_colours(GameId::Stax, 4));
        // Tab visits the four seats, then the game list again.
        let mut visited = Vec::new();
        for _ in 0..5 {
            c.on_key(&mut seats, &LauncherKey::Tab);
            visited.push(c.focus);
        }
        assert_eq!(visited, [Focus::Seat(Seat(0)), Focus::Seat(Seat(1)), Focus::Seat(Seat(2)), Focus::Seat(Seat(3)), Focus::Game]);
        press(&mut c, &mut seats, &[LauncherKey::Tab, LauncherKey::Tab, LauncherKey::Tab, LauncherKey::Tab, LauncherKey::Char('D'), LauncherKey::Right]);
        assert_eq!(seats.name(Seat(3)), "D");
        assert!(seats.validate().is_ok(), "cycling a fourth colour skips the other three");
        c.focus = Focus::Game;
        let game = c.on_key(&mut seats, &LauncherKey::Enter).unwrap().unwrap();
        assert_eq!((game.options().players, game.position().seating().count()), (4, 4));
        assert_eq!(game.options().move_limit, GameId::Stax.default_move_limit_for(4));
        // Back to two: two seats; a chess game has two whatever was chosen for checkers.
        press(&mut c, &mut seats, &[LauncherKey::Char('P')]);
        assert_eq!(seats.count(), 2);
        press(&mut c, &mut seats, &[LauncherKey::Char('p')]);
        while c.id() != GameId::Chess {
            c.on_key(&mut seats, &LauncherKey::Down);
        }
        assert_eq!((c.seat_count(), seats.count()), (2, 2));
        assert_eq!(c.game().unwrap().options().players, 2);
        press(&mut c, &mut seats, &[LauncherKey::Char('p')]);
        assert_eq!(c.seat_count(), 2, "P does nothing for chess");
    }

    #[test]
    fn a_and_q_choose_the_seating_and_queens_colours_of_four_players() {
        let mut c = LauncherChoice { game: games().iter().position(|&g| g == GameId::Queens).unwrap(), ..LauncherChoice::default() };
        let mut seats = Seats::default();
        press(&mut c, &mut seats, &[LauncherKey::Char('a'), LauncherKey::Char('q')]);
        assert_eq!((c.seating, c.queens_colours), (DoublesSeating::default(), QueensColours::Same), "A and Q need four players");
        press(&mut c, &mut seats, &[LauncherKey::Char('p'), LauncherKey::Char('a'), LauncherKey::Char('a'), LauncherKey::Char('q')]);
        let o = *c.game().unwrap().options();
        assert_eq!((o.players, o.seating, o.queens_colours), (4, DoublesSeating::CutThroat, QueensColours::Mixed));
        press(&mut c, &mut seats, &[LauncherKey::Char('a')]);
        assert_eq!(c.seating, DoublesSeating::PartnersAdjacent, "A cycles round");
        assert!(seats_text(&c, &seats).contains("team AC"), "{}", seats_text(&c, &seats));
        assert!(options_line(&c).contains("colours: mixed"));
    }

    #[test]
    fn double_chess_seats_four_and_a_chooses_partners_or_cut_throat() {
        let mut c = LauncherChoice::default();
        let mut seats = Seats::default();
        press(&mut c, &mut seats, &[LauncherKey::Up; 3]);
        assert_eq!(c.id(), GameId::DoubleChess, "Up from Stax past Checkers and Tri-Chess, the last game");
        assert_eq!((c.seat_count(), seats.count()), (4, 4));
        assert_eq!(seats.colours(), Seats::default_colours(GameId::DoubleChess, 4), "ivory, ebony, pearl, garnet");
        press(&mut c, &mut seats, &[LauncherKey::Char('p')]);
        assert_eq!(c.seat_count(), 4, "P does not change Double Chess's four");
        let o = *c.game().unwrap().options();
        assert_eq!((o.players, o.seating), (4, DoublesSeating::PartnersAdjacent));
        assert!(seats_text(&c, &seats).contains("west side, team AC, White 2"), "{}", seats_text(&c, &seats));
        press(&mut c, &mut seats, &[LauncherKey::Char('a')]);
        assert_eq!(c.game().unwrap().options().seating, DoublesSeating::CutThroat);
        assert!(options_line(&c).contains("seating: cut-throat"), "{}", options_line(&c));
        assert!(seats_text(&c, &seats).contains("west side, White 2"), "cut-throat seats W2 at B: {}", seats_text(&c, &seats));
        assert_eq!(seats.colours(), Seats::default_colours_seated(GameId::DoubleChess, 4, DoublesSeating::CutThroat), "the sets follow the seating");
        press(&mut c, &mut seats, &[LauncherKey::Char('a')]);
        assert_eq!(c.seating(), DoublesSeating::PartnersAdjacent, "A goes back to partners: Double Chess has no partners opposite");
        // Partners opposite, chosen for a checkers game, seats Double Chess's partners adjacent.
        c.seating = DoublesSeating::PartnersOpposite;
        assert_eq!(c.game().unwrap().options().seating, DoublesSeating::PartnersAdjacent);
        // Down past Tri-Chess, round to Checkers: two seats again.
        press(&mut c, &mut seats, &[LauncherKey::Down; 2]);
        assert_eq!((c.id(), c.seat_count(), seats.count()), (GameId::Checkers, 2, 2));
        assert_eq!(seats.colours(), Seats::default_colours(GameId::Checkers, 2));
    }

    #[test]
    fn triangular_games_seat_two_to_six_with_the_seatings_and_figures_their_counts_allow() {
        use variant_rules::checkers::DoublesSeating::*;
        let mut c = LauncherChoice::default();
        let mut seats = Seats::default();
        press(&mut c, &mut seats, &[LauncherKey::Down; 3]);
        assert_eq!(c.id(), GameId::TriStax, "Down from Stax past Queens and Tri-Chek");
        assert_eq!(cycle_players(&mut c, &mut seats), [2, 3, 4, 5, 6, 2], "P cycles round 2 to 6");
        let seatings = |c: &mut LauncherChoice, players: u8| {
            c.players = players;
            c.seatings()
        };
        assert_eq!(seatings(&mut c, 2), []);
        assert_eq!(seatings(&mut c, 3), [CutThroat], "\"When two, three, or five play, it is necessarily cut-throat\"");
        assert_eq!(seatings(&mut c, 4), [CutThroat, PartnersAdjacent, PartnersOpposite, PartnersGap]);
        assert_eq!(seatings(&mut c, 6), [CutThroat, PartnersAdjacent, PartnersOpposite, Trios]);
        // A cycles through those; the game gets the one shown.
        c.players = 6;
        let mut seen = vec![c.seating()];
        for _ in 0..4 {
            press(&mut c, &mut seats, &[LauncherKey::Char('a')]);
            seen.push(c.seating());
            assert_eq!(c.game().unwrap().options().seating, c.seating());
        }
        assert_eq!(seen, [CutThroat, PartnersAdjacent, PartnersOpposite, Trios, CutThroat]);
        assert!(options_line(&c).contains("board: hexagon of 12 rows") && options_line(&c).contains("players: 6 (P)"), "{}", options_line(&c));
        assert!(seats_text(&c, &seats).contains("south-west side"), "{}", seats_text(&c, &seats));
        // Six players chosen for Tri-Stax are four at Stax's Doubles table (the most it seats).
        press(&mut c, &mut seats, &[LauncherKey::Up; 3]);
        assert_eq!((c.id(), c.seat_count(), seats.count()), (GameId::Stax, 4, 4));
    }

    #[test]
    fn tri_queens_colours_open_position_and_symmetric_figures_only_where_the_rules_allow() {
        let mut c = LauncherChoice { game: games().iter().position(|&g| g == GameId::TriQueens).unwrap(), ..LauncherChoice::default() };
        let mut seats = Seats::default();
        press(&mut c, &mut seats, &[LauncherKey::Char('q'), LauncherKey::Char('o'), LauncherKey::Char('y')]);
        assert_eq!((c.queens_colours, c.queens_open, c.symmetric), (QueensColours::Same, false, false), "two players: one way to sit");
        assert!(!options_line(&c).contains("(Y)"), "\"Positioning for Tri-Queens presents no such difficulty\": {}", options_line(&c));
        // Tri-Chek's two players may take Figure 14's symmetric start.
        let mut chek = LauncherChoice { game: games().iter().position(|&g| g == GameId::TriChek).unwrap(), ..LauncherChoice::default() };
        assert!(options_line(&chek).contains("symmetric: off (Y)") && options_line(&chek).contains("40 moves: on (F)"), "{}", options_line(&chek));
        press(&mut chek, &mut seats, &[LauncherKey::Char('y'), LauncherKey::Char('f')]);
        let o = *chek.game().unwrap().options();
        assert!(o.symmetric && !o.forty_moves, "{o:?}");
        // Four partners adjacent on mixed colours, then the open position.
        press(&mut c, &mut seats, &[LauncherKey::Char('p'), LauncherKey::Char('p')]);
        assert_eq!(c.seat_count(), 4);
        while c.seating() != DoublesSeating::PartnersAdjacent {
            press(&mut c, &mut seats, &[LauncherKey::Char('a')]);
        }
        press(&mut c, &mut seats, &[LauncherKey::Char('q'), LauncherKey::Char('o')]);
        let o = *c.game().unwrap().options();
        assert_eq!((o.queens_colours, o.queens_open), (QueensColours::Mixed, true));
        assert!(options_line(&c).contains("colours: mixed (Q)") && options_line(&c).contains("position: open (O)"), "{}", options_line(&c));
    }

    #[test]
    fn tri_chess_seats_two_to_six_with_its_seatings_edges_and_extended_moves() {
        use variant_rules::checkers::DoublesSeating::*;
        let mut c = LauncherChoice::default();
        let mut seats = Seats::default();
        press(&mut c, &mut seats, &[LauncherKey::Up; 2]);
        assert_eq!(c.id(), GameId::TriChess, "Up from Stax past Checkers: the last game");
        assert_eq!(seats.colours(), Seats::default_colours(GameId::TriChess, 2), "two players: ivory and ebony");
        assert!(options_line(&c).contains("board: hexagon of 8 rows") && options_line(&c).contains("edges: full (E)"), "{}", options_line(&c));
        assert!(!options_line(&c).contains("(X)"), "two players have no extended moves: {}", options_line(&c));
        assert_eq!(cycle_players(&mut c, &mut seats), [2, 3, 4, 5, 6, 2], "P cycles round 2 to 6");
        let seatings = |c: &mut LauncherChoice, players: u8| {
            c.players = players;
            c.seatings()
        };
        assert_eq!(seatings(&mut c, 3), [CutThroat]);
        assert_eq!(seatings(&mut c, 4), [CutThroat, PartnersAdjacent]);
        assert_eq!(seatings(&mut c, 5), [CutThroat]);
        assert_eq!(seatings(&mut c, 6), [CutThroat, PartnersAdjacent, Trios]);
        let mut seen = vec![c.seating()];
        for _ in 0..3 {
            press(&mut c, &mut seats, &[LauncherKey::Char('a')]);
            seen.push(c.seating());
            assert_eq!(c.game().unwrap().options().seating, c.seating());
        }
        assert_eq!(seen, [CutThroat, PartnersAdjacent, Trios, CutThroat], "A cycles the seatings six allow");
        assert_eq!(seats.colours(), Seats::default_colours(GameId::TriChess, 6), "six sets: red, ivory, jade, cobalt, amber, violet");
        // Six occupy every edge: E cuts none; X leaves the extended moves out.
        press(&mut c, &mut seats, &[LauncherKey::Char('e'), LauncherKey::Char('x')]);
        let o = *c.game().unwrap().options();
        assert!(!o.cut_edges && o.plain_moves, "{o:?}");
        assert!(!options_line(&c).contains("(E)") && options_line(&c).contains("extended moves: off (X)"), "{}", options_line(&c));
        // Three players: the edges may be cut, and the sets go by letter and side.
        c.players = 3;
        press(&mut c, &mut seats, &[LauncherKey::Char('e')]);
        let game = c.game().unwrap();
        assert!(game.options().cut_edges && game.options().plain_moves, "{:?}", game.options());
        assert!(options_line(&c).contains("edges: cut (E)"), "{}", options_line(&c));
        assert!(seats_text(&c, &seats).contains("north-west side"), "{}", seats_text(&c, &seats));
        assert!(!seats_text(&c, &seats).contains("Set "), "a lettered set says nothing the seat's letter does not: {}", seats_text(&c, &seats));
        // Two players keep the cut edges but have no extended moves to leave out.
        c.players = 2;
        let o = *c.game().unwrap().options();
        assert!(o.cut_edges && !o.plain_moves, "{o:?}");
        // E and X are letters nobody else reads: Tri-Stax ignores them.
        press(&mut c, &mut seats, &[LauncherKey::Down]);
        assert_eq!(c.id(), GameId::Checkers);
        let before = (c.cut_edges, c.plain_moves);
        while c.id() != GameId::TriStax {
            c.on_key(&mut seats, &LauncherKey::Down);
        }
        press(&mut c, &mut seats, &[LauncherKey::Char('e'), LauncherKey::Char('x')]);
        assert_eq!((c.cut_edges, c.plain_moves), before);
        assert!(c.game().is_ok());
    }

    #[test]
    fn c_plays_the_corners_of_the_twelve_rank_board_and_h_lets_double_chess_hops_check() {
        let mut c = LauncherChoice::default();
        let mut seats = Seats::default();
        while c.id() != GameId::TriChess {
            c.on_key(&mut seats, &LauncherKey::Down);
        }
        // Two to four players have no 12-rank board: C changes nothing.
        press(&mut c, &mut seats, &[LauncherKey::Char('c')]);
        assert!(!c.game().unwrap().options().full_corners && !options_line(&c).contains("(C)"), "{}", options_line(&c));
        c.players = 6;
        assert!(options_line(&c).contains("corners: cut (C)"), "six players: the corners cut by default: {}", options_line(&c));
        press(&mut c, &mut seats, &[LauncherKey::Char('c')]);
        assert!(c.game().unwrap().options().full_corners, "C puts the corners in play");
        assert!(options_line(&c).contains("board: hexagon of 12 rows with corners") && options_line(&c).contains("corners: full (C)"), "{}", options_line(&c));
        while c.id() != GameId::DoubleChess {
            c.on_key(&mut seats, &LauncherKey::Down);
        }
        assert!(options_line(&c).contains("second hop checks: no (H)"), "{}", options_line(&c));
        press(&mut c, &mut seats, &[LauncherKey::Char('h')]);
        assert!(c.game().unwrap().options().hop_checks && options_line(&c).contains("second hop checks: yes (H)"), "{}", options_line(&c));
        // Elsewhere H and C are nobody's: chess ignores them.
        while c.id() != GameId::Chess {
            c.on_key(&mut seats, &LauncherKey::Down);
        }
        press(&mut c, &mut seats, &[LauncherKey::Char('h'), LauncherKey::Char('c')]);
        assert_eq!(*c.game().unwrap().options(), GameOptions::default_for(GameId::Chess));
    }

    #[test]
    fn r_t_and_g_choose_queens_rows_tri_queens_steps_and_the_prose_sequence() {
        let mut c = LauncherChoice::default();
        let mut seats = Seats::default();
        let go = |c: &mut LauncherChoice, seats: &mut Seats, id: GameId| {
            while c.id() != id {
                c.on_key(seats, &LauncherKey::Down);
            }
        };
        go(&mut c, &mut seats, GameId::Queens);
        assert!(!options_line(&c).contains("(R)"), "two players have one start: {}", options_line(&c));
        press(&mut c, &mut seats, &[LauncherKey::Char('p')]);
        assert!(options_line(&c).contains("rows: 5-4-3 (R)"), "{}", options_line(&c));
        press(&mut c, &mut seats, &[LauncherKey::Char('r')]);
        assert!(c.game().unwrap().options().queens_relocate && options_line(&c).contains("rows: relocated (R)"), "{}", options_line(&c));
        go(&mut c, &mut seats, GameId::TriQueens);
        assert!(options_line(&c).contains("steps: blocked (T)"), "{}", options_line(&c));
        press(&mut c, &mut seats, &[LauncherKey::Char('t')]);
        assert!(c.game().unwrap().options().tri_steps_open && options_line(&c).contains("steps: open (T)"), "{}", options_line(&c));
        go(&mut c, &mut seats, GameId::TriStax);
        c.players = 4;
        assert!(options_line(&c).contains("sequence: table (G)"), "four cut-throat players: {}", options_line(&c));
        press(&mut c, &mut seats, &[LauncherKey::Char('g')]);
        let game = c.game().unwrap();
        assert!(game.options().prose_sequence, "{:?}", game.options());
        assert_eq!(game.position().seating().order().iter().map(|s| s.letter()).collect::<String>(), "ACBD", "\"Sequence for cut-throat is A, C, B, D\"");
        // Three players have one order: G changes nothing.
        c.players = 3;
        assert!(!c.game().unwrap().options().prose_sequence && !options_line(&c).contains("(G)"), "{}", options_line(&c));
    }

    #[test]
    fn digits_and_up_down_on_a_seat_choose_human_or_computer() {
        use super::super::seats::Controller;
        let mut c = LauncherChoice::default();
        let mut seats = Seats::default();
        press(&mut c, &mut seats, &[LauncherKey::Char('2')]);
        assert_eq!(seats.controller(Seat::B), Controller::Computer { movetime_ms: 200 });
        assert!(seats_text(&c, &seats).contains("seat B: (none)"), "{}", seats_text(&c, &seats));
        assert!(seats_text(&c, &seats).contains("Computer (0.2 s)"), "{}", seats_text(&c, &seats));
        press(&mut c, &mut seats, &[LauncherKey::Char('2'), LauncherKey::Char('5'), LauncherKey::Char('3')]);
        assert_eq!(seats.controller(Seat::B), Controller::Computer { movetime_ms: 1000 });
        assert_eq!(seats.count(), 2, "3 and 5 name no seat of a two-seat table");
        // On a seat row Up/Down choose its player (and leave the game alone); digits are text.
        let game = c.game;
        press(&mut c, &mut seats, &[LauncherKey::Tab, LauncherKey::Down, LauncherKey::Char('1'), LauncherKey::Up, LauncherKey::Up]);
        assert_eq!((c.game, seats.name(Seat::A)), (game, "1"));
        assert_eq!(seats.controller(Seat::A), Controller::Computer { movetime_ms: 5000 });
        assert_eq!(seats.controller(Seat::B), Controller::Computer { movetime_ms: 1000 });
        // Controllers stay with the seats when the game changes.
        c.focus = Focus::Game;
        press(&mut c, &mut seats, &[LauncherKey::Down]);
        assert_eq!(seats.controller(Seat::B), Controller::Computer { movetime_ms: 1000 });
    }
}
