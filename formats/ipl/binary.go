package ipl

import (
	"bytes"
	"fmt"

	"rummage/formats"
	"rummage/formats/binread"
)

// Magic starts a binary item placement file.
const Magic = "bnry"

// The binary layout's sizes.
const (
	HeaderSize   = 76
	InstanceSize = 40
	CarSize      = 48
)

// The header's six tables, in order: their counts sit at 4+4*i, their
// offset and size at 28+8*i.
var binaryTables = [6]string{"instances", "table 1", "table 2", "table 3", "parked cars", "table 5"}

// IsBinary reports whether head starts a binary item placement file.
func IsBinary(head []byte) bool { return len(head) >= 4 && bytes.Equal(head[:4], []byte(Magic)) }

// ParseBinary reads a binary item placement file from b, whose byte 0
// sits at absolute offset base. Counts and offsets are checked against
// the bytes before anything is read; tables Rummage does not know are
// noted when they are not empty.
func ParseBinary(b []byte, base int64) (*File, error) {
	if !IsBinary(b) {
		return nil, binread.Errorf(base, "not a binary item placement file (no %q)", Magic)
	}
	if len(b) < HeaderSize {
		return nil, binread.Errorf(base+int64(len(b)), "the %d-byte header is cut off after %d bytes", HeaderSize, len(b))
	}
	f := &File{Binary: true}
	c := binread.NewCursor(b, base)
	c.Skip(4)
	for i := range f.Header {
		f.Header[i] = c.I32()
	}
	for i, name := range binaryTables {
		if i == 0 || i == 4 {
			continue
		}
		if n := f.Header[i]; n != 0 {
			f.Diags = append(f.Diags, formats.Diagnostic{Off: base + 4 + 4*int64(i), Msg: fmt.Sprintf("the header counts %d entries of %s, which Rummage does not read", n, name)})
		}
	}
	inst, err := table(b, base, f.Header, 0, InstanceSize)
	if err != nil {
		return nil, err
	}
	cars, err := table(b, base, f.Header, 4, CarSize)
	if err != nil {
		return nil, err
	}
	f.Instances = make([]Instance, 0, len(inst)/InstanceSize)
	for at := 0; at < len(inst); at += InstanceSize {
		f.Instances = append(f.Instances, readInstance(inst[at:at+InstanceSize], base+int64(f.Header[6])+int64(at)))
	}
	f.Cars = make([]Car, 0, len(cars)/CarSize)
	for at := 0; at < len(cars); at += CarSize {
		f.Cars = append(f.Cars, readCar(cars[at:at+CarSize], base+int64(f.Header[14])+int64(at)))
	}
	return f, nil
}

// table returns the bytes of header table i (count at 4+4i, offset at
// 28+8i), records of size bytes each, checked against b.
func table(b []byte, base int64, h [18]int32, i int, size int64) ([]byte, error) {
	n, off := int64(h[i]), int64(h[6+2*i])
	if n == 0 {
		return nil, nil
	}
	name := binaryTables[i]
	if n < 0 {
		return nil, binread.Errorf(base+4+4*int64(i), "the %s count %d is negative", name, n)
	}
	if off < HeaderSize || off > int64(len(b)) {
		return nil, binread.Errorf(base+28+8*int64(i), "the %s start at offset %d, outside the file's %d bytes after its header", name, off, len(b))
	}
	if err := binread.CheckCount(base+4+4*int64(i), name, n, size, int64(len(b))-off); err != nil {
		return nil, err
	}
	return b[off : off+n*size], nil
}

// readInstance reads a 40-byte instance record at absolute offset off.
func readInstance(r []byte, off int64) Instance {
	c := binread.NewCursor(r, off)
	in := Instance{Off: off, Scale: [3]float32{1, 1, 1}}
	for k := range 3 {
		in.Pos[k] = c.F32()
	}
	for k := range 4 {
		in.Rot[k] = c.F32()
	}
	in.ID, in.Interior, in.LOD = c.I32(), c.I32(), c.I32()
	return in
}

// readCar reads a 48-byte parked car record at absolute offset off.
func readCar(r []byte, off int64) Car {
	c := binread.NewCursor(r, off)
	car := Car{Off: off}
	for k := range 3 {
		car.Pos[k] = c.F32()
	}
	car.Angle, car.ID = c.F32(), c.I32()
	car.Colors = [2]int32{c.I32(), c.I32()}
	car.ForceSpawn, car.Alarm, car.DoorLock = c.I32(), c.I32(), c.I32()
	car.Unknown = [2]int32{c.I32(), c.I32()}
	return car
}
