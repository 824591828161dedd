// Command kindshots prints, for every node kind found in a folder of sample
// files, the first file and node path of that kind, one "name<TAB>file<TAB>
// node<TAB>tab" line per screenshot (node "/" is the file's root; an empty
// tab is the inspector's first). Kinds whose inspectors differ by family
// are split: textures into "texture-texm" (Parkan) and "texture-txd"
// (RenderWare), archives into "archive" and "archive-txd", meshes into
// "mesh" (MSH models) and "mesh-TYPE" (level chunks, visuals, sectors).
// Then come the tabs after the first one, and tabs inside tabs, named
// "KIND-TAB". It runs the rummage binary's `info --json` and
// `ls --json -r`. scripts/inspector-shots.sh uses it to take one
// screenshot per inspector and tab.
//
//	go run ./scripts/kindshots BIN DIR
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// moreTabs are the tabs shot besides each kind's first, with the name
// their shot gets. A tab that is not there fails the screenshot.
var moreTabs = []struct{ kind, name, tab string }{
	{"archive-txd", "archive-txd-sections", "Sections"},
	{"archive-txd", "archive-txd-grid", "Grid"},
	{"material", "material-animation", "Material/Animation"},
	{"texture-txd", "texture-txd-txd", "TXD"},
	{"texture-txd", "texture-txd-ps2", "PS2"},
	{"mesh", "mesh-batches", "Batches"},
	{"mesh-DFF", "mesh-dff-materials", "Materials"},
	{"mesh-DFF", "mesh-dff-frames", "Frames"},
	{"level", "level-sectors", "Statistics/Sectors"},
	{"level", "level-textures", "Statistics/Textures"},
	{"level", "level-preview", "Preview"},
	{"raw", "raw-hex", "Hex"},
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: kindshots BIN DIR")
		os.Exit(2)
	}
	bin, dir := os.Args[1], os.Args[2]
	ents, err := os.ReadDir(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kindshots:", err)
		os.Exit(1)
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	k := newKinds()
	for _, name := range names {
		file := filepath.Join(dir, name)
		if err := k.scan(bin, file); err != nil {
			fmt.Fprintf(os.Stderr, "kindshots: %s: %v\n", name, err)
		}
	}
	if len(k.order) == 0 {
		fmt.Fprintln(os.Stderr, "kindshots: no nodes in", dir)
		os.Exit(1)
	}
	for _, kind := range k.order {
		fmt.Printf("%s\t%s\t%s\t\n", kind, k.found[kind][0], k.found[kind][1])
	}
	for _, m := range moreTabs {
		if f, ok := k.found[m.kind]; ok {
			fmt.Printf("%s\t%s\t%s\t%s\n", m.name, f[0], f[1], m.tab)
		}
	}
}

// kinds collects the first file and node of each kind.
type kinds struct {
	seen  map[string]bool
	order []string
	found map[string][2]string
}

func newKinds() *kinds { return &kinds{seen: map[string]bool{}, found: map[string][2]string{}} }

// showcase are the nodes that show their inspector best, used when the
// samples have them (an animated material, a level table with rows).
var showcase = map[string]string{"material": "WATER_M", "table": "lights"}

// add records node of file as the kind's, unless the kind has one (or
// has its showcase node).
func (k *kinds) add(kind, file, node string) {
	if kind == "" {
		return
	}
	if k.seen[kind] {
		if want, ok := showcase[kind]; ok && node == want && k.found[kind][1] != want {
			k.found[kind] = [2]string{file, node}
		}
		return
	}
	k.seen[kind] = true
	k.order = append(k.order, kind)
	k.found[kind] = [2]string{file, node}
}

// scan adds the kinds of file's root and of every node below it.
func (k *kinds) scan(bin, file string) error {
	var root struct {
		Kind string `json:"kind"`
		Type string `json:"type"`
	}
	if err := runJSON(bin, &root, "info", "--json", file); err != nil {
		return err
	}
	if root.Type == "" { // a file's root names no type tag: take its extension (a .dff is "mesh-DFF")
		root.Type = strings.ToUpper(strings.TrimPrefix(filepath.Ext(file), "."))
	}
	k.add(family(root.Kind, root.Type), file, "/")
	var rows []struct {
		Path string `json:"path"`
		Kind string `json:"kind"`
		Type string `json:"type"`
	}
	if err := runJSON(bin, &rows, "ls", "--json", "-r", file); err != nil {
		return err
	}
	for _, r := range rows {
		k.add(family(r.Kind, r.Type), file, r.Path)
	}
	return nil
}

// family is the shot name of a node kind and type tag: the kind, split by
// the families whose inspectors differ.
func family(kind, typ string) string {
	switch {
	case kind == "texture" && typ == "Texm":
		return "texture-texm"
	case kind == "texture":
		return "texture-txd"
	case kind == "archive" && typ == "TXD":
		return "archive-txd"
	case kind == "mesh" && typ != "MSH" && typ != "":
		return "mesh-" + typ
	}
	return kind
}

func runJSON(bin string, v any, args ...string) error {
	var out, errb bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%v: %s", err, bytes.TrimSpace(errb.Bytes()))
	}
	return json.Unmarshal(out.Bytes(), v)
}
