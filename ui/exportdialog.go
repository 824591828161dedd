package ui

import (
	"context"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/export"
	"rummage/formats"
	"rummage/ui/count"
	"rummage/ui/widgets"
)

// exportSel is one node chosen for export, with its file.
type exportSel struct {
	file *openFile
	item export.Item // node and its path from the file's root
}

// treePath is the node's path in the tree, slash-separated: its file's
// name, then its path in the file. A node outside the open files (found in
// another library) is just its name, made a file name.
func (s exportSel) treePath() string {
	switch {
	case s.file == nil:
	case s.item.Path != "":
		return s.file.name + "/" + s.item.Path
	case formats.SameNode(s.item.Node, s.file.root):
		return s.file.name
	}
	return export.SafeName(formats.SafeName(s.item.Node))
}

// exportSelection is what Export… exports: the nodes marked for export (the
// tree's multi-selection), else the selected node; and a line naming it.
func (c *exportCtl) exportSelection() ([]exportSel, string) {
	var items []*item
	for _, uid := range c.marks.uids() {
		if it := c.model.item(uid); it != nil {
			items = append(items, it)
		}
	}
	var sel []exportSel
	for _, it := range items {
		sel = append(sel, exportSel{file: it.file, item: export.Item{Node: it.node, Path: it.path}})
	}
	switch {
	case len(sel) == 1:
		return sel, displayPath(items[0])
	case len(sel) > 1:
		return sel, lang.XN("export.marked", "{{.PluralCount}} nodes marked for export, first {{.First}}", len(sel),
			map[string]any{"PluralCount": len(sel), "First": displayPath(items[0])})
	}
	if it := c.sel.current(); it != nil {
		return []exportSel{{file: it.file, item: export.Item{Node: it.node, Path: it.path}}}, displayPath(it)
	}
	return nil, ""
}

// exportView is the Export… dialog (fields for tests): the nodes, the
// folder, a format per kind, mips, whether to keep the nodes' tree paths
// (off: every node straight into the folder; a container always exports
// into a folder named after it).
type exportView struct {
	c       *exportCtl
	sel     []exportSel
	what    *widget.Label
	dir     *widget.Entry
	formats map[string]*widget.Select // by export group name
	mips    *widget.Check
	keep    *widget.Check
	problem *widget.Label
	exportB *widget.Button
	cancelB *widget.Button
	dlg     *dialog.CustomDialog
	job     *exportJob // set when the export starts
}

// showExportDialog opens the Export… dialog for sel (what describes it).
func (c *exportCtl) showExportDialog(sel []exportSel, what string) *exportView {
	a := c.app
	v := &exportView{c: c, sel: sel, formats: map[string]*widget.Select{}}
	v.what = widget.NewLabel(what)
	v.what.Truncation = fyne.TextTruncateEllipsis
	v.dir = widget.NewEntry()
	v.dir.SetText(c.exportFolder(sel))
	choose := widget.NewButton(lang.X("action.choose", "Choose…"), func() {
		chooseFolder(c.win, c.status, v.dir.Text, func(p string) { v.dir.SetText(p) })
	})
	form := widget.NewForm(
		widget.NewFormItem(lang.X("export.what", "Export"), v.what),
		widget.NewFormItem(lang.X("export.to_folder", "To folder"), container.NewBorder(nil, nil, nil, choose, v.dir)),
	)
	var nodes []formats.Node
	for _, s := range sel {
		nodes = append(nodes, s.item.Node)
	}
	for _, g := range exportGroups {
		offered := groupFormats(g, nodes)
		s := widgets.NewSelect(offered, nil)
		s.SetSelected(groupFormat(a, g, offered))
		v.formats[g.name] = s
		form.Append(groupLabel(g), s)
	}
	v.mips = widget.NewCheck(lang.X("export.all_mips", "every mip level (NAME_mipN.png)"), nil)
	v.mips.SetChecked(a.Preferences().Bool(prefExportAllMips))
	form.Append(lang.X("export.mips", "Mip levels"), v.mips)
	v.keep = widget.NewCheck(lang.X("export.keep_paths", "keep each node's tree path (FILE/FOLDER/…/NODE)"), nil)
	v.keep.SetChecked(len(sel) > 1)
	form.Append(lang.X("export.folders", "Folders"), v.keep)
	v.problem = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Italic: true})
	v.problem.Importance = widget.DangerImportance
	v.problem.Wrapping = fyne.TextWrapWord
	v.problem.Hide()

	v.exportB = widget.NewButtonWithIcon(lang.X("export.start", "Export"), theme.DownloadIcon(), v.start)
	v.exportB.Importance = widget.HighImportance
	v.cancelB = widget.NewButtonWithIcon(lang.X("action.cancel", "Cancel"), theme.CancelIcon(), func() { v.dlg.Hide() })
	content := container.NewBorder(nil, v.problem, nil, nil, form)
	v.dlg = dialog.NewCustomWithoutButtons(lang.X("export.title", "Export"), content, c.win)
	v.dlg.SetButtons([]fyne.CanvasObject{v.cancelB, v.exportB})
	v.dlg.Resize(fyne.NewSize(680, 0))
	v.dlg.Show()
	return v
}

// exportFolder is the folder Export… proposes: the last export's, else
// export/ beside the first file on disk, else ./export.
func (c *exportCtl) exportFolder(sel []exportSel) string {
	if d := c.app.Preferences().String(prefExportDir); d != "" {
		return d
	}
	dir := "export"
	for _, s := range sel {
		if s.file != nil && s.file.path != "" {
			dir = filepath.Join(filepath.Dir(s.file.path), "export")
			break
		}
	}
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return dir
}

// choose selects the format as for the nodes of kind, where it is offered.
func (v *exportView) choose(kind formats.Kind, as string) {
	for _, g := range exportGroups {
		if slices.Contains(g.kinds, kind) && slices.Contains(v.formats[g.name].Options, as) {
			v.formats[g.name].SetSelected(as)
		}
	}
}

// options reads the dialog into export options.
func (v *exportView) options() export.Options {
	opts := export.Options{Dir: strings.TrimSpace(v.dir.Text), AllMips: v.mips.Checked, ByKind: map[formats.Kind]string{}}
	for _, g := range exportGroups {
		as := v.formats[g.name].Selected
		for _, k := range g.kinds {
			opts.ByKind[k] = as
		}
	}
	return opts
}

// start is the Export button: remember the choices, close the dialog and
// run the export in the background.
func (v *exportView) start() {
	opts := v.options()
	if opts.Dir == "" {
		v.problem.SetText(lang.X("export.no_folder", "Choose a folder to export to."))
		v.problem.Show()
		return
	}
	a := v.c.app
	a.Preferences().SetString(prefExportDir, opts.Dir)
	a.Preferences().SetBool(prefExportAllMips, opts.AllMips)
	for _, g := range exportGroups {
		setGroupFormat(a, g, v.formats[g.name].Selected)
	}
	v.dlg.Hide()
	v.job = v.c.startExport(v.sel, v.keep.Checked, opts)
}

// exportBatch is a set of nodes exported into one sub-folder of the export
// folder ("" for the folder itself).
type exportBatch struct {
	dir   string // slash-separated, relative
	items []export.Item
}

// exportBatches groups the selection. Each node is named by its tree path
// (see treePath), so a container — a file's root too — exports into a
// folder named after it, and nodes of several files never clash. Without
// keep, everything goes into the export folder (duplicate names get _2,
// _3, ...); with keep, each node goes into the folders of its tree path.
// A node inside another chosen node is left to it.
func exportBatches(sel []exportSel, keep bool) []exportBatch {
	paths := make([]string, len(sel))
	chosen := make(map[string]bool, len(sel))
	for i, s := range sel {
		paths[i] = s.treePath()
		chosen[strings.ToLower(paths[i])] = true
	}
	var out []exportBatch
	index := map[string]int{}
	for i, s := range sel {
		if insideChosen(paths[i], chosen) {
			continue
		}
		dir := ""
		if j := strings.LastIndexByte(paths[i], '/'); keep && j >= 0 {
			dir = path.Join(safeSegments(paths[i][:j])...)
		}
		k, ok := index[strings.ToLower(dir)]
		if !ok {
			k = len(out)
			index[strings.ToLower(dir)] = k
			out = append(out, exportBatch{dir: dir})
		}
		out[k].items = append(out[k].items, export.Item{Node: s.item.Node, Path: paths[i]})
	}
	return out
}

// insideChosen reports whether one of p's parent paths is chosen (keys
// lower-case).
func insideChosen(p string, chosen map[string]bool) bool {
	p = strings.ToLower(p)
	for i := strings.LastIndexByte(p, '/'); i >= 0; i = strings.LastIndexByte(p, '/') {
		p = p[:i]
		if chosen[p] {
			return true
		}
	}
	return false
}

// safeSegments splits a slash path into file-system-safe names.
func safeSegments(p string) []string {
	var out []string
	for _, s := range strings.Split(p, "/") {
		if s != "" {
			out = append(out, export.SafeName(s))
		}
	}
	return out
}

// exportJob is a running or finished export.
type exportJob struct {
	*job
	ask *existsAsker // the question about existing files
	mu  sync.Mutex
	out exportOutcome
}

// exportOutcome is what an export did.
type exportOutcome struct {
	written   []string // full paths
	skipped   []string // existing files left as they were, full paths
	failures  []export.Failure
	cancelled bool
	err       error
}

// outcome returns what the export did (complete once done is closed).
func (j *exportJob) outcome() exportOutcome {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.out
}

// progressEvery is the least time between two progress updates.
const progressEvery = 50 * time.Millisecond

// startExport groups sel (see exportBatches), plans and writes it in the
// background, with the status bar's progress bar, counts and Cancel. A file
// that exists already is asked about (see existsAsker). Nodes that fail
// are skipped and listed at the end. A cancelled export keeps the files it
// finished and removes the one it was writing.
func (c *exportCtl) startExport(sel []exportSel, keep bool, opts export.Options) *exportJob {
	ctx, cancel := context.WithCancel(context.Background())
	j := &exportJob{job: &job{cancel: cancel, done: make(chan struct{})}}
	j.ask = &existsAsker{c: c, ctx: ctx, cancel: cancel}
	opts.Ask = j.ask.ask
	c.status.startProgress(lang.X("export.progress", "Exporting"), cancel)
	c.jobs.Add(1)
	go func() {
		defer c.jobs.Done()
		defer close(j.done)
		defer cancel()
		out := runBatches(ctx, exportBatches(sel, keep), opts, func(done, total, failed int) {
			fyne.Do(func() {
				title := lang.X("export.progress", "Exporting")
				if failed > 0 {
					title = lang.X("export.progress_failed", "Exporting ({{.Failed}} failed)", map[string]any{"Failed": failed})
				}
				c.status.progress(title, done, total)
			})
		})
		j.mu.Lock()
		j.out = out
		j.mu.Unlock()
		fyne.Do(func() {
			c.status.endProgress()
			c.exportFinished(opts.Dir, out)
		})
	}()
	return j
}

// runBatches plans every batch, then runs the plans, reporting progress
// (throttled) as jobs done of the total and failures so far. A panic in
// format code ends it with a *formats.PanicError; what was written before
// is still returned.
func runBatches(ctx context.Context, batches []exportBatch, opts export.Options,
	progress func(done, total, failed int)) exportOutcome {
	var out exportOutcome
	err := formats.GuardErr("export", func() error {
		return runPlans(ctx, batches, opts, progress, &out)
	})
	if errors.Is(err, context.Canceled) {
		out.cancelled = true
	} else {
		out.err = err
	}
	return out
}

// runPlans is runBatches without the guard: it adds to out as it goes.
func runPlans(ctx context.Context, batches []exportBatch, opts export.Options,
	progress func(done, total, failed int), out *exportOutcome) error {
	var plans []*export.Plan
	total, done, base, planFailed := 0, 0, 0, 0
	last := time.Time{}
	report := func(d, _ int, _ string) { // Options.Progress, on this goroutine
		done = base + d
		if now := time.Now(); done == total || now.Sub(last) >= progressEvery {
			last = now
			progress(done, total, planFailed)
		}
	}
	for _, b := range batches {
		o := opts
		o.Progress = report
		if b.dir != "" {
			o.Dir = filepath.Join(opts.Dir, filepath.FromSlash(b.dir))
		}
		p, err := export.NewPlan(ctx, b.items, o)
		if err != nil {
			return err
		}
		plans = append(plans, p)
		total += len(p.Jobs)
		out.failures = append(out.failures, p.Failures...)
	}
	progress(0, total, len(out.failures))
	for _, p := range plans {
		base, planFailed = done, len(out.failures)
		res, err := p.Run(ctx)
		out.written = append(out.written, res.Written...)
		out.skipped = append(out.skipped, res.Skipped...)
		if len(res.Failures) > len(p.Failures) {
			out.failures = append(out.failures, res.Failures[len(p.Failures):]...)
		}
		if err != nil {
			return err
		}
	}
	progress(done, total, len(out.failures))
	return nil
}

// exportFinished reports an export: a status message, with Open folder
// when files were written, and the list of failed nodes when there are
// any.
func (c *exportCtl) exportFinished(dir string, out exportOutcome) {
	files := count.Files(len(out.written))
	if n := len(out.skipped); n > 0 {
		files += " " + lang.XN("export.skipped", "({{.PluralCount}} existing files skipped)", n)
	}
	d := map[string]any{"Files": files, "Dir": dir, "Error": out.err, "Failed": count.Nodes(len(out.failures))}
	var msg string
	isErr := true
	switch {
	case out.err != nil:
		msg = lang.X("export.failed", "export to {{.Dir}}: {{.Error}} ({{.Files}} written)", d)
	case out.cancelled:
		msg, isErr = lang.X("export.cancelled", "export cancelled: {{.Files}} written to {{.Dir}}", d), false
	case len(out.failures) > 0:
		msg = lang.X("export.done_failed", "exported {{.Files}} to {{.Dir}}; {{.Failed}} failed", d)
	default:
		msg, isErr = lang.X("export.done", "exported {{.Files}} to {{.Dir}}", d), false
	}
	if len(out.written) > 0 {
		c.status.messageAction(msg, isErr, lang.X("export.open_folder", "Open folder"), func() { c.openFolder(dir) })
	} else {
		c.status.message(msg, isErr)
	}
	if len(out.failures) > 0 {
		c.showExportFailures(dir, len(out.written), out.failures)
	}
}

// showExportFailures lists the nodes an export skipped.
func (c *exportCtl) showExportFailures(dir string, written int, failures []export.Failure) {
	var b strings.Builder
	b.WriteString(lang.X("export.failures.head", "{{.Files}} written to {{.Dir}}.\n{{.Nodes}} could not be exported and were skipped:",
		map[string]any{"Files": count.Files(written), "Dir": dir, "Nodes": count.Nodes(len(failures))}) + "\n\n")
	for _, f := range failures {
		p := f.Path
		if p == "" {
			p = lang.X("export.failures.root", "(root)")
		}
		fmt.Fprintf(&b, "• %s: %s\n", p, formats.ErrorText(f.Err))
	}
	l := widget.NewLabel(strings.TrimSpace(b.String()))
	l.Wrapping = fyne.TextWrapWord
	sc := container.NewVScroll(l)
	sc.SetMinSize(fyne.NewSize(600, 260))
	title := lang.XN("export.failures.title", "Export: {{.PluralCount}} failures", len(failures))
	dialog.ShowCustom(title, lang.X("action.close", "Close"), sc, c.win)
}
