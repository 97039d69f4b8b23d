//! Property tests for every game x topology x option: seeded random games to the end never
//! panic; `legal_moves` and `play` agree; undo restores position and hash; the incremental
//! hash equals a recomputation; Stax and Queens keep all 24 checkers and never lose a crown.

mod common;

use std::collections::BTreeSet;

use proptest::prelude::*;
use variant_rules::{AnyPosition, Game, GameId, GameOptions, Position};

/// Plies after which a random game is cut short (none has needed it in practice; see the
/// assertion on how many games ended).
const MAX_PLIES: usize = 4000;

/// Candidate move texts around the side to move's pieces: every from/to pair for chess, every
/// step and single hop for the checkers family, plus each legal move and its prefixes.
fn candidates(pos: &AnyPosition, legal: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out: BTreeSet<String> = legal.clone();
    if matches!(pos, AnyPosition::DiceChess(_) | AnyPosition::ChecToe(_)) {
        // Every roll token (whether or not one is due), pass and reroll.
        for a in 1..=6 {
            out.insert(format!("[{a}]"));
            for b in a..=6 {
                out.insert(format!("[{a},{b}]"));
            }
        }
        out.insert("pass".into());
        out.insert("reroll".into());
        out.insert("666".into());
    }
    if let AnyPosition::ChecToe(_) = pos {
        // Every piece onto every square in every style, and every piece-by-piece capture.
        for l in ["P", "N", "B", "R"] {
            for f in "abcd".chars() {
                for r in 1..=4 {
                    for suffix in ["", "⌄", "⌃", "°"] {
                        out.insert(format!("{l}{f}{r}{suffix}"));
                    }
                }
            }
            for v in ["P", "N", "B", "R"] {
                for suffix in ["", "°"] {
                    out.insert(format!("{l}x{v}{suffix}"));
                }
            }
        }
        return out;
    }
    if let AnyPosition::DoubleChess(p) = pos {
        return double_chess_candidates(p, pos, out);
    }
    if let AnyPosition::Checkers(p) = pos
        && p.topology().tri_board().is_some()
    {
        return triangle_candidates(p, pos, out);
    }
    if let AnyPosition::Chex(_) = pos {
        // Every step and knight leap (and a little further) from each moving tile, placements
        // of every letter around each placement, and 'draw'.
        out.insert("draw".into());
        for m in legal {
            if let Some((l, at)) = m.split_once('@') {
                let (x, y) = at.split_once(',').unwrap();
                let (x, y): (i32, i32) = (x.parse().unwrap(), y.parse().unwrap());
                for (dx, dy) in [(0, 0), (3, 0), (0, -3), (2, 2)] {
                    out.insert(format!("{l}@{},{}", x + dx, y + dy));
                    out.insert(format!("Q@{},{}", x + dx, y + dy));
                }
            }
            if let Some((from, _)) = m.split_once([':', 'x']) {
                let (x, y) = from.split_once(',').unwrap();
                let (x, y): (i32, i32) = (x.parse().unwrap(), y.parse().unwrap());
                for dx in -3..=3 {
                    for dy in -3..=3 {
                        out.insert(format!("{from}:{},{}", x + dx, y + dy));
                    }
                }
            }
        }
        return out;
    }
    square_board_candidates(pos, legal, out)
}

/// Chess, the square checkers boards and Toe-to-Toe: every moving piece onto every cell of an
/// 8x8 board, truncated jumps, promotions without their letter, drops and swaps.
fn square_board_candidates(pos: &AnyPosition, legal: &BTreeSet<String>, mut out: BTreeSet<String>) -> BTreeSet<String> {
    for m in legal {
        // Truncated jump sequences, and a promotion with the piece letter dropped.
        if let Some(i) = m.rfind('x') {
            out.insert(m[..i].to_string());
        }
        out.insert(m.trim_end_matches(['q', 'r', 'b', 'n']).to_string());
    }
    let cells: Vec<String> = (0..8).flat_map(|r| (0..8).map(move |f| format!("{}{}", (b'a' + f) as char, r + 1))).collect();
    let froms: BTreeSet<String> = legal
        .iter()
        .filter(|m| !m.contains('@') && !m.starts_with('[') && *m != "pass" && *m != "reroll")
        .map(|m| m.split(['-', 'x', '~', '=']).next().unwrap()[..2].to_string())
        .collect();
    for from in &froms {
        for to in &cells {
            match pos {
                AnyPosition::Chess(_) | AnyPosition::DiceChess(_) => {
                    out.insert(format!("{from}{to}"));
                }
                AnyPosition::Checkers(_) => {
                    out.insert(format!("{from}-{to}"));
                    out.insert(format!("{from}x{to}"));
                }
                AnyPosition::ToeToe(_) => {
                    out.insert(format!("{from}{to}"));
                    out.insert(format!("{from}~{to}"));
                    out.insert(format!("{to}~{from}"));
                }
                AnyPosition::Chex(_) | AnyPosition::ChecToe(_) | AnyPosition::DoubleChess(_) => unreachable!("candidates made above"),
            }
        }
    }
    if let AnyPosition::ToeToe(_) = pos {
        // Drops of every piece letter on every square, promotions of every piece on every square.
        for to in &cells {
            for l in ["K", "G", "R", "N", "E"] {
                out.insert(format!("{l}@{to}"));
                out.insert(format!("{to}={l}"));
            }
        }
    }
    out
}

/// The triangular boards: every stack that can move stepping or jumping onto every cell, and
/// each legal jump sequence cut short.
fn triangle_candidates(p: &variant_rules::checkers::CheckersPosition, pos: &AnyPosition, mut out: BTreeSet<String>) -> BTreeSet<String> {
    let t = p.topology();
    let legal: Vec<String> = out.iter().cloned().collect();
    for m in legal {
        if let Some(i) = m.rfind('x') {
            out.insert(m[..i].to_string());
        }
    }
    let froms: BTreeSet<u16> = pos.legal_move_list().into_iter().map(|m| pos.move_path(m).from).collect();
    for &from in &froms {
        for to in 0..t.len() as u16 {
            out.insert(format!("{}-{}", t.name(from), t.name(to)));
            out.insert(format!("{}x{}", t.name(from), t.name(to)));
        }
    }
    out
}

/// Double Chess: every piece that can move onto every cell (grid notation), with each promotion
/// letter and an en-passant victim, and 'pass' (corner notation has tests of its own).
fn double_chess_candidates(p: &variant_rules::doublechess::DoubleChessPosition, pos: &AnyPosition, mut out: BTreeSet<String>) -> BTreeSet<String> {
    let t = p.topology();
    out.insert("pass".into());
    let froms: BTreeSet<u16> = pos.legal_move_list().into_iter().map(|m| pos.move_path(m).from).filter(|&c| c != variant_rules::topology::NO_CELL).collect();
    for &from in &froms {
        for to in 0..t.len() as u16 {
            let text = format!("{}{}", t.name(from), t.name(to));
            out.insert(format!("{text}q"));
            out.insert(format!("{text}x{}", t.name(to)));
            out.insert(text);
        }
    }
    out
}

/// The full text of every position reached parses back to the same position and hash, and a
/// game without hidden information shows players the full text.
fn check_round_trip(g: &Game, label: &str) {
    let pos = g.position();
    let text = pos.to_text();
    let again = AnyPosition::from_text(g.id(), g.options(), &text).unwrap_or_else(|e| panic!("{label}: '{text}' does not parse back: {e}"));
    assert_eq!(again.to_text(), text, "{label}: text changes on a round trip");
    assert_eq!(again.hash(), pos.hash(), "{label}: '{text}' parses back with another hash");
    if !matches!(pos, AnyPosition::Chex(_)) {
        assert_eq!(pos.public_text(), text, "{label}: a game without hidden information shows everything");
    }
}

fn check_position<P: Position>(p: &P, label: &str) {
    assert_eq!(p.hash(), p.recompute_hash(), "{label}: incremental hash differs from recomputed in {}", p.to_text());
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let mut q = p.clone();
    for &m in &moves {
        let before_text = q.to_text();
        let u = q.play_unchecked(m);
        assert_eq!(q.hash(), q.recompute_hash(), "{label}: hash after {} from {before_text}", p.move_text(m));
        q.undo(m, u);
        assert_eq!(q.to_text(), before_text, "{label}: undo of {} changed the position", p.move_text(m));
        assert_eq!(q.hash(), p.hash(), "{label}: undo of {} changed the hash", p.move_text(m));
    }
}

fn kings_and_checkers(pos: &AnyPosition) -> (usize, usize) {
    match pos {
        AnyPosition::Checkers(p) => {
            let all: Vec<_> = p.checkers_on_board().collect();
            (all.iter().filter(|c| c.is_king()).count(), all.len())
        }
        _ => (0, 0),
    }
}

fn playout(game: GameId, opts: GameOptions, seed: u64) {
    let label = format!("{game} {} numbers={} rules={} players={} seed={seed}", opts.topology, opts.numbers, opts.dice_rules, opts.players);
    let keeps_all = matches!(game, GameId::Stax | GameId::Queens) && opts.players == 2;
    let mut kings = 0;
    let mut ply = 0;
    let finished = common::random_game(game, opts, seed, MAX_PLIES, |g: &Game| {
        let pos = g.position();
        check_round_trip(g, &label);
        // The search's quick question is the throw list's answer.
        assert_eq!(pos.throw_due(), pos.chance(&mut Vec::new()) > 0, "{label}: throw_due in {}", pos.to_text());
        match pos {
            AnyPosition::Checkers(p) => check_position(p, &label),
            AnyPosition::Chess(p) => check_position(p, &label),
            AnyPosition::ToeToe(p) => check_position(p, &label),
            AnyPosition::Chex(p) => check_position(&**p, &label),
            AnyPosition::DiceChess(p) => check_position(p, &label),
            AnyPosition::ChecToe(p) => check_position(p, &label),
            AnyPosition::DoubleChess(p) => check_position(p, &label),
        }
        if keeps_all {
            let (k, n) = kings_and_checkers(pos);
            assert_eq!(n, 24, "{label}: all 24 checkers stay on the board, in stacks");
            assert!(k >= kings, "{label}: a king lost its crown (kings {kings} -> {k})");
            kings = k;
        }
        // legal_moves <=> play accepts, checked through the same path the CLI and window use.
        if ply % 5 == 0 && g.outcome().is_none() {
            let legal: BTreeSet<String> = pos.legal_move_list().into_iter().map(|m| pos.move_text(m)).collect();
            for text in candidates(pos, &legal) {
                // Double Chess's and the triangles' candidates are many and their games long: ask the position, not a clone of the whole game.
                let by_position = match pos {
                    AnyPosition::DoubleChess(_) => true,
                    AnyPosition::Checkers(p) => p.topology().tri_board().is_some(),
                    _ => false,
                };
                let accepted = if by_position { pos.parse_move(&text).is_ok() } else { g.clone().play(&text).is_ok() };
                // A Toe-to-Toe swap may name its squares in either order; a CHEX capture may be
                // written with ':' as well as 'x'.
                let reversed = text.split_once('~').map(|(a, b)| format!("{b}~{a}"));
                let listed = legal.contains(&text)
                    || reversed.is_some_and(|r| legal.contains(&r))
                    || (matches!(pos, AnyPosition::Chex(_)) && legal.iter().any(|l| l.replace('x', ":") == text.replace('x', ":")));
                assert_eq!(accepted, listed, "{label}: play('{text}') vs legal_moves in {}", pos.to_text());
            }
        }
        ply += 1;
    });
    // Random five- and six-player Tri-Stax and Tri-Queens need not end: jumps only move checkers
    // between stacks (none leaves the board) and each resets the move limit, and with five
    // opponents to jump random stacks trade prisoners for ever. Every other game must finish.
    let may_run_on = matches!(game, GameId::TriStax | GameId::TriQueens) && opts.players > 4;
    assert!(may_run_on || finished.outcome().is_some(), "{label}: no result after {MAX_PLIES} plies");
    // A finished game refuses further moves (one that ran on past MAX_PLIES has not finished).
    let any = finished.outcome().and_then(|_| finished.position().legal_move_list().into_iter().next());
    if let Some(m) = any {
        let text = finished.position().move_text(m);
        assert!(finished.clone().play(&text).is_err(), "{label}: a move was accepted after the end");
    }
}

/// Declares one seeded playout test per spec, and `PLAYOUT_SPECS`, the same list as data, which
/// `every_configuration_has_a_playout_test` checks against the engine's own enumeration.
macro_rules! playout_tests {
    ($($name:ident: $spec:expr, $cases:expr;)*) => {
        const PLAYOUT_SPECS: &[&str] = &[$($spec),*];
        $(
        proptest! {
            #![proptest_config(ProptestConfig { cases: $cases, failure_persistence: None, ..ProptestConfig::default() })]
            #[test]
            fn $name(seed in any::<u64>()) {
                let (game, opts) = common::parse_spec($spec);
                playout(game, opts, seed);
            }
        }
        )*
    };
}

playout_tests! {
    checkers_flat: "checkers --topology flat", 12;
    checkers_cylinder: "checkers --topology cylinder", 12;
    checkers_universal: "checkers --topology universal", 12;
    checkers_flat_numbers: "checkers --topology flat --numbers --seed 1", 8;
    checkers_cylinder_numbers: "checkers --topology cylinder --numbers --seed 2", 8;
    checkers_universal_numbers: "checkers --topology universal --numbers --seed 3", 8;
    stax_flat: "stax --topology flat --move-limit 80", 12;
    stax_cylinder: "stax --topology cylinder --move-limit 80", 12;
    stax_universal: "stax --topology universal --move-limit 80", 12;
    stax_flat_numbers: "stax --topology flat --numbers --seed 4 --move-limit 80", 8;
    stax_cylinder_numbers: "stax --topology cylinder --numbers --seed 5 --move-limit 80", 8;
    stax_universal_numbers: "stax --topology universal --numbers --seed 6 --move-limit 80", 8;
    queens_flat: "queens --topology flat --move-limit 80", 12;
    queens_cylinder: "queens --topology cylinder --move-limit 80", 12;
    queens_universal: "queens --topology universal --move-limit 80", 12;
    queens_flat_numbers: "queens --topology flat --numbers --seed 7 --move-limit 80", 8;
    queens_cylinder_numbers: "queens --topology cylinder --numbers --seed 8 --move-limit 80", 8;
    queens_universal_numbers: "queens --topology universal --numbers --seed 9 --move-limit 80", 8;
    chess_flat: "chess --topology flat", 8;
    chess_cylinder: "chess --topology cylinder", 8;
    cylinder_chess: "cylinder-chess", 8;
    shadow_chess_flat: "shadow-chess --topology flat", 6;
    shadow_chess_cylinder: "shadow-chess --topology cylinder", 6;
    toe_to_toe: "toe-to-toe", 3;
    chex: "chex --seed 5", 6;
    dice_chess_two_dice: "dice-chess --rules two-dice", 6;
    dice_chess_two_dice_reroll: "dice-chess --rules two-dice --no-move reroll", 3;
    dice_chess_brainking: "dice-chess --rules brainking", 6;
    dice_chess_brainking_10x10: "dice-chess --rules brainking-10x10", 4;
    dice_chess_gollon_count: "dice-chess --rules gollon-count", 6;
    dice_chess_gollon_piece_count: "dice-chess --rules gollon-piece-count", 6;
    chec_toe: "chec-toe --move-limit 150", 8;
    double_chess_partners: "double-chess --seating partners-adjacent", 4;
    double_chess_cut_throat: "double-chess --seating cut-throat", 4;
    tri_chek_2: "tri-chek", 4;
    tri_chek_2_numbers: "tri-chek --numbers --seed 2", 3;
    tri_chek_2_symmetric: "tri-chek --symmetric", 2;
    tri_chek_3: "tri-chek --players 3", 2;
    tri_chek_4_partners_gap: "tri-chek --players 4 --seating partners-gap", 2;
    tri_chek_5_symmetric: "tri-chek --players 5 --symmetric", 1;
    tri_chek_6_trios: "tri-chek --players 6 --seating trios", 1;
    tri_stax_2: "tri-stax --move-limit 200", 4;
    tri_stax_2_numbers: "tri-stax --numbers --seed 3 --move-limit 200", 3;
    tri_stax_4_adjacent: "tri-stax --players 4 --seating partners-adjacent --move-limit 300", 2;
    tri_stax_6: "tri-stax --players 6 --move-limit 300", 1;
    tri_stax_6_opposite: "tri-stax --players 6 --seating partners-opposite --move-limit 300", 1;
    tri_queens_2: "tri-queens --move-limit 200", 4;
    tri_queens_2_numbers: "tri-queens --numbers --seed 4 --move-limit 200", 3;
    tri_queens_3: "tri-queens --players 3 --move-limit 300", 2;
    tri_queens_4_open: "tri-queens --players 4 --seating partners-adjacent --queens-colours mixed --queens-position open --move-limit 300", 2;
    tri_queens_5: "tri-queens --players 5 --move-limit 300", 1;
    tri_queens_6_adjacent: "tri-queens --players 6 --seating partners-adjacent --move-limit 300", 1;
    tri_queens_6_trios: "tri-queens --players 6 --seating trios --move-limit 300", 1;
    tri_chess_2: "tri-chess", 3;
    tri_chess_2_cut: "tri-chess --edges cut", 2;
    tri_chess_3: "tri-chess --players 3", 2;
    tri_chess_4_partners: "tri-chess --players 4 --seating partners-adjacent", 1;
    tri_chess_4_cut_throat: "tri-chess --players 4 --edges cut", 1;
    tri_chess_5: "tri-chess --players 5 --extended-moves off", 1;
    tri_chess_6_pairs: "tri-chess --players 6 --seating partners-adjacent", 1;
    tri_chess_6_trios: "tri-chess --players 6 --seating trios", 1;
    // The options where players of the text disagree (issue 24), each played out once more.
    double_chess_hop_checks: "double-chess --double-hop-check yes", 2;
    tri_chess_6_full_corners: "tri-chess --players 6 --corners full", 1;
    tri_queens_2_open_steps: "tri-queens --tri-steps open --move-limit 200", 2;
    tri_stax_4_prose: "tri-stax --players 4 --sequence prose --move-limit 300", 1;
    queens_4_relocated: "queens --players 4 --queens-rows relocate --move-limit 160", 2;
}

/// What makes a configuration distinct for coverage: everything but seeds and move limits.
fn config_key(game: GameId, o: &GameOptions) -> String {
    format!("{game} {} numbers={} rules={}", o.topology, o.numbers, o.dice_rules)
}

#[test]
fn every_configuration_has_a_playout_test() {
    // Both sides come from one source each: the engine's enumeration of games x topologies x
    // Numbers x dice rules (`all_configs`, built from `GameId::ALL`, `topologies()` and
    // `DiceRules::ALL`), and the macro's own spec list. A game, board or rule set added to the
    // engine without a playout fails here.
    let tested: BTreeSet<String> = PLAYOUT_SPECS.iter().map(|s| common::parse_spec(s)).map(|(g, o)| config_key(g, &o)).collect();
    let all: BTreeSet<String> = common::all_configs().iter().map(|(g, o)| config_key(*g, o)).collect();
    let missing: Vec<&String> = all.difference(&tested).collect();
    assert!(missing.is_empty(), "configurations without a playout test: {missing:?}");
    let unknown: Vec<&String> = tested.difference(&all).collect();
    assert!(unknown.is_empty(), "playout specs the engine does not enumerate: {unknown:?}");
}
