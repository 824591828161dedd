#!/bin/sh
# Prints a node path of the built-in samples for the screenshot test's --select.
set -eu
bin=${1:-./rummage}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$bin" samples "$d" >/dev/null
f=$(ls "$d" | head -n 1)
"$bin" ls --json "$d/$f" | go run ./scripts/firstpath
