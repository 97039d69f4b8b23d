//! Double Chess: four players on the 12x12 board, partners or cut-throat, with the extended Knight, long Pawn moves, right-angle en passant and the text's checkmate rules.
//!
//! The rules are those of `chess-and-checkers-variations.txt`, Chess family section III
//! "Doubles", as read in `docs/rulings.md` (DC1-DC19). This module holds the position and its
//! setup; [`moves`] generates moves and answers attacks, [`mates`] keeps the four-player
//! check/checkmate state (standing mates, missed turns, immunity, frozen sets) and [`text`]
//! reads and writes positions and both notations.

mod family;
mod geometry;
mod mates;
mod moves;
mod refusal;
mod scene;
mod text;
pub mod tri;

use serde::{Deserialize, Serialize};

use crate::checkers::DoublesSeating;
pub use crate::chess::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::position::{PerSeat, Seat, SeatSet, Seating, splitmix64};
use crate::topology::{Cell, CellSet, MAX_CELLS, NO_CELL, Side, Topology};
pub(crate) use geometry::Geometry;

/// The board is 12 x 12 ("Doubles is played on a board 12 x 12 spaces").
pub const SIZE: u8 = 12;
/// Cells of the board array: room for the largest board (the 12-row hexagon with its corners).
pub(crate) const CELLS: usize = MAX_CELLS;
/// Seats at the Double Chess table: always four.
pub const SEATS: usize = 4;
/// Plies without a capture or a pawn move before a draw, for each seat: chess's fifty moves for
/// every player (200 plies for four: ruling DC17).
pub const QUIET_PER_SEAT: u16 = 50;

/// How moves are printed (both are read): `grid` names cells `a1`..`l12` from White 1's side,
/// `corner` names them from the mover's side with the corner files I, II, III, IV (ruling DC16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Notation {
    #[default]
    Grid,
    Corner,
}

impl Notation {
    /// Both notations, the default first.
    pub const ALL: [Notation; 2] = [Notation::Grid, Notation::Corner];
    /// The id used on the command line and in save files.
    pub fn as_str(self) -> &'static str {
        match self {
            Notation::Grid => "grid",
            Notation::Corner => "corner",
        }
    }
}

impl std::fmt::Display for Notation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Notation {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Notation::ALL.into_iter().find(|n| n.as_str() == s).ok_or_else(|| format!("unknown notation '{s}' (expected grid or corner)"))
    }
}

/// What kind of move a [`DoubleMove`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DoubleKind {
    /// A move to an empty cell (a Knight's double hop and a one-step Pawn move included).
    Quiet,
    /// A Pawn advancing more than one cell: the cells it passes become en-passant targets.
    PawnRun,
    /// A capture on the destination (a King only as the consummation of a checkmate).
    Capture,
    /// A Pawn capturing en passant: it lands on a cell the victim passed, the victim stands on `victim`.
    EnPassant,
    /// Castling: the King's two-cell move (the Rook moves too).
    Castle,
    /// No move: a stalemated cut-throat player with two others still in, or a player without a
    /// King who cannot move, passes.
    Pass,
}

/// A move of Double Chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DoubleMove {
    pub from: Cell,
    pub to: Cell,
    /// The cell of the piece taken en passant (`NO_CELL` otherwise).
    pub victim: Cell,
    /// The piece a Pawn promotes to on the far edge (0 otherwise).
    pub promotion: u8,
    pub kind: DoubleKind,
}

impl DoubleMove {
    /// The pass.
    pub const PASS: DoubleMove = DoubleMove { from: NO_CELL, to: NO_CELL, victim: NO_CELL, promotion: 0, kind: DoubleKind::Pass };
    pub(crate) const fn new(from: Cell, to: Cell, kind: DoubleKind) -> DoubleMove {
        DoubleMove { from, to, victim: NO_CELL, promotion: 0, kind }
    }
}

/// A standing checkmate: the King of the seat it is stored under is mated by `by`, whose piece
/// must take it; `with` are the seats that took part (the piece that takes the King is immune
/// from them for a round).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mate {
    pub by: Seat,
    pub with: SeatSet,
}

/// The piece that took a King, immune from capture by `from` until its owner moves again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Immunity {
    pub cell: Cell,
    pub owner: Seat,
    pub from: SeatSet,
}

/// The board byte of a piece: kind in the low three bits, seat above (never 0).
#[inline(always)]
pub(crate) const fn piece(seat: Seat, kind: u8) -> u8 {
    kind | seat.0 << 3
}
/// The kind of a board byte (0 for an empty cell).
#[inline(always)]
pub(crate) const fn kind(p: u8) -> u8 {
    p & 7
}
/// The seat owning a board byte.
#[inline(always)]
pub(crate) const fn owner(p: u8) -> Seat {
    Seat(p >> 3)
}

/// The cell `file` places from a seat's left and `rank` rows out from its edge, for a seat on
/// `side` (ruling DC1's orientation: south faces north with the west on its left, and so on
/// clockwise).
pub const fn cell_from(side: Side, file: u8, rank: u8) -> Cell {
    let last = SIZE - 1;
    let (col, row) = match side.0 & 3 {
        0 => (file, rank),
        1 => (rank, last - file),
        2 => (last - file, last - rank),
        _ => (last - rank, file),
    };
    row as Cell * SIZE as Cell + col as Cell
}

/// The inverse of [`cell_from`]: (file from the seat's left, rank from its edge).
pub const fn seen_from(side: Side, c: Cell) -> (u8, u8) {
    let last = SIZE - 1;
    let (col, row) = ((c % SIZE as Cell) as u8, (c / SIZE as Cell) as u8);
    match side.0 & 3 {
        0 => (col, row),
        1 => (last - row, col),
        2 => (last - col, last - row),
        _ => (row, last - col),
    }
}

/// Where each side's King stands among the eight centre files, counted from the seat's left:
/// "All Kings are placed toward the friendly corners" — south and west share the dark corner
/// a1, north and east the dark corner l12 (ruling DC2).
const KING_INDEX: [u8; 4] = [3, 4, 3, 4];

/// The back row of a set, from the seat's left, for a King at `KING_INDEX` 3 or 4.
const fn back_row(king_index: u8) -> [u8; 8] {
    if king_index == 3 { [ROOK, KNIGHT, BISHOP, KING, QUEEN, BISHOP, KNIGHT, ROOK] } else { [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK] }
}

/// A castling of one side: the King's and Rook's cells before and after, and the direction
/// slot from the King toward the Rook (the cells between lie along it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Castling {
    pub king_from: Cell,
    pub king_to: Cell,
    pub rook_from: Cell,
    pub rook_to: Cell,
    pub slot: u8,
}

impl Castling {
    /// A castling that never applies (a seat whose set has no such Rook).
    pub const NONE: Castling = Castling { king_from: NO_CELL, king_to: NO_CELL, rook_from: NO_CELL, rook_to: NO_CELL, slot: 0 };

    /// Chess's castling along a row: the King two cells toward the Rook, the Rook onto the cell
    /// the King crossed. `None` if the Rook is not on a line of `geo` from the King.
    pub(crate) fn along(geo: &Geometry, king: Cell, rook: Cell) -> Option<Castling> {
        (0..geo.slots).find_map(|d| {
            let one = geo.ray[king as usize][d];
            let two = if one == NO_CELL { NO_CELL } else { geo.ray[one as usize][d] };
            let mut c = two;
            while c != NO_CELL && c != rook {
                c = geo.ray[c as usize][d];
            }
            (c == rook && two != rook && two != NO_CELL).then_some(Castling { king_from: king, king_to: two, rook_from: rook, rook_to: one, slot: d as u8 })
        })
    }
}

/// The two castlings of a seat on `side` (short, toward the Rook three files away, then long):
/// "All of the rules of Chess apply", so each is chess's castling inside the set's own eight
/// files — the King two cells toward the Rook, the Rook onto the cell the King crossed (DC6).
pub(crate) fn castlings(side: Side) -> [Castling; 2] {
    let geo = Geometry::square();
    let k = 2 + KING_INDEX[side.0 as usize & 3];
    let (short_rook, long_rook) = if KING_INDEX[side.0 as usize & 3] == 3 { (2u8, 9u8) } else { (9, 2) };
    let one = |rook: u8| Castling::along(geo, cell_from(side, k, 0), cell_from(side, rook, 0)).unwrap_or(Castling::NONE);
    [one(short_rook), one(long_rook)]
}

/// Board bytes a piece can have: kinds 1-6 under seats 0-5.
const PIECE_BYTES: usize = 48;

/// Zobrist keys for (cell, board byte) pairs; the rest of the state is hashed from its fields.
static PIECE_KEYS: [[u64; PIECE_BYTES]; CELLS] = {
    let mut keys = [[0u64; PIECE_BYTES]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut p = 0;
        while p < PIECE_BYTES {
            keys[c][p] = splitmix64(0xD0C5_0000_0000 + (c as u64) * 64 + p as u64);
            p += 1;
        }
        c += 1;
    }
    keys
};

/// A multi-seat chess position — Double Chess on the 12x12 board or Tri-Chess on a hexagon:
/// the board, the seats and the check state of two to six players.
#[derive(Clone, Debug)]
pub struct DoubleChessPosition {
    pub(crate) board: [u8; CELLS],
    pub(crate) geo: &'static Geometry,
    pub(crate) seating: Seating,
    pub(crate) cut_throat: bool,
    /// The side each seat sits on.
    pub(crate) sides: PerSeat<Side>,
    /// Whether each seat plays the white or the black set (names only).
    pub(crate) white: PerSeat<bool>,
    /// The cells off limits (cut-throat's corners, Tri-Chess's cut edges).
    pub(crate) closed: CellSet,
    /// Whether Knights may double-hop and Pawns make the long moves of Doubles.
    pub(crate) extended: bool,
    /// Whether a Knight's second hop gives check (`--double-hop-check yes`, ruling DC4); it
    /// never captures either way.
    pub(crate) hop_checks: bool,
    /// Each seat's two castlings (short, long), as its set stands at the start.
    pub(crate) castles: PerSeat<[Castling; 2]>,
    pub(crate) kings: PerSeat<Cell>,
    pub(crate) turn: Seat,
    /// Castling rights: bit `2 * seat` short, `2 * seat + 1` long.
    pub(crate) castling: u16,
    /// Each seat's last Pawn run (from, to) while its en-passant targets last: until that seat moves again.
    pub(crate) ep: PerSeat<(Cell, Cell)>,
    pub(crate) mate: PerSeat<Option<Mate>>,
    /// Seats out of the game, their pieces frozen: checkmated in cut-throat, or a partnership
    /// beaten while two others play on (Tri-Chess's three teams).
    pub(crate) out: SeatSet,
    pub(crate) immune: Option<Immunity>,
    /// Cut-throat: drawn by "checkmate, stalemate, second checkmate".
    pub(crate) drawn: bool,
    pub(crate) quiet: u16,
    /// Zobrist hash of the board alone (kept incrementally).
    pub(crate) zob: u64,
    pub(crate) notation: Notation,
}

/// Who sits where: what [`DoubleChessPosition::blank`] needs besides the board.
pub(crate) struct Table {
    pub geo: &'static Geometry,
    pub seating: Seating,
    pub cut_throat: bool,
    pub sides: PerSeat<Side>,
    pub white: PerSeat<bool>,
    pub closed: CellSet,
    pub extended: bool,
}

impl DoubleChessPosition {
    /// An empty board for a table, the first seat of the sequence to move.
    pub(crate) fn blank(t: Table, notation: Notation) -> DoubleChessPosition {
        let turn = t.seating.order()[0];
        DoubleChessPosition {
            board: [0; CELLS],
            geo: t.geo,
            seating: t.seating,
            cut_throat: t.cut_throat,
            sides: t.sides,
            white: t.white,
            closed: t.closed,
            extended: t.extended,
            hop_checks: false,
            castles: PerSeat::splat([Castling::NONE; 2]),
            kings: PerSeat::splat(NO_CELL),
            turn,
            castling: 0,
            ep: PerSeat::splat((NO_CELL, NO_CELL)),
            mate: PerSeat::splat(None),
            out: SeatSet::EMPTY,
            immune: None,
            drawn: false,
            quiet: 0,
            zob: 0,
            notation,
        }
    }

    /// The empty Double Chess board for a seating, nobody to move yet but A.
    pub(crate) fn empty(seating: DoublesSeating, notation: Notation) -> Result<DoubleChessPosition, String> {
        let (cut_throat, order, white) = match seating {
            // W1 south, B1 north, W2 west, B2 east: partners adjacent, A and C against B and D (DC1).
            DoublesSeating::PartnersAdjacent => (false, [Side::SOUTH, Side::NORTH, Side::WEST, Side::EAST], [true, false, true, false]),
            DoublesSeating::CutThroat => (true, [Side::SOUTH, Side::WEST, Side::NORTH, Side::EAST], [true, true, false, false]),
            DoublesSeating::PartnersOpposite => {
                return Err("Double Chess partners sit at adjacent sides (\"Partners sit at adjacent sides with a dark corner square between them\"): use --seating partners or cut-throat".into());
            }
            other => return Err(format!("--seating {other} belongs to the triangular games; Double Chess seats partners or cut-throat")),
        };
        let seats: Vec<Seat> = (0..SEATS as u8).map(Seat).collect();
        let seating =
            if cut_throat { Seating::cut_throat(SEATS) } else { Seating::new(&seats, &[SeatSet::of(&[Seat(0), Seat(2)]), SeatSet::of(&[Seat(1), Seat(3)])])? };
        let (mut sides, mut whites) = (PerSeat::splat(Side::SOUTH), PerSeat::splat(true));
        for (i, s) in seats.iter().enumerate() {
            sides[*s] = order[i];
            whites[*s] = white[i];
        }
        let mut closed = CellSet::EMPTY;
        if cut_throat {
            for side in [Side::SOUTH, Side::WEST, Side::NORTH, Side::EAST] {
                for (f, r) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    closed.insert(cell_from(side, f, r));
                }
            }
        }
        let mut pos =
            DoubleChessPosition::blank(Table { geo: Geometry::square(), seating, cut_throat, sides, white: whites, closed, extended: true }, notation);
        for s in pos.seating.seats() {
            pos.castles[s] = castlings(pos.sides[s]);
        }
        Ok(pos)
    }

    /// The same position where a Knight's second hop gives check (`--double-hop-check yes`):
    /// "The Knight may, for example, check a King from more than half way across the board" (DC4).
    pub fn with_hop_checks(mut self, yes: bool) -> DoubleChessPosition {
        self.hop_checks = yes && self.extended;
        self
    }

    /// The starting position of Figure 29: each set on the centre eight files of its edge,
    /// Pawns in front, Kings toward the friendly corners.
    pub fn start(seating: DoublesSeating, notation: Notation) -> Result<DoubleChessPosition, String> {
        let mut pos = DoubleChessPosition::empty(seating, notation)?;
        for s in pos.seating.seats() {
            let side = pos.sides[s];
            for (i, &k) in back_row(KING_INDEX[side.0 as usize]).iter().enumerate() {
                pos.put(cell_from(side, 2 + i as u8, 0), piece(s, k));
                pos.put(cell_from(side, 2 + i as u8, 1), piece(s, PAWN));
            }
            pos.castling |= 3 << (2 * s.0);
        }
        Ok(pos)
    }

    /// Whether this is Tri-Chess (the hexagon) rather than Double Chess.
    pub fn is_tri(&self) -> bool {
        self.geo.tri.is_some()
    }

    /// Plies without a capture or a Pawn move before a draw: fifty moves for each seat.
    pub fn quiet_limit(&self) -> u16 {
        QUIET_PER_SEAT * self.seating.count() as u16
    }

    /// Places a board byte on an empty cell, keeping the King cells and hash.
    pub(crate) fn put(&mut self, c: Cell, p: u8) {
        self.board[c as usize] = p;
        self.zob ^= PIECE_KEYS[c as usize][p as usize];
        if kind(p) == KING {
            self.kings[owner(p)] = c;
        }
    }

    /// Empties a cell, returning what stood there.
    pub(crate) fn lift(&mut self, c: Cell) -> u8 {
        let p = self.board[c as usize];
        if p != 0 {
            self.board[c as usize] = 0;
            self.zob ^= PIECE_KEYS[c as usize][p as usize];
            if kind(p) == KING && self.kings[owner(p)] == c {
                self.kings[owner(p)] = NO_CELL;
            }
        }
        p
    }

    /// The board's topology (12 x 12, or the hexagon of triangles).
    pub fn topology(&self) -> &'static Topology {
        self.geo.topo
    }
    /// The piece on a cell as kind | seat << 3 (0 for none).
    pub fn piece_at(&self, c: Cell) -> u8 {
        self.board.get(c as usize).copied().unwrap_or(0)
    }
    /// The seat of the piece on a cell.
    pub fn owner_at(&self, c: Cell) -> Option<Seat> {
        let p = self.piece_at(c);
        (p != 0).then(|| owner(p))
    }
    /// The kind of the piece on a cell (PAWN..KING, 0 for none).
    pub fn kind_at(&self, c: Cell) -> u8 {
        kind(self.piece_at(c))
    }
    /// Whether a cell is off limits (cut-throat's corners).
    pub fn is_closed(&self, c: Cell) -> bool {
        self.closed.contains(c)
    }
    /// Whether the game is cut-throat (else partners).
    pub fn is_cut_throat(&self) -> bool {
        self.cut_throat
    }
    /// The side a seat sits on.
    pub fn side(&self, s: Seat) -> Side {
        self.sides[s]
    }
    /// The seat's set as the text names it: "White 1", "Black 2"...; in Tri-Chess "White" and
    /// "Black" for two players, else the seat's letter ("Set C").
    pub fn set_name(&self, s: Seat) -> String {
        if self.is_tri() {
            return if self.seating.count() == 2 { (if self.white[s] { "White" } else { "Black" }).into() } else { format!("Set {}", s.letter()) };
        }
        let colour = if self.white[s] { "White" } else { "Black" };
        let number = 1 + self.seating.seats().filter(|&o| o < s && self.white[o] == self.white[s]).count();
        format!("{colour} {number}")
    }
    /// Whether the seat plays a white set.
    pub fn is_white(&self, s: Seat) -> bool {
        self.white[s]
    }
    /// The seat's King cell, `None` once taken.
    pub fn king(&self, s: Seat) -> Option<Cell> {
        (self.kings[s] != NO_CELL).then_some(self.kings[s])
    }
    /// The standing checkmate of a seat's King, if any.
    pub fn mate_of(&self, s: Seat) -> Option<Mate> {
        self.mate[s]
    }
    /// The piece immune after taking a King, if any.
    pub fn immunity(&self) -> Option<Immunity> {
        self.immune
    }
    /// The seats whose pieces are frozen (cut-throat: checkmated).
    pub fn frozen(&self) -> SeatSet {
        self.out
    }
    /// How moves are printed.
    pub fn notation(&self) -> Notation {
        self.notation
    }
    /// The same position printing moves in another notation.
    pub fn with_notation(mut self, n: Notation) -> DoubleChessPosition {
        self.notation = n;
        self
    }
    /// The seats `s` may capture and whose pieces check its King: the other team for partners,
    /// everyone else in cut-throat (frozen sets included: "No player may ... allow it to remain
    /// in check, from a frozen piece").
    #[inline(always)]
    pub(crate) fn enemies(&self, s: Seat) -> SeatSet {
        if self.cut_throat { self.seating.all().without(s) } else { self.seating.opponents(s) }
    }

    /// Hash of everything but the board.
    fn state_key(&self) -> u64 {
        let mut h = splitmix64(0xD0C5_7000 ^ self.turn.0 as u64 ^ (self.castling as u64) << 8 ^ (self.out.0 as u64) << 24 ^ (self.drawn as u64) << 32);
        for s in self.seating.seats() {
            let (f, t) = self.ep[s];
            if f != NO_CELL {
                h ^= splitmix64(0xE9_0000_0000 ^ (s.0 as u64) << 32 ^ (f as u64) << 16 ^ t as u64);
            }
            if let Some(m) = self.mate[s] {
                h ^= splitmix64(0x3A7E_0000_0000 ^ (s.0 as u64) << 16 ^ (m.by.0 as u64) << 8 ^ m.with.0 as u64);
            }
        }
        if let Some(i) = self.immune {
            h ^= splitmix64(0x1AA_0000_0000 ^ (i.cell as u64) << 16 ^ (i.owner.0 as u64) << 8 ^ i.from.0 as u64);
        }
        h
    }

    /// The board's hash from scratch.
    fn board_key(&self) -> u64 {
        self.board.iter().enumerate().filter(|(_, p)| **p != 0).fold(0, |h, (c, &p)| h ^ PIECE_KEYS[c][p as usize])
    }
}
