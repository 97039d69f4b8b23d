//! The ECS mirror of the rules position: one entity per chess piece, and in the checkers family
//! one stack entity per occupied cell whose children are its checkers, **bottom first** (child
//! 0 lies on the board, the last child is the top checker that owns the stack).

use bevy::prelude::*;
use variant_rules::{AnyPosition, Cell, Topology};

use super::board::{cell_translation, topology_of};
use super::session::{PositionChanged, Session};
use super::TurnSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, rebuild_pieces.in_set(TurnSystems::Animate).in_set(RebuildPieces))
        .add_systems(Update, animate.in_set(TurnSystems::Animate).after(RebuildPieces))
        .init_resource::<FanOut>();
}

/// The system that rebuilds the mirror (other systems order against it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RebuildPieces;

/// Height of one checker: thick discs, about a fifth of a cell as on a real set.
pub const CHECKER_HEIGHT: f32 = 0.18;
/// Extra gap between checkers when a stack is fanned out for inspection.
pub const FAN_GAP: f32 = 0.35;
/// Seconds a move takes to animate.
pub const MOVE_SECONDS: f32 = 0.35;

/// A checkers-family stack on a cell; its children are [`CheckerPiece`]s, bottom first.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stack {
    pub cell: Cell,
}

/// One checker in a stack.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckerPiece {
    pub owner: u8,
    pub king: bool,
    /// Number in the Numbers variation (0 = none).
    pub number: u8,
    /// Position in its stack, 0 = on the board.
    pub level: usize,
}

/// A chess piece on a cell.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChessPiece {
    pub cell: Cell,
    /// 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king.
    pub kind: u8,
    pub owner: u8,
}

/// A piece or stack gliding (and hopping, for jumps) along its move.
#[derive(Component, Debug, Clone)]
pub struct Glide {
    /// Board-surface points visited, first to last.
    pub waypoints: Vec<Vec3>,
    pub elapsed: f32,
    pub hop: bool,
}

/// Stack inspection: whether stacks are fanned out vertically so every checker shows.
#[derive(Resource, Default, Debug)]
pub struct FanOut(pub bool);

/// Cell names in a move text, in order (`c3xe5xg7` → c3, e5, g7; `b1c3xd5` → b1, c3, d5).
pub fn cells_in_move(topo: &Topology, text: &str) -> Vec<Cell> {
    let mut cells = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_lowercase() && b[i] != b'x' || (b[i] == b'x' && i + 1 < b.len() && b[i + 1].is_ascii_digit()) {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            if let Some(c) = topo.parse_cell(&text[i..j]) {
                cells.push(c);
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    cells
}

fn rebuild_pieces(
    mut changed: MessageReader<PositionChanged>,
    session: Option<Res<Session>>,
    old: Query<Entity, Or<(With<Stack>, With<ChessPiece>)>>,
    fan: Res<FanOut>,
    mut commands: Commands,
) {
    let Some(moved) = changed.read().last().map(|c| c.moved.clone()) else { return };
    let Some(session) = session else { return };
    for e in &old {
        commands.entity(e).despawn();
    }
    let pos = session.game.position();
    let topo = topology_of(pos);
    // The moved piece glides from its origin through each landing.
    let path = moved.as_deref().map(|m| cells_in_move(topo, m)).unwrap_or_default();
    let (origin, dest, landings) = match pos {
        AnyPosition::Chess(_) if path.len() >= 2 => (Some(path[0]), Some(path[1]), vec![path[0], path[1]]),
        AnyPosition::Checkers(_) if path.len() >= 2 => (Some(path[0]), path.last().copied(), path.clone()),
        _ => (None, None, vec![]),
    };
    let glide = |cell: Cell| -> Option<Glide> {
        (Some(cell) == dest && origin.is_some()).then(|| Glide {
            waypoints: landings.iter().map(|&c| cell_translation(topo, c)).collect(),
            elapsed: 0.0,
            hop: moved.as_deref().is_some_and(|m| m.contains('x')),
        })
    };
    match pos {
        AnyPosition::Checkers(p) => {
            for cell in 0..topo.len() as Cell {
                let stack: Vec<_> = p.stack(cell).collect();
                if stack.is_empty() {
                    continue;
                }
                let mut e = commands.spawn((
                    Name::new(format!("Stack {}", topo.name(cell))),
                    Stack { cell },
                    DespawnOnEnter(super::AppState::Launcher),
                    Transform::from_translation(cell_translation(topo, cell)),
                    Visibility::default(),
                ));
                if let Some(g) = glide(cell) {
                    e.insert(g);
                }
                e.with_children(|s| {
                    for (level, ck) in stack.iter().rev().enumerate() {
                        let piece = CheckerPiece { owner: ck.owner(), king: ck.is_king(), number: ck.number(), level };
                        s.spawn((
                            Name::new(format!("Checker {ck} at {} level {level}", topo.name(cell))),
                            piece,
                            Transform::from_translation(checker_offset(level, fan.0)),
                        ));
                    }
                });
            }
        }
        AnyPosition::Chess(p) => {
            for cell in 0..topo.len() as Cell {
                let b = p.piece_at(cell);
                if b == 0 {
                    continue;
                }
                let piece = ChessPiece { cell, kind: b & 7, owner: (b >> 3) & 1 };
                let mut e = commands.spawn((
                    Name::new(format!("{} {} at {}", ["White", "Black"][piece.owner as usize], piece_name(piece.kind), topo.name(cell))),
                    piece,
                    DespawnOnEnter(super::AppState::Launcher),
                    Transform::from_translation(cell_translation(topo, cell)),
                    Visibility::default(),
                ));
                if let Some(g) = glide(cell) {
                    e.insert(g);
                }
            }
        }
    }
}

/// Offset of a checker within its stack (centre of the disc).
pub fn checker_offset(level: usize, fanned: bool) -> Vec3 {
    let gap = if fanned { FAN_GAP } else { 0.0 };
    Vec3::Y * ((level as f32 + 0.5) * CHECKER_HEIGHT + level as f32 * gap)
}

/// English name of a chess piece kind.
pub fn piece_name(kind: u8) -> &'static str {
    ["", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King"][kind as usize % 7]
}

fn animate(time: Res<Time>, mut q: Query<(Entity, &mut Transform, &mut Glide)>, mut commands: Commands) {
    for (e, mut t, mut g) in &mut q {
        g.elapsed += time.delta_secs();
        let legs = g.waypoints.len().saturating_sub(1).max(1);
        let total = MOVE_SECONDS * legs as f32;
        let u = (g.elapsed / total).clamp(0.0, 1.0);
        let x = u * legs as f32;
        let leg = (x.floor() as usize).min(legs - 1);
        let f = x - leg as f32;
        let a = g.waypoints[leg];
        let b = *g.waypoints.get(leg + 1).unwrap_or(&a);
        let lift = if g.hop { (f * std::f32::consts::PI).sin() * 0.6 } else { 0.0 };
        t.translation = a.lerp(b, f) + Vec3::Y * lift;
        if u >= 1.0 {
            t.translation = *g.waypoints.last().unwrap();
            commands.entity(e).remove::<Glide>();
        }
    }
}

/// What each seat has lost so far, for the HUD: chess pieces off the board (by letter), or in
/// the checkers family checkers off the board (Checkers) or held prisoner under an opponent.
pub fn captured_summary(pos: &AnyPosition) -> [String; 2] {
    let topo = topology_of(pos);
    match pos {
        AnyPosition::Chess(p) => {
            // Start: 8 pawns, 2 knights, 2 bishops, 2 rooks, 1 queen per side.
            let start = [0, 8, 2, 2, 2, 1, 0];
            let mut count = [[0i32; 7]; 2];
            for c in 0..topo.len() as Cell {
                let b = p.piece_at(c);
                if b != 0 {
                    count[((b >> 3) & 1) as usize][(b & 7) as usize] += 1;
                }
            }
            std::array::from_fn(|side| {
                let mut s = String::new();
                for kind in 1..6 {
                    for _ in 0..(start[kind] - count[side][kind]).max(0) {
                        s.push(b" PNBRQ"[kind] as char);
                    }
                }
                s
            })
        }
        AnyPosition::Checkers(p) => {
            let mut lost = [0usize; 2];
            let mut on_board = [0usize; 2];
            for c in 0..topo.len() as Cell {
                let stack: Vec<_> = p.stack(c).collect();
                let Some(top) = stack.first() else { continue };
                for ck in &stack {
                    on_board[ck.owner() as usize % 2] += 1;
                    if ck.owner() != top.owner() {
                        lost[ck.owner() as usize % 2] += 1;
                    }
                }
            }
            std::array::from_fn(|side| {
                let off = 12usize.saturating_sub(on_board[side]);
                match (off, lost[side]) {
                    (0, 0) => String::new(),
                    (0, held) => format!("{held} held prisoner"),
                    (off, 0) => format!("{off} taken"),
                    (off, held) => format!("{off} taken, {held} held prisoner"),
                }
            })
        }
    }
}
