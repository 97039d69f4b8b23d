//! What the board looks like in a window: its one mesh (cells, ghost cells and a hexagon's
//! frame, from the layout) under `shaders/board.wgsl`, the 12x12 board's centre marking, the
//! Tri-board's 8-, 10- and 12-row markings, and clicks on it turned into clicks on the cell
//! under the pointer.

use bevy::asset::{load_internal_asset, uuid_handle};
use bevy::light::NotShadowCaster;
use bevy::pbr::{ExtendedMaterial, MaterialExtension};
use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;
use variant_rules::Wrap;

use crate::table::game::input::CellClicked;
use crate::table::geometry::{ghost_cells, plane_to_world};
use crate::table::look::drag::Dragging;
use crate::table::look::mesh::{DrawnCell, board_mesh, tri_markings_mesh};
use crate::table::look::shape::conform::Conforms;
use crate::table::look::shape::morph::ShownShape;
use crate::table::look::visuals::{PieceMaterial, piece_material};
use crate::table::mirror::board::{Board, cell_at};
use crate::table::schedule::TurnSystems;

const BOARD_SHADER: Handle<Shader> = uuid_handle!("5b0f9a3e-8d1c-4c57-9a53-2f6f6d1c0b11");

/// A window's part of the board (added by `TableRenderPlugin`: headless tables draw nothing).
pub(crate) fn plugin(app: &mut App) {
    load_internal_asset!(app, BOARD_SHADER, "../../../shaders/board.wgsl", Shader::from_wgsl);
    app.add_plugins(MaterialPlugin::<BoardMaterial>::default()).add_systems(Update, dress_board.in_set(TurnSystems::Draw));
}

/// The board material: PBR plus the inlaid-wood squares of `shaders/board.wgsl`.
pub type BoardMaterial = ExtendedMaterial<StandardMaterial, BoardExtension>;

/// Parameters of `shaders/board.wgsl` (one material for the whole board: one draw call). The
/// cells themselves (colour, ghostliness, grain seed, bevel) come with the mesh's vertices, built
/// from the board's layout in [`crate::table::look::mesh`].
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

/// Gives the board its one mesh (every cell and ghost cell, from the board's layout) and
/// material, and turns clicks and drops on it into clicks on the cell under the pointer. Cell
/// entities stay logic-only.
fn dress_board(
    boards: Query<(Entity, &Board), Added<Board>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<BoardMaterial>>,
    mut inlay: ResMut<Assets<PieceMaterial>>,
    mut commands: Commands,
) {
    for (e, board) in &boards {
        let base = StandardMaterial { perceptual_roughness: 0.55, ..default() };
        // An open plane: a faint grid on the felt, no grain, no bevel to speak of.
        let (light, dark, style) = if board.plane {
            (Color::srgb(0.15, 0.25, 0.18), Color::srgb(0.13, 0.22, 0.16), Vec4::new(0.0, 0.25, 0.0, 0.0))
        } else {
            (Color::srgb(0.86, 0.72, 0.52), Color::srgb(0.36, 0.22, 0.13), Vec4::new(0.12, 0.35, 0.55, 0.0))
        };
        let ext = BoardExtension { light: light.to_linear(), dark: dark.to_linear(), style };
        // A closed triangle is dimmed like the Tri-board's triangles beyond the game.
        let (mesh, to_bend) = board_meshes(board);
        if let Some(to_bend) = to_bend {
            let top_only = board.topology.wrap() == Wrap::Universal;
            commands.entity(e).insert(Conforms { source: Some(meshes.add(to_bend)), top_only });
        }
        // The board casts no shadow: nothing lies under it but the felt, which is the clear
        // colour and receives none. Drawing it into the shadow map would only cost a
        // shadow-map-sized fill a frame on software renderers.
        commands
            .entity(e)
            .insert((Mesh3d(meshes.add(mesh)), MeshMaterial3d(materials.add(ExtendedMaterial { base, extension: ext })), NotShadowCaster))
            .observe(click_board);
        // Lit as the pieces are: under Bevy's full PBR these thin bands cost lavapipe about 2 ms
        // a frame more, a quarter of what the whole Tri-board costs.
        let gold = || piece_material(StandardMaterial { base_color: Color::srgb(0.78, 0.62, 0.25), metallic: 0.6, perceptual_roughness: 0.4, ..default() });
        if !board.plane && board.topology.tri_board().is_some() {
            // The one physical Tri-board: its 8-, 10- and 12-row boards marked out (the game's
            // own stands out in full colour, the rest of the board dimmed in its mesh). Clicks
            // go through the inlay to the board.
            let (mesh, material) = (meshes.add(tri_markings_mesh()), inlay.add(gold()));
            commands.entity(e).with_child((
                Name::new("Tri-board markings"),
                Mesh3d(mesh),
                MeshMaterial3d(material),
                Transform::default(),
                Pickable::IGNORE,
                NotShadowCaster,
            ));
        }
        if let Some(strips) = centre_marking(board) {
            let gold = inlay.add(gold());
            commands.entity(e).with_children(|b| {
                for (i, (at, size)) in strips.into_iter().enumerate() {
                    b.spawn((
                        Name::new(format!("Centre board marking {i}")),
                        Mesh3d(meshes.add(Cuboid::from_size(size))),
                        MeshMaterial3d(gold.clone()),
                        Transform::from_translation(at),
                        NotShadowCaster,
                        Conforms::default(),
                    ));
                }
            });
        }
    }
}

/// The board's mesh as drawn flat (every cell, and the ghost copies of joined edges), and for a
/// board whose edges join the mesh its true shape bends (no ghosts: the edges meet).
pub fn board_meshes(board: &Board) -> (Mesh, Option<Mesh>) {
    let real: Vec<DrawnCell> = board.layout.cells().map(|(cell, _)| DrawnCell { cell, shift: [0.0, 0.0], ghost: board.dimmed.contains(&cell) }).collect();
    let ghosts = ghost_cells(board.topology).into_iter().map(|(shift, cell)| DrawnCell { cell, shift, ghost: true });
    let flat = board_mesh(board.layout, &real.iter().copied().chain(ghosts).collect::<Vec<_>>());
    (flat, (board.topology.wrap() != Wrap::Flat).then(|| board_mesh(board.layout, &real)))
}

/// Width of the inlaid line marking the standard 8x8 board inside the 12x12 board, in cells.
const MARKING_WIDTH: f32 = 0.05;

/// "It is convenient if the standard size board is indicated in the center by a special marking":
/// on the 12x12 board, four thin inlaid strips (centre, size) around the centre 8x8 (c3-j10).
fn centre_marking(board: &Board) -> Option<[(Vec3, Vec3); 4]> {
    let t = board.topology;
    if board.plane || t.tri_board().is_some() || (t.width(), t.height()) != (12, 12) {
        return None;
    }
    let lo = board.layout.polygon(t.cell(2, 2)?).bounds().0;
    let hi = board.layout.polygon(t.cell(9, 9)?).bounds().1;
    let y = Vec3::Y * (crate::table::look::mesh::THICKNESS / 2.0 + 0.002);
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

fn click_board(ev: On<Pointer<Click>>, boards: Query<&Board>, dragging: Res<Dragging>, shown: Res<ShownShape>, mut out: MessageWriter<CellClicked>) {
    let p = ev.event();
    if p.event.button != PointerButton::Primary || dragging.0.is_some() {
        return;
    }
    if let (Ok(board), Some(at)) = (boards.get(p.entity), p.event.hit.position)
        && let Some(cell) = cell_at(board, shown.to_flat(at))
    {
        out.write(CellClicked { cell });
    }
}
