#!/usr/bin/env bash
# Draws the launcher's picture of every game's start (assets/thumbs/<game>.png) with the
# table's own screenshot command: the board alone at 960x540 under Xvfb, scaled to 348x196
# (twice the card's 174x98, for sharp text on high-density screens) with ImageMagick.
# Run after changing how a board or its pieces look.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
cargo build --locked --bin variant-table --bin variant-rules
mkdir -p assets/thumbs
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for game in $("$target/debug/variant-rules" games --json | python3 -c 'import json,sys; print(" ".join(g["id"] for g in json.load(sys.stdin)))'); do
    xvfb-run -a "$target/debug/variant-table" screenshot "$game" --board-only --size 960x540 --out "$tmp/$game.png"
    convert "$tmp/$game.png" -resize 348x196 -strip "assets/thumbs/$game.png"
    echo "assets/thumbs/$game.png"
done
