//! The chess family: orthodox Chess, Cylindrical Chess and Shadow Chess on any topology.
//!
//! A mailbox board (one byte per cell) driven by the topology's neighbour tables: sliding pieces
//! walk `Topology::step` until they hit a piece, an edge, or (on a cylinder) their own square.
//! Legality is checked by playing a move and asking whether the mover's king can be taken, with
//! a fast path that skips that test for pieces that cannot expose the king.

use crate::position::{Outcome, Player, Position, splitmix64};
use crate::topology::{Cell, CellSet, Dir, MAX_CELLS, NO_CELL, Topology, Wrap};

/// Piece kinds (low three bits of a board byte).
pub const PAWN: u8 = 1;
pub const KNIGHT: u8 = 2;
pub const BISHOP: u8 = 3;
pub const ROOK: u8 = 4;
pub const QUEEN: u8 = 5;
pub const KING: u8 = 6;
/// Colour bit of a board byte: set for the second player (Black).
const BLACK_BIT: u8 = 8;

#[inline(always)]
const fn piece(color: u8, kind: u8) -> u8 {
    kind | (color << 3)
}
#[inline(always)]
const fn kind(p: u8) -> u8 {
    p & 7
}
#[inline(always)]
const fn color(p: u8) -> u8 {
    (p & BLACK_BIT) >> 3
}

/// The lines a bishop, rook or queen slides along.
#[inline(always)]
const fn slider_dirs(kind: u8) -> &'static [Dir] {
    match kind {
        BISHOP => &Dir::DIAGONAL,
        ROOK => &Dir::ORTHOGONAL,
        _ => &Dir::ALL,
    }
}

/// Castling right bits: White king side, White queen side, Black king side, Black queen side.
const CASTLE_WK: u8 = 1;
const CASTLE_WQ: u8 = 2;
const CASTLE_BK: u8 = 4;
const CASTLE_BQ: u8 = 8;

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

/// Zobrist keys: one per (cell, board byte), castling rights, en-passant file, side to move.
struct Keys {
    piece: [[u64; 16]; MAX_CELLS],
    castling: [u64; 16],
    ep_file: [u64; 16],
    black: u64,
}

const KEYS: Keys = {
    let mut piece = [[0u64; 16]; MAX_CELLS];
    let mut c = 0;
    while c < MAX_CELLS {
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
    Keys { piece, castling, ep_file, black: splitmix64(0xB1AC_0000) }
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
    board: [u8; MAX_CELLS],
    turn: u8,
    castling: u8,
    /// The en-passant target cell (the one the double-stepping pawn passed), kept only when
    /// an enemy pawn stands ready to take it; `NO_CELL` otherwise.
    ep: Cell,
    halfmove: u16,
    fullmove: u16,
    kings: [Cell; 2],
    hash: u64,
}

/// The standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

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
        let rows: Vec<&str> = fields[0].split('/').collect();
        let height = rows.len();
        let mut parsed_rows: Vec<Vec<u8>> = Vec::with_capacity(height);
        for row in &rows {
            let mut cells = Vec::new();
            let mut run = 0usize;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    run = run * 10 + d as usize;
                    if run > 16 {
                        return Err(format!("FEN row '{row}' has an empty run that is too long"));
                    }
                    continue;
                }
                cells.extend(std::iter::repeat_n(0, run));
                run = 0;
                let k = match ch.to_ascii_lowercase() {
                    'p' => PAWN,
                    'n' => KNIGHT,
                    'b' => BISHOP,
                    'r' => ROOK,
                    'q' => QUEEN,
                    'k' => KING,
                    _ => return Err(format!("FEN has an unknown piece letter '{ch}'")),
                };
                cells.push(piece(if ch.is_ascii_lowercase() { 1 } else { 0 }, k));
            }
            cells.extend(std::iter::repeat_n(0, run));
            parsed_rows.push(cells);
        }
        let width = parsed_rows[0].len();
        if parsed_rows.iter().any(|r| r.len() != width) {
            return Err("FEN rows have different lengths".into());
        }
        if !(4..=12).contains(&width) || !(4..=12).contains(&height) {
            return Err(format!("FEN board is {width}x{height}; boards from 4x4 to 12x12 are supported"));
        }
        let topo = Topology::get(width as u8, height as u8, wrap);
        let mut pos =
            ChessPosition { topo, rules, board: [0; MAX_CELLS], turn: 0, castling: 0, ep: NO_CELL, halfmove: 0, fullmove: 1, kings: [NO_CELL; 2], hash: 0 };
        for (i, row) in parsed_rows.iter().enumerate() {
            let rank = (height - 1 - i) as u8;
            for (file, &p) in row.iter().enumerate() {
                let c = topo.cell(file as u8, rank).expect("in range");
                pos.board[c as usize] = p;
            }
        }
        pos.turn = match fields[1] {
            "w" => 0,
            "b" => 1,
            other => return Err(format!("FEN side to move must be 'w' or 'b', found '{other}'")),
        };
        // Kings: exactly one per side (any number where kings are simply captured). Where kings
        // can be captured, the position after a capture has one side without any: the game is
        // over, and its text must still read back (the side that lost it is the one to move).
        for col in 0..2u8 {
            let kings: Vec<Cell> = (0..topo.len() as Cell).filter(|&c| pos.board[c as usize] == piece(col, KING)).collect();
            let name = ["white", "black"][col as usize];
            let lost_allowed = rules.kings != KingRule::Royal && col == pos.turn;
            if kings.is_empty() && !lost_allowed {
                return Err(format!("FEN must have a {name} king"));
            }
            if kings.len() > 1 && rules.kings != KingRule::Capture {
                return Err(format!("FEN must have exactly one {name} king, found {}", kings.len()));
            }
            pos.kings[col as usize] = kings.first().copied().unwrap_or(NO_CELL);
        }
        for c in 0..topo.len() as Cell {
            let p = pos.board[c as usize];
            if kind(p) == PAWN && (topo.rank(c) == 0 || topo.rank(c) == topo.height() - 1) {
                return Err(format!("FEN has a pawn on {}, a first or last rank", topo.name(c)));
            }
        }
        if fields[2] != "-" {
            for ch in fields[2].chars() {
                let bit = match ch {
                    'K' => CASTLE_WK,
                    'Q' => CASTLE_WQ,
                    'k' => CASTLE_BK,
                    'q' => CASTLE_BQ,
                    _ => return Err(format!("FEN castling field has '{ch}' (expected KQkq or -)")),
                };
                if pos.castling & bit != 0 {
                    return Err(format!("FEN castling field repeats '{ch}'"));
                }
                pos.castling |= bit;
            }
        }
        for (bit, col, rook_file) in [(CASTLE_WK, 0, width - 1), (CASTLE_WQ, 0, 0), (CASTLE_BK, 1, width - 1), (CASTLE_BQ, 1, 0)] {
            if pos.castling & bit == 0 {
                continue;
            }
            if !pos.castling_fits(bit & (CASTLE_WK | CASTLE_BK) != 0) {
                let ch = ['K', 'Q', 'k', 'q'][bit.trailing_zeros() as usize];
                return Err(format!(
                    "FEN castling right '{ch}' is impossible on a {width}-file board: the king's two-file move must land between king and rook"
                ));
            }
            let home = topo.home_rank(col);
            let king_ok = pos.kings[col as usize] == topo.cell(pos.king_file(), home).unwrap();
            let rook_ok = pos.board[topo.cell(rook_file as u8, home).unwrap() as usize] == piece(col, ROOK);
            if !king_ok || !rook_ok {
                return Err(format!("FEN castling right '{}' needs the king and rook on their starting squares", fields[2]));
            }
        }
        if fields[3] != "-" {
            let ep = topo.parse_cell(fields[3]).ok_or_else(|| format!("FEN en-passant square '{}' is not a square", fields[3]))?;
            let mover = 1 - pos.turn; // the side that just double-stepped
            let back = Dir::N.for_player(mover);
            let pawn_at = topo.step(ep, back);
            let from = topo.step(ep, back.opposite());
            let consistent = topo.relative_rank(mover, ep) == 2
                && pos.board[ep as usize] == 0
                && pawn_at != NO_CELL
                && pos.board[pawn_at as usize] == piece(mover, PAWN)
                && from != NO_CELL
                && pos.board[from as usize] == 0;
            if !consistent {
                return Err(format!("FEN en-passant square {} does not follow a double pawn step", fields[3]));
            }
            pos.ep = ep;
            if !pos.ep_capturable() {
                pos.ep = NO_CELL;
            }
        }
        let number = |i: usize, name: &str, default: u16| -> Result<u16, String> {
            match fields.get(i) {
                None => Ok(default),
                Some(s) => s.parse::<u16>().map_err(|_| format!("FEN {name} '{s}' is not a number")),
            }
        };
        pos.halfmove = number(4, "half-move clock", 0)?;
        pos.fullmove = number(5, "move number", 1)?.max(1);
        pos.hash = pos.recompute_hash();
        if rules.kings == KingRule::Royal && pos.in_check(1 - pos.turn) {
            return Err("FEN position has the side not to move in check".into());
        }
        Ok(pos)
    }

    /// The FEN of this position.
    pub fn fen(&self) -> String {
        let t = self.topo;
        let mut s = String::new();
        for rank in (0..t.height()).rev() {
            let mut empty = 0;
            for file in 0..t.width() {
                let p = self.board[t.cell(file, rank).unwrap() as usize];
                if p == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                let ch = b" pnbrqk"[kind(p) as usize] as char;
                s.push(if color(p) == 0 { ch.to_ascii_uppercase() } else { ch });
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.turn == 0 { " w " } else { " b " });
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

    #[inline]
    fn king_file(&self) -> u8 {
        self.topo.width() / 2
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
        Dir::DIAGONAL_BACK(us).iter().any(|&d| {
            let s = self.topo.step(self.ep, d);
            s != NO_CELL && self.board[s as usize] == piece(us, PAWN) && {
                if self.rules.kings == KingRule::Capture {
                    return true;
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

    /// Whether `color`'s king is in check (shadow check included in Shadow Chess).
    pub fn in_check(&self, col: u8) -> bool {
        let k = self.kings[col as usize];
        if k == NO_CELL {
            return false;
        }
        if self.rules.shadow { self.shadow_in_check(col) } else { self.is_attacked(k, 1 - col) }
    }

    /// Whether any piece of `by` attacks `sq` by an ordinary capturing movement.
    pub fn is_attacked(&self, sq: Cell, by: u8) -> bool {
        self.any_attacker(sq, by, |_| true)
    }

    /// Calls `accept` on each cell holding a piece of `by` whose ordinary capturing movement
    /// reaches `sq`, stopping at the first one it accepts; returns whether one was accepted.
    #[inline]
    fn any_attacker(&self, sq: Cell, by: u8, mut accept: impl FnMut(Cell) -> bool) -> bool {
        let t = self.topo;
        let b = &self.board;
        for d in Dir::DIAGONAL_BACK(by) {
            let s = t.step(sq, d);
            if s != NO_CELL && b[s as usize] == piece(by, PAWN) && accept(s) {
                return true;
            }
        }
        for &s in t.leaps(sq) {
            if s != NO_CELL && b[s as usize] == piece(by, KNIGHT) && accept(s) {
                return true;
            }
        }
        let (rook, bishop, queen, king) = (piece(by, ROOK), piece(by, BISHOP), piece(by, QUEEN), piece(by, KING));
        for d in Dir::ALL {
            let mut s = t.step(sq, d);
            if s == NO_CELL {
                continue;
            }
            if b[s as usize] == king && accept(s) {
                return true;
            }
            let slider = if (d as u8).is_multiple_of(2) { rook } else { bishop };
            while s != NO_CELL && s != sq {
                let p = b[s as usize];
                if p != 0 {
                    if (p == slider || p == queen) && accept(s) {
                        return true;
                    }
                    break;
                }
                s = t.step(s, d);
            }
        }
        false
    }

    /// Pseudo-legal moves (ordinary chess moves; no shadow captures) appended to `out`.
    fn pseudo_moves(&self, out: &mut Vec<ChessMove>) {
        let t = self.topo;
        let us = self.turn;
        let wraps = t.wrap() != Wrap::Flat;
        for c in 0..t.len() as Cell {
            let p = self.board[c as usize];
            if p == 0 || color(p) != us {
                continue;
            }
            let first = out.len();
            match kind(p) {
                PAWN => self.pawn_moves(c, out),
                KNIGHT => {
                    for &s in t.leaps(c) {
                        self.push_target(c, s, out);
                    }
                }
                BISHOP | ROOK | QUEEN => self.slide(c, slider_dirs(kind(p)), out),
                KING => {
                    for d in Dir::ALL {
                        self.push_target(c, t.step(c, d), out);
                    }
                    self.castling_moves(c, out);
                }
                _ => unreachable!("invalid piece byte"),
            }
            if wraps {
                dedup_from(out, first);
            }
        }
    }

    #[inline(always)]
    fn push_target(&self, from: Cell, to: Cell, out: &mut Vec<ChessMove>) {
        if to == NO_CELL || to == from {
            return;
        }
        let q = self.board[to as usize];
        if q == 0 {
            out.push(ChessMove::new(from, to, MoveKind::Quiet));
        } else if color(q) != self.turn {
            out.push(ChessMove::new(from, to, MoveKind::Capture));
        }
    }

    #[inline(always)]
    fn slide(&self, from: Cell, dirs: &[Dir], out: &mut Vec<ChessMove>) {
        let t = self.topo;
        for &d in dirs {
            let mut s = t.step(from, d);
            // On a cylinder a rank ray comes back round to `from`: a move to one's own square is no move.
            while s != NO_CELL && s != from {
                let q = self.board[s as usize];
                if q == 0 {
                    out.push(ChessMove::new(from, s, MoveKind::Quiet));
                } else {
                    if color(q) != self.turn {
                        out.push(ChessMove::new(from, s, MoveKind::Capture));
                    }
                    break;
                }
                s = t.step(s, d);
            }
        }
    }

    fn push_pawn(&self, from: Cell, to: Cell, kind: MoveKind, out: &mut Vec<ChessMove>) {
        if self.topo.rank(to) == self.topo.far_rank(self.turn) {
            for promo in PROMOTIONS {
                out.push(ChessMove { promotion: promo, ..ChessMove::new(from, to, kind) });
            }
        } else {
            out.push(ChessMove::new(from, to, kind));
        }
    }

    fn pawn_moves(&self, c: Cell, out: &mut Vec<ChessMove>) {
        let t = self.topo;
        let us = self.turn;
        let fwd = Dir::N.for_player(us);
        let one = t.step(c, fwd);
        if one != NO_CELL && self.board[one as usize] == 0 {
            self.push_pawn(c, one, MoveKind::Quiet, out);
            if t.relative_rank(us, c) == 1 {
                let two = t.step(one, fwd);
                if two != NO_CELL && self.board[two as usize] == 0 {
                    out.push(ChessMove::new(c, two, MoveKind::DoublePush));
                }
            }
        }
        for d in Dir::DIAGONAL_FORWARD(us) {
            let s = t.step(c, d);
            if s == NO_CELL {
                continue;
            }
            let q = self.board[s as usize];
            if q != 0 && color(q) != us {
                self.push_pawn(c, s, MoveKind::Capture, out);
            } else if s == self.ep {
                out.push(ChessMove::new(c, s, MoveKind::EnPassant));
            }
        }
    }

    fn castling_moves(&self, k: Cell, out: &mut Vec<ChessMove>) {
        let us = self.turn;
        let (ks, qs) = if us == 0 { (CASTLE_WK, CASTLE_WQ) } else { (CASTLE_BK, CASTLE_BQ) };
        let no_check = self.rules.kings == KingRule::Capture;
        if self.castling & (ks | qs) == 0 || (!no_check && self.in_check(us)) {
            return;
        }
        let t = self.topo;
        let home = t.home_rank(us);
        let kf = self.king_file();
        let at = |f: u8| t.cell(f, home).expect("on board");
        let empty = |f: u8| self.board[at(f) as usize] == 0;
        let safe = |f: u8| no_check || !self.is_attacked(at(f), 1 - us);
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
    fn castle_rook(&self, m: ChessMove, us: u8) -> (Cell, Cell) {
        let t = self.topo;
        let home = t.home_rank(us);
        if m.kind == MoveKind::CastleKing {
            (t.cell(t.width() - 1, home).unwrap(), t.cell(self.king_file() + 1, home).unwrap())
        } else {
            (t.cell(0, home).unwrap(), t.cell(self.king_file() - 1, home).unwrap())
        }
    }

    /// The cell of the piece a move captures, if any.
    #[inline(always)]
    fn captured_cell(&self, m: ChessMove, us: u8) -> Cell {
        match m.kind {
            MoveKind::Capture => m.to,
            MoveKind::EnPassant => self.topo.step(m.to, Dir::S.for_player(us)),
            MoveKind::Shadow => m.victim,
            _ => NO_CELL,
        }
    }

    /// Castling rights lost when a piece leaves or is taken on `c`.
    #[inline(always)]
    fn rights_lost_at(&self, c: Cell) -> u8 {
        let t = self.topo;
        let (f, r) = (t.file(c), t.rank(c));
        let last = t.height() - 1;
        let mut lost = 0;
        if r == 0 {
            if f == self.king_file() {
                lost |= CASTLE_WK | CASTLE_WQ;
            } else if f == 0 {
                lost |= CASTLE_WQ;
            } else if f == t.width() - 1 {
                lost |= CASTLE_WK;
            }
        } else if r == last {
            if f == self.king_file() {
                lost |= CASTLE_BK | CASTLE_BQ;
            } else if f == 0 {
                lost |= CASTLE_BQ;
            } else if f == t.width() - 1 {
                lost |= CASTLE_BK;
            }
        }
        lost
    }

    fn make(&mut self, m: ChessMove) -> ChessUndo {
        let us = self.turn;
        let undo = ChessUndo { captured: 0, castling: self.castling, ep: self.ep, halfmove: self.halfmove, hash: self.hash };
        let mut undo = undo;
        let mut h = self.hash ^ KEYS.castling[self.castling as usize] ^ self.ep_key(self.ep);
        let p = self.board[m.from as usize];
        let cap = self.captured_cell(m, us);
        if cap != NO_CELL {
            undo.captured = self.board[cap as usize];
            h ^= Self::key(cap, undo.captured);
            self.board[cap as usize] = 0;
            self.castling &= !self.rights_lost_at(cap);
        }
        self.board[m.from as usize] = 0;
        h ^= Self::key(m.from, p);
        let placed = if m.promotion != 0 { piece(us, m.promotion) } else { p };
        self.board[m.to as usize] = placed;
        h ^= Self::key(m.to, placed);
        if kind(p) == KING {
            self.kings[us as usize] = m.to;
            if matches!(m.kind, MoveKind::CastleKing | MoveKind::CastleQueen) {
                let (rf, rt) = self.castle_rook(m, us);
                let rook = piece(us, ROOK);
                self.board[rf as usize] = 0;
                self.board[rt as usize] = rook;
                h ^= Self::key(rf, rook) ^ Self::key(rt, rook);
            }
        }
        self.castling &= !(self.rights_lost_at(m.from) | self.rights_lost_at(m.to));
        self.halfmove = if kind(p) == PAWN || cap != NO_CELL { 0 } else { self.halfmove.saturating_add(1) };
        if us == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = 1 - us;
        self.ep = NO_CELL;
        if m.kind == MoveKind::DoublePush {
            self.ep = self.topo.step(m.from, Dir::N.for_player(us));
            if !self.ep_capturable() {
                self.ep = NO_CELL;
            }
        }
        h ^= KEYS.black ^ KEYS.castling[self.castling as usize] ^ self.ep_key(self.ep);
        self.hash = h;
        undo
    }

    fn unmake(&mut self, m: ChessMove, u: ChessUndo) {
        self.turn = 1 - self.turn;
        let us = self.turn;
        let placed = self.board[m.to as usize];
        let original = if m.promotion != 0 { piece(us, PAWN) } else { placed };
        self.board[m.to as usize] = 0;
        self.board[m.from as usize] = original;
        if kind(original) == KING {
            self.kings[us as usize] = m.from;
            if matches!(m.kind, MoveKind::CastleKing | MoveKind::CastleQueen) {
                let (rf, rt) = self.castle_rook(m, us);
                self.board[rt as usize] = 0;
                self.board[rf as usize] = piece(us, ROOK);
            }
        }
        if u.captured != 0 {
            let cap = self.captured_cell(m, us);
            self.board[cap as usize] = u.captured;
        }
        if us == 1 {
            self.fullmove -= 1;
        }
        self.castling = u.castling;
        self.ep = u.ep;
        self.halfmove = u.halfmove;
        self.hash = u.hash;
    }

    /// Cells of `us`'s pieces pinned against their king by an enemy slider.
    fn pinned(&self, us: u8) -> CellSet {
        let t = self.topo;
        let k = self.kings[us as usize];
        let mut pinned = CellSet::EMPTY;
        let (rook, bishop, queen) = (piece(1 - us, ROOK), piece(1 - us, BISHOP), piece(1 - us, QUEEN));
        for d in Dir::ALL {
            let slider = if (d as u8).is_multiple_of(2) { rook } else { bishop };
            let mut s = t.step(k, d);
            let mut blocker = NO_CELL;
            while s != NO_CELL && s != k {
                let p = self.board[s as usize];
                if p != 0 {
                    if color(p) == us {
                        if blocker != NO_CELL {
                            break;
                        }
                        blocker = s;
                    } else {
                        if blocker != NO_CELL && (p == slider || p == queen) {
                            pinned.insert(blocker);
                        }
                        break;
                    }
                }
                s = t.step(s, d);
            }
        }
        pinned
    }

    /// Whether a king move to `to` is safe, testing with the king lifted off the board so it
    /// cannot hide behind itself from a slider.
    fn king_step_safe(&mut self, from: Cell, to: Cell, us: u8) -> bool {
        let k = self.board[from as usize];
        let captured = self.board[to as usize];
        self.board[from as usize] = 0;
        self.board[to as usize] = k;
        let safe = !self.is_attacked(to, 1 - us);
        self.board[to as usize] = captured;
        self.board[from as usize] = k;
        safe
    }

    // ---- Shadow Chess -------------------------------------------------------------------

    /// Cells the piece on `c` could move to in one move (its raw reach): ordinary pseudo-legal
    /// destinations without castling or en passant.
    fn reach(&self, c: Cell) -> CellSet {
        let mut set = CellSet::EMPTY;
        let t = self.topo;
        let p = self.board[c as usize];
        let us = color(p);
        let mut add = |s: Cell| {
            if s != NO_CELL && s != c && (self.board[s as usize] == 0 || color(self.board[s as usize]) != us) {
                set.insert(s);
            }
        };
        match kind(p) {
            PAWN => {
                let fwd = Dir::N.for_player(us);
                let one = t.step(c, fwd);
                if one != NO_CELL && self.board[one as usize] == 0 {
                    add(one);
                    let two = t.step(one, fwd);
                    if t.relative_rank(us, c) == 1 && two != NO_CELL && self.board[two as usize] == 0 {
                        add(two);
                    }
                }
                for d in Dir::DIAGONAL_FORWARD(us) {
                    let s = t.step(c, d);
                    if s != NO_CELL && self.board[s as usize] != 0 {
                        add(s);
                    }
                }
            }
            KNIGHT => t.leaps(c).iter().for_each(|&s| add(s)),
            KING => Dir::ALL.iter().for_each(|&d| add(t.step(c, d))),
            k => {
                for &d in slider_dirs(k) {
                    let mut s = t.step(c, d);
                    while s != NO_CELL && s != c {
                        add(s);
                        if self.board[s as usize] != 0 {
                            break;
                        }
                        s = t.step(s, d);
                    }
                }
            }
        }
        set
    }

    /// How many of `col`'s pieces reach each cell.
    fn coverage(&self, col: u8) -> [u8; MAX_CELLS] {
        let mut cover = [0u8; MAX_CELLS];
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
    fn shadow_of(&self, c: Cell, cover: &[u8; MAX_CELLS]) -> CellSet {
        let reach = self.reach(c);
        let t = self.topo;
        let p = self.board[c as usize];
        let us = color(p);
        let others = |s: Cell| cover[s as usize] > reach.contains(s) as u8;
        let mut set = CellSet::EMPTY;
        match kind(p) {
            KNIGHT | KING => return reach,
            PAWN => {
                let fwd = Dir::N.for_player(us);
                let one = t.step(c, fwd);
                if reach.contains(one) {
                    set.insert(one);
                    let two = t.step(one, fwd);
                    if !others(one) && reach.contains(two) {
                        set.insert(two);
                    }
                }
                for d in Dir::DIAGONAL_FORWARD(us) {
                    let s = t.step(c, d);
                    if reach.contains(s) {
                        set.insert(s);
                    }
                }
            }
            k => {
                for &d in slider_dirs(k) {
                    let mut s = t.step(c, d);
                    while reach.contains(s) {
                        set.insert(s);
                        if self.board[s as usize] != 0 || others(s) {
                            break;
                        }
                        s = t.step(s, d);
                    }
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
    fn shadow_in_check(&self, col: u8) -> bool {
        let k = self.kings[col as usize];
        let them = 1 - col;
        if self.is_attacked(k, them) {
            return true;
        }
        let shadow = self.reach(k);
        shadow.iter().any(|s| self.board[s as usize] == 0 && self.any_attacker(s, them, |a| !shadow.contains(a)))
    }

    /// Appends the side to move's shadow captures to `out`, which holds its ordinary moves.
    fn shadow_captures(&self, out: &mut Vec<ChessMove>) {
        let t = self.topo;
        let us = self.turn;
        let them = 1 - us;
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
                for d in Dir::DIAGONAL_FORWARD(us) {
                    let s = t.step(c, d);
                    if s == NO_CELL || self.board[s as usize] != 0 || !enters(c, s) {
                        continue;
                    }
                    let m = ChessMove { victim: q, ..ChessMove::new(c, s, MoveKind::Shadow) };
                    if t.rank(s) == t.far_rank(us) {
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
    fn insufficient(&self, col: u8) -> bool {
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
                    PAWN => {
                        their_pn = true;
                        their_nbr = true;
                    }
                    KNIGHT => {
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

    /// Whether nothing but kings is left on the board.
    fn bare_kings(&self) -> bool {
        self.board[..self.topo.len()].iter().all(|&p| p == 0 || kind(p) == KING)
    }

    /// Whether `col` still has a king on the board.
    pub fn has_king(&self, col: u8) -> bool {
        if self.rules.kings != KingRule::Capture {
            let k = self.kings[col as usize];
            return k != NO_CELL && self.board[k as usize] == piece(col, KING);
        }
        self.board[..self.topo.len()].contains(&piece(col, KING))
    }

    /// A null move: the turn passes without a piece moving (a dice-chess pass, or the pause
    /// between the moves of one player's series). The en-passant chance lapses.
    pub fn pass_turn(&mut self) -> NullUndo {
        let undo = NullUndo { ep: self.ep, hash: self.hash, fullmove: self.fullmove };
        self.hash ^= KEYS.black ^ self.ep_key(self.ep);
        self.ep = NO_CELL;
        if self.turn == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = 1 - self.turn;
        undo
    }

    /// Takes back [`ChessPosition::pass_turn`].
    pub fn undo_pass_turn(&mut self, u: NullUndo) {
        self.turn = 1 - self.turn;
        self.ep = u.ep;
        self.hash = u.hash;
        self.fullmove = u.fullmove;
    }

    /// The kind (1 pawn .. 6 king) of the piece on `c`, 0 if empty.
    pub fn kind_at(&self, c: Cell) -> u8 {
        kind(self.board[c as usize])
    }

    /// The draws of orthodox chess that the position alone decides (for dice chess). Where a
    /// king can be captured (`kings_capturable`: its owner may have to pass while in check),
    /// any piece that can give check can end the game, so only bare kings are dead material.
    /// Without check at all (BrainKing) kings take kings: no material is dead.
    pub fn draw_reason(&self, kings_capturable: bool) -> Option<&'static str> {
        let dead = match self.rules.kings {
            KingRule::Capture => false,
            _ if kings_capturable => self.bare_kings(),
            _ => self.insufficient(0) && self.insufficient(1),
        };
        if dead {
            return Some("insufficient material");
        }
        (self.halfmove >= 100).then_some("fifty-move rule")
    }

    /// Keeps the moves of `out` that do not leave the mover's king attacked.
    /// A move to `free_target` (a king its owner left in check) is kept unconditionally.
    fn retain_legal(&self, out: &mut Vec<ChessMove>, scratch: &mut ChessPosition, free_target: Cell) {
        let us = self.turn;
        let k = self.kings[us as usize];
        if !self.has_king(us) {
            // Its king was taken (dice chess): nothing is left to protect; the game is over.
            return;
        }
        let checked = self.is_attacked(k, 1 - us);
        let pinned = self.pinned(us);
        out.retain(|&m| {
            if m.to == free_target {
                return true;
            }
            let castles = matches!(m.kind, MoveKind::CastleKing | MoveKind::CastleQueen);
            if m.from == k && !castles {
                return scratch.king_step_safe(m.from, m.to, us);
            }
            // Castling checked the king's start and the cell it passes; its landing is tested by
            // playing it, rook and all: on a cylinder the rook's corner, once empty, can open a
            // line round the joined edge onto the king's new square.
            if !checked && !castles && m.kind != MoveKind::EnPassant && !pinned.contains(m.from) {
                return true;
            }
            let u = scratch.make(m);
            let ok = !scratch.is_attacked(scratch.kings[us as usize], 1 - us);
            scratch.unmake(m, u);
            ok
        });
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

impl ChessPosition {
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
        let promotion = match promo {
            "" => 0,
            "q" => QUEEN,
            "r" => ROOK,
            "b" => BISHOP,
            "n" => KNIGHT,
            _ => return Err(format!("'{text}' has an unknown promotion piece '{promo}' (expected q, r, b or n)")),
        };
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

    fn turn(&self) -> Player {
        self.turn
    }
    fn player_count(&self) -> usize {
        2
    }

    fn legal_moves(&self, out: &mut Vec<ChessMove>) {
        out.clear();
        self.pseudo_moves(out);
        let us = self.turn;
        let mut scratch = self.clone();
        if self.rules.shadow {
            self.shadow_captures(out);
            out.retain(|&m| {
                let u = scratch.make(m);
                let ok = !scratch.shadow_in_check(us);
                scratch.unmake(m, u);
                ok
            });
            return;
        }
        let free_target = match self.rules.kings {
            KingRule::Royal => NO_CELL,
            KingRule::Capture => return,
            // A king its owner left in check (by passing) may simply be taken.
            KingRule::RoyalCapturable => self.kings[1 - us as usize],
        };
        self.retain_legal(out, &mut scratch, free_target);
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
        if self.turn == 1 {
            h ^= KEYS.black;
        }
        h ^ KEYS.castling[self.castling as usize] ^ self.ep_key(self.ep)
    }

    fn outcome_with(&self, legal: &[ChessMove]) -> Option<Outcome> {
        if legal.is_empty() {
            return Some(if self.in_check(self.turn) { Outcome::win(1 - self.turn, "checkmate") } else { Outcome::draw("stalemate") });
        }
        if self.insufficient(0) && self.insufficient(1) {
            return Some(Outcome::draw("insufficient material"));
        }
        if self.halfmove >= 100 {
            return Some(Outcome::draw("fifty-move rule"));
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
        let t = self.topo;
        let Ok(parts) = self.read_move_text(text) else { return "not a legal move".into() };
        let from = parts.from;
        let p = self.board[from as usize];
        if p == 0 {
            return format!("there is no piece on {}", t.name(from));
        }
        if color(p) != self.turn {
            return format!("the piece on {} is not the side to move's", t.name(from));
        }
        if parts.promotion == 0 && legal.iter().any(|m| m.from == from && m.to == parts.to && m.promotion != 0) {
            return "a pawn reaching the last rank must name its promotion (q, r, b or n)".into();
        }
        if self.in_check(self.turn) {
            return "it does not get the king out of check".into();
        }
        "that piece cannot move there (or it would leave its king in check)".into()
    }

    fn to_text(&self) -> String {
        self.fen()
    }

    fn is_irreversible(&self, m: ChessMove) -> bool {
        m.kind != MoveKind::Quiet || kind(self.board[m.from as usize]) == PAWN
    }
}
