//go:build !race

package cli

// raceEnabled: the tests run with the race detector, whose shadow memory
// makes a child's peak resident set no measure of Rummage's own.
const raceEnabled = false
