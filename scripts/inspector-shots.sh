#!/bin/sh
# Takes screenshots of every inspector (one per node kind found in the
# built-in samples, and of the tabs after the first, see scripts/kindshots)
# with the real window under Xvfb, each at 1024x640 and at 1280x800:
# `rummage --screenshot BIG.png --size 1280x800 --screenshot SMALL.png
# --size 1024x640 --select NODE [--tab TAB] FILE`. A window whose content
# does not fit the size fails, and every PNG is checked (not blank).
#   scripts/inspector-shots.sh [BIN] [OUTDIR]
# With OUTDIR (e.g. docs/screenshots) the PNGs are kept: the 1024x640 ones
# as OUTDIR/NAME.png (the README's pictures), the 1280x800 ones as
# OUTDIR/1280x800/NAME.png; without it they go to a temporary folder.
set -eu
bin=${1:-./rummage}
keep=${2:-}
if [ -z "${INSPECTOR_SHOTS_X:-}" ]; then
  # One X server for every shot: xvfb-run gives it its own display and X
  # authority.
  INSPECTOR_SHOTS_X=1 exec xvfb-run -a -s '-screen 0 1280x800x24' sh "$0" "$@"
fi
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
out=${keep:-$d/shots}
mkdir -p "$out/1280x800" "$d/samples"
"$bin" samples "$d/samples" >/dev/null
go build -o "$d/kindshots" ./scripts/kindshots
go build -o "$d/pngcheck" ./scripts/pngcheck
"$d/kindshots" "$bin" "$d/samples" >"$d/list"
n=0
tab=$(printf '\t')
while IFS="$tab" read -r name file node sub; do
  big="$out/1280x800/$name.png"
  small="$out/$name.png"
  set -- --screenshot "$big" --size 1280x800 --screenshot "$small" --size 1024x640 --select "$node"
  if [ -n "$sub" ]; then
    set -- "$@" --tab "$sub"
  fi
  if ! timeout 120 "$bin" "$@" "$file" >"$d/log" 2>&1 </dev/null; then
    echo "inspector-shots: $name: $bin $* $file failed:" >&2
    cat "$d/log" >&2
    exit 1
  fi
  "$d/pngcheck" "$big" "$small"
  echo "inspector-shots: $name: $(basename "$file") › $node${sub:+ › $sub}"
  n=$((n + 1))
done <"$d/list"
echo "inspector-shots: ok ($n inspectors and tabs, at 1280x800 and 1024x640)"
