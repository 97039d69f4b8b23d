//! Save and load: a JSON file with the game id, its options, the starting position, the move
//! list and the seats. Loading replays the moves through the rules; a corrupt or foreign file leaves
//! the current game untouched and says why.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use variant_rules::{Game, GameId, GameOptions};

use super::seats::Seats;
use crate::dice::RollRecord;
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
    /// The physics throws behind the roll tokens of a dice game: the index of the roll in
    /// `moves`, and every throw it took (replaying them must land on the same faces).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub throws: Vec<RecordedRoll>,
}

/// One roll's throws, keyed by its place in the move list.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct RecordedRoll {
    pub ply: usize,
    #[serde(flatten)]
    pub record: RollRecord,
}

impl SaveFile {
    /// The save of a game played from `seats`.
    pub fn of(game: &Game, seats: &Seats, throws: &[(usize, RollRecord)]) -> SaveFile {
        SaveFile {
            format: FORMAT.into(),
            version: VERSION,
            game: game.id(),
            options: *game.options(),
            start: game.start_text().to_string(),
            moves: game.moves().map(str::to_string).collect(),
            seats: Some(seats.clone()),
            throws: throws.iter().map(|(ply, record)| RecordedRoll { ply: *ply, record: record.clone() }).collect(),
        }
    }

    /// Checks the recorded throws against the move list (a malformed record refuses the
    /// file) and re-simulates them; returns a warning when a throw no longer lands on its
    /// recorded faces (another platform's floating point), in which case the recorded faces
    /// stand: the move list is the game.
    pub fn check_throws(&self) -> Result<Option<String>, String> {
        let mut drifted = Vec::new();
        for t in &self.throws {
            let Some(token) = self.moves.get(t.ply) else {
                return Err(format!("a recorded throw belongs to move {}, beyond the {} moves", t.ply + 1, self.moves.len()));
            };
            let faces = variant_rules::dice::Roll::parse(token).map_err(|_| format!("move {} '{token}' is not a roll, yet has a throw recorded", t.ply + 1))?;
            let mut want: Vec<u8> = faces.0.iter().copied().filter(|&f| f != 0).collect();
            let mut got = t.record.faces.clone();
            if self.game == GameId::DiceChess && self.options.dice_rules != variant_rules::dicechess::DiceRules::GollonPieceCount {
                want.sort_unstable();
                got.sort_unstable();
            }
            if want != got || t.record.throws.is_empty() {
                return Err(format!("the throw recorded for move {} shows {:?}, the move list says {token}", t.ply + 1, t.record.faces));
            }
            if !t.record.replays() {
                drifted.push((t.ply + 1).to_string());
            }
        }
        Ok((!drifted.is_empty()).then(|| format!("throws for moves {} replay differently here; the recorded rolls stand", drifted.join(", "))))
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

    /// Reads and checks a save file.
    pub fn read(path: &Path) -> Result<SaveFile, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| format!("{} is not a save file: {e}", path.display()))
    }

    /// Writes a game, its seats and its throws to a file.
    pub fn write(game: &Game, seats: &Seats, throws: &[(usize, RollRecord)], path: &Path) -> Result<(), String> {
        let text = serde_json::to_string_pretty(&SaveFile::of(game, seats, throws)).expect("a save serialises");
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
                let throws = session.live_throws();
                session.status = match SaveFile::write(&session.game, &seats, &throws, path) {
                    Ok(()) => format!("saved to {}", path.display()),
                    Err(e) => e,
                };
            }
            SaveLoad::Load(path) => {
                let loaded = SaveFile::read(path).and_then(|save| {
                    let game = save.restore()?;
                    let warning = save.check_throws()?;
                    Ok((save, game, warning))
                });
                match loaded {
                    Ok((save, game, warning)) => {
                        if let Some(s) = save.seats {
                            *seats = s;
                        }
                        let throws = save.throws.into_iter().map(|t| (t.ply, t.record)).collect();
                        let status = warning.unwrap_or_else(|| format!("loaded {}", path.display()));
                        out.write(GameCommand::Restore { game: Box::new(game), throws, status });
                    }
                    Err(e) => session.status = format!("load failed, game kept: {e}"),
                }
            }
        }
    }
}

