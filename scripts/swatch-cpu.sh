#!/bin/sh
# Whole-process CPU of the window showing an animated material swatch, as
# a percentage of one core, over SECONDS (default 20) under Xvfb at WxH
# (default 1280x800): the budget of issue 11 is 10 %.
#   scripts/swatch-cpu.sh [BIN] [SECONDS] [WxH]
set -eu
bin=$(realpath "${1:-./rummage}")
secs=${2:-20}
size=${3:-1280x800}
d=$(mktemp -d)
trap 'kill $pid 2>/dev/null; rm -rf "$d"' EXIT
"$bin" samples "$d" >/dev/null
xvfb-run -a -s "-screen 0 ${size}x24" "$bin" --select ${SWATCH_NODE:-WATER_M} "$d/Material.lib" >/dev/null 2>&1 &
pid=""
for _ in $(seq 50); do
  for p in $(pgrep -f "$bin --select ${SWATCH_NODE:-WATER_M}" || true); do
    [ "$(readlink "/proc/$p/exe" 2>/dev/null)" = "$bin" ] && pid=$p
  done
  [ -n "$pid" ] && break
  sleep 0.2
done
[ -n "$pid" ] || { echo "swatch-cpu: the window did not start" >&2; exit 1; }
sleep 3 # past start-up
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
t0=$(ticks); sleep "$secs"; t1=$(ticks)
echo "swatch-cpu: $(echo "$t0 $t1 $hz $secs" | awk '{printf "%.1f", 100 * ($2 - $1) / $3 / $4}') % of one core over ${secs} s at $size"
