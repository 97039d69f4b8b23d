#!/usr/bin/env bash
# The project's test command: system packages, then every test in the workspace.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cargo test --workspace --locked "$@"
