//! The real window under Xvfb with Mesa's software Vulkan: `variant-table screenshot` of a
//! mid-game Stax position with tall stacks, and of a mid-game CHEX cluster, writes PNGs of the
//! requested size that are not blank; thrown dice rest in the tray; a cylinder board drawn in
//! its true shape is rolled up.

use std::process::Command;

/// A Stax game (seeded random play preferring jumps) that leaves stacks of up to seven.
const TALL_STACKS: &str = "e3-f4 d6-e5 f4xd6 c7xe5 g3-h4 b8-c7 h2-g3 f6-g5 h4xf6 e7xg5 d2-e3 b6-a5 e3-f4 g5xe3 \
    f2xd4 f8-e7 e1-d2 h6-g5 c3-b4 a5xc3xe1 b2-c3 a7-b6 g1-h2 e5-f4 g3xe5 e1-d2 f4xh6xf8 d2xf4 e5xg7 \
    f4xd2xb4 a3xc5xa7 h8xf6 f8xh6 d6-c5 b4xd6xf8 f6-e5 d4xf6xh8 c7-b6 e5-f6 b6-a5 a7-b8 d8-c7 b8xd6 a5-b4";

/// Runs `variant-table screenshot <args> --size 800x450` under Xvfb and reads the PNG back.
fn screenshot(name: &str, args: &[&str]) -> image::RgbImage {
    screenshot_at(name, args, (800, 450))
}

/// A screenshot at `size`: the dice test needs the table at the size players use, since the
/// HUD's columns take most of a window 800 pixels wide.
fn screenshot_at(name: &str, args: &[&str], size: (u32, u32)) -> image::RgbImage {
    let out = std::env::temp_dir().join(format!("variant-table-window-{name}-{}.png", std::process::id()));
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x720x24"])
        .arg(env!("CARGO_BIN_EXE_variant-table"))
        .arg("screenshot")
        .args(args)
        .args(["--size", &format!("{}x{}", size.0, size.1), "--out"])
        .arg(&out)
        .status()
        .expect("xvfb-run is installed (scripts/deps.sh installs it)");
    assert!(status.success(), "screenshot exited with {status}");
    let img = image::open(&out).expect("a PNG was written").to_rgb8();
    let _ = std::fs::remove_file(out);
    assert_eq!(img.dimensions(), size);
    img
}

#[test]
fn screenshot_of_a_mid_game_stax_position() {
    let img = screenshot("stax", &["stax", "--moves", TALL_STACKS]);
    // Not blank: many distinct colours, and both checker colours (red and ivory) present.
    let mut colours = std::collections::HashSet::new();
    let (mut red, mut ivory) = (0, 0);
    for p in img.pixels() {
        colours.insert(p.0.map(|c| c / 8));
        let [r, g, b] = p.0.map(i32::from);
        if r > 120 && g < 60 && b < 60 {
            red += 1;
        }
        if r > 200 && g > 190 && b > 160 && (r - b) < 60 {
            ivory += 1;
        }
    }
    assert!(colours.len() > 200, "only {} colours: a blank or flat frame", colours.len());
    assert!(red > 500, "red checkers visible ({red} pixels)");
    assert!(ivory > 100, "ivory checkers visible ({ivory} pixels)");
}

/// A CHEX game (seed 3, seeded random play preferring draws) with 20-odd tiles in the cluster.
const CHEX_CLUSTER: &str = "draw P@0,0 draw P@1,0 draw P@1,1 draw P@-1,0 draw K@2,2 draw B@0,1 draw P@3,1 draw P@1,2 draw P@-2,1 draw Q@-1,2 draw B@4,1 draw N@3,3 -2,1:-2,2 draw R@-3,3 draw R@-1,1 draw P@-3,4 draw Q@-4,3 draw N@2,0 4,1:3,0 draw P@2,1 draw R@3,-1 -1,2:-1,3 3,0x2,1 draw K@4,0";

#[test]
fn screenshot_of_a_mid_game_chex_cluster() {
    let img = screenshot("chex", &["chex", "--seed", "3", "--moves", CHEX_CLUSTER]);
    // Not blank, and both kinds of tile show: near-black slabs and pale translucent ones.
    let mut colours = std::collections::HashSet::new();
    let (mut dark, mut pale) = (0, 0);
    for p in img.pixels() {
        colours.insert(p.0.map(|c| c / 8));
        let [r, g, b] = p.0.map(i32::from);
        if r < 40 && g < 40 && b < 45 {
            dark += 1;
        }
        if r > 150 && g > 150 && b > 150 {
            pale += 1;
        }
    }
    assert!(colours.len() > 200, "only {} colours: a blank or flat frame", colours.len());
    assert!(dark > 300, "Black's tiles visible ({dark} pixels)");
    assert!(pale > 300, "White's tiles visible ({pale} pixels)");
}

/// Bright, near-white pixels (the dice's ivory) inside a rectangle, grouped into 4-connected
/// blobs; returns the blob sizes.
fn bright_blobs(img: &image::RgbImage, x0: u32, y0: u32, x1: u32, y1: u32) -> Vec<usize> {
    let (w, h) = (x1 - x0, y1 - y0);
    let bright = |x: u32, y: u32| {
        let [r, g, b] = img.get_pixel(x0 + x, y0 + y).0.map(i32::from);
        r > 170 && g > 165 && b > 150
    };
    let mut seen = vec![false; (w * h) as usize];
    let mut sizes = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if seen[(y * w + x) as usize] || !bright(x, y) {
                continue;
            }
            let mut stack = vec![(x, y)];
            seen[(y * w + x) as usize] = true;
            let mut n = 0;
            while let Some((cx, cy)) = stack.pop() {
                n += 1;
                for (nx, ny) in [(cx.wrapping_sub(1), cy), (cx + 1, cy), (cx, cy.wrapping_sub(1)), (cx, cy + 1)] {
                    if nx < w && ny < h && !seen[(ny * w + nx) as usize] && bright(nx, ny) {
                        seen[(ny * w + nx) as usize] = true;
                        stack.push((nx, ny));
                    }
                }
            }
            sizes.push(n);
        }
    }
    sizes
}

#[test]
fn screenshot_of_a_thrown_pair_of_dice_at_rest_in_the_tray() {
    let img = screenshot_at("dice", &["dice-chess", "--moves", "[1,1] e2e4", "--throw", "5"], (1280, 720));
    // The tray stands left of the board: its red felt shows there ...
    let mut felt = 0;
    for p in img.pixels() {
        let [r, g, b] = p.0.map(i32::from);
        if r > 120 && g < 70 && b < 80 && r > 2 * g {
            felt += 1;
        }
    }
    assert!(felt > 3000, "the tray's felt is visible ({felt} pixels)");
    // ... and on it two separate ivory dice. The camera frames board and tray together between
    // the HUD's columns, the tray left of the board (x 330-490, y 260-420 of 1280x720), clear
    // of the panels and of the white pieces on the a-file.
    let dice: Vec<usize> = bright_blobs(&img, 330, 260, 490, 420).into_iter().filter(|&n| n >= 40).collect();
    assert_eq!(dice.len(), 2, "two dice at rest on the table: blobs {dice:?}");
}

/// How wide (in pixels) the board's wood shows across the middle row of `img`: from the first
/// to the last pixel of its light or dark squares (wood: warm, red over green and blue, unlike
/// the green felt, the grey panels and the white and black pieces).
fn wood_span(img: &image::RgbImage) -> u32 {
    let y = img.height() / 2;
    let wood: Vec<u32> = (0..img.width())
        .filter(|&x| {
            let [r, g, b] = img.get_pixel(x, y).0.map(i32::from);
            r > 45 && r > g + 8 && r > b + 15
        })
        .collect();
    match (wood.first(), wood.last()) {
        (Some(a), Some(b)) => b - a,
        _ => 0,
    }
}

#[test]
fn the_true_shape_view_rolls_the_cylinder_board_up() {
    let args = |view| ["cylinder-chess", "--moves", "e2e4 a7a5 d1h5 a5a4 h5a4", "--view", view];
    let flat = wood_span(&screenshot_at("cylinder-flat", &args("flat"), (1280, 720)));
    let bent = wood_span(&screenshot_at("cylinder-bent", &args("true-shape"), (1280, 720)));
    // Flat, the board and its ghost columns span ten cells; rolled up, the cylinder is as wide
    // as its diameter, eight cells over pi, seen from the first seat along its axis.
    assert!(flat > 400, "the flat board spans {flat} px of 1280");
    assert!(bent > 40 && (bent as f32) < 0.6 * flat as f32, "the cylinder spans {bent} px against the flat board's {flat}");
}

#[test]
fn bad_view_and_orbit_options_are_refused_in_one_line() {
    for args in [
        &["screenshot", "cylinder-chess", "--view", "round", "--out", "x.png"][..],
        &["screenshot", "cylinder-chess", "--orbit", "north", "--out", "x.png"][..],
        &["screenshot", "cylinder-chess", "--orbit", "10,95", "--out", "x.png"][..],
        &["play", "cylinder-chess", "--view", "torus"][..],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_variant-table")).args(args).output().expect("the binary runs");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    }
}
