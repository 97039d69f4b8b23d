// Move highlights: an unlit, softly pulsing marker drawn on a quad just above a cell.
// kind 0: a quiet destination (a dot); 1: a capture (a ring); 2: the selected piece (a square frame).
#import bevy_pbr::forward_io::VertexOutput
#import bevy_pbr::mesh_view_bindings::globals

struct Highlight {
    color: vec4<f32>,
    // x: kind
    params: vec4<f32>,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> highlight: Highlight;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    let c = in.uv - vec2<f32>(0.5, 0.5);
    let r = length(c);
    let pulse = 0.75 + 0.25 * sin(globals.time * 4.0);
    var a = 0.0;
    let kind = i32(highlight.params.x + 0.5);
    if kind == 0 {
        a = 1.0 - smoothstep(0.13, 0.16, r);
    } else if kind == 1 {
        a = smoothstep(0.33, 0.36, r) * (1.0 - smoothstep(0.44, 0.47, r));
    } else {
        let d = max(abs(c.x), abs(c.y));
        a = smoothstep(0.40, 0.42, d) * (1.0 - smoothstep(0.48, 0.50, d));
    }
    return vec4<f32>(highlight.color.rgb, highlight.color.a * a * pulse);
}
