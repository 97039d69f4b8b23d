//! What the pieces look like, and the table round them: the felt and the sun, the shared piece
//! palette (Staunton-like chess pieces from [`crate::table::look::models`], one mesh each, made
//! once and shared; thick checkers with a crown band on the edge and a crown on top, and painted
//! numbers turned to whoever looks at them; tile slabs), and the picking observers that turn
//! clicks and drops on pieces into [`CellClicked`] messages. The board's own look is in
//! [`crate::table::look::dress`], the seats' plates in [`crate::table::look::plates`].

use bevy::asset::{load_internal_asset, uuid_handle};
use bevy::light::{CascadeShadowConfigBuilder, DirectionalLightShadowMap};
use bevy::mesh::{MeshVertexAttribute, MeshVertexBufferLayoutRef, VertexFormat};
use bevy::pbr::{ExtendedMaterial, MaterialExtension, MaterialExtensionKey, MaterialExtensionPipeline};
use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::picking::mesh_picking::MeshPickingPlugin;
use bevy::prelude::*;
use bevy::render::render_resource::{AsBindGroup, RenderPipelineDescriptor, SpecializedMeshPipelineError};
use bevy::render::renderer::RenderAdapterInfo;
use bevy::shader::ShaderRef;
use variant_rules::scene::PieceKind;
use variant_rules::{Position, Seat};

use crate::table::game::input::{CellClicked, HandClicked, PileClicked};
use crate::table::game::seats::Seats;
use crate::table::game::view::FanOut;
use crate::table::look::camera::{OrbitCamera, is_software};
use crate::table::look::detail::ModelDetail;
use crate::table::look::drag::{Dragging, Pick, draggable};
use crate::table::look::models::{Model, checker_crown, number_image, piece_surface};
use crate::table::look::shape::morph::ShownShape;
use crate::table::look::solids::Detail;
use crate::table::mirror::pieces::{CHECKER_HEIGHT, CheckerPiece, ChessPiece, DrawPile, HandPiece, PieceMarks, Stack, TILE_HEIGHT, Tile, checker_offset};
use crate::table::mirror::taken::CapturedPiece;
use crate::table::schedule::TurnSystems;
use crate::table::sets::SEAT_COLOURS;

const PIECE_SHADER: Handle<Shader> = uuid_handle!("0d7a4f5e-62b1-4c0e-b5c3-8e41f2a9d6c3");
const LIGHTING_SHADER: Handle<Shader> = uuid_handle!("c41e9b27-5f3d-4a86-9e0b-7d2a6c8f1e54");

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

    /// A mesh marked [`ATTRIBUTE_UNSHADOWED`] is drawn without looking up the shadows that
    /// fall on it (`NO_RECEIVED_SHADOW` in `shaders/lighting.wgsl`); it still casts its own.
    fn specialize(
        _pipeline: &MaterialExtensionPipeline,
        descriptor: &mut RenderPipelineDescriptor,
        layout: &MeshVertexBufferLayoutRef,
        _key: MaterialExtensionKey<Self>,
    ) -> Result<(), SpecializedMeshPipelineError> {
        if layout.0.contains(ATTRIBUTE_UNSHADOWED)
            && let Some(fragment) = descriptor.fragment.as_mut()
        {
            fragment.shader_defs.push("NO_RECEIVED_SHADOW".into());
        }
        Ok(())
    }
}

/// Marks a piece mesh drawn without the shadows that fall on it: low-detail models on a
/// software adapter. A piece drawn low is some thirty pixels tall, where a neighbour's shadow
/// across it is a few darker pixels; on lavapipe the shadow lookup was a third of what the 96
/// pieces of six-seat Tri-Chess cost a frame (`VT_AB=pieces`: 14 ms with Bevy's lookup, 9
/// without), since each of their many small triangles is shaded in whole blocks of pixels.
/// Its values are unused (zero): only its presence in the mesh's layout counts.
pub const ATTRIBUTE_UNSHADOWED: MeshVertexAttribute = MeshVertexAttribute::new("Vertex_Unshadowed", 0x5654_0001, VertexFormat::Float32);

/// A low-detail model's mesh marked [`ATTRIBUTE_UNSHADOWED`].
fn unshadowed(mut mesh: Mesh) -> Mesh {
    let n = mesh.count_vertices();
    mesh.insert_attribute(ATTRIBUTE_UNSHADOWED, vec![0.0f32; n]);
    mesh
}

/// A piece material from StandardMaterial's settings.
pub(crate) fn piece_material(base: StandardMaterial) -> PieceMaterial {
    ExtendedMaterial { base, extension: PieceLighting::default() }
}

pub(super) fn plugin(app: &mut App) {
    load_internal_asset!(app, LIGHTING_SHADER, "../../../shaders/lighting.wgsl", Shader::from_wgsl);
    load_internal_asset!(app, PIECE_SHADER, "../../../shaders/piece.wgsl", Shader::from_wgsl);
    // Bevy's default picking plugins bring no backend for meshes: without this, clicks on the
    // board and the pieces reach nothing.
    app.add_plugins((MeshPickingPlugin, MaterialPlugin::<PieceMaterial>::default()))
        .init_resource::<Hovered>()
        .add_systems(Startup, (setup_palette, spawn_table).chain())
        .add_systems(
            Update,
            (dress_checkers, dress_chess_pieces, dress_hand, dress_captured, dress_tiles, fan_stacks, turn_numbers, draw_hover).in_set(TurnSystems::Draw),
        );
}

/// Shared meshes and materials, made once.
#[derive(Resource)]
pub struct Palette {
    checker: Handle<Mesh>,
    crown_band: Handle<Mesh>,
    /// One material per entry of [`SEAT_COLOURS`].
    colours: Vec<Handle<PieceMaterial>>,
    /// The same colours frozen (sets whose player is checkmated and out): greyed, cold, translucent.
    frozen: Vec<Handle<PieceMaterial>>,
    /// Number decals for the Numbers variation: `[n][ink]`, ink 0 light (for dark pieces), 1 dark.
    numbers: Vec<[Handle<PieceMaterial>; 2]>,
    number_decal: Handle<Mesh>,
    gold: Handle<PieceMaterial>,
    /// Each piece model's meshes at each [`Detail`], in [`Model::ALL`]'s order.
    pieces: Vec<[Handle<Mesh>; 2]>,
    /// The crown standing on a crowned checker's top face.
    crown: Handle<Mesh>,
    /// Tiles: a thick slab per side (White's translucent acrylic, Black's opaque), and the
    /// face-down back shown on the draw piles.
    slab: Handle<Mesh>,
    slabs: [Handle<PieceMaterial>; 2],
}

/// The stack or piece under the pointer, for the hover ring and the inspection panel.
#[derive(Resource, Default, Debug)]
pub struct Hovered(pub Option<Entity>);

fn setup_palette(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut images: ResMut<Assets<Image>>,
    mut materials: ResMut<Assets<PieceMaterial>>,
    adapter: Option<Res<RenderAdapterInfo>>,
) {
    let glossy = |r: f32, g: f32, b: f32| StandardMaterial { base_color: Color::srgb(r, g, b), perceptual_roughness: 0.3, reflectance: 0.6, ..default() };
    let software = adapter.is_some_and(|a| is_software(&a));
    let model = |m: Model, d: Detail| {
        let mesh = piece_surface(m, d).into_mesh();
        if software && d == Detail::Low { unshadowed(mesh) } else { mesh }
    };
    let pieces = Model::ALL.iter().map(|&m| Detail::ALL.map(|d| meshes.add(model(m, d)))).collect();
    commands.insert_resource(Palette {
        // Checkers: thick discs a little smaller than a cell, like a real set.
        checker: meshes.add(Cylinder::new(0.4, CHECKER_HEIGHT * 0.96)),
        crown_band: meshes.add(Torus::new(0.385, 0.425)),
        crown: meshes.add(checker_crown().into_mesh()),
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

/// The table's ambient light (a board bent into its true shape gets more: `look::shape::light`).
pub const AMBIENT_BRIGHTNESS: f32 = 400.0;

fn spawn_table(mut commands: Commands) {
    // The felt is the clear colour: a flat, unlit green costs nothing per pixel, which matters
    // to software renderers (a table mesh filling the screen cost more than the whole board).
    commands.insert_resource(ClearColor(Color::srgb(0.13, 0.22, 0.16)));
    commands.spawn((
        Name::new("Sun"),
        crate::table::look::camera::Sun,
        DirectionalLight { illuminance: 9000.0, shadow_maps_enabled: true, ..default() },
        // One cascade: the whole table fits in it, and software renderers draw one shadow map
        // instead of four.
        CascadeShadowConfigBuilder { num_cascades: 1, maximum_distance: crate::table::look::camera::SHADOW_DISTANCE, ..default() }.build(),
        Transform::from_translation(crate::table::look::camera::SUN_AT).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    // 1024² is plenty for a board of at most 12x12 cells in the one cascade.
    commands.insert_resource(DirectionalLightShadowMap { size: 1024 });
    commands.insert_resource(GlobalAmbientLight { color: Color::srgb(0.9, 0.9, 1.0), brightness: AMBIENT_BRIGHTNESS, ..default() });
}

/// Makes a piece, stack or tile something the pointer can use: a click picks it (as a click on
/// its cell, or on a piece in hand — unless it is the release of a drag, which [`crate::table::look::drag`]
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

fn dress_checkers(
    stacks: Query<(Entity, &Stack), Added<Stack>>,
    checkers: Query<(Entity, &CheckerPiece, &ChildOf), Added<CheckerPiece>>,
    palette: Res<Palette>,
    seats: Res<Seats>,
    session: Option<Res<crate::table::game::session::Session>>,
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
            // Light ink on dark pieces, dark ink on light ones; upright for the owner until
            // [`turn_numbers`] turns it to the camera.
            let ink = (seats.colour(ck.owner).luminance() > 0.3) as usize;
            let facing = facing(session.as_deref(), ck.owner);
            commands.entity(e).with_child((
                Name::new(format!("Number {}", ck.number)),
                Mesh3d(palette.number_decal.clone()),
                MeshMaterial3d(palette.numbers[ck.number as usize % palette.numbers.len()][ink].clone()),
                Transform::from_translation(Vec3::Y * (CHECKER_HEIGHT * 0.48 + 0.002)).with_rotation(facing),
                FacesViewer,
            ));
        }
        if ck.king {
            // The crown is painted round the edge, so a king shows even deep in a stack, and
            // stands on the top face, so it shows from any seat (a checker stacked on it hides it).
            commands.entity(e).with_children(|c| {
                c.spawn((
                    Name::new("Crown band"),
                    Mesh3d(palette.crown_band.clone()),
                    MeshMaterial3d(palette.gold.clone()),
                    Transform::from_scale(Vec3::new(1.0, 0.9, 1.0)),
                ));
                c.spawn((
                    Name::new("Crown"),
                    Mesh3d(palette.crown.clone()),
                    MeshMaterial3d(palette.gold.clone()),
                    Transform::from_translation(Vec3::Y * CHECKER_HEIGHT * 0.48),
                ));
            });
        }
    }
}

/// How a seat's pieces are turned: from the seat's side of the board towards the middle
/// (matters for the knight's head and the painted numbers).
fn facing(session: Option<&crate::table::game::session::Session>, owner: Seat) -> Quat {
    let yaw = session
        .map_or(if owner == Seat::A { 0.0 } else { std::f32::consts::PI }, |s| crate::table::game::view::TurnView::yaw_of_seat(s.game.position(), owner));
    Quat::from_rotation_y(yaw)
}

/// A tile slab's material: White's translucent, Black's opaque.
fn slab(palette: &Palette, owner: Seat) -> Handle<PieceMaterial> {
    palette.slabs[owner.index().min(palette.slabs.len() - 1)].clone()
}

/// Spawns a piece's model (one mesh: one draw) as a child, turned to face `facing`.
fn spawn_model(c: &mut ChildSpawnerCommands, palette: &Palette, kind: PieceKind, material: &Handle<PieceMaterial>, facing: Quat) {
    let detail = ModelDetail::new(palette.pieces[Model::of(kind).index()].clone());
    c.spawn((Name::new("Piece model"), Mesh3d(detail.mesh(detail.shown)), detail, MeshMaterial3d(material.clone()), Transform::from_rotation(facing)));
}

fn dress_tiles(
    tiles: Query<(Entity, Option<&ChessPiece>, Option<&HandPiece>), Added<Tile>>,
    piles: Query<(Entity, &DrawPile), Added<DrawPile>>,
    palette: Res<Palette>,
    seats: Res<Seats>,
    session: Option<Res<crate::table::game::session::Session>>,
    mut commands: Commands,
) {
    for (e, on_board, held) in &tiles {
        // A tile in play, or the one just drawn (held above its pile until placed).
        let (owner, kind) = match (on_board, held) {
            (Some(p), _) => (p.owner, p.kind),
            (None, Some(h)) => (h.owner, h.kind),
            (None, None) => continue,
        };
        // The piece stands on its slab, four fifths of its size on a board (its foot stays on the
        // slab), in the other seat's colour so it shows against the slab (the slab's colour says
        // whose tile it is).
        let other = session.as_ref().map_or(Seat::B, |s| s.game.position().seating().opponent(owner));
        let colour = palette.colours[seats.colour_index(other)].clone();
        commands.entity(e).insert(Visibility::default()).with_children(|c| {
            c.spawn((
                Name::new("Tile slab"),
                Mesh3d(palette.slab.clone()),
                MeshMaterial3d(slab(&palette, owner)),
                Transform::from_xyz(0.0, TILE_HEIGHT / 2.0, 0.0),
            ));
            c.spawn((Name::new("Tile piece"), Transform::from_xyz(0.0, TILE_HEIGHT, 0.0).with_scale(Vec3::splat(0.8)), Visibility::default()))
                .with_children(|m| spawn_model(m, &palette, kind, &colour, facing(session.as_deref(), owner)));
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
                        Name::new(format!("Face-down tile {i}")),
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

fn dress_hand(
    pieces: Query<(Entity, &HandPiece), (Added<HandPiece>, Without<Tile>)>,
    palette: Res<Palette>,
    seats: Res<Seats>,
    session: Option<Res<crate::table::game::session::Session>>,
    mut commands: Commands,
) {
    for (e, p) in &pieces {
        let material = palette.colours[seats.colour_index(p.owner)].clone();
        dress_piece(&mut commands, e, (p.owner, p.kind), Pick::Hand(p.kind), &palette, material, session.as_deref());
    }
}

/// A piece in a captured row: its model (a checker as a disc, crowned for a king), in its
/// owner's colour; it cannot be picked.
fn dress_captured(
    pieces: Query<(Entity, &CapturedPiece), Added<CapturedPiece>>,
    palette: Res<Palette>,
    seats: Res<Seats>,
    session: Option<Res<crate::table::game::session::Session>>,
    mut commands: Commands,
) {
    for (e, p) in &pieces {
        let material = palette.colours[seats.colour_index(p.owner)].clone();
        if !matches!(p.kind, PieceKind::Man | PieceKind::CheckerKing) {
            let facing = facing(session.as_deref(), p.owner);
            commands.entity(e).with_children(|c| spawn_model(c, &palette, p.kind, &material, facing));
            continue;
        }
        commands.entity(e).with_children(|c| {
            let mut disc = c.spawn((
                Name::new("Captured checker"),
                Mesh3d(palette.checker.clone()),
                MeshMaterial3d(material),
                Transform::from_translation(checker_offset(0, false)),
            ));
            if p.kind == PieceKind::CheckerKing {
                disc.with_child((
                    Name::new("Crown band"),
                    Mesh3d(palette.crown_band.clone()),
                    MeshMaterial3d(palette.gold.clone()),
                    Transform::from_scale(Vec3::new(1.0, 0.9, 1.0)),
                ));
            }
        });
    }
}

fn dress_chess_pieces(
    pieces: Query<(Entity, &ChessPiece, Option<&PieceMarks>), (Added<ChessPiece>, Without<Tile>)>,
    palette: Res<Palette>,
    seats: Res<Seats>,
    session: Option<Res<crate::table::game::session::Session>>,
    mut commands: Commands,
) {
    for (e, p, marks) in &pieces {
        // A frozen piece in its colour gone cold and grey.
        let colours = if marks.is_some_and(|m| m.0.frozen) { &palette.frozen } else { &palette.colours };
        let material = colours[seats.colour_index(p.owner)].clone();
        dress_piece(&mut commands, e, (p.owner, p.kind), Pick::Cell(p.cell), &palette, material, session.as_deref());
    }
}

/// Gives a chess-family piece (on the board or in a hand) its model in `material`, facing out
/// from its owner's side, and makes it pickable as `pick`.
fn dress_piece(
    commands: &mut Commands,
    e: Entity,
    (owner, kind): (Seat, PieceKind),
    pick: Pick,
    palette: &Palette,
    material: Handle<PieceMaterial>,
    session: Option<&crate::table::game::session::Session>,
) {
    let facing = facing(session, owner);
    commands.entity(e).insert(Visibility::default()).with_children(|c| spawn_model(c, palette, kind, &material, facing));
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

/// A painted number that turns on its checker's top to read upright from the camera, whichever
/// seat the view is at.
#[derive(Component)]
pub struct FacesViewer;

/// The turn about the vertical that makes a decal's top (its -Z) point away from a camera
/// looking along `forward`.
pub fn upright_for(forward: Vec3) -> Quat {
    let f = Vec2::new(forward.x, forward.z);
    if f.length_squared() < 1e-8 {
        // Straight down: keep the south seat's reading.
        return Quat::IDENTITY;
    }
    Quat::from_rotation_y((-f.x).atan2(-f.y))
}

fn turn_numbers(
    camera: Query<&GlobalTransform, (With<OrbitCamera>, Changed<GlobalTransform>)>,
    added: Query<(), Added<FacesViewer>>,
    shown: Res<ShownShape>,
    cameras: Query<&GlobalTransform, With<OrbitCamera>>,
    parents: Query<&GlobalTransform, Without<FacesViewer>>,
    mut decals: Query<(&mut Transform, &ChildOf), With<FacesViewer>>,
) {
    if camera.is_empty() && added.is_empty() && !shown.is_changed() {
        return;
    }
    let Some(view) = cameras.iter().next() else { return };
    for (mut t, parent) in &mut decals {
        // Turned about the checker's own up (on a bent board it stands along the surface's
        // normal): the camera's direction as the checker sees it.
        let turned = parents.get(parent.parent()).map_or(Quat::IDENTITY, |g| g.rotation());
        t.rotation = upright_for(turned.inverse() * view.forward().as_vec3());
    }
}

fn draw_hover(hovered: Res<Hovered>, q: Query<&GlobalTransform>, mut gizmos: Gizmos) {
    if let Some(t) = hovered.0.and_then(|e| q.get(e).ok()) {
        // Round the piece's base, on the surface it stands on (tilted with a bent board).
        let iso = Isometry3d::new(t.translation() + t.up() * 0.05, t.rotation() * Quat::from_rotation_x(std::f32::consts::FRAC_PI_2));
        gizmos.circle(iso, 0.47, Color::srgb(1.0, 0.9, 0.4));
    }
}
