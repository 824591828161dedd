package inspect

import (
	"testing"
	"time"

	"rummage/formats"
)

// TestClock: the clock runs while playing, stands while paused, seeks
// either way, and tells its watchers until they stop watching.
func TestClock(t *testing.T) {
	now := time.Unix(1000, 0)
	c := newClockAt(func() time.Time { return now })
	step := func(ms int) { now = now.Add(time.Duration(ms) * time.Millisecond) }
	calls := 0
	stop := c.Watch(func() { calls++ })
	step(250)
	if !c.Playing() || c.Ms() != 250 {
		t.Fatalf("playing %v at %d ms, want 250", c.Playing(), c.Ms())
	}
	c.Pause()
	step(1000)
	if c.Playing() || c.Ms() != 250 {
		t.Errorf("paused: playing %v at %d ms, want 250", c.Playing(), c.Ms())
	}
	c.Seek(820)
	step(100)
	if c.Ms() != 820 {
		t.Errorf("seek while paused: %d ms", c.Ms())
	}
	c.Toggle()
	step(30)
	if !c.Playing() || c.Ms() != 850 {
		t.Errorf("played on to %d ms, want 850", c.Ms())
	}
	c.Seek(10)
	step(5)
	if c.Ms() != 15 {
		t.Errorf("seek while playing: %d ms, want 15", c.Ms())
	}
	if calls != 4 {
		t.Errorf("%d watcher calls for pause, seek, play and seek", calls)
	}
	stop()
	c.Pause()
	if calls != 4 {
		t.Error("a stopped watcher was called")
	}
}

// TestGroupSelection: a selection belongs to its node; watchers hear of
// every change; -1 clears it.
func TestGroupSelection(t *testing.T) {
	a, b := &formats.Raw{NodeName: "a"}, &formats.Raw{NodeName: "b"}
	var heard []int
	stop := WatchGroups(func(n formats.Node, g int) {
		if n == a {
			heard = append(heard, g)
		}
	})
	defer stop()
	SelectGroup(a, 3)
	if SelectedGroup(a) != 3 || SelectedGroup(b) != -1 {
		t.Errorf("selected %d in a, %d in b", SelectedGroup(a), SelectedGroup(b))
	}
	SelectGroup(b, 1)
	if SelectedGroup(a) != -1 || SelectedGroup(b) != 1 {
		t.Errorf("after selecting in b: %d in a, %d in b", SelectedGroup(a), SelectedGroup(b))
	}
	SelectGroup(a, -5)
	if SelectedGroup(a) != -1 || len(heard) != 2 || heard[0] != 3 || heard[1] != -1 {
		t.Errorf("cleared: %d, heard %v", SelectedGroup(a), heard)
	}
}

type linkedNode struct{ formats.Raw }

// linkTarget is package-level: links stay registered across -count runs.
var linkTarget = &formats.Raw{NodeName: "mat"}

// TestGroupMaterial: the registered link of a node type answers, other
// types and a panicking link give nil.
func TestGroupMaterial(t *testing.T) {
	target := linkTarget
	RegisterGroupMaterial(func(n *linkedNode, g int) formats.Node {
		if g == 2 {
			panic("bad group")
		}
		if g == 1 {
			return target
		}
		return nil
	})
	n := &linkedNode{}
	if GroupMaterial(n, 1) != target || GroupMaterial(n, 0) != nil || GroupMaterial(n, 2) != nil {
		t.Error("the registered link was not used")
	}
	if GroupMaterial(&formats.Raw{}, 1) != nil || GroupMaterial(n, -1) != nil {
		t.Error("a node type with no link, or no group, got a material")
	}
}
