#!/bin/sh
# Builds the Debian package OUTDIR/rummage_VERSION_ARCH.deb from built
# binaries: rummage (the window and the command line) and rummage-cli (the
# static command-line-only build), installed by `make install-files` under
# /usr (zsh's completion in Debian's share/zsh/vendor-completions), the man
# pages gzipped (rummage-cli.1.gz a link to rummage.1.gz), the binaries
# stripped, /usr/share/doc/rummage/{copyright,changelog.gz} (a native
# package's), lintian overrides for what is on purpose (a static
# rummage-cli; Go links no PIE by default), and DEBIAN/control (Depends from dpkg-shlibdeps) and md5sums. Debian's own triggers update
# the MIME, desktop and icon caches: no maintainer scripts.
# The version is FyneApp.toml's: as it is on the commit tagged v$VERSION,
# VERSION+gitDATE.COMMIT after that tag, VERSION~gitDATE.COMMIT before it.
# Needs dpkg-deb, dpkg-shlibdeps (dpkg-dev) and gzip.
# Usage: scripts/package-deb.sh BINARY CLI [OUTDIR]   (default OUTDIR: dist;
# DEB_COMPRESSION=gzip for a quicker package than xz, as the desktop test does)
set -eu
bin=${1:?usage: scripts/package-deb.sh BINARY CLI [OUTDIR]}
cli=${2:?usage: scripts/package-deb.sh BINARY CLI [OUTDIR]}
out=${3:-dist}
pkg=rummage
maintainer="The Rummage developers <rummage-developers@users.noreply.github.com>"
for t in dpkg-deb dpkg-shlibdeps gzip; do
  command -v $t >/dev/null 2>&1 || { echo "package-deb: needs $t (apt-get install dpkg-dev)" >&2; exit 1; }
done
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

version=$(sed -n 's/^Version *= *"\([^"]*\)".*/\1/p' FyneApp.toml)
date=$(date -u +%Y%m%d) commit=""
if [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$(pwd -P)" ]; then
  commit=$(git rev-parse --short=12 HEAD)
  date=$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y%m%d)
  if [ "$(git describe --tags --exact-match HEAD 2>/dev/null)" != "v$version" ]; then
    if git merge-base --is-ancestor "v$version" HEAD 2>/dev/null; then
      version="$version+git$date.$commit"
    else
      version="$version~git$date.$commit"
    fi
  fi
fi
arch=$(dpkg --print-architecture)
year=$(echo "$date" | cut -c1-4)

root=$w/root
make -s install-files DESTDIR="$root" PREFIX=/usr ZSHDIR=/usr/share/zsh/vendor-completions BIN="$bin" CLI="$cli" >"$w/install.log" 2>&1 ||
  { cat "$w/install.log" >&2; exit 1; }
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/rummage" "$root/usr/bin/rummage-cli"
man=$root/usr/share/man/man1
gzip -9n "$man/rummage.1"
rm "$man/rummage-cli.1"
ln -s rummage.1.gz "$man/rummage-cli.1.gz"

doc=$root/usr/share/doc/$pkg
mkdir -p "$doc" "$root/DEBIAN"
cat >"$doc/copyright" <<EOT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Rummage
Upstream-Contact: $maintainer
Source: https://github.com/rummage/rummage

Files: *
Copyright: $year The Rummage developers
License: none
 The Rummage developers have not chosen a license for Rummage yet. The
 programs also contain the Go standard library and the Go modules they are
 built from (\`go version -m /usr/bin/rummage\` lists them), each under its
 own license: BSD-3-Clause (Go, Fyne, golang.org/x), MIT and others.
EOT
{
  echo "$pkg ($version) unstable; urgency=medium"
  echo
  echo "  * Built from ${commit:+commit $commit of }the Rummage source tree."
  echo
  echo " -- $maintainer  $(date -u -R)"
} | gzip -9n >"$doc/changelog.gz"
mkdir -p "$root/usr/share/lintian/overrides"
cat >"$root/usr/share/lintian/overrides/$pkg" <<EOT
# rummage-cli is static on purpose: it runs where there is no C library or display.
$pkg: statically-linked-binary [usr/bin/rummage-cli]
# Go's linker makes no position-independent executable by default.
$pkg: hardening-no-pie [usr/bin/rummage]
EOT

mkdir -p "$w/shl/debian"
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' $pkg $pkg >"$w/shl/debian/control"
depends=$(cd "$w/shl" && dpkg-shlibdeps -O -e"$root/usr/bin/rummage" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "package-deb: dpkg-shlibdeps found no dependencies of $bin" >&2; exit 1; }
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat >"$root/DEBIAN/control" <<EOT
Package: $pkg
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Recommends: shared-mime-info, desktop-file-utils
Section: graphics
Priority: optional
Homepage: https://github.com/rummage/rummage
Description: explorer for classic game asset files
 Rummage opens the asset files of classic games, shows what is inside as a
 tree, draws textures, materials, models and levels, and exports them to PNG,
 OBJ, glTF or JSON:
  - Parkan: Iron Strategy: NRes and RsLi archives, MAT0 materials, WEAR
    tables, Texm textures and MSH models;
  - RenderWare 3 (GTA III, Vice City, San Andreas): TXD texture dictionaries,
    DFF models and vehicles, IMG archives, collision files, animation
    packages and map placements;
  - X-Ray (S.T.A.L.K.E.R. prototypes): levels, OGF models and OMF motions.
 .
 The same program is a command-line tool (rummage ls, info, export, render,
 build); rummage-cli is its static command-line-only build for machines
 without a display.
EOT
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' | sort | xargs md5sum) >"$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +
mkdir -p "$out"
deb=$out/${pkg}_${version}_$arch.deb
dpkg-deb --root-owner-group -Z"${DEB_COMPRESSION:-xz}" --build "$root" "$deb" >/dev/null
echo "$deb"
