//! Resuming from the launcher: a line under its Resume and Open buttons says which game the
//! autosave holds; Ctrl+O resumes it and Ctrl+Shift+O opens a save file with the file dialog.
//! A load that fails says why there, since there is no HUD on the launcher.

use bevy::prelude::*;

use crate::table::persist::data_dir::SavePaths;
use crate::table::persist::save::{SaveFile, SaveLoad, SaveStatus};
use crate::table::schedule::OnScreen;
use crate::table::screens::dialogs::AskFile;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (resume_keys, resume_text).chain().in_set(OnScreen::Launcher));
}

/// The line saying what Resume would resume (the launcher places it).
#[derive(Component)]
pub struct ResumeText;

/// What the autosave holds, in a line: "Chess, 12 moves".
pub fn describe(paths: &SavePaths) -> Result<String, String> {
    let save = SaveFile::read(&paths.autosave_path())?;
    let n = save.moves.len();
    Ok(format!("{}, {n} move{}", save.game, if n == 1 { "" } else { "s" }))
}

fn resume_keys(keys: Res<ButtonInput<KeyCode>>, paths: Res<SavePaths>, mut io: MessageWriter<SaveLoad>, mut ask: MessageWriter<AskFile>) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyO) {
        if shift {
            ask.write(AskFile::Open);
        } else {
            io.write(SaveLoad::Load(paths.autosave_path()));
        }
    }
}

fn resume_text(paths: Res<SavePaths>, status: Res<SaveStatus>, mut q: Query<&mut Text, With<ResumeText>>) {
    // On entering the launcher (the panel is new) and after each load attempt.
    let fresh = q.iter().any(|t| t.0.is_empty());
    if !fresh && !status.is_changed() {
        return;
    }
    let first = match describe(&paths) {
        Ok(what) => format!("Resume: the last game ({what})"),
        Err(_) if !paths.autosave_path().exists() => "Resume: no game yet (games are saved after every move)".into(),
        Err(e) => format!("the last game cannot be resumed: {}", crate::table::persist::save::clip(&e, 120)),
    };
    let line = if status.0.is_empty() { first } else { format!("{first}\n{}", status.0) };
    for mut t in &mut q {
        t.set_if_neq(Text(line.clone()));
    }
}
