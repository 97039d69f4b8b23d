//! The chess evaluation's figures shared by the cell walk (`chess.rs`) and the bit path
//! (`chess_bits.rs`): centipawn values by kind, the 8x8 square tables and the game phase.

/// A king where losing it loses the game or a life (BrainKing's several kings): worth more
/// than anything else on the board, so no trade gives one away.
pub(super) const KING_PIECE: i32 = 1500;

/// Centipawn values by chess kind (index 1 pawn .. 6 king). The king's value is 0 where the
/// rules end the game on mate (where kings are pieces to be taken, [`KING_PIECE`]).
pub(super) const CHESS_VALUES: [i32; 7] = [0, 100, 320, 330, 500, 900, 0];

/// Piece-square tables for 8x8 boards, by kind (pawn .. king in the middlegame, then the
/// king in the endgame), each row a rank counted from the far side's first rank down to the
/// owner's (as printed from the owner's seat), files a to h: Michniewski's "simplified
/// evaluation function" (chessprogramming.org), a well-tried set that develops pieces,
/// takes the centre and castles. The tables are symmetric enough to serve Black mirrored.
#[rustfmt::skip]
pub(super) const PST: [[i32; 64]; 7] = [
    [ 0,  0,  0,  0,  0,  0,  0,  0, 50, 50, 50, 50, 50, 50, 50, 50, 10, 10, 20, 30, 30, 20, 10, 10,  5,  5, 10, 25, 25, 10,  5,  5,
      0,  0,  0, 20, 20,  0,  0,  0,  5, -5,-10,  0,  0,-10, -5,  5,  5, 10, 10,-20,-20, 10, 10,  5,  0,  0,  0,  0,  0,  0,  0,  0],
    [-50,-40,-30,-30,-30,-30,-40,-50,-40,-20,  0,  0,  0,  0,-20,-40,-30,  0, 10, 15, 15, 10,  0,-30,-30,  5, 15, 20, 20, 15,  5,-30,
     -30,  0, 15, 20, 20, 15,  0,-30,-30,  5, 10, 15, 15, 10,  5,-30,-40,-20,  0,  5,  5,  0,-20,-40,-50,-40,-30,-30,-30,-30,-40,-50],
    [-20,-10,-10,-10,-10,-10,-10,-20,-10,  0,  0,  0,  0,  0,  0,-10,-10,  0,  5, 10, 10,  5,  0,-10,-10,  5,  5, 10, 10,  5,  5,-10,
     -10,  0, 10, 10, 10, 10,  0,-10,-10, 10, 10, 10, 10, 10, 10,-10,-10,  5,  0,  0,  0,  0,  5,-10,-20,-10,-10,-10,-10,-10,-10,-20],
    [ 0,  0,  0,  0,  0,  0,  0,  0,  5, 10, 10, 10, 10, 10, 10,  5, -5,  0,  0,  0,  0,  0,  0, -5, -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5, -5,  0,  0,  0,  0,  0,  0, -5, -5,  0,  0,  0,  0,  0,  0, -5,  0,  0,  0,  5,  5,  0,  0,  0],
    [-20,-10,-10, -5, -5,-10,-10,-20,-10,  0,  0,  0,  0,  0,  0,-10,-10,  0,  5,  5,  5,  5,  0,-10, -5,  0,  5,  5,  5,  5,  0, -5,
       0,  0,  5,  5,  5,  5,  0, -5,-10,  5,  5,  5,  5,  5,  0,-10,-10,  0,  5,  0,  0,  0,  0,-10,-20,-10,-10, -5, -5,-10,-10,-20],
    [-30,-40,-40,-50,-50,-40,-40,-30,-30,-40,-40,-50,-50,-40,-40,-30,-30,-40,-40,-50,-50,-40,-40,-30,-30,-40,-40,-50,-50,-40,-40,-30,
     -20,-30,-30,-40,-40,-30,-30,-20,-10,-20,-20,-20,-20,-20,-20,-10, 20, 20,  0,  0,  0,  0, 20, 20, 20, 30, 10,  0,  0, 10, 30, 20],
    [-50,-40,-30,-20,-20,-30,-40,-50,-30,-20,-10,  0,  0,-10,-20,-30,-30,-10, 20, 30, 30, 20,-10,-30,-30,-10, 30, 40, 40, 30,-10,-30,
     -30,-10, 30, 40, 40, 30,-10,-30,-30,-10, 20, 30, 30, 20,-10,-30,-30,-30,  0,  0,  0,  0,-30,-30,-50,-30,-30,-30,-30,-30,-30,-50],
];
/// Index of the endgame king table in [`PST`].
pub(super) const KING_ENDGAME: usize = 6;
/// Non-pawn material (both sides) at and above which the middlegame king table applies
/// fully: the start's 2 x (2 x 320 + 2 x 330 + 2 x 500 + 900); below, it blends into the
/// endgame table in proportion.
pub(super) const FULL_PHASE: i32 = 6200;
