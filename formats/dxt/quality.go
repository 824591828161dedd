package dxt

import (
	"fmt"
	"strings"
)

// Quality is how hard the encoder searches for a block's colours. The
// zero value is Normal.
type Quality int

// The qualities, as `--quality` names them.
const (
	// Normal is a cluster fit as libsquish's default: the block's texels
	// ordered along their principal axis, the splits of that order into
	// the palette's clusters weighed by least squares with the endpoints
	// rounded to RGB565, then the best split's indices chosen again
	// against the palette the decoder builds and the endpoints refitted
	// once. Splits end only between a few runs of the order (8; 5 in
	// smooth blocks, 6 in the wildest).
	Normal Quality = iota
	// Fast takes the endpoints from the extremes of the principal axis,
	// refitted by least squares while that lowers the error.
	Fast
	// Best is the cluster fit over every split of the texels, repeated
	// along the axis of the endpoints found (as libsquish's iterative
	// cluster fit), then a search of the neighbouring RGB565 endpoints as
	// the decoder reads them; DXT5 alpha endpoints are searched wider
	// too.
	Best
)

// Qualities returns the quality names, fastest first.
func Qualities() []string { return []string{"fast", "normal", "best"} }

// ParseQuality returns the quality named name (case-insensitive); "" is
// Normal.
func ParseQuality(name string) (Quality, error) {
	switch strings.ToLower(name) {
	case "fast":
		return Fast, nil
	case "", "normal":
		return Normal, nil
	case "best":
		return Best, nil
	}
	return Normal, fmt.Errorf("unknown quality %q (want %s)", name, strings.Join(Qualities(), ", "))
}

// String returns the quality's name.
func (q Quality) String() string {
	switch q {
	case Fast:
		return "fast"
	case Normal:
		return "normal"
	case Best:
		return "best"
	}
	return fmt.Sprintf("Quality(%d)", int(q))
}
