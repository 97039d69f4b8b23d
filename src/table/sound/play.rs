//! Plays the [`SoundCue`]s: the sounds are synthesised once at startup and kept as WAV assets;
//! each cue spawns a one-shot player scaled by the [`SoundSettings`], the dice's by the speed of
//! the blow and rate-limited so a rattle stays a rattle. Without an output device (Xvfb, CI)
//! Bevy warns once and plays nothing; the first cue left unplayed turns the table silent
//! (logged once), so no players pile up.

use bevy::audio::{AudioPlayer, AudioSink, AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;
use variant_rules::Seat;

use crate::dice::IMPACT_SPEED;
use crate::table::schedule::TurnSystems;
use crate::table::sound::settings::SoundSettings;
use crate::table::sound::synth;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SoundCue>()
        .init_resource::<Output>()
        .add_systems(Startup, make_sounds)
        .add_systems(Update, (forget_unplayed, play_cues).chain().in_set(TurnSystems::Draw));
}

/// Something the table should be heard doing. The table's own cues come from `cues`; any
/// system may send one (the engine's check is meant to, once it has a query for it).
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub enum SoundCue {
    /// A piece (a stack, a tile) set down on the board.
    SetDown,
    /// A piece taking another.
    Capture,
    /// A stack growing (prisoners slid in under it, or a piece set on another).
    Stack,
    /// A die striking the tray or another die; `speed` is the blow's change of speed
    /// (units/s, from [`crate::dice::Impact`]).
    Dice { speed: f32, die_on_die: bool },
    /// This seat's turn (played in games of more than two seats), at the seat's own pitch.
    Turn(Seat),
    /// A king in check.
    Check,
    /// The game is over.
    GameEnd,
}

/// The synthesised sounds, in [`Sounds`]' order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sound {
    SetDown,
    Capture,
    Stack,
    DieOnDie,
    DieOnTray,
    Chime,
    Check,
    GameEnd,
}

impl Sound {
    const ALL: [Sound; 8] = [Sound::SetDown, Sound::Capture, Sound::Stack, Sound::DieOnDie, Sound::DieOnTray, Sound::Chime, Sound::Check, Sound::GameEnd];

    fn samples(self) -> Vec<f32> {
        match self {
            Sound::SetDown => synth::set_down(),
            Sound::Capture => synth::capture(),
            Sound::Stack => synth::stack(),
            Sound::DieOnDie => synth::die_on_die(),
            Sound::DieOnTray => synth::die_on_tray(),
            Sound::Chime => synth::chime(),
            Sound::Check => synth::check(),
            Sound::GameEnd => synth::game_end(),
        }
    }
}

/// The sounds as audio assets, one per [`Sound`], in order.
#[derive(Resource)]
struct Sounds([Handle<AudioSource>; 8]);

/// Whether the table has found it has no output device, and when the dice last sounded.
#[derive(Resource, Default)]
struct Output {
    silent: bool,
    dice: DiceLimiter,
}

/// A cue's player, and the frames it has waited for Bevy to give it a sink.
#[derive(Component)]
struct CueSound {
    frames: u32,
}

/// Frames a player may wait for its sink: Bevy's audio gives one in the frame after the spawn
/// (its system runs in `PostUpdate`, its commands land before the next `Update`).
const SINK_FRAMES: u32 = 3;

/// At most this many cue players at once; dice blows beyond it are dropped (a rattle of two
/// dice rarely holds more than six).
const MAX_VOICES: usize = 16;

/// The shortest gap between two dice sounds of one kind (die on die, die on tray): 50 ms, 20
/// a second, about as fast as a rattle is heard as separate clicks.
const DICE_GAP: f64 = 0.05;

/// A blow at this speed (units/s) or more plays at full volume: a throw leaves the hand at 4 to
/// 9 units/s, and a bounce changes a die's speed by up to twice that.
const FULL_SPEED: f32 = 10.0;

/// The faintest blow's volume: a die tipping over is still heard.
const FAINTEST: f32 = 0.15;

/// Each seat's chime pitch (as a playback speed): the major pentatonic C D E G A C, so any two
/// seats' chimes sound well together.
const SEAT_PITCH: [f32; 6] = [1.0, 9.0 / 8.0, 5.0 / 4.0, 3.0 / 2.0, 5.0 / 3.0, 2.0];

/// A blow's volume: the sound of a knock grows about as its speed, from [`FAINTEST`] at the
/// smallest blow reported to 1 at [`FULL_SPEED`].
pub fn impact_volume(speed: f32) -> f32 {
    let u = ((speed - IMPACT_SPEED) / (FULL_SPEED - IMPACT_SPEED)).clamp(0.0, 1.0);
    if u.is_nan() { 0.0 } else { FAINTEST + (1.0 - FAINTEST) * u }
}

/// Which sound a cue plays, at what volume (before the settings) and playback speed.
fn voice(cue: SoundCue) -> (Sound, f32, f32) {
    match cue {
        SoundCue::SetDown => (Sound::SetDown, 1.0, 1.0),
        SoundCue::Capture => (Sound::Capture, 1.0, 1.0),
        SoundCue::Stack => (Sound::Stack, 1.0, 1.0),
        SoundCue::Dice { speed, die_on_die } => {
            // A die strikes on a face, an edge or a corner: each blow a little higher or lower.
            let pitch = rand::random_range(0.92..1.08);
            (if die_on_die { Sound::DieOnDie } else { Sound::DieOnTray }, impact_volume(speed), pitch)
        }
        SoundCue::Turn(seat) => (Sound::Chime, 1.0, SEAT_PITCH[seat.index() % SEAT_PITCH.len()]),
        SoundCue::Check => (Sound::Check, 1.0, 1.0),
        SoundCue::GameEnd => (Sound::GameEnd, 1.0, 1.0),
    }
}

/// When each kind of dice sound last played (seconds), to keep them [`DICE_GAP`] apart.
#[derive(Default, Debug)]
pub struct DiceLimiter {
    last: [Option<f64>; 2],
}

impl DiceLimiter {
    /// Of one frame's blows, the loudest of each kind that may play at `now` (seconds);
    /// records them as played.
    pub fn admit(&mut self, now: f64, blows: &[(f32, bool)]) -> Vec<(f32, bool)> {
        let mut out = Vec::new();
        for kind in [true, false] {
            let slot = &mut self.last[usize::from(kind)];
            let loudest = blows.iter().filter(|b| b.1 == kind).map(|b| b.0).reduce(f32::max);
            if let Some(speed) = loudest
                && slot.is_none_or(|t| now - t >= DICE_GAP)
            {
                *slot = Some(now);
                out.push((speed, kind));
            }
        }
        out
    }
}

fn make_sounds(assets: Option<ResMut<Assets<AudioSource>>>, mut commands: Commands) {
    // Without Bevy's audio plugin there is nothing to play through.
    let Some(mut assets) = assets else { return };
    let handles = Sound::ALL.map(|s| assets.add(AudioSource { bytes: synth::wav(&s.samples()).into() }));
    commands.insert_resource(Sounds(handles));
}

/// Despawns players Bevy never gave a sink: there is no output device. The table then plays
/// nothing more (Bevy opens its device once, at startup).
fn forget_unplayed(mut waiting: Query<(Entity, &mut CueSound), Without<AudioSink>>, mut output: ResMut<Output>, mut commands: Commands) {
    for (e, mut cue) in &mut waiting {
        cue.frames += 1;
        if cue.frames > SINK_FRAMES {
            commands.entity(e).despawn();
            if !output.silent {
                info!("no sound output device: the table plays silently");
                output.silent = true;
            }
        }
    }
}

fn play_cues(
    mut cues: MessageReader<SoundCue>,
    sounds: Option<Res<Sounds>>,
    settings: Res<SoundSettings>,
    mut output: ResMut<Output>,
    time: Res<Time<Real>>,
    playing: Query<(), With<CueSound>>,
    mut commands: Commands,
) {
    let gain = settings.gain();
    let Some(sounds) = sounds.filter(|_| !output.silent && gain > 0.0) else {
        cues.clear();
        return;
    };
    let mut voices = playing.iter().count();
    let mut blows = Vec::new();
    let mut play = |cue: SoundCue, voices: &mut usize| {
        let (sound, volume, speed) = voice(cue);
        let settings = PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume * gain)).with_speed(speed);
        commands.spawn((Name::new(format!("Sound {sound:?}")), CueSound { frames: 0 }, AudioPlayer(sounds.0[sound as usize].clone()), settings));
        *voices += 1;
    };
    for &cue in cues.read() {
        match cue {
            SoundCue::Dice { speed, die_on_die } => blows.push((speed, die_on_die)),
            _ => play(cue, &mut voices),
        }
    }
    for (speed, die_on_die) in output.dice.admit(time.elapsed_secs_f64(), &blows) {
        if voices < MAX_VOICES {
            play(SoundCue::Dice { speed, die_on_die }, &mut voices);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_harder_blow_is_louder_up_to_full() {
        assert_eq!(impact_volume(IMPACT_SPEED), FAINTEST);
        assert_eq!(impact_volume(0.0), FAINTEST);
        assert_eq!(impact_volume(FULL_SPEED), 1.0);
        assert_eq!(impact_volume(100.0), 1.0);
        assert_eq!(impact_volume(f32::NAN), 0.0);
        let mid = impact_volume((IMPACT_SPEED + FULL_SPEED) / 2.0);
        assert!((mid - (1.0 + FAINTEST) / 2.0).abs() < 1e-6);
        assert!(impact_volume(4.0) < impact_volume(6.0));
    }

    #[test]
    fn a_rattle_plays_the_loudest_blow_of_each_kind_at_most_every_gap() {
        let mut l = DiceLimiter::default();
        let frame = [(3.0, false), (7.0, false), (2.0, true)];
        assert_eq!(l.admit(0.0, &frame), [(2.0, true), (7.0, false)]);
        // 16 ms later (one frame at 60 Hz): too soon for either kind.
        assert_eq!(l.admit(0.016, &frame), []);
        assert_eq!(l.admit(0.04, &[(9.0, true)]), []);
        // After the gap each kind plays again; a kind with no blow this frame stays free.
        assert_eq!(l.admit(0.06, &[(4.0, false)]), [(4.0, false)]);
        assert_eq!(l.admit(0.07, &[(5.0, true), (5.0, false)]), [(5.0, true)]);
        // A minute of blows every frame plays at most 20 a second of each kind.
        let mut l = DiceLimiter::default();
        let played: usize = (0..3600).map(|i| l.admit(i as f64 / 60.0, &frame).len()).sum();
        assert!(played <= 2 * 20 * 60 + 2, "{played}");
        assert!(played >= 2 * 20 * 60 / 2, "{played}");
    }

    #[test]
    fn every_seat_has_its_own_chime_and_every_sound_its_asset() {
        let pitches: Vec<f32> = (0..6).map(|s| voice(SoundCue::Turn(Seat(s))).2).collect();
        for (i, a) in pitches.iter().enumerate() {
            assert!(pitches[i + 1..].iter().all(|b| (a - b).abs() > 0.05), "{pitches:?}");
        }
        for (i, s) in Sound::ALL.iter().enumerate() {
            assert_eq!(*s as usize, i, "Sounds is indexed by the enum");
        }
        let (sound, volume, pitch) = voice(SoundCue::Dice { speed: 20.0, die_on_die: true });
        assert_eq!((sound, volume), (Sound::DieOnDie, 1.0));
        assert!((0.92..1.08).contains(&pitch));
    }
}
