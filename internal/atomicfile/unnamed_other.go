//go:build !linux

package atomicfile

import (
	"errors"
	"os"
)

var errNoUnnamed = errors.New("no unnamed files here")

// openUnnamed is not available: files are written under a temporary name.
func (d *Dir) openUnnamed() (f, dirf *os.File, own bool, err error) {
	return nil, nil, false, errNoUnnamed
}

// linkUnnamed is never called here (openUnnamed always fails).
func linkUnnamed(f, dirf *os.File, name string) error { return errNoUnnamed }

// writeUnnamed leaves every file to the general way (a temporary name).
func (d *Dir) writeUnnamed(name string, data []byte, o Options) (done bool, err error) {
	return false, nil
}
