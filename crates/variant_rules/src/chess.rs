//! The chess family: orthodox Chess, Cylindrical Chess and Shadow Chess on any topology.
//!
//! A mailbox board (one byte per cell) driven by the topology's neighbour tables: sliding pieces
//! walk `Topology::step` until they hit a piece, an edge, or (on a cylinder) their own square.
//! Legality comes from check and pin masks worked out once per position from the king outward
//! (module `legal`); Shadow Chess, whose shadow check no mask describes, plays each move and asks.

use crate::codec::{self, RowError, RowSyntax};
use crate::movement::{self, Occupant};
use crate::position::{Outcome, PerSeat, Position, Reason, Seat, Seating, splitmix64};
use crate::topology::{BIT_CELLS, Cell, CellSet, Line, MAX_SQUARE_CELLS, NO_CELL, Reach, Side, Topology, Wrap};

mod bitgen;
mod family;
mod legal;
mod magic;
mod refusal;
pub(crate) mod scene;

pub(crate) use bitgen::{Attacks, PieceBits};
pub(crate) use refusal::{kind_word, way_of_moving};

/// Piece kinds (low three bits of a board byte).
pub const PAWN: u8 = 1;
pub const KNIGHT: u8 = 2;
pub const BISHOP: u8 = 3;
pub const ROOK: u8 = 4;
pub const QUEEN: u8 = 5;
pub const KING: u8 = 6;
/// Colour bit of a board byte: set for the second seat (Black).
const BLACK_BIT: u8 = 8;
/// The chess games seat two: White (seat A, on the south side) moves first, then Black.
const SEATING: Seating = Seating::TWO;
/// The seat that moves first; a full move is complete when the turn comes back to it.
const WHITE: Seat = Seat::A;
/// The widest and tallest board a FEN may describe.
const MAX_SIDE: usize = 12;

#[inline(always)]
const fn piece(color: Seat, kind: u8) -> u8 {
    kind | (color.0 << 3)
}
#[inline(always)]
const fn kind(p: u8) -> u8 {
    p & 7
}
#[inline(always)]
const fn color(p: u8) -> Seat {
    Seat((p & BLACK_BIT) >> 3)
}
/// The board side a seat plays from (its pawns move away from it).
#[inline(always)]
const fn side(s: Seat) -> Side {
    Side::of_two(s)
}
/// The colour's name in error messages.
const fn color_name(s: Seat) -> &'static str {
    if s.0 == WHITE.0 { "white" } else { "black" }
}

/// The lines a bishop, rook or queen slides along.
#[inline(always)]
const fn slider_dirs(kind: u8) -> &'static [Line] {
    match kind {
        BISHOP => &Line::DIAGONAL,
        ROOK => &Line::ORTHOGONAL,
        _ => &Line::ALL,
    }
}

/// Feeds a piece's targets into `out` as quiet moves and captures from `from`.
#[inline(always)]
fn to_moves(from: Cell, out: &mut Vec<ChessMove>) -> impl FnMut(Cell, bool) -> bool + '_ {
    move |to, capture| {
        out.push(ChessMove::new(from, to, if capture { MoveKind::Capture } else { MoveKind::Quiet }));
        true
    }
}

/// Castling right bits: White king side, White queen side, Black king side, Black queen side.
const CASTLE_WK: u8 = 1;
const CASTLE_WQ: u8 = 2;
const CASTLE_BK: u8 = 4;
const CASTLE_BQ: u8 = 8;
/// Each seat's castling rights, king side then queen side (seats past the second have none).
const RIGHTS: PerSeat<[u8; 2]> = PerSeat([[CASTLE_WK, CASTLE_WQ], [CASTLE_BK, CASTLE_BQ], [0; 2], [0; 2], [0; 2], [0; 2]]);

/// The promotion choices, in generation order.
const PROMOTIONS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

/// What a move does besides moving one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move to an empty cell.
    Quiet,
    /// A capture of the piece on the destination.
    Capture,
    /// A pawn's two-step first move.
    DoublePush,
    /// A pawn capturing the pawn that just passed it.
    EnPassant,
    /// Castling towards the higher files (the king's move `e1g1`).
    CastleKing,
    /// Castling towards file a (the king's move `e1c1`).
    CastleQueen,
    /// Shadow Chess: moving into an enemy piece's shadow captures that piece at `victim`.
    Shadow,
}

/// A chess-family move: 8 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChessMove {
    pub from: Cell,
    pub to: Cell,
    /// The cell of the piece taken by a shadow capture; `NO_CELL` otherwise.
    pub victim: Cell,
    /// Promotion piece kind, 0 if none.
    pub promotion: u8,
    pub kind: MoveKind,
}

impl ChessMove {
    const fn new(from: Cell, to: Cell, kind: MoveKind) -> ChessMove {
        ChessMove { from, to, victim: NO_CELL, promotion: 0, kind }
    }
}

/// What [`ChessPosition::undo_pass_turn`] restores.
#[derive(Clone, Copy, Debug)]
pub struct NullUndo {
    turn: Seat,
    ep: Cell,
    hash: u64,
    fullmove: u16,
}

/// What `undo` needs to restore.
#[derive(Clone, Copy, Debug)]
pub struct ChessUndo {
    captured: u8,
    castling: u8,
    ep: Cell,
    halfmove: u16,
    hash: u64,
}

/// Zobrist keys: one per (cell, board byte), castling rights, en-passant file, seat to move.
struct Keys {
    piece: [[u64; 16]; MAX_SQUARE_CELLS],
    castling: [u64; 16],
    ep_file: [u64; 16],
    /// The seat to move (White's is 0, so a position's key does not depend on it).
    turn: PerSeat<u64>,
}

const KEYS: Keys = {
    let mut piece = [[0u64; 16]; MAX_SQUARE_CELLS];
    let mut c = 0;
    while c < MAX_SQUARE_CELLS {
        let mut p = 0;
        while p < 16 {
            piece[c][p] = splitmix64(0x5EED_0000_0000 + (c as u64) * 16 + p as u64);
            p += 1;
        }
        c += 1;
    }
    let mut castling = [0u64; 16];
    let mut ep_file = [0u64; 16];
    let mut i = 1;
    while i < 16 {
        castling[i] = splitmix64(0xCA57_0000 + i as u64);
        ep_file[i] = splitmix64(0xE9F1_0000 + i as u64);
        i += 1;
    }
    let mut turn = PerSeat::splat(0);
    turn.0[1] = splitmix64(0xB1AC_0000);
    Keys { piece, castling, ep_file, turn }
};

/// Which chess game the position follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChessRules {
    /// Shadow Chess's extra captures and shadow check.
    pub shadow: bool,
    /// What kings are: royal pieces that may never be left in check, or pieces to capture.
    pub kings: KingRule,
}

/// How kings are protected (dice chess relaxes the orthodox rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum KingRule {
    /// Orthodox: no move may leave one's own king attacked, so no king is ever taken.
    #[default]
    Royal,
    /// Orthodox legality, but a king left in check (its owner passed) may be captured.
    /// One king per side; the side not to move may stand in check.
    RoyalCapturable,
    /// No check at all: any pseudo-legal move is legal, castling ignores attacks, and a side
    /// may have several kings (BrainKing's dice chess). The game layer ends it on capture.
    Capture,
}

impl ChessRules {
    /// Orthodox chess (and Cylindrical Chess, whose rules are the same on another board).
    pub const ORTHODOX: ChessRules = ChessRules { shadow: false, kings: KingRule::Royal };
    /// Shadow Chess.
    pub const SHADOW: ChessRules = ChessRules { shadow: true, kings: KingRule::Royal };
}

/// A validated chess-family position.
#[derive(Clone)]
pub struct ChessPosition {
    topo: &'static Topology,
    rules: ChessRules,
    board: [u8; MAX_SQUARE_CELLS],
    turn: Seat,
    castling: u8,
    /// The en-passant target cell (the one the double-stepping pawn passed), kept only when
    /// an enemy pawn stands ready to take it; `NO_CELL` otherwise.
    ep: Cell,
    halfmove: u16,
    fullmove: u16,
    kings: PerSeat<Cell>,
    hash: u64,
    /// Where the pieces stand, as bits of cells.
    bits: Bits,
    /// The topology's per-cell reach, for quick "could anything attack from there" tests.
    masks: &'static [Reach],
}

/// Where pieces stand, as bits of cells ([`Reach::bit`]): each colour's pieces, and those of
/// both colours that attack along lines or by leaps. On boards of more than [`BIT_CELLS`] cells
/// every bit stays set, so that every test made with them answers "maybe".
#[derive(Clone, Copy, Debug)]
struct Bits {
    white: u64,
    black: u64,
    /// Rooks and queens.
    orthogonal: u64,
    /// Bishops and queens.
    diagonal: u64,
    knights: u64,
    kings: u64,
}

/// All ones for the kinds in `kinds` (bit `k` for kind `k`), indexed by kind: which sets of
/// [`Bits`] a piece of each kind belongs to.
const fn kind_mask(kinds: u8) -> [u64; 8] {
    let mut m = [0; 8];
    let mut k = 0;
    while k < 8 {
        if kinds & (1 << k) != 0 {
            m[k] = u64::MAX;
        }
        k += 1;
    }
    m
}
const IN_ORTHOGONAL: [u64; 8] = kind_mask(1 << ROOK | 1 << QUEEN);
const IN_DIAGONAL: [u64; 8] = kind_mask(1 << BISHOP | 1 << QUEEN);
const IN_KNIGHTS: [u64; 8] = kind_mask(1 << KNIGHT);
const IN_KINGS: [u64; 8] = kind_mask(1 << KING);

impl Bits {
    /// No piece yet, on a board of `cells` cells.
    fn new(cells: usize) -> Bits {
        let none = if cells <= BIT_CELLS { 0 } else { u64::MAX };
        Bits { white: none, black: none, orthogonal: none, diagonal: none, knights: none, kings: none }
    }

    /// Adds or removes piece `p` at the cell whose bit is `bit`.
    #[inline(always)]
    fn toggle(&mut self, bit: u64, p: u8) {
        let k = kind(p) as usize;
        if color(p) == WHITE {
            self.white ^= bit;
        } else {
            self.black ^= bit;
        }
        self.orthogonal ^= bit & IN_ORTHOGONAL[k];
        self.diagonal ^= bit & IN_DIAGONAL[k];
        self.knights ^= bit & IN_KNIGHTS[k];
        self.kings ^= bit & IN_KINGS[k];
    }

    /// The pieces of `s`.
    #[inline(always)]
    fn of(&self, s: Seat) -> u64 {
        if s == WHITE { self.white } else { self.black }
    }
}

/// The standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Reads FEN's board field into rows, last rank first: `Some(board byte)` for each piece.
fn read_board(field: &str) -> Result<Vec<Vec<Option<u8>>>, String> {
    let mut rows = Vec::new();
    for row in field.split('/') {
        let cells = codec::read_row(row, RowSyntax::FEN, MAX_SIDE, piece_of_letter).map_err(|e| match e {
            RowError::Piece(why) => why,
            RowError::ZeroRun => format!("FEN row '{row}' has an empty run of 0 squares"),
            RowError::TooLong | RowError::Unclosed => format!("FEN row '{row}' is longer than {MAX_SIDE} squares; boards from 4x4 to 12x12 are supported"),
        })?;
        rows.push(cells);
    }
    let (width, height) = (rows[0].len(), rows.len());
    if rows.iter().any(|r| r.len() != width) {
        return Err("FEN rows have different lengths".into());
    }
    if !(4..=MAX_SIDE).contains(&width) || !(4..=MAX_SIDE).contains(&height) {
        return Err(format!("FEN board is {width}x{height}; boards from 4x4 to 12x12 are supported"));
    }
    Ok(rows)
}

/// The board byte of a FEN piece letter (upper case White, lower case Black).
fn piece_of_letter(token: &str) -> Result<u8, String> {
    let ch = token.chars().next().unwrap_or(' ');
    let k = match ch.to_ascii_lowercase() {
        'p' => PAWN,
        'n' => KNIGHT,
        'b' => BISHOP,
        'r' => ROOK,
        'q' => QUEEN,
        'k' => KING,
        _ => return Err(format!("FEN has an unknown piece letter '{ch}'")),
    };
    Ok(piece(if ch.is_ascii_lowercase() { Seat::B } else { WHITE }, k))
}

impl ChessPosition {
    /// The starting position of a chess game on an 8x8 board with the given wrap.
    pub fn start(wrap: Wrap, rules: ChessRules) -> ChessPosition {
        ChessPosition::from_fen(START_FEN, wrap, rules).expect("start FEN is valid")
    }

    /// Parses and validates FEN (the board size is read from the FEN: 8 ranks of 8 by default).
    pub fn from_fen(fen: &str, wrap: Wrap, rules: ChessRules) -> Result<ChessPosition, String> {
        if wrap == Wrap::Universal {
            return Err("chess cannot be played on the universal board (\"major pieces cannot stand back to back\")".into());
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 || fields.len() > 6 {
            return Err(format!("FEN needs 4 to 6 fields, found {}", fields.len()));
        }
        let rows = read_board(fields[0])?;
        let (width, height) = (rows[0].len(), rows.len());
        let topo = Topology::get(width as u8, height as u8, wrap);
        let mut pos = ChessPosition {
            topo,
            rules,
            board: [0; MAX_SQUARE_CELLS],
            turn: WHITE,
            castling: 0,
            ep: NO_CELL,
            halfmove: 0,
            fullmove: 1,
            kings: PerSeat::splat(NO_CELL),
            hash: 0,
            bits: Bits::new(topo.len()),
            masks: topo.reach(),
        };
        for (i, row) in rows.iter().enumerate() {
            let rank = (height - 1 - i) as u8;
            for (file, &p) in row.iter().enumerate() {
                let c = topo.cell(file as u8, rank).expect("in range");
                if let Some(p) = p {
                    pos.put(c, p);
                }
            }
        }
        pos.turn = match fields[1] {
            "w" => Seat::A,
            "b" => Seat::B,
            other => return Err(format!("FEN side to move must be 'w' or 'b', found '{other}'")),
        };
        pos.find_kings()?;
        for c in 0..topo.len() as Cell {
            let p = pos.board[c as usize];
            if kind(p) == PAWN && (topo.rank(c) == 0 || topo.rank(c) == topo.height() - 1) {
                return Err(format!("FEN has a pawn on {}, a first or last rank", topo.name(c)));
            }
        }
        pos.read_castling(fields[2])?;
        pos.read_ep(fields[3])?;
        let number = |i: usize, name: &str, default: u16| -> Result<u16, String> {
            match fields.get(i) {
                None => Ok(default),
                Some(s) => s.parse::<u16>().map_err(|_| format!("FEN {name} '{s}' is not a number")),
            }
        };
        pos.halfmove = number(4, "half-move clock", 0)?;
        pos.fullmove = number(5, "move number", 1)?.max(1);
        pos.hash = pos.recompute_hash();
        if rules.kings == KingRule::Royal && pos.in_check(SEATING.opponent(pos.turn)) {
            return Err("FEN position has the side not to move in check".into());
        }
        Ok(pos)
    }

    /// Sets `kings` from the board: exactly one per side (any number where kings are simply
    /// captured). Where kings can be captured, the position after a capture has one side without
    /// any: the game is over, and its text must still read back (the side that lost it is the
    /// one to move).
    fn find_kings(&mut self) -> Result<(), String> {
        let topo = self.topo;
        for col in SEATING.seats() {
            let kings: Vec<Cell> = (0..topo.len() as Cell).filter(|&c| self.board[c as usize] == piece(col, KING)).collect();
            let name = color_name(col);
            let lost_allowed = self.rules.kings != KingRule::Royal && col == self.turn;
            if kings.is_empty() && !lost_allowed {
                return Err(format!("FEN must have a {name} king"));
            }
            if kings.len() > 1 && self.rules.kings != KingRule::Capture {
                return Err(format!("FEN must have exactly one {name} king, found {}", kings.len()));
            }
            self.kings[col] = kings.first().copied().unwrap_or(NO_CELL);
        }
        Ok(())
    }

    /// Reads FEN's castling field (`KQkq` or `-`) and checks each right can be used: it exists
    /// on this board, and the king and rook stand on their starting cells.
    fn read_castling(&mut self, field: &str) -> Result<(), String> {
        if field != "-" {
            for ch in field.chars() {
                let bit = match ch {
                    'K' => CASTLE_WK,
                    'Q' => CASTLE_WQ,
                    'k' => CASTLE_BK,
                    'q' => CASTLE_BQ,
                    _ => return Err(format!("FEN castling field has '{ch}' (expected KQkq or -)")),
                };
                if self.castling & bit != 0 {
                    return Err(format!("FEN castling field repeats '{ch}'"));
                }
                self.castling |= bit;
            }
        }
        let width = self.topo.width();
        for col in SEATING.seats() {
            for (bit, king_side, rook_file) in [(RIGHTS[col][0], true, width - 1), (RIGHTS[col][1], false, 0)] {
                if self.castling & bit == 0 {
                    continue;
                }
                if !self.castling_fits(king_side) {
                    let ch = ['K', 'Q', 'k', 'q'][bit.trailing_zeros() as usize];
                    return Err(format!(
                        "FEN castling right '{ch}' is impossible on a {width}-file board: the king's two-file move must land between king and rook"
                    ));
                }
                let king_ok = self.kings[col] == self.home_cell(col, self.king_file());
                let rook_ok = self.board[self.home_cell(col, rook_file) as usize] == piece(col, ROOK);
                if !king_ok || !rook_ok {
                    return Err(format!("FEN castling right '{field}' needs the king and rook on their starting squares"));
                }
            }
        }
        Ok(())
    }

    /// Reads FEN's en-passant field: `-`, or the cell a pawn of the side not to move just
    /// passed with its double step. Kept only if a capture there is legal.
    fn read_ep(&mut self, field: &str) -> Result<(), String> {
        if field == "-" {
            return Ok(());
        }
        let topo = self.topo;
        let ep = topo.parse_cell(field).ok_or_else(|| format!("FEN en-passant square '{field}' is not a square"))?;
        let mover = SEATING.opponent(self.turn); // the side that just double-stepped
        let ahead = side(mover).forward();
        let pawn_at = topo.step(ep, ahead);
        let from = topo.step(ep, ahead.opposite());
        let consistent = topo.distance_from(side(mover), ep) == 2
            && self.board[ep as usize] == 0
            && pawn_at != NO_CELL
            && self.board[pawn_at as usize] == piece(mover, PAWN)
            && from != NO_CELL
            && self.board[from as usize] == 0;
        if !consistent {
            return Err(format!("FEN en-passant square {field} does not follow a double pawn step"));
        }
        self.ep = ep;
        if !self.ep_capturable() {
            self.ep = NO_CELL;
        }
        Ok(())
    }

    /// The FEN of this position.
    pub fn fen(&self) -> String {
        let t = self.topo;
        let mut s = codec::write_rows(t, |c| {
            let p = self.board[c as usize];
            let ch = b" pnbrqk"[kind(p) as usize] as char;
            (p != 0).then(|| if color(p) == WHITE { ch.to_ascii_uppercase() } else { ch })
        });
        s.push_str(if self.turn == WHITE { " w " } else { " b " });
        let mut c = String::new();
        for (bit, ch) in [(CASTLE_WK, 'K'), (CASTLE_WQ, 'Q'), (CASTLE_BK, 'k'), (CASTLE_BQ, 'q')] {
            if self.castling & bit != 0 {
                c.push(ch);
            }
        }
        s += if c.is_empty() { "-" } else { &c };
        s.push(' ');
        s += &if self.ep == NO_CELL { "-".to_string() } else { t.name(self.ep) };
        s += &format!(" {} {}", self.halfmove, self.fullmove);
        s
    }

    /// The topology the game is played on.
    pub fn topology(&self) -> &'static Topology {
        self.topo
    }
    /// The rules in force.
    pub fn rules(&self) -> ChessRules {
        self.rules
    }
    /// The board byte at a cell: 0 empty, else kind (1..=6) plus 8 for Black.
    pub fn piece_at(&self, c: Cell) -> u8 {
        self.board[c as usize]
    }
    /// The seat whose piece stands on `c`, if any.
    pub fn color_at(&self, c: Cell) -> Option<Seat> {
        let p = self.board[c as usize];
        (p != 0).then(|| color(p))
    }

    #[inline]
    fn king_file(&self) -> u8 {
        self.topo.width() / 2
    }

    /// The cell on `file` of `s`'s home rank (its first rank, where its king and rooks start).
    fn home_cell(&self, s: Seat, file: u8) -> Cell {
        let t = self.topo;
        let home = if t.distance_from(side(s), t.cell(file, 0).expect("on board")) == 0 { 0 } else { t.height() - 1 };
        t.cell(file, home).expect("on board")
    }

    /// Whether castling towards the higher files (`king_side`) or towards file a exists on
    /// this board: the king moves two files and the rook lands on the file it crossed, so the
    /// king's landing must lie strictly between its file and the rook's (rulings K9). On eight
    /// files both exist; on four and five neither; on six only the queen side.
    fn castling_fits(&self, king_side: bool) -> bool {
        let kf = self.king_file();
        if king_side { kf + 2 < self.topo.width() - 1 } else { kf >= 3 }
    }

    /// Whether the side to move has a legal en-passant capture on `self.ep`. Only then is the
    /// target kept (in the hash and the FEN), so positions that offer the same moves compare equal.
    fn ep_capturable(&self) -> bool {
        if self.ep == NO_CELL {
            return false;
        }
        let us = self.turn;
        movement::pawn_attackers(self.topo, self.ep, side(us)).into_iter().any(|s| {
            s != NO_CELL && self.board[s as usize] == piece(us, PAWN) && {
                if self.rules.kings == KingRule::Capture {
                    return true;
                }
                if !self.rules.shadow {
                    return self.ep_safe(s, us);
                }
                let m = ChessMove::new(s, self.ep, MoveKind::EnPassant);
                let mut scratch = self.clone();
                scratch.make(m);
                !scratch.in_check(us)
            }
        })
    }

    #[inline(always)]
    fn key(c: Cell, p: u8) -> u64 {
        KEYS.piece[c as usize][p as usize]
    }
    #[inline(always)]
    fn ep_key(&self, ep: Cell) -> u64 {
        if ep == NO_CELL { 0 } else { KEYS.ep_file[self.topo.file(ep) as usize + 1] }
    }

    /// What stands on `c` as a piece of `us` sees it.
    #[inline(always)]
    fn occupant(&self, c: Cell, us: Seat) -> Occupant {
        let q = self.board[c as usize];
        if q == 0 {
            Occupant::Empty
        } else if color(q) == us {
            Occupant::Friend
        } else {
            Occupant::Enemy
        }
    }

    /// Whether `col`'s king is in check (shadow check included in Shadow Chess).
    pub fn in_check(&self, col: Seat) -> bool {
        self.checked(col, SEATING.opponent(col))
    }

    /// [`ChessPosition::in_check`] with the opponent already known.
    #[inline]
    fn checked(&self, us: Seat, them: Seat) -> bool {
        let k = self.kings[us];
        if k == NO_CELL {
            return false;
        }
        if self.rules.shadow { self.shadow_in_check(us) } else { self.is_attacked(k, them) }
    }

    /// Whether any piece of `by` attacks `sq` by an ordinary capturing movement.
    pub fn is_attacked(&self, sq: Cell, by: Seat) -> bool {
        let b = &self.board;
        self.any_attacker(sq, by, |c| b[c as usize], |_| true)
    }

    /// Calls `accept` on each cell holding a piece of `by` whose ordinary capturing movement
    /// reaches `sq`, stopping at the first one it accepts; returns whether one was accepted.
    /// `at` is the board to look at: this one, or this one with a move's cells changed, which
    /// may take pieces of `by` away but never adds any (lines and leaps that reach none of
    /// `by`'s pieces of the right kind on this board are skipped unwalked).
    #[inline(always)]
    fn any_attacker(&self, sq: Cell, by: Seat, at: impl Fn(Cell) -> u8, mut accept: impl FnMut(Cell) -> bool) -> bool {
        let t = self.topo;
        let reach = &self.masks[sq as usize];
        for s in movement::pawn_attackers(t, sq, side(by)) {
            if s != NO_CELL && at(s) == piece(by, PAWN) && accept(s) {
                return true;
            }
        }
        let theirs = self.bits.of(by);
        let (knight, king) = (piece(by, KNIGHT), piece(by, KING));
        if reach.knight & self.bits.knights & theirs != 0 && t.leaps(sq).iter().any(|&s| s != NO_CELL && at(s) == knight && accept(s)) {
            return true;
        }
        if reach.king & self.bits.kings & theirs != 0
            && Line::ALL.iter().any(|&d| {
                let s = t.step(sq, d);
                s != NO_CELL && at(s) == king && accept(s)
            })
        {
            return true;
        }
        let queen = piece(by, QUEEN);
        for (lines, slider, candidates) in self.slider_lines(by) {
            for &d in lines {
                if reach.rays[d.index() & 7] & candidates == 0 {
                    continue;
                }
                let s = movement::first_occupied(t, sq, d, |c| at(c) == 0);
                if s != NO_CELL && (at(s) == slider || at(s) == queen) && accept(s) {
                    return true;
                }
            }
        }
        false
    }

    /// The two kinds of line sliders of `by` attack along, each with the piece that slides only
    /// along them and the cells of `by`'s pieces that slide along them (queens included).
    #[inline(always)]
    fn slider_lines(&self, by: Seat) -> [(&'static [Line; 4], u8, u64); 2] {
        let theirs = self.bits.of(by);
        [(&Line::ORTHOGONAL, piece(by, ROOK), self.bits.orthogonal & theirs), (&Line::DIAGONAL, piece(by, BISHOP), self.bits.diagonal & theirs)]
    }

    /// Pseudo-legal moves of `us` (ordinary chess moves; no shadow captures) appended to `out`.
    fn pseudo_moves(&self, us: Seat, them: Seat, out: &mut Vec<ChessMove>) {
        let t = self.topo;
        let wraps = t.wrap() != Wrap::Flat;
        self.for_each_piece(us, |c| {
            let p = self.board[c as usize];
            let first = out.len();
            if kind(p) == KING {
                movement::steps(t, c, &Line::ALL, |s| self.occupant(s, us), to_moves(c, out));
                let checked = self.rules.kings != KingRule::Capture && self.checked(us, them);
                self.castling_moves(c, us, them, checked, out);
            } else {
                self.piece_moves(c, p, us, |_| true, |_| true, out);
            }
            if wraps {
                dedup_from(out, first);
            }
        });
    }

    /// The moves of `us`'s piece `p` on `c`, not a king, that land where `allow` says, appended
    /// to `out`; an en-passant capture from `c` is added when `ep_ok(c)` also approves it.
    #[inline(always)]
    fn piece_moves(&self, c: Cell, p: u8, us: Seat, allow: impl Fn(Cell) -> bool, ep_ok: impl Fn(Cell) -> bool, out: &mut Vec<ChessMove>) {
        let t = self.topo;
        let occupant = |s: Cell| self.occupant(s, us);
        let mut emit = |to: Cell, capture: bool| {
            if allow(to) {
                out.push(ChessMove::new(c, to, if capture { MoveKind::Capture } else { MoveKind::Quiet }));
            }
            true
        };
        match kind(p) {
            PAWN => self.pawn_moves(c, us, allow, ep_ok, out),
            KNIGHT => _ = movement::leaps(t.leaps(c), occupant, &mut emit),
            BISHOP | ROOK | QUEEN => _ = movement::slide(t, c, slider_dirs(kind(p)), occupant, &mut emit),
            _ => unreachable!("invalid piece byte"),
        }
    }

    fn push_pawn(&self, from: Cell, to: Cell, side: Side, kind: MoveKind, out: &mut Vec<ChessMove>) {
        if self.topo.on_far_edge(side, to) {
            for promo in PROMOTIONS {
                out.push(ChessMove { promotion: promo, ..ChessMove::new(from, to, kind) });
            }
        } else {
            out.push(ChessMove::new(from, to, kind));
        }
    }

    /// A pawn's moves that land where `allow` says; en passant where `ep_ok(c)` also says so.
    #[inline(always)]
    fn pawn_moves(&self, c: Cell, us: Seat, allow: impl Fn(Cell) -> bool, ep_ok: impl Fn(Cell) -> bool, out: &mut Vec<ChessMove>) {
        let t = self.topo;
        let side = side(us);
        let fwd = side.forward();
        let one = t.step(c, fwd);
        if one != NO_CELL && self.board[one as usize] == 0 {
            if allow(one) {
                self.push_pawn(c, one, side, MoveKind::Quiet, out);
            }
            if t.distance_from(side, c) == 1 {
                let two = t.step(one, fwd);
                if two != NO_CELL && self.board[two as usize] == 0 && allow(two) {
                    out.push(ChessMove::new(c, two, MoveKind::DoublePush));
                }
            }
        }
        for s in movement::pawn_diagonals(t, c, side) {
            if s == NO_CELL {
                continue;
            }
            let q = self.board[s as usize];
            if q != 0 && color(q) != us {
                if allow(s) {
                    self.push_pawn(c, s, side, MoveKind::Capture, out);
                }
            } else if s == self.ep && ep_ok(c) {
                out.push(ChessMove::new(c, s, MoveKind::EnPassant));
            }
        }
    }

    /// Castling moves of `us`'s king on `k` (`checked`: whether it stands in check, which
    /// forbids castling). Their landing is not tested here.
    fn castling_moves(&self, k: Cell, us: Seat, them: Seat, checked: bool, out: &mut Vec<ChessMove>) {
        let [ks, qs] = RIGHTS[us];
        let no_check = self.rules.kings == KingRule::Capture;
        if self.castling & (ks | qs) == 0 || checked {
            return;
        }
        let t = self.topo;
        let kf = self.king_file();
        let at = |f: u8| self.home_cell(us, f);
        let empty = |f: u8| self.board[at(f) as usize] == 0;
        let safe = |f: u8| no_check || !self.is_attacked(at(f), them);
        // The king goes two files towards the rook; every cell between king and rook is empty,
        // and the king does not pass through an attacked cell (its destination is checked by
        // the legality test like any other move).
        // `from_fen` grants no right `castling_fits` refuses, and moves only take rights away.
        if self.castling & ks != 0 && (kf + 1..t.width() - 1).all(empty) && safe(kf + 1) {
            out.push(ChessMove::new(k, at(kf + 2), MoveKind::CastleKing));
        }
        if self.castling & qs != 0 && (1..kf).all(empty) && safe(kf - 1) {
            out.push(ChessMove::new(k, at(kf - 2), MoveKind::CastleQueen));
        }
    }

    /// The rook's (from, to) cells for a castling move by `us`.
    fn castle_rook(&self, m: ChessMove, us: Seat) -> (Cell, Cell) {
        if m.kind == MoveKind::CastleKing {
            (self.home_cell(us, self.topo.width() - 1), self.home_cell(us, self.king_file() + 1))
        } else {
            (self.home_cell(us, 0), self.home_cell(us, self.king_file() - 1))
        }
    }

    /// The cell of the piece a move by `us` captures, if any.
    #[inline(always)]
    fn captured_cell(&self, m: ChessMove, us: Seat) -> Cell {
        match m.kind {
            MoveKind::Capture => m.to,
            MoveKind::EnPassant => self.topo.step(m.to, side(us).forward().opposite()),
            MoveKind::Shadow => m.victim,
            _ => NO_CELL,
        }
    }

    /// Castling rights lost when a piece leaves or is taken on `c`: the rights of the seat whose
    /// home rank it is, if it is that seat's king's or a rook's starting cell.
    #[inline(always)]
    fn rights_lost_at(&self, c: Cell) -> u8 {
        let t = self.topo;
        // Fast reject (most moves): the chess seats sit south and north, so only the first and
        // last ranks are anyone's home row.
        let r = t.rank(c);
        if r != 0 && r != t.height() - 1 {
            return 0;
        }
        let f = t.file(c);
        let (king, rook_k, rook_q) = (f == self.king_file(), f == t.width() - 1, f == 0);
        if !(king || rook_k || rook_q) {
            return 0;
        }
        let mut lost = 0;
        for s in SEATING.seats() {
            if t.distance_from(side(s), c) == 0 {
                let [ks, qs] = RIGHTS[s];
                lost |= if king {
                    ks | qs
                } else if rook_k {
                    ks
                } else {
                    qs
                };
            }
        }
        lost
    }

    /// Places piece `p` on the empty cell `c`.
    #[inline(always)]
    fn put(&mut self, c: Cell, p: u8) {
        self.board[c as usize] = p;
        self.bits.toggle(self.masks[c as usize].bit, p);
    }

    /// Takes the piece off `c` (which holds one) and returns it.
    #[inline(always)]
    fn lift(&mut self, c: Cell) -> u8 {
        let p = self.board[c as usize];
        self.board[c as usize] = 0;
        self.bits.toggle(self.masks[c as usize].bit, p);
        p
    }

    /// Calls `f` on the cell of each piece of `s`, in increasing order.
    #[inline(always)]
    fn for_each_piece(&self, s: Seat, mut f: impl FnMut(Cell)) {
        if self.topo.len() <= BIT_CELLS {
            let mut bits = self.bits.of(s);
            while bits != 0 {
                f(bits.trailing_zeros() as Cell);
                bits &= bits - 1;
            }
            return;
        }
        for c in 0..self.topo.len() as Cell {
            let p = self.board[c as usize];
            if p != 0 && color(p) == s {
                f(c);
            }
        }
    }

    fn make(&mut self, m: ChessMove) -> ChessUndo {
        let us = self.turn;
        let next = SEATING.next(us);
        let mut undo = ChessUndo { captured: 0, castling: self.castling, ep: self.ep, halfmove: self.halfmove, hash: self.hash };
        let mut h = self.hash ^ KEYS.castling[self.castling as usize] ^ self.ep_key(self.ep);
        let p = self.board[m.from as usize];
        let cap = self.captured_cell(m, us);
        if cap != NO_CELL {
            undo.captured = self.lift(cap);
            h ^= Self::key(cap, undo.captured);
            self.castling &= !self.rights_lost_at(cap);
        }
        self.lift(m.from);
        h ^= Self::key(m.from, p);
        let placed = if m.promotion != 0 { piece(us, m.promotion) } else { p };
        self.put(m.to, placed);
        h ^= Self::key(m.to, placed);
        if kind(p) == KING {
            self.kings[us] = m.to;
            if matches!(m.kind, MoveKind::CastleKing | MoveKind::CastleQueen) {
                let (rf, rt) = self.castle_rook(m, us);
                let rook = self.lift(rf);
                self.put(rt, rook);
                h ^= Self::key(rf, rook) ^ Self::key(rt, rook);
            }
        }
        self.castling &= !(self.rights_lost_at(m.from) | self.rights_lost_at(m.to));
        self.halfmove = if kind(p) == PAWN || cap != NO_CELL { 0 } else { self.halfmove.saturating_add(1) };
        if next == WHITE {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = next;
        self.ep = NO_CELL;
        if m.kind == MoveKind::DoublePush {
            self.ep = self.topo.step(m.from, side(us).forward());
            if !self.ep_capturable() {
                self.ep = NO_CELL;
            }
        }
        h ^= KEYS.turn[us] ^ KEYS.turn[next] ^ KEYS.castling[self.castling as usize] ^ self.ep_key(self.ep);
        self.hash = h;
        undo
    }

    fn unmake(&mut self, m: ChessMove, u: ChessUndo) {
        // The piece on the destination is the mover's (a promoted piece takes its colour).
        let us = color(self.board[m.to as usize]);
        if SEATING.next(us) == WHITE {
            self.fullmove -= 1;
        }
        self.turn = us;
        let placed = self.lift(m.to);
        let original = if m.promotion != 0 { piece(us, PAWN) } else { placed };
        self.put(m.from, original);
        if kind(original) == KING {
            self.kings[us] = m.from;
            if matches!(m.kind, MoveKind::CastleKing | MoveKind::CastleQueen) {
                let (rf, rt) = self.castle_rook(m, us);
                let rook = self.lift(rt);
                self.put(rf, rook);
            }
        }
        if u.captured != 0 {
            let cap = self.captured_cell(m, us);
            self.put(cap, u.captured);
        }
        self.castling = u.castling;
        self.ep = u.ep;
        self.halfmove = u.halfmove;
        self.hash = u.hash;
    }

    // ---- Shadow Chess -------------------------------------------------------------------

    /// Cells the piece on `c` could move to in one move (its raw reach): ordinary pseudo-legal
    /// destinations without castling or en passant.
    fn reach(&self, c: Cell) -> CellSet {
        let mut set = CellSet::EMPTY;
        let t = self.topo;
        let p = self.board[c as usize];
        let us = color(p);
        let occupant = |s: Cell| self.occupant(s, us);
        let add = |s: Cell, _capture: bool| {
            set.insert(s);
            true
        };
        match kind(p) {
            PAWN => {
                let side = side(us);
                movement::pawn_captures(t, c, side, occupant, add);
                let fwd = side.forward();
                let one = t.step(c, fwd);
                if one != NO_CELL && self.board[one as usize] == 0 {
                    set.insert(one);
                    let two = t.step(one, fwd);
                    if t.distance_from(side, c) == 1 && two != NO_CELL && self.board[two as usize] == 0 {
                        set.insert(two);
                    }
                }
            }
            KNIGHT => _ = movement::leaps(t.leaps(c), occupant, add),
            KING => _ = movement::steps(t, c, &Line::ALL, occupant, add),
            k => _ = movement::slide(t, c, slider_dirs(k), occupant, add),
        }
        set
    }

    /// How many of `col`'s pieces reach each cell.
    fn coverage(&self, col: Seat) -> [u8; MAX_SQUARE_CELLS] {
        let mut cover = [0u8; MAX_SQUARE_CELLS];
        for c in 0..self.topo.len() as Cell {
            let p = self.board[c as usize];
            if p != 0 && color(p) == col {
                for s in self.reach(c).iter() {
                    cover[s as usize] += 1;
                }
            }
        }
        cover
    }

    /// The shadow of the piece on `c`: its reach, except that each line of movement ends at the
    /// first cell that another piece of the same side also reaches ("shadows end at
    /// intersections of shadows of one's own pieces"); that cell is still in the shadow.
    fn shadow_of(&self, c: Cell, cover: &[u8; MAX_SQUARE_CELLS]) -> CellSet {
        let reach = self.reach(c);
        let t = self.topo;
        let p = self.board[c as usize];
        let others = |s: Cell| cover[s as usize] > reach.contains(s) as u8;
        let mut set = CellSet::EMPTY;
        match kind(p) {
            KNIGHT | KING => return reach,
            PAWN => {
                let side = side(color(p));
                let fwd = side.forward();
                let one = t.step(c, fwd);
                if reach.contains(one) {
                    set.insert(one);
                    let two = t.step(one, fwd);
                    if !others(one) && reach.contains(two) {
                        set.insert(two);
                    }
                }
                for s in movement::pawn_diagonals(t, c, side) {
                    if reach.contains(s) {
                        set.insert(s);
                    }
                }
            }
            k => {
                // Along each line, the reached cells up to the first piece or shared cell.
                let blocks = |s: Cell| if self.board[s as usize] == 0 { Occupant::Empty } else { Occupant::Friend };
                for &d in slider_dirs(k) {
                    movement::ray(t, c, d, blocks, |s, _| {
                        if !reach.contains(s) {
                            return false;
                        }
                        set.insert(s);
                        !others(s)
                    });
                }
            }
        }
        set
    }

    /// The cells of the shadow cast by the piece on `c` (empty for an empty cell). Defined for
    /// every chess game; only Shadow Chess gives it a meaning.
    pub fn shadow_cells(&self, c: Cell) -> Vec<Cell> {
        let p = self.board[c as usize];
        if p == 0 {
            return Vec::new();
        }
        self.shadow_of(c, &self.coverage(color(p))).iter().collect()
    }

    /// Shadow check: the king is attacked directly, or an enemy piece standing outside the
    /// king's shadow can move by its ordinary capturing movement onto an empty cell of it.
    fn shadow_in_check(&self, col: Seat) -> bool {
        let k = self.kings[col];
        let them = SEATING.opponent(col);
        if self.is_attacked(k, them) {
            return true;
        }
        let shadow = self.reach(k);
        shadow.iter().any(|s| self.board[s as usize] == 0 && self.any_attacker(s, them, |c| self.board[c as usize], |a| !shadow.contains(a)))
    }

    /// Appends the shadow captures of `us` to `out`, which holds its ordinary moves.
    fn shadow_captures(&self, us: Seat, them: Seat, out: &mut Vec<ChessMove>) {
        let t = self.topo;
        let cover = self.coverage(them);
        let ordinary = out.len();
        for q in 0..t.len() as Cell {
            let p = self.board[q as usize];
            if p == 0 || color(p) != them || kind(p) == KING {
                continue;
            }
            let shadow = self.shadow_of(q, &cover);
            let enters = |from: Cell, to: Cell| shadow.contains(to) && !shadow.contains(from);
            // Ordinary capturing movements that end on an empty cell: every quiet move of a
            // piece other than a pawn (castling is no capturing movement) ...
            for i in 0..ordinary {
                let m = out[i];
                if m.kind == MoveKind::Quiet && kind(self.board[m.from as usize]) != PAWN && enters(m.from, m.to) {
                    out.push(ChessMove { victim: q, ..ChessMove::new(m.from, m.to, MoveKind::Shadow) });
                }
            }
            // ... and a pawn's diagonal step, its capturing movement, onto an empty cell.
            for c in 0..t.len() as Cell {
                if self.board[c as usize] != piece(us, PAWN) {
                    continue;
                }
                for s in movement::pawn_diagonals(t, c, side(us)) {
                    if s == NO_CELL || self.board[s as usize] != 0 || !enters(c, s) {
                        continue;
                    }
                    let m = ChessMove { victim: q, ..ChessMove::new(c, s, MoveKind::Shadow) };
                    if t.on_far_edge(side(us), s) {
                        for promo in PROMOTIONS {
                            out.push(ChessMove { promotion: promo, ..m });
                        }
                    } else {
                        out.push(m);
                    }
                }
            }
        }
    }

    /// Whether `col` has too little material to ever give mate (as shakmaty judges it, so
    /// positions compare equal with the oracle). In Shadow Chess, where shadow check lets
    /// lone minor pieces give check from afar, only a bare king counts as insufficient.
    fn insufficient(&self, col: Seat) -> bool {
        let t = self.topo;
        let (mut knights, mut bishops_dark, mut bishops_light, mut ours) = (0, 0, 0, 0);
        let (mut all_dark_b, mut all_light_b, mut their_pn, mut their_nbr) = (0, 0, false, false);
        for c in 0..t.len() as Cell {
            let p = self.board[c as usize];
            if p == 0 {
                continue;
            }
            if color(p) == col {
                ours += 1;
                match kind(p) {
                    PAWN | ROOK | QUEEN => return false,
                    KNIGHT => knights += 1,
                    BISHOP if t.is_dark(c) => bishops_dark += 1,
                    BISHOP => bishops_light += 1,
                    _ => {}
                }
            } else {
                match kind(p) {
                    PAWN | KNIGHT => {
                        their_pn = true;
                        their_nbr = true;
                    }
                    BISHOP | ROOK => their_nbr = true,
                    _ => {}
                }
            }
            if kind(p) == BISHOP {
                if t.is_dark(c) {
                    all_dark_b += 1;
                } else {
                    all_light_b += 1;
                }
            }
        }
        if self.rules.shadow {
            return ours == 1;
        }
        if knights > 0 {
            return ours <= 2 && !their_nbr;
        }
        if bishops_dark + bishops_light > 0 {
            let same_colour = all_dark_b == 0 || all_light_b == 0;
            return same_colour && !their_pn;
        }
        true
    }

    /// Whether no seat has the material to mate.
    fn dead_material(&self) -> bool {
        SEATING.seats().all(|s| self.insufficient(s))
    }

    /// Whether nothing but kings is left on the board.
    fn bare_kings(&self) -> bool {
        self.board[..self.topo.len()].iter().all(|&p| p == 0 || kind(p) == KING)
    }

    /// Whether `col` still has a king on the board.
    pub fn has_king(&self, col: Seat) -> bool {
        if self.rules.kings != KingRule::Capture {
            let k = self.kings[col];
            return k != NO_CELL && self.board[k as usize] == piece(col, KING);
        }
        self.board[..self.topo.len()].contains(&piece(col, KING))
    }

    /// A null move: the turn passes without a piece moving (a dice-chess pass, or the pause
    /// between the moves of one player's series). The en-passant chance lapses.
    pub fn pass_turn(&mut self) -> NullUndo {
        let undo = NullUndo { turn: self.turn, ep: self.ep, hash: self.hash, fullmove: self.fullmove };
        let next = SEATING.next(self.turn);
        self.hash ^= KEYS.turn[self.turn] ^ KEYS.turn[next] ^ self.ep_key(self.ep);
        self.ep = NO_CELL;
        if next == WHITE {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = next;
        undo
    }

    /// Takes back [`ChessPosition::pass_turn`].
    pub fn undo_pass_turn(&mut self, u: NullUndo) {
        self.turn = u.turn;
        self.ep = u.ep;
        self.hash = u.hash;
        self.fullmove = u.fullmove;
    }

    /// [`ChessPosition::pass_turn`] with what takes it back in a move's form: the search's null
    /// move (two seats, so the turn returns to the other one).
    pub fn pass_as_move(&mut self) -> ChessUndo {
        let undo = ChessUndo { captured: 0, castling: self.castling, ep: self.ep, halfmove: self.halfmove, hash: self.hash };
        self.pass_turn();
        undo
    }

    /// Takes back [`ChessPosition::pass_as_move`].
    pub fn undo_pass_as_move(&mut self, u: ChessUndo) {
        if self.turn == WHITE {
            self.fullmove -= 1;
        }
        self.turn = SEATING.opponent(self.turn);
        self.ep = u.ep;
        self.hash = u.hash;
    }

    /// Where `s`'s king stands (its first one where a side has several), `NO_CELL` if none.
    pub fn king_cell(&self, s: Seat) -> Cell {
        self.kings[s]
    }

    /// Whether `s` has a piece other than pawns and its king (on boards too big for the bit
    /// sets: always, which is what the null move's zugzwang test can live with).
    pub fn has_officers(&self, s: Seat) -> bool {
        self.bits.of(s) & (self.bits.orthogonal | self.bits.diagonal | self.bits.knights) != 0
    }

    /// The kind (1 pawn .. 6 king) of the piece on `c`, 0 if empty.
    pub fn kind_at(&self, c: Cell) -> u8 {
        kind(self.board[c as usize])
    }

    /// The draws of orthodox chess that the position alone decides (for dice chess). Where a
    /// king can be captured (`kings_capturable`: its owner may have to pass while in check),
    /// any piece that can give check can end the game, so only bare kings are dead material.
    /// Without check at all (BrainKing) kings take kings: no material is dead.
    pub fn draw_reason(&self, kings_capturable: bool) -> Option<Reason> {
        let dead = match self.rules.kings {
            KingRule::Capture => false,
            _ if kings_capturable => self.bare_kings(),
            _ => self.dead_material(),
        };
        if dead {
            return Some(Reason::InsufficientMaterial);
        }
        (self.halfmove >= 100).then_some(Reason::FiftyMoveRule)
    }
}

/// Removes repeated moves from `out[first..]`, keeping the first of each, in place. On a joined
/// board two lines of one piece can reach the same cell (a rook both ways round a rank, two
/// diagonals meeting across the joined edge, knight leaps on a narrow cylinder): one move
/// (rulings K10). A piece has at most a few dozen moves, so the quadratic scan is cheap.
fn dedup_from(out: &mut Vec<ChessMove>, first: usize) {
    let mut kept = first;
    for i in first..out.len() {
        let m = out[i];
        if !out[first..kept].contains(&m) {
            out[kept] = m;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// The parts of a chess move text (`e2e4`, `e7e8q`, Shadow Chess's `b1c3xd5`), as cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub from: Cell,
    pub to: Cell,
    /// Promotion piece kind, 0 if none.
    pub promotion: u8,
    /// Shadow Chess's victim cell, `NO_CELL` if none.
    pub victim: Cell,
}

/// Splits `text` into leading cell names: a file letter followed by rank digits, as many as
/// there are; the rest (a promotion letter, `x` and a victim) is returned as the remainder.
/// Works on characters, so any text — empty, non-ASCII — is safe to pass.
fn split_cell(text: &str) -> Option<(&str, &str)> {
    let mut chars = text.char_indices();
    let (_, f) = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let end = chars.find(|&(_, c)| !c.is_ascii_digit()).map_or(text.len(), |(i, _)| i);
    (end > 1).then(|| text.split_at(end))
}

/// The piece a move text's promotion suffix names (`q`, `r`, `b`, `n`; none: 0), shared by the
/// games that write chess moves.
pub(crate) fn read_promotion(text: &str, suffix: &str) -> Result<u8, String> {
    match suffix {
        "" => Ok(0),
        "q" => Ok(QUEEN),
        "r" => Ok(ROOK),
        "b" => Ok(BISHOP),
        "n" => Ok(KNIGHT),
        _ => Err(format!("'{text}' has an unknown promotion piece '{suffix}' (expected q, r, b or n)")),
    }
}

impl ChessPosition {
    /// The legal moves of the side to move's pieces on `movers` (bit `rank * 8 + file`, so
    /// boards of more than 64 cells take `u64::MAX`: every piece), in `out`. Where the bit
    /// generator serves, the other pieces' moves are never listed (a dice roll's pieces).
    pub fn legal_moves_from(&self, movers: u64, out: &mut Vec<ChessMove>) {
        if movers == u64::MAX || !self.bit_moves_serve() || !self.has_king(self.turn) {
            self.legal_moves(out);
            if movers != u64::MAX {
                out.retain(|m| m.from < 64 && movers >> m.from & 1 != 0);
            }
            return;
        }
        out.clear();
        self.bit_moves_from(self.turn, movers, out);
    }

    /// Whether the side to move has a legal move; `scratch` is working space. Where the bit
    /// generator serves it stops at the first piece with a move (a throw's mate and stalemate
    /// test in the dice games, run at every throw the search meets).
    pub fn has_legal_move(&self, scratch: &mut Vec<ChessMove>) -> bool {
        if self.has_king(self.turn) && self.bit_moves_serve() {
            return self.bit_has_move(self.turn, scratch);
        }
        self.legal_moves(scratch);
        !scratch.is_empty()
    }

    /// The legal moves as the cell-by-cell generator lists them, whatever the board (the
    /// reference the bit generator is tested against).
    #[cfg(test)]
    pub(crate) fn cell_legal_moves(&self, out: &mut Vec<ChessMove>) {
        out.clear();
        let (us, them) = (self.turn, SEATING.opponent(self.turn));
        let free_target = if self.rules.kings == KingRule::RoyalCapturable { self.kings[them] } else { NO_CELL };
        self.royal_moves(us, them, free_target, out);
    }

    /// Reads a move text into cells without checking legality; `Err` says why it is no move.
    pub fn read_move_text(&self, text: &str) -> Result<MoveText, String> {
        let t = self.topo;
        if let Some((p, sq)) = text.split_once('@') {
            if p.len() == 1 && "PNBRQK".contains(p) && t.parse_cell(sq).is_some() {
                return Err(format!("'{text}' is a drop, and this game has no drops"));
            }
            return Err(format!("'{text}' is not a move (expected e.g. e2e4 or e7e8q)"));
        }
        let bad = || format!("'{text}' is not a move (expected e.g. e2e4, e7e8q{})", if self.rules.shadow { " or b1c3xd5" } else { "" });
        let (from, rest) = split_cell(text).ok_or_else(bad)?;
        let (to, rest) = split_cell(rest).ok_or_else(bad)?;
        let cell = |name: &str| t.parse_cell(name).ok_or_else(|| format!("'{text}': {name} is not a square of this {}x{} board", t.width(), t.height()));
        let (from, to) = (cell(from)?, cell(to)?);
        let (promo, victim) = match rest.split_once('x') {
            Some((p, v)) => (p, Some(v)),
            None => (rest, None),
        };
        let promotion = read_promotion(text, promo)?;
        let victim = match victim {
            None => NO_CELL,
            Some(_) if !self.rules.shadow => return Err(format!("'{text}' names a shadow capture, which only Shadow Chess has")),
            Some(v) => cell(v)?,
        };
        Ok(MoveText { from, to, promotion, victim })
    }
}

impl Position for ChessPosition {
    type Move = ChessMove;
    type Undo = ChessUndo;

    fn turn(&self) -> Seat {
        self.turn
    }

    fn legal_moves(&self, out: &mut Vec<ChessMove>) {
        out.clear();
        let us = self.turn;
        let them = SEATING.opponent(us);
        let free_target = match self.rules.kings {
            _ if self.rules.shadow => {
                self.pseudo_moves(us, them, out);
                self.shadow_captures(us, them, out);
                let mut scratch = self.clone();
                out.retain(|&m| {
                    let u = scratch.make(m);
                    let ok = !scratch.shadow_in_check(us);
                    scratch.unmake(m, u);
                    ok
                });
                return;
            }
            KingRule::Royal => NO_CELL,
            KingRule::Capture => return self.pseudo_moves(us, them, out),
            // A king its owner left in check (by passing) may simply be taken.
            KingRule::RoyalCapturable => self.kings[them],
        };
        if !self.has_king(us) {
            // Its king was taken (dice chess): nothing is left to protect; the game is over.
            return self.pseudo_moves(us, them, out);
        }
        if self.bit_moves_serve() {
            return self.bit_moves(us, out);
        }
        self.royal_moves(us, them, free_target, out);
    }

    fn play_unchecked(&mut self, m: ChessMove) -> ChessUndo {
        self.make(m)
    }
    fn undo(&mut self, m: ChessMove, u: ChessUndo) {
        self.unmake(m, u)
    }
    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        let mut h = 0;
        for c in 0..self.topo.len() as Cell {
            let p = self.board[c as usize];
            if p != 0 {
                h ^= Self::key(c, p);
            }
        }
        h ^= KEYS.turn[self.turn];
        h ^ KEYS.castling[self.castling as usize] ^ self.ep_key(self.ep)
    }

    fn outcome_with(&self, legal: &[ChessMove]) -> Option<Outcome> {
        if legal.is_empty() {
            let us = self.turn;
            return Some(if self.in_check(us) { Outcome::win(SEATING.opponent(us), Reason::Checkmate) } else { Outcome::draw(Reason::Stalemate) });
        }
        if self.dead_material() {
            return Some(Outcome::draw(Reason::InsufficientMaterial));
        }
        if self.halfmove >= 100 {
            return Some(Outcome::draw(Reason::FiftyMoveRule));
        }
        None
    }

    fn move_text(&self, m: ChessMove) -> String {
        let t = self.topo;
        let mut s = format!("{}{}", t.name(m.from), t.name(m.to));
        if m.promotion != 0 {
            s.push(b" pnbrqk"[m.promotion as usize] as char);
        }
        if m.kind == MoveKind::Shadow {
            s.push('x');
            s += &t.name(m.victim);
        }
        s
    }

    fn check_move_syntax(&self, text: &str) -> Result<(), String> {
        self.read_move_text(text).map(|_| ())
    }

    fn explain_illegal(&self, text: &str, legal: &[ChessMove]) -> String {
        match self.read_move_text(text) {
            Ok(parts) => self.refusal(parts, legal).to_string(),
            Err(e) => e,
        }
    }

    fn to_text(&self) -> String {
        self.fen()
    }

    fn is_irreversible(&self, m: ChessMove) -> bool {
        m.kind != MoveKind::Quiet || kind(self.board[m.from as usize]) == PAWN
    }
}
