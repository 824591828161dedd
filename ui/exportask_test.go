package ui

import (
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"rummage/export"
	"rummage/formats"
	"rummage/internal/testutil"
)

// waitQuestion waits for the export's question about an existing file
// (another than prev).
func waitQuestion(t *testing.T, j *exportJob, prev *existsQuestion) *existsQuestion {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if q := j.ask.question(); q != nil && q != prev {
			return q
		}
		select {
		case <-j.done:
			t.Fatal("the export finished without asking")
		default:
		}
	}
	t.Fatal("no question about an existing file")
	return nil
}

// existingExport marks WATER_M, DEFAULT and x@4 of the fake archive for a
// raw export into a folder where their files exist, and starts it.
func existingExport(t *testing.T) (*window, *exportView, string) {
	t.Helper()
	w := newTestWindow(t)
	addFake(w)
	for _, p := range []string{"WATER_M", "DEFAULT", "x@4"} {
		w.marks.toggle(w.nav.model.items[uidByPath(t, w, p)])
	}
	dir := t.TempDir()
	for _, f := range []string{"WATER_M", "DEFAULT", "x@4"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	v := openExport(t, w)
	v.keep.SetChecked(false)
	v.formats["material"].SetSelected(export.Raw)
	v.dir.SetText(dir)
	test.Tap(v.exportB)
	if v.job == nil {
		t.Fatalf("Export did not start (problem %q)", v.problem.Text)
	}
	return w, v, dir
}

// finish waits for the export and returns what it did.
func finish(t *testing.T, w *window, j *exportJob) exportOutcome {
	t.Helper()
	<-j.done
	w.waitJobs()
	return j.outcome()
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Each existing file is asked about: Overwrite replaces it, Keep both
// writes NAME_2, Skip leaves it.
func TestExportAsksAboutEachExistingFile(t *testing.T) {
	w, v, dir := existingExport(t)
	var q *existsQuestion
	for _, c := range []struct {
		file   string
		answer func(*existsQuestion) fyne.Tappable
	}{
		{"WATER_M", func(q *existsQuestion) fyne.Tappable { return q.overwrite }},
		{"DEFAULT", func(q *existsQuestion) fyne.Tappable { return q.keepBoth }},
		{"x@4", func(q *existsQuestion) fyne.Tappable { return q.skip }},
	} {
		q = waitQuestion(t, v.job, q)
		if q.file != filepath.Join(dir, c.file) {
			t.Fatalf("asked about %s, want %s", q.file, c.file)
		}
		if top := w.win.Canvas().Overlays().Top(); top == nil || !strings.Contains(overlayText(top), c.file) {
			t.Errorf("no dialog naming %s", c.file)
		}
		test.Tap(c.answer(q))
	}
	out := finish(t, w, v.job)
	if got := testutil.ListFiles(t, dir); strings.Join(got, " ") != "DEFAULT DEFAULT_2 WATER_M x@4" {
		t.Errorf("files %v", got)
	}
	if !bytes.Equal([]byte(readFile(t, filepath.Join(dir, "WATER_M"))), seq(48)) {
		t.Error("Overwrite did not replace WATER_M")
	}
	if readFile(t, filepath.Join(dir, "DEFAULT")) != "old" || readFile(t, filepath.Join(dir, "x@4")) != "old" {
		t.Error("Keep both or Skip changed the existing file")
	}
	if len(out.written) != 2 || len(out.skipped) != 1 || !strings.Contains(w.status.msg.Text, "1 existing file skipped") {
		t.Errorf("written %v, skipped %v, status %q", out.written, out.skipped, w.status.msg.Text)
	}
}

// "Do the same for the rest of this export" answers the questions after
// it.
func TestExportAnswerForTheRest(t *testing.T) {
	w, v, dir := existingExport(t)
	q := waitQuestion(t, v.job, nil)
	q.rest.SetChecked(true)
	test.Tap(q.skip)
	out := finish(t, w, v.job)
	if len(out.written) != 0 || len(out.skipped) != 3 {
		t.Errorf("written %v, skipped %v", out.written, out.skipped)
	}
	for _, f := range []string{"WATER_M", "DEFAULT", "x@4"} {
		if readFile(t, filepath.Join(dir, f)) != "old" {
			t.Errorf("%s changed", f)
		}
	}
}

// Cancel export in the question, or Cancel in the status bar while it is
// up, stops the export before anything is written and takes the question
// away.
func TestExportCancelWhileAsking(t *testing.T) {
	for _, how := range []string{"question", "status bar"} {
		w, v, dir := existingExport(t)
		q := waitQuestion(t, v.job, nil)
		if how == "question" {
			test.Tap(q.cancel)
		} else {
			w.status.cancelFn()
		}
		out := finish(t, w, v.job)
		if !out.cancelled || len(out.written) != 0 {
			t.Errorf("%s: cancelled %v, written %v", how, out.cancelled, out.written)
		}
		if got := testutil.ListFiles(t, dir); strings.Join(got, " ") != "DEFAULT WATER_M x@4" {
			t.Errorf("%s: files %v", how, got)
		}
		if top := w.win.Canvas().Overlays().Top(); top != nil && strings.Contains(overlayText(top), "exists already") {
			t.Errorf("%s: the question is still up", how)
		}
		if !strings.Contains(w.status.msg.Text, "cancelled") || w.status.busy.Visible() {
			t.Errorf("%s: status %q, busy %v", how, w.status.msg.Text, w.status.busy.Visible())
		}
	}
}

// urlApp records the URLs the window opens.
type urlApp struct {
	fyne.App
	mu     sync.Mutex
	opened []string
}

func (a *urlApp) OpenURL(u *url.URL) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.opened = append(a.opened, u.String())
	return nil
}

// The finished export's message has Open folder, which opens the export
// folder with the desktop's opener.
func TestExportOpenFolder(t *testing.T) {
	a := &urlApp{App: test.NewTempApp(t)}
	w := newWindow(a, formats.Options{})
	t.Cleanup(func() { w.insp.close(); w.waitJobs() })
	addFake(w)
	w.nav.selectUID(uidByPath(t, w, "WATER_M"))
	dir := t.TempDir()
	runDialog(t, w, openExport(t, w), dir)
	if !w.status.action.Visible() || w.status.action.Text != "Open folder" {
		t.Fatalf("no Open folder after the export (status %q)", w.status.msg.Text)
	}
	test.Tap(w.status.action)
	w.waitJobs()
	a.mu.Lock()
	defer a.mu.Unlock()
	if want := storage.NewFileURI(dir).String(); len(a.opened) != 1 || a.opened[0] != want {
		t.Errorf("opened %v, want %s", a.opened, want)
	}
	w.Status("something else")
	if w.status.action.Visible() {
		t.Error("Open folder stays with the next message")
	}
}
