//! Dice at the table: throws (Space, the HUD, a mouse flick or a test's [`ThrowDice`]),
//! simulated step by step in `FixedUpdate`, mirrored by die entities in the tray beside the
//! board, and read into a [`DiceSettled`] message once they rest; the rules consume that
//! message as a roll token (`[3,5]`). Physics never touches the rules position itself.
//!
//! Also here: moves that need no choosing (a forced pass, the Apocalypse) are played after a
//! short pause, and the re-roll and the pass have keys (E, P).

use bevy::prelude::*;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use variant_rules::Position;

use crate::dice::{self, DiceWorld, Landing, MAX_ATTEMPTS, RollRecord, ThrowSpec};
use crate::table::game::replay::{Replay, ReplayStep};
use crate::table::game::seats::Seats;
use crate::table::game::session::{Authority, GameCommand, PositionChanged, Proposed, Session};
use crate::table::geometry::CELL;
use crate::table::schedule::{AppState, InPhase, OnScreen, TurnPhase, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ThrowDice>()
        .add_message::<ShowThrow>()
        .add_message::<DiceSettled>()
        .add_message::<DiceImpact>()
        .insert_resource(Time::<Fixed>::from_hz((1.0 / dice::DT).round() as f64))
        .init_resource::<DiceTable>()
        .add_systems(FixedUpdate, step_throw.in_set(OnScreen::Play))
        .add_systems(
            Update,
            (
                // Only at the table: in the launcher, Space and P are letters of a name.
                keys.in_set(TurnSystems::Input).in_set(OnScreen::Play),
                (start_throw, show_throw, play_roll).chain().in_set(TurnSystems::Validate).in_set(OnScreen::Play),
                (spawn_dice, forced_moves.in_set(InPhase(TurnPhase::Forced))).in_set(TurnSystems::Animate),
                place_dice.after(TurnSystems::Animate),
            ),
        )
        .add_systems(OnEnter(TurnPhase::Forced), |mut table: ResMut<DiceTable>| table.forced_wait = 0.0);
}

/// Asks for the dice to be thrown (when the rules say a roll is due and none is in flight).
/// `flick` is the mouse flick's direction and speed on the tray (x, z), if thrown by hand.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct ThrowDice {
    pub flick: Option<Vec2>,
}

/// The server of an online room threw these faces (in die order): the dice are thrown
/// physically and come to rest showing them. The roll itself reaches the rules as the
/// server's announced move, not from this throw.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct ShowThrow {
    pub faces: Vec<u8>,
}

/// The dice came to rest flat: their faces, in die order, and every throw it took.
#[derive(Message, Debug, Clone)]
pub struct DiceSettled {
    pub record: RollRecord,
}

/// A die struck the tray or another die during the throw in flight (for the sounds).
#[derive(Message, Debug, Clone, Copy)]
pub struct DiceImpact(pub dice::Impact);

/// A die on the table (index 0 is the first die: where the order matters, the piece die).
#[derive(Component, Debug, Clone, Copy)]
pub struct Die {
    pub index: usize,
}

/// The tray the dice are thrown into.
#[derive(Component, Debug, Clone, Copy)]
pub struct DiceTray;

/// The dice's state between frames.
#[derive(Resource)]
pub struct DiceTable {
    /// Where the dice seeds come from; seeded from the game's seed (0: from the OS).
    rng: ChaCha8Rng,
    /// The throw being simulated.
    flight: Option<Flight>,
    /// The last roll's faces, shown while the dice rest.
    pub faces: Vec<u8>,
    /// Where each die rests (tray coordinates) when no throw is in flight.
    rest: Vec<(Vec3, Quat)>,
    /// A line for the HUD ("a die landed cocked: thrown again").
    pub note: String,
    /// Seconds the forced move has been waiting to be played.
    forced_wait: f32,
}

struct Flight {
    world: DiceWorld,
    seed: u64,
    attempt: u32,
    dice: usize,
    throws: Vec<ThrowSpec>,
    /// A throw shown for faces decided elsewhere ([`ShowThrow`]): for each die, the turn that
    /// relabels the face it lands on as the face it must show (see [`relabel`]). `None`: a
    /// throw of this table, read as it lands.
    shown: Option<Shown>,
}

/// The faces a shown throw ends on, and each die's relabelling turn.
struct Shown {
    faces: Vec<u8>,
    turns: Vec<Quat>,
}

impl Default for DiceTable {
    fn default() -> Self {
        DiceTable { rng: ChaCha8Rng::seed_from_u64(rand::random()), flight: None, faces: Vec::new(), rest: Vec::new(), note: String::new(), forced_wait: 0.0 }
    }
}

impl DiceTable {
    /// Whether dice are rolling now.
    pub fn in_flight(&self) -> bool {
        self.flight.is_some()
    }
    /// Makes the next throws follow `seed` (tests and screenshots; a new game with a seed).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}

/// How long a forced move waits before it is played, so players see why.
const FORCED_SECONDS: f32 = 1.2;

/// Where the tray's floor centre stands: left of the board (White's view), on the table.
pub fn tray_origin(topo: &variant_rules::Topology) -> Vec3 {
    let w = topo.width() as f32 * CELL;
    Vec3::new(-(w / 2.0 + 0.5 + dice::TRAY_HALF[0] + 0.1), -0.04, 0.0)
}

fn keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    session: Option<Res<Session>>,
    seats: Res<Seats>,
    mut throw: MessageWriter<ThrowDice>,
    mut out: MessageWriter<GameCommand>,
) {
    let (Some(keys), Some(session)) = (keys, session) else { return };
    if keys.just_pressed(KeyCode::Space) {
        throw.write(ThrowDice::default());
    }
    let pos = session.game.position();
    if seats.is_computer(pos.turn()) {
        return; // the computer re-rolls and passes for itself
    }
    if keys.just_pressed(KeyCode::KeyE)
        && let Some(m) = pos.reroll_move()
    {
        out.write(GameCommand::Play(m));
    }
    if keys.just_pressed(KeyCode::KeyP)
        && let Some(m) = pos.pass_move()
    {
        out.write(GameCommand::Play(m));
    }
}

/// Starts a throw when one is asked for and the rules are waiting for a roll.
/// A throw asked for while the view is in the past returns the view to the game.
fn start_throw(
    mut asks: MessageReader<ThrowDice>,
    session: Option<ResMut<Session>>,
    (replay, seats): (Res<Replay>, Res<Seats>),
    mut table: ResMut<DiceTable>,
    mut steps: MessageWriter<ReplayStep>,
    mut proposed: MessageWriter<Proposed>,
) {
    let Some(mut session) = session else {
        asks.clear();
        return;
    };
    if !asks.is_empty() && !replay.is_live() {
        steps.write(ReplayStep::Last);
    }
    for ask in asks.read() {
        if session.authority.is_server() {
            if propose_throw(&mut session, &seats) {
                proposed.write(Proposed::Throw);
            }
            continue;
        }
        let Some(n) = session.game.position().dice_due() else { continue };
        if table.flight.is_some() {
            continue;
        }
        let seed = table.rng.next_u64();
        let spec = ThrowSpec::from_seed(seed, n, ask.flick);
        table.note.clear();
        table.flight = Some(Flight { world: DiceWorld::listening(&spec), seed, attempt: 0, dice: n, throws: vec![spec], shown: None });
    }
}

/// Where a server decides the dice ([`Authority::Server`]): a throw asked for at this table, for
/// its own seat, goes to the server as a proposal instead (its faces come back as a
/// [`ShowThrow`]).
fn propose_throw(session: &mut Session, seats: &Seats) -> bool {
    let pos = session.game.position();
    if pos.dice_due().is_none() || session.authority.awaiting() || !seats.plays_here(pos.turn()) {
        return false;
    }
    session.authority = Authority::Server { awaiting: true };
    true
}

/// Throws the dice to show faces the server decided: the throw is simulated to its end first
/// (re-thrown while a die lands cocked, as at the table), then flown with each die's faces
/// relabelled so the face it lands on shows the server's.
fn show_throw(mut shows: MessageReader<ShowThrow>, mut table: ResMut<DiceTable>, mut steps: MessageWriter<ReplayStep>, replay: Res<Replay>) {
    for show in shows.read() {
        if !replay.is_live() {
            steps.write(ReplayStep::Last);
        }
        let n = show.faces.len();
        let seed = table.rng.next_u64();
        let (record, _) = dice::roll(seed, n, None);
        let Some(spec) = record.throws.last().cloned() else { continue };
        let turns = record.faces.iter().zip(&show.faces).map(|(&landed, &wanted)| relabel(landed, wanted)).collect();
        table.note.clear();
        let shown = Some(Shown { faces: show.faces.clone(), turns });
        table.flight = Some(Flight { world: DiceWorld::listening(&spec), seed, attempt: 0, dice: n, throws: vec![spec], shown });
    }
}

/// The turn, in the die's own frame, that puts face `wanted` where face `landed` is: a die
/// whose body lands with `landed` up, drawn turned by it, shows `wanted` up.
pub fn relabel(landed: u8, wanted: u8) -> Quat {
    let normal = |face: u8| dice::FACES.iter().find(|(_, f)| *f == face).map_or(Vec3::Y, |(n, _)| *n);
    Quat::from_rotation_arc(normal(wanted), normal(landed))
}

/// One fixed step of the throw in flight; when the dice rest, read them (re-throwing a cocked
/// or lost die) and announce the faces.
fn step_throw(mut table: ResMut<DiceTable>, mut settled: MessageWriter<DiceSettled>, mut impacts: MessageWriter<DiceImpact>) {
    if table.flight.is_none() {
        return; // without touching the resource mutably, so it does not read as changed
    }
    let table = &mut *table;
    let Some(f) = table.flight.as_mut() else { return };
    f.world.step();
    impacts.write_batch(f.world.impacts().iter().map(|&i| DiceImpact(i)));
    if !f.world.finished() {
        return;
    }
    if let Some(shown) = &f.shown {
        let (faces, turns) = (shown.faces.clone(), shown.turns.clone());
        table.rest = f.world.poses().zip(turns).map(|((at, rot), turn)| (at, rot * turn)).collect();
        table.faces = faces;
        table.flight = None;
        return;
    }
    let landings = f.world.landings();
    let flat: Option<Vec<u8>> = landings.iter().map(|l| if let Landing::Face(v) = l { Some(*v) } else { None }).collect();
    let last_try = f.attempt + 1 >= MAX_ATTEMPTS;
    let faces = match flat {
        Some(faces) => faces,
        None if !last_try => {
            let why = if landings.contains(&Landing::Void) { "left the tray" } else { "landed cocked" };
            table.note = format!("A die {why}: thrown again");
            f.attempt += 1;
            let spec = ThrowSpec::from_seed(dice::attempt_seed(f.seed, f.attempt), f.dice, None);
            f.world = DiceWorld::listening(&spec);
            f.throws.push(spec);
            return;
        }
        None => landings.iter().map(|l| if let Landing::Cocked { nearest } = l { *nearest } else { 1 }).collect(),
    };
    let flight = table.flight.take().expect("in flight");
    table.rest = flight.world.poses().collect();
    table.faces = faces.clone();
    settled.write(DiceSettled { record: RollRecord { throws: flight.throws, faces } });
}

/// The rules consume a settled roll: its token is played, and the throws kept for the record.
fn play_roll(mut settled: MessageReader<DiceSettled>, session: Option<ResMut<Session>>, mut out: MessageWriter<GameCommand>) {
    let Some(mut session) = session else { return };
    for s in settled.read() {
        if session.game.position().dice_due().is_none() {
            continue;
        }
        let Some(roll) = session.game.position().roll_move(&s.record.faces) else {
            session.status = format!("the dice show {:?}, which is not a roll of this game", s.record.faces);
            continue;
        };
        let ply = session.game.moves().count();
        session.throws.retain(|(p, _)| *p < ply);
        session.throws.push((ply, s.record.clone()));
        out.write(GameCommand::Play(roll));
    }
}

/// Spawns the tray and dice for a game with dice (once per game; they go with the launcher).
fn spawn_dice(
    mut changed: MessageReader<PositionChanged>,
    session: Option<Res<Session>>,
    dice_q: Query<Entity, With<Die>>,
    tray_q: Query<Entity, With<DiceTray>>,
    mut table: ResMut<DiceTable>,
    mut commands: Commands,
) {
    if changed.is_empty() {
        return;
    }
    changed.clear();
    let Some(session) = session else { return };
    let n = session.game.position().dice_count();
    if dice_q.iter().count() == n && tray_q.iter().count() == usize::from(n > 0) {
        return;
    }
    for e in dice_q.iter().chain(tray_q.iter()) {
        commands.entity(e).despawn();
    }
    table.flight = None;
    table.faces.clear();
    let seed = session.game.options().seed;
    if seed != 0 {
        table.reseed(seed);
    }
    if n == 0 {
        return;
    }
    table.rest = (0..n).map(|i| (row_spot(i, n), Quat::IDENTITY)).collect();
    let origin = tray_origin(session.game.position().topology());
    commands.spawn((Name::new("Dice tray"), DiceTray, Transform::from_translation(origin), Visibility::default(), DespawnOnEnter(AppState::Launcher)));
    for index in 0..n {
        commands.spawn((
            Name::new(format!("Die {}", index + 1)),
            Die { index },
            Transform::from_translation(origin),
            Visibility::default(),
            DespawnOnEnter(AppState::Launcher),
        ));
    }
}

/// Puts each die where the simulation has it (or where it came to rest); while the view is in
/// the past, in a row showing that position's roll.
fn place_dice(table: Res<DiceTable>, session: Option<Res<Session>>, replay: Res<Replay>, mut dice_q: Query<(&Die, &mut Transform)>) {
    let Some(session) = session else { return };
    let origin = tray_origin(session.game.position().topology());
    let poses: Vec<(Vec3, Quat)> = match (&table.flight, replay.viewed()) {
        (Some(f), _) => match &f.shown {
            Some(shown) => f.world.poses().zip(shown.turns.iter()).map(|((at, rot), turn)| (at, rot * *turn)).collect(),
            None => f.world.poses().collect(),
        },
        (None, Some(_)) => showing(&replay.faces(&session).unwrap_or_default(), table.rest.len()),
        (None, None) => table.rest.clone(),
    };
    for (die, mut t) in &mut dice_q {
        if let Some(&(at, rot)) = poses.get(die.index) {
            // Only a moving die changes its transform (and so its children's propagation).
            let placed = Transform { translation: origin + at, rotation: rot, scale: t.scale };
            t.set_if_neq(placed);
        }
    }
}

/// `n` dice in a row across the tray, each with `faces`' face up (face 1 where there is none:
/// before the first roll).
pub fn showing(faces: &[u8], n: usize) -> Vec<(Vec3, Quat)> {
    (0..n)
        .map(|i| {
            let face = faces.get(i).copied().unwrap_or(1);
            let normal = dice::FACES.iter().find(|(_, f)| *f == face).map_or(Vec3::Y, |(n, _)| *n);
            (row_spot(i, n), Quat::from_rotation_arc(normal, Vec3::Y))
        })
        .collect()
}

/// Where die `i` of `n` rests in a row across the tray (0.6 apart: a die is 0.36 across).
fn row_spot(i: usize, n: usize) -> Vec3 {
    Vec3::new((i as f32 - (n as f32 - 1.0) / 2.0) * 0.6, dice::DIE_HALF, 0.0)
}

/// In the [`TurnPhase::Forced`] phase: plays the move that leaves nothing to choose after a
/// short pause: a pass when the roll allows no move, a re-roll under `--no-move reroll`, the
/// Apocalypse after three sixes, a pass with no move. The pause starts afresh when
/// the phase is entered and after each forced move (the next seat may be forced too).
/// Held while a player looks back through the moves.
fn forced_moves(time: Res<Time>, session: Res<Session>, replay: Res<Replay>, mut table: ResMut<DiceTable>, mut out: MessageWriter<GameCommand>) {
    if !replay.is_live() {
        return;
    }
    if session.is_changed() {
        table.forced_wait = 0.0;
    }
    table.forced_wait += time.delta_secs();
    if table.forced_wait >= FORCED_SECONDS
        && let Some(m) = session.game.position().forced_move()
    {
        table.forced_wait = 0.0;
        out.write(GameCommand::Play(m));
    }
}

/// The HUD's dice line: what to do about the dice now, and what the roll allows.
pub fn dice_line(session: &Session, table: &DiceTable) -> String {
    let pos = session.game.position();
    if session.outcome().is_some() {
        return String::new();
    }
    let mut line = String::new();
    if table.in_flight() {
        line += "The dice are rolling";
    } else if let Some(prompt) = pos.throw_prompt() {
        line += &prompt;
    } else {
        line += &pos.roll_line();
        if let Some(m) = pos.forced_move() {
            line += &format!("\nNo choice: {}", pos.move_text(m));
        }
    }
    if !table.note.is_empty() {
        line += &format!("\n{}", table.note);
    }
    line
}
