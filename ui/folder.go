package ui

import (
	"bytes"
	"errors"
	"net/url"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
)

// fileManagerCmd makes the command that shows target (a file:// URL) in
// the desktop's file manager where Rummage runs it itself: on Linux and
// the BSDs Fyne's OpenURL starts xdg-open without waiting for it, so its
// failure (no file manager) goes unsaid and it is left a defunct process.
// Nil where Fyne's OpenURL waits and reports (Windows, macOS).
var fileManagerCmd = func() func(target string) *exec.Cmd {
	switch runtime.GOOS {
	case "windows", "darwin", "android", "ios", "js":
		return nil
	}
	return func(target string) *exec.Cmd { return exec.Command("xdg-open", target) }
}()

// showFolder opens dir in the desktop's file manager in the background
// (an opener may wait for the file manager), counted in jobs when not
// nil, and calls failed on the UI goroutine with what went wrong, if
// anything. The opener's process is waited for: none is left behind.
func showFolder(a fyne.App, jobs *sync.WaitGroup, dir string, failed func(error)) {
	abs, err := filepath.Abs(dir)
	if err == nil {
		var u *url.URL
		if u, err = url.Parse(storage.NewFileURI(abs).String()); err == nil {
			if jobs != nil {
				jobs.Add(1)
			}
			go func() {
				if jobs != nil {
					defer jobs.Done()
				}
				if err := openURL(a, u); err != nil {
					fyne.Do(func() { failed(openFolderFailed(abs, err)) })
				}
			}()
			return
		}
	}
	failed(openFolderFailed(dir, err))
}

// openURL opens u: with fileManagerCmd on a desktop app that has one,
// else with the app's OpenURL (the test apps', Windows', macOS').
func openURL(a fyne.App, u *url.URL) error {
	if _, onDesktop := a.(desktop.App); !onDesktop || fileManagerCmd == nil {
		return a.OpenURL(u)
	}
	return runOpener(fileManagerCmd(u.String()))
}

// maxOpenerOutput is how much of the opener's error output is kept.
const maxOpenerOutput = 4096

// runOpener runs cmd to its end (reaping it) and says why it failed: its
// last line of error output, or that there is no opener at all.
func runOpener(cmd *exec.Cmd) error {
	var out cappedBuffer
	cmd.Stderr = &out
	err := cmd.Run()
	switch {
	case err == nil:
		return nil
	case errors.Is(err, exec.ErrNotFound):
		return errors.New(lang.X("folder.no_opener", "no file manager: {{.Command}} is not installed", map[string]any{"Command": filepath.Base(cmd.Path)}))
	}
	last := strings.TrimSpace(out.String())
	if i := strings.LastIndexByte(last, '\n'); i >= 0 {
		last = strings.TrimSpace(last[i+1:])
	}
	if last == "" {
		return errors.New(lang.X("folder.opener_failed", "{{.Command}} failed ({{.Error}}): is there a file manager?",
			map[string]any{"Command": filepath.Base(cmd.Path), "Error": err}))
	}
	return errors.New(lang.X("folder.opener_said", "{{.Command}} failed ({{.Error}}): {{.Output}}",
		map[string]any{"Command": filepath.Base(cmd.Path), "Error": err, "Output": last}))
}

// cappedBuffer keeps the first maxOpenerOutput bytes written to it.
type cappedBuffer struct{ bytes.Buffer }

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if room := maxOpenerOutput - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// openFolder opens dir in the desktop's file manager; a failure is shown
// in the status bar.
func (c *exportCtl) openFolder(dir string) {
	showFolder(c.app, c.jobs, dir, c.status.setError)
}

// openFolderFailed says that the file manager could not show dir.
func openFolderFailed(dir string, err error) error {
	return failure(lang.X("open.folder_failed", "open folder {{.Dir}}: {{.Error}}", map[string]any{"Dir": dir, "Error": err}), err)
}
