//! Where saves live (the `directories` crate's glue): the platform's data directory
//! (`~/.local/share/variant-table` on Linux, `~/Library/Application Support/variant-table` on
//! macOS, `%APPDATA%\variant-table\data` on Windows), or the directory named by
//! `VARIANT_TABLE_DATA_DIR` (tests, CI, portable installs). Without either, the current
//! directory, and the HUD says so.

use std::path::PathBuf;

use bevy::prelude::*;
use directories::ProjectDirs;

/// The environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "VARIANT_TABLE_DATA_DIR";

/// The save file Ctrl+S and Ctrl+O use, in the data directory.
pub const SAVE_FILE: &str = "save.json";
/// The file written after every move, in the data directory.
pub const AUTOSAVE_FILE: &str = "autosave.json";

/// The data directory and what goes in it. Created on the first write, not at start.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct SavePaths {
    pub dir: PathBuf,
    /// Why `dir` is not the platform's data directory, when it had to fall back.
    pub note: Option<String>,
    /// Whether moves are autosaved (tests that do not test it turn it off).
    pub autosave: bool,
}

impl Default for SavePaths {
    fn default() -> Self {
        SavePaths::from_env()
    }
}

impl SavePaths {
    /// `VARIANT_TABLE_DATA_DIR` if set, else the platform's data directory, else the current
    /// directory with a note.
    pub fn from_env() -> SavePaths {
        let over = std::env::var_os(DATA_DIR_ENV).filter(|v| !v.is_empty()).map(PathBuf::from);
        SavePaths::resolve(over, ProjectDirs::from("", "", "variant-table").map(|p| p.data_dir().to_path_buf()))
    }

    /// The choice itself: an override, else the platform's directory, else `.`.
    fn resolve(over: Option<PathBuf>, platform: Option<PathBuf>) -> SavePaths {
        match (over, platform) {
            (Some(dir), _) | (None, Some(dir)) => SavePaths::at(dir),
            (None, None) => SavePaths {
                dir: PathBuf::from("."),
                note: Some(format!("no data directory found (no home directory?): files go in the current directory; set {DATA_DIR_ENV} to choose one")),
                autosave: true,
            },
        }
    }

    /// Saves in `dir`, autosave on.
    pub fn at(dir: impl Into<PathBuf>) -> SavePaths {
        SavePaths { dir: dir.into(), note: None, autosave: true }
    }

    /// The file Ctrl+S writes and Ctrl+O reads.
    pub fn save(&self) -> PathBuf {
        self.dir.join(SAVE_FILE)
    }

    /// The file written after every move.
    pub fn autosave_path(&self) -> PathBuf {
        self.dir.join(AUTOSAVE_FILE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_override_wins_then_the_platform_directory_then_the_current_one() {
        let over = SavePaths::resolve(Some("/tmp/vt-data".into()), Some("/home/a/.local/share/variant-table".into()));
        assert_eq!(over, SavePaths::at("/tmp/vt-data"));
        assert_eq!(over.save(), PathBuf::from("/tmp/vt-data/save.json"));
        assert_eq!(over.autosave_path(), PathBuf::from("/tmp/vt-data/autosave.json"));
        let platform = SavePaths::resolve(None, Some("/home/a/.local/share/variant-table".into()));
        assert_eq!(platform.dir, PathBuf::from("/home/a/.local/share/variant-table"));
        assert!(platform.note.is_none());
        let none = SavePaths::resolve(None, None);
        assert_eq!(none.save(), PathBuf::from("./save.json"));
        assert!(none.note.as_deref().is_some_and(|n| n.contains(DATA_DIR_ENV)), "{none:?}");
    }

    #[test]
    fn the_platform_directory_is_named_after_the_game() {
        // Where a home directory exists (CI and desktops), the directory ends in variant-table.
        if let Some(p) = ProjectDirs::from("", "", "variant-table") {
            assert!(p.data_dir().to_string_lossy().contains("variant-table"), "{}", p.data_dir().display());
        }
    }
}
