#!/bin/sh
# The budgets of docs/architecture.md ("Performance budgets") and issues 13 and 17,
# each with the figure measured now beside it, from the benchmarks behind
# them (-count 1, so figures on a busy machine wander: re-run to compare).
# The frame benchmarks also report cpu-ns/op, the CPU of all cores per
# frame, which a shared machine disturbs less (on an idle 2-core machine
# wall ≈ cpu/2). Optional: REF_LZHUF=path/to/lzhuf.c-binary adds the
# side-by-side LZHUF run of scripts/lzhuf-vs-c.sh, REF_LISTER=path/to/a-C-
# NRes-lister the start-up run of scripts/cli-vs-c.sh; with Xvfb installed
# the window's time to its first frame is measured from outside
# (scripts/firstframe) beside a bare Fyne window's (scripts/fynehello).
# REF_LIBRW=path/to/a-librw-TXD-converter with TXD_CORPUS=DIR adds PNG
# export against librw one process per TXD (scripts/exportvslibrw: five
# interleaved pairs, both ratios); RUMMAGE_SA_REAL=the San Andreas game
# folder adds the admiral with its collision; /usr/bin/time gives the
# LZHUF encoder's peak memory on 100 MB.
#   sh scripts/bench-report.sh
set -eu
cd "$(dirname "$0")/.."
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

# bench PKG REGEX: the benchmark lines of one run, into $d/out
bench() { go test -run '^$' -bench "$2" -benchmem -count 1 "$1" 2>/dev/null | grep '^Benchmark' >"$d/out" || true; }
# field NAME UNIT: the figure before UNIT on the line of benchmark NAME
field() { awk -v n="$1" -v u="$2" '$1 ~ "^"n"(-[0-9]+)?$" {for (i = 2; i <= NF; i++) if ($i == u) {print $(i-1); exit}}' "$d/out"; }
# row BUDGET MEASURED VERDICT
row() { printf '%-62s %-34s %s\n' "$1" "$2" "$3"; }
# check VALUE OP LIMIT: ok or OVER (VALUE empty: not measured)
check() {
	[ -n "$1" ] || { echo "not measured"; return; }
	awk -v v="$1" -v op="$2" -v l="$3" 'BEGIN {ok = (op == "<=") ? v <= l : v >= l; print ok ? "ok" : "OVER"}'
}
ms() { [ -n "$1" ] && awk -v v="$1" 'BEGIN {printf "%.2f", v / 1e6}' || true; }

row "BUDGET" "MEASURED" "HOLDS"
bench ./formats/nres/ 'OpenList10k$'
v=$(ms "$(field BenchmarkOpenList10k ns/op)")
row "NRes: open + list 10,000 entries <= 10 ms" "$v ms, $(field BenchmarkOpenList10k B/op) B" "$(check "$v" '<=' 10)"

bench ./formats/txd/ 'PS2Pal8Unswizzle512$'
v=$(field BenchmarkPS2Pal8Unswizzle512 MB/s)
row "PS2 unswizzle + palette >= 200 MB/s" "$v MB/s" "$(check "$v" '>=' 200)"

bench ./formats/xray/ 'DecodeVBufferCPU$'
v=$(field BenchmarkDecodeVBufferCPU cpu-MB/s)
row "LZHUF decode >= 50 MB/s (one core, CPU time)" "$v MB/s" "$(check "$v" '>=' 50)"
if [ -n "${REF_LZHUF:-}" ]; then
	sh scripts/lzhuf-vs-c.sh "$REF_LZHUF" 50 5 >"$d/lz"
	v=$(sed -n 's/.*, \([0-9.]*\) x the reference.*/\1/p' "$d/lz")
	row "LZHUF decode >= 1.5 x lzhuf.c (whole process, 50 MB)" "$v x" "$(check "$v" '>=' 1.5)"
else
	row "LZHUF decode >= 1.5 x lzhuf.c (whole process, 50 MB)" "set REF_LZHUF to measure" ""
fi

go build -o "$d/lzhufcmp" ./scripts/lzhufcmp
"$d/lzhufcmp" gen 100 "$d/lz.in" >/dev/null
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f %M -o "$d/lz.rss" "$d/lzhufcmp" e "$d/lz.in" "$d/lz.out" >/dev/null
	v=$(awk '{printf "%.1f", $1 / 1024}' "$d/lz.rss")
	row "LZHUF encode streams: peak RSS on 100 MB <= 16 MB" "$v MB" "$(check "$v" '<=' 16)"
else
	row "LZHUF encode streams: peak RSS on 100 MB <= 16 MB" "/usr/bin/time missing" ""
fi
rm -f "$d/lz.in" "$d/lz.out"

bench ./formats/img/ 'BuildIMG$'
v=$(ms "$(field BenchmarkBuildIMG/100000 ns/op)")
g="$(field BenchmarkBuildIMG/1000 ns/entry) / $(field BenchmarkBuildIMG/10000 ns/entry) / $(field BenchmarkBuildIMG/100000 ns/entry)"
row "build img of 100,000 entries <= 2 s, linear" "$v ms; ns/entry at 1k/10k/100k: $g" "$(check "$v" '<=' 2000)"

if [ -n "${REF_LIBRW:-}" ] && [ -n "${TXD_CORPUS:-}" ]; then
	CGO_ENABLED=0 go build -tags nogui -o "$d/rummage-cli" .
	# both write into memory when /dev/shm is there: on a disk mounted with
	# online discard the cost of creating files grows run by run as the
	# deletions between runs pile up, on both sides
	out=""
	if [ -d /dev/shm ] && [ -w /dev/shm ]; then
		out=$(mktemp -d /dev/shm/exportvslibrw.XXXXXX)
	fi
	go run ./scripts/exportvslibrw -pairs 5 ${out:+-out "$out"} -rummage "$d/rummage-cli" "$REF_LIBRW" "$TXD_CORPUS" >"$d/sbs" 2>"$d/sbs.err"
	[ -z "$out" ] || rm -rf "$out"
	w=$(sed -n 's/^ratio.*wall \([0-9.]*\) x, CPU.*/\1/p' "$d/sbs")
	c=$(sed -n 's/^ratio.*CPU \([0-9.]*\) x.*/\1/p' "$d/sbs")
	low=$([ -n "$w" ] && [ -n "$c" ] && awk -v a="$w" -v b="$c" 'BEGIN {print (a < b) ? a : b}' || true)
	row "export --as png, one call >= 2 x librw per TXD (wall, CPU)" "wall $w x, CPU $c x ($(sed -n 's/^TXDs: \([0-9]*\);.*/\1/p' "$d/sbs") TXDs, 5 pairs)" "$(check "$low" '>=' 2)"
else
	row "export --as png, one call >= 2 x librw per TXD (wall, CPU)" "set REF_LIBRW and TXD_CORPUS to measure" ""
fi

bench ./preview/ 'Render1M$|Solid1M$|Textured1M$|ParkanAnimated$'
for b in "Render1M|wireframe 1M triangles, 1280x800, both cores <= 16 ms|16" \
	"Solid1M|solid 1M triangles, 1280x800, both cores <= 33 ms|33" \
	"Textured1M|textured 1M triangles, 256x256 textures <= 50 ms|50" \
	"ParkanAnimated|Parkan-sized model, animated material >= 60 fps|16.7"; do
	name=${b%%|*}
	rest=${b#*|}
	v=$(ms "$(field "Benchmark$name" ns/op)")
	c=$(ms "$(field "Benchmark$name" cpu-ns/op)")
	a=$(field "Benchmark$name" allocs/op)
	row "${rest%|*}" "$v ms (cpu $c ms), $a allocs" "$(check "$v" '<=' "${rest##*|}")"
done

bench ./formats/world/ 'Scene(Open|FirstFrame|Street|Top)$'
v=$(ms "$(field BenchmarkSceneOpen ns/op)")
row "scene of 5,000 instances, 200 models: open + resolve <= 1 s" "$v ms" "$(check "$v" '<=' 1000)"
v=$(ms "$(field BenchmarkSceneFirstFrame ns/op)")
row "scene: open to the first textured frame <= 1.5 s" "$v ms" "$(check "$v" '<=' 1500)"
for b in "Street|scene from the street, culled, LOD, 1280x800 >= 15 fps|15" \
	"Top|scene from the top, all 1.4 M triangles, 1280x800 >= 8 fps|8"; do
	name=${b%%|*}
	rest=${b#*|}
	f=$(field "BenchmarkScene$name" fps)
	c=$(ms "$(field "BenchmarkScene$name" cpu-ns/op)")
	row "${rest%|*}" "$f fps (cpu $c ms/frame)" "$(check "$f" '>=' "${rest##*|}")"
done
bench ./formats/dxt/ 'Encode/(fast|normal|best)/DXT[15]$'
n1=$(field BenchmarkEncode/normal/DXT1 MP/cpu-s)
n5=$(field BenchmarkEncode/normal/DXT5 MP/cpu-s)
low=$([ -n "$n1" ] && [ -n "$n5" ] && awk -v a="$n1" -v b="$n5" 'BEGIN {print (a < b) ? a : b}' || true)
row "DXT encode, --quality normal >= 4 MP/s per core (CPU time)" "DXT1 $n1, DXT5 $n5 MP/s" "$(check "$low" '>=' 4)"
row "  (fast and best beside it)" "fast $(field BenchmarkEncode/fast/DXT1 MP/cpu-s), best $(field BenchmarkEncode/best/DXT1 MP/cpu-s) MP/s (DXT1)" ""

bench ./formats/col/ 'OpenListCOL2$'
v=$(ms "$(field BenchmarkOpenListCOL2 ns/op)")
row "COL: open + list a 130 KB COL2 <= 2 ms" "$v ms" "$(check "$v" '<=' 2)"

bench ./formats/dff/ 'CarWithCollision$'
v=$(ms "$(field BenchmarkCarWithCollision/testcar ns/op)")
c=$(ms "$(field BenchmarkCarWithCollision/testcar cpu-ns/op)")
row "car + collision overlay, 1280x800, both cores <= 10 ms" "$v ms (cpu $c ms)" "$(check "$v" '<=' 10)"
if [ -n "${RUMMAGE_SA_REAL:-}" ]; then
	v=$(ms "$(field BenchmarkCarWithCollision/admiral ns/op)")
	c=$(ms "$(field BenchmarkCarWithCollision/admiral cpu-ns/op)")
	row "  (San Andreas' admiral + its collision, RUMMAGE_SA_REAL)" "$v ms (cpu $c ms)" "$(check "$v" '<=' 10)"
else
	row "  (San Andreas' admiral + its collision)" "set RUMMAGE_SA_REAL to measure" ""
fi

bench ./ui/inspect/material/ 'SwatchFrame$'
v=$(field BenchmarkSwatchFrame ns/op)
p=$([ -n "$v" ] && awk -v v="$v" 'BEGIN {printf "%.2f", v * 60 / 1e9 * 100}' || true)
row "material swatch at 60 fps <= 2 % of one core" "$p % ($(ms "$v") ms/frame)" "$(check "$p" '<=' 2)"

bench ./ui/ 'Startup$'
v=$(ms "$(field BenchmarkStartup ns/op)")
row "GUI start to first frame <= 1.5 s (test driver)" "$v ms" "$(check "$v" '<=' 1500)"

go build -o "$d/rummage" .
if command -v Xvfb >/dev/null; then
	go build -o "$d/firstframe" ./scripts/firstframe
	go build -o "$d/fynehello" ./scripts/fynehello
	v=$("$d/firstframe" -n 5 "$d/rummage" | cut -d' ' -f1)
	h=$("$d/firstframe" -n 5 "$d/fynehello" | cut -d' ' -f1)
	row "window start to first frame, samples <= 1.0 s (Xvfb)" "$v ms (a bare Fyne window: $h ms)" "$(check "$v" '<=' 1000)"
	r=$([ -n "$v" ] && [ -n "$h" ] && awk -v v="$v" -v h="$h" 'BEGIN {printf "%.2f", v / h}' || true)
	row "window first frame <= 2 x a bare Fyne window (Xvfb)" "$r x" "$(check "$r" '<=' 2)"
else
	row "window start to first frame, samples <= 1.0 s (Xvfb)" "Xvfb missing" ""
fi
bench ./formats/diskfolder/ 'FirstLevel10k$'
v=$(ms "$(field BenchmarkFirstLevel10k ns/op)")
row "folder root: first level of 10,000 files sniffed <= 100 ms" "$v ms (first rows $(field BenchmarkFirstLevel10k first-ms) ms)" "$(check "$v" '<=' 100)"
# each in a process of its own: Fyne's test driver runs fyne.Do on the
# calling goroutine, so one benchmark's background listings could touch
# the next one's window at the same time
bench ./ui/ 'FolderRootFirstLevel$'
lv=$(ms "$(field BenchmarkFolderRootFirstLevel ns/op)")
bench ./ui/ 'FolderRootFilterWholeTree$'
row "  (in the window: the level's rows in the tree; a filter search)" "$lv ms; $(ms "$(field BenchmarkFolderRootFilterWholeTree ns/op)") ms over $(field BenchmarkFolderRootFilterWholeTree rows) rows" ""

"$d/rummage" samples "$d/s" >/dev/null
: >"$d/walls"
for _ in 1 2 3 4 5; do
	t0=$(date +%s%N)
	"$d/rummage" render --view solid --overwrite --out "$d/x.png" "$d/s/xray_level_v4" cform >/dev/null
	echo $(( ($(date +%s%N) - t0) / 1000000 )) >>"$d/walls"
done
if [ -n "${REF_LISTER:-}" ]; then
	sh scripts/cli-vs-c.sh "$REF_LISTER" >"$d/cl"
	v=$(sed -n 's/.*takes \([0-9.]*\) x the C.*/\1/p' "$d/cl")
	row "rummage-cli ls --json of a small file <= 2 x a C lister (CPU)" "$v x" "$(check "$v" '<=' 2)"
else
	row "rummage-cli ls --json of a small file <= 2 x a C lister (CPU)" "set REF_LISTER to measure" ""
fi
v=$(sort -n "$d/walls" | sed -n 3p)
row "rummage render of the sample level <= 0.5 s (whole process)" "$v ms (median of 5)" "$(check "$v" '<=' 500)"
