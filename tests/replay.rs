//! Replay at a headless table: stepping back and forth through the move list (the messages the
//! arrow keys and the move list's buttons send) shows earlier positions in the mirror and
//! earlier rolls on the dice, and never changes the game.

mod support;

use bevy::prelude::*;
use support::*;
use variant_rules::scene::PieceKind;
use variant_rules::{AnyPosition, Cell, Game, GameId, GameOptions, Position};
use variant_table::table::game::dice::{DiceTable, Die, ThrowDice};
use variant_table::table::game::input::CellClicked;
use variant_table::table::game::replay::{Replay, ReplayStep};
use variant_table::table::game::session::GameCommand;
use variant_table::table::mirror::pieces::{CheckerPiece, ChessPiece, Stack};

/// What the mirror shows: each occupied cell with its pieces (a stack bottom first) as
/// "seat kind" words.
fn mirrored(app: &mut App) -> Vec<(Cell, String)> {
    let world = app.world_mut();
    let mut out: Vec<(Cell, String)> = world.query::<&ChessPiece>().iter(world).map(|p| (p.cell, format!("{} {:?}", p.owner.0, p.kind))).collect();
    let stacks: Vec<(Cell, Vec<Entity>)> = world.query::<(&Stack, &Children)>().iter(world).map(|(s, c)| (s.cell, c.iter().collect())).collect();
    for (cell, children) in stacks {
        let mut cks: Vec<CheckerPiece> = children.iter().filter_map(|&c| world.get::<CheckerPiece>(c).copied()).collect();
        cks.sort_by_key(|c| c.level);
        let words: Vec<String> = cks.iter().map(|c| format!("{} {:?}", c.owner.0, if c.king { PieceKind::CheckerKing } else { PieceKind::Man })).collect();
        out.push((cell, words.join(",")));
    }
    out.sort();
    out
}

/// The same from a rules position.
fn expected(pos: &AnyPosition) -> Vec<(Cell, String)> {
    let mut out = Vec::new();
    for cell in 0..pos.topology().len() as Cell {
        let stack = pos.stack_on(cell);
        if !stack.is_empty() {
            out.push((cell, stack.iter().map(|p| format!("{} {:?}", p.seat.0, p.kind)).collect::<Vec<_>>().join(",")));
        }
    }
    out.sort();
    out
}

fn game_of(id: GameId, moves: &[&str]) -> Game {
    let mut g = Game::new(id, GameOptions::default_for(id), None).expect("the game starts");
    for m in moves {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
    }
    g
}

fn step(app: &mut App, s: ReplayStep) {
    app.world_mut().write_message(s);
    settle(app);
}

fn viewed(app: &App) -> Option<usize> {
    app.world().resource::<Replay>().viewed()
}

/// The game as the session holds it: its moves and position, to check nothing changed.
fn game_text(app: &App) -> (Vec<String>, String) {
    let g = &session(app).game;
    (g.moves().map(str::to_string).collect(), g.position().to_text())
}

const OPENING: [&str; 6] = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"];

#[test]
fn stepping_back_shows_earlier_positions_and_forward_returns_to_the_game() {
    let mut app = playing(game_of(GameId::Chess, &OPENING), scratch_saves("replay-steps"));
    let before = game_text(&app);
    let live = expected(session(&app).game.position());
    assert_eq!(mirrored(&mut app), live, "the live position is mirrored");

    step(&mut app, ReplayStep::Back);
    step(&mut app, ReplayStep::Back);
    assert_eq!(viewed(&app), Some(4));
    let four = expected(session(&app).game.position_at(4).expect("ply 4"));
    assert_eq!(mirrored(&mut app), four, "two moves back: the position after 2. Nf3 Nc6");
    assert_ne!(four, live, "the bishop had not moved yet");

    step(&mut app, ReplayStep::First);
    assert_eq!(viewed(&app), Some(0));
    assert_eq!(mirrored(&mut app), expected(&AnyPosition::start(GameId::Chess, &GameOptions::default_for(GameId::Chess)).expect("start")));
    step(&mut app, ReplayStep::Back);
    assert_eq!(viewed(&app), Some(0), "nothing before the start");

    step(&mut app, ReplayStep::To(5));
    assert_eq!(mirrored(&mut app), expected(session(&app).game.position_at(5).expect("ply 5")), "a click on 3. Bb5");
    step(&mut app, ReplayStep::Forward);
    assert_eq!(viewed(&app), None, "one step past the last move shown is the game itself");
    assert_eq!(mirrored(&mut app), live);
    step(&mut app, ReplayStep::Forward);
    assert_eq!(viewed(&app), None, "nothing after the game");

    step(&mut app, ReplayStep::To(2));
    step(&mut app, ReplayStep::Last);
    assert_eq!(viewed(&app), None);
    assert_eq!(mirrored(&mut app), live);
    assert_eq!(game_text(&app), before, "looking back changed nothing");
}

#[test]
fn the_arrow_keys_home_and_end_step_through_the_moves() {
    let mut app = playing(game_of(GameId::Chess, &OPENING), scratch_saves("replay-keys"));
    app.insert_resource(ButtonInput::<KeyCode>::default());
    let press = |app: &mut App, key: KeyCode| {
        app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(key);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(key);
        keys.clear();
        settle(app);
    };
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(viewed(&app), Some(5));
    press(&mut app, KeyCode::Home);
    assert_eq!(viewed(&app), Some(0));
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(viewed(&app), Some(1));
    assert_eq!(mirrored(&mut app), expected(session(&app).game.position_at(1).expect("ply 1")));
    press(&mut app, KeyCode::End);
    assert_eq!(viewed(&app), None);
}

#[test]
fn a_click_on_the_board_while_looking_back_is_not_played_and_returns_to_the_game() {
    let mut app = playing(game_of(GameId::Chess, &OPENING), scratch_saves("replay-click"));
    let before = game_text(&app);
    step(&mut app, ReplayStep::To(2));
    // d2 to d4 is a legal move both at ply 2 and in the game: clicked on the old board, it is
    // still not played.
    let topo = session(&app).game.position().topology();
    let (d2, d4) = (topo.parse_cell("d2").expect("d2"), topo.parse_cell("d4").expect("d4"));
    app.world_mut().write_message(CellClicked { cell: d2 });
    settle(&mut app);
    assert_eq!(viewed(&app), None, "the click brought the view back to the game");
    assert!(session(&app).status.contains("back at the game"), "the HUD says why: {}", session(&app).status);
    assert_eq!(mirrored(&mut app), expected(session(&app).game.position()));
    app.world_mut().write_message(CellClicked { cell: d4 });
    settle(&mut app);
    assert_eq!(game_text(&app).0, before.0, "no move was played: the first click picked nothing up");
    // Back at the game, the same clicks play the move.
    app.world_mut().write_message(CellClicked { cell: d2 });
    settle(&mut app);
    app.world_mut().write_message(CellClicked { cell: d4 });
    settle(&mut app);
    assert_eq!(session(&app).game.moves().count(), OPENING.len() + 1, "{}", session(&app).status);
}

#[test]
fn undo_while_looking_back_returns_to_the_game() {
    let mut app = playing(game_of(GameId::Checkers, &["c3-d4", "f6-e5", "d4xf6"]), scratch_saves("replay-undo"));
    step(&mut app, ReplayStep::First);
    assert_eq!(mirrored(&mut app), expected(session(&app).game.position_at(0).expect("start")), "checkers stacks replay too");
    app.world_mut().write_message(GameCommand::Undo);
    settle(&mut app);
    assert_eq!(viewed(&app), None);
    assert_eq!(session(&app).game.moves().count(), 2, "undo took back the last move of the game, not of the view");
    assert_eq!(mirrored(&mut app), expected(session(&app).game.position()));
}

/// Throws the dice as Space does and waits for the roll to be played.
fn throw(app: &mut App) {
    let before = session(app).game.moves().count();
    app.world_mut().write_message(ThrowDice::default());
    for _ in 0..200 {
        app.update();
        if !app.world().resource::<DiceTable>().in_flight() && session(app).game.moves().count() > before {
            return;
        }
    }
    panic!("the throw was not played: {}", session(app).status);
}

/// The faces up on the dice, in die order.
fn dice_faces(app: &mut App) -> Vec<u8> {
    let world = app.world_mut();
    let mut dice: Vec<(usize, Quat)> = world.query::<(&Die, &Transform)>().iter(world).map(|(d, t)| (d.index, t.rotation)).collect();
    dice.sort_by_key(|d| d.0);
    dice.iter().map(|d| variant_table::dice::top_face(d.1).1).collect()
}

#[test]
fn looking_back_in_a_dice_game_shows_that_turns_roll() {
    let mut opts = GameOptions::default_for(GameId::DiceChess);
    opts.seed = 7;
    let game = Game::new(GameId::DiceChess, opts, None).expect("dice chess starts");
    let mut app = playing(game, scratch_saves("replay-dice"));
    // Two turns: a roll and a move (or a pass) each.
    let mut rolls = Vec::new();
    for _ in 0..2 {
        throw(&mut app);
        let (ply, record) = session(&app).throws.last().cloned().expect("a throw record");
        rolls.push((ply, record.faces));
        settle(&mut app);
        // A roll that allows no move is passed by itself; else the first legal move is played.
        let pos = session(&app).game.position().clone();
        if pos.dice_due().is_none() {
            app.world_mut().write_message(GameCommand::Play(pos.legal_move_list()[0]));
            settle(&mut app);
        }
    }
    let before = game_text(&app);
    let (first_ply, first_faces) = rolls[0].clone();
    // The position after the first roll and its move: the dice show the first roll.
    step(&mut app, ReplayStep::To(first_ply + 2));
    assert_eq!(app.world().resource::<Replay>().faces(session(&app)), Some(first_faces.clone()));
    assert_eq!(dice_faces(&mut app), first_faces, "the dice show the roll of the turn viewed");
    step(&mut app, ReplayStep::Last);
    assert_eq!(dice_faces(&mut app), rolls[1].1, "back at the game, the dice show the last throw");
    assert_eq!(game_text(&app), before);
}

#[test]
fn the_computer_waits_while_a_player_looks_back() {
    use variant_table::table::game::seats::{Controller, Seats};
    use variant_table::table::game::session::{PositionChanged, Session};
    use variant_table::table::schedule::AppState;
    let game = game_of(GameId::Chess, &["e2e4"]);
    let mut app = headless(scratch_saves("replay-computer"));
    let mut seats = Seats::default();
    seats.suit_game(&game);
    seats.seats[1].controller = Controller::Computer { movetime_ms: 50 };
    app.insert_resource(seats);
    app.insert_resource(Session::new(game));
    app.insert_state(AppState::Playing);
    // The player looks back before the computer (Black, to move) has played.
    app.world_mut().write_message(PositionChanged::default());
    app.world_mut().write_message(ReplayStep::To(0));
    let played = run_until(&mut app, 1.5, |app| session(app).game.moves().count() > 1);
    assert!(!played, "the computer played while the view was in the past");
    assert_eq!(viewed(&app), Some(0));
    step(&mut app, ReplayStep::Last);
    assert!(run_until(&mut app, 10.0, |app| session(app).game.moves().count() == 2), "back at the game, the computer plays");
}

#[test]
fn the_help_and_the_inspection_panel_say_only_what_applies() {
    use variant_table::table::screens::hud::{help_text, inspect_hint};
    let start = |id: GameId| AnyPosition::start(id, &GameOptions::default_for(id)).expect("starts");
    let chess = help_text(&start(GameId::Chess));
    assert!(!chess.contains("Space") && !chess.contains("F: fan"), "chess has no dice and no stacks: {chess}");
    assert!(chess.contains("Left/Right"), "the replay keys: {chess}");
    assert_eq!(inspect_hint(&start(GameId::Chess)), "", "no stacks to inspect in chess");
    assert!(help_text(&start(GameId::Stax)).contains("F: fan"));
    assert!(!inspect_hint(&start(GameId::Stax)).is_empty());
    let dice = help_text(&start(GameId::DiceChess));
    assert!(dice.contains("Space: throw"), "{dice}");
    assert!(!dice.contains("F: fan"), "{dice}");
}

#[test]
fn the_move_list_keeps_each_move_whole_and_the_move_shown_in_view() {
    use variant_table::table::game::session::Session;
    use variant_table::table::screens::move_list::{move_rows, rows_in_view, shown_move};
    // Each jump is one entry (a row wraps between entries, never inside one).
    let s = Session::new(game_of(GameId::Checkers, &["c3-d4", "f6-e5", "d4xf6", "g7xe5", "b2-c3", "h6-g5", "c3-d4", "e5xc3", "d2xb4"]));
    let rows = move_rows(&s);
    assert_eq!(rows.len(), 5, "{rows:?}");
    assert_eq!(rows[0].number, "1.");
    assert_eq!(rows[1].moves, vec![(2, "d4xf6".to_string()), (3, "g7xe5".to_string())]);
    assert_eq!(rows[4].moves, vec![(8, "d2xb4".to_string())]);
    assert_eq!(shown_move(&s, &Replay::default()), Some(8), "live: the last move is the one shown");
    // Three rows at most: the last three, or round the row of the move shown.
    assert_eq!(rows_in_view(&rows, Some(8), 3), 2..5);
    let around = rows_in_view(&rows, Some(1), 3);
    assert!(around.contains(&0), "{around:?}");
}

#[test]
fn a_dice_game_lists_a_turn_a_row_rolls_first() {
    use variant_table::table::game::session::Session;
    use variant_table::table::screens::move_list::move_rows;
    let s = Session::new(game_of(GameId::DiceChess, &["[1,2]", "e2e4", "[1,1]", "e7e5", "[1,6]", "d2d4"]));
    let rows = move_rows(&s);
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert_eq!(rows[1].moves.iter().map(|m| m.1.as_str()).collect::<Vec<_>>(), ["[1,1]", "e7e5"]);
}

#[test]
fn status_lines_break_between_fields_and_seat_labels_sit_off_the_board() {
    use variant_table::table::look::plates::outward_shift;
    use variant_table::table::screens::hud::wrap_fields;
    let seats = "A south   B south-west   C north-west";
    assert_eq!(wrap_fields(seats, 30), "A south   B south-west\nC north-west");
    assert_eq!(wrap_fields("short\nA   B", 30), "short\nA   B", "lines that fit stay as they are");
    // A label pushed outward (to the right, or up the screen) by half its width or height.
    assert_eq!(outward_shift(Vec2::new(3.0, 0.0), Vec2::new(100.0, 20.0)), Vec2::new(50.0, 0.0));
    assert_eq!(outward_shift(Vec2::new(0.0, -2.0), Vec2::new(100.0, 20.0)), Vec2::new(0.0, -10.0));
}

#[test]
fn looking_back_marks_that_positions_last_move_check_and_taken_pieces() {
    use variant_table::table::game::recap::Recap;
    // 2. exd5 and 2... Qxd5 take a pawn each; 3... Qe5+ checks down the open e-file.
    let moves = ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5e5"];
    let mut app = playing(game_of(GameId::Chess, &moves), scratch_saves("replay-recap"));
    let recap = |app: &App| app.world().resource::<Recap>().clone();
    let cell = |name: &str| session(&app).game.position().topology().parse_cell(name).expect("a cell");
    let (e4, d5, e5) = (cell("e4"), cell("d5"), cell("e5"));
    let live = recap(&app);
    assert_eq!(live.moves[0].cells, vec![d5, e5]);
    assert_eq!(live.check.len(), 1, "White is in check");
    assert_eq!(live.taken.len(), 2);
    // After 2. exd5: that move is marked, nobody is in check, one piece taken.
    step(&mut app, ReplayStep::To(3));
    let then = recap(&app);
    assert_eq!(then.moves[0].cells, vec![e4, d5], "the viewed position's last move");
    assert!(then.check.is_empty(), "no check then");
    assert_eq!(then.taken.len(), 1);
    assert_eq!(then, Recap::at(&session(&app).game, 3));
    step(&mut app, ReplayStep::Last);
    assert_eq!(recap(&app), live, "back to the game, its own marks");
}
