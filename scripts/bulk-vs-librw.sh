#!/bin/sh
# Side by side: one `rummage export` call over a folder of TXDs against a
# one-process-per-file converter (built on librw; see below), whole-process
# wall time, median of RUNS alternating runs, and the ratio.
#
# usage: scripts/bulk-vs-librw.sh REF_BINARY CORPUS_DIR [RUMMAGE_BINARY] [RUNS]
#
# REF_BINARY is called as `REF_BINARY IN.txd OUTDIR` once per TXD and writes
# one PNG per texture into OUTDIR (the measured one is a 30-line C++
# program on aap/librw's TexDictionary::streamRead, Raster::toImage and
# writePNG, built with librw's CMake as LIBRW_PLATFORM=NULL). The loop
# forks nothing but REF_BINARY. RUMMAGE_BINARY defaults to ./rummage;
# RUNS to 3. Set PAR=2 to also time the reference with two processes at a
# time (xargs -P2). Outputs go to a temporary folder that is removed.
set -eu
ref=$1
corpus=$2
rummage=${3:-./rummage}
runs=${4:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

now() { date +%s.%N; }

ref_once() {
	rm -rf "$tmp/ref" && mkdir "$tmp/ref"
	t0=$(now)
	find "$corpus" -type f -iname '*.txd' | while IFS= read -r f; do
		b=${f##*/}
		"$ref" "$f" "$tmp/ref/${b%.*}" 2>/dev/null || true
	done
	echo "$(now) - $t0" | bc
}

ref_par_once() {
	rm -rf "$tmp/refp" && mkdir "$tmp/refp"
	t0=$(now)
	find "$corpus" -type f -iname '*.txd' -print0 |
		xargs -0 -P2 -n1 sh -c 'b=${1##*/}; exec "$0" "$1" "'"$tmp"'/refp/${b%.*}" 2>/dev/null' "$ref" || true
	echo "$(now) - $t0" | bc
}

rummage_once() {
	rm -rf "$tmp/rum"
	t0=$(now)
	"$rummage" export -q --as png --out "$tmp/rum" "$corpus" >/dev/null 2>&1 || true
	echo "$(now) - $t0" | bc
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

: >"$tmp/r.txt"
: >"$tmp/m.txt"
: >"$tmp/p.txt"
i=1
while [ "$i" -le "$runs" ]; do
	r=$(ref_once)
	m=$(rummage_once)
	echo "run $i: librw per file ${r}s, rummage ${m}s" >&2
	echo "$r" >>"$tmp/r.txt"
	echo "$m" >>"$tmp/m.txt"
	if [ -n "${PAR:-}" ]; then
		p=$(ref_par_once)
		echo "run $i: librw per file, 2 at a time ${p}s" >&2
		echo "$p" >>"$tmp/p.txt"
	fi
	i=$((i + 1))
done
rm -rf "$tmp/ref" "$tmp/refp" "$tmp/rum"
txds=$(find "$corpus" -type f -iname '*.txd' | wc -l)
r=$(median <"$tmp/r.txt")
m=$(median <"$tmp/m.txt")
echo "TXDs: $txds; load before the last run: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "librw, one process per file: median ${r}s"
echo "rummage export, one call:    median ${m}s"
echo "ratio rummage/librw: $(echo "scale=3; $m / $r" | bc)"
if [ -s "$tmp/p.txt" ]; then
	p=$(median <"$tmp/p.txt")
	echo "librw, per file, 2 at a time: median ${p}s (ratio $(echo "scale=3; $m / $p" | bc))"
fi
