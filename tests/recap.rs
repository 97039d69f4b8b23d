//! What just happened, on a headless table: the last move's cells (each seat's at a four-seat table) follow moves, undo and new games; a taken piece flies to its owner's captured row off the board and undo brings it back; a King in check is marked.

mod support;

use bevy::prelude::*;
use variant_rules::scene::PieceKind;
use variant_rules::{AnyMove, Cell, Game, GameId, GameOptions, Position, Seat};
use variant_table::table::game::recap::{Recap, SeatMove};
use variant_table::table::game::session::GameCommand;
use variant_table::table::geometry::cell_translation;
use variant_table::table::mirror::pieces::{ChessPiece, Glide};
use variant_table::table::mirror::taken::{CapturedPiece, Checked, captured_slot};

use support::{scratch_saves, session, settle};

fn app(id: GameId, fen: Option<&str>) -> App {
    support::playing(Game::new(id, GameOptions::default_for(id), fen).unwrap(), scratch_saves("variant-table-recap-tests"))
}

fn cell(app: &App, name: &str) -> Cell {
    session(app).game.position().topology().parse_cell(name).unwrap()
}

fn play(app: &mut App, moves: &str) {
    for text in moves.split_whitespace() {
        let m: AnyMove = session(app).game.position().parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        app.world_mut().write_message(GameCommand::Play(m));
        settle(app);
    }
}

fn command(app: &mut App, c: GameCommand) {
    app.world_mut().write_message(c);
    settle(app);
}

fn captured(app: &mut App) -> Vec<(CapturedPiece, Vec3)> {
    let world = app.world_mut();
    world.query::<(&CapturedPiece, &Transform)>().iter(world).map(|(c, t)| (*c, t.translation)).collect()
}

fn piece_on(app: &mut App, c: Cell) -> Option<ChessPiece> {
    let world = app.world_mut();
    world.query::<&ChessPiece>().iter(world).find(|p| p.cell == c).copied()
}

fn checked(app: &mut App) -> Vec<Cell> {
    let world = app.world_mut();
    world.query_filtered::<&ChessPiece, With<Checked>>().iter(world).map(|p| p.cell).collect()
}

fn recap(app: &App) -> Recap {
    app.world().resource::<Recap>().clone()
}

#[test]
fn a_taken_piece_flies_to_its_owners_row_and_undo_brings_it_back() {
    let mut app = app(GameId::Chess, None);
    play(&mut app, "e2e4 d7d5");
    let d5 = cell(&app, "d5");
    let m: AnyMove = session(&app).game.position().parse_move("e4d5").unwrap();
    app.world_mut().write_message(GameCommand::Play(m));
    app.update();
    // Just taken: it leaves from its cell, hopping.
    let world = app.world_mut();
    let flying: Vec<(CapturedPiece, Vec3, bool)> = world.query::<(&CapturedPiece, &Glide)>().iter(world).map(|(c, g)| (*c, g.waypoints[0], g.hop)).collect();
    let from = cell_translation(session(&app).game.position().topology(), d5);
    assert_eq!(flying.len(), 1);
    assert_eq!((flying[0].0.owner, flying[0].0.kind, flying[0].1, flying[0].2), (Seat::B, PieceKind::Pawn, from, true));
    settle(&mut app);
    let rows = captured(&mut app);
    let row = captured_slot(session(&app).game.position(), Seat::B, 0);
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0].0.owner, rows[0].0.kind, rows[0].1), (Seat::B, PieceKind::Pawn, row), "in Black's row, landed");
    assert!(row.x < -4.5 && row.z < 0.0, "beside the board (west of it), in Black's half (north, -z): {row}");
    assert_eq!(piece_on(&mut app, d5).map(|p| p.owner), Some(Seat::A), "White's pawn stands on d5");
    command(&mut app, GameCommand::Undo);
    assert!(captured(&mut app).is_empty(), "undo empties the row");
    assert_eq!(piece_on(&mut app, d5).map(|p| (p.owner, p.kind)), Some((Seat::B, PieceKind::Pawn)), "and puts the pawn back");
    command(&mut app, GameCommand::Redo);
    assert_eq!(captured(&mut app).len(), 1, "redo takes it again");
}

#[test]
fn jumped_checkers_go_to_the_row_but_stax_prisoners_stay_on_the_board() {
    let mut checkers = app(GameId::Checkers, None);
    play(&mut checkers, "c3-d4 f6-e5 d4xf6");
    let rows = captured(&mut checkers);
    assert_eq!(rows.iter().map(|r| (r.0.owner, r.0.kind)).collect::<Vec<_>>(), [(Seat::B, PieceKind::Man)]);
    let mut stax = app(GameId::Stax, None);
    play(&mut stax, "c3-d4 f6-e5 d4xf6");
    assert!(captured(&mut stax).is_empty(), "a prisoner under the jumper has not left the board");
}

#[test]
fn the_last_move_is_marked_and_follows_undo_and_new_games() {
    let mut app = app(GameId::Chess, None);
    assert!(recap(&app).moves.is_empty());
    play(&mut app, "e2e4 d7d5");
    let at = |app: &App, names: &[&str]| names.iter().map(|n| cell(app, n)).collect::<Vec<_>>();
    assert_eq!(recap(&app).moves, [SeatMove { seat: Seat::B, cells: at(&app, &["d7", "d5"]), latest: true }], "two seats: only the last move");
    command(&mut app, GameCommand::Undo);
    assert_eq!(recap(&app).moves, [SeatMove { seat: Seat::A, cells: at(&app, &["e2", "e4"]), latest: true }]);
    command(&mut app, GameCommand::NewGame(Box::new(Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), None).unwrap())));
    assert!(recap(&app).moves.is_empty(), "a new game has no last move");
    // A jump's path: origin and landing.
    let mut checkers = app_checkers_after("c3-d4 f6-e5 d4xf6");
    assert_eq!(recap(&checkers).moves[0].cells, at(&checkers, &["d4", "f6"]));
    command(&mut checkers, GameCommand::Undo);
    assert_eq!(recap(&checkers).moves[0].cells, at(&checkers, &["f6", "e5"]));
}

fn app_checkers_after(moves: &str) -> App {
    let mut a = app(GameId::Checkers, None);
    play(&mut a, moves);
    a
}

#[test]
fn a_four_seat_table_marks_each_seats_latest_move() {
    let mut app = app(GameId::DoubleChess, None);
    let mut expected = Vec::new();
    for _ in 0..4 {
        let pos = session(&app).game.position().clone();
        let m = pos.legal_move_list()[0];
        expected.push((pos.turn(), pos.move_path(m).from));
        app.world_mut().write_message(GameCommand::Play(m));
        settle(&mut app);
    }
    let last = expected[3].0;
    expected.sort();
    let moves = recap(&app).moves;
    assert_eq!(moves.iter().map(|m| (m.seat, m.cells[0])).collect::<Vec<_>>(), expected, "one mark per seat, in seat order");
    assert_eq!(moves.iter().filter(|m| m.latest).map(|m| m.seat).collect::<Vec<_>>(), [last], "the last mover's is the strong one");
}

#[test]
fn a_king_in_check_is_marked() {
    let mut app = app(GameId::Chess, Some("4k3/8/8/8/8/8/8/4K2r w - - 0 1"));
    assert_eq!(checked(&mut app), [cell(&app, "e1")]);
    let mut app = self::app(GameId::Chess, None);
    play(&mut app, "e2e4 d7d6");
    assert!(checked(&mut app).is_empty());
    play(&mut app, "f1b5");
    assert_eq!(checked(&mut app), [cell(&app, "e8")], "the bishop checks Black's King");
    command(&mut app, GameCommand::Undo);
    assert!(checked(&mut app).is_empty(), "undo takes the check back");
}
