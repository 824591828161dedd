package export

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/internal/testutil"
)

// hostile is an archive a crafted file could hold: a dotfile, a folder
// named like ~/.ssh, and a folder the output tree links elsewhere.
func hostile() formats.Node {
	return folder("evil.lib",
		raw(".bashrc", "rm -rf ~"),
		folder(".ssh", raw("authorized_keys", "ssh-rsa AAAA attacker")),
		folder("Sub", raw("payload", "outside!")),
	)
}

func exportAll(t *testing.T, root formats.Node, o Options) Result {
	t.Helper()
	res, err := Export(context.Background(), []Item{{Node: root}}, o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestExportNeverFollowsSymlinks(t *testing.T) {
	out, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(out, "Sub")); err != nil {
		t.Skip(err)
	}
	os.WriteFile(filepath.Join(outside, "keep"), []byte("mine"), 0o644)
	os.Symlink(filepath.Join(outside, "keep"), filepath.Join(out, "_.bashrc"))
	for _, ex := range []Existing{KeepBoth, Overwrite} {
		// A link in the way is passed over (Sub_2), or replaced as a file.
		res := exportAll(t, hostile(), Options{Dir: out, Existing: ex})
		if len(res.Failures) != 0 {
			t.Errorf("existing %d: failures %v", ex, res.Failures)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(out, "Sub_2", "payload")); string(b) != "outside!" {
		t.Errorf("Sub_2/payload = %q", b)
	}
	// A link made between planning and writing is refused.
	p, err := NewPlan(context.Background(), []Item{{Node: hostile()}}, Options{Dir: out, Existing: Overwrite})
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(out, "Sub_2", "payload"))
	os.Remove(filepath.Join(out, "Sub_2"))
	os.Symlink(outside, filepath.Join(out, "Sub_2"))
	res, _ := p.Run(context.Background())
	if len(res.Failures) != 1 || !strings.Contains(res.Failures[0].Error(), "symbolic link: not followed") {
		t.Errorf("failures %v, want the linked folder refused", res.Failures)
	}
	if got := testutil.ListFiles(t, outside); strings.Join(got, " ") != "keep" {
		t.Errorf("files written outside the output folder: %v", got)
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "keep")); string(b) != "mine" {
		t.Errorf("a file outside was changed through a link: %q", b)
	}
	if st, _ := os.Lstat(filepath.Join(out, "_.bashrc")); st.Mode()&os.ModeSymlink != 0 {
		t.Error("--overwrite kept the link at _.bashrc instead of replacing it")
	}
}

// TestExportDotNames: a name starting with a dot is written with a "_"
// in front whatever the policy, so an export into the home folder never
// replaces ~/.bashrc, not even with Overwrite.
func TestExportDotNames(t *testing.T) {
	for _, ex := range []Existing{KeepBoth, Overwrite} {
		out := t.TempDir()
		os.WriteFile(filepath.Join(out, ".bashrc"), []byte("mine"), 0o644)
		exportAll(t, hostile(), Options{Dir: out, Existing: ex})
		exportAll(t, folder("r", raw("..", "up"), raw("..", "up again"), raw(".._..", "x")), Options{Dir: out, Existing: ex})
		got := strings.Join(testutil.ListFiles(t, out), " ")
		if want := ".bashrc Sub/payload _..@0 _..@1 _.._ _.bashrc _.ssh/authorized_keys"; got != want {
			t.Errorf("policy %d wrote %s; want %s", ex, got, want)
		}
		if b, _ := os.ReadFile(filepath.Join(out, ".bashrc")); string(b) != "mine" {
			t.Errorf("policy %d replaced .bashrc: %q", ex, b)
		}
	}
}

func TestExportExistingFiles(t *testing.T) {
	root := folder("r", raw("a.bin", "new"), raw("b.bin", "new"))
	cases := []struct {
		existing Existing
		want     string // a.bin, a_2.bin, b.bin contents
	}{
		{KeepBoth, "old new new"},
		{Overwrite, "new - new"},
		{Skip, "old - new"},
	}
	for _, c := range cases {
		out := t.TempDir()
		os.WriteFile(filepath.Join(out, "a.bin"), []byte("old"), 0o644)
		res := exportAll(t, root, Options{Dir: out, Existing: c.existing})
		var got []string
		for _, f := range []string{"a.bin", "a_2.bin", "b.bin"} {
			b, err := os.ReadFile(filepath.Join(out, f))
			if err != nil {
				b = []byte("-")
			}
			got = append(got, string(b))
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("existing %d: a.bin a_2.bin b.bin = %q, want %q", c.existing, got, c.want)
		}
		if c.existing == Skip && (len(res.Skipped) != 1 || filepath.Base(res.Skipped[0]) != "a.bin") {
			t.Errorf("skipped %v", res.Skipped)
		}
	}
}

func TestExportAsk(t *testing.T) {
	out := t.TempDir()
	for _, f := range []string{"a.bin", "b.bin"} {
		os.WriteFile(filepath.Join(out, f), []byte("old"), 0o644)
	}
	var asked []string
	answers := map[string]Existing{"a.bin": Overwrite, "b.bin": Skip}
	res := exportAll(t, folder("r", raw("a.bin", "new"), raw("b.bin", "new")), Options{Dir: out,
		Ask: func(file string) Existing {
			asked = append(asked, filepath.Base(file))
			return answers[filepath.Base(file)]
		}})
	if strings.Join(asked, " ") != "a.bin b.bin" || len(res.Written) != 1 || len(res.Skipped) != 1 {
		t.Errorf("asked %v, written %v, skipped %v", asked, res.Written, res.Skipped)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "a.bin")); string(b) != "new" {
		t.Errorf("a.bin = %q after Overwrite", b)
	}
}

// Keep both is asked once per file: the names it passes on to (NAME_2,
// ...) are not asked about again when they exist too.
func TestExportAskKeepBothOnce(t *testing.T) {
	out := t.TempDir()
	for _, f := range []string{"a.bin", "a_2.bin"} {
		os.WriteFile(filepath.Join(out, f), []byte("old"), 0o644)
	}
	var asked []string
	res := exportAll(t, folder("r", raw("a.bin", "new")), Options{Dir: out,
		Ask: func(file string) Existing {
			asked = append(asked, filepath.Base(file))
			return KeepBoth
		}})
	if strings.Join(asked, " ") != "a.bin" || len(res.Written) != 1 || filepath.Base(res.Written[0]) != "a_3.bin" {
		t.Errorf("asked %v, written %v", asked, res.Written)
	}
}

// A raw entry's short extension stays last when its name is taken again
// (x_2.ipl, which still opens as a text IPL, not x.ipl_2).
func TestSplitExt(t *testing.T) {
	for seg, want := range map[string]string{
		"x.ipl": "x|.ipl", "a.b.TXD": "a.b|.TXD", ".bashrc": ".bashrc|", "NOTES.TXT@2": "NOTES.TXT@2|",
		"x.": "x.|", "blob.toolong": "blob.toolong|", "empty": "empty|",
	} {
		stem, ext := splitExt(seg)
		if stem+"|"+ext != want {
			t.Errorf("splitExt(%q) = %q, %q; want %s", seg, stem, ext, want)
		}
	}
}
