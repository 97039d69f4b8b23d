//! The board entity (carrying the rules topology and the board's layout) and one entity per
//! cell, plus the dimmed "ghost" cells that repeat the wrapped edges of cylinder and universal
//! boards. Every position on the board comes from the engine's [`BoardLayout`]: cell centres
//! for pieces and highlights, polygons for the board's mesh (drawn by `look::mesh`), and the cell under the pointer.

use bevy::prelude::*;
use variant_rules::layout::BoardLayout;
use variant_rules::{Cell, Topology};

use crate::table::game::replay::Replay;
use crate::table::game::session::{PositionChanged, Session};
use crate::table::geometry::{board_name, cell_translation, dimmed_cells, ghost_bounds, ghost_cells, layout_of, plane_to_world, world_to_plane, wrap_shifts};
use crate::table::schedule::MirrorSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (rebuild_board, rebuild_closed).in_set(MirrorSystems::Board));
}

/// The board: the rules topology it is laid out from, and its geometry.
#[derive(Component)]
pub struct Board {
    pub topology: &'static Topology,
    /// Where every cell lies (see [`layout_of`]).
    pub layout: &'static BoardLayout,
    /// An open plane rather than a board: drawn as a faint grid on the felt.
    pub plane: bool,
    /// Cells of the game's hexagon out of play (closed triangles: four players'
    /// cut-throat corners, cut edges): drawn dimmed like the Tri-board's triangles beyond the
    /// game's hexagon, and found by no click. Square boards wall their closed cells off with
    /// blocks instead ([`ClosedCell`]) and keep this empty.
    pub dimmed: Vec<Cell>,
}

/// A playable cell of the board.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardCell {
    pub cell: Cell,
    /// Whether the cell is a dark square (a1's colour).
    pub dark: bool,
}

/// A cell off limits (a square board's cut-throat 2x2 corners, walled off; a hexagon's closed
/// triangles, dimmed in the board's mesh): no move lands on it. Its own entity, not a child of
/// the board: partners and cut-throat share the 12x12 board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClosedCell {
    pub cell: Cell,
    /// Walled off by a block (a square board); else dimmed in the board's mesh (triangles).
    pub walled: bool,
}

/// A repeated copy of a cell across a joined edge; clicking it means its original.
#[derive(Component, Debug, Clone, Copy)]
pub struct GhostCell {
    pub of: Cell,
}

/// The cell (wrapped, for ghost cells) under a point on the board, if any: the point is taken
/// onto the layout's plane, and a point on a ghost cell back onto the cell it repeats.
pub fn cell_at(board: &Board, point: Vec3) -> Option<Cell> {
    let p = world_to_plane(point);
    let (lo, hi) = ghost_bounds(board.topology, board.layout);
    if !(lo[0] <= p[0] && p[0] < hi[0] && lo[1] <= p[1] && p[1] < hi[1]) {
        return None;
    }
    let cell = wrap_shifts(board.topology, board.layout).into_iter().find_map(|s| board.layout.cell_at([p[0] - s[0], p[1] - s[1]]))?;
    (!board.dimmed.contains(&cell)).then_some(cell)
}

fn rebuild_board(mut changed: MessageReader<PositionChanged>, session: Option<Res<Session>>, boards: Query<(Entity, &Board)>, mut commands: Commands) {
    if changed.read().count() == 0 {
        return;
    }
    let Some(session) = session else { return };
    let pos = session.game.position();
    let topo = pos.topology();
    let dimmed = dimmed_cells(pos);
    if let Ok((_, board)) = boards.single()
        && std::ptr::eq(board.topology, topo)
        && board.dimmed == dimmed
    {
        return;
    }
    for (e, _) in &boards {
        commands.entity(e).despawn();
    }
    let plane = pos.look().plane;
    let layout = layout_of(topo);
    commands.spawn(board_bundle(topo, plane, dimmed)).with_children(|b| {
        for (cell, g) in layout.cells() {
            b.spawn((Name::new(format!("Cell {}", g.name)), BoardCell { cell, dark: g.dark }, Transform::from_translation(plane_to_world(g.centre))));
        }
        for (shift, of) in ghost_cells(topo) {
            let g = layout.cell(of);
            b.spawn((
                Name::new(format!("Ghost of {}", g.name)),
                BoardCell { cell: of, dark: g.dark },
                GhostCell { of },
                Transform::from_translation(plane_to_world([g.centre[0] + shift[0], g.centre[1] + shift[1]])),
            ));
        }
    });
}

/// Keeps one [`ClosedCell`] entity on each cell the position puts off limits.
/// (Of the position shown: the game's own, or an earlier one while the player looks back.)
fn rebuild_closed(
    mut changed: MessageReader<PositionChanged>,
    session: Option<Res<Session>>,
    replay: Res<Replay>,
    old: Query<(Entity, &ClosedCell)>,
    mut commands: Commands,
) {
    if changed.read().count() == 0 {
        return;
    }
    let Some(session) = session else { return };
    let pos = replay.shown(&session);
    let topo = pos.topology();
    let walled = topo.tri_board().is_none();
    let want: Vec<ClosedCell> = pos.closed_cells().into_iter().map(|cell| ClosedCell { cell, walled }).collect();
    let have: Vec<ClosedCell> = old.iter().map(|(_, c)| *c).collect();
    if have.len() == want.len() && want.iter().all(|c| have.contains(c)) {
        return;
    }
    for (e, _) in &old {
        commands.entity(e).despawn();
    }
    for closed in want {
        commands.spawn((
            Name::new(format!("Closed cell {}", topo.name(closed.cell))),
            closed,
            DespawnOnEnter(crate::table::schedule::AppState::Launcher),
            Transform::from_translation(cell_translation(topo, closed.cell)),
            Visibility::default(),
        ));
    }
}

fn board_bundle(topo: &'static Topology, plane: bool, dimmed: Vec<Cell>) -> impl Bundle {
    (
        Name::new(format!("Board {}", board_name(topo))),
        Board { topology: topo, layout: layout_of(topo), plane, dimmed },
        DespawnOnEnter(crate::table::schedule::AppState::Launcher),
        Transform::default(),
        Visibility::default(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use variant_rules::Wrap;

    fn board(w: u8, h: u8, wrap: Wrap) -> Board {
        let topology = Topology::get(w, h, wrap);
        Board { topology, layout: layout_of(topology), plane: false, dimmed: Vec::new() }
    }

    /// The cell under a world point as the table found it before layouts: by file and rank,
    /// wrapped within one cell of a joined edge.
    fn by_file_and_rank(t: &Topology, at: Vec3) -> Option<Cell> {
        let (w, h) = (t.width() as i32, t.height() as i32);
        let file = (at.x + w as f32 / 2.0).floor() as i32;
        let rank = (h as f32 / 2.0 - at.z).floor() as i32;
        let (gx, gy) = match t.wrap() {
            Wrap::Flat => (0, 0),
            Wrap::Cylinder => (1, 0),
            Wrap::Universal => (1, 1),
        };
        if file < -gx || file >= w + gx || rank < -gy || rank >= h + gy {
            return None;
        }
        t.cell(file.rem_euclid(w) as u8, rank.rem_euclid(h) as u8)
    }

    #[test]
    fn the_cell_under_a_point_is_found_through_the_layout_ghosts_included() {
        for (w, h, wrap) in
            [(8, 8, Wrap::Flat), (8, 8, Wrap::Cylinder), (8, 8, Wrap::Universal), (10, 10, Wrap::Flat), (4, 4, Wrap::Flat), (12, 12, Wrap::Flat)]
        {
            let b = board(w, h, wrap);
            for i in -32..=32 {
                for j in -32..=32 {
                    let at = Vec3::new(i as f32 * 0.23 + 0.01, 0.04, j as f32 * 0.23 + 0.01);
                    assert_eq!(cell_at(&b, at), by_file_and_rank(b.topology, at), "{w}x{h} {wrap:?} at {at}");
                }
            }
        }
    }

    #[test]
    fn cells_and_ghosts_stand_where_they_did() {
        let t = Topology::get(8, 8, Wrap::Universal);
        assert_eq!(cell_translation(t, 0), Vec3::new(-3.5, 0.0, 3.5), "a1 nearest the first player, at +z, on their left");
        assert_eq!(cell_translation(t, 63), Vec3::new(3.5, 0.0, -3.5));
        let ghosts = ghost_cells(t);
        assert_eq!(ghosts.len(), 2 * 8 + 2 * 8 + 4);
        let layout = layout_of(t);
        for (shift, of) in ghosts {
            let at = plane_to_world([layout.centre(of)[0] + shift[0], layout.centre(of)[1] + shift[1]]);
            assert!(at.x.abs() == 4.5 || at.z.abs() == 4.5, "a ghost stands just outside the board: {at}");
            let b = board(8, 8, Wrap::Universal);
            assert_eq!(cell_at(&b, at), Some(of), "a click on a ghost means the cell it repeats");
        }
        assert_eq!(ghost_cells(Topology::get(8, 8, Wrap::Cylinder)).len(), 16);
        assert!(ghost_cells(Topology::get(8, 8, Wrap::Flat)).is_empty());
    }
}
