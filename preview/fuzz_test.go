package preview

import (
	"encoding/binary"
	"image"
	"math"
	"slices"
	"testing"

	"rummage/formats/geom"
)

// FuzzRender builds a small mesh and a camera from the bytes (any floats,
// NaN and Inf included, any indices) and renders it: no panic, no hang.
func FuzzRender(f *testing.F) {
	seed := func(m *geom.Mesh, cam []float32) []byte {
		var b []byte
		for _, v := range cam {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
		}
		b = append(b, byte(len(m.Positions)))
		for _, p := range m.Positions {
			for _, v := range p {
				b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
			}
		}
		for _, i := range m.Indices {
			b = append(b, byte(i))
		}
		return b
	}
	c := cube()
	f.Add(seed(c, []float32{0.3, 0.2, 5, 1, 0, 0}))
	n, _ := nearPlaneMesh()
	f.Add(seed(n, []float32{0, 0.25, 10, 1.04, 0, 3}))
	f.Add(seed(c, []float32{float32(math.NaN()), 0, 1e30, 0, 1e-30, 0}))
	r := newRendererN(2)
	f.Cleanup(r.Close)
	img := image.NewRGBA(image.Rect(0, 0, 37, 23))
	f.Fuzz(func(t *testing.T, data []byte) {
		fl := func() float32 {
			if len(data) < 4 {
				return 0
			}
			v := math.Float32frombits(binary.LittleEndian.Uint32(data))
			data = data[4:]
			return v
		}
		cam := Camera{Yaw: fl(), Pitch: fl(), Distance: fl(), FovY: fl()}
		cam.Target[0], cam.Target[1] = fl(), fl()
		m := &geom.Mesh{}
		if len(data) > 0 {
			nv := int(data[0]) % 40
			data = data[1:]
			for i := 0; i < nv; i++ {
				m.Positions = append(m.Positions, geom.Vec3{fl(), fl(), fl()})
			}
		}
		for _, b := range data {
			m.Indices = append(m.Indices, uint32(b%48))
		}
		if len(m.Indices) > 3 {
			m.Groups = []geom.Group{{FirstTri: int(m.Indices[0]) - 5, TriCount: int(m.Indices[1]), Surface: surface(m.Indices[2])},
				{Lines: true, TriCount: 1}}
		}
		m.UVs = [][]geom.Vec2{make([]geom.Vec2, len(m.Positions))}
		for i, p := range m.Positions {
			m.UVs[0][i] = geom.Vec2{p[0] * 3, p[1] - p[2]}
		}
		opt := DefaultOptions()
		opt.Points, opt.Bounds = true, true
		opt.Mode, opt.Shading = Mode(len(data)%4), Shading(len(data)/4%3)
		if len(m.Indices)%2 == 1 {
			cam.Projection = Orthographic
			m.Up = geom.ZUp
		}
		st := r.Render(img, m, &cam, &opt)
		if st.Faces < 0 || st.Faces > m.Triangles() {
			t.Fatalf("%d faces filled of %d triangles", st.Faces, m.Triangles())
		}
		// The same frame again is the same pixels: nothing of the last
		// frame's state leaks into the next.
		first := slices.Clone(img.Pix)
		r.Render(img, m, &cam, &opt)
		if !slices.Equal(first, img.Pix) {
			t.Fatal("the same frame drawn twice differs")
		}
	})
}

// surface is a material picked by k: two-sided or not, each blend mode,
// alpha-tested, on a small texture, clamped or wrapped.
func surface(k uint32) *geom.Material {
	tex := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	for i := range tex.Pix {
		tex.Pix[i] = uint8(i * 37)
	}
	return &geom.Material{Texture: tex, TwoSided: k&1 != 0, Blend: geom.BlendMode(k >> 1 % 6), AlphaTest: k&16 != 0,
		AlphaRef: 99, AddressU: geom.Address(k >> 5 & 1), Page: image.Rect(1, 0, 3, 9)}
}
