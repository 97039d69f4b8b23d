//! The board entity (carrying the rules topology) and one entity per cell, plus the dimmed
//! "ghost" cells that repeat the wrapped edges of cylinder and universal boards.

use bevy::prelude::*;
use variant_rules::{AnyPosition, Cell, Topology, Wrap};

use super::TurnSystems;
use super::session::{PositionChanged, Session};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, rebuild_board.in_set(TurnSystems::Animate).before(super::pieces::RebuildPieces));
}

/// Side of one cell in world units (the table is laid out in cells).
pub const CELL: f32 = 1.0;

/// The board: the rules topology it is laid out from.
#[derive(Component)]
pub struct Board {
    pub topology: &'static Topology,
    /// An open plane rather than a board (CHEX): drawn as a faint grid on the felt.
    pub plane: bool,
}

/// A playable cell of the board.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardCell {
    pub cell: Cell,
    /// Whether the cell is a dark square (a1's colour).
    pub dark: bool,
}

/// A repeated copy of a cell across a joined edge; clicking it means its original.
#[derive(Component, Debug, Clone, Copy)]
pub struct GhostCell {
    pub of: Cell,
}

/// The topology of the game in a position.
pub fn topology_of(pos: &AnyPosition) -> &'static Topology {
    match pos {
        AnyPosition::Checkers(p) => p.topology(),
        AnyPosition::Chess(p) => p.topology(),
        AnyPosition::ToeToe(p) => p.topology(),
        AnyPosition::Chex(p) => p.topology(),
        AnyPosition::DiceChess(p) => p.chess().topology(),
        AnyPosition::ChecToe(p) => p.topology(),
    }
}

/// World position (on the board's surface) of a cell at (file, rank), which may lie outside the
/// board for ghost cells. The first player sits at +z; rank 1 is nearest to them.
pub fn square_translation(topo: &Topology, file: i32, rank: i32) -> Vec3 {
    let (w, h) = (topo.width() as f32, topo.height() as f32);
    Vec3::new((file as f32 - (w - 1.0) / 2.0) * CELL, 0.0, ((h - 1.0) / 2.0 - rank as f32) * CELL)
}

/// World position of a cell's centre on the board's surface.
pub fn cell_translation(topo: &Topology, cell: Cell) -> Vec3 {
    square_translation(topo, topo.file(cell) as i32, topo.rank(cell) as i32)
}

/// The ghost cells to show: (file, rank) outside the board and the cell they repeat.
pub fn ghost_cells(topo: &Topology) -> Vec<(i32, i32, Cell)> {
    let (w, h) = (topo.width() as i32, topo.height() as i32);
    let files: Vec<i32> = if topo.wrap() == Wrap::Flat { vec![] } else { vec![-1, w] };
    let ranks: Vec<i32> = if topo.wrap() == Wrap::Universal { vec![-1, h] } else { vec![] };
    let mut v = Vec::new();
    let wrap = |f: i32, r: i32| topo.cell(f.rem_euclid(w) as u8, r.rem_euclid(h) as u8).expect("on board");
    for &f in &files {
        for r in 0..h {
            v.push((f, r, wrap(f, r)));
        }
    }
    for &r in &ranks {
        for f in 0..w {
            v.push((f, r, wrap(f, r)));
        }
        for &f in &files {
            v.push((f, r, wrap(f, r)));
        }
    }
    v
}

fn rebuild_board(mut changed: MessageReader<PositionChanged>, session: Option<Res<Session>>, boards: Query<(Entity, &Board)>, mut commands: Commands) {
    if changed.read().count() == 0 {
        return;
    }
    let Some(session) = session else { return };
    let topo = topology_of(session.game.position());
    if let Ok((_, board)) = boards.single()
        && std::ptr::eq(board.topology, topo)
    {
        return;
    }
    for (e, _) in &boards {
        commands.entity(e).despawn();
    }
    let plane = matches!(session.game.position(), AnyPosition::Chex(_));
    commands.spawn(board_bundle(topo, plane)).with_children(|b| {
        for cell in 0..topo.len() as Cell {
            b.spawn((
                Name::new(format!("Cell {}", topo.name(cell))),
                BoardCell { cell, dark: topo.is_dark(cell) },
                Transform::from_translation(cell_translation(topo, cell)),
            ));
        }
        for (f, r, of) in ghost_cells(topo) {
            b.spawn((
                Name::new(format!("Ghost of {}", topo.name(of))),
                BoardCell { cell: of, dark: topo.is_dark(of) },
                GhostCell { of },
                Transform::from_translation(square_translation(topo, f, r)),
            ));
        }
    });
}

fn board_bundle(topo: &'static Topology, plane: bool) -> impl Bundle {
    (
        Name::new(format!("Board {}x{} {}", topo.width(), topo.height(), topo.wrap())),
        Board { topology: topo, plane },
        DespawnOnEnter(super::AppState::Launcher),
        Transform::default(),
        Visibility::default(),
    )
}
