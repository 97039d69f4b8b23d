//! The table's sounds, synthesised: small pure functions returning mono samples (-1..1 at
//! [`RATE`]), and [`wav`], which wraps them in a 16-bit WAV file in memory for Bevy's audio.
//!
//! Knocks (a piece set down, a capture, a stack, dice) are a short burst of noise ringing
//! through a few resonators, the modes of the struck body, over a low thump where a board
//! answers; tones (the turn's chime, check, the game's end) are sines with two overtones that
//! die away faster than the fundamental, as a struck bell's do. Nothing is random from run to
//! run: the noise is a fixed xorshift sequence.

/// Samples per second: CD rate, which every output device takes; its 22 kHz band holds the
/// clicks' highest modes (5.6 kHz) with room to spare.
pub const RATE: u32 = 44_100;

/// A body's mode: it rings at `freq` Hz, its amplitude falling by e every `decay` seconds.
#[derive(Clone, Copy, Debug)]
struct Mode {
    freq: f32,
    decay: f32,
    gain: f32,
}

const fn mode(freq: f32, decay: f32, gain: f32) -> Mode {
    Mode { freq, decay, gain }
}

/// A fixed noise sequence (xorshift32): the same sound on every run.
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x as f32 / u32::MAX as f32 * 2.0 - 1.0
    }
}

/// A two-pole band-pass (the RBJ cookbook's biquad, 0 dB at its peak) tuned so that, struck,
/// it rings at the mode's frequency for the mode's decay: Q = pi * f * decay.
struct Resonator {
    b0: f32,
    a1: f32,
    a2: f32,
    x: [f32; 2],
    y: [f32; 2],
}

impl Resonator {
    fn new(m: Mode) -> Resonator {
        let w0 = std::f32::consts::TAU * m.freq / RATE as f32;
        let q = std::f32::consts::PI * m.freq * m.decay;
        let alpha = w0.sin() / (2.0 * q);
        let a0 = 1.0 + alpha;
        Resonator { b0: alpha / a0, a1: -2.0 * w0.cos() / a0, a2: (1.0 - alpha) / a0, x: [0.0; 2], y: [0.0; 2] }
    }

    /// One sample in, one out (b1 = 0 and b2 = -b0 for the band-pass).
    fn process(&mut self, x: f32) -> f32 {
        let y = self.b0 * (x - self.x[1]) - self.a1 * self.y[0] - self.a2 * self.y[1];
        self.x = [x, self.x[0]];
        self.y = [y, self.y[0]];
        y
    }
}

/// A buffer `seconds` long, silent.
fn silence(seconds: f32) -> Vec<f32> {
    vec![0.0; (seconds * RATE as f32).round() as usize]
}

/// The sample index of `seconds`.
fn at(seconds: f32) -> usize {
    (seconds * RATE as f32).round() as usize
}

/// Adds a blow at `start` seconds: `burst` seconds of noise (the contact: shorter is sharper)
/// exciting the body's `modes`, scaled by `gain`. Each mode rings at about its gain times
/// `gain`, whatever its frequency and decay.
fn strike(out: &mut [f32], start: f32, burst: f32, modes: &[Mode], gain: f32, seed: u32) {
    let from = at(start);
    let burst_len = at(burst).max(1);
    for m in modes {
        let mut noise = Noise(seed.wrapping_mul(2_654_435_761).max(1));
        let mut r = Resonator::new(*m);
        // Struck by one sample x, the resonator rings at about 2 * b0 * x; a burst of N noise
        // samples (uniform: rms 1/sqrt 3, halved in power by the hump) adds up to about
        // sqrt(N / 6) such blows at the mode's frequency.
        let ring = 2.0 * r.b0 * (burst_len as f32 / 6.0).sqrt();
        let level = m.gain * gain / ring;
        for (i, s) in out.iter_mut().skip(from).enumerate() {
            // The contact's force: a half-sine hump over the burst, noise-modulated.
            let x = if i < burst_len { noise.next() * (std::f32::consts::PI * i as f32 / burst_len as f32).sin() } else { 0.0 };
            *s += level * r.process(x);
        }
    }
}

/// Adds a low thump at `start`: a sine falling from `f0` to `f1` Hz (a board's or a table's
/// answer to a blow), fading by e every `decay` seconds.
fn thump(out: &mut [f32], start: f32, f0: f32, f1: f32, decay: f32, gain: f32) {
    let mut phase = 0.0f32;
    for (i, s) in out.iter_mut().skip(at(start)).enumerate() {
        let t = i as f32 / RATE as f32;
        let f = f1 + (f0 - f1) * (-t / (decay * 0.5)).exp();
        phase += std::f32::consts::TAU * f / RATE as f32;
        *s += gain * (-t / decay).exp() * phase.sin();
    }
}

/// Adds a bell-like tone at `start`: the fundamental `freq` fading by e every `decay` seconds,
/// its second and third harmonics (a third and a tenth as loud) twice and three times as fast.
/// A 6 ms rise keeps the onset from clicking.
fn tone(out: &mut [f32], start: f32, freq: f32, decay: f32, gain: f32) {
    let rise = 0.006;
    for (i, s) in out.iter_mut().skip(at(start)).enumerate() {
        let t = i as f32 / RATE as f32;
        let onset = (t / rise).min(1.0);
        let w = std::f32::consts::TAU * freq * t;
        let partials = w.sin() * (-t / decay).exp() + 0.3 * (2.0 * w).sin() * (-2.0 * t / decay).exp() + 0.1 * (3.0 * w).sin() * (-3.0 * t / decay).exp();
        *s += gain * onset * partials;
    }
}

/// Scales a sound to the given peak and fades its last 5 ms, so it ends on silence.
fn finish(mut out: Vec<f32>, peak: f32) -> Vec<f32> {
    let max = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if max > 0.0 {
        out.iter_mut().for_each(|s| *s *= peak / max);
    }
    let fade = at(0.005).min(out.len());
    let n = out.len();
    for (k, s) in out[n - fade..].iter_mut().enumerate() {
        *s *= 1.0 - (k + 1) as f32 / fade as f32;
    }
    out
}

// The peaks below balance the cues against each other: the knocks of play loudest, the dice
// a little under them (and scaled again by each blow's speed), the tones that announce
// softer still, so a chime never drowns the move it follows.

/// A wooden piece set down on a wooden board: a "tock". The piece's modes (420 Hz and two
/// above, ringing 25 ms and less) over the board's thump falling from 140 to 90 Hz.
pub fn set_down() -> Vec<f32> {
    let mut out = silence(0.25);
    strike(&mut out, 0.0, 0.0025, &[mode(420.0, 0.025, 1.0), mode(1150.0, 0.012, 0.5), mode(2300.0, 0.006, 0.25)], 1.0, 1);
    thump(&mut out, 0.0, 140.0, 90.0, 0.035, 0.5);
    finish(out, 0.8)
}

/// A capture: the taking piece knocks the taken one (a hard, bright click, 1.8 and 3.4 kHz),
/// then lands 70 ms later (a second click a little lower, and the board's thump).
pub fn capture() -> Vec<f32> {
    let mut out = silence(0.32);
    let click = [mode(1800.0, 0.015, 1.0), mode(3400.0, 0.008, 0.6), mode(600.0, 0.02, 0.3)];
    strike(&mut out, 0.0, 0.0008, &click, 1.0, 2);
    let lower = click.map(|m| mode(m.freq * 0.85, m.decay, m.gain));
    strike(&mut out, 0.07, 0.001, &lower, 0.8, 3);
    thump(&mut out, 0.07, 150.0, 95.0, 0.03, 0.25);
    finish(out, 0.9)
}

/// A stack growing: thick checkers clacking onto each other (1.3, 2.7 and 4.1 kHz), and the
/// disc rocking once more 22 ms later.
pub fn stack() -> Vec<f32> {
    let mut out = silence(0.25);
    let clack = [mode(1300.0, 0.02, 1.0), mode(2700.0, 0.012, 0.7), mode(4100.0, 0.006, 0.3)];
    strike(&mut out, 0.0, 0.0015, &clack, 1.0, 4);
    strike(&mut out, 0.022, 0.001, &clack, 0.35, 5);
    thump(&mut out, 0.0, 180.0, 120.0, 0.02, 0.15);
    finish(out, 0.8)
}

/// Two dice striking each other: small, hard and bright (3.2 and 5.6 kHz, ringing 10 ms).
pub fn die_on_die() -> Vec<f32> {
    let mut out = silence(0.1);
    strike(&mut out, 0.0, 0.0006, &[mode(3200.0, 0.01, 1.0), mode(5600.0, 0.006, 0.6)], 1.0, 6);
    finish(out, 0.7)
}

/// A die striking the felt-lined wooden tray: the felt softens the blow (a 3 ms burst) and the
/// tray answers low (650 Hz, and a thump from 180 to 120 Hz).
pub fn die_on_tray() -> Vec<f32> {
    let mut out = silence(0.14);
    strike(&mut out, 0.0, 0.003, &[mode(650.0, 0.018, 1.0), mode(1500.0, 0.01, 0.4), mode(3600.0, 0.004, 0.2)], 1.0, 7);
    thump(&mut out, 0.0, 180.0, 120.0, 0.02, 0.3);
    finish(out, 0.7)
}

/// A seat's turn: a soft open fifth, A5 over E6, fading over a second (played faster or
/// slower to give each seat its own pitch).
pub fn chime() -> Vec<f32> {
    let mut out = silence(1.2);
    tone(&mut out, 0.0, 880.0, 0.3, 1.0);
    tone(&mut out, 0.0, 1318.5, 0.25, 0.4);
    finish(out, 0.45)
}

/// Check: a tritone (D#5 and A5), the interval that wants resolving, struck twice 140 ms
/// apart.
pub fn check() -> Vec<f32> {
    let mut out = silence(0.75);
    for (start, gain) in [(0.0, 1.0), (0.14, 0.8)] {
        tone(&mut out, start, 622.3, 0.18, gain);
        tone(&mut out, start, 880.0, 0.18, gain);
    }
    finish(out, 0.6)
}

/// The game's end: a perfect cadence, a G major chord (G4 B4 D5) resolving 400 ms later to C
/// major (C5 E5 G5), which rings on.
pub fn game_end() -> Vec<f32> {
    let mut out = silence(2.0);
    for f in [392.0, 493.9, 587.3] {
        tone(&mut out, 0.0, f, 0.25, 1.0);
    }
    for f in [523.3, 659.3, 784.0] {
        tone(&mut out, 0.4, f, 0.6, 1.0);
    }
    finish(out, 0.55)
}

/// A 16-bit PCM mono WAV file of `samples` at [`RATE`] (each clamped to -1..1).
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // the fmt chunk's size
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // one channel
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes()); // bytes per second
    out.extend_from_slice(&2u16.to_le_bytes()); // bytes per frame
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&((s.clamp(-1.0, 1.0) * i16::MAX as f32).round() as i16).to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    type Synth = fn() -> Vec<f32>;
    const ALL: [(&str, Synth, f32); 8] = [
        ("set down", set_down, 0.25),
        ("capture", capture, 0.32),
        ("stack", stack, 0.25),
        ("die on die", die_on_die, 0.1),
        ("die on tray", die_on_tray, 0.14),
        ("chime", chime, 1.2),
        ("check", check, 0.75),
        ("game end", game_end, 2.0),
    ];

    fn rms(s: &[f32]) -> f32 {
        (s.iter().map(|x| x * x).sum::<f32>() / s.len().max(1) as f32).sqrt()
    }

    #[test]
    fn every_sound_is_its_length_finite_within_full_scale_and_ends_quiet() {
        for (name, synth, seconds) in ALL {
            let s = synth();
            assert_eq!(s.len(), (seconds * RATE as f32).round() as usize, "{name}");
            assert!(s.iter().all(|x| x.is_finite()), "{name}: NaN or infinity");
            let peak = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            assert!(peak <= 1.0 && peak > 0.3, "{name}: peak {peak}");
            assert_eq!(*s.last().unwrap(), 0.0, "{name} ends on silence");
            // Most of the energy is at the start: a knock or a struck tone, not a drone.
            let tenth = s.len() / 10;
            assert!(rms(&s[..2 * tenth]) > 3.0 * rms(&s[8 * tenth..]), "{name} dies away");
        }
    }

    #[test]
    fn the_same_sound_every_time() {
        for (name, synth, _) in ALL {
            assert_eq!(synth(), synth(), "{name}");
        }
    }

    /// Where the energy of a sound's first `n` samples lies: the frequency (Hz, in 50 Hz steps
    /// up to 8 kHz) with the largest DFT magnitude.
    fn loudest_frequency(s: &[f32], n: usize) -> f32 {
        let s = &s[..n.min(s.len())];
        let power = |f: f32| {
            let (mut re, mut im) = (0.0f32, 0.0f32);
            for (i, x) in s.iter().enumerate() {
                let w = std::f32::consts::TAU * f * i as f32 / RATE as f32;
                re += x * w.cos();
                im += x * w.sin();
            }
            re * re + im * im
        };
        (1..160).map(|k| k as f32 * 50.0).max_by(|a, b| power(*a).total_cmp(&power(*b))).unwrap()
    }

    #[test]
    fn dice_click_higher_than_the_tray_and_the_tray_than_a_piece_on_wood() {
        let n = 2048;
        let die = loudest_frequency(&die_on_die(), n);
        let tray = loudest_frequency(&die_on_tray(), n);
        let chime = loudest_frequency(&chime(), 8192);
        assert!(die > 2500.0, "die on die rings at {die} Hz");
        assert!((500.0..900.0).contains(&tray), "die on tray rings at {tray} Hz");
        assert!((850.0..=900.0).contains(&chime), "the chime is an A5, not {chime} Hz");
    }

    #[test]
    fn a_resonator_rings_for_its_decay() {
        // Struck with one sample, a 1 kHz mode of 20 ms decay has fallen by about e^-1 after
        // 20 ms and e^-3 after 60 ms (measured on the envelope of 1 ms windows).
        let mut r = Resonator::new(mode(1000.0, 0.02, 1.0));
        let out: Vec<f32> = (0..at(0.1)).map(|i| r.process(if i == 0 { 1.0 } else { 0.0 })).collect();
        let env = |t: f32| out[at(t)..at(t + 0.001)].iter().fold(0.0f32, |m, x| m.max(x.abs()));
        let (e0, e20, e60) = (env(0.0), env(0.02), env(0.06));
        assert!((e20 / e0 - (-1.0f32).exp()).abs() < 0.05, "{e0} {e20}");
        assert!((e60 / e0 - (-3.0f32).exp()).abs() < 0.02, "{e0} {e60}");
    }

    #[test]
    fn the_wav_header_says_what_it_holds() {
        let samples = [0.0, 0.5, -0.5, 1.0, -1.0, 2.0];
        let w = wav(&samples);
        let u32_at = |i: usize| u32::from_le_bytes(w[i..i + 4].try_into().unwrap());
        let u16_at = |i: usize| u16::from_le_bytes(w[i..i + 2].try_into().unwrap());
        assert_eq!(&w[0..4], b"RIFF");
        assert_eq!(u32_at(4) as usize, w.len() - 8);
        assert_eq!(&w[8..16], b"WAVEfmt ");
        assert_eq!((u16_at(20), u16_at(22), u32_at(24), u32_at(28), u16_at(32), u16_at(34)), (1, 1, 44_100, 88_200, 2, 16));
        assert_eq!(&w[36..40], b"data");
        assert_eq!(u32_at(40), 12);
        assert_eq!(w.len(), 44 + 12);
        assert_eq!(i16::from_le_bytes([w[50], w[51]]), 32767, "full scale");
        assert_eq!(i16::from_le_bytes([w[54], w[55]]), 32767, "clamped");
    }

    #[test]
    fn an_independent_reader_decodes_every_sound() {
        for (name, synth, _) in ALL {
            let s = synth();
            let mut r = hound::WavReader::new(std::io::Cursor::new(wav(&s))).expect(name);
            let spec = r.spec();
            assert_eq!((spec.channels, spec.sample_rate, spec.bits_per_sample), (1, RATE, 16), "{name}");
            assert_eq!(spec.sample_format, hound::SampleFormat::Int);
            let back: Vec<i16> = r.samples::<i16>().collect::<Result<_, _>>().expect(name);
            assert_eq!(back.len(), s.len(), "{name}");
            for (a, b) in s.iter().zip(&back) {
                assert!((a - *b as f32 / 32767.0).abs() <= 1.0 / 32767.0, "{name}: {a} read back as {b}");
            }
        }
    }
}
