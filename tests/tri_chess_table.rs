//! Headless App tests of Tri-Chess at the table (`MinimalPlugins` + `StatesPlugin`, manual
//! time, no GPU): games started from the launcher's keys, moves clicked through the hexagon's
//! layout (a point of the table turned into the triangle under it, as a click on the board mesh
//! is), the chess mirror standing on the triangles' centres, closed triangles that no click
//! finds, and six seats with the computer in five of them.

mod support;

use bevy::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use variant_rules::scene::PieceKind;
use variant_rules::{AnyMove, AnyPosition, Cell, Game, GameId, GameOptions, Position, Seat, SeatState};
use variant_table::table::game::seats::{Controller, Seats};
use variant_table::table::game::view::TurnView;
use variant_table::table::geometry::{cell_translation, plane_to_world};
use variant_table::table::mirror::board::{Board, ClosedCell, cell_at};
use variant_table::table::mirror::pieces::ChessPiece;
use variant_table::table::persist::save::{SaveFile, SaveLoad};
use variant_table::table::screens::launcher::LauncherKey;

use support::{click_at, headless, inside, playing, run_until, scratch_saves, session, settle, start_from_keys};

const SAVES: &str = "variant-table-tri-chess-tests";

/// A table already playing `game`, seated as `variant-table play` seats it.
fn app(game: Game) -> App {
    playing(game, scratch_saves(SAVES))
}

/// A Tri-Chess game for `players` seated as `seating`.
fn tri_chess(players: u8, seating: &str, cut_edges: bool) -> Game {
    let mut opts = GameOptions::default_for(GameId::TriChess);
    opts.players = players;
    opts.seating = seating.parse().unwrap();
    opts.cut_edges = cut_edges;
    Game::new(GameId::TriChess, opts, None).unwrap()
}

/// Up from Stax past Checkers: the launcher's last game.
const TO_TRI_CHESS: [LauncherKey; 2] = [LauncherKey::Up; 2];

/// Plays `m` by clicking its origin and destination, each at a point off its centre (towards a
/// different corner), so the triangle is found by its outline; checks the clicks meant them.
fn click_move(app: &mut App, m: AnyMove) {
    let path = session(app).game.position().move_path(m);
    for (i, c) in std::iter::once(path.from).chain(path.landings.iter().copied()).enumerate() {
        let at = inside(app, c, (i + 1) % 3, 0.5);
        assert_eq!(click_at(app, at), c, "the click at {at} lands on the triangle it was aimed at");
    }
    settle(app);
}

/// The moves two clicks make without a choice (no other move shares their origin and
/// destination, as promotions do).
fn clickable(pos: &AnyPosition) -> Vec<AnyMove> {
    let moves = pos.legal_move_list();
    let ends = |m: AnyMove| {
        let p = pos.move_path(m);
        (p.from, p.landings.last().copied())
    };
    moves.iter().copied().filter(|&m| moves.iter().filter(|&&o| ends(o) == ends(m)).count() == 1).collect()
}

/// Every piece stands on its triangle's centre, and is the piece the rules put there.
fn assert_mirrors(app: &mut App, label: &str) {
    let pos = session(app).game.position().clone();
    let topo = pos.topology();
    let world = app.world_mut();
    let mut pieces: Vec<(Cell, Vec3, Seat, PieceKind)> =
        world.query::<(&ChessPiece, &Transform)>().iter(world).map(|(p, t)| (p.cell, t.translation, p.owner, p.kind)).collect();
    pieces.sort_by_key(|p| p.0);
    let want: Vec<(Cell, Vec3, Seat, PieceKind)> =
        (0..topo.len() as Cell).filter_map(|c| pos.piece_on(c).map(|p| (c, cell_translation(topo, c), p.seat, p.kind))).collect();
    assert_eq!(pieces, want, "{label}: the mirror differs from {}", pos.to_text());
}

#[test]
fn three_player_tri_chess_from_the_launcher_is_played_by_clicks() {
    let mut keys = TO_TRI_CHESS.to_vec();
    keys.push(LauncherKey::Char('p'));
    let mut app = headless(scratch_saves(SAVES));
    start_from_keys(&mut app, &keys);
    let game = &session(&app).game;
    assert_eq!((game.id(), game.position().seating().count()), (GameId::TriChess, 3));
    let AnyPosition::DoubleChess(p) = game.position() else { panic!("Tri-Chess plays on the Double Chess position") };
    assert!(p.is_tri() && p.set_name(Seat(2)) == "Set C");
    assert_eq!(game.position().topology().tri_board().map(|b| b.rows), Some(10), "three players round the 10-row hexagon");
    let seats = app.world().resource::<Seats>().clone();
    assert_eq!(seats.colours(), Seats::default_colours(GameId::TriChess, 3), "red, ivory and jade sets");
    assert_mirrors(&mut app, "start");
    // Each seat's eight pieces, eight Pawns and the ninth Pawn of the full edges.
    for s in 0..3 {
        let n = app.world_mut().query::<&ChessPiece>().iter(app.world()).filter(|p| p.owner == Seat(s)).count();
        assert_eq!(n, 17, "seat {s}");
    }

    let mut rng = ChaCha8Rng::seed_from_u64(33);
    for ply in 0..12 {
        let pos = session(&app).game.position().clone();
        let view = *app.world().resource::<TurnView>();
        assert_eq!((view.sides, view.target()), (6, Some(pos.side_of(pos.turn()))), "ply {ply}: the view faces the seat to move");
        let moves = clickable(&pos);
        // Captures first when there are any, so pieces come off the board.
        let takes: Vec<AnyMove> = moves.iter().copied().filter(|&m| pos.move_path(m).capture).collect();
        let pool = if takes.is_empty() { &moves } else { &takes };
        let m = pool[rng.random_range(0..pool.len())];
        click_move(&mut app, m);
        assert_eq!(session(&app).game.moves().count(), ply + 1, "ply {ply}: {} was played ({})", pos.move_text(m), session(&app).status);
        assert_eq!(session(&app).game.moves().last(), Some(pos.move_text(m).as_str()));
        assert_eq!(session(&app).game.position().turn(), pos.seating().next(pos.turn()), "ply {ply}: clockwise, A B C");
        assert_mirrors(&mut app, &format!("ply {ply}"));
    }
    let game = &session(&app).game;
    let mut replay = Game::new(GameId::TriChess, *game.options(), None).unwrap();
    for m in game.moves() {
        replay.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(replay.position().to_text(), game.position().to_text(), "the record replays to the table's position");
}

#[test]
fn closed_triangles_are_dimmed_and_no_click_finds_them() {
    // Four cut-throat: the corners between neighbours; three with the edges cut: whole edges.
    for (game, what) in [(tri_chess(4, "cut-throat", false), "four cut-throat"), (tri_chess(3, "cut-throat", true), "three, edges cut")] {
        let mut app = app(game);
        let closed = session(&app).game.position().closed_cells();
        assert!(!closed.is_empty(), "{what}: some triangles are out of play");
        let world = app.world_mut();
        let mut marked: Vec<(Cell, bool)> = world.query::<&ClosedCell>().iter(world).map(|c| (c.cell, c.walled)).collect();
        marked.sort();
        assert_eq!(marked, closed.iter().map(|&c| (c, false)).collect::<Vec<_>>(), "{what}: dimmed, not walled off");
        let board = world.query::<&Board>().single(world).unwrap();
        assert_eq!(board.dimmed, closed, "{what}");
        for &c in &closed {
            let g = board.layout.cell(c);
            assert_eq!(cell_at(board, plane_to_world(g.centre)), None, "{what}: {} is out of play", g.name);
        }
        let open = board.layout.cells().filter(|(c, _)| !closed.contains(c)).count();
        assert!(board.layout.cells().filter(|(_, g)| cell_at(board, plane_to_world(g.centre)).is_some()).count() == open, "{what}: the rest is found");
        // The game still plays.
        let m = clickable(session(&app).game.position())[0];
        click_move(&mut app, m);
        assert_eq!(session(&app).game.moves().count(), 1, "{what}: {}", session(&app).status);
    }
    // Partners play every triangle: a new game of them brings the whole hexagon back.
    let mut app = app(tri_chess(4, "cut-throat", false));
    let corners = session(&app).game.position().closed_cells();
    app.world_mut().write_message(variant_table::table::game::session::GameCommand::NewGame(Box::new(tri_chess(4, "partners-adjacent", false))));
    settle(&mut app);
    let world = app.world_mut();
    assert_eq!(world.query::<&ClosedCell>().iter(world).count(), 0);
    assert!(world.query::<&Board>().single(world).unwrap().dimmed.is_empty());
    // A saved cut-throat game loads back onto the partners' board: its corners dimmed again.
    let dir = std::env::temp_dir().join(SAVES);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("four-cut-throat.json");
    let mut saved = tri_chess(4, "cut-throat", false);
    let m = clickable(saved.position())[0];
    let text = saved.position().move_text(m);
    saved.play(&text).unwrap();
    SaveFile::write(&saved, &Seats::new(GameId::TriChess, 4), &[], &path).unwrap();
    app.world_mut().write_message(SaveLoad::Load(path));
    settle(&mut app);
    assert_eq!(session(&app).game.moves().collect::<Vec<_>>(), [text.as_str()], "{}", session(&app).status);
    let world = app.world_mut();
    assert_eq!(world.query::<&Board>().single(world).unwrap().dimmed, corners);
}

/// Three players with the edges cut and without the extended moves: both options survive a
/// save and a load, and the HUD's title says them.
#[test]
fn tri_chess_options_are_saved_loaded_and_shown() {
    use variant_table::table::screens::hud::status_text;
    let mut opts = GameOptions::default_for(GameId::TriChess);
    opts.players = 3;
    opts.cut_edges = true;
    opts.plain_moves = true;
    let mut app = app(Game::new(GameId::TriChess, opts, None).unwrap());
    let status = status_text(session(&app), app.world().resource::<Seats>(), "");
    assert!(status.contains("edges cut, no extended moves, 3 players"), "{status}");
    assert!(status.contains("A south   B north-west   C north-east") && status.contains("Set A (Red) to move"), "{status}");
    for _ in 0..3 {
        let m = clickable(session(&app).game.position())[0];
        click_move(&mut app, m);
    }
    let path = std::env::temp_dir().join(SAVES).join("three-cut-plain.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    app.world_mut().write_message(SaveLoad::Save(path.clone()));
    settle(&mut app);
    let loaded = SaveFile::load(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(*loaded.game.options(), *session(&app).game.options());
    assert_eq!(loaded.game.position().to_text(), session(&app).game.position().to_text());
    assert_eq!(loaded.game.moves().count(), 3);
}

/// One player against five computers round the 12-row hexagon, cut-throat (A to F clockwise):
/// the player moves, the computers answer in turn, the view stays on the player's side, and the
/// record replays.
#[test]
fn one_player_against_five_computers_at_six_player_tri_chess() {
    let game = tri_chess(6, "cut-throat", false);
    let opts = *game.options();
    let mut app = app(game);
    assert_eq!(session(&app).game.position().topology().tri_board().map(|b| b.rows), Some(12));
    for (i, s) in app.world_mut().resource_mut::<Seats>().seats.iter_mut().enumerate() {
        if i != 0 {
            s.controller = Controller::Computer { movetime_ms: 20 };
        }
    }
    settle(&mut app);
    let mine = session(&app).game.position().side_of(Seat::A);
    let mut rng = ChaCha8Rng::seed_from_u64(66);
    for round in 0..3 {
        let before = session(&app).game.moves().count();
        assert_eq!(session(&app).game.position().turn(), Seat::A, "round {round}: the player's turn");
        assert_eq!(app.world().resource::<TurnView>().target(), Some(mine), "the view is on the player's side");
        assert_mirrors(&mut app, &format!("round {round}"));
        let pos = session(&app).game.position().clone();
        let moves = clickable(&pos);
        let m = moves[rng.random_range(0..moves.len())];
        click_move(&mut app, m);
        let played = session(&app).game.moves().nth(before).map(str::to_string);
        assert_eq!(played, Some(pos.move_text(m)), "round {round}: the player's click was played");
        // Each computer still in play answers once; a seat whose king is taken drops out of the
        // turn (the computers' moves depend on the clock, so which one varies from run to run).
        let in_play = |a: &App| (1..6).filter(|&i| session(a).game.position().seat_state(Seat(i)) == SeatState::InPlay).count();
        let computers = in_play(&app);
        assert!(
            run_until(&mut app, 60.0, |a| session(a).game.position().turn() == Seat::A && session(a).game.moves().count() > before + 1),
            "round {round}: the computers did not bring the turn back: {:?}",
            session(&app).game.moves().collect::<Vec<_>>()
        );
        let answers = session(&app).game.moves().count() - before - 1;
        assert!(
            (in_play(&app)..=computers).contains(&answers),
            "round {round}: {answers} computer moves, {computers} computers in play before and {} after",
            in_play(&app)
        );
        settle(&mut app);
    }
    let record: Vec<String> = session(&app).game.moves().map(str::to_string).collect();
    assert!(record.len() >= 3 + 3 * 2, "{record:?}");
    let mut replay = Game::new(GameId::TriChess, opts, None).unwrap();
    for m in &record {
        replay.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(replay.position().to_text(), session(&app).game.position().to_text());
}

#[test]
fn castling_and_the_kings_two_triangle_step_are_offered_as_two_choices_and_saved_apart() {
    // The King on i1 may step to k1 (a corner neighbour) or castle with the Rook on l1, landing
    // on k1 too: two clicks offer both, named apart, and each is recorded under its own text.
    let text = "1[bR][bN][bB][bQ][bK][bB][bN][bR]/1[bP][bP][bP][bP][bP][bP][bP][bP][bP]1/13/15/15/13/1[aP][aP][aP][aP][aP][aP]1[aP][aP]1/1[aR][aN][aB][aQ][aK]2[aR] a AaBb - - - - 0";
    let game = Game::new(GameId::TriChess, GameOptions::default_for(GameId::TriChess), Some(text)).unwrap();
    for (want, recorded) in [("castle short", "O-O"), ("no capture", "i1k1")] {
        let mut app = app(game.clone());
        let t = session(&app).game.position().topology();
        let (i1, k1) = (t.parse_cell("i1").unwrap(), t.parse_cell("k1").unwrap());
        for c in [i1, k1] {
            let at = inside(&app, c, 1, 0.5);
            assert_eq!(click_at(&mut app, at), c);
        }
        settle(&mut app);
        assert_eq!(session(&app).game.moves().count(), 0, "nothing is played before the move is chosen");
        let choices = app.world().resource::<variant_table::table::game::input::Selection>().choices.clone();
        let described: Vec<&str> = choices.iter().map(|c| c.what.as_str()).collect();
        assert_eq!(described.len(), 2, "{described:?}");
        assert!(described.contains(&"castle short") && described.contains(&"no capture"), "{described:?}");
        let n = described.iter().position(|d| *d == want).unwrap();
        app.world_mut().write_message(variant_table::table::game::input::ChooseMove(n));
        settle(&mut app);
        assert_eq!(session(&app).game.moves().collect::<Vec<_>>(), [recorded]);
        // The record replays the same move: the Rook is on j1 only after the castling.
        let mut replay = game.clone();
        replay.play(recorded).unwrap();
        assert_eq!(replay.position().to_text(), session(&app).game.position().to_text());
        assert_rook_on_j1(&replay, t.parse_cell("j1").unwrap(), recorded == "O-O");
    }
}

fn assert_rook_on_j1(game: &Game, j1: Cell, castled: bool) {
    let AnyPosition::DoubleChess(p) = game.position() else { unreachable!() };
    assert_eq!(p.piece_at(j1) != 0, castled, "a Rook on j1 exactly when castled");
}
