package formats

import (
	"fmt"
	"strings"
)

// Parts choose which parts of a vehicle model are shown (--parts): the
// game's intact car (PartsOK), its damaged look (PartsDam), its low-detail
// model (PartsVLO) or every part at once (PartsAll).
type Parts string

// The part choices. PartsDefault leaves the choice to the use: a drawing
// shows the intact car, an export writes every part.
const (
	PartsDefault Parts = ""
	PartsOK      Parts = "ok"
	PartsDam     Parts = "dam"
	PartsVLO     Parts = "vlo"
	PartsAll     Parts = "all"
)

// ParseParts reads a --parts value (case-insensitive).
func ParseParts(s string) (Parts, error) {
	switch p := Parts(strings.ToLower(strings.TrimSpace(s))); p {
	case PartsOK, PartsDam, PartsVLO, PartsAll:
		return p, nil
	}
	return "", fmt.Errorf("want ok, dam, vlo or all, got %q", s)
}

// VehicleView is how a vehicle model is assembled and painted: which
// parts, which of its colour sets from carcols.dat, and whether the night
// vertex colours replace the day (prelit) ones. The zero value is the
// game's intact car in its first colour set, by day.
type VehicleView struct {
	Parts  Parts
	Colors int  // 0-based colour set (--colors)
	Night  bool // night vertex colours where a geometry has them (--night)
}
