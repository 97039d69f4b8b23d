//! Tri-Chess tables: the hexagon for 2-6 players, each seat's side, sequence and team, and its starting set (Figures 35-39 rebuilt from their sentences: rulings TC1-TC12).
//!
//! Seats are lettered clockwise from A on the south side, as on the triangular checkers boards.
//! A set is laid out in the seat's frame ([`trigrid::seat_frame`]): `x` across the seat's edge
//! (0 at its centre, growing to the seat's right), depth 0 the row along the edge.

use super::{BISHOP, Castling, DoubleChessPosition, Geometry, KING, KNIGHT, Notation, PAWN, QUEEN, ROOK, Table, owner, piece};
use crate::checkers::DoublesSeating;
use crate::position::{PerSeat, Seat, SeatSet, Seating};
use crate::topology::{Cell, CellSet, NO_CELL, Side};
use crate::trigrid::{self, TriBoard};

/// The sides the seats of each player count sit on (index = players - 2), clockwise from the
/// south: the same tables as Tri-Chek (ruling T3).
const SIDES: [&[u8]; 5] = [&[0, 3], &[0, 2, 4], &[0, 1, 3, 4], &[0, 1, 2, 3, 4], &[0, 1, 2, 3, 4, 5]];

/// How a Tri-Chess table is set: what the options say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TriChessSetup {
    pub players: u8,
    pub seating: DoublesSeating,
    /// "players may agree not to use the unoccupied outer edges of the board" instead of a
    /// ninth Pawn (TC9).
    pub cut_edges: bool,
    /// The extended Knight and Pawn moves of Doubles ("in all but two-player Tri-Chess").
    pub extended: bool,
    /// Five and six players: the 12-rank board with its corners in play (216 triangles)
    /// rather than cut out (204, the default: "To accommodate Tri-Chess the corners are cut
    /// out, but you may wish to use some or all of those spaces"; TC1).
    pub full_corners: bool,
}

/// Move order, teams (seats A = 0 ... F = 5) and whether the game is cut-throat.
type Sequence = (Vec<u8>, Vec<Vec<u8>>, bool);

/// The [`Sequence`] of a seating (TC10-TC11).
fn order_and_teams(players: u8, seating: DoublesSeating) -> Result<Sequence, String> {
    use DoublesSeating::*;
    Ok(match (players, seating) {
        // "All three and five player Tri-Chess, plus all four and six player cut-throat, use
        // cut-throat rules ... play proceeds clockwise around the board".
        (2..=6, CutThroat) => ((0..players).collect(), (0..players).map(|s| vec![s]).collect(), true),
        // "With AB vs. CD, sequence of moves is A, C, B, D".
        (4, PartnersAdjacent) => (vec![0, 2, 1, 3], vec![vec![0, 1], vec![2, 3]], false),
        // "AB vs. CD vs. EF partners (sequence A, C, E, B, D, F)".
        (6, PartnersAdjacent) => (vec![0, 2, 4, 1, 3, 5], vec![vec![0, 1], vec![2, 3], vec![4, 5]], false),
        // "Playing ABC vs. DEF ... Sequence is A, D, B, E, C, F."
        (6, Trios) => (vec![0, 3, 1, 4, 2, 5], vec![vec![0, 1, 2], vec![3, 4, 5]], false),
        _ => {
            let expected = match players {
                4 => "cut-throat (open position) or partners-adjacent (AB vs CD, closed position)",
                6 => "cut-throat, partners-adjacent (AB vs CD vs EF) or trios (ABC vs DEF)",
                _ => "cut-throat (\"All three and five player Tri-Chess ... use cut-throat rules\")",
            };
            return Err(format!("--seating {seating} does not seat {players} at Tri-Chess; expected {expected}"));
        }
    })
}

/// "Tri-Chess may be played by two players on an 8 rank board, by three or four on a 10 rank
/// board, or by five or six on 12 ranks": the 12-rank board with its corners cut out unless
/// the players use them (TC1).
fn board_for(players: u8, full_corners: bool) -> TriBoard {
    match players {
        2 => TriBoard::plain(8),
        3 | 4 => TriBoard::plain(10),
        _ => TriBoard { rows: 12, corners: full_corners, extra_file: false },
    }
}

/// Whether a seat's empty space(s) on its edge row lie at its left (else its right) (TC8):
/// "White's right Rook is against the right edge of the board with an empty space in the left
/// corner, and vice versa for Black" — each seat mirrors its neighbour round the table, A, C and
/// E empty on the left, B, D and F on the right. Four players then have "two empty spaces in the
/// friendly corner"; ABC vs DEF "requires repositioning A and F to put greater distance between
/// opponents": they turn their empty spaces toward each other.
fn empty_left(seating: DoublesSeating, seat: usize) -> bool {
    match (seating, seat) {
        (DoublesSeating::Trios, 0) => false,
        (DoublesSeating::Trios, 5) => true,
        _ => seat.is_multiple_of(2),
    }
}

/// The cells of a board in a seat's frame: `(x, depth, cell)`.
fn frame(board: TriBoard, side: u8) -> Vec<(i32, i32, Cell)> {
    let k = board.side();
    board
        .triangles()
        .into_iter()
        .enumerate()
        .map(|(i, (x, r))| {
            let (fx, depth) = trigrid::seat_frame(x, r, k, side);
            (fx, depth, i as Cell)
        })
        .collect()
}

/// The cell at `(x, depth)` of a frame.
fn at(frame: &[(i32, i32, Cell)], x: i32, depth: i32) -> Cell {
    frame.iter().find(|&&(fx, d, _)| fx == x && d == depth).map_or(NO_CELL, |f| f.2)
}

impl DoubleChessPosition {
    /// The starting position of a Tri-Chess table.
    pub fn tri_start(setup: TriChessSetup) -> Result<DoubleChessPosition, String> {
        let TriChessSetup { players, seating, cut_edges, extended, full_corners } = setup;
        if !(2..=6).contains(&players) {
            return Err(format!("Tri-Chess seats 2 to 6 players, not {players}"));
        }
        let (order, teams, cut_throat) = order_and_teams(players, seating)?;
        let sides = SIDES[players as usize - 2];
        if cut_edges && players == 6 {
            return Err("--edges cut leaves out the unoccupied edges, and six players occupy all six".into());
        }
        if full_corners && players < 5 {
            return Err("--corners belongs to the 12-rank board of five and six players".into());
        }
        let board = board_for(players, full_corners);
        let geo = Geometry::hexagon(board);
        let seat_list = |v: &[u8]| v.iter().map(|&s| Seat(s)).collect::<Vec<_>>();
        let team_sets: Vec<SeatSet> = teams.iter().map(|t| SeatSet::of(&seat_list(t))).collect();
        let seating_table = Seating::new(&seat_list(&order), &team_sets)?;
        let mut side_of = PerSeat::splat(Side::SOUTH);
        let mut white = PerSeat::splat(false);
        for (i, &s) in sides.iter().enumerate() {
            side_of[Seat(i as u8)] = Side(s);
        }
        white[Seat(0)] = true;
        let mut closed = CellSet::EMPTY;
        if players == 4 && cut_throat {
            // "Four player cut-throat requires further separation of adjacent players, and the
            // two spaces in the corner between are omitted" (TC10).
            for &(a, b) in &[(0u8, 1u8), (3, 4)] {
                for c in 0..geo.topo.len() as Cell {
                    if geo.topo.distance_from(Side(a), c) == 0 && geo.topo.distance_from(Side(b), c) == 0 {
                        closed.insert(c);
                    }
                }
            }
        }
        let table = Table { geo, seating: seating_table, cut_throat, sides: side_of, white, closed, extended: extended && players > 2 };
        let mut pos = DoubleChessPosition::blank(table, Notation::Grid);
        for (i, &side) in sides.iter().enumerate() {
            pos.place_set(board, Seat(i as u8), side, empty_left(seating, i), players == 4 && cut_throat);
        }
        // "Nine Pawns must be used" in four-player cut-throat; elsewhere the ninth Pawn is the
        // alternative to cutting the edges out (TC9).
        if !cut_edges || (players == 4 && cut_throat) {
            for (i, &side) in sides.iter().enumerate() {
                pos.place_ninth_pawn(Seat(i as u8), side);
            }
        }
        if cut_edges {
            pos.cut_unoccupied_edges(sides);
        }
        Ok(pos)
    }

    /// Reads a Tri-Chess position record for a table.
    pub fn tri_from_text(text: &str, setup: TriChessSetup) -> Result<DoubleChessPosition, String> {
        let mut table = DoubleChessPosition::tri_start(setup)?;
        for c in 0..table.geo.topo.len() as Cell {
            table.lift(c);
        }
        table.castling = 0;
        table.read_text(text)
    }

    /// A seat's eight pieces on its edge row and their Pawns in front (TC8): on 8 and 12 ranks
    /// "the Queen goes in the center triangle" (apex outward) "with the King away from the empty
    /// corner"; on 10 ranks the centre triangle's "apex points inward", so the King takes it.
    /// Four-player cut-throat's open position sets each set one triangle further from its
    /// neighbour ("further separation of adjacent players"), the King beside the centre. The
    /// King always stands on the triangle of the two middle ones whose apex points inward.
    fn place_set(&mut self, board: TriBoard, s: Seat, side: u8, empty_left: bool, open: bool) {
        let frame = frame(board, side);
        let lo = match (open, empty_left) {
            (true, true) => -2,
            (true, false) => -5,
            (false, true) => -3,
            (false, false) => -4,
        };
        let inward = |x: i32| trigrid::points_up(x, 0, board.side());
        let row: [u8; 8] =
            if inward(lo + 4) { [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK] } else { [ROOK, KNIGHT, BISHOP, KING, QUEEN, BISHOP, KNIGHT, ROOK] };
        let forward = self.geo.forward(Side(side));
        for (i, &k) in row.iter().enumerate() {
            let c = at(&frame, lo + i as i32, 0);
            self.put(c, piece(s, k));
            self.put(self.geo.topo.step(c, forward), piece(s, PAWN));
        }
        let king = at(&frame, lo + row.iter().position(|&k| k == KING).unwrap_or(4) as i32, 0);
        let rooks = [at(&frame, lo + 7, 0), at(&frame, lo, 0)];
        let mut castles = rooks.map(|r| Castling::along(self.geo, king, r).unwrap_or(Castling::NONE));
        // Short first: the Rook nearer the King.
        let dist = |c: &Castling| {
            if c.king_from == NO_CELL {
                u32::MAX
            } else {
                self.geo.topo.file(c.rook_from).abs_diff(self.geo.topo.file(c.king_from)) as u32
                    + self.geo.topo.rank(c.rook_from).abs_diff(self.geo.topo.rank(c.king_from)) as u32
            }
        };
        castles.sort_by_key(dist);
        self.castles[s] = castles;
        self.castling |= 3 << (2 * s.0);
    }

    /// The ninth Pawn: "the extra one closing off immediate attack from the nearest opponent's
    /// Rook" — on the first triangle of the second row through which one of the seat's Rooks
    /// would, on its first move, leave the first two rows or reach a neighbour's piece (none if
    /// no Rook can).
    fn place_ninth_pawn(&mut self, s: Seat, side: u8) {
        let g = self.geo;
        let side = Side(side);
        let rooks: Vec<Cell> = (0..g.topo.len() as Cell).filter(|&c| self.board[c as usize] == piece(s, ROOK) && g.topo.distance_from(side, c) == 0).collect();
        for rook in rooks {
            for d in (0..g.slots).step_by(2) {
                let mut gap = NO_CELL;
                let mut c = g.ray[rook as usize][d];
                while c != NO_CELL && !self.closed.contains(c) {
                    let p = self.board[c as usize];
                    let depth = g.topo.distance_from(side, c);
                    if p == 0 && depth == 1 && gap == NO_CELL {
                        gap = c;
                    }
                    // Out into the board, or onto a neighbour's piece it could take at once.
                    if depth >= 2 || (p != 0 && owner(p) != s) {
                        if gap != NO_CELL {
                            self.put(gap, piece(s, PAWN));
                            return;
                        }
                        break;
                    }
                    if p != 0 {
                        break;
                    }
                    c = g.ray[c as usize][d];
                }
            }
        }
    }

    /// "Players may agree not to use the unoccupied outer edges of the board": the triangles of
    /// the edge rows of sides nobody sits on, save those holding a piece at the start (TC9).
    fn cut_unoccupied_edges(&mut self, sides: &[u8]) {
        for side in (0..6u8).filter(|s| !sides.contains(s)) {
            for c in 0..self.geo.topo.len() as Cell {
                if self.geo.topo.distance_from(Side(side), c) == 0 && self.board[c as usize] == 0 {
                    self.closed.insert(c);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doublechess::DoubleKind;

    fn setup(players: u8, seating: DoublesSeating, cut_edges: bool) -> TriChessSetup {
        TriChessSetup { players, seating, cut_edges, extended: true, full_corners: false }
    }

    #[test]
    fn cut_edges_leave_a_board_larger_than_chess() {
        // "Even this reduced playing area is larger than the standard Chess board."
        let p = DoubleChessPosition::tri_start(setup(2, DoublesSeating::CutThroat, true)).unwrap();
        let open = (0..p.geo.topo.len() as Cell).filter(|&c| !p.closed.contains(c)).count();
        assert_eq!(open, 72, "96 triangles less the 24 empty ones of the four unoccupied edge rows");
        assert_eq!((0..p.geo.topo.len() as Cell).filter(|&c| p.kind_at(c) == PAWN).count(), 16, "eight Pawns each");
        let full = DoubleChessPosition::tri_start(setup(2, DoublesSeating::CutThroat, false)).unwrap();
        assert_eq!((0..full.geo.topo.len() as Cell).filter(|&c| full.kind_at(c) == PAWN).count(), 18, "nine Pawns each");
    }

    /// Whether any seat could take a piece on its first move.
    fn first_move_captures(p: &DoubleChessPosition) -> Vec<String> {
        let mut found = Vec::new();
        for s in p.seating.seats() {
            p.pseudo_moves(s, &mut |m| {
                if m.kind == DoubleKind::Capture {
                    found.push(format!("{}: {}{}", s.letter(), p.geo.topo.name(m.from), p.geo.topo.name(m.to)));
                }
                true
            });
        }
        found
    }

    /// Two and three players sit apart and four partners beside a partner: nobody can take
    /// anything on the first move. Neighbouring opponents (four- to six-player cut-throat, the
    /// six-player partnerships) meet at their shared corner, where only Pawns can be taken (TC10).
    #[test]
    fn sets_apart_cannot_take_at_once() {
        use DoublesSeating::*;
        for (players, seating) in [(2, CutThroat), (3, CutThroat), (4, PartnersAdjacent)] {
            for cut in [false, true] {
                let p = DoubleChessPosition::tri_start(setup(players, seating, cut)).unwrap();
                assert_eq!(first_move_captures(&p), Vec::<String>::new(), "{players} {seating} cut {cut}");
            }
        }
        // Neighbouring opponents meet at their shared corner, but only a Pawn is ever in reach.
        for (players, seating) in [(4, CutThroat), (5, CutThroat), (6, CutThroat), (6, PartnersAdjacent), (6, Trios)] {
            let p = DoubleChessPosition::tri_start(setup(players, seating, false)).unwrap();
            assert!(!first_move_captures(&p).is_empty(), "{players} {seating}: the corners touch");
            for s in p.seating.seats() {
                p.pseudo_moves(s, &mut |m| {
                    assert!(
                        m.kind != DoubleKind::Capture || p.kind_at(m.to) == PAWN,
                        "{players} {seating}: {}{} takes a piece",
                        p.geo.topo.name(m.from),
                        p.geo.topo.name(m.to)
                    );
                    true
                });
            }
        }
    }

    /// No start hands the first player a mate: every first move leaves every seat in play.
    #[test]
    fn no_first_move_mates() {
        use crate::position::Position;
        use DoublesSeating::*;
        let tables = [(2, CutThroat), (3, CutThroat), (4, CutThroat), (4, PartnersAdjacent), (5, CutThroat), (6, CutThroat), (6, PartnersAdjacent), (6, Trios)];
        for (players, seating) in tables {
            let p = DoubleChessPosition::tri_start(setup(players, seating, false)).unwrap();
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            for m in moves {
                let mut q = p.clone();
                q.play_unchecked(m);
                let mated: Vec<Seat> = q.seating.seats().filter(|&v| q.mate[v].is_some() || q.out.contains(v)).collect();
                assert!(mated.is_empty(), "{players} {seating}: {} mates {mated:?}", p.move_text(m));
            }
        }
    }

    /// Every (seat, Rook's owner) pair where one of the seat's Knights could leap onto another
    /// set's Rook on its first move, partners' included.
    fn knights_on_rooks(p: &DoubleChessPosition) -> Vec<(char, char)> {
        let mut found = Vec::new();
        for c in (0..p.geo.topo.len() as Cell).filter(|&c| p.kind_at(c) == KNIGHT) {
            let by = owner(p.board[c as usize]);
            for &(to, _) in &p.geo.knight[c as usize][..p.geo.slots] {
                if to != NO_CELL && p.kind_at(to) == ROOK && owner(p.board[to as usize]) != by {
                    found.push((by.letter(), owner(p.board[to as usize]).letter()));
                }
            }
        }
        found.sort_unstable();
        found
    }

    /// The text's test of the five- and six-player sets: Figure 39 (ABC vs DEF, A and F
    /// repositioned) "will not work in cut-throat since players B and E have Knights in position
    /// to capture other players' Rooks on the first move" — so Figure 38's sets have no such
    /// Knight, and Figure 39's have exactly B's and E's. The mirrored sets of TC8 reproduce both
    /// (turning every set the same way would give every seat one).
    #[test]
    fn knights_reach_rooks_only_where_the_text_says() {
        use DoublesSeating::*;
        for (players, seating) in [(2, CutThroat), (3, CutThroat), (4, CutThroat), (4, PartnersAdjacent), (5, CutThroat), (6, CutThroat), (6, PartnersAdjacent)]
        {
            for cut in [false, true] {
                let Ok(p) = DoubleChessPosition::tri_start(setup(players, seating, cut)) else { continue };
                assert_eq!(knights_on_rooks(&p), vec![], "{players} {seating} cut {cut}");
            }
        }
        let trios = DoubleChessPosition::tri_start(setup(6, Trios, false)).unwrap();
        assert_eq!(knights_on_rooks(&trios), vec![('B', 'A'), ('E', 'F')]);
    }

    #[test]
    fn three_teams_play_on_when_one_is_beaten() {
        // AB vs CD vs EF: A and B's Kings are mated or gone, so A and B are out and the game goes on.
        let mut p = DoubleChessPosition::tri_start(setup(6, DoublesSeating::PartnersAdjacent, false)).unwrap();
        let (ka, kb) = (p.kings[Seat(0)], p.kings[Seat(1)]);
        p.lift(ka);
        p.lift(kb);
        p.retire_beaten_teams();
        assert_eq!(p.out, SeatSet::of(&[Seat(0), Seat(1)]));
        assert_eq!(p.decided(), None, "two teams still in");
        let (kc, kd) = (p.kings[Seat(2)], p.kings[Seat(3)]);
        p.lift(kc);
        p.lift(kd);
        p.retire_beaten_teams();
        let o = p.decided().expect("one team left");
        assert_eq!(o.winners(), SeatSet::of(&[Seat(4), Seat(5)]));
    }
}
