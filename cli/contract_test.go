package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/dff/dfftest"
)

// contractFiles writes the sample set, the test car's game folder and the
// small test game, and returns the folder of the samples, the car and the
// scene.
func contractFiles(t *testing.T) (samples, car, scene string) {
	t.Helper()
	samples, _ = writeSamples(t)
	car, err := dfftest.WriteFolder(t.TempDir(), dfftest.Folder{COL3: true})
	if err != nil {
		t.Fatal(err)
	}
	return samples, car, smallGame(t)
}

// jsonType names the JSON type of a decoded value as the contract speaks
// of it: number, string, bool, array, object or null.
func jsonType(v any) string {
	switch v.(type) {
	case float64:
		return "number"
	case string:
		return "string"
	case bool:
		return "bool"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "null"
}

// wantMembers checks that obj has every member named in want ("name:type",
// the type one of jsonType's or several joined by "|"), spelled exactly.
func wantMembers(t *testing.T, where string, obj map[string]any, want ...string) {
	t.Helper()
	for _, w := range want {
		name, types, _ := strings.Cut(w, ":")
		v, ok := obj[name]
		if !ok {
			t.Errorf("%s: no member %q (has %v)", where, name, slices.Sorted(mapKeys(obj)))
			continue
		}
		if got := jsonType(v); !slices.Contains(strings.Split(types, "|"), got) {
			t.Errorf("%s: %q is a %s (%v), want %s", where, name, got, v, types)
		}
	}
}

func mapKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// firstOf returns the first element of the array member name of obj as an
// object (nil, reported, when there is none).
func firstOf(t *testing.T, where string, obj map[string]any, name string) map[string]any {
	t.Helper()
	arr, _ := obj[name].([]any)
	if len(arr) == 0 {
		t.Errorf("%s: %q is %v, want a non-empty array", where, name, obj[name])
		return map[string]any{}
	}
	first, _ := arr[0].(map[string]any)
	if first == nil {
		t.Errorf("%s: %q[0] is %v, want an object", where, name, arr[0])
		return map[string]any{}
	}
	return first
}

// TestContractInfoShapes checks the member names and JSON types that
// design.md and issues 26-28 promise for info --json of each kind added in
// this session, spelled exactly (encoding/json's struct decoding would
// accept "Duration" for "duration").
func TestContractInfoShapes(t *testing.T) {
	dir, car, ipl := contractFiles(t)
	info := func(file, node string) map[string]any {
		t.Helper()
		obj, _ := infoJSON(t, file, node)
		if obj == nil {
			obj = map[string]any{}
		}
		return obj
	}
	walker, ifp := filepath.Join(dir, "walker.dff"), filepath.Join(dir, "walker.ifp")

	anim := info(ifp, "walk")
	wantMembers(t, "animation", anim, "kind:string", "name:string", "duration:number", "frames:number", "bones:array")
	wantMembers(t, "animation bone", firstOf(t, "animation", anim, "bones"), "name:string", "id:number", "keys:number", "type:string")
	if anim["kind"] != "animation" {
		t.Errorf("animation kind %v", anim["kind"])
	}

	clump := info(walker, "")
	wantMembers(t, "clump", clump, "kind:string", "nodes:number", "vertices:number", "triangles:number", "batches:number",
		"bounds:object", "uvSets:number", "normals:bool", "prelit:bool", "materials:array", "geometries:number", "frames:array", "bones:array")
	wantMembers(t, "clump bone", firstOf(t, "clump", clump, "bones"), "name:string", "id:number", "parent:number")
	wantMembers(t, "clump frame", firstOf(t, "clump", clump, "frames"), "name:string", "parent:number")
	wantMembers(t, "clump material", firstOf(t, "clump", clump, "materials"), "texture:string", "mask:string", "color:array", "found:string|null")
	bounds, _ := clump["bounds"].(map[string]any)
	wantMembers(t, "clump bounds", bounds, "min:array", "max:array")

	skin, _ := info(walker, "geometry_0")["skin"].(map[string]any)
	wantMembers(t, "skinned geometry's skin", skin, "bones:number", "maxWeights:number", "usedBones:number")

	vehicle := info(car, "")
	wantMembers(t, "vehicle", vehicle, "wheels:number", "parts:array")
	part := firstOf(t, "vehicle", vehicle, "parts")
	wantMembers(t, "vehicle part", part, "name:string", "kind:string")
	for _, p := range vehicle["parts"].([]any) {
		if k := p.(map[string]any)["kind"]; !slices.Contains([]any{"ok", "dam", "vlo", "other"}, k) {
			t.Errorf("part %v: kind %v, want ok, dam, vlo or other", p, k)
		}
	}
	light := firstOf(t, "2dfx", info(car, "geometry_0/2dfx"), "rows")
	if c, _ := light["color"].([]any); len(c) != 4 || jsonType(c[0]) != "number" {
		t.Errorf("a 2DFX light's color is %v, want an array of 4 numbers", light["color"])
	}

	col := info(filepath.Join(dir, "sample.col"), "sample_terrain")
	wantMembers(t, "collision model", col, "kind:string", "spheres:number", "boxes:number", "faces:number", "vertices:number",
		"bounds:object", "surfaces:array", "shadowFaces:number")

	sc := info(ipl, "")
	wantMembers(t, "scene", sc, "kind:string", "instances:number", "models:number", "found:number", "missing:number", "bounds:object")
	if sc["kind"] != "scene" {
		t.Errorf("scene kind %v", sc["kind"])
	}
	bounds, _ = sc["bounds"].(map[string]any)
	wantMembers(t, "scene bounds", bounds, "min:array", "max:array")
}

// TestContractLsRowMembers: an ls --json row has exactly the contract's
// members (NRes entries add attr1..3 and sortIndex, RsLi entries their
// method, flags, sizes and order; a broken row "error"), on every kind of
// file in the samples and fixtures.
func TestContractLsRowMembers(t *testing.T) {
	dir, car, ipl := contractFiles(t)
	base := []string{"children", "kind", "name", "offset", "path", "size", "type"}
	shapes := [][]string{base,
		sortedCopy(append(slices.Clone(base), "attr1", "attr2", "attr3", "sortIndex")),
		sortedCopy(append(slices.Clone(base), "method", "flags", "packedSize", "unpackedSize", "order"))}
	code, out, stderr := run(t, "ls", "--json", "-r", "-q", dir, car, ipl)
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for _, line := range lines {
		var f struct {
			File    string           `json:"file"`
			Entries []map[string]any `json:"entries"`
		}
		var raw map[string]any
		if err := json.Unmarshal([]byte(line), &raw); err != nil || len(raw) != 2 || raw["file"] == nil || raw["entries"] == nil {
			t.Fatalf("line %.80q: want {\"file\",\"entries\"} (%v)", line, err)
		}
		json.Unmarshal([]byte(line), &f)
		for _, row := range f.Entries {
			keys := slices.Sorted(mapKeys(row))
			keys = slices.DeleteFunc(keys, func(k string) bool { return k == "error" })
			if !slices.ContainsFunc(shapes, func(s []string) bool { return slices.Equal(keys, s) }) {
				t.Errorf("%s %v: members %v", f.File, row["path"], keys)
			}
		}
	}
	if len(lines) < 18 {
		t.Errorf("%d lines, want one per file (18 or more)", len(lines))
	}
}

func sortedCopy(s []string) []string { return slices.Sorted(slices.Values(s)) }

// TestContractFactsEncode: the facts of every node of the samples and the
// fixtures encode as JSON (no NaN or infinity) and hold no byte slice,
// which encoding/json writes as base64 text where a script expects numbers
// (a 2DFX light's colour was written "/8gAyA==").
func TestContractFactsEncode(t *testing.T) {
	dir, car, ipl := contractFiles(t)
	paths, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range append(paths, car, ipl) {
		f, err := formats.Open(p, &formats.Options{})
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		walkFacts(t, filepath.Base(p), f.Root, 0)
		f.Close()
	}
}

// walkFacts checks n's facts and its children's, depth first.
func walkFacts(t *testing.T, where string, n formats.Node, depth int) {
	if d, ok := n.(formats.Describer); ok {
		if facts, err := d.Describe(); err == nil {
			if _, err := json.Marshal(facts); err != nil {
				t.Errorf("%s: facts do not encode: %v", where, err)
			}
			if p := byteSlice(reflect.ValueOf(facts), ""); p != "" {
				t.Errorf("%s: fact %s is a byte slice (JSON base64)", where, p)
			}
		}
	}
	kids, err := n.Children()
	if err != nil || depth > 6 {
		return
	}
	for _, k := range kids {
		walkFacts(t, where+"/"+k.Name(), k, depth+1)
	}
}

// byteSlice returns the path of the first []byte inside v, "" when none.
func byteSlice(v reflect.Value, path string) string {
	if v.IsValid() && v.Type().Implements(reflect.TypeFor[json.Marshaler]()) {
		return "" // encodes itself (json.RawMessage)
	}
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return ""
		}
		return byteSlice(v.Elem(), path)
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			if v.Kind() == reflect.Array {
				return "" // a fixed array encodes as numbers
			}
			return path
		}
		for i := 0; i < v.Len(); i++ {
			if p := byteSlice(v.Index(i), path+"[]"); p != "" {
				return p
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if p := byteSlice(it.Value(), path+"."+it.Key().String()); p != "" {
				return p
			}
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				if p := byteSlice(v.Field(i), path+"."+v.Type().Field(i).Name); p != "" {
					return p
				}
			}
		}
	}
	return ""
}

// TestContractOffsetsInOtherFiles: "offset" is the absolute offset in the
// listed file or -1. A gta.dat's children are files of their own, so their
// rows and their subtrees' say -1 (they said 0, and the IMG entries their
// offsets in the IMG), listed from the list or from a node inside it; the
// IMG listed itself keeps its offsets.
func TestContractOffsetsInOtherFiles(t *testing.T) {
	ipl := smallGame(t)
	game := filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(ipl))))
	list := filepath.Join(game, "data", "gta.dat")
	for _, args := range [][]string{{"-r", list}, {list, "gta3.img"}, {list, "gta3.img/housetex.txd"}} {
		rows := lsJSON(t, append([]string{"ls", "--json"}, args...)...)
		if len(rows) == 0 {
			t.Errorf("ls %v: no rows", args)
		}
		for _, r := range rows {
			if r.Offset != -1 {
				t.Errorf("ls %v: %s at offset %d, want -1 (it is in another file)", args, r.Path, r.Offset)
			}
		}
	}
	rows := lsJSON(t, "ls", "--json", filepath.Join(game, "models", "gta3.img"))
	if len(rows) == 0 || rows[0].Offset <= 0 {
		t.Errorf("the IMG's own listing: %v", rows)
	}
}

// TestContractSceneWarnings: a scene read without archives the level list
// names says so in "warnings" (a missing file; one that is not an IMG),
// rather than counting their models missing without a word.
func TestContractSceneWarnings(t *testing.T) {
	ipl := smallGame(t)
	game := filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(ipl))))
	list := filepath.Join(game, "data", "gta.dat")
	b, err := os.ReadFile(list)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(game, "models", "broken.img"), []byte("not an archive at all"), 0o644)
	os.WriteFile(list, append(b, "IMG MODELS\\CUTSCENE.IMG\r\nIMG MODELS\\BROKEN.IMG\r\n"...), 0o644)
	obj, _ := infoJSON(t, ipl, "")
	w, _ := obj["warnings"].([]any)
	text := fmt.Sprint(w)
	if len(w) != 2 || !strings.Contains(text, "line 4: IMG MODELS\\CUTSCENE.IMG: no such file in the game folder") ||
		!strings.Contains(text, "broken.img") {
		t.Errorf("warnings %q, want the missing CUTSCENE.IMG (line 4) and broken.img", w)
	}
	if obj["found"] != float64(3) {
		t.Errorf("found %v, want the 3 models of gta3.img still", obj["found"])
	}
}

// TestContractInfoOffsetInOtherFile: info's "offset" of a node (a raw IMG
// entry) is -1 when asked through a gta.dat that names the IMG, and its
// offset in the IMG when the IMG is asked.
func TestContractInfoOffsetInOtherFile(t *testing.T) {
	ipl := smallGame(t)
	game := filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(ipl))))
	note := filepath.Join(t.TempDir(), "readme.txt")
	os.WriteFile(note, []byte("just text"), 0o644)
	archive := filepath.Join(game, "models", "extra.img")
	if code, _, stderr := run(t, "build", "img", "--out", archive, note); code != 0 {
		t.Fatalf("build img: %d %s", code, stderr)
	}
	list := filepath.Join(game, "data", "gta.dat")
	b, _ := os.ReadFile(list)
	os.WriteFile(list, append(b, "IMG MODELS\\EXTRA.IMG\r\n"...), 0o644)
	if obj, _ := infoJSON(t, list, "extra.img/readme.txt"); obj["offset"] != float64(-1) || obj["kind"] != "raw" {
		t.Errorf("info of the entry from gta.dat: %v, want a raw node at offset -1", obj)
	}
	if obj, _ := infoJSON(t, archive, "readme.txt"); obj["offset"] == float64(-1) || obj["offset"] == nil {
		t.Errorf("info of the entry from its IMG: %v, want its offset", obj)
	}
}
