package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"rummage/export"
	"rummage/formats"
)

// fileExport is one file of a many-file export and, once done, its result.
type fileExport struct {
	target
	dir     string // its output folder, --out/<file name>
	res     export.Result
	err     error // the file could not be opened, or the export was cancelled
	errNode bool  // err is the file's own (opening) error
}

// exportMany exports every target into --out/<file name>/<node path>. Files
// are exported by a bounded pool of GOMAXPROCS workers (each export runs
// its jobs in parallel too); results are printed in the order of the
// files, as soon as a file and all before it are done.
func (e *env) exportMany(ctx context.Context, a *args, t *targets, s exportSettings, out *writtenList) int {
	files := make([]*fileExport, len(t.files))
	claim := folderNamer(s.opts.Dir)
	var total int64
	for i, f := range t.files {
		files[i] = &fileExport{target: f}
		if f.err == nil {
			files[i].dir = claim(filepath.Base(f.path))
			total += f.size
		}
	}
	var nodes atomic.Int64
	done := make(chan int)
	go e.exportPool(ctx, files, s, &nodes, done)

	bar := e.progress(a)
	start := time.Now()
	state := manyProgress{totalFiles: len(files), totalBytes: total}
	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	status, next, finished := exitOK, 0, make([]bool, len(files))
	for remaining := len(files); remaining > 0; {
		select {
		case i := <-done:
			remaining--
			finished[i] = true
			state.files++
			state.bytes += files[i].size
			for ; next < len(files) && finished[next]; next++ {
				bar.clear()
				if e.printFileExport(files[next], out) != exitOK {
					status = exitBad
				}
				files[next] = nil // its nodes can go
			}
		case <-tick.C:
		}
		state.nodes, state.elapsed = nodes.Load(), time.Since(start)
		bar.many(state, remaining == 0)
	}
	bar.clear()
	if note := t.skippedNote(e.name); note != "" && !a.bools["q"] {
		e.stderr.Write([]byte(note + "\n"))
	}
	return status
}

// exportPool runs the files' exports on GOMAXPROCS workers, sending each
// file's index on done when it is finished.
func (e *env) exportPool(ctx context.Context, files []*fileExport, s exportSettings, nodes *atomic.Int64, done chan<- int) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(files)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(files) {
					return
				}
				exportFile(ctx, files[i], s, nodes)
				done <- i
			}
		}()
	}
	wg.Wait()
}

// exportFile opens one file and exports its root into its folder.
func exportFile(ctx context.Context, f *fileExport, s exportSettings, nodes *atomic.Int64) {
	if f.err != nil {
		f.errNode = true
		return
	}
	if err := ctx.Err(); err != nil {
		f.err = err
		return
	}
	file, err := formats.Open(f.path, s.files)
	if err != nil {
		file.Close()
		f.err, f.errNode = plainErr(err), true
		return
	}
	defer file.Close()
	opts := s.opts
	opts.Dir = f.dir
	opts.Progress = func(done, _ int, _ string) {
		if done > 0 {
			nodes.Add(1)
		}
	}
	f.res, f.err = runPlan(ctx, []export.Item{{Node: file.Root}}, opts)
}

// printFileExport prints what one file's export wrote and its failures,
// and returns its status.
func (e *env) printFileExport(f *fileExport, out *writtenList) int {
	out.add(f.res.Written)
	if f.errNode {
		return e.fail(f.path, "", f.err)
	}
	if errors.Is(f.err, context.Canceled) {
		if !e.interrupted {
			e.interrupted = true
			fmt.Fprintln(e.stderr, errLine("", "", errors.New("export interrupted: the files listed are complete")))
		}
		f.err = nil
		e.reportExport(f.path, f.res, nil)
		return exitBad
	}
	return e.reportExport(f.path, f.res, f.err)
}

// folderNamer hands out the output folder of each file, dir/<file name>:
// two files of the same name (in different folders) get NAME and NAME_2,
// compared without case; a folder already on disk is reused (the files in
// it are kept, see export.Options.Existing), anything else there is passed
// over.
func folderNamer(dir string) func(name string) string {
	if dir == "" {
		dir = "."
	}
	used := map[string]bool{}
	return func(name string) string {
		base := export.SafeName(name)
		if strings.HasPrefix(base, ".") {
			base = "_" + base
		}
		for i := 1; ; i++ {
			cand := base
			if i > 1 {
				cand += "_" + strconv.Itoa(i)
			}
			p := filepath.Join(dir, cand)
			if used[strings.ToLower(cand)] {
				continue
			}
			if st, err := os.Lstat(p); err == nil && !st.IsDir() {
				continue
			}
			used[strings.ToLower(cand)] = true
			return p
		}
	}
}
