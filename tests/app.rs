//! Headless App tests (`MinimalPlugins` + `StatesPlugin`, manual time, no GPU): whole seeded
//! games played by sending the same `CellClicked` messages the mouse sends, with the ECS
//! mirror checked against the rules position after every move.

mod support;

use std::time::Duration;

use bevy::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use variant_rules::scene::{Marks, PieceKind};
use variant_rules::{AnyMove, AnyPosition, Game, GameId, GameOptions, Position, Seat, Wrap};
use variant_table::table::game::input::{CellClicked, ChooseMove, Selection};
use variant_table::table::game::seats::Seats;
use variant_table::table::game::session::{GameCommand, Session};
use variant_table::table::geometry::cell_translation;
use variant_table::table::mirror::board::{Board, BoardCell, GhostCell};
use variant_table::table::mirror::pieces::{CheckerPiece, ChessPiece, Gathering, PrisonerSlide, Stack, checker_offset};
use variant_table::table::persist::autosave::Autosave;
use variant_table::table::persist::data_dir::SavePaths;
use variant_table::table::persist::save::{SaveFile, SaveLoad};
use variant_table::table::schedule::AppState;

use support::{run_until, session, settle};

fn app(game: Game) -> App {
    app_saving_to(game, SavePaths { autosave: false, ..SavePaths::at(std::env::temp_dir().join("variant-table-app-tests")) })
}

/// An app whose saves go to `paths` (the other tests keep autosave off and out of the
/// player's data directory).
fn app_saving_to(game: Game, paths: SavePaths) -> App {
    support::playing(game, paths)
}

/// Sends a move as the selection logic does, typed; `text` is read in the current position.
fn send_move(app: &mut App, text: &str) {
    let m: AnyMove = session(app).game.position().parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    app.world_mut().write_message(GameCommand::Play(m));
}

/// Seats named Ann and Bob, in jade and cobalt.
fn ann_and_bob() -> Seats {
    let mut seats = Seats::new(GameId::Stax, 2);
    for (seat, (name, colour)) in seats.seats.iter_mut().zip([("Ann", 4), ("Bob", 5)]) {
        seat.name = name.into();
        seat.colour = colour;
    }
    seats
}

fn click(app: &mut App, cell: u16) {
    app.world_mut().write_message(CellClicked { cell });
    app.update();
}

/// What the mirror shows, in a comparable form: per cell, the stack bottom-first or the piece.
fn mirror(app: &mut App) -> Vec<(u16, String, Vec3)> {
    let mut out = Vec::new();
    let world = app.world_mut();
    let mut stacks = world.query::<(&Stack, &Children, &Transform)>();
    let stacks: Vec<(Stack, Vec<Entity>, Vec3)> = stacks.iter(world).map(|(s, c, t)| (*s, c.iter().collect(), t.translation)).collect();
    for (s, children, at) in stacks {
        let mut cks: Vec<CheckerPiece> = children.iter().filter_map(|&c| world.get::<CheckerPiece>(c).copied()).collect();
        cks.sort_by_key(|c| c.level);
        assert!(cks.iter().enumerate().all(|(i, c)| c.level == i), "levels are 0.. in child order");
        let text = cks.iter().map(|c| format!("{}{}{}", c.owner.0, if c.king { "K" } else { "" }, c.number)).collect::<Vec<_>>().join(",");
        out.push((s.cell, text, at));
    }
    let mut pieces = world.query::<(&ChessPiece, &Transform)>();
    for (p, t) in pieces.iter(world) {
        out.push((p.cell, format!("{}{:?}", p.owner.0, p.kind), t.translation));
    }
    out.sort_by_key(|x| x.0);
    out
}

/// The same, computed from the rules position.
fn expected(pos: &AnyPosition) -> Vec<(u16, String, Vec3)> {
    let topo = pos.topology();
    let mut out = Vec::new();
    for cell in 0..topo.len() as u16 {
        let at = cell_translation(topo, cell);
        match pos {
            AnyPosition::Checkers(p) => {
                let mut stack: Vec<_> = p.stack(cell).collect();
                if stack.is_empty() {
                    continue;
                }
                stack.reverse(); // bottom first, like the entity's children
                let text = stack.iter().map(|c| format!("{}{}{}", c.owner().0, if c.is_king() { "K" } else { "" }, c.number())).collect::<Vec<_>>().join(",");
                out.push((cell, text, at));
            }
            _ => {
                if let Some(p) = pos.piece_on(cell) {
                    out.push((cell, format!("{}{:?}", p.seat.0, p.kind), at));
                }
            }
        }
    }
    out
}

fn assert_mirrors(app: &mut App, label: &str) {
    let pos = session(app).game.position().clone();
    assert_eq!(mirror(app), expected(&pos), "{label}: the ECS mirror differs from the rules position {}", pos.to_text());
    // Animations over: every checker sits at its level in its stack.
    let world = app.world_mut();
    for (ck, t) in world.query::<(&CheckerPiece, &Transform)>().iter(world) {
        assert_eq!(t.translation, checker_offset(ck.level, false), "{label}: a checker is not at rest at level {}", ck.level);
    }
    assert_eq!(world.query::<&PrisonerSlide>().iter(world).count(), 0, "{label}: prisoners still sliding");
}

/// Plays a seeded random game to the end (or `max` plies) by clicking each move's cells; also
/// returns how many moves had to be picked from a choice.
fn play_by_clicks(game: GameId, wrap: Wrap, numbers: bool, seed: u64, max: usize) -> (App, usize) {
    let mut opts = GameOptions::default_for(game);
    opts.topology = wrap;
    opts.numbers = numbers;
    opts.seed = seed;
    play_options_by_clicks(game, opts, seed, max)
}

/// Throws the dice the way Space does and runs frames until they rest and the roll is played;
/// returns the roll token.
fn throw_dice(app: &mut App) -> String {
    use variant_table::table::game::dice::{DiceTable, ThrowDice};
    let before = session(app).game.moves().count();
    app.world_mut().write_message(ThrowDice::default());
    for _ in 0..200 {
        app.update();
        if !app.world().resource::<DiceTable>().in_flight() && session(app).game.moves().count() > before {
            break;
        }
    }
    let moves: Vec<&str> = session(app).game.moves().collect();
    assert_eq!(moves.len(), before + 1, "the throw was not played as a roll: {}", session(app).status);
    moves[before].to_string()
}

/// A move with no cell (pass, re-roll, 666): sent as its key sends it, or left to be played by
/// itself when forced; anything after it must have been forced too.
fn play_cell_less(app: &mut App, pos: &AnyPosition, chosen: AnyMove) {
    let (game, ply) = (session(app).game.id(), session(app).game.moves().count());
    let text = pos.move_text(chosen);
    if pos.forced_move().is_none() {
        app.world_mut().write_message(GameCommand::Play(chosen));
    }
    settle(app);
    let played: Vec<&str> = session(app).game.moves().collect();
    assert_eq!(played.get(ply).copied(), Some(text.as_str()), "{game}: {text} was not played");
    assert!(played[ply + 1..].iter().all(|m| matches!(*m, "pass" | "reroll" | "666")), "{game}: {:?}", &played[ply..]);
    assert_mirrors(app, &format!("{game} after {text}"));
}

fn play_options_by_clicks(game: GameId, opts: GameOptions, seed: u64, max: usize) -> (App, usize) {
    let mut picked = 0;
    let mut app = app(Game::new(game, opts, None).unwrap());
    assert_mirrors(&mut app, "start");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..max {
        let ply = session(&app).game.moves().count();
        if session(&app).outcome().is_some() {
            assert_eq!(*app.world().resource::<State<AppState>>().get(), AppState::GameOver);
            break;
        }
        let pos = session(&app).game.position().clone();
        if pos.dice_due().is_some() {
            // The dice decide: throw them and check the roll the rules received is the faces
            // the physics read, backed by a throw record that replays.
            let token = throw_dice(&mut app);
            let faces = app.world().resource::<variant_table::table::game::dice::DiceTable>().faces.clone();
            assert_eq!(token, pos.roll_token(&faces));
            let (ply_of, record) = session(&app).throws.last().cloned().expect("a throw record");
            assert_eq!(ply_of, ply);
            assert!(record.replays(), "{game}: throw {ply} replays to {:?}", record.faces);
            continue;
        }
        let moves = pos.legal_move_list();
        let chosen = moves[rng.random_range(0..moves.len())];
        let path = pos.move_path(chosen);
        if path.from == variant_rules::topology::NO_CELL {
            play_cell_less(&mut app, &pos, chosen);
            continue;
        }
        let same_cells = moves.iter().filter(|&&o| pos.move_path(o).from == path.from && pos.move_path(o).landings == path.landings).count();
        click(&mut app, path.from);
        // A move that stays on its cell (a drop from the hand, a promotion) is offered at once.
        if path.landings != [path.from] {
            for &c in &path.landings {
                click(&mut app, c);
            }
        }
        // Moves on the same cells (promotion pieces, shadow captures) are offered as a choice.
        let choices = app.world().resource::<Selection>().choices.clone();
        if same_cells > 1 {
            assert_eq!(choices.len(), same_cells, "{game}: every move on these cells is offered");
            let n = choices.iter().position(|c| c.mv == chosen).expect("the move is among the choices");
            app.world_mut().write_message(ChooseMove(n));
            picked += 1;
        } else {
            assert!(choices.is_empty());
        }
        settle(&mut app);
        let played: Vec<&str> = session(&app).game.moves().collect();
        assert!(played.len() > ply, "{game}: move {} ({}) was not played: {}", ply + 1, pos.move_text(chosen), session(&app).status);
        assert_eq!(played[ply], pos.move_text(chosen));
        // Anything after it was played by itself: a pass, re-roll or 666 that left no choice.
        assert!(played[ply + 1..].iter().all(|m| matches!(*m, "pass" | "reroll" | "666")), "{game}: {:?}", &played[ply..]);
        assert_mirrors(&mut app, &format!("{game} after {}", pos.move_text(chosen)));
    }
    (app, picked)
}

#[test]
fn checkers_game_by_clicks() {
    let _ = play_by_clicks(GameId::Checkers, Wrap::Flat, false, 1, 400);
}

#[test]
fn stax_games_by_clicks_on_every_board() {
    let _ = play_by_clicks(GameId::Stax, Wrap::Flat, false, 2, 300);
    let _ = play_by_clicks(GameId::Stax, Wrap::Universal, true, 3, 200);
}

#[test]
fn queens_game_by_clicks() {
    let _ = play_by_clicks(GameId::Queens, Wrap::Cylinder, false, 4, 300);
}

#[test]
fn chess_games_by_clicks() {
    let _ = play_by_clicks(GameId::Chess, Wrap::Flat, false, 5, 200);
    let _ = play_by_clicks(GameId::CylinderChess, Wrap::Cylinder, false, 6, 150);
    let (_, picked) = play_by_clicks(GameId::ShadowChess, Wrap::Flat, false, 7, 120);
    assert!(picked > 0, "Shadow Chess offered a choice of what to take at least once");
}

#[test]
fn toe_to_toe_deploys_swaps_and_plays_by_clicks() {
    let (app, picked) = play_by_clicks(GameId::ToeToe, Wrap::Flat, false, 12, 160);
    // Each side's first six drops leave at least two kinds in hand to choose from (at most two
    // pieces share a kind); later ones may not (two chariots left: nothing to choose).
    assert!(picked >= 12, "drops are picked from a choice ({picked})");
    let played: Vec<&str> = session(&app).game.moves().collect();
    assert!(played[..16].iter().all(|m| m.contains('@')) && played[16..22].iter().all(|m| m.contains('~')), "{played:?}");
}

#[test]
fn toe_to_toe_pieces_wait_in_hand_and_are_placed_from_it() {
    use variant_table::table::game::input::HandClicked;
    use variant_table::table::mirror::pieces::HandPiece;
    let mut app = app_with(GameId::ToeToe);
    let hands = |app: &mut App| {
        let world = app.world_mut();
        let mut v: Vec<(u8, PieceKind)> = world.query::<&HandPiece>().iter(world).map(|h| (h.owner.0, h.kind)).collect();
        v.sort();
        v
    };
    assert_eq!(hands(&mut app).len(), 16, "eight pieces each beside the board");
    let t = session(&app).game.position().topology();
    // Pick the king from the hand, try a square outside the deployment zone, then d2.
    app.world_mut().write_message(HandClicked { kind: PieceKind::King });
    app.update();
    assert_eq!(app.world().resource::<Selection>().targets.len(), 24, "the king may go on any of 24 squares");
    click(&mut app, t.parse_cell("d5").unwrap());
    settle(&mut app);
    assert_eq!(session(&app).game.moves().count(), 0);
    assert!(session(&app).status.contains("cannot be placed"), "{}", session(&app).status);
    app.world_mut().write_message(HandClicked { kind: PieceKind::King });
    app.update();
    click(&mut app, t.parse_cell("d2").unwrap());
    settle(&mut app);
    assert_eq!(session(&app).game.moves().collect::<Vec<_>>(), vec!["K@d2"]);
    assert_eq!(hands(&mut app).len(), 15);
    assert!(!hands(&mut app).contains(&(0, PieceKind::King)), "White's king left the hand");
    assert_mirrors(&mut app, "after placing the king");
}

#[test]
fn chex_tiles_are_drawn_from_the_pile_and_placed_by_clicks() {
    use variant_table::table::game::input::PileClicked;
    use variant_table::table::mirror::pieces::{DrawPile, HandPiece, Tile};
    let mut app = app_with(GameId::Chex);
    let piles = |app: &mut App| {
        let world = app.world_mut();
        let mut v: Vec<(u8, usize)> = world.query::<&DrawPile>().iter(world).map(|p| (p.owner.0, p.count)).collect();
        v.sort();
        v
    };
    assert_eq!(piles(&mut app), [(0, 16), (1, 16)]);
    app.world_mut().write_message(PileClicked { owner: Seat::B });
    settle(&mut app);
    assert_eq!(session(&app).game.moves().count(), 0, "Black cannot draw on White's turn");
    app.world_mut().write_message(PileClicked { owner: Seat::A });
    settle(&mut app);
    assert_eq!(session(&app).game.moves().collect::<Vec<_>>(), ["draw"]);
    assert_eq!(piles(&mut app), [(0, 15), (1, 16)], "the drawn tile left the pile");
    let (targets, hand) = {
        let sel = app.world().resource::<Selection>();
        (sel.targets.clone(), sel.hand)
    };
    assert_eq!(targets.len(), 1, "White's first tile goes in the centre");
    assert!(hand.is_some());
    click(&mut app, targets[0].0);
    settle(&mut app);
    assert_eq!(session(&app).game.moves().count(), 2);
    assert!(session(&app).game.moves().nth(1).unwrap().ends_with("@0,0"));
    app.world_mut().write_message(PileClicked { owner: Seat::B });
    settle(&mut app);
    let world = app.world_mut();
    let held: Vec<(u8, PieceKind)> = world.query_filtered::<&HandPiece, With<Tile>>().iter(world).map(|h| (h.owner.0, h.kind)).collect();
    assert_eq!(held.len(), 1, "the drawn tile waits above Black's pile");
    assert_eq!(held[0].0, 1);
    // Picking the drawn tile up (as a drag starts) shows the same targets.
    app.world_mut().write_message(variant_table::table::game::input::HandClicked { kind: held[0].1 });
    app.update();
    let targets = app.world().resource::<Selection>().targets.clone();
    assert_eq!(targets.len(), 8, "Black attaches to any edge or corner of White's tile");
    click(&mut app, targets[3].0);
    settle(&mut app);
    assert_eq!(session(&app).game.moves().count(), 4);
    let world = app.world_mut();
    assert_eq!(world.query::<&Tile>().iter(world).count(), 2);
    assert_mirrors(&mut app, "after both first tiles");
}

#[test]
fn toe_to_toe_swaps_from_either_square() {
    let mut app = app_with(GameId::ToeToe);
    for m in "K@d2 G@e3 k@d7 g@e6 R@a1 R@h1 r@a8 r@h8 N@b1 N@g1 n@b8 n@g8 E@c2 E@f2 e@c7 e@f7".split(' ') {
        send_move(&mut app, m);
        settle(&mut app);
    }
    let t = session(&app).game.position().topology();
    click(&mut app, t.parse_cell("e3").unwrap());
    click(&mut app, t.parse_cell("d2").unwrap());
    settle(&mut app);
    assert_eq!(session(&app).game.moves().last(), Some("d2~e3"), "dragging the general onto the king swaps them");
    assert_mirrors(&mut app, "after a swap");
}

#[test]
fn board_entity_carries_the_topology_and_ghost_cells_repeat_wrapped_edges() {
    let mut app = app(Game::new(GameId::Stax, GameOptions { topology: Wrap::Universal, ..GameOptions::default_for(GameId::Stax) }, None).unwrap());
    let world = app.world_mut();
    let boards: Vec<&'static variant_rules::Topology> = world.query::<&Board>().iter(world).map(|b| b.topology).collect();
    assert_eq!(boards.len(), 1);
    assert_eq!(boards[0].wrap(), Wrap::Universal);
    let cells = world.query_filtered::<&BoardCell, Without<GhostCell>>().iter(world).count();
    let ghosts = world.query::<&GhostCell>().iter(world).count();
    assert_eq!(cells, 64);
    assert_eq!(ghosts, 2 * 8 + 2 * 8 + 4, "a column each side, a row each end, and the corners");
}

#[test]
fn illegal_requests_change_nothing() {
    let mut app = app(Game::new(GameId::Stax, GameOptions::default_for(GameId::Stax), None).unwrap());
    let before = (session(&app).game.position().to_text(), mirror(&mut app));
    let t = session(&app).game.position().topology();
    let cell = |n: &str| t.parse_cell(n).unwrap();
    // An empty cell, an opponent's checker, then a piece to a cell it cannot reach.
    for clicks in [vec!["d4"], vec!["b6"], vec!["c3", "c5"], vec!["c3", "e5"], vec!["a1", "b2"]] {
        for c in clicks {
            click(&mut app, cell(c));
        }
        settle(&mut app);
        assert_eq!((session(&app).game.position().to_text(), mirror(&mut app)), before);
    }
    assert!(!session(&app).status.is_empty(), "the HUD is told why");
    // Clicking the piece, then a legal destination, still works afterwards.
    click(&mut app, cell("c3"));
    click(&mut app, cell("d4"));
    settle(&mut app);
    assert_eq!(session(&app).game.moves().collect::<Vec<_>>(), vec!["c3-d4"]);
}

#[test]
fn jump_sequences_are_chosen_hop_by_hop() {
    let game = Game::new(GameId::Stax, GameOptions::default_for(GameId::Stax), Some("7b/8/5b2/8/3b4/2a5/8/8 a 0")).unwrap();
    let mut app = app(game);
    let t = session(&app).game.position().topology();
    let cell = |n: &str| t.parse_cell(n).unwrap();
    click(&mut app, cell("c3"));
    click(&mut app, cell("e5"));
    settle(&mut app);
    assert_eq!(session(&app).game.moves().count(), 0, "half a sequence is not a move");
    click(&mut app, cell("g7"));
    settle(&mut app);
    assert_eq!(session(&app).game.moves().collect::<Vec<_>>(), vec!["c3xe5xg7"]);
    assert_mirrors(&mut app, "after the double jump");
}

#[test]
fn undo_redo_and_save_load_reproduce_the_mirror() {
    let (mut app, _) = play_by_clicks(GameId::Stax, Wrap::Cylinder, true, 11, 30);
    let after = mirror(&mut app);
    let moves: Vec<String> = session(&app).game.moves().map(str::to_string).collect();
    for _ in 0..5 {
        app.world_mut().write_message(GameCommand::Undo);
        settle(&mut app);
    }
    assert_eq!(session(&app).game.moves().count(), moves.len() - 5);
    assert_mirrors(&mut app, "after undo");
    for _ in 0..5 {
        app.world_mut().write_message(GameCommand::Redo);
        settle(&mut app);
    }
    assert_eq!(mirror(&mut app), after, "redo restores the same entities");

    let dir = std::env::temp_dir().join(format!("variant-table-test-{}", std::process::id()));
    let path = dir.join("game.json");
    let seats = ann_and_bob();
    app.insert_resource(seats.clone());
    app.world_mut().write_message(SaveLoad::Save(path.clone()));
    settle(&mut app);
    let file = SaveFile::read(&path).expect("the save reads back");
    let saved = file.restore().expect("the save replays");
    assert_eq!(saved.moves().collect::<Vec<_>>(), moves.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(file.seats.as_ref(), Some(&seats));

    // Load into a different game: the mirror and the seats become the saved ones.
    let mut other = app_with(GameId::Chess);
    other.world_mut().write_message(SaveLoad::Load(path.clone()));
    settle(&mut other);
    assert_eq!(mirror(&mut other), after);
    assert_eq!(*other.world().resource::<Seats>(), seats);

    // A corrupt file, a foreign file and a file whose seats share a colour keep the current
    // game and say why.
    let saved_text = std::fs::read_to_string(&path).unwrap();
    let same_colours = saved_text.replace("\"colour\": 5", "\"colour\": 4");
    assert_ne!(same_colours, saved_text, "the test edits the seats of the file");
    for (name, content) in
        [("corrupt.json", "{ not json"), ("foreign.json", r#"{"format":"something-else","version":1}"#), ("seats.json", same_colours.as_str())]
    {
        let bad = dir.join(name);
        std::fs::write(&bad, content).unwrap();
        other.world_mut().write_message(SaveLoad::Load(bad));
        settle(&mut other);
        assert_eq!(mirror(&mut other), after, "{name} changed the game");
        assert!(session(&other).status.starts_with("load failed, game kept"), "{}", session(&other).status);
    }
    let _ = std::fs::remove_dir_all(dir);
}

fn app_with(id: GameId) -> App {
    app(Game::new(id, GameOptions::default_for(id), None).unwrap())
}

#[test]
fn captured_pieces_are_summarised_for_the_hud() {
    let mut chess = app_with(GameId::Chess).world().resource::<Session>().game.clone();
    for m in ["e2e4", "d7d5", "e4d5"] {
        chess.play(m).unwrap();
    }
    assert_eq!(chess.position().captured_summary(None), [String::new(), "P".to_string()]);
    let mut stax = Game::new(GameId::Stax, GameOptions::default_for(GameId::Stax), None).unwrap();
    for m in ["c3-d4", "f6-e5", "d4xf6"] {
        stax.play(m).unwrap();
    }
    assert_eq!(stax.position().captured_summary(None), [String::new(), "1 held prisoner".to_string()]);
    let mut checkers = Game::new(GameId::Checkers, GameOptions::default_for(GameId::Checkers), None).unwrap();
    for m in ["c3-d4", "f6-e5", "d4xf6"] {
        checkers.play(m).unwrap();
    }
    assert_eq!(checkers.position().captured_summary(None), [String::new(), "1 taken".to_string()]);
}

#[test]
fn prisoners_slide_under_the_jumper_after_it_lands() {
    let mut app = app_with(GameId::Stax);
    for m in ["c3-d4", "f6-e5"] {
        send_move(&mut app, m);
        settle(&mut app);
    }
    let t = session(&app).game.position().topology();
    let cell = |n: &str| t.parse_cell(n).unwrap();
    click(&mut app, cell("d4"));
    click(&mut app, cell("f6"));
    let world = app.world_mut();
    let gathering: Vec<(Stack, usize)> = world.query::<(&Stack, &Gathering)>().iter(world).map(|(s, g)| (*s, g.prisoners)).collect();
    assert_eq!(gathering, vec![(Stack { cell: cell("f6") }, 1)], "the jumper gathers one prisoner");
    let slides: Vec<(CheckerPiece, Vec3)> = world.query::<(&CheckerPiece, &PrisonerSlide)>().iter(world).map(|(c, s)| (*c, s.from)).collect();
    assert_eq!(slides.len(), 1);
    let (prisoner, from) = slides[0];
    assert_eq!((prisoner.owner, prisoner.level), (Seat::B, 0), "the prisoner is the opponent's checker, at the bottom");
    let e5 = cell_translation(t, cell("e5"));
    assert_eq!((from.x, from.z), (e5.x, e5.z), "it starts where it was jumped");
    settle(&mut app);
    assert_mirrors(&mut app, "after the prisoner slid in");
    let world = app.world_mut();
    assert_eq!(world.query::<&Gathering>().iter(world).count(), 0);
}

#[test]
fn promotion_is_chosen_from_the_offered_pieces() {
    let game = Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), Some("7k/P7/8/8/8/8/8/K7 w - - 0 1")).unwrap();
    let mut app = app(game);
    let t = session(&app).game.position().topology();
    click(&mut app, t.parse_cell("a7").unwrap());
    click(&mut app, t.parse_cell("a8").unwrap());
    settle(&mut app);
    assert_eq!(session(&app).game.moves().count(), 0, "nothing is played before the piece is chosen");
    let choices = app.world().resource::<Selection>().choices.clone();
    let described: Vec<&str> = choices.iter().map(|c| c.what.as_str()).collect();
    assert_eq!(described, ["promote to queen, no capture", "promote to rook, no capture", "promote to bishop, no capture", "promote to knight, no capture"]);
    let knight = described.iter().position(|d| d.contains("knight")).unwrap();
    app.world_mut().write_message(ChooseMove(knight));
    settle(&mut app);
    assert_eq!(session(&app).game.moves().collect::<Vec<_>>(), vec![choices[knight].text.as_str()]);
    assert_mirrors(&mut app, "after promoting to a knight");
    let world = app.world_mut();
    assert!(world.query::<&ChessPiece>().iter(world).any(|p| p.kind == PieceKind::Knight && p.owner == Seat::A), "a white knight stands on a8");
}

#[test]
fn dice_chess_games_by_throws_and_clicks() {
    use variant_rules::dicechess::DiceRules;
    for (rules, seed) in [(DiceRules::TwoDice, 21), (DiceRules::BrainKing, 22), (DiceRules::GollonPieceCount, 23)] {
        let opts = GameOptions { dice_rules: rules, seed, ..GameOptions::default_for(GameId::DiceChess) };
        let (app, _) = play_options_by_clicks(GameId::DiceChess, opts, seed, 160);
        let moves: Vec<&str> = session(&app).game.moves().collect();
        assert!(moves.iter().filter(|m| m.starts_with('[')).count() > 20, "{rules}: {moves:?}");
    }
}

#[test]
fn chec_toe_game_by_throws_drops_and_clicks() {
    let opts = GameOptions { seed: 31, ..GameOptions::default_for(GameId::ChecToe) };
    let (app, _) = play_options_by_clicks(GameId::ChecToe, opts, 31, 220);
    let moves: Vec<&str> = session(&app).game.moves().collect();
    assert!(moves.iter().any(|m| m.ends_with('⌄')), "drops were played: {moves:?}");
}

#[test]
fn dice_rest_in_the_tray_and_a_saved_game_replays_its_throws() {
    use variant_table::table::game::dice::{DiceTable, Die, tray_origin};
    let opts = GameOptions { seed: 9, ..GameOptions::default_for(GameId::DiceChess) };
    let mut app = app(Game::new(GameId::DiceChess, opts, None).unwrap());
    let dice = |app: &mut App| {
        let world = app.world_mut();
        world.query::<(&Die, &Transform)>().iter(world).map(|(d, t)| (d.index, t.translation)).collect::<Vec<_>>()
    };
    assert_eq!(dice(&mut app).len(), 2, "two dice for Dice Chess");
    let token = throw_dice(&mut app);
    assert!(token.starts_with('[') && token.contains(','), "{token}");
    let origin = tray_origin(session(&app).game.position().topology());
    for (_, at) in dice(&mut app) {
        let local = at - origin;
        assert!(local.x.abs() < variant_table::dice::TRAY_HALF[0] && local.z.abs() < variant_table::dice::TRAY_HALF[1], "a die rests in the tray: {local}");
        assert!((local.y - variant_table::dice::DIE_HALF).abs() < 0.02, "flat on the felt: {local}");
    }
    // A second throw while the roll is still to be used is refused: the roll stands.
    app.world_mut().write_message(variant_table::table::game::dice::ThrowDice::default());
    settle(&mut app);
    assert!(!app.world().resource::<DiceTable>().in_flight());
    let moves: Vec<String> = session(&app).game.moves().map(str::to_string).collect();
    assert_eq!(moves[0], token);
    assert!(moves[1..].iter().all(|m| m == "pass"), "no second roll, at most the pass the roll forced: {moves:?}");
    // Save, load: the throw record comes back and replays.
    let path = std::env::temp_dir().join(format!("vt-dice-save-{}.json", std::process::id()));
    app.world_mut().write_message(SaveLoad::Save(path.clone()));
    settle(&mut app);
    let save: SaveFile = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(save.throws.len(), 1);
    assert_eq!(save.check_throws(), Ok(None));
    let mut forged = save.clone();
    forged.throws[0].record.faces = vec![7, 7];
    assert!(forged.check_throws().unwrap_err().contains("move list says"));
    app.world_mut().write_message(GameCommand::Undo);
    settle(&mut app);
    app.world_mut().write_message(SaveLoad::Load(path.clone()));
    settle(&mut app);
    let _ = std::fs::remove_file(&path);
    assert_eq!(session(&app).game.moves().map(str::to_string).collect::<Vec<_>>(), moves);
    assert_eq!(session(&app).throws.len(), 1);
    assert!(session(&app).status.starts_with("loaded"), "{}", session(&app).status);
}

#[test]
fn chec_toe_pieces_are_dropped_from_the_hand() {
    use variant_table::table::game::input::HandClicked;
    use variant_table::table::mirror::pieces::HandPiece;
    let opts = GameOptions { seed: 4, ..GameOptions::default_for(GameId::ChecToe) };
    let mut app = app(Game::new(GameId::ChecToe, opts, Some("4/4/4/4 w [5]")).unwrap());
    let world = app.world_mut();
    assert_eq!(world.query::<&HandPiece>().iter(world).count(), 8, "four pieces each beside the board");
    app.world_mut().write_message(HandClicked { kind: PieceKind::Rook });
    app.update();
    click(&mut app, 0);
    settle(&mut app);
    assert_eq!(session(&app).game.moves().last(), Some("Ra1⌄"));
    let world = app.world_mut();
    assert_eq!(world.query::<&HandPiece>().iter(world).count(), 7);
}

/// A scratch directory for one test, emptied first.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("variant-table-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Everything a refused load must leave as it was: the moves, the mirror, the seats and the
/// number of recorded throws.
type TableState = (Vec<String>, Vec<(u16, String, Vec3)>, Seats, usize);

fn table_state(app: &mut App) -> TableState {
    let moves = session(app).game.moves().map(str::to_string).collect();
    let seats = app.world().resource::<Seats>().clone();
    let throws = session(app).throws.len();
    (moves, mirror(app), seats, throws)
}

/// A Dice Chess save with one real throw recorded, as JSON.
fn dice_save_json() -> (SaveFile, String) {
    let opts = GameOptions::default_for(GameId::DiceChess);
    let mut game = Game::new(GameId::DiceChess, opts, None).unwrap();
    let (record, _) = variant_table::dice::roll(11, 2, None);
    let token = game.position().roll_token(&record.faces);
    game.play(&token).unwrap();
    let save = SaveFile::of(&game, &Seats::default(), &[(0, record)]);
    let json = serde_json::to_string_pretty(&save).unwrap();
    (save, json)
}

/// Files a load must refuse, each a small change to `good` (a chess game; `good_json` its
/// text) or to a real dice save.
fn bad_saves(good: &SaveFile, good_json: &str) -> Vec<(&'static str, String)> {
    let with_moves = |moves: &[&str]| {
        let mut f = good.clone();
        f.moves = moves.iter().map(|m| m.to_string()).collect();
        serde_json::to_string(&f).unwrap()
    };
    let (dice, _) = dice_save_json();
    let forged = |edit: &dyn Fn(&mut SaveFile)| {
        let mut f = dice.clone();
        edit(&mut f);
        serde_json::to_string(&f).unwrap()
    };
    vec![
        ("corrupt", "{ not json".into()),
        ("truncated", good_json[..good_json.len() / 2].to_string()),
        ("empty", String::new()),
        ("foreign format", good_json.replace("variant-table-save", "something-else")),
        ("future version", good_json.replace("\"version\": 1", "\"version\": 99")),
        ("unknown game", good_json.replace("\"game\": \"chess\"", "\"game\": \"go\"")),
        ("bad option", good_json.replace("\"topology\": \"flat\"", "\"topology\": \"klein-bottle\"")),
        ("chess on a torus", good_json.replace("\"topology\": \"flat\"", "\"topology\": \"universal\"")),
        ("bad start", good_json.replace("rnbqkbnr/", "rnbqkbnrr/")),
        ("move x", with_moves(&["e2e4", "x"])),
        ("move é", with_moves(&["é"])),
        ("move e2e4é", with_moves(&["e2e4é"])),
        ("illegal move", with_moves(&["e2e5"])),
        ("long move", with_moves(&[&"é".repeat(5000)])),
        ("forged faces", forged(&|f: &mut SaveFile| f.throws[0].record.faces = vec![7, 7])),
        ("forged speed", forged(&|f: &mut SaveFile| f.throws[0].record.throws[0].dice[0].linvel = [1e9, 0.0, 0.0])),
        ("throw for no roll", forged(&|f: &mut SaveFile| f.throws[0].ply = 5)),
        ("throw count", forged(&|f: &mut SaveFile| f.throws[0].record.throws.clear())),
    ]
}

#[test]
fn a_save_that_cannot_be_read_is_refused_and_the_game_stays_as_it_was() {
    let dir = scratch("bad-saves");
    let mut app = app_with(GameId::Chess);
    app.insert_resource(ann_and_bob());
    for m in ["e2e4", "e7e5", "g1f3"] {
        send_move(&mut app, m);
        settle(&mut app);
    }
    let before = table_state(&mut app);
    assert_eq!(before.0.len(), 3);

    let good = SaveFile::of(&session(&app).game, &before.2, &[]);
    let good_json = serde_json::to_string_pretty(&good).unwrap();
    let cases = bad_saves(&good, &good_json);
    for (name, content) in &cases {
        assert_ne!(content, &good_json, "{name}: the test did not change the file");
        let path = dir.join(format!("{}.json", name.replace(' ', "-")));
        std::fs::write(&path, content).unwrap();
        app.world_mut().write_message(SaveLoad::Load(path));
        settle(&mut app);
        assert_eq!(table_state(&mut app), before, "{name} changed the game");
        assert_eq!(app.world().resource::<State<AppState>>().get(), &AppState::Playing, "{name}");
        let status = &session(&app).status;
        assert!(status.starts_with("load failed, game kept: "), "{name}: {status}");
        assert!(!status.contains('\n') && status.chars().count() < 240, "{name}: not one short line: {status}");
    }
    // The unmodified dice save loads (the forged ones above differ from it only in the throws).
    let (dice, _) = dice_save_json();
    let dice_path = dir.join("dice.json");
    std::fs::write(&dice_path, serde_json::to_string(&dice).unwrap()).unwrap();
    assert!(SaveFile::load(&dice_path).is_ok(), "the real dice save is accepted");
    // A missing file, and a save where nothing can be written, say so and change nothing.
    app.world_mut().write_message(SaveLoad::Load(dir.join("missing.json")));
    settle(&mut app);
    assert!(session(&app).status.starts_with("load failed, game kept: cannot read"), "{}", session(&app).status);
    std::fs::write(dir.join("a-file"), "x").unwrap();
    app.world_mut().write_message(SaveLoad::Save(dir.join("a-file").join("save.json")));
    settle(&mut app);
    assert!(session(&app).status.starts_with("save failed, the previous file is kept"), "{}", session(&app).status);
    assert_eq!(table_state(&mut app), before);
    let _ = std::fs::remove_dir_all(dir);
}

/// Runs frames until the autosave has written everything asked of it.
fn wait_for_autosave(app: &mut App) {
    for _ in 0..2000 {
        app.update();
        if app.world().resource::<Autosave>().idle() {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the autosave did not finish");
}

#[test]
fn every_move_is_autosaved_and_the_autosave_loads_back_to_the_same_game() {
    let dir = scratch("autosave");
    let paths = SavePaths::at(&dir);
    let autosave = paths.autosave_path();
    let mut app = app_saving_to(Game::new(GameId::Stax, GameOptions::default_for(GameId::Stax), None).unwrap(), paths.clone());
    assert!(!autosave.exists(), "a game just started does not replace the autosave");
    let mut serialise = Vec::new();
    let mut write = Vec::new();
    for m in ["c3-d4", "f6-e5", "d4xf6", "g7xe5", "b2-c3"] {
        send_move(&mut app, m);
        app.update();
        wait_for_autosave(&mut app);
        let auto = app.world().resource::<Autosave>();
        assert!(auto.error.is_none(), "{:?}", auto.error);
        serialise.push(auto.serialise_time);
        write.push(auto.write_time);
        // Killed right now, the process would lose nothing: the file holds this move.
        let on_disk = SaveFile::load(&autosave).expect("the autosave loads");
        assert_eq!(on_disk.game.moves().collect::<Vec<_>>(), session(&app).game.moves().collect::<Vec<_>>());
    }
    assert_eq!(app.world().resource::<Autosave>().writes, 5);
    settle(&mut app);
    let played = table_state(&mut app);

    // Undo is saved too; the file it replaced is the backup.
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    wait_for_autosave(&mut app);
    assert_eq!(SaveFile::read(&autosave).unwrap().moves.len(), 4);
    assert_eq!(SaveFile::read(&variant_table::table::persist::atomic::backup_path(&autosave)).unwrap().moves.len(), 5);
    app.world_mut().write_message(GameCommand::Redo);
    app.update();
    wait_for_autosave(&mut app);
    let names: Vec<String> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().all(|n| n.starts_with("autosave.json")), "no temporary files left: {names:?}");

    // A fresh table resumes it: the same moves, mirror and seats.
    let mut resumed = app_saving_to(Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), None).unwrap(), SavePaths { autosave: false, ..paths });
    resumed.world_mut().write_message(SaveLoad::Load(autosave.clone()));
    settle(&mut resumed);
    assert_eq!(table_state(&mut resumed), played);
    assert!(session(&resumed).status.starts_with("loaded"), "{}", session(&resumed).status);
    let max = |v: &[Duration]| v.iter().max().copied().unwrap_or_default();
    eprintln!("autosave per move: serialise (main thread) max {:?}, write (IoTaskPool, atomic + fsync) max {:?}", max(&serialise), max(&write));
    let _ = std::fs::remove_dir_all(dir);
}

/// A table started as the launcher starts a game: `keys` pressed on the launcher, then Enter.
fn start_from_launcher(keys: &[variant_table::table::screens::launcher::LauncherKey]) -> App {
    let mut app = support::headless(support::scratch_saves("variant-table-app-tests"));
    support::start_from_keys(&mut app, keys);
    app
}

/// Plays a random legal move by clicking its cells, a jump whenever there is one.
fn click_a_move(app: &mut App, rng: &mut ChaCha8Rng) {
    let pos = session(app).game.position().clone();
    let moves = pos.legal_move_list();
    let jumps: Vec<AnyMove> = moves.iter().copied().filter(|&m| pos.move_path(m).capture).collect();
    let pool = if jumps.is_empty() { &moves } else { &jumps };
    let path = pos.move_path(pool[rng.random_range(0..pool.len())]);
    for c in std::iter::once(path.from).chain(path.landings.iter().copied()) {
        click(app, c);
    }
    settle(app);
}

/// A four-player Stax game started as the launcher starts one (P for four players, Enter),
/// played by clicks: the HUD names the seat to move and the teams, each move in the move list
/// carries its seat's letter, and the view turns to the side of the seat to move.
#[test]
fn four_player_stax_from_the_launcher_turns_the_view_to_each_seat() {
    use variant_table::table::game::view::TurnView;
    use variant_table::table::screens::hud::status_text;
    use variant_table::table::screens::launcher::LauncherKey;
    use variant_table::table::screens::move_list::move_list_text;
    let mut app = start_from_launcher(&[LauncherKey::Char('p')]);
    assert_eq!(*app.world().resource::<State<AppState>>().get(), AppState::Playing);
    assert_eq!(app.world().resource::<Seats>().colours(), Seats::default_colours(GameId::Stax, 4));
    assert_eq!(session(&app).game.position().topology().width(), 12);
    assert_mirrors(&mut app, "four-player start");

    let mut rng = ChaCha8Rng::seed_from_u64(44);
    let mut sides_seen = std::collections::HashSet::new();
    for ply in 0..12 {
        let pos = session(&app).game.position().clone();
        let seat = pos.turn();
        let view = *app.world().resource::<TurnView>();
        assert_eq!(view.target(), Some(pos.side_of(seat)), "ply {ply}: the view faces seat {seat}'s side");
        sides_seen.insert(view.side);
        let hud = status_text(session(&app), app.world().resource::<Seats>(), "");
        assert!(hud.contains("A+C vs B+D"), "the teams: {hud}");
        assert!(hud.contains(&format!("Player {seat} (")) && hud.contains("to move"), "ply {ply}: {hud}");
        // Jumps when there are any (they make the mixed stacks), else any move.
        click_a_move(&mut app, &mut rng);
        assert_eq!(session(&app).game.moves().count(), ply + 1, "ply {ply} was played: {}", session(&app).status);
        assert_mirrors(&mut app, &format!("four-player ply {ply}"));
        assert_eq!(session(&app).movers().last(), Some(seat));
    }
    assert_eq!(sides_seen.len(), 4, "the view visited all four sides");
    let list = move_list_text(session(&app));
    for letter in ["A ", "B ", "C ", "D "] {
        assert!(list.contains(letter), "moves carry seat letters: {list}");
    }
    v_fixes_the_view(&mut app);
}

/// V fixes the view: the turn passes, the view stays.
fn v_fixes_the_view(app: &mut App) {
    use variant_table::table::game::view::TurnView;
    let mut keys = ButtonInput::<KeyCode>::default();
    keys.press(KeyCode::KeyV);
    app.insert_resource(keys);
    app.update();
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().clear();
    assert_eq!(app.world().resource::<TurnView>().target(), None, "V: a fixed view");
    let first = session(app).game.position().legal_move_list()[0];
    app.world_mut().write_message(GameCommand::Play(first));
    settle(app);
    assert_eq!(session(app).game.moves().count(), 13);
    assert_eq!(app.world().resource::<TurnView>().target(), None);
}

#[test]
fn the_hud_names_winning_teams_and_seats_out_of_play() {
    use variant_table::table::screens::hud::{seat_states_line, teams_line, winners_line};
    let mut opts = GameOptions::default_for(GameId::Stax);
    opts.players = 4;
    let partners = Game::new(GameId::Stax, opts, None).unwrap();
    assert_eq!(teams_line(partners.position()), "A+C vs B+D");
    assert_eq!(seat_states_line(partners.position()), "", "everyone is in play at the start");
    opts.seating = variant_rules::checkers::DoublesSeating::CutThroat;
    let cut_throat = Game::new(GameId::Stax, opts, None).unwrap();
    assert_eq!(teams_line(cut_throat.position()), "A vs B vs C vs D");
    let seats = Seats::new(GameId::Stax, 4);
    let team = variant_rules::SeatSet::of(&[Seat(0), Seat(2)]);
    assert_eq!(winners_line(&seats, GameId::Stax, team), "A+C win (Player A (Red) and Player C (Jade))");
    assert_eq!(winners_line(&seats, GameId::Stax, variant_rules::SeatSet::single(Seat(3))), "Player D (Cobalt) wins");
    let two = Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), None).unwrap();
    assert_eq!(teams_line(two.position()), "A vs B");
}

/// A newcomer's whole game: four-player cut-throat Checkers chosen in the launcher (Up to
/// Checkers, P for four players, A twice for cut-throat), played by clicks from the start to
/// the end. The HUD names the winner, seats knocked out show their state on the way, and a
/// click after the end plays nothing.
#[test]
fn four_player_cut_throat_checkers_from_the_launcher_to_the_end() {
    use variant_rules::checkers::DoublesSeating;
    use variant_table::table::screens::hud::status_text;
    use variant_table::table::screens::launcher::LauncherKey;
    let mut app = start_from_launcher(&[LauncherKey::Up, LauncherKey::Char('p'), LauncherKey::Char('a'), LauncherKey::Char('a')]);
    let opts = *session(&app).game.options();
    assert_eq!((session(&app).game.id(), opts.players, opts.seating), (GameId::Checkers, 4, DoublesSeating::CutThroat));
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut plies = 0;
    while session(&app).game.outcome().is_none() {
        assert!(plies < 1000, "the move limit ends a game long before");
        click_a_move(&mut app, &mut rng);
        plies += 1;
        assert_eq!(session(&app).game.moves().count(), plies, "ply {plies}: {}", session(&app).status);
    }
    assert_mirrors(&mut app, "the end of a four-player game");
    let hud = status_text(session(&app), app.world().resource::<Seats>(), "");
    let outcome = session(&app).game.outcome().unwrap();
    assert!(hud.contains("win") || hud.contains("draw") || hud.contains("Draw"), "the HUD says how it ended ({outcome:?}): {hud}");
    eprintln!("four-player cut-throat Checkers by clicks: {plies} plies, {outcome:?}");
    // The game is over: clicking a checker and a cell plays nothing.
    let pos = session(&app).game.position().clone();
    let AnyPosition::Checkers(p) = &pos else { unreachable!() };
    if let Some(c) = (0..144u16).find(|&c| p.top(c).is_some()) {
        click(&mut app, c);
        click(&mut app, c + 1);
        settle(&mut app);
    }
    assert_eq!(session(&app).game.moves().count(), plies);
}

// ---- the computer at the table ----------------------------------------------------------------

/// The seat controller of the computer at `ms` milliseconds a move.
fn computer(ms: u32) -> variant_table::table::game::seats::Controller {
    variant_table::table::game::seats::Controller::Computer { movetime_ms: ms }
}

fn thinking(app: &App) -> Option<(Seat, Duration)> {
    app.world().resource::<variant_table::table::game::ai::Computer>().thinking()
}

/// Clicks the cells of a legal move (the first one with a cell to click), without waiting.
fn click_cells_of_a_move(app: &mut App, rng: &mut ChaCha8Rng) -> AnyMove {
    let pos = session(app).game.position().clone();
    let moves: Vec<AnyMove> = pos.legal_move_list().into_iter().filter(|&m| pos.move_path(m).from != variant_rules::topology::NO_CELL).collect();
    let m = moves[rng.random_range(0..moves.len())];
    let path = pos.move_path(m);
    for c in std::iter::once(path.from).chain(path.landings.iter().copied()) {
        click(app, c);
    }
    m
}

/// A newcomer's game against the computer, chosen in the launcher (1: the computer plays seat
/// A and moves first). The player clicks, the computer answers through the same pipeline; the
/// view stays on the player's side; clicks on the computer's turn are refused.
#[test]
fn a_game_against_the_computer_from_the_launcher() {
    use variant_table::table::game::ai::{Computer, Hint};
    use variant_table::table::game::view::TurnView;
    use variant_table::table::screens::launcher::LauncherKey;
    let mut app = start_from_launcher(&[LauncherKey::Char('1')]);
    assert_eq!(app.world().resource::<Seats>().controller(Seat::A), computer(200), "1 makes seat A the computer at 0.2 s");
    // Quicker for the test: 50 ms a move.
    app.world_mut().resource_mut::<Seats>().seats[0].controller = computer(50);
    let north = session(&app).game.position().side_of(Seat::B);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for round in 0..6 {
        // The computer moves first (it may have done so while the game was starting).
        let ply = 2 * round;
        assert!(run_until(&mut app, 10.0, |a| session(a).game.moves().count() > ply), "round {round}: the computer did not move");
        settle(&mut app);
        assert_eq!(session(&app).game.moves().count(), ply + 1, "one move, then the player's turn");
        assert_eq!(session(&app).movers().last(), Some(Seat::A));
        assert_eq!(session(&app).game.position().turn(), Seat::B);
        assert!(thinking(&app).is_none(), "nothing to think about on the player's turn");
        assert_mirrors(&mut app, &format!("round {round}, the computer's move"));
        let lines = app.world().resource::<Computer>().hud_lines(session(&app), app.world().resource::<Seats>(), app.world().resource::<Hint>());
        let played = session(&app).game.moves().last().unwrap().to_string();
        assert!(lines.starts_with(&format!("Computer played {played} (")) && lines.contains("depth"), "{lines}");
        assert_eq!(app.world().resource::<TurnView>().target(), Some(north), "the view stays on the player's side");
        click_cells_of_a_move(&mut app, &mut rng);
        assert_eq!(session(&app).game.moves().count(), ply + 2, "round {round}: the player's click was played: {}", session(&app).status);
        assert_eq!(thinking(&app).map(|t| t.0), Some(Seat::A), "the computer thinks at once");
        // The computer's pieces are not the player's to move.
        let before = session(&app).game.moves().count();
        let theirs = session(&app).game.position().legal_move_list()[0];
        let from = session(&app).game.position().move_path(theirs).from;
        click(&mut app, from);
        assert_eq!(session(&app).game.moves().count(), before);
        assert_eq!(session(&app).status, "wait: the computer is to move");
        assert!(app.world().resource::<Selection>().from.is_none());
    }
    assert_eq!(app.world().resource::<TurnView>().target(), Some(north));
    let hud = variant_table::table::screens::hud::status_text(session(&app), app.world().resource::<Seats>(), "");
    assert!(hud.contains("A: Computer (0.05 s)   B: Human"), "{hud}");
}

/// Undo while the computer thinks stops it: no move arrives afterwards. Undo after its reply
/// takes back both moves, to the player's turn; a new game and the launcher stop it too.
#[test]
fn undo_new_game_and_the_launcher_stop_the_computer() {
    let mut app = app_with(GameId::Chess);
    app.world_mut().resource_mut::<Seats>().seats[1].controller = computer(3000);
    send_move(&mut app, "e2e4");
    app.update();
    assert_eq!(thinking(&app).map(|t| t.0), Some(Seat::B), "Black thinks for 3 s");
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    assert_eq!(session(&app).game.moves().count(), 0, "{}", session(&app).status);
    assert!(thinking(&app).is_none(), "undo stopped the search");
    assert!(!run_until(&mut app, 4.0, |a| session(a).game.moves().count() > 0 || thinking(a).is_some()), "no move arrived after the undo");
    assert_eq!(session(&app).status, "took back e2e4");

    // Against a quick computer: its reply, then one undo takes back both moves.
    app.world_mut().resource_mut::<Seats>().seats[1].controller = computer(50);
    send_move(&mut app, "d2d4");
    assert!(run_until(&mut app, 10.0, |a| session(a).game.moves().count() == 2), "the computer replied");
    settle(&mut app);
    let reply = session(&app).game.moves().nth(1).unwrap().to_string();
    app.world_mut().write_message(GameCommand::Undo);
    settle(&mut app);
    assert_eq!(session(&app).game.moves().count(), 0, "back to the player's turn");
    assert_eq!(session(&app).status, format!("took back {reply} and d2d4"));
    assert_eq!(session(&app).redo.len(), 2);
    assert!(thinking(&app).is_none());
    assert_mirrors(&mut app, "after undoing the pair");

    // A new game, and leaving to the launcher, stop it as well.
    app.world_mut().resource_mut::<Seats>().seats[1].controller = computer(3000);
    for leave in [true, false] {
        send_move(&mut app, "e2e4");
        app.update();
        assert!(thinking(&app).is_some());
        if leave {
            app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::Launcher);
        } else {
            app.world_mut().write_message(GameCommand::NewGame(Box::new(Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), None).unwrap())));
        }
        app.update();
        app.update();
        assert!(thinking(&app).is_none(), "leave to the launcher: {leave}");
        let moves = session(&app).game.moves().count();
        assert!(!run_until(&mut app, 3.5, |a| session(a).game.moves().count() != moves), "no move arrived (launcher: {leave})");
        app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::Playing);
        app.world_mut().write_message(GameCommand::NewGame(Box::new(Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), None).unwrap())));
        settle(&mut app);
    }
}

/// Two computers play whole games with nobody at the screen: Checkers (a short move limit) and
/// Chec Toe, where they throw their dice with the physical throw Space makes.
#[test]
fn two_computers_play_games_to_the_end() {
    let mut opts = GameOptions::default_for(GameId::Checkers);
    opts.move_limit = 12;
    // Chec Toe: at most 30 turns (each throw flies a second or two of simulated time).
    let chec_toe = GameOptions { seed: 5, move_limit: 30, ..GameOptions::default_for(GameId::ChecToe) };
    let games = [(GameId::Checkers, opts), (GameId::ChecToe, chec_toe)];
    for (id, opts) in games {
        let mut app = app(Game::new(id, opts, None).unwrap());
        for s in &mut app.world_mut().resource_mut::<Seats>().seats {
            s.controller = computer(20);
        }
        let started = std::time::Instant::now();
        assert!(
            run_until(&mut app, 90.0, |a| session(a).outcome().is_some()),
            "{id}: not over after {:?}: {:?}",
            started.elapsed(),
            session(&app).game.moves().collect::<Vec<_>>()
        );
        settle(&mut app);
        assert_eq!(*app.world().resource::<State<AppState>>().get(), AppState::GameOver);
        assert!(thinking(&app).is_none());
        assert_mirrors(&mut app, &format!("{id}: the end"));
        let moves: Vec<&str> = session(&app).game.moves().collect();
        // Every move was legal where it was played: the game replays from its text.
        let mut replay = Game::new(id, opts, None).unwrap();
        for m in &moves {
            replay.play(m).unwrap_or_else(|e| panic!("{id}: {m}: {e}"));
        }
        if id == GameId::ChecToe {
            let rolls = moves.iter().filter(|m| m.starts_with('[')).count();
            assert!(
                rolls > 0 && session(&app).throws.len() == rolls,
                "{id}: every roll is a physical throw ({rolls} rolls, {} throws)",
                session(&app).throws.len()
            );
            assert!(session(&app).throws.iter().all(|(_, r)| r.replays()), "the throws replay");
        }
        eprintln!("{id}, computer against computer: {} plies in {:?}, {:?}", moves.len(), started.elapsed(), session(&app).outcome());
    }
}

/// H's hint: a legal move of the seat to move, with its cells and a line for the HUD, and the
/// evaluation bar; gone once a move is played; none when the computer is to move.
#[test]
fn the_hint_shows_a_legal_move_for_the_seat_to_move() {
    use variant_table::table::game::ai::{AskHint, Computer, Hint};
    use variant_table::table::screens::eval_bar::bar_reading;
    let mut app = app_with(GameId::Chess);
    app.world_mut().resource_mut::<Computer>().hint_movetime_ms = 100;
    send_move(&mut app, "e2e4");
    settle(&mut app);
    app.world_mut().write_message(AskHint);
    app.update();
    assert!(app.world().resource::<Computer>().hinting().is_some(), "the hint is being looked for");
    assert!(run_until(&mut app, 10.0, |a| a.world().resource::<Hint>().0.is_some()), "a hint was found");
    let hint = app.world().resource::<Hint>().0.clone().unwrap();
    let pos = session(&app).game.position().clone();
    assert!(pos.legal_move_list().contains(&hint.mv), "the hint is a legal move");
    let path = pos.move_path(hint.mv);
    assert_eq!((hint.from, hint.landings.clone()), (Some(path.from), path.landings.clone()));
    assert_eq!(pos.turn(), Seat::B, "for Black, the seat to move");
    assert!(hint.line.starts_with(&format!("Hint: {} (", pos.move_text(hint.mv))), "{}", hint.line);
    let lines = app.world().resource::<Computer>().hud_lines(session(&app), app.world().resource::<Seats>(), app.world().resource::<Hint>());
    assert!(lines.contains(&hint.line), "{lines}");
    assert_eq!(session(&app).game.moves().count(), 1, "a hint plays nothing");
    // The evaluation bar shows Black's expected share, as the score implies.
    assert!((0.0..=1.0).contains(&hint.expectation) && hint.mover == Seat::B);
    let (words, share) = bar_reading(session(&app), app.world().resource::<Seats>(), app.world().resource::<Hint>()).unwrap();
    assert_eq!(share, hint.expectation);
    assert!(words.starts_with("Black") && words.contains(&format!("{:.0}%", share * 100.0)), "{words}");
    // Playing it clears it, and with it the bar's reading.
    app.world_mut().write_message(GameCommand::Play(hint.mv));
    settle(&mut app);
    assert!(app.world().resource::<Hint>().0.is_none());
    assert!(bar_reading(session(&app), app.world().resource::<Seats>(), app.world().resource::<Hint>()).is_none());
    // On the computer's turn there is no hint.
    app.world_mut().resource_mut::<Seats>().seats[0].controller = computer(2000);
    app.update();
    app.world_mut().write_message(AskHint);
    app.update();
    assert!(app.world().resource::<Computer>().hinting().is_none());
    assert_eq!(session(&app).status, "no hint: the computer is to move");
}

// ---- Double Chess ---------------------------------------------------------------------------

/// The cell named `name` on the table's board.
fn cell(app: &App, name: &str) -> u16 {
    session(app).game.position().topology().parse_cell(name).unwrap_or_else(|| panic!("no cell {name}"))
}

/// Plays a move by clicking its origin and then its destination, as the mouse does.
fn click_move(app: &mut App, from: &str, to: &str) {
    let before = session(app).game.moves().count();
    let (from, to) = (cell(app, from), cell(app, to));
    click(app, from);
    click(app, to);
    settle(app);
    assert_eq!(session(app).game.moves().count(), before + 1, "{}: {}", session(app).status, session(app).game.position().to_text());
}

fn double_chess(app: &App) -> &variant_rules::doublechess::DoubleChessPosition {
    match session(app).game.position() {
        AnyPosition::DoubleChess(p) => p,
        _ => panic!("not double chess"),
    }
}

/// Double Chess as a newcomer starts it: Up twice from Stax in the launcher, Enter; four seats
/// in two light and two dark sets. Moves by clicks: White 1's pawn runs three cells, Black 1's
/// and White 2's Knights make double hops; the view turns to each seat's side, the HUD names
/// the sets, and undo, redo, save and load keep the mirror true.
#[test]
fn double_chess_from_the_launcher_by_clicks_undo_and_save() {
    use variant_table::table::game::view::TurnView;
    use variant_table::table::screens::hud::status_text;
    use variant_table::table::screens::launcher::LauncherKey;
    let mut app = start_from_launcher(&[LauncherKey::Up; 3]);
    let opts = *session(&app).game.options();
    assert_eq!((session(&app).game.id(), opts.players, opts.seating), (GameId::DoubleChess, 4, variant_rules::checkers::DoublesSeating::PartnersAdjacent));
    assert_eq!(app.world().resource::<Seats>().colours(), Seats::default_colours(GameId::DoubleChess, 4));
    assert_eq!(session(&app).game.position().topology().width(), 12);
    assert_mirrors(&mut app, "double chess start");
    let world = app.world_mut();
    assert_eq!(world.query::<&ChessPiece>().iter(world).count(), 64, "four sets of sixteen");
    assert_eq!(world.query::<&variant_table::table::mirror::board::ClosedCell>().iter(world).count(), 0, "partners play every cell");

    for (ply, (from, to)) in [("f2", "f5"), ("d12", "f8"), ("a4", "e6"), ("k8", "h8")].into_iter().enumerate() {
        let pos = session(&app).game.position().clone();
        let seat = pos.turn();
        assert_eq!(app.world().resource::<TurnView>().target(), Some(pos.side_of(seat)), "ply {ply}: the view faces seat {seat}'s side");
        let hud = status_text(session(&app), app.world().resource::<Seats>(), "");
        let set = double_chess(&app).set_name(seat);
        assert!(hud.contains(&format!("{set} ({seat}) to move")), "ply {ply}: {hud}");
        click_move(&mut app, from, to);
        assert_eq!(session(&app).movers().last(), Some(seat));
        assert_mirrors(&mut app, &format!("double chess {from}{to}"));
    }
    assert_eq!(session(&app).game.moves().collect::<Vec<_>>(), ["f2f5", "d12f8", "a4e6", "k8h8"]);
    let knight = piece_at(&mut app, "f8").expect("Black 1's Knight hopped twice to f8");
    assert_eq!((knight.owner, knight.kind), (Seat(1), PieceKind::Knight));

    let after = mirror(&mut app);
    for _ in 0..2 {
        app.world_mut().write_message(GameCommand::Undo);
        settle(&mut app);
    }
    assert_eq!(session(&app).game.moves().count(), 2);
    assert_mirrors(&mut app, "double chess after undo");
    assert!(piece_at(&mut app, "a4").is_some() && piece_at(&mut app, "e6").is_none(), "the Knight is back on a4");
    for _ in 0..2 {
        app.world_mut().write_message(GameCommand::Redo);
        settle(&mut app);
    }
    assert_eq!(mirror(&mut app), after, "redo restores the same pieces");

    let dir = scratch("double-chess");
    let path = dir.join("game.json");
    app.world_mut().write_message(SaveLoad::Save(path.clone()));
    settle(&mut app);
    let mut other = app_with(GameId::Chess);
    other.world_mut().write_message(SaveLoad::Load(path));
    settle(&mut other);
    assert_eq!(mirror(&mut other), after, "the save loads back to the same table");
    assert_eq!(other.world().resource::<Seats>().colours(), Seats::default_colours(GameId::DoubleChess, 4));
    let _ = std::fs::remove_dir_all(dir);
}

/// The chess piece standing on the cell named `name`, if any.
fn piece_at(app: &mut App, name: &str) -> Option<ChessPiece> {
    let c = cell(app, name);
    let world = app.world_mut();
    world.query::<&ChessPiece>().iter(world).find(|p| p.cell == c).copied()
}

/// Cut-throat from the launcher (A turns partners into cut-throat): the sixteen corner cells
/// are walled off, a piece cannot be put down there, and a partners game opens them again.
#[test]
fn cut_throat_double_chess_walls_off_the_corners() {
    use variant_rules::checkers::DoublesSeating;
    use variant_table::table::mirror::board::ClosedCell;
    use variant_table::table::screens::launcher::LauncherKey;
    let mut app = start_from_launcher(&[LauncherKey::Up, LauncherKey::Up, LauncherKey::Up, LauncherKey::Char('a')]);
    assert_eq!(session(&app).game.options().seating, DoublesSeating::CutThroat);
    assert_eq!(app.world().resource::<Seats>().colours(), Seats::default_colours_seated(GameId::DoubleChess, 4, DoublesSeating::CutThroat));
    assert_ne!(Seats::default_colours_seated(GameId::DoubleChess, 4, DoublesSeating::CutThroat), Seats::default_colours(GameId::DoubleChess, 4));
    assert_mirrors(&mut app, "cut-throat start");
    let closed: Vec<u16> = {
        let world = app.world_mut();
        let walled = world.query::<&ClosedCell>().iter(world).all(|c| c.walled);
        assert!(walled, "the square board walls its closed corners off");
        world.query::<&ClosedCell>().iter(world).map(|c| c.cell).collect()
    };
    assert_eq!(closed.len(), 16);
    assert!(closed.iter().all(|&c| double_chess(&app).is_closed(c)));
    // The Rook on c1 reaches b1 in partners; here the click is refused and nothing is played.
    let (c1, b1) = (cell(&app, "c1"), cell(&app, "b1"));
    click(&mut app, c1);
    click(&mut app, b1);
    settle(&mut app);
    assert_eq!(session(&app).game.moves().count(), 0, "nothing lands on a closed cell");
    click_move(&mut app, "f2", "f5");
    assert_eq!(session(&app).game.position().turn(), Seat(1), "B (White 2, west) moves next");
    assert_mirrors(&mut app, "cut-throat after f2f5");
    // A partners game: the walls come down.
    let partners = Game::new(GameId::DoubleChess, GameOptions::default_for(GameId::DoubleChess), None).unwrap();
    app.world_mut().write_message(GameCommand::NewGame(Box::new(partners)));
    settle(&mut app);
    let world = app.world_mut();
    assert_eq!(world.query::<&ClosedCell>().iter(world).count(), 0);
    assert_eq!(app.world().resource::<Seats>().colours(), Seats::default_colours(GameId::DoubleChess, 4));
}

/// Figure 30 (as the engine's scenarios rebuild it): W1's Queen mates B2, whose King is marked
/// and whose turn is missed with a line saying so; W1 takes the King and the Queen is marked
/// immune from B2 for the round.
const FIGURE_30: &str = "2[bR]3[bK]2[bR]2/3[bP][bP]7/5[bN]5[dR]/1[cP]10/1[cP]1[aP]6[dP]1/11[dK]/10[dP]1/[cR]3[bQ]1[dB]5/[cK]6[aQ]2[dP]1/3[aN]2[cB]5/5[aP][aP][aP]4/5[aK]3[aR]2 a - - - - - 0";

#[test]
fn double_chess_marks_mates_missed_turns_and_immunity() {
    use variant_table::table::mirror::pieces::PieceMarks;
    use variant_table::table::screens::hud::{seat_states_line, status_text};
    let game = Game::new(GameId::DoubleChess, GameOptions::default_for(GameId::DoubleChess), Some(FIGURE_30)).unwrap();
    let mut app = self::app(game);
    let marks = |app: &mut App| -> Vec<(u16, PieceMarks)> {
        let world = app.world_mut();
        world.query::<(&ChessPiece, &PieceMarks)>().iter(world).map(|(p, m)| (p.cell, *m)).collect()
    };
    assert!(marks(&mut app).is_empty());
    click_move(&mut app, "h4", "k7");
    let l7 = cell(&app, "l7");
    assert_eq!(marks(&mut app), [(l7, PieceMarks(Marks { mated: true, ..default() }))], "B2's King stands checkmated");
    assert_eq!(seat_states_line(session(&app).game.position()), "mated: D");
    assert!(session(&app).status.contains("Black 2 (D) is checkmated by A"), "{}", session(&app).status);
    let hud = status_text(session(&app), app.world().resource::<Seats>(), "");
    assert!(hud.contains("Black 2 (D): checkmated by A, misses turns"), "{hud}");
    click_move(&mut app, "d11", "d10");
    click_move(&mut app, "b9", "c9");
    assert_eq!(session(&app).game.position().turn(), Seat::A, "B2's turn is skipped");
    assert_eq!(session(&app).status, "Black 2 (D) is checkmated and misses the turn");
    click_move(&mut app, "k7", "l7");
    assert_mirrors(&mut app, "after the King is taken");
    assert_eq!(marks(&mut app), [(l7, PieceMarks(Marks { immune: true, ..default() }))], "the Queen that took the King");
    assert!(session(&app).status.contains("White 1 (A) takes the King of Black 2 (D)"), "{}", session(&app).status);
    let hud = status_text(session(&app), app.world().resource::<Seats>(), "");
    assert!(hud.contains("Queen on l7 (White 1) immune from D this round"), "{hud}");
    assert!(hud.contains("D: PPPPPNNBRQK"), "B2 lost its King: {hud}");
    app.world_mut().write_message(GameCommand::Undo);
    settle(&mut app);
    assert_eq!(marks(&mut app), [(l7, PieceMarks(Marks { mated: true, ..default() }))], "undo puts the mate back");
}

/// Cut-throat: W1 mates W2, whose set freezes (every piece marked); a player without a move
/// and without a King passes by itself.
#[test]
fn double_chess_frozen_sets_and_forced_passes() {
    use variant_rules::checkers::DoublesSeating;
    use variant_table::table::mirror::pieces::PieceMarks;
    let cut = GameOptions { seating: DoublesSeating::CutThroat, ..GameOptions::default_for(GameId::DoubleChess) };
    let text = "2[cR]3[cK]5/12/12/4[dB]7/12/11[dK]/[bK]6[aQ]4/2[dN]9/12/1[bP]1[bN]8/12/5[aK]6 a - - - - - 0";
    let mut table = app(Game::new(GameId::DoubleChess, cut, Some(text)).unwrap());
    click_move(&mut table, "h6", "b6");
    let world = table.world_mut();
    let frozen: Vec<(Seat, PieceMarks)> = world.query::<(&ChessPiece, &PieceMarks)>().iter(world).map(|(p, m)| (p.owner, *m)).collect();
    assert_eq!(frozen.len(), 3, "W2's King, Pawn and Knight: {frozen:?}");
    assert!(frozen.iter().all(|(s, m)| *s == Seat(1) && m.0.frozen));
    assert!(frozen.iter().any(|(_, m)| m.0.mated), "the King stands checkmated too");
    assert_eq!(variant_table::table::screens::hud::seat_states_line(session(&table).game.position()), "frozen: B");
    assert_eq!(session(&table).game.position().turn(), Seat(2), "W2 is out of the turn order");

    // Partners: B1 without a King and without a move passes after a moment, by itself.
    let text = "12/2[bP]9/2[aP]3[aQ]5/12/12/11[dK]/[cK]11/12/12/12/12/5[aK]6 b - - - - - 0";
    let table = app(Game::new(GameId::DoubleChess, GameOptions::default_for(GameId::DoubleChess), Some(text)).unwrap());
    assert_eq!(session(&table).game.moves().collect::<Vec<_>>(), ["pass"], "{}", session(&table).status);
    assert_eq!(session(&table).status, "Black 1 (B) has no move and passes");
    assert_eq!(session(&table).game.position().turn(), Seat(2));
}

#[test]
fn double_chess_games_by_clicks() {
    use variant_rules::checkers::DoublesSeating;
    for (seating, seed) in [(DoublesSeating::PartnersAdjacent, 3), (DoublesSeating::CutThroat, 5)] {
        let opts = GameOptions { seating, ..GameOptions::default_for(GameId::DoubleChess) };
        let _ = play_options_by_clicks(GameId::DoubleChess, opts, seed, 160);
    }
}
