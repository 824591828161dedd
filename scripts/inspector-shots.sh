#!/bin/sh
# Takes screenshots of every inspector (one per node kind found in the
# built-in samples, and of the tabs after the first, see scripts/kindshots)
# and of the Preview's views (RUMMAGE_PREVIEW_VIEW) with the real window
# under Xvfb (and of a level broken on purpose: its problem card and the
# Preview's error), each at 1024x640 and at 1280x800:
# `rummage --screenshot BIG.png --size 1280x800 --screenshot SMALL.png
# --size 1024x640 --select NODE [--tab TAB] FILE`; then the same window in
# Russian (LANG=ru_RU.UTF-8) at 1024x640, where the words are longer; a
# folder root (a game folder opened as one tree); and
# the Russian window shell: the README's window (ru/main.png, 1280x800),
# each menu open and each dialog (RUMMAGE_SCREENSHOT_SHOW), at 1024x640. A
# window whose content does not fit the size fails, so does a menu or
# dialog that does not fit the window, and every PNG is checked (not
# blank). The runs get a private XDG_CONFIG_HOME: a language
# or theme chosen in Settings does not change the shots.
#   scripts/inspector-shots.sh [BIN] [OUTDIR]
# With OUTDIR (e.g. docs/screenshots) the PNGs are kept: the 1024x640 ones
# as OUTDIR/NAME.png (the README's pictures), the 1280x800 ones as
# OUTDIR/1280x800/NAME.png, the Russian ones as OUTDIR/ru/NAME.png; without
# it they go to a temporary folder.
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
mkdir -p "$out/1280x800" "$out/ru" "$d/samples" "$d/config"
export XDG_CONFIG_HOME="$d/config"
"$bin" samples "$d/samples" >/dev/null
go build -o "$d/kindshots" ./scripts/kindshots
go build -o "$d/pngcheck" ./scripts/pngcheck
"$d/kindshots" "$bin" "$d/samples" >"$d/list"
n=0
# window LANG ARGS...: runs the window in the locale LANG (nothing else
# choosing the language) with ARGS, failing with its output.
window() {
  locale=$1
  shift
  if ! LC_ALL='' LC_MESSAGES='' LANGUAGE='' LANG=$locale RUMMAGE_PREVIEW_VIEW=$view RUMMAGE_SCREENSHOT_SHOW=${show:-} \
    timeout 120 "$bin" "$@" >"$d/log" 2>&1 </dev/null; then
    echo "inspector-shots: $name: LANG=$locale $bin $* failed:" >&2
    cat "$d/log" >&2
    exit 1
  fi
}

# shot NAME NODE TAB VIEW [FILE]: one screenshot at both sizes, and in
# Russian at 1024x640; VIEW (wire, solid, textured, textured+wire) opens
# the Preview in that view; without FILE the window opens the built-in
# samples, code-made shapes included. TAB is named in English (the window
# takes it in either language).
shot() {
  name=$1 node=$2 sub=$3 view=$4
  shift 4
  big="$out/1280x800/$name.png"
  small="$out/$name.png"
  ru="$out/ru/$name.png"
  window en_US.UTF-8 --screenshot "$big" --size 1280x800 --screenshot "$small" --size 1024x640 --select "$node" ${sub:+--tab "$sub"} "$@"
  window ru_RU.UTF-8 --screenshot "$ru" --size 1024x640 --select "$node" ${sub:+--tab "$sub"} "$@"
  "$d/pngcheck" "$big" "$small" "$ru"
  echo "inspector-shots: $name: ${file:+$(basename "$file") › }$node${sub:+ › $sub}${view:+ ($view)}"
  n=$((n + 1))
}
tab=$(printf '\t')
while IFS="$tab" read -r name file node sub; do
  shot "$name" "$node" "$sub" "" "$file"
done <"$d/list"
# The Preview's views: the code-made crate (textured, its materials
# animating), the sample model solid and textured+wire, the level solid.
file=
shot mesh-crate shapes/crate Preview ""
file=$(grep '^mesh	' "$d/list" | cut -f2)
mesh=$(grep '^mesh	' "$d/list" | cut -f3)
shot mesh-solid "$mesh" Preview solid "$file"
shot mesh-textured-wire "$mesh" Preview textured+wire "$file"
file=$(grep '^level	' "$d/list" | cut -f2)
level=$(grep '^level	' "$d/list" | cut -f3)
shot level-preview-solid "$level" Preview solid "$file"
# A broken level (its vertex_buffers chunk claims 2 GB unpacked): the
# problem card collapsed to one line with its count and More, and the
# Preview's long error wrapped inside the preview.
broken="$d/broken_level"
cp "$file" "$broken"
at=$("$bin" ls "$broken" | awk '$1 == "vertex_buffers" { print $5 }')
printf '\377\377\377\177' | dd of="$broken" bs=1 seek="$(printf '%d' "$at")" conv=notrunc 2>/dev/null
file=$broken
shot level-broken-preview broken_level Preview "" "$file"
# The Animation row: the sample walker playing its walk from walker.ifp,
# and the motion's own tab playing it on the walker.
file=
shot mesh-animation walker.dff Preview "" "$d/samples/walker.dff" "$d/samples/walker.ifp"
shot animation-playing walker.ifp/wave Animation "" "$d/samples/walker.dff" "$d/samples/walker.ifp"
# A folder opened as one root (a game folder: the samples in models/, a
# dictionary and a file no format recognises at the top): the root's
# entries and counts, and a file of it opened.
file=$d/game
mkdir -p "$file/models"
cp -R "$d/samples/." "$file/models/"
cp "$d/samples/rumbler.txd" "$file/"
echo 'not a game file' >"$file/readme.txt"
shot folder-root game "" "" "$file"
shot folder-root-file game/models/rumbler.txd TXD "" "$file"
# The window shell in Russian: the README's picture of the Russian window
# (as main.png shows the English one), then the menus and dialogs over
# the material WATER_M at 1024x640.
view=
name=main
window ru_RU.UTF-8 --screenshot "$out/ru/main.png" --size 1280x800 --select Material.lib/WATER_M
"$d/pngcheck" "$out/ru/main.png"
s=0
for show in menu:File menu:Edit menu:View menu:Help settings help help:formats help:shortcuts export messages; do
  name=shell-$(echo "$show" | tr ':' '-' | tr 'A-Z' 'a-z')
  window ru_RU.UTF-8 --screenshot "$out/ru/$name.png" --size 1024x640 --select Material.lib/WATER_M
  "$d/pngcheck" "$out/ru/$name.png"
  echo "inspector-shots: $name (Russian, $show)"
  s=$((s + 1))
done
show=
echo "inspector-shots: ok ($n inspectors, tabs and views, at 1280x800 and 1024x640, and in Russian at 1024x640; the Russian window and $s of its menus and dialogs)"
