//! Words the scene API shares between games: seat roles, sides, letters, roll tokens and how a chess move choice reads.

use crate::game::MovePath;
use crate::position::{Seat, SeatSet};
use crate::topology::Side;

/// A two-player chess game's seat: "White" (the first) or "Black".
pub(crate) fn white_or_black(seat: Seat) -> &'static str {
    if seat == Seat::A { "White" } else { "Black" }
}

/// "Player A".."Player F".
pub(crate) fn player(seat: Seat) -> String {
    format!("Player {}", seat.letter())
}

/// A side's name: south, west, north, east round a square board (`sides` 4); south,
/// south-west, north-west, north, north-east, south-east round a hexagon (6), clockwise from
/// the south.
pub fn side_name(side: Side, sides: usize) -> &'static str {
    const SQUARE: [&str; 4] = ["south", "west", "north", "east"];
    const HEXAGON: [&str; 6] = ["south", "south-west", "north-west", "north", "north-east", "south-east"];
    if sides == 6 { HEXAGON[side.0 as usize % 6] } else { SQUARE[side.0 as usize % 4] }
}

/// Seats as letters joined for a sentence: "D", "B and D", "B, C and D".
pub fn letters_and(set: SeatSet) -> String {
    let letters: Vec<String> = set.iter().map(|s| s.letter().to_string()).collect();
    match letters.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The roll token for thrown faces: `[4]`, `[3,5]`, sorted unless the order matters.
pub(crate) fn roll_token(faces: &[u8], ordered: bool) -> String {
    let mut f = faces.to_vec();
    if !ordered {
        f.sort_unstable();
    }
    format!("[{}]", f.iter().map(u8::to_string).collect::<Vec<_>>().join(","))
}

/// The HUD's prompt for a throw of `n` dice.
pub(crate) fn throw_words(n: usize) -> &'static str {
    if n == 1 { "Throw the die: Space, or flick it with the mouse" } else { "Throw the dice: Space, or flick one with the mouse" }
}

/// How a chess move reads among moves on the same cells: the promotion piece and what a
/// Shadow Chess capture takes ("promote to knight, no capture", "take on d5"). Chess moves are
/// origin and destination (4+ characters), then a promotion letter, then `x` and the cell a
/// shadow capture takes.
pub(crate) fn describe_chess(text: &str, path: &MovePath) -> String {
    let names = [('q', "queen"), ('r', "rook"), ('b', "bishop"), ('n', "knight")];
    let mut parts = Vec::new();
    let tail = text.get(4..).unwrap_or("");
    let (promo, taken) = tail.split_once('x').map_or((tail, None), |(p, t)| (p, Some(t)));
    if let Some((_, name)) = promo.chars().next().and_then(|c| names.iter().find(|(l, _)| *l == c.to_ascii_lowercase())) {
        parts.push(format!("promote to {name}"));
    }
    match taken {
        Some(cell) => parts.push(format!("take on {cell}")),
        None if path.capture => parts.push("capture".into()),
        None => parts.push("no capture".into()),
    }
    parts.join(", ")
}
