//! When the table makes a sound: read from the game's own events, never from the screen. A
//! move played ([`PositionChanged`]) is compared with the position before it (a capture, a
//! stack growing) and its sound waits for the moved piece to land (its glide ends); prisoners
//! sliding in under a stack clack when they arrive; what follows the move (the next seat's
//! chime in games of more than two seats, the game's end) plays just after the landing. The
//! dice's blows come from their physics ([`DiceImpact`]).

use bevy::prelude::*;
use variant_rules::topology::NO_CELL;
use variant_rules::{AnyPosition, MovePath, Position};

use crate::table::game::dice::DiceImpact;
use crate::table::game::session::{PositionChanged, Session};
use crate::table::mirror::pieces::{Gathering, Glide};
use crate::table::schedule::TurnSystems;
use crate::table::sound::play::SoundCue;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Sequence>().add_systems(Update, (watch_moves, watch_landings, release_followers, hear_dice).chain().in_set(TurnSystems::EndTurn));
}

/// The gap between the landing and each cue that follows it (the chime, the game's end), so
/// the knock is heard first.
const FOLLOW_GAP: f32 = 0.15;

/// The last move's cues still to play.
#[derive(Resource, Default, Debug)]
struct Sequence {
    /// The moved piece's sound, played when it lands.
    landing: Option<SoundCue>,
    /// What follows the landing, in order.
    followers: Vec<SoundCue>,
    /// Followers released by the landing: seconds left before each plays.
    delayed: Vec<(f32, SoundCue)>,
}

/// The sound of the piece a move sets down, from the position it was played in (`before`), the
/// position after it and its path: none for a move that moves no piece (a roll, a pass), a
/// capture, a stack growing (a piece set on a stack taller than the one that left), or a
/// plain set-down.
pub fn landing_cue(before: &AnyPosition, after: &AnyPosition, path: &MovePath) -> Option<SoundCue> {
    let dest = *path.landings.last()?;
    if dest == NO_CELL {
        return None;
    }
    let grew = after.look().stacks && after.stack_on(dest).len() > before.stack_on(path.from).len().max(1);
    Some(if path.capture {
        SoundCue::Capture
    } else if grew {
        SoundCue::Stack
    } else {
        SoundCue::SetDown
    })
}

/// What follows a move once its piece has landed: the game's end if it ended the game
/// (`over`), else in a game of more than two seats the chime of the seat whose turn it now is,
/// when the turn passed, then the check sting if a King stands in check that did not before
/// (the engine's `in_check`: any seat's, in the multi-seat games).
pub fn after_move_cues(before: &AnyPosition, after: &AnyPosition, over: bool) -> Vec<SoundCue> {
    if over {
        return vec![SoundCue::GameEnd];
    }
    let mut cues = Vec::new();
    if after.seating().count() > 2 && after.turn() != before.turn() {
        cues.push(SoundCue::Turn(after.turn()));
    }
    let checked = after.in_check();
    if !checked.is_empty() && checked != before.in_check() {
        cues.push(SoundCue::Check);
    }
    cues
}

/// Reads each change of position: a move played forward queues its landing and followers;
/// anything else (undo, a new game, a load) only clears the queue. Keeps the position to
/// compare the next move with.
fn watch_moves(mut changed: MessageReader<PositionChanged>, session: Option<Res<Session>>, mut last: Local<Option<AnyPosition>>, mut seq: ResMut<Sequence>) {
    let Some(change) = changed.read().last().cloned() else { return };
    let Some(session) = session else { return };
    let after = session.game.position();
    let before = last.replace(after.clone());
    seq.landing = None;
    seq.followers.clear();
    let (Some(before), Some(_), Some(path)) = (before, change.moved, change.path) else { return };
    seq.landing = landing_cue(&before, after, &path);
    seq.followers = after_move_cues(&before, after, session.outcome().is_some());
}

/// Plays the landing when the moved piece's glide ends (or at once where nothing glides: a
/// piece placed from the hand in place, a move with no piece), then releases the followers;
/// a stack that gathered its prisoners clacks.
fn watch_landings(
    mut landed: RemovedComponents<Glide>,
    mut gathered: RemovedComponents<Gathering>,
    alive: Query<(), With<Transform>>,
    gliding: Query<(), With<Glide>>,
    mut seq: ResMut<Sequence>,
    mut out: MessageWriter<SoundCue>,
) {
    // A glide also goes when the mirror is rebuilt (its entity despawned): that is no landing.
    let mut landed_now = false;
    for e in landed.read() {
        landed_now |= alive.contains(e);
    }
    if landed_now || gliding.is_empty() {
        if let Some(cue) = seq.landing.take() {
            out.write(cue);
        }
        let followers = std::mem::take(&mut seq.followers);
        seq.delayed.extend(followers.into_iter().enumerate().map(|(i, c)| ((i + 1) as f32 * FOLLOW_GAP, c)));
    }
    for e in gathered.read() {
        if alive.contains(e) {
            out.write(SoundCue::Stack);
        }
    }
}

/// Plays each released follower when its gap has passed.
fn release_followers(time: Res<Time>, mut seq: ResMut<Sequence>, mut out: MessageWriter<SoundCue>) {
    if seq.delayed.is_empty() {
        return;
    }
    let dt = time.delta_secs();
    seq.delayed.retain_mut(|(left, cue)| {
        *left -= dt;
        if *left <= 0.0 {
            out.write(*cue);
        }
        *left > 0.0
    });
}

/// The dice's blows, as cues (the player keeps the loudest and spaces them).
fn hear_dice(mut impacts: MessageReader<DiceImpact>, mut out: MessageWriter<SoundCue>) {
    out.write_batch(impacts.read().map(|i| SoundCue::Dice { speed: i.0.speed, die_on_die: i.0.die_on_die }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::time::TimeUpdateStrategy;
    use std::time::Duration;
    use variant_rules::Seat;

    #[derive(Resource, Default)]
    struct Heard(Vec<SoundCue>);

    fn listen(mut cues: MessageReader<SoundCue>, mut heard: ResMut<Heard>) {
        heard.0.extend(cues.read().copied());
    }

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)))
            .add_message::<SoundCue>()
            .init_resource::<Sequence>()
            .init_resource::<Heard>()
            .add_systems(Update, (watch_landings, release_followers, listen).chain());
        app
    }

    fn glide() -> Glide {
        Glide { waypoints: vec![Vec3::ZERO, Vec3::X], elapsed: 0.0, hop: false }
    }

    fn heard(app: &mut App) -> Vec<SoundCue> {
        std::mem::take(&mut app.world_mut().resource_mut::<Heard>().0)
    }

    #[test]
    fn the_knock_waits_for_the_landing_and_what_follows_for_the_knock() {
        let mut app = app();
        let piece = app.world_mut().spawn((Transform::default(), glide())).id();
        *app.world_mut().resource_mut::<Sequence>() =
            Sequence { landing: Some(SoundCue::Capture), followers: vec![SoundCue::Turn(Seat(2)), SoundCue::GameEnd], delayed: Vec::new() };
        for _ in 0..5 {
            app.update();
            assert_eq!(heard(&mut app), [], "nothing while the piece glides");
        }
        app.world_mut().entity_mut(piece).remove::<Glide>();
        app.update();
        assert_eq!(heard(&mut app), [SoundCue::Capture], "the knock as it lands");
        // The followers come after, in order, FOLLOW_GAP apart (50 ms frames).
        let mut later = Vec::new();
        for frame in 1..=10 {
            app.update();
            later.extend(heard(&mut app).into_iter().map(|c| (frame, c)));
        }
        assert_eq!(later.iter().map(|l| l.1).collect::<Vec<_>>(), [SoundCue::Turn(Seat(2)), SoundCue::GameEnd]);
        assert!(later[0].0 >= 2 && later[1].0 - later[0].0 >= 2, "spaced out: {later:?}");
    }

    #[test]
    fn a_glide_cut_short_by_a_rebuild_is_no_landing() {
        let mut app = app();
        let old = app.world_mut().spawn((Transform::default(), glide())).id();
        app.world_mut().spawn((Transform::default(), glide()));
        app.world_mut().resource_mut::<Sequence>().landing = Some(SoundCue::SetDown);
        app.update();
        app.world_mut().despawn(old);
        app.update();
        assert_eq!(heard(&mut app), [], "the other piece still glides");
    }

    #[test]
    fn where_nothing_glides_the_knock_plays_at_once_and_prisoners_clack_in() {
        let mut app = app();
        app.world_mut().resource_mut::<Sequence>().landing = Some(SoundCue::SetDown);
        app.update();
        assert_eq!(heard(&mut app), [SoundCue::SetDown]);
        let stack = app.world_mut().spawn((Transform::default(), Gathering { prisoners: 1, elapsed: 0.0 })).id();
        app.update();
        app.world_mut().entity_mut(stack).remove::<Gathering>();
        app.update();
        assert_eq!(heard(&mut app), [SoundCue::Stack]);
    }
}
