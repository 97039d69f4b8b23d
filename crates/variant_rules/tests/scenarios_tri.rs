//! The triangular boards (checkers family section V): hexagon geometry against the text's edge
//! counts, Figure 13's five jumps, every figure's starting position, king rows, the 40-move
//! option, perft at depths 1-2 counted by an independent generator, and playouts of every
//! player count x seating x game.

mod common;

use std::collections::{BTreeSet, HashMap};

use variant_rules::checkers::CheckersPosition;
use variant_rules::layout::BoardLayout;
use variant_rules::topology::{Cell, Topology};
use variant_rules::trigrid::TriBoard;
use variant_rules::{AnyPosition, Game, GameId, GameOptions, Outcome, Position, Reason, Seat, SeatSet, Side};

fn opts(game: GameId, players: u8) -> GameOptions {
    GameOptions { players, ..GameOptions::default_for(game) }
}

fn checkers(pos: &AnyPosition) -> &CheckersPosition {
    let AnyPosition::Checkers(p) = pos else { panic!("not a checkers-family position") };
    p
}

/// Every start the perft file records for the triangular games: each player count, seating
/// and figure option the text allows.
fn all_tri_starts() -> Vec<(String, GameId, GameOptions)> {
    common::perft_cases("perft-variants.txt").into_iter().filter(|c| c.game.is_triangular()).map(|c| (c.spec, c.game, c.opts)).collect()
}

/// A position text on `topo` from `(cell name, stack)` pairs, rows from the north.
fn board(topo: &Topology, pieces: &[(&str, &str)], turn: char) -> String {
    let at: HashMap<Cell, &str> = pieces.iter().map(|(c, s)| (topo.parse_cell(c).unwrap_or_else(|| panic!("no cell {c}")), *s)).collect();
    let rows: Vec<Vec<String>> = (0..topo.height())
        .rev()
        .map(|r| (0..topo.width()).filter_map(|f| topo.cell(f, r)).map(|c| at.get(&c).map_or(String::new(), |s| s.to_string())).collect())
        .collect();
    format!("{} {turn} 0", common::rows_text(&rows))
}

fn moves(pos: &AnyPosition) -> BTreeSet<String> {
    pos.legal_move_list().into_iter().map(|m| pos.move_text(m)).collect()
}

// ---- geometry ------------------------------------------------------------------------------

/// Triangles of one colour in a side's edge row.
fn edge_count(board: TriBoard, side: u8, dark: bool) -> usize {
    let t = Topology::triangles(board);
    (0..t.len() as Cell).filter(|&c| t.distance_from(Side(side), c) == 0 && t.is_dark(c) == dark).count()
}

#[test]
fn boards_have_the_rows_and_edges_the_text_gives() {
    // "8 rows across ... 10 rows ... 12 rows with the corners cut out".
    for rows in [8, 10, 12] {
        let t = Topology::triangles(TriBoard::plain(rows));
        assert_eq!(t.height(), rows);
        for side in 0..6 {
            assert_eq!((0..t.len() as Cell).map(|c| t.distance_from(Side(side), c)).max(), Some(rows - 1), "{rows} rows from side {side}");
        }
    }
    // "One edge has five dark spaces in the rear rank, and the directly opposite edge has five
    // light spaces in the rear." The other colour has four: "The other edge has only four spaces
    // of the same color in the rear rank."
    let two = TriBoard::plain(8);
    assert_eq!((edge_count(two, 3, true), edge_count(two, 0, false)), (5, 5));
    assert_eq!((edge_count(two, 0, true), edge_count(two, 3, false)), (4, 4));
    // "Three of the six sides have five spaces in the outside edge" (the others six).
    let four = TriBoard::plain(10);
    let fives: Vec<u8> = (0..6).filter(|&s| edge_count(four, s, true) == 5).collect();
    assert_eq!(fives, vec![0, 2, 4]);
    assert!([1, 3, 5].iter().all(|&s| edge_count(four, s, true) == 6));
    // 12 rows, corners cut: "every second set must use the four space back rank".
    let six = TriBoard::plain(12);
    let backs: Vec<usize> = (0..6).map(|s| edge_count(six, s, false)).collect();
    assert_eq!(backs, vec![5, 4, 5, 4, 5, 4]);
    // "Outside edges of all size boards contain at least nine spaces."
    for (board, edge) in [(two, 9), (four, 11), (six, 9), (TriBoard { rows: 12, corners: true, extra_file: false }, 13)] {
        for side in 0..6 {
            assert_eq!(edge_count(board, side, true) + edge_count(board, side, false), edge, "{board:?} side {side}");
        }
    }
}

#[test]
fn layouts_draw_every_cell_and_find_it_again() {
    for board in [TriBoard::plain(8), TriBoard::plain(10), TriBoard::plain(12), TriBoard { rows: 8, corners: false, extra_file: true }] {
        let (t, l) = (Topology::triangles(board), BoardLayout::triangles(board));
        assert_eq!(l.len(), t.len());
        assert_eq!(l.side_count(), 6);
        for (c, g) in l.cells() {
            assert_eq!(l.cell_at(g.centre), Some(c), "{}", g.name);
            assert_eq!(g.polygon.corners().len(), 3);
            assert!(g.polygon.area() > 1.29 && g.polygon.area() < 1.31, "a triangle of side sqrt(3)");
            assert_eq!(t.parse_cell(&g.name), Some(c));
            assert_eq!(g.dark, t.is_dark(c));
        }
        assert!(std::ptr::eq(BoardLayout::of(t), l));
    }
}

/// The cell a ray from `c`'s centre at `angle` degrees reaches after `dist` sides: an answer
/// from the drawn board alone, without the step tables.
fn along(layout: &BoardLayout, c: Cell, angle: f32, dist: f32) -> Option<Cell> {
    let [x, y] = layout.centre(c);
    let (s, co) = angle.to_radians().sin_cos();
    let d = dist * layout.cell_size();
    layout.cell_at([x + d * co, y + d * s])
}

/// One step and a jump's landing along line `m` (30° x m), by sampling the ray: the same-colour
/// neighbour's centre lies 1 side away (landing 2); the next triangle across a side or an angle
/// contains the point 0.9 sides away (landing 1.8), whichever the line meets first.
fn ray(layout: &BoardLayout, c: Cell, m: u32) -> (Option<Cell>, Option<Cell>) {
    let angle = 30.0 * m as f32;
    let (one, two) = if m.is_multiple_of(2) { (1.0, 2.0) } else { (0.9, 1.8) };
    let over = along(layout, c, angle, one);
    (over, over.and(along(layout, c, angle, two)))
}

#[test]
fn steps_agree_with_rays_drawn_across_the_board() {
    use variant_rules::topology::{Line, NO_CELL};
    for board in [TriBoard::plain(8), TriBoard::plain(10), TriBoard::plain(12)] {
        let (t, l) = (Topology::triangles(board), BoardLayout::triangles(board));
        for c in 0..t.len() as Cell {
            for m in 0..12u8 {
                let s = t.step(c, Line(m));
                let (over, land) = ray(l, c, m as u32);
                assert_eq!(if s == NO_CELL { None } else { Some(s) }, over, "{} line {m}", t.name(c));
                let s2 = if s == NO_CELL { NO_CELL } else { t.step(s, Line(m)) };
                assert_eq!(if s2 == NO_CELL { None } else { Some(s2) }, land, "{} line {m} twice", t.name(c));
            }
        }
    }
}

// ---- moves: Figure 13 and kings ------------------------------------------------------------

/// A cell of the colour on the north edge, out of everyone's way (B's piece in move tests).
fn far(t: &Topology, dark: bool) -> String {
    t.name((0..t.len() as Cell).rev().find(|&c| t.is_dark(c) == dark).unwrap())
}

/// The centre-most triangle of the colour a seat plays on, as a name.
fn central(t: &Topology, l: &BoardLayout, dark: bool) -> String {
    let c = (0..t.len() as Cell)
        .filter(|&c| t.is_dark(c) == dark)
        .min_by(|&a, &b| {
            let d = |c: Cell| l.centre(c)[0].powi(2) + l.centre(c)[1].powi(2);
            d(a).total_cmp(&d(b))
        })
        .unwrap();
    t.name(c)
}

/// Two-player Tri-Queens (`--tri-steps open` or blocked): its options, board, layout, and A's
/// centre-most triangle (name, cell).
fn queens_centre(open: bool) -> (GameOptions, &'static Topology, &'static BoardLayout, String, Cell) {
    let o = GameOptions { tri_steps_open: open, ..opts(GameId::TriQueens, 2) };
    let start = AnyPosition::start(GameId::TriQueens, &o).unwrap();
    let p = checkers(&start);
    let (t, l) = (p.topology(), BoardLayout::of(p.topology()));
    let x = central(t, l, p.table().dark[Seat(0)]);
    let xc = t.parse_cell(&x).unwrap();
    (o, t, l, x, xc)
}

#[test]
fn figure_13_a_queens_man_jumps_in_five_directions_and_never_from_a_to_b() {
    // "From the position occupied by the checker at X, any opposing piece located on spaces A,
    // B, C, D, or E may be jumped, landing respectively on spaces a, b, c, d, and e."
    let (o, t, l, x, xc) = queens_centre(true);
    // A's forward is north (90°): the five jumps point 150°, 120°, 90°, 60°, 30°.
    let lines = [5, 4, 3, 2, 1];
    let targets: Vec<(String, String)> = lines
        .iter()
        .map(|&m| {
            let (over, land) = ray(l, xc, m);
            (t.name(over.unwrap()), t.name(land.unwrap()))
        })
        .collect();
    let away = far(t, !t.is_dark(xc));
    let mut pieces: Vec<(&str, &str)> = vec![(x.as_str(), "a"), (away.as_str(), "b")];
    pieces.extend(targets.iter().map(|(over, _)| (over.as_str(), "b")));
    let pos = AnyPosition::from_text(GameId::TriQueens, &o, &board(t, &pieces, 'a')).unwrap();
    let expected: BTreeSet<String> = targets.iter().map(|(_, land)| format!("{x}x{land}")).collect();
    assert_eq!(moves(&pos), expected, "the five jumps of Figure 13");
    // Only A occupied: the jump lands on a, never on B (the same-coloured space beside A).
    let (a_over, a_land) = &targets[0];
    let b_cell = &targets[1].0;
    let pos = AnyPosition::from_text(GameId::TriQueens, &o, &board(t, &[(x.as_str(), "a"), (a_over.as_str(), "b"), (away.as_str(), "b")], 'a')).unwrap();
    assert_eq!(moves(&pos), BTreeSet::from([format!("{x}x{a_land}")]));
    assert!(!moves(&pos).contains(&format!("{x}x{b_cell}")), "\"this is an impermissible move\"");
}

#[test]
fn men_move_two_ways_and_kings_six_in_checkers_and_stax() {
    // "Non-kings in Checkers and Stax move and jump in either of two diagonally forward
    // directions. Kings, however, may move and jump in any of six directions."
    for game in [GameId::TriChek, GameId::TriStax] {
        let o = opts(game, 2);
        let start = AnyPosition::start(game, &o).unwrap();
        let t = checkers(&start).topology();
        let l = BoardLayout::of(t);
        let x = central(t, l, true);
        let away = far(t, true);
        for (stack, count) in [("a", 2), ("A", 6)] {
            let pos = AnyPosition::from_text(game, &o, &board(t, &[(x.as_str(), stack), (away.as_str(), "b")], 'a')).unwrap();
            assert_eq!(moves(&pos).len(), count, "{game} {stack}");
        }
        // A king jumps in six directions too.
        let xc = t.parse_cell(&x).unwrap();
        let mut pieces = vec![(x.clone(), "A".to_string())];
        for m in [0, 2, 4, 6, 8, 10] {
            pieces.push((t.name(ray(l, xc, m).0.unwrap()), "b".into()));
        }
        let refs: Vec<(&str, &str)> = pieces.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        let pos = AnyPosition::from_text(game, &o, &board(t, &refs, 'a')).unwrap();
        assert_eq!(moves(&pos).len(), 6, "{game}: six king jumps");
    }
}

#[test]
fn a_tri_queens_king_jumps_in_twelve_directions() {
    // Rulings T7: the king's jumps are the man's five, turned every way (as a square-board
    // Queens king jumps in all eight).
    for (open, count) in [(true, 12), (false, 6)] {
        let (o, t, l, x, xc) = queens_centre(open);
        let mut pieces = vec![(x.clone(), "A".to_string())];
        for m in 0..12 {
            pieces.push((t.name(ray(l, xc, m).0.unwrap()), "b".into()));
        }
        let refs: Vec<(&str, &str)> = pieces.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        let pos = AnyPosition::from_text(GameId::TriQueens, &o, &board(t, &refs, 'a')).unwrap();
        let jumps: Vec<String> = moves(&pos).into_iter().filter(|m| m.contains('x')).collect();
        // Blocked: the six jumps along even lines pass over the occupied triangles beside the king.
        assert_eq!(jumps.len(), count, "open {open}: {jumps:?}");
    }
}

/// The triangle a ray along even line `m` from `c` crosses halfway to the next triangle of
/// `c`'s colour, from the drawn board alone (rulings T7(b)).
fn halfway(layout: &BoardLayout, c: Cell, m: u32) -> Option<Cell> {
    along(layout, c, 30.0 * m as f32, 0.5)
}

#[test]
fn tri_steps_open_an_occupied_triangle_of_the_other_colour_does_not_block_a_step() {
    // Rulings T7(b), `--tri-steps open`: a step goes corner to corner, as on the square board.
    let (o, t, l, x, xc) = queens_centre(true);
    // The other-coloured triangles the two forward steps pass, held by B's men; their jumps'
    // landings taken too, so only steps remain.
    let beside: Vec<String> = [2, 4].iter().map(|&m| t.name(halfway(l, xc, m).unwrap())).collect();
    let mut pieces: Vec<(String, &str)> = vec![(x.clone(), "a")];
    for c in &beside {
        let bc = t.parse_cell(c).unwrap();
        for m in 0..12 {
            // Whatever line leads from X over that triangle, its landing is taken.
            if ray(l, xc, m).0 == Some(bc) {
                pieces.push((t.name(ray(l, xc, m).1.unwrap()), "b"));
            }
        }
        pieces.push((c.clone(), "b"));
    }
    let refs: Vec<(&str, &str)> = pieces.iter().map(|(a, b)| (a.as_str(), *b)).collect();
    let pos = AnyPosition::from_text(GameId::TriQueens, &o, &board(t, &refs, 'a')).unwrap();
    let steps = moves(&pos).into_iter().filter(|m| m.starts_with(&format!("{x}-"))).count();
    assert_eq!(steps, 2, "{:?}", moves(&pos));
}

#[test]
fn tri_steps_blocked_a_step_or_jump_may_not_pass_over_an_occupied_triangle_between_corners() {
    // "Jumps B and D are over pieces on the same colored space, and so pass over sides of
    // triangles only as in Stax." / "All jumps over a piece resting on an opposite colored space
    // must pass over one side and one angle of the space being crossed." / "It might appear at
    // first glance that the checker at X could jump a piece on space A and land on space B, but
    // this is an impermissible move." Rulings T7(b), `--tri-steps blocked` (the default).
    let (o, t, l, x, xc) = queens_centre(false);
    assert!(!o.tri_steps_open, "blocked is the default of a new game");
    let away = far(t, !t.is_dark(xc));
    let others = |pieces: &[(String, &str)]| {
        let mut v: Vec<(String, &str)> = pieces.to_vec();
        v.push((away.clone(), "b"));
        let refs: Vec<(&str, &str)> = v.iter().map(|(a, b)| (a.as_str(), *b)).collect();
        AnyPosition::from_text(GameId::TriQueens, &o, &board(t, &refs, 'a')).unwrap()
    };
    for m in [2u32, 4] {
        let (step, land) = (ray(l, xc, m).0.unwrap(), ray(l, xc, m).1.unwrap());
        let between = halfway(l, xc, m).unwrap();
        assert_ne!(t.is_dark(between), t.is_dark(xc), "the triangle between is of the other colour");
        // A step past an empty triangle is open; past an occupied one it is blocked.
        let free = others(&[(x.clone(), "a")]);
        assert!(moves(&free).contains(&format!("{x}-{}", t.name(step))));
        // B's man between, and the landing of X's jump over it taken, so only steps are left.
        let over_it = (0..12).find(|&n| ray(l, xc, n).0 == Some(between)).unwrap();
        let held = others(&[(x.clone(), "a"), (t.name(between), "b"), (t.name(ray(l, xc, over_it).1.unwrap()), "b")]);
        let open_pos = AnyPosition::from_text(GameId::TriQueens, &GameOptions { tri_steps_open: true, ..o }, &held.to_text()).unwrap();
        assert!(!moves(&held).contains(&format!("{x}-{}", t.name(step))), "line {m}: {:?}", moves(&held));
        assert!(moves(&open_pos).contains(&format!("{x}-{}", t.name(step))), "open: line {m}");
        // Jump B or D over a same-coloured piece: allowed alone, blocked when the triangle
        // between X and it is occupied too (here by A's own man, so nothing else to jump).
        let jump = format!("{x}x{}", t.name(land));
        let alone = others(&[(x.clone(), "a"), (t.name(step), "b")]);
        assert!(moves(&alone).contains(&jump), "line {m}: {:?}", moves(&alone));
        let past = others(&[(x.clone(), "a"), (t.name(step), "b"), (t.name(between), "a")]);
        assert!(!moves(&past).contains(&jump), "line {m}: {:?}", moves(&past));
        // Or when the triangle between the jumped piece and the landing is.
        let beyond = halfway(l, step, m).unwrap();
        let past = others(&[(x.clone(), "a"), (t.name(step), "b"), (t.name(beyond), "a")]);
        assert!(!moves(&past).contains(&jump), "line {m} beyond: {:?}", moves(&past));
    }
}

#[test]
fn tri_queens_saved_before_tri_steps_load_open() {
    // Old saves load unchanged: options without `tri_steps_open` play as before (open).
    let mut json = serde_json::to_value(opts(GameId::TriQueens, 2)).unwrap();
    json.as_object_mut().unwrap().remove("tri_steps_open");
    let old: GameOptions = serde_json::from_value(json).unwrap();
    assert!(old.tri_steps_open);
    assert!(!opts(GameId::TriQueens, 2).tri_steps_open);
}

// ---- starting positions --------------------------------------------------------------------

/// `seat`'s checkers per row from its own edge.
fn rows_of(p: &CheckersPosition, seat: Seat) -> Vec<usize> {
    let t = p.topology();
    let mut rows = vec![0; t.height() as usize];
    for c in 0..t.len() as Cell {
        if p.stack(c).any(|k| k.owner() == seat) {
            rows[t.distance_from(p.side(seat), c) as usize] += 1;
        }
    }
    while rows.last() == Some(&0) {
        rows.pop();
    }
    rows
}

#[test]
fn every_start_gives_each_seat_twelve_checkers_on_its_colour_and_no_first_move_jumps() {
    for (spec, game, o) in all_tri_starts() {
        let pos = AnyPosition::start(game, &o).unwrap();
        let p = checkers(&pos);
        let t = p.topology();
        for seat in p.seating().seats() {
            let mine: Vec<Cell> = (0..t.len() as Cell).filter(|&c| p.top(c).is_some_and(|k| k.owner() == seat)).collect();
            assert_eq!(mine.len(), 12, "{spec}: seat {seat:?}");
            assert!(mine.iter().all(|&c| t.is_dark(c) == p.table().dark[seat]), "{spec}: seat {seat:?} off its colour");
            // No seat can jump at the start, whoever moves first.
            let text = pos.to_text();
            let mut f: Vec<&str> = text.split_whitespace().collect();
            let letter = seat.letter().to_ascii_lowercase().to_string();
            f[1] = &letter;
            let as_seat = AnyPosition::from_text(game, &o, &f.join(" ")).unwrap();
            assert!(moves(&as_seat).iter().all(|m| !m.contains('x')), "{spec}: {letter} can jump at the start");
        }
    }
}

#[test]
fn figure_14_two_players_five_four_three_against_four_five_three_or_the_extra_file() {
    // "five checkers in the back row, four in the next, and three in the front ... This player
    // must therefore place four pieces in the back row, five in the middle, and three
    // off-center in front."
    let pos = AnyPosition::start(GameId::TriChek, &opts(GameId::TriChek, 2)).unwrap();
    let p = checkers(&pos);
    assert_eq!(rows_of(p, Seat(0)), vec![4, 5, 3]);
    assert_eq!(rows_of(p, Seat(1)), vec![5, 4, 3]);
    // "If player A puts the piece at point "a" in the middle row at point "b" instead, and
    // players use part of an extra file ... starting positions become identical and both
    // players have an equal number of spaces where they may king a piece."
    let o = GameOptions { symmetric: true, ..opts(GameId::TriChek, 2) };
    let pos = AnyPosition::start(GameId::TriChek, &o).unwrap();
    let p = checkers(&pos);
    assert_eq!(rows_of(p, Seat(0)), vec![5, 4, 3]);
    assert_eq!(rows_of(p, Seat(1)), vec![5, 4, 3]);
    assert_eq!(p.topology().len(), 104, "the extra file's eight triangles");
    let king_cells = |seat: Seat| kings_row(p, seat).len();
    assert_eq!(king_cells(Seat(0)), king_cells(Seat(1)), "equal numbers of spaces to king on");
    assert_eq!(king_cells(Seat(0)), 5);
    // Tri-Queens: both players on five-space rear ranks, on opposite colours.
    let pos = AnyPosition::start(GameId::TriQueens, &opts(GameId::TriQueens, 2)).unwrap();
    let p = checkers(&pos);
    assert_eq!((rows_of(p, Seat(0)), rows_of(p, Seat(1))), (vec![5, 4, 3], vec![5, 4, 3]));
    assert_ne!(p.table().dark[Seat(0)], p.table().dark[Seat(1)]);
}

/// The cells of `seat`'s colour where its men are crowned (no forward step left).
fn kings_row(p: &CheckersPosition, seat: Seat) -> Vec<Cell> {
    let t = p.topology();
    let l = BoardLayout::of(t);
    let forward = 90.0 - 60.0 * p.side(seat).0 as f32;
    (0..t.len() as Cell)
        .filter(|&c| t.is_dark(c) == p.table().dark[seat])
        .filter(|&c| along(l, c, forward - 30.0, 1.0).is_none() && along(l, c, forward + 30.0, 1.0).is_none())
        .collect()
}

#[test]
fn figures_15_to_17_three_and_four_players_on_ten_rows() {
    // Three players: "Three of the six sides have five spaces in the outside edge. Thus three
    // player Checkers and Stax neatly fit."
    let pos = AnyPosition::start(GameId::TriStax, &opts(GameId::TriStax, 3)).unwrap();
    let p = checkers(&pos);
    for s in 0..3 {
        assert_eq!(rows_of(p, Seat(s)), vec![5, 4, 3]);
        assert_eq!(p.side(Seat(s)), Side(2 * s));
    }
    // Four: "One of each pair sets up with a five space back row. The other positions his or her
    // rear rank on the remaining five spaces of an adjacent six space back row."
    let o = GameOptions { seating: variant_rules::checkers::DoublesSeating::PartnersAdjacent, ..opts(GameId::TriChek, 4) };
    let pos = AnyPosition::start(GameId::TriChek, &o).unwrap();
    let p = checkers(&pos);
    let t = p.topology();
    for s in 0..4 {
        assert_eq!(rows_of(p, Seat(s)), vec![5, 4, 3], "seat {s}");
        let edge = (0..t.len() as Cell).filter(|&c| t.distance_from(p.side(Seat(s)), c) == 0 && t.is_dark(c)).count();
        assert_eq!(edge, if s == 0 || s == 3 { 5 } else { 6 }, "A and D on five-space edges, B and C on six");
    }
    // The table under Figure 17: sequences and teams.
    use variant_rules::checkers::DoublesSeating::*;
    for (seating, order, teams) in [(CutThroat, "ABCD", 4), (PartnersAdjacent, "ACBD", 2), (PartnersOpposite, "ABCD", 2), (PartnersGap, "DBAC", 2)] {
        let o = GameOptions { seating, ..opts(GameId::TriStax, 4) };
        let pos = AnyPosition::start(GameId::TriStax, &o).unwrap();
        let seats: String = pos.seating().order().iter().map(|s| s.letter()).collect();
        assert_eq!(seats, order, "{seating}");
        assert_eq!(pos.seating().teams().len(), teams);
        assert_eq!(pos.turn(), pos.seating().order()[0], "{seating}: the first in the sequence moves first");
    }
    let o = GameOptions { seating: PartnersGap, ..opts(GameId::TriStax, 4) };
    let pos = AnyPosition::start(GameId::TriStax, &o).unwrap();
    assert_eq!(pos.seating().team(Seat(0)), SeatSet::of(&[Seat(0), Seat(3)]), "AD vs. BC");
}

#[test]
fn sequence_prose_takes_the_sentences_orders_where_they_differ_from_the_table() {
    // The table under Figure 17: "Cut-Throat A, B, C, D" ... "Partners, AD vs. BC D, B, A, C";
    // the prose: "AD vs. BC in Figure 16. In this event, sequence of moves is D, C, A, B." /
    // "Sequence for cut-throat is A, C, B, D in Figure 16." Rulings T3: `--sequence prose`.
    use variant_rules::checkers::DoublesSeating::*;
    for game in [GameId::TriChek, GameId::TriStax, GameId::TriQueens] {
        for (seating, table, prose) in [(CutThroat, "ABCD", "ACBD"), (PartnersGap, "DBAC", "DCAB")] {
            for (prose_sequence, order) in [(false, table), (true, prose)] {
                let o = GameOptions { seating, prose_sequence, ..opts(game, 4) };
                let pos = AnyPosition::start(game, &o).unwrap();
                let seats: String = pos.seating().order().iter().map(|s| s.letter()).collect();
                assert_eq!(seats, order, "{game} {seating} prose {prose_sequence}");
                assert_eq!(pos.turn(), pos.seating().order()[0]);
                // The teams and the seats' places stay as they are.
                let table_pos = AnyPosition::start(game, &GameOptions { prose_sequence: false, ..o }).unwrap();
                assert_eq!(pos.seating().teams(), table_pos.seating().teams());
                assert_eq!(checkers(&pos).to_text().split(' ').next(), checkers(&table_pos).to_text().split(' ').next());
            }
        }
        // Where the prose and the table agree, or with other counts, the option is refused.
        for (players, seating) in [(4, PartnersAdjacent), (4, PartnersOpposite), (2, CutThroat), (3, CutThroat), (6, CutThroat)] {
            let o = GameOptions { seating, prose_sequence: true, ..opts(game, players) };
            let e = o.validate(game).unwrap_err();
            assert!(e.contains("--sequence prose") && !e.contains('\n'), "{game} {players} {seating}: {e}");
        }
    }
    let o = GameOptions { prose_sequence: true, ..GameOptions::default_for(GameId::Stax) };
    assert!(o.validate(GameId::Stax).unwrap_err().contains("--sequence prose"));
}

#[test]
fn figures_18_and_19_open_and_closed_partners_on_opposite_colours() {
    let base = GameOptions {
        seating: variant_rules::checkers::DoublesSeating::PartnersAdjacent,
        queens_colours: variant_rules::checkers::QueensColours::Mixed,
        ..opts(GameId::TriQueens, 4)
    };
    let spread = |open: bool| {
        let pos = AnyPosition::start(GameId::TriQueens, &GameOptions { queens_open: open, ..base }).unwrap();
        let p = checkers(&pos).clone();
        // The distance between partners A and B's nearest checkers.
        let l = BoardLayout::of(p.topology());
        let of =
            |s: Seat| -> Vec<[f32; 2]> { (0..p.topology().len() as Cell).filter(|&c| p.top(c).is_some_and(|k| k.owner() == s)).map(|c| l.centre(c)).collect() };
        let (a, b) = (of(Seat(0)), of(Seat(1)));
        assert_ne!(p.table().dark[Seat(0)], p.table().dark[Seat(1)], "adjacent partners on opposite colours");
        a.iter().flat_map(|x| b.iter().map(move |y| (x[0] - y[0]).hypot(x[1] - y[1]))).fold(f32::INFINITY, f32::min)
    };
    assert!(spread(false) < spread(true), "the closed position keeps partners nearer than the open one");
    // "If adjacent pairs are placed on opposite colors, such pairs must be partners."
    let cut = GameOptions { seating: variant_rules::checkers::DoublesSeating::CutThroat, ..base };
    assert!(AnyPosition::start(GameId::TriQueens, &cut).is_err());
}

#[test]
fn figures_20_to_23_five_and_six_players_on_twelve_rows() {
    use variant_rules::checkers::DoublesSeating::*;
    // "every second set must use the four space back rank with five in the middle and three
    // off-center in front".
    let pos = AnyPosition::start(GameId::TriChek, &opts(GameId::TriChek, 6)).unwrap();
    let p = checkers(&pos);
    for s in 0..6 {
        assert_eq!(rows_of(p, Seat(s)), if s % 2 == 0 { vec![5, 4, 3] } else { vec![4, 5, 3] }, "seat {s}");
    }
    // "symmetry may be achieved if instead of placing the pieces at points "a," they are placed
    // in the corners marked "b"".
    let pos = AnyPosition::start(GameId::TriChek, &GameOptions { symmetric: true, ..opts(GameId::TriChek, 6) }).unwrap();
    let p = checkers(&pos);
    assert!((0..6).all(|s| rows_of(p, Seat(s)) == vec![5, 4, 3]));
    assert_eq!(p.topology().len(), 216, "the corners are in play");
    // Sequences: "A, C, E, B, D, F" (AB vs. CD vs. EF), "A, B, C, D, E, F" (AD vs. BE vs. CF),
    // "F, C, A, D, B, E" (ABF vs. CDE).
    for (seating, order, team_a) in
        [(PartnersAdjacent, "ACEBDF", "AB"), (PartnersOpposite, "ABCDEF", "AD"), (Trios, "FCADBE", "ABF"), (CutThroat, "ABCDEF", "A")]
    {
        let pos = AnyPosition::start(GameId::TriStax, &GameOptions { seating, ..opts(GameId::TriStax, 6) }).unwrap();
        let seats: String = pos.seating().order().iter().map(|s| s.letter()).collect();
        assert_eq!(seats, order, "{seating}");
        assert_eq!(pos.seating().team(Seat(0)).letters(), team_a, "{seating}");
    }
    // Figure 21: "Partners must sit adjacent in closed positions (Figure 19), and each player has
    // one advanced piece."
    let pos = AnyPosition::start(GameId::TriQueens, &GameOptions { seating: PartnersAdjacent, ..opts(GameId::TriQueens, 6) }).unwrap();
    let p = checkers(&pos);
    for s in 0..6 {
        assert_eq!(rows_of(p, Seat(s)), vec![4, 4, 3, 1], "seat {s}: one advanced piece");
    }
    // Figure 23 in cut-throat: "the advanced piece is impermissible in cut-throat, so the missing
    // corners at positions "b" must be used"; trios keep the advanced pieces (four of six).
    let pos = AnyPosition::start(GameId::TriQueens, &opts(GameId::TriQueens, 6)).unwrap();
    let p = checkers(&pos);
    assert!((0..6).all(|s| rows_of(p, Seat(s)) == vec![5, 4, 3]));
    let pos = AnyPosition::start(GameId::TriQueens, &GameOptions { seating: Trios, ..opts(GameId::TriQueens, 6) }).unwrap();
    let p = checkers(&pos);
    let advanced = (0..6).filter(|&s| rows_of(p, Seat(s)) == vec![4, 4, 3, 1]).count();
    assert_eq!(advanced, 4, "\"four of the six players beginning in advanced positions\"");
    // Five players: one side left empty; "Figure 23 is also the only possible setup for playing
    // five or six player cut-throat".
    let pos = AnyPosition::start(GameId::TriQueens, &opts(GameId::TriQueens, 5)).unwrap();
    assert_eq!(pos.seating().count(), 5);
}

#[test]
fn arrangements_the_text_rules_out_are_one_line_errors() {
    use variant_rules::checkers::DoublesSeating::*;
    let bad = [
        (GameId::TriChek, GameOptions { seating: PartnersAdjacent, ..opts(GameId::TriChek, 3) }, "necessarily cut-throat"),
        (GameId::TriStax, GameOptions { seating: Trios, ..opts(GameId::TriStax, 4) }, "does not seat 4"),
        (GameId::TriStax, GameOptions { seating: PartnersGap, ..opts(GameId::TriStax, 6) }, "does not seat 6"),
        (GameId::TriQueens, GameOptions { seating: PartnersOpposite, ..opts(GameId::TriQueens, 6) }, "only possible"),
        (GameId::TriQueens, GameOptions { symmetric: true, ..opts(GameId::TriQueens, 2) }, "no such difficulty"),
        (GameId::TriChek, GameOptions { symmetric: true, ..opts(GameId::TriChek, 4) }, "no symmetry problems"),
        (GameId::TriStax, GameOptions { forty_moves: true, ..opts(GameId::TriStax, 2) }, "does not apply"),
        (GameId::TriChek, GameOptions { players: 7, ..opts(GameId::TriChek, 2) }, "2 to 6"),
    ];
    for (game, o, words) in bad {
        let e = o.validate(game).unwrap_err();
        assert!(e.contains(words) && !e.contains('\n'), "{game}: {e}");
        assert!(AnyPosition::start(game, &o).is_err());
    }
}

// ---- king rows -----------------------------------------------------------------------------

#[test]
fn men_are_crowned_where_no_forward_step_is_left() {
    // The far edge's row for every seat of a six-player board with cut corners (rulings T6).
    let pos = AnyPosition::start(GameId::TriChek, &opts(GameId::TriChek, 6)).unwrap();
    let p = checkers(&pos);
    let t = p.topology();
    for s in 0..6u8 {
        let seat = Seat(s);
        let row = kings_row(p, seat);
        let far = Side((s + 3) % 6);
        // Every cell of the far edge row is one; the rest sit where a cut corner ends a row.
        assert!(row.iter().filter(|&&c| t.distance_from(far, c) == 0).count() >= 4);
        assert!(row.iter().all(|&c| t.distance_from(far, c) <= 1), "seat {s}");
        // A man stepping onto one is crowned.
        let target = row[row.len() / 2];
        let l = BoardLayout::of(t);
        let forward = 90.0 - 60.0 * s as f32;
        let from = (0..t.len() as Cell)
            .find(|&c| t.is_dark(c) == p.table().dark[seat] && along(l, c, forward + 30.0, 1.0) == Some(target))
            .or_else(|| (0..t.len() as Cell).find(|&c| t.is_dark(c) == p.table().dark[seat] && along(l, c, forward - 30.0, 1.0) == Some(target)))
            .unwrap();
        let me = ((b'a' + s) as char).to_string();
        let other_seat = ((b'a' + (s + 1) % 6) as char).to_string();
        let spot = (0..t.len() as Cell).find(|&c| t.is_dark(c) == p.table().dark[Seat((s + 1) % 6)] && t.distance_from(Side((s + 1) % 6), c) == 0).unwrap();
        let text = board(t, &[(&t.name(from), me.as_str()), (&t.name(spot), other_seat.as_str())], (b'a' + s) as char);
        let mut g = Game::new(GameId::TriChek, opts(GameId::TriChek, 6), Some(&text)).unwrap();
        g.play(&format!("{}-{}", t.name(from), t.name(target))).unwrap();
        assert!(checkers(g.position()).top(target).unwrap().is_king(), "seat {s} crowned on {}", t.name(target));
    }
}

// ---- the 40-move option --------------------------------------------------------------------

#[test]
fn forty_moves_without_a_jump_among_kings_go_to_the_most_pieces() {
    // "After all remaining pieces are kings, therefore, any player may invoke the 40-move
    // option. Under this rule, if 40 moves are made with no piece being jumped, the player with
    // the most pieces remaining becomes the winner."
    let o = opts(GameId::TriChek, 3);
    let start = AnyPosition::start(GameId::TriChek, &o).unwrap();
    let t = checkers(&start).topology();
    let dark: Vec<String> = (0..t.len() as Cell).filter(|&c| t.is_dark(c)).map(|c| t.name(c)).collect();
    // A has two kings, B one, C one, far apart; 119 quiet plies: the next king move is the 120th.
    let pieces = [(dark[10].as_str(), "A"), (dark[40].as_str(), "A"), (dark[60].as_str(), "B"), (dark[70].as_str(), "C")];
    let text = board(t, &pieces, 'a').replace(" a 0", " a 119");
    let mut g = Game::new(GameId::TriChek, o, Some(&text)).unwrap();
    assert_eq!(g.outcome(), None);
    let m = g.position().legal_move_list().into_iter().find(|&m| !g.position().move_path(m).capture).unwrap();
    g.play_move(m);
    assert_eq!(g.outcome(), Some(Outcome::team(SeatSet::single(Seat(0)), Reason::MostPieces)));
    // A tie for the most is a draw; a man left on the board keeps the count off; so does the option.
    let tie = board(t, &[(dark[10].as_str(), "A"), (dark[60].as_str(), "B"), (dark[70].as_str(), "C")], 'a').replace(" a 0", " a 120");
    let g = Game::new(GameId::TriChek, o, Some(&tie)).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::MostPieces)));
    let man =
        board(t, &[(dark[10].as_str(), "A"), (dark[40].as_str(), "a"), (dark[60].as_str(), "B"), (dark[70].as_str(), "C")], 'a').replace(" a 0", " a 120");
    assert_eq!(Game::new(GameId::TriChek, o, Some(&man)).unwrap().outcome(), None);
    // With C out of the game only A and B move: forty moves each are 80 plies.
    let two_left = board(t, &[(dark[10].as_str(), "A"), (dark[40].as_str(), "A"), (dark[60].as_str(), "B")], 'a');
    let g = Game::new(GameId::TriChek, o, Some(&two_left.replace(" a 0", " a 79"))).unwrap();
    assert_eq!(g.outcome(), None);
    let g = Game::new(GameId::TriChek, o, Some(&two_left.replace(" a 0", " a 80"))).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::team(SeatSet::single(Seat(0)), Reason::MostPieces)));
    let off = GameOptions { forty_moves: false, ..o };
    assert_eq!(Game::new(GameId::TriChek, off, Some(&text.replace(" a 119", " a 120"))).unwrap().outcome(), None);
}

// ---- perft, counted independently ----------------------------------------------------------

/// Moves of the seat on `side` (its men only: a start has no kings) on a board of `owner`s,
/// generated from rays drawn on the layout: depth-first jump sequences (compulsory, maximal,
/// crowning ends them), else steps. With `blocked` (Tri-Queens, `--tri-steps blocked`) a move
/// along an even line may not pass over an occupied triangle halfway between two corners.
/// Returns the boards after each move and the mover.
fn independent_moves(game: GameId, layout: &BoardLayout, board: &[Option<Seat>], seat: Seat, side: u8, team: SeatSet, blocked: bool) -> Vec<Vec<Option<Seat>>> {
    let forward = 3 + 12 - 2 * side as u32; // 90° - 60° x side, in 30° lines
    let lines: Vec<u32> =
        if game == GameId::TriQueens { (0..5).map(|i| (forward + 10 + i) % 12).collect() } else { vec![(forward + 11) % 12, (forward + 1) % 12] };
    let steps = [(forward + 11) % 12, (forward + 1) % 12];
    let crowned = |c: Cell| steps.iter().all(|&m| ray(layout, c, m).0.is_none());
    let mut out = Vec::new();
    for from in (0..board.len() as Cell).filter(|&c| board[c as usize] == Some(seat)) {
        let mut b = board.to_vec();
        b[from as usize] = None;
        let rules = Hop { lines: &lines, crowned: &crowned, seat, team, blocked };
        jumps(layout, &rules, &mut b, from, &mut Vec::new(), false, &mut out);
    }
    if !out.is_empty() {
        return out;
    }
    for from in (0..board.len() as Cell).filter(|&c| board[c as usize] == Some(seat)) {
        for &m in &steps {
            if let Some(to) = ray(layout, from, m).0
                && board[to as usize].is_none()
                && !(blocked && passes_a_piece(layout, board, from, m))
            {
                let mut b = board.to_vec();
                b[from as usize] = None;
                b[to as usize] = Some(seat);
                out.push(b);
            }
        }
    }
    out
}

/// Whether a move along even line `m` from `c` passes over an occupied triangle halfway.
fn passes_a_piece(layout: &BoardLayout, b: &[Option<Seat>], c: Cell, m: u32) -> bool {
    m.is_multiple_of(2) && halfway(layout, c, m).is_some_and(|h| b[h as usize].is_some())
}

/// What a jump sequence of the independent generator may do.
struct Hop<'a> {
    lines: &'a [u32],
    crowned: &'a dyn Fn(Cell) -> bool,
    seat: Seat,
    team: SeatSet,
    blocked: bool,
}

fn jumps(layout: &BoardLayout, h: &Hop, b: &mut Vec<Option<Seat>>, at: Cell, jumped: &mut Vec<Cell>, hopped: bool, out: &mut Vec<Vec<Option<Seat>>>) {
    let mut any = false;
    if !(hopped && (h.crowned)(at)) {
        for &m in h.lines {
            let (Some(over), Some(land)) = ray(layout, at, m) else { continue };
            let Some(victim) = b[over as usize] else { continue };
            if h.team.contains(victim) || jumped.contains(&over) || b[land as usize].is_some() {
                continue;
            }
            if h.blocked && (passes_a_piece(layout, b, at, m) || passes_a_piece(layout, b, over, m)) {
                continue;
            }
            any = true;
            jumped.push(over);
            jumps(layout, h, b, land, jumped, true, out);
            jumped.pop();
        }
    }
    if !any && hopped {
        let mut done = b.clone();
        for &c in jumped.iter() {
            done[c as usize] = None;
        }
        done[at as usize] = Some(h.seat);
        out.push(done);
    }
}

#[test]
fn perft_at_depths_1_and_2_matches_an_independent_count() {
    let mut checked = 0;
    for (spec, game, o) in all_tri_starts() {
        if o.numbers {
            continue; // the independent generator does not know numbers
        }
        let pos = AnyPosition::start(game, &o).unwrap();
        let p = checkers(&pos);
        let t = p.topology();
        let layout = BoardLayout::of(t);
        let board: Vec<Option<Seat>> = (0..t.len() as Cell).map(|c| p.top(c).map(|k| k.owner())).collect();
        let seating = pos.seating();
        let first = pos.turn();
        let blocked = game == GameId::TriQueens && !o.tri_steps_open;
        let firsts = independent_moves(game, layout, &board, first, p.side(first).0, seating.team(first), blocked);
        assert_eq!(pos.perft(1), firsts.len() as u64, "{spec} depth 1");
        let second = seating.next(first);
        let depth2: usize = firsts.iter().map(|b| independent_moves(game, layout, b, second, p.side(second).0, seating.team(second), blocked).len()).sum();
        assert_eq!(pos.perft(2), depth2 as u64, "{spec} depth 2");
        checked += 1;
    }
    assert!(checked >= 40, "{checked} starts checked");
}

// ---- playouts ------------------------------------------------------------------------------

#[test]
fn random_games_of_every_seating_keep_hash_text_and_undo_straight() {
    for (spec, game, o) in all_tri_starts() {
        let o = GameOptions { move_limit: 150, ..o };
        let mut plies = 0;
        let g = common::random_game(game, o, 11, 400, |g: &Game| {
            let pos = g.position();
            let text = pos.to_text();
            let again = AnyPosition::from_text(game, &o, &text).unwrap_or_else(|e| panic!("{spec}: {text}: {e}"));
            assert_eq!(again.to_text(), text, "{spec}");
            assert_eq!(again.hash(), pos.hash(), "{spec}");
            let p = checkers(pos);
            assert_eq!(p.hash(), p.recompute_hash(), "{spec}: {text}");
            let mut q = p.clone();
            let mut legal = Vec::new();
            p.legal_moves(&mut legal);
            for m in legal {
                let u = q.play_unchecked(m);
                q.undo(m, u);
                assert_eq!(q.to_text(), text, "{spec}: undo of {}", p.move_text(m));
            }
            plies += 1;
        });
        assert!(plies > 20, "{spec}: only {plies} plies");
        let _ = g;
    }
}
