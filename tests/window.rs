//! The real window under Xvfb with Mesa's software Vulkan: `variant-table screenshot` of a
//! mid-game Stax position with tall stacks writes a PNG of the requested size that is not blank.

use std::process::Command;

/// A Stax game (seeded random play preferring jumps) that leaves stacks of up to seven.
const TALL_STACKS: &str = "e3-f4 d6-e5 f4xd6 c7xe5 g3-h4 b8-c7 h2-g3 f6-g5 h4xf6 e7xg5 d2-e3 b6-a5 e3-f4 g5xe3 \
    f2xd4 f8-e7 e1-d2 h6-g5 c3-b4 a5xc3xe1 b2-c3 a7-b6 g1-h2 e5-f4 g3xe5 e1-d2 f4xh6xf8 d2xf4 e5xg7 \
    f4xd2xb4 a3xc5xa7 h8xf6 f8xh6 d6-c5 b4xd6xf8 f6-e5 d4xf6xh8 c7-b6 e5-f6 b6-a5 a7-b8 d8-c7 b8xd6 a5-b4";

#[test]
fn screenshot_of_a_mid_game_stax_position() {
    let out = std::env::temp_dir().join(format!("variant-table-window-{}.png", std::process::id()));
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x720x24"])
        .arg(env!("CARGO_BIN_EXE_variant-table"))
        .args(["screenshot", "stax", "--moves", TALL_STACKS, "--size", "800x450", "--out"])
        .arg(&out)
        .status()
        .expect("xvfb-run is installed (scripts/deps.sh installs it)");
    assert!(status.success(), "screenshot exited with {status}");
    let img = image::open(&out).expect("a PNG was written").to_rgb8();
    assert_eq!(img.dimensions(), (800, 450));
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
    let _ = std::fs::remove_file(out);
}
