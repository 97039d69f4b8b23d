//! Who sits where on the triangular boards (Tri-Chek, Tri-Stax, Tri-Queens for 2-6 players):
//! the hexagon for the player count, each seat's side, colour, sequence and teams, and its
//! twelve starting checkers (Figures 14-23 rebuilt from their sentences: rulings T1-T12).
//!
//! Seats are lettered clockwise round the table from A on the south side. A seat's checkers
//! stand in a *formation* of rows counted from its own edge, described in the seat's frame
//! ([`trigrid::seat_frame`]): how many triangles of its colour each row holds and how far the
//! formation leans to the seat's right (`+1`) or left (`-1`) when it cannot be centred.

use super::{CheckersGame, CheckersRules, DoublesSeating, QueensColours, Table};
use crate::position::{PerSeat, Seat, SeatSet, Seating};
use crate::topology::{Cell, Side};
use crate::trigrid::{self, TriBoard};

/// The hexagon's sides the seats of each player count sit on (clockwise from the south; index
/// = player count - 2): facing pairs for two, every other side for three, two neighbouring
/// pairs for four (Figure 16), all but one for five, all six for six.
const SIDES: [&[u8]; 5] = [&[0, 3], &[0, 2, 4], &[0, 1, 3, 4], &[0, 1, 2, 3, 4], &[0, 1, 2, 3, 4, 5]];

/// Which arrangement of the text a table follows, where the player count leaves a choice.
fn check_seating(players: u8, seating: DoublesSeating, queens: bool, colours: QueensColours) -> Result<(), String> {
    use DoublesSeating::*;
    let ok = match players {
        // "When two, three, or five play, it is necessarily cut-throat."
        2 | 3 | 5 => seating == CutThroat,
        4 => seating != Trios,
        _ => seating != PartnersGap,
    };
    if !ok {
        let expected = match players {
            4 => "cut-throat, partners-adjacent (AB vs CD), partners-opposite (AC vs BD) or partners-gap (AD vs BC)",
            6 => "cut-throat, partners-adjacent (AB vs CD vs EF), partners-opposite (AD vs BE vs CF) or trios (ABF vs CDE)",
            _ => "cut-throat (\"When two, three, or five play, it is necessarily cut-throat\")",
        };
        return Err(format!("--seating {seating} does not seat {players} on the triangular board; expected {expected}"));
    }
    if queens && players == 6 && seating == PartnersOpposite {
        return Err("Tri-Queens has no partners-opposite seating: \"Figure 21 shows the only possible starting positions for two-two-two (three way doubles) Tri-Queens. Partners must sit adjacent\"".into());
    }
    if colours == QueensColours::Mixed && !(queens && players == 4 && seating == PartnersAdjacent) {
        return Err("--queens-colours mixed seats four Tri-Queens players in adjacent partner pairs on opposite colours: \"If adjacent pairs are placed on opposite colors, such pairs must be partners\" (add --seating partners-adjacent)".into());
    }
    Ok(())
}

/// Move order and teams, as seats (A = 0 ... F = 5, clockwise), for each seating (rulings T3, T9);
/// `prose` takes the sentences' orders where they differ from the table under Figure 17.
fn order_and_teams(players: u8, seating: DoublesSeating, prose: bool) -> (Vec<u8>, Vec<Vec<u8>>) {
    use DoublesSeating::*;
    match (players, seating) {
        // "In this event, sequence of moves is D, C, A, B."
        (4, PartnersGap) if prose => (vec![3, 2, 0, 1], vec![vec![0, 3], vec![1, 2]]),
        // "Sequence for cut-throat is A, C, B, D in Figure 16."
        (4, CutThroat) if prose => (vec![0, 2, 1, 3], (0..4).map(|s| vec![s]).collect()),
        // The table under Figure 17: "Partners, AB vs. CD  A, C, B, D".
        (4, PartnersAdjacent) => (vec![0, 2, 1, 3], vec![vec![0, 1], vec![2, 3]]),
        // "Partners, AC vs. BD  A, B, C, D".
        (4, PartnersOpposite) => (vec![0, 1, 2, 3], vec![vec![0, 2], vec![1, 3]]),
        // "Partners, AD vs. BC  D, B, A, C".
        (4, PartnersGap) => (vec![3, 1, 0, 2], vec![vec![0, 3], vec![1, 2]]),
        // "AB vs. CD vs. EF ... Sequence of moves in this case is A, C, E, B, D, F."
        (6, PartnersAdjacent) => (vec![0, 2, 4, 1, 3, 5], vec![vec![0, 1], vec![2, 3], vec![4, 5]]),
        // "Partners may also sit opposite: AD vs. BE vs. CF ... A, B, C, D, E, F."
        (6, PartnersOpposite) => (vec![0, 1, 2, 3, 4, 5], vec![vec![0, 3], vec![1, 4], vec![2, 5]]),
        // "If the game is ABF vs. CDE ... Sequence is F, C, A, D, B, E."
        (6, Trios) => (vec![5, 2, 0, 3, 1, 4], vec![vec![0, 1, 5], vec![2, 3, 4]]),
        // Cut-throat moves clockwise round the table.
        (n, _) => ((0..n).collect(), (0..n).map(|s| vec![s]).collect()),
    }
}

/// The board rows for a player count: "8 rows across" for two, "10 rows" for three and four,
/// "12 rows with the corners cut out" for five and six.
fn rows_for(players: u8) -> u8 {
    match players {
        2 => 8,
        3 | 4 => 10,
        _ => 12,
    }
}

/// The table of a triangular game: seats, sides, colours and the hexagon.
pub(super) fn tri_table(rules: &CheckersRules) -> Result<Table, String> {
    let players = rules.players;
    if !(2..=6).contains(&players) {
        return Err(format!("the triangular games seat 2 to 6 players, not {players}"));
    }
    let queens = rules.game == CheckersGame::Queens;
    check_seating(players, rules.seating, queens, rules.colours)?;
    if rules.prose_sequence && !(players == 4 && matches!(rules.seating, DoublesSeating::CutThroat | DoublesSeating::PartnersGap)) {
        return Err(format!(
            "--sequence prose changes only four players' cut-throat (A, C, B, D) and partners-gap (D, C, A, B) orders; --seating {} with {players} players has one sequence",
            rules.seating
        ));
    }
    if rules.symmetric && (players == 3 || players == 4 || queens && players < 5) {
        let why = if queens { "\"Positioning for Tri-Queens presents no such difficulty\"" } else { "the 10-row board \"presents no symmetry problems\"" };
        return Err(format!("--symmetric (Figures 14 and 20) does not apply here: {why}"));
    }
    let (order, teams) = order_and_teams(players, rules.seating, rules.prose_sequence);
    let order: Vec<Seat> = order.into_iter().map(Seat).collect();
    let teams: Vec<SeatSet> = teams.iter().map(|t| SeatSet::of(&t.iter().map(|&s| Seat(s)).collect::<Vec<_>>())).collect();
    let seating = Seating::new(&order, &teams)?;
    let rows = rows_for(players);
    // Figure 23: "the advanced piece is impermissible in cut-throat, so the missing corners at
    // positions 'b' must be used".
    let corners = rows == 12 && (rules.symmetric || queens && !rules.seating.partners());
    let board = TriBoard { rows, corners, extra_file: rows == 8 && rules.symmetric };
    let sides = SIDES[players as usize - 2];
    let mut table = Table { seating, sides: PerSeat::splat(Side::SOUTH), dark: PerSeat::splat(true), size: 0, tri: Some(board) };
    for (i, &side) in sides.iter().enumerate() {
        let seat = Seat(i as u8);
        table.sides[seat] = Side(side);
        table.dark[seat] = colour(rules, rows, side);
    }
    Ok(table)
}

/// Whether a seat on `side` plays on the dark (upward-pointing) triangles (rulings T4, T8, T10).
fn colour(rules: &CheckersRules, rows: u8, side: u8) -> bool {
    if rules.game != CheckersGame::Queens {
        // One colour for everyone: the one with "four pieces in the back row" for the first
        // player on 8 rows (Figure 14's Player A), "five spaces in the outside edge" on 10,
        // five on 12 (every second set, B, D and F, has the four-space back rank).
        return rows != 12;
    }
    match (rules.players, rules.colours) {
        // "One edge has five dark spaces in the rear rank, and the directly opposite edge has
        // five light spaces": A light, B dark.
        (2, _) => side != 0,
        // Two of three "must necessarily begin on the same color": A and B dark, C light.
        (3, _) => side != 4,
        // Figure 17: "adjacent pairs on the same color spaces": A, B dark; C, D light.
        (4, QueensColours::Same) => side < 2,
        // Figures 18-19: adjacent partners on opposite colours, each on a six-space back row.
        (4, QueensColours::Mixed) => side == 1 || side == 3,
        // Figure 21: partners adjacent on opposite colours, every player on a four-space back row.
        (6, _) if rules.seating == DoublesSeating::PartnersAdjacent => side.is_multiple_of(2),
        // Figure 23: "All of each trio are on the same color spaces": F, A, B light; C, D, E dark.
        _ => (2..=4).contains(&side),
    }
}

/// How a seat's twelve checkers stand, row by row from its edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Formation {
    /// "five checkers in the back row, four in the next, and three in the front" — leaning one
    /// place when the back row has six (or, with the extra cell "b", four) triangles.
    FiveFourThree,
    /// "four pieces in the back row, five in the middle, and three off-center in front".
    FourFiveThree,
    /// Tri-Queens' four-space back row: four, four, three and "one advanced piece".
    Advanced,
}

/// A formation's rows: `(depth, lowest x, highest x)` in the seat's frame, and a single extra
/// cell `(depth, x)` (the advanced piece).
type Rows = ([(i32, i32, i32); 3], Option<(i32, i32)>);

impl Formation {
    /// The formation's rows for a back row of `back` triangles, leaning by `lean`.
    fn windows(self, back: usize, lean: i32) -> Rows {
        let shift = if back == 5 { 0 } else { lean };
        match self {
            Formation::FiveFourThree => ([(0, shift - 4, shift + 4), (1, shift - 3, shift + 3), (2, shift - 2, shift + 2)], None),
            Formation::FourFiveThree => ([(0, -3, 3), (1, -4, 4), (2, lean - 2, lean + 2)], None),
            Formation::Advanced => ([(0, -3, 3), (1, lean - 3, lean + 3), (2, lean - 2, lean + 2)], Some((3, 0))),
        }
    }
}

/// Every seat's starting cells (in move order of the rows: back row first, the seat's left to
/// right), or why the arrangement cannot be built.
pub(super) fn tri_start_cells(table: &Table, rules: &CheckersRules) -> Result<PerSeat<Vec<Cell>>, String> {
    let board = table.tri.ok_or("not a triangular table")?;
    let k = board.side();
    let lattice = board.triangles();
    let plain = TriBoard { corners: false, extra_file: false, ..board }.triangles();
    let mut cells: PerSeat<Vec<Cell>> = PerSeat(Default::default());
    let mut taken = vec![false; lattice.len()];
    let back_row = |seat: Seat| {
        let (side, dark) = (table.sides[seat].0, table.dark[seat]);
        plain.iter().filter(|&&(x, r)| trigrid::points_up(x, r, k) == dark && trigrid::seat_frame(x, r, k, side).1 == 0).count()
    };
    // Seats whose formation is centred go first; the others fit round them.
    let mut seats: Vec<Seat> = table.seating.seats().collect();
    seats.sort_by_key(|&s| back_row(s) != 5);
    for seat in seats {
        let side = table.sides[seat].0;
        let dark = table.dark[seat];
        let frame = |&(x, r): &(i32, i32)| trigrid::seat_frame(x, r, k, side);
        let back = back_row(seat);
        let formation = formation_for(rules, back);
        let mut best: Option<((i32, i32), Vec<Cell>)> = None;
        for lean in [1, -1] {
            let (windows, extra) = formation.windows(back, lean);
            let chosen: Vec<Cell> = (0..lattice.len())
                .filter(|&i| {
                    let (x, r) = lattice[i];
                    let (fx, depth) = frame(&(x, r));
                    trigrid::points_up(x, r, k) == dark
                        && (windows.iter().any(|&(d, lo, hi)| depth == d && (lo..=hi).contains(&fx)) || extra == Some((depth, fx)))
                })
                .map(|i| i as Cell)
                .collect();
            if chosen.len() != 12 || chosen.iter().any(|&c| taken[c as usize]) {
                continue;
            }
            let key = (lean_preference(table, rules, seat, lean), -lean);
            if best.as_ref().is_none_or(|b| key < b.0) {
                best = Some((key, chosen));
            }
        }
        let (_, chosen) = best.ok_or_else(|| format!("no room for player {}'s checkers on the {}-row board", seat.letter(), board.rows))?;
        for &c in &chosen {
            taken[c as usize] = true;
        }
        cells[seat] = chosen;
    }
    Ok(cells)
}

/// The formation a seat with `back` triangles of its colour along its edge takes.
fn formation_for(rules: &CheckersRules, back: usize) -> Formation {
    if back != 4 {
        return Formation::FiveFourThree;
    }
    let queens = rules.game == CheckersGame::Queens;
    let corner = rules.symmetric || queens && !rules.seating.partners();
    match (corner, queens) {
        // Figures 14 and 20: the piece "a" goes to the extra cell "b" at the back row's end.
        (true, _) => Formation::FiveFourThree,
        (false, true) => Formation::Advanced,
        (false, false) => Formation::FourFiveThree,
    }
}

/// How much a seat wants to lean its formation by `lean` (smaller is better): towards a
/// partner sitting beside it on one side only ("closed"; "an empty file between pairs of
/// partners"), away with `--queens-position open`; away from a lone neighbour on the other
/// colour (no first-move jumps); else to the right, as Figure 14 draws it.
fn lean_preference(table: &Table, rules: &CheckersRules, seat: Seat, lean: i32) -> i32 {
    let side = table.sides[seat].0;
    let at = |s: u8| table.seating.seats().find(|&o| table.sides[o].0 == s);
    // The seat's right-hand neighbour sits on the side before it clockwise.
    let (right, left) = (at((side + 5) % 6), at((side + 1) % 6));
    let toward = |n: Option<Seat>| if n == right { 1 } else { -1 };
    let partner = |n: Option<Seat>| n.is_some_and(|n| table.seating.team(seat).contains(n));
    let mut score = 0;
    if partner(right) != partner(left) {
        let to = if partner(right) { toward(right) } else { toward(left) };
        let want = if rules.queens_open { -to } else { to };
        score += if lean == want { 0 } else { 4 };
    }
    let other_colour = |n: Option<Seat>| n.is_some_and(|n| table.dark[n] != table.dark[seat] && !partner(Some(n)));
    if other_colour(right) != other_colour(left) {
        let away = if other_colour(right) { -1 } else { 1 };
        score += if lean == away { 0 } else { 2 };
    }
    score
}
