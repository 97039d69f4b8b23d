//! The dispatch enum as a `Position`: generic code (perft, play/undo) runs on `AnyPosition` and
//! agrees with the concrete types, and a move of another game is answered, never a panic.

use variant_rules::{AnyMove, AnyPosition, GameId, GameOptions, Position, perft};

fn start(game: GameId) -> AnyPosition {
    AnyPosition::start(game, &GameOptions::default_for(game)).unwrap()
}

#[test]
fn generic_perft_on_the_enum_equals_the_concrete_perft() {
    for game in GameId::ALL {
        let mut pos = start(game);
        let depth = if game == GameId::Chex { 2 } else { 3 };
        assert_eq!(perft(&mut pos, depth), pos.perft(depth), "{game}");
    }
}

#[test]
fn a_move_of_another_game_plays_nothing_and_names_itself() {
    let chess = start(GameId::Chess);
    let chess_move = chess.legal_move_list()[0];
    for game in GameId::ALL.into_iter().filter(|&g| !matches!(g, GameId::Chess | GameId::ShadowChess | GameId::CylinderChess)) {
        let mut pos = start(game);
        let before = pos.to_text();
        let undo = pos.play_unchecked(chess_move);
        assert_eq!(pos.to_text(), before, "{game}: a chess move changed the position");
        pos.undo(chess_move, undo);
        assert_eq!(pos.to_text(), before, "{game}");
        assert!(pos.move_text(chess_move).contains("another game"), "{game}");
        assert!(!pos.is_irreversible(chess_move));
    }
    // And the other way round: a checkers move offered to chess.
    let AnyMove::Checkers(_) = start(GameId::Stax).legal_move_list()[0] else { panic!("a checkers move") };
    let stax_move = start(GameId::Stax).legal_move_list()[0];
    let mut pos = chess.clone();
    let u = pos.play_unchecked(stax_move);
    pos.undo(stax_move, u);
    assert_eq!(pos.to_text(), chess.to_text());
}

#[test]
fn seats_and_outcomes_through_the_trait() {
    for game in GameId::ALL {
        let pos = start(game);
        // Double Chess seats four from the start; every other game starts with two.
        let seats = if game == GameId::DoubleChess { 4 } else { 2 };
        assert_eq!(pos.player_count(), seats, "{game}");
        assert_eq!(pos.seating().order().len(), seats);
        assert!(pos.outcome().is_none(), "{game}");
    }
    let o = GameOptions { players: 4, ..GameOptions::default_for(GameId::Queens) };
    let pos = AnyPosition::start(GameId::Queens, &o).unwrap();
    assert_eq!(pos.player_count(), 4);
    assert_eq!(pos.seating().teams().len(), 2);
}
