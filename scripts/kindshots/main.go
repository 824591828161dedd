// Command kindshots prints, for every node kind found in a folder of sample
// files, the first file and node path of that kind, one "kind<TAB>file<TAB>
// node" line per kind (node "/" is the file's root). Textures are split by
// family, since their inspectors differ: "texture-texm" (Parkan) and
// "texture-txd" (RenderWare). It runs the rummage
// binary's `info --json` and `ls --json -r`. scripts/inspector-shots.sh
// uses it to take one screenshot per inspector.
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
)

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
	seen := map[string]bool{}
	var order []string
	found := map[string][2]string{}
	// Nodes that show their inspector best, used when the samples have them
	// (an animated material, a level table with rows).
	showcase := map[string]string{"material": "WATER_M", "table": "lights"}
	add := func(kind, file, node string) {
		if kind == "" {
			return
		}
		if seen[kind] {
			if want, ok := showcase[kind]; ok && node == want && found[kind][1] != want {
				found[kind] = [2]string{file, node}
			}
			return
		}
		seen[kind] = true
		order = append(order, kind)
		found[kind] = [2]string{file, node}
	}
	for _, name := range names {
		file := filepath.Join(dir, name)
		var root struct {
			Kind string `json:"kind"`
		}
		if err := runJSON(bin, &root, "info", "--json", file); err != nil {
			fmt.Fprintf(os.Stderr, "kindshots: %s: %v\n", name, err)
			continue
		}
		add(root.Kind, file, "/")
		var rows []struct {
			Path string `json:"path"`
			Kind string `json:"kind"`
			Type string `json:"type"`
		}
		if err := runJSON(bin, &rows, "ls", "--json", "-r", file); err != nil {
			fmt.Fprintf(os.Stderr, "kindshots: %s: %v\n", name, err)
			continue
		}
		for _, r := range rows {
			kind := r.Kind
			if kind == "texture" {
				kind = "texture-txd"
				if r.Type == "Texm" {
					kind = "texture-texm"
				}
			}
			add(kind, file, r.Path)
		}
	}
	if len(order) == 0 {
		fmt.Fprintln(os.Stderr, "kindshots: no nodes in", dir)
		os.Exit(1)
	}
	for _, k := range order {
		fmt.Printf("%s\t%s\t%s\n", k, found[k][0], found[k][1])
	}
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
