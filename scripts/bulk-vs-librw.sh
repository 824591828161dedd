#!/bin/sh
# Side by side: one `rummage export --as png` call over every TXD under
# CORPUS_DIR against a converter built on librw run once per TXD, wall and
# CPU time of every process, median of PAIRS interleaved pairs (default 5),
# both ratios with the pair count and the load (scripts/exportvslibrw).
#
# usage: scripts/bulk-vs-librw.sh REF_BINARY CORPUS_DIR [RUMMAGE_BINARY] [PAIRS]
#
# REF_BINARY is called as `REF_BINARY IN.txd OUTDIR` and writes one PNG per
# texture into OUTDIR; scripts/exportvslibrw/main.go says how the one
# measured was built (outside this repository: never commit it).
# RUMMAGE_BINARY defaults to ./rummage. OUT=DIR puts the outputs there
# (default: the system's temporary folder).
set -eu
ref=$(realpath "$1")
corpus=$(realpath "$2")
rummage=$(realpath "${3:-./rummage}")
pairs=${4:-5}
cd "$(dirname "$0")/.."
exec go run ./scripts/exportvslibrw -pairs "$pairs" -rummage "$rummage" ${OUT:+-out "$OUT"} "$ref" "$corpus"
