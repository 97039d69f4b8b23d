//! Save As (Ctrl+Shift+S) and Open (Ctrl+Shift+O) with the platform's file dialog (the `rfd`
//! crate's glue). The dialog runs off the main thread — rfd's `AsyncFileDialog` future on
//! Bevy's `IoTaskPool`, polled every frame — so the table keeps drawing while it is open.
//!
//! On Linux rfd asks the XDG desktop portal over D-Bus (libdbus is loaded at run time, so
//! nothing is needed to build) and falls back to `zenity`. Where neither can be reached (Xvfb,
//! CI, a bare window manager) the HUD says so and the default save file is used instead.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{IoTaskPool, Task};
use rfd::{AsyncFileDialog, FileHandle};

use crate::table::game::session::Session;
use crate::table::persist::data_dir::SavePaths;
use crate::table::persist::save::{SaveLoad, SaveStatus};
use crate::table::schedule::TurnSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<AskFile>().init_resource::<FileDialog>().add_systems(Update, (open_dialog, finish_dialog).chain().in_set(TurnSystems::Input));
}

/// Asks the player for a file.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum AskFile {
    /// Where to save the game (Ctrl+Shift+S).
    SaveAs,
    /// Which save to load (Ctrl+Shift+O).
    Open,
}

/// rfd reports a dialog it could not show (no portal, no zenity) as "nothing chosen"; an
/// answer sooner than this after opening is taken for that, since nobody cancels so fast.
const TOO_FAST: Duration = Duration::from_millis(400);

/// The dialog on screen, if any.
#[derive(Resource, Default)]
struct FileDialog {
    open: Option<OpenDialog>,
}

struct OpenDialog {
    ask: AskFile,
    since: Instant,
    task: Task<Option<PathBuf>>,
}

fn open_dialog(
    mut asks: MessageReader<AskFile>,
    mut dialog: ResMut<FileDialog>,
    paths: Res<SavePaths>,
    mut io: MessageWriter<SaveLoad>,
    session: Option<ResMut<Session>>,
    mut status: ResMut<SaveStatus>,
) {
    let mut session = session;
    for &ask in asks.read() {
        if dialog.open.is_some() {
            say(session.as_deref_mut(), &mut status, "a file dialog is already open".into());
            continue;
        }
        match available(has_session_bus(), on_path("zenity")) {
            Err(why) => {
                io.write(fallback(ask, &paths, why));
            }
            Ok(()) => {
                let task = IoTaskPool::get().spawn(ask_for_file(ask, &paths.dir));
                dialog.open = Some(OpenDialog { ask, since: Instant::now(), task });
            }
        }
    }
}

fn finish_dialog(
    mut dialog: ResMut<FileDialog>,
    paths: Res<SavePaths>,
    mut io: MessageWriter<SaveLoad>,
    session: Option<ResMut<Session>>,
    mut status: ResMut<SaveStatus>,
) {
    let Some(open) = dialog.open.as_mut() else { return };
    let Some(chosen) = check_ready(&mut open.task) else { return };
    let (ask, quick) = (open.ask, open.since.elapsed() < TOO_FAST);
    dialog.open = None;
    match (chosen, quick) {
        (Some(path), _) => {
            io.write(match ask {
                AskFile::SaveAs => SaveLoad::Save(path),
                AskFile::Open => SaveLoad::Load(path),
            });
        }
        (None, true) => {
            io.write(fallback(ask, &paths, "none could be shown"));
        }
        (None, false) => {
            let line = match ask {
                AskFile::SaveAs => "Save As cancelled: nothing saved",
                AskFile::Open => "Open cancelled: game kept",
            };
            say(session.map(|s| s.into_inner()), &mut status, line.into());
        }
    }
}

/// The dialog itself, as a future that can run on any thread.
fn ask_for_file(ask: AskFile, dir: &Path) -> impl Future<Output = Option<PathBuf>> + Send + 'static {
    let mut d = AsyncFileDialog::new().add_filter("Variant Table save", &["json"]);
    if dir.is_dir() {
        d = d.set_directory(dir);
    }
    let chosen: Pin<Box<dyn Future<Output = Option<FileHandle>> + Send>> = match ask {
        AskFile::SaveAs => Box::pin(d.set_title("Save the game as").set_file_name("game.json").save_file()),
        AskFile::Open => {
            Box::pin(d.add_filter("Game record (PGN, Variant Table record)", &["pgn", "vtr"]).set_title("Open a saved game or a record").pick_file())
        }
    };
    async move { chosen.await.map(|h| h.path().to_path_buf()) }
}

/// What happens instead when no dialog can be shown: the default save file, and why.
fn fallback(ask: AskFile, paths: &SavePaths, why: &str) -> SaveLoad {
    let request = match ask {
        AskFile::SaveAs => SaveLoad::Save(paths.save()),
        AskFile::Open => SaveLoad::Load(paths.save()),
    };
    SaveLoad::Noted(Box::new(request), format!("no file dialog ({why})"))
}

/// Whether rfd has anything to show a dialog with. Windows and macOS always do; elsewhere it
/// needs the desktop portal (on the D-Bus session bus) or `zenity`.
fn available(session_bus: bool, zenity: bool) -> Result<(), &'static str> {
    if cfg!(any(target_os = "windows", target_os = "macos")) || session_bus || zenity {
        Ok(())
    } else {
        Err("no D-Bus session for the desktop portal, and no zenity")
    }
}

fn has_session_bus() -> bool {
    let set = |v: &str| std::env::var_os(v).is_some_and(|s| !s.is_empty());
    set("DBUS_SESSION_BUS_ADDRESS") || std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|d| Path::new(&d).join("bus").exists())
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(program).is_file()))
}

fn say(session: Option<&mut Session>, status: &mut SaveStatus, line: String) {
    if let Some(s) = session {
        s.status.clone_from(&line);
    }
    status.0 = line;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_portal_or_zenity_the_default_file_is_used_and_the_reason_given() {
        if cfg!(any(target_os = "windows", target_os = "macos")) {
            return;
        }
        assert!(available(true, false).is_ok());
        assert!(available(false, true).is_ok());
        let why = available(false, false).unwrap_err();
        let paths = SavePaths::at("/data");
        match fallback(AskFile::SaveAs, &paths, why) {
            SaveLoad::Noted(inner, note) => {
                assert!(matches!(*inner, SaveLoad::Save(ref p) if p == Path::new("/data/save.json")), "{inner:?}");
                assert!(note.starts_with("no file dialog (no D-Bus session"), "{note}");
            }
            other => panic!("expected a noted save, got {other:?}"),
        }
        assert!(matches!(fallback(AskFile::Open, &paths, why), SaveLoad::Noted(inner, _) if matches!(*inner, SaveLoad::Load(_))));
    }
}
