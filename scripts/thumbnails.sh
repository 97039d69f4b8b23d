#!/usr/bin/env bash
# Draws the launcher's picture of every game's start (assets/thumbs/<game>.png) with the
# table's own screenshot command: the board alone, framed in the whole window, at 348x196
# (twice the card's 174x97, sharp on high-density screens), under Xvfb.
# Run after changing how a board or its pieces look.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
cargo build --locked --workspace --bins
mkdir -p assets/thumbs
for game in $("$target/debug/variant-rules" games --json | python3 -c 'import json,sys; print(" ".join(g["id"] for g in json.load(sys.stdin)))'); do
    xvfb-run -a "$target/debug/variant-table" screenshot "$game" --board-only --size 348x196 --out "assets/thumbs/$game.png" 2>/dev/null
    echo "assets/thumbs/$game.png"
done
