//! When the table makes a sound, decided from the rules alone (`sound::cues`): a piece set
//! down, a capture, a stack growing, nothing for a roll, the next seat's chime in games of
//! more than two seats, the game's end; each on the games that show it (the table's own code
//! names no game; these tests do).

use variant_rules::{AnyMove, AnyPosition, Game, GameId, GameOptions, MovePath, Position};
use variant_table::table::sound::cues::{after_move_cues, landing_cue};
use variant_table::table::sound::play::SoundCue;

fn game(id: GameId) -> Game {
    Game::new(id, GameOptions::default_for(id), None).unwrap()
}

/// Plays `m` and returns the position it was played in, its path and the cue it lands with.
fn play(g: &mut Game, m: AnyMove) -> (AnyPosition, MovePath, Option<SoundCue>) {
    let before = g.position().clone();
    let path = before.move_path(m);
    g.play_move(m);
    let cue = landing_cue(&before, g.position(), &path);
    (before, path, cue)
}

fn play_text(g: &mut Game, text: &str) -> (AnyPosition, MovePath, Option<SoundCue>) {
    let m = g.position().parse_move(text).unwrap();
    play(g, m)
}

#[test]
fn chessmen_knock_when_set_down_and_click_when_they_take() {
    let mut g = game(GameId::Chess);
    assert_eq!(play_text(&mut g, "e2e4").2, Some(SoundCue::SetDown));
    assert_eq!(play_text(&mut g, "d7d5").2, Some(SoundCue::SetDown));
    let pieces = g.position().pieces().len();
    let (before, _, cue) = play_text(&mut g, "e4d5");
    assert_eq!(cue, Some(SoundCue::Capture));
    // Independently: a piece left the board.
    assert_eq!(g.position().pieces().len(), pieces - 1);
    // Two seats: no chime, and the game goes on.
    assert_eq!(after_move_cues(&before, g.position(), g.outcome().is_some()), []);
}

#[test]
fn a_stack_that_takes_a_prisoner_captures_and_grows() {
    let mut g = game(GameId::Stax);
    assert_eq!(play_text(&mut g, "c3-d4").2, Some(SoundCue::SetDown));
    assert_eq!(play_text(&mut g, "f6-e5").2, Some(SoundCue::SetDown));
    let (before, path, cue) = play_text(&mut g, "d4xf6");
    // The jump clicks as it lands; the prisoner's clack follows when it has slid in (the
    // mirror's `Gathering` ends), which only a window shows.
    assert_eq!(cue, Some(SoundCue::Capture));
    let dest = *path.landings.last().unwrap();
    assert_eq!((before.stack_on(path.from).len(), g.position().stack_on(dest).len()), (1, 2), "the stack grew");
}

#[test]
fn a_roll_of_the_dice_sets_no_piece_down() {
    let mut g = game(GameId::DiceChess);
    let (_, _, cue) = play_text(&mut g, "[1,2]");
    assert_eq!(cue, None);
}

#[test]
fn each_seat_of_four_hears_its_turn_come() {
    let mut opts = GameOptions::default_for(GameId::Stax);
    opts.players = 4;
    let mut g = Game::new(GameId::Stax, opts, None).unwrap();
    let mut seats = Vec::new();
    for _ in 0..4 {
        let m = g.position().legal_move_list()[0];
        let (before, _, cue) = play(&mut g, m);
        assert_eq!(cue, Some(SoundCue::SetDown));
        let cues = after_move_cues(&before, g.position(), false);
        assert_eq!(cues, [SoundCue::Turn(g.position().turn())]);
        assert_ne!(before.turn(), g.position().turn());
        seats.push(g.position().turn());
    }
    seats.sort_by_key(|s| s.index());
    seats.dedup();
    assert_eq!(seats.len(), 4, "every seat's turn came: {seats:?}");
}

#[test]
fn the_move_that_ends_the_game_is_followed_by_the_cadence() {
    let mut g = game(GameId::Chess);
    for m in ["f2f3", "e7e5", "g2g4"] {
        play_text(&mut g, m);
    }
    let (before, _, cue) = play_text(&mut g, "d8h4");
    assert_eq!(cue, Some(SoundCue::SetDown));
    assert!(g.outcome().is_some(), "Fool's mate");
    assert_eq!(after_move_cues(&before, g.position(), true), [SoundCue::GameEnd]);
}

#[test]
fn a_check_stings_after_the_move_and_only_when_it_is_new() {
    let mut g = game(GameId::Chess);
    for m in ["e2e4", "d7d5", "e4d5"] {
        play_text(&mut g, m);
    }
    // Qxd5 attacks nothing royal; then Qe5+ checks the King on e1 (the engine's `in_check`).
    let (before, _, _) = play_text(&mut g, "d8d5");
    assert_eq!(after_move_cues(&before, g.position(), false), []);
    play_text(&mut g, "b1c3");
    let (before, _, _) = play_text(&mut g, "d5e5");
    assert!(!g.position().in_check().is_empty(), "Qe5 checks");
    assert_eq!(after_move_cues(&before, g.position(), false), [SoundCue::Check]);
}
