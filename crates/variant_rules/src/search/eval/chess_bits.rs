//! The chess evaluation of orthodox chess on the flat 8x8 board by bits of cells: the figures
//! `seat_scores_by_cells` and `chess_terms` find by walking the board (material, square
//! tables, pawn structure, passed pawns, mobility, king shelter and danger, the bishop pair,
//! rook files), from masks and the move generator's attack tables. It is the search's hot
//! path: the walk took half of a chess search's time. A unit test holds both to the same
//! score on thousands of positions.

use super::chess_tables::{CHESS_VALUES, FULL_PHASE, KING_PIECE, Squares};
use super::chess_terms::{
    ATTACK_WEIGHT, BISHOP_PAIR, DANGER_CAP, DOUBLED, ISOLATED, MOBILITY, MOBILITY_BASE, OPEN_NEAR_KING, PASSED, ROOK_HALF_OPEN, ROOK_OPEN, SHIELD, Tapered,
};
use crate::chess::{self, Attacks, ChessPosition, KingRule, PieceBits};
use crate::position::{PerSeat, Seat};
use crate::topology::NO_CELL;

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The files on either hand of each file.
const BESIDE: [u64; 8] = {
    let mut m = [0; 8];
    let mut f = 0;
    while f < 8 {
        if f > 0 {
            m[f] |= FILE_A << (f - 1);
        }
        if f < 7 {
            m[f] |= FILE_A << (f + 1);
        }
        f += 1;
    }
    m
};

/// The cells of `x`, lowest first.
#[inline(always)]
fn cells(x: u64) -> impl Iterator<Item = usize> {
    crate::topology::bit_cells(x).map(usize::from)
}

/// One colour's pawns by file: how many, and the lowest and highest rank (from White's side).
struct Files {
    count: [u32; 8],
    lowest: [u32; 8],
    highest: [u32; 8],
}

impl Files {
    fn of(pawns: u64) -> Files {
        let mut f = Files { count: [0; 8], lowest: [u32::MAX; 8], highest: [0; 8] };
        for file in 0..8 {
            let on = pawns & (FILE_A << file);
            f.count[file] = on.count_ones();
            if on != 0 {
                f.lowest[file] = on.trailing_zeros() / 8;
                f.highest[file] = (63 - on.leading_zeros()) / 8;
            }
        }
        f
    }
}

/// Both seats' scores, as [`super::Evaluate::seat_scores`] gives them (material, square tables
/// and the tapered terms), for a position where `ChessPosition::bit_eval_applies` (the flat
/// 8x8 board, whatever the kings' rule).
pub(super) fn seat_scores(pos: &ChessPosition, out: &mut PerSeat<i32>) {
    let b = pos.piece_bits();
    let phase = ((b.knights.count_ones() * CHESS_VALUES[chess::KNIGHT as usize] as u32
        + b.bishops.count_ones() * CHESS_VALUES[chess::BISHOP as usize] as u32
        + b.rooks.count_ones() * CHESS_VALUES[chess::ROOK as usize] as u32
        + b.queens.count_ones() * CHESS_VALUES[chess::QUEEN as usize] as u32) as i32)
        .min(FULL_PHASE);
    let files = [Files::of(b.pawns & b.colours[0]), Files::of(b.pawns & b.colours[1])];
    let zones = [0, 1].map(|i| king_zone(pos.king_cell(Seat(i as u8))));
    let mut terms = [Tapered::default(); 2];
    let mut attack = [(0, 0); 2];
    for i in 0..2 {
        let (material, squared) = material_and_squares(&b, i, pos.squares());
        terms[i].add(pawn_terms(&b, &files, i), 1);
        attack[i] = pieces(&b, &files, i, zones[1 - i], &mut terms[i]);
        // Kings that may be taken (BrainKing's) are also material, as the cell walk counts them.
        let taken_kings = if pos.rules().kings == KingRule::Capture { KING_PIECE * (b.kings & b.colours[i]).count_ones() as i32 } else { 0 };
        out[Seat(i as u8)] = material + taken_kings + squared.blend(phase, FULL_PHASE);
    }
    for i in 0..2 {
        terms[i].mid += shelter(&files[i], i, pos.king_cell(Seat(i as u8)));
        let (attackers, units) = attack[1 - i];
        if attackers >= 2 {
            terms[i].mid -= (units * units).min(DANGER_CAP);
        }
        out[Seat(i as u8)] += terms[i].blend(phase, FULL_PHASE);
    }
}

/// The king's cell and its neighbours (none without a king).
fn king_zone(k: u16) -> u64 {
    if k == NO_CELL { 0 } else { 1 << k | Attacks::get().king(k as usize) }
}

/// Colour `i`'s material and square values: the figure that counts whole and the one the
/// phase blends (see [`Squares::add`]). The tables are printed from the owner's seat: White
/// reads them with the ranks turned over.
fn material_and_squares(b: &PieceBits, i: usize, squares: &Squares) -> (i32, Tapered) {
    let own = b.colours[i];
    let flip = if i == 0 { 56 } else { 0 };
    let (mut flat, mut blended) = (0, Tapered::default());
    for (kind, bits) in [
        (chess::PAWN, b.pawns),
        (chess::KNIGHT, b.knights),
        (chess::BISHOP, b.bishops),
        (chess::ROOK, b.rooks),
        (chess::QUEEN, b.queens),
        (chess::KING, b.kings),
    ] {
        for c in cells(bits & own) {
            squares.add(kind, squares.cells[kind as usize][c ^ flip], &mut flat, &mut blended);
        }
    }
    (flat, blended)
}

/// Colour `i`'s doubled, isolated and passed pawns.
fn pawn_terms(b: &PieceBits, files: &[Files; 2], i: usize) -> Tapered {
    let (own, theirs) = (b.pawns & b.colours[i], b.pawns & b.colours[1 - i]);
    let mut t = Tapered::default();
    for c in cells(own) {
        let (f, r) = (c % 8, (c / 8) as u32);
        if files[i].count[f] > 1 && files[i].lowest[f] != r {
            t.add(DOUBLED, 1);
        }
        if own & BESIDE[f] == 0 {
            t.add(ISOLATED, 1);
        }
        // Ranks ahead of the pawn, as the owner moves.
        let ahead = if i == 0 { u64::MAX.checked_shl(8 * (r + 1)).unwrap_or(0) } else { (1u64 << (8 * r)) - 1 };
        if theirs & (BESIDE[f] | FILE_A << f) & ahead == 0 {
            let advanced = if i == 0 { r } else { 7 - r } as usize;
            t.add(PASSED[advanced.min(PASSED.len() - 1)], 1);
        }
    }
    t
}

/// Colour `i`'s knights, bishops, rooks and queens: mobility, the bishop pair and rook files
/// into `t`; returns how many of them reach the enemy king's `zone` and their attack units.
fn pieces(b: &PieceBits, files: &[Files; 2], i: usize, zone: u64, t: &mut Tapered) -> (i32, i32) {
    let a = Attacks::get();
    let own = b.colours[i];
    let occupied = b.colours[0] | b.colours[1];
    let mut attack = (0, 0);
    for (kind, bits) in [(chess::KNIGHT, b.knights), (chess::BISHOP, b.bishops), (chess::ROOK, b.rooks), (chess::QUEEN, b.queens)] {
        for c in cells(bits & own) {
            let reach = match kind {
                chess::KNIGHT => a.knight(c),
                chess::BISHOP => a.bishop(c, occupied),
                chess::ROOK => a.rook(c, occupied),
                _ => a.bishop(c, occupied) | a.rook(c, occupied),
            };
            let k = kind as usize;
            t.add(MOBILITY[k], (reach & !own).count_ones() as i32 - MOBILITY_BASE[k]);
            let near = (reach & zone).count_ones() as i32;
            if near > 0 {
                attack = (attack.0 + 1, attack.1 + ATTACK_WEIGHT[k] + near);
            }
            if kind == chess::ROOK {
                let f = c % 8;
                t.add(
                    match (files[i].count[f], files[1 - i].count[f]) {
                        (0, 0) => ROOK_OPEN,
                        (0, _) => ROOK_HALF_OPEN,
                        _ => Tapered::default(),
                    },
                    1,
                );
            }
        }
    }
    if (b.bishops & own).count_ones() >= 2 {
        t.add(BISHOP_PAIR, 1);
    }
    attack
}

/// The middlegame shelter of colour `i`'s king on `k`: its own pawns one or two rows in front
/// of it on its file and the two beside, and open files there (a king on its first two rows).
fn shelter(own: &Files, i: usize, k: u16) -> i32 {
    if k == NO_CELL {
        return 0;
    }
    let (f, r) = ((k % 8) as usize, (k / 8) as i32);
    let home = if i == 0 { r } else { 7 - r };
    if home > 1 {
        return 0;
    }
    let mut v = 0;
    for g in [Some(f), f.checked_sub(1), (f < 7).then_some(f + 1)].into_iter().flatten() {
        if own.count[g] == 0 {
            v += OPEN_NEAR_KING;
            continue;
        }
        let nearest = if i == 0 { own.lowest[g] as i32 } else { 7 - own.highest[g] as i32 };
        if (1..=2).contains(&(nearest - home)) {
            v += SHIELD;
        }
    }
    v
}

/// The kinds colour `i` could move if a die named them (bit `k` for kind `k`): a piece with
/// somewhere to go, a pawn with a push or a capture. Checks and pins are not looked at (a
/// king may be left in check in the dice games), nor en passant.
pub(super) fn movable_kinds(b: &PieceBits, i: usize) -> u8 {
    let a = Attacks::get();
    let (own, enemy) = (b.colours[i], b.colours[1 - i]);
    let occupied = own | enemy;
    let pawns = b.pawns & own;
    let (pushes, takes) = if i == 0 {
        (pawns << 8 & !occupied, ((pawns & !FILE_A) << 7 | (pawns & !(FILE_A << 7)) << 9) & enemy)
    } else {
        (pawns >> 8 & !occupied, ((pawns & !FILE_A) >> 9 | (pawns & !(FILE_A << 7)) >> 7) & enemy)
    };
    let mut kinds = u8::from(pushes | takes != 0) << chess::PAWN;
    let reach = |kind: u8, c: usize| match kind {
        chess::KNIGHT => a.knight(c),
        chess::BISHOP => a.bishop(c, occupied),
        chess::ROOK => a.rook(c, occupied),
        chess::QUEEN => a.bishop(c, occupied) | a.rook(c, occupied),
        _ => a.king(c),
    };
    for (kind, bits) in [(chess::KNIGHT, b.knights), (chess::BISHOP, b.bishops), (chess::ROOK, b.rooks), (chess::QUEEN, b.queens), (chess::KING, b.kings)] {
        if cells(bits & own).any(|c| reach(kind, c) & !own != 0) {
            kinds |= 1 << kind;
        }
    }
    kinds
}

/// The kinds of colour `by`'s pieces that attack cell `sq` (bit `k` for kind `k`).
pub(super) fn attacker_kinds(b: &PieceBits, sq: usize, by: usize) -> u8 {
    let a = Attacks::get();
    let theirs = b.colours[by];
    let occupied = b.colours[0] | b.colours[1];
    let pawn_from = pawn_takers_of(1 << sq, by);
    let (diagonal, orthogonal) = (a.bishop(sq, occupied), a.rook(sq, occupied));
    let mut kinds = 0;
    for (kind, reach, bits) in [
        (chess::PAWN, pawn_from, b.pawns),
        (chess::KNIGHT, a.knight(sq), b.knights),
        (chess::BISHOP, diagonal, b.bishops),
        (chess::ROOK, orthogonal, b.rooks),
        (chess::QUEEN, diagonal | orthogonal, b.queens),
        (chess::KING, a.king(sq), b.kings),
    ] {
        if reach & bits & theirs != 0 {
            kinds |= 1 << kind;
        }
    }
    kinds
}

/// Where colour `by`'s pawns would stand to take on the cells of `at`: a rank behind them as
/// they move, a file to either side.
fn pawn_takers_of(at: u64, by: usize) -> u64 {
    if by == 1 { (at & !FILE_A) << 7 | (at & !(FILE_A << 7)) << 9 } else { (at & !FILE_A) >> 9 | (at & !(FILE_A << 7)) >> 7 }
}

/// Every piece of either colour attacking cell `sq` through `occupied`.
fn attackers_to(b: &PieceBits, sq: usize, occupied: u64) -> u64 {
    let a = Attacks::get();
    let at = 1u64 << sq;
    pawn_takers_of(at, 0) & b.pawns & b.colours[0]
        | pawn_takers_of(at, 1) & b.pawns & b.colours[1]
        | a.knight(sq) & b.knights
        | a.king(sq) & b.kings
        | a.bishop(sq, occupied) & (b.bishops | b.queens)
        | a.rook(sq, occupied) & (b.rooks | b.queens)
}

/// A move as the static exchange sees it: from where to where, the cell of the piece it takes
/// (the target, or the pawn passed by en passant; none for a quiet move) and the kind a pawn
/// promotes to (0 if none).
#[derive(Clone, Copy, Debug)]
pub(super) struct Exchange {
    pub from: usize,
    pub to: usize,
    pub taken: Option<usize>,
    pub promotion: u8,
}

impl Exchange {
    /// A chess move on the flat 8x8 board (cell = bit), as the exchange sees it.
    pub(super) fn of(m: chess::ChessMove) -> Exchange {
        let taken = match m.kind {
            chess::MoveKind::Capture => Some(m.to as usize),
            // The pawn passed stands beside the mover, on the rank it left (`to` one rank back).
            chess::MoveKind::EnPassant => Some(m.to as usize ^ 8),
            _ => None,
        };
        Exchange { from: m.from as usize, to: m.to as usize, taken, promotion: m.promotion }
    }
}

/// Whether the exchanges `m` starts on its target cell leave its mover at least `threshold`
/// centipawns up, both sides taking back with their least valuable piece and either side free
/// to stop (a static exchange evaluation, pieces valued by `values`, indexed by kind). Pins are
/// not looked at, nor a pawn promoting as it takes back; a king takes last, and only where
/// nothing of the other side still attacks the cell. The swap loop of Stockfish's `see_ge`.
pub(super) fn exchange_at_least(b: &PieceBits, m: Exchange, threshold: i32, values: &[i32; 7]) -> bool {
    let a = Attacks::get();
    // By kind, from the pawn (kind 1): index `k` holds kind `k + 1`.
    let kinds = [b.pawns, b.knights, b.bishops, b.rooks, b.queens, b.kings];
    let kind_at = |c: usize| kinds.iter().position(|&k| k & 1 << c != 0).map_or(0, |i| i + 1);
    let promoted = if m.promotion != 0 { values[m.promotion as usize] - values[chess::PAWN as usize] } else { 0 };
    let mut swap = m.taken.map_or(0, |c| values[kind_at(c)]) + promoted - threshold;
    if swap < 0 {
        return false;
    }
    // What the mover leaves on the target for the other side to take.
    let standing = if m.promotion != 0 { values[m.promotion as usize] } else { values[kind_at(m.from)] };
    swap = standing - swap;
    if swap <= 0 {
        return true;
    }
    let mover = usize::from(b.colours[1] & 1 << m.from != 0);
    let taken = m.taken.map_or(0, |c| 1u64 << c);
    let mut occupied = (b.colours[0] | b.colours[1]) & !(1 << m.from) & !taken | 1 << m.to;
    let (diagonal, orthogonal) = (b.bishops | b.queens, b.rooks | b.queens);
    let mut attackers = attackers_to(b, m.to, occupied);
    let (mut side, mut holds) = (mover, 1);
    loop {
        side ^= 1;
        attackers &= occupied;
        let theirs = attackers & b.colours[side];
        if theirs == 0 {
            break;
        }
        holds ^= 1;
        let Some(kind) = kinds[..5].iter().position(|&k| theirs & k != 0) else {
            // Only the king is left to take: it may, unless the cell is still attacked.
            return if attackers & !b.colours[side] != 0 { holds ^ 1 == 1 } else { holds == 1 };
        };
        swap = values[kind + 1] - swap;
        if swap < holds {
            break;
        }
        let by = kinds[kind] & theirs;
        occupied ^= by & by.wrapping_neg();
        // A piece gone from a line uncovers the sliders behind it.
        if kind + 1 != chess::KNIGHT as usize {
            attackers |= a.bishop(m.to, occupied) & diagonal | a.rook(m.to, occupied) & orthogonal;
        }
    }
    holds == 1
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::chess::{ChessRules, START_FEN};
    use crate::position::Position;
    use crate::topology::Wrap;

    /// The bit evaluation gives exactly the cell-by-cell scores, in random games from the
    /// start and from positions with castled kings, passed pawns, open files and bare kings.
    #[test]
    fn the_bit_evaluation_agrees_with_the_cell_evaluation() {
        let starts = [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "6k1/5ppp/8/8/8/6rq/5P2/6K1 w - - 0 1",
            "4k3/1p2P3/8/8/8/8/P6P/4K3 w - - 0 1",
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(29);
        let (mut positions, mut danger) = (0, 0);
        for fen in starts {
            for _ in 0..25 {
                let mut p = ChessPosition::from_fen(fen, Wrap::Flat, ChessRules::ORTHODOX).unwrap();
                for _ in 0..100 {
                    assert!(p.bit_moves_apply());
                    let (mut bits, mut walked) = (PerSeat::splat(0), PerSeat::splat(0));
                    seat_scores(&p, &mut bits);
                    p.seat_scores_by_cells(&mut walked);
                    assert_eq!((bits[Seat::A], bits[Seat::B]), (walked[Seat::A], walked[Seat::B]), "{}", p.fen());
                    positions += 1;
                    let mut terms = PerSeat::splat(Tapered::default());
                    super::super::chess_terms::terms(&p, &mut terms);
                    danger += (terms[Seat::A].mid < -100 || terms[Seat::B].mid < -100) as usize;
                    let mut moves = Vec::new();
                    p.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    p.play_unchecked(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        assert!(positions > 10_000 && danger > 100, "{positions} positions, {danger} with a king in danger");
    }

    /// Which kinds could move and which attack a cell, against the move generator: in games
    /// of random moves under the dice games' rule that kings are taken (every pseudo-legal
    /// move is legal), the kinds of each colour's moves, and of its moves landing on each
    /// enemy piece (en passant apart, which neither looks at). The bit evaluation, which the
    /// dice games use too, agrees with the cell walk there as well.
    #[test]
    fn movable_and_attacking_kinds_agree_with_the_move_generator() {
        let rules = ChessRules { shadow: false, kings: chess::KingRule::Capture };
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let (mut positions, mut attacked) = (0, 0);
        let mut moves = Vec::new();
        for _ in 0..40 {
            let mut p = ChessPosition::from_fen(START_FEN, Wrap::Flat, rules).unwrap();
            for _ in 0..120 {
                if !p.has_king(Seat::A) || !p.has_king(Seat::B) {
                    break;
                }
                let b = p.piece_bits();
                let (mut bits, mut walked) = (PerSeat::splat(0), PerSeat::splat(0));
                seat_scores(&p, &mut bits);
                p.seat_scores_by_cells(&mut walked);
                assert_eq!((bits[Seat::A], bits[Seat::B]), (walked[Seat::A], walked[Seat::B]), "the evaluations differ in {}", p.fen());
                for i in 0..2 {
                    let mut mover = p.clone();
                    if mover.turn() != Seat(i as u8) {
                        mover.pass_turn();
                    }
                    mover.legal_moves(&mut moves);
                    moves.retain(|m| m.kind != chess::MoveKind::EnPassant);
                    let kinds = moves.iter().fold(0u8, |k, m| k | 1 << p.kind_at(m.from));
                    assert_eq!(movable_kinds(&b, i), kinds, "colour {i} in {}", p.fen());
                    for c in cells(b.colours[1 - i]) {
                        let takers = moves.iter().filter(|m| m.to as usize == c).fold(0u8, |k, m| k | 1 << p.kind_at(m.from));
                        assert_eq!(attacker_kinds(&b, c, i), takers, "colour {i} on cell {c} in {}", p.fen());
                        attacked += (takers != 0) as usize;
                    }
                }
                positions += 1;
                p.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                p.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(positions > 2_000 && attacked > 2_000, "{positions} positions, {attacked} pieces attacked");
    }

    /// Positions, moves and exchange values from the static exchange suite many engines test
    /// with (Leorik's `see.epd`, pieces valued 100, 300, 300, 500 and 900), each value with
    /// the exchange it comes from; ours must find each value exactly (at least it, not one
    /// more). Left out: castling (never losing here) and a pawn promoting as it takes back.
    const EXCHANGES: &str = "\
6k1/1pp4p/p1pb4/6q1/3P1pRr/2P4P/PP1Br1P1/5RKN w - - | f1f4 | -100 | P - R + B
5rk1/1pp2q1p/p1pb4/8/3P1NP1/2P5/1P1BQ1P1/5RK1 b - - | d6f4 | 0 | -N + B
4R3/2r3p1/5bk1/1p1r3p/p2PR1P1/P1BK1P2/1P6/8 b - - | h5g4 | 0 |
4R3/2r3p1/5bk1/1p1r1p1p/p2PR1P1/P1BK1P2/1P6/8 b - - | h5g4 | 0 |
4r1k1/5pp1/nbp4p/1p2p2q/1P2P1b1/1BP2N1P/1B2QPPK/3R4 b - - | g4f3 | 0 |
2r1r1k1/pp1bppbp/3p1np1/q3P3/2P2P2/1P2B3/P1N1B1PP/2RQ1RK1 b - - | d6e5 | 100 | P
7r/5qpk/p1Qp1b1p/3r3n/BB3p2/5p2/P1P2P2/4RK1R w - - | e1e8 | 0 |
6rr/6pk/p1Qp1b1p/2n5/1B3p2/5p2/P1P2P2/4RK1R w - - | e1e8 | -500 | -R
7r/5qpk/2Qp1b1p/1N1r3n/BB3p2/5p2/P1P2P2/4RK1R w - - | e1e8 | -500 | -R
6RR/4bP2/8/8/5r2/3K4/5p2/4k3 w - - | f7f8q | 200 | B - P
6RR/4bP2/8/8/5r2/3K4/5p2/4k3 w - - | f7f8n | 200 | N - P
7R/5P2/8/8/6r1/3K4/5p2/4k3 w - - | f7f8q | 800 | Q - P
7R/5P2/8/8/6r1/3K4/5p2/4k3 w - - | f7f8b | 200 | B - P
7R/4bP2/8/8/1q6/3K4/5p2/4k3 w - - | f7f8r | -100 | -P
8/4kp2/2npp3/1Nn5/1p2PQP1/7q/1PP1B3/4KR1r b - - | h1f1 | 0 |
8/4kp2/2npp3/1Nn5/1p2P1P1/7q/1PP1B3/4KR1r b - - | h1f1 | 0 |
2r2r1k/6bp/p7/2q2p1Q/3PpP2/1B6/P5PP/2RR3K b - - | c5c1 | 100 | R - Q + R
r2qk1nr/pp2ppbp/2b3p1/2p1p3/8/2N2N2/PPPP1PPP/R1BQR1K1 w kq - | f3e5 | 100 | P
6r1/4kq2/b2p1p2/p1pPb3/p1P2B1Q/2P4P/2B1R1P1/6K1 w - - | f4e5 | 0 |
3q2nk/pb1r1p2/np6/3P2Pp/2p1P3/2R4B/PQ3P1P/3R2K1 w - h6 | g5h6 | 0 |
3q2nk/pb1r1p2/np6/3P2Pp/2p1P3/2R1B2B/PQ3P1P/3R2K1 w - h6 | g5h6 | 100 | P
2r4r/1P4pk/p2p1b1p/7n/BB3p2/2R2p2/P1P2P2/4RK2 w - - | c3c8 | 500 | R
2r4k/2r4p/p7/2b2p1b/4pP2/1BR5/P1R3PP/2Q4K w - - | c3c5 | 300 | B
8/pp6/2pkp3/4bp2/2R3b1/2P5/PP4B1/1K6 w - - | g2c6 | -200 | P - B
4q3/1p1pr1k1/1B2rp2/6p1/p3PP2/P3R1P1/1P2R1K1/4Q3 b - - | e6e4 | -400 | P - R
4q3/1p1pr1kb/1B2rp2/6p1/p3PP2/P3R1P1/1P2R1K1/4Q3 b - - | h7e4 | 100 | P
3r3k/3r4/2n1n3/8/3p4/2PR4/1B1Q4/3R3K w - - | d3d4 | -100 | P - R + N - P + N - B + R - Q + R
1k1r4/1ppn3p/p4b2/4n3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - | d3e5 | 100 | N - N + B - R + N
1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - | d3e5 | -200 | P - N
rnb2b1r/ppp2kpp/5n2/4P3/q2P3B/5R2/PPP2PPP/RN1QKB2 w Q - | h4f6 | 100 | N - B + P
r2q1rk1/2p1bppp/p2p1n2/1p2P3/4P1b1/1nP1BN2/PP3PPP/RN1QR1K1 b - - | g4f3 | 0 | N - B
r1bqkb1r/2pp1ppp/p1n5/1p2p3/3Pn3/1B3N2/PPP2PPP/RNBQ1RK1 b kq - | c6d4 | 0 | P - N + N - P
r1bq1r2/pp1ppkbp/4N1p1/n3P1B1/8/2N5/PPP2PPP/R2QK2R w KQ - | e6g7 | 0 | B - N
r1bq1r2/pp1ppkbp/4N1pB/n3P3/8/2N5/PPP2PPP/R2QK2R w KQ - | e6g7 | 300 | B
rnq1k2r/1b3ppp/p2bpn2/1p1p4/3N4/1BN1P3/PPP2PPP/R1BQR1K1 b kq - | d6h2 | -200 | P - B
rn2k2r/1bq2ppp/p2bpn2/1p1p4/3N4/1BN1P3/PPP2PPP/R1BQR1K1 b kq - | d6h2 | 100 | P
r2qkbn1/ppp1pp1p/3p1rp1/3Pn3/4P1b1/2N2N2/PPP2PPP/R1BQKB1R b KQq - | g4f3 | 100 | N - B + P
rnbq1rk1/pppp1ppp/4pn2/8/1bPP4/P1N5/1PQ1PPPP/R1B1KBNR b KQ - | b4c3 | 0 | N - B
r4rk1/3nppbp/bq1p1np1/2pP4/8/2N2NPP/PP2PPB1/R1BQR1K1 b - - | b6b2 | -800 | P - Q
r4rk1/1q1nppbp/b2p1np1/2pP4/8/2N2NPP/PP2PPB1/R1BQR1K1 b - - | f6d5 | -200 | P - N
1r3r2/5p2/4p2p/2k1n1P1/2PN1nP1/1P3P2/8/2KR1B1R b - - | b8b3 | -400 | P - R
1r3r2/5p2/4p2p/4n1P1/kPPN1nP1/5P2/8/2KR1B1R b - - | b8b4 | 100 | P
2r2rk1/5pp1/pp5p/q2p4/P3n3/1Q3NP1/1P2PP1P/2RR2K1 b - - | c8c1 | 0 | R - R
5rk1/5pp1/2r4p/5b2/2R5/6Q1/R1P1qPP1/5NK1 b - - | f5c2 | -100 | P - B + R - Q + R
1r3r1k/p4pp1/2p1p2p/qpQP3P/2P5/3R4/PP3PP1/1K1R4 b - - | a5a2 | -800 | P - Q
1r5k/p4pp1/2p1p2p/qpQP3P/2P2P2/1P1R4/P4rP1/1K1R4 b - - | a5a2 | 100 | P
r2q1rk1/1b2bppp/p2p1n2/1ppNp3/3nP3/P2P1N1P/BPP2PP1/R1BQR1K1 w - - | d5e7 | 0 | B - N
rnbqrbn1/pp3ppp/3p4/2p2k2/4p3/3B1K2/PPP2PPP/RNB1Q1NR w - - | d3e4 | 100 | P
rnb1k2r/p3p1pp/1p3p1b/7n/1N2N3/3P1PB1/PPP1P1PP/R2QKB1R w KQkq - | e4d6 | -200 | -N + P
r1b1k2r/p4npp/1pp2p1b/7n/1N2N3/3P1PB1/PPP1P1PP/R2QKB1R w KQkq - | e4d6 | 0 | -N + N
2r1k2r/pb4pp/5p1b/2KB3n/4N3/2NP1PB1/PPP1P1PP/R2Q3R w k - | d5c6 | -300 | -B
2r1k2r/pb4pp/5p1b/2KB3n/1N2N3/3P1PB1/PPP1P1PP/R2Q3R w k - | d5c6 | 0 | -B + B
2r1k3/pbr3pp/5p1b/2KB3n/1N2N3/3P1PB1/PPP1P1PP/R2Q3R w - - | d5c6 | -300 | -B + B - N
5k2/p2P2pp/8/1pb5/1Nn1P1n1/6Q1/PPP4P/R3K1NR w KQ - | d7d8q | 800 | (Q - P)
r4k2/p2P2pp/8/1pb5/1Nn1P1n1/6Q1/PPP4P/R3K1NR w KQ - | d7d8q | -100 | (Q - P) - Q
5k2/p2P2pp/1b6/1p6/1Nn1P1n1/8/PPP4P/R2QK1NR w KQ - | d7d8q | 200 | (Q - P) - Q + B
4kbnr/p1P1pppp/b7/4q3/7n/8/PP1PPPPP/RNBQKBNR w KQk - | c7c8q | -100 | (Q - P) - Q
4kbnr/p1P1pppp/b7/4q3/7n/8/PPQPPPPP/RNB1KBNR w KQk - | c7c8q | 200 | (Q - P) - Q + B
4kbnr/p1P4p/b1q5/5pP1/4n3/5Q2/PP1PPP1P/RNB1KBNR w KQk f6 | g5f6 | 0 | P - P
4kbnr/p1P4p/b1q5/5pP1/4n2Q/8/PP1PPP1P/RNB1KBNR w KQk f6 | g5f6 | 0 | P - P
1n2kb1r/p1P4p/2qb4/5pP1/4n2Q/8/PP1PPP1P/RNB1KBNR w KQk - | c7b8q | 200 | N + (Q - P) - Q
rnbqk2r/pp3ppp/2p1pn2/3p4/3P4/N1P1BN2/PPB1PPPb/R2Q1RK1 w kq - | g1h2 | 300 | B
3N4/2K5/2n5/1k6/8/8/8/8 b - - | c6d8 | 0 | N - N
3n3r/2P5/8/1k6/8/8/3Q4/4K3 w - - | c7d8q | 700 | (N + Q - P) - Q + R
r2n3r/2P1P3/4N3/1k6/8/8/8/4K3 w - - | e6d8 | 300 | N
8/8/8/1k6/6b1/4N3/2p3K1/3n4 w - - | e3d1 | 0 | N - N";

    #[test]
    fn the_static_exchange_finds_the_suites_values() {
        const SUITE_VALUES: [i32; 7] = [0, 100, 300, 300, 500, 900, 0];
        let mut wrong = Vec::new();
        for line in EXCHANGES.lines() {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let p = ChessPosition::from_fen(&format!("{} 0 1", fields[0]), Wrap::Flat, ChessRules::ORTHODOX).unwrap();
            let m = p.parse_move(fields[1]).unwrap_or_else(|e| panic!("{line}: {e}"));
            let value: i32 = fields[2].parse().unwrap();
            let exchange = Exchange::of(m);
            let b = p.piece_bits();
            if !exchange_at_least(&b, exchange, value, &SUITE_VALUES) || exchange_at_least(&b, exchange, value + 1, &SUITE_VALUES) {
                wrong.push(line);
            }
        }
        assert!(wrong.is_empty(), "{} of {} wrong:\n{}", wrong.len(), EXCHANGES.lines().count(), wrong.join("\n"));
    }
}
