package cli

import (
	"fmt"
	"strconv"

	"rummage/formats"
)

// vehicleOptions reads --parts, --colors and --night into v; msg is the
// usage error ("" when none).
func vehicleOptions(a *args, v *formats.VehicleView) (msg string) {
	if s, ok := a.vals["parts"]; ok {
		p, err := formats.ParseParts(s)
		if err != nil {
			return "--parts: " + err.Error()
		}
		v.Parts = p
	}
	if s, ok := a.vals["colors"]; ok {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 255 {
			return fmt.Sprintf("--colors: want a colour set number 0, 1, ..., got %q", s)
		}
		v.Colors = n
	}
	v.Night = a.bools["night"]
	return ""
}

// vehicleNode is a model that may be a vehicle (a RenderWare clump).
type vehicleNode interface {
	IsVehicle() bool
}

// noter is a node with one-line remarks on how it is drawn.
type noter interface {
	Notes() []string
}

// vehicleNotes prints, on stderr, that --parts was ignored on a model that
// is not a vehicle, and the node's own notes (a vehicle painted grey for
// want of carcols.dat).
func (e *env) vehicleNotes(a *args, file, node string, n formats.Node) {
	_, parts := a.vals["parts"]
	_, colors := a.vals["colors"]
	if v, ok := n.(vehicleNode); (parts || colors) && (!ok || !v.IsVehicle()) {
		fmt.Fprintln(e.stderr, noteLine(file, node, "--parts and --colors are ignored: it is not a vehicle"))
	}
	e.nodeNotes(file, node, n)
}

// nodeNotes prints, on stderr, the node's own notes on how it is drawn.
func (e *env) nodeNotes(file, node string, n formats.Node) {
	if nt, ok := n.(noter); ok {
		notes, _ := formats.Guard("notes", func() ([]string, error) { return nt.Notes(), nil })
		for _, s := range notes {
			fmt.Fprintln(e.stderr, noteLine(file, node, s))
		}
	}
}

// noteLine is "rummage: FILE: NODE: note: what".
func noteLine(file, node, msg string) string {
	where := printable(file)
	if node != "" {
		where += ": " + printable(node)
	}
	return "rummage: " + where + ": note: " + oneLine(msg)
}
