// Package atomicfile is the one way Rummage writes a file: exports, built
// and converted TXDs and IMGs, saves, renders and the sample set all go
// through it.
//
// A file appears complete under its name or not at all. On Linux it is
// written as an unnamed O_TMPFILE inode in the target folder and given its
// name with linkat, so a process killed while writing leaves nothing
// behind; elsewhere (and on file systems without O_TMPFILE) it is written
// under a hidden temporary name that carries the writer's process id,
// .NAME.rummage-PID-SEQ.tmp, and the first write of a later run into the
// same folder removes the temporaries whose writer is gone (CleanStale).
//
// An existing name is never replaced unless the Options say Replace: the
// refusal comes from the link call itself, so it holds even when the name
// appears while the file is being written. New files get the mode os.Create
// gives (0666 less the umask); a file that replaces another keeps the old
// one's permission bits.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Policy says what happens when the name is taken.
type Policy int

const (
	// NoReplace refuses an existing name with an error that matches
	// fs.ErrExist; nothing is written then.
	NoReplace Policy = iota
	// Replace puts the new file in place of an existing file (or symbolic
	// link, which is replaced, not followed). A folder is never replaced.
	Replace
)

// Options are the choices of a write.
type Options struct {
	Policy Policy
	// Sync flushes the file to disk before it gets its name, and the
	// folder after (saves and builds; exports skip it for speed).
	Sync bool
	// Mode, when not 0, gives a new file these permission bits instead of
	// 0666 less the umask (a backup copy keeps its original's).
	Mode fs.FileMode
	// BeforePlace, when set, runs once the file is complete and before it
	// is put in place (a save makes its backup there); an error from it
	// abandons the write.
	BeforePlace func() error
}

// Dir is a folder files are written into: a folder inside an os.Root (so
// an export can never leave its output folder), or any folder by path.
type Dir struct {
	root *os.Root
	rel  string // the folder inside root, slash-separated; "." for the root
	own  bool   // root was opened by OpenDir and is closed by Close
	// dirf is the folder kept open by OpenInRoot for every write into it
	// (nil: each write opens the folder).
	dirf    *os.File
	cleaned atomic.Bool // the folder's stale temporaries were looked at
}

// OpenDir opens the folder at path.
func OpenDir(path string) (*Dir, error) {
	r, err := os.OpenRoot(path)
	if err != nil {
		return nil, err
	}
	return &Dir{root: r, rel: ".", own: true}, nil
}

// InRoot is the folder rel (slash-separated, relative) inside root; root
// stays the caller's to close.
func InRoot(root *os.Root, rel string) *Dir {
	if rel == "" {
		rel = "."
	}
	return &Dir{root: root, rel: path.Clean(rel)}
}

// OpenInRoot is InRoot with the folder kept open until Close, so that a
// file written into it costs no opening of the folder: on Linux
// Dir.WriteFile is then one open, one write, one link and one close.
func OpenInRoot(root *os.Root, rel string) (*Dir, error) {
	d := InRoot(root, rel)
	f, err := root.Open(d.rel)
	if err != nil {
		return nil, err
	}
	d.dirf = f
	return d, nil
}

// Close releases the folder opened by OpenDir or OpenInRoot.
func (d *Dir) Close() error {
	if d.dirf != nil {
		d.dirf.Close()
	}
	if d.own {
		return d.root.Close()
	}
	return nil
}

// Path is the folder's path on disk.
func (d *Dir) Path() string { return filepath.Join(d.root.Name(), filepath.FromSlash(d.rel)) }

// join is name's path inside the root.
func (d *Dir) join(name string) string { return path.Join(d.rel, name) }

// WriteFile writes data as the file name with one write call. On Linux,
// with neither Sync nor BeforePlace, that is all it costs beyond opening an
// unnamed file and linking it: no look at the name first (the link refuses
// a taken one) and no lock (an unnamed file is no stale temporary).
func (d *Dir) WriteFile(name string, data []byte, o Options) error {
	if validName(name) && !o.Sync && o.BeforePlace == nil && !namedOnly {
		d.cleanOnce()
		if done, err := d.writeUnnamed(name, data, o); done {
			return err
		}
	}
	return d.Write(name, o, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write writes the file name with what fill writes; fill's error (or a
// failed write, sync or link) abandons the file and is returned, and
// nothing is left behind.
func (d *Dir) Write(name string, o Options, fill func(io.Writer) error) error {
	if !validName(name) {
		return fmt.Errorf("atomicfile: %q is not a file name", name)
	}
	d.cleanOnce()
	full := filepath.Join(d.Path(), name)
	var keepMode fs.FileMode
	exists := false
	if st, err := d.root.Lstat(d.join(name)); err == nil {
		exists = true
		switch {
		case o.Policy != Replace:
			return &fs.PathError{Op: "write", Path: full, Err: fs.ErrExist}
		case st.IsDir():
			return fmt.Errorf("%s is a folder", full)
		case st.Mode().IsRegular():
			keepMode = st.Mode().Perm()
		}
	}
	if keepMode == 0 {
		keepMode = o.Mode.Perm()
	}
	t, err := d.newTemp(name)
	if err != nil {
		return fmt.Errorf("cannot write in the folder %s: %w", d.Path(), err)
	}
	err = t.fill(fill, keepMode, o.Sync)
	if err == nil && o.BeforePlace != nil {
		err = o.BeforePlace()
	}
	if err == nil {
		if o.Policy == Replace && exists {
			err = t.replace(name)
		} else if err = t.link(name); o.Policy == Replace && errors.Is(err, fs.ErrExist) {
			// Made meanwhile: replace it. With no file there, the link
			// alone names it, leaving no temporary name to a kill.
			err = t.replace(name)
		}
	}
	t.close()
	if err != nil {
		return err
	}
	if o.Sync {
		d.sync()
	}
	return nil
}

// validName reports whether name is one plain file name.
func validName(name string) bool {
	return name != "" && !strings.ContainsAny(name, `/\`) && name != "." && name != ".."
}

// sync makes the folder's new entries durable (where the system allows).
func (d *Dir) sync() {
	if f, err := d.root.Open(d.rel); err == nil {
		f.Sync()
		f.Close()
	}
}

// WriteFile writes data to path with one write call (see Dir.Write).
func WriteFile(path string, data []byte, o Options) error {
	d, err := OpenDir(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("cannot write in the folder: %w", err)
	}
	defer d.Close()
	return d.WriteFile(filepath.Base(path), data, o)
}

// Write writes path with what fill writes (see Dir.Write).
func Write(path string, o Options, fill func(io.Writer) error) error {
	d, err := OpenDir(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("cannot write in the folder: %w", err)
	}
	defer d.Close()
	return d.Write(filepath.Base(path), o, fill)
}

// temp is a file being written: unnamed (O_TMPFILE) or under a temporary
// name in d.
type temp struct {
	d      *Dir
	f      *os.File
	dirf   *os.File // the folder, open while an unnamed file is linked into it
	ownDir bool     // dirf was opened for this file (not the Dir's own)
	named  string   // its temporary name in d ("" while unnamed)
	done   bool     // it has its final name
}

// namedOnly makes every write go through a temporary name, as on systems
// without O_TMPFILE (tests set it).
var namedOnly bool

// seq makes temporary names unique within the process.
var seq atomic.Uint64

// tempName is the hidden temporary name of a file called name, which says
// whose it is: .NAME.rummage-PID-SEQ.tmp.
func tempName(name string) string {
	return "." + name + tempMark + strconv.Itoa(os.Getpid()) + "-" + strconv.FormatUint(seq.Add(1), 10) + tempExt
}

const (
	tempMark = ".rummage-"
	tempExt  = ".tmp"
)

// newTemp starts a file in d: unnamed where the system allows, else under
// a temporary name, locked so that CleanStale leaves it alone.
func (d *Dir) newTemp(name string) (*temp, error) {
	if !namedOnly {
		if f, dirf, own, err := d.openUnnamed(); err == nil {
			lockFile(f)
			return &temp{d: d, f: f, dirf: dirf, ownDir: own}, nil
		}
	}
	tn := tempName(name)
	f, err := d.root.OpenFile(d.join(tn), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return nil, err
	}
	lockFile(f)
	return &temp{d: d, f: f, named: tn}, nil
}

// fill writes the contents, sets the kept mode and syncs.
func (t *temp) fill(fill func(io.Writer) error, keepMode fs.FileMode, sync bool) error {
	err := fill(t.f)
	if err == nil && keepMode != 0 {
		err = t.f.Chmod(keepMode)
	}
	if err == nil && sync {
		err = t.f.Sync()
	}
	return err
}

// link gives the file its name, failing when the name is taken.
func (t *temp) link(name string) error {
	target := t.d.join(name)
	var err error
	if t.named == "" {
		err = linkUnnamed(t.f, t.dirf, name)
		if err == nil || errors.Is(err, fs.ErrExist) {
			t.done = err == nil
			return t.existErr(name, err)
		}
		if err = t.nameIt(name); err != nil {
			return err
		}
	}
	err = t.d.root.Link(t.d.join(t.named), target)
	if err == nil {
		t.done = true
		t.d.root.Remove(t.d.join(t.named))
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return t.existErr(name, err)
	}
	// No hard links here (FAT, some network file systems): a rename is the
	// only way, so check the name first.
	if _, lerr := t.d.root.Lstat(target); lerr == nil {
		return t.existErr(name, fs.ErrExist)
	}
	if err := t.d.root.Rename(t.d.join(t.named), target); err != nil {
		return err
	}
	t.done = true
	return nil
}

func (t *temp) existErr(name string, err error) error {
	if err == nil {
		return nil
	}
	return &fs.PathError{Op: "write", Path: filepath.Join(t.d.Path(), name), Err: fs.ErrExist}
}

// replace puts the file in place of name, whatever is there (but a
// folder).
func (t *temp) replace(name string) error {
	if t.named == "" {
		if err := t.nameIt(name); err != nil {
			return err
		}
	}
	if err := t.d.root.Rename(t.d.join(t.named), t.d.join(name)); err != nil {
		return err
	}
	t.done = true
	return nil
}

// nameIt gives an unnamed file its temporary name (for a rename over an
// existing file, or where linking it by name fails).
func (t *temp) nameIt(name string) error {
	tn := tempName(name)
	err := linkUnnamed(t.f, t.dirf, tn)
	if err != nil && !errors.Is(err, fs.ErrExist) {
		// /proc is not mounted, say: copy into a named temporary file.
		err = t.copyToNamed(tn)
	}
	if err != nil {
		return err
	}
	t.named = tn
	return nil
}

// copyToNamed copies the unnamed file's contents into a new file tn.
func (t *temp) copyToNamed(tn string) error {
	st, err := t.f.Stat()
	if err != nil {
		return err
	}
	f, err := t.d.root.OpenFile(t.d.join(tn), os.O_RDWR|os.O_CREATE|os.O_EXCL, st.Mode().Perm())
	if err != nil {
		return err
	}
	lockFile(f)
	_, err = io.Copy(f, io.NewSectionReader(t.f, 0, st.Size()))
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		f.Close()
		t.d.root.Remove(t.d.join(tn))
		return err
	}
	t.f.Close()
	t.f = f
	return nil
}

// close closes the file and removes its temporary name unless it was put
// in place.
func (t *temp) close() {
	t.f.Close()
	if t.dirf != nil && t.ownDir {
		t.dirf.Close()
	}
	if t.named != "" && !t.done {
		t.d.root.Remove(t.d.join(t.named))
	}
}

// cleaned holds the folders whose stale temporaries this process removed.
var cleaned sync.Map

// cleanOnce removes stale temporaries from d the first time this process
// writes into it.
func (d *Dir) cleanOnce() {
	if d.cleaned.Swap(true) {
		return
	}
	key := d.Path()
	if abs, err := filepath.Abs(key); err == nil {
		key = abs
	}
	if _, done := cleaned.LoadOrStore(key, true); !done {
		d.CleanStale()
	}
}
