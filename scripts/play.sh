#!/usr/bin/env bash
# Runs the game (system packages first, so a fresh machine needs nothing else). The dev profile
# is the one `scripts/test.sh` builds too: dependencies optimised, compiled once for both.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cargo run --locked --bin variant-table -- "$@"
