//! The launcher driven as the mouse drives it: each widget's `Activate` (what Bevy's button
//! widget sends on a click) on the cards, chips and buttons the launcher spawned, headless.

mod support;

use bevy::prelude::*;
use bevy::ui_widgets::Activate;
use variant_rules::{GameId, Seat};
use variant_table::table::game::seats::{Controller, Seats};
use variant_table::table::game::session::Session;
use variant_table::table::schedule::AppState;
use variant_table::table::screens::launcher::{self, GameCard, LauncherAction, LauncherChoice, games, grouped};

use support::{headless, scratch_saves, settle};

/// A headless table showing the launcher.
fn launcher_app(dir: &str) -> App {
    let mut app = headless(scratch_saves(dir));
    // The keys the launcher also reads, as a window's app has them.
    app.add_plugins((bevy::input::InputPlugin, launcher::plugin));
    settle(&mut app);
    app
}

/// Clicks the widget doing `action`; panics if the launcher shows none.
fn click(app: &mut App, action: LauncherAction) {
    press(app, action);
    settle(app);
}

/// Clicks the widget doing `action` and runs no frame after it (the messages it sent are
/// still there to read).
fn press(app: &mut App, action: LauncherAction) {
    let entity = {
        let world = app.world_mut();
        let mut q = world.query::<(Entity, &LauncherAction)>();
        q.iter(world).find(|(_, a)| **a == action).map(|(e, _)| e)
    };
    let entity = entity.unwrap_or_else(|| panic!("no widget does {action:?}"));
    app.world_mut().trigger(Activate { entity });
}

fn choice(app: &App) -> &LauncherChoice {
    app.world().resource::<LauncherChoice>()
}

fn index_of(id: GameId) -> usize {
    games().iter().position(|&g| g == id).expect("the launcher lists every game")
}

#[test]
fn every_game_has_a_card_once_under_a_group_and_a_picture() {
    let mut app = launcher_app("vt-launcher-mouse-cards");
    let world = app.world_mut();
    let mut cards: Vec<usize> = world.query::<&GameCard>().iter(world).map(|c| c.0).collect();
    cards.sort_unstable();
    assert_eq!(cards, (0..games().len()).collect::<Vec<_>>(), "one card per game");
    let grouped_ids: usize = grouped().iter().map(|(_, ids)| ids.len()).sum();
    assert_eq!(grouped_ids, games().len());
    for id in GameId::ALL {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join(launcher::picture_path(id));
        assert!(path.is_file(), "{} has no picture at {} (scripts/thumbnails.sh draws them)", id.as_str(), path.display());
    }
}

#[test]
fn clicking_a_card_its_chips_and_play_starts_that_game_at_that_table() {
    let mut app = launcher_app("vt-launcher-mouse-play");
    click(&mut app, LauncherAction::Game(index_of(GameId::Stax)));
    assert_eq!(choice(&app).id(), GameId::Stax);
    click(&mut app, LauncherAction::Players(4));
    assert_eq!(choice(&app).seat_count(), 4, "the Players chip seats four");
    assert_eq!(app.world().resource::<Seats>().count(), 4, "and the seat rows follow");
    let fourth = Controller::Computer { movetime_ms: 1000 };
    click(&mut app, LauncherAction::Control(Seat(3), fourth));
    assert_eq!(app.world().resource::<Seats>().controller(Seat(3)), fourth);
    click(&mut app, LauncherAction::Play);
    assert_eq!(*app.world().resource::<State<AppState>>().get(), AppState::Playing);
    let session = app.world().resource::<Session>();
    assert_eq!((session.game.id(), session.game.options().players), (GameId::Stax, 4));
}

#[test]
fn an_option_chip_the_rules_refuse_here_changes_nothing_and_one_they_accept_does() {
    let mut app = launcher_app("vt-launcher-mouse-options");
    click(&mut app, LauncherAction::Game(index_of(GameId::TriChess)));
    let corners = variant_rules::choices::CHOICES.iter().position(|c| c.flag == "--corners").expect("the corners option");
    // Two players: the corners are a five- and six-player rule, so no chip offers them.
    let offered = {
        let world = app.world_mut();
        let mut q = world.query::<&LauncherAction>();
        q.iter(world).any(|a| matches!(a, LauncherAction::Value(i, _) if *i == corners))
    };
    assert!(!offered, "two players: no corners chip");
    click(&mut app, LauncherAction::Players(6));
    let before = choice(&app).options().full_corners;
    click(&mut app, LauncherAction::Value(corners, usize::from(!before)));
    assert_ne!(choice(&app).options().full_corners, before, "six players: the corners chip plays the corners");
}

#[test]
fn a_seat_name_is_typed_after_clicking_it() {
    let mut app = launcher_app("vt-launcher-mouse-name");
    click(&mut app, LauncherAction::NameSeat(Seat::B));
    let keys = ['Z', 'o', 'e'].map(variant_table::table::screens::launcher::LauncherKey::Char);
    {
        let mut choice = app.world().resource::<LauncherChoice>().clone();
        let mut seats = app.world().resource::<Seats>().clone();
        for k in &keys {
            choice.on_key(&mut seats, k);
        }
        assert_eq!(seats.name(Seat::B), "Zoe", "the keys type into the seat the click chose");
    }
}

/// Types `text` as a keyboard does: one pressed key a character.
fn type_text(app: &mut App, text: &str) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    for c in text.chars() {
        let s = c.to_string();
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::KeyA,
            logical_key: Key::Character(s.as_str().into()),
            state: ButtonState::Pressed,
            text: Some(s.as_str().into()),
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

/// The links the launcher asked for.
fn asked(app: &mut App) -> Vec<variant_table::table::online::link::GoOnline> {
    let msgs = app.world().resource::<Messages<variant_table::table::online::link::GoOnline>>();
    msgs.get_cursor().read(msgs).cloned().collect()
}

#[test]
fn the_online_panel_joins_by_code_and_hosts_with_the_computer_seats() {
    use variant_server::link::Entrance;
    use variant_table::table::screens::launcher::{Focus, OnlineAsk};
    let mut app = launcher_app("vt-launcher-mouse-online");
    // Join: click the Room field, type a code (upper-cased as typed), pick seat B, click Join.
    click(&mut app, LauncherAction::EditRoom);
    assert_eq!(choice(&app).focus, Focus::Room);
    type_text(&mut app, "k7qf2a");
    assert_eq!(app.world().resource::<launcher::OnlineForm>().room, "K7QF2A");
    assert_eq!(choice(&app).id(), GameId::Stax, "letters typed in the field choose no options");
    click(&mut app, LauncherAction::OnlineSeat(Some(Seat::B)));
    let entity = {
        let world = app.world_mut();
        world
            .query::<(Entity, &LauncherAction)>()
            .iter(world)
            .find(|(_, a)| **a == LauncherAction::Online(OnlineAsk::Join))
            .map(|(e, _)| e)
            .expect("a Join button")
    };
    app.world_mut().trigger(Activate { entity });
    let go = asked(&mut app);
    assert_eq!(go.len(), 1, "{go:?}");
    assert_eq!(go[0].entrance, Entrance::Join { room: "K7QF2A".into(), seat: "B".into() });
    assert_eq!(go[0].server, launcher::OnlineForm::default().server);
    assert!(!go[0].host);
    settle(&mut app);
    // Host: seat B to the computer at 1 s, five minutes and three seconds a move; this table
    // takes A, the server's computer B.
    click(&mut app, LauncherAction::Control(Seat::B, Controller::Computer { movetime_ms: 1000 }));
    let blitz = variant_table::table::screens::launcher::CLOCKS[0];
    click(&mut app, LauncherAction::OnlineClock(Some(blitz)));
    let entity = {
        let world = app.world_mut();
        world
            .query::<(Entity, &LauncherAction)>()
            .iter(world)
            .find(|(_, a)| **a == LauncherAction::Online(OnlineAsk::Host))
            .map(|(e, _)| e)
            .expect("a Host button")
    };
    app.world_mut().trigger(Activate { entity });
    let go = asked(&mut app);
    let host = go.last().expect("Host asked for a link");
    assert!(host.host);
    match &host.entrance {
        Entrance::Create { game, options, computer, clock, seat } => {
            assert_eq!((game.as_str(), seat.as_str()), ("stax", "A"));
            assert_eq!(clock.map(|c| c.to_string()).as_deref(), Some("5+3"));
            assert_eq!(computer, &vec![("B".to_string(), "ai:1000".to_string())]);
            assert!(!options.contains("--seed"), "the server draws the seed: {options}");
        }
        other => panic!("Host asked for {other:?}"),
    }
}
