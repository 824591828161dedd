package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"

	"rummage/export"
	"rummage/formats"
)

func runExport(e *env, a *args) int {
	if len(a.pos) < 1 {
		return e.usagef("missing FILE")
	}
	opts := export.Options{Dir: a.vals["out"], As: a.vals["as"], AllMips: a.bools["all-mips"]}
	if a.bools["overwrite"] {
		opts.Existing = export.Overwrite
	}
	if _, ok := a.vals["out"]; ok && opts.Dir == "" {
		return e.usagef("--out needs a folder")
	}
	if _, ok := a.vals["as"]; ok {
		valid := false
		for _, f := range export.Formats {
			valid = valid || f == opts.As
		}
		if !valid {
			return e.usagef("--as %q: want png, obj, gltf, json, raw, dds or tga", opts.As)
		}
	}
	file := a.pos[0]
	f, st := e.openFile(a, file)
	if f == nil {
		return st
	}
	defer f.Close()
	var items []export.Item
	for _, p := range a.pos[1:] {
		n, canon, err := formats.ResolvePath(f.Root, p)
		if err != nil {
			return e.fail(file, p, err)
		}
		items = append(items, export.Item{Node: n, Path: canon})
	}
	if len(items) == 0 {
		items = []export.Item{{Node: f.Root, Path: ""}}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	// On a terminal, stderr shows a progress line that is erased before
	// anything else is printed; otherwise the output is unchanged.
	bar := newProgressLine(e.stderr, e.tty)
	opts.Progress = bar.update
	res, err := runPlan(ctx, items, opts, bar)
	bar.clear()
	for _, w := range res.Written {
		fmt.Fprintln(e.stdout, w)
	}
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

// runPlan is export.Export with the planning step shown on the progress line.
func runPlan(ctx context.Context, items []export.Item, opts export.Options, bar *progressLine) (export.Result, error) {
	bar.message("planning the export…")
	p, err := export.NewPlan(ctx, items, opts)
	if err != nil {
		return export.Result{}, err
	}
	bar.update(0, len(p.Jobs), "")
	return p.Run(ctx)
}
