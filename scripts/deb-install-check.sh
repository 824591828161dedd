#!/bin/sh
# Checks the .deb as a user meets it, on a fresh Debian system (run it as
# root in one, e.g. `../shared/tools/fresh-debian-check sh scripts/deb-install-check.sh`,
# which runs it on the committed HEAD in a new minimal bookworm root):
#   1. `make deb` builds the binaries and the package (installing what the
#      build needs);
#   2. the build's packages are purged again, so that nothing they brought
#      (libGL, libX11) hides a dependency the package fails to declare;
#   3. `apt-get install ./dist/rummage_*.deb` installs it with what it
#      declares (Depends, and Recommends: shared-mime-info, desktop-file-utils);
#   4. rummage --version and rummage-cli --version print a version, every
#      library of /usr/bin/rummage resolves, rummage-cli and rummage list a
#      sample archive, the MIME and desktop databases know the types, the
#      man page and the bash completion are where they belong;
#   5. `apt-get remove` takes the programs away again.
# Usage: sh scripts/deb-install-check.sh   (from the project's root, as root)
set -eu
fail() { echo "deb-install-check: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root on a system you may change (a fresh Debian root)"
export DEBIAN_FRONTEND=noninteractive
step() { echo "deb-install-check: $*"; }

step "make deb"
make deb
deb=$(ls dist/rummage_*.deb | head -n 1)
[ -f "$deb" ] || fail "make deb wrote no dist/rummage_*.deb"

step "purging the build's packages"
build=$(sed -n 's/^build="\(.*\)"$/\1/p' scripts/install-deps.sh | tr ' ' '\n' | grep -v '^ca-certificates$' | tr '\n' ' ')
# shellcheck disable=SC2086
apt-get purge -y -qq --autoremove $build dpkg-dev >/dev/null
for lib in libGL.so.1 libX11.so.6; do
  ! ldconfig -p | grep -q "$lib" || step "note: $lib is still installed (another package needs it)"
done

step "apt-get install ./$deb"
apt-get install -y -qq "./$deb" >/dev/null || fail "apt-get install ./$deb failed"
dpkg -s rummage | grep -q '^Status: install ok installed' || fail "dpkg does not list rummage as installed"

step "running it"
missing=$(ldd /usr/bin/rummage | grep 'not found' || true)
[ -z "$missing" ] || fail "/usr/bin/rummage lacks libraries: $missing"
for b in rummage rummage-cli; do
  v=$($b --version) || fail "$b --version failed"
  case $v in "rummage v"*) echo "  $b --version: $v" ;; *) fail "$b --version says '$v'" ;; esac
done
s=$(mktemp -d)
rummage-cli samples "$s" >/dev/null || fail "rummage-cli samples failed"
out=$(rummage-cli ls "$s/gta3.img") || fail "rummage-cli ls gta3.img failed"
[ "$(echo "$out" | grep -c .)" -ge 2 ] || fail "rummage-cli ls gta3.img listed: $out"
echo "  rummage-cli ls gta3.img: $(echo "$out" | grep -c .) entries"
rummage ls --json "$s/Material.lib" | grep -q '"path"' || fail "rummage ls --json Material.lib printed no rows"

step "the desktop files"
[ -f /usr/share/mime/application/x-gta-img.xml ] || fail "the MIME database does not know application/x-gta-img (shared-mime-info's trigger)"
grep -q 'application/x-renderware-txd=.*io.github.rummage.desktop' /usr/share/applications/mimeinfo.cache ||
  fail "the desktop database does not offer io.github.rummage.desktop for TXD files"
[ -f /usr/share/man/man1/rummage.1.gz ] && [ -e /usr/share/man/man1/rummage-cli.1.gz ] || fail "no man pages"
[ "$(bash -c '. /usr/share/bash-completion/completions/rummage-cli; COMP_WORDS=(rummage-cli build ""); COMP_CWORD=2; _rummage; echo ${COMPREPLY[*]}')" = "txd img" ] ||
  fail "the installed bash completion does not complete rummage-cli build"

step "apt-get remove rummage"
apt-get remove -y -qq rummage >/dev/null
[ ! -e /usr/bin/rummage ] && [ ! -e /usr/bin/rummage-cli ] || fail "apt-get remove left the programs"
step "ok ($deb)"
