package export

import (
	"context"
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"rummage/formats"
	"rummage/internal/testutil"
)

// Jobs run in parallel, yet Written and Failures keep the plan's order and
// Progress counts every job once on the calling goroutine.
func TestRunParallelKeepsOrder(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	var kids []formats.Node
	for i := range 40 {
		if i%7 == 3 {
			kids = append(kids, badDir{})
			continue
		}
		kids = append(kids, &tex{name: fmt.Sprintf("t%02d", i), w: 8, h: 4, levels: 1})
	}
	dir := t.TempDir()
	calls, last := 0, 0
	res, err := Export(context.Background(), []Item{{folder("r", kids...), ""}}, Options{Dir: dir,
		Progress: func(done, total int, _ string) { calls++; last = done }})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Written) != 34 || calls != 34 || last != 34 {
		t.Fatalf("written %d, progress calls %d (last %d); want 34", len(res.Written), calls, last)
	}
	for i := 1; i < len(res.Written); i++ {
		if res.Written[i-1] >= res.Written[i] {
			t.Fatalf("written out of order: %s before %s", res.Written[i-1], res.Written[i])
		}
	}
	if len(res.Failures) != 6 {
		t.Errorf("failures %v, want the 6 broken folders", res.Failures)
	}
	for _, p := range res.Written {
		checkPNG(t, p, 8, 4, 0)
	}
}

// A cancel while several jobs run leaves only whole files, each listed in
// Written, and no temporary file; no job starts once the cancel is seen
// (only the other workers' jobs, claimed just before it, may still open).
func TestCancelParallel(t *testing.T) {
	const workers = 4
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(workers))
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var late atomic.Int32
	var kids []formats.Node
	for i := range 20 {
		kids = append(kids, watchedRaw{raw(fmt.Sprintf("f%02d", i), strings.Repeat("x", 1000)), ctx, &late})
	}
	kids[5] = slowRaw{raw("endless", ""), cancel}
	res, err := Export(ctx, []Item{{folder("r", kids...), ""}}, Options{Dir: dir})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	got := testutil.ListFiles(t, dir)
	if len(got) != len(res.Written) || slices.Contains(got, "endless") {
		t.Fatalf("files %v, written %v: want the same, without the cancelled one", got, res.Written)
	}
	if n := late.Load(); n > workers-1 {
		t.Errorf("%d jobs opened after the cancel, want at most the %d other workers' claimed ones", n, workers-1)
	}
	for _, p := range res.Written {
		if b, err := os.ReadFile(p); err != nil || len(b) != 1000 {
			t.Errorf("%s: %d bytes, %v", p, len(b), err)
		}
	}
}

// watchedRaw counts the times it is opened after ctx was cancelled.
type watchedRaw struct {
	*formats.Raw
	ctx  context.Context
	late *atomic.Int32
}

func (w watchedRaw) Open() io.Reader {
	if w.ctx.Err() != nil {
		w.late.Add(1)
	}
	return w.Raw.Open()
}

// The PNG level changes the size, never the pixels.
func TestPNGLevels(t *testing.T) {
	sizes := map[string]int64{}
	for _, name := range PNGLevels {
		ctx, err := WithPNGLevel(context.Background(), strings.ToUpper(name))
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		res, err := Export(ctx, []Item{{&tex{name: "big", w: 64, h: 64, levels: 1}, ""}}, Options{Dir: dir})
		if err != nil || len(res.Written) != 1 {
			t.Fatalf("%s: %v %v", name, err, res)
		}
		checkPNG(t, res.Written[0], 64, 64, 0)
		st, _ := os.Stat(res.Written[0])
		sizes[name] = st.Size()
	}
	if !(sizes["none"] > sizes["fast"] && sizes["fast"] >= sizes["best"]) {
		t.Errorf("sizes %v: want none > fast >= best", sizes)
	}
	if _, err := WithPNGLevel(context.Background(), "7"); err == nil {
		t.Error("level 7 accepted")
	}
	if levelOf(context.Background()) != png.DefaultCompression {
		t.Error("no level set: want the default")
	}
}
