//! What just happened, read from the session's moves up to the position the board shows: the last move (and, at tables of more than two seats, each seat's latest move), the Kings in check, and each seat's pieces taken off the board, in the order they were taken.

use bevy::prelude::*;
use variant_rules::scene::{MoveClass, PieceKind};
use variant_rules::topology::NO_CELL;
use variant_rules::{Cell, Game, Position, Seat};

use crate::table::game::replay::Replay;
use crate::table::game::session::Session;
use crate::table::schedule::{ApplyCommands, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Recap>().add_systems(Update, follow_session.after(ApplyCommands).in_set(TurnSystems::Apply));
}

/// A seat's latest move: the cells it visited, from its origin through each landing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatMove {
    pub seat: Seat,
    pub cells: Vec<Cell>,
    /// The last move of the game (else an earlier seat's, shown faintly).
    pub latest: bool,
}

/// A piece taken off the board: whose it was, what, where it stood and by which move (its
/// index in the move list).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakenPiece {
    pub owner: Seat,
    pub kind: PieceKind,
    pub cell: Cell,
    pub ply: usize,
}

/// What the board shows of what just happened (rebuilt whenever the session changes).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Recap {
    /// The moves to mark: the game's last move of pieces, and at tables of more than two
    /// seats each other seat's latest; none where no piece has moved.
    pub moves: Vec<SeatMove>,
    /// The cells of the Kings in check, every seat's.
    pub check: Vec<Cell>,
    /// The pieces taken off the board, in the order they were taken (a captured row per owner).
    pub taken: Vec<TakenPiece>,
    /// How many moves the game has (the ply of a piece taken by the last move is one less).
    pub plies: usize,
}

impl Recap {
    /// The recap of a game: its moves read against the positions they were played from.
    pub fn of(game: &Game) -> Recap {
        Recap::at(game, game.moves().count())
    }

    /// The recap of a game as it stood after its first `plies` moves (what the board shows
    /// while the replay views an earlier position).
    pub fn at(game: &Game, plies: usize) -> Recap {
        let history: Vec<_> = game.history().take(plies).collect();
        let now = game.position_at(history.len()).unwrap_or(game.position());
        let mut latest: Vec<Option<(usize, Vec<Cell>)>> = vec![None; game.position().seating().count()];
        let mut taken = Vec::new();
        for (ply, &(before, text)) in history.iter().enumerate() {
            let after = history.get(ply + 1).map_or(now, |h| h.0);
            taken.extend(before.taken(after).into_iter().map(|(cell, p)| TakenPiece { owner: p.seat, kind: p.kind, cell, ply }));
            let Ok(m) = before.parse_move(text) else { continue };
            if before.move_class(m) != MoveClass::Play {
                continue;
            }
            let path = before.move_path(m);
            let mut cells: Vec<Cell> = std::iter::once(path.from).chain(path.landings.iter().copied()).filter(|&c| c != NO_CELL).collect();
            cells.dedup();
            if let Some(slot) = latest.get_mut(before.turn().index())
                && !cells.is_empty()
            {
                *slot = Some((ply, cells));
            }
        }
        let last = latest.iter().flatten().map(|(ply, _)| *ply).max();
        let many = latest.len() > 2;
        let moves = latest
            .into_iter()
            .enumerate()
            .filter_map(|(i, l)| l.map(|(ply, cells)| SeatMove { seat: Seat(i as u8), cells, latest: Some(ply) == last }))
            .filter(|m| m.latest || many)
            .collect();
        Recap { moves, check: now.in_check(), taken, plies: history.len() }
    }

    /// The pieces of `owner` taken so far, in the order taken (its captured row).
    pub fn row(&self, owner: Seat) -> impl Iterator<Item = &TakenPiece> + '_ {
        self.taken.iter().filter(move |t| t.owner == owner)
    }
}

/// Keeps the recap on the position the board shows: the game's, or the one the replay views
/// (only when the session or the replay changed).
fn follow_session(session: Option<Res<Session>>, replay: Res<Replay>, mut recap: ResMut<Recap>) {
    let Some(session) = session else { return };
    if !session.is_changed() && !replay.is_changed() {
        return;
    }
    let plies = replay.viewed().unwrap_or_else(|| session.game.moves().count());
    recap.set_if_neq(Recap::at(&session.game, plies));
}
