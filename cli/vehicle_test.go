package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/dff/dfftest"
)

// carFolder writes the test car's game folder and returns the car's path.
func carFolder(t *testing.T, f dfftest.Folder) string {
	t.Helper()
	p, err := dfftest.WriteFolder(t.TempDir(), f)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestInfoVehicle(t *testing.T) {
	car := carFolder(t, dfftest.Folder{})
	code, stdout, stderr := run(t, "info", "--json", "--colors", "1", car)
	if code != 0 {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	var d struct {
		Wheels int `json:"wheels"`
		Parts  []struct {
			Name, Kind string
		} `json:"parts"`
		Paint struct {
			Set    int      `json:"set"`
			Colors []string `json:"colors"`
		} `json:"paint"`
	}
	if err := json.Unmarshal([]byte(stdout), &d); err != nil {
		t.Fatal(err)
	}
	if d.Wheels != 4 || len(d.Parts) != 5 || d.Paint.Set != 1 || d.Paint.Colors[0] != "1E1EC8" {
		t.Errorf("%+v", d)
	}
	kinds := map[string]string{}
	for _, p := range d.Parts {
		kinds[p.Name] = p.Kind
	}
	if kinds[dfftest.DoorDam] != "dam" || kinds[dfftest.ChassisVLO] != "vlo" || kinds[dfftest.DoorOK] != "ok" || kinds[dfftest.Chassis] != "other" {
		t.Errorf("part kinds %v", kinds)
	}
}

func TestRenderVehicleFlags(t *testing.T) {
	car := carFolder(t, dfftest.Folder{})
	out := filepath.Join(t.TempDir(), "car.png")
	sizes := map[string]int{}
	for _, parts := range []string{"ok", "dam", "vlo", "all"} {
		code, _, stderr := run(t, "render", "--parts", parts, "--colors", "1", "--night", "--size", "200x150", "--out", out, car, "")
		if code != 0 || stderr != "" {
			t.Fatalf("--parts %s: status %d, stderr %q", parts, code, stderr)
		}
		b, _ := os.ReadFile(out)
		sizes[parts] = len(b)
	}
	if sizes["ok"] == sizes["vlo"] {
		t.Errorf("--parts ok and vlo draw the same PNG (%v)", sizes)
	}
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"--parts", "some"}, 2, "--parts: want ok, dam, vlo or all"},
		{[]string{"--colors", "x"}, 2, "--colors"},
		{[]string{"--colors", "5"}, 1, "2 colour sets"},
	} {
		args := append(append([]string{"render"}, c.args...), "--out", out, car, "")
		code, _, stderr := run(t, args...)
		if code != c.code || !strings.Contains(stderr, c.err) {
			t.Errorf("%v: status %d, stderr %q", c.args, code, stderr)
		}
	}
}

func TestRenderVehicleNotes(t *testing.T) {
	car := carFolder(t, dfftest.Folder{NoCarcols: true})
	out := filepath.Join(t.TempDir(), "car.png")
	code, _, stderr := run(t, "render", "--out", out, car, "")
	if code != 0 || !strings.Contains(stderr, "note: no carcols.dat found") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("status %d, stderr %q: want one note about carcols.dat", code, stderr)
	}
	dir, _ := writeSamples(t)
	code, _, stderr = run(t, "render", "--parts", "dam", "--out", out, filepath.Join(dir, "tank.rlb"), "TANK.msh")
	if code != 0 || !strings.Contains(stderr, "note: --parts and --colors are ignored: it is not a vehicle") {
		t.Errorf("--parts on a tank: status %d, stderr %q", code, stderr)
	}
}

func TestExportVehicleParts(t *testing.T) {
	car := carFolder(t, dfftest.Folder{})
	for _, c := range []struct {
		parts   []string
		dam     bool
		objects int
	}{
		{nil, true, 0},
		{[]string{"--parts", "ok"}, false, 0},
	} {
		out := t.TempDir()
		args := append(append([]string{"export", "--as", "obj", "--out", out}, c.parts...), car)
		code, _, stderr := run(t, args...)
		if code != 0 {
			t.Fatalf("%v: status %d, stderr %q", c.parts, code, stderr)
		}
		obj, err := os.ReadFile(filepath.Join(out, "testcar.dff.obj"))
		if err != nil {
			t.Fatal(err)
		}
		s := string(obj)
		if strings.Contains(s, "\no "+dfftest.DoorDam+"/") != c.dam || !strings.Contains(s, "\no "+dfftest.DoorOK+"/") || !strings.Contains(s, "\no wheel/") {
			t.Errorf("%v: objects of the OBJ: damaged door %v (want %v)", c.parts, strings.Contains(s, "\no "+dfftest.DoorDam+"/"), c.dam)
		}
	}
}
