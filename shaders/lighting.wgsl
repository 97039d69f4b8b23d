// Table lighting shared by the board and the pieces: the scene's one sun (with its shadow map)
// and ambient light, as Lambert diffuse plus a Blinn-Phong highlight, in the same units as
// Bevy's PBR (light colours carry their illuminance; exposure applied at the end).
//
// Why not Bevy's full PBR: on software renderers (Mesa lavapipe under Xvfb) every pixel is
// shaded on the CPU, and the full path (clustered light loops, environment and ambient BRDF
// terms, a loop over every directional light indexed at run time) cost several times this
// for the same picture on a table lit by one sun. See docs/architecture.md for the figures.
#define_import_path variant_table::lighting

#import bevy_pbr::{
    mesh_view_bindings as view_bindings,
    mesh_view_types,
    shadow_sampling::sample_shadow_map,
}
#ifdef TONEMAP_IN_SHADER
#import bevy_core_pipeline::tonemapping::{tone_mapping, screen_space_dither}
#endif

// Colour of a surface point: `base` diffuse colour, `f0` specular reflectance at normal
// incidence, `shininess` the Blinn-Phong exponent; the shadow the sun's map gives it.
// `frag_xy` is the pixel (for the temporal shadow filter).
fn sun_and_ambient(world_position: vec4<f32>, normal: vec3<f32>, frag_xy: vec2<f32>, base: vec3<f32>, f0: vec3<f32>, shininess: f32) -> vec3<f32> {
    var shadow = 1.0;
#ifndef NO_RECEIVED_SHADOW
    if sun_casts_shadows() {
        shadow = sun_shadow_at(sun_position(world_position, normalize(normal)), frag_xy);
    }
#endif
    return lit(world_position, normal, base, f0, shininess, shadow);
}

// `sun_and_ambient` with the sun's light scaled by `shadow` (0 in shadow, 1 lit).
fn lit(world_position: vec4<f32>, normal: vec3<f32>, base: vec3<f32>, f0: vec3<f32>, shininess: f32, shadow: f32) -> vec3<f32> {
    let n = normalize(normal);
    let v = normalize(view_bindings::view.world_position.xyz - world_position.xyz);
    var direct = vec3<f32>(0.0);
    // The table has one sun: directional light 0 (a constant index; a run-time loop over the
    // light array was measured to cost as much as the shadow lookup on lavapipe).
    if view_bindings::lights.n_directional_lights > 0u {
        let l = view_bindings::lights.directional_lights[0u].direction_to_light;
        let ndl = max(dot(n, l), 0.0);
        let h = normalize(l + v);
        // Normalised Blinn-Phong: (s + 8) / (8 pi) keeps highlights' energy as they narrow.
        let spec = f0 * ((shininess + 8.0) / 25.13) * pow(max(dot(n, h), 0.0), shininess);
        direct = (base * 0.3183 + spec) * view_bindings::lights.directional_lights[0u].color.rgb * ndl * shadow;
    }
    let ambient = (base + f0) * view_bindings::lights.ambient_color.rgb;
    return view_bindings::view.exposure * (direct + ambient);
}

// The sun's first (and only) cascade, 0, read from the light rather than written as a
// constant: with the constant, lavapipe (Mesa 22.3) grew by about 4 MB a frame. The table's sun
// has one cascade (`visuals.rs` and `camera.rs` build it so); with more, points beyond the
// first's far bound would simply be lit.
fn first_cascade() -> u32 {
    return view_bindings::lights.directional_lights[0u].num_cascades - min(view_bindings::lights.directional_lights[0u].num_cascades, 1u);
}

// Whether the table's sun is there and casts shadows.
fn sun_casts_shadows() -> bool {
    return view_bindings::lights.n_directional_lights > 0u
        && (view_bindings::lights.directional_lights[0u].flags & mesh_view_types::DIRECTIONAL_LIGHT_FLAGS_SHADOWS_ENABLED_BIT) != 0u;
}

// A point of unit normal `n` in the sun's shadow map: xyz its clip position there (the same
// normal and depth biases as Bevy's), w its depth in view (against the cascade's far bound).
fn sun_position(world_position: vec4<f32>, n: vec3<f32>) -> vec4<f32> {
    let light = &view_bindings::lights.directional_lights[0u];
    let cascade = &(*light).cascades[first_cascade()];
    let normal_offset = (*light).shadow_normal_bias * (*cascade).texel_size * n;
    let depth_offset = (*light).shadow_depth_bias * (*light).direction_to_light.xyz;
    let clip = (*cascade).clip_from_world * vec4<f32>(world_position.xyz + normal_offset + depth_offset, 1.0);
    let view_z = dot(vec4<f32>(
        view_bindings::view.view_from_world[0].z,
        view_bindings::view.view_from_world[1].z,
        view_bindings::view.view_from_world[2].z,
        view_bindings::view.view_from_world[3].z
    ), world_position);
    return vec4<f32>(clip.xyz / clip.w, view_z);
}

// The sun's shadow at `sun` (from `sun_position`): 0 in shadow, 1 lit, filtered by the
// comparison sampler. What Bevy's `fetch_directional_shadow` does for the table's one light
// with its one cascade (the same biases, bounds and sample), without the rest: that function
// picks a cascade in a loop, blends with the next and keeps a soft-shadow (PCSS) path behind
// a run-time test, and lavapipe pays for all of it at every pixel. Measured in one process
// (`VT_AB=board`), the mid-game Stax board costs 12.3-13.9 ms a frame with it, 5.0-5.2 with
// this lookup (docs/architecture.md, "Measured").
fn sun_shadow_at(sun: vec4<f32>, frag_xy: vec2<f32>) -> f32 {
    let light = &view_bindings::lights.directional_lights[0u];
    let cascade = &(*light).cascades[first_cascade()];
    if -sun.w >= (*cascade).far_bound {
        return 1.0;
    }
    let ndc = sun.xyz;
    // No shadow outside the light's box.
    if any(ndc.xy < vec2<f32>(-1.0)) || ndc.z < 0.0 || any(ndc > vec3<f32>(1.0)) {
        return 1.0;
    }
    // Texture coordinates: y runs down in textures, up in NDC.
    let uv = ndc.xy * vec2<f32>(0.5, -0.5) + vec2<f32>(0.5, 0.5);
    // The camera's filter, as Bevy's own lookup samples it: one 2x2 comparison on a CPU
    // adapter (`camera.rs`), Bevy's soft Gaussian filter on real GPUs.
    return sample_shadow_map(uv, ndc.z, i32((*light).depth_texture_base_index + first_cascade()), frag_xy, (*cascade).texel_size);
}

// What Bevy's `main_pass_post_lighting_processing` does to a lit colour for this table (no
// fog): tone mapping and deband dither where the view does them in the shader. It takes the
// colour alone, so the shaders here never build a `PbrInput` (Bevy's
// `pbr_input_from_standard_material` reads every texture a StandardMaterial may have).
fn finish(color: vec4<f32>, frag_xy: vec2<f32>) -> vec4<f32> {
    var out = color;
#ifdef TONEMAP_IN_SHADER
    out = tone_mapping(out, view_bindings::view.color_grading);
#ifdef DEBAND_DITHER
    // Bevy adds its dither in a gamma-2.2 space (two `pow`s a channel); a gamma-2 space (a
    // square root and a square) differs by a fraction of the dither's half a level, and saves
    // lavapipe about a millisecond a frame on the board.
    var rgb = sqrt(max(out.rgb, vec3<f32>(0.0)));
    rgb += screen_space_dither(frag_xy);
    out = vec4<f32>(rgb * rgb, out.a);
#endif
#endif
    return out;
}
