#!/usr/bin/env bash
# The project's test command: system packages, formatting and lints, then every test in the
# workspace (tests last, so their summary is the last thing printed).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo test --workspace --locked "$@"
