#!/bin/sh
# Checks the desktop integration as a user's file manager sees it:
#   - the MIME package against upstream shared-mime-info's DTD (the one inside
#     the freedesktop.org.xml that the shared-mime-info package installs), the
#     .desktop file with desktop-file-validate, the AppStream metainfo with
#     `appstreamcli validate --pedantic --strict` (with Russian texts and a
#     content rating), and that the three list the same types;
#   - `make install-files` into a private prefix used as XDG_DATA_HOME (as a
#     ~/.local install), beside the system's own MIME database;
#   - `gio info` types files written by Rummage's own writers (`rummage
#     samples`) as ours: a San Andreas (VER2) gta3.img, a version 1 gta3.img
#     with its gta3.dir, TXDs, a DFF, a Parkan .lib, an X-Ray level, also under
#     names that say nothing; while a raw disk image named *.img and a DSDIFF
#     *.dff keep their system types;
#   - `gio mime` offers Rummage for every type (what a double-click uses);
#   - the man page and the bash, zsh and fish completions of rummage and
#     rummage-cli, installed, load where each shell and man look for them;
#     a staged install (DESTDIR, PREFIX=/usr) is complete and `make
#     uninstall` removes every file of it;
#   - both binaries print a real version (not "(devel)"), of git's HEAD;
#   - the .deb of scripts/package-deb.sh: dpkg-deb --info and --contents,
#     and lintian when it is installed.
# Usage: scripts/desktop-test.sh [BINARY [CLI]]   (default ./rummage ./rummage-cli)
set -eu
bin=${1:-./rummage}
cli=${2:-./rummage-cli}
id=io.github.rummage
pkg=packaging/linux
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "desktop-test: $*" >&2; exit 1; }

# Upstream's schema: the DTD at the head of freedesktop.org.xml.
sed -n '/<!DOCTYPE mime-info \[/,/^\]>/p' /usr/share/mime/packages/freedesktop.org.xml | sed '1d;$d' >"$d/smi.dtd"
grep -q '<!ATTLIST generic-icon name' "$d/smi.dtd" || fail "no DTD found in /usr/share/mime/packages/freedesktop.org.xml"
xmllint --noout --dtdvalid "$d/smi.dtd" $pkg/$id.xml
desktop-file-validate $pkg/$id.desktop
# AppStream: pedantic and strict (any hint at all fails), a content rating,
# Russian name, summary and description as the window speaks Russian.
appstreamcli validate --pedantic --strict --no-net $pkg/$id.metainfo.xml >/dev/null ||
  appstreamcli validate --pedantic --strict --no-net $pkg/$id.metainfo.xml >&2 || fail "$id.metainfo.xml is not clean AppStream"
grep -q '<content_rating type="oars-1.1"' $pkg/$id.metainfo.xml || fail "the metainfo has no OARS content rating"
for tag in name summary p li; do
  grep -q "<$tag xml:lang=\"ru\">" $pkg/$id.metainfo.xml || fail "the metainfo has no Russian <$tag>"
done
grep -q '^GenericName\[ru\]=' $pkg/$id.desktop && grep -q '^Comment\[ru\]=' $pkg/$id.desktop || fail "the .desktop file has no Russian GenericName and Comment"
[ "$(grep -c '<comment xml:lang="ru">' $pkg/$id.xml)" = "$(grep -c '<mime-type ' $pkg/$id.xml)" ] || fail "a MIME type has no Russian comment"

# *.dff is also DSDIFF audio (equal glob weights): our clump magic must
# outrank DSDIFF's own (50 when the system's XML gives none).
prio() {
  awk -v t="$1" 'index($0, "<mime-type type=\"" t "\"") { in_t = 1 }
    in_t && /<magic/ { p = 50; if (match($0, /priority="[0-9]+"/)) p = substr($0, RSTART + 10, RLENGTH - 11); print p; exit }
    in_t && /<\/mime-type>/ { exit }' "$2"
}
ours=$(prio application/x-renderware-dff $pkg/$id.xml) dsd=$(prio audio/x-dff /usr/share/mime/packages/freedesktop.org.xml)
[ -n "$ours" ] && [ -n "$dsd" ] && [ "$ours" -gt "$dsd" ] || fail "the DFF magic priority ($ours) is not above DSDIFF's ($dsd)"

# One list of types: the MIME package, the .desktop file, the metainfo, FyneApp.toml.
types=$(sed -n 's/.*<mime-type type="\([^"]*\)".*/\1/p' $pkg/$id.xml | sort)
for list in \
  "$(sed -n 's/^MimeType=//p' $pkg/$id.desktop | tr ';' '\n' | sed '/^$/d' | sort)" \
  "$(sed -n 's/.*<mediatype>\(.*\)<\/mediatype>.*/\1/p' $pkg/$id.metainfo.xml | sort)" \
  "$(sed -n 's/^MimeTypes *= *"\(.*\)"/\1/p' FyneApp.toml | tr ';' '\n' | sed '/^$/d' | sort)"; do
  [ "$list" = "$types" ] || fail "type lists differ: $(echo $types) versus $(echo $list)"
done

# A user install (the Makefile runs update-mime-database and update-desktop-database).
p=$d/prefix
make -s install-files PREFIX="$p" BIN="$bin" CLI="$cli" >"$d/install.log" 2>&1 || { cat "$d/install.log" >&2; fail "make install-files failed"; }
for f in bin/rummage bin/rummage-cli share/applications/$id.desktop share/mime/packages/$id.xml share/metainfo/$id.metainfo.xml \
         share/icons/hicolor/512x512/apps/$id.png share/mime/mime.cache share/applications/mimeinfo.cache \
         share/man/man1/rummage.1 share/man/man1/rummage-cli.1 share/bash-completion/completions/rummage \
         share/bash-completion/completions/rummage-cli share/zsh/site-functions/_rummage \
         share/fish/vendor_completions.d/rummage.fish share/fish/vendor_completions.d/rummage-cli.fish; do
  [ -e "$p/$f" ] || fail "make install-files did not write $f"
done
mkdir -p "$d/home"
run() { PATH="$p/bin:$PATH" HOME="$d/home" XDG_DATA_HOME="$p/share" XDG_DATA_DIRS=/usr/share XDG_CONFIG_HOME="$d/config" "$@"; }

# Versions: a real one, of HEAD when git is here.
for b in "$bin" "$cli"; do
  v=$("$b" --version)
  case $v in "rummage v"*) ;; *) fail "$b --version says '$v', not a version" ;; esac
  if head=$(git rev-parse HEAD 2>/dev/null); then
    case $v in *" commit $(echo "$head" | cut -c1-12) "*) ;; *) fail "$b --version says '$v', not commit $head" ;; esac
  fi
done

# The man page and the completions, where man and the shells find them.
if command -v man >/dev/null 2>&1; then
  run env MANPATH="$p/share/man" MANPAGER=cat MANWIDTH=100 man rummage-cli 2>/dev/null | grep -q '^EXAMPLES' ||
    fail "man rummage-cli does not show the man page's EXAMPLES"
fi
if command -v groff >/dev/null 2>&1; then
  out=$(groff -man -Tutf8 -ww -z "$p/share/man/man1/rummage.1" 2>&1) && [ -z "$out" ] || fail "groff warns about rummage.1: $out"
fi
# What each shell offers after "rummage-cli build " (the second words).
offers() { tr -s ' \t\n' '\n\n\n' | grep -c -x -e txd -e img; }
[ "$(run bash -c ". '$p/share/bash-completion/completions/rummage-cli'; COMP_WORDS=(rummage-cli build ''); COMP_CWORD=2; _rummage; echo \${COMPREPLY[*]}" | offers)" = 2 ] ||
  fail "the installed bash completion does not offer txd and img after rummage-cli build"
if command -v zsh >/dev/null 2>&1; then
  [ "$(run zsh -fc "fpath=('$p/share/zsh/site-functions' \$fpath); autoload -U compinit; compinit -u -D; print \$_comps[rummage-cli]")" = _rummage ] ||
    fail "zsh's compinit does not find _rummage for rummage-cli on \$fpath"
fi
if command -v fish >/dev/null 2>&1; then
  [ "$(run fish -c 'complete -C "rummage-cli build "' | offers)" = 2 ] ||
    fail "fish does not complete rummage-cli from share/fish/vendor_completions.d"
fi

# A staged install for a package (PREFIX=/usr, Debian's zsh folder) and its uninstall.
st=$d/stage
make -s install-files DESTDIR="$st" PREFIX=/usr ZSHDIR=/usr/share/zsh/vendor-completions BIN="$bin" CLI="$cli" >"$d/stage.log" 2>&1 ||
  { cat "$d/stage.log" >&2; fail "make install-files DESTDIR=... failed"; }
for f in bin/rummage bin/rummage-cli share/man/man1/rummage.1 share/man/man1/rummage-cli.1 share/zsh/vendor-completions/_rummage \
         share/bash-completion/completions/rummage-cli share/fish/vendor_completions.d/rummage-cli.fish; do
  [ -e "$st/usr/$f" ] || fail "make install-files DESTDIR=$st PREFIX=/usr did not write usr/$f"
done
make -s uninstall DESTDIR="$st" PREFIX=/usr ZSHDIR=/usr/share/zsh/vendor-completions >>"$d/stage.log" 2>&1 || fail "make uninstall failed"
left=$(find "$st" ! -type d)
[ -z "$left" ] || fail "make uninstall left $left"
typed=0
expect() {
  typed=$((typed + 1))
  got=$(run gio info -a standard::content-type "$1" 2>/dev/null | sed -n 's/.*standard::content-type: //p')
  [ "$got" = "$2" ] || fail "$1 has type '$got', want '$2'"
}

# Fixtures from Rummage's own writers.
s=$d/samples
"$bin" samples "$s" >/dev/null
f=$d/files
mkdir -p "$f/sa" "$f/vc" "$f/lvl"
[ "$(head -c 4 "$s/gta3.img")" = VER2 ] || fail "the sample gta3.img is not VER2"
[ "$(head -c 4 "$s/Material.lib")" = NRes ] || fail "the sample Material.lib is not NRes"
cp "$s/gta3.img" "$f/sa/gta3.img"
cp "$s/gta3.img" "$f/sa/mymod.img"
cp "$s/gta3.img" "$f/models.bin"
# Version 1 (GTA III, Vice City) from the same archive: the VER2 entry table
# (after "VER2" and the count) is the .dir; the .img is the data, header zeroed.
n=$(od -An -tu4 -j4 -N4 "$s/gta3.img" | tr -d ' ')
dd if="$s/gta3.img" of="$f/vc/gta3.dir" bs=1 skip=8 count=$((32 * n)) status=none
cp "$s/gta3.img" "$f/vc/gta3.img"
dd if=/dev/zero of="$f/vc/gta3.img" bs=1 count=$((8 + 32 * n)) conv=notrunc status=none
"$bin" ls "$s/gta3.img" >"$d/v2.txt"
"$bin" ls "$f/vc/gta3.img" >"$d/v1.txt" || fail "rummage cannot read the version 1 gta3.img made here"
cmp -s "$d/v1.txt" "$d/v2.txt" || fail "the version 1 gta3.img lists differently from the VER2 one"
cp "$s/ps2_sa.txd" "$s/pc_d3d9.txd" "$f/"
cp "$s/pc_d3d9.txd" "$f/textures.bin"
dff=$(find "$s" -name '*.dff' | head -n 1)
if [ -n "$dff" ]; then
  cp "$dff" "$f/car.dff"
else
  # No DFF writer in this build: a RenderWare 3.6 clump header (chunk 0x10)
  # whose struct (0x01) says no atomics, lights or cameras.
  printf '\020\000\000\000\030\000\000\000\377\377\003\030\001\000\000\000\014\000\000\000\377\377\003\030' >"$f/car.dff"
  printf '\000\000\000\000\000\000\000\000\000\000\000\000' >>"$f/car.dff"
fi
cp "$f/car.dff" "$f/model.bin"
cp "$s/Material.lib" "$f/Material.lib"
cp "$s/Material.lib" "$f/archive.bin"
cp "$s/xray_level_v4" "$f/lvl/level"
# The GTA and X-Ray formats without a writer here, as bytes: headers with
# their tags (the names decide; the tags type renamed files).
cp "$s/sample.col" "$f/sample.col"
cp "$s/sample.col" "$f/collision.bin"
printf 'COLL\030\000\000\000' >"$f/old.col"
printf 'ANP3\020\000\000\000Ped\000\000\000\000\000\000\000\000\000\000\000\000\000' >"$f/ped.ifp"
printf 'ANPK\010\000\000\000INFO\000\000\000\000' >"$f/anims.bin"
printf 'ANLF\004\000\000\000\000\000\000\000' >"$f/container.bin"
printf 'inst\n1, lamp, 0, 0, 0, 0, 0, 0, 0, 1, -1\nend\n' >"$f/map.ipl"
{ printf 'bnry'; head -c 72 /dev/zero; } >"$f/stream.bin"
cp "$f/stream.bin" "$f/map_stream0.ipl"
printf 'objs\n1, lamp, generic, 100, 0\nend\n' >"$f/map.ide"
mkdir -p "$f/game/data"
printf 'IDE DATA\\MAPS\\GENERIC.IDE\nIPL DATA\\MAPS\\MAP.IPL\n' >"$f/game/data/gta.dat"
cp "$f/game/data/gta.dat" "$f/game/data/gta_vc.dat"
{ printf '\001\000\000\000\054\000\000\000\004\003\000\000'; head -c 40 /dev/zero; } >"$f/model.ogf"
cp "$f/model.ogf" "$f/visual.bin"
printf '\016\000\000\000\010\000\000\000\000\000\000\000\000\000\000\000' >"$f/motions.omf"
# Not ours: a disk image and a DSDIFF audio file under the shared suffixes.
head -c 65536 /dev/zero >"$f/disk.img"
printf 'FRM8\000\000\000\000\000\000\000\040DSD FVER\000\000\000\000\000\000\000\004\001\005\000\000' >"$f/song.dff"

expect "$f/sa/gta3.img" application/x-gta-img
expect "$f/sa/mymod.img" application/x-gta-img
expect "$f/models.bin" application/x-gta-img
expect "$f/vc/gta3.img" application/x-gta-img
expect "$f/vc/gta3.dir" application/x-gta-img-dir
expect "$f/ps2_sa.txd" application/x-renderware-txd
expect "$f/pc_d3d9.txd" application/x-renderware-txd
expect "$f/textures.bin" application/x-renderware-txd
expect "$f/car.dff" application/x-renderware-dff
expect "$f/model.bin" application/x-renderware-dff
expect "$f/Material.lib" application/x-parkan-nres
expect "$f/archive.bin" application/x-parkan-nres
expect "$f/lvl/level" application/x-xray-level
expect "$f/sample.col" application/x-gta-col
expect "$f/collision.bin" application/x-gta-col
expect "$f/old.col" application/x-gta-col
expect "$f/ped.ifp" application/x-gta-ifp
expect "$f/anims.bin" application/x-gta-ifp
expect "$f/container.bin" application/x-gta-ifp
expect "$f/map.ipl" application/x-gta-ipl
expect "$f/stream.bin" application/x-gta-ipl
expect "$f/map_stream0.ipl" application/x-gta-ipl
expect "$f/map.ide" application/x-gta-ide
expect "$f/game/data/gta.dat" application/x-gta-dat
expect "$f/game/data/gta_vc.dat" application/x-gta-dat
expect "$f/model.ogf" application/x-xray-ogf
expect "$f/visual.bin" application/x-xray-ogf
expect "$f/motions.omf" application/x-xray-omf
expect "$f/disk.img" application/x-raw-disk-image
expect "$f/song.dff" audio/x-dff

# The Debian package (gzip: quicker than the release's xz): its control
# fields, its files, and lintian (when installed) finds no error or warning.
deb=$(DEB_COMPRESSION=gzip sh scripts/package-deb.sh "$bin" "$cli" "$d/deb") || fail "scripts/package-deb.sh failed"
info=$(dpkg-deb --info "$deb")
release=$(sed -n 's/^Version *= *"\([^"]*\)".*/\1/p' FyneApp.toml)
for want in "Package: rummage" "Version: $release" "Depends: .*libgl1" "Section: graphics"; do
  echo "$info" | grep -q "^ $want" || fail "dpkg-deb --info $deb lacks '$want'"
done
files=$(dpkg-deb --contents "$deb" | awk '{ print $6 }')
for f in usr/bin/rummage usr/bin/rummage-cli usr/share/applications/$id.desktop usr/share/mime/packages/$id.xml \
         usr/share/metainfo/$id.metainfo.xml usr/share/icons/hicolor/512x512/apps/$id.png usr/share/man/man1/rummage.1.gz \
         usr/share/man/man1/rummage-cli.1.gz usr/share/bash-completion/completions/rummage usr/share/bash-completion/completions/rummage-cli \
         usr/share/zsh/vendor-completions/_rummage usr/share/fish/vendor_completions.d/rummage.fish \
         usr/share/fish/vendor_completions.d/rummage-cli.fish usr/share/doc/rummage/copyright; do
  echo "$files" | grep -qx "\./$f" || fail "$deb has no $f"
done
if command -v lintian >/dev/null 2>&1; then
  lintian --fail-on error,warning "$deb" >"$d/lintian.log" 2>&1 || { cat "$d/lintian.log" >&2; fail "lintian finds errors or warnings in $deb"; }
fi

for t in $types; do
  run gio mime "$t" 2>/dev/null | grep -q "^Default application for .*: $id.desktop" ||
    fail "gio mime $t does not name $id.desktop as the default"
done
echo "desktop-test: ok ($(echo $types | wc -w) types, $typed files typed)"
