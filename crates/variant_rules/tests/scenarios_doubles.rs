//! Doubles (checkers family section IV): four players on 12x12 — seats, starts, sequence,
//! partners and cut-throat, each rule tested with the sentence it rests on.

mod common;

use variant_rules::checkers::{CheckersGame, DoublesSeating, QueensColours};
use variant_rules::{AnyPosition, Game, GameId, GameOptions, Outcome, Position, Reason, Seat, SeatSet, SeatState, Side, Wrap};

const A: Seat = Seat(0);
const B: Seat = Seat(1);
const C: Seat = Seat(2);
const D: Seat = Seat(3);

fn opts(game: GameId, seating: DoublesSeating) -> GameOptions {
    GameOptions { players: 4, seating, move_limit: 0, ..GameOptions::default_for(game) }
}

/// A 12x12 text from `(cell, stack)` pairs (stack written as in the notation, e.g. "a" or "[b,a]").
fn board(pieces: &[(&str, &str)], turn: char) -> String {
    let mut grid = vec![vec![String::new(); 12]; 12];
    for (cell, stack) in pieces {
        let file = (cell.as_bytes()[0] - b'a') as usize;
        let rank: usize = cell[1..].parse::<usize>().unwrap() - 1;
        grid[rank][file] = stack.to_string();
    }
    grid.reverse();
    format!("{} {turn} 0", common::rows_text(&grid))
}

fn position(game: GameId, seating: DoublesSeating, text: &str) -> AnyPosition {
    AnyPosition::from_text(game, &opts(game, seating), text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn owner_at(pos: &AnyPosition, cell: &str) -> Option<Seat> {
    let AnyPosition::Checkers(p) = pos else { panic!("not checkers") };
    let t = p.topology();
    p.top(t.parse_cell(cell).unwrap()).map(|c| c.owner())
}

fn moves(pos: &AnyPosition) -> Vec<String> {
    pos.legal_move_list().into_iter().map(|m| pos.move_text(m)).collect()
}

#[test]
fn twelve_by_twelve_with_twelve_checkers_a_seat_on_the_centre_eight_files() {
    // "The four player board is 12 x 12 spaces" ... "partners position their checkers in the
    // usual manner on the center eight files".
    for seating in DoublesSeating::ALL {
        let pos = AnyPosition::start(GameId::Checkers, &opts(GameId::Checkers, seating)).unwrap();
        let AnyPosition::Checkers(p) = &pos else { unreachable!() };
        let t = p.topology();
        assert_eq!((t.width(), t.height()), (12, 12));
        for seat in [A, B, C, D] {
            let cells: Vec<u16> = (0..144).filter(|&c| p.top(c).is_some_and(|k| k.owner() == seat)).collect();
            assert_eq!(cells.len(), 12, "{seating} seat {seat}");
            let side = p.side(seat);
            // Every checker within its three nearest rows, except the one displaced diagonally behind.
            let displaced =
                cells.iter().filter(|&&c| t.distance_from(side, c) >= 3 || t.file(c) < 2 && t.rank(c) < 2 || t.file(c) > 9 && t.rank(c) > 9).count();
            assert!(displaced <= 1, "{seating} seat {seat}: {displaced} outside the usual rows");
        }
        // "That corner space is left empty".
        for corner in ["a1", "l12", "a12", "l1"] {
            assert_eq!(owner_at(&pos, corner), None, "{seating}: {corner}");
        }
    }
}

#[test]
fn partners_adjacent_shared_corner_goes_to_the_right_partner_and_the_left_one_sits_behind() {
    // "the partner on the left puts his or her displaced piece on the second square in from the
    // corner, diagonally behind his or her partner's piece."
    let pos = AnyPosition::start(GameId::Checkers, &opts(GameId::Checkers, DoublesSeating::PartnersAdjacent)).unwrap();
    assert_eq!(owner_at(&pos, "c3"), Some(A));
    assert_eq!(owner_at(&pos, "b2"), Some(C));
    assert_eq!(owner_at(&pos, "j10"), Some(B));
    assert_eq!(owner_at(&pos, "k11"), Some(D));
    // "Player A with the dark pieces on the right moves first, followed by B ... directly across
    // from A. A's partner [C] ... moves third, followed by D across."
    assert_eq!(pos.side_of(A), Side::SOUTH);
    assert_eq!(pos.side_of(B), Side::NORTH);
    assert_eq!(pos.side_of(C), Side::WEST);
    assert_eq!(pos.side_of(D), Side::EAST);
    let s = pos.seating();
    assert_eq!(s.order(), &[A, B, C, D]);
    assert_eq!(s.team(A), SeatSet::of(&[A, C]));
    assert_eq!(s.team(D), SeatSet::of(&[B, D]));
}

#[test]
fn opposite_and_cut_throat_rotate_clockwise_and_the_first_mover_keeps_the_shared_square() {
    // "partners sit opposite each other and the sequence of moves simply rotates clockwise" ...
    // "the player with the first move gets the normal position with his or her opponent
    // diagonally behind."
    for seating in [DoublesSeating::PartnersOpposite, DoublesSeating::CutThroat] {
        let pos = AnyPosition::start(GameId::Stax, &opts(GameId::Stax, seating)).unwrap();
        assert_eq!([A, B, C, D].map(|s| pos.side_of(s)), [Side::SOUTH, Side::WEST, Side::NORTH, Side::EAST]);
        assert_eq!(owner_at(&pos, "c3"), Some(A), "{seating}");
        assert_eq!(owner_at(&pos, "b2"), Some(B), "{seating}");
        assert_eq!(owner_at(&pos, "j10"), Some(C), "{seating}");
        assert_eq!(owner_at(&pos, "k11"), Some(D), "{seating}");
        let teams = pos.seating().teams().len();
        assert_eq!(teams, if seating == DoublesSeating::CutThroat { 4 } else { 2 });
    }
}

#[test]
fn the_turn_goes_a_b_c_d() {
    let mut g = Game::new(GameId::Checkers, opts(GameId::Checkers, DoublesSeating::PartnersAdjacent), None).unwrap();
    let mut seen = Vec::new();
    for _ in 0..8 {
        let pos = g.position().clone();
        seen.push(pos.turn());
        let m = pos.legal_move_list()[0];
        g.play_move(m);
    }
    assert_eq!(seen, [A, B, C, D, A, B, C, D]);
}

#[test]
fn a_player_captures_either_opponent_but_never_the_partner() {
    // "A player may capture either opponent's pieces, but may neither move nor capture the partner's."
    let text = board(&[("e5", "a"), ("d6", "c"), ("f6", "b"), ("l2", "d"), ("b12", "b"), ("l4", "d")], 'a');
    let pos = position(GameId::Checkers, DoublesSeating::PartnersAdjacent, &text);
    assert_eq!(moves(&pos), ["e5xg7"], "A jumps B's f6 and not partner C's d6");
    // D (east, moving west) jumps A.
    let text = board(&[("e5", "a"), ("f6", "d"), ("f4", "d"), ("b12", "b"), ("a11", "c")], 'd');
    let pos = position(GameId::Checkers, DoublesSeating::PartnersAdjacent, &text);
    assert_eq!(moves(&pos), ["f4xd6", "f6xd4"]);
}

#[test]
fn kings_are_made_on_any_square_of_the_far_edge() {
    // "Kings may be obtained in any space at the opposite edge of the board, including those not
    // originally occupied by an opponent's piece."
    let text = board(&[("c11", "a"), ("l2", "b"), ("a7", "c"), ("l6", "d")], 'a');
    let mut g = Game::new(GameId::Checkers, opts(GameId::Checkers, DoublesSeating::PartnersAdjacent), Some(&text)).unwrap();
    g.play("c11-b12").unwrap();
    assert!(g.position().to_text().starts_with("1A10/"), "{}", g.position().to_text());
    // C sits west: its king row is the east edge (file l).
    let text = board(&[("k7", "c"), ("a1", "b"), ("e5", "a"), ("b12", "d")], 'c');
    let mut g = Game::new(GameId::Checkers, opts(GameId::Checkers, DoublesSeating::PartnersAdjacent), Some(&text)).unwrap();
    g.play("k7-l8").unwrap();
    let AnyPosition::Checkers(p) = g.position() else { unreachable!() };
    assert!(p.top(p.topology().parse_cell("l8").unwrap()).unwrap().is_king());
}

#[test]
fn a_player_without_a_move_is_skipped() {
    // "If one player's pieces disappear completely from the board, the others continue play in
    // the normal sequence, omitting the turn of the missing player."
    let text = board(&[("e5", "a"), ("g9", "c"), ("c9", "d")], 'a');
    let mut g = Game::new(GameId::Checkers, opts(GameId::Checkers, DoublesSeating::PartnersAdjacent), Some(&text)).unwrap();
    g.play("e5-f6").unwrap();
    assert_eq!(g.position().turn(), C, "B has no checker left: its turn is omitted");
    assert_eq!(g.position().seat_state(B), SeatState::Eliminated);
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_team_wins_the_moment_both_opponents_are_captured_or_immobile() {
    // "One team must capture all of both opponents' pieces, or render them immobile, in order to win."
    let text = board(&[("e5", "a"), ("f6", "b"), ("g9", "c")], 'a');
    let mut g = Game::new(GameId::Checkers, opts(GameId::Checkers, DoublesSeating::PartnersAdjacent), Some(&text)).unwrap();
    g.play("e5xg7").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::team(SeatSet::of(&[A, C]), Reason::OpponentsCapturedOrImmobile)));
    assert!(g.position().legal_move_list().is_empty());
}

#[test]
fn stax_partners_a_missing_player_reappears_when_the_partner_frees_prisoners() {
    // "If the game is Stax or Queens it is possible for one player to disappear from the board
    // for a while, then reappear when the partner manages to free some of the captured pieces."
    // C's only checker is a prisoner under B's stack on f6; A jumps B's top and frees it.
    let text = board(&[("e5", "a"), ("f6", "[b,c]"), ("b12", "d"), ("l12", "b")], 'a');
    let pos = position(GameId::Stax, DoublesSeating::PartnersAdjacent, &text);
    assert_eq!(pos.seat_state(C), SeatState::Missing);
    let mut g = Game::new(GameId::Stax, opts(GameId::Stax, DoublesSeating::PartnersAdjacent), Some(&text)).unwrap();
    g.play("e5xg7").unwrap();
    assert_eq!(owner_at(g.position(), "f6"), Some(C), "the freed checker is C's again");
    assert_eq!(g.position().seat_state(C), SeatState::InPlay);
}

#[test]
fn cut_throat_stax_a_player_with_nothing_to_move_is_removed_only_when_the_turn_comes() {
    // "a disappearing player's pieces are not removed until it is his or her turn to move and
    // s/he has none to move. Thus it may happen that B jumps A's last piece under his or hers,
    // but C or D must jump some piece freeing one of A's pieces before A's turn has come."
    // Build the situation directly: A's only checker is under B's stack; C to move can free it.
    let text = board(&[("f6", "[b,a]"), ("g7", "c"), ("b12", "d"), ("l2", "d")], 'c');
    let pos = position(GameId::Stax, DoublesSeating::CutThroat, &text);
    assert_eq!(pos.seat_state(A), SeatState::Missing, "A is under B, not yet removed");
    let mut g = Game::new(GameId::Stax, opts(GameId::Stax, DoublesSeating::CutThroat), Some(&text)).unwrap();
    g.play("g7xe5").unwrap();
    assert_eq!(owner_at(g.position(), "f6"), Some(A), "C's jump freed A before A's turn came");
    assert_ne!(g.position().seat_state(A), SeatState::Eliminated);
}

#[test]
fn cut_throat_stax_removal_when_the_turn_comes_with_nothing_to_move() {
    // A's only checker is under B's stack; D moves without freeing it; A's turn comes next:
    // "all of his or her checkers are removed from the stacks on the board".
    let text = board(&[("f6", "[b,a]"), ("h10", "c"), ("k3", "d")], 'd');
    let mut g = Game::new(GameId::Stax, opts(GameId::Stax, DoublesSeating::CutThroat), Some(&text)).unwrap();
    g.play("k3-j4").unwrap();
    assert_eq!(g.position().seat_state(A), SeatState::Eliminated);
    assert!(g.position().to_text().contains('b') && !g.position().to_text().contains("a]"), "{}", g.position().to_text());
    assert_eq!(g.position().turn(), B);
}

#[test]
fn cut_throat_an_immobile_player_keeps_its_pieces_and_b_wins_by_jumping_ds_last_piece() {
    // "With C immobilized and A's pieces gone from the board, for example, B wins when s/he jumps
    // D's last piece under."  C (north, moving south) sits on a11 behind B's b10 and c9.
    let text = board(&[("d6", "b"), ("e7", "d"), ("a11", "c"), ("b10", "[b,a]"), ("c9", "b")], 'b');
    let pos = position(GameId::Stax, DoublesSeating::CutThroat, &text);
    assert_eq!(pos.seat_state(C), SeatState::Immobile);
    let mut g = Game::new(GameId::Stax, opts(GameId::Stax, DoublesSeating::CutThroat), Some(&text)).unwrap();
    let m = moves(g.position()).into_iter().find(|m| m.starts_with("d6x")).expect("B can jump D");
    g.play(&m).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::win(B, Reason::OpponentsCapturedOrImmobile)));
}

#[test]
fn cylindrical_doubles_each_seat_wraps_across_its_own_left_and_right_edges() {
    // "players sitting opposite each other regard their right and left edges as touching, but
    // not their forward and rear edges."
    let o = GameOptions { topology: Wrap::Cylinder, ..opts(GameId::Checkers, DoublesSeating::PartnersAdjacent) };
    // A (south) steps from a5 across the west edge to l6.
    let text = board(&[("a5", "a"), ("f12", "b"), ("a9", "c"), ("l8", "d")], 'a');
    let pos = AnyPosition::from_text(GameId::Checkers, &o, &text).unwrap();
    assert!(moves(&pos).contains(&"a5-l6".to_string()), "{:?}", moves(&pos));
    // C (west, moving east) wraps across the north and south edges: from c1 to d12.
    let text = board(&[("c1", "c"), ("f12", "b"), ("h6", "a"), ("l8", "d")], 'c');
    let pos = AnyPosition::from_text(GameId::Checkers, &o, &text).unwrap();
    let c = moves(&pos);
    assert!(c.contains(&"c1-d12".to_string()) && c.contains(&"c1-d2".to_string()), "{c:?}");
    // ...but not across its forward edge: from l6 there is no step to the a-file.
    let text = board(&[("l6", "c"), ("c1", "c"), ("f12", "b"), ("h6", "a"), ("l8", "d")], 'c');
    let pos = AnyPosition::from_text(GameId::Checkers, &o, &text).unwrap();
    assert!(!moves(&pos).iter().any(|m| m.starts_with("l6")), "{:?}", moves(&pos));
}

#[test]
fn double_queens_no_first_move_jump_in_any_arrangement() {
    // "To avoid the possibility of an extensive jump on the first move, either adjacent opponents
    // are on the same color, or each opponent places his or her first piece that would be in
    // jeopardy in the back row of the friendly corner."
    for seating in DoublesSeating::ALL {
        for colours in [QueensColours::Same, QueensColours::Mixed] {
            let o = GameOptions { queens_colours: colours, ..opts(GameId::Queens, seating) };
            let pos = AnyPosition::start(GameId::Queens, &o).unwrap();
            let AnyPosition::Checkers(p) = &pos else { unreachable!() };
            assert_eq!(p.checkers_on_board().count(), 48);
            // No seat, whoever were to move first, could jump at the start.
            let text = pos.to_text();
            for seat in ['a', 'b', 'c', 'd'] {
                let as_if = text.replace(" a 0", &format!(" {seat} 0"));
                let here = AnyPosition::from_text(GameId::Queens, &o, &as_if).unwrap();
                let ms = moves(&here);
                assert!(!ms.is_empty() && ms.iter().all(|m| !m.contains('x')), "{seating} {colours:?} seat {seat}: {ms:?} in {text}");
            }
        }
    }
}

#[test]
fn double_queens_colours_same_puts_partners_together_and_mixed_splits_them() {
    // "In the first option, both partners may be on the same color, both opponents on the other
    // color. In the second, one of each partner is on one color, the other of each partner on the
    // other color."
    for seating in [DoublesSeating::PartnersAdjacent, DoublesSeating::PartnersOpposite] {
        for colours in [QueensColours::Same, QueensColours::Mixed] {
            let o = GameOptions { queens_colours: colours, ..opts(GameId::Queens, seating) };
            let AnyPosition::Checkers(p) = AnyPosition::start(GameId::Queens, &o).unwrap() else { unreachable!() };
            let dark = p.table().dark;
            let same = colours == QueensColours::Same;
            assert_eq!(dark[A] == dark[C], same, "{seating} {colours:?}");
            assert_eq!(dark[B] == dark[D], same, "{seating} {colours:?}");
            assert_ne!(dark[A], if same { dark[B] } else { dark[C] });
            for seat in [A, B, C, D] {
                let t = p.topology();
                let on: Vec<u16> = (0..144).filter(|&c| p.top(c).is_some_and(|k| k.owner() == seat)).collect();
                assert!(on.iter().all(|&c| t.is_dark(c) == dark[seat]), "{seating} {colours:?} seat {seat}");
            }
        }
    }
}

#[test]
fn four_player_text_round_trips_and_rejects_a_fifth_seat() {
    let o = opts(GameId::Stax, DoublesSeating::CutThroat);
    let pos = AnyPosition::start(GameId::Stax, &o).unwrap();
    let again = AnyPosition::from_text(GameId::Stax, &o, &pos.to_text()).unwrap();
    assert_eq!(again.to_text(), pos.to_text());
    assert_eq!(again.hash(), pos.hash());
    let bad = pos.to_text().replacen('d', "e", 1);
    assert!(AnyPosition::from_text(GameId::Stax, &o, &bad).err().unwrap().contains("unknown checker"));
    let two = GameOptions::default_for(GameId::Stax);
    assert!(AnyPosition::from_text(GameId::Stax, &two, &pos.to_text()).is_err(), "a 12-row text is not a 2-player position");
    let _ = CheckersGame::Stax;
}

#[test]
fn four_players_belong_to_the_checkers_family_only() {
    let o = GameOptions { players: 4, ..GameOptions::default_for(GameId::Chess) };
    assert!(AnyPosition::start(GameId::Chess, &o).err().unwrap().contains("two-player"));
    let o = GameOptions { players: 3, ..GameOptions::default_for(GameId::Checkers) };
    assert!(AnyPosition::start(GameId::Checkers, &o).is_err());
    let o = GameOptions { seating: DoublesSeating::CutThroat, ..GameOptions::default_for(GameId::Checkers) };
    assert!(AnyPosition::start(GameId::Checkers, &o).err().unwrap().contains("--players 4"));
}

#[test]
fn a_stack_of_three_players_belongs_to_its_top_and_a_jump_frees_the_next_owner() {
    // Rulings C18: the prisoner goes to the bottom of the jumping stack; the checker uncovered
    // belongs to its owner again, here D (B's partner) under B, with A's partner C at the bottom.
    let text = board(&[("e5", "[a,c]"), ("f6", "[b,d,c]"), ("b12", "d"), ("l12", "b"), ("a11", "c")], 'a');
    let mut g = Game::new(GameId::Stax, opts(GameId::Stax, DoublesSeating::PartnersAdjacent), Some(&text)).unwrap();
    g.play("e5xg7").unwrap();
    let AnyPosition::Checkers(p) = g.position() else { unreachable!() };
    let t = p.topology();
    let stack = |c: &str| p.stack(t.parse_cell(c).unwrap()).map(|k| k.to_string()).collect::<Vec<_>>().join(",");
    assert_eq!(stack("g7"), "a,c,b");
    assert_eq!(stack("f6"), "d,c");
    assert_eq!(owner_at(g.position(), "f6"), Some(D));
    // D moves that stack with C's checker still a prisoner under it.
    assert_eq!(g.position().turn(), B);
}

// ---- Double Queens' 5-4-3 (rulings C14) -----------------------------------------------------

/// `seat`'s checkers per row from its own edge (row 0 its back row), every row that holds one.
fn rows_from_edge(p: &variant_rules::checkers::CheckersPosition, seat: Seat) -> Vec<usize> {
    let t = p.topology();
    let mut rows = vec![0; 12];
    for c in 0..t.len() as u16 {
        if p.top(c).is_some_and(|k| k.owner() == seat) {
            rows[t.distance_from(p.side(seat), c) as usize] += 1;
        }
    }
    while rows.last() == Some(&0) {
        rows.pop();
    }
    rows
}

/// How many jumps the men of every seat could make at the start, each seat put to move in turn.
fn first_move_jumps(game: GameId, o: &GameOptions, pos: &AnyPosition) -> usize {
    let text = pos.to_text();
    ['a', 'b', 'c', 'd']
        .iter()
        .map(|seat| {
            let here = AnyPosition::from_text(game, o, &text.replace(" a 0", &format!(" {seat} 0"))).unwrap();
            moves(&here).iter().filter(|m| m.contains('x')).count()
        })
        .sum()
}

fn queens_start(seating: DoublesSeating, colours: QueensColours, relocate: bool) -> (GameOptions, AnyPosition) {
    let o = GameOptions { queens_colours: colours, queens_relocate: relocate, ..opts(GameId::Queens, seating) };
    (o, AnyPosition::start(GameId::Queens, &o).unwrap())
}

#[test]
fn double_queens_every_seat_stands_five_four_three_from_its_own_edge_without_first_move_jumps() {
    // "each opponent places his or her first piece that would be in jeopardy in the back row of
    // the friendly corner. In the latter case, each partner has five pieces in the back row, four
    // in the middle, and three in the front."
    for seating in DoublesSeating::ALL {
        for colours in [QueensColours::Same, QueensColours::Mixed] {
            let (o, pos) = queens_start(seating, colours, false);
            let AnyPosition::Checkers(p) = &pos else { unreachable!() };
            let t = p.topology();
            for seat in [A, B, C, D] {
                assert_eq!(rows_from_edge(p, seat), vec![5, 4, 3], "{seating} {colours:?} seat {seat:?}\n{}", pos.to_text());
                // One checker a seat outside the centre eight files: the one moved to the corner.
                let lateral = |c: u16| if p.side(seat).faces_ranks() { t.file(c) } else { t.rank(c) };
                let outside: Vec<u16> = (0..144).filter(|&c| p.top(c).is_some_and(|k| k.owner() == seat) && !(2..10).contains(&lateral(c))).collect();
                assert_eq!(outside.len(), 1, "{seating} {colours:?} seat {seat:?}");
                assert_eq!(t.distance_from(p.side(seat), outside[0]), 0, "the corner checker is in the back row");
            }
            // Our constraint (not the text's): no seat can jump at the start, whoever moves first.
            // The search finds such a 5-4-3 placement in every arrangement.
            assert_eq!(first_move_jumps(GameId::Queens, &o, &pos), 0, "{seating} {colours:?}: {}", pos.to_text());
            let flat = variant_rules::topology::Topology::get(12, 12, Wrap::Flat);
            assert_eq!(p.table().five_four_three(flat).jumps, 0);
        }
    }
}

#[test]
fn double_queens_partners_adjacent_put_the_corner_checker_at_the_friendly_corner() {
    // "the back row of the friendly corner": with partners adjacent on one colour, A and C share
    // the dark corner a1 and B and D the dark corner l12. B and D each get theirs; of A and C only
    // one can have a1, and A, who moves first, takes it.
    let (_, pos) = queens_start(DoublesSeating::PartnersAdjacent, QueensColours::Same, false);
    let AnyPosition::Checkers(p) = &pos else { unreachable!() };
    let t = p.topology();
    for seat in [A, B, C, D] {
        let partner = if seat == A || seat == C { [A, C] } else { [B, D] };
        let other = partner.into_iter().find(|&s| s != seat).unwrap();
        let lateral = |c: u16| if p.side(seat).faces_ranks() { t.file(c) } else { t.rank(c) };
        let corner = (0..144).find(|&c| p.top(c).is_some_and(|k| k.owner() == seat) && !(2..10).contains(&lateral(c))).unwrap();
        let friendly = t.distance_from(p.side(other), corner) < 3;
        assert_eq!(friendly, seat != C, "seat {seat:?} at {}", t.name(corner));
    }
    assert_eq!(owner_at(&pos, "a1"), Some(A));
}

#[test]
fn double_queens_saved_before_five_four_three_load_the_old_start() {
    // Project rule: old saves load unchanged. Options saved before `queens_relocate` existed
    // (JSON without it) give the older start: A 4-4-4 and C 4-5-3 with partners adjacent on one
    // colour, as the issue describes it; options of a new game give 5-4-3.
    let new = GameOptions { queens_colours: QueensColours::Same, ..opts(GameId::Queens, DoublesSeating::PartnersAdjacent) };
    assert!(!new.queens_relocate);
    let mut json = serde_json::to_value(new).unwrap();
    for field in ["queens_relocate", "tri_steps_open", "prose_sequence"] {
        json.as_object_mut().unwrap().remove(field).expect("the field is saved");
    }
    let old: GameOptions = serde_json::from_value(json).unwrap();
    assert!(old.queens_relocate && old.tri_steps_open && !old.prose_sequence);
    let AnyPosition::Checkers(p) = AnyPosition::start(GameId::Queens, &old).unwrap() else { unreachable!() };
    assert_eq!(rows_from_edge(&p, A), vec![4, 4, 4]);
    assert_eq!(rows_from_edge(&p, C), vec![4, 5, 3]);
    let AnyPosition::Checkers(p) = AnyPosition::start(GameId::Queens, &new).unwrap() else { unreachable!() };
    for seat in [A, B, C, D] {
        assert_eq!(rows_from_edge(&p, seat), vec![5, 4, 3]);
    }
    // The older start still has no first-move jumps.
    let (o, pos) = queens_start(DoublesSeating::PartnersAdjacent, QueensColours::Same, true);
    assert_eq!(first_move_jumps(GameId::Queens, &o, &pos), 0);
    // Two-player Queens and the other games are the same either way.
    for game in [GameId::Queens, GameId::Stax, GameId::Checkers] {
        let a = AnyPosition::start(game, &GameOptions::default_for(game)).unwrap().to_text();
        let b = AnyPosition::start(game, &GameOptions { queens_relocate: true, ..GameOptions::default_for(game) }).unwrap().to_text();
        assert_eq!(a, b, "{game}");
    }
}
