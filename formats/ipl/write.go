package ipl

import (
	"bytes"
	"encoding/binary"
	"math"
	"strconv"
	"strings"
)

// TextSection is a section WriteText adds after inst and cars: its
// keyword and its rows, each written as it is.
type TextSection struct {
	Keyword string
	Rows    []string
}

// Text writes a San Andreas text item placement file: a comment line, the
// inst section (11 values a row, the stored quaternion as it is), the cars
// section, then the other sections. Numbers are written so they read back
// exactly.
func Text(insts []Instance, cars []Car, other []TextSection) []byte {
	var b bytes.Buffer
	b.WriteString("# item placement written by Rummage\n")
	b.WriteString("inst\n")
	for _, in := range insts {
		vals := []string{itoa(in.ID), in.Model, itoa(in.Interior)}
		vals = appendFloats(vals, in.Pos[:]...)
		vals = appendFloats(vals, in.Rot[:]...)
		vals = append(vals, itoa(in.LOD))
		b.WriteString(strings.Join(vals, ", ") + "\n")
	}
	b.WriteString("end\ncars\n")
	for _, c := range cars {
		vals := appendFloats(nil, c.Pos[0], c.Pos[1], c.Pos[2], c.Angle)
		for _, v := range []int32{c.ID, c.Colors[0], c.Colors[1], c.ForceSpawn, c.Alarm, c.DoorLock, c.Unknown[0], c.Unknown[1]} {
			vals = append(vals, itoa(v))
		}
		b.WriteString(strings.Join(vals, ", ") + "\n")
	}
	b.WriteString("end\n")
	for _, s := range other {
		b.WriteString(s.Keyword + "\n")
		for _, r := range s.Rows {
			b.WriteString(r + "\n")
		}
		b.WriteString("end\n")
	}
	return b.Bytes()
}

func itoa(v int32) string { return strconv.FormatInt(int64(v), 10) }

func appendFloats(out []string, vs ...float32) []string {
	for _, v := range vs {
		out = append(out, strconv.FormatFloat(float64(v), 'g', -1, 32))
	}
	return out
}

// Binary writes a binary item placement file (San Andreas' streams): the
// 76-byte header, the instances, then the cars, padded to whole 2048-byte
// sectors as the files in gta3.img are. The instances' names are not
// written: binary files hold ids only.
func Binary(insts []Instance, cars []Car) []byte {
	var h [18]int32
	h[0], h[4] = int32(len(insts)), int32(len(cars))
	h[6], h[7] = HeaderSize, 0
	h[14] = int32(HeaderSize + InstanceSize*len(insts))
	b := make([]byte, 0, int(h[14])+CarSize*len(cars)+2048)
	b = append(b, Magic...)
	for _, v := range h {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	f32 := func(v float32) { b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v)) }
	i32 := func(v int32) { b = binary.LittleEndian.AppendUint32(b, uint32(v)) }
	for _, in := range insts {
		for _, v := range in.Pos {
			f32(v)
		}
		for _, v := range in.Rot {
			f32(v)
		}
		i32(in.ID)
		i32(in.Interior)
		i32(in.LOD)
	}
	for _, c := range cars {
		for _, v := range c.Pos {
			f32(v)
		}
		f32(c.Angle)
		for _, v := range []int32{c.ID, c.Colors[0], c.Colors[1], c.ForceSpawn, c.Alarm, c.DoorLock, c.Unknown[0], c.Unknown[1]} {
			i32(v)
		}
	}
	for len(b)%2048 != 0 {
		b = append(b, 0)
	}
	return b
}
