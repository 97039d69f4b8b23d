//! Why a checkers-family move is refused: no checker, not yours, a step or hop the checker
//! never makes (a man backward), an occupied landing, nothing or a partner to jump, a compulsory
//! jump, and a sequence that stops while it may go on.

use super::{Checker, CheckersMove, CheckersPosition, NONE};
use crate::position::{Position, SeatState};
use crate::refusal::Refusal;
use crate::topology::{Cell, CellSet};

impl CheckersPosition {
    /// Why the well-formed `text` is not among `legal`, the position's legal moves.
    pub(crate) fn refusal(&self, text: &str, legal: &[CheckersMove]) -> Refusal {
        let t = self.topology();
        let cells: Vec<u8> = text.split(['-', 'x']).filter_map(|s| t.parse_cell(s)).map(|c| c as u8).collect();
        let Some((&from, landings)) = cells.split_first().filter(|(_, l)| !l.is_empty()) else {
            return Refusal::Rule(format!("'{text}' names no landing"));
        };
        let Some(ck) = self.top(from as Cell) else {
            return Refusal::NoPiece { cell: t.name(from as Cell) };
        };
        if ck.owner() != self.turn {
            let o = ck.owner();
            let state = match self.state_of(o) {
                SeatState::Immobile => " (who cannot move)",
                _ => "",
            };
            let owner = format!("player {}{state}", o.letter().to_ascii_uppercase());
            return Refusal::NotYours { cell: t.name(from as Cell), owner, mover: format!("player {}", self.turn.letter().to_ascii_uppercase()) };
        }
        if text.contains('-') { self.step_refusal(ck, from, landings[0], legal) } else { self.jump_refusal(ck, from, landings, legal) }
    }

    /// The checker's word: man or king (a stack in Stax and Queens is moved by its top).
    fn checker_word(ck: Checker) -> &'static str {
        if ck.is_king() { "king" } else { "man" }
    }

    fn step_refusal(&self, ck: Checker, from: u8, to: u8, legal: &[CheckersMove]) -> Refusal {
        let name = |c: u8| self.topology().name(c as Cell);
        let owner = ck.owner();
        let reaches = |king: bool| {
            let (dirs, n) = self.step_dirs(king, owner);
            dirs[..n].iter().any(|&d| self.step(from, d, king, owner) == to)
        };
        if !reaches(ck.is_king()) {
            let hint = if !ck.is_king() && reaches(true) {
                "a man moves only forward; a king may also move backward"
            } else if self.table.tri.is_some() {
                "a step goes to an adjacent triangle of the same colour"
            } else {
                "a step goes to a diagonally adjacent cell"
            };
            return Refusal::CannotMove { piece: Self::checker_word(ck).into(), from: name(from), to: name(to), hint: hint.into() };
        }
        if self.top[to as usize] != NONE {
            return Refusal::Occupied { cell: name(to) };
        }
        match legal.first() {
            Some(m) if m.is_jump() => Refusal::JumpCompulsory { example: self.move_text(*m) },
            _ => Refusal::Rule(format!("the {} on {} may not step now", Self::checker_word(ck), name(from))),
        }
    }

    fn jump_refusal(&self, ck: Checker, from: u8, landings: &[u8], legal: &[CheckersMove]) -> Refusal {
        let name = |c: u8| self.topology().name(c as Cell);
        let (king, owner) = (ck.is_king(), ck.owner());
        let mut cur = from;
        let mut jumped = CellSet::EMPTY;
        for (i, &land) in landings.iter().enumerate() {
            let over_with = |king: bool| {
                let (dirs, n) = self.jump_dirs(king, owner);
                dirs[..n].iter().find_map(|&d| {
                    let over = self.step(cur, d, king, owner);
                    (over != NONE && self.step(over, d, king, owner) == land).then_some(over)
                })
            };
            let Some(over) = over_with(king) else {
                let hint = if !king && over_with(true).is_some() {
                    "a man jumps only forward"
                } else {
                    "a jump goes over a neighbouring checker to the cell just beyond it"
                };
                return Refusal::CannotMove { piece: Self::checker_word(ck).into(), from: name(cur), to: name(land), hint: hint.into() };
            };
            if let Some(why) = self.hop_refusal(ck, from, over, land, &jumped) {
                return why;
            }
            jumped.insert(over as Cell);
            if !king && self.on_king_row(land, owner) && i + 1 < landings.len() {
                return Refusal::Rule(format!("a man crowned on {} ends its move there", name(land)));
            }
            cur = land;
        }
        let longer = legal.iter().any(|m| m.from == from && m.is_jump() && m.landings().len() > landings.len() && m.landings().starts_with(landings));
        if longer {
            return Refusal::JumpMustGoOn;
        }
        Refusal::Rule(format!("the {} on {} may not make that jump now", Self::checker_word(ck), name(from)))
    }

    /// What is wrong with one hop over `over` onto `land`, if anything.
    fn hop_refusal(&self, ck: Checker, from: u8, over: u8, land: u8, jumped: &CellSet) -> Option<Refusal> {
        let name = |c: u8| self.topology().name(c as Cell);
        if jumped.contains(over as Cell) {
            return Some(Refusal::Rule(format!("{} has already been jumped in this move", name(over))));
        }
        let Some(victim) = self.top(over as Cell) else {
            return Some(Refusal::Rule(format!("there is nothing on {} to jump", name(over))));
        };
        if !self.may_jump(ck, victim) {
            let why = if self.table.seating.team(ck.owner()).contains(victim.owner()) {
                "you may not jump your own or your partner's checker".to_string()
            } else if self.rules.numbers {
                "in Numbers a man may not jump a higher number, nor a king".into()
            } else {
                "it may not be jumped".into()
            };
            return Some(Refusal::Untakeable { cell: name(over), why });
        }
        if (self.top[land as usize] != NONE && land != from) || jumped.contains(land as Cell) {
            return Some(Refusal::Occupied { cell: name(land) });
        }
        None
    }
}
