package shareddata

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPathMissing runs a test that asks for a file ../shared lacks in a
// child process: it is skipped with the reason, and fails under CI=true.
func TestPathMissing(t *testing.T) {
	if os.Getenv("SHAREDDATA_CHILD") == "1" {
		Path(t, "no-such-folder", "no-such-file")
		t.Fatal("Path returned for a missing file")
	}
	for _, c := range []struct {
		ci, want string
		fails    bool
	}{
		{"", "SKIP", false},
		{"false", "SKIP", false},
		{"true", "CI=true makes that a failure", true},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestPathMissing$", "-test.v")
		cmd.Env = append(os.Environ(), "SHAREDDATA_CHILD=1", "CI="+c.ci)
		out, err := cmd.CombinedOutput()
		if (err != nil) != c.fails || !strings.Contains(string(out), c.want) {
			t.Errorf("CI=%q: exit error %v, output:\n%s", c.ci, err, out)
		}
	}
}

// TestRoot: the shared folder is looked for beside the module's root,
// two folders above this package.
func TestRoot(t *testing.T) {
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	module, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(filepath.Dir(module), "shared"); root != want {
		t.Errorf("root %s, want %s", root, want)
	}
}
