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

# The version: a release is made from a commit tagged v$VERSION (FyneApp.toml);
# the metainfo's newest <release> must say the same. Go stamps the tag into the
# binaries (-buildvcs=auto in a git work tree); the -X flags are the
# fallback (internal/version).
release=$(sed -n 's/^Version *= *"\([^"]*\)".*/\1/p' FyneApp.toml)
meta=$(sed -n 's/.*<release version="\([^"]*\)".*/\1/p' packaging/linux/io.github.rummage.metainfo.xml | head -n 1)
[ "$meta" = "$release" ] || { echo "release: FyneApp.toml says $release, the metainfo's newest release $meta" >&2; exit 1; }
vcs="" tag=""
if [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$(pwd -P)" ]; then
  vcs=-buildvcs=auto
  if tag=$(git describe --tags --exact-match --match 'v[0-9]*' HEAD 2>/dev/null) && [ "$tag" != "v$release" ]; then
    echo "release: HEAD is tagged $tag but FyneApp.toml says $release" >&2; exit 1
  fi
fi
ldx=$(sh scripts/buildinfo.sh)
for t in "$@"; do
  os=${t%/*} arch=${t#*/} ext=""
  [ "$os" = windows ] && ext=.exe
  echo "release: dist/rummage-$os-$arch$ext"
  GOOS=$os GOARCH=$arch CGO_ENABLED=0 $go build $vcs -trimpath -ldflags="-s -w $ldx" -tags nogui -o "dist/rummage-$os-$arch$ext" .
done
if [ "$(go env GOOS)/$(go env GOARCH)" = linux/amd64 ] && [ -x dist/rummage-linux-amd64 ]; then
  line=$(dist/rummage-linux-amd64 --version)
  case $line in
    "rummage ${tag:-v}"*) echo "release: $line" ;;
    *) echo "release: dist/rummage-linux-amd64 --version says '$line', want a version ${tag:-}" >&2; exit 1 ;;
  esac
fi

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
GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=$cc $go build $vcs -trimpath -ldflags="-s -w -H windowsgui $ldx" \
  -o dist/rummage-windows-amd64-gui.exe .

(cd dist && sha256sum rummage-* >SHA256SUMS)
ls -l dist
