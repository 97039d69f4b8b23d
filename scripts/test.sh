#!/usr/bin/env bash
# The project's test command: system packages, formatting, then one build of the workspace's
# tests that is linted as it compiles, then every test (tests last, so their summary is the
# last thing printed).
#
# `cargo clippy` would check every dependency (Bevy included) in a pass of its own before the
# tests compile them again. Instead clippy's driver compiles our own crates
# (RUSTC_WORKSPACE_WRAPPER applies to workspace members only) with the lints of
# `cargo clippy --workspace --all-targets -- -D warnings`, while the dependencies are built once,
# by rustc, into the same artifacts `scripts/play.sh` uses.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cargo fmt --all --check
export RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)"
# cargo-clippy's way of handing lint flags to its driver: arguments joined by this separator.
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
cargo test --workspace --all-targets --locked --no-run
cargo test --workspace --locked "$@"
