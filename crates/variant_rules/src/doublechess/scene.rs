//! Double Chess and Tri-Chess at the table: sets named per seat, closed cells, standing checkmates, frozen sets and the immune piece, and the news after a move.

use super::{DoubleChessPosition, DoubleKind, KING};
use crate::game::{AnyMove, AnyPosition, MovePath};
use crate::position::{Position, Seat, SeatState};
use crate::scene::{Marks, MoveClass, Piece, PieceKind, Players, Scene, SetOf, letters_and, side_name, words};
use crate::topology::{Cell, Topology};

/// Pieces of a full set but the King, pawn to queen: what losses count from without a start.
const FULL_SET: [usize; 5] = [8, 2, 2, 2, 1];
const KINDS: [PieceKind; 5] = [PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen];

impl DoubleChessPosition {
    /// Whether sets are named by their seat's letter ("Set C": Tri-Chess beyond two players),
    /// so the set's name says nothing the letter does not and its colour tells it apart.
    fn lettered(&self) -> bool {
        self.is_tri() && self.seating().count() > 2
    }

    /// The marks of the piece on a cell.
    fn piece_marks(&self, cell: Cell, owner: Seat) -> Marks {
        Marks {
            frozen: self.frozen().contains(owner),
            immune: self.immunity().is_some_and(|i| i.cell == cell),
            mated: self.kind_at(cell) == KING && self.mate_of(owner).is_some(),
            closed: false,
        }
    }

    /// A seat's pieces on the board, by kind (pawn to queen).
    fn set_counts(&self, seat: Seat) -> [usize; 5] {
        let mut count = [0; 5];
        for c in (0..self.topology().len() as Cell).filter(|&c| self.owner_at(c) == Some(seat)) {
            if let Some(n) = count.get_mut((self.kind_at(c) as usize).wrapping_sub(1)) {
                *n += 1;
            }
        }
        count
    }

    /// The seats whose turns were missed between the mover and the next player, standing
    /// checkmated and not frozen.
    fn missed_turns(&self, mover: Seat) -> Vec<Seat> {
        let seating = self.seating();
        let mut missed = Vec::new();
        let mut t = seating.next(mover);
        for _ in 0..seating.count() {
            if t == self.turn() || t == mover {
                break;
            }
            if self.mate_of(t).is_some() && self.king(t).is_some() && !self.frozen().contains(t) {
                missed.push(t);
            }
            t = seating.next(t);
        }
        missed
    }
}

impl Scene for DoubleChessPosition {
    fn board(&self) -> &'static Topology {
        self.topology()
    }
    fn piece_on(&self, cell: Cell) -> Option<Piece> {
        let seat = self.owner_at(cell)?;
        let kind = PieceKind::from_chess(self.kind_at(cell))?;
        Some(Piece { marks: self.piece_marks(cell, seat), ..Piece::new(kind, seat).in_set(self.set_of(seat)) })
    }
    /// Every seat's King attacked by its enemies (partners do not check each other).
    fn in_check(&self) -> Vec<Cell> {
        self.seating().seats().filter(|&s| DoubleChessPosition::in_check(self, s)).filter_map(|s| self.king(s)).collect()
    }
    fn is_closed(&self, cell: Cell) -> bool {
        DoubleChessPosition::is_closed(self, cell)
    }
    fn closed_words(&self) -> &'static str {
        if self.is_tri() { "out of play" } else { "off limits (cut-throat corner)" }
    }
    fn set_of(&self, seat: Seat) -> Option<SetOf> {
        let light = self.is_white(seat);
        let number = 1 + self.seating().seats().filter(|&o| o < seat && self.is_white(o) == light).count() as u8;
        (!self.lettered()).then_some(SetOf { light, number: if self.is_tri() { 1 } else { number } })
    }
    fn set_name(&self, seat: Seat) -> String {
        DoubleChessPosition::set_name(self, seat)
    }
    fn seat_role(&self, seat: Seat) -> String {
        if self.is_tri() && !self.lettered() { words::white_or_black(seat).into() } else { words::player(seat) }
    }
    fn colour_in_label(&self) -> bool {
        self.lettered()
    }
    /// Its set and letter ("White 1 (A)"), or a typed name with both ("Ann (A, White 1)"), and
    /// the colour where the players chose their own. Lettered sets go by set and colour ("Set
    /// C (Jade)", "Cy (C, Jade)").
    fn seat_label(&self, seat: Seat, players: &Players) -> String {
        let (set, name, lettered) = (self.set_name(seat), players.name(seat), self.lettered());
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
        if lettered || players.custom_colours {
            notes.push(players.colour(seat).to_string());
        }
        format!("{who} ({})", notes.join(", "))
    }
    fn label_has_letter(&self) -> bool {
        true
    }
    fn state_word(&self, state: SeatState) -> &'static str {
        if state == SeatState::Eliminated { "frozen" } else { state.as_str() }
    }
    fn state_lines(&self, players: &Players) -> Vec<String> {
        state_lines(self, players)
    }
    fn sets_line(&self) -> Option<String> {
        Some(sets_line(self))
    }
    /// Pieces off the board by letter, counted from the set in `start` (without one: eight
    /// Pawns, two Knights, Bishops and Rooks and a Queen), and the King once taken.
    fn lost(&self, seat: Seat, start: Option<&AnyPosition>) -> String {
        let start = match start {
            Some(AnyPosition::DoubleChess(s)) => s.set_counts(seat),
            _ => FULL_SET,
        };
        let count = self.set_counts(seat);
        let mut s: String = (0..5).flat_map(|k| std::iter::repeat_n(KINDS[k].letter(), start[k].saturating_sub(count[k]))).collect();
        if self.king(seat).is_none() {
            s.push('K');
        }
        s
    }
    /// Castling by name (Tri-Chess's King step and castling land on the same cell); else the
    /// promotion piece, from the path (ranks run to 12), and whether it captures.
    fn describe(&self, text: &str, path: &MovePath) -> String {
        if text.starts_with("O-O") {
            return if text == "O-O" { "castle short".into() } else { "castle long".into() };
        }
        let promote = PieceKind::from_chess(path.piece).map(|k| format!("promote to {}, ", k.word()));
        format!("{}{}", promote.unwrap_or_default(), if path.capture { "capture" } else { "no capture" })
    }
    fn news(&self, before: &AnyPosition, m: AnyMove, players: &Players) -> Vec<String> {
        match before {
            AnyPosition::DoubleChess(b) => news(b, m, self, players),
            _ => Vec::new(),
        }
    }
    fn move_class(&self, m: AnyMove) -> MoveClass {
        if matches!(m, AnyMove::DoubleChess(d) if d.kind == DoubleKind::Pass) { MoveClass::Pass } else { MoveClass::Play }
    }
    fn text_board(&self, players: &Players) -> String {
        text_board(self, players)
    }
}

/// Who plays which set from which side: "A White 1 south   B Black 1 north ...", two seats a
/// line; lettered sets by letter and side of the hexagon, up to three a line in even lines
/// ("A south   B north-west   C north-east"; four seats two and two).
fn sets_line(p: &DoubleChessPosition) -> String {
    let sides = if p.is_tri() { 6 } else { 4 };
    let side = |s: Seat| side_name(p.side(s), sides);
    let (entries, per_line): (Vec<String>, usize) = if p.lettered() {
        let n = p.seating().count();
        (p.seating().seats().map(|s| format!("{} {}", s.letter(), side(s))).collect(), n.div_ceil(n.div_ceil(3)))
    } else {
        (p.seating().seats().map(|s| format!("{} {} {}", s.letter(), p.set_name(s), side(s))).collect(), 2)
    };
    entries.chunks(per_line).map(|pair| pair.join("   ")).collect::<Vec<_>>().join("\n")
}

/// Each King standing checkmated (and by whom), and the piece that took a King, immune for a
/// round. One sentence a line.
fn state_lines(p: &DoubleChessPosition, players: &Players) -> Vec<String> {
    let mut lines = Vec::new();
    for seat in p.seating().seats() {
        if let Some(m) = p.mate_of(seat)
            && p.king(seat).is_some()
        {
            let then = if p.frozen().contains(seat) { "frozen" } else { "misses turns" };
            lines.push(format!("{}: checkmated by {}, {then}", p.seat_label(seat, players), m.by.letter()));
        }
    }
    if let Some(i) = p.immunity() {
        let piece = PieceKind::from_chess(p.kind_at(i.cell)).map_or("", PieceKind::name);
        lines.push(format!("{piece} on {} ({}) immune from {} this round", p.topology().name(i.cell), p.set_name(i.owner), letters_and(i.from)));
    }
    lines
}

/// A King taken, a checkmate declared or broken, a pass, and the seats whose turns were
/// missed on the way to the next player ("Black 2 (D) is checkmated and misses the turn").
fn news(b: &DoubleChessPosition, m: AnyMove, a: &DoubleChessPosition, players: &Players) -> Vec<String> {
    let label = |s: Seat| a.seat_label(s, players);
    let mover = b.turn();
    let mut lines = Vec::new();
    if matches!(m, AnyMove::DoubleChess(d) if d.kind == DoubleKind::Pass) {
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
    if a.outcome().is_none() {
        lines.extend(a.missed_turns(mover).into_iter().map(|t| format!("{} is checkmated and misses the turn", label(t))));
    }
    lines
}

/// The board, or Tri-Chess's hexagon row by row: each piece as its seat's letter and its kind
/// ("aK": seat A's King), closed cells as `##`; then who plays which set, and the check state.
fn text_board(p: &DoubleChessPosition, players: &Players) -> String {
    let layout = crate::layout::BoardLayout::of(p.topology());
    let mut s = crate::scene::text::grid(layout, 3, |c| match p.piece_on(c) {
        Some(pc) => format!(" {}{}", pc.seat.letter().to_ascii_lowercase(), pc.kind.letter()),
        None if p.is_closed(c) => " ##".to_string(),
        None => " . ".to_string(),
    });
    s += &format!("\n{}", sets_line(p).replace('\n', "   "));
    for line in state_lines(p, players) {
        s += &format!("\n{line}");
    }
    s
}
