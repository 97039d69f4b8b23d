//! The true-shape view headless: a cylinder or universal board bent by the HUD's toggle (the
//! message its button sends), morphing over about half a second; pieces drawn on the bent
//! surface standing along its normal, neighbours across the join side by side; the board's
//! mesh swapped for a bent copy without ghost cells; a click on the bent board finding the
//! cell under it; and everything back where it was when the board lies flat again.

mod support;

use bevy::asset::AssetPlugin;
use bevy::prelude::*;
use variant_rules::{Game, GameId, GameOptions, Wrap};
use variant_table::table::game::view::{BoardShape, ToggleShape};
use variant_table::table::look::dress::board_meshes;
use variant_table::table::look::shape::conform::{BentCopy, Conforms};
use variant_table::table::look::shape::morph::ShownShape;
use variant_table::table::mirror::board::Board;
use variant_table::table::mirror::pieces::{ChessPiece, Stack};

use support::{click_at, headless, scratch_saves, session, settle};

/// A headless table with the true-shape view's systems (and what they need: transforms and
/// meshes as assets), playing `game`.
fn table(game: Game, dir: &str) -> App {
    let mut app = headless(scratch_saves(dir));
    app.add_plugins((TransformPlugin, AssetPlugin::default())).init_asset::<Mesh>();
    app.add_plugins(variant_table::table::look::shape::plugin);
    let mut seats = variant_table::table::game::seats::Seats::default();
    seats.suit_game(&game);
    app.insert_resource(seats);
    app.insert_resource(variant_table::table::game::session::Session::new(game));
    app.insert_state(variant_table::table::schedule::AppState::Playing);
    app.world_mut().write_message(variant_table::table::game::session::PositionChanged::default());
    settle(&mut app);
    // The board's meshes as a window dresses it (`look::dress`).
    let world = app.world_mut();
    let (board, meshes) = {
        let mut q = world.query::<(Entity, &Board)>();
        let (e, board) = q.single(world).expect("a board");
        (e, board_meshes(board))
    };
    let mut assets = world.resource_mut::<Assets<Mesh>>();
    let flat = assets.add(meshes.0);
    let source = meshes.1.map(|m| assets.add(m));
    world.entity_mut(board).insert((Mesh3d(flat), Conforms { source, top_only: false }));
    app
}

fn game(id: GameId, wrap: Wrap) -> Game {
    Game::new(id, GameOptions { topology: wrap, ..GameOptions::default_for(id) }, None).expect("a start")
}

/// The drawn (global) translation and up direction of the chess piece on `name`.
fn drawn(app: &mut App, name: &str) -> (Vec3, Vec3, Transform) {
    let cell = session(app).game.position().topology().parse_cell(name).expect("a cell");
    let world = app.world_mut();
    let mut q = world.query::<(&ChessPiece, &Transform, &GlobalTransform)>();
    let (_, t, g) = q.iter(world).find(|(p, _, _)| p.cell == cell).unwrap_or_else(|| panic!("no piece on {name}"));
    (g.translation(), g.up().as_vec3(), *t)
}

fn toggle(app: &mut App) {
    app.world_mut().write_message(ToggleShape);
}

fn shown(app: &App) -> ShownShape {
    *app.world().resource::<ShownShape>()
}

fn board_bent(app: &mut App) -> bool {
    let world = app.world_mut();
    world.query_filtered::<(), (With<Board>, With<BentCopy>)>().iter(world).count() == 1
}

#[test]
fn the_cylinder_rolls_up_over_half_a_second_and_its_pieces_stand_on_it() {
    let mut app = table(game(GameId::CylinderChess, Wrap::Cylinder), "vt-true-shape-cylinder");
    assert!(shown(&app).bent().is_none(), "flat until asked");
    let (a1_flat, up, _) = drawn(&mut app, "a1");
    assert!(up.distance(Vec3::Y) < 1e-5 && !board_bent(&mut app));
    toggle(&mut app);
    // One frame of a quarter second in: part of the way (the frame that reads the toggle
    // starts the morph).
    app.update();
    app.update();
    let mid = shown(&app);
    let roll = mid.bent().expect("rolling up").roll;
    assert!(0.0 < roll && roll < 1.0, "half a second's morph is half done: {roll}");
    settle(&mut app);
    let closed = shown(&app);
    assert!(closed.closed(), "closed after the morph: {closed:?}");
    assert!(app.world().resource::<BoardShape>().true_shape);
    // a1 and h1 meet across the join: side by side, a square apart, not the board's width.
    let (a1, a1_up, a1_t) = drawn(&mut app, "a1");
    let (h1, h1_up, _) = drawn(&mut app, "h1");
    assert!((a1.distance(h1) - 1.0).abs() < 0.05, "a1 {a1} and h1 {h1} are {} apart", a1.distance(h1));
    assert!(a1.distance(a1_flat) > 1.0, "a1 moved off the flat board");
    // Standing along the surface's normal, which at a1 and h1 leans out either side.
    let bend = closed.bent().copied().expect("bent");
    let at = variant_table::table::geometry::world_to_plane(a1_t.translation);
    assert!(a1_up.distance(Vec3::from_array(bend.normal(at))) < 1e-4);
    assert!(a1_up.x < -0.3 && h1_up.x > 0.3, "a1 leans left ({a1_up}), h1 right ({h1_up})");
    // The logic's transforms stay flat.
    assert_eq!(a1_t.translation, a1_flat);
    assert!(board_bent(&mut app), "the board's mesh is the bent copy");
    // A click on the bent board at h2's pawn (round the side, nearly underneath) finds h2;
    // one at h4's place plays h2h4.
    let topo = session(&app).game.position().topology();
    let h4 = topo.parse_cell("h4").expect("h4");
    let h4_shown = closed.pose(Transform::from_translation(variant_table::table::geometry::cell_translation(topo, h4))).translation;
    let (h2_shown, _, _) = drawn(&mut app, "h2");
    assert!(h2_shown.y < -1.0, "h2 is round the side: {h2_shown}");
    assert_eq!(click_at(&mut app, closed.to_flat(h2_shown)), topo.parse_cell("h2").expect("h2"));
    click_at(&mut app, closed.to_flat(h4_shown));
    settle(&mut app);
    assert_eq!(session(&app).game.history().count(), 1, "h2h4 played by clicks on the bent board");
    // Flat again: everything back where the flat table has it.
    toggle(&mut app);
    settle(&mut app);
    assert!(shown(&app).bent().is_none());
    let (a1_back, up_back, t) = drawn(&mut app, "a1");
    assert!(a1_back.distance(t.translation) < 1e-5 && up_back.distance(Vec3::Y) < 1e-5, "a1 drawn flat again at {a1_back}");
    assert!(!board_bent(&mut app), "the flat mesh is back");
}

#[test]
fn a_universal_board_closes_into_a_torus_and_its_stacks_go_round() {
    let mut app = table(game(GameId::Queens, Wrap::Universal), "vt-true-shape-torus");
    toggle(&mut app);
    settle(&mut app);
    let shape = shown(&app);
    let bend = *shape.bent().expect("bent");
    assert!(matches!(bend.shape, variant_rules::bend::Shape::Torus { .. }) && shape.closed());
    // Every stack lies on the torus, standing along its normal.
    let world = app.world_mut();
    let mut q = world.query::<(&Stack, &Transform, &GlobalTransform)>();
    let mut n = 0;
    for (_, t, g) in q.iter(world) {
        let p = variant_table::table::geometry::world_to_plane(t.translation);
        assert!(g.translation().distance(Vec3::from_array(bend.point(p, t.translation.y))) < 1e-4);
        assert!(g.up().as_vec3().distance(Vec3::from_array(bend.normal(p))) < 1e-4);
        n += 1;
    }
    assert!(n >= 24, "the stacks of both sides: {n}");
}

#[test]
fn a_flat_board_never_bends_and_the_choice_is_kept_for_one_that_joins() {
    let mut app = table(game(GameId::Chess, Wrap::Flat), "vt-true-shape-flat");
    toggle(&mut app);
    settle(&mut app);
    assert!(app.world().resource::<BoardShape>().true_shape, "the choice is kept");
    assert!(shown(&app).bent().is_none() && !board_bent(&mut app), "but a flat board stays flat");
    let (_, up, _) = drawn(&mut app, "e1");
    assert!(up.distance(Vec3::Y) < 1e-6);
}

#[test]
fn a_piece_taken_on_the_bent_board_hops_off_its_cell_as_drawn() {
    let mut start = game(GameId::CylinderChess, Wrap::Cylinder);
    for m in ["e2e4", "a7a5", "d1h5", "a5a4"] {
        start.play(m).expect("a legal move");
    }
    let mut app = table(start, "vt-true-shape-taken");
    toggle(&mut app);
    settle(&mut app);
    let shape = shown(&app);
    let topo = session(&app).game.position().topology();
    let (h5, a4) = (topo.parse_cell("h5").expect("h5"), topo.parse_cell("a4").expect("a4"));
    let flat = |c| variant_table::table::geometry::cell_translation(topo, c);
    // The queen takes across the join.
    click_at(&mut app, flat(h5));
    click_at(&mut app, flat(a4));
    let world = app.world_mut();
    let mut q = world.query::<(&variant_table::table::mirror::taken::CapturedPiece, &variant_table::table::mirror::pieces::Glide)>();
    let (_, glide) = q.iter(world).next().expect("the pawn taken, hopping off");
    let drawn_a4 = shape.pose(Transform::from_translation(flat(a4))).translation;
    assert!(glide.waypoints[0].distance(drawn_a4) < 1e-4, "the pawn waits at {} and not on a4 as drawn ({drawn_a4})", glide.waypoints[0]);
}
