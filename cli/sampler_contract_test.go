package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"rummage/formats/material"
	"rummage/formats/nres"
)

// samplerLib writes a material library whose blocks cover the sampler's
// edge cases: an unknown mode, ping-pong, clamp, random, no keys and a zero
// duration. Phase 0 has every byte 0 and phase 1 every byte 255 except p3,
// which is 0 and 100.
func samplerLib(t *testing.T) string {
	t.Helper()
	var p0, p1 material.Phase
	for i := range p1.P {
		p1.P[i] = 255
	}
	p1.P[3] = 100
	key := func(phase, end uint16) material.Key { return material.Key{Phase: phase, EndMs: end} }
	mats := []struct {
		name   string
		blocks []material.Block
	}{
		{"UNK5", []material.Block{{Header: 5 | material.MaskAdditive<<3, Keys: []material.Key{key(0, 100), key(1, 300)}}}},
		{"UNK7", []material.Block{{Header: 7, Keys: []material.Key{key(0, 100)}}}},
		{"PING", []material.Block{{Header: 1 | material.MaskOpacity<<3, Keys: []material.Key{key(0, 100), key(1, 200)}}}},
		{"CLAMP", []material.Block{{Header: 2 | material.MaskAdditive<<3, Keys: []material.Key{key(0, 1000), key(1, 2000)}}}},
		{"RAND", []material.Block{{Header: 3 | material.MaskAdditive<<3, Keys: []material.Key{key(0, 100), key(1, 1000)}}}},
		{"EMPTY", []material.Block{{Header: material.MaskAdditive << 3}, {Header: material.MaskAdditive << 3, Keys: []material.Key{key(1, 0)}}}},
	}
	var entries []nres.Entry
	for _, m := range mats {
		mat := &material.Mat0{Version: 6, Prefix: make([]byte, material.PrefixLen(6)), Phases: []material.Phase{p0, p1}, Blocks: m.blocks}
		data, err := mat.Encode()
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, nres.Entry{TypeID: material.TypeMAT0, Attr2: 6, Name: m.name, Data: data})
	}
	data, err := nres.Build(entries)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sampler.lib")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestInfoAtSamplerReading checks `info --json --at` against the sampler
// reading of docs/formats/parkan.md on hand-computed cases.
func TestInfoAtSamplerReading(t *testing.T) {
	lib := samplerLib(t)
	wrapAlpha := float64(float32(uint32(4294967286-1000)) / 1000) // clock 10, start 20: t wraps to 2^32-10
	cases := []struct {
		name             string
		args             []string
		mode             string
		localMs          float64
		key, next        float64
		alpha            float64
		additive0, opac  float64
		wantAdditive0Set bool
	}{
		// Unknown mode 5 loops: t = 450 % 300 = 150, key 1 (100..300), alpha 50/200.
		{"UNK5", []string{"--at", "450"}, "unknown", 150, 1, 0, 0.25, 0.75, 0, true},
		// Mode 7 is unknown too; one key: t = 1250 % 100 = 50, alpha 0.5.
		{"UNK7", []string{"--at", "1250"}, "unknown", 50, 0, 0, 0.5, 0, 0, true},
		// Ping-pong, q = 1 (odd): t = 200 - 30 = 170, key 1, alpha 0.7, opacity 1 + (0-1)*0.7.
		{"PING", []string{"--at", "230"}, "pingpong", 170, 1, 0, 0.7, 0, 0.3, false},
		// Ping-pong, q = 2 (even): t = 30, key 0, alpha 0.3, opacity 0.3.
		{"PING", []string{"--at", "430"}, "pingpong", 30, 0, 1, 0.3, 0, 0.3, false},
		// Clamp past the duration: t = 3500, last key, alpha (3500-1000)/1000 = 2.5, extrapolated.
		{"CLAMP", []string{"--at", "3600", "--start", "100"}, "clamp", 3500, 1, 0, 2.5, 1 + (0-1)*2.5, 0, true},
		// Clock before start: delta wraps around u32.
		{"CLAMP", []string{"--at", "10", "--start", "20"}, "clamp", 4294967286, 1, 0, wrapAlpha, 1 - wrapAlpha, 0, false},
		// Random: t = 7777 % 1000 = 777, key 1 (100..1000), alpha 677/900.
		{"RAND", []string{"--at", "5", "--random", "7777"}, "random", 777, 1, 0, float64(float32(677) / 900), 1 - float64(float32(677)/900), 0, true},
		// No keys: phase 0, alpha 0.
		{"EMPTY", []string{"--at", "123"}, "loop", 0, 0, 0, 0, 0, 0, true},
		// Duration 0: phase 0 (not the key's phase 1), alpha 0.
		{"EMPTY", []string{"--at", "123", "--block", "1"}, "loop", 0, 0, 0, 0, 0, 0, true},
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-5*math.Max(1, math.Abs(b)) }
	for _, c := range cases {
		args := append(append([]string{"info", "--json"}, c.args...), lib, c.name)
		code, out, errs := run(t, args...)
		if code != 0 || errs != "" {
			t.Errorf("%v: status %d, stderr %q", args, code, errs)
			continue
		}
		var obj struct {
			Animations []struct {
				Mode string `json:"mode"`
			} `json:"animations"`
			Sample struct {
				Block   float64 `json:"block"`
				LocalMs float64 `json:"localMs"`
				Key     float64 `json:"key"`
				Next    float64 `json:"next"`
				Alpha   float64 `json:"alpha"`
				Phase   struct {
					Additive []float64 `json:"additive"`
					Opacity  float64   `json:"opacity"`
					Texture  *string   `json:"texture"`
				} `json:"phase"`
			} `json:"sample"`
		}
		if err := json.Unmarshal([]byte(out), &obj); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		s := obj.Sample
		if len(obj.Animations) == 0 || obj.Animations[0].Mode != c.mode {
			t.Errorf("%v: animations %+v, want mode %q", args, obj.Animations, c.mode)
		}
		if s.LocalMs != c.localMs || s.Key != c.key || s.Next != c.next || !near(s.Alpha, c.alpha) {
			t.Errorf("%v: localMs %v key %v next %v alpha %v, want %v %v %v %v", args, s.LocalMs, s.Key, s.Next, s.Alpha, c.localMs, c.key, c.next, c.alpha)
		}
		if len(s.Phase.Additive) != 3 || s.Phase.Texture == nil || *s.Phase.Texture != "" {
			t.Errorf("%v: phase %+v", args, s.Phase)
			continue
		}
		if c.wantAdditive0Set && !near(s.Phase.Additive[0], c.additive0) {
			t.Errorf("%v: additive[0] %v, want %v", args, s.Phase.Additive[0], c.additive0)
		}
		if c.mode == "pingpong" && !near(s.Phase.Opacity, c.opac) {
			t.Errorf("%v: opacity %v, want %v", args, s.Phase.Opacity, c.opac)
		}
	}
}

// TestInfoBlendByCategory checks "category" = (attr1>>2)&0xF and the
// "blend" object (null for categories 5..15) of a MAT0's info --json.
func TestInfoBlendByCategory(t *testing.T) {
	mat := &material.Mat0{Version: 6, Prefix: make([]byte, material.PrefixLen(6)), Phases: []material.Phase{{}}}
	data, err := mat.Encode()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		attr1    uint32
		category float64
		blend    string // src/dst/blending/alphaTest, or "null"
	}{
		{0x02, 0, "ONE/ZERO/false/<nil>"},
		{0x44, 1, "SRC_ALPHA/INV_SRC_ALPHA/true/GREATER_EQUAL"},
		{0x08, 2, "SRC_ALPHA/ONE/true/GREATER_EQUAL"},
		{0x0C, 3, "ZERO/SRC_COLOR/true/GREATER_EQUAL"},
		{0x10, 4, "DEST_COLOR/SRC_COLOR/true/GREATER_EQUAL"},
		{0x14, 5, "null"},
		{0x3C, 15, "null"},
	}
	var entries []nres.Entry
	for i, c := range cases {
		entries = append(entries, nres.Entry{TypeID: material.TypeMAT0, Attr1: c.attr1, Attr2: 6, Name: "M" + string(rune('A'+i)), Data: data})
	}
	lib, err := nres.Build(entries)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "blend.lib")
	if err := os.WriteFile(path, lib, 0o644); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		obj, ok := infoJSON(t, path, "M"+string(rune('A'+i)))
		if !ok {
			continue
		}
		raw, present := obj["blend"]
		got := "null"
		if b, isObj := raw.(map[string]any); isObj {
			at := "<nil>"
			if s, _ := b["alphaTest"].(string); s != "" {
				at = s
			}
			bl, _ := b["blending"].(bool)
			got = b["src"].(string) + "/" + b["dst"].(string) + "/" + map[bool]string{true: "true", false: "false"}[bl] + "/" + at
		}
		if !present || got != c.blend || obj["category"] != c.category || obj["attr1"] != float64(c.attr1) {
			t.Errorf("attr1 %#x: category %v blend %s (present %v), want %v %s", c.attr1, obj["category"], got, present, c.category, c.blend)
		}
	}
}
