//! Game records: a [`Record`] (the game and its options, seat names, result, tags, moves) made
//! from a [`Game`], written as PGN for the games the registry gives a PGN `[Variant]`
//! (`record/pgn.rs`, SAN for orthodox chess: `record/san.rs`) or as the project's own record
//! text for the rest (`record/text.rs`), read back from either (`record/read.rs`, over the
//! tokens of `record/lex.rs`) and replayed move by move with the engine. The format is
//! described in `docs/notation.md`, "Records".

mod lex;
pub mod options;
mod pgn;
mod read;
pub mod san;
mod text;

use std::fmt;
use std::str::FromStr;

pub use lex::At;

use crate::game::{AnyMove, AnyPosition, Game, GameId, GameOptions};
use crate::position::{MoveError, Outcome, Position, Reason, Seat, SeatSet};

/// How a record is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Portable Game Notation (the games with a PGN `[Variant]` in the registry).
    Pgn,
    /// The project's own record text: PGN's tag pairs over the engine's move notation.
    Text,
}

impl Format {
    /// The file extension for records in this format: `pgn`, or `vtr` (Variant Table Record)
    /// for the record text, which is no PGN other software could read.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Pgn => "pgn",
            Format::Text => "vtr",
        }
    }
}

impl FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        match s {
            "pgn" => Ok(Format::Pgn),
            "text" => Ok(Format::Text),
            _ => Err(format!("unknown record format '{s}' (expected pgn or text)")),
        }
    }
}

/// How a recorded game ended, as far as the record says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Unfinished, or the result is unknown (`*`).
    Unfinished,
    /// A draw (`1/2-1/2`).
    Draw,
    /// These seats won: `1-0` or `0-1` with two seats, `win:ac` with more.
    Won(SeatSet),
}

impl GameResult {
    /// The result of a game with this outcome.
    pub fn of(outcome: Option<Outcome>) -> GameResult {
        match outcome {
            None => GameResult::Unfinished,
            Some(Outcome::Draw { .. }) => GameResult::Draw,
            Some(Outcome::Win { winners, .. }) => GameResult::Won(winners),
        }
    }

    /// The result's token in a game of `seats` seats.
    pub fn token(self, seats: usize) -> String {
        match self {
            GameResult::Unfinished => "*".into(),
            GameResult::Draw => "1/2-1/2".into(),
            GameResult::Won(w) if seats == 2 && w == SeatSet::single(Seat::A) => "1-0".into(),
            GameResult::Won(w) if seats == 2 && w == SeatSet::single(Seat::B) => "0-1".into(),
            GameResult::Won(w) => format!("win:{}", w.iter().map(|s| s.letter().to_ascii_lowercase()).collect::<String>()),
        }
    }

    /// Reads a result token of a game of `seats` seats.
    pub fn from_token(t: &str, seats: usize) -> Result<GameResult, String> {
        match t {
            "*" => return Ok(GameResult::Unfinished),
            "1/2-1/2" => return Ok(GameResult::Draw),
            "1-0" if seats == 2 => return Ok(GameResult::Won(SeatSet::single(Seat::A))),
            "0-1" if seats == 2 => return Ok(GameResult::Won(SeatSet::single(Seat::B))),
            _ => {}
        }
        let letters = t.strip_prefix("win:").filter(|l| !l.is_empty()).ok_or_else(|| {
            let won = if seats == 2 { "1-0, 0-1" } else { "win: and the winners' seat letters (win:ac)" };
            format!("result '{t}' is not one of *, 1/2-1/2, {won}")
        })?;
        let mut set = SeatSet::EMPTY;
        for ch in letters.chars() {
            let s = Seat::from_letter(ch, seats).filter(|_| ch.is_ascii_lowercase());
            set = set.with(s.ok_or_else(|| format!("result '{t}': '{ch}' is not a seat of {seats} (a-{})", (b'a' + seats.clamp(1, 26) as u8 - 1) as char))?);
        }
        Ok(GameResult::Won(set))
    }
}

/// Why a record cannot be read, written or replayed: one line, with the place in the text when
/// there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// Where in the record's text (`None` for a record not read from text).
    pub at: Option<At>,
    pub message: String,
}

impl RecordError {
    fn at(at: At, message: impl Into<String>) -> RecordError {
        RecordError { at: Some(at), message: message.into() }
    }
    fn new(at: Option<At>, message: impl Into<String>) -> RecordError {
        RecordError { at, message: message.into() }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some(at) => write!(f, "line {}, column {}: {}", at.line, at.column, self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for RecordError {}

/// A game's record: what it is, who played, how it ended, and its moves.
#[derive(Clone, Debug)]
pub struct Record {
    pub game: GameId,
    pub options: GameOptions,
    /// The starting position's text (FEN for the chess games) when it is not the game's start.
    pub start: Option<String>,
    /// Each seat's player, seat A first (`?` when unknown, as PGN writes it).
    pub seats: Vec<String>,
    pub result: GameResult,
    /// The other tags in order: the Seven Tag Roster's Event, Site, Date and Round, and any
    /// other a file carried (`WhiteElo`, `TimeControl`, ...), written back as read.
    pub tags: Vec<(String, String)>,
    /// The moves, rolls and passes, each as one token: SAN when [`Record::san`], else the
    /// engine's notation (what [`Game::play`] reads).
    pub moves: Vec<String>,
    /// Whether `moves` are SAN (a standard chess PGN read from text).
    pub san: bool,
    /// Where each move stood in the text it was read from (empty for a record made here).
    at: Vec<At>,
}

/// Records are equal when they say the same; where their moves stood in a text does not count.
impl PartialEq for Record {
    fn eq(&self, o: &Record) -> bool {
        (self.game, self.options.effective(self.game), &self.start, &self.seats, self.result, &self.tags, &self.moves, self.san)
            == (o.game, o.options.effective(o.game), &o.start, &o.seats, o.result, &o.tags, &o.moves, o.san)
    }
}

/// The Seven Tag Roster's tags other than the players and the result, with the values PGN
/// writes when they are unknown.
pub const ROSTER: [(&str, &str); 4] = [("Event", "?"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "?")];

impl Record {
    /// The record of a game so far: its moves in the engine's notation, its result, and unknown
    /// players, event, site, date and round (set them with [`Record::seats`] and
    /// [`Record::set_tag`]).
    pub fn of(game: &Game) -> Record {
        let id = game.id();
        let standard = AnyPosition::start(id, game.options()).map(|p| p.to_text()).ok();
        let start = (standard.as_deref() != Some(game.start_text())).then(|| game.start_text().to_string());
        Record {
            game: id,
            options: *game.options(),
            start,
            seats: vec!["?".into(); game.position().seating().count()],
            result: GameResult::of(game.outcome()),
            tags: ROSTER.iter().map(|&(n, v)| (n.into(), v.into())).collect(),
            moves: game.moves().map(str::to_string).collect(),
            san: false,
            at: Vec::new(),
        }
    }

    /// The first game in a record file (PGN or the project's record text).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        Record::parse_nth(text, 1)
    }

    /// The `n`th game (from 1) in a record file.
    pub fn parse_nth(text: &str, n: usize) -> Result<Record, RecordError> {
        let games = lex::games(text)?;
        let count = games.iter().filter(|g| !g.is_empty()).count();
        let raw = games
            .into_iter()
            .nth(n.wrapping_sub(1))
            .ok_or_else(|| RecordError::new(None, format!("the file holds {count} game{}, so there is no game {n}", if count == 1 { "" } else { "s" })))?;
        read::record(raw)
    }

    /// Every game in a record file.
    pub fn parse_all(text: &str) -> Result<Vec<Record>, RecordError> {
        lex::games(text)?.into_iter().map(read::record).collect()
    }

    /// How many games a record file holds (each read only as far as its layout).
    pub fn count(text: &str) -> Result<usize, RecordError> {
        lex::games(text).map(|g| g.iter().filter(|g| !g.is_empty()).count())
    }

    /// A tag's value (`Event`, `Date`, `WhiteElo`...), if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets a tag (replacing its value, or adding it last); a seat's tag (`White`, `SeatC`)
    /// names that seat's player.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if let Some(i) = (0..self.seats.len()).find(|&i| self.seat_tag(i) == name) {
            self.seats[i] = value.into();
            return;
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value.into(),
            None => self.tags.push((name.into(), value.into())),
        }
    }

    /// The format the game's records take: PGN where the registry gives the game a PGN variant
    /// and the options keep it that game (orthodox chess on the cylinder is not standard chess:
    /// `cylinder-chess` is), the record text otherwise.
    pub fn default_format(&self) -> Format {
        if pgn::carries(self.game, &self.options) { Format::Pgn } else { Format::Text }
    }

    /// The record written in `format`.
    pub fn write(&self, format: Format) -> Result<String, RecordError> {
        match format {
            Format::Pgn => pgn::write(self),
            Format::Text => text::write(self),
        }
    }

    /// Appends the record to `out` in its game's own format ([`Record::default_format`]) with
    /// a blank line after it: how a file of many games is kept (`match --records`, the strength
    /// bench's `STRENGTH_RECORDS`).
    pub fn append_to(&self, out: &mut impl std::io::Write) -> Result<(), String> {
        let text = self.write(self.default_format()).map_err(|e| e.to_string())?;
        out.write_all(format!("{}\n\n", text.trim_end()).as_bytes()).map_err(|e| e.to_string())
    }

    /// Plays the moves from the start with the engine: the game they reach, or the first move
    /// that cannot be played, with its number and the engine's reason. A result the moves
    /// contradict (the record says `0-1`, the moves end in White's checkmate) is refused too.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let game = self.walk(|_, _| {})?;
        if let Some(o) = game.outcome().filter(|o| !claimable(o.reason())) {
            let reached = GameResult::of(Some(o));
            if self.result != GameResult::Unfinished && self.result != reached {
                let seats = self.seats.len();
                let (said, got) = (self.result.token(seats), reached.token(seats));
                return Err(RecordError::new(None, format!("the record's result is {said}, but its moves end the game {got} ({})", o.reason())));
            }
        }
        Ok(game)
    }

    /// The moves in SAN (`true`) or the engine's notation, replaying them to translate.
    fn moves_as(&self, san: bool) -> Result<Vec<String>, RecordError> {
        if self.san == san {
            return Ok(self.moves.clone());
        }
        let mut out = Vec::with_capacity(self.moves.len());
        self.walk(|pos, m| {
            out.push(match (pos, m) {
                (AnyPosition::Chess(p), AnyMove::Chess(m)) if san => san::write(p, m),
                _ => pos.move_text(m),
            })
        })?;
        Ok(out)
    }

    /// Plays the moves from the start, showing `each` the position before each move and the move.
    fn walk(&self, mut each: impl FnMut(&AnyPosition, AnyMove)) -> Result<Game, RecordError> {
        let mut game = Game::new(self.game, self.options, self.start.as_deref()).map_err(|e| {
            let what = if self.start.is_some() { "start position" } else { "options" };
            RecordError::new(None, format!("bad {what} for {}: {e}", self.game))
        })?;
        for (i, text) in self.moves.iter().enumerate() {
            let err = |e: MoveError| RecordError::new(self.at.get(i).copied(), format!("move {} '{text}' {e}", i + 1));
            if let Some(o) = game.outcome() {
                // PGN's chess draws by repetition or the fifty-move rule are claimed, not forced:
                // other software plays on past them.
                if !(claimable(o.reason()) && self.game.pgn_variant().is_some()) {
                    return Err(err(MoveError::GameOver(o.reason().to_string())));
                }
            }
            let m = match game.position() {
                // Long algebraic (`e2e4`), which some software writes in PGN, is read too.
                AnyPosition::Chess(p) if self.san && p.check_move_syntax(text).is_err() => san::read(p, text).map(AnyMove::from),
                pos => pos.parse_move(text),
            }
            .map_err(err)?;
            each(game.position(), m);
            game.play_move(m);
        }
        Ok(game)
    }

    /// The tag that names seat `i`'s player: `White` and `Black` in the games of two colours,
    /// `SeatA`, `SeatB`... in those that seat more.
    fn seat_tag(&self, i: usize) -> String {
        seat_tag(self.game, i)
    }

    /// The Seven Tag Roster as both formats write it: Event, Site, Date, Round, the players
    /// and the result.
    fn roster_lines(&self) -> String {
        let mut out = String::new();
        for (name, unknown) in ROSTER {
            out += &tag_line(name, self.tag(name).unwrap_or(unknown));
        }
        for (i, name) in self.seats.iter().enumerate() {
            out += &tag_line(&self.seat_tag(i), name);
        }
        out + &tag_line("Result", &self.result.token(self.seats.len()))
    }
}

/// The tag naming seat `i`'s player in `game`'s records.
fn seat_tag(game: GameId, i: usize) -> String {
    if game.seat_name(Seat::A) == "white" {
        ["White", "Black"].get(i).map_or_else(|| format!("Seat{}", Seat(i as u8).letter()), |s| s.to_string())
    } else {
        format!("Seat{}", Seat(i as u8).letter())
    }
}

/// Whether a chess game ending is one a player claims (and other software plays on past).
fn claimable(r: Reason) -> bool {
    matches!(r, Reason::ThreefoldRepetition | Reason::FiftyMoveRule)
}

/// A tag pair as written: `[Name "value"]` with `"` and `\` escaped and line breaks as spaces.
fn tag_line(name: &str, value: &str) -> String {
    let v: String = value.chars().map(|c| if c == '\n' || c == '\r' { ' ' } else { c }).collect();
    format!("[{name} \"{}\"]\n", v.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Movetext tokens joined by spaces in lines of at most 79 characters (PGN's export format keeps
/// lines under 80), ending with a line break.
fn wrap(tokens: &[String]) -> String {
    let mut out = String::new();
    let mut line = 0;
    for t in tokens {
        if line > 0 && line + 1 + t.chars().count() > 79 {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out += t;
        line += t.chars().count();
    }
    out.push('\n');
    out
}
