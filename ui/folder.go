package ui

import (
	"fmt"
	"net/url"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
)

// openFolder opens dir in the desktop's file manager. The opener runs in
// the background: on some systems OpenURL waits for it to finish.
func (w *window) openFolder(dir string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		w.setError(fmt.Errorf("open folder %s: %w", dir, err))
		return
	}
	u, err := url.Parse(storage.NewFileURI(abs).String())
	if err != nil {
		w.setError(fmt.Errorf("open folder %s: %w", abs, err))
		return
	}
	w.jobs.Add(1)
	go func() {
		defer w.jobs.Done()
		if err := w.app.OpenURL(u); err != nil {
			fyne.Do(func() { w.setError(fmt.Errorf("open folder %s: %w", abs, err)) })
		}
	}()
}
