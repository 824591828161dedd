package material

import (
	"bytes"
	"image/color"
	"strconv"
	"strings"
	"testing"
)

func TestGroups(t *testing.T) {
	cases := []struct {
		g            Group
		name, params string
		first, n     int
	}{
		{GroupAdditive, "additive", "p0..p2", 0, 3},
		{GroupDirectional, "directional", "p4..p7", 4, 4},
		{GroupSpecular, "specular", "p8..p11", 8, 4},
		{GroupExtra, "extra", "p12..p15", 12, 4},
		{Group(4), "group 4", "", -1, 0},
		{Group(-1), "group -1", "", -1, 0},
	}
	for _, c := range cases {
		if c.g.String() != c.name || c.g.Params() != c.params || c.g.First() != c.first || c.g.Len() != c.n {
			t.Errorf("group %d: %q %q %d %d", int(c.g), c.g.String(), c.g.Params(), c.g.First(), c.g.Len())
		}
	}
	if gs := Groups(); len(gs) != 4 || gs[0] != GroupAdditive || gs[3] != GroupExtra {
		t.Errorf("Groups() = %v", gs)
	}
}

func TestMaskBits(t *testing.T) {
	var seen uint32
	for i, mb := range MaskBits() {
		if mb.Bit != 1<<i || mb.Name == "" || !strings.HasPrefix(mb.Params, "p") {
			t.Errorf("mask bit %d: %+v", i, mb)
		}
		seen |= mb.Bit
	}
	if seen != MaskAdditive|MaskDirectional|MaskSpecular|MaskExtra|MaskOpacity {
		t.Errorf("mask bits cover 0x%X", seen)
	}
}

func TestPhaseColor(t *testing.T) {
	p := waterPhases[1]
	cases := []struct {
		g    Group
		want color.NRGBA
		hex  string
	}{
		{GroupAdditive, color.NRGBA{110, 120, 130, 255}, "#6E7882"},
		{GroupDirectional, color.NRGBA{140, 150, 160, 7}, "#8C96A007"},
		{GroupSpecular, color.NRGBA{170, 180, 190, 8}, "#AAB4BE08"},
		{GroupExtra, color.NRGBA{200, 210, 220, 9}, "#C8D2DC09"},
		{Group(9), color.NRGBA{}, ""},
	}
	for _, c := range cases {
		if got := p.Color(c.g); got != c.want {
			t.Errorf("%v: Color %v, want %v", c.g, got, c.want)
		}
		if got := p.ColorHex(c.g); got != c.hex {
			t.Errorf("%v: ColorHex %q, want %q", c.g, got, c.hex)
		}
	}
}

func TestPhaseSetColor(t *testing.T) {
	c := color.NRGBA{1, 2, 3, 4}
	cases := []struct {
		g       Group
		changed []int // parameter bytes that become 1, 2, 3(, 4)
		err     bool
	}{
		{GroupAdditive, []int{0, 1, 2}, false}, // p3 (opacity) is not the alpha
		{GroupDirectional, []int{4, 5, 6, 7}, false},
		{GroupSpecular, []int{8, 9, 10, 11}, false},
		{GroupExtra, []int{12, 13, 14, 15}, false},
		{Group(4), nil, true},
		{Group(-1), nil, true},
	}
	for _, tc := range cases {
		p := waterPhases[0]
		err := p.SetColor(tc.g, c)
		if (err != nil) != tc.err {
			t.Errorf("%v: error %v", tc.g, err)
		}
		want := waterPhases[0].P
		for i, at := range tc.changed {
			want[at] = byte(i + 1)
		}
		if p.P != want || p.Texture != waterPhases[0].Texture {
			t.Errorf("%v: %v, want %v", tc.g, p.P, want)
		}
	}
}

func TestPhaseScalars(t *testing.T) {
	cases := []struct {
		name  string
		set   func(p *Phase) error
		param int
		want  byte
		err   bool
	}{
		{"opacity", func(p *Phase) error { return p.SetRawOpacity(55) }, 3, 55, false},
		{"opacity max", func(p *Phase) error { return p.SetRawOpacity(255) }, 3, 255, false},
		{"opacity negative", func(p *Phase) error { return p.SetRawOpacity(-1) }, 3, 100, true},
		{"opacity too big", func(p *Phase) error { return p.SetRawOpacity(256) }, 3, 100, true},
		{"power", func(p *Phase) error { return p.SetPower(0) }, 16, 0, false},
		{"power too big", func(p *Phase) error { return p.SetPower(300) }, 16, 5, true},
		{"page", func(p *Phase) error { return p.SetPage(2) }, 17, 2, false},
		{"page whole texture", func(p *Phase) error { return p.SetPage(-1) }, 17, 0xFF, false},
		{"page lowest", func(p *Phase) error { return p.SetPage(-128) }, 17, 0x80, false},
		{"page too low", func(p *Phase) error { return p.SetPage(-129) }, 17, 0xFF, true},
		{"page too high", func(p *Phase) error { return p.SetPage(128) }, 17, 0xFF, true},
	}
	for _, c := range cases {
		p := waterPhases[0]
		err := c.set(&p)
		if (err != nil) != c.err {
			t.Errorf("%s: error %v", c.name, err)
		}
		if p.P[c.param] != c.want {
			t.Errorf("%s: p%d = %d, want %d", c.name, c.param, p.P[c.param], c.want)
		}
	}
	p := waterPhases[0]
	if p.RawOpacity() != 100 || p.Power() != 5 || p.Page() != -1 {
		t.Errorf("getters: %d %d %d", p.RawOpacity(), p.Power(), p.Page())
	}
	if d := DefaultPhase(); d.Values().Opacity != 1 || d.Page() != -1 || d.TextureName() != "" || d.Color(GroupDirectional) != (color.NRGBA{}) {
		t.Errorf("default phase %+v", d)
	}
}

// keyed returns a three-phase material whose keys name phases 0, 1, 2 and
// a missing phase 7.
func keyed() *Mat0 {
	ph := []Phase{phase("A"), phase("B"), phase("C")}
	return &Mat0{Version: 6, Prefix: prefix10, Phases: ph, Blocks: []Block{
		{Header: 1, Keys: []Key{{0, 100, 0}, {1, 200, 0}, {2, 300, 0}}},
		{Header: 2, Keys: []Key{{7, 50, 9}, {0xFFFF, 60, 0}}},
	}}
}

// layout lists the texture names of the phases and the phases of every key.
func layout(m *Mat0) string {
	var sb strings.Builder
	for _, p := range m.Phases {
		sb.WriteString(p.TextureName())
	}
	for _, b := range m.Blocks {
		sb.WriteString(" |")
		for _, k := range b.Keys {
			sb.WriteString(" " + strconv.Itoa(int(k.Phase)))
		}
	}
	return sb.String()
}

func TestPhaseListEdits(t *testing.T) {
	cases := []struct {
		name string
		edit func(m *Mat0) error
		want string // layout after the edit; "" = unchanged, with an error
	}{
		{"insert first", func(m *Mat0) error { return m.InsertPhase(0, phase("X")) }, "XABC | 1 2 3 | 8 65535"},
		{"insert middle", func(m *Mat0) error { return m.InsertPhase(2, phase("X")) }, "ABXC | 0 1 3 | 8 65535"},
		{"insert last", func(m *Mat0) error { return m.InsertPhase(3, phase("X")) }, "ABCX | 0 1 2 | 8 65535"},
		{"insert before start", func(m *Mat0) error { return m.InsertPhase(-1, phase("X")) }, ""},
		{"insert past end", func(m *Mat0) error { return m.InsertPhase(4, phase("X")) }, ""},
		{"duplicate", func(m *Mat0) error { _, err := m.DuplicatePhase(1); return err }, "ABBC | 0 1 3 | 8 65535"},
		{"duplicate last", func(m *Mat0) error { _, err := m.DuplicatePhase(2); return err }, "ABCC | 0 1 2 | 8 65535"},
		{"duplicate missing", func(m *Mat0) error { _, err := m.DuplicatePhase(3); return err }, ""},
		{"remove first", func(m *Mat0) error { return m.RemovePhase(0) }, "BC | 0 0 1 | 6 65534"},
		{"remove middle", func(m *Mat0) error { return m.RemovePhase(1) }, "AC | 0 1 1 | 6 65534"},
		{"remove last", func(m *Mat0) error { return m.RemovePhase(2) }, "AB | 0 1 1 | 6 65534"},
		{"remove missing", func(m *Mat0) error { return m.RemovePhase(3) }, ""},
		{"remove negative", func(m *Mat0) error { return m.RemovePhase(-1) }, ""},
		{"move down", func(m *Mat0) error { return m.MovePhase(0, 1) }, "BAC | 1 0 2 | 7 65535"},
		{"move up", func(m *Mat0) error { return m.MovePhase(2, 1) }, "ACB | 0 2 1 | 7 65535"},
		{"move first to last", func(m *Mat0) error { return m.MovePhase(0, 2) }, "BCA | 2 0 1 | 7 65535"},
		{"move last to first", func(m *Mat0) error { return m.MovePhase(2, 0) }, "CAB | 1 2 0 | 7 65535"},
		{"move in place", func(m *Mat0) error { return m.MovePhase(1, 1) }, "ABC | 0 1 2 | 7 65535"},
		{"move past end", func(m *Mat0) error { return m.MovePhase(2, 3) }, ""},
		{"move before start", func(m *Mat0) error { return m.MovePhase(0, -1) }, ""},
		{"move missing", func(m *Mat0) error { return m.MovePhase(3, 0) }, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := keyed()
			err := c.edit(m)
			want := c.want
			if want == "" {
				want = layout(keyed())
				if err == nil {
					t.Error("no error")
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if got := layout(m); got != want {
				t.Errorf("%q, want %q", got, want)
			}
			if _, err := m.Encode(); err != nil {
				t.Errorf("encode: %v", err)
			}
		})
	}
}

func TestPhaseLimits(t *testing.T) {
	var empty Mat0
	if err := empty.InsertPhase(0, DefaultPhase()); err != nil || len(empty.Phases) != 1 {
		t.Fatalf("insert into an empty material: %v", err)
	}
	if _, err := (&Mat0{}).DuplicatePhase(0); err == nil {
		t.Error("duplicated a phase of an empty material")
	}
	if _, err := (&Mat0{}).PhaseAt(0); err == nil {
		t.Error("PhaseAt(0) of an empty material")
	}
	full := &Mat0{Phases: make([]Phase, MaxPhases)}
	if err := full.InsertPhase(0, Phase{}); err == nil || len(full.Phases) != MaxPhases {
		t.Errorf("inserted a phase beyond %d: %v", MaxPhases, err)
	}
	if _, err := full.Encode(); err != nil {
		t.Errorf("a material with %d phases does not encode: %v", MaxPhases, err)
	}
}

// TestEditedRoundTrip: an edited material parses back to what was edited,
// and an edit undone by its inverse encodes to the original bytes.
func TestEditedRoundTrip(t *testing.T) {
	orig := buildMat0(6, prefix10, waterPhases, []Block{{Header: 1 | 3<<3, Keys: []Key{{0, 200, 0}, {1, 400, 5}}}})
	m, err := Parse(orig, 8, 6, 0)
	if err != nil {
		t.Fatal(err)
	}
	e := m.Clone()
	p, _ := e.PhaseAt(1)
	if err := p.SetColor(GroupSpecular, color.NRGBA{9, 8, 7, 6}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.DuplicatePhase(0); err != nil {
		t.Fatal(err)
	}
	b, err := e.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(b, 8, 6, 0)
	if err != nil {
		t.Fatal(err)
	}
	if layout(back) != "WATER0.0WATER0.0WATER1.0 | 0 2" || back.Phases[2].Color(GroupSpecular) != (color.NRGBA{9, 8, 7, 6}) {
		t.Errorf("parsed back %q %v", layout(back), back.Phases[2].Color(GroupSpecular))
	}
	if err := e.RemovePhase(1); err != nil {
		t.Fatal(err)
	}
	p, _ = e.PhaseAt(1)
	if err := p.SetColor(GroupSpecular, waterPhases[1].Color(GroupSpecular)); err != nil {
		t.Fatal(err)
	}
	if b, err := e.Encode(); err != nil || !bytes.Equal(b, orig) {
		t.Errorf("undone edits encode differently: %v", err)
	}
	if m.Phases[1].Color(GroupSpecular) != waterPhases[1].Color(GroupSpecular) {
		t.Error("editing the clone changed the original")
	}
}
