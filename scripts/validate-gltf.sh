#!/bin/sh
# Validates every .glb file under FOLDER with the Khronos glTF validator:
#   scripts/validate-gltf.sh FOLDER
# `make test` runs the Go tests with RUMMAGE_GLB_DIR=FOLDER (the tests copy
# every .glb they write there, see export/glbtest) and then this script.
# The npm package gltf-validator (pinned below) is installed once into
# ${XDG_CACHE_HOME:-$HOME/.cache}/rummage/ when missing. When npm cannot
# install it, the script fails (set RUMMAGE_SKIP_GLTF_VALIDATE=1 to go on
# without validating, on a machine with no npm registry).
set -eu
VERSION=2.0.0-dev.3.10
dir=${1:?usage: validate-gltf.sh FOLDER}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/rummage
prefix=$cache/gltf-validator-$VERSION
here=$(dirname "$0")
if ! command -v node >/dev/null 2>&1; then
  echo "validate-gltf: node is missing (make test-deps installs nodejs)" >&2
  exit 1
fi
if [ ! -f "$prefix/node_modules/gltf-validator/package.json" ]; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "validate-gltf: npm is missing (make test-deps installs it)" >&2
    exit 1
  fi
  mkdir -p "$cache"
  tmp=$(mktemp -d "$cache/.gltf-validator.XXXXXX")
  echo "validate-gltf: installing gltf-validator@$VERSION into $prefix"
  if ! npm install --prefix "$tmp" --no-audit --no-fund --loglevel=error "gltf-validator@$VERSION" >"$tmp.log" 2>&1; then
    cat "$tmp.log" >&2
    rm -rf "$tmp" "$tmp.log"
    if [ "${RUMMAGE_SKIP_GLTF_VALIDATE:-}" = 1 ]; then
      echo "validate-gltf: WARNING: npm could not install gltf-validator@$VERSION;" \
        "the .glb files in $dir were NOT validated (RUMMAGE_SKIP_GLTF_VALIDATE=1)" >&2
      exit 0
    fi
    echo "validate-gltf: npm could not install gltf-validator@$VERSION (offline?);" \
      "set RUMMAGE_SKIP_GLTF_VALIDATE=1 to skip validating" >&2
    exit 1
  fi
  rm -f "$tmp.log"
  # another run may have installed it meanwhile: keep the first
  mv -T "$tmp" "$prefix" 2>/dev/null || rm -rf "$tmp"
fi
exec node "$here/validate-gltf.js" "$prefix" "$dir"
