package xrlevel

import (
	"fmt"
	"math"
	"strings"
)

// Table is a list of records with named columns, for the Table tab and the
// "rows" of info --json.
type Table struct {
	Columns []string
	Rows    [][]any
}

// objects returns the rows as JSON objects keyed by column.
func (t *Table) objects() []map[string]any {
	out := make([]map[string]any, len(t.Rows))
	for i, r := range t.Rows {
		m := make(map[string]any, len(r))
		for k, v := range r {
			if k < len(t.Columns) {
				m[t.Columns[k]] = v
			}
		}
		out[i] = m
	}
	return out
}

// Cell formats one cell for display.
func (t *Table) Cell(row, col int) string {
	if row < 0 || row >= len(t.Rows) || col < 0 || col >= len(t.Rows[row]) {
		return ""
	}
	return FormatValue(t.Rows[row][col])
}

// FormatValue formats a table value compactly (floats with 4 significant
// decimals, lists in brackets).
func FormatValue(v any) string {
	switch x := v.(type) {
	case float32:
		return trimFloat(float64(x))
	case float64:
		return trimFloat(x)
	case []float32:
		parts := make([]string, len(x))
		for i, f := range x {
			parts[i] = trimFloat(float64(f))
		}
		return "(" + strings.Join(parts, ", ") + ")"
	case [3]float32:
		return FormatValue(x[:])
	case [4]float32:
		return FormatValue(x[:])
	case []int:
		parts := make([]string, len(x))
		for i, f := range x {
			parts[i] = fmt.Sprint(f)
		}
		return strings.Join(parts, " ")
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

func trimFloat(f float64) string {
	s := fmt.Sprintf("%.4f", f)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

var lightTypeNames = map[uint32]string{1: "point", 2: "spot", 3: "directional"}

func lightFlagNames(version int, f uint32) string {
	var out []string
	if version <= 5 {
		for _, b := range []struct {
			bit  uint32
			name string
		}{{LightLMaps, "lmaps"}, {LightModels, "models"}, {LightProcedural, "procedural"}} {
			if f&b.bit != 0 {
				out = append(out, b.name)
			}
		}
		if rest := f &^ (LightLMaps | LightModels | LightProcedural); rest != 0 {
			out = append(out, fmt.Sprintf("0x%X", rest))
		}
	} else {
		for _, b := range []struct {
			bit  uint32
			name string
		}{{1, "static"}, {2, "dynamic"}, {4, "procedural"}} {
			if f&b.bit != 0 {
				out = append(out, b.name)
			}
		}
	}
	return strings.Join(out, " ")
}

func flightRow(f Flight) []any {
	tn := lightTypeNames[f.Type]
	if tn == "" {
		tn = fmt.Sprint(f.Type)
	}
	return []any{tn, f.Diffuse, f.Specular, f.Ambient, f.Position, f.Direction, f.Range, f.Falloff,
		f.Attenuation0, f.Attenuation1, f.Attenuation2, f.Theta, f.Phi}
}

var flightCols = []string{"type", "diffuse", "specular", "ambient", "position", "direction", "range", "falloff",
	"attenuation0", "attenuation1", "attenuation2", "theta", "phi"}

// table builds the records of a table chunk.
func (c *ChunkNode) table() *Table {
	lv := c.lv
	switch c.role {
	case NameTextures:
		return stringTable(lv.Textures)
	case NameShaders:
		return stringTable(lv.Shaders)
	case NameLights:
		return lv.lightTable()
	case NameLightKeys:
		t := &Table{Columns: append([]string{"index"}, flightCols...)}
		for i, f := range lv.LightKeys {
			t.Rows = append(t.Rows, append([]any{i}, flightRow(f)...))
		}
		return t
	case NameGlows:
		return lv.glowTable()
	case NamePortals:
		t := &Table{Columns: []string{"index", "front", "back", "vertexCount", "vertices"}}
		for i, p := range lv.Portals {
			var vs []float32
			for _, v := range p.Used() {
				vs = append(vs, v[:]...)
			}
			t.Rows = append(t.Rows, []any{i, p.Front, p.Back, p.Count, vs})
		}
		return t
	case NameIBs:
		t := &Table{Columns: []string{"index", "indices"}}
		for i, b := range lv.IBs {
			t.Rows = append(t.Rows, []any{i, b.Count})
		}
		return t
	case NameSWIs:
		return lv.swiTable()
	}
	return nil
}

// stringTable lists a texture or shader string list with its elements.
func stringTable(list []string) *Table {
	t := &Table{Columns: []string{"index", "string", "elements"}}
	for i, s := range list {
		var el []string
		for _, r := range SplitTextures(s) {
			if r.Class != "" {
				el = append(el, fmt.Sprintf("uv%d %s:%s", r.UVSet, r.Class, r.Name))
			} else {
				el = append(el, fmt.Sprintf("uv%d %s", r.UVSet, r.Name))
			}
		}
		t.Rows = append(t.Rows, []any{i, s, strings.Join(el, "; ")})
	}
	return t
}

// lightTable lists the lights with the fields of the level's version.
func (lv *Level) lightTable() *Table {
	t := &Table{Columns: append([]string{"index"}, flightCols...)}
	switch {
	case lv.Version <= 5:
		t.Columns = append(t.Columns, "flags", "flagNames", "frame", "pTime", "pSpeed", "keyStart", "keyCount")
	case lv.Version <= 8:
		t.Columns = append(t.Columns, "flags", "flagNames", "name")
	default:
		t.Columns = append(t.Columns, "controller")
	}
	for i, li := range lv.Lights {
		row := append([]any{i}, flightRow(li.Flight)...)
		switch {
		case lv.Version <= 5:
			row = append(row, li.Flags, lightFlagNames(lv.Version, li.Flags), li.Frame, li.PTime, li.PSpeed, li.KeyStart, li.KeyCount)
		case lv.Version <= 8:
			row = append(row, li.Flags, lightFlagNames(lv.Version, li.Flags), li.Name)
		default:
			row = append(row, li.Controller)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// glowTable lists the glows with the names of their texture and shader.
func (lv *Level) glowTable() *Table {
	t := &Table{Columns: []string{"index", "position", "radius", "texture", "shader", "textureName", "shaderName"}}
	for i, g := range lv.Glows {
		tn, sn := "", ""
		if g.Texture >= 0 && int(g.Texture) < len(lv.Textures) {
			tn = lv.Textures[g.Texture]
		}
		if g.Shader >= 0 && int(g.Shader) < len(lv.Shaders) {
			sn = lv.Shaders[g.Shader]
		}
		t.Rows = append(t.Rows, []any{i, g.Position, g.Radius, g.Texture, g.Shader, tn, sn})
	}
	return t
}

// swiTable lists the sliding-window lists with their first level.
func (lv *Level) swiTable() *Table {
	t := &Table{Columns: []string{"index", "levels", "first"}}
	for i, s := range lv.SWIs {
		first := ""
		if len(s) > 0 {
			first = fmt.Sprintf("offset %d, %d triangles, %d vertices", s[0].Offset, s[0].NumTris, s[0].NumVerts)
		}
		t.Rows = append(t.Rows, []any{i, len(s), first})
	}
	return t
}

// jsonSafe replaces NaN and infinite floats (which encoding/json refuses)
// with their names as strings, walking maps, slices and float arrays.
func jsonSafe(v any) any {
	fix := func(f float64) any {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Sprint(f)
		}
		return f
	}
	fixs := func(fs []float32) any {
		out := make([]any, len(fs))
		for i, f := range fs {
			out[i] = fix(float64(f))
		}
		return out
	}
	switch x := v.(type) {
	case float32:
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return fmt.Sprint(x)
		}
		return x
	case float64:
		return fix(x)
	case []float32:
		return fixs(x)
	case [3]float32:
		return fixs(x[:])
	case [4]float32:
		return fixs(x[:])
	case map[string]any:
		for k, e := range x {
			x[k] = jsonSafe(e)
		}
		return x
	case []map[string]any:
		for i := range x {
			x[i] = jsonSafe(x[i]).(map[string]any)
		}
		return x
	case []any:
		for i := range x {
			x[i] = jsonSafe(x[i])
		}
		return x
	}
	return v
}

// Tabler is a node whose records can be shown as a table.
type Tabler interface {
	Table() *Table
}
