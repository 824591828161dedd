// Package shareddata finds the test data kept outside the repository in
// ../shared, the folder beside the clone: the LZHUF vectors of the
// reference C encoder and a real X-Ray level of version 14, which the
// project may read but not copy into the repository.
//
// A test that needs it calls Path. In a person's clone without the folder
// the test is skipped and says why; under CI (the environment variable CI
// set to true, as CI services do), where ../shared always sits beside the
// clone, a missing file fails the test instead, so that those tests cannot
// pass by skipping. What can be generated is kept in the packages' own
// testdata instead and never skips.
package shareddata

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// Root returns the ../shared folder beside the module that holds the
// current directory (tests run in their package's folder).
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(dir), "shared"), nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("no go.mod above the current folder")
		}
		dir = up
	}
}

// Lookup returns the path of elem under ../shared and whether it exists,
// for optional uses such as fuzz seeds.
func Lookup(elem ...string) (string, bool) {
	root, err := Root()
	if err != nil {
		return "", false
	}
	p := filepath.Join(append([]string{root}, elem...)...)
	_, err = os.Stat(p)
	return p, err == nil
}

// InCI reports whether the CI environment variable is set to true.
func InCI() bool {
	ci, err := strconv.ParseBool(os.Getenv("CI"))
	return err == nil && ci
}

// Path returns the path of elem under ../shared. When it does not exist
// the test stops: it fails under CI and is skipped, with the reason,
// otherwise.
func Path(tb testing.TB, elem ...string) string {
	tb.Helper()
	p, ok := Lookup(elem...)
	if ok {
		return p
	}
	const why = "the shared test data (../shared beside the repository) is not here"
	if InCI() {
		tb.Fatalf("%s: %s missing, and CI=true makes that a failure", why, filepath.Join(elem...))
	}
	tb.Skipf("%s: %s missing (skipped; under CI=true this fails)", why, filepath.Join(elem...))
	return ""
}
