//! Four-player perft from the Doubles starts, checked at depths 1-2 against an independent
//! count: a small coordinate-based Checkers generator written from the rulings (C12, C13, C16)
//! without the engine's topology, seating or setup code.

use std::collections::HashMap;

use variant_rules::checkers::DoublesSeating;
use variant_rules::{AnyPosition, GameId, GameOptions};

/// (file, rank) on 12x12.
type Sq = (i32, i32);

/// The reference's own seat table: forward vector of each seat and its team, in move order.
fn seats(seating: DoublesSeating) -> [((i32, i32), u8); 4] {
    let (south, north, west, east) = ((0, 1), (0, -1), (1, 0), (-1, 0));
    match seating {
        DoublesSeating::PartnersAdjacent => [(south, 0), (north, 1), (west, 0), (east, 1)],
        DoublesSeating::PartnersOpposite => [(south, 0), (west, 1), (north, 0), (east, 1)],
        DoublesSeating::CutThroat => [(south, 0), (west, 1), (north, 2), (east, 3)],
        other => panic!("{other} is not a square-board seating"),
    }
}

/// Rows a square is from a seat's own edge, and its place along that edge.
fn seat_coords(fwd: (i32, i32), (f, r): Sq) -> (i32, i32) {
    match fwd {
        (0, 1) => (r, f),
        (0, -1) => (11 - r, f),
        (1, 0) => (f, r),
        _ => (11 - f, r),
    }
}

fn start(seating: DoublesSeating) -> HashMap<Sq, (usize, bool)> {
    let mut board = HashMap::new();
    for (seat, &(fwd, _)) in seats(seating).iter().enumerate() {
        for f in 0..12 {
            for r in 0..12 {
                let (row, along) = seat_coords(fwd, (f, r));
                if row >= 3 || !(2..=9).contains(&along) || (f + r) % 2 != 0 {
                    continue;
                }
                let mut sq = (f, r);
                // A later seat's checker on an occupied square goes diagonally behind, towards the corner.
                while board.contains_key(&sq) {
                    sq = (sq.0 + if sq.0 < 6 { -1 } else { 1 }, sq.1 + if sq.1 < 6 { -1 } else { 1 });
                }
                board.insert(sq, (seat, false));
            }
        }
    }
    board
}

fn diagonals(fwd: (i32, i32), king: bool) -> Vec<(i32, i32)> {
    if king {
        return vec![(1, 1), (1, -1), (-1, 1), (-1, -1)];
    }
    if fwd.0 == 0 { vec![(-1, fwd.1), (1, fwd.1)] } else { vec![(fwd.0, -1), (fwd.0, 1)] }
}

fn on_board((f, r): Sq) -> bool {
    (0..12).contains(&f) && (0..12).contains(&r)
}

/// Every move of `seat` as the resulting board (jumps compulsory; plain Checkers on a flat board).
fn moves(board: &HashMap<Sq, (usize, bool)>, seating: DoublesSeating, seat: usize) -> Vec<HashMap<Sq, (usize, bool)>> {
    let table = seats(seating);
    let mut jumps = Vec::new();
    for (&sq, &(owner, king)) in board.iter().filter(|(_, (o, _))| *o == seat) {
        jump_from(board, &table, sq, owner, king, &mut Vec::new(), &mut jumps);
    }
    if !jumps.is_empty() {
        return jumps;
    }
    let mut out = Vec::new();
    for (&sq, &(owner, king)) in board.iter().filter(|(_, (o, _))| *o == seat) {
        for d in diagonals(table[owner].0, king) {
            let to = (sq.0 + d.0, sq.1 + d.1);
            if on_board(to) && !board.contains_key(&to) {
                let mut b = board.clone();
                b.remove(&sq);
                b.insert(to, (owner, king || seat_coords(table[owner].0, to).0 == 11));
                out.push(b);
            }
        }
    }
    out
}

fn jump_from(
    board: &HashMap<Sq, (usize, bool)>,
    table: &[((i32, i32), u8); 4],
    sq: Sq,
    owner: usize,
    king: bool,
    taken: &mut Vec<Sq>,
    out: &mut Vec<HashMap<Sq, (usize, bool)>>,
) {
    let mut any = false;
    for d in diagonals(table[owner].0, king) {
        let over = (sq.0 + d.0, sq.1 + d.1);
        let land = (over.0 + d.0, over.1 + d.1);
        let Some(&(victim, _)) = board.get(&over) else { continue };
        if table[victim].1 == table[owner].1 || taken.contains(&over) || !on_board(land) || board.contains_key(&land) {
            continue;
        }
        any = true;
        let mut b = board.clone();
        b.remove(&sq);
        let crowned = !king && seat_coords(table[owner].0, land).0 == 11;
        b.insert(land, (owner, king || crowned));
        taken.push(over);
        if crowned {
            out.push(without(&b, taken));
        } else {
            jump_from(&b, table, land, owner, king, taken, out);
        }
        taken.pop();
    }
    if !any && !taken.is_empty() {
        out.push(without(board, taken));
    }
}

fn without(board: &HashMap<Sq, (usize, bool)>, taken: &[Sq]) -> HashMap<Sq, (usize, bool)> {
    let mut b = board.clone();
    for t in taken {
        b.remove(t);
    }
    b
}

fn reference_perft(seating: DoublesSeating, depth: u32) -> u64 {
    fn go(board: &HashMap<Sq, (usize, bool)>, seating: DoublesSeating, seat: usize, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        moves(board, seating, seat).iter().map(|b| go(b, seating, (seat + 1) % 4, depth - 1)).sum()
    }
    go(&start(seating), seating, 0, depth)
}

#[test]
fn four_player_checkers_perft_matches_an_independent_count_at_depths_1_and_2() {
    for seating in DoublesSeating::ALL {
        let o = GameOptions { players: 4, seating, ..GameOptions::default_for(GameId::Checkers) };
        let pos = AnyPosition::start(GameId::Checkers, &o).unwrap();
        for depth in 1..=2 {
            assert_eq!(pos.perft(depth), reference_perft(seating, depth), "{seating} depth {depth}");
        }
        assert!(reference_perft(seating, 1) > 0);
    }
}

#[test]
fn the_reference_start_matches_the_engines() {
    for seating in DoublesSeating::ALL {
        let o = GameOptions { players: 4, seating, ..GameOptions::default_for(GameId::Checkers) };
        let AnyPosition::Checkers(p) = AnyPosition::start(GameId::Checkers, &o).unwrap() else { unreachable!() };
        let reference = start(seating);
        assert_eq!(reference.len(), 48);
        for (&(f, r), &(seat, _)) in &reference {
            let c = p.topology().cell(f as u8, r as u8).unwrap();
            assert_eq!(p.top(c).map(|k| k.owner().0 as usize), Some(seat), "{seating} at ({f},{r})");
        }
    }
}
