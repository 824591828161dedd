#!/bin/sh
# Side-by-side LZHUF decode: whole-process CPU time (user + system) of the
# reference lzhuf.c of xray_re-tools (garbage/lzhuf/lzhuf.c, built outside
# this repository with gcc -O2; never commit it) against Rummage's
# streaming decoder (scripts/lzhufcmp), on the same stream of MB megabytes
# of vertex-buffer-like data, PAIRS runs each, interleaved; prints the
# medians, the throughput ratio and both peak RSS figures, then the same
# CPU medians for compressing (ENCODE=0 skips that).
#   sh scripts/lzhuf-vs-c.sh REF_LZHUF [MB] [PAIRS]     (default 50 and 5)
set -eu
ref=$(realpath "$1")
mb=${2:-50}
pairs=${3:-5}
cd "$(dirname "$0")/.."
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
go build -o "$d/lzhufcmp" ./scripts/lzhufcmp
go build -o "$d/cputime" ./scripts/cputime
"$d/lzhufcmp" gen "$mb" "$d/data.bin"
"$d/lzhufcmp" e "$d/data.bin" "$d/x.lz"          # X-Ray payload: u32 size prefix
"$d/lzhufcmp" prefix 8 "$d/x.lz" "$d/c.lz"       # lzhuf.c on 64-bit Linux: 8-byte size
"$ref" d "$d/c.lz" "$d/c.out" >/dev/null
"$d/lzhufcmp" d "$d/x.lz" "$d/go.out"
cmp -s "$d/data.bin" "$d/c.out" || { echo "lzhuf-vs-c: the reference decoded something else" >&2; exit 1; }
cmp -s "$d/data.bin" "$d/go.out" || { echo "lzhuf-vs-c: rummage decoded something else" >&2; exit 1; }
: >"$d/times"
for _ in $(seq "$pairs"); do
	printf 'c %s\n' "$("$d/cputime" -n 1 "$ref" d "$d/c.lz" "$d/c.out" | cut -d' ' -f1)" >>"$d/times"
	printf 'go %s\n' "$("$d/cputime" -n 1 "$d/lzhufcmp" d "$d/x.lz" "$d/go.out" | cut -d' ' -f1)" >>"$d/times"
done
med() { grep "^$1 " "$d/times" | cut -d' ' -f2 | sort -n | awk '{v[NR]=$1} END{print v[int((NR+1)/2)]}'; }
rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
c=$(med c)
g=$(med go)
printf 'stream: %s MB of vertex-buffer-like data, %s bytes compressed; %s pairs\n' "$mb" "$(wc -c <"$d/x.lz" | tr -d ' ')" "$pairs"
printf 'reference lzhuf.c: %s ms CPU (median), %s KB peak RSS\n' "$c" "$(rss "$ref" d "$d/c.lz" "$d/c.out")"
printf 'rummage          : %s ms CPU (median), %s KB peak RSS\n' "$g" "$(rss "$d/lzhufcmp" d "$d/x.lz" "$d/go.out")"
echo "$c $g $mb" | awk '{printf "rummage throughput: %.0f MB/s of output, %.2f x the reference (%.0f MB/s)\n", $3*1048.576/$2, $1/$2, $3*1048.576/$1}'
[ "${ENCODE:-1}" = 0 ] && exit 0
for _ in $(seq "$pairs"); do
	printf 'ce %s\n' "$("$d/cputime" -n 1 "$ref" e "$d/data.bin" "$d/c.enc" | cut -d' ' -f1)" >>"$d/times"
	printf 'goe %s\n' "$("$d/cputime" -n 1 "$d/lzhufcmp" e "$d/data.bin" "$d/go.enc" | cut -d' ' -f1)" >>"$d/times"
done
c=$(med ce)
g=$(med goe)
printf 'encode: reference %s ms CPU (%s bytes out), rummage %s ms CPU (%s bytes out), %s KB peak RSS\n' "$c" "$(wc -c <"$d/c.enc" | tr -d ' ')" "$g" "$(wc -c <"$d/go.enc" | tr -d ' ')" "$(rss "$d/lzhufcmp" e "$d/data.bin" "$d/go.enc")"
echo "$c $g" | awk '{printf "rummage encode: %.2f x the reference throughput\n", $1/$2}'
