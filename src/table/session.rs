//! The game in progress as a resource: the rules engine's `Game`, the redo stack, the status
//! line, and the commands (new game, undo, redo) that change it.

use bevy::prelude::*;
use variant_rules::{Game, MovePath, Outcome};

use super::{AppState, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GameCommand>()
        .add_message::<PositionChanged>()
        .add_systems(Update, apply_commands.in_set(TurnSystems::Apply).in_set(ApplyCommands))
        .add_systems(Update, follow_outcome.in_set(TurnSystems::Resolve));
}

/// The system that applies [`GameCommand`]s (others order against it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ApplyCommands;

/// The game on the table. The rules position inside is the truth the ECS mirrors.
#[derive(Resource)]
pub struct Session {
    pub game: Game,
    /// Moves taken back with undo, most recent last, replayed by redo.
    pub redo: Vec<String>,
    /// A line for the HUD: why a move was refused, what was loaded, …
    pub status: String,
    /// The physics throws behind the roll tokens: (index of the roll in the move list, throws).
    pub throws: Vec<(usize, crate::dice::RollRecord)>,
}

impl Session {
    /// A fresh game.
    pub fn new(game: Game) -> Session {
        Session { game, redo: Vec::new(), status: String::new(), throws: Vec::new() }
    }

    /// Plays a move given in notation; clears the redo stack.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        self.game.play(text).map_err(|e| format!("'{text}' {e}"))?;
        self.redo.clear();
        self.status.clear();
        Ok(())
    }

    /// The throws recorded for the moves still in the game (undo drops the later ones).
    pub fn live_throws(&self) -> Vec<(usize, crate::dice::RollRecord)> {
        let n = self.game.moves().count();
        self.throws.iter().filter(|(p, _)| *p < n).cloned().collect()
    }

    /// The result, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
}

/// Something done to the game as a whole (keyboard shortcuts and HUD buttons send these).
#[derive(Message, Debug, Clone)]
pub enum GameCommand {
    /// A move in notation (the selection logic sends these once a move is complete).
    Play(String),
    /// Take back the last move (Ctrl+Z).
    Undo,
    /// Replay the last move taken back (Ctrl+Y).
    Redo,
    /// Start this game afresh.
    NewGame(Box<Game>),
    /// Continue a loaded game: its dice throws and a line saying how the load went.
    Restore { game: Box<Game>, throws: Vec<(usize, crate::dice::RollRecord)>, status: String },
}

/// Sent whenever the rules position changed, so the mirror rebuilds. `moved` is the move just
/// played forward (to animate), if any, with the cells it visits.
#[derive(Message, Debug, Clone, Default)]
pub struct PositionChanged {
    pub moved: Option<String>,
    pub path: Option<MovePath>,
}

impl PositionChanged {
    /// The change made by playing `text` from `before` (the position it was played in).
    fn played(before: &Game, text: &str) -> PositionChanged {
        let pos = before.position();
        let path = pos.parse_move(text).ok().map(|m| pos.move_path(m));
        PositionChanged { moved: Some(text.to_string()), path }
    }
}

fn apply_commands(
    mut commands_in: MessageReader<GameCommand>,
    session: Option<ResMut<Session>>,
    mut commands: Commands,
    mut changed: MessageWriter<PositionChanged>,
    mut next: ResMut<NextState<AppState>>,
    mut seats: ResMut<super::seats::Seats>,
) {
    let mut session = session;
    for cmd in commands_in.read() {
        match cmd {
            GameCommand::NewGame(game) => {
                seats.suit(game.id());
                commands.insert_resource(Session::new((**game).clone()));
                next.set(AppState::Playing);
                changed.write(PositionChanged::default());
                // The new resource is visible from the next system run; later commands this
                // frame act on it then.
                return;
            }
            GameCommand::Restore { game, throws, status } => {
                seats.suit(game.id());
                let mut s = Session::new((**game).clone());
                s.throws = throws.clone();
                s.status = status.clone();
                commands.insert_resource(s);
                next.set(AppState::Playing);
                changed.write(PositionChanged::default());
                return;
            }
            _ if session.is_none() => continue,
            GameCommand::Play(text) => {
                let s = session.as_mut().unwrap();
                let change = PositionChanged::played(&s.game, text);
                match s.play(text) {
                    Ok(()) => {
                        debug!("played {text}");
                        changed.write(change);
                    }
                    Err(e) => s.status = e,
                }
            }
            GameCommand::Undo => {
                let s = session.as_mut().unwrap();
                match s.game.undo() {
                    Some(m) => {
                        s.status = format!("took back {m}");
                        s.redo.push(m);
                        changed.write(PositionChanged::default());
                    }
                    None => s.status = "nothing to undo".into(),
                }
            }
            GameCommand::Redo => {
                let s = session.as_mut().unwrap();
                match s.redo.pop() {
                    Some(m) => {
                        let redo = std::mem::take(&mut s.redo);
                        let change = PositionChanged::played(&s.game, &m);
                        if let Err(e) = s.play(&m) {
                            s.status = e;
                        }
                        s.redo = redo;
                        changed.write(change);
                    }
                    None => s.status = "nothing to redo".into(),
                }
            }
        }
    }
}

fn follow_outcome(session: Option<Res<Session>>, state: Res<State<AppState>>, mut next: ResMut<NextState<AppState>>) {
    let Some(session) = session else { return };
    if !session.is_changed() {
        return;
    }
    match (session.outcome().is_some(), state.get()) {
        (true, AppState::Playing) => next.set(AppState::GameOver),
        (false, AppState::GameOver) => next.set(AppState::Playing),
        _ => {}
    }
}
