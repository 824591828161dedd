//go:build !linux

package atomicfile

import (
	"errors"
	"os"
)

var errNoUnnamed = errors.New("no unnamed files here")

// openUnnamed is not available: files are written under a temporary name.
func (d *Dir) openUnnamed() (f, dirf *os.File, err error) { return nil, nil, errNoUnnamed }

// linkUnnamed is never called here (openUnnamed always fails).
func linkUnnamed(f, dirf *os.File, name string) error { return errNoUnnamed }
