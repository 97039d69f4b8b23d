//! The chess family's positional terms beyond square tables: pawn structure, passed pawns,
//! mobility, king safety, the bishop pair and rooks on open files, each with a middlegame and
//! an endgame weight that the game's phase blends (a tapered evaluation).
//!
//! The terms walk the board through its [`Topology`], so a cylinder's files wrap for them as
//! they do for the pieces. Weights are centipawns, in the ranges small engines settle on
//! (chessprogramming.org's evaluation pages); the match harnesses (`scripts/ab.py`,
//! `scripts/rating.py`) measured what they bring.

use crate::chess::{self, ChessPosition};
use crate::position::{PerSeat, Seat, Seating};
use crate::topology::{Cell, Line, NO_CELL, Side, Topology, Wrap};

/// A middlegame and an endgame figure.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Tapered {
    pub mid: i32,
    pub end: i32,
}

impl Tapered {
    pub(super) const fn new(mid: i32, end: i32) -> Tapered {
        Tapered { mid, end }
    }
    pub(super) fn add(&mut self, t: Tapered, times: i32) {
        self.mid += t.mid * times;
        self.end += t.end * times;
    }
    /// The blend at `phase` of `full` (full: the middlegame's figure; 0: the endgame's).
    pub fn blend(self, phase: i32, full: i32) -> i32 {
        (self.mid * phase + self.end * (full - phase)) / full
    }
}

/// Each pawn beyond the first on a file.
pub(super) const DOUBLED: Tapered = Tapered::new(-10, -20);
/// A pawn with no pawn of its own on a neighbouring file.
pub(super) const ISOLATED: Tapered = Tapered::new(-12, -16);
/// A passed pawn (no enemy pawn ahead of it on its own or a neighbouring file), by rows
/// advanced from its starting row's neighbour (index 1: on its starting row); growing
/// steeply in the endgame, where it promotes.
pub(super) const PASSED: [Tapered; 8] = [
    Tapered::new(0, 0),
    Tapered::new(5, 10),
    Tapered::new(5, 15),
    Tapered::new(10, 25),
    Tapered::new(20, 45),
    Tapered::new(35, 75),
    Tapered::new(60, 120),
    Tapered::new(60, 120),
];
/// Per square a piece reaches (empty or enemy), beyond a typical count, by kind (pawn ..
/// king): a knight's eight and a bishop's thirteen at most make each square dearer.
pub(super) const MOBILITY: [Tapered; 7] =
    [Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(4, 4), Tapered::new(4, 5), Tapered::new(2, 4), Tapered::new(1, 2), Tapered::new(0, 0)];
/// The squares a piece of each kind typically reaches (its mobility counts from there).
pub(super) const MOBILITY_BASE: [i32; 7] = [0, 0, 4, 6, 7, 13, 0];
pub(super) const BISHOP_PAIR: Tapered = Tapered::new(30, 50);
/// A rook on a file with no pawn at all, and with none of its own.
pub(super) const ROOK_OPEN: Tapered = Tapered::new(25, 10);
pub(super) const ROOK_HALF_OPEN: Tapered = Tapered::new(12, 5);
/// Middlegame only: each pawn of its own on the three files round a king still on its first
/// two rows, one or two rows ahead of it; each of those files with no pawn of its own.
pub(super) const SHIELD: i32 = 10;
pub(super) const OPEN_NEAR_KING: i32 = -15;
/// King danger: attack units are each attacking piece's weight (by kind) plus one per square
/// of the king's surroundings it reaches; with two attackers or more the middlegame score
/// loses the units squared, up to [`DANGER_CAP`].
pub(super) const ATTACK_WEIGHT: [i32; 7] = [0, 0, 2, 2, 3, 4, 0];
pub(super) const DANGER_CAP: i32 = 450;

/// Both seats' tapered terms, and the phase material they came with.
pub fn terms(pos: &ChessPosition, out: &mut PerSeat<Tapered>) {
    let topo = pos.topology();
    let mut pawns = Pawns::default();
    pawns.read(pos, topo);
    let mut zones = [[NO_CELL; 9]; 2];
    for (i, s) in Seating::TWO.seats().enumerate() {
        zones[i] = king_zone(topo, pos.king_cell(s));
    }
    let mut attack = [(0i32, 0i32); 2];
    let mut bishops = [0; 2];
    for c in 0..topo.len() as Cell {
        let Some(s) = pos.color_at(c) else { continue };
        let i = s.index();
        let kind = pos.kind_at(c);
        match kind {
            chess::PAWN => pawns.score(topo, s, c, &mut out[s]),
            chess::KNIGHT | chess::BISHOP | chess::ROOK | chess::QUEEN => {
                let (reach, near) = reach(pos, topo, c, kind, s, &zones[1 - i]);
                out[s].add(MOBILITY[kind as usize], reach - MOBILITY_BASE[kind as usize]);
                if near > 0 {
                    attack[i] = (attack[i].0 + 1, attack[i].1 + ATTACK_WEIGHT[kind as usize] + near);
                }
                bishops[i] += (kind == chess::BISHOP) as i32;
                if kind == chess::ROOK {
                    out[s].add(pawns.rook_file(topo, s, c), 1);
                }
            }
            _ => {}
        }
    }
    for (i, s) in Seating::TWO.seats().enumerate() {
        if bishops[i] >= 2 {
            out[s].add(BISHOP_PAIR, 1);
        }
        out[s].mid += pawns.shelter(topo, s, pos.king_cell(s));
        let (attackers, units) = attack[1 - i];
        if attackers >= 2 {
            out[s].mid -= (units * units).min(DANGER_CAP);
        }
    }
}

/// The cells round a king (itself included), `NO_CELL` past the board's edge.
fn king_zone(topo: &Topology, k: Cell) -> [Cell; 9] {
    let mut zone = [NO_CELL; 9];
    if k == NO_CELL {
        return zone;
    }
    zone[0] = k;
    for (z, d) in zone[1..].iter_mut().zip(Line::ALL) {
        *z = topo.step(k, d);
    }
    zone
}

/// How many squares the piece of `kind` on `c` reaches (empty or enemy), and how many of the
/// enemy king's `zone` it reaches (defended or not).
fn reach(pos: &ChessPosition, topo: &Topology, c: Cell, kind: u8, s: Seat, zone: &[Cell; 9]) -> (i32, i32) {
    let (mut n, mut near) = (0, 0);
    let mut visit = |to: Cell| {
        near += zone.contains(&to) as i32;
        if pos.color_at(to) != Some(s) {
            n += 1;
        }
    };
    if kind == chess::KNIGHT {
        topo.leaps(c).iter().filter(|&&to| to != NO_CELL).for_each(|&to| visit(to));
        return (n, near);
    }
    let lines: &[Line] = match kind {
        chess::BISHOP => &Line::DIAGONAL,
        chess::ROOK => &Line::ORTHOGONAL,
        _ => &Line::ALL,
    };
    for &d in lines {
        let mut to = topo.step(c, d);
        while to != NO_CELL && to != c {
            visit(to);
            if pos.piece_at(to) != 0 {
                break;
            }
            to = topo.step(to, d);
        }
    }
    (n, near)
}

/// Pawns by file: how many each seat has, and how far the most advanced of each seat stands
/// from each side's home row (for passed pawns).
#[derive(Default)]
struct Pawns {
    width: usize,
    wraps: bool,
    count: [[u8; MAX_SIDE]; 2],
    /// Per seat and file: the rank (from White's side) of the seat's pawn nearest White's home
    /// row, and of the one nearest Black's (`u8::MAX` / 0 when none).
    lowest: [[u8; MAX_SIDE]; 2],
    highest: [[u8; MAX_SIDE]; 2],
}

/// The widest board the chess family plays on.
const MAX_SIDE: usize = 12;

impl Pawns {
    fn read(&mut self, pos: &ChessPosition, topo: &Topology) {
        self.width = (topo.width() as usize).min(MAX_SIDE);
        self.wraps = topo.wrap() != Wrap::Flat;
        self.lowest = [[u8::MAX; MAX_SIDE]; 2];
        for c in 0..topo.len() as Cell {
            if pos.kind_at(c) != chess::PAWN {
                continue;
            }
            let Some(s) = pos.color_at(c) else { continue };
            let (f, r) = (topo.file(c) as usize % MAX_SIDE, topo.rank(c));
            let i = s.index();
            self.count[i][f] += 1;
            self.lowest[i][f] = self.lowest[i][f].min(r);
            self.highest[i][f] = self.highest[i][f].max(r);
        }
    }

    /// The file beside `f` on either hand (wrapping on a cylinder), `None` past the edge.
    fn beside(&self, f: usize) -> [Option<usize>; 2] {
        let w = self.width;
        if self.wraps { [Some((f + w - 1) % w), Some((f + 1) % w)] } else { [f.checked_sub(1), (f + 1 < w).then_some(f + 1)] }
    }

    /// Doubled, isolated and passed: the pawn of `s` on `c`.
    fn score(&self, topo: &Topology, s: Seat, c: Cell, out: &mut Tapered) {
        let (i, f, r) = (s.index(), topo.file(c) as usize % MAX_SIDE, topo.rank(c));
        let beside = self.beside(f);
        if self.count[i][f] > 1 && self.lowest[i][f] != r {
            out.add(DOUBLED, 1);
        }
        if beside.iter().flatten().all(|&g| self.count[i][g] == 0) {
            out.add(ISOLATED, 1);
        }
        let them = 1 - i;
        let white = Side::of_two(s) == Side::SOUTH;
        let blocked = |g: usize| if white { self.count[them][g] > 0 && self.highest[them][g] > r } else { self.count[them][g] > 0 && self.lowest[them][g] < r };
        if !blocked(f) && beside.iter().flatten().all(|&g| !blocked(g)) {
            let advanced = topo.distance_from(Side::of_two(s), c) as usize;
            out.add(PASSED[advanced.min(PASSED.len() - 1)], 1);
        }
    }

    /// A rook of `s` on `c`: open or half-open file.
    fn rook_file(&self, topo: &Topology, s: Seat, c: Cell) -> Tapered {
        let f = topo.file(c) as usize % MAX_SIDE;
        match (self.count[s.index()][f], self.count[1 - s.index()][f]) {
            (0, 0) => ROOK_OPEN,
            (0, _) => ROOK_HALF_OPEN,
            _ => Tapered::default(),
        }
    }

    /// The middlegame shelter of `s`'s king on `k`: pawns in front of it, open files by it.
    fn shelter(&self, topo: &Topology, s: Seat, k: Cell) -> i32 {
        if k == NO_CELL {
            return 0;
        }
        let side = Side::of_two(s);
        let home = topo.distance_from(side, k);
        if home > 1 {
            return 0;
        }
        let (f, i) = (topo.file(k) as usize % MAX_SIDE, s.index());
        let mut v = 0;
        for g in [Some(f), self.beside(f)[0], self.beside(f)[1]].into_iter().flatten() {
            if self.count[i][g] == 0 {
                v += OPEN_NEAR_KING;
                continue;
            }
            // The pawn nearest its own home row on that file, in rows from the king's.
            let nearest = if side == Side::SOUTH { self.lowest[i][g] as i32 } else { topo.height() as i32 - 1 - self.highest[i][g] as i32 };
            let ahead = nearest - home as i32;
            if (1..=2).contains(&ahead) {
                v += SHIELD;
            }
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::chess::{ChessRules, START_FEN};
    use crate::position::Position;
    use crate::search::Evaluate;

    fn fen(text: &str) -> ChessPosition {
        ChessPosition::from_fen(text, Wrap::Flat, ChessRules::ORTHODOX).unwrap()
    }

    /// The same position with the colours exchanged and the board turned end for end (files
    /// kept): FEN rows reversed, letters' case swapped, the other side to move.
    fn mirrored(text: &str) -> String {
        let f: Vec<&str> = text.split(' ').collect();
        let swap = |s: &str| s.chars().map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() }).collect::<String>();
        let board = f[0].split('/').rev().map(swap).collect::<Vec<_>>().join("/");
        let turn = if f[1] == "w" { "b" } else { "w" };
        let castling = if f[2] == "-" { "-".to_string() } else { swap(f[2]) };
        let ep = match f[3].as_bytes() {
            [file, b'3'] => format!("{}6", *file as char),
            [file, b'6'] => format!("{}3", *file as char),
            _ => "-".to_string(),
        };
        format!("{board} {turn} {castling} {ep} {} {}", f[4], f[5])
    }

    fn scores(p: &ChessPosition) -> PerSeat<i32> {
        let mut out = PerSeat::splat(0);
        p.seat_scores(&mut out);
        out
    }

    #[test]
    fn the_evaluation_is_the_same_for_either_colour() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut checked = 0;
        for _ in 0..6 {
            let mut p = fen(START_FEN);
            for _ in 0..80 {
                let mut moves = Vec::new();
                p.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                p.play_unchecked(moves[rng.random_range(0..moves.len())]);
                let (a, b) = (scores(&p), scores(&fen(&mirrored(&p.fen()))));
                assert_eq!((a[Seat::A], a[Seat::B]), (b[Seat::B], b[Seat::A]), "{}", p.fen());
                checked += 1;
            }
        }
        assert!(checked > 300);
    }

    /// The pawn terms of White's pawn on `cell` (a name such as "e5") in `text`.
    fn pawn_terms(text: &str, cell: &str) -> Tapered {
        let p = fen(text);
        let topo = p.topology();
        let mut pawns = Pawns::default();
        pawns.read(&p, topo);
        let b = cell.as_bytes();
        let c = topo.cell(b[0] - b'a', b[1] - b'1').unwrap();
        let mut t = Tapered::default();
        pawns.score(topo, Seat::A, c, &mut t);
        t
    }

    #[test]
    fn a_passed_pawn_is_worth_more_the_further_it_stands() {
        // White's e-pawn with a black pawn ahead on the d-file, behind it, and far away on the b-file.
        let blocked = pawn_terms("4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1", "e5");
        let behind = pawn_terms("4k3/8/8/4P3/3p4/8/8/4K3 w - - 0 1", "e5");
        let far = pawn_terms("4k3/1p6/8/4P3/8/8/8/4K3 w - - 0 1", "e5");
        let further = pawn_terms("4k3/1p2P3/8/8/8/8/8/4K3 w - - 0 1", "e7");
        assert_eq!(blocked, ISOLATED);
        assert_eq!(behind, far);
        assert!(far.end > blocked.end && far.mid > blocked.mid, "{far:?} {blocked:?}");
        assert!(further.end > far.end + 40, "{further:?} {far:?}");
    }

    #[test]
    fn an_open_king_is_in_more_danger_than_a_sheltered_one() {
        let white = |pos: &str| {
            let s = scores(&fen(pos));
            s[Seat::A] - s[Seat::B]
        };
        // Black's queen and rook bear on White's castled king; with the g- and h-pawns gone.
        let sheltered = white("r5k1/5ppp/8/8/8/7q/5PPP/6K1 w - - 0 1");
        let open = white("6k1/5ppp/8/8/8/6rq/5P2/6K1 w - - 0 1");
        let sheltered_too = white("6k1/5ppp/8/8/8/6rq/5PPP/6K1 w - - 0 1");
        assert!(open < sheltered_too - 100, "open {open} sheltered {sheltered_too} ({sheltered})");
    }

    #[test]
    fn pawn_files_wrap_on_the_cylinder() {
        // A lone a-pawn and an h-pawn: each isolated on the flat board, not on the cylinder,
        // whose a- and h-files are neighbours.
        let text = "4k3/8/8/8/8/8/P6P/4K3 w - - 0 1";
        for (wrap, isolated) in [(Wrap::Flat, true), (Wrap::Cylinder, false)] {
            let p = ChessPosition::from_fen(text, wrap, ChessRules::ORTHODOX).unwrap();
            let topo = p.topology();
            let mut pawns = Pawns::default();
            pawns.read(&p, topo);
            let mut t = Tapered::default();
            pawns.score(topo, Seat::A, topo.cell(0, 1).unwrap(), &mut t);
            let passed = PASSED[1];
            let expected = if isolated { Tapered::new(passed.mid + ISOLATED.mid, passed.end + ISOLATED.end) } else { passed };
            assert_eq!(t, expected, "{wrap:?}");
        }
    }
}
