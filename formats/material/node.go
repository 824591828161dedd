package material

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"

	"rummage/formats"
	"rummage/formats/binread"
)

func init() {
	formats.Register(formats.Format{
		Name:     "mat0",
		Kind:     formats.KindMaterial,
		Priority: 5,
		Match:    func(p formats.Probe) bool { return p.Hint == "MAT0" },
		Open:     OpenMaterial,
		Tag:      formats.FixedTag("MAT0"),
	})
	formats.Register(formats.Format{
		Name:     "wear",
		Kind:     formats.KindWear,
		Priority: 5,
		Match:    func(p formats.Probe) bool { return p.Hint == "WEAR" },
		Open:     OpenWear,
		Tag:      formats.FixedTag("WEAR"),
	})
	formats.Register(formats.Format{
		Name:     "wear-file",
		Kind:     formats.KindWear,
		Priority: 1,
		Match:    looksLikeWearFile,
		Open:     OpenWear,
		Tag:      formats.FixedTag("WEAR"),
	})
}

// looksLikeWearFile accepts a loose *.wea file whose first line is a count.
func looksLikeWearFile(p formats.Probe) bool {
	if p.Hint != "" || !strings.HasSuffix(strings.ToLower(p.Name), ".wea") {
		return false
	}
	h := bytes.TrimLeft(p.Head, " \t\r\n")
	return len(h) > 0 && h[0] >= '0' && h[0] <= '9'
}

// FieldU32 reads a numeric container field (attr1, attr2, ...) of any
// integer type; 0 when absent.
func FieldU32(fl formats.Fielder, name string) uint32 {
	if fl == nil {
		return 0
	}
	switch v := fl.ListFields()[name].(type) {
	case uint32:
		return v
	case int:
		return uint32(v)
	case int64:
		return uint32(v)
	case uint64:
		return uint32(v)
	case int32:
		return uint32(v)
	case uint16:
		return uint32(v)
	case float64:
		return uint32(v)
	}
	return 0
}

func readAll(s formats.Source) ([]byte, error) {
	base := s.Base
	if base < 0 {
		base = 0
	}
	return binread.ReadAt(s.R, base, 0, s.Size, s.Size)
}

// Node is a MAT0 material entry. It is edited through SetMaterial, which
// re-encodes the payload and hands it to the container.
type Node struct {
	formats.Raw
	Loc     Locator
	mu      sync.Mutex
	mat     *Mat0
	data    []byte // the current payload
	edited  bool
	replace func([]byte) error
}

// OpenMaterial decodes a MAT0 entry; attr1 and attr2 come from s.Fields.
func OpenMaterial(s formats.Source) (formats.Node, error) {
	b, err := readAll(s)
	if err != nil {
		return nil, err
	}
	m, err := Parse(b, FieldU32(s.Fields, "attr1"), FieldU32(s.Fields, "attr2"), s.Base)
	if err != nil {
		return nil, err
	}
	return &Node{Raw: *formats.NewRaw(s, formats.KindMaterial, "MAT0"), Loc: LocatorFor(s), mat: m, data: b, replace: s.Replace}, nil
}

// NewNode makes a material node over a decoded material (for tests and
// code-made nodes); replace may be nil.
func NewNode(name string, m *Mat0, replace func([]byte) error) (*Node, error) {
	b, err := m.Encode()
	if err != nil {
		return nil, err
	}
	n := &Node{Raw: formats.Raw{NodeName: name, NodeKind: formats.KindMaterial, Tag: "MAT0", R: bytes.NewReader(b), N: int64(len(b)), Abs: -1}, mat: m, data: b, replace: replace}
	return n, nil
}

// Material returns the current material. Treat it as read-only: change a
// Clone and pass it to SetMaterial.
func (n *Node) Material() *Mat0 {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.mat
}

// Editable reports whether the container accepts a new payload.
func (n *Node) Editable() bool { return n.replace != nil }

// Edited reports whether the material was changed since it was opened.
func (n *Node) Edited() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.edited
}

// SetMaterial encodes m, hands the payload to the container and makes m
// the node's material.
func (n *Node) SetMaterial(m *Mat0) error {
	b, err := m.Encode()
	if err != nil {
		return err
	}
	if n.replace == nil {
		return fmt.Errorf("%s: the material's container cannot be edited", n.NodeName)
	}
	if err := n.replace(b); err != nil {
		return err
	}
	n.mu.Lock()
	n.mat, n.data, n.edited = m, b, true
	n.mu.Unlock()
	return nil
}

// Size returns the current payload size.
func (n *Node) Size() int64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	return int64(len(n.data))
}

// Offset returns the entry's file offset, or -1 once it was edited.
func (n *Node) Offset() int64 {
	if n.Edited() {
		return -1
	}
	return n.Abs
}

// Open returns the current payload bytes.
func (n *Node) Open() io.Reader {
	n.mu.Lock()
	defer n.mu.Unlock()
	return bytes.NewReader(n.data)
}

// Describe returns the MAT0 facts of the JSON contract.
func (n *Node) Describe() (any, error) {
	return Describe(n.NodeName, n.Material()), nil
}

// Sample evaluates the material (formats.Sampler).
func (n *Node) Sample(q formats.SampleQuery) (any, error) {
	s, err := n.Material().SampleAt(q.Block, q.AtMs, q.StartMs, q.Random)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Diagnostics lists keys naming missing phases and similar findings.
func (n *Node) Diagnostics() []formats.Diagnostic {
	var out []formats.Diagnostic
	for _, msg := range n.Material().Check() {
		out = append(out, formats.Diagnostic{Off: n.Abs, Msg: msg})
	}
	return out
}

// Texture finds the texture a phase names in the texture library (its own
// archive, else Textures.lib beside the file or above it). It returns nil
// for an untextured phase or when nothing is found.
func (n *Node) Texture(phase int) formats.Node {
	m := n.Material()
	if phase < 0 || phase >= len(m.Phases) {
		return nil
	}
	return FindTexture(n.Loc, m.Phases[phase].TextureName())
}

// FindTexture looks a texture up by name through a locator.
func FindTexture(l Locator, name string) formats.Node {
	if name == "" {
		return nil
	}
	lib := l.Library(LibTextures)
	if i := lib.Find(name); i >= 0 {
		return lib.Entries[i]
	}
	return nil
}

// PhaseJSON is one phase in the JSON contract: the raw bytes and the
// converted values.
type PhaseJSON struct {
	Raw [18]int `json:"raw"`
	Values
}

// AnimationJSON is one animation block in the JSON contract.
type AnimationJSON struct {
	HeaderRaw uint32 `json:"headerRaw"`
	Mode      string `json:"mode"`
	Mask      uint32 `json:"mask"`
	Keys      []Key  `json:"keys"`
}

// Describe returns the JSON facts of a material named name.
func Describe(name string, m *Mat0) map[string]any {
	prefix := make([]int, len(m.Prefix))
	for i, b := range m.Prefix {
		prefix[i] = int(b)
	}
	phases := make([]PhaseJSON, len(m.Phases))
	for i := range m.Phases {
		for j, b := range m.Phases[i].P {
			phases[i].Raw[j] = int(b)
		}
		phases[i].Values = m.Phases[i].Values()
	}
	anims := make([]AnimationJSON, len(m.Blocks))
	for i := range m.Blocks {
		b := &m.Blocks[i]
		keys := b.Keys
		if keys == nil {
			keys = []Key{}
		}
		anims[i] = AnimationJSON{HeaderRaw: b.Header, Mode: b.Mode().String(), Mask: b.Mask(), Keys: keys}
	}
	return map[string]any{
		"kind":       string(formats.KindMaterial),
		"name":       name,
		"attr1":      m.Attr1,
		"version":    m.Version,
		"category":   m.Category(),
		"blend":      BlendFor(m.Category()),
		"prefix":     prefix,
		"phases":     phases,
		"animations": anims,
	}
}

// WearNode is a WEAR table entry or a loose .wea file.
type WearNode struct {
	formats.Raw
	Wear *Wear
	Loc  Locator
}

// OpenWear decodes a WEAR table.
func OpenWear(s formats.Source) (formats.Node, error) {
	b, err := readAll(s)
	if err != nil {
		return nil, err
	}
	base := s.Base
	if base < 0 {
		base = 0
	}
	w, err := ParseWear(b, base)
	if err != nil {
		return nil, err
	}
	return &WearNode{Raw: *formats.NewRaw(s, formats.KindWear, "WEAR"), Wear: w, Loc: LocatorFor(s)}, nil
}

// Resolved is a WEAR row with the material it resolves to.
type Resolved struct {
	Row      Row
	Material formats.Node // nil when missing
	Name     string       // the resolved material's name, "" when missing
	Via      string       // ViaName, ViaDefault, ViaFirst or ViaMissing
}

// Resolve resolves every row through the material library.
func (w *WearNode) Resolve() []Resolved {
	lib := w.Loc.Library(LibMaterials)
	out := make([]Resolved, len(w.Wear.Rows))
	for i, r := range w.Wear.Rows {
		out[i].Row = r
		idx, via := lib.Resolve(r.Name)
		out[i].Via = via
		if idx >= 0 {
			out[i].Material = lib.Entries[idx]
			out[i].Name = lib.Entries[idx].Name()
		}
	}
	return out
}

// LightmapSlots returns each lightmap row's index in the lightmap library
// (its own archive, else LightMap.lib beside the file), -1 when missing.
func (w *WearNode) LightmapSlots() []int {
	out := make([]int, len(w.Wear.Lightmaps))
	if len(out) == 0 {
		return out
	}
	lib := w.Loc.Library(LibLightmaps)
	for i, r := range w.Wear.Lightmaps {
		out[i] = lib.Find(r.Name)
	}
	return out
}

type rowJSON struct {
	LegacyID int     `json:"legacyId"`
	Material string  `json:"material"`
	Resolved *string `json:"resolved"`
	Via      string  `json:"via"`
}

type lightmapJSON struct {
	LegacyID int    `json:"legacyId"`
	Name     string `json:"name"`
	Slot     int    `json:"slot"`
}

// Describe returns the rows with their resolved materials and the lightmaps.
func (w *WearNode) Describe() (any, error) {
	res := w.Resolve()
	rows := make([]rowJSON, len(res))
	for i, r := range res {
		rows[i] = rowJSON{LegacyID: r.Row.LegacyID, Material: r.Row.Name, Via: r.Via}
		if r.Material != nil {
			name := r.Name
			rows[i].Resolved = &name
		}
	}
	slots := w.LightmapSlots()
	lms := make([]lightmapJSON, len(w.Wear.Lightmaps))
	for i, r := range w.Wear.Lightmaps {
		lms[i] = lightmapJSON{LegacyID: r.LegacyID, Name: r.Name, Slot: slots[i]}
	}
	return map[string]any{
		"kind":      string(formats.KindWear),
		"name":      w.NodeName,
		"rows":      rows,
		"lightmaps": lms,
	}, nil
}

// Diagnostics reports legacy ids that differ from the row position.
func (w *WearNode) Diagnostics() []formats.Diagnostic {
	var out []formats.Diagnostic
	for _, f := range w.Wear.Findings {
		out = append(out, formats.Diagnostic{Off: f.Off, Msg: f.Msg})
	}
	return out
}
