#!/usr/bin/env bash
# Mouse smoke test of the real window: under Xvfb, xdotool clicks the checker on c3 and then
# d4 in the default view of `variant-table play stax`, then drags the checker on f6 to e5, and
# the game's debug log must show both moves played; then in `play dice-chess` it presses on a
# die in the tray, flicks it away and releases, and the log must show the roll played.
# Last, from the launcher: it clicks the Chess card and Play, then plays e2-e4 with the mouse.
# (Headless tests inject CellClicked, ThrowDice and Activate directly; this checks picking end
# to end.)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
command -v xdotool >/dev/null || { apt-get install -y -qq xdotool >/dev/null || sudo apt-get install -y -qq xdotool >/dev/null; }
cargo build --locked --bin variant-table
bin="${CARGO_TARGET_DIR:-$(pwd)/target}/debug/variant-table"
log=$(mktemp)
# The player's remembered camera zoom and pitch would move every cell: a fresh config each run.
VARIANT_TABLE_CONFIG_DIR=$(mktemp -d)
export bin log VARIANT_TABLE_CONFIG_DIR
xvfb-run -a -s "-screen 0 1280x720x24" bash -c '
  RUST_LOG=warn,variant_table=debug "$bin" play stax >"$log" 2>&1 & pid=$!
  sleep 12
  wid=$(xdotool search --name "Variant Table" | head -1)
  # Default 1280x720 view, the board between the HUD columns: c3 and d4 (measured on a
  # screenshot). Press and release slowly: a debug build under software Vulkan draws a few
  # frames a second.
  for xy in "535 405" "607 352"; do
    xdotool mousemove --window "$wid" $xy; sleep 1.5
    xdotool mousedown 1; sleep 0.6; xdotool mouseup 1; sleep 1.5
  done
  # Drag f6 to e5 in small steps, so the carried checker follows the pointer.
  xdotool mousemove --window "$wid" 732 252; sleep 1.5; xdotool mousedown 1; sleep 0.6
  for i in 1 2 3 4 5 6; do xdotool mousemove --window "$wid" $((732 - 10 * i)) $((252 + 8 * i)); sleep 0.4; done
  sleep 0.6; xdotool mouseup 1; sleep 2
  kill $pid'
if grep -q "played c3-d4" "$log" && grep -q "played f6-e5" "$log"; then echo "mouse smoke: ok (clicked c3, d4: played c3-d4; dragged f6 to e5: played f6-e5)"; else echo "mouse smoke: FAILED"; grep -oE "(clicked|played) .*" "$log" || true; exit 1; fi
dice_log=$(mktemp)
export dice_log
xvfb-run -a -s "-screen 0 1280x720x24" bash -c '
  RUST_LOG=warn,variant_table=debug "$bin" play dice-chess >"$dice_log" 2>&1 & pid=$!
  sleep 12
  wid=$(xdotool search --name "Variant Table" | head -1)
  # The first die rests at (397, 336) in the default 1280x720 view: press, flick up, release.
  xdotool mousemove --window "$wid" 397 336; sleep 1.5; xdotool mousedown 1; sleep 0.6
  for i in 1 2 3 4 5 6; do xdotool mousemove --window "$wid" 397 $((336 - 15 * i)); sleep 0.2; done
  xdotool mouseup 1; sleep 8
  kill $pid'
if grep -qE "played \[[1-6],[1-6]\]" "$dice_log"; then echo "mouse smoke: ok (flicked a die: $(grep -oE "played \[[1-6],[1-6]\]" "$dice_log" | head -1))"; else echo "mouse smoke: dice FAILED"; grep -oE "played .*" "$dice_log" || true; exit 1; fi
launcher_log=$(mktemp)
export launcher_log
xvfb-run -a -s "-screen 0 1280x720x24" bash -c '
  RUST_LOG=warn,variant_table=debug "$bin" >"$launcher_log" 2>&1 & pid=$!
  sleep 12
  wid=$(xdotool search --name "Variant Table" | head -1)
  # The launcher as a newcomer meets it: click the Chess card, then Play; then e2 to e4 in
  # the default view of the chess board (measured on screenshots at 1280x720).
  for xy in "102 470" "855 657"; do
    xdotool mousemove --window "$wid" $xy; sleep 1.5
    xdotool mousedown 1; sleep 0.6; xdotool mouseup 1; sleep 2
  done
  sleep 4
  for xy in "676 470" "674 352"; do
    xdotool mousemove --window "$wid" $xy; sleep 1.5
    xdotool mousedown 1; sleep 0.6; xdotool mouseup 1; sleep 1.5
  done
  sleep 2
  kill $pid'
if grep -q "played e2e4" "$launcher_log"; then echo "mouse smoke: ok (launcher: clicked the Chess card and Play, then e2, e4: played e2e4)"; else echo "mouse smoke: launcher FAILED"; grep -oE "(clicked|played) .*" "$launcher_log" || true; exit 1; fi
