// Chess pieces and checkers: the StandardMaterial's colour, texture (painted numbers) and
// alpha mask, lit by the table's shared sun-and-ambient model (`lighting.wgsl`). The main pass
// reads only those few fields of the material rather than building Bevy's `PbrInput` (whose
// `pbr_input_from_standard_material` reads every texture a StandardMaterial may have, each
// behind a run-time flag).
#ifdef PREPASS_PIPELINE
#import bevy_pbr::{
    pbr_fragment::pbr_input_from_standard_material,
    pbr_functions::alpha_discard,
    prepass_io::{VertexOutput, FragmentOutput},
    pbr_deferred_functions::deferred_output,
}
#else
#import bevy_pbr::{
    forward_io::{VertexOutput, FragmentOutput},
    mesh_bindings::mesh,
    pbr_types,
}
#ifdef BINDLESS
#import bevy_pbr::pbr_bindings::{material_array, material_indices}
#import bevy_render::bindless::{bindless_samplers_filtering, bindless_textures_2d}
#else
#import bevy_pbr::pbr_bindings
#endif
#import variant_table::lighting::{sun_and_ambient, finish}
#endif

@fragment
fn fragment(in: VertexOutput, @builtin(front_facing) is_front: bool) -> FragmentOutput {
#ifdef PREPASS_PIPELINE
    var pbr_input = pbr_input_from_standard_material(in, is_front);
    pbr_input.material.base_color = alpha_discard(pbr_input.material, pbr_input.material.base_color);
    let out = deferred_output(in, pbr_input);
#else
    let slot = mesh[in.instance_index].material_and_lightmap_bind_group_slot & 0xffffu;
#ifdef BINDLESS
    let m = material_array[material_indices[slot].material];
#else
    let m = pbr_bindings::material;
#endif
    var color = m.base_color;
#ifdef VERTEX_COLORS
    color *= in.color;
#endif
#ifdef VERTEX_UVS_A
    // The one texture a piece may have: a checker's painted number.
    if (m.flags & pbr_types::STANDARD_MATERIAL_FLAGS_BASE_COLOR_TEXTURE_BIT) != 0u {
        let uv = (m.uv_transform * vec3<f32>(in.uv, 1.0)).xy;
#ifdef BINDLESS
        color *= textureSample(bindless_textures_2d[material_indices[slot].base_color_texture], bindless_samplers_filtering[material_indices[slot].base_color_sampler], uv);
#else
        color *= textureSample(pbr_bindings::base_color_texture, pbr_bindings::base_color_sampler, uv);
#endif
    }
#endif
    // Opaque pieces ignore alpha; masked ones (the numbers) are cut out; blended ones (frozen
    // sets, glass tiles) keep it.
    let alpha_mode = m.flags & pbr_types::STANDARD_MATERIAL_FLAGS_ALPHA_MODE_RESERVED_BITS;
    if alpha_mode == pbr_types::STANDARD_MATERIAL_FLAGS_ALPHA_MODE_OPAQUE {
        color.a = 1.0;
    } else if alpha_mode == pbr_types::STANDARD_MATERIAL_FLAGS_ALPHA_MODE_MASK {
        if color.a < m.alpha_cutoff {
            discard;
        }
        color.a = 1.0;
    }
    let base = color.rgb * (1.0 - m.metallic);
    let f0 = mix(vec3<f32>(0.04), color.rgb, m.metallic);
    // Blinn-Phong exponent matching GGX roughness: 2 / alpha^2 - 2, alpha = roughness^2.
    let a = max(m.perceptual_roughness * m.perceptual_roughness, 0.05);
    let shininess = 2.0 / (a * a) - 2.0;
    // A double-sided face seen from behind is lit as its front (as Bevy's PBR does).
    let double_sided = (m.flags & pbr_types::STANDARD_MATERIAL_FLAGS_DOUBLE_SIDED_BIT) != 0u;
    let n = select(-1.0, 1.0, !double_sided || is_front) * in.world_normal;
    var out: FragmentOutput;
    out.color = finish(vec4<f32>(sun_and_ambient(in.world_position, n, in.position.xy, base, f0, shininess), color.a), in.position.xy);
#endif
    return out;
}
