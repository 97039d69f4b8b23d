//! The terminal table (`variant-table text`): a scripted hot-seat session through standard input.

use std::io::Write;
use std::process::{Command, Stdio};

fn session(args: &[&str], input: &str) -> (String, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_variant-table"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr), out.status.code())
}

#[test]
fn stax_moves_play_and_stacks_show_their_height() {
    let (out, code) = session(&["text", "stax"], "c3-d4\nf6-e5\nd4xf6\nquit\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("a to move"), "{out}");
    assert!(out.contains("a2 "), "the Stax stack of two shows its height: {out}");
}

#[test]
fn illegal_moves_are_explained_and_the_game_goes_on() {
    let (out, code) = session(&["text", "chess"], "e2e5\ne2e4\nundo\nquit\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("'e2e5': illegal"), "{out}");
    assert!(out.matches("white to move").count() >= 2, "{out}");
}

#[test]
fn fools_mate_ends_the_game() {
    let (out, code) = session(&["text", "chess"], "f2f3\ne7e5\ng2g4\nd8h4\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("black wins (checkmate)"), "{out}");
}

#[test]
fn bad_options_exit_2_with_one_line() {
    let (out, code) = session(&["text", "chess", "--topology", "universal"], "");
    assert_eq!(code, Some(2));
    assert_eq!(out.trim().lines().count(), 1, "{out}");
}

#[test]
fn the_game_binary_rejects_bad_input_with_one_line() {
    for args in [
        &["play", "nosuchgame"][..],
        &["play", "stax", "--moves", "c3-d4 c3-d4"],
        &["screenshot", "stax", "--out", "x.png", "--size", "12"],
        &["screenshot", "chess", "--numbers", "--out", "x.png"],
        &["--frobnicate"],
    ] {
        let (out, code) = session(args, "");
        assert_eq!(code, Some(2), "{args:?}: {out}");
        assert_eq!(out.trim().lines().count(), 1, "{args:?}: {out}");
        assert!(!out.contains("panicked"));
    }
}

#[test]
fn window_commands_without_a_display_fail_with_one_line() {
    for args in [&["play", "stax"][..], &["screenshot", "chess", "--out", "/tmp/never.png"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_variant-table"))
            .args(args)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env_remove("WAYLAND_SOCKET")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("variant-table: no display"), "{err}");
    }
}

#[test]
fn chex_is_played_in_the_terminal() {
    let (out, code) = session(&["text", "chex", "--seed", "3"], "draw\nquit\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("tiles to draw: White 16, Black 16"), "{out}");
    assert!(out.contains("drawn, to place"), "{out}");
}

#[test]
fn dice_games_roll_with_the_physics_dice_or_typed_faces() {
    let (out, code) = session(&["text", "dice-chess"], "e2e4\nroll\nquit\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("white to roll"), "{out}");
    assert!(out.contains("roll the dice first"), "a move before the roll is refused: {out}");
    assert!(out.contains("rolled ["), "{out}");
    let (out, _) = session(&["text", "chec-toe"], "[4]\nRa1v\nquit\n");
    assert!(out.contains("R3 b") || out.contains("4/4/4/R3 b"), "the typed roll and ASCII drop were played: {out}");
}

#[test]
fn moves_the_engine_cannot_read_are_refused_and_the_game_goes_on() {
    let (out, code) = session(&["text", "chess"], "x\né\ne2e4é\ne2e4\nquit\n");
    assert_eq!(code, Some(0), "{out}");
    for bad in ["'x'", "'é'", "'e2e4é'"] {
        assert!(out.contains(bad), "{bad} is named in a message: {out}");
    }
    assert!(out.contains("black to move"), "e2e4 was played after the bad moves: {out}");
    assert!(!out.contains("panicked"), "{out}");
}

#[test]
fn a_bad_move_on_the_command_line_is_one_line_and_exit_code_2() {
    for moves in ["e2e4 x", "é", "e2e4é"] {
        let (out, code) = session(&["text", "chess", "--moves", moves], "");
        assert_eq!(code, Some(2), "{moves}: {out}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 1, "{moves}: one line: {out}");
        assert!(lines[0].starts_with("variant-table: move "), "{moves}: {out}");
    }
}

#[test]
fn tri_chess_is_played_on_its_hexagon_in_the_terminal() {
    // Three players clockwise: A's Knight double-hops, then it is B's turn; B's list of moves
    // prints, and a move that is no move is refused.
    let (out, code) = session(&["text", "tri-chess", "--players", "3", "--edges", "cut"], "h1f5\nmoves\nzz9\nquit\n");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("A south   B north-west   C north-east"), "{out}");
    assert!(out.contains("##"), "the cut edges are out of play: {out}");
    assert!(out.contains(" aN") && out.contains(" cK"), "{out}");
    assert!(out.contains("a (Set A) to move") && out.contains("b (Set B) to move"), "{out}");
    assert!(out.contains("'zz9'"), "a bad move is refused with its text: {out}");
}
