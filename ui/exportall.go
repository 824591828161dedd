package ui

import (
	"cmp"
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"rummage/export"
	"rummage/formats"
	"rummage/ui/count"
	"rummage/ui/widgets"
)

// maxTypeNodes bounds the walk of "Export all of this type" in each file.
const maxTypeNodes = 200_000

// exportAllOfType is the tree menu's "Export all TYPE nodes…": every node
// of the same kind and type tag as it — those the filter found while the
// filter is active, else those of every open file — offered in Export…
// with their tree paths kept. Without a filter the files are walked in the
// background (the walk opens every container).
func (c *exportCtl) exportAllOfType(it *item) {
	open := c.files.openFiles()
	if it == nil || len(open) == 0 {
		c.status.setError(errNoFile())
		return
	}
	kind, tag := it.kind, it.tag
	what := map[string]any{"Type": typeLabel(kind, tag)}
	if sel, fv := c.model.filteredOfType(kind, tag); fv != nil {
		if len(sel) == 0 {
			c.status.Status(lang.X("export.type.none_filtered", "the filter found no {{.Type}}", what))
			return
		}
		label := lang.X("export.type.filtered", "{{.Nodes}} matching the filter", map[string]any{"Nodes": typeCount(len(sel), kind, tag)})
		if len(fv.partial) > 0 || fv.skipped > 0 {
			c.status.Status(label + " " + lang.X("export.type.partial", "(the filter did not search every node)"))
		}
		c.offerOfType(sel, label)
		return
	}
	files := append([]*openFile(nil), open...)
	what["Files"] = filesLabel(files)
	c.status.Status(lang.X("export.type.looking", "looking for every {{.Type}} in {{.Files}}…", what))
	c.jobs.Add(1)
	go func() {
		defer c.jobs.Done()
		sel, err := selectOfType(files, kind, tag)
		fyne.Do(func() { c.foundOfType(sel, err, it, files) })
	}()
}

// foundOfType reports the walk of exportAllOfType for the nodes of like's
// kind and type, and offers what it found.
func (c *exportCtl) foundOfType(sel []exportSel, err error, like *item, files []*openFile) {
	what := map[string]any{"Type": typeLabel(like.kind, like.tag), "Files": filesLabel(files), "Error": err}
	if err != nil {
		// Part of a file could not be walked: say so, and offer what was
		// found.
		c.status.setError(failure(lang.X("export.type.failed", "looking for every {{.Type}}: {{.Error}}", what), err))
	}
	if len(sel) == 0 {
		if err == nil {
			c.status.Status(lang.X("export.type.none", "no {{.Type}} in {{.Files}}", what))
		}
		return
	}
	var in []*openFile
	for _, s := range sel {
		if len(in) == 0 || in[len(in)-1] != s.file {
			in = append(in, s.file)
		}
	}
	label := lang.X("export.type.found_in", "{{.Nodes}} in {{.Files}}",
		map[string]any{"Nodes": typeCount(len(sel), like.kind, like.tag), "Files": filesLabel(in)})
	if err == nil {
		c.status.Status(lang.X("export.type.found", "found {{.Nodes}}", map[string]any{"Nodes": label}))
	}
	c.offerOfType(sel, label)
}

// offerOfType opens Export… on the nodes found, keeping their tree paths.
func (c *exportCtl) offerOfType(sel []exportSel, label string) {
	v := c.showExportDialog(sel, label)
	v.keep.SetChecked(true)
}

// filesLabel names the files: "fake.lib", or "3 files".
func filesLabel(files []*openFile) string {
	if len(files) == 1 {
		return files[0].name
	}
	return count.Files(len(files))
}

// selectOfType finds the nodes of kind and tag in every file (see
// findOfType); the error is the first walk's that failed.
func selectOfType(files []*openFile, kind formats.Kind, tag string) ([]exportSel, error) {
	var sel []exportSel
	var firstErr error
	for _, f := range files {
		if f.root == nil {
			continue
		}
		items, err := findOfType(f.root, kind, tag)
		if err != nil {
			firstErr = cmp.Or(firstErr, fmt.Errorf("%s: %w", f.name, err))
		}
		for _, x := range items {
			sel = append(sel, exportSel{file: f, item: x})
		}
	}
	return sel, firstErr
}

// filteredOfType is what the filter found of kind and tag, in tree order,
// and the filter; it does not look inside a node it returns. Without a
// filter both are nil.
func (m *treeModel) filteredOfType(kind formats.Kind, tag string) ([]exportSel, *filterView) {
	fv := m.filter
	if fv == nil {
		return nil, nil
	}
	var sel []exportSel
	var walk func(uid string)
	walk = func(uid string) {
		it := m.items[uid]
		if it == nil {
			return
		}
		if fv.matched[uid] && it.kind == kind && it.tag == tag {
			sel = append(sel, exportSel{file: it.file, item: export.Item{Node: it.node, Path: it.path}})
			return
		}
		for _, k := range fv.kids[uid] {
			walk(k)
		}
	}
	for _, r := range fv.roots {
		walk(r)
	}
	return sel, fv
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
