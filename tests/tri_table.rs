//! Headless App tests of the triangular games at the table (`MinimalPlugins` + `StatesPlugin`,
//! manual time, no GPU): games started as the launcher starts them, moves clicked through the
//! board's layout (a point of the table turned into the triangle under it, as a click on the
//! board mesh is), the mirror standing on the triangles' centres, and the view turning to
//! each of six seats round the hexagon.

mod support;

use bevy::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use variant_rules::{AnyMove, AnyPosition, Cell, Game, GameId, GameOptions, Position};
use variant_table::table::game::seats::Seats;
use variant_table::table::game::view::TurnView;
use variant_table::table::geometry::{cell_translation, plane_to_world};
use variant_table::table::mirror::board::{Board, cell_at};
use variant_table::table::mirror::pieces::{CheckerPiece, Stack};
use variant_table::table::screens::launcher::LauncherKey;

use support::{click_at, headless, inside, playing, run_until, scratch_saves, session, settle, start_from_keys};

/// A headless table with saves kept out of the player's data directory.
fn bare_app() -> App {
    headless(scratch_saves("variant-table-tri-tests"))
}

/// A table already playing `game`, seated as `variant-table play` seats it.
fn app(game: Game) -> App {
    playing(game, scratch_saves("variant-table-tri-tests"))
}

/// A table started from the launcher by `keys`, then Enter.
fn from_launcher(keys: &[LauncherKey]) -> App {
    let mut app = bare_app();
    start_from_keys(&mut app, keys);
    app
}

/// Plays `m` by clicking its cells, each at a point off its centre (towards a different corner
/// each time), so the triangle is found by its outline; checks the clicks meant those cells.
fn click_move(app: &mut App, m: AnyMove) {
    let path = session(app).game.position().move_path(m);
    for (i, c) in std::iter::once(path.from).chain(path.landings.iter().copied()).enumerate() {
        let at = inside(app, c, i % 3, 0.55);
        assert_eq!(click_at(app, at), c, "the click at {at} lands on the triangle it was aimed at");
    }
    settle(app);
}

/// Every stack stands on its triangle's centre, and holds the checkers the rules say it does.
fn assert_mirrors(app: &mut App, label: &str) {
    let pos = session(app).game.position().clone();
    let AnyPosition::Checkers(p) = &pos else { panic!("a checkers-family position") };
    let topo = p.topology();
    let world = app.world_mut();
    let mut stacks: Vec<(Cell, Vec3, usize)> =
        world.query::<(&Stack, &Transform, &Children)>().iter(world).map(|(s, t, c)| (s.cell, t.translation, c.len())).collect();
    stacks.sort_by_key(|s| s.0);
    let want: Vec<(Cell, Vec3, usize)> =
        (0..topo.len() as Cell).filter(|&c| p.top(c).is_some()).map(|c| (c, cell_translation(topo, c), p.stack(c).count())).collect();
    assert_eq!(stacks, want, "{label}: the mirror differs from {}", pos.to_text());
    let checkers = world.query::<&CheckerPiece>().iter(world).count();
    assert_eq!(checkers, want.iter().map(|s| s.2).sum::<usize>(), "{label}");
}

/// Down from Stax past Queens and Tri-Chek: the launcher keeps the checkers family together.
const TO_TRI_STAX: [LauncherKey; 3] = [LauncherKey::Down; 3];

#[test]
fn six_player_tri_stax_from_the_launcher_is_played_by_clicks_and_the_view_turns_round_the_hexagon() {
    let mut keys = TO_TRI_STAX.to_vec();
    keys.extend([LauncherKey::Char('p'); 4]);
    let mut app = from_launcher(&keys);
    assert_eq!(session(&app).game.id(), GameId::TriStax);
    assert_eq!(session(&app).game.position().seating().count(), 6);
    let seats = app.world().resource::<Seats>().clone();
    assert_eq!(seats.count(), 6);
    assert!(seats.validate().is_ok(), "six distinct sets: {:?}", seats.colours());
    let topo = session(&app).game.position().topology();
    assert_eq!(topo.tri_board().map(|b| b.rows), Some(12), "six players round the 12-row hexagon");
    assert_mirrors(&mut app, "start");

    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut yaws = Vec::new();
    for ply in 0..6 {
        let pos = session(&app).game.position().clone();
        let view = *app.world().resource::<TurnView>();
        assert_eq!((view.sides, view.target()), (6, Some(pos.side_of(pos.turn()))), "ply {ply}: the view faces the seat to move");
        yaws.push(view.target_yaw().unwrap());
        let moves = pos.legal_move_list();
        let m = moves[rng.random_range(0..moves.len())];
        click_move(&mut app, m);
        assert_eq!(session(&app).game.moves().count(), ply + 1, "ply {ply}: {} was played ({})", pos.move_text(m), session(&app).status);
        assert_eq!(session(&app).game.moves().last(), Some(pos.move_text(m).as_str()));
        assert_mirrors(&mut app, &format!("ply {ply}"));
    }
    // Six seats, six sides, a sixth of a turn apart.
    let mut sorted = yaws.clone();
    sorted.sort_by(f32::total_cmp);
    sorted.dedup();
    assert_eq!(sorted.len(), 6, "{yaws:?}");
    assert!(sorted.windows(2).all(|w| (w[1] - w[0] - std::f32::consts::TAU / 6.0).abs() < 1e-4), "{sorted:?}");
}

#[test]
fn two_player_tri_queens_moves_by_clicks_on_the_triangles() {
    let mut app = app(Game::new(GameId::TriQueens, GameOptions::default_for(GameId::TriQueens), None).unwrap());
    assert_eq!(session(&app).game.position().topology().tri_board().map(|b| b.rows), Some(8));
    assert_mirrors(&mut app, "start");
    assert_eq!(app.world().resource::<TurnView>().target(), None, "two players: the view stays with the first seat");
    for ply in 0..4 {
        let pos = session(&app).game.position().clone();
        let m = pos.legal_move_list()[ply % 2];
        click_move(&mut app, m);
        assert_eq!(session(&app).game.moves().count(), ply + 1, "{} was played: {}", pos.move_text(m), session(&app).status);
        assert_eq!(session(&app).game.position().turn(), pos.seating().next(pos.turn()));
        assert_mirrors(&mut app, &format!("ply {ply}"));
    }
    // A click on the frame, outside every triangle, is no cell.
    let world = app.world_mut();
    let board = world.query::<&Board>().single(world).unwrap();
    let (lo, _) = board.layout.bounds();
    assert_eq!(cell_at(board, plane_to_world([lo[0] - 0.3, 0.0])), None);
}

#[test]
fn a_click_on_the_tri_board_outside_the_games_hexagon_is_no_cell() {
    // Tri-Queens for two plays on the 8 rows of the 12-row Tri-board the table draws.
    let mut app = app(Game::new(GameId::TriQueens, GameOptions::default_for(GameId::TriQueens), None).unwrap());
    let world = app.world_mut();
    let board = world.query::<&Board>().single(world).unwrap();
    let out = variant_table::table::look::mesh::out_of_play(board.layout);
    assert_eq!(out.len(), 216 - 96, "the Tri-board's triangles beyond the 8 rows");
    for (g, _) in out {
        for &p in g.polygon.corners() {
            // Towards each corner from the centre: still inside the dimmed triangle.
            let at = [g.centre[0] + (p[0] - g.centre[0]) * 0.6, g.centre[1] + (p[1] - g.centre[1]) * 0.6];
            assert_eq!(cell_at(board, plane_to_world(at)), None, "{} is out of play", g.name);
        }
    }
    // The game's own triangles are still found.
    let layout = board.layout;
    assert!(layout.cells().all(|(c, g)| cell_at(board, plane_to_world(g.centre)) == Some(c)));
}

#[test]
fn three_player_tri_chek_plays_a_hundred_plies_by_clicks() {
    let mut opts = GameOptions::default_for(GameId::TriChek);
    opts.players = 3;
    let mut app = app(Game::new(GameId::TriChek, opts, None).unwrap());
    assert_eq!(app.world().resource::<TurnView>().sides, 6);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut plies = 0;
    while plies < 100 && session(&app).game.outcome().is_none() {
        let pos = session(&app).game.position().clone();
        let moves = pos.legal_move_list();
        // Jumps first when there are any, so pieces are taken and kings made.
        let jumps: Vec<AnyMove> = moves.iter().copied().filter(|&m| pos.move_path(m).capture).collect();
        let pool = if jumps.is_empty() { &moves } else { &jumps };
        click_move(&mut app, pool[rng.random_range(0..pool.len())]);
        plies += 1;
        assert_eq!(session(&app).game.moves().count(), plies, "ply {plies}: {}", session(&app).status);
        assert_mirrors(&mut app, &format!("ply {plies}"));
    }
    eprintln!("three-player Tri-Chek by clicks: {plies} plies, {:?}", session(&app).game.outcome());
    assert!(plies >= 30, "a game lasts a while");
}

/// One player against five computers on the 12-row board: the computers move in the
/// sequence's order between the player's clicks, the view comes back to the player, and the
/// whole game replays from its record.
#[test]
fn one_player_against_five_computers_on_the_hexagon() {
    use variant_rules::Seat;
    use variant_table::table::game::seats::Controller;
    let mut opts = GameOptions::default_for(GameId::TriStax);
    opts.players = 6;
    opts.seating = "trios".parse().unwrap();
    let mut app = app(Game::new(GameId::TriStax, opts, None).unwrap());
    // Trios: F, C, A, D, B, E; the player is A (third to move), the others think 20 ms a move.
    for (i, s) in app.world_mut().resource_mut::<Seats>().seats.iter_mut().enumerate() {
        if i != 0 {
            s.controller = Controller::Computer { movetime_ms: 20 };
        }
    }
    let mine = session(&app).game.position().side_of(Seat::A);
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for round in 0..4 {
        // The computers move until it is A's turn again (F and C first, then D, B, E, F, C).
        assert!(
            run_until(&mut app, 30.0, |a| session(a).game.position().turn() == Seat::A && session(a).game.moves().count() >= 2 + 6 * round),
            "round {round}: the computers did not bring the turn back: {:?}",
            session(&app).game.moves().collect::<Vec<_>>()
        );
        settle(&mut app);
        assert_eq!(session(&app).game.moves().count(), 2 + 6 * round, "round {round}: five computer moves between the player's");
        assert_eq!(app.world().resource::<TurnView>().target(), Some(mine), "the view is on the player's side");
        assert_mirrors(&mut app, &format!("round {round}"));
        let pos = session(&app).game.position().clone();
        let moves = pos.legal_move_list();
        let m = moves[rng.random_range(0..moves.len())];
        click_move(&mut app, m);
        // The computers may answer while the click settles: the player's move is the record's next.
        let played = session(&app).game.moves().nth(2 + 6 * round).map(str::to_string);
        assert_eq!(played, Some(pos.move_text(m)), "round {round}: the player's click was played");
    }
    let record: Vec<String> = session(&app).game.moves().map(str::to_string).collect();
    let mut replay = Game::new(GameId::TriStax, opts, None).unwrap();
    for m in &record {
        replay.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}
