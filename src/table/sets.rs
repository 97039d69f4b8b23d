//! The one place the table chooses the look of each game's sets: the colours a set can be,
//! and which colours each game's seats get by default (red and ivory checkers, ivory and
//! ebony chessmen, six distinct sets round a hexagon, Double Chess's two light and two dark
//! sets). Piece models follow the engine's piece kinds (`look::visuals`), not games.

use variant_rules::GameId;
use variant_rules::checkers::DoublesSeating;

/// The colours a set of pieces can be (name, sRGB). Checkers and chess sets default to different
/// pairs, Doubles to four that stay distinct when checkers of every seat share a stack, the
/// triangular boards' five and six seats add amber and violet to those four, Double Chess to two
/// light and two dark sets (ivory and pearl, ebony and garnet); any colours may be chosen as
/// long as no two seats share one. New colours go at the end: saves keep indices.
pub const SEAT_COLOURS: [(&str, [f32; 3]); 10] = [
    ("Red", [0.55, 0.06, 0.05]),
    ("Ivory", [0.93, 0.89, 0.78]),
    ("Ebony", [0.09, 0.08, 0.08]),
    ("Walnut", [0.42, 0.25, 0.13]),
    ("Jade", [0.12, 0.45, 0.3]),
    ("Cobalt", [0.1, 0.2, 0.55]),
    ("Pearl", [0.66, 0.76, 0.88]),
    ("Garnet", [0.24, 0.035, 0.055]),
    ("Amber", [0.9, 0.58, 0.08]),
    ("Violet", [0.55, 0.2, 0.68]),
];

/// The sets of three to six seats, by colour index: red, ivory, jade, cobalt, amber, violet —
/// one of each hue and lightness, so a stack mixing all six still reads checker by checker.
pub const MANY_SETS: [usize; 6] = [0, 1, 4, 5, 8, 9];

/// Double Chess's sets by colour index: White 1 ivory, White 2 pearl, Black 1 ebony, Black 2
/// garnet (in the order White 1, White 2, Black 1, Black 2).
pub const DOUBLE_CHESS_SETS: [usize; 4] = [1, 6, 2, 7];

/// The usual colours of a game's seats: red and ivory checkers, ivory and ebony chessmen; at a
/// table of three to six seats red, ivory, jade, cobalt, amber and violet, as many as there are
/// seats (distinct in a mixed stack); Double Chess's partners (A White 1, B Black 1, C White 2,
/// D Black 2) ivory, ebony, pearl and garnet, and in cut-throat A-D White 1, White 2, Black 1,
/// Black 2.
pub fn default_colours(game: GameId, count: usize, seating: DoublesSeating) -> Vec<usize> {
    let [w1, w2, b1, b2] = DOUBLE_CHESS_SETS;
    let all: &[usize] = match (game.is_checkers_family(), count) {
        (false, 4) if game == GameId::DoubleChess && seating == DoublesSeating::CutThroat => &[w1, w2, b1, b2],
        (false, 4) if game == GameId::DoubleChess => &[w1, b1, w2, b2],
        (_, 3..) => &MANY_SETS,
        (true, _) => &[0, 1],
        (false, _) => &[1, 2],
    };
    all.iter().copied().cycle().take(count).collect()
}
