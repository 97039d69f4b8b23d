//! Autosave: after every move, undo and redo (dice rolls and forced passes are moves too) the
//! game is written to `autosave.json` in the data directory, so killing the process loses no
//! move. The save is serialised on the main thread (a few kilobytes of JSON) and written off
//! it, on Bevy's `IoTaskPool`, through the same atomic write as Ctrl+S; one write is in flight
//! at a time and only the newest waiting one is kept. Leaving the app waits for the last write.
//!
//! A game that was just started or loaded does not replace the autosave until its first
//! move, so the launcher can still resume the game played before.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{IoTaskPool, Task, block_on};

use crate::table::game::seats::Seats;
use crate::table::game::session::{GameCommand, Session};
use crate::table::persist::data_dir::SavePaths;
use crate::table::persist::save::SaveFile;
use crate::table::schedule::TurnSystems;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Autosave>().add_systems(Update, (queue_autosave, run_autosave).chain().in_set(TurnSystems::Resolve)).add_systems(Last, finish_on_exit);
}

/// One autosave to write: where, and the file's text.
struct Job {
    path: PathBuf,
    text: String,
}

/// The autosave's state between frames, and how long it takes (for the HUD log and tests).
#[derive(Resource, Default)]
pub struct Autosave {
    /// The text last handed to the writer: an unchanged game is not written again.
    last: String,
    /// The newest save waiting for the write in flight to finish.
    waiting: Option<Job>,
    in_flight: Option<Task<Result<Duration, String>>>,
    /// Writes finished.
    pub writes: u32,
    /// The last write's error, until a write succeeds.
    pub error: Option<String>,
    /// Main-thread time of the last autosave (serialising the game).
    pub serialise_time: Duration,
    /// Time of the last write (temporary file, flush, backup, rename), off the main thread.
    pub write_time: Duration,
}

impl Autosave {
    /// Whether every autosave asked for has been written.
    pub fn idle(&self) -> bool {
        self.waiting.is_none() && self.in_flight.is_none()
    }
}

/// After a move, undo or redo: serialise the game and queue it if it changed.
fn queue_autosave(
    mut commands_seen: MessageReader<GameCommand>,
    session: Option<Res<Session>>,
    seats: Res<Seats>,
    paths: Res<SavePaths>,
    mut auto: ResMut<Autosave>,
) {
    let moved = commands_seen.read().any(|c| matches!(c, GameCommand::Play(_) | GameCommand::Undo | GameCommand::Redo));
    // A screenshot run turns `paths.autosave` off: it is not a game being played.
    let (true, Some(session), true) = (moved, session, paths.autosave) else { return };
    // An online room's record is the server's; the autosave keeps the last local game.
    if session.authority.is_server() {
        return;
    }
    let started = Instant::now();
    let text = match SaveFile::of(&session.game, &seats, &session.live_throws()).to_json() {
        Ok(t) => t,
        Err(e) => {
            auto.error = Some(e);
            return;
        }
    };
    auto.serialise_time = started.elapsed();
    if text != auto.last {
        auto.last.clone_from(&text);
        auto.waiting = Some(Job { path: paths.autosave_path(), text });
    }
}

/// Finishes the write in flight and starts the waiting one; a failure goes on the HUD.
fn run_autosave(mut auto: ResMut<Autosave>, session: Option<ResMut<Session>>) {
    if let Some(task) = auto.in_flight.as_mut()
        && let Some(result) = check_ready(task)
    {
        auto.in_flight = None;
        match result {
            Ok(took) => {
                auto.writes += 1;
                auto.write_time = took;
                auto.error = None;
                debug!("autosaved in {took:?}");
            }
            Err(e) => {
                warn!("{e}");
                if let Some(mut s) = session {
                    s.status.clone_from(&e);
                }
                auto.error = Some(e);
            }
        }
    }
    if auto.in_flight.is_none()
        && let Some(job) = auto.waiting.take()
    {
        auto.in_flight = Some(IoTaskPool::get().spawn(async move { write(job) }));
    }
}

fn write(job: Job) -> Result<Duration, String> {
    let started = Instant::now();
    crate::table::persist::atomic::write(&job.path, job.text.as_bytes()).map_err(|e| format!("autosave failed: cannot write {}: {e}", job.path.display()))?;
    Ok(started.elapsed())
}

/// When the app is leaving, the last move must still reach the disk: wait for the write in
/// flight and write the waiting one here.
fn finish_on_exit(mut exits: MessageReader<AppExit>, mut auto: ResMut<Autosave>) {
    if exits.read().count() == 0 {
        return;
    }
    if let Some(task) = auto.in_flight.take()
        && let Err(e) = block_on(task)
    {
        warn!("{e}");
    }
    if let Some(job) = auto.waiting.take()
        && let Err(e) = write(job)
    {
        warn!("{e}");
    }
}
