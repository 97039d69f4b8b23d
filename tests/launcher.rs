//! The launcher's keys, without a window: choosing games, boards, options, players, seatings
//! and seats as `LauncherChoice::on_key` sees them, and the lines the launcher shows.

use variant_rules::checkers::{DoublesSeating, QueensColours};
use variant_rules::choices;
use variant_rules::dicechess::DiceRules;
use variant_rules::{GameId, GameOptions, Position, Seat};
use variant_table::table::game::seats::Seats;
use variant_table::table::screens::launcher::{DESCRIPTION_WIDTH, Focus, LauncherChoice, LauncherKey, options_line, seats_text, short_description};

/// Presses P five times from the current count: the counts seen, the seats and the game
/// following each one.
fn cycle_players(c: &mut LauncherChoice, seats: &mut Seats) -> Vec<usize> {
    let mut counts = vec![c.seat_count()];
    for _ in 0..5 {
        press(c, seats, &[LauncherKey::Char('p')]);
        counts.push(c.seat_count());
        assert_eq!(seats.count(), c.seat_count(), "the seats follow the count");
        assert!(seats.validate().is_ok(), "{:?}", seats.colours());
        assert_eq!(c.game().unwrap().position().seating().count(), c.seat_count());
    }
    counts
}

fn press(c: &mut LauncherChoice, seats: &mut Seats, keys: &[LauncherKey]) {
    for k in keys {
        assert!(c.on_key(seats, k).is_none(), "{k:?} starts nothing");
    }
}

#[test]
fn every_game_is_offered_once_the_checkers_family_together() {
    let mut offered = choices::listed();
    assert_eq!(&offered[..6], [GameId::Checkers, GameId::Stax, GameId::Queens, GameId::TriChek, GameId::TriStax, GameId::TriQueens]);
    assert_eq!(offered[offered.len() - 2..], [GameId::DoubleChess, GameId::TriChess], "the multi-player chess games last");
    offered.sort_by_key(|g| g.as_str());
    let mut all = GameId::ALL.to_vec();
    all.sort_by_key(|g| g.as_str());
    assert_eq!(offered, all);
}

#[test]
fn every_description_fits_a_line_of_the_list() {
    for g in GameId::ALL {
        assert!(short_description(g).len() <= DESCRIPTION_WIDTH || !short_description(g).contains("; "), "{g}: {}", short_description(g));
        assert!(g.description().starts_with(short_description(g)));
    }
    assert_eq!(short_description(GameId::TriChess), "Tri-Chess: chess on a hexagon of triangles for 2-6 players");
}

#[test]
fn keys_edit_the_game_and_the_seats() {
    let mut c = LauncherChoice::default();
    let mut seats = Seats::default();
    let stax = c.game().unwrap();
    assert_eq!(stax.id(), GameId::Stax);
    press(
        &mut c,
        &mut seats,
        &[LauncherKey::Tab, LauncherKey::Char('A'), LauncherKey::Char('n'), LauncherKey::Char('n'), LauncherKey::Backspace, LauncherKey::Right],
    );
    assert_eq!(seats.name(Seat::A), "An");
    assert!(!c.wanted.numbers, "N typed into a name is a letter, not the Numbers toggle");
    assert_ne!(seats.colours(), Seats::default_colours(GameId::Stax, 2));
    press(&mut c, &mut seats, &[LauncherKey::Tab, LauncherKey::Char('B'), LauncherKey::Tab]);
    assert_eq!(c.focus, Focus::Game);
    c.on_key(&mut seats, &LauncherKey::Char('n'));
    assert!(c.wanted.numbers);
    assert_eq!((seats.name(Seat::A), seats.name(Seat::B)), ("An", "B"));
    let game = c.on_key(&mut seats, &LauncherKey::Enter).unwrap().unwrap();
    assert!(game.options().numbers);
}

#[test]
fn chess_gets_a_chess_set_unless_colours_were_chosen() {
    let mut c = LauncherChoice::default();
    let mut seats = Seats::default();
    while c.id() != GameId::Chess {
        c.on_key(&mut seats, &LauncherKey::Down);
    }
    assert_eq!(seats.colours(), Seats::default_colours(GameId::Chess, 2));
    assert_eq!(c.on_key(&mut seats, &LauncherKey::Enter).unwrap().unwrap().id(), GameId::Chess);
}

#[test]
fn left_and_right_choose_the_dice_chess_rules() {
    let mut seats = Seats::default();
    let mut c = LauncherChoice { game: choices::listed().iter().position(|&g| g == GameId::DiceChess).unwrap(), ..LauncherChoice::default() };
    c.on_key(&mut seats, &LauncherKey::Right);
    c.on_key(&mut seats, &LauncherKey::Right);
    assert_eq!(c.game().unwrap().options().dice_rules, DiceRules::BrainKing10);
    c.on_key(&mut seats, &LauncherKey::Left);
    assert_eq!(c.game().unwrap().options().dice_rules, DiceRules::BrainKing);
}

#[test]
fn p_seats_four_players_at_a_checkers_game_with_four_colours_and_four_names() {
    let mut c = LauncherChoice::default();
    let mut seats = Seats::default();
    press(&mut c, &mut seats, &[LauncherKey::Char('p')]);
    assert_eq!((c.players, seats.count()), (4, 4));
    assert_eq!(seats.colours(), Seats::default_colours(GameId::Stax, 4));
    // Tab visits the four seats, then the game list again.
    let mut visited = Vec::new();
    for _ in 0..5 {
        c.on_key(&mut seats, &LauncherKey::Tab);
        visited.push(c.focus);
    }
    assert_eq!(visited, [Focus::Seat(Seat(0)), Focus::Seat(Seat(1)), Focus::Seat(Seat(2)), Focus::Seat(Seat(3)), Focus::Game]);
    press(&mut c, &mut seats, &[LauncherKey::Tab, LauncherKey::Tab, LauncherKey::Tab, LauncherKey::Tab, LauncherKey::Char('D'), LauncherKey::Right]);
    assert_eq!(seats.name(Seat(3)), "D");
    assert!(seats.validate().is_ok(), "cycling a fourth colour skips the other three");
    c.focus = Focus::Game;
    let game = c.on_key(&mut seats, &LauncherKey::Enter).unwrap().unwrap();
    assert_eq!((game.options().players, game.position().seating().count()), (4, 4));
    assert_eq!(game.options().move_limit, GameId::Stax.default_move_limit_for(4));
    // Back to two: two seats; a chess game has two whatever was chosen for checkers.
    press(&mut c, &mut seats, &[LauncherKey::Char('P')]);
    assert_eq!(seats.count(), 2);
    press(&mut c, &mut seats, &[LauncherKey::Char('p')]);
    while c.id() != GameId::Chess {
        c.on_key(&mut seats, &LauncherKey::Down);
    }
    assert_eq!((c.seat_count(), seats.count()), (2, 2));
    assert_eq!(c.game().unwrap().options().players, 2);
    press(&mut c, &mut seats, &[LauncherKey::Char('p')]);
    assert_eq!(c.seat_count(), 2, "P does nothing for chess");
}

#[test]
fn a_and_q_choose_the_seating_and_queens_colours_of_four_players() {
    let mut c = LauncherChoice { game: choices::listed().iter().position(|&g| g == GameId::Queens).unwrap(), ..LauncherChoice::default() };
    let mut seats = Seats::default();
    press(&mut c, &mut seats, &[LauncherKey::Char('a'), LauncherKey::Char('q')]);
    assert_eq!((c.seating, c.wanted.queens_colours), (DoublesSeating::default(), QueensColours::Same), "A and Q need four players");
    press(&mut c, &mut seats, &[LauncherKey::Char('p'), LauncherKey::Char('a'), LauncherKey::Char('a'), LauncherKey::Char('q')]);
    let o = *c.game().unwrap().options();
    assert_eq!((o.players, o.seating, o.queens_colours), (4, DoublesSeating::CutThroat, QueensColours::Mixed));
    press(&mut c, &mut seats, &[LauncherKey::Char('a')]);
    assert_eq!(c.seating, DoublesSeating::PartnersAdjacent, "A cycles round");
    assert!(seats_text(&c, &seats).contains("team AC"), "{}", seats_text(&c, &seats));
    assert!(options_line(&c).contains("colours: mixed"));
}

#[test]
fn double_chess_seats_four_and_a_chooses_partners_or_cut_throat() {
    let mut c = LauncherChoice::default();
    let mut seats = Seats::default();
    press(&mut c, &mut seats, &[LauncherKey::Up; 3]);
    assert_eq!(c.id(), GameId::DoubleChess, "Up from Stax past Checkers and Tri-Chess, the last game");
    assert_eq!((c.seat_count(), seats.count()), (4, 4));
    assert_eq!(seats.colours(), Seats::default_colours(GameId::DoubleChess, 4), "ivory, ebony, pearl, garnet");
    press(&mut c, &mut seats, &[LauncherKey::Char('p')]);
    assert_eq!(c.seat_count(), 4, "P does not change Double Chess's four");
    let o = *c.game().unwrap().options();
    assert_eq!((o.players, o.seating), (4, DoublesSeating::PartnersAdjacent));
    assert!(seats_text(&c, &seats).contains("west side, team AC, White 2"), "{}", seats_text(&c, &seats));
    press(&mut c, &mut seats, &[LauncherKey::Char('a')]);
    assert_eq!(c.game().unwrap().options().seating, DoublesSeating::CutThroat);
    assert!(options_line(&c).contains("seating: cut-throat"), "{}", options_line(&c));
    assert!(seats_text(&c, &seats).contains("west side, White 2"), "cut-throat seats W2 at B: {}", seats_text(&c, &seats));
    assert_eq!(seats.colours(), Seats::default_colours_seated(GameId::DoubleChess, 4, DoublesSeating::CutThroat), "the sets follow the seating");
    press(&mut c, &mut seats, &[LauncherKey::Char('a')]);
    assert_eq!(c.seating(), DoublesSeating::PartnersAdjacent, "A goes back to partners: Double Chess has no partners opposite");
    // Partners opposite, chosen for a checkers game, seats Double Chess's partners adjacent.
    c.seating = DoublesSeating::PartnersOpposite;
    assert_eq!(c.game().unwrap().options().seating, DoublesSeating::PartnersAdjacent);
    // Down past Tri-Chess, round to Checkers: two seats again.
    press(&mut c, &mut seats, &[LauncherKey::Down; 2]);
    assert_eq!((c.id(), c.seat_count(), seats.count()), (GameId::Checkers, 2, 2));
    assert_eq!(seats.colours(), Seats::default_colours(GameId::Checkers, 2));
}

#[test]
fn triangular_games_seat_two_to_six_with_the_seatings_and_figures_their_counts_allow() {
    use variant_rules::checkers::DoublesSeating::*;
    let mut c = LauncherChoice::default();
    let mut seats = Seats::default();
    press(&mut c, &mut seats, &[LauncherKey::Down; 3]);
    assert_eq!(c.id(), GameId::TriStax, "Down from Stax past Queens and Tri-Chek");
    assert_eq!(cycle_players(&mut c, &mut seats), [2, 3, 4, 5, 6, 2], "P cycles round 2 to 6");
    let seatings = |c: &mut LauncherChoice, players: u8| {
        c.players = players;
        c.seatings()
    };
    assert_eq!(seatings(&mut c, 2), []);
    assert_eq!(seatings(&mut c, 3), [CutThroat], "\"When two, three, or five play, it is necessarily cut-throat\"");
    assert_eq!(seatings(&mut c, 4), [CutThroat, PartnersAdjacent, PartnersOpposite, PartnersGap]);
    assert_eq!(seatings(&mut c, 6), [CutThroat, PartnersAdjacent, PartnersOpposite, Trios]);
    // A cycles through those; the game gets the one shown.
    c.players = 6;
    let mut seen = vec![c.seating()];
    for _ in 0..4 {
        press(&mut c, &mut seats, &[LauncherKey::Char('a')]);
        seen.push(c.seating());
        assert_eq!(c.game().unwrap().options().seating, c.seating());
    }
    assert_eq!(seen, [CutThroat, PartnersAdjacent, PartnersOpposite, Trios, CutThroat]);
    assert!(options_line(&c).contains("board: hexagon of 12 rows") && options_line(&c).contains("players: 6 (P)"), "{}", options_line(&c));
    assert!(seats_text(&c, &seats).contains("south-west side"), "{}", seats_text(&c, &seats));
    // Six players chosen for Tri-Stax are four at Stax's Doubles table (the most it seats).
    press(&mut c, &mut seats, &[LauncherKey::Up; 3]);
    assert_eq!((c.id(), c.seat_count(), seats.count()), (GameId::Stax, 4, 4));
}

#[test]
fn tri_queens_colours_open_position_and_symmetric_figures_only_where_the_rules_allow() {
    let mut c = LauncherChoice { game: choices::listed().iter().position(|&g| g == GameId::TriQueens).unwrap(), ..LauncherChoice::default() };
    let mut seats = Seats::default();
    press(&mut c, &mut seats, &[LauncherKey::Char('q'), LauncherKey::Char('o'), LauncherKey::Char('y')]);
    assert_eq!((c.wanted.queens_colours, c.wanted.queens_open, c.wanted.symmetric), (QueensColours::Same, false, false), "two players: one way to sit");
    assert!(!options_line(&c).contains("(Y)"), "\"Positioning for Tri-Queens presents no such difficulty\": {}", options_line(&c));
    // Tri-Chek's two players may take Figure 14's symmetric start.
    let mut chek = LauncherChoice { game: choices::listed().iter().position(|&g| g == GameId::TriChek).unwrap(), ..LauncherChoice::default() };
    assert!(options_line(&chek).contains("symmetric: off (Y)") && options_line(&chek).contains("40 moves: on (F)"), "{}", options_line(&chek));
    press(&mut chek, &mut seats, &[LauncherKey::Char('y'), LauncherKey::Char('f')]);
    let o = *chek.game().unwrap().options();
    assert!(o.symmetric && !o.forty_moves, "{o:?}");
    // Four partners adjacent on mixed colours, then the open position.
    press(&mut c, &mut seats, &[LauncherKey::Char('p'), LauncherKey::Char('p')]);
    assert_eq!(c.seat_count(), 4);
    while c.seating() != DoublesSeating::PartnersAdjacent {
        press(&mut c, &mut seats, &[LauncherKey::Char('a')]);
    }
    press(&mut c, &mut seats, &[LauncherKey::Char('q'), LauncherKey::Char('o')]);
    let o = *c.game().unwrap().options();
    assert_eq!((o.queens_colours, o.queens_open), (QueensColours::Mixed, true));
    assert!(options_line(&c).contains("colours: mixed (Q)") && options_line(&c).contains("position: open (O)"), "{}", options_line(&c));
}

#[test]
fn tri_chess_seats_two_to_six_with_its_seatings_edges_and_extended_moves() {
    use variant_rules::checkers::DoublesSeating::*;
    let mut c = LauncherChoice::default();
    let mut seats = Seats::default();
    press(&mut c, &mut seats, &[LauncherKey::Up; 2]);
    assert_eq!(c.id(), GameId::TriChess, "Up from Stax past Checkers: the last game");
    assert_eq!(seats.colours(), Seats::default_colours(GameId::TriChess, 2), "two players: ivory and ebony");
    assert!(options_line(&c).contains("board: hexagon of 8 rows") && options_line(&c).contains("edges: full (E)"), "{}", options_line(&c));
    assert!(!options_line(&c).contains("(X)"), "two players have no extended moves: {}", options_line(&c));
    assert_eq!(cycle_players(&mut c, &mut seats), [2, 3, 4, 5, 6, 2], "P cycles round 2 to 6");
    let seatings = |c: &mut LauncherChoice, players: u8| {
        c.players = players;
        c.seatings()
    };
    assert_eq!(seatings(&mut c, 3), [CutThroat]);
    assert_eq!(seatings(&mut c, 4), [CutThroat, PartnersAdjacent]);
    assert_eq!(seatings(&mut c, 5), [CutThroat]);
    assert_eq!(seatings(&mut c, 6), [CutThroat, PartnersAdjacent, Trios]);
    let mut seen = vec![c.seating()];
    for _ in 0..3 {
        press(&mut c, &mut seats, &[LauncherKey::Char('a')]);
        seen.push(c.seating());
        assert_eq!(c.game().unwrap().options().seating, c.seating());
    }
    assert_eq!(seen, [CutThroat, PartnersAdjacent, Trios, CutThroat], "A cycles the seatings six allow");
    assert_eq!(seats.colours(), Seats::default_colours(GameId::TriChess, 6), "six sets: red, ivory, jade, cobalt, amber, violet");
    // Six occupy every edge: E cuts none; X leaves the extended moves out.
    press(&mut c, &mut seats, &[LauncherKey::Char('e'), LauncherKey::Char('x')]);
    let o = *c.game().unwrap().options();
    assert!(!o.cut_edges && o.plain_moves, "{o:?}");
    assert!(!options_line(&c).contains("(E)") && options_line(&c).contains("extended moves: off (X)"), "{}", options_line(&c));
    // Three players: the edges may be cut, and the sets go by letter and side.
    c.players = 3;
    press(&mut c, &mut seats, &[LauncherKey::Char('e')]);
    let game = c.game().unwrap();
    assert!(game.options().cut_edges && game.options().plain_moves, "{:?}", game.options());
    assert!(options_line(&c).contains("edges: cut (E)"), "{}", options_line(&c));
    assert!(seats_text(&c, &seats).contains("north-west side"), "{}", seats_text(&c, &seats));
    assert!(!seats_text(&c, &seats).contains("Set "), "a lettered set says nothing the seat's letter does not: {}", seats_text(&c, &seats));
    // Two players keep the cut edges but have no extended moves to leave out.
    c.players = 2;
    let o = *c.game().unwrap().options();
    assert!(o.cut_edges && !o.plain_moves, "{o:?}");
    // E and X are letters nobody else reads: Tri-Stax ignores them.
    press(&mut c, &mut seats, &[LauncherKey::Down]);
    assert_eq!(c.id(), GameId::Checkers);
    let before = (c.wanted.cut_edges, c.wanted.plain_moves);
    while c.id() != GameId::TriStax {
        c.on_key(&mut seats, &LauncherKey::Down);
    }
    press(&mut c, &mut seats, &[LauncherKey::Char('e'), LauncherKey::Char('x')]);
    assert_eq!((c.wanted.cut_edges, c.wanted.plain_moves), before);
    assert!(c.game().is_ok());
}

#[test]
fn c_plays_the_corners_of_the_twelve_rank_board_and_h_lets_double_chess_hops_check() {
    let mut c = LauncherChoice::default();
    let mut seats = Seats::default();
    while c.id() != GameId::TriChess {
        c.on_key(&mut seats, &LauncherKey::Down);
    }
    // Two to four players have no 12-rank board: C changes nothing.
    press(&mut c, &mut seats, &[LauncherKey::Char('c')]);
    assert!(!c.game().unwrap().options().full_corners && !options_line(&c).contains("(C)"), "{}", options_line(&c));
    c.players = 6;
    assert!(options_line(&c).contains("corners: cut (C)"), "six players: the corners cut by default: {}", options_line(&c));
    press(&mut c, &mut seats, &[LauncherKey::Char('c')]);
    assert!(c.game().unwrap().options().full_corners, "C puts the corners in play");
    assert!(options_line(&c).contains("board: hexagon of 12 rows with corners") && options_line(&c).contains("corners: full (C)"), "{}", options_line(&c));
    while c.id() != GameId::DoubleChess {
        c.on_key(&mut seats, &LauncherKey::Down);
    }
    assert!(options_line(&c).contains("second hop checks: no (H)"), "{}", options_line(&c));
    press(&mut c, &mut seats, &[LauncherKey::Char('h')]);
    assert!(c.game().unwrap().options().hop_checks && options_line(&c).contains("second hop checks: yes (H)"), "{}", options_line(&c));
    // Elsewhere H and C are nobody's: chess ignores them.
    while c.id() != GameId::Chess {
        c.on_key(&mut seats, &LauncherKey::Down);
    }
    press(&mut c, &mut seats, &[LauncherKey::Char('h'), LauncherKey::Char('c')]);
    assert_eq!(*c.game().unwrap().options(), GameOptions::default_for(GameId::Chess));
}

#[test]
fn r_t_and_g_choose_queens_rows_tri_queens_steps_and_the_prose_sequence() {
    let mut c = LauncherChoice::default();
    let mut seats = Seats::default();
    let go = |c: &mut LauncherChoice, seats: &mut Seats, id: GameId| {
        while c.id() != id {
            c.on_key(seats, &LauncherKey::Down);
        }
    };
    go(&mut c, &mut seats, GameId::Queens);
    assert!(!options_line(&c).contains("(R)"), "two players have one start: {}", options_line(&c));
    press(&mut c, &mut seats, &[LauncherKey::Char('p')]);
    assert!(options_line(&c).contains("rows: 5-4-3 (R)"), "{}", options_line(&c));
    press(&mut c, &mut seats, &[LauncherKey::Char('r')]);
    assert!(c.game().unwrap().options().queens_relocate && options_line(&c).contains("rows: relocate (R)"), "{}", options_line(&c));
    go(&mut c, &mut seats, GameId::TriQueens);
    assert!(options_line(&c).contains("steps: blocked (T)"), "{}", options_line(&c));
    press(&mut c, &mut seats, &[LauncherKey::Char('t')]);
    assert!(c.game().unwrap().options().tri_steps_open && options_line(&c).contains("steps: open (T)"), "{}", options_line(&c));
    go(&mut c, &mut seats, GameId::TriStax);
    c.players = 4;
    assert!(options_line(&c).contains("sequence: table (G)"), "four cut-throat players: {}", options_line(&c));
    press(&mut c, &mut seats, &[LauncherKey::Char('g')]);
    let game = c.game().unwrap();
    assert!(game.options().prose_sequence, "{:?}", game.options());
    assert_eq!(game.position().seating().order().iter().map(|s| s.letter()).collect::<String>(), "ACBD", "\"Sequence for cut-throat is A, C, B, D\"");
    // Three players have one order: G changes nothing.
    c.players = 3;
    assert!(!c.game().unwrap().options().prose_sequence && !options_line(&c).contains("(G)"), "{}", options_line(&c));
}

#[test]
fn digits_and_up_down_on_a_seat_choose_human_or_computer() {
    use variant_table::table::game::seats::Controller;
    let mut c = LauncherChoice::default();
    let mut seats = Seats::default();
    press(&mut c, &mut seats, &[LauncherKey::Char('2')]);
    assert_eq!(seats.controller(Seat::B), Controller::Computer { movetime_ms: 200 });
    assert!(seats_text(&c, &seats).contains("seat B: (none)"), "{}", seats_text(&c, &seats));
    assert!(seats_text(&c, &seats).contains("Computer (0.2 s)"), "{}", seats_text(&c, &seats));
    press(&mut c, &mut seats, &[LauncherKey::Char('2'), LauncherKey::Char('5'), LauncherKey::Char('3')]);
    assert_eq!(seats.controller(Seat::B), Controller::Computer { movetime_ms: 1000 });
    assert_eq!(seats.count(), 2, "3 and 5 name no seat of a two-seat table");
    // On a seat row Up/Down choose its player (and leave the game alone); digits are text.
    let game = c.game;
    press(&mut c, &mut seats, &[LauncherKey::Tab, LauncherKey::Down, LauncherKey::Char('1'), LauncherKey::Up, LauncherKey::Up]);
    assert_eq!((c.game, seats.name(Seat::A)), (game, "1"));
    assert_eq!(seats.controller(Seat::A), Controller::Computer { movetime_ms: 5000 });
    assert_eq!(seats.controller(Seat::B), Controller::Computer { movetime_ms: 1000 });
    // Controllers stay with the seats when the game changes.
    c.focus = Focus::Game;
    press(&mut c, &mut seats, &[LauncherKey::Down]);
    assert_eq!(seats.controller(Seat::B), Controller::Computer { movetime_ms: 1000 });
}
