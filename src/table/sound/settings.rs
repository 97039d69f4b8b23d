//! The player's sound settings ([`SoundSettings`]: a volume and a mute, read by every cue) and
//! their keys at the table: M mutes and unmutes, `-` and `=` lower and raise the volume.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::table::game::session::Session;
use crate::table::persist::settings::Settings;
use crate::table::schedule::{OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SoundSettings>()
        .add_systems(Startup, restore)
        .add_systems(Update, keys.in_set(TurnSystems::Input).in_set(OnScreen::Table))
        .add_systems(Update, remember.in_set(TurnSystems::Draw));
}

/// The volume the player left it at (their settings file; the defaults agree).
fn restore(kept: Res<Settings>, mut sound: ResMut<SoundSettings>) {
    *sound = SoundSettings { volume: kept.volume, muted: kept.muted };
}

/// Keeps the sound and the settings that last in step: a key at the table changes the sound,
/// the launcher's Sound chips the settings; each change is copied to the other.
fn remember(mut sound: ResMut<SoundSettings>, mut kept: ResMut<Settings>) {
    let (now, noted) = ((sound.volume, sound.muted), (kept.volume, kept.muted));
    if now == noted {
        return;
    }
    if sound.is_changed() {
        (kept.volume, kept.muted) = now;
    } else if kept.is_changed() {
        (sound.volume, sound.muted) = noted;
    }
}

/// How loud the table plays: `volume` from 0 (silent) to 1 (full), and a mute that keeps the
/// volume for when it is lifted. A slider and a settings file may set both (the default, 0.7,
/// is the settings file's).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SoundSettings {
    pub volume: f32,
    pub muted: bool,
}

impl Default for SoundSettings {
    fn default() -> Self {
        SoundSettings { volume: 0.7, muted: false }
    }
}

/// The loudness range the volume spans: 0.1 of the slider is 4 dB, so equal steps sound
/// equal (loudness follows decibels, not amplitude); 0.05 is -38 dB, all but silent.
pub const VOLUME_RANGE_DB: f32 = 40.0;

/// The `-` and `=` keys step the volume in tenths.
pub const VOLUME_STEPS: i32 = 10;

impl SoundSettings {
    /// The amplitude every cue is scaled by: 0 when muted or at volume 0, else
    /// `VOLUME_RANGE_DB * (volume - 1)` decibels (1 at full volume).
    pub fn gain(&self) -> f32 {
        let v = self.volume.clamp(0.0, 1.0);
        if self.muted || v <= 0.0 || v.is_nan() { 0.0 } else { 10f32.powf(VOLUME_RANGE_DB * (v - 1.0) / 20.0) }
    }

    /// The volume `steps` key presses up (down where negative), kept on the 0.1 grid within
    /// 0..1; a change of volume lifts the mute.
    pub fn stepped(self, steps: i32) -> SoundSettings {
        let v = ((self.volume * VOLUME_STEPS as f32).round() as i32 + steps).clamp(0, VOLUME_STEPS);
        SoundSettings { volume: v as f32 / VOLUME_STEPS as f32, muted: false }
    }

    /// The HUD's line for the setting ("Sound off", "Volume 70%").
    pub fn line(&self) -> String {
        if self.muted { "Sound off (M)".to_string() } else { format!("Volume {:.0}%", self.volume.clamp(0.0, 1.0) * 100.0) }
    }
}

fn keys(keys: Option<Res<ButtonInput<KeyCode>>>, mut settings: ResMut<SoundSettings>, session: Option<ResMut<Session>>) {
    let Some(keys) = keys else { return };
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl {
        return; // Ctrl with - or = is the platform's zoom, not ours
    }
    let down = keys.any_just_pressed([KeyCode::Minus, KeyCode::NumpadSubtract]);
    let up = keys.any_just_pressed([KeyCode::Equal, KeyCode::NumpadAdd]);
    let now = match (keys.just_pressed(KeyCode::KeyM), down, up) {
        (true, _, _) => SoundSettings { muted: !settings.muted, ..*settings },
        (_, true, false) => settings.stepped(-1),
        (_, false, true) => settings.stepped(1),
        _ => return,
    };
    *settings = now;
    if let Some(mut session) = session {
        session.status = now.line();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_volume_law_is_linear_in_decibels() {
        let gain = |volume| SoundSettings { volume, muted: false }.gain();
        assert_eq!(gain(1.0), 1.0);
        assert_eq!(gain(0.0), 0.0);
        // Computed by hand: -20 dB is a tenth, -8 dB is 0.398.
        assert!((gain(0.5) - 0.1).abs() < 1e-6);
        assert!((gain(0.8) - 0.398_107).abs() < 1e-5);
        // Each step is the same ratio (4 dB): equal steps sound equal.
        let ratios: Vec<f32> = (1..10).map(|k| gain((k + 1) as f32 * 0.1) / gain(k as f32 * 0.1)).collect();
        assert!(ratios.iter().all(|r| (r - 10f32.powf(0.2)).abs() < 1e-4), "{ratios:?}");
        assert_eq!(gain(f32::NAN), 0.0);
        assert_eq!(gain(3.0), 1.0, "clamped");
        assert_eq!(SoundSettings { volume: 1.0, muted: true }.gain(), 0.0);
    }

    #[test]
    fn keys_step_the_volume_within_its_range_and_lift_the_mute() {
        let s = SoundSettings { volume: 0.8, muted: true };
        assert_eq!(s.stepped(1), SoundSettings { volume: 0.9, muted: false });
        assert_eq!(s.stepped(5).volume, 1.0);
        assert_eq!(s.stepped(-20).volume, 0.0);
        // Ten presses down and ten up come back to the same volume, not one drifted by rounding.
        let mut t = SoundSettings::default();
        for _ in 0..10 {
            t = t.stepped(-1);
        }
        for _ in 0..7 {
            t = t.stepped(1);
        }
        assert_eq!(t, SoundSettings::default());
        assert_eq!(SoundSettings::default().line(), "Volume 70%");
    }

    #[test]
    fn settings_read_back_from_a_file_and_fill_what_is_missing() {
        let s = SoundSettings { volume: 0.3, muted: true };
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(text, r#"{"volume":0.3,"muted":true}"#);
        assert_eq!(serde_json::from_str::<SoundSettings>(&text).unwrap(), s);
        assert_eq!(serde_json::from_str::<SoundSettings>(r#"{"muted":true}"#).unwrap(), SoundSettings { volume: 0.7, muted: true });
    }
}
