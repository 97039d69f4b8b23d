// Chess pieces and checkers: the StandardMaterial's colour, texture (painted numbers) and
// alpha mask, lit by the table's shared sun-and-ambient model (`lighting.wgsl`).
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

@fragment
fn fragment(in: VertexOutput, @builtin(front_facing) is_front: bool) -> FragmentOutput {
    var pbr_input = pbr_input_from_standard_material(in, is_front);
    pbr_input.material.base_color = alpha_discard(pbr_input.material, pbr_input.material.base_color);
#ifdef PREPASS_PIPELINE
    let out = deferred_output(in, pbr_input);
#else
    var out: FragmentOutput;
    let m = pbr_input.material;
    let base = m.base_color.rgb * (1.0 - m.metallic);
    let f0 = mix(vec3<f32>(0.04), m.base_color.rgb, m.metallic);
    // Blinn-Phong exponent matching GGX roughness: 2 / alpha^2 - 2, alpha = roughness^2.
    let a = max(m.perceptual_roughness * m.perceptual_roughness, 0.05);
    let shininess = 2.0 / (a * a) - 2.0;
    out.color = vec4<f32>(sun_and_ambient(in.world_position, pbr_input.N, in.position.xy, base, f0, shininess), m.base_color.a);
    out.color = main_pass_post_lighting_processing(pbr_input, out.color);
#endif
    return out;
}
