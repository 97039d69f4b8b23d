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
    let at = 1u64 << sq;
    // Where `by`'s pawns would stand to take on `sq`: a rank behind it as they move.
    let pawn_from = if by == 1 { (at & !FILE_A) << 7 | (at & !(FILE_A << 7)) << 9 } else { (at & !FILE_A) >> 9 | (at & !(FILE_A << 7)) >> 7 };
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
}
