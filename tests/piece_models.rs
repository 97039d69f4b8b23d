//! The piece models as pure geometry: every kind has one, chess heights are graded, the meshes
//! are sound (unit normals facing out, no degenerate triangles, bounded size), the knight faces
//! its opponent, and the crowned checker's crown hides inside a checker stacked on it.

use bevy::prelude::*;
use variant_rules::scene::PieceKind;
use variant_table::table::look::models::{KING_HEIGHT, Model, checker_crown, piece_surface};
use variant_table::table::look::solids::{Detail, Surface};
use variant_table::table::mirror::pieces::CHECKER_HEIGHT;

fn triangles(s: &Surface) -> impl Iterator<Item = ([Vec3; 3], [Vec3; 3])> + '_ {
    s.indices.chunks(3).map(|t| ([0, 1, 2].map(|i| s.positions[t[i] as usize]), [0, 1, 2].map(|i| s.normals[t[i] as usize])))
}

#[test]
fn every_kind_has_a_model_and_toe_to_toe_kinds_differ() {
    for kind in PieceKind::ALL {
        let s = piece_surface(Model::of(kind), Detail::Full);
        assert!(s.triangles() > 100, "{kind:?}");
    }
    let toe = [PieceKind::Pawn, PieceKind::Horse, PieceKind::Elephant, PieceKind::Chariot, PieceKind::General, PieceKind::King];
    let chess = [PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen, PieceKind::King];
    for set in [toe, chess] {
        for (i, a) in set.iter().enumerate() {
            for b in &set[i + 1..] {
                assert_ne!(Model::of(*a), Model::of(*b), "{a:?} and {b:?} look alike");
            }
        }
    }
}

#[test]
fn chess_heights_are_strictly_graded_up_to_the_king() {
    let order = [Model::Pawn, Model::Rook, Model::Knight, Model::Bishop, Model::Queen, Model::King];
    let heights: Vec<f32> = order.iter().map(|&m| piece_surface(m, Detail::Full).top()).collect();
    assert!(heights.windows(2).all(|w| w[1] > w[0] + 0.03), "{heights:?}");
    assert!((heights[5] - KING_HEIGHT).abs() < 1e-3, "{heights:?}");
    // About a Staunton set's proportions of the king: pawn a half, queen nine tenths.
    for (h, part) in heights.iter().zip([0.5, 0.6, 0.66, 0.76, 0.9, 1.0]) {
        assert!((h / KING_HEIGHT - part).abs() < 0.03, "{heights:?}");
    }
}

#[test]
fn meshes_are_sound_and_bounded() {
    for (model, detail) in Model::ALL.into_iter().flat_map(|m| Detail::ALL.map(|d| (m, d))) {
        let s = piece_surface(model, detail);
        println!("{model:?} {detail:?}: {} triangles, {} vertices, {:.3} tall", s.triangles(), s.positions.len(), s.top());
        assert!(s.triangles() <= 5000, "{model:?}: {} triangles", s.triangles());
        let model = format!("{model:?} at {detail:?} detail");
        assert_eq!(s.positions.len(), s.normals.len());
        assert!(s.indices.iter().all(|&i| (i as usize) < s.positions.len()));
        assert!(s.normals.iter().all(|n| (n.length() - 1.0).abs() < 1e-3), "{model:?}: normals of unit length");
        let mut against = 0;
        let mut volume = 0.0;
        for ([a, b, c], n) in triangles(&s) {
            let cross = (b - a).cross(c - a);
            assert!(cross.length() > 1e-7, "{model:?}: a degenerate triangle {a} {b} {c}");
            if cross.dot(n[0] + n[1] + n[2]) <= 0.0 {
                against += 1;
            }
            volume += a.dot(b.cross(c)) / 6.0;
        }
        // Smoothed normals may lean past a sliver at a sharp tip; no more than that.
        assert!(against * 200 <= s.triangles(), "{model:?}: {against} of {} triangles face against their normals", s.triangles());
        assert!(volume > 0.005, "{model:?}: faces turned outward enclose {volume}");
        // It stands on the board, within its cell.
        let low = s.positions.iter().map(|p| p.y).fold(f32::INFINITY, f32::min);
        let reach = s.positions.iter().map(|p| p.x.abs().max(p.z.abs())).fold(0.0, f32::max);
        assert!(low.abs() < 1e-4 && reach < 0.45, "{model:?}: from {low}, reaching {reach}");
    }
}

#[test]
fn low_detail_keeps_the_shape_with_a_fraction_of_the_triangles() {
    let mut total = [0; 2];
    for model in Model::ALL {
        let [full, low] = Detail::ALL.map(|d| piece_surface(model, d));
        total[0] += full.triangles();
        total[1] += low.triangles();
        // About thirty pixels wide: at most 600 triangles, under a quarter of the full model's.
        assert!(low.triangles() <= 600 && low.triangles() * 4 < full.triangles(), "{model:?}: {} of {}", low.triangles(), full.triangles());
        // The same silhouette: as tall, as wide, standing on the same foot.
        let width = |s: &Surface| s.positions.iter().map(|p| p.x.abs().max(p.z.abs())).fold(0.0, f32::max);
        assert!((low.top() - full.top()).abs() < 0.01, "{model:?}: {} against {}", low.top(), full.top());
        assert!((width(&low) - width(&full)).abs() < 0.02, "{model:?}: {} against {}", width(&low), width(&full));
    }
    // A set drawn low: a sixth of the triangles or fewer.
    assert!(total[1] * 6 < total[0], "{total:?}");
}

/// How far the surface reaches along `dir`, above height `y`.
fn reach(s: &Surface, dir: Vec3, y: f32) -> f32 {
    s.positions.iter().filter(|p| p.y > y).map(|p| p.dot(dir)).fold(f32::NEG_INFINITY, f32::max)
}

#[test]
fn the_knight_is_a_head_facing_the_opponent_and_turned_pieces_are_round() {
    let knight = piece_surface(Model::Knight, Detail::Full);
    let (front, back, side) = (reach(&knight, -Vec3::Z, 0.3), reach(&knight, Vec3::Z, 0.3), reach(&knight, Vec3::X, 0.3));
    assert!(front > side + 0.12 && front > back + 0.03, "muzzle forward (-Z): front {front}, back {back}, side {side}");
    assert!((reach(&knight, Vec3::X, 0.3) - reach(&knight, -Vec3::X, 0.3)).abs() < 1e-4, "left and right alike");
    for (model, detail) in [Model::Pawn, Model::Bishop, Model::King].into_iter().flat_map(|m| Detail::ALL.map(|d| (m, d))) {
        let s = piece_surface(model, detail);
        let r: Vec<f32> = [Vec3::X, -Vec3::X, Vec3::Z, -Vec3::Z].iter().map(|&d| reach(&s, d, 0.2)).collect();
        assert!(r.iter().all(|x| (x - r[0]).abs() < 0.01), "{model:?} at {detail:?} detail is round: {r:?}");
    }
}

#[test]
fn the_bishops_mitre_is_cut_on_one_side() {
    let bishop = piece_surface(Model::Bishop, Detail::Full);
    // Across the mitre at the cut's height, the front (+Z, its owner's side) is cut in.
    let mitre = |dir: Vec3| bishop.positions.iter().filter(|p| p.y > 0.5 && p.y < 0.64 && p.normalize().dot(dir) > 0.0).count();
    let lowest_radius = |sign: f32| {
        bishop
            .positions
            .iter()
            .filter(|p| (p.y - 0.58).abs() < 0.012 && p.z * sign > 0.0 && p.x.abs() < 0.02)
            .map(|p| Vec2::new(p.x, p.z).length())
            .fold(f32::INFINITY, f32::min)
    };
    assert!(mitre(Vec3::Z) > 0 && mitre(-Vec3::Z) > 0);
    assert!(lowest_radius(1.0) < lowest_radius(-1.0) * 0.8, "front {} back {}", lowest_radius(1.0), lowest_radius(-1.0));
}

#[test]
fn the_checker_crown_stands_up_and_hides_under_a_stacked_checker() {
    let crown = checker_crown();
    let top = crown.top();
    assert!(top > 0.05 && top < CHECKER_HEIGHT * 0.9, "{top}");
    let reach = crown.positions.iter().map(|p| Vec2::new(p.x, p.z).length()).fold(0.0, f32::max);
    assert!(reach < 0.38, "inside a checker's top: {reach}");
    // Its points: along its rim, high and low alternate round it.
    let rim: Vec<f32> = (0..12).map(|i| i as f32 * std::f32::consts::TAU / 12.0).map(|a| reach_at(&crown, a)).collect();
    assert!(rim.iter().step_by(2).all(|&h| h > top - 0.005) && rim.iter().skip(1).step_by(2).all(|&h| h < top - 0.03), "{rim:?}");
}

/// The crown's height at angle `a` round it.
fn reach_at(s: &Surface, a: f32) -> f32 {
    let d = Vec2::from_angle(a);
    s.positions.iter().filter(|p| Vec2::new(p.x, p.z).normalize_or_zero().dot(d) > 0.999).map(|p| p.y).fold(0.0, f32::max)
}

#[test]
fn painted_numbers_turn_to_read_upright_from_any_seat() {
    use variant_table::table::look::visuals::upright_for;
    // The decal's top is its -Z: it must point the way the camera looks, seen from above.
    for yaw in [0.0f32, 1.0, 2.5, -2.0, std::f32::consts::PI] {
        let forward = Vec3::new(-yaw.sin(), -0.8, -yaw.cos());
        let top = upright_for(forward) * -Vec3::Z;
        let along = Vec2::new(forward.x, forward.z).normalize();
        assert!((Vec2::new(top.x, top.z) - along).length() < 1e-4 && top.y.abs() < 1e-6, "yaw {yaw}: {top}");
    }
    assert_eq!(upright_for(-Vec3::Y), Quat::IDENTITY, "straight down: as the south seat reads");
}
