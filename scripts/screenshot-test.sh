#!/bin/sh
# Runs the real window under Xvfb with --screenshot on the built-in samples
# and fails when the PNG is missing or blank.
set -eu
bin=${1:-./rummage}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run() {
  shot=$1; shift
  # xvfb-run gives each run its own display and X authority.
  if ! timeout 120 xvfb-run -a -s '-screen 0 1280x800x24' "$bin" --screenshot "$shot" "$@" >"$out/log" 2>&1; then
    echo "screenshot-test: $bin --screenshot $shot $* failed:" >&2
    cat "$out/log" >&2
    exit 1
  fi
  go run ./scripts/pngcheck "$shot"
}
run "$out/samples.png"
run "$out/select.png" --select "$(sh scripts/first-node.sh "$bin")" --size 1024x640
echo "screenshot-test: ok"
