#!/usr/bin/env bash
# Runs the game (system packages first, so a fresh machine needs nothing else).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cargo run --release --locked --bin variant-table -- "$@"
