//! The guides of the two-player chess games: Chess, Shadow Chess, Cylindrical Chess,
//! Toe-to-Toe Chess and CHEX.

use super::{AIM, BOARD, END, Page, SPECIAL};
use crate::chex::DrawInCheck;
use crate::game::{GameId, GameOptions};
use crate::scene::PieceKind;
use crate::topology::Wrap;

/// The orthodox chessmen's lines, the king's and pawn's without their special moves.
pub(super) fn chessmen(page: &mut Page, pawn: &str) {
    page.piece(PieceKind::King, "one square in any direction.");
    page.piece(PieceKind::Queen, "any distance in a straight line, along ranks, files or diagonals.");
    page.piece(PieceKind::Rook, "any distance along a rank or a file.");
    page.piece(PieceKind::Bishop, "any distance along a diagonal.");
    page.piece(PieceKind::Knight, "leaps two squares one way and one square to the side, over anything between.");
    page.piece(PieceKind::Pawn, pawn);
}

/// The usual pawn of chess.
pub(super) const PAWN: &str = "one square forward (two from its first row); captures one square diagonally forward.";

/// Chess, Shadow Chess and Cylindrical Chess.
pub(super) fn orthodox(page: &mut Page, game: GameId, opts: &GameOptions) {
    page.line(AIM, "Checkmate the enemy king: attack it so that no move can save it.");
    page.line(BOARD, "An 8x8 board with the usual start; White moves first.");
    if opts.topology == Wrap::Cylinder {
        page.add(
            BOARD,
            [
                "The board is a cylinder: the a- and h-files touch, so pieces move round the side edges.",
                "A rook or queen going all the way round stops before its own square.",
            ],
        );
    }
    chessmen(page, PAWN);
    page.add(
        SPECIAL,
        [
            "No move may leave your own king in check.",
            "Castling: king two squares towards an unmoved rook, which lands beside it; not out of, through or into check.",
            "En passant: a pawn that ran two squares may be taken by a pawn as if it had moved one.",
            "A pawn reaching the last row becomes a queen, rook, bishop or knight.",
        ],
    );
    if game == GameId::ShadowChess {
        page.add(
            SPECIAL,
            [
                "Each piece casts a shadow over every square it could move to; it ends where your own shadows cross.",
                "A piece outside an enemy's shadow that moves into it onto an empty square may capture that enemy.",
                "A king is in check when attacked, or when an enemy could move into his shadow that way.",
            ],
        );
    }
    page.line(END, "Checkmate wins. Stalemate is a draw.");
    page.line(END, "Also drawn: the same position three times, fifty moves each without a capture or pawn move.");
    page.line(
        END,
        if game == GameId::ShadowChess {
            "Only king against king is too little to mate: a lone bishop or knight can still give shadow check."
        } else {
            "Also drawn when neither side has enough pieces left to mate."
        },
    );
}

/// Toe-to-Toe Chess: deployment, swaps, then a short-range army.
pub(super) fn toe_to_toe(page: &mut Page, opts: &GameOptions) {
    let groups: Vec<String> = opts.deploy_groups.sizes().map(|n| n.to_string()).collect();
    let groups = groups.join(", ");
    page.line(AIM, "Checkmate the enemy king. A move that leaves the opponent stalemated is not allowed.");
    page.add(
        BOARD,
        [
            "An 8x8 board. The pawns start face to face: White's on the 4th row, Black's on the 5th.".to_string(),
            format!("The other pieces start in hand and are placed on the 3 rows behind the pawns, in groups of {groups}, White first."),
            "Then six swap moves, White first: exchange any two of your pieces (two alike is a pass).".to_string(),
        ],
    );
    page.piece(PieceKind::King, "one square in any direction; no castling.");
    page.piece(PieceKind::General, "slides one or two squares in any of the eight directions.");
    page.piece(PieceKind::Chariot, "moves like a rook, but at most four squares.");
    page.piece(PieceKind::Horse, "moves like a knight.");
    page.piece(PieceKind::Elephant, "one square forward or one square diagonally in any direction.");
    page.piece(PieceKind::Pawn, "one square forward, captures diagonally forward; no double step, no en passant.");
    page.add(
        SPECIAL,
        [
            "A pawn may leap the one piece in front of it, of either side, to the empty square beyond, capturing nothing.",
            "Promotion is a move of its own: a pawn on the last row becomes one of your captured pieces.",
            "No move, in any phase, may leave your own king in check.",
        ],
    );
    page.add(END, ["Checkmate wins. A player left without a legal move draws.", "Also drawn: the same position three times, fifty moves each, bare kings."]);
}

/// CHEX: tiles drawn from shuffled piles, all kept touching.
pub(super) fn chex(page: &mut Page, opts: &GameOptions) {
    page.line(AIM, "Checkmate the enemy king.");
    page.add(
        BOARD,
        [
            "No board: tiles are laid on an open surface, and the cluster may spread without limit.",
            "Each player's sixteen tiles, a chess army, are shuffled face down as a draw pile.",
            "White lays the first tile; Black's first must touch it. Tiles point towards the opponent.",
        ],
    );
    chessmen(page, "one square towards the opponent; captures one square diagonally forward. No double step.");
    page.add(
        SPECIAL,
        [
            "A turn is either drawing your top tile and placing it touching the cluster, or moving a tile in play.",
            "Every tile must stay attached to the others, by an edge or a corner, directly or through others.",
            "A king is in check only from a piece that could take it without breaking the cluster apart.",
            "No castling, no en passant, no promotion. With your pile used up, you can only move.",
        ],
    );
    page.line(
        SPECIAL,
        match opts.draw_in_check {
            DrawInCheck::Allowed => "You may draw while in check, but the drawn tile must then end the check.",
            DrawInCheck::Forbidden => "You may not draw while in check: meet it with the tiles in play.",
        },
    );
    page.add(
        END,
        [
            "Checkmate wins; no legal move in check, a drawn tile that cannot be placed included, is mate.",
            "Stalemate is a draw, as are three repetitions, fifty moves each, and bare kings with both piles empty.",
        ],
    );
}
