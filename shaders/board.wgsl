// Board cells: the StandardMaterial's PBR lighting and shadows over a procedural inlaid-wood
// square with a bevelled edge. Ghost cells (repeats across a joined edge) are dimmed.
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
    pbr_functions::{apply_pbr_lighting, main_pass_post_lighting_processing},
}
#endif

struct BoardCell {
    // x: 1 for a ghost cell, y: grain seed, z: grain strength, w: edge darkening
    params: vec4<f32>,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(100) var<uniform> cell: BoardCell;

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
    let uv = in.uv;
    // Wood grain: stretched noise rings along the cell, seeded per cell.
    let p = uv * vec2<f32>(3.0, 14.0) + vec2<f32>(cell.params.y * 7.31, cell.params.y * 3.17);
    let grain = 0.5 + 0.5 * sin(p.y * 2.0 + noise(p) * 6.0);
    var color = pbr_input.material.base_color.rgb * (1.0 - cell.params.z * grain);
    // Bevel: darken towards the cell's edge so squares read as inlaid pieces.
    let d = min(min(uv.x, 1.0 - uv.x), min(uv.y, 1.0 - uv.y));
    color = color * mix(1.0 - cell.params.w, 1.0, smoothstep(0.0, 0.06, d));
    // Ghost cells: faded, so a wrapped edge is visible but clearly not the board.
    color = mix(color, vec3<f32>(0.16, 0.15, 0.14), cell.params.x * 0.55);
    pbr_input.material.base_color = vec4<f32>(color, pbr_input.material.base_color.a);
    pbr_input.material.base_color = alpha_discard(pbr_input.material, pbr_input.material.base_color);
#ifdef PREPASS_PIPELINE
    let out = deferred_output(in, pbr_input);
#else
    var out: FragmentOutput;
    out.color = apply_pbr_lighting(pbr_input);
    out.color = main_pass_post_lighting_processing(pbr_input, out.color);
#endif
    return out;
}
