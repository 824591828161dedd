package material

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/texm"
)

// playerMat is a material of three phases with three textures and a
// block of the given header, keys 0→1→2 ending at 100, 300 and 400 ms.
func playerMat(header uint32) *Mat0 {
	m := &Mat0{Version: 6, Prefix: make([]byte, 10)}
	for i := 0; i < 3; i++ {
		var p Phase
		p.P = [18]byte{byte(40 * i), 20, 10, byte(30 * (i + 1)), 100, byte(50 * i), 200, 255, 0, 0, 0, 0, 0, 0, byte(20 * i), 255, 3, 0xFF}
		p.SetTextureName([]string{"A.0", "B.0", "C.0"}[i])
		m.Phases = append(m.Phases, p)
	}
	m.Blocks = []Block{{Header: header, Keys: []Key{{Phase: 0, EndMs: 100}, {Phase: 1, EndMs: 300}, {Phase: 2, EndMs: 400}}}}
	return m
}

func playerImages() []PhaseImage {
	out := make([]PhaseImage, 3)
	for i := range out {
		out[i].Texture = image.NewNRGBA(image.Rect(0, 0, i+1, 1))
	}
	return out
}

// TestPlayerFollowsPlayAt: in every mode the player's colour is the base
// colour of PlayAt's sample and its texture is the shown phase's.
func TestPlayerFollowsPlayAt(t *testing.T) {
	imgs := playerImages()
	all := uint32(MaskAdditive | MaskDirectional | MaskSpecular | MaskExtra | MaskOpacity)
	for _, h := range []uint32{uint32(ModeLoop) | all<<3, uint32(ModePingPong) | all<<3, uint32(ModeClamp), uint32(ModeRandom) | MaskOpacity<<3, uint32(ModeLoop)} {
		m := playerMat(h)
		p := NewPlayer(m, 0, imgs)
		if !p.Animated() {
			t.Errorf("header 0x%X: not animated", h)
		}
		for ms := uint32(0); ms < 2000; ms += 7 {
			s, err := m.PlayAt(0, ms)
			if err != nil {
				t.Fatal(err)
			}
			got := p.At(ms)
			if want := s.Phase.BaseColor(); got.Color != want {
				t.Fatalf("header 0x%X at %d ms: colour %v, want %v", h, ms, got.Color, want)
			}
			if got.Texture != imgs[m.ShownPhase(s)].Texture {
				t.Fatalf("header 0x%X at %d ms: texture of the wrong phase", h, ms)
			}
		}
	}
}

// TestPlayerStill: no block, an empty block or a block that is not there
// show phase 0; a material without phases is white.
func TestPlayerStill(t *testing.T) {
	m := playerMat(0)
	imgs := playerImages()
	for _, c := range []struct {
		name  string
		edit  func(*Mat0)
		block int
	}{
		{"no blocks", func(m *Mat0) { m.Blocks = nil }, 0},
		{"no keys", func(m *Mat0) { m.Blocks[0].Keys = nil }, 0},
		{"block 3", func(*Mat0) {}, 3},
		{"key past the phases", func(m *Mat0) { m.Blocks[0].Keys[1].Phase = 9 }, 0},
	} {
		mm := m.Clone()
		c.edit(mm)
		p := NewPlayer(mm, c.block, imgs)
		for _, ms := range []uint32{0, 150, 350} {
			if c.name == "key past the phases" && ms != 150 {
				continue
			}
			if l := p.At(ms); l.Texture != imgs[0].Texture || l.Color != mm.Phases[0].Values().BaseColor() {
				t.Errorf("%s at %d: %+v", c.name, ms, l)
			}
		}
	}
	if l := NewPlayer(&Mat0{}, 0, nil).At(5); l.Color != (color.NRGBA{255, 255, 255, 255}) || l.Texture != nil {
		t.Errorf("no phases: %+v", l)
	}
}

// TestPlayerOwnsItsCopy: editing the material after making the player
// does not change what it plays.
func TestPlayerOwnsItsCopy(t *testing.T) {
	m := playerMat(uint32(ModeLoop))
	p := NewPlayer(m, 0, playerImages())
	before := p.At(150)
	m.Phases[1].P[4] = 0
	m.Blocks[0].Keys[1].Phase = 0
	if p.At(150) != before {
		t.Error("the player follows edits of the material")
	}
}

// TestPlayerAtAllocates nothing (the preview calls it per frame and group).
func TestPlayerAtAllocatesNothing(t *testing.T) {
	all := uint32(MaskAdditive | MaskDirectional | MaskSpecular | MaskExtra | MaskOpacity)
	p := NewPlayer(playerMat(uint32(ModePingPong)|all<<3), 0, playerImages())
	ms := uint32(0)
	if n := testing.AllocsPerRun(200, func() { ms += 13; _ = p.At(ms) }); n != 0 {
		t.Errorf("At allocates %v times a call", n)
	}
}

// TestTextureSetPhases: each texture is decoded once and shared; a page
// index picks its rectangle; a missing texture, a page past the table and
// a texture that is not one are findings.
func TestTextureSetPhases(t *testing.T) {
	tex := func(pages []texm.Page) formats.Node {
		b, err := texm.Build(image.NewNRGBA(image.Rect(0, 0, 8, 8)), texm.Format8888, 1, nil, pages)
		if err != nil {
			t.Fatal(err)
		}
		n, err := texm.Open(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "x"})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	lib := map[string]formats.Node{"A.0": tex([]texm.Page{{X: 4, Y: 0, W: 4, H: 4}}), "B.0": tex(nil)}
	finds := 0
	set := &TextureSet{Find: func(name string) formats.Node { finds++; return lib[strings.ToUpper(name)] }}
	m := playerMat(0)
	m.Phases[0].P[17] = 0 // page 0 of A.0
	m.Phases[1].P[17] = 2 // B.0 has no pages
	m.Phases[2].SetTextureName("a.0")
	imgs, findings := set.Phases(m)
	if imgs[0].Page != image.Rect(4, 0, 8, 4) || imgs[0].Texture == nil {
		t.Errorf("phase 0 %+v", imgs[0])
	}
	if imgs[1].Page != (image.Rectangle{}) || imgs[1].Texture == nil {
		t.Errorf("phase 1 %+v", imgs[1])
	}
	if imgs[2].Texture != imgs[0].Texture || finds != 2 {
		t.Errorf("A.0 is decoded twice (%d lookups)", finds)
	}
	if len(findings) != 1 || !strings.Contains(findings[0], "page 2") {
		t.Errorf("findings %q", findings)
	}
	m.Phases[1].SetTextureName("GONE.0")
	m.Phases[2].SetTextureName("")
	imgs, findings = set.Phases(m)
	if imgs[1].Texture != nil || imgs[2].Texture != nil || len(findings) != 1 || !strings.Contains(findings[0], `"GONE.0" is not in the texture library`) {
		t.Errorf("findings %q, phase 1 %+v", findings, imgs[1])
	}
	lib["GONE.0"] = formats.NewBroken(formats.Source{R: bytes.NewReader(nil), Name: "GONE.0"}, formats.KindTexture, "Texm", errBroken)
	set = &TextureSet{Find: set.Find}
	if _, findings = set.Phases(m); len(findings) != 1 || !strings.Contains(findings[0], "not a decodable texture (broken)") {
		t.Errorf("broken texture: %q", findings)
	}
}

var errBroken = errorString("broken")

type errorString string

func (e errorString) Error() string { return string(e) }

// BenchmarkPlayerAt measures one look of an animated material (the
// preview asks for one per group and frame).
func BenchmarkPlayerAt(b *testing.B) {
	all := uint32(MaskAdditive | MaskDirectional | MaskSpecular | MaskExtra | MaskOpacity)
	p := NewPlayer(playerMat(uint32(ModePingPong)|all<<3), 0, playerImages())
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p.At(uint32(i))
	}
}
