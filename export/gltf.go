package export

import (
	"bufio"
	"fmt"
	"io"
	"math"

	"github.com/qmuntal/gltf"

	"rummage/formats/geom"
)

// maxGLTFBytes caps the binary buffer (glTF byte lengths are JSON
// integers, but GLB chunk lengths are uint32).
const maxGLTFBytes = math.MaxUint32 - 64

// WriteGLB writes m as a binary glTF 2.0 file (.glb): a scene of one node
// named name holding the mesh (see WriteSceneGLB).
func WriteGLB(w io.Writer, m *geom.Mesh, name string) error {
	return WriteSceneGLB(w, SceneOf(m, name))
}

// WriteSceneGLB writes s as a binary glTF 2.0 file (.glb): the 12-byte
// header, the JSON chunk and one BIN chunk holding every vertex attribute,
// index list and texture.
//
// Each mesh becomes a glTF mesh with one primitive per group (triangles,
// or lines for outline groups) sharing the vertex attributes: POSITION,
// NORMAL (normalised; a zero normal becomes +Y) and COLOR_0 (linear) when
// the mesh has them, and TEXCOORD_0 (the material's UV set) for a textured
// group. Each group material becomes a glTF material: its look at clock 0
// as baseColorFactor and baseColorTexture, the texture's page cut out and
// embedded as PNG (identical pages are embedded once), wrap or clamp
// addressing as the sampler, alphaMode OPAQUE, MASK (alpha test, with
// alphaCutoff AlphaRef/255) or BLEND (the alpha, add and modulate
// categories, which glTF can only approximate by alpha blending), and
// doubleSided from TwoSided. A group without a material gets its colour
// hint, opaque and double-sided. Z-up scenes are turned Y-up: vertices,
// normals and every node matrix.
func WriteSceneGLB(w io.Writer, s *Scene) error {
	return encodeGLTF(w, s, true)
}

// WriteGLTFEmbedded writes m as one self-contained glTF 2.0 JSON file
// (.gltf) with the buffer as a base64 data: URI; otherwise as WriteGLB.
func WriteGLTFEmbedded(w io.Writer, m *geom.Mesh, name string) error {
	return encodeGLTF(w, SceneOf(m, name), false)
}

func encodeGLTF(w io.Writer, s *Scene, binary bool) error {
	doc, err := buildDoc(s)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	enc := gltf.NewEncoder(bw)
	enc.AsBinary = binary
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("glTF of %q: %w", s.Name, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing glTF: %w", err)
	}
	return nil
}

// srgbToLinear turns an sRGB colour value (0..1) into glTF's linear one.
func srgbToLinear(c float64) float64 {
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}
