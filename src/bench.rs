//! `variant-table frame-bench`: median frame time and time to first frames, for comparing the
//! table's scene with a bare Bevy 3D scene in the same conditions (`scripts/bench-render.sh`).

use std::time::Instant;

use bevy::prelude::*;

/// Frames skipped before measuring (pipelines compile, shadow maps warm up).
pub const WARMUP_FRAMES: u32 = 60;
/// Frame counted as "the first frames are on screen" for the startup figure: the window
/// exists, the scene is spawned and a few frames have been presented.
pub const STARTUP_FRAME: u32 = 3;

/// Frames in each half of an A/B block (`VT_AB`): the parts shown for this many frames, then
/// hidden for as many.
pub const AB_BLOCK: u32 = 8;
/// Frames after each switch left out of both A/B samples: the pipelined renderer draws a frame
/// while the next is simulated, so the first frames after a switch are mixed.
pub const AB_SETTLE: u32 = 3;

/// Measurement state.
#[derive(Resource)]
pub struct FrameBench {
    launched: Instant,
    frames: u32,
    measure: u32,
    samples: Vec<f64>,
    /// A/B mode: frames with the `VT_AB` parts hidden (`samples` then holds those shown).
    hidden_samples: Vec<f64>,
    startup: Option<f64>,
    label: String,
}

impl FrameBench {
    /// A bench of `measure` frames, timed from `launched`.
    pub fn new(label: &str, launched: Instant, measure: u32) -> FrameBench {
        FrameBench { launched, frames: 0, measure, samples: Vec::new(), hidden_samples: Vec::new(), startup: None, label: label.into() }
    }

    /// In A/B mode, whether the parts are hidden in frame `frame`.
    fn ab_hidden(frame: u32) -> bool {
        (frame / AB_BLOCK) % 2 == 1
    }
}

/// The parts `VT_AB` names (board, pieces, shadows; board-unlit swaps the board's material): their cost is measured in one process,
/// shown and hidden in alternate blocks of frames, so slow drifts of the machine (which move
/// one run's median by ±15% here) fall on both halves alike.
fn ab_parts() -> String {
    std::env::var("VT_AB").unwrap_or_default()
}

/// Records frames, prints the figures and exits when done.
pub fn plugin(app: &mut App) {
    app.add_systems(Last, record).add_systems(Update, (hide_parts, swap_board_material));
}

/// The board's own material, kept while `VT_AB=board-unlit` swaps in Bevy's unlit one.
#[derive(Resource)]
struct BoardOwn(Handle<crate::table::look::dress::BoardMaterial>, Handle<StandardMaterial>);

/// `VT_AB=board-unlit`: the board drawn with its own shader and with Bevy's unlit
/// `StandardMaterial` in alternate blocks, so what the board's shading costs beyond filling its
/// pixels shows as `ab_cost_ms`.
fn swap_board_material(
    bench: Option<Res<FrameBench>>,
    own: Option<Res<BoardOwn>>,
    boards: Query<(Entity, Option<&MeshMaterial3d<crate::table::look::dress::BoardMaterial>>), With<crate::table::mirror::board::Board>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut commands: Commands,
) {
    if !ab_parts().contains("board-unlit") {
        return;
    }
    let Some(bench) = bench else { return };
    for (e, material) in &boards {
        let Some(own) = own.as_deref() else {
            if let Some(m) = material {
                let unlit = materials.add(StandardMaterial { unlit: true, base_color: Color::srgb(0.6, 0.45, 0.3), ..default() });
                commands.insert_resource(BoardOwn(m.0.clone(), unlit));
            }
            continue;
        };
        let hidden = FrameBench::ab_hidden(bench.frames);
        if hidden && material.is_some() {
            commands.entity(e).remove::<MeshMaterial3d<crate::table::look::dress::BoardMaterial>>().insert(MeshMaterial3d(own.1.clone()));
        } else if !hidden && material.is_none() {
            commands.entity(e).remove::<MeshMaterial3d<StandardMaterial>>().insert(MeshMaterial3d(own.0.clone()));
        }
    }
}

/// The bare comparison scene: one cube, one light, a camera.
pub fn bare_scene(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    commands.spawn((Mesh3d(meshes.add(Cuboid::default())), MeshMaterial3d(materials.add(Color::srgb(0.8, 0.7, 0.6)))));
    commands.spawn((PointLight { shadow_maps_enabled: true, ..default() }, Transform::from_xyz(4.0, 8.0, 4.0)));
    commands.spawn((Camera3d::default(), Transform::from_xyz(-2.5, 4.5, 9.0).looking_at(Vec3::ZERO, Vec3::Y)));
}

fn record(mut bench: ResMut<FrameBench>, time: Res<Time<Real>>, mut exit: MessageWriter<AppExit>) {
    bench.frames += 1;
    if bench.frames == STARTUP_FRAME {
        bench.startup = Some(bench.launched.elapsed().as_secs_f64());
    }
    let ab = !ab_parts().is_empty();
    if bench.frames > WARMUP_FRAMES {
        let dt = time.delta_secs_f64();
        if !ab {
            bench.samples.push(dt);
        } else if bench.frames % AB_BLOCK >= AB_SETTLE {
            if FrameBench::ab_hidden(bench.frames) { bench.hidden_samples.push(dt) } else { bench.samples.push(dt) }
        }
    }
    let enough = |s: &[f64]| s.len() as u32 >= bench.measure;
    if enough(&bench.samples) && (!ab || enough(&bench.hidden_samples)) {
        let shown = median(&bench.samples);
        println!("scene: {}", bench.label);
        println!("median_frame_ms: {:.3}", shown * 1000.0);
        if ab {
            let hidden = median(&bench.hidden_samples);
            println!("ab_parts: {}", ab_parts());
            println!("ab_hidden_median_frame_ms: {:.3}", hidden * 1000.0);
            println!("ab_cost_ms: {:.3}", (shown - hidden) * 1000.0);
        }
        println!("startup_ms: {:.1}", bench.startup.unwrap_or(0.0) * 1000.0);
        if let Some(kb) = resident_kb() {
            println!("rss_mb: {:.1}", kb as f64 / 1024.0);
        }
        exit.write(AppExit::Success);
    }
}

fn median(samples: &[f64]) -> f64 {
    let mut s = samples.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    s[s.len() / 2]
}

/// Profiling aid: `VT_HIDE=board,pieces,shadows,hud` hides those parts of the scene, so the
/// cost of each shows as the difference in median frame time; `VT_AB=board,pieces,shadows`
/// hides and shows those parts in alternate blocks of [`AB_BLOCK`] frames and prints both
/// medians.
pub fn hide_parts(
    bench: Option<Res<FrameBench>>,
    mut q: Query<(&mut Visibility, Option<&Name>)>,
    mut lights: Query<&mut DirectionalLight>,
    mut ui: Query<&mut Node, Without<ChildOf>>,
) {
    let mut hide = std::env::var("VT_HIDE").unwrap_or_default();
    // `board-unlit` swaps the board's material (`swap_board_material`); it hides nothing.
    let ab = ab_parts().replace("board-unlit", "");
    let ab_hidden = bench.is_some_and(|b| FrameBench::ab_hidden(b.frames));
    if ab_hidden {
        hide = format!("{hide},{ab}");
    }
    let part = |n: &str| {
        if n.starts_with("Board") {
            "board"
        } else if n.starts_with("Stack") || n == "Piece model" {
            "pieces"
        } else {
            ""
        }
    };
    for (mut v, name) in &mut q {
        let p = part(name.map(|n| n.as_str()).unwrap_or(""));
        if p.is_empty() {
            continue;
        }
        if hide.contains(p) {
            v.set_if_neq(Visibility::Hidden);
        } else if ab.contains(p) {
            v.set_if_neq(Visibility::Inherited);
        }
    }
    if hide.contains("shadows") || ab.contains("shadows") {
        for mut l in &mut lights {
            l.shadow_maps_enabled = !hide.contains("shadows");
        }
    }
    if hide.contains("hud") {
        for mut n in &mut ui {
            n.display = Display::None;
        }
    }
}

/// The process's resident memory in kB, where the system says (Linux's `/proc/self/status`).
fn resident_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status.lines().find_map(|l| l.strip_prefix("VmRSS:")).and_then(|v| v.split_whitespace().next()).and_then(|n| n.parse().ok())
}
