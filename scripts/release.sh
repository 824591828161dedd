#!/bin/sh
# Builds the release files into dist/:
#   rummage-OS-ARCH[.exe]         the static command-line-only binary (CGO_ENABLED=0,
#                                 -tags nogui) for every OS/ARCH given
#   rummage-windows-amd64-gui.exe the window for Windows, cross-compiled with Debian's
#                                 mingw-w64 (gcc-mingw-w64-x86-64, installed when missing)
#   SHA256SUMS
# The Windows programs carry a resource section (.rsrc) made by go-winres
# (pinned below) from packaging/windows/winres.json: the icon, the version
# information (FyneApp.toml's Version) and a manifest (per-monitor DPI
# awareness v2, Windows 10 and later, long paths); the script checks it is
# there with x86_64-w64-mingw32-objdump -h and reads it back with go-winres.
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

# The Windows resources: rsrc_windows_amd64.syso in the main package's
# folder, linked into every Windows build below, removed at the end.
winres=github.com/tc-hib/go-winres@v0.3.3
trap 'rm -f rsrc_windows_*.syso' EXIT
$go run $winres make --in packaging/windows/winres.json --out rsrc --arch amd64 \
  --product-version "$release" --file-version "$release"
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
if ! command -v $cc >/dev/null 2>&1 || ! command -v x86_64-w64-mingw32-objdump >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  echo "release: installing gcc-mingw-w64-x86-64 for the Windows window"
  $sudo apt-get update -qq >/dev/null
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 >/dev/null
fi
echo "release: dist/rummage-windows-amd64-gui.exe"
# -H windowsgui: no console window behind the GUI.
GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=$cc $go build $vcs -trimpath -ldflags="-s -w -H windowsgui $ldx" \
  -o dist/rummage-windows-amd64-gui.exe .

# The resource section is there, and holds what winres.json says.
for exe in dist/rummage-windows-amd64.exe dist/rummage-windows-amd64-gui.exe; do
  [ -f "$exe" ] || continue
  x86_64-w64-mingw32-objdump -h "$exe" | grep -q ' \.rsrc ' || { echo "release: $exe has no .rsrc section" >&2; exit 1; }
  x=$(mktemp -d)
  $go run $winres extract --dir "$x" "$exe" >/dev/null
  grep -q '"dpi-awareness": "per monitor v2"' "$x/winres.json" &&
    grep -q "\"file_version\": \"$release.0\"" "$x/winres.json" &&
    grep -q '"RT_GROUP_ICON"' "$x/winres.json" || { echo "release: $exe's resources lack the manifest, the version $release or the icon" >&2; cat "$x/winres.json" >&2; exit 1; }
  rm -rf "$x"
  echo "release: $exe has its icon, version $release and manifest (.rsrc)"
done

(cd dist && sha256sum rummage-* >SHA256SUMS)
ls -l dist
