//! Parts of the table tested without a window or an app: the dice buttons, the seats' labels
//! and colours, the seat plates, the HUD's lines and save files, each on the games that show
//! them (the table's own code names no game; these tests do).

use variant_rules::checkers::DoublesSeating;
use variant_rules::layout::BoardLayout;
use variant_rules::{AnyPosition, Game, GameId, GameOptions, MAX_SEATS, Position, Seat};
use variant_table::table::game::dice::DiceTable;
use variant_table::table::game::seats::{Controller, Seats};
use variant_table::table::game::session::Session;
use variant_table::table::look::dice_view::{Action, open_actions};
use variant_table::table::look::plates::{PlateSpec, plate_specs};
use variant_table::table::persist::save::SaveFile;
use variant_table::table::screens::hud::{controllers_line, status_text};
use variant_table::table::sets::{MANY_SETS, SEAT_COLOURS};
use variant_table::terminal;

fn session(id: GameId, position: Option<&str>, moves: &str) -> Session {
    let mut g = Game::new(id, GameOptions::default_for(id), position).unwrap();
    for m in moves.split_whitespace() {
        g.play(m).unwrap();
    }
    Session::new(g)
}

#[test]
fn the_dice_buttons_offer_what_the_rules_allow() {
    let table = DiceTable::default();
    assert_eq!(open_actions(&session(GameId::DiceChess, None, ""), &table), [Action::Throw]);
    assert_eq!(open_actions(&session(GameId::DiceChess, None, "[1,2]"), &table), []);
    assert_eq!(open_actions(&session(GameId::ChecToe, None, "[3]"), &table), [Action::Reroll, Action::Pass]);
    // The re-roll is used: only the pass is left.
    assert_eq!(open_actions(&session(GameId::ChecToe, None, "[3] reroll [2]"), &table), [Action::Pass]);
    assert_eq!(open_actions(&session(GameId::Chess, None, ""), &table), []);
}

#[test]
fn labels_follow_names_and_colours() {
    let mut s = Seats::new(GameId::Chess, 2);
    assert_eq!(s.label(GameId::Chess, Seat::A), "White");
    s.seats[1].name = "Bob".into();
    assert_eq!(s.label(GameId::Chess, Seat::B), "Bob (Ebony)");
    let c = Seats::default();
    assert_eq!(c.label(GameId::Stax, Seat::A), "Player A (Red)");
    let four = Seats::new(GameId::Stax, 4);
    assert_eq!(four.label(GameId::Stax, Seat(3)), "Player D (Cobalt)");
}

#[test]
fn a_chess_game_gets_a_chess_set_unless_colours_were_chosen() {
    let mut s = Seats::default();
    s.suit(GameId::Chess, 2);
    assert_eq!(s.colours(), Seats::default_colours(GameId::Chess, 2));
    s.suit(GameId::Queens, 2);
    assert_eq!(s.colours(), Seats::default_colours(GameId::Queens, 2));
    s.seats[0].colour = 4;
    s.seats[1].colour = 5;
    s.suit(GameId::Chess, 2);
    assert_eq!(s.colours(), [4, 5]);
}

#[test]
fn four_seats_get_four_distinct_colours_and_keep_their_names() {
    let mut s = Seats::default();
    s.seats[0].name = "Ann".into();
    s.suit(GameId::Stax, 4);
    assert_eq!(s.count(), 4);
    assert_eq!(s.colours(), [0, 1, 4, 5], "red, ivory, jade, cobalt");
    assert_eq!(s.name(Seat::A), "Ann");
    assert!(s.validate().is_ok());
    s.suit(GameId::Stax, 2);
    assert_eq!(s.colours(), [0, 1]);
    // Chosen colours stay; a new seat takes one nobody has.
    s.seats[1].colour = 3;
    s.suit(GameId::Queens, 4);
    assert_eq!(&s.colours()[..2], [0, 3]);
    assert!(s.validate().is_ok(), "{:?}", s.colours());
}

#[test]
fn three_to_six_seats_get_six_distinguishable_sets() {
    for count in 3..=MAX_SEATS {
        let mut s = Seats::default();
        s.suit(GameId::Stax, count);
        assert_eq!(s.colours(), MANY_SETS[..count], "{count} seats");
        assert!(s.validate().is_ok() && !s.custom_colours(GameId::Stax));
    }
    assert_eq!(Seats::new(GameId::Stax, 4).colours(), [0, 1, 4, 5], "Doubles keeps red, ivory, jade and cobalt");
    // Every pair of the six differs clearly in colour (sRGB distance), so six sets share a
    // stack and each checker still shows whose it is.
    for (i, &a) in MANY_SETS.iter().enumerate() {
        for &b in &MANY_SETS[i + 1..] {
            let (ca, cb) = (SEAT_COLOURS[a].1, SEAT_COLOURS[b].1);
            let d = (0..3).map(|k| (ca[k] - cb[k]).powi(2)).sum::<f32>().sqrt();
            assert!(d > 0.3, "{} and {} look alike ({d})", SEAT_COLOURS[a].0, SEAT_COLOURS[b].0);
        }
    }
    let mut six = Seats::new(GameId::Stax, 6);
    assert_eq!(six.label(GameId::Stax, Seat(5)), "Player F (Violet)");
    six.suit(GameId::Stax, 3);
    assert_eq!(six.colours(), [0, 1, 4], "back to three: the first three sets");
}

#[test]
fn double_chess_sets_are_two_light_and_two_dark_following_the_seating() {
    let light = |c: usize| SEAT_COLOURS[c].1.iter().sum::<f32>() > 1.5;
    let partners = Seats::default_colours(GameId::DoubleChess, 4);
    assert_eq!(partners.iter().map(|&c| light(c)).collect::<Vec<_>>(), [true, false, true, false], "A W1, B B1, C W2, D B2");
    let cut_throat = Seats::default_colours_seated(GameId::DoubleChess, 4, DoublesSeating::CutThroat);
    assert_eq!(cut_throat.iter().map(|&c| light(c)).collect::<Vec<_>>(), [true, true, false, false], "A W1, B W2, C B1, D B2");
    let mut s = Seats::default();
    s.suit_seated(GameId::DoubleChess, 4, DoublesSeating::CutThroat);
    assert_eq!(s.colours(), cut_throat);
    assert!(!s.custom_colours(GameId::DoubleChess) && s.validate().is_ok());
    s.suit_seated(GameId::DoubleChess, 4, DoublesSeating::PartnersAdjacent);
    assert_eq!(s.colours(), partners, "the defaults follow the seating");
    assert_eq!(s.label(GameId::DoubleChess, Seat(3)), "Player D", "the HUD names the set (the engine's seat label)");
}

#[test]
fn cycling_never_gives_two_seats_one_colour() {
    for count in 2..=MAX_SEATS {
        let mut s = Seats::new(GameId::Stax, count);
        for _ in 0..20 {
            for i in 0..count as u8 {
                s.cycle_colour(Seat(i), i % 2 == 0);
                assert!(s.validate().is_ok(), "{:?}", s.colours());
            }
        }
    }
}

#[test]
fn seat_records_of_both_forms_read_back() {
    let old: Seats = serde_json::from_str(r#"{"names": ["Ann", ""], "colours": [4, 5]}"#).unwrap();
    assert_eq!(old.colours(), [4, 5]);
    assert_eq!(old.name(Seat::A), "Ann");
    assert_eq!(old.seats[1].controller, Controller::LocalHuman);
    let four = Seats::new(GameId::Queens, 4);
    let back: Seats = serde_json::from_str(&serde_json::to_string(&four).unwrap()).unwrap();
    assert_eq!(back, four);
    let lopsided: Seats = serde_json::from_str(r#"{"names": ["Ann"], "colours": [4, 5]}"#).unwrap();
    assert!(lopsided.validate().is_ok());
    let short: Seats = serde_json::from_str(r#"{"names": ["Ann", "Bob"], "colours": [4]}"#).unwrap();
    assert!(short.validate().is_err(), "a seat without a colour is refused");
}

#[test]
fn controllers_cycle_save_and_read_back_and_old_records_are_players() {
    let mut s = Seats::new(GameId::Chess, 2);
    let mut seen = Vec::new();
    for _ in 0..4 {
        s.cycle_controller(Seat::B, true);
        seen.push(s.controller(Seat::B));
    }
    let ai = |movetime_ms| Controller::Computer { movetime_ms };
    assert_eq!(seen, [ai(200), ai(1000), ai(5000), Controller::LocalHuman]);
    assert_eq!(ai(200).label(), "Computer (0.2 s)");
    assert_eq!(ai(1000).label(), "Computer (1 s)");
    assert_eq!(ai(50).cycled(true), ai(200), "a strength not offered counts as a player");
    assert_eq!(Controller::LocalHuman.cycled(false), ai(5000));
    s.seats[1].controller = ai(1000);
    assert_eq!(s.lone_human(), Some(Seat::A));
    assert!(s.is_computer(Seat::B) && !s.is_computer(Seat::A));
    let json = serde_json::to_string(&s).unwrap();
    assert!(json.contains(r#""controller":{"computer":{"movetime_ms":1000}}"#), "{json}");
    let back: Seats = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    // The current form written before computers existed: no controller, a local player.
    let old: Seats = serde_json::from_str(r#"{"seats": [{"name": "Ann", "colour": 1}, {"name": "", "colour": 2}]}"#).unwrap();
    assert_eq!((old.controller(Seat::A), old.controller(Seat::B)), (Controller::LocalHuman, Controller::LocalHuman));
    assert_eq!(old.lone_human(), None, "two players at the screen");
    s.seats[1].controller = ai(0);
    assert!(s.validate().is_err(), "no time to think is refused");
}

#[test]
fn a_tri_chess_set_counts_its_losses_from_its_own_start_ninth_pawn_included() {
    let mut opts = GameOptions::default_for(GameId::TriChess);
    opts.players = 3;
    let start = Game::new(GameId::TriChess, opts, None).unwrap();
    let text = start.position().to_text();
    assert_eq!(text.matches("[aP]1/").count(), 1, "seat A's Pawn row ends with its ninth Pawn and an empty triangle: {text}");
    // Seat A without the last Pawn of its row: a game that started from the full set.
    let short = text.replacen("[aP]1/", "2/", 1);
    let pos = AnyPosition::from_text(GameId::TriChess, &opts, &short).unwrap();
    let lost = pos.captured_summary(Some(start.position()));
    assert_eq!(lost, ["P", "", ""]);
    assert_eq!(start.captured_text(&|s| s.letter().to_string()), "", "nothing lost at the start");
    // Counted against eight Pawns, the ninth would hide the loss.
    assert_eq!(pos.captured_summary(None), ["", "", ""]);
    let seats = Seats::new(GameId::TriChess, 3);
    let session = Session::new(start);
    let status = status_text(&session, &seats, "");
    assert!(status.contains("A south   B north-west   C north-east\nSet A (Red) to move"), "{status}");
}

#[test]
fn controllers_line_names_two_seats_a_line() {
    let mut seats = Seats::new(GameId::Stax, 4);
    assert_eq!(controllers_line(&seats, GameId::Stax, 4), "", "no computer: no line");
    for s in &mut seats.seats[1..] {
        s.controller = Controller::Computer { movetime_ms: 1000 };
    }
    let line = controllers_line(&seats, GameId::Stax, 4);
    assert_eq!(line, "A: Human   B: Computer (1 s)\nC: Computer (1 s)   D: Computer (1 s)");
    let mut two = Seats::new(GameId::Chess, 2);
    two.seats[1].controller = Controller::Computer { movetime_ms: 200 };
    assert_eq!(controllers_line(&two, GameId::Chess, 2), "White: Human   Black: Computer (0.2 s)");
}

fn chess_save(moves: &[&str]) -> SaveFile {
    let game = Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), None).unwrap();
    let mut save = SaveFile::of(&game, &Seats::default(), &[]);
    save.moves = moves.iter().map(|m| m.to_string()).collect();
    save
}

#[test]
fn moves_that_do_not_parse_are_refused_with_their_number_and_text() {
    for bad in ["x", "é", "e2e4é", "", "e9e10", "O-O-O-O"] {
        let err = chess_save(&["e2e4", bad]).restore().err().unwrap_or_else(|| panic!("'{bad}' was accepted"));
        assert!(err.starts_with("move 2 '"), "{bad}: {err}");
        assert!(!err.contains('\n'), "one line: {err}");
    }
    assert_eq!(chess_save(&["e2e4", "e7e5"]).restore().unwrap().moves().count(), 2);
}

/// A save as files were written before four-seat tables: no `players`, `seating` or
/// `queens_colours` in the options, the seats as two arrays.
const TWO_SEAT_SAVE: &str = r#"{
  "format": "variant-table-save", "version": 1, "game": "stax",
  "options": { "topology": "flat", "numbers": false, "seed": 0, "move_limit": 0 },
  "start": "START", "moves": ["c3-d4", "f6-e5"],
  "seats": { "names": ["Ann", "Bob"], "colours": [4, 5] }
}"#;

#[test]
fn a_save_from_before_four_seat_tables_still_loads() {
    let start = Game::new(GameId::Stax, GameOptions::default_for(GameId::Stax), None).unwrap().start_text().to_string();
    let save: SaveFile = serde_json::from_str(&TWO_SEAT_SAVE.replace("START", &start)).unwrap();
    assert_eq!(save.options.players, 2);
    let seats = save.seats.clone().unwrap();
    assert_eq!((seats.name(Seat::A), seats.colours()), ("Ann", vec![4, 5]));
    assert_eq!(save.restore().unwrap().moves().collect::<Vec<_>>(), ["c3-d4", "f6-e5"]);
}

#[test]
fn a_six_player_tri_chess_save_from_before_the_corners_were_cut_loads_as_it_was_played() {
    // Until ruling TC1 was revised, five and six played the whole 12-rank hexagon; such a
    // save has no `full_corners` in its options.
    let mut opts = GameOptions::default_for(GameId::TriChess);
    opts.players = 6;
    opts.full_corners = true;
    let mut game = Game::new(GameId::TriChess, opts, None).unwrap();
    for _ in 0..6 {
        let m = game.position().legal_move_list()[0];
        game.play_move(m);
    }
    let save = SaveFile::of(&game, &Seats::new(GameId::TriChess, 6), &[]);
    let mut json: serde_json::Value = serde_json::from_str(&save.to_json().unwrap()).unwrap();
    json["options"].as_object_mut().unwrap().remove("full_corners");
    let old: SaveFile = serde_json::from_value(json).unwrap();
    let back = old.restore().unwrap();
    assert!(back.options().full_corners, "read as played: corners in play");
    assert_eq!(back.position().to_text(), game.position().to_text());
    assert_eq!(back.moves().count(), 6);
    // Under today's default (corners cut) the same record is another board and does not load.
    let mut today = old.clone();
    today.options.full_corners = false;
    assert!(today.restore().is_err(), "the full board's record is not a cut board's");
}

#[test]
fn a_four_seat_save_keeps_its_options_and_seats() {
    let mut opts = GameOptions::default_for(GameId::Queens);
    opts.players = 4;
    opts.seating = DoublesSeating::CutThroat;
    let game = Game::new(GameId::Queens, opts, None).unwrap();
    let seats = Seats::new(GameId::Queens, 4);
    let save = SaveFile::of(&game, &seats, &[]);
    let back: SaveFile = serde_json::from_str(&save.to_json().unwrap()).unwrap();
    assert_eq!(back, save);
    assert_eq!(back.restore().unwrap().options(), &opts);
    let mut two = back.clone();
    two.seats = Some(Seats::new(GameId::Queens, 2));
    assert!(two.restore().unwrap_err().contains("2 seats for a game of 4 players"));
}

fn plates_of(game: &Game) -> Vec<PlateSpec> {
    let pos: &AnyPosition = game.position();
    let mut seats = Seats::default();
    seats.suit_game(game);
    plate_specs(BoardLayout::of(pos.topology()), pos, &seats)
}

#[test]
fn four_seats_get_a_plate_outside_each_edge_and_two_at_a_square_board_none() {
    assert!(plates_of(&Game::new(GameId::Stax, GameOptions::default_for(GameId::Stax), None).unwrap()).is_empty());
    let mut opts = GameOptions::default_for(GameId::Stax);
    opts.players = 4;
    let plates = plates_of(&Game::new(GameId::Stax, opts, None).unwrap());
    assert_eq!(plates.len(), 4);
    // 12x12: each plate 0.4 outside its edge's middle, as long as half the edge.
    let centres: Vec<[f32; 2]> = plates.iter().map(|p| p.centre).collect();
    for c in &centres {
        assert!((c[0].abs().max(c[1].abs()) - 6.4).abs() < 1e-4 && c[0].abs().min(c[1].abs()) < 1e-4, "{centres:?}");
    }
    assert!(plates.iter().all(|p| p.length == 6.0));
    assert_eq!(plates[0].centre, [0.0, -6.4], "seat A at the south");
    assert!(plates[0].to_move && !plates[1].to_move);
    assert_eq!(plates[2].text, "C Jade");
}

fn start(id: GameId) -> Game {
    Game::new(id, GameOptions::default_for(id), None).unwrap()
}

#[test]
fn double_chess_shows_each_seats_letter_and_the_closed_corners() {
    let mut opts = GameOptions::default_for(GameId::DoubleChess);
    let text = terminal::board(&start(GameId::DoubleChess));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "12  .  .  bR bN bB bQ bK bB bN bR .  . ");
    assert_eq!(lines[6], " 6  cK cP .  .  .  .  .  .  .  .  dP dQ");
    assert_eq!(lines[12], "    a  b  c  d  e  f  g  h  i  j  k  l ");
    assert_eq!(lines[13], "A White 1 south   B Black 1 north   C White 2 west   D Black 2 east");
    opts.seating = DoublesSeating::CutThroat;
    let text = terminal::board(&Game::new(GameId::DoubleChess, opts, None).unwrap());
    assert!(text.lines().next().unwrap().starts_with("12  ## ## cR"), "{text}");
    assert!(text.lines().nth(11).unwrap().ends_with("aR ## ##"), "{text}");
}

#[test]
fn a_hexagon_is_drawn_row_by_row_each_triangle_under_its_file() {
    let mut opts = GameOptions::default_for(GameId::TriStax);
    opts.players = 6;
    let game = Game::new(GameId::TriStax, opts, None).unwrap();
    let text = terminal::board(&game);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 13, "{text}");
    assert!(lines[0].starts_with("12 ") && lines[11].starts_with(" 1 "), "{text}");
    let files: Vec<&str> = lines[12].split_whitespace().collect();
    assert_eq!(files.first().copied(), Some("a"));
    // Each seat's twelve checkers, by its letter.
    for seat in ['a', 'b', 'c', 'd', 'e', 'f'] {
        let n: usize = lines[..12].iter().map(|l| l[3..].matches(seat).count()).sum();
        assert_eq!(n, 12, "seat {seat}: {text}");
    }
    // The hexagon: the middle rows reach the first file, the edge rows start further in,
    // and every cell sits under its file's letter.
    let indent = |l: &str| l[3..].len() - l[3..].trim_start().len();
    assert!(indent(lines[5]) <= 1 && indent(lines[6]) <= 1, "{text}");
    assert!(indent(lines[0]) > 12 && indent(lines[11]) > 12, "{text}");
    let layout = BoardLayout::of(game.position().topology());
    assert_eq!(files.len(), layout.cells().map(|(c, _)| layout.name(c).as_bytes()[0]).max().map_or(0, |b| (b - b'a' + 1) as usize));
}

#[test]
fn tri_chess_is_drawn_as_its_hexagon_with_chess_letters() {
    let mut opts = GameOptions::default_for(GameId::TriChess);
    opts.players = 3;
    let text = terminal::board(&Game::new(GameId::TriChess, opts, None).unwrap());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 12, "ten rows, the files, the sets: {text}");
    assert!(lines[0].starts_with("10 ") && lines[9].starts_with(" 1 "), "{text}");
    assert_eq!(lines[11], "A south   B north-west   C north-east");
    // Each seat's King, Queen, two Rooks, and nine Pawns (the full edges' ninth).
    let rows = &lines[..10];
    let count = |piece: &str| rows.iter().map(|l| l.matches(piece).count()).sum::<usize>();
    for seat in ['a', 'b', 'c'] {
        assert_eq!((count(&format!("{seat}K")), count(&format!("{seat}Q")), count(&format!("{seat}R"))), (1, 1, 2), "{seat}: {text}");
        assert_eq!(count(&format!("{seat}P")), 9, "{seat}: {text}");
    }
    // A hexagon: the middle rows are the widest; no closed triangles on the full board.
    let width = |l: &str| l.trim_end().len();
    assert!(width(rows[0]) < width(rows[4]) && width(rows[9]) < width(rows[5]), "{text}");
    assert!(!text.contains("##"), "{text}");
    // With the edges cut, the unoccupied edges are out of play.
    opts.cut_edges = true;
    let cut = terminal::board(&Game::new(GameId::TriChess, opts, None).unwrap());
    assert!(cut.contains("##"), "{cut}");
}

#[test]
fn checkers_cells_are_three_wide_and_dark_squares_dotted() {
    let text = terminal::board(&start(GameId::Stax));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 9);
    assert_eq!(lines[8], "    a  b  c  d  e  f  g  h ");
    assert_eq!(lines[4], format!(" 4 {}", "    . ".repeat(4)), "rank 4: empty, a4 light, b4 dark");
    assert!(lines.iter().all(|l| l.chars().count() == 3 + 8 * 3), "{lines:?}");
}
