package xrlevel

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/xray"
)

// TestSharedRangesStayBounded builds a small file whose visuals all use one
// big vertex range and whose sectors share one big hierarchy: the meshes
// and statistics must stay within a small multiple of the decoded bytes
// (no visuals × vertices or sectors × visuals blow-up).
func TestSharedRangesStayBounded(t *testing.T) {
	const nVerts, nVisuals, nSectors = 60000, 3000, 4000
	f, _ := ParseFVF(0x002)
	lv := &Level{Version: 4, Description: "amplifier", Textures: []string{"STD:a"}, Shaders: []string{"s"}}
	lv.VBs = []*VertexBuffer{{Format: f, Count: nVerts, Data: make([]byte, nVerts*f.Stride)}}
	var kids []int
	for i := 0; i < nVisuals; i++ {
		lv.Visuals = append(lv.Visuals, &Visual{Index: i, OGFVersion: 2, TextureIndex: 0, ShaderIndex: 0, VB: 0, VCount: nVerts, IB: -1,
			Indices: []uint16{0, nVerts - 1, 1}, HasIndices: true, HasBBox: true})
		kids = append(kids, i)
	}
	shared := len(lv.Visuals)
	lv.Visuals = append(lv.Visuals, &Visual{Index: shared, OGFVersion: 2, Type: 1, TextureIndex: -1, ShaderIndex: -1, VB: -1, IB: -1,
		Children: kids, HasBBox: true})
	for i := 0; i < nSectors; i++ {
		// every sector its own root, all of them over the shared hierarchy
		r := len(lv.Visuals)
		lv.Visuals = append(lv.Visuals, &Visual{Index: r, OGFVersion: 2, Type: 1, TextureIndex: -1, ShaderIndex: -1, VB: -1, IB: -1,
			Children: []int{shared}, HasBBox: true})
		lv.Sectors = append(lv.Sectors, &Sector{Index: i, Root: r})
	}
	got, b := rewriteV4(t, lv)
	limit := got.meshBudget()
	if limit > 64<<20 {
		t.Fatalf("budget %d for a %d-byte file", limit, len(b))
	}
	m := got.LevelMesh()
	if n := len(m.Positions) + len(m.Indices); n > limit || n == 0 {
		t.Errorf("level mesh holds %d positions+indices; budget %d (file %d bytes)", n, limit, len(b))
	}
	vm, _ := got.VisualMesh(shared)
	if n := len(vm.Positions) + len(vm.Indices); n > limit {
		t.Errorf("visual mesh holds %d; budget %d", n, limit)
	}
	st := got.Stats()
	partial := 0
	for _, s := range st.Sectors {
		if s.Partial {
			partial++
		}
	}
	if partial == 0 {
		t.Error("no sector marked partial: the walks were not capped")
	}
	if st.Sectors[0].Visuals != nVisuals+2 || st.Sectors[0].Partial {
		t.Errorf("sector 0: %d visuals (partial %v), want %d", st.Sectors[0].Visuals, st.Sectors[0].Partial, nVisuals+2)
	}
}

// TestListCaps: a compressed visuals chunk of empty chunk headers (zeros)
// or a compressed string list of empty strings makes no more items than
// its stored size allows, and copies of one small compressed
// visual inside a compressed list unpack within the nested budget.
func TestListCaps(t *testing.T) {
	hdr := append(lb{}.u32(4), make([]byte, 124)...)
	t.Run("empty chunks", func(t *testing.T) {
		b := lb{}.chunk(1, hdr, false).chunk(4, make([]byte, 4<<20), true)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		lv, err := openBytes(t, b).Level()
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > 32<<20 {
			t.Errorf("a %d-byte file allocated %d MB", len(b), got>>20)
		}
		if err != nil {
			t.Fatal(err)
		}
		c := chunkAt(t, b, 4)
		if want := 4096 + int(c.Size)/8; len(lv.Visuals) != want {
			t.Errorf("%d visuals from a %d-byte chunk, want the cap %d", len(lv.Visuals), c.Size, want)
		}
		if !hasDiag(lv, "cut short") {
			t.Errorf("no finding about the cut: %v", lv.Diags[:3])
		}
	})
	t.Run("empty strings", func(t *testing.T) {
		b := lb{}.chunk(1, hdr, false).chunk(2, append(lb{}.u32(1<<20), make([]byte, 1<<20)...), true)
		lv, err := openBytes(t, b).Level()
		if err != nil {
			t.Fatal(err)
		}
		c := chunkAt(t, b, 2)
		if want := 4096 + int(c.Size)/8; len(lv.Textures) != want || !hasDiag(lv, "only the first") {
			t.Errorf("%d textures from a %d-byte chunk, want the cap %d", len(lv.Textures), c.Size, want)
		}
	})
	t.Run("nested", func(t *testing.T) {
		inner := lb{}.chunk(0, make([]byte, 150000), true)
		if len(inner) > 4000 {
			t.Fatalf("inner chunk is %d bytes: too big to repeat within the window", len(inner))
		}
		var list []byte
		for i := 0; i < 2000; i++ {
			list = append(list, inner...)
		}
		b := lb{}.chunk(1, hdr, false).chunk(4, list, true)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		lv, err := openBytes(t, b).Level()
		if err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > 64<<20 {
			t.Errorf("a %d-byte file allocated %d MB", len(b), got>>20)
		}
		if !hasDiag(lv, "nested chunks may still unpack") {
			t.Errorf("no finding about the nested budget")
		}
	})
}

func TestScanN(t *testing.T) {
	l := xray.ScanN(make([]byte, 80), 0, 3)
	if len(l.Chunks) != 3 || len(l.Diags) != 1 || !strings.Contains(l.Diags[0].Msg, "cut short") {
		t.Errorf("%d chunks, %v", len(l.Chunks), l.Diags)
	}
}

// A level keeps its findings past 500 (up to a bound that grows with its
// size, the last one saying the rest were dropped), and a node's own are
// found by path as a walk of them all would find them.
func TestFindingsPast500(t *testing.T) {
	hdr := append(lb{}.u32(4), make([]byte, 124)...)
	b := lb{}.chunk(1, hdr, false).chunk(4, make([]byte, 4<<20), true)
	lv, err := openBytes(t, b).Level()
	if err != nil {
		t.Fatal(err)
	}
	limit := diagCapFor(int64(len(b)))
	if n := len(lv.Diags); n <= 500 || n != limit || !strings.Contains(lv.Diags[n-1].Msg, "too many findings") {
		t.Fatalf("%d findings kept (limit %d for %d bytes)", n, limit, len(b))
	}
	for _, path := range []string{"", "visuals", "visuals/1", "visuals/10", "visuals/4095", "sectors", "nothing"} {
		var want []formats.Diagnostic
		for _, d := range lv.Diags {
			if d.Path == path || strings.HasPrefix(d.Path, path+"/") {
				want = append(want, d)
			}
		}
		if got := lv.diagsUnder(path); !slices.Equal(got, want) {
			t.Errorf("%q: %d findings, a walk finds %d", path, len(got), len(want))
		}
	}
	if len(lv.diagsUnder("visuals/10")) == 0 || len(lv.diagsUnder("visuals")) < 1000 {
		t.Errorf("visuals/10 has %d findings, visuals %d", len(lv.diagsUnder("visuals/10")), len(lv.diagsUnder("visuals")))
	}
}
