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
    shadows,
}

// Colour of a surface point: `base` diffuse colour, `f0` specular reflectance at normal
// incidence, `shininess` the Blinn-Phong exponent.
fn sun_and_ambient(world_position: vec4<f32>, normal: vec3<f32>, frag_xy: vec2<f32>, base: vec3<f32>, f0: vec3<f32>, shininess: f32) -> vec3<f32> {
    let n = normalize(normal);
    let v = normalize(view_bindings::view.world_position.xyz - world_position.xyz);
    var direct = vec3<f32>(0.0);
    // The table has one sun: directional light 0 (a constant index; a run-time loop over the
    // light array was measured to cost as much as the shadow lookup on lavapipe).
    if view_bindings::lights.n_directional_lights > 0u {
        let l = view_bindings::lights.directional_lights[0u].direction_to_light;
        let flags = view_bindings::lights.directional_lights[0u].flags;
        let ndl = max(dot(n, l), 0.0);
        var shadow = 1.0;
        if (flags & mesh_view_types::DIRECTIONAL_LIGHT_FLAGS_SHADOWS_ENABLED_BIT) != 0u && ndl > 0.0 {
            let view_z = dot(vec4<f32>(
                view_bindings::view.view_from_world[0].z,
                view_bindings::view.view_from_world[1].z,
                view_bindings::view.view_from_world[2].z,
                view_bindings::view.view_from_world[3].z
            ), world_position);
            shadow = shadows::fetch_directional_shadow(0u, world_position, n, view_z, frag_xy);
        }
        let h = normalize(l + v);
        // Normalised Blinn-Phong: (s + 8) / (8 pi) keeps highlights' energy as they narrow.
        let spec = f0 * ((shininess + 8.0) / 25.13) * pow(max(dot(n, h), 0.0), shininess);
        direct = (base * 0.3183 + spec) * view_bindings::lights.directional_lights[0u].color.rgb * ndl * shadow;
    }
    let ambient = (base + f0) * view_bindings::lights.ambient_color.rgb;
    return view_bindings::view.exposure * (direct + ambient);
}
