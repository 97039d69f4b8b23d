//! Settings that last between runs: the window's size, the camera's pitch and zoom, whether
//! the view follows the turn, the sound's volume, the seats (names, colours, who plays) and the
//! last game and options chosen. Kept as JSON in the platform's config directory, written
//! atomically a moment after the last change and at exit; a file that cannot be read is
//! reported in one line and the defaults are used (the file is kept as `.bak` on the next write).

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::WindowResized;
use directories::ProjectDirs;
use serde::{Deserialize, Serialize};
use variant_rules::{GameId, GameOptions};

use crate::table::game::seats::Seats;
use crate::table::game::view::{BoardShape, TurnView};
use crate::table::persist::atomic;

/// Overrides the config directory (tests, portable installs).
pub const CONFIG_DIR_ENV: &str = "VARIANT_TABLE_CONFIG_DIR";
/// The settings file in the config directory.
pub const SETTINGS_FILE: &str = "settings.json";
/// The settings format this build writes and reads.
const VERSION: u32 = 1;
/// A settings file is a few hundred bytes; anything much larger is not one.
const MAX_FILE_BYTES: u64 = 1 << 20;
/// How long settings rest unchanged before they are written (a window drag or a volume slide
/// changes them every frame).
const SETTLE: Duration = Duration::from_millis(800);

/// What is remembered. Every field has a default, so older or partial files still read.
#[derive(Resource, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(default)]
pub struct Settings {
    pub version: u32,
    /// The window's logical size.
    pub window: Option<(f32, f32)>,
    /// The camera's pitch (radians) and zoom (distance over the distance framing the board).
    pub camera: Option<(f32, f32)>,
    /// Whether the view turns to the seat to move (`None`: the table's default).
    pub follow_turn: Option<bool>,
    /// Whether boards whose edges join are drawn in their true shape (a cylinder, a torus).
    pub true_shape: bool,
    /// The sound's volume, 0 to 1, and whether it is muted.
    pub volume: f32,
    pub muted: bool,
    /// The seats as last set in the launcher.
    pub seats: Option<Seats>,
    /// The game and options last chosen in the launcher.
    pub last_game: Option<(GameId, GameOptions)>,
    /// The server address last typed in the launcher's Online panel.
    pub server: Option<String>,
    /// The seat last held in an online room, to rejoin after a restart.
    pub rejoin: Option<Rejoin>,
}

/// A seat held in an online room: where, which, and its secret token.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Rejoin {
    pub server: String,
    pub room: String,
    pub seat: String,
    pub token: String,
}

/// The longest server address or room field a settings file may hold.
const MAX_FIELD: usize = 200;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            version: VERSION,
            window: None,
            camera: None,
            follow_turn: None,
            true_shape: false,
            volume: 0.7,
            muted: false,
            seats: None,
            last_game: None,
            server: None,
            rejoin: None,
        }
    }
}

impl Settings {
    /// Reads settings; a missing file is the defaults, a bad one an error in a line.
    pub fn read(path: &Path) -> Result<Settings, String> {
        let meta = match std::fs::metadata(path) {
            Ok(m) => m,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Settings::default()),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        if meta.len() > MAX_FILE_BYTES {
            return Err(format!("{} is {} bytes: not a settings file", path.display(), meta.len()));
        }
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let s: Settings = serde_json::from_str(&text).map_err(|e| format!("{} is not a settings file: {e}", path.display()))?;
        if s.version != VERSION {
            return Err(format!("{} is settings version {} (this build reads {VERSION})", path.display(), s.version));
        }
        Ok(s.sanitised())
    }

    /// Drops or clamps what this build would not accept: a window too small to use, a volume
    /// out of range, seats or options the rules refuse (each falls back to its default).
    pub fn sanitised(mut self) -> Settings {
        self.volume = if self.volume.is_finite() { self.volume.clamp(0.0, 1.0) } else { Settings::default().volume };
        self.window = self.window.filter(|&(w, h)| (320.0..=16384.0).contains(&w) && (240.0..=16384.0).contains(&h));
        self.camera = self.camera.filter(|&(pitch, zoom)| (0.05..=1.56).contains(&pitch) && (0.2..=4.0).contains(&zoom));
        self.seats = self.seats.filter(|s| s.validate().is_ok());
        self.last_game = self.last_game.filter(|(g, o)| o.validate(*g).is_ok());
        self.server = self.server.filter(|s| s.len() <= MAX_FIELD);
        self.rejoin = self.rejoin.filter(|r| [&r.server, &r.room, &r.seat, &r.token].iter().all(|f| !f.is_empty() && f.len() <= MAX_FIELD));
        self
    }

    /// Writes the settings atomically (the previous file kept as `.bak`).
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let json = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        atomic::write(path, json.as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// Where the settings live: `VARIANT_TABLE_CONFIG_DIR`, else the platform's config directory;
/// `None` keeps them in memory only (no home directory).
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct SettingsFile(pub Option<PathBuf>);

impl SettingsFile {
    pub fn from_env() -> SettingsFile {
        let over = std::env::var_os(CONFIG_DIR_ENV).filter(|v| !v.is_empty()).map(PathBuf::from);
        let dir = over.or_else(|| ProjectDirs::from("", "", "variant-table").map(|p| p.config_dir().to_path_buf()));
        SettingsFile(dir.map(|d| d.join(SETTINGS_FILE)))
    }
}

/// Remembers settings for a player's own runs (`play` and the launcher; not screenshots or
/// tests, which must not depend on or change what a player set). Without it `Settings` is the
/// defaults (see [`plugin`]) and nothing is written.
pub struct SettingsPlugin {
    pub file: SettingsFile,
    pub settings: Settings,
}

impl SettingsPlugin {
    /// The settings in `file`, or the defaults with a warning if it cannot be read.
    pub fn read(file: SettingsFile) -> SettingsPlugin {
        let settings = match &file.0 {
            Some(path) => Settings::read(path).unwrap_or_else(|e| {
                warn!("settings: {e}; using the defaults");
                Settings::default()
            }),
            None => Settings::default(),
        };
        SettingsPlugin { file, settings }
    }
}

impl Plugin for SettingsPlugin {
    fn build(&self, app: &mut App) {
        if let Some(seats) = self.settings.seats.clone() {
            app.insert_resource(seats);
        }
        app.insert_resource(TurnView { follow_choice: self.settings.follow_turn, ..default() });
        app.insert_resource(BoardShape { true_shape: self.settings.true_shape, ..default() });
        app.insert_resource(self.settings.clone())
            .insert_resource(self.file.clone())
            .add_systems(Update, (remember, write_settled).chain())
            .add_systems(Last, write_at_exit);
    }
}

/// Settings at their defaults, so every screen can read them; [`SettingsPlugin`] replaces them
/// with the player's.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>();
}

/// Copies what the player changed into the settings: the window's size, the seats, the view.
fn remember(mut settings: ResMut<Settings>, mut resized: MessageReader<WindowResized>, seats: Res<Seats>, view: Res<TurnView>, shape: Res<BoardShape>) {
    if let Some(r) = resized.read().last() {
        let size = Some((r.width, r.height));
        if settings.window != size {
            settings.window = size;
        }
    }
    // An online room's seats are the server's, not the launcher's.
    if seats.is_changed() && !seats.any_remote() && settings.seats.as_ref() != Some(&*seats) {
        settings.seats = Some(seats.clone());
    }
    if view.is_changed() && settings.follow_turn != view.follow_choice {
        settings.follow_turn = view.follow_choice;
    }
    if shape.is_changed() && settings.true_shape != shape.true_shape {
        settings.true_shape = shape.true_shape;
    }
}

/// Writes the settings once they have rested unchanged for [`SETTLE`].
fn write_settled(
    settings: Res<Settings>,
    file: Res<SettingsFile>,
    time: Res<Time<Real>>,
    mut changed_at: Local<Option<Duration>>,
    mut written: Local<Option<Settings>>,
) {
    if written.is_none() {
        *written = Some(settings.clone());
    }
    if settings.is_changed() && written.as_ref() != Some(&*settings) {
        *changed_at = Some(time.elapsed());
    }
    if let Some(at) = *changed_at
        && time.elapsed().saturating_sub(at) >= SETTLE
    {
        *changed_at = None;
        store(&settings, &file);
        *written = Some(settings.clone());
    }
}

/// The last word at exit, so a change made just before quitting is not lost.
fn write_at_exit(mut exit: MessageReader<AppExit>, settings: Res<Settings>, file: Res<SettingsFile>) {
    if exit.read().next().is_some() {
        store(&settings, &file);
    }
}

fn store(settings: &Settings, file: &SettingsFile) {
    if let Some(path) = &file.0
        && let Err(e) = settings.write(path)
    {
        warn!("settings: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("vt-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir.join(SETTINGS_FILE)
    }

    #[test]
    fn settings_are_written_and_read_back_and_a_missing_file_is_the_defaults() {
        let path = scratch("roundtrip");
        assert_eq!(Settings::read(&path).unwrap(), Settings::default());
        let s = Settings {
            window: Some((1600.0, 900.0)),
            volume: 0.25,
            muted: true,
            last_game: Some((GameId::Chess, GameOptions::default_for(GameId::Chess))),
            ..default()
        };
        s.write(&path).unwrap();
        assert_eq!(Settings::read(&path).unwrap(), s);
        let text = std::fs::read_to_string(&path).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(json["volume"], 0.25, "{text}");
        assert_eq!(json["window"][0], 1600.0, "{text}");
    }

    #[test]
    fn bad_files_are_refused_in_a_line_and_bad_values_fall_back() {
        let path = scratch("bad");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        for bad in ["{", "[1,2]", "{\"version\": 99}", "\u{0}\u{1}"] {
            std::fs::write(&path, bad).unwrap();
            let e = Settings::read(&path).unwrap_err();
            assert!(!e.contains('\n') && e.contains("settings"), "{bad:?}: {e}");
        }
        std::fs::write(&path, r#"{"version": 1, "volume": 7.5, "window": [10, 10], "camera": [0.9, 99.0]}"#).unwrap();
        let s = Settings::read(&path).unwrap();
        assert_eq!((s.volume, s.window, s.camera), (1.0, None, None));
    }

    #[test]
    fn the_board_shape_is_restored_at_start_and_a_change_is_written_at_exit() {
        let path = scratch("shape");
        Settings { true_shape: true, ..default() }.write(&path).unwrap();
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).add_message::<WindowResized>().add_message::<AppExit>().init_resource::<Seats>();
        app.add_plugins(SettingsPlugin::read(SettingsFile(Some(path.clone()))));
        app.update();
        assert!(app.world().resource::<BoardShape>().true_shape, "the remembered choice is back");
        app.world_mut().resource_mut::<BoardShape>().true_shape = false;
        app.update();
        app.world_mut().write_message(AppExit::Success);
        app.update();
        assert!(!Settings::read(&path).unwrap().true_shape, "the new choice is written");
    }
}
