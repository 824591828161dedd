#!/bin/sh
# Start-up of the static command line against a small C program doing the
# same job: whole-process CPU time (user + system) of `rummage-cli ls
# --json` and of REF_LISTER (a C program, built outside this repository,
# that reads an NRes archive and prints its directory as JSON lines; see
# the closing note of issue 17 for the one measured) on the small sample
# archive sample.lib, RUNS interleaved pairs of RUNS each; prints both
# medians and the ratio (budget: rummage-cli <= 2x).
#   sh scripts/cli-vs-c.sh REF_LISTER [PAIRS] [RUNS]   (default 9 and 9)
set -eu
ref=$(realpath "$1")
pairs=${2:-9}
runs=${3:-9}
cd "$(dirname "$0")/.."
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
CGO_ENABLED=0 go build -tags nogui -o "$d/rummage-cli" .
go build -o "$d/cputime" ./scripts/cputime
"$d/rummage-cli" samples "$d/samples" >/dev/null
file="$d/samples/sample.lib"
"$ref" "$file" >/dev/null
: >"$d/times"
for _ in $(seq "$pairs"); do
	printf 'c %s\n' "$("$d/cputime" -n "$runs" "$ref" "$file" | cut -d' ' -f1)" >>"$d/times"
	printf 'go %s\n' "$("$d/cputime" -n "$runs" "$d/rummage-cli" ls --json "$file" | cut -d' ' -f1)" >>"$d/times"
done
med() { grep "^$1 " "$d/times" | cut -d' ' -f2 | sort -n | awk '{v[NR]=$1} END{print v[int((NR+1)/2)]}'; }
c=$(med c)
g=$(med go)
printf 'file: sample.lib (%s bytes); %s pairs of %s runs\n' "$(wc -c <"$file" | tr -d ' ')" "$pairs" "$runs"
printf 'C lister        : %s ms CPU (median), %s KB peak RSS\n' "$c" "$(/usr/bin/time -f %M "$ref" "$file" 2>&1 >/dev/null | tail -1)"
printf 'rummage-cli ls  : %s ms CPU (median), %s KB peak RSS\n' "$g" "$(/usr/bin/time -f %M "$d/rummage-cli" ls --json "$file" 2>&1 >/dev/null | tail -1)"
echo "$c $g" | awk '{printf "rummage-cli takes %.2f x the C program'"'"'s CPU time\n", $2/$1}'
