#!/usr/bin/env bash
# Frame-time, memory and startup benchmark: the mid-game Stax table, the same on the universal
# board bent into a torus (the true-shape view), the full 48-checker four-player table and
# six-seat Tri-Chess against a bare Bevy 3D scene (one cube, one light),
# at 1280x720, under Xvfb with Mesa's software Vulkan, run one after the other on the same
# machine. Prints the figures and the ratios (targets: Stax frame <= 1.1x and memory <= 1.3x
# the bare scene's, six-seat Tri-Chess frame <= 1.2x, the torus <= 1.2x).
#
# A software renderer on a shared 2-core machine gives one run's median frame time to +-15%
# from one process to the next (measured: the bare scene from 45 to 67 ms within minutes). So
# the four scenes run one after another in ROUNDS rounds; each round gives its own ratios (the
# bare scene measured just before), and the ratios printed are the medians over the rounds,
# with each round's figures above them.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
# The dev build is what `scripts/play.sh` runs; PROFILE=release measures a release build.
profile="${PROFILE:-debug}"
if [ "$profile" = release ]; then cargo build --release --locked --bin variant-table; else cargo build --locked --bin variant-table; fi
bin="${CARGO_TARGET_DIR:-target}/$profile/variant-table"
frames="${FRAMES:-150}"
rounds="${ROUNDS:-5}"
run() { xvfb-run -a -s "-screen 0 1280x720x24" "$bin" frame-bench "$1" --frames "$frames" 2>/dev/null; }
field() { awk -v k="$1:" '$1 == k { print $2 }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
rows=""
for round in $(seq "$rounds"); do
    bare=$(run bare); stax=$(run stax); doubles=$(run doubles); tri=$(run tri-chess-6); torus=$(run stax-torus)
    bf=$(echo "$bare" | field median_frame_ms); sf=$(echo "$stax" | field median_frame_ms)
    df=$(echo "$doubles" | field median_frame_ms); tf=$(echo "$tri" | field median_frame_ms); of=$(echo "$torus" | field median_frame_ms)
    bm=$(echo "$bare" | field rss_mb); sm=$(echo "$stax" | field rss_mb); tm=$(echo "$tri" | field rss_mb)
    bs=$(echo "$bare" | field startup_ms); ss=$(echo "$stax" | field startup_ms)
    row=$(awk -v r="$round" -v bf="$bf" -v sf="$sf" -v df="$df" -v tf="$tf" -v bm="$bm" -v sm="$sm" -v tm="$tm" -v bs="$bs" -v ss="$ss" -v of="$of" 'BEGIN {
        printf "%d %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.3f %.3f %.3f %.3f %.3f %.3f %.1f %.3f", r, bf, sf, df, tf, bm, sm, tm, sf / bf, df / bf, tf / bf, sm / bm, tm / bm, ss / bs, of, of / bf }')
    echo "round $row" | awk '{ printf "round %s: frame ms bare %s stax %s doubles %s tri-chess-6 %s stax-torus %s; rss MB bare %s stax %s tri-chess-6 %s\n", $2, $3, $4, $5, $6, $16, $7, $8, $9 }'
    rows="$rows$row"$'\n'
done
col() { printf '%s' "$rows" | awk -v c="$1" 'NF { print $c }' | median; }
echo "rounds: $rounds of $frames frames"
echo "median_frame_ms: bare $(col 2) stax $(col 3) doubles $(col 4) tri-chess-6 $(col 5) stax-torus $(col 15)"
echo "rss_mb: bare $(col 6) stax $(col 7) tri-chess-6 $(col 8)"
echo "frame_time_ratio: $(col 9)"
echo "doubles_frame_time_ratio: $(col 10)"
echo "tri_chess_6_frame_time_ratio: $(col 11)"
echo "true_shape_frame_time_ratio: $(col 16)"
echo "memory_ratio: $(col 12)"
echo "tri_chess_6_memory_ratio: $(col 13)"
echo "startup_ratio: $(col 14)"
