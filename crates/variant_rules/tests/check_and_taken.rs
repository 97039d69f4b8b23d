//! What a table shows of what just happened: the Kings in check (`AnyPosition::in_check`) in known positions of every game with check and as the games' legality sees them in random playouts, and the pieces a move takes off the board (`AnyPosition::taken`).

use variant_rules::checkers::DoublesSeating;
use variant_rules::dicechess::DiceRules;
use variant_rules::scene::{MoveClass, PieceKind};
use variant_rules::{AnyPosition, Game, GameId, GameOptions, Position, Reason, Seat, Wrap};

fn game(id: GameId, opts: GameOptions, text: Option<&str>, moves: &str) -> Game {
    let mut g = Game::new(id, opts, text).unwrap_or_else(|e| panic!("{id}: {e}"));
    for m in moves.split_whitespace() {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e} in {}", g.position().to_text()));
    }
    g
}

fn plain(id: GameId, text: Option<&str>, moves: &str) -> Game {
    game(id, GameOptions::default_for(id), text, moves)
}

/// The names of the cells `in_check` reports.
fn checked(pos: &AnyPosition) -> Vec<String> {
    pos.in_check().into_iter().map(|c| pos.cell_name(c)).collect()
}

#[test]
fn a_checked_king_is_reported_in_each_chess_game() {
    // Fool's mate: White's King on e1 is checkmated by the Queen on h4.
    let g = plain(GameId::Chess, None, "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(checked(g.position()), ["e1"]);
    assert!(checked(plain(GameId::Chess, None, "f2f3 e7e5").position()).is_empty());
    // A Black check from the side that just moved: the Bishop on b5 checks e8.
    assert_eq!(checked(plain(GameId::Chess, None, "e2e4 d7d6 f1b5").position()), ["e8"]);
    // On a cylinder h1 touches a1: the Rook checks round the edge the Knight does not block.
    let wrap = "4k3/8/8/8/8/8/8/KN5r w - - 0 1";
    assert!(checked(plain(GameId::Chess, Some(wrap), "").position()).is_empty());
    let cyl = GameOptions { topology: Wrap::Cylinder, ..GameOptions::default_for(GameId::CylinderChess) };
    assert_eq!(checked(game(GameId::CylinderChess, cyl, Some(wrap), "").position()), ["a1"]);
    // Dice Chess: check as in chess where Kings are royal; none in BrainKing's, where Kings
    // are only pieces to take.
    let fen = "4k3/8/8/8/8/8/8/4K2r w - - 0 1";
    let dice = |dice_rules| GameOptions { dice_rules, ..GameOptions::default_for(GameId::DiceChess) };
    let royal = game(GameId::DiceChess, dice(DiceRules::TwoDice), Some(fen), "");
    assert_eq!(checked(royal.position()), ["e1"]);
    assert!(checked(game(GameId::DiceChess, dice(DiceRules::BrainKing), Some(fen), "").position()).is_empty());
}

#[test]
fn games_without_check_report_none() {
    for id in [GameId::Checkers, GameId::Stax, GameId::Queens, GameId::ChecToe, GameId::TriChek] {
        let pos = AnyPosition::start(id, &GameOptions::default_for(id)).unwrap();
        assert!(pos.in_check().is_empty(), "{id}");
    }
}

/// A few thousand plies of seeded random play per game: every reported cell holds a King; no
/// legal move leaves its mover's own King reported; a checkmate's loser is reported and a
/// stalemated side is not; and check does come up (in multi-seat games, of a seat not to move).
#[test]
fn in_check_agrees_with_legality_in_random_play() {
    let four = GameOptions { seating: DoublesSeating::CutThroat, ..GameOptions::default_for(GameId::DoubleChess) };
    let six = GameOptions { players: 6, ..GameOptions::default_for(GameId::TriChess) };
    let games = [
        (GameId::Chess, GameOptions::default_for(GameId::Chess)),
        (GameId::ShadowChess, GameOptions::default_for(GameId::ShadowChess)),
        (GameId::CylinderChess, GameOptions::default_for(GameId::CylinderChess)),
        (GameId::ToeToe, GameOptions::default_for(GameId::ToeToe)),
        (GameId::Chex, GameOptions::default_for(GameId::Chex)),
        (GameId::DoubleChess, GameOptions::default_for(GameId::DoubleChess)),
        (GameId::DoubleChess, four),
        (GameId::TriChess, six),
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for (id, opts) in games {
        let (mut checks, mut others_checked) = (0, 0);
        for _ in 0..12 {
            let mut g = Game::new(id, opts, None).unwrap();
            for _ in 0..160 {
                let pos = g.position().clone();
                for &c in &pos.in_check() {
                    assert_eq!(pos.piece_on(c).map(|p| p.kind), Some(PieceKind::King), "{id}: {} in {}", pos.cell_name(c), pos.to_text());
                }
                checks += !pos.in_check().is_empty() as usize;
                let mover = pos.turn();
                others_checked += pos.in_check().iter().any(|&c| pos.piece_on(c).is_some_and(|p| p.seat != mover)) as usize;
                if let Some(o) = g.outcome() {
                    let mine = pos.in_check().iter().any(|&c| pos.piece_on(c).is_some_and(|p| p.seat == mover));
                    match o.reason() {
                        Reason::Checkmate if pos.seating().count() == 2 => assert!(mine, "{id}: checkmate unreported in {}", pos.to_text()),
                        Reason::Stalemate => assert!(!mine, "{id}: stalemate reported as check in {}", pos.to_text()),
                        _ => {}
                    }
                    break;
                }
                let moves = pos.legal_move_list();
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let m = moves[(seed >> 33) as usize % moves.len()];
                g.play_move(m);
                let after = g.position();
                let own = after.in_check().into_iter().find(|&c| after.piece_on(c).is_some_and(|p| p.seat == mover));
                // A move of pieces never leaves its mover in check (CHEX may draw while in check).
                assert!(
                    own.is_none() || pos.move_class(m) != MoveClass::Play,
                    "{id}: {} leaves its own King in check in {}",
                    pos.move_text(m),
                    after.to_text()
                );
            }
        }
        assert!(checks > 0, "{id}: no check came up");
        if opts.players > 2 || id == GameId::DoubleChess {
            assert!(others_checked > 0, "{id}: no seat but the one to move was ever in check");
        }
    }
}

#[test]
fn taken_names_the_pieces_that_leave_the_board() {
    // exd5: Black's pawn on d5.
    let mut g = plain(GameId::Chess, None, "e2e4 d7d5");
    let before = g.position().clone();
    g.play("e4d5").unwrap();
    let taken = before.taken(g.position());
    assert_eq!(taken.iter().map(|&(c, p)| (before.cell_name(c), p.seat, p.kind)).collect::<Vec<_>>(), [("d5".to_string(), Seat::B, PieceKind::Pawn)]);
    // En passant: the pawn taken is not on the capturing pawn's landing.
    let mut g = plain(GameId::Chess, None, "e2e4 a7a6 e4e5 d7d5");
    let before = g.position().clone();
    g.play("e5d6").unwrap();
    assert_eq!(before.taken(g.position()).iter().map(|&(c, _)| before.cell_name(c)).collect::<Vec<_>>(), ["d5"]);
    // A quiet move and castling take nothing.
    let mut g = plain(GameId::Chess, None, "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    let before = g.position().clone();
    g.play("e1g1").unwrap();
    assert!(before.taken(g.position()).is_empty());
}

/// Checkers' jumped checkers leave the board; Stax's and Queens' are carried under the jumper.
#[test]
fn jumped_checkers_leave_the_board_only_in_checkers() {
    let mut seed = 7u64;
    for id in [GameId::Checkers, GameId::Stax, GameId::Queens, GameId::TriChek, GameId::TriStax] {
        let mut jumps = 0;
        let mut g = Game::new(id, GameOptions::default_for(id), None).unwrap();
        for _ in 0..300 {
            if g.outcome().is_some() {
                g = Game::new(id, GameOptions::default_for(id), None).unwrap();
            }
            let pos = g.position().clone();
            let moves = pos.legal_move_list();
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let m = moves[(seed >> 33) as usize % moves.len()];
            let path = pos.move_path(m);
            g.play_move(m);
            let taken = pos.taken(g.position());
            if matches!(id, GameId::Checkers | GameId::TriChek) {
                let mut cells: Vec<_> = taken.iter().map(|t| t.0).collect();
                let mut jumped = path.jumped.clone();
                cells.sort_unstable();
                jumped.sort_unstable();
                assert_eq!(cells, jumped, "{id}: {}", pos.move_text(m));
                assert!(taken.iter().all(|&(c, p)| pos.piece_on(c) == Some(p)), "{id}: the taken are the jumped checkers");
            } else {
                assert!(taken.is_empty(), "{id}: {} takes prisoners, not pieces off the board", pos.move_text(m));
            }
            jumps += !path.jumped.is_empty() as usize;
        }
        assert!(jumps > 0, "{id}: no jump came up");
    }
}
