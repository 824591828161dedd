#!/bin/sh
# Takes one screenshot per inspector (one per node kind found in the
# built-in samples) with the real window under Xvfb: `rummage --screenshot
# OUT.png --select NODE FILE`. Every PNG is checked (not blank).
#   scripts/inspector-shots.sh [BIN] [OUTDIR]
# With OUTDIR (e.g. docs/screenshots) the PNGs are kept there as KIND.png,
# the README's pictures; without it they go to a temporary folder.
set -eu
bin=${1:-./rummage}
keep=${2:-}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
out=${keep:-$d/shots}
mkdir -p "$out" "$d/samples"
"$bin" samples "$d/samples" >/dev/null
go run ./scripts/kindshots "$bin" "$d/samples" >"$d/list"
n=0
tab=$(printf '\t')
while IFS="$tab" read -r kind file node; do
  shot="$out/$kind.png"
  if ! timeout 120 xvfb-run -a -s '-screen 0 1280x800x24' "$bin" --screenshot "$shot" --size 1024x640 \
       --select "$node" "$file" >"$d/log" 2>&1 </dev/null; then
    echo "inspector-shots: $kind: $bin --screenshot $shot --select $node $file failed:" >&2
    cat "$d/log" >&2
    exit 1
  fi
  go run ./scripts/pngcheck "$shot"
  echo "inspector-shots: $kind: $(basename "$file") › $node"
  n=$((n + 1))
done <"$d/list"
echo "inspector-shots: ok ($n inspectors)"
