#!/bin/sh
# Runs every fuzz target of the module for the given time each (default 30s)
# and reports each one; see scripts/fuzzrun.
#   scripts/fuzz.sh [FUZZTIME] [PACKAGE...]
set -eu
t=${1:-30s}
[ $# -gt 0 ] && shift
exec go run ./scripts/fuzzrun -fuzztime "$t" "$@"
