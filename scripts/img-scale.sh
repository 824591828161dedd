#!/bin/sh
# img-scale.sh SIZE [DIR]: writes a VER2 IMG of SIZE (e.g. 1G) full of TXDs
# with the project's own writers (scripts/bigimg), then prints the time and
# peak RSS of `ls --json`, `ls -r --json` and an export of 2,000 textures
# (issue 18 item 9, issue 17 item 4). Budgets: top-level listing <= 2 s,
# listings <= 100 MB, export RSS flat in the number of files.
set -eu
size=${1:-1G}
dir=${2:-/tmp/rummage-scale}
mkdir -p "$dir"
go build -o "$dir/rummage" .
go run ./scripts/bigimg -size "$size" -out "$dir/big.img"
measure() {
	label=$1
	shift
	/usr/bin/time -f "$label: %e s, peak RSS %M KB" "$@" >/dev/null 2>"$dir/time.txt" || true
	tail -1 "$dir/time.txt"
}
measure "ls --json" "$dir/rummage" ls --json "$dir/big.img"
measure "ls -r --json" "$dir/rummage" ls -r --json "$dir/big.img"
for n in 334 667 1334; do
	rm -rf "$dir/out"
	measure "export $n TXDs ($((n * 3)) textures)" "$dir/rummage" export --out "$dir/out" "$dir/big.img" $(seq -f 'dict%05g.txd' 0 $((n - 1)))
done
rm -rf "$dir/out"
