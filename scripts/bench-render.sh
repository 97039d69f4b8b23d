#!/usr/bin/env bash
# Frame-time and startup benchmark: the mid-game Stax table and the full 48-checker four-player
# table against a bare Bevy 3D scene (one cube, one light), at 1280x720, under Xvfb with Mesa's
# software Vulkan, run one after the other on the same machine. Prints the figures and ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
# The dev build is what `scripts/play.sh` runs; PROFILE=release measures a release build.
profile="${PROFILE:-debug}"
if [ "$profile" = release ]; then cargo build --release --locked --bin variant-table; else cargo build --locked --bin variant-table; fi
bin="${CARGO_TARGET_DIR:-target}/$profile/variant-table"
frames="${FRAMES:-300}"
run() { xvfb-run -a -s "-screen 0 1280x720x24" "$bin" frame-bench "$1" --frames "$frames" 2>/dev/null; }
field() { awk -v k="$1:" '$1 == k { print $2 }'; }
bare=$(run bare); stax=$(run stax); doubles=$(run doubles)
echo "$bare"; echo "$stax"; echo "$doubles"
bf=$(echo "$bare" | field median_frame_ms); sf=$(echo "$stax" | field median_frame_ms); df=$(echo "$doubles" | field median_frame_ms)
bs=$(echo "$bare" | field startup_ms); ss=$(echo "$stax" | field startup_ms)
awk -v sf="$sf" -v bf="$bf" -v df="$df" -v ss="$ss" -v bs="$bs" 'BEGIN {
    printf "frame_time_ratio: %.3f\ndoubles_frame_time_ratio: %.3f\nstartup_ratio: %.3f\n", sf / bf, df / bf, ss / bs }'
