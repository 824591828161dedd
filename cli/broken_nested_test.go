package cli

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/nres"
	"rummage/internal/testutil"
)

// TestExportBrokenNestedArchive: a nested NRes whose directory runs out
// of its entry is a failure naming its offset (status 1, no empty folder
// for it) while its sibling is written; raw export writes its bytes.
func TestExportBrokenNestedArchive(t *testing.T) {
	inner, err := nres.Build([]nres.Entry{{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "a.txt", Data: []byte("hello")}})
	if err != nil {
		t.Fatal(err)
	}
	binary.LittleEndian.PutUint32(inner[8:], 1000) // an entry count whose directory cannot fit
	outer, err := nres.Build([]nres.Entry{
		{TypeID: nres.TypeID("NRES"), Attr3: 1, Name: "Inner.lib", Data: inner},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "ok.txt", Data: []byte("fine")},
	})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "evil.lib")
	os.WriteFile(file, outer, 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "ok.txt"},
		{[]string{"Inner.lib"}, ""},
	} {
		out := filepath.Join(t.TempDir(), "out")
		code, _, stderr := run(t, append([]string{"export", "--out", out, file}, c.args...)...)
		if code != 1 || !strings.Contains(stderr, "Inner.lib: offset 0x18 (24): entry count 1000") {
			t.Errorf("export %v: status %d, stderr %q; want 1 and the nested archive's offset", c.args, code, stderr)
		}
		if got := strings.Join(testutil.ListFiles(t, out), " "); got != c.want {
			t.Errorf("export %v wrote %q, want %q (no empty folder for the broken archive)", c.args, got, c.want)
		}
	}
	out := filepath.Join(t.TempDir(), "raw")
	if code, _, stderr := run(t, "export", "--as", "raw", "--out", out, file); code != 0 {
		t.Fatalf("--as raw: status %d: %s", code, stderr)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "Inner.lib")); string(b) != string(inner) {
		t.Errorf("--as raw wrote %d bytes for Inner.lib, want its %d stored bytes", len(b), len(inner))
	}
}
