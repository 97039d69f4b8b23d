//! Double Chess (chess family section III): pawns, the extended Knight, right-angle en passant, castling, the partners' seven check rules with the Figure 30 example, the Figure 32 opening, and cut-throat — each tested on the sentence it rests on.

mod common;

use variant_rules::checkers::DoublesSeating;
use variant_rules::doublechess::Notation;
use variant_rules::{AnyPosition, Game, GameId, GameOptions, Outcome, Position, Reason, Seat, SeatSet, SeatState};

const A: Seat = Seat(0);
const B: Seat = Seat(1);
const C: Seat = Seat(2);
const D: Seat = Seat(3);

fn opts(seating: DoublesSeating) -> GameOptions {
    GameOptions { seating, ..GameOptions::default_for(GameId::DoubleChess) }
}

const PARTNERS: DoublesSeating = DoublesSeating::PartnersAdjacent;
const CUT_THROAT: DoublesSeating = DoublesSeating::CutThroat;

/// A position record from `cell:piece` words such as `f1:aK` and the state fields after the board.
fn board(pieces: &str, rest: &str) -> String {
    let mut grid = vec![vec![String::new(); 12]; 12];
    for word in pieces.split_whitespace() {
        let (cell, p) = word.split_once(':').unwrap();
        let file = (cell.as_bytes()[0] - b'a') as usize;
        let rank: usize = cell[1..].parse::<usize>().unwrap() - 1;
        grid[rank][file] = format!("[{p}]");
    }
    grid.reverse();
    format!("{} {rest}", common::rows_text(&grid))
}

fn game(seating: DoublesSeating, text: Option<&str>) -> Game {
    Game::new(GameId::DoubleChess, opts(seating), text).unwrap_or_else(|e| panic!("{e}: {text:?}"))
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e} in {}", g.position().to_text()));
    }
}

fn legal(g: &Game) -> Vec<String> {
    let p = g.position();
    p.legal_move_list().into_iter().map(|m| p.move_text(m)).collect()
}

fn has(g: &Game, m: &str) -> bool {
    legal(g).iter().any(|x| x == m)
}

fn double(g: &Game) -> &variant_rules::doublechess::DoubleChessPosition {
    match g.position() {
        AnyPosition::DoubleChess(p) => p,
        _ => panic!("not double chess"),
    }
}

// ---- Seats and the start (Figure 29) ----

#[test]
fn figure_29_places_kings_toward_the_friendly_corners() {
    let g = game(PARTNERS, None);
    let p = double(&g);
    // "W2's King rests on square A6, while B2's QBP rests on K5"; W1 south, B1 across, W2 west, B2 east.
    assert_eq!(p.set_name(A), "White 1");
    assert_eq!(p.set_name(B), "Black 1");
    assert_eq!(p.set_name(C), "White 2");
    assert_eq!(p.set_name(D), "Black 2");
    let t = p.topology();
    let at = |n: &str| p.piece_at(t.parse_cell(n).unwrap());
    assert_eq!(at("a6"), 6 | 2 << 3, "W2's King on A6");
    assert_eq!(at("k5"), 1 | 3 << 3, "B2's QBP on K5");
    assert_eq!((at("f1"), at("g1")), (6, 5), "W1's King toward the a1 corner, Queen on the other centre square");
    assert_eq!((at("g12"), at("f12")), (6 | 1 << 3, 5 | 1 << 3), "B1's King toward the l12 corner");
    assert_eq!(at("l7"), 6 | 3 << 3);
    // Order W1, B1, W2, B2; teams W1+W2 against B1+B2.
    let s = p.seating();
    assert_eq!(s.order(), &[A, B, C, D]);
    assert_eq!(s.team(A), SeatSet::of(&[A, C]));
    // Cut-throat runs clockwise from White on the right: south, west, north, east.
    let ct = game(CUT_THROAT, None);
    let q = double(&ct);
    assert_eq!([q.set_name(A), q.set_name(B), q.set_name(C), q.set_name(D)], ["White 1", "White 2", "Black 1", "Black 2"]);
    assert_eq!(q.seating().team(A), SeatSet::single(A));
}

// ---- Perft, with depths 1 and 2 counted by an independent generator ----

/// An independent, deliberately plain move counter for positions without check: pieces by
/// (col, row), each seat's forward direction from its side, Pawns' 3/2/1 reach, the Knight's
/// second hop, en passant from the last run, closed corners.
mod reference {
    pub type Board = [[Option<(u8, char)>; 12]; 12];
    /// A cell as (col, row).
    pub type Sq = (i32, i32);
    /// A move as (from, to).
    pub type Mv = (Sq, Sq);

    pub fn forward(side: u8) -> (i32, i32) {
        [(0, 1), (1, 0), (0, -1), (-1, 0)][side as usize]
    }

    /// Rows a cell lies from a side's edge.
    pub fn depth(side: u8, c: i32, r: i32) -> i32 {
        [r, c, 11 - r, 11 - c][side as usize]
    }

    pub struct Pos {
        pub b: Board,
        pub sides: [u8; 4],
        pub teams: [u8; 4],
        pub closed: bool,
        /// Last run per seat: (from, to) cells.
        pub runs: [Option<Mv>; 4],
    }

    impl Pos {
        pub fn open(&self, c: i32, r: i32) -> bool {
            (0..12).contains(&c) && (0..12).contains(&r) && !(self.closed && !(2..=9).contains(&c) && !(2..=9).contains(&r))
        }
        fn enemy(&self, s: u8, c: i32, r: i32) -> bool {
            matches!(self.b[r as usize][c as usize], Some((o, _)) if self.teams[o as usize] != self.teams[s as usize])
        }
        fn empty(&self, c: i32, r: i32) -> bool {
            self.b[r as usize][c as usize].is_none()
        }
        /// Every move of seat `s` as ((from), (to), en-passant victim).
        pub fn moves(&self, s: u8) -> Vec<Mv> {
            let mut out = Vec::new();
            for r in 0..12 {
                for c in 0..12 {
                    if let Some((o, k)) = self.b[r as usize][c as usize]
                        && o == s
                    {
                        self.piece(s, k, c, r, &mut out);
                    }
                }
            }
            out
        }
        /// Records a move to (x, y) if open and empty or an enemy; returns whether a ray goes on.
        fn to(&self, s: u8, x: i32, y: i32, tos: &mut Vec<(i32, i32)>) -> bool {
            if self.open(x, y) && (self.empty(x, y) || self.enemy(s, x, y)) {
                tos.push((x, y));
                return self.empty(x, y);
            }
            false
        }
        fn rays(&self, s: u8, c: i32, r: i32, d: &[(i32, i32)], tos: &mut Vec<(i32, i32)>) {
            for &(dx, dy) in d {
                let (mut x, mut y) = (c + dx, r + dy);
                while self.to(s, x, y, tos) {
                    x += dx;
                    y += dy;
                }
            }
        }
        fn piece(&self, s: u8, k: char, c: i32, r: i32, out: &mut Vec<Mv>) {
            const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
            const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
            let mut tos = Vec::new();
            match k {
                'R' => self.rays(s, c, r, &ORTHO, &mut tos),
                'B' => self.rays(s, c, r, &DIAG, &mut tos),
                'Q' => {
                    self.rays(s, c, r, &ORTHO, &mut tos);
                    self.rays(s, c, r, &DIAG, &mut tos)
                }
                'K' => {
                    for (dx, dy) in ORTHO.iter().chain(DIAG.iter()) {
                        self.to(s, c + dx, r + dy, &mut tos);
                    }
                }
                'N' => {
                    for (dx, dy) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
                        let first_empty = self.to(s, c + dx, r + dy, &mut tos);
                        let (x, y) = (c + 2 * dx, r + 2 * dy);
                        if first_empty && self.open(x, y) && self.empty(x, y) {
                            tos.push((x, y));
                        }
                    }
                }
                _ => self.pawn(s, c, r, out),
            }
            out.extend(tos.into_iter().map(|t| ((c, r), t)));
        }
        fn pawn(&self, s: u8, c: i32, r: i32, out: &mut Vec<Mv>) {
            let side = self.sides[s as usize];
            let (fx, fy) = forward(side);
            let reach = match depth(side, c, r) {
                1 => 3,
                2..=5 => 2,
                _ => 1,
            };
            for k in 1..=reach {
                let (x, y) = (c + k * fx, r + k * fy);
                if !self.open(x, y) || !self.empty(x, y) {
                    break;
                }
                out.push(((c, r), (x, y)));
            }
            for (x, y) in [(c + fx + fy, r + fy + fx), (c + fx - fy, r + fy - fx)] {
                if !self.open(x, y) {
                    continue;
                }
                if self.enemy(s, x, y) {
                    out.push(((c, r), (x, y)));
                } else if self.empty(x, y) {
                    for (e, run) in self.runs.iter().enumerate() {
                        if let Some(((ax, ay), (bx, by))) = *run
                            && self.teams[e] != self.teams[s as usize]
                            && (x - ax) * (by - y) == (y - ay) * (bx - x)
                            && (ax.min(bx) <= x && x <= ax.max(bx) && ay.min(by) <= y && y <= ay.max(by))
                            && (x, y) != (ax, ay)
                        {
                            out.push(((c, r), (x, y)));
                        }
                    }
                }
            }
        }
    }
}

fn reference_start(cut_throat: bool) -> reference::Pos {
    let sides = if cut_throat { [0, 1, 2, 3] } else { [0, 2, 1, 3] };
    let teams = if cut_throat { [0, 1, 2, 3] } else { [0, 1, 0, 1] };
    let mut b: reference::Board = [[None; 12]; 12];
    for s in 0..4u8 {
        let side = sides[s as usize];
        // King toward the friendly corner: south and north have it on their left, west and east on their right.
        let row: &[char; 8] = if side % 2 == 0 { &['R', 'N', 'B', 'K', 'Q', 'B', 'N', 'R'] } else { &['R', 'N', 'B', 'Q', 'K', 'B', 'N', 'R'] };
        for f in 0..8i32 {
            for (rank, k) in [(0i32, row[f as usize]), (1, 'P')] {
                let file = f + 2;
                let (c, r) = match side {
                    0 => (file, rank),
                    1 => (rank, 11 - file),
                    2 => (11 - file, 11 - rank),
                    _ => (11 - rank, file),
                };
                b[r as usize][c as usize] = Some((s, k));
            }
        }
    }
    reference::Pos { b, sides, teams, closed: cut_throat, runs: [None; 4] }
}

fn reference_perft2(cut_throat: bool) -> (usize, usize) {
    let p = reference_start(cut_throat);
    let first = p.moves(0);
    let mut two = 0;
    for &((fc, fr), (tc, tr)) in &first {
        let mut b = p.b;
        b[tr as usize][tc as usize] = b[fr as usize][fc as usize].take();
        let pawn = matches!(b[tr as usize][tc as usize], Some((_, 'P')));
        let run = pawn && ((tc - fc).abs() + (tr - fr).abs() > 1) && (tc == fc || tr == fr);
        let mut runs = [None; 4];
        if run {
            runs[0] = Some(((fc, fr), (tc, tr)));
        }
        let q = reference::Pos { b, runs, ..p };
        two += q.moves(1).len();
    }
    (first.len(), two)
}

#[test]
fn perft_depths_one_and_two_match_an_independent_count() {
    for (seating, cut) in [(PARTNERS, false), (CUT_THROAT, true)] {
        let (one, two) = reference_perft2(cut);
        let g = game(seating, None);
        assert_eq!(g.position().perft(1) as usize, one, "{seating} depth 1");
        assert_eq!(g.position().perft(2) as usize, two, "{seating} depth 2");
    }
    // By hand: 24 pawn moves (three each), a capture in the hostile corner, 4 + 4 knight moves
    // and 2 + 2 rook moves into the open corners; cut-throat closes the corners (no rook moves,
    // one knight landing each lost) and opens the other hostile-corner capture.
    assert_eq!(game(PARTNERS, None).position().perft(1), 37);
    assert_eq!(game(CUT_THROAT, None).position().perft(1), 32);
}

// ---- Pieces ----

#[test]
fn pawns_advance_three_then_two_until_the_centre_then_one() {
    // "one, two, or three spaces on its first move. Thereafter ... one or two spaces at a time
    // until it crosses the center of the board, whereupon it reverts to its usual one-at-a-time".
    let text = board("f1:aK g12:bK a6:cK l7:dK c2:aP d4:aP e6:aP h7:aP k5:dP", "a - - - - - 0");
    let g = game(PARTNERS, Some(&text));
    let l = legal(&g);
    for m in ["c2c3", "c2c4", "c2c5", "d4d5", "d4d6", "e6e7", "e6e8", "h7h8"] {
        assert!(l.contains(&m.to_string()), "{m} in {l:?}");
    }
    for m in ["c2c6", "d4d7", "e6e9", "h7h9"] {
        assert!(!l.contains(&m.to_string()), "{m} must not be legal");
    }
    // B2 (east) runs west along its rank: k5 is on its second row.
    let mut g = g;
    play(&mut g, "f1e1 g12g11 a6a7");
    assert!(has(&g, "k5h5") && has(&g, "k5i5") && !has(&g, "k5g5"));
}

#[test]
fn extended_knight_hops_twice_only_onto_empty_cells_and_never_checks_with_the_second_hop() {
    // Knight on f5; f7 side: g7 empty, h9 empty -> g7 and h9; e7 holds an enemy (capture, no
    // hop beyond); d6 empty but b7 holds an enemy (no capture on the second hop); h6 holds a
    // friend (no hop through it? the first landing must be empty).
    let text = board("f1:aK g12:bK a6:cK l7:dK f5:aN e7:dP b7:bP h6:aP j7:bR", "a - - - - - 0");
    let g = game(PARTNERS, Some(&text));
    let l = legal(&g);
    let has_m = |m: &str| l.contains(&m.to_string());
    assert!(has_m("f5g7") && has_m("f5h9"), "a hop and its second hop in the same direction");
    assert!(has_m("f5e7") && !has_m("f5d9"), "a capture ends the move");
    assert!(has_m("f5d6") && !has_m("f5b7"), "the second hop may not capture");
    assert!(!has_m("f5h6") && !has_m("f5j7"), "no landing on a friend, and no second hop over one");
    // The second hop never attacks: B1's King on h9 would stand two hops from the Knight.
    let text = board("f1:aK h9:bK a6:cK l7:dK f5:aN", "b - - - - - 0");
    let g = game(PARTNERS, Some(&text));
    assert!(!double(&g).in_check(B), "a King two hops away is not in check");
    assert!(has(&g, "h9h8"), "and may stay there");
    let text = board("f1:aK g7:bK a6:cK l7:dK f5:aN", "b - - - - - 0");
    assert!(double(&game(PARTNERS, Some(&text))).in_check(B), "one hop away is check");
}

#[test]
fn castling_is_chess_castling_within_the_sets_eight_files() {
    let text = board("c1:aR f1:aK j1:aR g12:bK a6:cK l7:dK", "a Aa - - - - 0");
    let mut g = game(PARTNERS, Some(&text));
    assert!(has(&g, "f1d1") && has(&g, "f1h1"), "short toward c1, long toward j1: {:?}", legal(&g));
    play(&mut g, "f1h1");
    let p = double(&g);
    let t = p.topology();
    assert_eq!(p.piece_at(t.parse_cell("g1").unwrap()), 4, "the Rook lands on the cell the King crossed");
    // Not through an attacked cell: B1's rook on e12 covers e1.
    let text = board("c1:aR f1:aK j1:aR g12:bK e12:bR a6:cK l7:dK", "a Aa - - - - 0");
    let g = game(PARTNERS, Some(&text));
    assert!(!has(&g, "f1d1") && has(&g, "f1h1"));
    // B2 (east) castles along the l file.
    let text = board("f1:aK g12:bK a6:cK l3:dR l7:dK l10:dR", "d Dd - - - - 0");
    let g = game(PARTNERS, Some(&text));
    assert!(has(&g, "l7l9") && has(&g, "l7l5"), "{:?}", legal(&g));
}

#[test]
fn pawns_promote_on_their_far_edge() {
    let text = board("e1:aK g12:bK a6:cK l7:dK f11:aP b4:dP", "a - - - - - 0");
    let mut g = game(PARTNERS, Some(&text));
    assert!(["f11f12q", "f11f12r", "f11f12b", "f11f12n"].iter().all(|m| has(&g, m)));
    play(&mut g, "f11f12n g12g11 a6a7");
    assert!(has(&g, "b4a4q"), "B2 promotes on the a file: {:?}", legal(&g));
}

// ---- En passant (Figure 28) ----

const NEUTRAL_B: &str = "e11e10";
const NEUTRAL_C: &str = "b9c9";
const NEUTRAL_C2: &str = "c9d9";

#[test]
fn figure_28_run_to_r5_is_taken_directly_or_en_passant_on_either_passed_cell() {
    // "if White advances P - R5, Black may capture it directly with the Knight or with either NP
    // or QP. Black may also capture en passant on the next move RP x P - N3 or NP x P - R3."
    let mut g = game(PARTNERS, None);
    play(&mut g, &format!("j2j5 {NEUTRAL_B} {NEUTRAL_C}"));
    for m in ["l4j5", "k4j5", "k6j5", "k3j4xj5", "k4j3xj5"] {
        assert!(has(&g, m), "{m} in {:?}", legal(&g));
    }
    play(&mut g, "k3j4xj5");
    let p = double(&g);
    assert_eq!(p.piece_at(p.topology().parse_cell("j5").unwrap()), 0, "the pawn on j5 is taken");
    // The right lasts until the runner's owner moves again.
    let mut g = game(PARTNERS, None);
    play(&mut g, &format!("j2j5 {NEUTRAL_B} {NEUTRAL_C} l3l2 i2i3 e10e9 {NEUTRAL_C2}"));
    assert!(!has(&g, "k3j4xj5") && !has(&g, "k4j3xj5"), "expired after W1 moved again");
}

#[test]
fn figure_28_black_runs_past_whites_pawn_to_b4_or_b5() {
    // "if White's NP were sitting on N4 and Black advanced P B4 or B5, White could capture en
    // passant to its R5."
    for (run, victim) in [("k5i5", "i5"), ("k5h5", "h5")] {
        let mut g = game(PARTNERS, None);
        play(&mut g, &format!("i2i4 {NEUTRAL_B} {NEUTRAL_C} {run}"));
        let m = format!("i4j5x{victim}");
        assert!(has(&g, &m), "{m} in {:?}", legal(&g));
        if victim == "h5" {
            assert!(has(&g, "i4h5"), "and the direct capture");
        }
    }
}

#[test]
fn figure_28_white_runs_to_n6_past_blacks_np() {
    // "if White's NP were on its N4 and Black's NP were on its N3, and if White advances its NP
    // two spaces to N6, Black may capture en passant with its P x P - B4."
    let mut g = game(PARTNERS, None);
    play(&mut g, &format!("i2i4 {NEUTRAL_B} {NEUTRAL_C} k4j4 i4i6 e10e9 {NEUTRAL_C2}"));
    assert!(has(&g, "j4i5xi6"), "{:?}", legal(&g));
}

#[test]
fn partners_never_take_en_passant_from_each_other() {
    let mut g = game(PARTNERS, None);
    // W1's c-pawn runs past W2's b-file pawns: W2 may not take it.
    play(&mut g, &format!("c2c5 {NEUTRAL_B}"));
    assert!(!legal(&g).iter().any(|m| m.contains('x')), "{:?}", legal(&g));
}

// ---- Partners: check, checkmate, stalemate ----

/// The Figure 30 position rebuilt from the sentences (the figure is missing; rulings DC11):
/// W1 (a) is about to mate B2 (d) with Q h4-k7 (W1's III7), backed by W2's Bishop on g3.
const FIG30: &str = "f1:aK h4:aQ d3:aN j1:aR f2:aP g2:aP h2:aP d8:aP \
                     a4:cK a5:cR g3:cB b8:cP b9:cP \
                     g12:bK e5:bQ f10:bN c12:bR j12:bR d11:bP e11:bP \
                     l7:dK l10:dR g5:dB k6:dP k8:dP k4:dP";

fn fig30() -> Game {
    game(PARTNERS, Some(&board(FIG30, "a - - - - - 0")))
}

#[test]
fn figure_30_mate_missed_turn_forced_capture_and_immunity() {
    let mut g = fig30();
    play(&mut g, "h4k7");
    let p = double(&g);
    assert_eq!(p.mate_of(D).map(|m| m.by), Some(A), "W1 has mated B2");
    assert_eq!(p.seat_state(D), SeatState::Mated);
    // "After moves by B1 and W2, B2 misses a turn."
    play(&mut g, "d11d10 b9c9");
    assert_eq!(g.position().turn(), A, "B2's turn is skipped");
    // "Now W1 must capture the King".
    assert_eq!(legal(&g), ["k7l7"]);
    play(&mut g, "k7l7");
    let p = double(&g);
    assert_eq!(p.king(D), None);
    assert_eq!(p.immunity().map(|i| i.from), Some(SeatSet::single(D)));
    play(&mut g, "e11e10 c9d9");
    // "although B2 has a Rook on W1's Queen s/he may not capture on the next move due to the
    // immunity rule ... a threat B2 can counter by R - IV1, where his or her partner's Rook guards it."
    assert_eq!(g.position().turn(), D, "the victim re-enters without a King");
    assert!(!has(&g, "l10l7"), "the Queen is immune from B2");
    assert!(has(&g, "l10l12"));
    play(&mut g, "l10l12");
}

#[test]
fn figure_30_q_iii7_is_k7_in_corner_notation() {
    let o = GameOptions { notation: Notation::Corner, ..opts(PARTNERS) };
    let mut g = Game::new(GameId::DoubleChess, o, Some(&board(FIG30, "a - - - - - 0"))).unwrap();
    g.play("h4k7").unwrap();
    assert_eq!(g.moves().last(), Some("F4-III7"), "W1's III7 is k7");
}

#[test]
fn figure_30_b1_checks_both_white_kings_and_b2_takes_the_queen_once_immunity_expires() {
    // "After W1 moves Q x K, B1 can move Q - IV12 into White's friendly corner, checking both
    // White Kings simultaneously. W2 must now move K - B2 to escape check, B2 moves B x P at
    // KB9, threatening W2's Rook. W1 must also escape check N - R1, whereupon B1 moves Q x Rch.
    // W2 must again evade the check, and B2 can now take W1's Queen (R x Q)".
    let mut g = fig30();
    play(&mut g, "h4k7 d11d10 b9c9 k7l7");
    // B1's Q-IV12 is a1, written the same from any side in grid notation.
    play(&mut g, "e5a1");
    let p = double(&g);
    assert!(p.in_check(A) && p.in_check(C), "both White Kings in check");
    play(&mut g, "a4b5");
    assert!(!has(&g, "l10l7"), "immunity still holds on B2's first move");
    play(&mut g, "g5d8");
    assert!(!has(&g, "l7l10"), "W1 is in check and must answer it: {:?}", legal(&g));
    play(&mut g, "d3c1 a1a5");
    assert!(double(&g).in_check(C));
    play(&mut g, "b5c4");
    assert!(has(&g, "l10l7"), "B2 can now take W1's Queen, its immunity having expired");
    play(&mut g, "l10l7");
}

#[test]
fn figure_30_the_victims_partner_may_take_the_capturing_piece_at_once() {
    // "B1 might move N - KR5 (the double hop), focusing it on his or her partner's checkmated
    // King. After W2 moves and B2 misses a move, W1 must take the King with a Queen and B1 may at
    // once capture Queen with Knight. The immunity rule does not apply to the victim's partner!"
    let mut g = fig30();
    play(&mut g, "h4k7 f10j8 b9c9");
    assert_eq!(legal(&g), ["k7l7"]);
    play(&mut g, "k7l7");
    assert!(has(&g, "j8l7"));
    // "W2 could have helped his or her team by R - I1, offering a Rook sacrifice ... B1 must
    // choose whether to take W1's Queen with his or her Knight and lose a Rook to W2, or take
    // W2's Rook and spare W1's Queen."
    let mut g = fig30();
    play(&mut g, "h4k7 f10j8 a5a12 k7l7");
    assert!(has(&g, "j8l7") && has(&g, "c12a12"));
    play(&mut g, "j8l7");
    assert!(has(&g, "a12c12"), "W2 takes the Rook");
}

#[test]
fn figure_30_premature_check_keeps_the_mate_in_place_for_another_turn() {
    // "It would have been premature for B1 to move Q - IV12ch immediately after W1's checkmate
    // ... for after s/he missed the first turn W1 would have to move N - R1 to evade check, and
    // the checkmate would remain in place for another turn."
    let mut g = fig30();
    play(&mut g, "h4k7 e5a1 a4b5");
    assert_eq!(g.position().turn(), A, "B2 misses its first turn");
    assert!(!has(&g, "k7l7"), "W1 is in check: taking the King does not answer it");
    play(&mut g, "d3c1");
    assert_eq!(double(&g).mate_of(D).map(|m| m.by), Some(A), "the mate remains in place");
    play(&mut g, "d11d10 b5b4");
    assert_eq!(g.position().turn(), A, "B2 misses a second turn");
    assert!(has(&g, "k7l7"));
}

#[test]
fn rule_1_a_player_need_not_defend_the_partners_king() {
    // W2's King is attacked by B1's rook; W1 may play anything.
    let text = board("f1:aK h2:aP g12:bK a12:bR a6:cK l7:dK", "a - - - - - 0");
    let g = game(PARTNERS, Some(&text));
    assert!(has(&g, "h2h3") && has(&g, "f1e1"));
}

#[test]
fn rule_3_mate_broken_by_the_victims_partner_gives_the_turn_back() {
    // "the victim continues to miss turns until the checkmate is either consummated or broken":
    // B1's Rook on k12 takes the mating Queen (B2's k8 Pawn removed to open the file).
    let mut g = game(PARTNERS, Some(&board(&format!("{} k12:bR", FIG30.replace(" k8:dP", "")), "a - - - - - 0")));
    play(&mut g, "h4k7");
    assert_eq!(double(&g).mate_of(D).map(|m| m.by), Some(A), "{}", g.position().to_text());
    play(&mut g, "k12k7");
    assert_eq!(double(&g).mate_of(D), None, "the mate is broken");
    play(&mut g, "b9c9");
    assert_eq!(g.position().turn(), D, "B2 plays again");
}

#[test]
fn rule_6_stalemate_draws_unless_the_player_has_lost_the_king() {
    // B1 (north) to move: King h12 boxed in by W1's Queen on g10 and Pawn on h10, nothing else to move.
    let text = board("f1:aK g10:aQ h10:aP h12:bK a6:cK l7:dK k5:dP", "b - - - - - 0");
    let g = game(PARTNERS, Some(&text));
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::Stalemate)), "{:?}", legal(&g));
    // Without a King, a player with no move passes and the game goes on.
    let text = board("f1:aK g10:aQ c10:aP c11:bP a6:cK l7:dK", "b - - - - - 0");
    let mut g = game(PARTNERS, Some(&text));
    assert_eq!(legal(&g), ["pass"]);
    play(&mut g, "pass");
    assert_eq!(g.position().turn(), C);
}

#[test]
fn rule_4_a_player_without_a_king_cannot_be_checked() {
    // B1 has no King: its Rook may leave the line of W1's Queen freely, and moves into attacked cells.
    let text = board("f1:aK f6:aQ f10:bR a6:cK l7:dK", "b - - - - - 0");
    let g = game(PARTNERS, Some(&text));
    assert!(has(&g, "f10g10") && has(&g, "f10f6"));
}

#[test]
fn rule_7_a_check_discovered_by_the_victims_partner_is_treated_as_mate() {
    // B2's Rook on f12 is trained on W1's King f1; W2's Knight on f6 blocks. W2 withdraws it:
    // B2 moves next and must take the King, immune from W1; W1 need not miss a move.
    let text = board("f1:aK g12:bK a6:cK f6:cN l7:dK f12:dR", "c - - - - - 0");
    let mut g = game(PARTNERS, Some(&text));
    play(&mut g, "f6h7");
    assert_eq!(double(&g).mate_of(A).map(|m| m.by), Some(D), "treated as checkmate");
    assert_eq!(g.position().turn(), D);
    assert_eq!(legal(&g), ["f12f1"], "B2 must capture the King");
    play(&mut g, "f12f1");
    assert_eq!(g.position().turn(), A, "W1 need not miss a move");
    assert_eq!(double(&g).immunity().map(|i| i.from), Some(SeatSet::single(A)));
}

#[test]
fn a_team_wins_by_mating_both_opposing_kings_not_necessarily_at_once() {
    let mut g = fig30();
    play(&mut g, "h4k7 d11d10 b9c9 k7l7");
    assert_eq!(g.outcome(), None, "one King lost: the game goes on");
    // Now mate B1 too: W2's Rook to a12 with W1's Queen... build it directly instead.
    let text = board("f1:aK e10:aQ g12:bK h11:bP g11:bP a6:cK c10:cR", "a - - - - - 0");
    let mut g = game(PARTNERS, Some(&text));
    play(&mut g, "e10e12");
    assert_eq!(g.outcome(), Some(Outcome::team(SeatSet::of(&[A, C]), Reason::Checkmate)), "{}", g.position().to_text());
}

// ---- Figure 32: the opening, in both notations ----

/// "1. P-Q5 P-K5 P-Q5 P-K5 2. B-II7 Q-N4 N-KR3 KN-QB3 3. B-R8 B-N5 B-Q2" (W1, B1, W2, B2).
const FIG32_GRID: &str = "g2g5 g11g8 b7e7 k7h7 h1b7 f12i9 a4c3 l9j5 b7c8 h12d8 a8b7";
const FIG32_CORNER: &str = "E2-E5 D2-D5 D2-D5 E2-E5 F1-II7 E1-B4 G1-H3 G1-C3 II7-A8 C1-G5 C1-D2";

#[test]
fn figure_32_opening_replays_in_grid_and_corner_notation() {
    let mut grid = game(PARTNERS, None);
    play(&mut grid, FIG32_GRID);
    let mut corner = game(PARTNERS, None);
    play(&mut corner, FIG32_CORNER);
    assert_eq!(grid.position().to_text(), corner.position().to_text());
    assert_eq!(grid.position().turn(), D, "With B2 to play, Figure 32 shows the positions at the end of Move 3");
    // "W1 will capture QP with Bishop, check": the Bishop on c8 reaches B1's QP on f11.
    play(&mut grid, "k6i6");
    assert!(has(&grid, "c8f11"));
    // The corner notation prints from the mover's side.
    let o = GameOptions { notation: Notation::Corner, ..opts(PARTNERS) };
    let mut g = Game::new(GameId::DoubleChess, o, None).unwrap();
    play(&mut g, FIG32_GRID);
    assert_eq!(g.moves().collect::<Vec<_>>().join(" "), FIG32_CORNER);
}

// ---- Cut-throat ----

#[test]
fn cut_throat_closes_the_corners() {
    let g = game(CUT_THROAT, None);
    assert!(!legal(&g).iter().any(|m| m.ends_with("b1") || m.ends_with("a1") || m.ends_with("k2")));
    let text = board("b1:aR f1:aK g12:cK a6:bK l7:dK", "a - - - - - 0");
    let e = Game::new(GameId::DoubleChess, opts(CUT_THROAT), Some(&text)).unwrap_err();
    assert!(e.contains("off limits"), "{e}");
    // A Rook's ray stops at a closed cell: from c2 it reaches c1 but not b2 or a2.
    let text = board("c2:aR f1:aK g12:cK a6:bK l7:dK", "a - - - - - 0");
    let g = game(CUT_THROAT, Some(&text));
    assert!(has(&g, "c2c1") && has(&g, "c2d2") && !has(&g, "c2b2") && !has(&g, "c2a2"));
}

/// Cut-throat: A (W1) south, B (W2) west, C (B1) north, D (B2) east; clockwise A, B, C, D.
#[test]
fn cut_throat_mate_freezes_the_set_and_the_mater_takes_the_king_immune_from_participants() {
    // "If W1 mates W2, the latter's pieces are frozen in place. Next move W1 must take the King
    // ... W1's capturing piece is immune from capture by any player who participated in the mate
    // for one move. Thus if B2 supported W1's checkmate, B2 may not capture W1's piece for one
    // move, but B1 may do so if s/he can."
    // W2's King a6; W1's Queen to b6 backed by B2's Bishop on e9, B2's Knight on c5 covering
    // a6 and b7 (B2 takes part); B1's Rook arrives on c6 only after the mate.
    let text = board("f1:aK h6:aQ a6:bK b3:bP d3:bN c12:cR g12:cK l7:dK e9:dB c5:dN", "a - - - - - 0");
    let mut g = game(CUT_THROAT, Some(&text));
    play(&mut g, "h6b6");
    let p = double(&g);
    assert_eq!(p.seat_state(B), SeatState::Eliminated, "W2 is frozen: {}", p.to_text());
    assert_eq!(p.mate_of(B).map(|m| m.by), Some(A));
    assert!(p.mate_of(B).unwrap().with.contains(D) && !p.mate_of(B).unwrap().with.contains(C), "B2 took part, B1 did not");
    // W2's turn never comes; B1 and B2 move; then W1 must take the King.
    assert_eq!(g.position().turn(), C);
    play(&mut g, "c12c6 l7l8");
    assert_eq!(legal(&g), ["b6a6"]);
    play(&mut g, "b6a6");
    assert!(has(&g, "c6a6"), "B1 may take the capturing Queen");
    play(&mut g, "g12f12");
    assert!(!has(&g, "c5a6"), "B2, who took part in the mate, may not for one move");
    assert!(has(&g, "c5d3"), "frozen pieces stay on the board and can be captured");
}

#[test]
fn cut_throat_frozen_pieces_give_check_and_can_be_captured() {
    // W2 (B) is frozen with a Rook on e5; no King may stand in check from it.
    let text = board("f1:aK e5:bR g12:cK l7:dK d4:aQ", "a - - - b - 0");
    let g = game(CUT_THROAT, Some(&text));
    assert!(!has(&g, "f1e1"), "e1 is attacked by the frozen Rook");
    assert!(has(&g, "d4e5"), "the frozen Rook can be taken");
    assert_eq!(g.position().seat_state(B), SeatState::Eliminated);
}

#[test]
fn cut_throat_stalemate_passes_while_two_others_play_and_draws_after_a_second_mate() {
    // B1 (C, north) stalemated on h12 with three players in: it passes.
    let text = board("f1:aK g10:aQ h10:aP h12:cK a6:bK l7:dK k5:dP", "c - - - - - 0");
    let mut g = game(CUT_THROAT, Some(&text));
    assert_eq!(legal(&g), ["pass"]);
    play(&mut g, "pass");
    assert_eq!(g.position().turn(), D);
    // With W2 already frozen, B1 stalemated, W1 mates B2: "checkmate, stalemate, second checkmate" = draw.
    let text = board("f1:aK g10:aQ h10:aP h12:cK a6:bK l7:dK j5:aR k3:aR", "a - - - b - 0");
    let mut g = game(CUT_THROAT, Some(&text));
    play(&mut g, "j5l5");
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::Stalemate)), "{}", g.position().to_text());
}

#[test]
fn cut_throat_last_player_standing_wins() {
    // W2 and B1 frozen; W1 mates B2.
    let text = board("f1:aK a6:bK h12:cK l7:dK j5:aR k3:aR", "a - - - bc - 0");
    let mut g = game(CUT_THROAT, Some(&text));
    play(&mut g, "j5l5");
    assert_eq!(g.outcome(), Some(Outcome::win(A, Reason::Checkmate)));
}

// ---- Text ----

#[test]
fn position_text_round_trips_and_bad_text_gets_one_line() {
    let mut g = fig30();
    play(&mut g, "h4k7 d11d10 b9c9 k7l7");
    let text = g.position().to_text();
    let back = Game::new(GameId::DoubleChess, opts(PARTNERS), Some(&text)).unwrap();
    assert_eq!(back.position().to_text(), text);
    assert_eq!(back.position().hash(), g.position().hash());
    for bad in ["", "x", &text.replace("[aK]", "[aX]"), &format!("{text} z"), &text.replacen('/', "", 1), &text.replace("[aP]", "[eP]")] {
        let e = Game::new(GameId::DoubleChess, opts(PARTNERS), Some(bad)).unwrap_err();
        assert!(!e.contains('\n') && !e.is_empty(), "{bad}: {e}");
    }
}

#[test]
fn with_double_hop_check_yes_the_second_hop_checks_but_still_never_captures() {
    // "The Knight may, for example, check a King from more than half way across the board."
    // Read as the second hop checking (`--double-hop-check yes`): a King two hops away, over
    // an open first landing, is in check; over an occupied one it is not.
    let hop = |text: &str| {
        let o = GameOptions { hop_checks: true, ..opts(PARTNERS) };
        Game::new(GameId::DoubleChess, o, Some(text)).unwrap()
    };
    let text = board("f1:aK h9:bK a6:cK l7:dK f5:aN", "b - - - - - 0");
    let g = hop(&text);
    assert!(double(&g).in_check(B), "a King two hops away is in check");
    assert!(legal(&g).iter().all(|m| m.starts_with("h9")), "B, in check, moves its King: {:?}", legal(&g));
    let text = board("f1:aK h9:bK a6:cK l7:dK f5:aN g7:cP", "b - - - - - 0");
    assert!(!double(&hop(&text)).in_check(B), "the first landing must be open (a piece on g7 blocks)");
    // A King may not step onto a cell a second hop reaches (h9 from f5), where with `no` it may.
    let text = board("f1:aK h10:bK a6:cK l7:dK f5:aN", "b - - - - - 0");
    assert!(!has(&hop(&text), "h10h9"), "stepping into a second hop's reach is stepping into check");
    assert!(has(&game(PARTNERS, Some(&text)), "h10h9"), "the default reading lets the King stand there");
    // Never a capture on the second hop, whatever stands there.
    let text = board("f1:aK g12:bK a6:cK l7:dK f5:aN h9:bR", "a - - - - - 0");
    assert!(!has(&hop(&text), "f5h9"), "the second hop may not capture");
}
