//! The ECS mirror of the rules position: one entity per chess piece, and in the checkers family
//! one stack entity per occupied cell whose children are its checkers, **bottom first** (child
//! 0 lies on the board, the last child is the top checker that owns the stack).

use bevy::prelude::*;
use variant_rules::scene::{Marks, Piece, PieceKind};
use variant_rules::{AnyPosition, Cell, MovePath, Position, Seat, Topology, Wrap};

use crate::table::game::phase::Motion;
use crate::table::game::replay::Replay;
use crate::table::game::session::{PositionChanged, Session};
use crate::table::game::view::FanOut;
use crate::table::geometry::{CELL, cell_translation};
use crate::table::schedule::MirrorSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, rebuild_pieces.in_set(MirrorSystems::Pieces))
        .add_systems(Update, ((animate, gather_prisoners).chain(), report_motion).chain().in_set(MirrorSystems::Motion))
        .init_resource::<DropPoint>();
}

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
    pub owner: Seat,
    pub king: bool,
    /// Number in the Numbers variation (0 = none).
    pub number: u8,
    /// Position in its stack, 0 = on the board.
    pub level: usize,
}

/// A piece standing alone on a cell (a chessman, a tile's piece).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChessPiece {
    pub cell: Cell,
    pub kind: PieceKind,
    pub owner: Seat,
}

/// What a piece's state calls to show (the engine's [`Marks`]: frozen, immune, a King standing
/// checkmated). Only on pieces with at least one.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PieceMarks(pub Marks);

/// Marks a [`ChessPiece`] that is a tile (drawn as a slab with the piece on it).
#[derive(Component, Debug, Clone, Copy)]
pub struct Tile;

/// Thickness of a tile (the NestorGames CHEX set's 8 mm acrylic on a ~4 cm tile).
pub const TILE_HEIGHT: f32 = 0.2;

/// A face-down draw pile beside the play area: `count` tiles of `owner`.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawPile {
    pub owner: Seat,
    pub count: usize,
}

/// Where a draw pile stands: to its owner's right of the plane's middle, towards them.
pub fn pile_translation(topo: &Topology, owner: Seat) -> Vec3 {
    let centre = cell_translation(topo, topo.cell(topo.width() / 2, topo.height() / 2).expect("the window has a middle"));
    centre + if owner == Seat::A { Vec3::new(6.0, 0.0, 4.0) } else { Vec3::new(-6.0, 0.0, -4.0) }
}

/// A piece waiting in a player's hand beside the board (or a tile just drawn from a pile).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandPiece {
    pub owner: Seat,
    pub kind: PieceKind,
}

/// Where the `i`-th piece of `owner`'s hand stands: two columns right of the board, from the
/// owner's side towards the middle.
pub fn hand_translation(topo: &Topology, owner: Seat, i: usize) -> Vec3 {
    let x = topo.width() as f32 * CELL / 2.0 + 0.9 + (i % 2) as f32 * 0.85;
    let z = topo.height() as f32 * CELL / 2.0 - 0.5 - (i / 2) as f32 * 0.85;
    Vec3::new(x, 0.0, if owner == Seat::A { z } else { -z })
}

/// A piece or stack gliding (and hopping, for jumps) along its move.
#[derive(Component, Debug, Clone)]
pub struct Glide {
    /// Board-surface points visited, first to last.
    pub waypoints: Vec<Vec3>,
    pub elapsed: f32,
    pub hop: bool,
}

/// Where a drag-and-drop released a piece (from, to, point), so that if the move it asked for is
/// played its glide starts under the pointer.
#[derive(Resource, Default, Debug)]
pub struct DropPoint(pub Option<(Cell, Cell, Vec3)>);

/// A checker just taken prisoner: it slides from the cell it was jumped on (`from`, in world
/// space) into its place under the jumping stack once that stack has landed.
#[derive(Component, Debug, Clone)]
pub struct PrisonerSlide {
    pub from: Vec3,
    pub elapsed: f32,
}

/// On the stack that took prisoners this move: how many of its bottom checkers are still
/// sliding in (its own checkers sit that many levels lower until they have).
#[derive(Component, Debug, Clone)]
pub struct Gathering {
    pub prisoners: usize,
    pub elapsed: f32,
}

/// Seconds the prisoners take to slide under the jumper after it lands.
pub const GATHER_SECONDS: f32 = 0.4;

/// World points a move visits, with each leg taken the short way round a joined edge (so a
/// wrap move slides off one side into the ghost cells rather than across the whole board).
pub fn unwrapped_waypoints(topo: &Topology, cells: &[Cell]) -> Vec<Vec3> {
    let span = Vec3::new(topo.width() as f32 * CELL, 0.0, topo.height() as f32 * CELL);
    let mut points: Vec<Vec3> = Vec::with_capacity(cells.len());
    for &c in cells {
        let mut p = cell_translation(topo, c);
        if let Some(&prev) = points.last() {
            let mut d = p - prev;
            if topo.wrap() != Wrap::Flat && d.x.abs() > span.x / 2.0 {
                d.x -= span.x * d.x.signum();
            }
            if topo.wrap() == Wrap::Universal && d.z.abs() > span.z / 2.0 {
                d.z -= span.z * d.z.signum();
            }
            p = prev + d;
        }
        points.push(p);
    }
    points
}

fn rebuild_pieces(
    mut changed: MessageReader<PositionChanged>,
    session: Option<Res<Session>>,
    replay: Res<Replay>,
    old: Query<Entity, Or<(With<Stack>, With<ChessPiece>, With<HandPiece>, With<DrawPile>)>>,
    fan: Res<FanOut>,
    mut drop_point: ResMut<DropPoint>,
    mut commands: Commands,
) {
    let Some(change) = changed.read().last().cloned() else { return };
    let Some(session) = session else { return };
    for e in &old {
        commands.entity(e).despawn();
    }
    // The position shown: the game's own, or an earlier one while the player looks back.
    let pos = replay.shown(&session);
    let topo = pos.topology();
    let mover = Mover { path: change.path.filter(|_| change.moved.is_some()), dropped: drop_point.0.take(), topo };
    let look = pos.look();
    if look.stacks {
        spawn_stacks(&mut commands, pos, &mover, fan.0);
    } else {
        spawn_pieces(&mut commands, pos, &mover, look.tiles);
        spawn_piles(&mut commands, pos);
        spawn_hands(&mut commands, pos);
    }
}

/// The move just played, for animating it: the moved piece glides from its origin (or where
/// it was dropped) through each landing.
struct Mover {
    path: Option<MovePath>,
    dropped: Option<(Cell, Cell, Vec3)>,
    topo: &'static Topology,
}

impl Mover {
    /// The glide of the piece now on `cell`, if it is the one that moved.
    fn glide(&self, cell: Cell) -> Option<Glide> {
        let p = self.path.as_ref().filter(|p| p.landings.last() == Some(&cell))?;
        let cells: Vec<Cell> = std::iter::once(p.from).chain(p.landings.iter().copied()).collect();
        let mut waypoints = unwrapped_waypoints(self.topo, &cells);
        if let Some((from, to, at)) = self.dropped
            && from == p.from
            && to == cell
        {
            waypoints[0] = at;
        }
        // The last point is the real cell, even after a wrap.
        *waypoints.last_mut().expect("a landing") = cell_translation(self.topo, cell);
        Some(Glide { waypoints, elapsed: 0.0, hop: p.capture })
    }
}

/// The name a checker's entity carries: its seat's letter (upper case for a king) and number.
fn checker_name(ck: &Piece) -> String {
    let letter = ck.seat.letter();
    let letter = if ck.kind == PieceKind::CheckerKing { letter } else { letter.to_ascii_lowercase() };
    if ck.number == 0 { letter.to_string() } else { format!("{letter}{}", ck.number) }
}

/// A stack entity per occupied cell, its checkers as children bottom first; prisoners taken
/// this move slide in under the jumper once it lands.
fn spawn_stacks(commands: &mut Commands, pos: &AnyPosition, mover: &Mover, fanned: bool) {
    let topo = mover.topo;
    // The cells jumped this move and where the jumper landed. Where jumped checkers are carried
    // off as prisoners they are the bottom checkers of the landing stack, the
    // last one taken lowest (each hop puts its victim at the bottom); where they leave the
    // board (Checkers) the landing stack is the jumper alone.
    let (jumped, dest): (&[Cell], Option<Cell>) = match &mover.path {
        Some(mp) => (&mp.jumped, mp.landings.last().copied()),
        None => (&[], None),
    };
    for cell in 0..topo.len() as Cell {
        let stack = pos.stack_on(cell);
        if stack.is_empty() {
            continue;
        }
        let mut e = commands.spawn((
            Name::new(format!("Stack {}", topo.name(cell))),
            Stack { cell },
            DespawnOnEnter(crate::table::schedule::AppState::Launcher),
            Transform::from_translation(cell_translation(topo, cell)),
            Visibility::default(),
        ));
        let prisoners = if Some(cell) == dest { jumped.len().min(stack.len() - 1) } else { 0 };
        if let Some(g) = mover.glide(cell) {
            e.insert(g);
            if prisoners > 0 {
                e.insert(Gathering { prisoners, elapsed: 0.0 });
            }
        }
        e.with_children(|s| {
            for (level, ck) in stack.iter().enumerate() {
                let piece = CheckerPiece { owner: ck.seat, king: ck.kind == PieceKind::CheckerKing, number: ck.number, level };
                let mut c = s.spawn((
                    Name::new(format!("Checker {} at {} level {level}", checker_name(ck), topo.name(cell))),
                    piece,
                    Transform::from_translation(checker_offset(level, fanned)),
                ));
                if level < prisoners {
                    // Bottom level 0 is the victim of the last hop.
                    let over = jumped[prisoners - 1 - level];
                    let remnant = pos.stack_on(over).len();
                    let from = cell_translation(topo, over) + checker_offset(remnant, false);
                    c.insert(PrisonerSlide { from, elapsed: 0.0 });
                }
            }
        });
    }
}

/// A piece entity per occupied cell (a tile, where the game's pieces are tiles), with the
/// marks of its state.
fn spawn_pieces(commands: &mut Commands, pos: &AnyPosition, mover: &Mover, tiles: bool) {
    let topo = mover.topo;
    for (cell, p) in pos.pieces() {
        let mut e = commands.spawn((
            Name::new(format!("{} {} at {}", pos.set_name(p.seat), pos.kind_name(p.kind), pos.cell_name(cell))),
            ChessPiece { cell, kind: p.kind, owner: p.seat },
            DespawnOnEnter(crate::table::schedule::AppState::Launcher),
            Transform::from_translation(cell_translation(topo, cell)),
            Visibility::default(),
        ));
        if tiles {
            e.insert(Tile);
        }
        if let Some(g) = mover.glide(cell) {
            e.insert(g);
        }
        if !p.marks.is_empty() {
            e.insert(PieceMarks(p.marks));
        }
    }
}

/// Each seat's face-down draw pile, and the tile just drawn waiting face up above its pile.
fn spawn_piles(commands: &mut Commands, pos: &AnyPosition) {
    let topo = pos.topology();
    for pile in pos.piles() {
        commands.spawn((
            Name::new(format!("{} draw pile", pos.set_name(pile.seat))),
            DrawPile { owner: pile.seat, count: pile.face_down },
            DespawnOnEnter(crate::table::schedule::AppState::Launcher),
            Transform::from_translation(pile_translation(topo, pile.seat)),
        ));
        // The tile just drawn waits face up above its pile, to be dragged (or clicked, then a
        // cell clicked) into place.
        if let Some(kind) = pile.held {
            let above = (pile.face_down as f32 + 2.5) * TILE_HEIGHT;
            commands.spawn((
                Name::new(format!("Drawn {}", pos.kind_name(kind))),
                HandPiece { owner: pile.seat, kind },
                Tile,
                DespawnOnEnter(crate::table::schedule::AppState::Launcher),
                Transform::from_translation(pile_translation(topo, pile.seat) + Vec3::Y * above),
            ));
        }
    }
}

/// Pieces in hand wait beside the board, one list per seat in the game's order.
fn spawn_hands(commands: &mut Commands, pos: &AnyPosition) {
    let topo = pos.topology();
    for owner in pos.seating().seats() {
        for (i, kind) in pos.hand(owner).into_iter().enumerate() {
            commands.spawn((
                Name::new(format!("{} {} in hand", pos.set_name(owner), pos.kind_name(kind))),
                HandPiece { owner, kind },
                DespawnOnEnter(crate::table::schedule::AppState::Launcher),
                Transform::from_translation(hand_translation(topo, owner, i)),
                Visibility::default(),
            ));
        }
    }
}

/// Offset of a checker within its stack (centre of the disc).
pub fn checker_offset(level: usize, fanned: bool) -> Vec3 {
    let gap = if fanned { FAN_GAP } else { 0.0 };
    Vec3::Y * ((level as f32 + 0.5) * CHECKER_HEIGHT + level as f32 * gap)
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

/// Slides prisoners in under stacks that have landed, raising the stack's own checkers as they
/// go; until the stack lands, prisoners wait on the cells they were taken from.
fn gather_prisoners(
    time: Res<Time>,
    fan: Res<FanOut>,
    mut stacks: Query<(Entity, &Transform, &mut Gathering, &Children, Has<Glide>), With<Stack>>,
    mut checkers: Query<(&CheckerPiece, &mut Transform, Option<&PrisonerSlide>), Without<Stack>>,
    mut commands: Commands,
) {
    for (e, stack_t, mut g, children, gliding) in &mut stacks {
        if !gliding {
            g.elapsed += time.delta_secs();
        }
        let u = (g.elapsed / GATHER_SECONDS).clamp(0.0, 1.0);
        let eased = u * u * (3.0 - 2.0 * u);
        for &child in children {
            let Ok((ck, mut t, slide)) = checkers.get_mut(child) else { continue };
            let home = checker_offset(ck.level, fan.0);
            t.translation = match slide {
                Some(s) => (s.from - stack_t.translation).lerp(home, eased),
                None => home - Vec3::Y * CHECKER_HEIGHT * g.prisoners as f32 * (1.0 - eased),
            };
            if u >= 1.0 && slide.is_some() {
                commands.entity(child).remove::<PrisonerSlide>();
            }
        }
        if u >= 1.0 {
            commands.entity(e).remove::<Gathering>();
        }
    }
}

/// Tells the turn whether the last move still moves on the board (a glide, prisoners sliding
/// in under a stack): the [`crate::table::schedule::TurnPhase::Animating`] phase.
fn report_motion(moving: Query<(), Or<(With<Glide>, With<PrisonerSlide>, With<Gathering>)>>, mut motion: ResMut<Motion>) {
    let now = Motion { moving: !moving.is_empty() };
    motion.set_if_neq(now);
}
