// The board: one mesh for every cell (and the dimmed ghost cells that repeat wrapped edges),
// procedural inlaid-wood squares lit by the table's sun-and-ambient model (`lighting.wgsl`). Cells are found from the world position: the board is centred on the origin, one
// world unit per cell, rank 1 towards +z.
#import bevy_pbr::{
    pbr_fragment::pbr_input_from_standard_material,
    pbr_functions::alpha_discard,
}
#ifdef PREPASS_PIPELINE
#import bevy_pbr::{
    prepass_io::{VertexOutput, FragmentOutput},
    pbr_deferred_functions::deferred_output,
}
#else
#import bevy_pbr::{
    forward_io::{VertexOutput, FragmentOutput},
    pbr_functions::main_pass_post_lighting_processing,
}
#import variant_table::lighting::sun_and_ambient
#endif

struct Board {
    // x: files, y: ranks, z: ghost columns each side, w: ghost rows each end
    size: vec4<f32>,
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
fn fragment(in: VertexOutput, @builtin(front_facing) is_front: bool) -> FragmentOutput {
    var pbr_input = pbr_input_from_standard_material(in, is_front);
    // Board coordinates: file from the first player's left, rank from the first player's side.
    let fx = in.world_position.x + board.size.x * 0.5;
    let fy = board.size.y * 0.5 - in.world_position.z;
    let cell = floor(vec2<f32>(fx, fy));
    let inside = cell.x >= 0.0 && cell.x < board.size.x && cell.y >= 0.0 && cell.y < board.size.y;
    let dark = (i32(cell.x) + i32(cell.y)) % 2 == 0;
    var color = select(board.light.rgb, board.dark.rgb, dark);
    // Wood grain, seeded per cell so neighbouring squares differ.
    let uv = vec2<f32>(fx, fy) - cell;
    let seed = hash(cell);
    let p = uv * vec2<f32>(3.0, 14.0) + vec2<f32>(seed * 7.31, seed * 3.17);
    let grain = 0.5 + 0.5 * sin(p.y * 2.0 + noise(p) * 6.0);
    color = color * (1.0 - board.style.x * grain);
    // Bevel: darken towards each cell's edge so squares read as inlaid pieces.
    let d = min(min(uv.x, 1.0 - uv.x), min(uv.y, 1.0 - uv.y));
    color = color * mix(1.0 - board.style.y, 1.0, smoothstep(0.0, 0.06, d));
    // Ghost cells (outside the real board): faded, so a wrapped edge is visible but not the board.
    if !inside {
        color = mix(color, vec3<f32>(0.16, 0.15, 0.14), board.style.z);
    }
    // The board's sides (normal not pointing up) are plain dark wood.
    if in.world_normal.y < 0.5 {
        color = board.dark.rgb * 0.7;
    }
    pbr_input.material.base_color = vec4<f32>(color, 1.0);
    pbr_input.material.base_color = alpha_discard(pbr_input.material, pbr_input.material.base_color);
#ifdef PREPASS_PIPELINE
    let out = deferred_output(in, pbr_input);
#else
    var out: FragmentOutput;
    // Varnished wood: dielectric (4% reflectance), a broad highlight.
    out.color = vec4<f32>(sun_and_ambient(in.world_position, in.world_normal, in.position.xy, color, vec3<f32>(0.04), 48.0), 1.0);
    out.color = main_pass_post_lighting_processing(pbr_input, out.color);
#endif
    return out;
}
