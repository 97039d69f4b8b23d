//! Piece models made in code: Staunton-like chessmen turned on the lathe (a carved, extruded
//! knight's head; a cut mitre; a battlement; a coronet of balls; a cross), the short-range
//! army's general, elephant and chariot, the crown on a crowned checker, and the seven-segment
//! number textures painted on Numbers checkers.

use std::f32::consts::TAU;

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use variant_rules::scene::PieceKind;

use crate::table::look::solids::{Detail, Profile, Surface, cut_corners, extrude, lathe, ring_block, spiked_band};

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

// ---- Staunton-like chess pieces -------------------------------------------------------------

/// The models the table draws chess-family pieces with (checkers are discs, not models).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Model {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    /// The short-range army's general: a helmeted column.
    General,
    /// Its elephant: a squat body, a domed head, a trunk and ears.
    Elephant,
    /// Its chariot: a rook's turret on an axle with two wheels.
    Chariot,
}

impl Model {
    pub const ALL: [Model; 9] =
        [Model::Pawn, Model::Knight, Model::Bishop, Model::Rook, Model::Queen, Model::King, Model::General, Model::Elephant, Model::Chariot];

    /// The model a piece kind is drawn with. The short-range army's horse is the knight's head;
    /// its pawn and king are chess's. A checker, in a chess game's hand, stands as a pawn.
    pub fn of(kind: PieceKind) -> Model {
        match kind {
            PieceKind::Pawn | PieceKind::Man | PieceKind::CheckerKing => Model::Pawn,
            PieceKind::Knight | PieceKind::Horse => Model::Knight,
            PieceKind::Bishop => Model::Bishop,
            PieceKind::Rook => Model::Rook,
            PieceKind::Queen => Model::Queen,
            PieceKind::King => Model::King,
            PieceKind::General => Model::General,
            PieceKind::Elephant => Model::Elephant,
            PieceKind::Chariot => Model::Chariot,
        }
    }

    /// Index into [`Model::ALL`].
    pub fn index(self) -> usize {
        Model::ALL.iter().position(|&m| m == self).unwrap_or(0)
    }
}

/// A king's height in cells: the tallest piece, a little under a cell.
pub const KING_HEIGHT: f32 = 0.95;

/// Heights as parts of the king's, graded so the kinds read by silhouette alone (about a
/// Staunton set's): pawn, rook, knight, bishop, queen.
const PAWN_H: f32 = 0.5 * KING_HEIGHT;
const ROOK_H: f32 = 0.6 * KING_HEIGHT;
const KNIGHT_H: f32 = 0.66 * KING_HEIGHT;
const BISHOP_H: f32 = 0.76 * KING_HEIGHT;
const QUEEN_H: f32 = 0.9 * KING_HEIGHT;

/// Steps round the lathe at full detail: with smooth normals, a round outline up close (a
/// piece some 40 pixels wide and more); [`Detail::Low`] takes fewer.
const SEGMENTS: usize = 28;

/// The weighted foot every piece stands on, `k` its radius (a king's is 0.34 of a cell, so
/// neighbours never touch): a flat plinth, a rounded bevel, a step and a bead. Ends at
/// (0.62 k, 0.36 k), where the stem begins. The proportions are a Staunton foot's.
fn foot(k: f32, d: Detail) -> Profile {
    let mut p = Profile::from(0.0).at_detail(d);
    p.line(k, 0.0)
        .line(k, 0.09 * k)
        .arc((0.87 * k, 0.09 * k), 0.13 * k, 0.0, 90.0)
        .line(0.76 * k, 0.22 * k)
        .arc((0.76 * k, 0.29 * k), 0.07 * k, -90.0, 90.0)
        .line(0.62 * k, 0.36 * k);
    p
}

/// A collar at height `y` where the stem meets a head: a rounded disc of
/// radius `r`, then a narrower neck of radius `neck`.
fn collar(p: &mut Profile, y: f32, r: f32, neck: f32) {
    // The disc is 0.028 thick with a round edge; the neck starts just above it.
    p.line(r, y).arc((r, y + 0.014), 0.014, -90.0, 90.0).line(neck, y + 0.03);
}

/// A ball of radius `r` centred `c` above the axis, as a lathe profile from the axis below to
/// the axis above.
fn ball(c: f32, r: f32, d: Detail) -> Surface {
    let mut p = Profile::from(c - r).at_detail(d);
    p.arc((0.0, c), r, -90.0, 90.0);
    lathe(&p, d.around(12))
}

/// Where a stem (a concave taper) runs from the foot's top to radius `r` at height `y`.
fn stem(p: &mut Profile, k: f32, r: f32, y: f32) {
    let from = 0.36 * k;
    p.curve((r * 1.05, from + (y - from) * 0.35), (r, y), 8);
}

fn pawn(d: Detail) -> Surface {
    let (k, h) = (0.27, PAWN_H);
    let head = 0.22 * h; // The ball: nearly a quarter of the pawn's height.
    let mut p = foot(k, d);
    stem(&mut p, k, 0.075, 0.52 * h);
    collar(&mut p, 0.52 * h, 0.15, 0.07);
    // The head ball, from the neck round to the top.
    let c = h - head;
    let a0 = -((0.07f32 / head).acos().to_degrees());
    p.arc((0.0, c), head, a0, 90.0);
    lathe(&p, d.around(SEGMENTS))
}

fn rook(d: Detail) -> Surface {
    let (k, h) = (0.32, ROOK_H);
    // The turret: a drum as wide as the foot's bead, hollowed, its battlement a fifth of its height.
    let (ro, ri, floor) = (0.215, 0.155, 0.82 * h);
    let mut p = foot(k, d);
    stem(&mut p, k, 0.16, 0.58 * h);
    p.line(ro + 0.01, 0.62 * h).line(ro + 0.01, 0.645 * h).line(ro, 0.655 * h).line(ro, floor).line(ri, floor).line(ri, floor - 0.04).line(0.0, floor - 0.04);
    let mut s = lathe(&p, d.around(SEGMENTS));
    // Six merlons with notches between, each notch a little over half a merlon's width.
    const MERLONS: usize = 6;
    let step = TAU / MERLONS as f32;
    for i in 0..MERLONS {
        let a = i as f32 * step + step / 4.0;
        s.append(&ring_block(ri, ro, (floor, h), (a, a + step * 0.62), d.along(5)), Transform::IDENTITY);
    }
    s
}

/// The knight's head seen from its right: forward (towards the opponent) along `u`, up `v`, in
/// cells. Neck arching back to the mane, ears, forehead, the bridge of the nose, the muzzle with
/// its mouth, the jaw and the throat, the chest.
const HORSE: [(f32, f32); 21] = [
    (-0.16, 0.15),  // bottom, back
    (0.13, 0.15),   // bottom, front
    (0.16, 0.22),   // chest
    (0.12, 0.31),   // throat
    (0.16, 0.37),   // jaw
    (0.24, 0.385),  // chin
    (0.265, 0.41),  // lower lip
    (0.225, 0.425), // mouth
    (0.275, 0.44),  // upper lip
    (0.27, 0.475),  // nose
    (0.19, 0.52),   // bridge of the nose
    (0.1, 0.565),   // forehead
    (0.075, 0.627), // ear tip (front ear)
    (0.035, 0.575), // between the ears
    (0.0, 0.61),    // ear tip (back ear)
    (-0.045, 0.56), // poll
    (-0.11, 0.52),  // mane, top
    (-0.17, 0.45),  // mane
    (-0.205, 0.36), // mane, back
    (-0.21, 0.27),  // neck, back
    (-0.19, 0.2),   // withers
];

/// Corners of [`HORSE`] kept sharp: the bottom, the mouth and the ear tips.
const HORSE_SHARP: [usize; 6] = [0, 1, 7, 12, 13, 14];

fn knight(d: Detail) -> Surface {
    let k = 0.32;
    let mut p = foot(k, d);
    p.curve((0.19, 0.13), (0.2, 0.16), 3).line(0.0, 0.165);
    let mut s = lathe(&p, d.around(SEGMENTS));
    // The outline's front ear is its tallest point: stretched (above the foot) to the knight's height.
    let stretch = (KNIGHT_H - 0.15) / (HORSE[12].1 - 0.15);
    let horse = HORSE.map(|(u, v)| Vec2::new(u, 0.15 + (v - 0.15) * stretch));
    // Coarse, the corners stay uncut and the eyes are left off: neither shows under thirty pixels.
    let outline = if d == Detail::Full { cut_corners(&horse, &HORSE_SHARP) } else { horse.to_vec() };
    // Thickest at the neck (0.2 across), narrowing to the muzzle and thinnest at the ears'
    // tips, like a carved head.
    let half = |q: Vec2| {
        let muzzle = (q.x / 0.27).clamp(0.0, 1.0);
        let ears = ((q.y - 0.55) / 0.07).clamp(0.0, 1.0) * (q.x > -0.05) as u8 as f32;
        0.1 - 0.03 * muzzle - 0.035 * ears
    };
    let head = extrude(&outline, half, 0.02);
    s.append(&head, Transform::IDENTITY);
    // The mane: a narrow ridge along the back of the neck, standing proud of the head.
    let mane: Vec<Vec2> =
        [(-0.04, 0.57), (-0.115, 0.535), (-0.18, 0.455), (-0.218, 0.36), (-0.222, 0.26), (-0.19, 0.26), (-0.18, 0.36), (-0.14, 0.45), (-0.08, 0.52)]
            .map(Vec2::from)
            .to_vec();
    s.append(&extrude(&mane, |_| 0.035, 0.012), Transform::IDENTITY);
    // The eyes: small balls on each cheek.
    for side in [-1.0f32, 1.0].into_iter().filter(|_| d == Detail::Full) {
        s.append(&ball(0.0, 0.018, d), Transform::from_xyz(side * 0.085, 0.535, -0.1));
    }
    s
}

fn bishop(d: Detail) -> Surface {
    let (k, h) = (0.31, BISHOP_H);
    let mut p = foot(k, d);
    stem(&mut p, k, 0.085, 0.57 * h);
    collar(&mut p, 0.57 * h, 0.15, 0.1);
    p.line(0.125, 0.615 * h).line(0.125, 0.63 * h).line(0.07, 0.64 * h);
    let mut s = lathe(&p, d.around(40));
    // The mitre: an ogive from the neck to a point under the finial, one smooth surface, with
    // the slanted cut.
    let (bottom, top) = (0.64 * h, h - 0.06);
    let mut mitre = Profile::at(0.07, bottom).at_detail(d);
    mitre.curve((0.14, bottom + 0.03), (0.118, bottom + 0.09), 10).curve((0.1, top - 0.04), (0.025, top), 12);
    let mut mitre = mitre.merged();
    mitre.line(0.0, top);
    let mut mitre = lathe(&mitre, d.around(40));
    // Coarse, the cut is left off: under thirty pixels it would be a smudge.
    if d == Detail::Full {
        cut_mitre(&mut mitre, (bottom + top) / 2.0 + 0.02);
    }
    mitre.smooth_normals();
    s.append(&mitre, Transform::IDENTITY);
    s.append(&ball(h - 0.032, 0.032, d), Transform::IDENTITY);
    s
}

/// The bishop's cut: a groove slanting 35 degrees across the mitre's front (the side facing its
/// owner, +Z) at height `y`, nearly half the mitre's radius deep.
fn cut_mitre(mitre: &mut Surface, y: f32) {
    let normal = Vec2::from_angle(35f32.to_radians()).perp(); // in (x, y): across the slant
    const WIDTH: f32 = 0.02;
    for p in &mut mitre.positions {
        let r = Vec2::new(p.x, p.z).length();
        if r < 1e-4 {
            continue;
        }
        let d = normal.dot(Vec2::new(p.x, p.y - y)).abs();
        // Only on the front half, fading out round the sides.
        let front = (p.z / r).clamp(0.0, 1.0).sqrt();
        // A flat-bottomed groove: full depth in the middle half of its width.
        let depth = ((WIDTH - d) / (WIDTH * 0.5)).clamp(0.0, 1.0) * front * 0.45;
        p.x *= 1.0 - depth;
        p.z *= 1.0 - depth;
    }
}

fn queen(d: Detail) -> Surface {
    let (k, h) = (0.33, QUEEN_H);
    let mut p = foot(k, d);
    stem(&mut p, k, 0.09, 0.6 * h);
    collar(&mut p, 0.6 * h, 0.16, 0.11);
    p.line(0.13, 0.645 * h).line(0.13, 0.66 * h).line(0.095, 0.665 * h);
    // The coronet: a cup flaring out to the rim, a dome inside it.
    let rim = 0.86 * h;
    p.curve((0.1, 0.77 * h), (0.19, rim), 8).line(0.19, rim + 0.015).line(0.15, rim + 0.015).curve((0.13, rim + 0.06), (0.03, rim + 0.07), 6);
    p.line(0.0, rim + 0.07);
    let mut s = lathe(&p, d.around(SEGMENTS));
    // Nine balls round the rim, and one on top.
    for i in 0..9 {
        let a = i as f32 * TAU / 9.0;
        s.append(&ball(0.0, 0.028, d), Transform::from_xyz(0.178 * a.cos(), rim + 0.035, 0.178 * a.sin()));
    }
    s.append(&ball(h - 0.035, 0.035, d), Transform::IDENTITY);
    s
}

fn king(d: Detail) -> Surface {
    let (k, h) = (0.34, KING_HEIGHT);
    let mut p = foot(k, d);
    stem(&mut p, k, 0.095, 0.6 * h);
    collar(&mut p, 0.6 * h, 0.17, 0.115);
    p.line(0.14, 0.645 * h).line(0.14, 0.66 * h).line(0.1, 0.665 * h);
    // The crown: a tapering cup, a flat rim, a low dome, a short neck for the cross.
    let rim = 0.8 * h;
    p.curve((0.11, 0.74 * h), (0.18, rim), 8).line(0.18, rim + 0.015).line(0.15, rim + 0.015).curve((0.13, rim + 0.06), (0.04, rim + 0.065), 6);
    p.line(0.035, rim + 0.075).line(0.0, rim + 0.075);
    let mut s = lathe(&p, d.around(SEGMENTS));
    // The cross: a bevelled plus, facing the seats (its arms across X).
    let (w, arm, bar) = (0.028, 0.065, rim + 0.075 + 0.06);
    let cross = [
        (-w, rim + 0.06),
        (w, rim + 0.06),
        (w, bar - w),
        (arm, bar - w),
        (arm, bar + w),
        (w, bar + w),
        (w, h),
        (-w, h),
        (-w, bar + w),
        (-arm, bar + w),
        (-arm, bar - w),
        (-w, bar - w),
    ]
    .map(Vec2::from);
    s.append(&extrude(&cross, |_| 0.022, 0.008), Transform::from_rotation(Quat::from_rotation_y(std::f32::consts::FRAC_PI_2)));
    s
}

/// The short-range army's general: a column under a broad-brimmed helmet with a crest running
/// front to back, 0.8 of a king.
fn general(d: Detail) -> Surface {
    let (k, h) = (0.32, 0.8 * KING_HEIGHT);
    let mut p = foot(k, d);
    stem(&mut p, k, 0.1, 0.55 * h);
    collar(&mut p, 0.55 * h, 0.15, 0.11);
    // The brim sticks out past the foot's bead; the helmet is a dome above it.
    let brim = 0.72 * h;
    p.curve((0.1, 0.65 * h), (0.15, brim - 0.01), 4).line(0.25, brim).line(0.25, brim + 0.015).line(0.15, brim + 0.025);
    p.curve((0.15, 0.92 * h), (0.0, 0.92 * h), 8);
    let mut s = lathe(&p, d.around(SEGMENTS));
    let crest = [(-0.13, 0.8 * h), (0.13, 0.8 * h), (0.1, 0.9 * h), (0.03, h), (-0.06, 0.98 * h), (-0.12, 0.9 * h)].map(Vec2::from);
    s.append(&extrude(&crest, |_| 0.022, 0.008), Transform::IDENTITY);
    s
}

/// The short-range army's elephant: a squat body, a domed head with a trunk curling down in
/// front and two flat ears, 0.62 of a king.
fn elephant(d: Detail) -> Surface {
    let (k, h) = (0.32, 0.62 * KING_HEIGHT);
    let mut p = foot(k, d);
    p.curve((0.22, 0.2), (0.16, 0.3), 5).line(0.0, 0.3);
    let mut s = lathe(&p, d.around(SEGMENTS));
    let head = 0.16;
    s.append(&ball(0.0, head, d), Transform::from_xyz(0.0, h - head, 0.0).with_scale(Vec3::new(1.0, 1.0, 1.1)));
    let trunk =
        [(0.1, h - 0.1), (0.19, h - 0.2), (0.24, h - 0.33), (0.26, 0.17), (0.2, 0.17), (0.18, h - 0.32), (0.13, h - 0.21), (0.06, h - 0.14)].map(Vec2::from);
    s.append(&extrude(&cut_corners(&trunk, &[3, 4]), |q| 0.05 - 0.025 * (h - q.y) / h, 0.012), Transform::IDENTITY);
    for side in [-1.0f32, 1.0] {
        let ear = Transform::from_xyz(side * 0.17, h - 0.15, 0.02).with_scale(Vec3::new(0.3, 1.0, 0.85));
        s.append(&ball(0.0, 0.12, d), ear);
    }
    s
}

/// The short-range army's chariot: a low, wide turret with a battlement, on an axle with a
/// spoked-looking wheel (a ring and a hub) each side, 0.55 of a king.
fn chariot(d: Detail) -> Surface {
    let (k, h) = (0.32, 0.55 * KING_HEIGHT);
    let (ro, ri, floor) = (0.2, 0.15, 0.84 * h);
    let mut p = foot(k, d);
    p.curve((0.17, 0.18), (0.17, 0.26), 4).line(ro, 0.28).line(ro, floor).line(ri, floor).line(ri, floor - 0.03).line(0.0, floor - 0.03);
    let mut s = lathe(&p, d.around(SEGMENTS));
    // Eight low merlons: lower and closer than the rook's six, so the two do not read alike.
    let step = TAU / 8.0;
    for i in 0..8 {
        let a = i as f32 * step;
        s.append(&ring_block(ri, ro, (floor, h), (a, a + step * 0.5), d.along(3)), Transform::IDENTITY);
    }
    // A wheel: a ring turned on the lathe, stood up across the X axis, with a ball for its hub.
    let mut wheel = Profile::at(0.1, 0.0).at_detail(d);
    wheel.arc((0.13, 0.0), 0.03, 180.0, 540.0);
    let ring = lathe(&wheel.merged(), d.around(24));
    for side in [-1.0f32, 1.0] {
        let at = Vec3::new(side * 0.28, 0.2, 0.0);
        s.append(&ring, Transform::from_translation(at).with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)));
        s.append(&ball(0.0, 0.045, d), Transform::from_translation(at));
    }
    s
}

/// The surface of a model at detail `d`, standing on y = 0, facing -Z.
pub fn piece_surface(model: Model, d: Detail) -> Surface {
    match model {
        Model::Pawn => pawn(d),
        Model::Knight => knight(d),
        Model::Bishop => bishop(d),
        Model::Rook => rook(d),
        Model::Queen => queen(d),
        Model::King => king(d),
        Model::General => general(d),
        Model::Elephant => elephant(d),
        Model::Chariot => chariot(d),
    }
}

/// The crown on a crowned checker's top face: a gold band with six points, low enough to hide
/// inside a checker stacked on it.
pub fn checker_crown() -> Surface {
    spiked_band(0.22, 0.045, (0.03, 0.06), 6, 48)
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
}
