//! Data-driven perft: published counts for chess and English draughts, recorded regression
//! counts for every other game/topology, and symmetry checks (colour flip, file mirror).

mod common;

use common::perft_cases;
use variant_rules::{AnyPosition, GameId, GameOptions, Position, Wrap};

/// Leaf nodes a CI run spends on one case (deeper entries run under `--ignored`).
const CI_NODE_BUDGET: u64 = 20_000_000;

fn run_cases(file: &str, deep: bool) -> usize {
    let mut checked = 0;
    for case in perft_cases(file) {
        let pos = case.start();
        for &(depth, expected) in &case.counts {
            if (expected > CI_NODE_BUDGET) != deep {
                continue;
            }
            assert_eq!(pos.perft(depth), expected, "{} | {:?} | depth {depth}", case.spec, case.position);
            checked += 1;
        }
    }
    checked
}

#[test]
fn chess_reference_positions() {
    assert!(run_cases("perft-chess.txt", false) >= 30);
}

#[test]
fn chess_reference_positions_reach_a_million_nodes_each() {
    // The issue asks for at least 1M nodes per standard position in CI.
    for case in perft_cases("perft-chess.txt") {
        let most = case.counts.iter().map(|&(_, n)| n).filter(|&n| n <= CI_NODE_BUDGET).max().unwrap();
        assert!(most >= 1_000_000, "{:?} only reaches {most} nodes in CI", case.position);
    }
}

#[test]
#[ignore = "deep perft: minutes; run with --ignored"]
fn chess_reference_positions_deep() {
    assert!(run_cases("perft-chess.txt", true) > 0);
}

#[test]
fn chess_reference_counts_agree_with_shakmaty() {
    use shakmaty::{CastlingMode, Chess, fen::Fen};
    for case in perft_cases("perft-chess.txt") {
        let fen = case.position.clone().unwrap_or_else(|| variant_rules::chess::START_FEN.to_string());
        let pos: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
        for &(depth, expected) in case.counts.iter().filter(|&&(d, _)| d <= 3) {
            assert_eq!(shakmaty::perft(&pos, depth), expected, "{fen} depth {depth}");
        }
    }
}

#[test]
fn english_checkers_matches_oeis_a133046() {
    assert!(run_cases("perft-checkers.txt", false) >= 10);
}

#[test]
#[ignore = "deep perft: minutes; run with --ignored"]
fn english_checkers_deep() {
    assert!(run_cases("perft-checkers.txt", true) > 0);
}

#[test]
fn every_variant_matches_its_recorded_counts() {
    let cases = perft_cases("perft-variants.txt");
    // Every game x topology x Numbers combination not covered by a published file is recorded.
    // Toe-to-Toe adds three lines from its later phases to its start, CHEX one, Dice Chess
    // three (mid-game, with a roll, mid-series) and Chec Toe one.
    // Doubles (four players) adds one start line per game x seating x (flat, cylinder, universal
    // with Numbers), Queens twice (same and mixed colours): 3 x 3 x 3 + 9 = 36; and Queens' six
    // flat starts again with `--queens-rows relocate`, the start of older saves (rulings C14).
    // Double Chess seats four from the start: its two lines (partners, cut-throat) count below.
    let expected_combinations = common::all_configs().iter().filter(|(g, _)| *g != variant_rules::GameId::DoubleChess).count() - 2;
    // The triangular games' Figure 14 option (--symmetric) is an extra two-player start.
    let tri_chess = |c: &&common::PerftCase| c.game == variant_rules::GameId::TriChess;
    let two_player = |c: &&common::PerftCase| c.opts.players == 2 && !c.opts.symmetric && (!c.opts.cut_edges || !tri_chess(c));
    let starts = cases.iter().filter(two_player).filter(|c| c.position.is_none()).count();
    assert_eq!(starts, expected_combinations, "one start line per combination");
    assert_eq!(cases.iter().filter(two_player).count(), expected_combinations + 8);
    assert_eq!(cases.iter().filter(|c| c.opts.players == 4 && !c.game.is_hexagonal()).count(), 36 + 2 + 6);
    // Tri-Chess: every player count x seating, with and without the cut edges where there are
    // unoccupied edges, and without the extended moves for three and six (TC1-TC12); the six
    // five- and six-player lines twice, on the cut board (the default) and with --corners full.
    assert_eq!(cases.iter().filter(tri_chess).count(), 15 + 6);
    assert_eq!(cases.iter().filter(tri_chess).filter(|c| c.opts.full_corners).count(), 6);
    // The triangular games: 2 x 3 two-player starts (with and without Numbers), and one line per
    // game x player count x seating x figure option the text allows (docs/rulings.md T1-T12),
    // two four-player Tri-Queens starts with `--tri-steps open` (T7) and four with
    // `--sequence prose` (T3).
    assert_eq!(cases.iter().filter(|c| c.game.is_triangular()).count(), 48 + 2 + 4);
    assert!(run_cases("perft-variants.txt", false) > 100);
}

// ---- symmetry -------------------------------------------------------------------------------

/// Colour-flips a FEN: ranks reversed, piece colours and side to move swapped.
fn flip_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let swap = |s: &str| s.chars().map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() }).collect::<String>();
    let board = f[0].split('/').rev().map(swap).collect::<Vec<_>>().join("/");
    let turn = if f[1] == "w" { "b" } else { "w" };
    let castling = if f[2] == "-" {
        "-".to_string()
    } else {
        let s = swap(f[2]);
        ["K", "Q", "k", "q"].iter().filter(|c| s.contains(*c)).copied().collect()
    };
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        let (file, rank) = f[3].split_at(1);
        format!("{file}{}", 9 - rank.parse::<u32>().unwrap())
    };
    format!("{board} {turn} {castling} {ep} {} {}", f[4], f[5])
}

/// Mirrors a FEN's files (a <-> h).
fn mirror_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let rows: Vec<Vec<String>> = f[0]
        .split('/')
        .map(|row| {
            let cells: Vec<String> = row
                .chars()
                .flat_map(|c| match c.to_digit(10) {
                    Some(n) => vec![String::new(); n as usize],
                    None => vec![c.to_string()],
                })
                .collect();
            cells.into_iter().rev().collect()
        })
        .collect();
    format!("{} {} - - {} {}", common::rows_text(&rows), f[1], f[4], f[5])
}

fn counts(game: GameId, wrap: Wrap, text: &str, depth: u32) -> Vec<u64> {
    let pos = AnyPosition::from_text(game, &options(game, wrap), text).unwrap_or_else(|e| panic!("{text}: {e}"));
    (1..=depth).map(|d| pos.perft(d)).collect()
}

fn options(game: GameId, wrap: Wrap) -> GameOptions {
    let mut o = GameOptions::default_for(game);
    o.topology = wrap;
    o
}

/// Whether a FEN is a legal position of the game (position 3's rook checks round the cylinder).
fn valid(game: GameId, wrap: Wrap, fen: &str) -> bool {
    AnyPosition::from_text(game, &options(game, wrap), fen).is_ok()
}

#[test]
fn colour_flip_preserves_perft_for_every_chess_game() {
    for case in perft_cases("perft-chess.txt") {
        let fen = case.position.clone().unwrap_or_else(|| variant_rules::chess::START_FEN.to_string());
        for (game, wrap) in
            [(GameId::Chess, Wrap::Flat), (GameId::Chess, Wrap::Cylinder), (GameId::ShadowChess, Wrap::Flat), (GameId::ShadowChess, Wrap::Cylinder)]
        {
            let depth = if game == GameId::ShadowChess { 2 } else { 3 };
            if !valid(game, wrap, &fen) {
                continue;
            }
            assert_eq!(counts(game, wrap, &fen, depth), counts(game, wrap, &flip_fen(&fen), depth), "{game} {wrap} {fen}");
        }
    }
}

#[test]
fn file_mirror_preserves_perft_on_the_cylinder() {
    // Castling is not mirror-symmetric (the king starts on the e-file), so rights are dropped.
    for case in perft_cases("perft-chess.txt") {
        let fen = mirror_fen(&mirror_fen(&case.position.clone().unwrap_or_else(|| variant_rules::chess::START_FEN.to_string())));
        let mirrored = mirror_fen(&fen);
        for game in [GameId::Chess, GameId::ShadowChess] {
            let depth = if game == GameId::ShadowChess { 2 } else { 3 };
            if !valid(game, Wrap::Cylinder, &fen) {
                continue;
            }
            assert_eq!(counts(game, Wrap::Cylinder, &fen, depth), counts(game, Wrap::Cylinder, &mirrored, depth), "{game} {fen}");
        }
    }
}

/// A checkers-family text as a grid of cell tokens (rank 8 first), side to move and quiet plies.
fn checkers_grid(text: &str) -> (Vec<Vec<String>>, String, String) {
    let f: Vec<&str> = text.split_whitespace().collect();
    let rows = f[0]
        .split('/')
        .map(|row| {
            let mut cells = Vec::new();
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(n) = c.to_digit(10) {
                    cells.extend(std::iter::repeat_n(String::new(), n as usize));
                } else if c == '[' {
                    let mut t = String::from("[");
                    for x in chars.by_ref() {
                        t.push(x);
                        if x == ']' {
                            break;
                        }
                    }
                    cells.push(t);
                } else {
                    cells.push(c.to_string());
                }
            }
            cells
        })
        .collect();
    (rows, f[1].to_string(), f[2].to_string())
}

fn checkers_text(rows: &[Vec<String>], turn: &str, quiet: &str) -> String {
    format!("{} {turn} {quiet}", common::rows_text(rows))
}

fn swap_players(token: &str) -> String {
    token
        .chars()
        .map(|c| match c {
            'a' => 'b',
            'b' => 'a',
            'A' => 'B',
            'B' => 'A',
            x => x,
        })
        .collect()
}

/// Midgame positions of a checkers-family game reached by seeded random play.
fn midgames(game: GameId, opts: GameOptions) -> Vec<String> {
    (0..6u64)
        .map(|seed| {
            let mut texts = Vec::new();
            common::random_game(game, opts, seed, 30, |g| texts.push(g.position().to_text()));
            texts.last().unwrap().clone()
        })
        .collect()
}

#[test]
fn colour_flip_preserves_perft_in_the_checkers_family() {
    // Turning the board round (180 degrees) and swapping the players is a symmetry of every
    // checkers game on every topology; Queens' two colours swap too, as they must.
    for (game, opts) in common::all_configs().into_iter().filter(|(g, o)| g.is_checkers_family() && !g.is_triangular() && !o.numbers) {
        for text in midgames(game, opts) {
            let (rows, turn, quiet) = checkers_grid(&text);
            let flipped: Vec<Vec<String>> = rows.iter().rev().map(|r| r.iter().rev().map(|c| swap_players(c)).collect()).collect();
            let flipped = checkers_text(&flipped, &swap_players(&turn), &quiet);
            assert_eq!(counts(game, opts.topology, &text, 4), counts(game, opts.topology, &flipped, 4), "{game} {}: {text}", opts.topology);
        }
    }
}

#[test]
fn file_mirror_preserves_perft_on_cylindrical_checkers_boards() {
    // On a cylinder, x -> (8 - x) mod 8 is a reflection that keeps dark squares dark.
    for (game, opts) in
        common::all_configs().into_iter().filter(|(g, o)| g.is_checkers_family() && !g.is_triangular() && !o.numbers && o.topology != Wrap::Flat)
    {
        for text in midgames(game, opts) {
            let (rows, turn, quiet) = checkers_grid(&text);
            let mirrored: Vec<Vec<String>> = rows.iter().map(|r| (0..8).map(|x| r[(8 - x) % 8].clone()).collect()).collect();
            let mirrored = checkers_text(&mirrored, &turn, &quiet);
            assert_eq!(counts(game, opts.topology, &text, 4), counts(game, opts.topology, &mirrored, 4), "{game} {}: {text}", opts.topology);
        }
    }
}
