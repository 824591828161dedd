package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"
)

// fileRepository is everything Fyne's file repository does (its file
// dialogs find each part by type assertion).
type fileRepository interface {
	repository.AppendableRepository
	repository.DeleteAllRepository
	repository.HierarchicalRepository
	repository.ListableRepository
	repository.CopyableRepository
	repository.MovableRepository
}

// lazyFiles is the driver's file repository with one change: Writer
// opens nothing until the first Write. Fyne's save dialog calls
// storage.Writer on the chosen file before handing it over, which opens it
// truncated; with lazyFiles, Save as… closes the writer unwritten and
// saves by path (formats.SaveFileWith), so the file it replaces is never
// emptied first.
type lazyFiles struct{ fileRepository }

// installLazyFiles registers lazyFiles over the driver's file repository
// (once per driver; a repository that is not a full file repository is
// left alone).
func installLazyFiles() {
	r, err := repository.ForURI(storage.NewFileURI("/"))
	if err != nil {
		return
	}
	if fr, ok := r.(fileRepository); ok {
		if _, done := r.(lazyFiles); !done {
			repository.Register("file", lazyFiles{fr})
		}
	}
}

// Writer returns a writer that opens u (truncating it, as the driver's
// does) at the first Write; closed unwritten, it leaves the disk as it
// was.
func (r lazyFiles) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	return &lazyWriter{uri: u, open: r.fileRepository.Writer}, nil
}

// lazyWriter is lazyFiles' writer.
type lazyWriter struct {
	uri  fyne.URI
	open func(fyne.URI) (fyne.URIWriteCloser, error)
	w    fyne.URIWriteCloser // nil until the first Write
}

// URI is the file written.
func (l *lazyWriter) URI() fyne.URI { return l.uri }

// Write opens the file at the first call and writes p.
func (l *lazyWriter) Write(p []byte) (int, error) {
	if l.w == nil {
		w, err := l.open(l.uri)
		if err != nil {
			return 0, err
		}
		l.w = w
	}
	return l.w.Write(p)
}

// Close closes the file if it was opened.
func (l *lazyWriter) Close() error {
	if l.w == nil {
		return nil
	}
	return l.w.Close()
}
