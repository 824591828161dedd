package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestTXDRepeated: --txd A --txd B searches both, in the order given.
func TestTXDRepeated(t *testing.T) {
	dir := t.TempDir()
	p, tris := unitBox()
	model := filepath.Join(dir, "car.dff")
	mats := make([]uint16, len(tris))
	mats[0] = 1
	writeClump(t, model, clumpFile(t, clumpSpec{positions: p, tris: tris, mats: mats, textures: []string{"body", "tyre"}}))
	other := t.TempDir()
	a := writeDict(t, other, "a.txd", "body")
	b := writeDict(t, other, "b.txd", "tyre", "body")
	for _, c := range []struct {
		txds       []string
		body, tyre string
	}{
		{[]string{a, b}, "a.txd/body", "b.txd/tyre"},
		{[]string{b, a}, "b.txd/body", "b.txd/tyre"},
		{[]string{a}, "a.txd/body", ""},
	} {
		args := []string{"info", "--json"}
		for _, x := range c.txds {
			args = append(args, "--txd", x)
		}
		code, out, errs := run(t, append(args, model)...)
		var facts struct {
			Materials []struct {
				Texture string
				Found   *string
			}
		}
		if code != 0 || json.Unmarshal([]byte(out), &facts) != nil || len(facts.Materials) != 2 {
			t.Fatalf("%q: status %d, %s %s", args, code, out, errs)
		}
		found := func(i int) string {
			if f := facts.Materials[i].Found; f != nil {
				return *f
			}
			return ""
		}
		if found(0) != c.body || found(1) != c.tyre {
			t.Errorf("--txd %q: body in %q, tyre in %q; want %q and %q", c.txds, found(0), found(1), c.body, c.tyre)
		}
	}
}

// TestSingleValueFlagRepeated: a flag that takes one value, given twice,
// is bad usage (status 2), not "the last one wins"; the repeatable ones
// (--kind, --type, --name, --txd) are taken every time.
func TestSingleValueFlagRepeated(t *testing.T) {
	file, _ := fixture(t)
	out := t.TempDir()
	for _, args := range [][]string{
		{"export", "--as", "png", "--as", "tga", "--out", out, file},
		{"export", "--out", out, "--out=" + out, file},
		{"ls", "--materials", file, "--materials", file, file},
		{"render", "--view", "wire", "--view=solid", "--out", filepath.Join(out, "x.png"), file},
		{"info", "--at", "1", "--at", "2", file},
	} {
		code, stdout, errs := run(t, args...)
		if code != 2 || stdout != "" || !strings.Contains(errs, "given twice") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want a usage error", args, code, stdout, errs)
		}
	}
	dict := writeDict(t, t.TempDir(), "d.txd", "a1", "b1", "c1")
	code, stdout, errs := run(t, "export", "-q", "--kind", "texture", "--kind", "raw", "--name", "a", "--name", "b", "--json", "--json", "--out", out, dict)
	if code != 0 || strings.Count(stdout, ".png") != 2 {
		t.Errorf("repeatable flags: status %d, %s %s", code, stdout, errs)
	}
}
