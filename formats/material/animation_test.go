package material

import (
	"fmt"
	"testing"
)

// blocks lists every block as "header:phase/end,phase/end".
func blocks(m *Mat0) string {
	s := ""
	for _, b := range m.Blocks {
		s += fmt.Sprintf("[%d:", b.Header)
		for _, k := range b.Keys {
			s += fmt.Sprintf(" %d/%d/%d", k.Phase, k.EndMs, k.K2)
		}
		s += "]"
	}
	return s
}

func TestAnimationEdits(t *testing.T) {
	cases := []struct {
		name string
		edit func(m *Mat0) error
		want string // blocks after the edit; "" = unchanged, with an error
	}{
		{"add block", func(m *Mat0) error {
			i, err := m.AddBlock()
			if err == nil && i != 2 {
				err = fmt.Errorf("index %d", i)
			}
			return err
		}, "[1: 0/100/0 1/200/0 2/300/0][2: 7/50/9 65535/60/0][0: 0/1000/0]"},
		{"remove block", func(m *Mat0) error { return m.RemoveBlock(0) }, "[2: 7/50/9 65535/60/0]"},
		{"remove missing block", func(m *Mat0) error { return m.RemoveBlock(2) }, ""},
		{"remove negative block", func(m *Mat0) error { return m.RemoveBlock(-1) }, ""},
		{"add key", func(m *Mat0) error { return m.Blocks[0].AddKey() }, "[1: 0/100/0 1/200/0 2/300/0 2/550/0][2: 7/50/9 65535/60/0]"},
		{"remove key", func(m *Mat0) error { return m.Blocks[0].RemoveKey(1) }, "[1: 0/100/0 2/300/0][2: 7/50/9 65535/60/0]"},
		{"remove missing key", func(m *Mat0) error { return m.Blocks[0].RemoveKey(3) }, ""},
		{"remove negative key", func(m *Mat0) error { return m.Blocks[0].RemoveKey(-1) }, ""},
		{"set key", func(m *Mat0) error { return m.SetKey(1, 0, 2, 70) }, "[1: 0/100/0 1/200/0 2/300/0][2: 2/70/9 65535/60/0]"},
		{"set key backwards", func(m *Mat0) error { return m.SetKey(0, 2, 0, 10) }, "[1: 0/100/0 1/200/0 0/10/0][2: 7/50/9 65535/60/0]"},
		{"set key missing phase", func(m *Mat0) error { return m.SetKey(0, 0, 3, 10) }, ""},
		{"set missing key", func(m *Mat0) error { return m.SetKey(0, 3, 0, 10) }, ""},
		{"set key of missing block", func(m *Mat0) error { return m.SetKey(2, 0, 0, 10) }, ""},
		{"set mode", func(m *Mat0) error { m.Blocks[0].SetMode(ModeRandom); return nil }, "[3: 0/100/0 1/200/0 2/300/0][2: 7/50/9 65535/60/0]"},
		{"mask on", func(m *Mat0) error { m.Blocks[0].SetMaskBits(MaskOpacity|MaskAdditive, true); return nil }, "[137: 0/100/0 1/200/0 2/300/0][2: 7/50/9 65535/60/0]"},
		{"mask off", func(m *Mat0) error { m.Blocks[1].SetMaskBits(MaskSpecular, false); return nil }, "[1: 0/100/0 1/200/0 2/300/0][2: 7/50/9 65535/60/0]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := keyed()
			err := c.edit(m)
			want := c.want
			if want == "" {
				want = blocks(keyed())
				if err == nil {
					t.Error("no error")
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if got := blocks(m); got != want {
				t.Errorf("%s, want %s", got, want)
			}
			if _, err := m.Encode(); err != nil {
				t.Errorf("encode: %v", err)
			}
		})
	}
}

func TestAnimationLimits(t *testing.T) {
	var m Mat0
	if _, err := m.BlockAt(0); err == nil {
		t.Error("BlockAt(0) without blocks")
	}
	for i := 0; i < MaxBlocks-1; i++ {
		if _, err := m.AddBlock(); err != nil {
			t.Fatalf("block %d: %v", i, err)
		}
	}
	if _, err := m.AddBlock(); err == nil || len(m.Blocks) != MaxBlocks-1 {
		t.Errorf("added block %d: %v", len(m.Blocks), err)
	}
	m.Phases = []Phase{DefaultPhase()}
	if _, err := m.Encode(); err != nil {
		t.Errorf("%d blocks do not encode: %v", len(m.Blocks), err)
	}
	for len(m.Blocks) > 0 {
		if err := m.RemoveBlock(len(m.Blocks) - 1); err != nil {
			t.Fatal(err)
		}
	}
	if m.Blocks != nil {
		t.Error("removing every block leaves an empty, non-nil list")
	}

	var b Block
	if err := b.AddKey(); err != nil || b.Keys[0] != (Key{0, 250, 0}) {
		t.Errorf("first key of an empty block: %v %+v", err, b.Keys)
	}
	late := Block{Keys: []Key{{3, 0xFFFF - 100, 0}}}
	if err := late.AddKey(); err == nil || len(late.Keys) != 1 {
		t.Errorf("added a key past 65535 ms: %v", err)
	}
	full := Block{Keys: make([]Key, MaxKeys)}
	if err := full.AddKey(); err == nil || len(full.Keys) != MaxKeys {
		t.Errorf("added key %d: %v", len(full.Keys), err)
	}
	if err := (&Block{}).RemoveKey(0); err == nil {
		t.Error("removed a key of an empty block")
	}
}

func TestPlayAt(t *testing.T) {
	cases := []struct {
		name   string
		header uint32
		block  int
		clock  uint32
		local  uint32
		err    bool
	}{
		{"loop", 0, 0, 1300, 500, false},
		{"clamp", 2, 0, 1300, 1300, false},
		{"random draws per cycle", 3, 0, 1300, hash32(1300/800) % 800, false},
		{"missing block", 0, 1, 0, 0, true},
	}
	for _, c := range cases {
		m := sampleMat(c.header, Key{0, 400, 0}, Key{1, 800, 0})
		s, err := m.PlayAt(c.block, c.clock)
		if (err != nil) != c.err || (!c.err && s.LocalMs != c.local) {
			t.Errorf("%s: t=%d err=%v, want t=%d", c.name, s.LocalMs, err, c.local)
		}
	}
	m := sampleMat(3, Key{0, 400, 0}, Key{1, 800, 0})
	a, _ := m.PlayAt(0, 100)
	b, _ := m.PlayAt(0, 700) // same cycle: the same random time
	if a.LocalMs != b.LocalMs {
		t.Errorf("random block moved within a cycle: %d, %d", a.LocalMs, b.LocalMs)
	}
	if hash32(0) != 0 || hash32(1) == hash32(2) {
		t.Error("hash32 does not mix")
	}
}

func TestShownPhase(t *testing.T) {
	keys := []Key{{1, 200, 0}, {0, 400, 0}}
	cases := []struct {
		name string
		m    *Mat0
		s    Sample
		want int
	}{
		{"first key", sampleMat(0, keys...), Sample{Block: 0, Key: 0}, 1},
		{"second key", sampleMat(0, keys...), Sample{Block: 0, Key: 1}, 0},
		{"key out of range", sampleMat(0, keys...), Sample{Block: 0, Key: 2}, 0},
		{"no duration", sampleMat(0, Key{1, 0, 0}), Sample{Block: 0, Key: 0}, 0},
		{"no keys", sampleMat(0), Sample{Block: 0}, 0},
		{"no block", &Mat0{Phases: waterPhases}, Sample{Block: 0}, 0},
		{"negative block", sampleMat(0, keys...), Sample{Block: -1}, 0},
	}
	for _, c := range cases {
		if got := c.m.ShownPhase(c.s); got != c.want {
			t.Errorf("%s: phase %d, want %d", c.name, got, c.want)
		}
	}
	// The sampler agrees: at 100 ms key 0 (phase 1) is shown.
	m := sampleMat(0, keys...)
	s, err := m.PlayAt(0, 100)
	if err != nil || m.ShownPhase(s) != 1 || s.Phase.Texture != "WATER1.0" {
		t.Errorf("sample %+v, %v", s, err)
	}
}
