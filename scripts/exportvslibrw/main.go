// Command exportvslibrw times PNG export side by side: one `rummage export
// --as png` call over every TXD under the corpus folders against a
// reference converter run once per TXD (one process per file, as a shell
// loop over librw's converter would). Each pair runs both, interleaved (the
// order alternating), with the outputs removed and the disks synced before
// each run; it prints the medians of wall time and of CPU time (user +
// system of every process) and the ratios reference / rummage, the pair
// count, the load average before and after, the PNGs and bytes each wrote.
//
//	go run ./scripts/exportvslibrw [-pairs 5] [-out DIR] [-rummage ./rummage] REF CORPUS...
//
// REF is called as `REF IN.txd OUTDIR` and writes one PNG per texture into
// OUTDIR. The reference measured for issue 29 is a 40-line C++ program on
// aap/librw (TexDictionary::streamRead, Raster::toImage, writePNG; lodepng
// writes PAL4/PAL8 rasters as palette PNGs), built outside this repository
// with g++ -O2 -DRW_NULL from librw's sources; never commit it or librw:
//
//	Engine::init(); Engine::open(nil); Engine::start();
//	StreamFile in; in.open(argv[1], "rb"); findChunk(&in, ID_TEXDICTIONARY, nil, nil);
//	TexDictionary *txd = TexDictionary::streamRead(&in); mkdir(argv[2], 0755);
//	FORLIST(lnk, txd->textures){ Texture *t = Texture::fromDict(lnk);
//		Image *img = t->raster->toImage(); writePNG(img, (string(argv[2])+"/"+t->name+".png").c_str()); img->destroy(); }
//
// -out chooses the folder the outputs go to (default: a new folder in the
// system's temporary folder); both sides write to the same file system.
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// run is one timed run of one side.
type run struct {
	wall, cpu time.Duration
}

func main() {
	pairs := flag.Int("pairs", 5, "interleaved pairs of runs")
	out := flag.String("out", "", "folder for the outputs (default: a new temporary folder)")
	rummage := flag.String("rummage", "./rummage", "the rummage binary")
	flag.Parse()
	if flag.NArg() < 2 || *pairs < 1 {
		fmt.Fprintln(os.Stderr, "usage: exportvslibrw [-pairs N] [-out DIR] [-rummage BIN] REF CORPUS...")
		os.Exit(2)
	}
	ref := flag.Arg(0)
	txds, err := findTXDs(flag.Args()[1:])
	if err != nil || len(txds) == 0 {
		fail("no TXD files found under %s (%v)", strings.Join(flag.Args()[1:], " "), err)
	}
	dir := *out
	if dir == "" {
		if dir, err = os.MkdirTemp("", "exportvslibrw"); err != nil {
			fail("%v", err)
		}
		defer os.RemoveAll(dir)
	}
	loadBefore := loadavg()
	var refRuns, rumRuns []run
	for i := range *pairs {
		sides := []func(){
			func() { refRuns = append(refRuns, timeRef(ref, txds, filepath.Join(dir, "ref"))) },
			func() { rumRuns = append(rumRuns, timeRummage(*rummage, txds, filepath.Join(dir, "rummage"))) },
		}
		if i%2 == 1 {
			slices.Reverse(sides)
		}
		for _, s := range sides {
			s()
		}
		fmt.Fprintf(os.Stderr, "pair %d: reference %s wall %s cpu, rummage %s wall %s cpu\n", i+1,
			secs(refRuns[i].wall), secs(refRuns[i].cpu), secs(rumRuns[i].wall), secs(rumRuns[i].cpu))
	}
	refPNGs, refBytes := pngs(filepath.Join(dir, "ref"))
	rumPNGs, rumBytes := pngs(filepath.Join(dir, "rummage"))
	report(len(txds), *pairs, loadBefore, loadavg(), refRuns, rumRuns)
	fmt.Printf("written: reference %d PNGs, %.1f MB; rummage %d PNGs, %.1f MB (%.2f x the reference's bytes)\n",
		refPNGs, mb(refBytes), rumPNGs, mb(rumBytes), float64(rumBytes)/float64(max(refBytes, 1)))
	os.RemoveAll(filepath.Join(dir, "ref"))
	os.RemoveAll(filepath.Join(dir, "rummage"))
}

// report prints the medians and the ratios.
func report(txds, pairs int, before, after string, refRuns, rumRuns []run) {
	rw, rc := median(refRuns, wallOf), median(refRuns, cpuOf)
	mw, mc := median(rumRuns, wallOf), median(rumRuns, cpuOf)
	fmt.Printf("TXDs: %d; %d interleaved pairs; load average before %s, after %s\n", txds, pairs, before, after)
	fmt.Printf("reference, one process per TXD: median %s wall, %s CPU\n", secs(rw), secs(rc))
	fmt.Printf("rummage export, one call:       median %s wall, %s CPU\n", secs(mw), secs(mc))
	fmt.Printf("ratio reference/rummage: wall %.2f x, CPU %.2f x\n", float64(rw)/float64(mw), float64(rc)/float64(mc))
}

func wallOf(r run) time.Duration { return r.wall }
func cpuOf(r run) time.Duration  { return r.cpu }

func median(runs []run, f func(run) time.Duration) time.Duration {
	v := make([]time.Duration, len(runs))
	for i, r := range runs {
		v[i] = f(r)
	}
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// timeRef runs the reference once per TXD into dir/N_NAME.
func timeRef(ref string, txds []string, dir string) run {
	fresh(dir)
	var r run
	t0 := time.Now()
	for i, f := range txds {
		base := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		cmd := exec.Command(ref, f, filepath.Join(dir, strconv.Itoa(i)+"_"+base))
		cmd.Run() // a TXD it cannot convert costs what it cost
		if cmd.ProcessState != nil {
			r.cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		}
	}
	r.wall = time.Since(t0)
	return r
}

// timeRummage runs one export of every TXD into dir.
func timeRummage(bin string, txds []string, dir string) run {
	fresh(dir)
	args := append([]string{"export", "-q", "--as", "png", "--kind", "texture", "--out", dir}, txds...)
	cmd := exec.Command(bin, args...)
	cmd.Stderr = os.Stderr
	t0 := time.Now()
	err := cmd.Run()
	r := run{wall: time.Since(t0)}
	if cmd.ProcessState == nil {
		fail("%s: %v", bin, err)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "rummage: %v (some textures failed)\n", err)
	}
	r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return r
}

// fresh removes dir and syncs, so that neither side pays for the other's
// deletes and write-back.
func fresh(dir string) {
	os.RemoveAll(dir)
	syscall.Sync()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fail("%v", err)
	}
}

// findTXDs lists the .txd files under the folders (or the files given),
// sorted.
func findTXDs(roots []string) ([]string, error) {
	var out []string
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() && strings.EqualFold(filepath.Ext(p), ".txd") {
				out = append(out, p)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(out)
	return out, nil
}

// pngs counts the PNG files under dir and their bytes.
func pngs(dir string) (n int, bytes int64) {
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".png") {
			if st, err := d.Info(); err == nil {
				n++
				bytes += st.Size()
			}
		}
		return nil
	})
	return n, bytes
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func secs(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " s" }
func mb(n int64) float64          { return float64(n) / 1e6 }

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "exportvslibrw: "+format+"\n", a...)
	os.Exit(1)
}
