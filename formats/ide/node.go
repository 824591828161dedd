package ide

import (
	"io"
	"strconv"
	"strings"
	"sync"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/sectext"
	"rummage/formats/table"
)

func init() {
	formats.Register(formats.Format{
		Name:     "ide",
		Priority: 2, // text: after every format with magic bytes
		Kind:     formats.KindArchive,
		Match:    func(p formats.Probe) bool { return LooksIDE(p.Head, p.Size, p.Name) },
		Open:     Open,
		Tag:      formats.FixedTag("IDE"),
	})
}

// MaxBytes caps an .ide file (the largest San Andreas ones are ~300 KB).
const MaxBytes = 32 << 20

// LooksIDE reports whether head, the first bytes of a file of size bytes
// named name, is an item definition file: the name ends in .ide and the
// first word outside comments is a section keyword (a head of comments
// alone is given the benefit of the doubt; Open decides).
func LooksIDE(head []byte, size int64, name string) bool {
	if !strings.HasSuffix(strings.ToLower(name), ".ide") {
		return false
	}
	word, seen, cut := sectext.FirstWord(head)
	switch {
	case !seen:
		return size > int64(len(head))
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

// Open reads an .ide file (all of it: it is text of a few hundred KB).
func Open(s formats.Source) (formats.Node, error) {
	if s.Size > MaxBytes {
		return nil, binread.Errorf(max(s.Base, 0), "an item definition file of %d bytes is larger than the %d this reader takes", s.Size, MaxBytes)
	}
	b, err := binread.ReadAt(s.R, max(s.Base, 0), 0, s.Size, s.Size)
	if err != nil {
		return nil, err
	}
	f, err := Parse(b, max(s.Base, 0))
	if err != nil {
		return nil, err
	}
	return &Root{Raw: *formats.NewRaw(s, formats.KindArchive, "IDE"), File: f}, nil
}

// Root is an .ide file: an archive whose children are its sections, the
// model sections and txdp as tables, the others as text.
type Root struct {
	formats.Raw
	File *File

	once sync.Once
	kids []formats.Node
}

// Children returns one node per section.
func (r *Root) Children() ([]formats.Node, error) {
	r.once.Do(func() {
		base := max(r.Abs, 0)
		for i := range r.File.Sections {
			r.kids = append(r.kids, r.sectionNode(&r.File.Sections[i], base))
		}
	})
	return r.kids, nil
}

// ChildCount returns the number of sections.
func (r *Root) ChildCount() (int, error) { return len(r.File.Sections), nil }

// Diagnostics returns the rows left out and the sections that did not end.
func (r *Root) Diagnostics() []formats.Diagnostic { return r.File.Diags }

// Describe returns the section and definition counts.
func (r *Root) Describe() (any, error) {
	secs := make([]map[string]any, len(r.File.Sections))
	for i, s := range r.File.Sections {
		secs[i] = map[string]any{"name": s.Keyword, "rows": len(s.Rows), "line": s.Line, "offset": s.Off}
	}
	return map[string]any{"kind": string(formats.KindArchive), "name": r.NodeName, "format": "ide",
		"sections": secs, "objects": len(r.File.Objects), "parents": len(r.File.Parents), "size": r.N}, nil
}

// sectionNode is a section's node: a table for the sections Rummage
// reads, text for the others.
func (r *Root) sectionNode(s *sectext.Section, base int64) formats.Node {
	cols := columns(s.Name)
	if cols == nil {
		var lines []string
		for _, l := range s.Rows {
			lines = append(lines, strings.Join(l.Fields, ", "))
		}
		raw := formats.Raw{NodeName: s.Keyword, NodeKind: formats.KindText, Tag: s.Name,
			R: io.NewSectionReader(r.R, s.Off-base, s.End-s.Off), N: s.End - s.Off, Abs: r.sectionAbs(s.Off)}
		return &table.Text{Raw: raw, Lines: lines}
	}
	t := &table.Node{NodeName: s.Keyword, Tag: s.Name, Columns: cols, R: r.R, Base: r.Abs, Off: s.Off, Len: s.End - s.Off}
	for _, l := range s.Rows {
		t.Rows = append(t.Rows, rowOf(s.Name, l, len(cols)))
	}
	for _, d := range r.File.Diags {
		if d.Off >= s.Off && d.Off < s.End {
			t.Diags = append(t.Diags, d)
		}
	}
	return t
}

// sectionAbs is a section's absolute offset, -1 when the file's bytes are
// not a plain range of a file.
func (r *Root) sectionAbs(off int64) int64 {
	if r.Abs < 0 {
		return -1
	}
	return off
}

// columns are the column names of a section's table, nil for a section
// kept as text.
func columns(section string) []string {
	switch section {
	case "objs":
		return []string{"id", "model", "txd", "drawDistance", "flags"}
	case "tobj":
		return []string{"id", "model", "txd", "drawDistance", "flags", "timeOn", "timeOff"}
	case "anim":
		return []string{"id", "model", "txd", "animation", "drawDistance", "flags"}
	case "weap":
		return []string{"id", "model", "txd", "animation", "meshes", "drawDistance", "flags"}
	case "hier":
		return []string{"id", "model", "txd"}
	case "cars":
		return []string{"id", "model", "txd", "type", "handling", "gameName", "anims", "class", "frequency", "flags", "compRules"}
	case "peds":
		return []string{"id", "model", "txd", "pedType", "behaviour", "animGroup", "carsCanDrive", "flags", "animFile", "radio1", "radio2", "voiceArchive", "voice1", "voice2"}
	case "txdp":
		return []string{"txd", "parent"}
	}
	return nil
}

// rowOf is a section row as table values: numbers where the value reads
// as one, the rest as written. Rows of objs, tobj and anim are read as
// definitions, so a GTA III or Vice City row (with a mesh count) shows
// its largest draw distance under the same columns as San Andreas'.
func rowOf(section string, l sectext.Line, ncols int) table.Row {
	row := table.Row{Line: l.Line, Off: l.Off}
	if section == "objs" || section == "tobj" || section == "anim" {
		if o, err := parseObject(section, l); err == nil {
			row.Values = []any{int64(o.ID), o.Model, o.TXD}
			if section == "anim" {
				row.Values = append(row.Values, o.Anim)
			}
			row.Values = append(row.Values, f32(o.DrawDist), int64(o.Flags))
			if section == "tobj" {
				row.Values = append(row.Values, int64(o.TimeOn), int64(o.TimeOff))
			}
			return row
		}
	}
	for i, v := range l.Fields {
		if i >= ncols {
			row.Extra = append(row.Extra, l.Fields[i:]...)
			break
		}
		row.Values = append(row.Values, value(v))
	}
	return row
}

// f32 is v as the JSON number it reads as.
func f32(v float32) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(float64(v), 'g', -1, 32), 64)
	return f
}

// value is a field as a number when it reads as one, else as written.
func value(s string) any {
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return i
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && f-f == 0 {
		return f
	}
	return s
}
