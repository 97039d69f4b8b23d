//! Double Chess: four players on the 12x12 board, partners or cut-throat, with the extended Knight, long Pawn moves, right-angle en passant and the text's checkmate rules.
//!
//! The rules are those of `chess-and-checkers-variations.txt`, Chess family section III
//! "Doubles", as read in `docs/rulings.md` (DC1-DC19). This module holds the position and its
//! setup; [`moves`] generates moves and answers attacks, [`mates`] keeps the four-player
//! check/checkmate state (standing mates, missed turns, immunity, frozen sets) and [`text`]
//! reads and writes positions and both notations.

mod mates;
mod moves;
mod text;

use serde::{Deserialize, Serialize};

use crate::checkers::DoublesSeating;
pub use crate::chess::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::position::{PerSeat, Seat, SeatSet, Seating, splitmix64};
use crate::topology::{Cell, CellSet, NO_CELL, Side, Topology, Wrap};

/// The board is 12 x 12 ("Doubles is played on a board 12 x 12 spaces").
pub const SIZE: u8 = 12;
/// Cells on the board.
pub(crate) const CELLS: usize = SIZE as usize * SIZE as usize;
/// Seats at the table: always four.
pub const SEATS: usize = 4;
/// Plies without a capture or a pawn move before a draw: chess's fifty moves for each of the
/// four players (ruling DC17).
pub const QUIET_LIMIT: u16 = 200;

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

/// A castling of one side: the King's and Rook's cells before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Castling {
    pub king_from: Cell,
    pub king_to: Cell,
    pub rook_from: Cell,
    pub rook_to: Cell,
}

/// The two castlings of a seat on `side` (short, toward the Rook three files away, then long):
/// "All of the rules of Chess apply", so each is chess's castling inside the set's own eight
/// files — the King two cells toward the Rook, the Rook onto the cell the King crossed (DC6).
pub(crate) fn castlings(side: Side) -> [Castling; 2] {
    let k = 2 + KING_INDEX[side.0 as usize & 3];
    let (short_rook, long_rook) = if KING_INDEX[side.0 as usize & 3] == 3 { (2u8, 9u8) } else { (9, 2) };
    let one = |rook: u8| {
        let toward = rook > k;
        let king_to = if toward { k + 2 } else { k - 2 };
        let rook_to = if toward { k + 1 } else { k - 1 };
        Castling {
            king_from: cell_from(side, k, 0),
            king_to: cell_from(side, king_to, 0),
            rook_from: cell_from(side, rook, 0),
            rook_to: cell_from(side, rook_to, 0),
        }
    };
    [one(short_rook), one(long_rook)]
}

/// Zobrist keys for (cell, board byte) pairs; the rest of the state is hashed from its fields.
static PIECE_KEYS: [[u64; 32]; CELLS] = {
    let mut keys = [[0u64; 32]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut p = 0;
        while p < 32 {
            keys[c][p] = splitmix64(0xD0C5_0000_0000 + (c as u64) * 32 + p as u64);
            p += 1;
        }
        c += 1;
    }
    keys
};

/// A Double Chess position: the board, the seats and the four-player state.
#[derive(Clone, Debug)]
pub struct DoubleChessPosition {
    pub(crate) board: [u8; CELLS],
    pub(crate) topo: &'static Topology,
    pub(crate) seating: Seating,
    pub(crate) cut_throat: bool,
    /// The side each seat sits on.
    pub(crate) sides: PerSeat<Side>,
    /// Whether each seat plays the white or the black set (names only).
    pub(crate) white: PerSeat<bool>,
    /// The corner cells off limits (cut-throat's four cells in each corner).
    pub(crate) closed: CellSet,
    pub(crate) kings: PerSeat<Cell>,
    pub(crate) turn: Seat,
    /// Castling rights: bit `2 * seat` short, `2 * seat + 1` long.
    pub(crate) castling: u8,
    /// Each seat's last Pawn run (from, to) while its en-passant targets last: until that seat moves again.
    pub(crate) ep: PerSeat<(Cell, Cell)>,
    pub(crate) mate: PerSeat<Option<Mate>>,
    /// Cut-throat: seats checkmated, their pieces frozen.
    pub(crate) out: SeatSet,
    pub(crate) immune: Option<Immunity>,
    /// Cut-throat: drawn by "checkmate, stalemate, second checkmate".
    pub(crate) drawn: bool,
    pub(crate) quiet: u16,
    /// Zobrist hash of the board alone (kept incrementally).
    pub(crate) zob: u64,
    pub(crate) notation: Notation,
}

impl DoubleChessPosition {
    /// The empty board for a seating, nobody to move yet but A.
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
        let mut pos = DoubleChessPosition {
            board: [0; CELLS],
            topo: Topology::get(SIZE, SIZE, Wrap::Flat),
            seating,
            cut_throat,
            sides: PerSeat::splat(Side::SOUTH),
            white: PerSeat::splat(true),
            closed: CellSet::EMPTY,
            kings: PerSeat::splat(NO_CELL),
            turn: Seat::A,
            castling: 0,
            ep: PerSeat::splat((NO_CELL, NO_CELL)),
            mate: PerSeat::splat(None),
            out: SeatSet::EMPTY,
            immune: None,
            drawn: false,
            quiet: 0,
            zob: 0,
            notation,
        };
        for (i, s) in seats.iter().enumerate() {
            pos.sides[*s] = order[i];
            pos.white[*s] = white[i];
        }
        if cut_throat {
            for side in [Side::SOUTH, Side::WEST, Side::NORTH, Side::EAST] {
                for (f, r) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    pos.closed.insert(cell_from(side, f, r));
                }
            }
        }
        Ok(pos)
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

    /// The board's 12 x 12 topology.
    pub fn topology(&self) -> &'static Topology {
        self.topo
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
    /// The seat's set as the text names it: "White 1", "Black 2"...
    pub fn set_name(&self, s: Seat) -> String {
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
        let mut h = splitmix64(0xD0C5_7000 ^ self.turn.0 as u64 ^ (self.castling as u64) << 8 ^ (self.out.0 as u64) << 16 ^ (self.drawn as u64) << 24);
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
