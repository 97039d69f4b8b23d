//! CHEX rule scenarios, each quoting the rule of `chex.txt` (or the ruling in
//! `docs/rulings.md`) it checks.

use variant_rules::{AnyPosition, Game, GameId, GameOptions, MoveError, Outcome};

fn game(seed: u64, position: Option<&str>) -> Game {
    let mut o = GameOptions::default_for(GameId::Chex);
    o.seed = seed;
    Game::new(GameId::Chex, o, position).unwrap()
}

fn legal(g: &Game) -> Vec<String> {
    let p = g.position();
    p.legal_moves().into_iter().map(|m| p.move_text(m)).collect()
}

fn in_check(g: &Game, player: u8) -> bool {
    match g.position() {
        AnyPosition::Chex(p) => p.in_check(player),
        _ => unreachable!(),
    }
}

#[test]
fn white_starts_in_the_centre_and_black_attaches_to_it() {
    // "White draws his or her top tile and places it face up in the centre" / "Black attaches
    // his or her top tile to any edge or corner of white's first tile".
    let mut g = game(1, None);
    assert_eq!(legal(&g), ["draw"]);
    g.play("draw").unwrap();
    let first = legal(&g);
    assert_eq!(first.len(), 1);
    assert!(first[0].ends_with("@0,0"), "{first:?}");
    g.play(&first[0]).unwrap();
    assert_eq!(legal(&g), ["draw"], "Black has nothing in play to move");
    g.play("draw").unwrap();
    let mut spots: Vec<String> = legal(&g).iter().map(|m| m.split('@').nth(1).unwrap().to_string()).collect();
    spots.sort();
    assert_eq!(spots, ["-1,-1", "-1,0", "-1,1", "0,-1", "0,1", "1,-1", "1,0", "1,1"]);
}

#[test]
fn the_seed_deals_the_piles_and_each_pile_is_a_chess_army() {
    // "Shuffle well and place face down to become each player's draw pile" (seeded: X1).
    let a = game(7, None).position().to_text();
    assert_eq!(a, game(7, None).position().to_text());
    assert_ne!(a, game(8, None).position().to_text());
    let piles = a.split(' ').nth(2).unwrap();
    let mut white: Vec<char> = piles.split('/').next().unwrap().chars().collect();
    white.sort();
    assert_eq!(white.iter().collect::<String>(), "BBKNNPPPPPPPPQRR");
}

#[test]
fn placements_must_touch_and_a_drawn_tile_must_be_placed() {
    // "Placements must continue to attach to any edge or corner of a tile or tiles already in
    // play".
    let mut g = game(0, Some("K0,0;k0,2;P0,1 w QRRBBNNPPPPPPP/qrrbbnnpppppppp - 0"));
    g.play("draw").unwrap();
    assert!(legal(&g).iter().all(|m| m.contains('@')), "once drawn, the tile is placed");
    assert!(matches!(g.clone().play("Q@5,5"), Err(MoveError::Illegal(_))));
    assert!(matches!(g.clone().play("Q@0,3"), Ok(())), "next to Black's king is still attached");
}

#[test]
fn moves_must_leave_every_tile_attached() {
    // "Moves and captures must be made as in regular Chess provided all the tiles remain
    // attached directly or indirectly to each other."
    let g = game(0, Some("K0,0;R1,0;p2,1;k3,1 w -/- - 0"));
    let m = legal(&g);
    assert!(m.contains(&"1,0:1,1".to_string()), "{m:?}");
    match g.clone().play("1,0:1,-1") {
        Err(MoveError::Illegal(why)) => assert!(why.contains("attached"), "{why}"),
        other => panic!("the rook would leave the black tiles adrift: {other:?}"),
    }
    // "Any move that reduces two tiles in play to one is an OK move."
    let g = game(0, Some("Q0,0;p1,1 w KRRBBNNPPPPPPPP/kqrrbbnnppppppp - 0"));
    assert!(legal(&g).contains(&"0,0x1,1".to_string()));
}

#[test]
fn check_only_through_captures_that_keep_the_tiles_attached() {
    // "For a king to be in check or checkmate, it must be attacked by a piece capable of
    // capturing it without breaching rule 6."
    let g = game(0, Some("K0,0;R1,0;k2,0 b -/- - 0"));
    assert!(!in_check(&g, 1), "taking the king would leave White's king alone, two cells away");
    let g = game(0, Some("K0,0;R1,0;P1,1;k2,0 b -/- - 0"));
    assert!(in_check(&g, 1), "with the pawn as a bridge the rook can take the king");
}

#[test]
fn drawing_the_king_with_nowhere_safe_to_put_it_is_stalemate() {
    // "Draws are still draws, including STALEMATE which in CHEX can include drawing the king
    // and not being able to place it other than in check." / "White can capture each tile Black
    // draws until the king is drawn which is a STALEMATE."
    let g = game(0, Some("Q0,0 b KRRBBNNPPPPPPPP/k + 0"));
    assert!(legal(&g).is_empty());
    assert_eq!(g.outcome(), Some(Outcome::draw("stalemate")));
}

#[test]
fn pawns_point_at_the_opponent_and_never_promote() {
    // "point towards the opposing player" (X4: White's pawns move towards +y, one square, with
    // no double step) / "no en passant, no castling, and no pawn promotion".
    let g = game(0, Some("K-1,0;N-1,1;P0,0;p1,1;k2,2 w -/- - 0"));
    let m = legal(&g);
    assert!(m.contains(&"0,0:0,1".to_string()), "{m:?}");
    assert!(!m.iter().any(|x| x.starts_with("0,0:0,-1") || x.starts_with("0,0:0,2")), "{m:?}");
    assert!(!m.contains(&"0,0x1,1".to_string()), "taking the pawn would strand the white king and knight");
    let g = game(0, Some("K-1,0;N-1,1;P0,0;p1,1;k2,2 b -/- - 0"));
    let m = legal(&g);
    assert!(!m.iter().any(|x| x.starts_with("1,1:1,2")), "Black's pawn never steps away from White: {m:?}");
}

#[test]
fn random_games_reach_checkmate() {
    // "First player to checkmate the enemy wins the game." Seeded random games: the first
    // that ends in checkmate must leave the loser in check with no move.
    use rand::{Rng, SeedableRng};
    let mut found = false;
    for seed in 0..200u64 {
        let mut g = game(seed, None);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..300 {
            if g.outcome().is_some() {
                break;
            }
            let m = legal(&g);
            let pick = m[rng.random_range(0..m.len())].clone();
            g.play(&pick).unwrap();
        }
        if let Some(Outcome::Win { winner, reason }) = g.outcome() {
            assert_eq!(reason, "checkmate");
            assert!(legal(&g).is_empty() && in_check(&g, 1 - winner), "{}", g.position().to_text());
            found = true;
            break;
        }
    }
    assert!(found, "no random game in 200 ended in checkmate");
}

#[test]
fn bad_positions_and_moves_are_refused() {
    for (text, why) in [
        ("K0,0;k5,5 w -/- - 0", "not all attached"),
        ("K0,0 w -/- - 0", "kings"),
        ("K0,0;Z1,0;k2,0 w -/- - 0", "not a chess piece"),
        ("K0,0;k1,0 w -/- - 0", "in check"),
        ("K0,0;k0,1 w -/- +", "5 fields"),
    ] {
        let e = Game::new(GameId::Chex, GameOptions::default_for(GameId::Chex), Some(text)).unwrap_err();
        assert!(e.contains(why), "{text}: {e}");
    }
    let g = game(0, None);
    for m in ["P@x,y", "0,0-1,1", "Z@0,0"] {
        assert!(matches!(g.clone().play(m), Err(MoveError::Malformed(_))), "{m}");
    }
    assert!(matches!(g.clone().play("P@0,0"), Err(MoveError::Illegal(_))), "draw first");
}
