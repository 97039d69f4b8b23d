//! Random playouts of every four-player configuration: 3 games x 3 seatings x 3 boards x Numbers
//! on/off (54), plus Double Queens' mixed colours (18 more). At every ply: the text round-trips
//! with its hash, the dispatch enum's play/undo is the identity on every legal move, the
//! incremental hash equals a recomputation, no checker appears or vanishes except by a rule.

mod common;

use variant_rules::checkers::{DoublesSeating, QueensColours};
use variant_rules::{AnyPosition, Game, GameId, GameOptions, Position, SeatState, Wrap};

/// Plies without progress before a playout is drawn (Stax and Queens have no limit of their own).
const LIMIT: u16 = 160;
/// Plies after which a playout stops (the move limit ends every game long before).
const MAX_PLIES: usize = 6000;

fn configs() -> Vec<(GameId, GameOptions)> {
    let mut v = Vec::new();
    for game in [GameId::Checkers, GameId::Stax, GameId::Queens] {
        for seating in DoublesSeating::ALL {
            for topology in [Wrap::Flat, Wrap::Cylinder, Wrap::Universal] {
                for numbers in [false, true] {
                    let colours: &[QueensColours] = if game == GameId::Queens { &[QueensColours::Same, QueensColours::Mixed] } else { &[QueensColours::Same] };
                    for &queens_colours in colours {
                        let o = GameOptions {
                            players: 4,
                            seating,
                            topology,
                            numbers,
                            queens_colours,
                            seed: 11,
                            move_limit: LIMIT,
                            ..GameOptions::default_for(game)
                        };
                        v.push((game, o));
                    }
                }
            }
        }
    }
    v
}

/// Play then undo every legal move through the uniform API: same text, same hash.
fn check_play_undo(pos: &AnyPosition, label: &str) {
    assert_eq!(pos.hash(), pos.recompute_hash(), "{label}: incremental hash in {}", pos.to_text());
    let mut q = pos.clone();
    for m in pos.legal_move_list() {
        let u = q.play_unchecked(m);
        assert_eq!(q.hash(), q.recompute_hash(), "{label}: hash after {}", pos.move_text(m));
        q.undo(m, u);
        assert_eq!(q.to_text(), pos.to_text(), "{label}: undo of {}", pos.move_text(m));
    }
}

fn checkers(pos: &AnyPosition) -> usize {
    let AnyPosition::Checkers(p) = pos else { unreachable!() };
    p.checkers_on_board().count()
}

fn playout(game: GameId, opts: GameOptions, seed: u64) -> Game {
    let label = format!("{game} {} {} numbers={} {:?} seed={seed}", opts.seating, opts.topology, opts.numbers, opts.queens_colours);
    let mut ply = 0usize;
    common::random_game(game, opts, seed, MAX_PLIES, |g: &Game| {
        let pos = g.position();
        let text = pos.to_text();
        let again = AnyPosition::from_text(game, &opts, &text).unwrap_or_else(|e| panic!("{label}: '{text}' does not parse back: {e}"));
        assert_eq!((again.to_text(), again.hash()), (text.clone(), pos.hash()), "{label}: round trip");
        if ply.is_multiple_of(3) {
            check_play_undo(pos, &label);
        }
        // Checkers only leave the board when jumped (Checkers) or with an eliminated cut-throat
        // player (Stax, Queens): never otherwise.
        if game != GameId::Checkers {
            let out = pos.seating().seats().filter(|&s| pos.seat_state(s) == SeatState::Eliminated).count();
            let expected = if opts.seating == DoublesSeating::CutThroat { 48 - 12 * out } else { 48 };
            assert_eq!(checkers(pos), expected, "{label}: checkers on the board in {text}");
        }
        if g.outcome().is_none() {
            assert!(!pos.legal_move_list().is_empty(), "{label}: the seat to move always has a move while the game goes on: {text}");
        }
        ply += 1;
    })
}

#[test]
fn every_four_player_configuration_plays_to_a_result() {
    let all = configs();
    assert_eq!(all.len(), 72, "54 configurations plus 18 with Queens' mixed colours");
    let scale: u64 = std::env::var("FUZZ_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let (mut decided, mut limited) = (0, 0);
    for (game, opts) in all {
        for seed in 0..scale {
            let g = playout(game, opts, seed);
            match g.outcome() {
                Some(variant_rules::Outcome::Win { .. }) => decided += 1,
                Some(variant_rules::Outcome::Draw { .. }) => limited += 1,
                None => panic!("{game} {:?}: no result after {MAX_PLIES} plies", opts),
            }
        }
    }
    eprintln!("four-player playouts: {decided} won, {limited} drawn by the move limit");
    assert!(decided > 0, "some random four-player game is won ({decided} won, {limited} drawn)");
}
