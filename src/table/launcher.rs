//! The launcher screen: choose a game, its board and options, and the seats (names and piece
//! colours); Enter starts the chosen game (Stax on the flat board unless changed).

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use variant_rules::dicechess::DiceRules;
use variant_rules::{Game, GameId, GameOptions, Wrap};

use super::AppState;
use super::hud::{panel, text};
use super::seats::{MAX_NAME, SEAT_COLOURS, Seats};
use super::session::GameCommand;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LauncherChoice>()
        .add_systems(OnEnter(AppState::Launcher), spawn_launcher)
        .add_systems(Update, (launcher_keys, launcher_text).chain().run_if(in_state(AppState::Launcher)));
}

#[derive(Component)]
struct LauncherText;

/// The games the launcher offers.
fn games() -> &'static [GameId] {
    &GameId::ALL
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
    /// The field the keyboard edits.
    pub focus: Focus,
}

/// What the launcher's keys edit: the game list, or a seat's name and colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Focus {
    #[default]
    Game,
    Seat(usize),
}

/// A key the launcher understands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LauncherKey {
    Up,
    Down,
    Left,
    Right,
    Tab,
    Backspace,
    Enter,
    /// Text typed (a letter of a name, or N / S on the game list).
    Char(char),
}

impl Default for LauncherChoice {
    fn default() -> Self {
        let stax = games().iter().position(|&g| g == GameId::Stax).expect("Stax is a game");
        LauncherChoice { game: stax, topology: 0, numbers: false, seed: 0, rules: 0, focus: Focus::Game }
    }
}

impl LauncherChoice {
    /// The game this choice describes.
    pub fn game(&self) -> Result<Game, String> {
        let id = games()[self.game];
        let mut opts = GameOptions::default_for(id);
        opts.topology = id.topologies()[self.topology % id.topologies().len()];
        opts.numbers = self.numbers && id.is_checkers_family();
        opts.seed = self.seed;
        if id == GameId::DiceChess {
            opts.dice_rules = DiceRules::ALL[self.rules % DiceRules::ALL.len()];
        }
        Game::new(id, opts, None)
    }

    /// Applies one key; returns the game to start when it is Enter.
    pub fn on_key(&mut self, seats: &mut Seats, key: &LauncherKey) -> Option<Result<Game, String>> {
        let n = games().len();
        let before = games()[self.game];
        match (key, self.focus) {
            (LauncherKey::Enter, _) => return Some(self.game()),
            (LauncherKey::Tab, Focus::Game) => self.focus = Focus::Seat(0),
            (LauncherKey::Tab, Focus::Seat(0)) => self.focus = Focus::Seat(1),
            (LauncherKey::Tab, Focus::Seat(_)) => self.focus = Focus::Game,
            (LauncherKey::Down, _) => {
                self.game = (self.game + 1) % n;
                self.topology = 0;
            }
            (LauncherKey::Up, _) => {
                self.game = (self.game + n - 1) % n;
                self.topology = 0;
            }
            (LauncherKey::Right | LauncherKey::Left, Focus::Game) if games()[self.game] == GameId::DiceChess => {
                let n = DiceRules::ALL.len();
                self.rules = (self.rules + if *key == LauncherKey::Right { 1 } else { n - 1 }) % n;
            }
            (LauncherKey::Right | LauncherKey::Left, Focus::Game) => {
                let tops = games()[self.game].topologies().len();
                let step = if *key == LauncherKey::Right { 1 } else { tops - 1 };
                self.topology = (self.topology + step) % tops;
            }
            (LauncherKey::Right | LauncherKey::Left, Focus::Seat(i)) => seats.cycle_colour(i, *key == LauncherKey::Right),
            (LauncherKey::Backspace, Focus::Seat(i)) => {
                seats.names[i].pop();
            }
            (LauncherKey::Char(c), Focus::Seat(i)) if !c.is_control() && seats.names[i].chars().count() < MAX_NAME => {
                seats.names[i].push(*c);
            }
            (LauncherKey::Char('n' | 'N'), Focus::Game) => self.numbers = !self.numbers,
            (LauncherKey::Char('s' | 'S'), Focus::Game) => {
                self.seed = self.seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407) >> 16;
            }
            _ => {}
        }
        // Switching between a checkers game and a chess game swaps in that set's colours,
        // unless the players chose their own.
        if games()[self.game] != before {
            seats.suit(games()[self.game]);
        }
        None
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
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(Color::srgb(0.08, 0.12, 0.1)),
        ))
        .with_children(|root| {
            root.spawn(panel(Node { width: Val::Px(980.0), ..default() })).with_children(|p| {
                p.spawn(text("Variant Table", 40.0));
                p.spawn((text("", 16.0), LauncherText));
                p.spawn(text(
                    "Up/Down: game   Left/Right: board, dice rules or a seat's colour   N: Numbers   S: new seed\n\
                     Tab: next field (game, seat 1, seat 2) and type a name   Enter: play",
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
        s += &format!("{mark}{:<15} {}\n", g.as_str(), g.description());
    }
    let id = games()[choice.game];
    let wrap: Wrap = id.topologies()[choice.topology % id.topologies().len()];
    s += &format!("\nboard: {wrap}");
    if id == GameId::DiceChess {
        s += &format!("    rules: {} (Left/Right)", DiceRules::ALL[choice.rules % DiceRules::ALL.len()]);
    }
    if id.is_checkers_family() {
        s += &format!("    numbers: {}", if choice.numbers { format!("on (seed {})", choice.seed) } else { "off".into() });
    }
    s += "\n\n";
    for i in 0..2 {
        let focused = choice.focus == Focus::Seat(i);
        let name = if seats.names[i].is_empty() && !focused { "(none)".to_string() } else { seats.names[i].clone() };
        let cursor = if focused { "_" } else { "" };
        let colour = SEAT_COLOURS[seats.colours[i] % SEAT_COLOURS.len()].0;
        let first = if i == 0 { "   moves first" } else { "" };
        s += &format!("{} seat {}: {name}{cursor:<22} colour: {colour:<8}{first}\n", if focused { ">" } else { " " }, i + 1);
    }
    for mut t in &mut q {
        t.0 = s.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_edit_the_game_and_the_seats() {
        let mut c = LauncherChoice::default();
        let mut seats = Seats::default();
        let stax = c.game().unwrap();
        assert_eq!(stax.id(), GameId::Stax);
        for k in [LauncherKey::Tab, LauncherKey::Char('A'), LauncherKey::Char('n'), LauncherKey::Char('n'), LauncherKey::Backspace, LauncherKey::Right] {
            assert!(c.on_key(&mut seats, &k).is_none());
        }
        assert_eq!(seats.names[0], "An");
        assert!(!c.numbers, "N typed into a name is a letter, not the Numbers toggle");
        assert_ne!(seats.colours, Seats::default_colours(GameId::Stax));
        c.on_key(&mut seats, &LauncherKey::Tab);
        c.on_key(&mut seats, &LauncherKey::Char('B'));
        c.on_key(&mut seats, &LauncherKey::Tab);
        assert_eq!(c.focus, Focus::Game);
        c.on_key(&mut seats, &LauncherKey::Char('n'));
        assert!(c.numbers);
        assert_eq!(seats.names, ["An".to_string(), "B".to_string()]);
        let game = c.on_key(&mut seats, &LauncherKey::Enter).unwrap().unwrap();
        assert!(game.options().numbers);
    }

    #[test]
    fn chess_gets_a_chess_set_unless_colours_were_chosen() {
        let mut c = LauncherChoice::default();
        let mut seats = Seats::default();
        while games()[c.game] != GameId::Chess {
            c.on_key(&mut seats, &LauncherKey::Down);
        }
        assert_eq!(seats.colours, Seats::default_colours(GameId::Chess));
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
}
