//! Refused moves name their reason: per game, illegal moves of each kind and the words their answer must hold; and over random playouts, no well-formed illegal move gets the bare generic answer.

mod common;

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use variant_rules::refusal::GENERIC;
use variant_rules::{AnyPosition, Game, MoveError, Position};

/// The answer to playing `mv` after `moves` in the game `spec` (from `start` if given): it must
/// be refused as illegal (or as coming after the end), and the reason is returned.
fn refusal(spec: &str, start: Option<&str>, moves: &str, mv: &str) -> String {
    let (id, opts) = common::parse_spec(spec);
    let mut g = Game::new(id, opts, start).unwrap_or_else(|e| panic!("{spec}: {e}"));
    for m in moves.split_whitespace() {
        g.play(m).unwrap_or_else(|e| panic!("{spec}: setup move {m}: {e}"));
    }
    match g.play(mv) {
        Err(e @ (MoveError::Illegal(_) | MoveError::GameOver(_))) => e.to_string(),
        other => panic!("{spec} after '{moves}': '{mv}' should be illegal, got {other:?}"),
    }
}

/// Each case: spec, start position, moves first, the illegal move, words its reason holds.
type Case<'a> = (&'a str, Option<&'a str>, &'a str, &'a str, &'a str);

fn check_cases(cases: &[Case<'_>]) {
    for &(spec, start, moves, mv, words) in cases {
        let why = refusal(spec, start, moves, mv);
        assert!(why.contains(words), "{spec} after '{moves}': '{mv}' answered '{why}', expected it to say '{words}'");
        assert!(!why.contains(GENERIC), "{spec}: '{mv}' got the bare answer");
    }
}

#[test]
fn chess_family_refusals_name_the_reason() {
    let castle = Some("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1");
    check_cases(&[
        ("chess", None, "", "e3e4", "there is no piece on e3"),
        ("chess", None, "", "e7e5", "not your piece: it belongs to black"),
        ("chess", None, "", "e1e2", "e2 is occupied by your own piece"),
        ("chess", None, "", "b1b3", "the Knight on b1 cannot move that way, to b3"),
        ("chess", None, "", "e2d3", "a Pawn moves diagonally only to capture"),
        ("chess", None, "", "a1a3", "the path from a1 to a3 is blocked on a2"),
        ("chess", None, "e2e4 e7e5", "e4e5", "blocked on e5"),
        ("chess", None, "e2e4 e7e5 d1h5", "f7f6", "the piece on f7 is pinned"),
        ("chess", None, "e2e4 f7f6 d1h5", "g8h6", "your King is in check"),
        ("chess", castle, "", "e1f1", "the King would be in check on f1"),
        ("chess", castle, "", "e1g1", "may not castle through an attacked cell (f1)"),
        ("chess", Some("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), "", "e1g1", "castling that way is no longer allowed"),
        ("chess", Some("4k3/8/8/8/8/8/8/4KN1R w K - 0 1"), "", "e1g1", "cells between the King and the Rook empty (f1"),
        ("chess", Some("4k3/8/8/8/8/8/4r3/4K2R w K - 0 1"), "", "e1g1", "you may not castle out of check"),
        ("chess", Some("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "", "a7a8", "must name its promotion"),
        ("chess", None, "", "e2e4q", "only a Pawn reaching the last rank promotes"),
        ("chess", None, "f2f3 e7e5 g2g4 d8h4", "e2e4", "the game is over (checkmate)"),
        ("shadow-chess", None, "", "g1g3", "the Knight on g1 cannot move that way, to g3"),
        ("cylinder-chess", None, "", "a1h1", "h1 is occupied by your own piece"),
    ]);
}

#[test]
fn dice_chess_refusals_name_the_dice_and_the_move() {
    check_cases(&[
        ("dice-chess", None, "", "e2e4", "roll the dice first"),
        ("dice-chess", None, "[3,4]", "e2e4", "the dice forbid it"),
        ("dice-chess", None, "[1,1]", "[2,2]", "already been rolled"),
        ("dice-chess", None, "[1,1]", "e2e5", "the Pawn on e2 cannot move that way, to e5"),
        ("dice-chess", None, "[1,1]", "e7e5", "not your piece"),
        ("dice-chess", None, "[1,4]", "a1a3", "blocked on a2"),
    ]);
}

#[test]
fn checkers_family_refusals_name_the_reason() {
    let must_go_on = Some("8/8/1b1b4/8/3b4/2a5/8/8 a 0");
    check_cases(&[
        ("checkers", None, "", "c3-d5", "a step goes to a diagonally adjacent cell"),
        ("checkers", None, "", "c3-b2", "a man moves only forward"),
        ("checkers", None, "", "b6-a5", "not your piece: it belongs to player B (player A is to move)"),
        ("checkers", None, "", "c5-d6", "there is no piece on c5"),
        ("checkers", None, "", "c3xe5", "there is nothing on d4 to jump"),
        ("checkers", None, "", "b2-c3", "c3 is occupied"),
        ("checkers", None, "c3-d4 f6-e5", "g3-h4", "jumping is compulsory (e.g. d4xf6)"),
        ("checkers", must_go_on, "", "c3xe5", "the jump sequence must continue"),
        ("checkers", Some("8/8/8/8/3a4/2a5/8/8 a 0"), "", "c3xe5", "may not jump your own or your partner's checker"),
        ("checkers", Some("8/8/8/8/3b4/2a5/8/8 b 0"), "", "d4-e5", "a man moves only forward"),
        ("stax --players 4", None, "", "a1-b2", "there is no piece on a1"),
        ("queens", None, "", "c3-c5", "the man on c3 cannot move that way, to c5"),
        ("tri-chek", None, "", "g3-h2", "a man moves only forward"),
        ("tri-chek", None, "", "d2-d4", "an adjacent triangle of the same colour"),
        ("tri-stax --players 3", None, "", "f1-g3", "the man on f1 cannot move that way, to g3"),
    ]);
}

#[test]
fn double_chess_and_tri_chess_refusals_name_the_reason() {
    let cut = "double-chess --seating cut-throat";
    check_cases(&[
        (cut, None, "", "c1b1", "b1 is a closed cell"),
        (cut, None, "", "a1a2", "a1 is a closed cell"),
        (cut, None, "", "c2c6", "the Pawn on c2 cannot move that way, to c6"),
        (cut, None, "", "c2d3", "a Pawn moves diagonally only to capture"),
        (cut, None, "", "c1c3", "the path from c1 to c3 is blocked on c2"),
        (cut, None, "", "d1d2", "d2 is occupied by your own piece"),
        (cut, None, "", "e1e3", "the Bishop on e1 cannot move that way, to e3"),
        (cut, None, "", "a3a4", "not your piece"),
        (cut, None, "", "pass", "a player with a legal move may not pass"),
        ("double-chess", None, "", "g5g6", "there is no piece on g5"),
        ("double-chess", None, "e2e3 c11c10 b3c3 k3j3", "d1f5", "the path from d1 to f5 is blocked on e3"),
        ("double-chess", None, "c2c3 c11c10", "d1f5", "it belongs to White 1 (White 2 is to move)"),
        ("tri-chess", None, "", "d2d5", "the Pawn on d2 cannot move that way, to d5"),
        ("tri-chess", None, "", "f1d3", "the Knight on f1 cannot move that way, to d3"),
        ("tri-chess", None, "", "j1j2", "occupied by your own piece"),
    ]);
}

/// A newcomer told a piece cannot move some way is told how it does move, in the game's own
/// geometry: squares, Double Chess's long Pawn runs, Tri-Chess's triangles, Toe-to-Toe's army.
#[test]
fn a_piece_that_cannot_move_that_way_is_told_how_it_moves() {
    let deployed = "K@d1 G@e1 k@d8 g@e8 R@a1 R@h1 r@a8 r@h8 N@b1 N@g1 n@b8 n@g8 E@c1 E@f1 e@c8 e@f8";
    let swapped = &format!("{deployed} a1~b1 a8~b8 a1~b1 a8~b8 a1~b1 a8~b8");
    check_cases(&[
        ("chess", None, "", "b1b3", "(a Knight moves two squares one way and one square to the side)"),
        ("chess", None, "e2e4 e7e5", "f1f4", "(a Bishop moves diagonally)"),
        ("chess", None, "e2e4 e7e5", "e1e3", "(a King moves one square in any direction)"),
        ("chess", None, "", "e2e5", "(a Pawn moves straight forward, one square or two from its first rank)"),
        ("cylinder-chess", None, "a2a4 a7a5", "a1c3", "(a Rook moves along its rank or file)"),
        ("double-chess --seating cut-throat", None, "", "c2c6", "(a Pawn moves straight forward: up to three cells"),
        ("tri-chess", None, "", "f1d3", "(a Knight moves two steps along a Bishop line, then one step to either side)"),
        ("toe-to-toe", None, swapped, "e1e5", "(a general slides one or two squares in any direction)"),
        ("toe-to-toe", None, swapped, "a1a2", "(a horse moves like a knight"),
    ]);
}

#[test]
fn a_refusal_reads_as_a_sentence() {
    let mut g = Game::new(variant_rules::GameId::Chess, variant_rules::GameOptions::default_for(variant_rules::GameId::Chess), None).unwrap();
    let err = g.play("e7e5").unwrap_err();
    assert_eq!(err.sentence(), "The piece on e7 is not your piece: it belongs to black (white is to move).");
    assert_eq!(MoveError::GameOver("checkmate".into()).sentence(), "The game is over (checkmate).");
    assert!(g.play("e2e9").unwrap_err().sentence().starts_with("That is not a move as this game writes them: "));
}

#[test]
fn toe_to_toe_chex_and_chec_toe_refusals_name_the_reason() {
    let deployed = "K@d1 G@e1 k@d8 g@e8 R@a1 R@h1 r@a8 r@h8 N@b1 N@g1 n@b8 n@g8 E@c1 E@f1 e@c8 e@f8";
    let swapped = &format!("{deployed} a1~b1 a8~b8 a1~b1 a8~b8 a1~b1 a8~b8");
    let chex = Some("K0,0;R1,0;p2,1;k3,1 w -/- - 0");
    check_cases(&[
        ("toe-to-toe", None, "", "e4e5", "pieces are being deployed"),
        ("toe-to-toe", None, "", "K@e5", "pieces are deployed only on your 3 ranks"),
        ("toe-to-toe", None, "K@d2", "K@d1", "you have no king left in hand"),
        ("toe-to-toe", None, deployed, "e4e5", "this is the swap phase"),
        ("toe-to-toe", None, deployed, "a1~b8", "not your piece"),
        ("toe-to-toe", None, swapped, "e1e5", "the general on e1 cannot move that way, to e5"),
        ("toe-to-toe", None, swapped, "a1a2", "the horse on a1 cannot move that way, to a2"),
        ("toe-to-toe", None, swapped, "e4=G", "only a pawn on its last rank promotes"),
        ("toe-to-toe", None, swapped, "b1~c1", "deployment and swaps are over"),
        ("chex", None, "", "P@0,0", "draw a tile first"),
        ("chex", None, "draw", "K@5,5", "place that one"),
        ("chex", chex, "", "1,0:1,-1", "stay attached"),
        ("chex", chex, "", "0,0:0,2", "the King on 0,0 cannot move that way, to 0,2"),
        ("chex", chex, "", "1,0:0,0", "occupied by your own piece"),
        ("chex", chex, "", "2,1:2,2", "not your piece"),
        ("chex", chex, "", "5,5:1,1", "there is no piece on 5,5"),
        ("chec-toe", None, "", "Ra1v", "roll the die first"),
        ("chec-toe", None, "[4] Ra1v [4] Ra4v [4]", "Rd4", "the rook on a1 cannot move that way, to d4"),
        ("chec-toe", None, "[4] Ra1v [4] Ra4v [4]", "Ra1v", "your rook is not in hand"),
        ("chec-toe", None, "[4] Ra1v [4] Ra4v [4]", "Ra4", "a capture is written with x"),
        ("chec-toe", None, "[4] Ra1v [4] Ra4v [4]", "Pa2", "only the rook may move"),
        ("chec-toe", None, "[4] Ra1v [4] Ra4v [4]", "Ra2*", "as a Wizard (°) only when the die shows 5"),
        ("chec-toe", None, "[4] Ra1v [4] Ra4v [4]", "Rxa2", "there is no enemy piece on a2 to capture"),
        ("chec-toe", None, "[4] Ra1v [4] Ra4v [5]", "Ra2*", "cannot move that way, to a2 (moving as a Wizard)"),
    ]);
}

/// Move texts near the legal ones: every legal move's starting cell onto a sample of cells, in
/// the forms the games write (`e2e4`, `c3-d4`, `c3xe5`, `e7e8q`), CHEX moves and placements
/// around the tiles, Chec Toe's letters, squares and marks, and the words.
fn candidates(pos: &AnyPosition, rng: &mut ChaCha8Rng) -> Vec<String> {
    let legal: Vec<String> = pos.legal_move_list().into_iter().map(|m| pos.move_text(m)).collect();
    let mut out: Vec<String> = ["pass", "draw", "reroll", "666", "[3,5]", "[4]"].iter().map(|s| s.to_string()).collect();
    let cols: Vec<char> = ('a'..='w').collect();
    let cell = |rng: &mut ChaCha8Rng| format!("{}{}", cols.choose(rng).unwrap(), rng.random_range(1..=12));
    for m in &legal {
        let end = m.char_indices().skip(1).find(|(_, c)| !c.is_ascii_digit()).map_or(m.len(), |(i, _)| i);
        let from = &m[..end];
        if let Some((a, _)) = m.split_once([':', 'x']).filter(|(a, _)| a.contains(',')) {
            let (x, y) = a.split_once(',').unwrap();
            let (x, y): (i32, i32) = (x.parse().unwrap(), y.parse().unwrap());
            out.push(format!("{a}:{},{}", x + rng.random_range(-3..=3), y + rng.random_range(-3..=3)));
            out.push(format!("Q@{},{}", x + rng.random_range(-2..=2), y + rng.random_range(-2..=2)));
            continue;
        }
        for _ in 0..3 {
            let to = cell(rng);
            out.extend([format!("{from}{to}"), format!("{from}-{to}"), format!("{from}x{to}"), format!("{from}{to}q"), format!("{to}{}", cell(rng))]);
        }
    }
    if let AnyPosition::ChecToe(_) = pos {
        for l in ["P", "N", "B", "R"] {
            for s in ["", "⌄", "⌃", "°"] {
                out.push(format!("{l}{}{}{s}", ['a', 'b', 'c', 'd'].choose(rng).unwrap(), rng.random_range(1..=4)));
            }
            out.push(format!("{l}x{}", ["P", "N", "B", "R"].choose(rng).unwrap()));
        }
    }
    out.retain(|t| !legal.contains(t));
    out
}

/// Plays a seeded random game of `spec`, and at every third position asks for a sample of
/// illegal texts: each refusal is one line, names a reason, and is never the bare generic answer.
fn no_bare_refusals(spec: &str, seed: u64, max_plies: usize) {
    let (id, opts) = common::parse_spec(spec);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut ply, mut refused) = (0, 0);
    common::random_game(id, opts, seed, max_plies, |g| {
        ply += 1;
        if ply % 3 != 1 || g.outcome().is_some() {
            return;
        }
        let pos = g.position();
        let mut texts = candidates(pos, &mut rng);
        texts.sort();
        texts.dedup();
        for t in texts.choose_multiple(&mut rng, 60) {
            if let Err(MoveError::Illegal(why)) = pos.parse_move(t) {
                refused += 1;
                if std::env::var("SHOW_REFUSALS").is_ok() {
                    eprintln!("{spec}: {t}: {why}");
                }
                assert!(
                    !why.is_empty() && !why.contains(GENERIC) && why.lines().count() == 1,
                    "{spec} seed {seed}: '{t}' in {} answered '{why}'",
                    pos.to_text()
                );
            }
        }
    });
    assert!(refused >= 20, "{spec} seed {seed}: only {refused} refusals were asked for");
}

#[test]
fn random_positions_never_get_the_bare_refusal() {
    let specs = [
        "checkers",
        "checkers --topology universal",
        "stax --numbers --seed 3 --move-limit 80",
        "queens --topology cylinder --move-limit 80",
        "checkers --players 4 --seating cut-throat",
        "queens --players 4",
        "tri-chek --players 3",
        "tri-queens --players 6 --move-limit 150",
        "chess",
        "chess --topology cylinder",
        "shadow-chess",
        "toe-to-toe",
        "chex --seed 5",
        "dice-chess --rules two-dice",
        "dice-chess --rules brainking",
        "dice-chess --rules gollon-count",
        "chec-toe --move-limit 150",
        "double-chess --seating partners-adjacent",
        "double-chess --seating cut-throat",
        "tri-chess",
        "tri-chess --players 3",
        "tri-chess --players 4 --edges cut",
    ];
    for spec in specs {
        for seed in 0..2 {
            no_bare_refusals(spec, seed, 300);
        }
    }
}
