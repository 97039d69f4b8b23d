//! The ECS mirror of the rules position: one entity per chess piece, and in the checkers family
//! one stack entity per occupied cell whose children are its checkers, **bottom first** (child
//! 0 lies on the board, the last child is the top checker that owns the stack).

use bevy::prelude::*;
use variant_rules::doublechess::DoubleChessPosition;
use variant_rules::{AnyPosition, Cell, MovePath, Position, Seat, Topology, Wrap};

use crate::table::game::phase::Motion;
use crate::table::game::session::{PositionChanged, Session};
use crate::table::game::view::FanOut;
use crate::table::geometry::{CELL, cell_translation, topology_of};
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

/// A chess piece on a cell.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChessPiece {
    pub cell: Cell,
    /// 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king.
    pub kind: u8,
    pub owner: Seat,
}

/// Double Chess: what a piece's state calls to show — frozen (its cut-throat player is
/// checkmated), immune (it just took a King and cannot be taken back this round), or a King
/// standing checkmated (its player misses turns). Only on pieces with at least one.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PieceMarks {
    pub frozen: bool,
    pub immune: bool,
    pub mated: bool,
}

/// Marks a [`ChessPiece`] that is a CHEX tile (drawn as a slab with the piece on it).
#[derive(Component, Debug, Clone, Copy)]
pub struct Tile;

/// Thickness of a CHEX tile (the NestorGames set's 8 mm acrylic on a ~4 cm tile).
pub const TILE_HEIGHT: f32 = 0.2;

/// A CHEX draw pile beside the play area: `count` face-down tiles of `owner`.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawPile {
    pub owner: Seat,
    pub count: usize,
}

/// Where a CHEX draw pile stands: to its owner's right of the plane's middle, towards them.
pub fn pile_translation(topo: &Topology, owner: Seat) -> Vec3 {
    let centre = cell_translation(topo, topo.cell(topo.width() / 2, topo.height() / 2).expect("the window has a middle"));
    centre + if owner == Seat::A { Vec3::new(6.0, 0.0, 4.0) } else { Vec3::new(-6.0, 0.0, -4.0) }
}

/// A piece waiting in a player's hand beside the board (Toe-to-Toe deployment).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandPiece {
    pub owner: Seat,
    /// Rules kind (as [`ChessPiece::kind`]).
    pub kind: u8,
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
    let pos = session.game.position();
    let topo = topology_of(pos);
    let mover = Mover { path: change.path.filter(|_| change.moved.is_some()), dropped: drop_point.0.take(), topo };
    match pos {
        AnyPosition::Checkers(p) => spawn_stacks(&mut commands, p, &mover, fan.0),
        AnyPosition::Chex(p) => spawn_chex(&mut commands, p, &mover),
        AnyPosition::Chess(_) | AnyPosition::ToeToe(_) | AnyPosition::DiceChess(_) | AnyPosition::ChecToe(_) | AnyPosition::DoubleChess(_) => {
            spawn_chess(&mut commands, pos, &mover);
            spawn_hands(&mut commands, pos);
        }
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

/// A stack entity per occupied cell, its checkers as children bottom first; prisoners taken
/// this move slide in under the jumper once it lands.
fn spawn_stacks(commands: &mut Commands, p: &variant_rules::checkers::CheckersPosition, mover: &Mover, fanned: bool) {
    let topo = mover.topo;
    // Prisoners taken this move: the bottom checkers of the destination stack, the last one
    // taken lowest (each hop puts its victim at the bottom).
    let (jumped, dest): (&[Cell], Option<Cell>) = match &mover.path {
        Some(mp) if p.rules().game != variant_rules::checkers::CheckersGame::Checkers => (&mp.jumped, mp.landings.last().copied()),
        _ => (&[], None),
    };
    for cell in 0..topo.len() as Cell {
        let stack: Vec<_> = p.stack(cell).collect();
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
        let prisoners = if Some(cell) == dest { jumped.len() } else { 0 };
        if let Some(g) = mover.glide(cell) {
            e.insert(g);
            if prisoners > 0 {
                e.insert(Gathering { prisoners, elapsed: 0.0 });
            }
        }
        e.with_children(|s| {
            for (level, ck) in stack.iter().rev().enumerate() {
                let piece = CheckerPiece { owner: ck.owner(), king: ck.is_king(), number: ck.number(), level };
                let mut c = s.spawn((
                    Name::new(format!("Checker {ck} at {} level {level}", topo.name(cell))),
                    piece,
                    Transform::from_translation(checker_offset(level, fanned)),
                ));
                if level < prisoners {
                    // Bottom level 0 is the victim of the last hop.
                    let over = jumped[prisoners - 1 - level];
                    let remnant = p.stack(over).count();
                    let from = cell_translation(topo, over) + checker_offset(remnant, false);
                    c.insert(PrisonerSlide { from, elapsed: 0.0 });
                }
            }
        });
    }
}

/// The colour name of a chess-family seat, for entity names.
fn side_name(owner: Seat) -> &'static str {
    if owner == Seat::A { "White" } else { "Black" }
}

/// The owner of a chess-like piece byte (bit 3).
pub fn byte_owner(b: u8) -> Seat {
    Seat((b >> 3) & 1)
}

/// CHEX: the tiles of the cluster, each seat's draw pile, and the tile just drawn above its pile.
fn spawn_chex(commands: &mut Commands, p: &variant_rules::chex::ChexPosition, mover: &Mover) {
    let topo = mover.topo;
    for cell in p.tiles() {
        let b = p.piece_at(cell);
        let piece = ChessPiece { cell, kind: b & 7, owner: byte_owner(b) };
        let mut e = commands.spawn((
            Name::new(format!("{} {} tile at {}", side_name(piece.owner), piece_name(piece.kind), p.name(cell))),
            piece,
            Tile,
            DespawnOnEnter(crate::table::schedule::AppState::Launcher),
            Transform::from_translation(cell_translation(topo, cell)),
            Visibility::default(),
        ));
        if let Some(g) = mover.glide(cell) {
            e.insert(g);
        }
    }
    let turn = p.turn();
    for owner in p.seating().seats() {
        let count = p.pile(owner).len() - (p.holding().is_some() && turn == owner) as usize;
        commands.spawn((
            Name::new(format!("{} draw pile", side_name(owner))),
            DrawPile { owner, count },
            DespawnOnEnter(crate::table::schedule::AppState::Launcher),
            Transform::from_translation(pile_translation(topo, owner)),
        ));
    }
    // The tile just drawn waits face up above its pile, to be dragged (or clicked, then a cell
    // clicked) into place.
    if let Some(t) = p.holding() {
        let above = (p.pile(turn).len() as f32 + 1.5) * TILE_HEIGHT;
        commands.spawn((
            Name::new(format!("Drawn {}", piece_name(t & 7))),
            HandPiece { owner: turn, kind: t & 7 },
            Tile,
            DespawnOnEnter(crate::table::schedule::AppState::Launcher),
            Transform::from_translation(pile_translation(topo, turn) + Vec3::Y * above),
        ));
    }
}

/// A piece entity per occupied cell of a chess-like board (in Double Chess with the marks of
/// its state).
fn spawn_chess(commands: &mut Commands, pos: &AnyPosition, mover: &Mover) {
    let topo = mover.topo;
    for cell in 0..topo.len() as Cell {
        let Some((owner, kind)) = piece_of(pos, cell) else { continue };
        let piece = ChessPiece { cell, kind, owner };
        let name = if matches!(pos, AnyPosition::ToeToe(_)) { variant_rules::toetoe::kind_name(kind) } else { piece_name(kind) };
        let set = match pos {
            AnyPosition::DoubleChess(p) => p.set_name(owner),
            _ => side_name(owner).to_string(),
        };
        let mut e = commands.spawn((
            Name::new(format!("{set} {name} at {}", topo.name(cell))),
            piece,
            DespawnOnEnter(crate::table::schedule::AppState::Launcher),
            Transform::from_translation(cell_translation(topo, cell)),
            Visibility::default(),
        ));
        if let Some(g) = mover.glide(cell) {
            e.insert(g);
        }
        if let AnyPosition::DoubleChess(p) = pos
            && let Some(marks) = double_chess_marks(p, cell)
        {
            e.insert(marks);
        }
    }
}

/// The marks of the Double Chess piece on `cell`, if it has any.
pub fn double_chess_marks(p: &DoubleChessPosition, cell: Cell) -> Option<PieceMarks> {
    let owner = p.owner_at(cell)?;
    let marks = PieceMarks {
        frozen: p.frozen().contains(owner),
        immune: p.immunity().is_some_and(|i| i.cell == cell),
        mated: p.kind_at(cell) == variant_rules::doublechess::KING && p.mate_of(owner).is_some(),
    };
    (marks != PieceMarks::default()).then_some(marks)
}

/// Pieces in hand wait beside the board, one list per seat in the game's order (Toe-to-Toe,
/// Chec Toe).
fn spawn_hands(commands: &mut Commands, pos: &AnyPosition) {
    let topo = topology_of(pos);
    for owner in pos.seating().seats() {
        let (kinds, name): (Vec<u8>, fn(u8) -> &'static str) = match pos {
            AnyPosition::ChecToe(p) => ((1..=4u8).filter(|k| p.hand(owner) & (1 << k) != 0).collect(), piece_name),
            AnyPosition::ToeToe(p) => {
                use variant_rules::toetoe::{CHARIOT, ELEPHANT, GENERAL, HORSE, KING, kind_name};
                let kinds = [KING, GENERAL, CHARIOT, HORSE, ELEPHANT].into_iter().flat_map(|k| std::iter::repeat_n(k, p.in_hand(owner, k) as usize));
                (kinds.collect(), kind_name)
            }
            _ => return,
        };
        for (i, kind) in kinds.into_iter().enumerate() {
            commands.spawn((
                Name::new(format!("{} {} in hand", side_name(owner), name(kind))),
                HandPiece { owner, kind },
                DespawnOnEnter(crate::table::schedule::AppState::Launcher),
                Transform::from_translation(hand_translation(topo, owner, i)),
                Visibility::default(),
            ));
        }
    }
}

/// The owner and kind (as [`ChessPiece::kind`]) of the chess-like piece on `cell`, if any.
pub fn piece_of(pos: &AnyPosition, cell: Cell) -> Option<(Seat, u8)> {
    match pos {
        AnyPosition::DoubleChess(p) => p.owner_at(cell).map(|s| (s, p.kind_at(cell))),
        _ => Some(piece_byte(pos, cell)).filter(|&b| b != 0).map(|b| (byte_owner(b), b & 7)),
    }
}

/// The board byte of a chess-like piece on `cell` (kind in bits 0-2: 1 pawn, 2 knight/horse,
/// 3 bishop/elephant, 4 rook/chariot, 5 queen/general, 6 king; owner in bit 3 — in Double
/// Chess the seat in bits 3-4: read it with [`piece_of`]), 0 if empty.
pub fn piece_byte(pos: &AnyPosition, cell: Cell) -> u8 {
    match pos {
        AnyPosition::Chess(p) => p.piece_at(cell),
        AnyPosition::ToeToe(p) => p.piece_at(cell),
        AnyPosition::Chex(p) => p.piece_at(cell),
        AnyPosition::DiceChess(p) => p.chess().piece_at(cell),
        AnyPosition::ChecToe(p) => p.piece_at(cell),
        AnyPosition::DoubleChess(p) => p.piece_at(cell),
        AnyPosition::Checkers(_) => 0,
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

/// What each seat has lost so far, for the HUD (one entry per seat, in seat order): chess
/// pieces off the board (by letter), or in the checkers family checkers off the board
/// (Checkers) or held prisoner under an opponent; in Toe-to-Toe also the pieces still in hand.
pub fn captured_summary(pos: &AnyPosition) -> Vec<String> {
    captured_summary_from(pos, None)
}

/// [`captured_summary`], counting a Double Chess or Tri-Chess set's losses from `start` (the
/// standard start of the game's options: Tri-Chess sets start with a ninth Pawn or without)
/// where given.
pub fn captured_summary_from(pos: &AnyPosition, start: Option<&AnyPosition>) -> Vec<String> {
    let seats = pos.seating().seats();
    match pos {
        AnyPosition::Chex(p) => seats
            .map(|seat| match p.holding().filter(|_| pos.turn() == seat) {
                Some(t) => format!("{} to draw; drew a {}: place it on a highlighted cell", p.pile(seat).len() - 1, piece_name(t & 7).to_lowercase()),
                None => format!("{} to draw (click the pile)", p.pile(seat).len()),
            })
            .collect(),
        AnyPosition::ToeToe(p) => seats.map(|seat| toe_to_toe_summary(p, seat)).collect(),
        AnyPosition::ChecToe(p) => seats
            .map(|seat| {
                let hand = p.hand(seat);
                let letters: String = (1..=4u8).filter(|k| hand & (1 << k) != 0).map(|k| b" PNBR"[k as usize] as char).collect();
                if letters.is_empty() { String::new() } else { format!("in hand {letters}") }
            })
            .collect(),
        AnyPosition::Chess(_) | AnyPosition::DiceChess(_) => chess_summary(pos),
        AnyPosition::Checkers(p) => checkers_summary(p),
        AnyPosition::DoubleChess(p) => {
            let start = match start {
                Some(AnyPosition::DoubleChess(s)) => Some(s),
                _ => None,
            };
            seats.map(|seat| double_chess_summary(p, start, seat)).collect()
        }
    }
}

/// What a Double Chess or Tri-Chess set has lost: pieces off the board by letter, counted from
/// the set in `start` (without one: eight Pawns, two Knights, Bishops and Rooks and a Queen),
/// and its King once taken.
fn double_chess_summary(p: &DoubleChessPosition, start: Option<&DoubleChessPosition>, seat: Seat) -> String {
    let counts = |p: &DoubleChessPosition| {
        let mut count = [0i32; 6];
        for c in (0..p.topology().len() as Cell).filter(|&c| p.owner_at(c) == Some(seat)) {
            if let Some(n) = count.get_mut(p.kind_at(c) as usize) {
                *n += 1;
            }
        }
        count
    };
    let start = start.map_or([0, 8, 2, 2, 2, 1], counts);
    let count = counts(p);
    let mut s: String = (1..6).flat_map(|k| std::iter::repeat_n(b" PNBRQ"[k] as char, (start[k] - count[k]).max(0) as usize)).collect();
    if p.king(seat).is_none() {
        s.push('K');
    }
    s
}

fn toe_to_toe_summary(p: &variant_rules::toetoe::ToeToePosition, seat: Seat) -> String {
    use variant_rules::toetoe::{CHARIOT, ELEPHANT, GENERAL, HORSE, KING, PAWN, kind_letter};
    let topo = p.topology();
    let list = |count: &dyn Fn(u8) -> u8| -> String {
        [KING, GENERAL, CHARIOT, HORSE, ELEPHANT].iter().flat_map(|&k| std::iter::repeat_n(kind_letter(k), count(k) as usize)).collect()
    };
    let hand = list(&|k| p.in_hand(seat, k));
    let pawns = 8 - (0..topo.len() as Cell).filter(|&c| p.piece_at(c) == PAWN | (seat.0 << 3)).count();
    let mut lost = list(&|k| p.captured(seat, k));
    lost += &"P".repeat(pawns); // pawns off the board: taken, or promoted
    match (hand.is_empty(), lost.is_empty()) {
        (true, true) => String::new(),
        (false, true) => format!("in hand {hand}"),
        (true, false) => format!("lost {lost}"),
        (false, false) => format!("lost {lost}; in hand {hand}"),
    }
}

fn chess_summary(pos: &AnyPosition) -> Vec<String> {
    let topo = topology_of(pos);
    // Start: a pawn per file, 2 knights, 2 bishops, 2 rooks, 1 queen per side.
    let start = [0, topo.width() as i32, 2, 2, 2, 1, 0];
    let mut count = [[0i32; 7]; 2];
    for c in 0..topo.len() as Cell {
        let b = piece_byte(pos, c);
        if b != 0 {
            count[byte_owner(b).index()][(b & 7) as usize] += 1;
        }
    }
    pos.seating()
        .seats()
        .map(|seat| {
            let mut s = String::new();
            for kind in 1..6 {
                for _ in 0..(start[kind] - count[seat.index()][kind]).max(0) {
                    s.push(b" PNBRQ"[kind] as char);
                }
            }
            s
        })
        .collect()
}

fn checkers_summary(p: &variant_rules::checkers::CheckersPosition) -> Vec<String> {
    let topo = p.topology();
    let seating = p.seating();
    let mut lost = vec![0usize; seating.count()];
    let mut on_board = vec![0usize; seating.count()];
    for c in 0..topo.len() as Cell {
        let stack: Vec<_> = p.stack(c).collect();
        let Some(top) = stack.first() else { continue };
        for ck in &stack {
            let owner = ck.owner().index();
            if owner < on_board.len() {
                on_board[owner] += 1;
                // Under an opponent's checker: a prisoner (under a partner's, carried along).
                if !seating.team(ck.owner()).contains(top.owner()) {
                    lost[owner] += 1;
                }
            }
        }
    }
    seating
        .seats()
        .map(|seat| {
            let off = 12usize.saturating_sub(on_board[seat.index()]);
            match (off, lost[seat.index()]) {
                (0, 0) => String::new(),
                (0, held) => format!("{held} held prisoner"),
                (off, 0) => format!("{off} taken"),
                (off, held) => format!("{off} taken, {held} held prisoner"),
            }
        })
        .collect()
}

/// Tells the turn whether the last move still moves on the board (a glide, prisoners sliding
/// in under a stack): the [`crate::table::schedule::TurnPhase::Animating`] phase.
fn report_motion(moving: Query<(), Or<(With<Glide>, With<PrisonerSlide>, With<Gathering>)>>, mut motion: ResMut<Motion>) {
    let now = Motion { moving: !moving.is_empty() };
    motion.set_if_neq(now);
}
