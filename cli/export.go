package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"rummage/export"
	"rummage/formats"
)

// defaultPNGLevel is export's --png-level when none is given: zlib level 1,
// for bulk conversion (see export.WithPNGLevel).
const defaultPNGLevel = "fast"

// exportSettings are the parsed flags of `export`.
type exportSettings struct {
	opts  export.Options // with Keep from --kind, --type and --name
	level string
	files *formats.Options
}

func runExport(e *env, a *args) int {
	if len(a.pos) < 1 {
		return e.usagef("missing FILE")
	}
	s, msg := exportFlags(a)
	if msg != "" {
		return e.usagef("%s", msg)
	}
	var st int
	if s.files, st = e.fileOptions(a); s.files == nil {
		return st
	}
	closeAnim, st := e.exportAnimations(a, &s)
	if closeAnim == nil {
		return st
	}
	defer closeAnim()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ctx, _ = export.WithPNGLevel(ctx, s.level)
	out := &writtenList{e: e, json: a.bools["json"]}
	t := resolveTargets(a.pos)
	if t.many {
		st = e.exportMany(ctx, a, t, s, out)
	} else {
		st = e.exportOne(ctx, a, t, s, out)
	}
	out.finish()
	return st
}

// exportFlags checks the flags of `export`; msg is a usage error, "" when none.
func exportFlags(a *args) (s exportSettings, msg string) {
	s.opts = export.Options{Dir: a.vals["out"], As: a.vals["as"], AllMips: a.bools["all-mips"]}
	if a.bools["overwrite"] {
		s.opts.Existing = export.Overwrite
	}
	if _, ok := a.vals["out"]; ok && s.opts.Dir == "" {
		return s, "--out needs a folder"
	}
	if _, ok := a.vals["as"]; ok {
		valid := false
		for _, f := range export.Formats {
			valid = valid || f == s.opts.As
		}
		if !valid {
			return s, fmt.Sprintf("--as %q: want png, obj, gltf, json, raw, dds or tga", s.opts.As)
		}
	}
	s.level = defaultPNGLevel
	if l, ok := a.vals["png-level"]; ok {
		if _, err := export.WithPNGLevel(context.Background(), l); err != nil {
			return s, "--png-level: " + err.Error()
		}
		s.level = l
	}
	flt, msg := parseFilter(a)
	s.opts.Keep = flt.keep()
	return s, msg
}

// exportOne is the single-file form: FILE and optional NODE paths, written
// straight into --out, with the per-node progress line.
func (e *env) exportOne(ctx context.Context, a *args, t *targets, s exportSettings, out *writtenList) int {
	file := t.files[0].path
	f, err := formats.Open(file, s.files)
	if err != nil {
		f.Close()
		return e.fail(file, "", plainErr(err))
	}
	defer f.Close()
	var items []export.Item
	for _, p := range t.nodes {
		n, canon, err := formats.ResolvePath(f.Root, p)
		if err != nil {
			return e.fail(file, p, err)
		}
		items = append(items, export.Item{Node: n, Path: canon})
	}
	if len(items) == 0 {
		items = []export.Item{{Node: f.Root, Path: ""}}
	}
	// On a terminal, stderr shows a progress line that is erased before
	// anything else is printed; otherwise the output is unchanged.
	bar := e.progress(a)
	opts := s.opts
	opts.Progress = bar.update
	bar.message("planning the export…")
	res, err := runPlan(ctx, items, opts)
	bar.clear()
	out.add(res.Written)
	return e.reportExport(file, res, err)
}

// progress is the progress line on stderr: nil with -q or when stderr is
// not a terminal.
func (e *env) progress(a *args) *progressLine {
	if a.bools["q"] {
		return nil
	}
	return newProgressLine(e.stderr, e.tty)
}

// runPlan plans an export and runs it.
func runPlan(ctx context.Context, items []export.Item, opts export.Options) (export.Result, error) {
	p, err := export.NewPlan(ctx, items, opts)
	if err != nil {
		return export.Result{}, err
	}
	if opts.Progress != nil {
		opts.Progress(0, len(p.Jobs), "")
	}
	return p.Run(ctx)
}

// reportExport prints the failures of a file's export, one line each, and
// returns its status.
func (e *env) reportExport(file string, res export.Result, err error) int {
	status := exitOK
	for _, fl := range res.Failures {
		fmt.Fprintln(e.stderr, errLine(file, fl.Path, fl.Err))
		status = exitBad
	}
	if err != nil {
		fmt.Fprintln(e.stderr, errLine(file, "", err))
		status = exitBad
	}
	return status
}

// writtenList prints the files an export wrote: one per line as they come,
// or with --json one JSON array at the end.
type writtenList struct {
	e     *env
	json  bool
	paths []string
}

func (w *writtenList) add(paths []string) {
	if w.json {
		w.paths = append(w.paths, paths...)
		return
	}
	if len(paths) > 0 {
		fmt.Fprintln(w.e.stdout, strings.Join(paths, "\n"))
	}
}

func (w *writtenList) finish() {
	if !w.json {
		return
	}
	if w.paths == nil {
		w.paths = []string{}
	}
	b, _ := json.MarshalIndent(w.paths, "", "  ")
	w.e.stdout.Write(append(b, '\n'))
}
