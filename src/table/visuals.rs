//! What the mirror looks like: the table, lights, board cells (custom WGSL over PBR), lathe-turned
//! chess pieces, thick checkers with a crown band on the edge, and the picking
//! observers that turn clicks and drops on any of them into [`CellClicked`] messages.

use std::f32::consts::TAU;

use bevy::asset::{RenderAssetUsages, load_internal_asset, uuid_handle};
use bevy::light::{CascadeShadowConfigBuilder, DirectionalLightShadowMap};
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::pbr::{ExtendedMaterial, MaterialExtension};
use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::picking::mesh_picking::MeshPickingPlugin;
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;
use variant_rules::{Position, Seat, Side};

use super::TurnSystems;
use super::board::mesh::{DrawnCell, board_mesh};
use super::board::{Board, cell_at, ghost_cells, plane_to_world};
use super::drag::{Dragging, Pick, draggable};
use super::input::{CellClicked, HandClicked, PileClicked};
use super::pieces::{CHECKER_HEIGHT, CheckerPiece, ChessPiece, DrawPile, FanOut, HandPiece, PieceMarks, Stack, TILE_HEIGHT, Tile, checker_offset};
use super::seats::{SEAT_COLOURS, Seats};

const BOARD_SHADER: Handle<Shader> = uuid_handle!("5b0f9a3e-8d1c-4c57-9a53-2f6f6d1c0b11");
const PIECE_SHADER: Handle<Shader> = uuid_handle!("0d7a4f5e-62b1-4c0e-b5c3-8e41f2a9d6c3");
const LIGHTING_SHADER: Handle<Shader> = uuid_handle!("c41e9b27-5f3d-4a86-9e0b-7d2a6c8f1e54");

/// The board material: PBR plus the inlaid-wood squares of `shaders/board.wgsl`.
pub type BoardMaterial = ExtendedMaterial<StandardMaterial, BoardExtension>;

/// Parameters of `shaders/board.wgsl` (one material for the whole board: one draw call). The
/// cells themselves (colour, ghostliness, grain seed, bevel) come with the mesh's vertices, built
/// from the board's layout in [`super::board::mesh`].
#[derive(Asset, AsBindGroup, Reflect, Debug, Clone, Default)]
pub struct BoardExtension {
    #[uniform(100)]
    pub light: LinearRgba,
    #[uniform(100)]
    pub dark: LinearRgba,
    /// x: grain strength, y: bevel darkening, z: ghost dimming.
    #[uniform(100)]
    pub style: Vec4,
}

impl MaterialExtension for BoardExtension {
    fn fragment_shader() -> ShaderRef {
        ShaderRef::Handle(BOARD_SHADER)
    }
}

/// Pieces and checkers: a StandardMaterial (colour, texture, alpha mask) lit by the table's
/// shared lighting model in `shaders/lighting.wgsl` instead of Bevy's full PBR.
pub type PieceMaterial = ExtendedMaterial<StandardMaterial, PieceLighting>;

/// The extension that swaps in `shaders/piece.wgsl` (it needs no parameters of its own).
#[derive(Asset, AsBindGroup, Reflect, Debug, Clone, Default)]
pub struct PieceLighting {
    /// Unused; a bind group needs something in it.
    #[uniform(100)]
    pub reserved: Vec4,
}

impl MaterialExtension for PieceLighting {
    fn fragment_shader() -> ShaderRef {
        ShaderRef::Handle(PIECE_SHADER)
    }
}

/// A piece material from StandardMaterial's settings.
fn piece_material(base: StandardMaterial) -> PieceMaterial {
    ExtendedMaterial { base, extension: PieceLighting::default() }
}

pub(super) fn plugin(app: &mut App) {
    load_internal_asset!(app, LIGHTING_SHADER, "../../shaders/lighting.wgsl", Shader::from_wgsl);
    load_internal_asset!(app, BOARD_SHADER, "../../shaders/board.wgsl", Shader::from_wgsl);
    load_internal_asset!(app, PIECE_SHADER, "../../shaders/piece.wgsl", Shader::from_wgsl);
    // Bevy's default picking plugins bring no backend for meshes: without this, clicks on the
    // board and the pieces reach nothing.
    app.add_plugins((MeshPickingPlugin, MaterialPlugin::<BoardMaterial>::default(), MaterialPlugin::<PieceMaterial>::default()))
        .init_resource::<Hovered>()
        .add_systems(Startup, (setup_palette, spawn_table).chain())
        .add_systems(Update, (dress_board, dress_checkers, dress_chess_pieces, dress_hand, dress_tiles, fan_stacks, draw_hover).in_set(TurnSystems::EndTurn));
}

/// Shared meshes and materials, made once.
#[derive(Resource)]
pub struct Palette {
    checker: Handle<Mesh>,
    crown_band: Handle<Mesh>,
    /// One material per entry of [`SEAT_COLOURS`].
    colours: Vec<Handle<PieceMaterial>>,
    /// The same colours frozen (Double Chess's checkmated cut-throat sets): greyed, cold, translucent.
    frozen: Vec<Handle<PieceMaterial>>,
    /// Number decals for the Numbers variation: `[n][ink]`, ink 0 light (for dark pieces), 1 dark.
    numbers: Vec<[Handle<PieceMaterial>; 2]>,
    number_decal: Handle<Mesh>,
    gold: Handle<PieceMaterial>,
    /// Parts of each piece model: 1-6 the chess pieces (pawn … king), 7 Toe-to-Toe's general,
    /// 8 its elephant (horses and chariots use the knight and rook).
    pieces: [Vec<(Handle<Mesh>, Transform)>; 9],
    /// CHEX tiles: a thick slab per side (White's translucent acrylic, Black's opaque), and the
    /// face-down back shown on the draw piles.
    slab: Handle<Mesh>,
    slabs: [Handle<PieceMaterial>; 2],
}

/// The stack or piece under the pointer, for the hover ring and the inspection panel.
#[derive(Resource, Default, Debug)]
pub struct Hovered(pub Option<Entity>);

fn setup_palette(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut images: ResMut<Assets<Image>>, mut materials: ResMut<Assets<PieceMaterial>>) {
    let glossy = |r: f32, g: f32, b: f32| StandardMaterial { base_color: Color::srgb(r, g, b), perceptual_roughness: 0.3, reflectance: 0.6, ..default() };
    let pieces = std::array::from_fn(|kind| chess_piece_parts(kind as u8, &mut meshes));
    commands.insert_resource(Palette {
        // Checkers: thick discs a little smaller than a cell, like a real set.
        checker: meshes.add(Cylinder::new(0.4, CHECKER_HEIGHT * 0.96)),
        crown_band: meshes.add(Torus::new(0.385, 0.425)),
        colours: SEAT_COLOURS.iter().map(|(_, [r, g, b])| materials.add(piece_material(glossy(*r, *g, *b)))).collect(),
        frozen: SEAT_COLOURS
            .iter()
            .map(|&(_, rgb)| {
                // Translucent, like ice: no set's own colour looks like it.
                let [r, g, b] = frozen_colour(rgb);
                materials.add(piece_material(StandardMaterial {
                    base_color: Color::srgba(r, g, b, 0.55),
                    alpha_mode: AlphaMode::Blend,
                    perceptual_roughness: 0.15,
                    ..default()
                }))
            })
            .collect(),
        numbers: (0..=12u32)
            .map(|n| {
                let image = images.add(number_image(n));
                let ink = |c: Color| StandardMaterial {
                    base_color: c,
                    base_color_texture: Some(image.clone()),
                    alpha_mode: AlphaMode::Mask(0.5),
                    perceptual_roughness: 0.6,
                    ..default()
                };
                [materials.add(piece_material(ink(Color::srgb(0.96, 0.93, 0.84)))), materials.add(piece_material(ink(Color::srgb(0.12, 0.08, 0.06))))]
            })
            .collect(),
        // Painted on the top face, most of its width.
        number_decal: meshes.add(Plane3d::new(Vec3::Y, Vec2::splat(0.27))),
        gold: materials.add(piece_material(StandardMaterial {
            base_color: Color::srgb(0.95, 0.75, 0.25),
            metallic: 0.9,
            perceptual_roughness: 0.25,
            ..default()
        })),
        pieces,
        slab: meshes.add(Cuboid::new(0.9, TILE_HEIGHT, 0.9)),
        slabs: [
            materials.add(piece_material(StandardMaterial {
                base_color: Color::srgba(0.92, 0.94, 0.96, 0.55),
                alpha_mode: AlphaMode::Blend,
                perceptual_roughness: 0.15,
                ..default()
            })),
            materials.add(piece_material(StandardMaterial { base_color: Color::srgb(0.07, 0.07, 0.08), perceptual_roughness: 0.2, ..default() })),
        ],
    });
}

/// A set's colour frozen: mostly grey at its own lightness, tinted towards ice blue.
pub fn frozen_colour([r, g, b]: [f32; 3]) -> [f32; 3] {
    let grey = 0.3 * r + 0.59 * g + 0.11 * b;
    let mix = |c: f32, ice: f32| c * 0.25 + grey * 0.45 + ice * 0.3;
    [mix(r, 0.6), mix(g, 0.8), mix(b, 0.95)]
}

fn spawn_table(mut commands: Commands) {
    // The felt is the clear colour: a flat, unlit green costs nothing per pixel, which matters
    // to software renderers (a table mesh filling the screen cost more than the whole board).
    commands.insert_resource(ClearColor(Color::srgb(0.13, 0.22, 0.16)));
    commands.spawn((
        Name::new("Sun"),
        DirectionalLight { illuminance: 9000.0, shadow_maps_enabled: true, ..default() },
        // One cascade: the whole table fits in it, and software renderers draw one shadow map
        // instead of four.
        CascadeShadowConfigBuilder { num_cascades: 1, maximum_distance: 30.0, ..default() }.build(),
        Transform::from_translation(super::camera::SUN_AT).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    // 1024² is plenty for a board of at most 12x12 cells in the one cascade.
    commands.insert_resource(DirectionalLightShadowMap { size: 1024 });
    commands.insert_resource(GlobalAmbientLight { color: Color::srgb(0.9, 0.9, 1.0), brightness: 400.0, ..default() });
}

/// Makes a piece, stack or tile something the pointer can use: a click picks it (as a click on
/// its cell, or on a piece in hand — unless it is the release of a drag, which [`super::drag`]
/// handles), hovering shows its ring and inspection, and it can be dragged.
fn make_interactive(mut e: EntityCommands, pick: Pick) {
    let entity = e.id();
    e.observe(move |ev: On<Pointer<Click>>, mut cells: MessageWriter<CellClicked>, mut hands: MessageWriter<HandClicked>, dragging: Res<Dragging>| {
        if ev.event().event.button != PointerButton::Primary || dragging.0.is_some() {
            return;
        }
        match pick {
            Pick::Cell(cell) => {
                cells.write(CellClicked { cell });
            }
            Pick::Hand(kind) => {
                hands.write(HandClicked { kind });
            }
        }
    })
    .observe(hover(entity))
    .observe(unhover(entity));
    draggable(e, pick);
}

fn hover(entity: Entity) -> impl Fn(On<Pointer<Over>>, ResMut<Hovered>) {
    move |_ev, mut h| h.0 = Some(entity)
}

fn unhover(entity: Entity) -> impl Fn(On<Pointer<Out>>, ResMut<Hovered>) {
    move |_ev, mut h| {
        if h.0 == Some(entity) {
            h.0 = None;
        }
    }
}

/// Gives the board its one mesh (every cell and ghost cell, from the board's layout) and
/// material, and turns clicks and drops on it into clicks on the cell under the pointer. Cell
/// entities stay logic-only.
fn dress_board(
    boards: Query<(Entity, &Board), Added<Board>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<BoardMaterial>>,
    mut inlay: ResMut<Assets<StandardMaterial>>,
    mut commands: Commands,
) {
    for (e, board) in &boards {
        let base = StandardMaterial { perceptual_roughness: 0.55, ..default() };
        // CHEX's open plane: a faint grid on the felt, no grain, no bevel to speak of.
        let (light, dark, style) = if board.plane {
            (Color::srgb(0.15, 0.25, 0.18), Color::srgb(0.13, 0.22, 0.16), Vec4::new(0.0, 0.25, 0.0, 0.0))
        } else {
            (Color::srgb(0.86, 0.72, 0.52), Color::srgb(0.36, 0.22, 0.13), Vec4::new(0.12, 0.35, 0.55, 0.0))
        };
        let ext = BoardExtension { light: light.to_linear(), dark: dark.to_linear(), style };
        let real = board.layout.cells().map(|(cell, _)| DrawnCell { cell, shift: [0.0, 0.0], ghost: false });
        let ghosts = ghost_cells(board.topology).into_iter().map(|(shift, cell)| DrawnCell { cell, shift, ghost: true });
        let mesh = board_mesh(board.layout, &real.chain(ghosts).collect::<Vec<_>>());
        commands.entity(e).insert((Mesh3d(meshes.add(mesh)), MeshMaterial3d(materials.add(ExtendedMaterial { base, extension: ext })))).observe(click_board);
        if let Some(strips) = centre_marking(board) {
            let gold = inlay.add(StandardMaterial { base_color: Color::srgb(0.78, 0.62, 0.25), metallic: 0.6, perceptual_roughness: 0.4, ..default() });
            commands.entity(e).with_children(|b| {
                for (i, (at, size)) in strips.into_iter().enumerate() {
                    b.spawn((
                        Name::new(format!("Centre board marking {i}")),
                        Mesh3d(meshes.add(Cuboid::from_size(size))),
                        MeshMaterial3d(gold.clone()),
                        Transform::from_translation(at),
                    ));
                }
            });
        }
    }
}

/// Width of the inlaid line marking the standard 8x8 board inside the Doubles board, in cells.
const MARKING_WIDTH: f32 = 0.05;

/// "It is convenient if the standard size board is indicated in the center by a special marking":
/// on the 12x12 board, four thin inlaid strips (centre, size) around the centre 8x8 (c3-j10).
fn centre_marking(board: &Board) -> Option<[(Vec3, Vec3); 4]> {
    let t = board.topology;
    if board.plane || (t.width(), t.height()) != (12, 12) {
        return None;
    }
    let lo = board.layout.polygon(t.cell(2, 2)?).bounds().0;
    let hi = board.layout.polygon(t.cell(9, 9)?).bounds().1;
    let y = Vec3::Y * (super::board::mesh::THICKNESS / 2.0 + 0.002);
    let (w, h) = (hi[0] - lo[0], hi[1] - lo[1]);
    let (mx, my) = ((lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0);
    let across = Vec3::new(w + MARKING_WIDTH, 0.004, MARKING_WIDTH);
    let along = Vec3::new(MARKING_WIDTH, 0.004, h + MARKING_WIDTH);
    Some([
        (plane_to_world([mx, lo[1]]) + y, across),
        (plane_to_world([mx, hi[1]]) + y, across),
        (plane_to_world([lo[0], my]) + y, along),
        (plane_to_world([hi[0], my]) + y, along),
    ])
}

fn click_board(ev: On<Pointer<Click>>, boards: Query<&Board>, dragging: Res<Dragging>, mut out: MessageWriter<CellClicked>) {
    let p = ev.event();
    if p.event.button != PointerButton::Primary || dragging.0.is_some() {
        return;
    }
    if let (Ok(board), Some(at)) = (boards.get(p.entity), p.event.hit.position)
        && let Some(cell) = cell_at(board, at)
    {
        out.write(CellClicked { cell });
    }
}

fn dress_checkers(
    stacks: Query<(Entity, &Stack), Added<Stack>>,
    checkers: Query<(Entity, &CheckerPiece, &ChildOf), Added<CheckerPiece>>,
    palette: Res<Palette>,
    seats: Res<Seats>,
    session: Option<Res<super::session::Session>>,
    mut commands: Commands,
) {
    for (e, stack) in &stacks {
        make_interactive(commands.entity(e), Pick::Cell(stack.cell));
    }
    for (e, ck, _) in &checkers {
        commands.entity(e).insert((
            Mesh3d(palette.checker.clone()),
            MeshMaterial3d(palette.colours[seats.colour_index(ck.owner)].clone()),
            Visibility::default(),
        ));
        if ck.number > 0 && !ck.king {
            // Light ink on dark pieces, dark ink on light ones; upright for the checker's owner.
            let ink = (seats.colour(ck.owner).luminance() > 0.3) as usize;
            let facing = facing(session.as_deref(), ck.owner);
            commands.entity(e).with_child((
                Name::new(format!("Number {}", ck.number)),
                Mesh3d(palette.number_decal.clone()),
                MeshMaterial3d(palette.numbers[ck.number as usize % palette.numbers.len()][ink].clone()),
                Transform::from_translation(Vec3::Y * (CHECKER_HEIGHT * 0.48 + 0.002)).with_rotation(facing),
            ));
        }
        if ck.king {
            // The crown is painted round the edge, so a king shows even deep in a stack.
            commands.entity(e).with_child((
                Name::new("Crown band"),
                Mesh3d(palette.crown_band.clone()),
                MeshMaterial3d(palette.gold.clone()),
                Transform::from_scale(Vec3::new(1.0, 0.9, 1.0)),
            ));
        }
    }
}

/// How a seat's pieces are turned: from the seat's side of the board towards the middle
/// (matters for the knight's head and the painted numbers).
fn facing(session: Option<&super::session::Session>, owner: Seat) -> Quat {
    let side = session.map_or(Side::of_two(owner), |s| s.game.position().side_of(owner));
    Quat::from_rotation_y(super::view::TurnView::yaw_of(side))
}

/// A CHEX slab's material: White's translucent, Black's opaque.
fn slab(palette: &Palette, owner: Seat) -> Handle<PieceMaterial> {
    palette.slabs[owner.index().min(palette.slabs.len() - 1)].clone()
}

/// Spawns the parts of a piece model as children, turned to face `facing`.
fn spawn_model(c: &mut ChildSpawnerCommands, parts: &[(Handle<Mesh>, Transform)], material: &Handle<PieceMaterial>, facing: Quat) {
    for (mesh, t) in parts {
        c.spawn((
            Mesh3d(mesh.clone()),
            MeshMaterial3d(material.clone()),
            Transform { rotation: facing * t.rotation, translation: facing * t.translation, scale: t.scale },
        ));
    }
}

fn dress_tiles(
    tiles: Query<(Entity, Option<&ChessPiece>, Option<&HandPiece>), Added<Tile>>,
    piles: Query<(Entity, &DrawPile), Added<DrawPile>>,
    palette: Res<Palette>,
    seats: Res<Seats>,
    session: Option<Res<super::session::Session>>,
    mut commands: Commands,
) {
    for (e, on_board, held) in &tiles {
        // A tile in play, or the one just drawn (held above its pile until placed).
        let (owner, kind) = match (on_board, held) {
            (Some(p), _) => (p.owner, p.kind),
            (None, Some(h)) => (h.owner, h.kind),
            (None, None) => continue,
        };
        // The piece stands on its slab, a little smaller than on a board, in the other seat's
        // colour so it shows against the slab (the slab's colour says whose tile it is).
        let other = session.as_ref().map_or(Seat::B, |s| s.game.position().seating().opponent(owner));
        let colour = palette.colours[seats.colour_index(other)].clone();
        commands.entity(e).insert(Visibility::default()).with_children(|c| {
            c.spawn((Mesh3d(palette.slab.clone()), MeshMaterial3d(slab(&palette, owner)), Transform::from_xyz(0.0, TILE_HEIGHT / 2.0, 0.0)));
            c.spawn((Transform::from_xyz(0.0, TILE_HEIGHT, 0.0).with_scale(Vec3::splat(0.7)), Visibility::default()))
                .with_children(|m| spawn_model(m, &palette.pieces[kind as usize], &colour, facing(session.as_deref(), owner)));
        });
        make_interactive(commands.entity(e), on_board.map_or(Pick::Hand(kind), |p| Pick::Cell(p.cell)));
    }
    for (e, pile) in &piles {
        let owner = pile.owner;
        commands
            .entity(e)
            .insert(Visibility::default())
            .with_children(|c| {
                for i in 0..pile.count {
                    c.spawn((
                        Mesh3d(palette.slab.clone()),
                        MeshMaterial3d(slab(&palette, owner)),
                        Transform::from_xyz(0.0, (i as f32 + 0.5) * TILE_HEIGHT * 1.02, 0.0),
                    ));
                }
            })
            .observe(move |ev: On<Pointer<Click>>, mut out: MessageWriter<PileClicked>| {
                if ev.event().event.button == PointerButton::Primary {
                    out.write(PileClicked { owner });
                }
            })
            .observe(hover(e))
            .observe(unhover(e));
    }
}

/// Which model shows a piece kind: Toe-to-Toe's general and elephant have their own.
fn model(kind: u8, session: Option<&super::session::Session>) -> usize {
    let toe = session.is_some_and(|s| s.game.id() == variant_rules::GameId::ToeToe);
    match kind {
        5 if toe => 7,
        3 if toe => 8,
        k => k as usize,
    }
}

fn dress_hand(
    pieces: Query<(Entity, &HandPiece), (Added<HandPiece>, Without<Tile>)>,
    palette: Res<Palette>,
    seats: Res<Seats>,
    session: Option<Res<super::session::Session>>,
    mut commands: Commands,
) {
    for (e, p) in &pieces {
        let material = palette.colours[seats.colour_index(p.owner)].clone();
        dress_piece(&mut commands, e, (p.owner, p.kind), Pick::Hand(p.kind), &palette, material, session.as_deref());
    }
}

fn dress_chess_pieces(
    pieces: Query<(Entity, &ChessPiece, Option<&PieceMarks>), (Added<ChessPiece>, Without<Tile>)>,
    palette: Res<Palette>,
    seats: Res<Seats>,
    session: Option<Res<super::session::Session>>,
    mut commands: Commands,
) {
    for (e, p, marks) in &pieces {
        // A frozen piece (Double Chess) in its colour gone cold and grey.
        let colours = if marks.is_some_and(|m| m.frozen) { &palette.frozen } else { &palette.colours };
        let material = colours[seats.colour_index(p.owner)].clone();
        dress_piece(&mut commands, e, (p.owner, p.kind), Pick::Cell(p.cell), &palette, material, session.as_deref());
    }
}

/// Gives a chess-family piece (on the board or in a hand) its model in `material`, facing out
/// from its owner's side, and makes it pickable as `pick`.
fn dress_piece(
    commands: &mut Commands,
    e: Entity,
    (owner, kind): (Seat, u8),
    pick: Pick,
    palette: &Palette,
    material: Handle<PieceMaterial>,
    session: Option<&super::session::Session>,
) {
    let facing = facing(session, owner);
    commands.entity(e).insert(Visibility::default()).with_children(|c| spawn_model(c, &palette.pieces[model(kind, session)], &material, facing));
    make_interactive(commands.entity(e), pick);
}

fn fan_stacks(fan: Res<FanOut>, mut checkers: Query<(&CheckerPiece, &mut Transform)>) {
    if !fan.is_changed() {
        return;
    }
    for (ck, mut t) in &mut checkers {
        t.translation = checker_offset(ck.level, fan.0);
    }
}

fn draw_hover(hovered: Res<Hovered>, q: Query<&GlobalTransform>, mut gizmos: Gizmos) {
    if let Some(t) = hovered.0.and_then(|e| q.get(e).ok()) {
        let iso = Isometry3d::new(t.translation() + Vec3::Y * 0.05, Quat::from_rotation_x(std::f32::consts::FRAC_PI_2));
        gizmos.circle(iso, 0.47, Color::srgb(1.0, 0.9, 0.4));
    }
}

// ---- painted numbers --------------------------------------------------------------------------

/// Side of a number decal's texture in pixels.
const NUMBER_TEXTURE: usize = 64;

/// A white-on-transparent texture of `n` in seven-segment digits (6 and 9 underlined, so they
/// read the same from either side of the board).
pub fn number_image(n: u32) -> Image {
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    const SEGMENTS: [u8; 10] = [0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F]; // bits a..g
    let size = NUMBER_TEXTURE;
    let mut data = vec![0u8; size * size * 4];
    let mut fill = |x0: usize, y0: usize, w: usize, h: usize| {
        for y in y0..(y0 + h).min(size) {
            for x in x0..(x0 + w).min(size) {
                data[(y * size + x) * 4..][..4].copy_from_slice(&[255, 255, 255, 255]);
            }
        }
    };
    let digits: Vec<u32> = if n == 0 { vec![] } else { n.to_string().bytes().map(|b| (b - b'0') as u32).collect() };
    // Digit cells: 18x34 pixels with 5-pixel strokes, centred, 4 pixels apart.
    let (dw, dh, st, gap) = (18, 34, 5, 4);
    let total = digits.len() * dw + digits.len().saturating_sub(1) * gap;
    let (mut x, y) = ((size - total.min(size)) / 2, (size - dh) / 2 - 3);
    for &d in &digits {
        let seg = SEGMENTS[d as usize];
        let half = dh / 2;
        let bars = [
            (x, y, dw, st),                         // a: top
            (x + dw - st, y, st, half + st / 2),    // b: top right
            (x + dw - st, y + half, st, dh - half), // c: bottom right
            (x, y + dh - st, dw, st),               // d: bottom
            (x, y + half, st, dh - half),           // e: bottom left
            (x, y, st, half + st / 2),              // f: top left
            (x, y + half - st / 2, dw, st),         // g: middle
        ];
        for (i, &(bx, by, bw, bh)) in bars.iter().enumerate() {
            if seg & (1 << i) != 0 {
                fill(bx, by, bw, bh);
            }
        }
        if d == 6 || d == 9 {
            fill(x, y + dh + 3, dw, 3);
        }
        x += dw + gap;
    }
    Image::new(
        Extent3d { width: size as u32, height: size as u32, depth_or_array_layers: 1 },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

// ---- lathe-turned chess pieces --------------------------------------------------------------

/// Revolves a profile of (radius, height) points, bottom to top, around the Y axis.
pub fn lathe(profile: &[(f32, f32)], segments: usize) -> Mesh {
    let rings = profile.len();
    let mut positions = Vec::with_capacity(rings * (segments + 1));
    let mut normals = Vec::with_capacity(positions.capacity());
    let mut uvs = Vec::with_capacity(positions.capacity());
    for (i, &(r, y)) in profile.iter().enumerate() {
        // The profile's slope gives the normal's tilt.
        let (r0, y0) = profile[i.saturating_sub(1)];
        let (r1, y1) = profile[(i + 1).min(rings - 1)];
        let (dr, dy) = (r1 - r0, y1 - y0);
        let n2 = Vec2::new(dy, -dr).normalize_or(Vec2::X);
        for s in 0..=segments {
            let a = s as f32 / segments as f32 * TAU;
            let (sin, cos) = a.sin_cos();
            positions.push([r * cos, y, r * sin]);
            normals.push([n2.x * cos, n2.y, n2.x * sin]);
            uvs.push([s as f32 / segments as f32, i as f32 / (rings - 1) as f32]);
        }
    }
    let mut indices = Vec::new();
    let stride = (segments + 1) as u32;
    for i in 0..rings as u32 - 1 {
        for s in 0..segments as u32 {
            let (a, b) = (i * stride + s, (i + 1) * stride + s);
            indices.extend_from_slice(&[a, b, a + 1, a + 1, b, b + 1]);
        }
    }
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_indices(Indices::U32(indices))
}

/// The parts of a chess piece: a turned body plus, for some, a carved top.
fn chess_piece_parts(kind: u8, meshes: &mut Assets<Mesh>) -> Vec<(Handle<Mesh>, Transform)> {
    // Heights in cells: a king stands about 0.95 of a cell tall, a pawn about half.
    let base = [(0.0, 0.0), (0.34, 0.0), (0.34, 0.06), (0.29, 0.09), (0.22, 0.12)];
    let body = |rest: &[(f32, f32)]| {
        let mut p = base.to_vec();
        p.extend_from_slice(rest);
        lathe(&p, 32)
    };
    let mut parts = Vec::new();
    let mut add = |mesh: Mesh, t: Transform| parts.push((meshes.add(mesh), t));
    match kind {
        1 => {
            add(body(&[(0.13, 0.22), (0.1, 0.3), (0.16, 0.33), (0.0, 0.34)]), Transform::IDENTITY);
            add(Sphere::new(0.12).mesh().uv(24, 12), Transform::from_xyz(0.0, 0.44, 0.0));
        }
        2 => {
            add(body(&[(0.17, 0.25), (0.2, 0.3), (0.0, 0.31)]), Transform::IDENTITY);
            // The horse's head and muzzle: a leaning block and a snout facing the opponent.
            add(Cuboid::new(0.16, 0.36, 0.26).into(), Transform::from_xyz(0.0, 0.47, 0.02).with_rotation(Quat::from_rotation_x(-0.35)));
            add(Cuboid::new(0.14, 0.13, 0.26).into(), Transform::from_xyz(0.0, 0.56, -0.14).with_rotation(Quat::from_rotation_x(0.25)));
        }
        3 => {
            add(body(&[(0.12, 0.36), (0.09, 0.44), (0.16, 0.47), (0.0, 0.48)]), Transform::IDENTITY);
            add(Sphere::new(0.13).mesh().uv(24, 12), Transform::from_xyz(0.0, 0.58, 0.0).with_scale(Vec3::new(1.0, 1.45, 1.0)));
            add(Sphere::new(0.04).mesh().uv(12, 6), Transform::from_xyz(0.0, 0.79, 0.0));
        }
        4 => {
            add(body(&[(0.2, 0.3), (0.18, 0.4), (0.25, 0.44), (0.25, 0.56), (0.0, 0.56)]), Transform::IDENTITY);
            for i in 0..4 {
                let a = i as f32 * TAU / 4.0 + TAU / 8.0;
                add(Cuboid::new(0.11, 0.09, 0.11).into(), Transform::from_xyz(0.18 * a.cos(), 0.6, 0.18 * a.sin()));
            }
        }
        5 => {
            add(body(&[(0.12, 0.42), (0.1, 0.56), (0.2, 0.64), (0.23, 0.7), (0.0, 0.7)]), Transform::IDENTITY);
            for i in 0..8 {
                let a = i as f32 * TAU / 8.0;
                add(Sphere::new(0.045).mesh().uv(10, 6), Transform::from_xyz(0.19 * a.cos(), 0.73, 0.19 * a.sin()));
            }
            add(Sphere::new(0.07).mesh().uv(16, 8), Transform::from_xyz(0.0, 0.78, 0.0));
        }
        7 => {
            // Toe-to-Toe's general: a stout column under a broad, brimmed helmet with a crest.
            add(body(&[(0.15, 0.36), (0.12, 0.5), (0.27, 0.54), (0.27, 0.57), (0.15, 0.6), (0.12, 0.7), (0.0, 0.72)]), Transform::IDENTITY);
            add(Cuboid::new(0.04, 0.14, 0.24).into(), Transform::from_xyz(0.0, 0.77, 0.0));
        }
        8 => {
            // Toe-to-Toe's elephant: a squat body, a round head, a trunk and two ears.
            add(body(&[(0.2, 0.22), (0.15, 0.32), (0.0, 0.33)]), Transform::IDENTITY);
            add(Sphere::new(0.16).mesh().uv(24, 12), Transform::from_xyz(0.0, 0.44, 0.0));
            add(Cylinder::new(0.045, 0.26).into(), Transform::from_xyz(0.0, 0.36, -0.17).with_rotation(Quat::from_rotation_x(0.5)));
            for side in [-1.0f32, 1.0] {
                add(Sphere::new(0.1).mesh().uv(12, 6), Transform::from_xyz(side * 0.15, 0.47, 0.02).with_scale(Vec3::new(0.35, 1.0, 0.9)));
            }
        }
        6 => {
            add(body(&[(0.13, 0.46), (0.11, 0.62), (0.22, 0.7), (0.19, 0.78), (0.0, 0.78)]), Transform::IDENTITY);
            add(Cuboid::new(0.06, 0.2, 0.06).into(), Transform::from_xyz(0.0, 0.88, 0.0));
            add(Cuboid::new(0.16, 0.06, 0.06).into(), Transform::from_xyz(0.0, 0.9, 0.0));
        }
        _ => {}
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_images_differ_and_are_not_blank() {
        let ink = |n| number_image(n).data.unwrap().chunks(4).filter(|p| p[3] == 255).count();
        assert_eq!(ink(0), 0);
        let inks: Vec<usize> = (1..=12).map(ink).collect();
        assert!(inks.iter().all(|&i| i > 150), "{inks:?}");
        let images: Vec<_> = (1..=12).map(|n| number_image(n).data.unwrap()).collect();
        for i in 0..12 {
            for j in i + 1..12 {
                assert_ne!(images[i], images[j], "{} and {} look alike", i + 1, j + 1);
            }
        }
    }

    #[test]
    fn lathe_builds_a_closed_grid() {
        let m = lathe(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)], 8);
        assert_eq!(m.count_vertices(), 4 * 9);
        assert_eq!(m.indices().unwrap().len(), 3 * 8 * 6);
    }
}
