//! Why a Chec Toe drop or move is refused once the die allows it: the piece in hand or on the
//! board, the square taken, the piece's way of moving this turn (natural, Wizard, Checker) and
//! the path.

use super::*;
use crate::refusal::Refusal;

/// A kind's name in refusals.
fn kind_word(k: u8) -> &'static str {
    ["piece", "pawn", "knight", "bishop", "rook"][k as usize % 5]
}

impl ChecToePosition {
    /// Why a drop or move `text` (normalised: `⌄`, `°`, `⌃` marks, N for the knight) is refused.
    pub(super) fn move_refusal(&self, text: &str) -> Refusal {
        let t = topo();
        let mut chars = text.chars();
        let k = chars.next().and_then(|l| LETTERS.iter().position(|&x| x == l)).unwrap_or(0) as u8;
        let rest: String = chars.collect();
        let rest = rest.trim_end_matches(['⌄', '⌃', '°']);
        if k == 0 {
            return Refusal::Rule("a move names one of your pieces: P, N, B or R".into());
        }
        if text.ends_with('⌄') {
            if self.hand(self.turn) & (1 << k) == 0 {
                return Refusal::Rule(format!("your {} is not in hand: it is on the board", kind_word(k)));
            }
            return match t.parse_cell(rest) {
                Some(c) => Refusal::Occupied { cell: t.name(c) },
                None => Refusal::Rule("a drop names the square it goes to".into()),
            };
        }
        let from = self.own_cell(k);
        if from == NO_CELL {
            return Refusal::NoPiece { cell: format!("the board for your {} (drop it first, e.g. {}a4⌄)", kind_word(k), LETTERS[k as usize]) };
        }
        let target = rest.strip_prefix('x').unwrap_or(rest);
        let to = t.parse_cell(target).or_else(|| {
            let want = target.chars().next().and_then(|l| LETTERS.iter().position(|&x| x == l))? as u8;
            self.board.iter().position(|&p| p != 0 && color(p) != self.turn && kind(p) == want).map(|c| c as Cell)
        });
        let Some(to) = to else {
            return Refusal::Rule(format!("there is no enemy {target} on the board to capture"));
        };
        let q = self.board[to as usize];
        if text.ends_with('°') && self.state.value != 5 {
            return Refusal::Dice("a piece moves as a Wizard (°) only when the die shows 5".into());
        }
        if text.ends_with('⌃') && !self.state.checker {
            return Refusal::Dice("a piece moves as a Checker (⌃) only on the roll after a re-roll".into());
        }
        if q == 0 && rest.starts_with('x') {
            return Refusal::Rule(format!("there is no enemy piece on {} to capture", t.name(to)));
        }
        if q != 0 && color(q) == self.turn {
            return Refusal::OwnPiece { cell: t.name(to), whose: "your own" };
        }
        if q != 0 && !rest.starts_with('x') {
            return Refusal::Rule(format!("{} holds an enemy piece: a capture is written with x (e.g. {}x{})", t.name(to), LETTERS[k as usize], t.name(to)));
        }
        if q != 0 && text.ends_with('⌃') {
            return Refusal::Occupied { cell: t.name(to) };
        }
        self.path_refusal(k, from, to, text)
    }

    /// The piece's way of moving in this turn's style, on a board holding only it and its
    /// landing, then on the real board.
    fn path_refusal(&self, k: u8, from: Cell, to: Cell, text: &str) -> Refusal {
        let t = topo();
        let style: fn(&Self, Cell, &mut Vec<ChecMove>) = if text.ends_with('°') {
            Self::wizard_moves
        } else if text.ends_with('⌃') {
            Self::checker_moves
        } else {
            Self::natural_moves
        };
        let reaches = |pos: &ChecToePosition| {
            let mut v = Vec::new();
            style(pos, from, &mut v);
            v.iter().any(|m| matches!(m, ChecMove::Move { to: x, .. } if *x == to))
        };
        let mut alone = self.clone();
        for c in 0..CELLS {
            if c != from as usize && c != to as usize {
                alone.board[c] = 0;
            }
        }
        if !reaches(&alone) {
            let how = if text.ends_with('°') {
                "moving as a Wizard"
            } else if text.ends_with('⌃') {
                "moving as a Checker"
            } else {
                ""
            };
            return Refusal::CannotMove { piece: kind_word(k).into(), from: t.name(from), to: t.name(to), hint: how.into() };
        }
        if !reaches(self) {
            let at = t.first_in_the_way(from, to, |c| self.board[c as usize] != 0).map(|c| t.name(c));
            return Refusal::Blocked { from: t.name(from), to: t.name(to), at };
        }
        Refusal::Dice(format!("the die shows {}: that move is not one it allows", self.state.value))
    }
}
