//! Scenario tests for the checkers family, each quoting the rulebook sentence it checks
//! (`chess-and-checkers-variations.txt`, "The Checkers Family"). The Stax figures are missing
//! from the text, so each is rebuilt from its description in words.

mod common;

use std::collections::BTreeSet;

use variant_rules::{AnyPosition, Game, GameId, GameOptions, Position, Reason, Seat, Topology, Wrap};

/// A game from a list of (cell, stack) with stacks written top first, e.g. ("d4", "a,b").
fn setup(game: &str, wrap: Wrap, numbers: bool, cells: &[(&str, &str)], turn: char) -> Game {
    let id: GameId = game.parse().unwrap();
    let mut opts = GameOptions::default_for(id);
    opts.topology = wrap;
    opts.numbers = numbers;
    let t = Topology::get(8, 8, Wrap::Flat);
    let mut grid = vec![vec![String::new(); 8]; 8];
    for (cell, stack) in cells {
        let c = t.parse_cell(cell).unwrap();
        grid[7 - t.rank(c) as usize][t.file(c) as usize] = format!("[{stack}]");
    }
    let text = format!("{} {turn} 0", common::rows_text(&grid));
    Game::new(id, opts, Some(&text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn flat(game: &str, cells: &[(&str, &str)], turn: char) -> Game {
    setup(game, Wrap::Flat, false, cells, turn)
}

fn legal(g: &Game) -> BTreeSet<String> {
    let p = g.position();
    p.legal_move_list().into_iter().map(|m| p.move_text(m)).collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|s| s.to_string()).collect()
}

/// The stack on a cell, top first, e.g. "a,b"; "" when empty.
fn stack(g: &Game, cell: &str) -> String {
    let AnyPosition::Checkers(p) = g.position() else { panic!("not a checkers game") };
    let c = p.topology().parse_cell(cell).unwrap();
    p.stack(c).map(|k| k.to_string()).collect::<Vec<_>>().join(",")
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

// ---- Checkers -------------------------------------------------------------------------------

#[test]
fn jumping_is_compulsory() {
    // "Remember that you must jump whenever possible. No player may knowingly decline a jump."
    let g = flat("checkers", &[("c3", "a"), ("g3", "a"), ("d4", "b"), ("h8", "b")], 'a');
    assert_eq!(legal(&g), set(&["c3xe5"]));
    let err = g.clone().play("g3-h4").unwrap_err().to_string();
    assert!(err.contains("jumping is compulsory"), "{err}");
}

#[test]
fn a_jump_sequence_continues_while_it_can() {
    // English draughts: a multiple jump must be completed.
    let g = flat("checkers", &[("c3", "a"), ("d4", "b"), ("f6", "b")], 'a');
    assert_eq!(legal(&g), set(&["c3xe5xg7"]));
    assert!(g.clone().play("c3xe5").unwrap_err().to_string().contains("must continue"));
}

#[test]
fn crowning_ends_the_move_and_jumped_checkers_leave_the_board() {
    // English draughts: a man reaching the king row is crowned and its move ends.
    let mut g = flat("checkers", &[("b6", "a"), ("c7", "b"), ("e7", "b")], 'a');
    assert_eq!(legal(&g), set(&["b6xd8"]));
    play(&mut g, "b6xd8");
    assert_eq!(stack(&g, "d8"), "A");
    assert_eq!(stack(&g, "c7"), "", "Checkers removes the jumped checker");
}

#[test]
fn a_side_with_no_move_loses() {
    // Win "when the opponent has no piece to move or no legal move".
    let mut g = flat("checkers", &[("c3", "a"), ("d4", "b")], 'a');
    play(&mut g, "c3xe5");
    let o = g.outcome().expect("b has no checker left");
    assert_eq!(o, variant_rules::Outcome::win(Seat(0), Reason::NoPiecesLeft));
    let blocked = flat("checkers", &[("a1", "a"), ("b2", "b"), ("c3", "b")], 'a');
    assert_eq!(blocked.outcome(), Some(variant_rules::Outcome::win(Seat(1), Reason::NoLegalMove)));
}

// ---- Stax -----------------------------------------------------------------------------------

#[test]
fn stax_carries_the_jumped_checker_underneath() {
    // "In Stax when you jump an opponent's checker, you carry it with you underneath instead
    // of removing it from the board."
    let mut g = flat("stax", &[("c3", "a"), ("d4", "b"), ("h8", "b")], 'a');
    play(&mut g, "c3xe5");
    assert_eq!(stack(&g, "e5"), "a,b");
    assert_eq!(stack(&g, "d4"), "");
}

#[test]
fn jumping_a_stack_takes_only_its_top_and_rescues_the_prisoners() {
    // "if your opponent is able to jump your stack, s/he removes your piece from the top,
    // carrying it along as a prisoner, thus rescuing whatever opponent pieces you had been holding."
    let mut g = flat("stax", &[("e5", "a,b,b"), ("f6", "b"), ("a1", "a")], 'b');
    play(&mut g, "f6xd4");
    assert_eq!(stack(&g, "d4"), "b,a");
    assert_eq!(stack(&g, "e5"), "b,b", "the rescued prisoners stay, now b's double piece");
}

#[test]
fn a_double_piece_survives_a_jump_and_strikes_back() {
    // Figure 2: "if you advance a double piece into jeopardy from two opponent's checkers, one
    // of them must jump. ... But in Stax, one piece remains and may now jump your opponent's
    // remaining checker."
    let mut g = flat("stax", &[("d4", "a,a"), ("e5", "b"), ("c5", "b"), ("h2", "a")], 'b');
    assert_eq!(legal(&g), set(&["c5xe3", "e5xc3"]), "one of them must jump");
    play(&mut g, "e5xc3");
    assert_eq!(stack(&g, "d4"), "a");
    assert!(legal(&g).contains("d4xb6"), "the remaining piece jumps the other checker: {:?}", legal(&g));
}

#[test]
fn my_piece_becomes_yours() {
    // Figure 3: "if you advance a single piece with an opponent's piece underneath into
    // jeopardy from your opponent, s/he must jump. Thus what was your piece becomes his or
    // hers. If you have another piece next to it, you can recapture the prisoner s/he just freed."
    let mut g = flat("stax", &[("d4", "a,b"), ("e5", "b"), ("e3", "a")], 'b');
    assert_eq!(legal(&g), set(&["e5xc3"]));
    play(&mut g, "e5xc3");
    assert_eq!(stack(&g, "d4"), "b", "the freed prisoner now owns d4");
    assert_eq!(stack(&g, "c3"), "b,a");
    assert!(legal(&g).contains("e3xc5"), "a recaptures the freed prisoner");
}

#[test]
fn a_double_piece_blocks_its_own_re_jump() {
    // Figure 4: "if you try this in Stax with a multiple piece in the lead, your opponent will
    // remove only the top piece and your remaining piece will block your re-jump."
    // "backed up on the same diagonal by two more pieces" (b2 and a1, so b's jump stops on c3).
    let cells = |lead: &'static str| [("d4", lead), ("b2", "a"), ("a1", "a"), ("e5", "b"), ("h8", "b")];
    let mut checkers = flat("checkers", &cells("a"), 'b');
    play(&mut checkers, "e5xc3");
    assert!(legal(&checkers).contains("b2xd4"), "in Checkers the re-jump is open");
    let mut stax = flat("stax", &cells("a,a"), 'b');
    play(&mut stax, "e5xc3");
    assert_eq!(stack(&stax, "d4"), "a");
    assert!(!legal(&stax).contains("b2xd4"), "in Stax the piece left behind blocks it");
}

#[test]
fn leap_frog_rescues_prisoners_from_a_single_king() {
    // Figure 5: "If your opponent has some prisoners under a single king on your side of the
    // board and you have a double piece in position to force a jump ... s/he will leave one or
    // more checkers when s/he jumps your stack, with which you can then leap-frog right back
    // over him or her, thus rescuing your pieces."
    let mut g = flat("stax", &[("c3", "B,a"), ("d4", "a,a"), ("h2", "a")], 'b');
    assert_eq!(legal(&g), set(&["c3xe5"]));
    play(&mut g, "c3xe5");
    assert_eq!(stack(&g, "e5"), "B,a,a");
    assert_eq!(stack(&g, "d4"), "a");
    play(&mut g, "d4xf6");
    assert_eq!(stack(&g, "f6"), "a,B");
    assert_eq!(stack(&g, "e5"), "a,a", "both prisoners rescued");
}

#[test]
fn only_the_top_checker_of_a_stack_is_crowned() {
    // "If you succeed in moving a double or multiple piece to the king row, only the top
    // checker becomes a king."
    let mut g = flat("stax", &[("c7", "a,a,b"), ("h2", "b")], 'a');
    play(&mut g, "c7-d8");
    assert_eq!(stack(&g, "d8"), "A,a,b");
}

#[test]
fn the_rest_of_a_stack_must_return_to_the_king_row_unless_the_second_was_a_king() {
    // "If that king is later jumped off the top, the remaining pieces must return to the king
    // row unless the second checker in the stack was already a king."
    let mut g = flat("stax", &[("d4", "A,a"), ("e5", "b"), ("a1", "a")], 'b');
    play(&mut g, "e5xc3");
    assert_eq!(stack(&g, "d4"), "a");
    let from_d4: BTreeSet<String> = legal(&g).into_iter().filter(|m| m.starts_with("d4")).collect();
    assert_eq!(from_d4, set(&["d4-c5", "d4-e5"]), "a plain man again: forward only");

    let mut g = flat("stax", &[("d4", "A,A"), ("e5", "b"), ("a1", "a")], 'b');
    play(&mut g, "e5xc3");
    assert_eq!(stack(&g, "d4"), "A");
    assert!(legal(&g).contains("d4xb2"), "the second checker was a king, so it still moves as one");
}

#[test]
fn a_released_king_is_still_a_king() {
    // "if a king is taken prisoner and is later released, it is still a king."
    let mut g = flat("stax", &[("e5", "b,A"), ("f4", "a"), ("h8", "b")], 'a');
    play(&mut g, "f4xd6");
    assert_eq!(stack(&g, "e5"), "A");
    play(&mut g, "h8-g7");
    assert!(legal(&g).contains("e5-f4"), "the released king moves backwards: {:?}", legal(&g));
}

// ---- Queens ---------------------------------------------------------------------------------

#[test]
fn queens_sets_up_on_both_colours() {
    // "dark pieces are placed on one color, light pieces on the other."
    let g = Game::new(GameId::Queens, GameOptions::default_for(GameId::Queens), None).unwrap();
    let AnyPosition::Checkers(p) = g.position() else { unreachable!() };
    let t = p.topology();
    for c in 0..64 {
        if let Some(k) = p.top(c) {
            assert_eq!(t.is_dark(c), k.owner() == Seat(0), "{}", t.name(c));
        }
    }
}

#[test]
fn queens_men_jump_straight_forward_but_not_sideways() {
    // "non-kings may jump any forward direction, diagonally or straight forward parallel to the
    // sides of the board."
    let g = flat("queens", &[("d4", "a"), ("d5", "b"), ("e4", "b"), ("h8", "b")], 'a');
    assert_eq!(legal(&g), set(&["d4xd6"]));
}

#[test]
fn queens_kings_jump_in_eight_directions_but_move_only_diagonally() {
    // "Kings may jump in any of eight directions: Diagonally forward or backward, straight
    // forward or backward, or straight sideways right or left."
    let g = flat("queens", &[("d4", "A"), ("e4", "b"), ("d3", "b"), ("h8", "b")], 'a');
    assert_eq!(legal(&g), set(&["d4xf4", "d4xd2"]));
    // "No piece may ever move parallel to any edge of the board no matter which color it is
    // on; only jumps may occur in these directions."
    let g = flat("queens", &[("d4", "A"), ("h8", "b")], 'a');
    assert_eq!(legal(&g), set(&["d4-c3", "d4-c5", "d4-e3", "d4-e5"]));
}

// ---- Cylindrical and Universal --------------------------------------------------------------

#[test]
fn cylinder_moves_and_jumps_cross_the_side_edges() {
    // "a piece may move off of one side of the board and reappear in the corresponding next
    // space on the other. A piece may also jump in this manner."
    let cells = [("a3", "a"), ("h8", "b")];
    assert_eq!(legal(&flat("checkers", &cells, 'a')), set(&["a3-b4"]));
    assert_eq!(legal(&setup("checkers", Wrap::Cylinder, false, &cells, 'a')), set(&["a3-b4", "a3-h4"]));
    let jump = setup("stax", Wrap::Cylinder, false, &[("a3", "a"), ("h4", "b"), ("b8", "b")], 'a');
    assert_eq!(legal(&jump), set(&["a3xg5"]));
}

#[test]
fn universal_kings_cross_the_ends() {
    // "Once a king is obtained, however, it may move or jump freely across any edge of the
    // board, reappearing in the appropriate spot on the opposite edge."
    let g = setup("checkers", Wrap::Universal, false, &[("b8", "A"), ("h2", "b")], 'a');
    assert_eq!(legal(&g), set(&["b8-a7", "b8-c7", "b8-a1", "b8-c1"]));
    let cyl = setup("checkers", Wrap::Cylinder, false, &[("b8", "A"), ("h2", "b")], 'a');
    assert_eq!(legal(&cyl), set(&["b8-a7", "b8-c7"]));
}

#[test]
fn universal_corner_jump() {
    // Figure 8: "a king on space "a" can jump an opposing piece on space "b," landing on space
    // "c."" — at the corners, through both joined edges at once.
    let g = setup("checkers", Wrap::Universal, false, &[("h8", "A"), ("a1", "b"), ("d4", "b")], 'a');
    assert!(legal(&g).contains("h8xb2"), "{:?}", legal(&g));
}

#[test]
fn universal_non_kings_may_not_cross_the_ends() {
    // "One must become a king before moving or jumping across the ends, although non-kings may
    // do so along the sides. Thus a non-king may not jump an opponent's piece sitting in the
    // back row, becoming a king en route and landing across the board in his or her own back row."
    let g = setup("checkers", Wrap::Universal, false, &[("c7", "a"), ("d8", "b"), ("h2", "b")], 'a');
    assert_eq!(legal(&g), set(&["c7-b8"]));
    let side = setup("checkers", Wrap::Universal, false, &[("h4", "a"), ("a5", "b"), ("c1", "b")], 'a');
    assert_eq!(legal(&side), set(&["h4xb6"]), "along the sides non-kings do cross");
}

// ---- Numbers --------------------------------------------------------------------------------

#[test]
fn numbers_no_piece_may_jump_a_higher_number() {
    // "No piece may jump a number higher than its own! Thus a 1 may jump only a 1; a 5 may
    // jump an opponent's 5 or lower; a 12 may jump any non-king."
    let n = |mine: &str, theirs: &str| legal(&setup("checkers", Wrap::Flat, true, &[("c3", mine), ("d4", theirs), ("h8", "b1")], 'a'));
    assert_eq!(n("a5", "b7"), set(&["c3-b4"]));
    assert_eq!(n("a5", "b5"), set(&["c3xe5"]));
    assert_eq!(n("a1", "b1"), set(&["c3xe5"]));
    assert_eq!(n("a12", "b11"), set(&["c3xe5"]));
}

#[test]
fn numbers_only_a_king_may_jump_a_king() {
    // "A king may jump any piece, but only a king may jump a king."
    let n = |mine: &str, theirs: &str| legal(&setup("checkers", Wrap::Flat, true, &[("c3", mine), ("d4", theirs), ("h8", "b1")], 'a'));
    assert!(!n("a12", "B").contains("c3xe5"));
    assert!(n("A", "b12").contains("c3xe5"));
    assert!(n("A", "B").contains("c3xe5"));
}

#[test]
fn numbers_are_shuffled_by_the_seed() {
    // "These numbers are turned face down and the pieces are shuffled around before being
    // placed at random in their usual starting positions."
    let start = |seed| {
        let mut o = GameOptions::default_for(GameId::Stax);
        o.numbers = true;
        o.seed = seed;
        Game::new(GameId::Stax, o, None).unwrap().position().to_text()
    };
    assert_eq!(start(1), start(1));
    assert_ne!(start(1), start(2));
    let AnyPosition::Checkers(p) = Game::new(
        GameId::Stax,
        {
            let mut o = GameOptions::default_for(GameId::Stax);
            o.numbers = true;
            o
        },
        None,
    )
    .unwrap()
    .position()
    .clone() else {
        unreachable!()
    };
    for player in [Seat::A, Seat::B] {
        let mut nums: Vec<u8> = p.checkers_on_board().filter(|c| c.owner() == player).map(|c| c.number()).collect();
        nums.sort();
        assert_eq!(nums, (1..=12).collect::<Vec<u8>>());
    }
}

#[test]
fn stax_and_queens_have_no_move_limit_by_default_checkers_does() {
    // "The game continues in this fashion until all of one player's pieces are under those of
    // the other, or are immobile." / "the 40-move option does not apply to those games."
    for game in ["stax", "queens"] {
        let id: GameId = game.parse().unwrap();
        assert_eq!(GameOptions::default_for(id).move_limit, 0, "{game}");
        let mut g = flat(game, &[("b2", "A"), ("g7", "B")], 'a');
        // Kings shuffle far beyond eighty plies without a jump: no draw but repetition.
        for (i, m) in ["b2-c3", "g7-f6", "c3-b2", "f6-g7"].iter().cycle().take(6).enumerate() {
            assert!(g.outcome().is_none(), "{game}: ended after {i} plies");
            g.play(m).unwrap();
        }
        let text = "8/6B1/8/8/8/8/1A6/8 a 200";
        let quiet = Game::new(id, GameOptions::default_for(id), Some(text)).unwrap();
        assert!(quiet.outcome().is_none(), "{game}: 200 quiet plies must not draw by default");
        let limited = GameOptions { move_limit: 80, ..GameOptions::default_for(id) };
        let drawn = Game::new(id, limited, Some(text)).unwrap();
        assert!(drawn.outcome().is_some(), "{game}: --move-limit 80 draws after 200 quiet plies");
    }
    assert_eq!(GameOptions::default_for(GameId::Checkers).move_limit, 80);
}

#[test]
fn a_man_uncovered_on_its_king_row_waits_unless_the_crown_option_is_chosen() {
    // "If that king is later jumped off the top, the remaining pieces must return to the king
    // row unless the second checker in the stack was already a king." A Queens king jumps
    // sideways along the far row and uncovers A's man on A's king row (rulings C6).
    let mut waits = flat("queens", &[("c8", "B"), ("d8", "A,a")], 'b');
    waits.play("c8xe8").unwrap();
    assert_eq!(stack(&waits, "d8"), "a", "the uncovered man stays a man");
    assert!(legal(&waits).is_empty(), "unable to move forward, it waits: A has no move");
    let id = GameId::Queens;
    let text = waits.start_text().to_string();
    let crown = GameOptions { uncovered_man: variant_rules::checkers::UncoveredMan::Crown, ..GameOptions::default_for(id) };
    let mut crowned = Game::new(id, crown, Some(&text)).unwrap();
    crowned.play("c8xe8").unwrap();
    assert_eq!(stack(&crowned, "d8"), "A", "--uncovered-man crown: it counts as arrived");
    assert_eq!(legal(&crowned), set(&["d8xf8"]), "the new king jumps back at once");
}
