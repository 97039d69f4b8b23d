//! `variant-table frame-bench`: median frame time and time to first frames, for comparing the
//! table's scene with a bare Bevy 3D scene in the same conditions (`scripts/bench-render.sh`).

use std::time::Instant;

use bevy::prelude::*;

/// Frames skipped before measuring (pipelines compile, shadow maps warm up).
pub const WARMUP_FRAMES: u32 = 60;
/// Frame counted as "the first frames are on screen" for the startup figure: the window
/// exists, the scene is spawned and a few frames have been presented.
pub const STARTUP_FRAME: u32 = 3;

/// Measurement state.
#[derive(Resource)]
pub struct FrameBench {
    launched: Instant,
    frames: u32,
    measure: u32,
    samples: Vec<f64>,
    startup: Option<f64>,
    label: String,
}

impl FrameBench {
    /// A bench of `measure` frames, timed from `launched`.
    pub fn new(label: &str, launched: Instant, measure: u32) -> FrameBench {
        FrameBench { launched, frames: 0, measure, samples: Vec::new(), startup: None, label: label.into() }
    }
}

/// Records frames, prints the figures and exits when done.
pub fn plugin(app: &mut App) {
    app.add_systems(Last, record).add_systems(Update, hide_parts);
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
    if bench.frames > WARMUP_FRAMES {
        let dt = time.delta_secs_f64();
        bench.samples.push(dt);
    }
    if bench.samples.len() as u32 >= bench.measure {
        let mut s = bench.samples.clone();
        s.sort_by(|a, b| a.total_cmp(b));
        let median = s[s.len() / 2];
        println!("scene: {}", bench.label);
        println!("median_frame_ms: {:.3}", median * 1000.0);
        println!("startup_ms: {:.1}", bench.startup.unwrap_or(0.0) * 1000.0);
        if let Some(kb) = resident_kb() {
            println!("rss_mb: {:.1}", kb as f64 / 1024.0);
        }
        exit.write(AppExit::Success);
    }
}

/// Profiling aid: `VT_HIDE=board,pieces,shadows,hud` hides those parts of the scene, so the
/// cost of each shows as the difference in median frame time.
pub fn hide_parts(mut q: Query<(&mut Visibility, Option<&Name>)>, mut lights: Query<&mut DirectionalLight>, mut ui: Query<&mut Node, Without<ChildOf>>) {
    let hide = std::env::var("VT_HIDE").unwrap_or_default();
    for (mut v, name) in &mut q {
        let n = name.map(|n| n.as_str()).unwrap_or("");
        if (hide.contains("board") && n.starts_with("Board")) || (hide.contains("pieces") && (n.starts_with("Stack") || n == "Piece model")) {
            *v = Visibility::Hidden;
        }
    }
    if hide.contains("shadows") {
        for mut l in &mut lights {
            l.shadow_maps_enabled = false;
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
