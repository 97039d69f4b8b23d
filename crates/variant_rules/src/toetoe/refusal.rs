//! Why a Toe-to-Toe move is refused: the phase (deploy, swap, play), what is in hand and where
//! it may go, whose piece it is, the piece's way of moving, the path, check and the stalemate ban.

use super::*;
use crate::refusal::Refusal;

impl ToeToePosition {
    /// Why the well-formed `text` (`canonical`: as the moves are written) is not a legal move.
    pub(super) fn refusal(&self, text: &str, canonical: &str) -> Refusal {
        let t = self.topo;
        let player = self.turn();
        match self.phase() {
            Phase::Deploy if !text.contains('@') => return Refusal::Phase("pieces are being deployed: place one from your hand (e.g. K@c2)".into()),
            Phase::Swap if !text.contains('~') => return Refusal::Phase("this is the swap phase: swap two of your pieces (e.g. b1~c1)".into()),
            Phase::Play if text.contains('@') || text.contains('~') => return Refusal::Phase("deployment and swaps are over".into()),
            _ => {}
        }
        let cells = |s: &str| t.parse_cell(s).unwrap_or(NO_CELL);
        if let Some((p, c)) = text.split_once('@') {
            let k = p.chars().next().and_then(piece_letter).map_or(0, |(_, k)| k);
            return self.drop_refusal(k, cells(c));
        }
        let (from, to) = match text.split_once(['~', '=']) {
            Some((a, b)) if text.contains('~') => (cells(a), cells(b)),
            Some((a, _)) => (cells(a), NO_CELL),
            None => {
                let split = text.char_indices().skip(1).find(|(_, c)| c.is_ascii_lowercase()).map_or(text.len(), |(i, _)| i);
                (cells(&text[..split]), cells(&text[split..]))
            }
        };
        for c in [from, to].into_iter().filter(|&c| c != NO_CELL && (c == from || text.contains('~'))) {
            match owner_of(self.board[c as usize]) {
                None => return Refusal::NoPiece { cell: t.name(c) },
                Some(o) if o != player => return Refusal::NotYours { cell: t.name(c), owner: seat_name(o).into(), mover: seat_name(player).into() },
                _ => {}
            }
        }
        if text.contains('~') {
            return Refusal::Rule("a swap exchanges two different pieces of yours".into());
        }
        if let Some((_, p)) = text.split_once('=') {
            let k = p.chars().next().and_then(piece_letter).map_or(0, |(_, k)| k);
            return self.promotion_refusal(from, k);
        }
        self.movement_refusal(from, to, canonical)
    }

    fn drop_refusal(&self, k: u8, c: Cell) -> Refusal {
        let player = self.turn();
        if self.hand[player][k as usize] == 0 {
            return Refusal::Rule(format!("you have no {} left in hand", kind_name(k)));
        }
        if !self.in_zone(player, c) {
            return Refusal::Rule(format!("pieces are deployed only on your {DEPLOY_RANKS} ranks behind the pawns"));
        }
        if self.board[c as usize] != 0 {
            return Refusal::Occupied { cell: self.topo.name(c) };
        }
        Refusal::Rule("a player's last piece deployed must leave the king on the board".into())
    }

    fn promotion_refusal(&self, from: Cell, k: u8) -> Refusal {
        let player = self.turn();
        if kind(self.board[from as usize]) != PAWN || !self.topo.on_far_edge(side(player), from) {
            return Refusal::Rule("only a pawn on its last rank promotes".into());
        }
        if self.captured[player][k as usize] == 0 {
            return Refusal::Rule(format!("a pawn promotes only to a piece captured from you, and no {} of yours has been", kind_name(k)));
        }
        Refusal::StillInCheck
    }

    /// The piece's way of moving (on a board holding only it and its landing), the path, then
    /// check and the stalemate ban.
    fn movement_refusal(&self, from: Cell, to: Cell, canonical: &str) -> Refusal {
        let t = self.topo;
        let player = self.turn();
        let p = self.board[from as usize];
        if owner_of(self.board[to as usize]) == Some(player) {
            return Refusal::OwnPiece { cell: t.name(to), whose: "your own" };
        }
        let reaches = |pos: &ToeToePosition| !pos.pseudo_moves(player, &mut |m| !(m.kind == ToeMoveKind::Normal && m.from == from && m.to == to));
        let mut alone = self.clone();
        for c in 0..64 as Cell {
            if c != from && c != to {
                alone.set(c, 0);
            }
        }
        if !reaches(&alone) {
            alone.set(to, 0);
            if reaches(&alone) {
                return Refusal::Blocked { from: t.name(from), to: t.name(to), at: Some(t.name(to)) };
            }
            let fwd = side(player).forward();
            let ahead = t.step(from, fwd);
            let leap = kind(p) == PAWN && ahead != NO_CELL && t.step(ahead, fwd) == to;
            let hint = if leap { "a pawn leaps two squares only over the piece just in front of it" } else { way_of_moving(kind(p)) };
            return Refusal::CannotMove { piece: kind_name(kind(p)).into(), from: t.name(from), to: t.name(to), hint: hint.into() };
        }
        if !reaches(self) {
            let at = t.first_in_the_way(from, to, |c| self.board[c as usize] != 0).map(|c| t.name(c));
            return Refusal::Blocked { from: t.name(from), to: t.name(to), at };
        }
        let mut safe = Vec::new();
        self.king_safe_moves(&mut safe);
        if safe.iter().any(|&m| self.move_text(m) == canonical) {
            return Refusal::Rule("it would stalemate the opponent (\"a move that causes stalemate is illegal\")".into());
        }
        if self.in_check(player) {
            Refusal::StillInCheck
        } else if kind(p) == KING {
            Refusal::IntoCheck { cell: t.name(to) }
        } else {
            Refusal::Pinned { cell: t.name(from) }
        }
    }
}

/// How each of Toe-to-Toe's kinds moves (its text's table; ruling T9), for a refused move.
fn way_of_moving(k: u8) -> &'static str {
    [
        "",
        "a pawn moves one square forward and captures one square diagonally forward",
        "a horse moves like a knight, two squares one way and one square to the side",
        "an elephant moves one square forward or one square diagonally",
        "a chariot moves along its rank or file, at most four squares",
        "a general slides one or two squares in any direction",
        "a king moves one square in any direction",
    ][k as usize % 7]
}
