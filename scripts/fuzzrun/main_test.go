package main

import "testing"

func TestClassify(t *testing.T) {
	cases := []struct {
		out      string
		ok       bool
		newInput bool
		want     outcome
	}{
		{"fuzz: elapsed: 30s, execs: 1000\nPASS\nok  \trummage/formats/txd\t31.2s\n", true, false, passed},
		{"fuzz: elapsed: 30s\n--- FAIL: FuzzTXD (30.01s)\n    context deadline exceeded\nFAIL\n", false, false, raced},
		{"fuzz: elapsed: 30s\n--- FAIL: FuzzTXD (30.01s)\n    context deadline exceeded\nFAIL\n", false, true, failed},
		{"--- FAIL: FuzzTXD (3.2s)\n    panic: index out of range\n    Failing input written to testdata/fuzz/FuzzTXD/abc\nFAIL\n", false, true, failed},
		{"--- FAIL: FuzzTXD\n    context deadline exceeded\n    Failing input written to testdata/fuzz/FuzzTXD/abc\n", false, false, failed},
		{"# rummage/formats/txd\n./x.go:1: syntax error\nFAIL\n", false, false, failed},
	}
	for i, c := range cases {
		if got := classify(c.out, c.ok, c.newInput); got != c.want {
			t.Errorf("case %d: %d, want %d", i, got, c.want)
		}
	}
}

func TestTargets(t *testing.T) {
	got := targets("../../formats/texm")
	if len(got) == 0 || got[0] != "FuzzTexm" {
		t.Errorf("targets = %v", got)
	}
}
