//! Piece models made in code: lathe-turned chess pieces (and the short-range army's general and
//! elephant) and the seven-segment number textures painted on Numbers checkers.

use std::f32::consts::TAU;

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

// ---- painted numbers --------------------------------------------------------------------------

/// Side of a number decal's texture in pixels.
const NUMBER_TEXTURE: usize = 64;

/// A white-on-transparent texture of `n` in seven-segment digits (6 and 9 underlined, so they
/// read the same from either side of the board).
pub fn number_image(n: u32) -> Image {
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    const SEGMENTS: [u8; 10] = [0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F]; // bits a..g
    let size = NUMBER_TEXTURE;
    let mut data = vec![0u8; size * size * 4];
    let mut fill = |x0: usize, y0: usize, w: usize, h: usize| {
        for y in y0..(y0 + h).min(size) {
            for x in x0..(x0 + w).min(size) {
                data[(y * size + x) * 4..][..4].copy_from_slice(&[255, 255, 255, 255]);
            }
        }
    };
    let digits: Vec<u32> = if n == 0 { vec![] } else { n.to_string().bytes().map(|b| (b - b'0') as u32).collect() };
    // Digit cells: 18x34 pixels with 5-pixel strokes, centred, 4 pixels apart.
    let (dw, dh, st, gap) = (18, 34, 5, 4);
    let total = digits.len() * dw + digits.len().saturating_sub(1) * gap;
    let (mut x, y) = ((size - total.min(size)) / 2, (size - dh) / 2 - 3);
    for &d in &digits {
        let seg = SEGMENTS[d as usize];
        let half = dh / 2;
        let bars = [
            (x, y, dw, st),                         // a: top
            (x + dw - st, y, st, half + st / 2),    // b: top right
            (x + dw - st, y + half, st, dh - half), // c: bottom right
            (x, y + dh - st, dw, st),               // d: bottom
            (x, y + half, st, dh - half),           // e: bottom left
            (x, y, st, half + st / 2),              // f: top left
            (x, y + half - st / 2, dw, st),         // g: middle
        ];
        for (i, &(bx, by, bw, bh)) in bars.iter().enumerate() {
            if seg & (1 << i) != 0 {
                fill(bx, by, bw, bh);
            }
        }
        if d == 6 || d == 9 {
            fill(x, y + dh + 3, dw, 3);
        }
        x += dw + gap;
    }
    Image::new(
        Extent3d { width: size as u32, height: size as u32, depth_or_array_layers: 1 },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

// ---- lathe-turned chess pieces --------------------------------------------------------------

/// Revolves a profile of (radius, height) points, bottom to top, around the Y axis.
pub fn lathe(profile: &[(f32, f32)], segments: usize) -> Mesh {
    let rings = profile.len();
    let mut positions = Vec::with_capacity(rings * (segments + 1));
    let mut normals = Vec::with_capacity(positions.capacity());
    let mut uvs = Vec::with_capacity(positions.capacity());
    for (i, &(r, y)) in profile.iter().enumerate() {
        // The profile's slope gives the normal's tilt.
        let (r0, y0) = profile[i.saturating_sub(1)];
        let (r1, y1) = profile[(i + 1).min(rings - 1)];
        let (dr, dy) = (r1 - r0, y1 - y0);
        let n2 = Vec2::new(dy, -dr).normalize_or(Vec2::X);
        for s in 0..=segments {
            let a = s as f32 / segments as f32 * TAU;
            let (sin, cos) = a.sin_cos();
            positions.push([r * cos, y, r * sin]);
            normals.push([n2.x * cos, n2.y, n2.x * sin]);
            uvs.push([s as f32 / segments as f32, i as f32 / (rings - 1) as f32]);
        }
    }
    let mut indices = Vec::new();
    let stride = (segments + 1) as u32;
    for i in 0..rings as u32 - 1 {
        for s in 0..segments as u32 {
            let (a, b) = (i * stride + s, (i + 1) * stride + s);
            indices.extend_from_slice(&[a, b, a + 1, a + 1, b, b + 1]);
        }
    }
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_indices(Indices::U32(indices))
}

/// The parts of a chess piece: a turned body plus, for some, a carved top.
pub fn chess_piece_parts(kind: u8, meshes: &mut Assets<Mesh>) -> Vec<(Handle<Mesh>, Transform)> {
    // Heights in cells: a king stands about 0.95 of a cell tall, a pawn about half.
    let base = [(0.0, 0.0), (0.34, 0.0), (0.34, 0.06), (0.29, 0.09), (0.22, 0.12)];
    let body = |rest: &[(f32, f32)]| {
        let mut p = base.to_vec();
        p.extend_from_slice(rest);
        lathe(&p, 32)
    };
    let mut parts = Vec::new();
    let mut add = |mesh: Mesh, t: Transform| parts.push((meshes.add(mesh), t));
    match kind {
        1 => {
            add(body(&[(0.13, 0.22), (0.1, 0.3), (0.16, 0.33), (0.0, 0.34)]), Transform::IDENTITY);
            add(Sphere::new(0.12).mesh().uv(24, 12), Transform::from_xyz(0.0, 0.44, 0.0));
        }
        2 => {
            add(body(&[(0.17, 0.25), (0.2, 0.3), (0.0, 0.31)]), Transform::IDENTITY);
            // The horse's head and muzzle: a leaning block and a snout facing the opponent.
            add(Cuboid::new(0.16, 0.36, 0.26).into(), Transform::from_xyz(0.0, 0.47, 0.02).with_rotation(Quat::from_rotation_x(-0.35)));
            add(Cuboid::new(0.14, 0.13, 0.26).into(), Transform::from_xyz(0.0, 0.56, -0.14).with_rotation(Quat::from_rotation_x(0.25)));
        }
        3 => {
            add(body(&[(0.12, 0.36), (0.09, 0.44), (0.16, 0.47), (0.0, 0.48)]), Transform::IDENTITY);
            add(Sphere::new(0.13).mesh().uv(24, 12), Transform::from_xyz(0.0, 0.58, 0.0).with_scale(Vec3::new(1.0, 1.45, 1.0)));
            add(Sphere::new(0.04).mesh().uv(12, 6), Transform::from_xyz(0.0, 0.79, 0.0));
        }
        4 => {
            add(body(&[(0.2, 0.3), (0.18, 0.4), (0.25, 0.44), (0.25, 0.56), (0.0, 0.56)]), Transform::IDENTITY);
            for i in 0..4 {
                let a = i as f32 * TAU / 4.0 + TAU / 8.0;
                add(Cuboid::new(0.11, 0.09, 0.11).into(), Transform::from_xyz(0.18 * a.cos(), 0.6, 0.18 * a.sin()));
            }
        }
        5 => {
            add(body(&[(0.12, 0.42), (0.1, 0.56), (0.2, 0.64), (0.23, 0.7), (0.0, 0.7)]), Transform::IDENTITY);
            for i in 0..8 {
                let a = i as f32 * TAU / 8.0;
                add(Sphere::new(0.045).mesh().uv(10, 6), Transform::from_xyz(0.19 * a.cos(), 0.73, 0.19 * a.sin()));
            }
            add(Sphere::new(0.07).mesh().uv(16, 8), Transform::from_xyz(0.0, 0.78, 0.0));
        }
        7 => {
            // The general: a stout column under a broad, brimmed helmet with a crest.
            add(body(&[(0.15, 0.36), (0.12, 0.5), (0.27, 0.54), (0.27, 0.57), (0.15, 0.6), (0.12, 0.7), (0.0, 0.72)]), Transform::IDENTITY);
            add(Cuboid::new(0.04, 0.14, 0.24).into(), Transform::from_xyz(0.0, 0.77, 0.0));
        }
        8 => {
            // The elephant: a squat body, a round head, a trunk and two ears.
            add(body(&[(0.2, 0.22), (0.15, 0.32), (0.0, 0.33)]), Transform::IDENTITY);
            add(Sphere::new(0.16).mesh().uv(24, 12), Transform::from_xyz(0.0, 0.44, 0.0));
            add(Cylinder::new(0.045, 0.26).into(), Transform::from_xyz(0.0, 0.36, -0.17).with_rotation(Quat::from_rotation_x(0.5)));
            for side in [-1.0f32, 1.0] {
                add(Sphere::new(0.1).mesh().uv(12, 6), Transform::from_xyz(side * 0.15, 0.47, 0.02).with_scale(Vec3::new(0.35, 1.0, 0.9)));
            }
        }
        6 => {
            add(body(&[(0.13, 0.46), (0.11, 0.62), (0.22, 0.7), (0.19, 0.78), (0.0, 0.78)]), Transform::IDENTITY);
            add(Cuboid::new(0.06, 0.2, 0.06).into(), Transform::from_xyz(0.0, 0.88, 0.0));
            add(Cuboid::new(0.16, 0.06, 0.06).into(), Transform::from_xyz(0.0, 0.9, 0.0));
        }
        _ => {}
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_images_differ_and_are_not_blank() {
        let ink = |n| number_image(n).data.unwrap().chunks(4).filter(|p| p[3] == 255).count();
        assert_eq!(ink(0), 0);
        let inks: Vec<usize> = (1..=12).map(ink).collect();
        assert!(inks.iter().all(|&i| i > 150), "{inks:?}");
        let images: Vec<_> = (1..=12).map(|n| number_image(n).data.unwrap()).collect();
        for i in 0..12 {
            for j in i + 1..12 {
                assert_ne!(images[i], images[j], "{} and {} look alike", i + 1, j + 1);
            }
        }
    }

    #[test]
    fn lathe_builds_a_closed_grid() {
        let m = lathe(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)], 8);
        assert_eq!(m.count_vertices(), 4 * 9);
        assert_eq!(m.indices().unwrap().len(), 3 * 8 * 6);
    }
}
