package export

import (
	"bufio"
	"fmt"
	"image"
	"io"
	"strconv"
	"strings"

	"rummage/formats/geom"
)

// objName makes a name usable after "o", "usemtl", "newmtl" and "map_Kd":
// OBJ splits on white space, so spaces and controls become "_".
func objName(s string) string {
	if s == "" {
		return "_"
	}
	return strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7F {
			return '_'
		}
		return r
	}, s)
}

func lowerOBJ(s string) string { return strings.ToLower(objName(s)) }

// TextureSink stores a texture beside an OBJ file (as PNG) and returns the
// file name the MTL's map_Kd gives it, relative to the MTL. WriteOBJ calls
// it once per distinct texture, before it writes anything.
type TextureSink func(t Texture) (string, error)

// Texture is a texture an OBJ file uses: its pixels and its own name (a
// TXD texture's, a Texm entry's; "" when it has none).
type Texture struct {
	Image *image.NRGBA
	Name  string
	sum   [32]byte // a digest of the pixels (texImage.sum)
}

// WriteOBJ writes m as a Wavefront OBJ file to objw and its material library
// to mtlw (mtlName is the MTL file's base name, for "mtllib"; nothing is
// written to mtlw when no material is needed): every position ("v",
// Y-up); the UV sets the faces use ("vt", set 0 and every set a texture
// uses, one block of len(Positions) each, v flipped as OBJ's v runs up);
// the normals ("vn", unit length); then one object ("o") per group with
// its material ("usemtl") and faces ("f v/vt/vn", or "l" for outline
// groups). A textured group's faces use its material's UV set, the others
// set 0. The MTL holds one material per group material: Kd and d from its
// base colour (at clock 0) or colour hint, and map_Kd naming the texture
// page that textures passes to its sink (textures nil: no map_Kd).
// Invalid triangles are left out.
func WriteOBJ(objw, mtlw io.Writer, m *geom.Mesh, name, mtlName string, textures TextureSink) error {
	parts, mats := splitParts(m, name)
	maps, err := sinkTextures(mats, textures)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(objw)
	fmt.Fprintf(w, "# %s exported by Rummage\n# %d vertices, %d triangles, %d objects\n", objName(name), len(m.Positions), m.Triangles(), len(parts))
	if len(mats) > 0 {
		fmt.Fprintf(w, "mtllib %s\n", mtlName)
	}
	ow := objWriter{w: w, m: m}
	ow.vertices(mats)
	for _, p := range parts {
		fmt.Fprintf(w, "o %s\n", objName(p.name))
		set := 0
		if p.material >= 0 {
			mt := mats[p.material]
			fmt.Fprintf(w, "usemtl %s\n", objName(mt.name))
			if mt.surf.tex != nil {
				set = mt.surf.uvSet
			}
		}
		ow.faces(p, set)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing OBJ: %w", err)
	}
	if len(mats) == 0 {
		return nil
	}
	return writeMTL(mtlw, name, mats, maps)
}

// sinkTextures passes each distinct texture of mats to sink and returns
// the file name of each material's texture ("" for none).
func sinkTextures(mats []material, sink TextureSink) ([]string, error) {
	names := make([]string, len(mats))
	if sink == nil {
		return names, nil
	}
	done := map[[32]byte]string{}
	for i, mt := range mats {
		t := mt.surf.tex
		if t == nil {
			continue
		}
		n, ok := done[t.sum]
		if !ok {
			var err error
			if n, err = sink(Texture{Image: t.img, Name: t.name, sum: t.sum}); err != nil {
				return nil, fmt.Errorf("texture of material %q: %w", mt.name, err)
			}
			done[t.sum] = n
		}
		names[i] = n
	}
	return names, nil
}

// writeMTL writes the material library; maps holds each material's
// texture file name.
func writeMTL(mtlw io.Writer, name string, mats []material, maps []string) error {
	mw := bufio.NewWriter(mtlw)
	fmt.Fprintf(mw, "# materials of %s exported by Rummage\n", objName(name))
	for i, mt := range mats {
		c := mt.surf.color
		fmt.Fprintf(mw, "\nnewmtl %s\nKa 0 0 0\nKd %s %s %s\nKs 0 0 0\nd %s\nillum 1\n", objName(mt.name),
			fmtF(float32(c.R)/255), fmtF(float32(c.G)/255), fmtF(float32(c.B)/255), fmtF(float32(c.A)/255))
		if maps[i] != "" {
			fmt.Fprintf(mw, "map_Kd %s\n", objName(maps[i]))
		}
	}
	if err := mw.Flush(); err != nil {
		return fmt.Errorf("writing MTL: %w", err)
	}
	return nil
}

func fmtF(v float32) string { return strconv.FormatFloat(float64(v), 'g', 4, 32) }
