// Package ide reads GTA item definition files (.ide): the sections that
// define models (objs, tobj, anim, weap, hier, cars, peds), with their ids,
// names, texture dictionaries, draw distances and flags, and txdp, which
// gives a texture dictionary its parent. Definitions merges any number of
// files into lookups by id and by name; the models of scenes (formats/world)
// and the textures of single models (formats/dff) both use it. An .ide file
// opens as an archive of its sections, each a table (node.go).
//
// Object rows have several layouts: San Andreas "id, model, txd,
// drawDistance, flags"; GTA III and Vice City "id, model, txd, meshes,
// drawDistance…, flags" with one draw distance per mesh; tobj rows add
// "timeOn, timeOff", anim rows put the animation file after the txd.
package ide

import (
	"fmt"
	"strconv"
	"strings"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/sectext"
)

// Sections are the section keywords Rummage knows in .ide files.
var Sections = []string{"objs", "tobj", "anim", "weap", "hier", "cars", "peds", "txdp", "path", "2dfx", "tanm"}

var knownSection = func() map[string]bool {
	m := map[string]bool{}
	for _, s := range Sections {
		m[s] = true
	}
	return m
}()

// IsSection reports whether word (lower case) is a known section keyword.
func IsSection(word string) bool { return knownSection[word] }

// ModelSections are the sections whose rows start "id, model, txd".
var ModelSections = map[string]bool{"objs": true, "tobj": true, "anim": true, "weap": true, "hier": true, "cars": true, "peds": true}

// Object is one model definition.
type Object struct {
	ID       int32
	Model    string // as written
	TXD      string // as written
	Section  string // the section it is defined in ("objs", "cars", ...)
	DrawDist float32
	Flags    uint32
	Anim     string   // anim and weap rows: the animation file
	TimeOn   int      // tobj: the hour it appears (0..24), -1 for other sections
	TimeOff  int      // tobj: the hour it goes
	Fields   []string // the row's values as written
	Line     int
	Off      int64
}

// File is a read .ide file.
type File struct {
	Sections []sectext.Section
	Objects  []Object
	Parents  [][2]string // txdp rows: dictionary, parent, as written
	Diags    []formats.Diagnostic
}

// Parse reads an .ide file from b, whose byte 0 sits at absolute offset
// base. A row that cannot be read is left out with a diagnostic naming its
// line and offset; text with no section at all is an error.
func Parse(b []byte, base int64) (*File, error) {
	st := sectext.Parse(b, base, IsSection)
	if len(st.Sections) == 0 {
		return nil, binread.Errorf(base, "no item definition section (objs, tobj, cars, ...) in the text")
	}
	f := &File{Sections: st.Sections, Diags: st.Diags}
	for _, s := range st.Sections {
		for _, r := range s.Rows {
			switch {
			case ModelSections[s.Name]:
				o, err := parseObject(s.Name, r)
				switch {
				case err != nil && o.Model == "":
					f.Diags = append(f.Diags, formats.Diagnostic{Off: r.Off, Msg: fmt.Sprintf("line %d: %v: row left out", r.Line, err)})
					continue
				case err != nil:
					f.Diags = append(f.Diags, formats.Diagnostic{Off: r.Off, Msg: fmt.Sprintf("line %d: %v: only its id, model and dictionary are used", r.Line, err)})
				}
				f.Objects = append(f.Objects, o)
			case s.Name == "txdp" && len(r.Fields) >= 2:
				f.Parents = append(f.Parents, [2]string{r.Fields[0], r.Fields[1]})
			case s.Name == "txdp":
				f.Diags = append(f.Diags, formats.Diagnostic{Off: r.Off, Msg: fmt.Sprintf("line %d: a txdp row needs a dictionary and its parent: row left out", r.Line)})
			}
		}
	}
	return f, nil
}

// parseObject reads a row of a model section. An error with the model
// set means the id, model and dictionary were read but not the rest.
func parseObject(section string, r sectext.Line) (Object, error) {
	f := r.Fields
	o := Object{Section: section, Fields: f, Line: r.Line, Off: r.Off, TimeOn: -1, TimeOff: -1}
	if len(f) < 3 {
		return o, fmt.Errorf("a %s row has %d values, not the id, model and texture dictionary at least", section, len(f))
	}
	id, err := strconv.ParseInt(f[0], 10, 32)
	if err != nil {
		return o, fmt.Errorf("the id %q is not a whole number", f[0])
	}
	o.ID, o.Model, o.TXD = int32(id), f[1], f[2]
	switch section {
	case "objs", "tobj":
		err = o.readLook(f[3:], section == "tobj")
	case "anim":
		if len(f) >= 6 {
			o.Anim = f[3]
			err = o.readLook(f[4:], false)
		}
	case "weap":
		if len(f) >= 7 {
			o.Anim = f[3]
			err = o.readLook(f[4:], false)
		}
	}
	return o, err
}

// readLook reads the draw distances and flags after the txd: "drawDist,
// flags" (San Andreas) or "meshes, drawDist×meshes, flags", then for tobj
// "timeOn, timeOff".
func (o *Object) readLook(f []string, timed bool) error {
	if timed {
		if len(f) < 4 {
			return fmt.Errorf("a tobj row has %d values, too few for the draw distance, flags and hours", len(f)+3)
		}
		on, e1 := strconv.Atoi(f[len(f)-2])
		off, e2 := strconv.Atoi(f[len(f)-1])
		if e1 != nil || e2 != nil {
			return fmt.Errorf("the hours %q, %q are not whole numbers", f[len(f)-2], f[len(f)-1])
		}
		o.TimeOn, o.TimeOff = on, off
		f = f[:len(f)-2]
	}
	var dists []string
	switch {
	case len(f) == 2: // San Andreas
		dists = f[:1]
	case len(f) >= 3:
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 1 || n > 3 || len(f) != n+2 {
			return fmt.Errorf("the mesh count %q does not match the %d values after it", f[0], len(f)-1)
		}
		dists = f[1 : 1+n]
	default:
		return fmt.Errorf("%d values after the texture dictionary, not the draw distance and flags", len(f))
	}
	for _, d := range dists {
		v, err := strconv.ParseFloat(d, 32)
		if err != nil {
			return fmt.Errorf("the draw distance %q is not a number", d)
		}
		o.DrawDist = max(o.DrawDist, float32(v))
	}
	fl, err := parseFlags(f[len(f)-1])
	if err != nil {
		return err
	}
	o.Flags = fl
	return nil
}

// parseFlags reads a flags value: decimal, or hexadecimal with 0x.
func parseFlags(s string) (uint32, error) {
	v, err := strconv.ParseUint(s, 0, 32)
	if err != nil {
		iv, ierr := strconv.ParseInt(s, 10, 32) // a few files write signed values
		if ierr != nil {
			return 0, fmt.Errorf("the flags %q are not a whole number", s)
		}
		return uint32(iv), nil
	}
	return uint32(v), nil
}

// Lower is the key names are looked up by.
func Lower(s string) string { return strings.ToLower(s) }
