// The board: one mesh for every cell (and the dimmed ghost cells that repeat wrapped edges),
// procedural inlaid-wood cells lit by the table's sun-and-ambient model (`lighting.wgsl`). The
// mesh is built from the board's layout (src/table/board/mesh.rs) and says per vertex what each
// cell is, so nothing here knows the board's shape: uv is the point within the cell (in cells,
// from its bounding box's corner), colour is (dark, ghost, grain seed, distance to the cell's edge),
// ghost -1 on the board's sides and underside.
//
// The main pass only: the board casts no shadow and has no prepass of its own.
#import bevy_pbr::forward_io::{VertexOutput, FragmentOutput}
#import variant_table::lighting::{sun_and_ambient, finish}

struct Board {
    light: vec4<f32>,
    dark: vec4<f32>,
    // x: grain strength, y: bevel darkening, z: ghost dimming
    style: vec4<f32>,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(100) var<uniform> board: Board;

fn hash(p: vec2<f32>) -> f32 {
    return fract(sin(dot(p, vec2<f32>(127.1, 311.7))) * 43758.5453);
}

fn noise(p: vec2<f32>) -> f32 {
    let i = floor(p);
    let f = fract(p);
    let u = f * f * (3.0 - 2.0 * f);
    return mix(mix(hash(i), hash(i + vec2<f32>(1.0, 0.0)), u.x),
               mix(hash(i + vec2<f32>(0.0, 1.0)), hash(i + vec2<f32>(1.0, 1.0)), u.x), u.y);
}

@fragment
fn fragment(in: VertexOutput) -> FragmentOutput {
    // The board mesh always has uvs (the point in its cell) and colours (what the cell is).
#ifdef VERTEX_COLORS
    let cell = in.color;
#else
    let cell = vec4<f32>(0.0, 0.0, 0.0, 0.5);
#endif
#ifdef VERTEX_UVS_A
    let uv = in.uv;
#else
    let uv = vec2<f32>(0.5, 0.5);
#endif
    var color = select(board.light.rgb, board.dark.rgb, cell.x > 0.5);
    // Wood grain, seeded per cell so neighbouring cells differ.
    let seed = cell.z;
    let p = uv * vec2<f32>(3.0, 14.0) + vec2<f32>(seed * 7.31, seed * 3.17);
    let grain = 0.5 + 0.5 * sin(p.y * 2.0 + noise(p) * 6.0);
    color = color * (1.0 - board.style.x * grain);
    // Bevel: darken towards each cell's edge so cells read as inlaid pieces.
    color = color * mix(1.0 - board.style.y, 1.0, smoothstep(0.0, 0.06, cell.w));
    // Ghost cells (outside the real board): faded, so a wrapped edge is visible but not the board.
    if cell.y > 0.5 {
        color = mix(color, vec3<f32>(0.16, 0.15, 0.14), board.style.z);
    }
    // The board's sides and underside are plain dark wood (told by their data, not their
    // normal: a board bent into its true shape has cells facing every way).
    if cell.y < -0.5 {
        color = board.dark.rgb * 0.7;
    }
    var out: FragmentOutput;
    // Varnished wood: dielectric (4% reflectance), a broad highlight.
    out.color = finish(vec4<f32>(sun_and_ambient(in.world_position, in.world_normal, in.position.xy, color, vec3<f32>(0.04), 48.0), 1.0), in.position.xy);
    return out;
}
