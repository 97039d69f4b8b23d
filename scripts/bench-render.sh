#!/usr/bin/env bash
# Frame-time, memory and startup benchmark: the mid-game Stax table, the full 48-checker
# four-player table and six-seat Tri-Chess against a bare Bevy 3D scene (one cube, one light),
# at 1280x720, under Xvfb with Mesa's software Vulkan, run one after the other on the same
# machine. Prints the figures and the ratios (targets: Stax frame <= 1.1x and memory <= 1.3x
# the bare scene's, six-seat Tri-Chess frame <= 1.2x).
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
bare=$(run bare); stax=$(run stax); doubles=$(run doubles); tri=$(run tri-chess-6)
echo "$bare"; echo "$stax"; echo "$doubles"; echo "$tri"
bf=$(echo "$bare" | field median_frame_ms); sf=$(echo "$stax" | field median_frame_ms)
df=$(echo "$doubles" | field median_frame_ms); tf=$(echo "$tri" | field median_frame_ms)
bm=$(echo "$bare" | field rss_mb); sm=$(echo "$stax" | field rss_mb); tm=$(echo "$tri" | field rss_mb)
bs=$(echo "$bare" | field startup_ms); ss=$(echo "$stax" | field startup_ms)
awk -v sf="$sf" -v bf="$bf" -v df="$df" -v tf="$tf" -v ss="$ss" -v bs="$bs" -v sm="$sm" -v bm="$bm" -v tm="$tm" 'BEGIN {
    printf "frame_time_ratio: %.3f\ndoubles_frame_time_ratio: %.3f\ntri_chess_6_frame_time_ratio: %.3f\n", sf / bf, df / bf, tf / bf
    printf "memory_ratio: %.3f\ntri_chess_6_memory_ratio: %.3f\nstartup_ratio: %.3f\n", sm / bm, tm / bm, ss / bs }'
