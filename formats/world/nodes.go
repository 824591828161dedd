package world

import (
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats"
	"rummage/formats/ipl"
	"rummage/formats/sectext"
	"rummage/formats/table"
)

// InstColumns are the columns of an inst table: the model's id and name
// (a binary file's names come from the definitions), the area (interior
// & 0xFF) and the flags above it, the position, the quaternion as stored
// (the inverse rotation), the heading it turns the model to (degrees
// about Z, counter-clockwise seen from above, of the conjugated
// quaternion) and the row index of the low-detail instance.
var InstColumns = []string{"id", "model", "area", "flags", "x", "y", "z", "qx", "qy", "qz", "qw", "heading", "lod"}

// CarColumns are the columns of a cars table.
var CarColumns = []string{"x", "y", "z", "angle", "id", "color1", "color2", "forceSpawn", "alarm", "doorLock", "unknown1", "unknown2"}

// sectionColumns name the values of the other San Andreas sections (a
// row with more values keeps them as extra ones).
var sectionColumns = map[string][]string{
	"cull": {"x", "y", "z", "unknown1", "widthY", "bottomZ", "widthX", "unknown2", "topZ", "flags", "unknown3"},
	"grge": {"x1", "y1", "z1", "frontX", "frontY", "x2", "y2", "z2", "door", "type", "name"},
	"enex": {"x1", "y1", "z1", "enterAngle", "sizeX", "sizeY", "sizeZ", "x2", "y2", "z2", "exitAngle", "interior", "flags", "name", "sky", "peds", "timeOn", "timeOff"},
	"pick": {"x", "y", "z", "weapon"},
	"jump": {"startX1", "startY1", "startZ1", "startX2", "startY2", "startZ2", "endX1", "endY1", "endZ1", "endX2", "endY2", "endZ2", "cameraX", "cameraY", "cameraZ", "reward"},
	"tcyc": {"x1", "y1", "z1", "x2", "y2", "z2", "unknown", "weather", "brightness", "time", "drawDistance"},
	"auzo": {"name", "sound", "switch", "x1", "y1", "z1", "x2", "y2", "z2"},
	"mult": {"values"},
	"occl": {"midX", "midY", "bottomZ", "widthX", "widthY", "height", "rotX", "rotY", "rotZ", "flags"},
	"zone": {"name", "type", "x1", "y1", "z1", "x2", "y2", "z2", "level", "text"},
	"path": {"values"},
}

// Children returns the sections as tables (inst and cars read as
// instances and cars; other known sections by their values; unknown ones
// as text), then the joined streams, then "models", the models found.
func (s *Scene) Children() ([]formats.Node, error) {
	s.setup()
	s.kidsOnce.Do(func() {
		if s.File.Binary {
			s.kids = []formats.Node{s.instTable("inst", nil), s.carTable("cars", nil)}
		} else {
			for i := range s.File.Sections {
				s.kids = append(s.kids, s.sectionNode(&s.File.Sections[i]))
			}
		}
		s.kids = append(s.kids, s.streams...)
		if !s.joined {
			s.models = &ModelsNode{scene: s}
			s.kids = append(s.kids, s.models)
		}
	})
	return s.kids, nil
}

// Models returns the scene's models child (nil for a stream joined to a
// text file: its models are the text file's).
func (s *Scene) Models() *ModelsNode {
	s.Children()
	return s.models
}

// ChildCount returns the number of sections (and streams).
func (s *Scene) ChildCount() (int, error) {
	kids, err := s.Children()
	return len(kids), err
}

// sectionNode is a text section's node.
func (s *Scene) sectionNode(sec *sectext.Section) formats.Node {
	switch sec.Name {
	case "inst":
		return s.instTable(sec.Keyword, sec)
	case "cars":
		return s.carTable(sec.Keyword, sec)
	}
	cols, ok := sectionColumns[sec.Name]
	if !ok {
		var lines []string
		for _, l := range sec.Rows {
			lines = append(lines, strings.Join(l.Fields, ", "))
		}
		raw := formats.Raw{NodeName: sec.Keyword, NodeKind: formats.KindText, Tag: sec.Name,
			R: io.NewSectionReader(s.R, sec.Off-max(s.Abs, 0), sec.End-sec.Off), N: sec.End - sec.Off, Abs: s.abs(sec.Off)}
		return &table.Text{Raw: raw, Lines: lines}
	}
	t := s.table(sec.Keyword, sec, cols)
	for _, l := range sec.Rows {
		r := table.Row{Line: l.Line, Off: l.Off}
		for i, v := range l.Fields {
			if i >= len(cols) {
				r.Extra = l.Fields[i:]
				break
			}
			r.Values = append(r.Values, value(v))
		}
		t.Rows = append(t.Rows, r)
	}
	return t
}

// abs is an offset of the file as a node offset (-1 when the scene's
// bytes are not a range of a file).
func (s *Scene) abs(off int64) int64 {
	if s.Abs < 0 {
		return -1
	}
	return off
}

// table is an empty table over a section (the whole file's records for a
// binary file, sec nil).
func (s *Scene) table(name string, sec *sectext.Section, cols []string) *table.Node {
	t := &table.Node{NodeName: name, Tag: strings.ToLower(name), Columns: cols, R: s.R, Base: s.Abs, Off: max(s.Abs, 0), Len: s.N}
	if sec != nil {
		t.Off, t.Len = sec.Off, sec.End-sec.Off
		for _, d := range s.File.Diags {
			if d.Off >= sec.Off && d.Off < sec.End {
				t.Diags = append(t.Diags, d)
			}
		}
	}
	return t
}

// instTable is the inst section (the file's instances).
func (s *Scene) instTable(name string, sec *sectext.Section) *table.Node {
	t := s.table(name, sec, InstColumns)
	for _, p := range s.placed {
		if p.File != "" {
			break // the streams' instances come after the file's own
		}
		in := p.Instance
		t.Rows = append(t.Rows, table.Row{Line: in.Line, Off: in.Off, Values: []any{
			int64(in.ID), p.Name, int64(in.Area()), int64(in.Flags()),
			f32(in.Pos[0]), f32(in.Pos[1]), f32(in.Pos[2]), f32(in.Rot[0]), f32(in.Rot[1]), f32(in.Rot[2]), f32(in.Rot[3]),
			heading(&in), int64(in.LOD)}})
	}
	return t
}

// carTable is the cars section (the file's parked cars).
func (s *Scene) carTable(name string, sec *sectext.Section) *table.Node {
	t := s.table(name, sec, CarColumns)
	for _, c := range s.File.Cars {
		t.Rows = append(t.Rows, table.Row{Line: c.Line, Off: c.Off, Values: []any{
			f32(c.Pos[0]), f32(c.Pos[1]), f32(c.Pos[2]), f32(c.Angle), int64(c.ID), int64(c.Colors[0]), int64(c.Colors[1]),
			int64(c.ForceSpawn), int64(c.Alarm), int64(c.DoorLock), int64(c.Unknown[0]), int64(c.Unknown[1])}})
	}
	return t
}

// f32 is v as the JSON number it reads as ("9.7421875", not its float64
// digits); a non-finite value is its text.
func f32(v float32) any {
	if v-v != 0 {
		return strconv.FormatFloat(float64(v), 'g', -1, 32)
	}
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

// heading is the angle, in degrees rounded to hundredths, that instance in
// turns the model's +X axis to about Z (from +X towards +Y).
func heading(in *ipl.Instance) float64 {
	x := in.Rotation().Rotate(mgl32.Vec3{1, 0, 0})
	d := math.Atan2(float64(x[1]), float64(x[0])) * 180 / math.Pi
	return math.Round(d*100) / 100
}
