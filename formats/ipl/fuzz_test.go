package ipl

import (
	"testing"
)

// FuzzText reads mutated text files: no panic, every instance from a row
// the file holds, every LOD lookup in range.
func FuzzText(f *testing.F) {
	f.Add(Text(sample(), []Car{{ID: 1}}, []TextSection{{"enex", []string{"1, 2"}}}))
	f.Add([]byte("inst\n1, a, 1, 2, 3, 2, 2, 2, 0, 0, 0, 1\ninst\n2, b, 0, 1, 2, 3, 1, 1, 3, 0, 0, 0, 1\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		LooksText(b[:min(len(b), 64)], int64(len(b)), "a.ipl") // the registry's check, on any bytes
		pf, err := ParseText(b, 0)
		if err != nil {
			return
		}
		for i := range pf.Instances {
			if l := pf.LODInstance(i); l >= len(pf.Instances) {
				t.Fatalf("instance %d's LOD %d of %d", i, l, len(pf.Instances))
			}
			if off := pf.Instances[i].Off; off < 0 || off >= int64(len(b)) {
				t.Fatalf("instance %d at %d of %d bytes", i, off, len(b))
			}
			pf.Instances[i].Matrix()
		}
	})
}

// FuzzBinary reads mutated binary files: no panic, and the tables read
// fit the bytes.
func FuzzBinary(f *testing.F) {
	f.Add(Binary(sample(), []Car{{ID: 1}}))
	f.Add(Binary(nil, nil))
	f.Fuzz(func(t *testing.T, b []byte) {
		pf, err := ParseBinary(b, 0)
		if err != nil {
			return
		}
		if InstanceSize*len(pf.Instances) > len(b) || CarSize*len(pf.Cars) > len(b) {
			t.Fatalf("%d instances and %d cars from %d bytes", len(pf.Instances), len(pf.Cars), len(b))
		}
	})
}
