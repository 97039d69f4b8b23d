//! CHEX position texts over seeded random playouts, at every ply: the full text (`to_text`) is
//! the record and parses back to the same position (same hash, same text, same moves in the
//! same order); the public text (`public_text`, ruling X1) shows the piles only as sizes, so
//! positions that differ only in the order of the face-down tiles look the same to players.

mod common;

use proptest::prelude::*;
use variant_rules::chex::{ChexPosition, DrawInCheck};
use variant_rules::{AnyPosition, Game, GameId, GameOptions, Position, Seat};

/// Plies per playout: enough for most random games to end (and for the cluster to drift).
const MAX_PLIES: usize = 600;

fn chex(p: &AnyPosition) -> &ChexPosition {
    match p {
        AnyPosition::Chex(p) => p,
        _ => unreachable!("a CHEX game"),
    }
}

fn move_texts(p: &ChexPosition) -> Vec<String> {
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    v.into_iter().map(|m| p.move_text(m)).collect()
}

/// `from_text(to_text(p))` is `p`: equal, same hash, same text, same legal moves in order.
fn assert_round_trip(p: &ChexPosition, label: &str) {
    let text = p.to_text();
    let back = ChexPosition::from_text(&text).unwrap_or_else(|e| panic!("{label}: '{text}' does not parse back: {e}"));
    let back = back.with_draw_in_check(p.draw_in_check());
    assert_eq!(back.to_text(), text, "{label}: text changed through from_text");
    assert_eq!(back.hash(), p.hash(), "{label}: hash changed through from_text in {text}");
    assert!(back == *p, "{label}: position changed through from_text: {text}");
    assert_eq!(move_texts(&back), move_texts(p), "{label}: legal moves differ after from_text in {text}");
    assert_eq!(p.to_text(), text, "{label}: to_text is not deterministic");
}

/// Fields of the full text: tiles, side, piles, holding, quiet.
fn fields(text: &str) -> Vec<String> {
    text.split(' ').map(str::to_string).collect()
}

/// The public text: same tiles, side and quiet plies; the piles as counts of face-down tiles;
/// the held tile (face up) after `+`; and nothing of the piles' order.
fn assert_public_view(p: &ChexPosition, label: &str) {
    let (full, public) = (fields(&p.to_text()), fields(&p.public_text()));
    assert_eq!(public.len(), 5, "{label}: {public:?}");
    assert_eq!((&public[0], &public[1], &public[4]), (&full[0], &full[1], &full[4]), "{label}: tiles, side and quiet are public");
    let held = p.holding();
    let face_down = |side: Seat| p.pile(side).len() - usize::from(held.is_some() && p.turn() == side);
    assert_eq!(public[2], format!("{}/{}", face_down(Seat::A), face_down(Seat::B)), "{label}: piles as sizes");
    let expect_held = match held {
        Some(b) => format!("+{}", if b & 8 != 0 { "?pnbrqk" } else { "?PNBRQK" }.as_bytes()[(b & 7) as usize] as char),
        None => "-".to_string(),
    };
    assert_eq!(public[3], expect_held, "{label}: the drawn tile is face up");
    assert!(public[2].bytes().all(|b| b.is_ascii_digit() || b == b'/'), "{label}: pile letters in {public:?}");
    // No two piece letters in a row anywhere: the tiles field separates them by coordinates.
    let letters = |w: &[u8]| w.iter().all(|b| b"KQRBNPkqrbnp".contains(b));
    assert!(!p.public_text().as_bytes().windows(2).any(letters), "{label}: {}", p.public_text());
}

/// The same position with the hidden part of each pile (under the held tile) reversed: players
/// cannot tell the two apart, though the full texts differ.
fn assert_order_is_hidden(p: &ChexPosition, label: &str) {
    let f = fields(&p.to_text());
    let (w, b) = f[2].split_once('/').unwrap();
    let hide = |side: Seat, pile: &str| -> String {
        if pile == "-" {
            return pile.into();
        }
        let keep = usize::from(p.holding().is_some() && p.turn() == side);
        let (top, rest) = pile.split_at(keep);
        top.chars().chain(rest.chars().rev()).collect()
    };
    let other = format!("{} {} {}/{} {} {}", f[0], f[1], hide(Seat::A, w), hide(Seat::B, b), f[3], f[4]);
    let q = ChexPosition::from_text(&other).unwrap_or_else(|e| panic!("{label}: {other}: {e}"));
    assert_eq!(q.public_text(), p.public_text(), "{label}: the pile order shows through");
}

fn playout(seed: u64, draw_in_check: DrawInCheck) {
    let label = format!("chex seed={seed} draw-in-check={}", draw_in_check.as_str());
    let opts = GameOptions { seed, draw_in_check, ..GameOptions::default_for(GameId::Chex) };
    let mut ply = 0;
    common::random_game(GameId::Chex, opts, seed, MAX_PLIES, |g: &Game| {
        let p = chex(g.position());
        let at = format!("{label} ply {ply}");
        assert_round_trip(p, &at);
        assert_public_view(p, &at);
        assert_order_is_hidden(p, &at);
        ply += 1;
    });
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn every_position_in_play_round_trips_and_hides_the_piles(seed in any::<u64>()) {
        playout(seed, DrawInCheck::Allowed);
    }

    #[test]
    fn the_same_holds_with_drawing_in_check_forbidden(seed in any::<u64>()) {
        playout(seed, DrawInCheck::Forbidden);
    }
}

#[test]
fn a_cluster_that_drifted_far_from_the_first_tile_still_round_trips() {
    // Coordinates stay relative to White's first tile (X7) however far the cluster travels.
    for text in ["K1000,-500;P1001,-499;k1002,-498 w QRRBBNNPPPPPPP/qrrbbnnppppppp - 7", "K-299,-301;p-298,-300;k-297,-299 b -/- - 99"] {
        let p = ChexPosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_round_trip(&p, text);
        assert_eq!(p.to_text(), text);
    }
    // A position read from text and the same one reached in play are equal, whatever order the
    // tiles were written in.
    let a = ChexPosition::from_text("K0,0;p1,1;k2,2 w QRRBBNNPPPPPPPP/qrrbbnnppppppp - 0").unwrap();
    let b = ChexPosition::from_text("k2,2;K0,0;p1,1 w QRRBBNNPPPPPPPP/qrrbbnnppppppp - 0").unwrap();
    assert!(a == b);
    assert_eq!((a.to_text(), a.hash()), (b.to_text(), b.hash()));
    assert_eq!(a.to_text(), "K0,0;p1,1;k2,2 w QRRBBNNPPPPPPPP/qrrbbnnppppppp - 0", "tiles in order of y, then x");
}

/// A client that sees only public texts rebuilds a seeded random game: at every ply its
/// position shows what the real one shows, its draws are the real draws, and a public text that
/// no move explains is refused.
#[test]
fn a_game_rebuilt_from_public_texts_draws_what_was_really_drawn() {
    use rand::{Rng, SeedableRng};
    for seed in 1..=12u64 {
        let opts = GameOptions { seed, ..GameOptions::default_for(GameId::Chex) };
        let mut real = Game::new(GameId::Chex, opts, None).expect("start");
        let start = real.position().public_text();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut shown = Vec::new();
        for _ in 0..120 {
            let moves = real.position().legal_move_list();
            if moves.is_empty() || real.outcome().is_some() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            let text = real.position().move_text(m);
            real.play_move(m);
            shown.push((text, real.position().public_text()));
        }
        let rebuilt = Game::from_public_record(GameId::Chex, GameOptions::default_for(GameId::Chex), &start, &shown).expect("rebuilt");
        for ply in 0..=shown.len() {
            let (a, b) = (real.position_at(ply).expect("ply"), rebuilt.position_at(ply).expect("ply"));
            assert_eq!(a.public_text(), b.public_text(), "seed {seed}, ply {ply}");
        }
        let mut forged = shown.clone();
        if let Some(last) = forged.last_mut() {
            last.1 = start.clone();
            assert!(Game::from_public_record(GameId::Chex, GameOptions::default_for(GameId::Chex), &start, &forged).is_err(), "seed {seed}");
        }
    }
}
