#!/bin/sh
# Prints the -ldflags -X arguments that tell a build which version it is
# (see internal/version): FyneApp.toml's Version, and the commit, its time
# and whether the tree has changes. The binary prefers what Go stamps from
# git itself; these are the fallback for builds where Go stamps nothing
# (a git worktree, GOFLAGS=-buildvcs=false, a source tarball).
# The commit comes from, in order: git; the .git folder read directly (a
# clone on a machine without git); packaging/vcs-info, which `git archive`
# fills in (export-subst in .gitattributes) for source tarballs.
# Usage: sh scripts/buildinfo.sh   (from the project's root; the Makefile
# and scripts/release.sh call it)
set -eu
pkg=rummage/internal/version
release=$(sed -n 's/^Version *= *"\([^"]*\)".*/\1/p' FyneApp.toml)
[ -n "$release" ] || { echo "buildinfo: no Version in FyneApp.toml" >&2; exit 1; }
commit="" time="" modified=""
# git only when this folder is its work tree's top (a tarball unpacked inside
# another repository must not take that repository's commit).
if command -v git >/dev/null 2>&1 && [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$(pwd -P)" ] &&
   commit=$(git rev-parse HEAD 2>/dev/null); then
  time=$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y-%m-%dT%H:%M:%SZ 2>/dev/null || true)
  [ -z "$(git status --porcelain 2>/dev/null)" ] || modified=true
else
  commit=""
  gitdir=.git
  [ -f .git ] && gitdir=$(sed -n 's/^gitdir: //p' .git)
  if [ -f "$gitdir/HEAD" ]; then
    head=$(cat "$gitdir/HEAD")
    case $head in
      "ref: "*)
        ref=${head#ref: }
        common=$gitdir
        [ -f "$gitdir/commondir" ] && common=$gitdir/$(cat "$gitdir/commondir")
        if [ -f "$common/$ref" ]; then
          commit=$(cat "$common/$ref")
        elif [ -f "$common/packed-refs" ]; then
          commit=$(awk -v r="$ref" '$2 == r { print $1 }' "$common/packed-refs")
        fi ;;
      *) commit=$head ;;
    esac
  fi
fi
if [ -z "$commit" ] && [ -f packaging/vcs-info ]; then
  commit=$(sed -n 's/^commit \([0-9a-f]\{40\}\)$/\1/p' packaging/vcs-info)
  ts=$(sed -n 's/^time \([0-9]\{1,\}\)$/\1/p' packaging/vcs-info)
  [ -z "$ts" ] || time=$(date -u -d "@$ts" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || true)
fi
printf -- '-X %s.release=%s' "$pkg" "$release"
[ -z "$commit" ] || printf -- ' -X %s.commit=%s' "$pkg" "$commit"
[ -z "$time" ] || printf -- ' -X %s.time=%s' "$pkg" "$time"
[ -z "$modified" ] || printf -- ' -X %s.modified=%s' "$pkg" "$modified"
echo
