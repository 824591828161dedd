package ui

import (
	"net/url"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
)

// openFolder opens dir in the desktop's file manager. The opener runs in
// the background: on some systems OpenURL waits for it to finish.
func (c *exportCtl) openFolder(dir string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		c.status.setError(openFolderFailed(dir, err))
		return
	}
	u, err := url.Parse(storage.NewFileURI(abs).String())
	if err != nil {
		c.status.setError(openFolderFailed(abs, err))
		return
	}
	c.jobs.Add(1)
	go func() {
		defer c.jobs.Done()
		if err := c.app.OpenURL(u); err != nil {
			fyne.Do(func() { c.status.setError(openFolderFailed(abs, err)) })
		}
	}()
}

// openFolderFailed says that the file manager could not show dir.
func openFolderFailed(dir string, err error) error {
	return failure(lang.X("open.folder_failed", "open folder {{.Dir}}: {{.Error}}", map[string]any{"Dir": dir, "Error": err}), err)
}
