#!/bin/sh
# Per-call start-up cost of the command line: whole-process CPU time (user +
# system) of `ls --json` on a small sample file, median of RUNS runs, for the
# static command-line-only rummage-cli and the default rummage binary (which
# links Fyne, GL and X11). Builds both into a temporary folder.
#   sh scripts/cli-startup.sh [RUNS]     (default 9)
set -eu
runs=${1:-9}
cd "$(dirname "$0")/.."
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
go build -o "$d/rummage" .
CGO_ENABLED=0 go build -tags nogui -o "$d/rummage-cli" .
go build -o "$d/cputime" ./scripts/cputime
"$d/rummage-cli" samples "$d/samples" >/dev/null
file="$d/samples/sample.lib"
printf 'file: %s (%s bytes)\n' "$(basename "$file")" "$(wc -c <"$file" | tr -d ' ')"
for bin in rummage-cli rummage; do
	printf '%-12s ls --json: ' "$bin"
	"$d/cputime" -n "$runs" "$d/$bin" ls --json "$file"
done
