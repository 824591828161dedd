package export

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"rummage/formats"
	"rummage/internal/atomicfile"
)

// Run writes the plan's files into Options.Dir. It goes on after a failed
// job and returns ctx.Err() when cancelled (the files written so far are
// complete; the one being written is removed). Nothing is written outside
// Options.Dir: a symbolic link met inside it is never followed.
//
// Jobs run on up to GOMAXPROCS goroutines at once (decoding and encoding
// are the work; each goroutine holds one job's data, so memory stays
// bounded), while Options.Progress is still called on the goroutine that
// called Run, once per job in the order they finish. Result.Written and
// Result.Failures keep the plan's job order whatever the order of finishing.
func (p *Plan) Run(ctx context.Context) (Result, error) {
	res := Result{Failures: append([]Failure(nil), p.Failures...)}
	out, err := openOut(p.opts)
	if err != nil {
		return res, err
	}
	out.tex = newTexFiles(p.names)
	defer out.close()
	for _, f := range p.Skipped {
		res.Skipped = append(res.Skipped, out.full(f))
	}
	for _, d := range p.Dirs {
		out.mkdir(d)
	}
	done := out.runAll(ctx, p.Jobs, p.opts.Progress)
	for i, d := range done {
		if !d.ran {
			continue
		}
		res.Written = append(res.Written, d.written...)
		if ctx.Err() != nil {
			continue
		}
		if d.err != nil {
			res.Failures = append(res.Failures, Failure{p.Jobs[i].Path, d.err})
		}
		res.Failures = append(res.Failures, d.failed...)
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	return res, nil
}

// jobResult is what one job did (the job's own index in the plan).
type jobResult struct {
	written []string
	err     error
	failed  []Failure // the jobs of a file job that failed
	ran     bool      // false: not started before ctx was cancelled
}

// runAll runs jobs on a bounded set of goroutines and returns their results
// by job index.
// progress (may be nil) is called on this goroutine as jobs finish.
func (o *outDir) runAll(ctx context.Context, jobs []Job, progress func(done, total int, nodePath string)) []jobResult {
	results := make([]jobResult, len(jobs))
	workers := min(runtime.GOMAXPROCS(0), len(jobs))
	left := newParentCount(jobs)
	o.held = newHeldFolders(o, jobs)
	defer o.held.closeAll()
	var next atomic.Int64
	finished := make(chan int) // unbuffered: no worker runs ahead of a cancel
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(jobs) || ctx.Err() != nil {
					return
				}
				r := jobResult{ran: true}
				if jobs[i].file != nil {
					r.written, r.failed = o.runFileJob(ctx, jobs[i])
				} else {
					r.written, r.err = o.runJob(ctx, jobs[i])
				}
				left.done(jobs[i].parent)
				for _, rel := range jobs[i].folders() {
					o.held.done(rel)
				}
				results[i] = r
				finished <- i
			}
		}()
	}
	go func() { wg.Wait(); close(finished) }()
	n := 0
	for i := range finished {
		n++
		if progress != nil {
			progress(n, len(jobs), jobs[i].Path)
		}
	}
	return results
}

// parentCount counts the jobs left per parent, so that what a parent
// decoded (a TXD's textures) is released once its last job is done while
// jobs run side by side.
type parentCount struct {
	mu   sync.Mutex
	left map[formats.Node]int
}

func newParentCount(jobs []Job) *parentCount {
	c := &parentCount{left: map[formats.Node]int{}}
	for _, j := range jobs {
		if j.parent != nil {
			c.left[j.parent]++
		}
	}
	return c
}

// done counts one job of parent p as finished and releases p after its last.
func (c *parentCount) done(p formats.Node) {
	if p == nil {
		return
	}
	c.mu.Lock()
	c.left[p]--
	last := c.left[p] == 0
	c.mu.Unlock()
	if last {
		release(p)
	}
}

// release drops what a job's parent decoded (nil: nothing).
func release(n formats.Node) {
	if n != nil {
		formats.Release(n)
	}
}

// node returns the job's node, taking it from its parent again when the
// plan did not keep it.
func (j *Job) node() (formats.Node, error) {
	if j.Node != nil || j.parent == nil {
		return j.Node, nil
	}
	kids, err := children(j.parent)
	if err != nil {
		return nil, err
	}
	if j.index >= len(kids) {
		return nil, fmt.Errorf("%s: child %d of %d is gone", j.parent.Name(), j.index, len(kids))
	}
	return kids[j.index], nil
}

// outDir is the output folder, opened as an os.Root so that no write can
// leave it, with the folders that could not be made.
type outDir struct {
	root *os.Root
	dir  string
	opts Options
	bad  map[string]error // folder (relative) → why nothing goes into it
	held *heldFolders     // the folders kept open while Run writes into them
	tex  *texFiles        // the named textures written beside OBJ files
}

func openOut(o Options) (*outDir, error) {
	dir := o.Dir
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("export folder: %w", err)
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("export folder: %w", err)
	}
	return &outDir{root: r, dir: dir, opts: o, bad: map[string]error{}}, nil
}

func (o *outDir) close() { o.root.Close() }

// full is the path of rel (slash-separated, relative) on disk.
func (o *outDir) full(rel string) string { return filepath.Join(o.dir, filepath.FromSlash(rel)) }

// mkdir makes the folder rel one level at a time, refusing to go through a
// symbolic link or anything else that is not a folder; the reason is kept
// for the jobs that would write into it.
func (o *outDir) mkdir(rel string) {
	parts := strings.Split(rel, "/")
	for i := range parts {
		sub := strings.Join(parts[:i+1], "/")
		if o.bad[sub] != nil {
			return
		}
		st, err := o.root.Lstat(sub)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			err = o.root.Mkdir(sub, 0o755)
		case err == nil && st.Mode()&fs.ModeSymlink != 0:
			err = fmt.Errorf("%s is a symbolic link: not followed", o.full(sub))
		case err == nil && !st.IsDir():
			err = fmt.Errorf("%s is not a folder", o.full(sub))
		}
		if err != nil {
			o.bad[rel] = err
			return
		}
	}
}

// blocked returns why file rel cannot be written (its folder could not be
// made), or nil.
func (o *outDir) blocked(rel string) error {
	for d := path.Dir(rel); d != "." && d != "/"; d = path.Dir(d) {
		if err := o.bad[d]; err != nil {
			return err
		}
	}
	return nil
}

// runJob writes the files of one job (behind the format panic guard) and
// returns the ones it wrote.
func (o *outDir) runJob(ctx context.Context, j Job) ([]string, error) {
	if err := o.blocked(j.Files[0]); err != nil {
		return nil, err
	}
	var written []string
	err := formats.GuardErr("export "+j.Path, func() error {
		n, err := j.node()
		if err != nil {
			return err
		}
		j.Node = n
		written, err = o.writeJob(ctx, j)
		return err
	})
	return written, err
}

// writeJob writes the files of one job in its format.
func (o *outDir) writeJob(ctx context.Context, j Job) ([]string, error) {
	switch j.As {
	case PNG, TGA:
		return o.writePNGs(ctx, j)
	case DDS:
		return o.write(ctx, j.Replace, nil, j.Files[0], func(w io.Writer) error { return writeDDS(w, j.Node) })
	case JSON:
		d, ok := j.Node.(formats.Describer)
		if !ok {
			return nil, cannot(j.Node, JSON)
		}
		v, err := d.Describe()
		if err != nil {
			return nil, err
		}
		return o.write(ctx, j.Replace, nil, j.Files[0], func(w io.Writer) error { return writeJSON(w, v) })
	case Raw:
		r, ok := j.Node.(formats.Rawer)
		if !ok {
			return nil, cannot(j.Node, Raw)
		}
		return o.write(ctx, j.Replace, nil, j.Files[0], func(w io.Writer) error { return writeRaw(ctx, w, r) })
	case OBJ, GLTF:
		return o.writeMesh(ctx, j)
	}
	return nil, fmt.Errorf("unknown export format %q", j.As)
}

// writePNGs writes mip 0, or every level with AllMips, as PNG or TGA: a
// palettised level (formats.Paletter) as a palette PNG, each file encoded
// into memory and written with one call.
func (o *outDir) writePNGs(ctx context.Context, j Job) ([]string, error) {
	im, ok := j.Node.(formats.Imager)
	if !ok {
		return nil, cannot(j.Node, j.As)
	}
	buf := getBuffer()
	defer putBuffer(buf)
	var written []string
	for l, f := range j.Files {
		level := 0
		if o.opts.AllMips {
			level = l
		}
		img, err := exportImage(im, level, j.As == PNG)
		if err != nil {
			return written, fmt.Errorf("image level %d: %w", level, err)
		}
		buf.Reset()
		if j.As == TGA {
			err = writeTGA(buf, img)
		} else {
			err = writePNG(ctx, buf, img)
		}
		if err != nil {
			return written, err
		}
		if written, err = o.writeBytes(ctx, j.Replace, written, f, buf.Bytes()); err != nil {
			return written, err
		}
	}
	return written, nil
}

// exportImage is level of im, as palette indices when im has them and
// paletted allows (PNG), else its pixels.
func exportImage(im formats.Imager, level int, paletted bool) (image.Image, error) {
	if p, ok := im.(formats.Paletter); ok && paletted {
		if img, err := p.PalettedImage(level); err != nil || img != nil {
			return img, err
		}
	}
	return im.Image(level)
}

// writeMesh writes a mesh as glTF, or as OBJ with its MTL when the writer
// made one.
func (o *outDir) writeMesh(ctx context.Context, j Job) ([]string, error) {
	if a, ok := j.Node.(formats.Animator); ok && j.As == GLTF {
		return o.writeAnimation(ctx, j, a)
	}
	ms, ok := j.Node.(formats.Mesher)
	if !ok {
		return nil, cannot(j.Node, j.As)
	}
	if j.As == GLTF && (o.opts.Animations != nil || isScener(j.Node)) {
		s, err := animatedScene(j.Node, o.opts.Animations)
		if err != nil {
			return nil, err
		}
		return o.write(ctx, j.Replace, nil, j.Files[0], func(w io.Writer) error { return WriteSceneGLB(w, s) })
	}
	m, err := exportMesh(ms)
	if err != nil {
		return nil, err
	}
	if m == nil {
		return nil, errors.New("node has no mesh")
	}
	if m, err = posedAt(m, o.opts.Animations, o.opts.Clock); err != nil {
		return nil, err
	}
	if j.As == GLTF {
		return o.write(ctx, j.Replace, nil, j.Files[0], func(w io.Writer) error { return WriteGLB(w, m, j.Node.Name()) })
	}
	// The OBJ text streams into its file (it can be many times the mesh);
	// the small MTL is written after it.
	var mtl strings.Builder
	var written []string // the textures first, as the sink writes them
	objFile, err := o.write(ctx, j.Replace, nil, j.Files[0], func(w io.Writer) error {
		return WriteOBJ(w, &mtl, m, j.Node.Name(), path.Base(j.Files[1]), o.textureSink(ctx, j, &written))
	})
	written = append(written, objFile...)
	if err != nil || mtl.Len() == 0 {
		return written, err
	}
	return o.write(ctx, j.Replace, written, j.Files[1], stringFill(mtl.String()))
}

// textureSink writes the textures of an OBJ job beside it: a texture with
// a name of its own as NAME.png (see texFiles), one without as
// STEM_texN.png, STEM the OBJ file's name without ".obj" and with white
// space made "_" (MTL readers split on it); the plan reserves these names
// for the job (namer.claimPair). A texture file on disk is replaced when
// the job replaces its OBJ or the export overwrites whatever exists (and
// asks nothing); otherwise its name is passed over. The files written are
// added to written.
func (o *outDir) textureSink(ctx context.Context, j Job, written *[]string) TextureSink {
	stem := texStem(strings.TrimSuffix(j.Files[0], ".obj"))
	replace := j.Replace || o.opts.Existing == Overwrite && o.opts.Ask == nil
	n := 0
	return func(t Texture) (string, error) {
		img := t.Image
		if t.Name != "" {
			return o.namedTexture(ctx, path.Dir(j.Files[0]), t, replace, written)
		}
		for {
			rel := stem + "_tex" + strconv.Itoa(n) + ".png"
			n++
			if _, err := o.root.Lstat(rel); err == nil && !replace {
				continue
			}
			var err error
			*written, err = o.write(ctx, replace, *written, rel, func(w io.Writer) error { return writePNG(ctx, w, img) })
			return path.Base(rel), err
		}
	}
}

// namedTexture writes t into dir as the name texFiles gives it (no file
// when the same pixels of that name are written there already) and
// returns its file name.
func (o *outDir) namedTexture(ctx context.Context, dir string, t Texture, replace bool, written *[]string) (string, error) {
	if dir == "." {
		dir = ""
	}
	exists := func(rel string) bool { _, err := o.root.Lstat(rel); return err == nil }
	rel, fresh := o.tex.claim(dir, t, func(rel string) bool { return !replace && exists(rel) })
	if fresh {
		var err error
		if *written, err = o.write(ctx, replace, *written, rel, func(w io.Writer) error { return writePNG(ctx, w, t.Image) }); err != nil {
			return "", err
		}
	}
	return path.Base(rel), nil
}

func stringFill(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// write writes file rel atomically (internal/atomicfile: nothing is left
// behind by a failure, a cancellation or a kill): over an existing file
// only when replace is set, else refused when the name was taken
// meanwhile. It returns written with the file's full path added.
func (o *outDir) write(ctx context.Context, replace bool, written []string, rel string, fill func(w io.Writer) error) ([]string, error) {
	d, opts := o.folder(path.Dir(rel)), writeOptions(replace)
	err := d.Write(path.Base(rel), opts, func(w io.Writer) error {
		if err := fill(w); err != nil {
			return err
		}
		return ctx.Err()
	})
	return o.wrote(written, rel, err)
}

// writeBytes is write of data, in one write call.
func (o *outDir) writeBytes(ctx context.Context, replace bool, written []string, rel string, data []byte) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return written, err
	}
	err := o.folder(path.Dir(rel)).WriteFile(path.Base(rel), data, writeOptions(replace))
	return o.wrote(written, rel, err)
}

// folder is the output folder rel, kept open while its jobs run.
func (o *outDir) folder(rel string) *atomicfile.Dir {
	if o.held != nil {
		if d := o.held.get(rel); d != nil {
			return d
		}
	}
	return atomicfile.InRoot(o.root, rel)
}

func writeOptions(replace bool) atomicfile.Options {
	if replace {
		return atomicfile.Options{Policy: atomicfile.Replace}
	}
	return atomicfile.Options{}
}

// wrote adds rel's full path to written, or says why it was not written.
func (o *outDir) wrote(written []string, rel string, err error) ([]string, error) {
	if errors.Is(err, fs.ErrExist) {
		err = fmt.Errorf("%s exists (made while exporting); not replaced", o.full(rel))
	}
	if err != nil {
		return written, err
	}
	return append(written, o.full(rel)), nil
}

// ctxReader stops a copy when its context is cancelled.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// writeRaw copies a node's bytes.
func writeRaw(ctx context.Context, w io.Writer, r formats.Rawer) error {
	src := r.Open()
	if src == nil {
		return errors.New("node has no bytes")
	}
	if c, ok := src.(io.Closer); ok {
		defer c.Close()
	}
	_, err := io.Copy(w, ctxReader{ctx, src})
	return err
}
