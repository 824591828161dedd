//go:build !race

package ui

// raceEnabled: the tests run with the race detector.
const raceEnabled = false
