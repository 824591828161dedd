package preview

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// glassWorld is testWorld with a see-through pane (a cube whose sides
// blend) in front of the houses and a row of lamps behind them, so that
// a frame has opaque and blended runs that overlap on screen.
func glassWorld() *geom.World {
	w := testWorld()
	glass := colorCube(color.NRGBA{40, 120, 220, 110}, color.NRGBA{200, 200, 60, 255}, nil)
	glass.Groups[0].Surface.Blend = geom.BlendAlpha
	glass.Groups[0].Surface.TwoSided = true
	w.Models = append(w.Models, geom.WorldModel{Name: "glass", Mesh: glass, Bounds: glass.Bounds()})
	for k := range 6 {
		m := mgl32.Translate3D(float32(3*k-6), -4, 0.5).Mul4(mgl32.Scale3D(1.5, 0.2, 1.5))
		w.Instances = append(w.Instances, geom.Instance{Model: 3, Matrix: m, LOD: -1, Bounds: geom.Place(glass.Bounds(), m)})
		m = mgl32.Translate3D(float32(3*k-6), 6, 0).Mul4(mgl32.HomogRotate3DZ(float32(k)))
		w.Instances = append(w.Instances, geom.Instance{Model: 2, Matrix: m, LOD: -1, Bounds: geom.Place(w.Models[2].Bounds, m)})
	}
	return w
}

// frameOf renders v with opt from cam at 200×160 and returns the image
// and the figures.
func frameOf(v *WorldView, r *Renderer, cam *Camera, opt *Options) (*image.RGBA, WorldStats) {
	dst := image.NewRGBA(image.Rect(0, 0, 200, 160))
	st := v.Render(r, dst, cam, opt, WorldOptions{LOD: LODHigh, Outline: 3})
	return dst, st
}

// A world's frame drawn a chunk at a time, however small the chunks, is
// the frame of one mesh of every drawn instance: each chunk is drawn over
// the ones before (nothing cleared), and the blended runs come after
// every opaque one.
func TestWorldChunksAreOneMesh(t *testing.T) {
	defer func(v, tr int) { chunkVerts, chunkTris = v, tr }(chunkVerts, chunkTris)
	v := NewWorldView(glassWorld())
	r := NewRenderer()
	defer r.Close()
	cam := StillCamera(Iso, v.World.Bounds(), geom.ZUp, 200, 160)
	for _, mode := range []Mode{ModeTextured, ModeSolid} {
		opt := DefaultOptions()
		opt.Mode, opt.Background = mode, color.NRGBA{20, 20, 20, 255}
		chunkVerts, chunkTris = 1<<18, 1<<18
		whole, st := frameOf(v, r, &cam, &opt)
		if v.merged != nil {
			t.Fatalf("%v: the frame laid every instance out in one mesh", mode)
		}
		// the same frame as one mesh, as the layout drew it before chunks
		ml := v.mergedParts()
		one := image.NewRGBA(whole.Rect)
		o := opt
		o.Unlit = true
		ost := r.RenderParts(one, ml.mesh, &ml.parts, &cam, &o)
		r.outlineBox(one, v.World.Instances[2].Bounds)
		if !bytes.Equal(one.Pix, whole.Pix) || ost.Faces != st.Faces || ost.Triangles != st.Triangles || ost.Vertices != st.Vertices {
			t.Errorf("%v: one chunk differs from one mesh: %d/%d faces, %d/%d triangles", mode, st.Faces, ost.Faces, st.Triangles, ost.Triangles)
		}
		v.merged = nil
		for _, cut := range [][2]int{{24, 12}, {30, 2}, {1, 1}} {
			chunkVerts, chunkTris = cut[0], cut[1]
			got, cst := frameOf(v, r, &cam, &opt)
			if !bytes.Equal(got.Pix, whole.Pix) || cst.Stats.Faces != st.Faces || cst.Triangles != st.Triangles {
				t.Errorf("%v: chunks of %d vertices and %d triangles draw another frame (%d faces, want %d)", mode, cut[0], cut[1], cst.Faces, st.Faces)
			}
			if n := len(v.chunk.mesh.Positions); n > max(cut[0], 24) {
				t.Errorf("%v: a chunk of %d vertices holds %d", mode, cut[0], n)
			}
		}
	}
}

// The textured+wire view of a world draws every instance's edges over
// its culled frame: no vertex of an instance left out is read unprojected
// (a frame after one that projected fewer vertices drew from stale ones).
func TestWorldTexturedWireCulled(t *testing.T) {
	v := NewWorldView(glassWorld())
	r := NewRenderer()
	defer r.Close()
	opt := DefaultOptions()
	opt.Mode = ModeTexturedWire
	far := StillCamera(Top, v.World.Bounds(), geom.ZUp, 200, 160)
	dst := image.NewRGBA(image.Rect(0, 0, 200, 160))
	v.Render(r, dst, &far, &opt, WorldOptions{LOD: LODHigh})
	// closer, looking at a corner: most instances culled
	near := far
	near.Distance /= 8
	near.Target = mgl32.Vec3{-6, -4, 0}
	st := v.Render(r, dst, &near, &opt, WorldOptions{LOD: LODHigh})
	if st.Culled == 0 || st.Instances == 0 {
		t.Fatalf("%d instances drawn, %d culled: the test wants both", st.Instances, st.Culled)
	}
	if st.Vertices != len(v.PlacedMesh().Positions) {
		t.Errorf("%d vertices projected of %d", st.Vertices, len(v.PlacedMesh().Positions))
	}
}

// The wire views of a world drawn a chunk of instances at a time
// (WireChunks) give the frame of the layout's one mesh, byte for byte
// with one worker (more workers composite each chunk's layers, which
// rounds), and never lay the world out in one mesh.
func TestWorldWireChunksAreOneMesh(t *testing.T) {
	defer func(v, tr int) { chunkVerts, chunkTris = v, tr }(chunkVerts, chunkTris)
	w := glassWorld()
	cam := StillCamera(Iso, w.Bounds(), geom.ZUp, 200, 160)
	near := cam
	near.Distance /= 3 // some instances culled: the textured part leaves them out, the edges do not
	for _, workers := range []int{1, 2} {
		r := newRendererN(workers)
		for _, mode := range []Mode{ModeWire, ModeTexturedWire} {
			for _, c := range []Camera{cam, near} {
				for _, maxEdges := range []int{0, 100} {
					opt := DefaultOptions()
					opt.Mode, opt.Background, opt.Bounds, opt.MaxEdges = mode, color.NRGBA{20, 20, 20, 255}, true, maxEdges
					chunkVerts, chunkTris = 1<<18, 1<<18
					one := image.NewRGBA(image.Rect(0, 0, 200, 160))
					ost := NewWorldView(w).Render(r, one, &c, &opt, WorldOptions{LOD: LODHigh})
					for _, cut := range [][2]int{{1 << 18, 1 << 18}, {24, 12}, {30, 2}, {1, 1}} {
						chunkVerts, chunkTris = cut[0], cut[1]
						v := NewWorldView(w)
						v.WireChunks = true
						got := image.NewRGBA(one.Rect)
						st := v.Render(r, got, &c, &opt, WorldOptions{LOD: LODHigh})
						if v.merged != nil {
							t.Fatalf("%v: the world was laid out in one mesh", mode)
						}
						if st.Edges != ost.Edges || st.Faces != ost.Faces || st.Decimated != ost.Decimated || st.Instances != ost.Instances {
							t.Errorf("%v, chunks %v: %d edges, %d faces, decimated %v; one mesh %d, %d, %v",
								mode, cut, st.Edges, st.Faces, st.Decimated, ost.Edges, ost.Faces, ost.Decimated)
						}
						worst := 0
						for i := range got.Pix {
							worst = max(worst, absInt(int(got.Pix[i])-int(one.Pix[i])))
						}
						switch {
						case maxEdges == 0 && workers == 1 && worst != 0:
							t.Errorf("%v, one worker, chunks %v: differs from one mesh by up to %d", mode, cut, worst)
						case maxEdges == 0 && worst > 4:
							t.Errorf("%v, %d workers, chunks %v: differs from one mesh by up to %d", mode, workers, cut, worst)
						}
					}
				}
			}
		}
		r.Close()
	}
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
