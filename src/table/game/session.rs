//! The game in progress as a resource: the rules engine's `Game`, who made each move, the redo
//! stack, the status line, and the commands (play a move, undo, redo, new game) that change it.
//! Moves arrive typed ([`AnyMove`]); text is only what the move list shows.

use bevy::prelude::*;
use variant_rules::{AnyMove, Game, MovePath, Outcome, Position, Seat};

use crate::table::schedule::{AppState, ApplyCommands, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GameCommand>()
        .add_message::<PositionChanged>()
        .add_message::<Proposed>()
        .add_systems(Update, apply_commands.in_set(ApplyCommands))
        .add_systems(Update, follow_outcome.in_set(TurnSystems::Resolve));
}

/// The game on the table. The rules position inside is the truth the ECS mirrors.
#[derive(Resource)]
pub struct Session {
    pub game: Game,
    /// Each move of `game` with the seat that made it, in order (seats whose turns are skipped
    /// make the order irregular in four-seat games).
    played: Vec<(Seat, AnyMove)>,
    /// Moves taken back with undo, most recent last, replayed by redo.
    pub redo: Vec<AnyMove>,
    /// A line for the HUD: why a move was refused, what was loaded, …
    pub status: String,
    /// The physics throws behind the roll tokens: (index of the roll in the move list, throws).
    pub throws: Vec<(usize, crate::dice::RollRecord)>,
    /// The last move refused and the engine's reason ("Why not?" in the rules drawer).
    pub refused: Option<String>,
    /// Who decides which moves stand: this table, or the server of an online room.
    pub authority: Authority,
}

/// Who decides which moves stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Authority {
    /// This table: a move chosen here is played at once (local games, the computer's seats).
    #[default]
    Table,
    /// A server (an online room): a move chosen here for this table's seat is sent to it as a
    /// [`Proposed`] intent, and only moves the server announces are played
    /// ([`GameCommand::Announced`]). `awaiting` is set from a proposal until the server answers.
    Server { awaiting: bool },
}

impl Authority {
    /// Whether a server decides (an online room).
    pub fn is_server(self) -> bool {
        matches!(self, Authority::Server { .. })
    }

    /// Whether a proposal sent to the server has had no answer yet.
    pub fn awaiting(self) -> bool {
        matches!(self, Authority::Server { awaiting: true })
    }
}

/// Something this table asks of the server of an online room (the online link sends it).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum Proposed {
    /// A move for this table's seat, in the game's notation.
    Move(String),
    /// A throw of the dice for this table's seat (the server draws the faces).
    Throw,
}

impl Session {
    /// A game on the table (fresh, or loaded with moves already played).
    pub fn new(game: Game) -> Session {
        let played = replayed(&game);
        Session { game, played, redo: Vec::new(), status: String::new(), throws: Vec::new(), refused: None, authority: Authority::Table }
    }

    /// Plays a legal move; clears the redo stack and the status line.
    pub fn play(&mut self, m: AnyMove) -> Result<(), String> {
        self.play_keeping_redo(m)?;
        self.redo.clear();
        self.status.clear();
        Ok(())
    }

    fn play_keeping_redo(&mut self, m: AnyMove) -> Result<(), String> {
        let pos = self.game.position();
        if let Some(o) = self.game.outcome() {
            return Err(format!("the game is over ({})", o.reason()));
        }
        if !pos.legal_move_list().contains(&m) {
            // The rules engine's reason, read from the move's text (a move from another
            // position reads as some other move, or is refused with why).
            let text = pos.move_text(m);
            let why = pos.parse_move(&text).err().map_or_else(|| "not this position's move".to_string(), |e| e.to_string());
            return Err(format!("'{text}' is not a legal move here: {why}"));
        }
        let seat = pos.turn();
        self.game.play_move(m);
        self.played.push((seat, m));
        Ok(())
    }

    /// Takes back the last move and keeps it for redo; returns it as text.
    pub fn undo(&mut self) -> Option<String> {
        let text = self.game.undo()?;
        // The typed record is rebuilt if it ever fell out of step with the game.
        match self.played.pop() {
            Some((_, m)) if self.played.len() == self.game.moves().count() => self.redo.push(m),
            _ => {
                self.played = replayed(&self.game);
                self.redo.clear();
            }
        }
        Some(text)
    }

    /// Replays the last move taken back; returns it, or why it could not be played.
    pub fn redo(&mut self) -> Option<Result<AnyMove, String>> {
        let m = self.redo.pop()?;
        Some(self.play_keeping_redo(m).map(|()| m))
    }

    /// The seats that made the moves of the move list, in order.
    pub fn movers(&self) -> impl Iterator<Item = Seat> + '_ {
        self.played.iter().map(|(s, _)| *s)
    }

    /// The moves of the move list, typed, in order.
    pub fn moves(&self) -> impl Iterator<Item = AnyMove> + '_ {
        self.played.iter().map(|(_, m)| *m)
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

/// The typed record of a game's moves, rebuilt from its start and move list (a loaded game
/// arrives as text).
fn replayed(game: &Game) -> Vec<(Seat, AnyMove)> {
    let Ok(mut g) = Game::new(game.id(), *game.options(), Some(game.start_text())) else { return Vec::new() };
    let mut out = Vec::new();
    for text in game.moves() {
        let Ok(m) = g.position().parse_move(text) else { break };
        out.push((g.position().turn(), m));
        g.play_move(m);
    }
    out
}

/// Something done to the game as a whole (the selection logic, keyboard shortcuts and HUD
/// buttons send these).
#[derive(Message, Debug, Clone)]
pub enum GameCommand {
    /// A move (the selection logic sends these once a move is complete).
    Play(AnyMove),
    /// Take back the last move (Ctrl+Z).
    Undo,
    /// Replay the last move taken back (Ctrl+Y).
    Redo,
    /// Start this game afresh.
    NewGame(Box<Game>),
    /// Continue a loaded game: its dice throws and a line saying how the load went.
    Restore { game: Box<Game>, throws: Vec<(usize, crate::dice::RollRecord)>, status: String },
    /// Sit at an online room's game as the server sent it: from now on the server decides
    /// (see [`Authority::Server`]); `closed` when the server has ended it (nothing more to
    /// propose).
    Online { game: Box<Game>, status: String, closed: bool },
    /// A move the server of an online room accepted and announced: played as it stands.
    Announced(AnyMove),
}

/// Sent whenever the rules position changed, so the mirror rebuilds. `moved` is the move just
/// played forward (to animate), if any, with the cells it visits.
#[derive(Message, Debug, Clone, Default)]
pub struct PositionChanged {
    pub moved: Option<AnyMove>,
    pub path: Option<MovePath>,
}

impl PositionChanged {
    /// The change made by playing `m` from `before` (the position it was played in).
    fn played(before: &Game, m: AnyMove) -> PositionChanged {
        PositionChanged { moved: Some(m), path: Some(before.position().move_path(m)) }
    }
}

fn apply_commands(
    mut commands_in: MessageReader<GameCommand>,
    mut session: Option<ResMut<Session>>,
    mut commands: Commands,
    mut changed: MessageWriter<PositionChanged>,
    mut next: ResMut<NextState<AppState>>,
    mut seats: ResMut<crate::table::game::seats::Seats>,
    mut proposed: MessageWriter<Proposed>,
) {
    for cmd in commands_in.read() {
        let (game, fresh) = match cmd {
            GameCommand::NewGame(game) => (game, Session::new((**game).clone())),
            GameCommand::Restore { game, throws, status } => {
                let mut s = Session::new((**game).clone());
                s.throws = throws.clone();
                s.status = status.clone();
                (game, s)
            }
            GameCommand::Online { game, status, closed } => {
                let mut s = Session::new((**game).clone());
                s.status = status.clone();
                s.authority = Authority::Server { awaiting: *closed };
                (game, s)
            }
            _ => {
                if let Some(s) = session.as_mut() {
                    match s.authority {
                        Authority::Table => apply_to(s, cmd, &mut changed, &seats),
                        Authority::Server { .. } => apply_online(s, cmd, &mut changed, &seats, &mut proposed),
                    }
                }
                continue;
            }
        };
        seats.suit_game(game);
        commands.insert_resource(fresh);
        next.set(AppState::Playing);
        changed.write(PositionChanged::default());
        // The new resource is visible from the next system run; later commands this frame act
        // on it then.
        return;
    }
}

/// Plays, undoes or redoes a move in the session; a move played leaves in the status line what
/// it did that the board does not show (the engine's news: checkmates, Kings taken, missed turns).
fn apply_to(s: &mut Session, cmd: &GameCommand, changed: &mut MessageWriter<PositionChanged>, seats: &crate::table::game::seats::Seats) {
    match cmd {
        GameCommand::Play(m) => {
            let change = PositionChanged::played(&s.game, *m);
            let text = s.game.position().move_text(*m);
            let before = news_base(s);
            match s.play(*m) {
                Ok(()) => {
                    debug!("played {text}");
                    s.status = news(before, *m, s, seats);
                    changed.write(change);
                }
                Err(e) => {
                    s.refused = Some(e.clone());
                    s.status = e;
                }
            }
        }
        GameCommand::Undo => match s.undo() {
            Some(m) => {
                s.status = format!("took back {m}");
                changed.write(PositionChanged::default());
            }
            None => s.status = "nothing to undo".into(),
        },
        GameCommand::Redo => {
            let path = s.redo.last().map(|&m| s.game.position().move_path(m));
            let before = news_base(s);
            match s.redo() {
                Some(Ok(m)) => {
                    s.status = news(before, m, s, seats);
                    changed.write(PositionChanged { moved: Some(m), path });
                }
                Some(Err(e)) => s.status = e,
                None => s.status = "nothing to redo".into(),
            }
        }
        // Only an online room's server announces moves.
        GameCommand::Announced(_) | GameCommand::NewGame(_) | GameCommand::Restore { .. } | GameCommand::Online { .. } => {}
    }
}

/// In an online room: a move chosen at this table for its own seat goes to the server (one at
/// a time); moves the server announced are played; nothing is taken back.
fn apply_online(
    s: &mut Session,
    cmd: &GameCommand,
    changed: &mut MessageWriter<PositionChanged>,
    seats: &crate::table::game::seats::Seats,
    proposed: &mut MessageWriter<Proposed>,
) {
    match cmd {
        GameCommand::Play(m) => {
            let pos = s.game.position();
            if s.outcome().is_some() || s.authority.awaiting() || !seats.plays_here(pos.turn()) {
                return; // not this table's turn, or the server has yet to answer
            }
            if !pos.legal_move_list().contains(m) {
                s.status = format!("'{}' is not a legal move here", pos.move_text(*m));
                return;
            }
            proposed.write(Proposed::Move(pos.move_text(*m)));
            s.authority = Authority::Server { awaiting: true };
        }
        GameCommand::Announced(m) => {
            s.authority = Authority::Server { awaiting: false };
            apply_to(s, &GameCommand::Play(*m), changed, seats);
        }
        GameCommand::Undo | GameCommand::Redo => s.status = "no take-backs in an online game".into(),
        GameCommand::NewGame(_) | GameCommand::Restore { .. } | GameCommand::Online { .. } => {}
    }
}

/// The position a move is played from, kept for the news the move may have to tell.
fn news_base(s: &Session) -> variant_rules::AnyPosition {
    s.game.position().clone()
}

/// What move `m`, played from `before`, did that the board does not show (the engine's
/// [`variant_rules::AnyPosition::news`]: checkmates, Kings taken, missed turns).
fn news(before: variant_rules::AnyPosition, m: AnyMove, s: &Session, seats: &crate::table::game::seats::Seats) -> String {
    s.game.position().news(&before, m, &seats.players(s.game.id()))
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
