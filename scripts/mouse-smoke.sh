#!/usr/bin/env bash
# Mouse smoke test of the real window: under Xvfb, xdotool clicks the checker on c3 and then
# d4 in the default view of `variant-table play stax`, then drags the checker on f6 to e5, and
# the game's debug log must show both moves played; then in `play dice-chess` it presses on a
# die in the tray, flicks it away and releases, and the log must show the roll played.
# (Headless tests inject CellClicked and ThrowDice directly; this checks picking end to end.)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
command -v xdotool >/dev/null || { apt-get install -y -qq xdotool >/dev/null || sudo apt-get install -y -qq xdotool >/dev/null; }
cargo build --locked --bin variant-table
bin="${CARGO_TARGET_DIR:-$(pwd)/target}/debug/variant-table"
log=$(mktemp)
export bin log
xvfb-run -a -s "-screen 0 1280x720x24" bash -c '
  RUST_LOG=warn,variant_table=debug "$bin" play stax >"$log" 2>&1 & pid=$!
  sleep 12
  wid=$(xdotool search --name "Variant Table" | head -1)
  # Default 1280x720 view: c3 and d4 (measured on a screenshot). Press and release slowly:
  # a debug build under software Vulkan draws a few frames a second.
  for xy in "535 450" "605 388"; do
    xdotool mousemove --window "$wid" $xy; sleep 1.5
    xdotool mousedown 1; sleep 0.6; xdotool mouseup 1; sleep 1.5
  done
  # Drag f6 to e5 in small steps, so the carried checker follows the pointer.
  xdotool mousemove --window "$wid" 735 278; sleep 1.5; xdotool mousedown 1; sleep 0.6
  for i in 1 2 3 4 5 6; do xdotool mousemove --window "$wid" $((735 - 10 * i)) $((278 + 9 * i)); sleep 0.4; done
  sleep 0.6; xdotool mouseup 1; sleep 2
  kill $pid'
if grep -q "played c3-d4" "$log" && grep -q "played f6-e5" "$log"; then echo "mouse smoke: ok (clicked c3, d4: played c3-d4; dragged f6 to e5: played f6-e5)"; else echo "mouse smoke: FAILED"; grep -oE "(clicked|played) .*" "$log" || true; exit 1; fi
dice_log=$(mktemp)
export dice_log
xvfb-run -a -s "-screen 0 1280x720x24" bash -c '
  RUST_LOG=warn,variant_table=debug "$bin" play dice-chess >"$dice_log" 2>&1 & pid=$!
  sleep 12
  wid=$(xdotool search --name "Variant Table" | head -1)
  # The first die rests at (382, 355) in the default 1280x720 view: press, flick up, release.
  xdotool mousemove --window "$wid" 382 355; sleep 1.5; xdotool mousedown 1; sleep 0.6
  for i in 1 2 3 4 5 6; do xdotool mousemove --window "$wid" 382 $((355 - 15 * i)); sleep 0.2; done
  xdotool mouseup 1; sleep 8
  kill $pid'
if grep -qE "played \[[1-6],[1-6]\]" "$dice_log"; then echo "mouse smoke: ok (flicked a die: $(grep -oE "played \[[1-6],[1-6]\]" "$dice_log" | head -1))"; else echo "mouse smoke: dice FAILED"; grep -oE "played .*" "$dice_log" || true; exit 1; fi
