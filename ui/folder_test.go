package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"rummage/formats"
)

// desktopApp is a test app that says it is a desktop app, so the window
// runs the file manager itself (fileManagerCmd) as on Linux.
type desktopApp struct{ fyne.App }

func (desktopApp) SetSystemTrayMenu(*fyne.Menu)    {}
func (desktopApp) SetSystemTrayIcon(fyne.Resource) {}
func (desktopApp) SetSystemTrayWindow(fyne.Window) {}

// useFileManager runs cmd (with the target as its last argument) as the
// file manager for the test and returns the commands it made.
func useFileManager(t *testing.T, name string, args ...string) *[]*exec.Cmd {
	t.Helper()
	var mu sync.Mutex
	made := &[]*exec.Cmd{}
	old := fileManagerCmd
	fileManagerCmd = func(target string) *exec.Cmd {
		c := exec.Command(name, append(args, target)...)
		mu.Lock()
		*made = append(*made, c)
		mu.Unlock()
		return c
	}
	t.Cleanup(func() { fileManagerCmd = old })
	return made
}

// Open containing folder and the export's Open folder say why the file
// manager could not open the folder (its own words, or that there is
// none), and leave no process behind: the opener is waited for.
func TestOpenFolderFailureShown(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the opener is a shell script")
	}
	made := useFileManager(t, "sh", "-c", `echo "xdg-open: no method available for opening '$0'" >&2; exit 3`)
	w := newWindow(desktopApp{test.NewTempApp(t)}, formats.Options{})
	t.Cleanup(func() { w.insp.close(); w.waitJobs() })
	dir := t.TempDir()
	file := filepath.Join(dir, "a.lib")
	w.opened.addFiles([]*openFile{{name: "a.lib", path: file, root: &formats.Folder{NodeName: "a.lib"}}})
	w.nav.selectUID(w.opened.files[0].uid)
	w.node.openContainingFolder()
	w.waitJobs()
	msg := w.status.msg.Text
	if !w.status.msg.isErr || !strings.Contains(msg, "open folder "+dir) || !strings.Contains(msg, "exit status 3") ||
		!strings.Contains(msg, "no method available for opening 'file://"+dir) {
		t.Errorf("status %q (error %v)", msg, w.status.msg.isErr)
	}
	w.exporter.openFolder(dir)
	w.waitJobs()
	if len(*made) != 2 {
		t.Fatalf("%d openers run", len(*made))
	}
	for _, c := range *made {
		if c.ProcessState == nil {
			t.Errorf("the opener %d was not waited for", c.Process.Pid)
		} else if _, err := os.Stat(filepath.Join("/proc", strconv.Itoa(c.Process.Pid))); runtime.GOOS == "linux" && err == nil {
			t.Errorf("the opener %d is still there (defunct)", c.Process.Pid)
		}
	}

	useFileManager(t, "rummage-no-such-file-manager")
	w.exporter.openFolder(dir)
	w.waitJobs()
	if msg := w.status.msg.Text; !strings.Contains(msg, "no file manager: rummage-no-such-file-manager is not installed") {
		t.Errorf("without an opener: %q", msg)
	}
	useFileManager(t, "true")
	w.Status("before")
	w.exporter.openFolder(dir)
	w.waitJobs()
	if msg := w.status.msg.Text; msg != "before" {
		t.Errorf("a working opener changed the status to %q", msg)
	}
}
