//! Legal moves of orthodox chess on the flat 8x8 board from bits of cells: attack sets from
//! tables computed once, checks and pins found with a few masks, every piece's targets as one
//! word. The same moves as the cell-by-cell generator of `legal.rs` (which every other board,
//! Shadow Chess and the dice rules use), each piece's in increasing cell order.

use std::sync::LazyLock;

use super::magic::Magics;
use super::*;

/// Attack tables of the flat 8x8 board, bit `rank * 8 + file`.
struct Tables {
    knight: [u64; 64],
    king: [u64; 64],
    /// `rays[line][cell]`: the cells along the line from `cell` to the edge (`cell` excluded).
    rays: [[u64; 64]; 8],
    /// The cells strictly between two cells on one line (0 when they share none).
    between: [[u64; 64]; 64],
    /// `pawn_attacks[seat][cell]`: where a pawn of White (0) or Black (1) on `cell` captures.
    pawn_attacks: [[u64; 64]; 2],
    /// Rook and bishop attacks for every set of blockers, filled from `rays`.
    sliders: Magics,
}

/// Whether a line runs towards higher cell numbers (its nearest blocker is the lowest bit).
const fn ascending(d: usize) -> bool {
    let (dx, dy) = Line::ALL[d].delta();
    dy * 8 + dx > 0
}

static TABLES: LazyLock<Box<Tables>> = LazyLock::new(|| {
    let mut t =
        Box::new(Tables { knight: [0; 64], king: [0; 64], rays: [[0; 64]; 8], between: [[0; 64]; 64], pawn_attacks: [[0; 64]; 2], sliders: Magics::empty() });
    let on = |f: i32, r: i32| (0..8).contains(&f) && (0..8).contains(&r);
    for c in 0..64i32 {
        let (f, r) = (c % 8, c / 8);
        for (df, dr) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
            if on(f + df, r + dr) {
                t.knight[c as usize] |= 1 << ((r + dr) * 8 + f + df);
            }
        }
        for (d, line) in Line::ALL.iter().enumerate() {
            let (df, dr) = line.delta();
            if on(f + df, r + dr) {
                t.king[c as usize] |= 1 << ((r + dr) * 8 + f + df);
            }
            let (mut g, mut s, mut between) = (f + df, r + dr, 0u64);
            while on(g, s) {
                let target = (s * 8 + g) as usize;
                t.rays[d][c as usize] |= 1 << target;
                t.between[c as usize][target] = between;
                between |= 1 << target;
                (g, s) = (g + df, s + dr);
            }
        }
        for (seat, dr) in [(0, 1), (1, -1)] {
            for df in [-1, 1] {
                if on(f + df, r + dr) {
                    t.pawn_attacks[seat][c as usize] |= 1 << ((r + dr) * 8 + f + df);
                }
            }
        }
    }
    let sliders = Magics::new(|c, occupied| rook_rays(&t, c, occupied), |c, occupied| bishop_rays(&t, c, occupied));
    t.sliders = sliders;
    t
});

/// The cells a slider on `c` reaches along line `d` (index into `Line::ALL`) with `occupied`
/// cells blocking (the first blocker included).
#[inline(always)]
fn ray(t: &Tables, d: usize, c: usize, occupied: u64) -> u64 {
    let r = t.rays[d][c];
    let blockers = r & occupied;
    if blockers == 0 {
        return r;
    }
    let first = if ascending(d) { blockers.trailing_zeros() } else { 63 - blockers.leading_zeros() };
    r ^ t.rays[d][first as usize]
}

/// Rook lines (N, E, S, W) and bishop lines (NE, SE, SW, NW) as indexes into `Line::ALL`.
const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];
const DIAGONAL: [usize; 4] = [1, 3, 5, 7];

/// A rook's attacks from its four rays (what the magic table is filled from).
fn rook_rays(t: &Tables, c: usize, occupied: u64) -> u64 {
    ORTHOGONAL.iter().fold(0, |a, &d| a | ray(t, d, c, occupied))
}

/// A bishop's attacks from its four rays.
fn bishop_rays(t: &Tables, c: usize, occupied: u64) -> u64 {
    DIAGONAL.iter().fold(0, |a, &d| a | ray(t, d, c, occupied))
}

#[inline(always)]
fn rook_attacks(t: &Tables, c: usize, occupied: u64) -> u64 {
    t.sliders.rook(c, occupied)
}

#[inline(always)]
fn bishop_attacks(t: &Tables, c: usize, occupied: u64) -> u64 {
    t.sliders.bishop(c, occupied)
}

/// The cells of `x`, lowest first.
#[inline(always)]
fn cells(x: u64) -> impl Iterator<Item = usize> {
    crate::topology::bit_cells(x).map(usize::from)
}

/// The pieces of a flat 8x8 board by colour and kind, as bits of cells (bit `rank * 8 +
/// file`), for the evaluation's own bit path.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PieceBits {
    /// By colour: White's pieces, then Black's.
    pub colours: [u64; 2],
    pub pawns: u64,
    pub knights: u64,
    pub bishops: u64,
    pub rooks: u64,
    pub queens: u64,
    pub kings: u64,
}

impl PieceBits {
    /// The pieces of kind `kind` (1 pawn .. 6 king), of both colours.
    pub(crate) fn of_kind(&self, kind: u8) -> u64 {
        match kind {
            PAWN => self.pawns,
            KNIGHT => self.knights,
            BISHOP => self.bishops,
            ROOK => self.rooks,
            QUEEN => self.queens,
            KING => self.kings,
            _ => 0,
        }
    }
}

/// The attack tables of the flat 8x8 board, for callers outside move generation.
#[derive(Clone, Copy)]
pub(crate) struct Attacks(&'static Tables);

impl Attacks {
    /// The tables (computed on first use).
    pub(crate) fn get() -> Attacks {
        Attacks(&TABLES)
    }
    #[inline(always)]
    pub(crate) fn knight(self, c: usize) -> u64 {
        self.0.knight[c]
    }
    #[inline(always)]
    pub(crate) fn king(self, c: usize) -> u64 {
        self.0.king[c]
    }
    #[inline(always)]
    pub(crate) fn bishop(self, c: usize, occupied: u64) -> u64 {
        bishop_attacks(self.0, c, occupied)
    }
    #[inline(always)]
    pub(crate) fn rook(self, c: usize, occupied: u64) -> u64 {
        rook_attacks(self.0, c, occupied)
    }
}

impl ChessPosition {
    /// The pieces by colour and kind, bit `rank * 8 + file`: exact on the flat 8x8 board,
    /// whatever the rules (the move generator's [`ChessPosition::bit_moves_apply`], the
    /// evaluation's bit path); boards of more cells keep no exact bits.
    pub(crate) fn piece_bits(&self) -> PieceBits {
        let b = &self.bits;
        let occupied = b.white | b.black;
        PieceBits {
            colours: [b.white, b.black],
            pawns: occupied & !(b.orthogonal | b.diagonal | b.knights | b.kings),
            knights: b.knights,
            bishops: b.diagonal & !b.orthogonal,
            rooks: b.orthogonal & !b.diagonal,
            queens: b.orthogonal & b.diagonal,
            kings: b.kings,
        }
    }
}

/// Which of a side's legal moves [`ChessPosition::bit_moves_of`] lists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Listing {
    /// Every legal move.
    Every,
    /// Captures, en-passant captures and promotions, unless the side is in check.
    Noisy,
    /// The moves of the first piece that has any: enough to tell whether a move exists.
    Any,
}

/// The side to move's pieces by kind, and the board's occupancy.
struct Sides {
    occupied: u64,
    own: u64,
    enemy: u64,
    pawns: u64,
}

impl ChessPosition {
    /// Whether [`ChessPosition::bit_moves`] serves this position: orthodox rules (no shadow, a
    /// royal king on the board) on the flat 8x8 board.
    #[inline(always)]
    pub(crate) fn bit_moves_apply(&self) -> bool {
        self.bit_board() && self.rules.kings == KingRule::Royal
    }

    /// The flat 8x8 board without shadow captures: the board the bit sets describe exactly.
    #[inline(always)]
    fn bit_board(&self) -> bool {
        self.topo.width() == 8 && self.topo.height() == 8 && self.topo.wrap() == Wrap::Flat && !self.rules.shadow
    }

    /// Whether [`ChessPosition::bit_moves`] lists exactly this position's legal moves: where
    /// [`ChessPosition::bit_moves_apply`], and also for the dice games' kings that may be taken
    /// while the side to move does not attack the other king (once its owner has left it in
    /// check, any move that takes it is legal, which only the cell generator lists).
    pub(crate) fn bit_moves_serve(&self) -> bool {
        self.bit_board()
            && match self.rules.kings {
                KingRule::Royal => true,
                KingRule::RoyalCapturable => {
                    let (us, them) = (self.turn, SEATING.opponent(self.turn));
                    let theirs = self.kings[them];
                    let s = self.sides(us);
                    theirs == NO_CELL || self.attackers(&TABLES, theirs as usize, us, s.own, s.occupied, s.pawns) == 0
                }
                KingRule::Capture => false,
            }
    }

    fn sides(&self, us: Seat) -> Sides {
        let b = &self.bits;
        let occupied = b.white | b.black;
        let pawns = occupied & !(b.orthogonal | b.diagonal | b.knights | b.kings);
        Sides { occupied, own: b.of(us), enemy: b.of(SEATING.opponent(us)), pawns }
    }

    /// Every piece of `by` (its cells in `by_cells`) attacking `c` with `occupied` cells.
    #[inline(always)]
    fn attackers(&self, t: &Tables, c: usize, by: Seat, by_cells: u64, occupied: u64, pawns: u64) -> u64 {
        let b = &self.bits;
        let pawn_row = if by == WHITE { 1 } else { 0 };
        (t.knight[c] & b.knights
            | t.king[c] & b.kings
            | t.pawn_attacks[pawn_row][c] & pawns
            | rook_attacks(t, c, occupied) & b.orthogonal
            | bishop_attacks(t, c, occupied) & b.diagonal)
            & by_cells
            & occupied
    }

    /// The legal moves of `us` (whose king is on the board), appended to `out`.
    pub(super) fn bit_moves(&self, us: Seat, out: &mut Vec<ChessMove>) {
        self.bit_moves_of(us, Listing::Every, u64::MAX, out);
    }

    /// Whether `us` (whose king is on the board) has a legal move: the generator stops at the
    /// first piece with one (`scratch` holds that piece's moves).
    pub(super) fn bit_has_move(&self, us: Seat, scratch: &mut Vec<ChessMove>) -> bool {
        scratch.clear();
        self.bit_moves_of(us, Listing::Any, u64::MAX, scratch);
        !scratch.is_empty()
    }

    /// The legal moves of `us`'s pieces on `movers` alone (bit `rank * 8 + file`), appended to
    /// `out`: a dice roll's pieces, without listing the others' moves to filter them out.
    pub(super) fn bit_moves_from(&self, us: Seat, movers: u64, out: &mut Vec<ChessMove>) {
        self.bit_moves_of(us, Listing::Every, movers, out);
    }

    /// The legal captures, en-passant captures and promotions of `us` alone, appended to `out`,
    /// unless its king stands in check: then nothing, and false.
    pub(crate) fn bit_noisy_moves(&self, us: Seat, out: &mut Vec<ChessMove>) -> bool {
        self.bit_moves_of(us, Listing::Noisy, u64::MAX, out)
    }

    /// The legal moves of `us`'s pieces on `movers` (`listing` says which: every one, the
    /// noisy ones unless `us` is in check, or those of the first piece that has any); returns
    /// whether it listed them (not the noisy ones in check).
    fn bit_moves_of(&self, us: Seat, listing: Listing, movers: u64, out: &mut Vec<ChessMove>) -> bool {
        let noisy_only = listing == Listing::Noisy;
        let t: &Tables = &TABLES;
        let them = SEATING.opponent(us);
        let s = self.sides(us);
        let k = self.kings[us] as usize;
        let checkers = self.attackers(t, k, them, s.enemy, s.occupied, s.pawns);
        if noisy_only && checkers != 0 {
            return false;
        }
        // What a piece's move must land on to count: anything, or an enemy to take.
        let wanted = if noisy_only { s.enemy } else { u64::MAX };
        // Double check: the king must move.
        let targets = match checkers.count_ones() {
            0 => !s.own,
            1 => checkers | t.between[k][checkers.trailing_zeros() as usize],
            _ => 0,
        };
        let pins = self.pins(t, k, &s);
        let pinned = pins.iter().fold(0, |a, &(p, _)| a | p);
        let along = |c: usize| pins.iter().find(|&&(p, _)| p == 1 << c).map_or(u64::MAX, |&(_, line)| line);
        let mut pieces = s.own & !self.bits.kings & movers;
        while pieces != 0 && targets != 0 {
            let c = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let allowed = targets & if pinned & (1 << c) != 0 { along(c) } else { u64::MAX };
            if s.pawns & (1 << c) != 0 {
                self.bit_pawn_moves(t, c, us, &s, allowed, noisy_only, out);
            } else {
                let reach = match kind(self.board[c]) {
                    KNIGHT => t.knight[c],
                    BISHOP => bishop_attacks(t, c, s.occupied),
                    ROOK => rook_attacks(t, c, s.occupied),
                    _ => rook_attacks(t, c, s.occupied) | bishop_attacks(t, c, s.occupied),
                };
                self.push_targets(c, reach & !s.own & allowed & wanted, s.enemy, out);
            }
            if listing == Listing::Any && !out.is_empty() {
                return true;
            }
        }
        if movers & 1 << k != 0 {
            self.bit_king_moves(t, k, us, &s, (checkers != 0, noisy_only), out);
        }
        true
    }

    /// Whether the plain move `m` of the side to move (a step or capture, no castling, en
    /// passant or promotion: `None` for those) attacks the other king once played, by the
    /// moved piece or by one it uncovers: the attack test on the board as it would be.
    pub(crate) fn bit_gives_check(&self, m: ChessMove) -> Option<bool> {
        if m.promotion != 0 || !matches!(m.kind, MoveKind::Quiet | MoveKind::Capture | MoveKind::DoublePush) {
            return None;
        }
        let t: &Tables = &TABLES;
        let us = self.turn;
        let k = self.kings[SEATING.opponent(us)] as usize;
        let b = &self.bits;
        let (from, to) = (1u64 << m.from, 1u64 << m.to);
        // Each set after the move: the mover's kind moves along, a taken piece leaves.
        let moved = |x: u64| if x & from != 0 { x & !from | to } else { x & !to };
        let all = b.white | b.black;
        let occupied = all & !from | to;
        let ours = b.of(us) & !from | to;
        let pawns = moved(all & !(b.orthogonal | b.diagonal | b.knights | b.kings));
        let pawn_row = if us == WHITE { 1 } else { 0 };
        let hits = t.knight[k] & moved(b.knights)
            | t.pawn_attacks[pawn_row][k] & pawns
            | rook_attacks(t, k, occupied) & moved(b.orthogonal)
            | bishop_attacks(t, k, occupied) & moved(b.diagonal);
        Some(hits & ours != 0)
    }

    /// The pieces of the side to move pinned to its king on `k`: each with the cells from the
    /// king to its pinner (the pinner included), where it may still move.
    fn pins(&self, t: &Tables, k: usize, s: &Sides) -> PinList {
        let b = &self.bits;
        let snipers = (rook_attacks(t, k, 0) & b.orthogonal | bishop_attacks(t, k, 0) & b.diagonal) & s.enemy;
        let mut pins = PinList::new();
        for p in cells(snipers) {
            let blockers = t.between[k][p] & s.occupied;
            if blockers.count_ones() == 1 && blockers & s.own != 0 {
                pins.push((blockers, t.between[k][p] | 1 << p));
            }
        }
        pins
    }

    /// A move from `from` to each cell of `to`, captures where `enemy` stands.
    #[inline(always)]
    fn push_targets(&self, from: usize, to: u64, enemy: u64, out: &mut Vec<ChessMove>) {
        for c in cells(to) {
            let kind = if enemy & (1 << c) != 0 { MoveKind::Capture } else { MoveKind::Quiet };
            out.push(ChessMove::new(from as Cell, c as Cell, kind));
        }
    }

    /// The pawn on `c`'s moves landing in `allowed` (en passant tested on its own: it empties
    /// two cells of a line at once and may take the checking pawn off a cell not in `allowed`);
    /// with `noisy_only` its captures and promotions alone.
    #[allow(clippy::too_many_arguments)] // the generator's state, passed on from `bit_moves_of`
    fn bit_pawn_moves(&self, t: &Tables, c: usize, us: Seat, s: &Sides, allowed: u64, noisy_only: bool, out: &mut Vec<ChessMove>) {
        let side = side(us);
        let forward = |x: usize| if us == WHITE { x + 8 } else { x.wrapping_sub(8) };
        let one = forward(c);
        // (A pawn on its far row, which no game reaches, has no step forward.)
        if one < 64 && s.occupied & (1 << one) == 0 {
            let promotes = one / 8 == if us == WHITE { 7 } else { 0 };
            if allowed & (1 << one) != 0 && (promotes || !noisy_only) {
                self.push_pawn(c as Cell, one as Cell, side, MoveKind::Quiet, out);
            }
            let home = if us == WHITE { c / 8 == 1 } else { c / 8 == 6 };
            let two = if home && !noisy_only { forward(one) } else { 64 };
            if two < 64 && s.occupied & (1 << two) == 0 && allowed & (1 << two) != 0 {
                out.push(ChessMove::new(c as Cell, two as Cell, MoveKind::DoublePush));
            }
        }
        let row = if us == WHITE { 0 } else { 1 };
        for to in cells(t.pawn_attacks[row][c] & s.enemy & allowed) {
            self.push_pawn(c as Cell, to as Cell, side, MoveKind::Capture, out);
        }
        let ep = self.ep as usize;
        if self.ep != NO_CELL && t.pawn_attacks[row][c] & (1 << ep) != 0 && self.bit_ep_safe(t, c, us, s) {
            out.push(ChessMove::new(c as Cell, self.ep, MoveKind::EnPassant));
        }
    }

    /// Whether the en-passant capture by the pawn on `from` leaves the king of `us` unattacked.
    fn bit_ep_safe(&self, t: &Tables, from: usize, us: Seat, s: &Sides) -> bool {
        let to = self.ep as usize;
        let taken = if us == WHITE { to - 8 } else { to + 8 };
        let occupied = (s.occupied & !(1 << from) & !(1 << taken)) | 1 << to;
        let them = SEATING.opponent(us);
        let k = self.kings[us] as usize;
        self.attackers(t, k, them, s.enemy & !(1 << taken), occupied, s.pawns & !(1 << taken)) == 0
    }

    /// The king's steps to cells the other side does not attack once the king has left `k`,
    /// then castling (`checked`: it stands in check, which rules castling out; `noisy_only`:
    /// its captures alone).
    fn bit_king_moves(&self, t: &Tables, k: usize, us: Seat, s: &Sides, (checked, noisy_only): (bool, bool), out: &mut Vec<ChessMove>) {
        let them = SEATING.opponent(us);
        let lifted = s.occupied & !(1 << k);
        let wanted = if noisy_only { s.enemy } else { !s.own };
        for to in cells(t.king[k] & wanted) {
            // A capture takes the piece off its cell: it no longer attacks.
            let enemy = s.enemy & !(1 << to);
            if self.attackers(t, to, them, enemy, lifted | 1 << to, s.pawns & !(1 << to)) == 0 {
                let kind = if s.enemy & (1 << to) != 0 { MoveKind::Capture } else { MoveKind::Quiet };
                out.push(ChessMove::new(k as Cell, to as Cell, kind));
            }
        }
        if !noisy_only {
            self.safe_castling_moves(k as Cell, us, them, checked, out);
        }
    }
}

/// At most eight pins (one per line out of the king), without allocating.
struct PinList {
    pins: [(u64, u64); 8],
    len: usize,
}

impl PinList {
    fn new() -> PinList {
        PinList { pins: [(0, 0); 8], len: 0 }
    }
    fn push(&mut self, pin: (u64, u64)) {
        self.pins[self.len] = pin;
        self.len += 1;
    }
    fn iter(&self) -> std::slice::Iter<'_, (u64, u64)> {
        self.pins[..self.len].iter()
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    /// Sorted, so that two generators' orders do not matter.
    fn sorted(mut moves: Vec<ChessMove>) -> Vec<(Cell, Cell, u8, MoveKind)> {
        let mut v: Vec<_> = moves.drain(..).map(|m| (m.from, m.to, m.promotion, m.kind)).collect();
        v.sort_by_key(|&(f, t, p, k)| (f, t, p, k as u8));
        v
    }

    /// The bit generator gives exactly the moves of the cell-by-cell one, in random games from
    /// the start and from positions rich in pins, checks, castling, promotion and en passant
    /// (chessprogramming.org's perft positions) and from a stalemate and a mate, its noisy list
    /// exactly their captures and promotions (none when in check), its check test what playing
    /// the move shows, and its early exit whether there is any move.
    #[test]
    fn the_bit_generator_agrees_with_the_cell_generator() {
        let starts = [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(29);
        let (mut positions, mut moves_seen, mut noisy_lists, mut checks_told, mut stuck) = (0, 0, 0, 0, 0);
        let mut scratch = Vec::new();
        for fen in starts {
            for _ in 0..40 {
                let mut p = ChessPosition::from_fen(fen, Wrap::Flat, ChessRules::ORTHODOX).unwrap();
                for _ in 0..120 {
                    assert!(p.bit_moves_apply());
                    let us = p.turn();
                    let (mut bits, mut cells) = (Vec::new(), Vec::new());
                    p.bit_moves(us, &mut bits);
                    p.royal_moves(us, SEATING.opponent(us), NO_CELL, &mut cells);
                    assert_eq!(sorted(bits.clone()), sorted(cells.clone()), "{}", p.fen());
                    assert_eq!(p.bit_has_move(us, &mut scratch), !cells.is_empty(), "any move, {}", p.fen());
                    stuck += usize::from(cells.is_empty());
                    let mut noisy = Vec::new();
                    if p.bit_noisy_moves(us, &mut noisy) {
                        cells.retain(|m| m.promotion != 0 || matches!(m.kind, MoveKind::Capture | MoveKind::EnPassant));
                        assert_eq!(sorted(noisy), sorted(cells), "noisy, {}", p.fen());
                        noisy_lists += 1;
                    } else {
                        assert!(p.in_check(us), "only a side in check gets no noisy list: {}", p.fen());
                    }
                    if positions % 4 == 0 {
                        for &m in &bits {
                            if let Some(check) = p.bit_gives_check(m) {
                                let mut after = p.clone();
                                after.play_unchecked(m);
                                assert_eq!(check, after.in_check(after.turn()), "check by {m:?} in {}", p.fen());
                                checks_told += check as usize;
                            }
                        }
                    }
                    positions += 1;
                    moves_seen += bits.len();
                    if bits.is_empty() {
                        break;
                    }
                    p.play_unchecked(bits[rng.random_range(0..bits.len())]);
                }
            }
        }
        assert!(
            positions > 10_000 && moves_seen > 200_000 && noisy_lists > 9_000 && checks_told > 1_000 && stuck >= 80,
            "{positions} positions, {moves_seen} moves, {noisy_lists} noisy lists, {checks_told} checks, {stuck} without a move"
        );
    }
}
