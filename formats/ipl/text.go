package ipl

import (
	"fmt"
	"strconv"
	"strings"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/sectext"
)

// Sections are the section keywords of text item placement files that
// Rummage knows (any other is kept as text).
var Sections = []string{"inst", "cull", "grge", "enex", "pick", "jump", "tcyc", "auzo", "mult", "cars", "occl", "zone", "path"}

var knownSection = func() map[string]bool {
	m := map[string]bool{}
	for _, s := range Sections {
		m[s] = true
	}
	m["mzon"] = true // map zones, in GTA III's .zon files
	return m
}()

// IsSection reports whether word (lower case) is a known section keyword.
func IsSection(word string) bool { return knownSection[word] }

// LooksText reports whether head, the first bytes of a file of size
// bytes named name, is a text item placement file: the name ends in .ipl
// and the first word outside comments is a known section keyword (a head
// of comments alone is given the benefit of the doubt; Open decides).
func LooksText(head []byte, size int64, name string) bool {
	if !strings.EqualFold(extension(name), ".ipl") || IsBinary(head) {
		return false
	}
	word, seen, cut := sectext.FirstWord(head)
	switch {
	case !seen:
		return size > int64(len(head)) // only comments so far
	case cut && size > int64(len(head)):
		for _, s := range Sections {
			if strings.HasPrefix(s, word) {
				return true
			}
		}
		return false
	}
	return IsSection(word)
}

func extension(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[i:]
	}
	return ""
}

// ParseText reads a text item placement file from b, whose byte 0 sits at
// absolute offset base. Rows that cannot be read are left out with a
// diagnostic naming their line and offset; a file with no section at all
// is an error.
func ParseText(b []byte, base int64) (*File, error) {
	st := sectext.Parse(b, base, IsSection)
	if len(st.Sections) == 0 {
		return nil, binread.Errorf(base, "no item placement section (inst, cars, ...) in the text")
	}
	f := &File{Sections: st.Sections, Diags: st.Diags}
	for _, s := range st.Sections {
		switch s.Name {
		case "inst":
			for _, r := range s.Rows {
				in, err := parseInst(r)
				if err != nil {
					f.InstRows = append(f.InstRows, -1)
					f.Diags = append(f.Diags, formats.Diagnostic{Off: r.Off, Msg: fmt.Sprintf("line %d: %v: row left out", r.Line, err)})
					continue
				}
				f.InstRows = append(f.InstRows, len(f.Instances))
				f.Instances = append(f.Instances, in)
			}
		case "cars":
			for _, r := range s.Rows {
				c, err := parseCar(r)
				if err != nil {
					f.Diags = append(f.Diags, formats.Diagnostic{Off: r.Off, Msg: fmt.Sprintf("line %d: %v: row left out", r.Line, err)})
					continue
				}
				f.Cars = append(f.Cars, c)
			}
		}
	}
	return f, nil
}

// numbers reads a row's values as numbers, keeping the first error.
type numbers struct {
	f   []string
	err error
}

func (n *numbers) float(i int) float32 {
	if n.err != nil {
		return 0
	}
	v, err := strconv.ParseFloat(n.f[i], 32)
	if err != nil {
		n.err = fmt.Errorf("value %d %q is not a number", i+1, n.f[i])
	}
	return float32(v)
}

func (n *numbers) int(i int) int32 {
	if n.err != nil {
		return 0
	}
	v, err := strconv.ParseInt(n.f[i], 10, 32)
	if err != nil {
		// some tools write whole numbers as "12.0"
		if fv, ferr := strconv.ParseFloat(n.f[i], 64); ferr == nil && fv == float64(int32(fv)) {
			return int32(fv)
		}
		n.err = fmt.Errorf("value %d %q is not a whole number", i+1, n.f[i])
	}
	return int32(v)
}

// parseInst reads an inst row: San Andreas "id, model, interior, x, y, z,
// rx, ry, rz, rw, lod" (11 values), GTA III "id, model, x, y, z, sx, sy,
// sz, rx, ry, rz, rw" (12) or Vice City "id, model, interior, x, y, z,
// sx, sy, sz, rx, ry, rz, rw" (13).
func parseInst(r sectext.Line) (Instance, error) {
	f := r.Fields
	n := &numbers{f: f}
	in := Instance{Line: r.Line, Off: r.Off, Scale: [3]float32{1, 1, 1}, LOD: -1}
	if len(f) < 11 || len(f) > 13 {
		return in, fmt.Errorf("an inst row has %d values, not 11 (San Andreas), 12 (GTA III) or 13 (Vice City)", len(f))
	}
	in.ID, in.Model = n.int(0), f[1]
	p := 2 // the first position value
	if len(f) != 12 {
		in.Interior, p = n.int(2), 3
	}
	for k := range 3 {
		in.Pos[k] = n.float(p + k)
	}
	q := p + 3
	if len(f) != 11 {
		for k := range 3 {
			in.Scale[k] = n.float(q + k)
		}
		q += 3
	}
	for k := range 4 {
		in.Rot[k] = n.float(q + k)
	}
	if len(f) == 11 {
		in.LOD = n.int(10)
	}
	return in, n.err
}

// parseCar reads a cars row: "x, y, z, angle, id, colour1, colour2,
// forceSpawn, alarm, doorLock, unknown1, unknown2" (San Andreas, 12
// values).
func parseCar(r sectext.Line) (Car, error) {
	f := r.Fields
	c := Car{Line: r.Line, Off: r.Off}
	if len(f) != 12 {
		return c, fmt.Errorf("a cars row has %d values, not 12", len(f))
	}
	n := &numbers{f: f}
	for k := range 3 {
		c.Pos[k] = n.float(k)
	}
	c.Angle, c.ID = n.float(3), n.int(4)
	c.Colors = [2]int32{n.int(5), n.int(6)}
	c.ForceSpawn, c.Alarm, c.DoorLock = n.int(7), n.int(8), n.int(9)
	c.Unknown = [2]int32{n.int(10), n.int(11)}
	return c, n.err
}
