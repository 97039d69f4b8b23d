//! The board entity (carrying the rules topology and the board's layout) and one entity per
//! cell, plus the dimmed "ghost" cells that repeat the wrapped edges of cylinder and universal
//! boards. Every position on the board comes from the engine's [`BoardLayout`]: cell centres
//! for pieces and highlights, polygons for the mesh ([`mesh`]), and the cell under the pointer.

pub mod dress;
pub mod highlights;
pub mod mesh;

use bevy::prelude::*;
use variant_rules::layout::{BoardLayout, Point};
use variant_rules::{AnyPosition, Cell, Topology, Wrap};

use super::TurnSystems;
use super::session::{PositionChanged, Session};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (rebuild_board, rebuild_closed).in_set(TurnSystems::Animate).before(super::pieces::RebuildPieces));
}

/// Side of one cell in world units (the table is laid out in cells).
pub const CELL: f32 = 1.0;

/// The board: the rules topology it is laid out from, and its geometry.
#[derive(Component)]
pub struct Board {
    pub topology: &'static Topology,
    /// Where every cell lies (see [`layout_of`]).
    pub layout: &'static BoardLayout,
    /// An open plane rather than a board (CHEX): drawn as a faint grid on the felt.
    pub plane: bool,
    /// Cells of the game's hexagon out of play (Tri-Chess's closed triangles: four players'
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

/// A cell off limits (cut-throat Double Chess's 2x2 corners, walled off; Tri-Chess's closed
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

/// The topology of the game in a position.
pub fn topology_of(pos: &AnyPosition) -> &'static Topology {
    match pos {
        AnyPosition::Checkers(p) => p.topology(),
        AnyPosition::Chess(p) => p.topology(),
        AnyPosition::ToeToe(p) => p.topology(),
        AnyPosition::Chex(p) => p.topology(),
        AnyPosition::DiceChess(p) => p.chess().topology(),
        AnyPosition::ChecToe(p) => p.topology(),
        AnyPosition::DoubleChess(p) => p.topology(),
    }
}

/// The cells of the board that are off limits (cut-throat Double Chess's corners; Tri-Chess's
/// four-player cut-throat corners and cut edges).
pub fn closed_cells(pos: &AnyPosition) -> Vec<Cell> {
    match pos {
        AnyPosition::DoubleChess(p) => (0..p.topology().len() as Cell).filter(|&c| p.is_closed(c)).collect(),
        _ => Vec::new(),
    }
}

/// The closed cells the board draws dimmed rather than walled off: those of a hexagon of
/// triangles (see [`Board::dimmed`]).
pub fn dimmed_cells(pos: &AnyPosition) -> Vec<Cell> {
    if topology_of(pos).tri_board().is_some() { closed_cells(pos) } else { Vec::new() }
}

/// The layout of a topology's board (its cells have the topology's indices): its squares, or
/// its hexagon of triangles.
pub fn layout_of(topo: &Topology) -> &'static BoardLayout {
    BoardLayout::of(topo)
}

/// How the board is named in entity names and messages: "8x8 flat", "hexagon of 12 rows".
pub fn board_name(topo: &Topology) -> String {
    match topo.tri_board() {
        Some(b) => format!("hexagon of {} rows{}{}", b.rows, if b.corners { " with corners" } else { "" }, if b.extra_file { " and extra file" } else { "" }),
        None => format!("{}x{} {}", topo.width(), topo.height(), topo.wrap()),
    }
}

/// A side's name: south, west, north, east round a square board; south, south-west,
/// north-west, north, north-east, south-east round a hexagon (clockwise from the south).
pub fn side_name(side: variant_rules::Side, sides: usize) -> &'static str {
    const SQUARE: [&str; 4] = ["south", "west", "north", "east"];
    const HEXAGON: [&str; 6] = ["south", "south-west", "north-west", "north", "north-east", "south-east"];
    if sides == 6 { HEXAGON[side.0 as usize % 6] } else { SQUARE[side.0 as usize % 4] }
}

/// World position on the board's surface (y = 0) of a point of the layout's plane: the plane's
/// +x is the world's +x, its +y (towards the higher ranks) the world's -z, so the first player
/// sits at +z with rank 1 nearest to them.
pub fn plane_to_world(p: Point) -> Vec3 {
    Vec3::new(p[0] * CELL, 0.0, -p[1] * CELL)
}

/// The point of the layout's plane under a world position (its height is ignored).
pub fn world_to_plane(at: Vec3) -> Point {
    [at.x / CELL, -at.z / CELL]
}

/// World position of a cell's centre on the board's surface.
pub fn cell_translation(topo: &Topology, cell: Cell) -> Vec3 {
    plane_to_world(layout_of(topo).centre(cell))
}

/// How far (on the layout's plane) copies of the board repeat across its joined edges: the
/// board's own extent along each wrapped axis, with `[0, 0]` (the board itself) first.
fn wrap_shifts(topo: &Topology, layout: &BoardLayout) -> Vec<Point> {
    let (lo, hi) = layout.bounds();
    let axis = |wraps: bool, span: f32| if wraps { vec![0.0, -span, span] } else { vec![0.0] };
    let xs = axis(topo.wrap() != Wrap::Flat, hi[0] - lo[0]);
    let ys = axis(topo.wrap() == Wrap::Universal, hi[1] - lo[1]);
    ys.iter().flat_map(|&y| xs.iter().map(move |&x| [x, y])).collect()
}

/// The band round the board where ghost cells lie: (min, max) of the board grown by one cell
/// along each wrapped axis.
fn ghost_bounds(topo: &Topology, layout: &BoardLayout) -> (Point, Point) {
    let (lo, hi) = layout.bounds();
    let m = layout.cell_size();
    let g = [(topo.wrap() != Wrap::Flat) as u8 as f32 * m, (topo.wrap() == Wrap::Universal) as u8 as f32 * m];
    ([lo[0] - g[0], lo[1] - g[1]], [hi[0] + g[0], hi[1] + g[1]])
}

/// The ghost cells to show: the cell each repeats and how far its copy is shifted on the
/// layout's plane. A cylinder repeats a column each side; a universal board also a row each
/// end, and the corners.
pub fn ghost_cells(topo: &Topology) -> Vec<(Point, Cell)> {
    let layout = layout_of(topo);
    let (lo, hi) = ghost_bounds(topo, layout);
    let inside = |p: Point| lo[0] < p[0] && p[0] < hi[0] && lo[1] < p[1] && p[1] < hi[1];
    let mut v = Vec::new();
    for shift in wrap_shifts(topo, layout).into_iter().skip(1) {
        v.extend(layout.cells().filter(|(_, g)| inside([g.centre[0] + shift[0], g.centre[1] + shift[1]])).map(|(c, _)| (shift, c)));
    }
    v
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
    let topo = topology_of(pos);
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
    let plane = matches!(pos, AnyPosition::Chex(_));
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
fn rebuild_closed(mut changed: MessageReader<PositionChanged>, session: Option<Res<Session>>, old: Query<(Entity, &ClosedCell)>, mut commands: Commands) {
    if changed.read().count() == 0 {
        return;
    }
    let Some(session) = session else { return };
    let pos = session.game.position();
    let topo = topology_of(pos);
    let walled = topo.tri_board().is_none();
    let want: Vec<ClosedCell> = closed_cells(pos).into_iter().map(|cell| ClosedCell { cell, walled }).collect();
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
            DespawnOnEnter(super::AppState::Launcher),
            Transform::from_translation(cell_translation(topo, closed.cell)),
            Visibility::default(),
        ));
    }
}

fn board_bundle(topo: &'static Topology, plane: bool, dimmed: Vec<Cell>) -> impl Bundle {
    (
        Name::new(format!("Board {}", board_name(topo))),
        Board { topology: topo, layout: layout_of(topo), plane, dimmed },
        DespawnOnEnter(super::AppState::Launcher),
        Transform::default(),
        Visibility::default(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

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
