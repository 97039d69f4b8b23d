//! Who sits where in the checkers family: two seats on 8x8, or the four seats of Doubles on
//! 12x12 (partners adjacent, partners opposite, cut-throat), and the starting checkers of each.
//!
//! The figures of the text (9-12) are missing; every arrangement here is rebuilt from its
//! sentences, and docs/rulings.md (C12-C19) quotes them.

use serde::{Deserialize, Serialize};

use crate::position::{MAX_SEATS, PerSeat, Seat, SeatSet, Seating};
use crate::topology::{Cell, NO_CELL, Side, Topology};
use crate::trigrid::TriBoard;

/// How four players sit and team up (ignored with two players).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DoublesSeating {
    /// "partners ... sit next to each other at adjacent sides of the board with a dark square
    /// in the corner between them"; sequence A, B, C, D with A and C partners.
    #[default]
    PartnersAdjacent,
    /// "partners sit opposite each other and the sequence of moves simply rotates clockwise".
    PartnersOpposite,
    /// Every player for himself or herself, clockwise.
    CutThroat,
    /// Triangular boards, four players: "partners adjacent diagonally but separated by a gap:
    /// AD vs. BC", sequence D, B, A, C.
    PartnersGap,
    /// Triangular boards, six players: "three-three partners", ABF vs. CDE, sequence F, C, A, D, B, E.
    Trios,
}

impl DoublesSeating {
    /// Every seating, in the order the launcher offers them.
    pub const ALL: [DoublesSeating; 3] = [DoublesSeating::PartnersAdjacent, DoublesSeating::PartnersOpposite, DoublesSeating::CutThroat];
    /// Every seating of the triangular games (which apply depends on the player count).
    pub const TRI: [DoublesSeating; 5] =
        [DoublesSeating::CutThroat, DoublesSeating::PartnersAdjacent, DoublesSeating::PartnersOpposite, DoublesSeating::PartnersGap, DoublesSeating::Trios];

    /// The id used on the command line and in save files.
    pub fn as_str(self) -> &'static str {
        match self {
            DoublesSeating::PartnersAdjacent => "partners-adjacent",
            DoublesSeating::PartnersOpposite => "partners-opposite",
            DoublesSeating::CutThroat => "cut-throat",
            DoublesSeating::PartnersGap => "partners-gap",
            DoublesSeating::Trios => "trios",
        }
    }

    /// Whether players form two teams of partners.
    pub fn partners(self) -> bool {
        self != DoublesSeating::CutThroat
    }
}

impl std::fmt::Display for DoublesSeating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for DoublesSeating {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s == "partners" {
            // Double Chess's one partners seating ("Partners sit at adjacent sides").
            return Ok(DoublesSeating::PartnersAdjacent);
        }
        DoublesSeating::TRI.into_iter().find(|x| x.as_str() == s).ok_or_else(|| {
            format!("unknown --seating '{s}' (expected partners-adjacent, partners-opposite, cut-throat, partners-gap or trios, or partners for Double Chess)")
        })
    }
}

/// Double Queens: which colour each seat's checkers stand on (rulings C14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QueensColours {
    /// "both partners may be on the same color, both opponents on the other color".
    #[default]
    Same,
    /// "one of each partner is on one color, the other of each partner on the other color".
    Mixed,
}

impl QueensColours {
    /// The id used on the command line and in save files.
    pub fn as_str(self) -> &'static str {
        match self {
            QueensColours::Same => "same",
            QueensColours::Mixed => "mixed",
        }
    }
}

impl std::str::FromStr for QueensColours {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "same" => Ok(QueensColours::Same),
            "mixed" => Ok(QueensColours::Mixed),
            _ => Err(format!("unknown --queens-colours '{s}' (expected same or mixed)")),
        }
    }
}

/// The seats of a checkers-family game: turn sequence and teams, each seat's side of the board,
/// and (Queens) whether its checkers stand on dark squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    pub seating: Seating,
    pub sides: PerSeat<Side>,
    pub dark: PerSeat<bool>,
    /// Board size: 8 for two players, 12 for Doubles (0 on the triangular boards).
    pub size: u8,
    /// The hexagon of the triangular games; `None` on square boards.
    pub tri: Option<TriBoard>,
}

impl Table {
    /// The table for `players` (2 or 4) players.
    pub fn new(players: u8, seating: DoublesSeating, queens: bool, colours: QueensColours) -> Result<Table, String> {
        let (s, w, n, e) = (Side::SOUTH, Side::WEST, Side::NORTH, Side::EAST);
        let (a, b, c, d) = (Seat(0), Seat(1), Seat(2), Seat(3));
        match players {
            2 => {
                let mut dark = PerSeat::splat(true);
                // Queens: "the second player's on the light squares".
                dark[b] = !queens;
                Ok(Table { seating: Seating::TWO, sides: sides(&[s, n]), dark, size: 8, tri: None })
            }
            4 => {
                let order = [a, b, c, d];
                let (seat_sides, teams) = match seating {
                    // A south with the dark corner a1 on the left shared with C west; B across
                    // from A (north), D across from C (east): rulings C12.
                    DoublesSeating::PartnersAdjacent => ([s, n, w, e], vec![SeatSet::of(&[a, c]), SeatSet::of(&[b, d])]),
                    // Clockwise seen from above: south, west, north, east.
                    DoublesSeating::PartnersOpposite => ([s, w, n, e], vec![SeatSet::of(&[a, c]), SeatSet::of(&[b, d])]),
                    DoublesSeating::CutThroat => ([s, w, n, e], order.iter().map(|&x| SeatSet::single(x)).collect()),
                    other => return Err(format!("--seating {other} belongs to the triangular games")),
                };
                let seating_data = Seating::new(&order, &teams)?;
                let mut dark = PerSeat::splat(true);
                if queens {
                    for (seat, on_dark) in order.iter().zip(queens_colours(seating, colours)) {
                        dark[*seat] = on_dark;
                    }
                }
                Ok(Table { seating: seating_data, sides: sides(&seat_sides), dark, size: 12, tri: None })
            }
            _ => Err(format!("the checkers games seat 2 or 4 players, not {players}")),
        }
    }

    /// The starting cells of every seat, in move order (a seat's cells in reading order of its
    /// own rows, nearest row first). Conflicts and Queens' first-move jumps are resolved here:
    /// four-player Queens stands 5-4-3 ([`Table::five_four_three`]), or with `relocate` as games
    /// saved before that (rulings C14).
    pub fn start_cells(&self, topo: &Topology, queens: bool, relocate: bool) -> PerSeat<Vec<Cell>> {
        if queens && !relocate && self.seating.count() > 2 {
            return self.five_four_three(topo).cells;
        }
        let mut owner = vec![None::<Seat>; topo.len()];
        let mut cells: PerSeat<Vec<Cell>> = PerSeat(Default::default());
        for &seat in self.seating.order() {
            for c in self.home_cells(topo, seat) {
                // "the player with the first move gets the normal position with his or her
                // opponent diagonally behind" (the partner on the left, in partners adjacent).
                let spot = if owner[c as usize].is_some() { behind(topo, c, &owner) } else { c };
                owner[spot as usize] = Some(seat);
                cells[seat].push(spot);
            }
        }
        if queens && self.seating.count() > 2 {
            avoid_first_move_jumps(self, topo, &mut cells, &mut owner);
        }
        cells
    }

    /// Double Queens' 5-4-3 start (rulings C14): "each opponent places his or her first piece
    /// that would be in jeopardy in the back row of the friendly corner. In the latter case, each
    /// partner has five pieces in the back row, four in the middle, and three in the front."
    ///
    /// Every placement the sentence allows is searched: each seat keeps its usual twelve cells
    /// (its colour, three rows, centre eight files) but for one front-row checker, which goes to
    /// one of the two back-row cells of its colour outside the centre files (one at each
    /// corner): 8 choices a seat, 4096 a table, overlapping ones dropped. The chosen one has the
    /// fewest first-move jumps (whoever moves first; none in every seating here), then the
    /// fewest checkers put at a corner shared with an opponent, then, seat by seat in move
    /// order, the friendly corner and the checker farthest from it (the one "in jeopardy").
    pub fn five_four_three(&self, topo: &Topology) -> FiveFourThree {
        let order: Vec<Seat> = self.seating.order().to_vec();
        let options: Vec<Vec<Candidate>> = order.iter().map(|&seat| self.candidates(topo, seat)).collect();
        let mut owner = vec![None::<Seat>; topo.len()];
        let mut best: Option<(PlacementKey, Vec<usize>)> = None;
        let mut pick = vec![0usize; order.len()];
        self.search_placements(topo, &options, 0, &mut pick, &mut owner, &mut best);
        let (key, pick) = best.expect("some 5-4-3 placement without overlaps");
        let mut cells: PerSeat<Vec<Cell>> = PerSeat(Default::default());
        for (i, &seat) in order.iter().enumerate() {
            cells[seat] = options[i][pick[i]].cells.clone();
        }
        FiveFourThree { cells, jumps: key.0 }
    }

    /// Every 5-4-3 placement of one seat the sentence allows (see [`Table::five_four_three`]).
    fn candidates(&self, topo: &Topology, seat: Seat) -> Vec<Candidate> {
        let side = self.sides[seat];
        let usual = self.home_cells(topo, seat);
        let margin = (self.size - 8) / 2;
        let lateral = |c: Cell| if side.faces_ranks() { topo.file(c) } else { topo.rank(c) };
        let corners: Vec<Cell> = (0..topo.len() as Cell)
            .filter(|&c| topo.distance_from(side, c) == 0 && topo.is_dark(c) == self.dark[seat] && !(margin..self.size - margin).contains(&lateral(c)))
            .collect();
        let mut out = Vec::new();
        for &front in usual.iter().filter(|&&c| topo.distance_from(side, c) == 2) {
            for &corner in &corners {
                // The seat beside that corner: its three rows hold the corner cell too.
                let neighbour = self.seating.seats().find(|&o| o != seat && topo.distance_from(self.sides[o], corner) < 3);
                let hostile = neighbour.is_none_or(|n| !self.seating.team(seat).contains(n));
                let mut cells: Vec<Cell> = usual.iter().map(|&c| if c == front { corner } else { c }).collect();
                cells.sort_by_key(|&c| (topo.distance_from(side, c), lateral(c)));
                out.push(Candidate { cells, hostile, reach: distance2(topo, front, corner) });
            }
        }
        out
    }

    /// Depth-first over the seats' candidates; keeps the best complete placement in `best`.
    fn search_placements(
        &self,
        topo: &Topology,
        options: &[Vec<Candidate>],
        i: usize,
        pick: &mut [usize],
        owner: &mut [Option<Seat>],
        best: &mut Option<(PlacementKey, Vec<usize>)>,
    ) {
        let order = self.seating.order();
        if i == options.len() {
            let jumps = threats(self, topo, owner).len();
            let hostile = (0..i).filter(|&k| options[k][pick[k]].hostile).count();
            let per_seat: Vec<(bool, i32)> = (0..i).map(|k| (options[k][pick[k]].hostile, -options[k][pick[k]].reach)).collect();
            let key = (jumps, hostile, per_seat);
            if best.as_ref().is_none_or(|b| key < b.0) {
                *best = Some((key, pick.to_vec()));
            }
            return;
        }
        for (n, cand) in options[i].iter().enumerate() {
            if cand.cells.iter().any(|&c| owner[c as usize].is_some()) {
                continue;
            }
            for &c in &cand.cells {
                owner[c as usize] = Some(order[i]);
            }
            pick[i] = n;
            self.search_placements(topo, options, i + 1, pick, owner, best);
            for &c in &cand.cells {
                owner[c as usize] = None;
            }
        }
    }

    /// A seat's usual twelve cells: its colour, its three nearest rows, the centre eight files
    /// (two-player boards: the whole width).
    fn home_cells(&self, topo: &Topology, seat: Seat) -> Vec<Cell> {
        let side = self.sides[seat];
        let margin = (self.size - 8) / 2;
        (0..topo.len() as Cell)
            .filter(|&c| {
                let lateral = if side.faces_ranks() { topo.file(c) } else { topo.rank(c) };
                topo.distance_from(side, c) < 3 && (margin..self.size - margin).contains(&lateral) && topo.is_dark(c) == self.dark[seat]
            })
            .collect()
    }
}

/// Double Queens' 5-4-3 start: every seat's cells and how many first-move jumps it leaves.
#[derive(Clone, Debug)]
pub struct FiveFourThree {
    pub cells: PerSeat<Vec<Cell>>,
    /// Jumps some man could make at the start, whoever moves first (0 in every seating).
    pub jumps: usize,
}

/// One seat's 5-4-3 placement: its cells, whether its corner checker sits at a corner shared
/// with an opponent, and how far (squared) that checker came from the front row.
struct Candidate {
    cells: Vec<Cell>,
    hostile: bool,
    reach: i32,
}

/// How good a whole placement is, smaller first: first-move jumps, hostile corners, then each
/// seat's (hostile corner, minus the distance its checker came) in move order.
type PlacementKey = (usize, usize, Vec<(bool, i32)>);

fn sides(list: &[Side]) -> PerSeat<Side> {
    let mut p = PerSeat::splat(Side::SOUTH);
    for (i, &s) in list.iter().enumerate().take(MAX_SEATS) {
        p[Seat(i as u8)] = s;
    }
    p
}

/// Dark (true) or light for seats A-D in Double Queens (rulings C14): partners together or
/// split, and where possible "adjacent opponents are on the same color".
fn queens_colours(seating: DoublesSeating, colours: QueensColours) -> [bool; 4] {
    match (seating, colours) {
        // A and C dark, B and D light.
        (_, QueensColours::Same) => [true, false, true, false],
        // A dark, C light; D (adjacent to A at the south-east corner) dark like A and B
        // (adjacent to C at the north-west corner) light like C.
        (DoublesSeating::PartnersAdjacent, QueensColours::Mixed) => [true, false, false, true],
        // Opposite partners split; the neighbours A and B share a colour, as do C and D.
        (_, QueensColours::Mixed) => [true, true, false, false],
    }
}

/// The first free cell diagonally behind `c`, towards the board's nearest corner.
fn behind(topo: &Topology, c: Cell, owner: &[Option<Seat>]) -> Cell {
    let (w, h) = (topo.width() as i32, topo.height() as i32);
    let (f, r) = (topo.file(c) as i32, topo.rank(c) as i32);
    let df = if 2 * f < w - 1 { -1 } else { 1 };
    let dr = if 2 * r < h - 1 { -1 } else { 1 };
    let (mut nf, mut nr) = (f + df, r + dr);
    while (0..w).contains(&nf) && (0..h).contains(&nr) {
        let n = topo.cell(nf as u8, nr as u8).unwrap_or(NO_CELL);
        if owner[n as usize].is_none() {
            return n;
        }
        nf += df;
        nr += dr;
    }
    c
}

/// "To avoid the possibility of an extensive jump on the first move ... each opponent places
/// his or her first piece that would be in jeopardy in the back row of the friendly corner":
/// while some man could jump at the start, one checker of a threatened or threatening pair moves
/// to a free cell of its colour in its owner's own three rows — the choice that leaves the
/// fewest jumps, then the back row first, then the farthest from where it stood (rulings C14).
fn avoid_first_move_jumps(table: &Table, topo: &Topology, cells: &mut PerSeat<Vec<Cell>>, owner: &mut [Option<Seat>]) {
    // Each round removes at least one jump; 48 rounds is one per checker on the board.
    for _ in 0..48 {
        let now = threats(table, topo, owner);
        if now.is_empty() {
            return;
        }
        let mut best: Option<(Preference, Seat, Cell, Cell)> = None;
        let pieces: Vec<(Cell, Seat)> = now.iter().flat_map(|t| [(t.0, t.1), (t.2, t.3)]).collect();
        for (from, seat) in pieces {
            let side = table.sides[seat];
            let free: Vec<Cell> = (0..topo.len() as Cell)
                .filter(|&c| topo.distance_from(side, c) < 3 && topo.is_dark(c) == table.dark[seat] && owner[c as usize].is_none())
                .collect();
            for to in free {
                owner[from as usize] = None;
                owner[to as usize] = Some(seat);
                let key = (threats(table, topo, owner).len(), topo.distance_from(side, to), -distance2(topo, to, from));
                owner[to as usize] = None;
                owner[from as usize] = Some(seat);
                if best.is_none_or(|b| key < b.0) {
                    best = Some((key, seat, from, to));
                }
            }
        }
        let Some(((left, _, _), seat, from, to)) = best else { return };
        if left >= now.len() {
            return;
        }
        owner[from as usize] = None;
        owner[to as usize] = Some(seat);
        if let Some(slot) = cells[seat].iter_mut().find(|c| **c == from) {
            *slot = to;
        }
    }
}

/// How good a relocation is, smaller first: jumps left, row from the owner's edge, and minus
/// the squared distance moved.
type Preference = (usize, u8, i32);

fn distance2(topo: &Topology, a: Cell, b: Cell) -> i32 {
    let df = topo.file(a) as i32 - topo.file(b) as i32;
    let dr = topo.rank(a) as i32 - topo.rank(b) as i32;
    df * df + dr * dr
}

/// Every jump some man could make in the start position (Queens men jump straight and
/// diagonally forward; a flat board), as (jumper's cell, its seat, victim's cell, its seat).
fn threats(table: &Table, topo: &Topology, owner: &[Option<Seat>]) -> Vec<(Cell, Seat, Cell, Seat)> {
    let mut out = Vec::new();
    for &seat in table.seating.order() {
        let side = table.sides[seat];
        let [l, r] = side.diagonal_forward();
        for c in (0..topo.len() as Cell).filter(|&c| owner[c as usize] == Some(seat)) {
            for line in [l, side.forward(), r] {
                let over = topo.step(c, line);
                if over == NO_CELL {
                    continue;
                }
                let Some(victim) = owner[over as usize] else { continue };
                let land = topo.step(over, line);
                if !table.seating.team(seat).contains(victim) && land != NO_CELL && owner[land as usize].is_none() {
                    out.push((c, seat, over, victim));
                }
            }
        }
    }
    out
}
