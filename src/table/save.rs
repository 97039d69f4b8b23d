//! Save and load: a JSON file with the game id, its options, the starting position, the move
//! list and the seats. Loading replays the moves through the rules; a corrupt or foreign file leaves
//! the current game untouched and says why.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use variant_rules::{Game, GameId, GameOptions};

use super::seats::Seats;
use super::session::{GameCommand, Session};
use super::TurnSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SaveLoad>()
        .add_systems(Update, save_load.in_set(TurnSystems::Apply).before(super::session::ApplyCommands));
}

/// The format tag written into every save file.
const FORMAT: &str = "variant-table-save";
/// The save format version this build writes and reads.
const VERSION: u32 = 1;

/// A saved game.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct SaveFile {
    pub format: String,
    pub version: u32,
    pub game: GameId,
    pub options: GameOptions,
    /// The starting position in the game's text form.
    pub start: String,
    pub moves: Vec<String>,
    /// The players' names and colours (absent in files from before seats existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<Seats>,
}

impl SaveFile {
    /// The save of a game played from `seats`.
    pub fn of(game: &Game, seats: &Seats) -> SaveFile {
        SaveFile {
            format: FORMAT.into(),
            version: VERSION,
            game: game.id(),
            options: *game.options(),
            start: game.start_text().to_string(),
            moves: game.moves().map(str::to_string).collect(),
            seats: Some(seats.clone()),
        }
    }

    /// Rebuilds the game, replaying every move through the rules.
    pub fn restore(&self) -> Result<Game, String> {
        if self.format != FORMAT {
            return Err(format!("not a Variant Table save (format '{}')", self.format));
        }
        if self.version != VERSION {
            return Err(format!("save version {} is not supported (this build reads {VERSION})", self.version));
        }
        if let Some(seats) = &self.seats {
            seats.validate().map_err(|e| format!("bad seats: {e}"))?;
        }
        let mut game = Game::new(self.game, self.options, Some(&self.start)).map_err(|e| format!("bad starting position: {e}"))?;
        for (i, m) in self.moves.iter().enumerate() {
            game.play(m).map_err(|e| format!("move {} '{m}' {e}", i + 1))?;
        }
        Ok(game)
    }

    /// Reads and checks a save file: the game, and the seats if the file records them.
    pub fn read(path: &Path) -> Result<(Game, Option<Seats>), String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let save: SaveFile = serde_json::from_str(&text).map_err(|e| format!("{} is not a save file: {e}", path.display()))?;
        Ok((save.restore()?, save.seats))
    }

    /// Writes a game and its seats to a file.
    pub fn write(game: &Game, seats: &Seats, path: &Path) -> Result<(), String> {
        let text = serde_json::to_string_pretty(&SaveFile::of(game, seats)).expect("a save serialises");
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// Save to or load from a file.
#[derive(Message, Debug, Clone)]
pub enum SaveLoad {
    Save(PathBuf),
    Load(PathBuf),
}

/// Where Ctrl+S and Ctrl+O save and load.
pub fn default_save_path() -> PathBuf {
    PathBuf::from("variant-table-save.json")
}

fn save_load(mut requests: MessageReader<SaveLoad>, session: Option<ResMut<Session>>, mut seats: ResMut<Seats>, mut out: MessageWriter<GameCommand>) {
    let Some(mut session) = session else { return };
    for r in requests.read() {
        match r {
            SaveLoad::Save(path) => {
                session.status = match SaveFile::write(&session.game, &seats, path) {
                    Ok(()) => format!("saved to {}", path.display()),
                    Err(e) => e,
                };
            }
            SaveLoad::Load(path) => match SaveFile::read(path) {
                Ok((game, saved_seats)) => {
                    if let Some(s) = saved_seats {
                        *seats = s;
                    }
                    out.write(GameCommand::NewGame(Box::new(game)));
                }
                Err(e) => session.status = format!("load failed, game kept: {e}"),
            },
        }
    }
}

