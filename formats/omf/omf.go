// Package omf reads X-Ray skeletal motions: stand-alone .omf files and
// the motions an OGF model keeps in its own chunks. Both are an
// S_SMPARAMS chunk (bone partitions naming each bone, and the motions'
// settings) and an S_MOTIONS chunk (per motion its name, frame count and
// per bone its keys at 30 frames a second). Motion bones carry no names:
// the tracks follow the bone order the partitions give.
package omf

import (
	"encoding/binary"
	"io"
	"sync"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/xray"
)

func init() {
	formats.Register(formats.Format{
		Name:     "omf",
		Kind:     formats.KindArchive,
		Priority: 10,
		Match:    func(p formats.Probe) bool { return Probe(p.Head, p.Size) },
		Open:     Open,
		Tag:      formats.FixedTag("OMF"),
	})
}

// MaxFile caps an .omf read into memory.
const MaxFile = 256 << 20

// Probe reports whether head starts an .omf of size bytes: an S_MOTIONS
// (or S_SMPARAMS) chunk that fits, and for S_MOTIONS its count chunk
// (id 0, 4 bytes) first.
func Probe(head []byte, size int64) bool {
	if len(head) < 16 {
		return false
	}
	id, n := binary.LittleEndian.Uint32(head), int64(binary.LittleEndian.Uint32(head[4:]))
	if n+8 > size {
		return false
	}
	switch id {
	case ChunkMotions:
		return binary.LittleEndian.Uint32(head[8:]) == 0 && binary.LittleEndian.Uint32(head[12:]) == 4
	case ChunkParams:
		v := binary.LittleEndian.Uint16(head[8:])
		return v >= 1 && v <= 4
	}
	return false
}

// Archive is a set of motions: an .omf's, or an OGF model's own.
type Archive struct {
	b       []byte // the file's bytes
	base    int64  // file offset of b[0]
	Params  *Params
	Motions []Motion
	// Bones is how many bones each motion has a track for, Names their
	// names by bone index.
	Bones int
	Names []string
	Diags []formats.Diagnostic
}

// ReadArchive reads the motions of a chunk list held in b (byte 0 at
// file offset base): an .omf, whose bone partitions give the bones.
func ReadArchive(b []byte, base int64) (*Archive, error) {
	list := xray.Scan(b, base)
	m, okM := list.Find(ChunkMotions)
	if !okM {
		return nil, binread.Errorf(base, "no motions chunk (S_MOTIONS, 0xE)")
	}
	var p *xray.Chunk
	if c, ok := list.Find(ChunkParams); ok {
		p = &c
	}
	a, err := NewArchive(b, base, m, p, 0, nil)
	if a != nil {
		a.Diags = append(list.Diags, a.Diags...)
	}
	return a, err
}

// NewArchive reads the motions chunk m and the optional parameters chunk
// p of the file bytes b (byte 0 at file offset base). bones and names,
// when bones > 0, are the model's (an OGF's own motions); otherwise the
// partitions give them. Broken parameters are a finding; a broken motions
// chunk is an error.
func NewArchive(b []byte, base int64, m xray.Chunk, p *xray.Chunk, bones int, names []string) (*Archive, error) {
	a := &Archive{b: b, base: base, Bones: bones, Names: names}
	if p != nil {
		ps, err := ReadParams(b[p.DataOff-base:p.DataOff-base+p.Avail], p.DataOff)
		if err != nil {
			a.Diags = append(a.Diags, formats.Diagnostic{Off: formats.ErrorOffset(err), Msg: "motion parameters: " + err.Error()})
		}
		a.Params = ps
	}
	if a.Bones == 0 && a.Params != nil {
		a.Bones, a.Names = a.Params.BoneCount(), a.Params.BoneNames()
	}
	ms, err := ReadMotions(b[m.DataOff-base:m.DataOff-base+m.Avail], m.DataOff)
	if err != nil {
		return nil, err
	}
	a.Motions = ms
	return a, nil
}

// Decode reads motion i's keys.
func (a *Archive) Decode(i int) (*geom.Animation, error) {
	m := a.Motions[i]
	if a.Bones == 0 && m.Err == nil {
		return nil, binread.Errorf(m.Off, "motion %q: the bone count is unknown (no bone partitions in the motion parameters)", m.Name)
	}
	return Decode(a.b, a.base, m, a.Bones, a.Names)
}

// Nodes returns one animation node per motion.
func (a *Archive) Nodes(r io.ReaderAt, abs bool) []formats.Node {
	out := make([]formats.Node, len(a.Motions))
	for i := range a.Motions {
		out[i] = &AnimNode{arch: a, i: i, r: r, abs: abs}
	}
	return out
}

// Root is an .omf file: an archive of animation nodes.
type Root struct {
	formats.Raw
	src formats.Source

	once sync.Once
	arch *Archive
	kids []formats.Node
	err  error
}

// Open opens an .omf; it is read when first asked for.
func Open(s formats.Source) (formats.Node, error) {
	if s.Size > MaxFile {
		return nil, binread.Unsupportedf(-1, "motion file of %d bytes (at most %d are read)", s.Size, MaxFile)
	}
	return &Root{Raw: *formats.NewRaw(s, formats.KindArchive, "OMF"), src: s}, nil
}

// Archive reads (once) and returns the motions.
func (r *Root) Archive() (*Archive, error) {
	r.once.Do(func() {
		base := max(r.src.Base, 0)
		var b []byte
		if b, r.err = binread.ReadAt(r.src.R, base, 0, r.src.Size, r.src.Size); r.err != nil {
			return
		}
		if r.arch, r.err = ReadArchive(b, base); r.err == nil {
			r.kids = r.arch.Nodes(r.src.R, r.src.Base >= 0)
		}
	})
	return r.arch, r.err
}

// Children returns the motions.
func (r *Root) Children() ([]formats.Node, error) {
	if _, err := r.Archive(); err != nil {
		return nil, err
	}
	return r.kids, nil
}

// ChildCount returns the number of motions.
func (r *Root) ChildCount() (int, error) {
	a, err := r.Archive()
	if err != nil {
		return 0, err
	}
	return len(a.Motions), nil
}

// Describe returns the file's facts.
func (r *Root) Describe() (any, error) {
	a, err := r.Archive()
	if err != nil {
		return nil, err
	}
	return a.Facts(r.NodeName), nil
}

// Facts are an archive's facts: motion and bone counts, the partitions.
func (a *Archive) Facts(name string) map[string]any {
	d := map[string]any{"kind": string(formats.KindArchive), "name": name, "format": "omf", "motions": len(a.Motions), "bones": a.Bones}
	if a.Params != nil {
		parts := make([]map[string]any, len(a.Params.Partitions))
		for i, p := range a.Params.Partitions {
			parts[i] = map[string]any{"name": p.Name, "bones": len(p.Bones)}
		}
		d["paramsVersion"], d["partitions"] = a.Params.Version, parts
	}
	return d
}

// Diagnostics returns the findings about the file.
func (r *Root) Diagnostics() []formats.Diagnostic {
	if a, err := r.Archive(); err == nil {
		return a.Diags
	}
	return nil
}

// AnimNode is one motion.
type AnimNode struct {
	arch *Archive
	i    int
	r    io.ReaderAt
	abs  bool

	once sync.Once
	anim *geom.Animation
	err  error
}

// Name returns the motion's name.
func (n *AnimNode) Name() string { return n.arch.Motions[n.i].Name }

// Kind returns KindAnimation.
func (n *AnimNode) Kind() formats.Kind { return formats.KindAnimation }

// Type returns "motion".
func (n *AnimNode) Type() string { return "motion" }

// Children returns nil.
func (n *AnimNode) Children() ([]formats.Node, error) { return nil, nil }

// IsLeaf returns true.
func (n *AnimNode) IsLeaf() bool { return true }

// Animation decodes (once) and returns the motion's keys.
func (n *AnimNode) Animation() (*geom.Animation, error) {
	n.once.Do(func() { n.anim, n.err = n.arch.Decode(n.i) })
	return n.anim, n.err
}

// Err returns why the motion cannot be read, nil when it decodes.
func (n *AnimNode) Err() error {
	_, err := n.Animation()
	return err
}

// Describe returns the motion's facts, with its settings when the
// parameters name it.
func (n *AnimNode) Describe() (any, error) {
	a, err := n.Animation()
	if err != nil {
		return nil, err
	}
	d := formats.AnimationFacts(a, "omf")
	if p := n.arch.Params; p != nil {
		for _, mp := range p.Motions {
			if mp.Name == a.Name {
				d["speed"], d["power"], d["accrue"], d["falloff"], d["flags"] = mp.Speed, mp.Power, mp.Accrue, mp.Falloff, mp.Flags
				break
			}
		}
	}
	return d, nil
}

// Offset returns the motion's absolute offset (-1 for in-memory data).
func (n *AnimNode) Offset() int64 {
	if !n.abs {
		return -1
	}
	return n.arch.Motions[n.i].Off
}

// Size returns the motion's bytes.
func (n *AnimNode) Size() int64 { m := n.arch.Motions[n.i]; return m.End - m.Off }

// Open returns the motion's bytes.
func (n *AnimNode) Open() io.Reader {
	m := n.arch.Motions[n.i]
	return io.NewSectionReader(n.r, m.Off-n.arch.base, m.End-m.Off)
}
