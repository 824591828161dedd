package material

import "fmt"

// Group is one colour group of a phase (a D3DMATERIAL7 colour).
type Group int

// The colour groups in stored order.
const (
	GroupAdditive    Group = iota // p0..p2, ambient RGB (no alpha byte)
	GroupDirectional              // p4..p7, diffuse RGBA
	GroupSpecular                 // p8..p11
	GroupExtra                    // p12..p15, emissive RGBA
)

var groupTable = [...]struct {
	name     string
	first, n int
}{
	{"additive", 0, 3},
	{"directional", 4, 4},
	{"specular", 8, 4},
	{"extra", 12, 4},
}

// Groups returns the four colour groups in stored order.
func Groups() []Group {
	return []Group{GroupAdditive, GroupDirectional, GroupSpecular, GroupExtra}
}

func (g Group) valid() bool { return g >= 0 && int(g) < len(groupTable) }

func (g Group) check() error {
	if !g.valid() {
		return fmt.Errorf("no colour group %d (there are %d)", int(g), len(groupTable))
	}
	return nil
}

// String returns the group's name: additive, directional, specular or
// extra ("group N" for an unknown one).
func (g Group) String() string {
	if !g.valid() {
		return fmt.Sprintf("group %d", int(g))
	}
	return groupTable[g].name
}

// First returns the index of the group's first parameter byte (0, 4, 8 or
// 12), -1 for an unknown group.
func (g Group) First() int {
	if !g.valid() {
		return -1
	}
	return groupTable[g].first
}

// Len returns the group's component count: 3 for additive (no alpha
// byte), 4 for the others, 0 for an unknown group.
func (g Group) Len() int {
	if !g.valid() {
		return 0
	}
	return groupTable[g].n
}

// Params names the group's parameter bytes, e.g. "p4..p7" ("" for an
// unknown group).
func (g Group) Params() string {
	if !g.valid() {
		return ""
	}
	return fmt.Sprintf("p%d..p%d", g.First(), g.First()+g.Len()-1)
}

// MaskBit is one interpolation mask bit of an animation block: the bit,
// what it blends and the parameter bytes it covers.
type MaskBit struct {
	Bit    uint32
	Name   string // additive, directional, specular, extra or opacity
	Params string // e.g. "p0..p2"
}

// MaskBits returns the known mask bits in bit order.
func MaskBits() []MaskBit {
	return []MaskBit{
		{MaskAdditive, "additive", "p0..p2"},
		{MaskDirectional, "directional", "p4..p6"},
		{MaskSpecular, "specular", "p8..p10"},
		{MaskExtra, "extra", "p12..p14"},
		{MaskOpacity, "opacity", "p3"},
	}
}
