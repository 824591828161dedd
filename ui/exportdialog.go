package ui

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/export"
	"rummage/formats"
	"rummage/ui/widgets"
)

// exportSel is one node chosen for export, with its file.
type exportSel struct {
	file *openFile
	item export.Item // node and its path from the file's root
}

// exportSelection is what Export… exports: the nodes marked for export (the
// tree's multi-selection), else the selected node; and a line naming it.
func (w *window) exportSelection() ([]exportSel, string) {
	uids := make([]string, 0, len(w.marked))
	for uid := range w.marked {
		if w.model.items[uid] != nil {
			uids = append(uids, uid)
		}
	}
	sort.Strings(uids)
	var sel []exportSel
	for _, uid := range uids {
		it := w.model.items[uid]
		sel = append(sel, exportSel{file: it.file, item: export.Item{Node: it.node, Path: it.path}})
	}
	switch {
	case len(sel) == 1:
		return sel, displayPath(w.model.items[uids[0]])
	case len(sel) > 1:
		return sel, fmt.Sprintf("%s marked for export, first %s", summary(len(sel), "node"), displayPath(w.model.items[uids[0]]))
	}
	if it := w.current(); it != nil {
		return []exportSel{{file: it.file, item: export.Item{Node: it.node, Path: it.path}}}, displayPath(it)
	}
	return nil, ""
}

// exportView is the Export… dialog (fields for tests): the nodes, the
// folder, a format per kind, mips, whether to keep the archive's folders.
type exportView struct {
	w       *window
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
func (w *window) showExportDialog(sel []exportSel, what string) *exportView {
	a := w.app
	v := &exportView{w: w, sel: sel, formats: map[string]*widget.Select{}}
	v.what = widget.NewLabel(what)
	v.what.Truncation = fyne.TextTruncateEllipsis
	v.dir = widget.NewEntry()
	v.dir.SetText(w.exportFolder(sel))
	choose := widget.NewButton("Choose…", func() {
		w.chooseFolder(v.dir.Text, func(p string) { v.dir.SetText(p) })
	})
	form := widget.NewForm(
		widget.NewFormItem("Export", v.what),
		widget.NewFormItem("To folder", container.NewBorder(nil, nil, nil, choose, v.dir)),
	)
	for _, g := range exportGroups {
		s := widget.NewSelect(g.formats, nil)
		s.SetSelected(groupFormat(a, g))
		v.formats[g.name] = s
		form.Append(groupLabel(g), s)
	}
	v.mips = widget.NewCheck("every mip level (NAME_mipN.png)", nil)
	v.mips.SetChecked(a.Preferences().Bool(prefExportAllMips))
	form.Append("Mip levels", v.mips)
	v.keep = widget.NewCheck("put each node in its folder path (a container always keeps its own)", nil)
	v.keep.SetChecked(len(sel) > 1)
	form.Append("Folders", v.keep)
	v.problem = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Italic: true})
	v.problem.Importance = widget.DangerImportance
	v.problem.Hide()

	v.exportB = widget.NewButtonWithIcon("Export", theme.DownloadIcon(), v.start)
	v.exportB.Importance = widget.HighImportance
	v.cancelB = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() { v.dlg.Hide() })
	content := container.NewBorder(nil, v.problem, nil, nil, form)
	v.dlg = dialog.NewCustomWithoutButtons("Export", content, w.win)
	v.dlg.SetButtons([]fyne.CanvasObject{v.cancelB, v.exportB})
	v.dlg.Resize(fyne.NewSize(680, 0))
	v.dlg.Show()
	return v
}

// exportFolder is the folder Export… proposes: the last export's, else
// export/ beside the first file on disk, else ./export.
func (w *window) exportFolder(sel []exportSel) string {
	if d := w.app.Preferences().String(prefExportDir); d != "" {
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
		if slices.Contains(g.kinds, kind) && slices.Contains(g.formats, as) {
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
		v.problem.SetText("Choose a folder to export to.")
		v.problem.Show()
		return
	}
	a := v.w.app
	a.Preferences().SetString(prefExportDir, opts.Dir)
	a.Preferences().SetBool(prefExportAllMips, opts.AllMips)
	for _, g := range exportGroups {
		setGroupFormat(a, g, v.formats[g.name].Selected)
	}
	v.dlg.Hide()
	v.job = v.w.startExport(exportBatches(v.sel, v.keep.Checked), opts)
}

// exportBatch is a set of nodes exported into one sub-folder of the export
// folder ("" for the folder itself).
type exportBatch struct {
	dir   string // slash-separated, relative
	items []export.Item
}

// exportBatches groups the selection. Without keep, everything goes into
// the export folder (duplicate names get _2, _3, ...). With keep, each node
// goes into the folder of its parent's path (and its file's name first when
// the nodes come from several files), and a node inside another chosen node
// is left to it.
func exportBatches(sel []exportSel, keep bool) []exportBatch {
	if !keep {
		b := exportBatch{}
		for _, s := range sel {
			b.items = append(b.items, s.item)
		}
		return []exportBatch{b}
	}
	files := map[*openFile]bool{}
	for _, s := range sel {
		files[s.file] = true
	}
	chosen := map[*openFile][]string{}
	for _, s := range sel {
		chosen[s.file] = append(chosen[s.file], strings.ToLower(s.item.Path))
	}
	inside := func(s exportSel) bool {
		p := strings.ToLower(s.item.Path)
		for _, q := range chosen[s.file] {
			if q != p && (q == "" || strings.HasPrefix(p, q+"/")) {
				return true
			}
		}
		return false
	}
	var out []exportBatch
	index := map[string]int{}
	for _, s := range sel {
		if inside(s) {
			continue
		}
		var segs []string
		if len(files) > 1 && s.file != nil {
			segs = append(segs, safeSegments(s.file.name)...)
		}
		if i := strings.LastIndexByte(s.item.Path, '/'); i >= 0 {
			segs = append(segs, safeSegments(s.item.Path[:i])...)
		}
		dir := path.Join(segs...)
		k, ok := index[strings.ToLower(dir)]
		if !ok {
			k = len(out)
			index[strings.ToLower(dir)] = k
			out = append(out, exportBatch{dir: dir})
		}
		out[k].items = append(out[k].items, s.item)
	}
	return out
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
	mu        sync.Mutex
	written   []string
	failures  []export.Failure
	cancelled bool
	err       error
}

// outcome returns what the export did (complete once done is closed).
func (j *exportJob) outcome() (written []string, failures []export.Failure, cancelled bool, err error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.written, j.failures, j.cancelled, j.err
}

// progressEvery is the least time between two progress updates.
const progressEvery = 50 * time.Millisecond

// startExport plans and writes the batches in the background, with the
// status bar's progress bar, counts and Cancel. Nodes that fail are
// skipped and listed at the end. A cancelled export keeps the files it
// finished and removes the one it was writing.
func (w *window) startExport(batches []exportBatch, opts export.Options) *exportJob {
	ctx, cancel := context.WithCancel(context.Background())
	j := &exportJob{job: &job{cancel: cancel, done: make(chan struct{})}}
	w.status.startProgress("Exporting", cancel)
	w.jobs.Add(1)
	go func() {
		defer w.jobs.Done()
		defer close(j.done)
		defer cancel()
		written, failures, err := runBatches(ctx, batches, opts, func(done, total, failed int) {
			fyne.Do(func() {
				title := "Exporting"
				if failed > 0 {
					title = fmt.Sprintf("Exporting (%d failed)", failed)
				}
				w.status.progress(title, done, total)
			})
		})
		cancelled := errors.Is(err, context.Canceled)
		if cancelled {
			err = nil
		}
		j.mu.Lock()
		j.written, j.failures, j.cancelled, j.err = written, failures, cancelled, err
		j.mu.Unlock()
		fyne.Do(func() {
			w.status.endProgress()
			w.exportFinished(opts.Dir, written, failures, cancelled, err)
		})
	}()
	return j
}

// runBatches plans every batch, then runs the plans, reporting progress
// (throttled) as jobs done of the total and failures so far. A panic in
// format code ends it with a *formats.PanicError; what was written before
// is still returned.
func runBatches(ctx context.Context, batches []exportBatch, opts export.Options,
	progress func(done, total, failed int)) (written []string, failures []export.Failure, err error) {
	err = formats.GuardErr("export", func() error {
		return runPlans(ctx, batches, opts, progress, &written, &failures)
	})
	return written, failures, err
}

// runPlans is runBatches without the guard: it appends to written and
// failures as it goes.
func runPlans(ctx context.Context, batches []exportBatch, opts export.Options,
	progress func(done, total, failed int), written *[]string, failures *[]export.Failure) error {
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
		*failures = append(*failures, p.Failures...)
	}
	progress(0, total, len(*failures))
	for _, p := range plans {
		base, planFailed = done, len(*failures)
		res, err := p.Run(ctx)
		*written = append(*written, res.Written...)
		if len(res.Failures) > len(p.Failures) {
			*failures = append(*failures, res.Failures[len(p.Failures):]...)
		}
		if err != nil {
			return err
		}
	}
	progress(done, total, len(*failures))
	return nil
}

// exportFinished reports an export: a status message, and the list of
// failed nodes when there are any.
func (w *window) exportFinished(dir string, written []string, failures []export.Failure, cancelled bool, err error) {
	files := summary(len(written), "file")
	switch {
	case err != nil:
		w.setError(fmt.Errorf("export to %s: %w (%s written)", dir, err, files))
	case cancelled:
		w.Status(fmt.Sprintf("export cancelled: %s written to %s", files, dir))
	case len(failures) > 0:
		w.setError(fmt.Errorf("exported %s to %s; %s failed", files, dir, summary(len(failures), "node")))
	default:
		w.Status(fmt.Sprintf("exported %s to %s", files, dir))
	}
	if len(failures) > 0 {
		w.showExportFailures(dir, len(written), failures)
	}
}

// showExportFailures lists the nodes an export skipped.
func (w *window) showExportFailures(dir string, written int, failures []export.Failure) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s written to %s.\n%s could not be exported and were skipped:\n\n",
		summary(written, "file"), dir, summary(len(failures), "node"))
	for _, f := range failures {
		p := f.Path
		if p == "" {
			p = "(root)"
		}
		fmt.Fprintf(&b, "• %s: %s\n", p, formats.ErrorText(f.Err))
	}
	l := widget.NewLabel(strings.TrimSpace(b.String()))
	l.Wrapping = fyne.TextWrapWord
	sc := container.NewVScroll(l)
	sc.SetMinSize(fyne.NewSize(600, 260))
	dialog.ShowCustom("Export: "+summary(len(failures), "failure"), "Close", sc, w.win)
}

// maxTypeNodes bounds the walk of "Export all of this type".
const maxTypeNodes = 200_000

// exportAllOfType is the tree menu's "Export all of this type…": it finds
// every node of the file with the same kind and type tag as it (in the
// background: the walk opens every container) and opens Export… on them,
// keeping their folders.
func (w *window) exportAllOfType(it *item) {
	if it == nil || it.file == nil || it.file.root == nil {
		w.setError(errNoFile)
		return
	}
	f, kind, tag := it.file, it.kind, it.tag
	w.Status(fmt.Sprintf("looking for every %s in %s…", typeLabel(kind, tag), f.name))
	w.jobs.Add(1)
	go func() {
		defer w.jobs.Done()
		items, err := findOfType(f.root, kind, tag)
		fyne.Do(func() {
			if err != nil {
				// Part of the file could not be walked: say so, and offer
				// what was found.
				w.setError(fmt.Errorf("looking for every %s in %s: %w", typeLabel(kind, tag), f.name, err))
			}
			if len(items) == 0 {
				if err == nil {
					w.Status(fmt.Sprintf("no %s in %s", typeLabel(kind, tag), f.name))
				}
				return
			}
			if err == nil {
				w.Status(fmt.Sprintf("found %s in %s", summary(len(items), typeLabel(kind, tag)), f.name))
			}
			sel := make([]exportSel, len(items))
			for i, x := range items {
				sel[i] = exportSel{file: f, item: x}
			}
			v := w.showExportDialog(sel, fmt.Sprintf("%s in %s", summary(len(items), typeLabel(kind, tag)), f.name))
			v.keep.SetChecked(true)
		})
	}()
}

// typeLabel names a kind and type for messages: "MAT0 material".
func typeLabel(kind formats.Kind, tag string) string {
	if tag == "" || strings.EqualFold(tag, string(kind)) {
		return string(kind)
	}
	return tag + " " + string(kind)
}

// findOfType walks root depth first and returns the nodes of the kind and
// type tag, with their paths; it does not look inside a node it returns.
// Containers whose children cannot be read are skipped (the tree marks
// them); a panic naming their children is returned with what was found.
func findOfType(root formats.Node, kind formats.Kind, tag string) ([]export.Item, error) {
	var out []export.Item
	var firstErr error
	seen := 0
	var walk func(n formats.Node, p string, depth int)
	walk = func(n formats.Node, p string, depth int) {
		if depth > 32 || seen > maxTypeNodes {
			return
		}
		kids, err := formats.SafeChildren(n)
		if err != nil || len(kids) == 0 {
			return
		}
		names, err := widgets.ChildNames(kids, n)
		if err != nil {
			firstErr = cmp.Or(firstErr, err)
			return
		}
		for i, k := range kids {
			if k == nil {
				continue
			}
			seen++
			kp := names[i]
			if p != "" {
				kp = p + "/" + kp
			}
			kk := formats.SafeKind(k)
			if kk == kind && formats.SafeType(k) == tag {
				out = append(out, export.Item{Node: k, Path: kp})
				continue
			}
			if !leafKinds[kk] {
				walk(k, kp, depth+1)
			}
		}
	}
	walk(root, "", 0)
	return out, firstErr
}
