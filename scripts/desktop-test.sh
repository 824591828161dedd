#!/bin/sh
# Checks the desktop integration: the MIME package against its schema and
# update-mime-database, the .desktop file with desktop-file-validate, and a
# staged `make install` whose MIME database maps files to Rummage's types
# by their magic bytes (as a file manager does on double-click).
set -eu
bin=${1:-./rummage}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
xmllint --noout --relaxng packaging/linux/shared-mime-info.rng packaging/linux/io.github.rummage.xml
desktop-file-validate packaging/linux/io.github.rummage.desktop
make -s install-files DESTDIR="$d/prefix" PREFIX= BIN="$bin" >/dev/null
for f in bin/rummage share/applications/io.github.rummage.desktop share/mime/packages/io.github.rummage.xml \
         share/icons/hicolor/512x512/apps/io.github.rummage.png; do
  [ -e "$d/prefix/$f" ] || { echo "desktop-test: make install did not write $f" >&2; exit 1; }
done
XDG_DATA_DIRS="$d/prefix/share:/usr/share" update-mime-database "$d/prefix/share/mime"
# Files with names that say nothing: only the magic bytes can type them.
printf 'NRes\000\001\000\000\000\000\000\000\020\000\000\000' >"$d/archive.bin"
printf 'VER2\000\000\000\000' >"$d/models.bin"
printf 'NL\000\001\000\000\000\000' >"$d/fonts.bin"
cp "$d/archive.bin" "$d/level"   # a name-only rule must still not beat strong magic
expect() {
  got=$(XDG_DATA_HOME="$d/prefix/share" XDG_DATA_DIRS="$d/prefix/share:/usr/share" \
        gio info -a standard::content-type "$1" 2>/dev/null | sed -n 's/.*standard::content-type: //p')
  if [ "$got" != "$2" ]; then
    echo "desktop-test: $1 has type '$got', want '$2'" >&2
    exit 1
  fi
}
expect "$d/archive.bin" application/x-parkan-nres
expect "$d/models.bin" application/x-gta-img
expect "$d/fonts.bin" application/x-parkan-rsli
printf '\026\000\000\000\050\000\000\000\377\377\003\030' >"$d/props.txd"
expect "$d/props.txd" application/x-renderware-txd
mkdir -p "$d/lvl" && printf '\001\000\000\000\200\000\000\000' >"$d/lvl/level"
expect "$d/lvl/level" application/x-xray-level
grep -q '^MimeType=.*application/x-parkan-nres' "$d/prefix/share/applications/io.github.rummage.desktop"
echo "desktop-test: ok"
