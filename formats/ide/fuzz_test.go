package ide

import "testing"

// FuzzParse reads mutated .ide files: no panic, every definition from a
// row in the file, every dictionary chain short.
func FuzzParse(f *testing.F) {
	f.Add([]byte(mixed))
	f.Add(Text([]Object{{ID: 1, Model: "a", TXD: "b", Section: "tobj", TimeOn: 1, TimeOff: 2}}, [][2]string{{"b", "a"}, {"a", "b"}}))
	f.Fuzz(func(t *testing.T, b []byte) {
		LooksIDE(b[:min(len(b), 64)], int64(len(b)), "a.ide") // the registry's check, on any bytes
		pf, err := Parse(b, 0)
		if err != nil {
			return
		}
		d := NewDefinitions()
		d.Add(pf, "fuzz.ide")
		for i := range pf.Objects {
			o := &pf.Objects[i]
			if o.Off < 0 || o.Off >= int64(len(b)) {
				t.Fatalf("object %d at %d of %d bytes", i, o.Off, len(b))
			}
			if n := len(d.Dictionaries(o)); n > 9 {
				t.Fatalf("%d dictionaries", n)
			}
		}
	})
}
