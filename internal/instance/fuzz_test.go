package instance

import (
	"bytes"
	"path/filepath"
	"testing"
)

// FuzzRequest: any bytes a client sends give an error or absolute, clean
// paths; never a panic.
func FuzzRequest(f *testing.F) {
	f.Add([]byte(`{"paths":["/a/b.lib","rel","", "/x/../y"]}`))
	f.Add([]byte(`{"paths":null}`))
	f.Add([]byte(`{"paths":[1,2]}`))
	f.Add([]byte("not json"))
	f.Add([]byte(`{"paths":["/a\u0000b"]}` + "\n" + `{"paths":["/second"]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		paths, err := parseRequest(bytes.NewReader(b))
		if err != nil {
			return
		}
		for _, p := range paths {
			if !filepath.IsAbs(p) || filepath.Clean(p) != p {
				t.Fatalf("path %q is not absolute and clean", p)
			}
		}
	})
}
