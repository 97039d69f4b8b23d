//! Move highlights on the board: the picked-up piece, where it may go (captures in red), or
//! the hint's cells while nothing is picked up, as flat meshes cut to each cell's outline
//! (squares or triangles).

use std::collections::HashMap;

use bevy::asset::{load_internal_asset, uuid_handle};
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;

use crate::table::game::ai::Hint;
use crate::table::game::input::Selection;
use crate::table::game::session::Session;
use crate::table::geometry::{layout_of, plane_to_world};
use crate::table::look::mesh::{cell_mesh, outline_band_mesh};
use crate::table::look::shape::conform::Conforms;
use crate::table::schedule::TurnSystems;

const HIGHLIGHT_SHADER: Handle<Shader> = uuid_handle!("7c2e1d44-3a9b-4f0e-8e2d-61b0c4a9f7a2");

/// A window's part of the board (added by `TableRenderPlugin`: headless tables draw nothing).
pub(crate) fn plugin(app: &mut App) {
    load_internal_asset!(app, HIGHLIGHT_SHADER, "../../../shaders/highlight.wgsl", Shader::from_wgsl);
    app.add_plugins(MaterialPlugin::<HighlightMaterial>::default())
        .add_systems(Startup, make_materials)
        .add_systems(Update, show_highlights.in_set(TurnSystems::Draw));
}

/// The move-highlight material of `shaders/highlight.wgsl`.
#[derive(Asset, AsBindGroup, TypePath, Debug, Clone)]
pub struct HighlightMaterial {
    #[uniform(0)]
    pub color: LinearRgba,
    /// x: 0 quiet destination, 1 capture, 2 selected piece.
    #[uniform(0)]
    pub params: Vec4,
}

impl Material for HighlightMaterial {
    fn fragment_shader() -> ShaderRef {
        ShaderRef::Handle(HIGHLIGHT_SHADER)
    }
    fn alpha_mode(&self) -> AlphaMode {
        AlphaMode::Blend
    }
}

/// The highlight materials: by the shader's kind, 0 a quiet destination (a green dot), 1 a
/// capture (a red ring), 2 the selected piece (a gold square frame); then, for cells that are
/// not squares (whose sides would cut those shapes off), the same three colours solid, drawn
/// on a band along the cell's outline.
#[derive(Resource)]
pub struct HighlightMaterials(pub [Handle<HighlightMaterial>; 6]);

/// Width of the band that highlights a cell other than a square, inside its outline.
const BAND: f32 = 0.14;

fn make_materials(mut commands: Commands, mut highlights: ResMut<Assets<HighlightMaterial>>) {
    let mut hl = |color: Color, kind: f32| highlights.add(HighlightMaterial { color: color.to_linear(), params: Vec4::new(kind, 0.0, 0.0, 0.0) });
    commands.insert_resource(HighlightMaterials([
        hl(Color::srgba(0.2, 0.95, 0.45, 0.85), 0.0),
        hl(Color::srgba(1.0, 0.25, 0.15, 0.95), 1.0),
        hl(Color::srgba(1.0, 0.85, 0.25, 0.95), 2.0),
        hl(Color::srgba(0.2, 0.95, 0.45, 0.85), 0.0),
        hl(Color::srgba(1.0, 0.25, 0.15, 0.95), 0.0),
        hl(Color::srgba(1.0, 0.85, 0.25, 0.95), 0.0),
    ]));
}

/// Marker of the highlight quads (rebuilt whenever the selection changes).
#[derive(Component)]
struct HighlightMarker;

/// Highlight meshes by cell outline (corners relative to the centre, in 1/1024 cells): one for
/// every square of every square board, one per orientation where cells differ (a triangle
/// pointing up, one pointing down).
#[derive(Default)]
struct HighlightMeshes(HashMap<Vec<[i32; 2]>, Handle<Mesh>>);

#[allow(clippy::too_many_arguments)]
fn show_highlights(
    sel: Res<Selection>,
    hint: Res<Hint>,
    old: Query<Entity, With<HighlightMarker>>,
    session: Option<Res<Session>>,
    materials: Res<HighlightMaterials>,
    mut cache: Local<HighlightMeshes>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut commands: Commands,
) {
    if !sel.is_changed() && !hint.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(session) = session else { return };
    // Nothing picked up: the hint's cells, if one is shown, as a selection would show them.
    let hinted = hint.0.as_ref().filter(|_| sel.from.is_none() && sel.hand.is_none());
    if sel.from.is_none() && sel.hand.is_none() && hinted.is_none_or(|h| h.from.is_none()) {
        return;
    }
    let layout = layout_of(session.game.position().topology());
    let mut spawn = |cell, kind: usize| {
        let (g, c) = (layout.cell(cell), layout.centre(cell));
        let key = g.polygon.corners().iter().map(|p| [((p[0] - c[0]) * 1024.0).round() as i32, ((p[1] - c[1]) * 1024.0).round() as i32]).collect();
        // Squares take the shader's shapes; other cells a band along their outline.
        let square = g.polygon.corners().len() == 4;
        let mesh = cache.0.entry(key).or_insert_with(|| meshes.add(if square { cell_mesh(&g.polygon, c) } else { outline_band_mesh(&g.polygon, c, BAND) }));
        let kind = if square { kind } else { kind + 3 };
        commands.spawn((
            Name::new(format!("Highlight {}", g.name)),
            HighlightMarker,
            Mesh3d(mesh.clone()),
            MeshMaterial3d(materials.0[kind].clone()),
            Transform::from_translation(plane_to_world(c) + Vec3::Y * 0.045),
            Pickable::IGNORE,
            Conforms::default(),
        ));
    };
    if let Some(h) = hinted {
        h.from.into_iter().for_each(|c| spawn(c, 2));
        h.landings.iter().for_each(|&c| spawn(c, h.capture as usize));
        return;
    }
    if let Some(from) = sel.from {
        spawn(sel.hops.last().copied().unwrap_or(from), 2);
    }
    for &(cell, capture) in &sel.targets {
        spawn(cell, capture as usize);
    }
}
