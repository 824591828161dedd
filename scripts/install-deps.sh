#!/bin/sh
# Installs the Debian packages Rummage needs when they are missing.
#   scripts/install-deps.sh build   C compiler, pkg-config, GL and X11 headers (for Fyne's GL driver)
#   scripts/install-deps.sh test    the above plus Xvfb (screenshot test), the desktop-file,
#                                   MIME and AppStream tools (desktop test), zsh, fish and
#                                   groff (the completions and the man page, in the unit and
#                                   desktop tests), dpkg-dev (the desktop test builds the .deb),
#                                   and Node.js and npm (the glTF validator)
#   scripts/install-deps.sh package the build set plus dpkg-dev and xz-utils (make deb, make package)
# Does nothing when everything is present. Needs root or sudo to install.
# Node.js and npm count as present when the node and npm commands exist
# (however they were installed: a nodesource nodejs bundles npm).
set -eu
build="ca-certificates gcc libc6-dev pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev"
test="xvfb xauth libxml2-utils desktop-file-utils shared-mime-info libglib2.0-bin appstream zsh fish groff-base dpkg-dev"
package="dpkg-dev xz-utils"
want=$build
[ "${1:-build}" = test ] && want="$build $test"
[ "${1:-build}" = package ] && want="$build $package"
missing=""
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ "${1:-build}" = test ]; then
  command -v node >/dev/null 2>&1 || missing="$missing nodejs"
  command -v npm >/dev/null 2>&1 || missing="$missing npm"
fi
[ -z "$missing" ] && exit 0
echo "install-deps: installing:$missing"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-deps: no apt-get here; install these packages by hand:$missing" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo=sudo; else
    echo "install-deps: need root to install:$missing" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
