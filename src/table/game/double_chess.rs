//! Double Chess and Tri-Chess at the table in words: the set each seat plays, standing checkmates, missed turns, frozen sets and the immune piece, for the HUD.

use variant_rules::doublechess::DoubleChessPosition;
use variant_rules::{AnyMove, AnyPosition, GameId, Position, Seat, SeatSet};

use crate::table::game::seats::Seats;
use crate::table::mirror::pieces::piece_name;

/// Whether the position's sets are named by their seat's letter ("Set C": Tri-Chess beyond two
/// players), so the set's name says nothing the letter does not and its colour tells it apart.
fn lettered(p: &DoubleChessPosition) -> bool {
    p.is_tri() && p.seating().count() > 2
}

/// How the HUD names a seat: its set and letter ("White 1 (A)"), or a typed name with both
/// ("Ann (A, White 1)"), and the colour where the players chose their own. Tri-Chess's lettered
/// sets go by their set and colour ("Set C (Jade)", "Cy (C, Jade)").
pub fn seat_label(p: &DoubleChessPosition, seats: &Seats, seat: Seat) -> String {
    let set = p.set_name(seat);
    let name = seats.name(seat);
    let lettered = lettered(p);
    let mut notes = Vec::new();
    if !lettered || !name.is_empty() {
        notes.push(seat.letter().to_string());
    }
    let who = if name.is_empty() {
        set
    } else {
        if !lettered {
            notes.push(set);
        }
        name.to_string()
    };
    let game = if p.is_tri() { GameId::TriChess } else { GameId::DoubleChess };
    if lettered || seats.custom_colours(game) {
        notes.push(seats.colour_name(seat).to_string());
    }
    format!("{who} ({})", notes.join(", "))
}

/// Who plays which set from which side: "A White 1 south   B Black 1 north ...", two seats a
/// line; Tri-Chess's lettered sets by letter and side of the hexagon, up to three a line in
/// even lines ("A south   B north-west   C north-east"; four seats two and two).
pub fn sets_line(p: &DoubleChessPosition) -> String {
    let sides = if p.is_tri() { 6 } else { 4 };
    let side = |s: Seat| crate::table::geometry::side_name(p.side(s), sides);
    let (entries, per_line): (Vec<String>, usize) = if lettered(p) {
        let n = p.seating().count();
        (p.seating().seats().map(|s| format!("{} {}", s.letter(), side(s))).collect(), n.div_ceil(n.div_ceil(3)))
    } else {
        (p.seating().seats().map(|s| format!("{} {} {}", s.letter(), p.set_name(s), side(s))).collect(), 2)
    };
    entries.chunks(per_line).map(|pair| pair.join("   ")).collect::<Vec<_>>().join("\n")
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

/// What stands on the board between moves: each King standing checkmated (and by whom), and
/// the piece that took a King, immune for a round. One sentence a line.
pub fn state_lines(p: &DoubleChessPosition, seats: &Seats) -> Vec<String> {
    let mut lines = Vec::new();
    for seat in p.seating().seats() {
        if let Some(m) = p.mate_of(seat)
            && p.king(seat).is_some()
        {
            let then = if p.frozen().contains(seat) { "frozen" } else { "misses turns" };
            lines.push(format!("{}: checkmated by {}, {then}", seat_label(p, seats, seat), m.by.letter()));
        }
    }
    if let Some(i) = p.immunity() {
        let topo = p.topology();
        let piece = piece_name(p.kind_at(i.cell));
        lines.push(format!("{piece} on {} ({}) immune from {} this round", topo.name(i.cell), p.set_name(i.owner), letters_and(i.from)));
    }
    lines
}

/// What a move just did that the board does not say by itself: a King taken, a checkmate
/// declared or broken, a pass, and the seats whose turns were missed on the way to the next
/// player ("Black 2 (D) is checkmated and misses the turn"). Empty outside Double Chess.
pub fn news(before: &AnyPosition, m: AnyMove, after: &AnyPosition, seats: &Seats) -> String {
    let (AnyPosition::DoubleChess(b), AnyPosition::DoubleChess(a)) = (before, after) else { return String::new() };
    let label = |s: Seat| seat_label(a, seats, s);
    let mover = b.turn();
    let mut lines = Vec::new();
    if matches!(m, AnyMove::DoubleChess(d) if d.kind == variant_rules::doublechess::DoubleKind::Pass) {
        lines.push(format!("{} has no move and passes", label(mover)));
    }
    for v in a.seating().seats() {
        if b.king(v).is_some() && a.king(v).is_none() {
            lines.push(format!("{} takes the King of {}", label(mover), label(v)));
        } else if let (None, Some(mate)) = (b.mate_of(v), a.mate_of(v)) {
            lines.push(format!("{} is checkmated by {}", label(v), mate.by.letter()));
        } else if b.mate_of(v).is_some() && a.mate_of(v).is_none() {
            lines.push(format!("the checkmate of {} is broken", label(v)));
        }
    }
    if after.outcome().is_none() {
        let mut t = a.seating().next(mover);
        for _ in 0..a.seating().count() {
            if t == a.turn() || t == mover {
                break;
            }
            if a.mate_of(t).is_some() && a.king(t).is_some() && !a.frozen().contains(t) {
                lines.push(format!("{} is checkmated and misses the turn", label(t)));
            }
            t = a.seating().next(t);
        }
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use variant_rules::{Game, GameOptions};

    use super::*;

    fn start(cut_throat: bool) -> DoubleChessPosition {
        let mut opts = GameOptions::default_for(GameId::DoubleChess);
        if cut_throat {
            opts.seating = variant_rules::checkers::DoublesSeating::CutThroat;
        }
        match Game::new(GameId::DoubleChess, opts, None).unwrap().position() {
            AnyPosition::DoubleChess(p) => p.clone(),
            _ => unreachable!(),
        }
    }

    #[test]
    fn seats_are_named_by_their_sets() {
        let p = start(false);
        let mut seats = Seats::new(GameId::DoubleChess, 4);
        assert_eq!(seat_label(&p, &seats, Seat(0)), "White 1 (A)");
        assert_eq!(seat_label(&p, &seats, Seat(3)), "Black 2 (D)");
        seats.seats[2].name = "Cy".into();
        assert_eq!(seat_label(&p, &seats, Seat(2)), "Cy (C, White 2)");
        assert_eq!(sets_line(&p), "A White 1 south   B Black 1 north\nC White 2 west   D Black 2 east");
        assert_eq!(sets_line(&start(true)), "A White 1 south   B White 2 west\nC Black 1 north   D Black 2 east");
        assert!(state_lines(&p, &seats).is_empty(), "nothing stands at the start");
        assert_eq!(letters_and(SeatSet::of(&[Seat(1), Seat(2), Seat(3)])), "B, C and D");
    }

    fn tri(players: u8) -> DoubleChessPosition {
        let mut opts = GameOptions::default_for(GameId::TriChess);
        opts.players = players;
        match Game::new(GameId::TriChess, opts, None).unwrap().position() {
            AnyPosition::DoubleChess(p) => p.clone(),
            _ => unreachable!(),
        }
    }

    #[test]
    fn tri_chess_sets_go_by_letter_and_colour_round_the_hexagon() {
        let p = tri(3);
        let mut seats = Seats::new(GameId::TriChess, 3);
        assert_eq!(seat_label(&p, &seats, Seat(0)), "Set A (Red)");
        assert_eq!(seat_label(&p, &seats, Seat(2)), "Set C (Jade)");
        seats.seats[2].name = "Cy".into();
        assert_eq!(seat_label(&p, &seats, Seat(2)), "Cy (C, Jade)");
        assert_eq!(sets_line(&p), "A south   B north-west   C north-east");
        assert_eq!(sets_line(&tri(6)), "A south   B south-west   C north-west\nD north   E north-east   F south-east");
        assert_eq!(sets_line(&tri(4)), "A south   B south-west\nC north   D north-east");
        // Two players play White and Black, as in chess.
        let two = tri(2);
        let seats = Seats::new(GameId::TriChess, 2);
        assert_eq!((seat_label(&two, &seats, Seat(0)), seat_label(&two, &seats, Seat(1))), ("White (A)".into(), "Black (B)".into()));
        assert_eq!(sets_line(&two), "A White south   B Black north");
        assert!(state_lines(&p, &seats).is_empty(), "nothing stands at the start");
    }
}
