package dff

import (
	"math"
	"strings"
)

func lower(s string) string { return strings.ToLower(s) }

func sqrt32(v float32) float32 { return float32(math.Sqrt(float64(v))) }
