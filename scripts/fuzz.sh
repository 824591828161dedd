#!/bin/sh
# Runs every fuzz target of the module for the given time each (default 30s).
set -eu
t=${1:-30s}
for dir in $(go list -f '{{.Dir}}' ./...); do
  pkg=$(go list "$dir")
  for f in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //'); do
    echo "fuzz: $pkg $f ($t)"
    go test -run "^$" -fuzz "^$f\$" -fuzztime "$t" -fuzzminimizetime 3s -parallel 1 "$pkg"
  done
done
