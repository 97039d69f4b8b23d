//! The chess evaluation's figures shared by the cell walk (`chess.rs`) and the bit path
//! (`chess_bits.rs`): centipawn values by kind, the 8x8 square tables (Michniewski's and
//! PeSTO's) and the game phase.

use super::chess_terms::Tapered;

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

/// The square tables one game evaluates with: each kind's value and square values, middlegame
/// and endgame (index 1 pawn .. 6 king; cells as [`PST`]'s rows run, from the owner's seat,
/// far side first).
pub(super) struct Squares {
    pub values: [Tapered; 7],
    pub cells: [[Tapered; 64]; 7],
    /// Whether every piece's figure is blended by the phase; otherwise only the king's, and
    /// the others' middlegame figure counts whole (as Michniewski's set was measured).
    pub tapered: bool,
}

impl Squares {
    /// Adds the value of `kind` and its square figure `square` (from [`Squares::cells`], or a
    /// mean of them) to `flat` (whole) or `blended` (by phase).
    #[inline]
    pub fn add(&self, kind: u8, square: Tapered, flat: &mut i32, blended: &mut Tapered) {
        let k = kind as usize;
        if self.tapered || k == 6 {
            blended.add(self.values[k], 1);
            blended.add(square, 1);
        } else {
            *flat += self.values[k].mid + square.mid;
        }
    }
}

/// Michniewski's tables above with [`CHESS_VALUES`], one figure for both phases but the
/// king's. The dice games evaluate with these (measured there; issue 29's chance-node step).
pub(super) const SIMPLIFIED: Squares = {
    let mut t = Squares { values: [Tapered::new(0, 0); 7], cells: [[Tapered::new(0, 0); 64]; 7], tapered: false };
    let mut kind = 1;
    while kind <= 6 {
        t.values[kind] = Tapered::new(CHESS_VALUES[kind], CHESS_VALUES[kind]);
        let mut c = 0;
        while c < 64 {
            let end = if kind == 6 { PST[KING_ENDGAME][c] } else { PST[kind - 1][c] };
            t.cells[kind][c] = Tapered::new(PST[kind - 1][c], end);
            c += 1;
        }
        kind += 1;
    }
    t
};

/// Values by kind (pawn .. queen; the king 0) in the middlegame and the endgame of PeSTO
/// (Ronald Friederich's tapered tables, published on chessprogramming.org's "PeSTO's
/// Evaluation Function" page), fitted to game results together with [`PESTO_MID`] and
/// [`PESTO_END`]. Orthodox chess (royal kings) evaluates with them.
const PESTO_VALUES: [Tapered; 7] = [
    Tapered::new(0, 0),
    Tapered::new(82, 94),
    Tapered::new(337, 281),
    Tapered::new(365, 297),
    Tapered::new(477, 512),
    Tapered::new(1025, 936),
    Tapered::new(0, 0),
];

/// PeSTO's middlegame square tables, pawn .. king, laid out as [`PST`].
#[rustfmt::skip]
const PESTO_MID: [[i32; 64]; 6] = [
    [  0,   0,   0,   0,   0,   0,   0,   0,  98, 134,  61,  95,  68, 126,  34, -11,  -6,   7,  26,  31,  65,  56,  25, -20, -14,  13,   6,  21,  23,  12,  17, -23,
     -27,  -2,  -5,  12,  17,   6,  10, -25, -26,  -4,  -4, -10,   3,   3,  33, -12, -35,  -1, -20, -23, -15,  24,  38, -22,   0,   0,   0,   0,   0,   0,   0,   0],
    [-167, -89, -34, -49,  61, -97, -15,-107, -73, -41,  72,  36,  23,  62,   7, -17, -47,  60,  37,  65,  84, 129,  73,  44,  -9,  17,  19,  53,  37,  69,  18,  22,
     -13,   4,  16,  13,  28,  19,  21,  -8, -23,  -9,  12,  10,  19,  17,  25, -16, -29, -53, -12,  -3,  -1,  18, -14, -19,-105, -21, -58, -33, -17, -28, -19, -23],
    [-29,   4, -82, -37, -25, -42,   7,  -8, -26,  16, -18, -13,  30,  59,  18, -47, -16,  37,  43,  40,  35,  50,  37,  -2,  -4,   5,  19,  50,  37,  37,   7,  -2,
      -6,  13,  13,  26,  34,  12,  10,   4,   0,  15,  15,  15,  14,  27,  18,  10,   4,  15,  16,   0,   7,  21,  33,   1, -33,  -3, -14, -21, -13, -12, -39, -21],
    [ 32,  42,  32,  51,  63,   9,  31,  43,  27,  32,  58,  62,  80,  67,  26,  44,  -5,  19,  26,  36,  17,  45,  61,  16, -24, -11,   7,  26,  24,  35,  -8, -20,
     -36, -26, -12,  -1,   9,  -7,   6, -23, -45, -25, -16, -17,   3,   0,  -5, -33, -44, -16, -20,  -9,  -1,  11,  -6, -71, -19, -13,   1,  17,  16,   7, -37, -26],
    [-28,   0,  29,  12,  59,  44,  43,  45, -24, -39,  -5,   1, -16,  57,  28,  54, -13, -17,   7,   8,  29,  56,  47,  57, -27, -27, -16, -16,  -1,  17,  -2,   1,
      -9, -26,  -9, -10,  -2,  -4,   3,  -3, -14,   2, -11,  -2,  -5,   2,  14,   5, -35,  -8,  11,   2,   8,  15,  -3,   1,  -1, -18,  -9,  10, -15, -25, -31, -50],
    [-65,  23,  16, -15, -56, -34,   2,  13,  29,  -1, -20,  -7,  -8,  -4, -38, -29,  -9,  24,   2, -16, -20,   6,  22, -22, -17, -20, -12, -27, -30, -25, -14, -36,
     -49,  -1, -27, -39, -46, -44, -33, -51, -14, -14, -22, -46, -44, -30, -15, -27,   1,   7,  -8, -64, -43, -16,   9,   8, -15,  36,  12, -54,   8, -28,  24,  14],
];

/// PeSTO's endgame square tables, pawn .. king, laid out as [`PST`].
#[rustfmt::skip]
const PESTO_END: [[i32; 64]; 6] = [
    [  0,   0,   0,   0,   0,   0,   0,   0, 178, 173, 158, 134, 147, 132, 165, 187,  94, 100,  85,  67,  56,  53,  82,  84,  32,  24,  13,   5,  -2,   4,  17,  17,
      13,   9,  -3,  -7,  -7,  -8,   3,  -1,   4,   7,  -6,   1,   0,  -5,  -1,  -8,  13,   8,   8,  10,  13,   0,   2,  -7,   0,   0,   0,   0,   0,   0,   0,   0],
    [-58, -38, -13, -28, -31, -27, -63, -99, -25,  -8, -25,  -2,  -9, -25, -24, -52, -24, -20,  10,   9,  -1,  -9, -19, -41, -17,   3,  22,  22,  22,  11,   8, -18,
     -18,  -6,  16,  25,  16,  17,   4, -18, -23,  -3,  -1,  15,  10,  -3, -20, -22, -42, -20, -10,  -5,  -2, -20, -23, -44, -29, -51, -23, -15, -22, -18, -50, -64],
    [-14, -21, -11,  -8,  -7,  -9, -17, -24,  -8,  -4,   7, -12,  -3, -13,  -4, -14,   2,  -8,   0,  -1,  -2,   6,   0,   4,  -3,   9,  12,   9,  14,  10,   3,   2,
      -6,   3,  13,  19,   7,  10,  -3,  -9, -12,  -3,   8,  10,  13,   3,  -7, -15, -14, -18,  -7,  -1,   4,  -9, -15, -27, -23,  -9, -23,  -5,  -9, -16,  -5, -17],
    [ 13,  10,  18,  15,  12,  12,   8,   5,  11,  13,  13,  11,  -3,   3,   8,   3,   7,   7,   7,   5,   4,  -3,  -5,  -3,   4,   3,  13,   1,   2,   1,  -1,   2,
       3,   5,   8,   4,  -5,  -6,  -8, -11,  -4,   0,  -5,  -1,  -7, -12,  -8, -16,  -6,  -6,   0,   2,  -9,  -9, -11,  -3,  -9,   2,   3,  -1,  -5, -13,   4, -20],
    [ -9,  22,  22,  27,  27,  19,  10,  20, -17,  20,  32,  41,  58,  25,  30,   0, -20,   6,   9,  49,  47,  35,  19,   9,   3,  22,  24,  45,  57,  40,  57,  36,
     -18,  28,  19,  47,  31,  34,  39,  23, -16, -27,  15,   6,   9,  17,  10,   5, -22, -23, -30, -16, -16, -23, -36, -32, -33, -28, -22, -43,  -5, -32, -20, -41],
    [-74, -35, -18, -18, -11,  15,   4, -17, -12,  17,  14,  17,  17,  38,  23,  11,  10,  17,  23,  15,  20,  45,  44,  13,  -8,  22,  24,  27,  26,  33,  26,   3,
     -18,  -4,  21,  24,  27,  23,   9, -11, -19,  -3,  11,  21,  23,  16,   7,  -9, -27, -11,   4,  13,  14,   4,  -5, -17, -53, -34, -21, -11, -28, -14, -24, -43],
];

/// [`PESTO_VALUES`] with [`PESTO_MID`] and [`PESTO_END`], every piece blended by phase.
pub(super) const PESTO: Squares = {
    let mut t = Squares { values: PESTO_VALUES, cells: [[Tapered::new(0, 0); 64]; 7], tapered: true };
    let mut kind = 1;
    while kind <= 6 {
        let mut c = 0;
        while c < 64 {
            t.cells[kind][c] = Tapered::new(PESTO_MID[kind - 1][c], PESTO_END[kind - 1][c]);
            c += 1;
        }
        kind += 1;
    }
    t
};
