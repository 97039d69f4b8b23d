//! Dice physics as a pure function: a throw is its [`ThrowSpec`] (seed, starting poses and
//! velocities), simulated in a fresh rapier world with a fixed step until the dice rest.
//!
//! The table, `variant-table dice-stats`, the tests and the replay of a saved game all call
//! [`DiceWorld`] (or [`roll`], which re-throws cocked dice), so a recorded throw always
//! lands on the same faces: one code path, a fresh world per throw (no broad-phase history or
//! warm-start cache carried over from the throw before), a fixed timestep, and rapier's
//! single-threaded solver, which is bitwise deterministic on one platform.

use bevy::math::{Quat, Vec2, Vec3};
use bevy_rapier3d::rapier::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The fixed physics step: 60 Hz, the rate the table's `FixedUpdate` runs at.
pub const DT: f32 = 1.0 / 60.0;
/// Half the edge of a die (world units, where a board square is 1): a die is 0.36 across,
/// about a third of a square, as a 16 mm die is beside a 50 mm square.
pub const DIE_HALF: f32 = 0.18;
/// The rounding of a die's edges and corners.
pub const DIE_ROUND: f32 = 0.035;
/// Gravity in world units per second squared. A square is about 5 cm, so 9.81 m/s² would
/// be 196 squares/s²; a quarter of that reads as a heavy die on a tray without needing a
/// finer step, and the dice still settle within two simulated seconds.
pub const GRAVITY: f32 = -49.0;
/// Inner half-extents of the tray (x across, z along the board's side) and its wall height.
pub const TRAY_HALF: [f32; 2] = [1.3, 1.9];
pub const TRAY_WALL: f32 = 0.45;
/// Speeds below these (units/s, rad/s) count as still.
const STILL_LIN: f32 = 0.02;
const STILL_ANG: f32 = 0.05;
/// A die must stay still this many steps (a quarter of a second) to be read.
const STILL_STEPS: u32 = 15;
/// A throw that has not settled after this many steps (20 simulated seconds) is void.
pub const MAX_STEPS: u32 = 1200;
/// A die whose top face is more than this many degrees from level is cocked.
pub const COCKED_DEGREES: f32 = 12.0;
/// Cocked or void throws are re-thrown up to this many times before the die is read anyway
/// (by its nearest face); in 10,000 test throws none has needed a second re-throw.
pub const MAX_ATTEMPTS: u32 = 8;
/// The smallest blow a listening world reports as an [`Impact`]: the change of speed (units/s)
/// one step's contact impulse gives a die. A die resting on the felt takes `-GRAVITY * DT`
/// (0.82 units/s) every step, so the bar sits well above that; a die dropped from the wall's
/// height lands at about 4.
pub const IMPACT_SPEED: f32 = 1.5;

/// Face values on the die's local axes: +Y 1, -Y 6, +X 2, -X 5, +Z 3, -Z 4 (opposite faces
/// add up to seven, as on every standard die).
pub const FACES: [(Vec3, u8); 6] = [(Vec3::Y, 1), (Vec3::NEG_Y, 6), (Vec3::X, 2), (Vec3::NEG_X, 5), (Vec3::Z, 3), (Vec3::NEG_Z, 4)];

/// How one die starts a throw, in tray coordinates (origin at the centre of the tray floor).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct DieStart {
    pub position: [f32; 3],
    /// A unit quaternion (x, y, z, w).
    pub rotation: [f32; 4],
    pub linvel: [f32; 3],
    pub angvel: [f32; 3],
}

/// A throw, completely: replaying it gives the same faces.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThrowSpec {
    /// The seed the starting state was drawn from (kept for the record).
    pub seed: u64,
    pub dice: Vec<DieStart>,
}

impl ThrowSpec {
    /// A throw of `dice` dice drawn from `seed`. `flick` (tray x/z, units/s) is the
    /// direction and strength of the player's mouse flick; without it the dice are tossed
    /// from the near wall towards the far one at a random speed.
    pub fn from_seed(seed: u64, dice: usize, flick: Option<Vec2>) -> ThrowSpec {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut out = Vec::with_capacity(dice);
        for i in 0..dice {
            // Start above the tray's near half, side by side, each rotated uniformly at random.
            let side = i as f32 - (dice as f32 - 1.0) / 2.0; // -0.5 and 0.5 for a pair
            let x = side * 0.8 + rng.random_range(-0.15..0.15);
            let z = TRAY_HALF[1] * 0.5 + rng.random_range(-0.2..0.2);
            let y = 0.9 + rng.random_range(0.0..0.4);
            let rotation = uniform_rotation(&mut rng);
            let base = flick.unwrap_or_else(|| Vec2::new(rng.random_range(-1.5..1.5), -rng.random_range(4.0..7.0)));
            let jitter = Vec2::new(rng.random_range(-0.6..0.6), rng.random_range(-0.6..0.6));
            // A pair fans out a little, as dice leaving one hand do.
            let v = base + jitter + Vec2::new(side * 1.2, 0.0);
            let spin = Vec3::new(rng.random_range(-25.0..25.0), rng.random_range(-25.0..25.0), rng.random_range(-25.0..25.0));
            out.push(DieStart { position: [x, y, z], rotation: rotation.to_array(), linvel: [v.x, rng.random_range(-1.0..1.0), v.y], angvel: spin.to_array() });
        }
        ThrowSpec { seed, dice: out }
    }
}

/// A rotation drawn uniformly from SO(3) (Shoemake's method), so every face is equally likely
/// to start up.
fn uniform_rotation(rng: &mut ChaCha8Rng) -> Quat {
    let (u1, u2, u3): (f32, f32, f32) = (rng.random(), rng.random(), rng.random());
    let tau = std::f32::consts::TAU;
    let (a, b) = ((1.0 - u1).sqrt(), u1.sqrt());
    Quat::from_xyzw(a * (tau * u2).sin(), a * (tau * u2).cos(), b * (tau * u3).sin(), b * (tau * u3).cos()).normalize()
}

/// Where a settled die ended up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Landing {
    /// Flat, this face up.
    Face(u8),
    /// Resting tilted (on a wall or another die); `nearest` is the face closest to up.
    Cocked { nearest: u8 },
    /// Fell out of the tray, or never came to rest.
    Void,
}

/// A die striking the tray or another die (reported by a [`DiceWorld::listening`] world).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Impact {
    /// The change of speed the blow gave the die in one step (units/s; at least
    /// [`IMPACT_SPEED`]).
    pub speed: f32,
    /// Whether it struck another die (else the tray's floor, a wall or the lid).
    pub die_on_die: bool,
}

/// Collects the contact-force events of one step: (the two colliders, the impulse).
#[derive(Default)]
struct Blows(std::sync::Mutex<Vec<(ColliderHandle, ColliderHandle, f32)>>);

impl EventHandler for Blows {
    fn handle_collision_event(&self, _: &RigidBodySet, _: &ColliderSet, _: CollisionEvent, _: Option<&ContactPair>) {}

    fn handle_contact_force_event(&self, dt: f32, _: &RigidBodySet, _: &ColliderSet, pair: &ContactPair, total_force_magnitude: f32) {
        let e = ContactForceEvent::from_contact_pair(dt, pair, total_force_magnitude);
        // Only the step a contact's force first crosses the bar: a die pressed against a wall
        // or lying on another is one blow, not one a step.
        if e.started
            && let Ok(mut v) = self.0.lock()
        {
            v.push((e.collider1, e.collider2, total_force_magnitude * dt));
        }
    }
}

/// One throw being simulated.
pub struct DiceWorld {
    world: PhysicsWorld,
    dice: Vec<RigidBodyHandle>,
    still: Vec<u32>,
    steps: u32,
    /// The dice's colliders and a die's mass, where the world reports impacts.
    listen: Option<(Vec<ColliderHandle>, f32)>,
    /// The blows of the last step.
    impacts: Vec<Impact>,
}

impl DiceWorld {
    /// A fresh world: the tray (floor and four walls) and the dice at their starting poses.
    pub fn new(spec: &ThrowSpec) -> DiceWorld {
        Self::build(spec, false)
    }

    /// The same world, reporting the blows of each step ([`DiceWorld::impacts`]) for the
    /// table's sounds. Contact-force events only read the solver's impulses: the throw lands
    /// exactly as [`DiceWorld::new`]'s does (tested).
    pub fn listening(spec: &ThrowSpec) -> DiceWorld {
        Self::build(spec, true)
    }

    fn build(spec: &ThrowSpec, listen: bool) -> DiceWorld {
        let mut world = PhysicsWorld::new();
        world.gravity = Vec3::Y * GRAVITY;
        world.integration_parameters.dt = DT;
        let [hx, hz] = TRAY_HALF;
        let t = 0.1; // wall and floor half-thickness
        let felt = |b: ColliderBuilder| b.friction(0.6).restitution(0.25);
        world.colliders.insert(felt(ColliderBuilder::cuboid(hx + 2.0 * t, t, hz + 2.0 * t)).translation(Vec3::new(0.0, -t, 0.0)));
        let wall_y = TRAY_WALL / 2.0;
        for (half, at) in [
            (Vec3::new(t, wall_y, hz + 2.0 * t), Vec3::new(hx + t, wall_y, 0.0)),
            (Vec3::new(t, wall_y, hz + 2.0 * t), Vec3::new(-hx - t, wall_y, 0.0)),
            (Vec3::new(hx, wall_y, t), Vec3::new(0.0, wall_y, hz + t)),
            (Vec3::new(hx, wall_y, t), Vec3::new(0.0, wall_y, -hz - t)),
        ] {
            world.colliders.insert(ColliderBuilder::cuboid(half.x, half.y, half.z).translation(at).friction(0.3).restitution(0.4));
        }
        // A lid of glass at twice the wall height keeps lively throws in the tray.
        world.colliders.insert(ColliderBuilder::cuboid(hx, t, hz).translation(Vec3::new(0.0, 2.0 * TRAY_WALL + 1.2 + t, 0.0)));
        let mut dice = Vec::new();
        let mut colliders = Vec::new();
        for d in &spec.dice {
            let pose = Pose::from_parts(Vec3::from_array(d.position), Quat::from_array(d.rotation).normalize());
            let body = RigidBodyBuilder::dynamic().pose(pose).linvel(Vec3::from_array(d.linvel)).angvel(Vec3::from_array(d.angvel)).ccd_enabled(true);
            let inner = DIE_HALF - DIE_ROUND;
            let mut collider = ColliderBuilder::round_cuboid(inner, inner, inner, DIE_ROUND).density(1.0).friction(0.5).restitution(0.35);
            if listen {
                // The bar as a force: a die's mass (density 1 times its volume) times
                // IMPACT_SPEED per step.
                let mass = (2.0 * DIE_HALF).powi(3);
                collider = collider.active_events(ActiveEvents::CONTACT_FORCE_EVENTS).contact_force_event_threshold(mass * IMPACT_SPEED / DT);
            }
            let (h, c) = world.insert(body, collider);
            dice.push(h);
            colliders.push(c);
        }
        let still = vec![0; dice.len()];
        let listen = listen.then(|| (colliders, dice.first().map_or(1.0, |&h| world.bodies[h].mass())));
        DiceWorld { world, dice, still, steps: 0, listen, impacts: Vec::new() }
    }

    /// The blows of the last step (none unless the world is [`DiceWorld::listening`]).
    pub fn impacts(&self) -> &[Impact] {
        &self.impacts
    }

    /// Advances one fixed step.
    pub fn step(&mut self) {
        self.impacts.clear();
        match &self.listen {
            None => self.world.step(),
            Some((dice, mass)) => {
                let blows = Blows::default();
                self.world.step_with_events(&(), &blows);
                let is_die = |c: &ColliderHandle| dice.contains(c);
                for (a, b, impulse) in blows.0.into_inner().unwrap_or_default() {
                    let speed = impulse / mass;
                    if speed >= IMPACT_SPEED {
                        self.impacts.push(Impact { speed, die_on_die: is_die(&a) && is_die(&b) });
                    }
                }
            }
        }
        self.steps += 1;
        for (i, &h) in self.dice.iter().enumerate() {
            let b = &self.world.bodies[h];
            let still = b.is_sleeping() || (b.linvel().length() < STILL_LIN && b.angvel().length() < STILL_ANG);
            self.still[i] = if still { self.still[i] + 1 } else { 0 };
        }
    }

    /// Steps simulated so far.
    pub fn steps(&self) -> u32 {
        self.steps
    }

    /// Each die's pose in tray coordinates.
    pub fn poses(&self) -> impl Iterator<Item = (Vec3, Quat)> + '_ {
        self.dice.iter().map(|&h| {
            let p = self.world.bodies[h].position();
            (p.translation, p.rotation)
        })
    }

    /// Whether every die has been still long enough to read, or the throw has run too long.
    pub fn finished(&self) -> bool {
        self.steps >= MAX_STEPS || self.still.iter().all(|&s| s >= STILL_STEPS) || self.left_tray()
    }

    /// Whether a die has left the tray (through or over a wall).
    pub fn left_tray(&self) -> bool {
        self.poses().any(|(t, _)| t.x.abs() > TRAY_HALF[0] + 0.05 || t.z.abs() > TRAY_HALF[1] + 0.05 || t.y < -0.5)
    }

    /// How each die landed (call once [`DiceWorld::finished`]).
    pub fn landings(&self) -> Vec<Landing> {
        let void = self.left_tray() || self.still.iter().any(|&s| s < STILL_STEPS);
        self.poses()
            .map(|(_, q)| {
                if void {
                    return Landing::Void;
                }
                let (up, face) = top_face(q);
                if up >= COCKED_DEGREES.to_radians().cos() { Landing::Face(face) } else { Landing::Cocked { nearest: face } }
            })
            .collect()
    }
}

/// The face nearest to up for a die rotated by `q`, and the cosine of its angle from up.
pub fn top_face(q: Quat) -> (f32, u8) {
    FACES.iter().map(|&(n, f)| ((q * n).y, f)).fold((f32::MIN, 0), |best, c| if c.0 > best.0 { c } else { best })
}

/// What one throw did.
#[derive(Clone, Debug, PartialEq)]
pub struct ThrowResult {
    pub landings: Vec<Landing>,
    /// Simulated seconds until the dice were read.
    pub seconds: f32,
    /// Whether a die left the tray.
    pub left_tray: bool,
}

impl ThrowResult {
    /// The faces, if every die landed flat in the tray.
    pub fn faces(&self) -> Option<Vec<u8>> {
        self.landings.iter().map(|l| if let Landing::Face(f) = l { Some(*f) } else { None }).collect()
    }
}

/// Simulates a throw to the end.
pub fn simulate(spec: &ThrowSpec) -> ThrowResult {
    let mut w = DiceWorld::new(spec);
    while !w.finished() {
        w.step();
    }
    ThrowResult { landings: w.landings(), seconds: w.steps() as f32 * DT, left_tray: w.left_tray() }
}

/// The seed of the `attempt`-th throw of a roll (attempt 0 is the roll's own seed).
pub fn attempt_seed(seed: u64, attempt: u32) -> u64 {
    if attempt == 0 { seed } else { variant_rules::position::splitmix64(seed ^ (attempt as u64) << 56) }
}

/// A roll as the game records it: every throw made (cocked and void ones re-thrown) and the
/// faces of the last.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RollRecord {
    pub throws: Vec<ThrowSpec>,
    pub faces: Vec<u8>,
}

impl RollRecord {
    /// Re-simulates the throws and says whether they land on the recorded faces: every throw
    /// but the last cocked or void, the last flat on these faces (or read by its nearest faces
    /// when it was the last attempt allowed).
    pub fn replays(&self) -> bool {
        let n = self.throws.len();
        for (i, t) in self.throws.iter().enumerate() {
            let r = simulate(t);
            let flat = r.faces();
            if i + 1 < n {
                if flat.is_some() {
                    return false;
                }
                continue;
            }
            let landed_flat = flat.is_some();
            let faces = flat.unwrap_or_else(|| nearest_faces(&r));
            return faces == self.faces && (landed_flat || n == MAX_ATTEMPTS as usize);
        }
        false
    }
}

fn nearest_faces(r: &ThrowResult) -> Vec<u8> {
    r.landings
        .iter()
        .map(|l| match l {
            Landing::Face(f) | Landing::Cocked { nearest: f } => *f,
            Landing::Void => 1,
        })
        .collect()
}

/// Throws `dice` dice from `seed` until they land flat in the tray (at most [`MAX_ATTEMPTS`]
/// throws; the last is read by its nearest faces). The first throw follows `flick`.
pub fn roll(seed: u64, dice: usize, flick: Option<Vec2>) -> (RollRecord, Vec<ThrowResult>) {
    let mut throws = Vec::new();
    let mut results = Vec::new();
    for attempt in 0..MAX_ATTEMPTS {
        let spec = ThrowSpec::from_seed(attempt_seed(seed, attempt), dice, if attempt == 0 { flick } else { None });
        let r = simulate(&spec);
        throws.push(spec);
        let faces = r.faces();
        results.push(r);
        if let Some(faces) = faces {
            return (RollRecord { throws, faces }, results);
        }
    }
    let faces = nearest_faces(results.last().expect("at least one throw"));
    (RollRecord { throws, faces }, results)
}

/// What `dice-stats` reports about many rolls.
#[derive(Clone, Debug, Serialize)]
pub struct Stats {
    pub rolls: u32,
    pub dice: usize,
    pub seed: u64,
    /// How often each face came up, 1 to 6.
    pub histogram: [u64; 6],
    pub chi_square: f64,
    pub p_value: f64,
    /// Throws that landed cocked or void and were thrown again, over all throws made.
    pub cocked_rate: f64,
    /// Throws in which a die left the tray.
    pub left_tray: u32,
    /// Rolls still not flat after every attempt (read by their nearest faces).
    pub unsettled: u32,
    pub mean_settle_seconds: f64,
    pub max_settle_seconds: f64,
    pub simulated_seconds: f64,
    pub wall_seconds: f64,
    pub throws_per_second: f64,
    pub simulated_seconds_per_second: f64,
}

/// Rolls `rolls` times (roll `i` from `splitmix64(seed + i)`), spread over the machine's
/// cores; each roll is independent, so the figures do not depend on the thread count.
pub fn stats(rolls: u32, seed: u64, dice: usize) -> Stats {
    let started = std::time::Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(rolls.max(1) as usize);
    let per_thread: Vec<Vec<(Vec<u8>, Vec<ThrowResult>)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t as u32..rolls)
                        .step_by(threads)
                        .map(|i| {
                            let (rec, results) = roll(variant_rules::position::splitmix64(seed.wrapping_add(i as u64)), dice, None);
                            (rec.faces, results)
                        })
                        .collect()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a dice thread panicked")).collect()
    });
    let wall = started.elapsed().as_secs_f64();
    let mut histogram = [0u64; 6];
    let (mut throws, mut rethrown, mut left, mut unsettled) = (0u32, 0u32, 0u32, 0u32);
    let (mut total, mut max) = (0f64, 0f64);
    for (faces, results) in per_thread.into_iter().flatten() {
        for f in faces {
            histogram[f as usize - 1] += 1;
        }
        throws += results.len() as u32;
        rethrown += results.iter().filter(|r| r.faces().is_none()).count() as u32;
        left += results.iter().filter(|r| r.left_tray).count() as u32;
        unsettled += results.last().is_some_and(|r| r.faces().is_none()) as u32;
        let secs: f64 = results.iter().map(|r| r.seconds as f64).sum();
        total += secs;
        max = max.max(secs);
    }
    let chi = variant_rules::dice::chi_square(&histogram);
    Stats {
        rolls,
        dice,
        seed,
        histogram,
        chi_square: chi,
        p_value: variant_rules::dice::chi_square_p(chi, 5),
        cocked_rate: rethrown as f64 / throws.max(1) as f64,
        left_tray: left,
        unsettled,
        mean_settle_seconds: total / rolls.max(1) as f64,
        max_settle_seconds: max,
        simulated_seconds: total,
        wall_seconds: wall,
        throws_per_second: throws as f64 / wall.max(1e-9),
        simulated_seconds_per_second: total / wall.max(1e-9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_die_resting_on_each_face_reads_that_face() {
        for &(n, f) in &FACES {
            // Rotate the face's normal onto +Y.
            let q = Quat::from_rotation_arc(n, Vec3::Y);
            assert_eq!(top_face(q), (1.0_f32.min(top_face(q).0), f));
            assert!(top_face(q).0 > 0.999);
        }
        // Tilted 30 degrees about x from "1 up": still 1 nearest, but cocked.
        let (up, f) = top_face(Quat::from_rotation_x(30f32.to_radians()));
        assert_eq!(f, 1);
        assert!(up < COCKED_DEGREES.to_radians().cos());
    }

    #[test]
    fn opposite_faces_add_up_to_seven() {
        for &(n, f) in &FACES {
            let opposite = FACES.iter().find(|(m, _)| *m == -n).unwrap().1;
            assert_eq!(f + opposite, 7);
        }
    }

    #[test]
    fn a_throw_replays_to_the_same_faces() {
        let (record, _) = roll(42, 2, None);
        assert!(record.replays());
        let (again, _) = roll(42, 2, None);
        assert_eq!(again, record);
        let mut forged = record.clone();
        forged.faces[0] = forged.faces[0] % 6 + 1;
        assert!(!forged.replays());
    }

    #[test]
    fn listening_for_impacts_leaves_the_throw_as_it_was() {
        for seed in 0..6 {
            let spec = ThrowSpec::from_seed(seed, 2, None);
            let (mut quiet, mut heard) = (DiceWorld::new(&spec), DiceWorld::listening(&spec));
            let mut blows = Vec::new();
            while !quiet.finished() {
                quiet.step();
                heard.step();
                assert!(quiet.impacts().is_empty());
                blows.extend_from_slice(heard.impacts());
                // Bit for bit: the events only read the solver's impulses.
                assert_eq!(quiet.poses().collect::<Vec<_>>(), heard.poses().collect::<Vec<_>>(), "seed {seed} step {}", quiet.steps());
            }
            assert!(heard.finished());
            // A throw from a hand's height strikes the tray hard, then rattles more softly.
            assert!(blows.len() >= 2, "seed {seed}: {blows:?}");
            assert!(blows.iter().all(|b| b.speed >= IMPACT_SPEED && b.speed.is_finite()));
            let hardest = blows.iter().map(|b| b.speed).fold(0.0, f32::max);
            assert!((3.0..60.0).contains(&hardest), "seed {seed}: hardest blow {hardest}");
        }
    }
}
