package export

import (
	"fmt"
	"math"

	"github.com/qmuntal/gltf"

	"rummage/formats/binread"
	"rummage/formats/geom"
)

// gltfBuilder turns a Scene into a glTF document with one buffer.
type gltfBuilder struct {
	doc      *gltf.Document
	up       geom.Up
	seen     map[*SceneNode]bool
	meshes   map[*geom.Mesh]int // a mesh used by several nodes is written once
	images   map[[32]byte]int   // by pixel digest
	imgNames map[string]bool    // the images' names, lower case
	textures map[[2]int]int     // by image and sampler
	samplers map[[2]geom.Address]int

	scene      *Scene
	index      map[*SceneNode]int // each written node's index
	bones      map[*SceneNode]int // the scene's bone nodes (see gltfskin.go)
	skinMeshes map[*geom.Mesh]bool
	skinNodes  map[*gltf.Node]bool
	trs        bool // bone nodes are written as TRS (see trsBone)
}

// buildDoc lays out s as a glTF document: one scene whose roots are the
// scene's roots, nodes in depth-first order.
func buildDoc(s *Scene) (*gltf.Document, error) {
	doc := gltf.NewDocument()
	doc.Asset.Generator = "Rummage"
	doc.Scenes[0].Name = s.Name
	b := &gltfBuilder{
		doc: doc, up: s.Up, seen: map[*SceneNode]bool{}, meshes: map[*geom.Mesh]int{},
		images: map[[32]byte]int{}, imgNames: map[string]bool{}, textures: map[[2]int]int{}, samplers: map[[2]geom.Address]int{},
		scene: s, index: map[*SceneNode]int{}, bones: map[*SceneNode]int{}, skinMeshes: map[*geom.Mesh]bool{}, skinNodes: map[*gltf.Node]bool{},
	}
	if s.Skeleton != nil && len(s.Bones) == len(s.Skeleton.Bones) {
		for i, n := range s.Bones {
			b.bones[n] = i
		}
		b.trs = len(s.Animations) > 0 || hasSkin(s.Nodes, s.Skeleton, map[*SceneNode]bool{})
	}
	// one buffer sized for the meshes up front: appending to a growing
	// buffer would copy it again and again
	doc.Buffers = []*gltf.Buffer{{Data: make([]byte, 0, min(sceneBytes(s.Nodes, map[any]bool{}), maxGLTFBytes))}}
	for _, n := range s.Nodes {
		i, err := b.node(n)
		if err != nil {
			return nil, err
		}
		doc.Scenes[0].Nodes = append(doc.Scenes[0].Nodes, i)
	}
	if err := b.writeSkin(); err != nil {
		return nil, err
	}
	if err := b.writeAnimations(); err != nil {
		return nil, err
	}
	if len(doc.Buffers[0].Data) == 0 {
		doc.Buffers = nil // nothing to store (glTF forbids an empty buffer)
	}
	return doc, nil
}

// node adds n and its subtree and returns n's index.
func (b *gltfBuilder) node(n *SceneNode) (int, error) {
	if n == nil {
		return 0, fmt.Errorf("scene holds a nil node")
	}
	if b.seen[n] {
		return 0, fmt.Errorf("scene node %q appears twice (a node has one parent)", n.Name)
	}
	b.seen[n] = true
	gn := &gltf.Node{Name: n.Name}
	mat := yUpMatrix(n.Matrix, b.up)
	for _, v := range mat {
		if v-v != 0 {
			return 0, nonFinite(n)
		}
	}
	if b.trsBone(n) {
		if err := setTRS(gn, mat); err != nil {
			return 0, err
		}
	} else {
		setTransform(gn, mat)
	}
	if n.Mesh != nil && len(n.Mesh.Positions) > 0 {
		mi, err := b.mesh(n.Mesh, n.Name)
		if err != nil {
			return 0, err
		}
		gn.Mesh = gltf.Index(mi)
		b.skinNodes[gn] = b.skinMeshes[n.Mesh]
	}
	idx := len(b.doc.Nodes)
	b.doc.Nodes = append(b.doc.Nodes, gn)
	b.index[n] = idx
	for _, c := range n.Children {
		ci, err := b.node(c)
		if err != nil {
			return 0, err
		}
		gn.Children = append(gn.Children, ci)
	}
	return idx, nil
}

// bufferBytes is the size of the document's buffer so far.
func (b *gltfBuilder) bufferBytes() int {
	if len(b.doc.Buffers) == 0 {
		return 0
	}
	return len(b.doc.Buffers[0].Data)
}

// meshBytes bounds the buffer bytes m adds (textures aside).
func meshBytes(m *geom.Mesh) int {
	per := 12 + 12 + 8 + 4 + 8*len(m.UVs) // position, normal, colour, padding, UV sets
	if m.Skin != nil {
		per += 8 + 16 // joints and weights
	}
	return per*len(m.Positions) + 4*len(m.Indices) + 4*len(m.Groups)
}

// sceneBytes bounds the buffer bytes of the distinct meshes under nodes
// (a node met again is left to buildDoc to refuse).
func sceneBytes(nodes []*SceneNode, seen map[any]bool) int {
	total := 0
	for _, n := range nodes {
		if n == nil || seen[n] {
			continue
		}
		seen[n] = true
		if n.Mesh != nil && !seen[n.Mesh] {
			seen[n.Mesh] = true
			total += meshBytes(n.Mesh)
		}
		total += sceneBytes(n.Children, seen)
	}
	return total
}

// mesh adds m (its vertex attributes, one primitive per part and their
// materials) and returns its index.
func (b *gltfBuilder) mesh(m *geom.Mesh, name string) (int, error) {
	if i, ok := b.meshes[m]; ok {
		return i, nil
	}
	if b.bufferBytes()+meshBytes(m) > maxGLTFBytes || len(m.Positions) > math.MaxInt32 {
		return 0, fmt.Errorf("mesh %q is too big for glTF (more than 4 GiB of buffer)", name)
	}
	va := b.vertexAttributes(m)
	parts, mats := splitParts(m, name)
	matIndex := make([]int, len(mats))
	for i := range mats {
		matIndex[i] = -1
	}
	gm := &gltf.Mesh{Name: name}
	uvAcc := map[int]int{}
	for _, p := range parts {
		prim := b.primitive(m, p)
		if prim == nil {
			continue
		}
		mt := mats[p.material]
		if matIndex[p.material] < 0 {
			mi, err := b.material(mt)
			if err != nil {
				return 0, err
			}
			matIndex[p.material] = mi
		}
		prim.Material = gltf.Index(matIndex[p.material])
		prim.Attributes = va.clone()
		if mt.surf.tex != nil {
			set := mt.surf.uvSet
			if _, ok := uvAcc[set]; !ok {
				uvAcc[set] = b.writeUVs(m.UVs[set])
			}
			prim.Attributes[gltf.TEXCOORD_0] = uvAcc[set]
		}
		gm.Primitives = append(gm.Primitives, prim)
	}
	if len(gm.Primitives) == 0 {
		// positions only: show them as points
		gm.Primitives = append(gm.Primitives, &gltf.Primitive{Attributes: va.clone(), Mode: gltf.PrimitivePoints})
	}
	if b.bufferBytes() > maxGLTFBytes {
		return 0, fmt.Errorf("mesh %q is too big for glTF (%d bytes of buffer)", name, b.bufferBytes())
	}
	b.doc.Meshes = append(b.doc.Meshes, gm)
	b.meshes[m] = len(b.doc.Meshes) - 1
	return len(b.doc.Meshes) - 1, nil
}

// nonFinite is the error of a node whose matrix holds a NaN or an
// infinity: at the offset of the frame it was read from, when known.
func nonFinite(n *SceneNode) error {
	if o := n.From; o != nil {
		return binread.Errorf(o.Off, "%s (%q) has a non-finite matrix: glTF cannot hold it", o.What, n.Name)
	}
	return fmt.Errorf("scene node %q has a non-finite matrix: glTF cannot hold it", n.Name)
}
