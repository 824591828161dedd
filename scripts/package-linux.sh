#!/bin/sh
# Builds the Linux bundle dist/Rummage.tar.xz with `fyne package -os linux`
# (fyne.io/tools v1.7.4) from an already built binary, then completes it:
#   - the bundle's Makefile is fixed (with [CanOpen] in FyneApp.toml, fyne
#     writes Exec := "rummage %F" and `make install` fails);
#   - the .desktop file is packaging/linux's (validated; the MimeType list
#     of FyneApp.toml's [CanOpen] must be the same);
#   - the shared-mime-info XML is added and installed by the bundle's
#     Makefile, followed by update-mime-database, so double-click works.
# Finally the bundle is unpacked and `make install` is tried into a stage.
# Usage: scripts/package-linux.sh [BINARY]   (default ./rummage)
set -eu
bin=${1:-./rummage}
fyne=${FYNE:-fyne.io/tools/cmd/fyne@v1.7.4}
appid=io.github.rummage
if ! command -v xz >/dev/null 2>&1; then
  echo "package-linux: fyne package needs xz (apt-get install xz-utils)" >&2
  exit 1
fi
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

# The MimeType lists must agree.
want=$(sed -n 's/^MimeType=//p' packaging/linux/$appid.desktop | tr ';' '\n' | sed '/^$/d' | sort)
got=$(sed -n 's/^MimeTypes *= *"\(.*\)"/\1/p' FyneApp.toml | tr ';' '\n' | sed '/^$/d' | sort)
if [ "$want" != "$got" ]; then
  echo "package-linux: FyneApp.toml [CanOpen] MimeTypes differ from packaging/linux/$appid.desktop" >&2
  exit 1
fi

rm -f Rummage.tar.xz
# fyne package counts Build up in FyneApp.toml on every run: keep the
# source tree as it was (the version is FyneApp.toml's Version).
cp FyneApp.toml "$w/FyneApp.toml.orig"
go run "$fyne" package -os linux --exe "$bin" || { cp "$w/FyneApp.toml.orig" FyneApp.toml; exit 1; }
cp "$w/FyneApp.toml.orig" FyneApp.toml
mv Rummage.tar.xz "$w/fyne.tar.xz"
tar -xJf "$w/fyne.tar.xz" -C "$w"
top=$w/rummage
[ -f "$top/Makefile" ] || { echo "package-linux: unexpected bundle layout" >&2; ls -R "$w" >&2; exit 1; }

install -m 644 packaging/linux/$appid.desktop "$top/usr/local/share/applications/$appid.desktop"
install -D -m 644 packaging/linux/$appid.xml "$top/usr/local/share/mime/packages/$appid.xml"
desktop-file-validate "$top/usr/local/share/applications/$appid.desktop"

# Fix Exec and install the MIME package with the other files.
awk -v id="$appid" '
  function flush() {
    if (pending != "") { printf "%s", pending; pending = "" }
  }
  /^Exec := / { sub(/ %F"/, "\""); print; next }
  /^[a-z-]+:/ || /^$/ { flush() }
  { print }
  /^install:/ {
    print "\tinstall -Dm00644 usr/local/share/mime/packages/" id ".xml $(DESTDIR)$(PREFIX)/share/mime/packages/" id ".xml"
    pending = "\t-[ -n \"$(DESTDIR)\" ] || ! command -v update-mime-database >/dev/null || update-mime-database $(PREFIX)/share/mime\n" \
              "\t-[ -n \"$(DESTDIR)\" ] || ! command -v update-desktop-database >/dev/null || update-desktop-database $(PREFIX)/share/applications\n"
  }
  /^uninstall:/ { print "\t-rm $(DESTDIR)$(PREFIX)/share/mime/packages/" id ".xml" }
  /^user-install:/ {
    print "\tinstall -Dm00644 usr/local/share/mime/packages/" id ".xml $(DESTDIR)$(HOME)/.local/share/mime/packages/" id ".xml"
    pending = "\t-[ -n \"$(DESTDIR)\" ] || ! command -v update-mime-database >/dev/null || update-mime-database $(HOME)/.local/share/mime\n" \
              "\t-[ -n \"$(DESTDIR)\" ] || ! command -v update-desktop-database >/dev/null || update-desktop-database $(HOME)/.local/share/applications\n"
  }
  /^user-uninstall:/ { print "\t-rm $(DESTDIR)$(HOME)/.local/share/mime/packages/" id ".xml" }
  END { flush() }
' "$top/Makefile" >"$w/Makefile" && mv "$w/Makefile" "$top/Makefile"
grep -q '^Exec := "rummage"$' "$top/Makefile" || { echo "package-linux: could not fix the bundle Makefile" >&2; exit 1; }

mkdir -p dist
tar -C "$w" -cJf dist/Rummage.tar.xz rummage

# Check: the bundle installs.
mkdir "$w/check" "$w/stage"
tar -xJf dist/Rummage.tar.xz -C "$w/check"
make -s -C "$w/check/rummage" install DESTDIR="$w/stage" PREFIX=/usr >/dev/null
for f in bin/rummage share/applications/$appid.desktop share/mime/packages/$appid.xml share/pixmaps/$appid.png; do
  [ -e "$w/stage/usr/$f" ] || { echo "package-linux: the bundle's make install did not write $f" >&2; exit 1; }
done
echo "package-linux: dist/Rummage.tar.xz ($(du -h dist/Rummage.tar.xz | cut -f1))"
