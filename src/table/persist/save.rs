//! Save and load: a JSON file with the game id, its options, the starting position, the move
//! list, the seats and the dice throws. Saving replaces the file atomically and keeps the
//! previous one as `.bak` (see [`crate::table::persist::atomic`]); loading replays the moves through the rules.
//! A file that cannot be read — bad JSON, another format or version, an unknown game or option,
//! a move that does not parse or is illegal, a malformed throw record, even one that makes the
//! rules engine panic — is refused with a one-line message, and the game on the table stays
//! exactly as it was.

use std::cell::Cell;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::Once;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use variant_rules::{Game, GameId, GameOptions, Position};

use crate::dice::{DieStart, MAX_ATTEMPTS, RollRecord, TRAY_HALF, ThrowSpec};
use crate::table::game::seats::Seats;
use crate::table::game::session::{GameCommand, Session};
use crate::table::persist::data_dir::SavePaths;
use crate::table::schedule::{ApplyCommands, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SaveLoad>()
        .init_resource::<SavePaths>()
        .init_resource::<SaveStatus>()
        .add_systems(Update, save_load.in_set(TurnSystems::Apply).before(ApplyCommands));
}

/// The format tag written into every save file.
const FORMAT: &str = "variant-table-save";
/// The save format version this build writes and reads.
const VERSION: u32 = 1;
/// Larger files are refused unread: a save of the longest game is a few hundred kilobytes.
const MAX_FILE_BYTES: u64 = 16 << 20;
/// Messages go on one HUD line: longer ones are cut (a forged move can be any length).
const MAX_MESSAGE_CHARS: usize = 220;

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

/// A save that was read and replayed: the file, the game it rebuilds, and a warning when its
/// throws replay differently here (the recorded faces stand).
#[derive(Clone)]
pub struct Loaded {
    pub save: SaveFile,
    pub game: Game,
    pub warning: Option<String>,
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
        let mut last_ply = None;
        for t in &self.throws {
            if last_ply.is_some_and(|p| t.ply <= p) {
                return Err(format!("the throws recorded for move {} are out of order or repeated", t.ply + 1));
            }
            last_ply = Some(t.ply);
            let Some(token) = self.moves.get(t.ply) else {
                return Err(format!("a recorded throw belongs to move {}, beyond the {} moves", t.ply + 1, self.moves.len()));
            };
            let faces = variant_rules::dice::Roll::parse(token)
                .map_err(|_| format!("move {} '{}' is not a roll, yet has a throw recorded", t.ply + 1, clip(token, 24)))?;
            let mut want: Vec<u8> = faces.0.iter().copied().filter(|&f| f != 0).collect();
            let mut got = t.record.faces.clone();
            // Where the dice's order does not matter the move list writes them sorted.
            if !self.game.dice_ordered(&self.options) {
                want.sort_unstable();
                got.sort_unstable();
            }
            if want != got || t.record.throws.is_empty() {
                return Err(format!("the throw recorded for move {} shows {:?}, the move list says {}", t.ply + 1, t.record.faces, clip(token, 24)));
            }
            check_record(t.ply, &t.record)?;
            if !t.record.replays() {
                drifted.push((t.ply + 1).to_string());
            }
        }
        Ok((!drifted.is_empty()).then(|| format!("throws for moves {} replay differently here; the recorded rolls stand", drifted.join(", "))))
    }

    /// Rebuilds the game, replaying every move through the rules. A panic in the rules engine
    /// on this file's text is caught and reported like any other bad move.
    pub fn restore(&self) -> Result<Game, String> {
        if self.format != FORMAT {
            return Err(format!("not a Variant Table save (format '{}')", clip(&self.format, 40)));
        }
        if self.version != VERSION {
            return Err(format!("save version {} is not supported (this build reads {VERSION})", self.version));
        }
        if let Some(seats) = &self.seats {
            seats.validate().map_err(|e| format!("bad seats: {e}"))?;
        }
        let mut game = guarded(|| "the starting position".into(), || Game::new(self.game, self.options, Some(&self.start)).map_err(|e| e.to_string()))
            .map_err(|e| format!("bad starting position: {e}"))?;
        let players = game.position().seating().count();
        if let Some(seats) = self.seats.as_ref().filter(|s| s.count() != players) {
            return Err(format!("bad seats: {} seats for a game of {players} players", seats.count()));
        }
        for (i, m) in self.moves.iter().enumerate() {
            let what = || format!("move {} '{}'", i + 1, clip(m, 24));
            guarded(what, || game.play(m).map_err(|e| format!("{} {e}", what())))?;
        }
        Ok(game)
    }

    /// Reads a save file and checks that it is one (not yet that it replays).
    pub fn read(path: &Path) -> Result<SaveFile, String> {
        let size = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?.len();
        if size > MAX_FILE_BYTES {
            return Err(format!("{} is {size} bytes: too large for a save file", path.display()));
        }
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| format!("{} is not a save file: {e}", path.display()))
    }

    /// Reads a save, replays its moves and checks its throws: the whole of loading but
    /// touching the table. Never panics.
    pub fn load(path: &Path) -> Result<Loaded, String> {
        let save = SaveFile::read(path)?;
        let game = save.restore()?;
        let warning = guarded(|| "the recorded throws".into(), || save.check_throws())?;
        Ok(Loaded { save, game, warning })
    }

    /// The file's text.
    pub fn to_json(&self) -> Result<String, String> {
        serde_json::to_string_pretty(self).map_err(|e| format!("cannot write the save: {e}"))
    }

    /// Writes a game, its seats and its throws to a file, atomically, keeping the file it
    /// replaces as `<name>.bak`.
    pub fn write(game: &Game, seats: &Seats, throws: &[(usize, RollRecord)], path: &Path) -> Result<(), String> {
        let text = SaveFile::of(game, seats, throws).to_json()?;
        crate::table::persist::atomic::write(path, text.as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// Refuses a throw record the table could never have made (the dice thrown from outside the
/// tray, at absurd speeds, a count of dice that is not the roll's): replaying it would be
/// meaningless, and a forged one could make the physics run far longer than any throw.
fn check_record(ply: usize, record: &RollRecord) -> Result<(), String> {
    let bad = |why: String| Err(format!("the throw recorded for move {} is malformed: {why}", ply + 1));
    if record.throws.len() > MAX_ATTEMPTS as usize {
        return bad(format!("{} throws (at most {MAX_ATTEMPTS})", record.throws.len()));
    }
    for ThrowSpec { dice, .. } in &record.throws {
        if dice.len() != record.faces.len() {
            return bad(format!("{} dice thrown for {} faces", dice.len(), record.faces.len()));
        }
        if let Some(d) = dice.iter().find(|d| !plausible(d)) {
            return bad(format!("a die starts at {:?} moving at {:?}", d.position, d.linvel));
        }
    }
    Ok(())
}

/// Whether a die's start is one a throw at the table can produce (with a wide margin).
fn plausible(d: &DieStart) -> bool {
    let len = |v: &[f32]| v.iter().map(|x| x * x).sum::<f32>().sqrt();
    let [x, y, z] = d.position;
    let mut values = d.position.iter().chain(&d.rotation).chain(&d.linvel).chain(&d.angvel);
    values.all(|v| v.is_finite())
        && x.abs() <= TRAY_HALF[0] + 1.0
        && z.abs() <= TRAY_HALF[1] + 1.0
        && (0.0..=5.0).contains(&y)
        && (len(&d.rotation) - 1.0).abs() < 1e-3
        && len(&d.linvel) <= 50.0
        && len(&d.angvel) <= 100.0
}

thread_local! {
    /// Set while [`guarded`] runs on this thread: its panics are reported as errors, not printed.
    static GUARDING: Cell<bool> = const { Cell::new(false) };
}

/// Runs rules-engine code on text from outside (a save, a typed move): a panic inside is
/// caught and becomes an error naming `what`, so a bad file never takes the window down and
/// the command line prints one line. The caller must discard whatever `f` was changing when
/// it panicked.
pub fn guarded<T>(what: impl FnOnce() -> String, f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    static QUIET_HOOK: Once = Once::new();
    // Panics elsewhere still reach the hook that was installed before (Bevy's, the default).
    QUIET_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !GUARDING.with(Cell::get) {
                previous(info);
            }
        }));
    });
    let outer = GUARDING.with(|g| g.replace(true));
    // Whatever `f` mutates is thrown away by the caller on error, so no broken invariant
    // outlives the unwind.
    let result = std::panic::catch_unwind(AssertUnwindSafe(f));
    GUARDING.with(|g| g.set(outer));
    match result {
        Ok(r) => r,
        Err(payload) => {
            let why = payload.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| payload.downcast_ref::<String>().cloned()).unwrap_or_default();
            Err(format!("{} could not be read (the rules engine failed: {})", what(), clip(&why, 60)))
        }
    }
}

/// `s` on one line and at most `max` characters (cut on a character boundary).
pub fn clip(s: &str, max: usize) -> String {
    let line: String = s.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    match line.char_indices().nth(max) {
        Some((at, _)) => format!("{}...", &line[..at]),
        None => line,
    }
}

/// Save to or load from a file.
#[derive(Message, Debug, Clone)]
pub enum SaveLoad {
    Save(PathBuf),
    /// Load a save, or a record (`.pgn`, `.vtr`: see `persist::records`).
    Load(PathBuf),
    /// Write the game's record beside the saves.
    ExportRecord,
    /// A save or load with a line to say before its result (why the file dialog was not used).
    Noted(Box<SaveLoad>, String),
}

/// The last save or load message, also shown where there is no game on the table (the
/// launcher); at the table it is the session's status line too.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct SaveStatus(pub String);

fn save_load(
    mut requests: MessageReader<SaveLoad>,
    mut session: Option<ResMut<Session>>,
    mut seats: ResMut<Seats>,
    paths: Res<SavePaths>,
    mut status: ResMut<SaveStatus>,
    mut out: MessageWriter<GameCommand>,
) {
    for r in requests.read() {
        let line = clip(&handle(r, session.as_deref(), &mut seats, &paths, &mut out), MAX_MESSAGE_CHARS);
        if let Some(s) = session.as_mut() {
            s.status = line.clone();
        }
        status.0 = line;
    }
}

/// Carries out one request; returns the line that says how it went.
fn handle(request: &SaveLoad, session: Option<&Session>, seats: &mut Seats, paths: &SavePaths, out: &mut MessageWriter<GameCommand>) -> String {
    let where_note = |path: &Path| match &paths.note {
        Some(n) if path.parent() == Some(paths.dir.as_path()) => format!(" ({n})"),
        _ => String::new(),
    };
    match request {
        SaveLoad::Noted(inner, note) => format!("{note}: {}", handle(inner, session, seats, paths, out)),
        SaveLoad::Save(path) => {
            let Some(session) = session else { return "nothing to save: no game on the table".into() };
            match SaveFile::write(&session.game, seats, &session.live_throws(), path) {
                Ok(()) => format!("saved to {}{}", path.display(), where_note(path)),
                Err(e) => format!("save failed, the previous file is kept: {e}"),
            }
        }
        SaveLoad::ExportRecord => {
            let Some(session) = session else { return "no game on the table to write down".into() };
            match crate::table::persist::records::export(&session.game, seats, &paths.dir) {
                Ok(path) => format!("record written to {}{}", path.display(), where_note(&path)),
                Err(e) => format!("the record was not written: {e}"),
            }
        }
        SaveLoad::Load(path) if crate::table::persist::records::is_record(path) => {
            match guarded(|| format!("the record {}", path.display()), || crate::table::persist::records::import(path)) {
                Ok((game, names)) => {
                    seats.suit_game(&game);
                    for (seat, name) in seats.seats.iter_mut().zip(names) {
                        seat.name = name;
                    }
                    let status = format!("read the record {}", path.display());
                    out.write(GameCommand::Restore { game: Box::new(game), throws: Vec::new(), status: status.clone() });
                    status
                }
                Err(e) => format!("load failed, game kept: {e}"),
            }
        }
        SaveLoad::Load(path) => match SaveFile::load(path) {
            Ok(Loaded { save, game, warning }) => {
                if let Some(s) = save.seats {
                    *seats = s;
                }
                let throws = save.throws.into_iter().map(|t| (t.ply, t.record)).collect();
                let status = warning.unwrap_or_else(|| format!("loaded {}", path.display()));
                out.write(GameCommand::Restore { game: Box::new(game), throws, status: status.clone() });
                status
            }
            Err(e) => format!("load failed, game kept: {e}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_inside_is_an_error_that_names_what_was_read() {
        let r: Result<(), String> = guarded(|| "move 3 'x'".into(), || panic!("byte index 1 is out of range"));
        let e = r.unwrap_err();
        assert!(e.starts_with("move 3 'x' could not be read"), "{e}");
        assert!(e.contains("byte index 1"), "{e}");
        assert_eq!(guarded(|| unreachable!(), || Ok::<_, String>(5)), Ok(5));
    }

    #[test]
    fn messages_stay_on_one_short_line() {
        assert_eq!(clip("a\nb", 10), "a b");
        assert_eq!(clip("ééééé", 3), "ééé...");
        assert_eq!(clip(&"x".repeat(10_000), 5), "xxxxx...");
    }

    #[test]
    fn throw_records_the_table_could_not_make_are_refused() {
        let (record, _) = crate::dice::roll(7, 2, None);
        assert!(check_record(0, &record).is_ok());
        let mut far = record.clone();
        far.throws[0].dice[0].position = [500.0, 1.0, 0.0];
        assert!(check_record(0, &far).unwrap_err().contains("malformed"));
        let mut fast = record.clone();
        fast.throws[0].dice[1].angvel = [1e30, 0.0, 0.0];
        assert!(check_record(0, &fast).is_err());
        let mut many = record.clone();
        many.throws = vec![record.throws[0].clone(); 9];
        assert!(check_record(0, &many).unwrap_err().contains("9 throws"));
        let mut one_die = record.clone();
        one_die.throws[0].dice.pop();
        assert!(check_record(0, &one_die).unwrap_err().contains("1 dice thrown for 2 faces"));
    }
}
