package txd

import (
	"fmt"
	"strings"
)

// The edits of a texture that take names: the filter and addressing modes
// as FilterModes and AddressModes spell them. Rename, WithFilter and
// Replace (build.go) are the other edits; each returns a new texture for
// Root.SetTexture and leaves its argument alone.

// FilterMode returns the filter mode named name (as FilterModes spells it).
func FilterMode(name string) (uint32, error) { return modeNamed(filterNames, "filter", name) }

// AddressMode returns the addressing mode named name (as AddressModes
// spells it).
func AddressMode(name string) (uint32, error) { return modeNamed(addressNames, "addressing", name) }

func modeNamed(names []string, what, name string) (uint32, error) {
	for i, n := range names {
		if n == name {
			return uint32(i), nil
		}
	}
	return 0, fmt.Errorf("no %s mode %q (want one of %s)", what, name, strings.Join(names, ", "))
}

// WithModes returns a copy of t with the filter mode and the U and V
// addressing modes named filter, u and v, and whether they differ from
// t's (when they do not, t itself is returned). An unknown name is an
// error.
func WithModes(t *Texture, filter, u, v string) (*Texture, bool, error) {
	f, err := FilterMode(filter)
	if err != nil {
		return nil, false, err
	}
	uu, err := AddressMode(u)
	if err != nil {
		return nil, false, fmt.Errorf("u address: %w", err)
	}
	vv, err := AddressMode(v)
	if err != nil {
		return nil, false, fmt.Errorf("v address: %w", err)
	}
	if f == t.Filter() && uu == t.UAddress() && vv == t.VAddress() {
		return t, false, nil
	}
	return WithFilter(t, f, uu, vv), true, nil
}
