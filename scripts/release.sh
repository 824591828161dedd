#!/bin/sh
# Builds the release files into dist/:
#   rummage-OS-ARCH[.exe]         the static command-line-only binary (CGO_ENABLED=0,
#                                 -tags nogui) for every OS/ARCH given
#   rummage-windows-amd64-gui.exe the window for Windows, cross-compiled with Debian's
#                                 mingw-w64 (gcc-mingw-w64-x86-64, installed when missing)
#   SHA256SUMS
# Usage: scripts/release.sh OS/ARCH...   (the Makefile passes its CROSS list)
set -eu
go=${GO:-go}
[ $# -gt 0 ] || { echo "usage: scripts/release.sh OS/ARCH..." >&2; exit 2; }
mkdir -p dist
for t in "$@"; do
  os=${t%/*} arch=${t#*/} ext=""
  [ "$os" = windows ] && ext=.exe
  echo "release: dist/rummage-$os-$arch$ext"
  GOOS=$os GOARCH=$arch CGO_ENABLED=0 $go build -trimpath -ldflags="-s -w" -tags nogui -o "dist/rummage-$os-$arch$ext" .
done

cc=x86_64-w64-mingw32-gcc
if ! command -v $cc >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  echo "release: installing gcc-mingw-w64-x86-64 for the Windows window"
  $sudo apt-get update -qq >/dev/null
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gcc-mingw-w64-x86-64 >/dev/null
fi
echo "release: dist/rummage-windows-amd64-gui.exe"
# -H windowsgui: no console window behind the GUI.
GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=$cc $go build -trimpath -ldflags="-s -w -H windowsgui" \
  -o dist/rummage-windows-amd64-gui.exe .

(cd dist && sha256sum rummage-* >SHA256SUMS)
ls -l dist
