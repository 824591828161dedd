// Command firstframe measures how long the window takes from the start of
// its process to its first painted frame, from outside: it runs Xvfb with
// its screen memory-mapped to a file (-fbdir), starts the program on that
// display, and polls the screen until the program has painted at least a
// quarter of it (the root is black; Rummage's window fills its area with
// the theme's background). It prints the median and the range over RUNS
// starts.
//
//	go run ./scripts/firstframe [-n RUNS] PROGRAM [ARG...]
package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

const width, height = 1280, 800

var saveTo string

func main() {
	runs := flag.Int("n", 5, "how many starts")
	timeout := flag.Duration("timeout", 30*time.Second, "give up on a start after this long")
	flag.StringVar(&saveTo, "save", "", "write the screen as first seen painted to this PNG (the last run's)")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: firstframe [-n RUNS] PROGRAM [ARG...]")
		os.Exit(2)
	}
	var times []time.Duration
	for i := 0; i < *runs; i++ {
		d, err := once(flag.Args(), *timeout)
		if err != nil {
			fmt.Fprintln(os.Stderr, "firstframe:", err)
			os.Exit(1)
		}
		times = append(times, d)
	}
	slices.Sort(times)
	ms := func(d time.Duration) string { return strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 0, 64) }
	fmt.Printf("%s ms to the first frame (median of %d; min %s, max %s)\n", ms(times[len(times)/2]), len(times), ms(times[0]), ms(times[len(times)-1]))
}

// once starts a fresh Xvfb and the program, and returns the time from the
// program's start to its first frame.
func once(args []string, timeout time.Duration) (time.Duration, error) {
	dir, err := os.MkdirTemp("", "firstframe")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	x, display, err := startXvfb(dir)
	if err != nil {
		return 0, err
	}
	defer func() { x.Process.Kill(); x.Wait() }()
	fb := filepath.Join(dir, "Xvfb_screen0")
	if err := waitFor(func() bool { _, err := os.Stat(fb); return err == nil }, 10*time.Second); err != nil {
		return 0, errors.New("the Xvfb server did not start")
	}
	time.Sleep(300 * time.Millisecond) // let the server settle before timing
	p := exec.Command(args[0], args[1:]...)
	p.Env = append(os.Environ(), "DISPLAY="+display)
	start := time.Now()
	if err := p.Start(); err != nil {
		return 0, err
	}
	defer func() { p.Process.Kill(); p.Wait() }()
	var painted time.Duration
	err = waitFor(func() bool {
		if px := paintedQuarter(fb); px != nil {
			painted = time.Since(start)
			if saveTo != "" {
				save(px)
			}
			return true
		}
		return false
	}, timeout)
	if err != nil {
		return 0, fmt.Errorf("%s painted nothing in %v", args[0], timeout)
	}
	return painted, nil
}

// paintedQuarter returns the screen's pixels when at least a quarter of
// them are not black in the XWD file Xvfb keeps (big-endian header; 32-bit
// BGRX pixels after the header and its colour table), else nil.
func paintedQuarter(path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil || len(b) < 100 {
		return nil
	}
	headerSize := binary.BigEndian.Uint32(b[0:])
	colours := binary.BigEndian.Uint32(b[19*4:])
	off := int(headerSize) + int(colours)*12
	if off < 0 || off+width*height*4 > len(b) {
		return nil
	}
	px := b[off : off+width*height*4]
	n := 0
	for i := 0; i < len(px); i += 4 * 7 { // every 7th pixel is plenty
		if px[i]|px[i+1]|px[i+2] != 0 {
			n++
		}
	}
	if n*7*4 < width*height {
		return nil
	}
	return px
}

// save writes BGRX pixels as a PNG to saveTo.
func save(px []byte) {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	for i := 0; i < width*height; i++ {
		img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = px[4*i+2], px[4*i+1], px[4*i], 255
	}
	f, err := os.Create(saveTo)
	if err == nil {
		err = png.Encode(f, img)
		f.Close()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "firstframe:", err)
	}
}

func waitFor(ok func() bool, limit time.Duration) error {
	end := time.Now().Add(limit)
	for time.Now().Before(end) {
		if ok() {
			return nil
		}
		time.Sleep(5 * time.Millisecond)
	}
	return errors.New("timed out")
}

// startXvfb starts Xvfb on a display it picks free itself (-displayfd: a
// display chosen here could be taken by another server on a shared
// machine), its screen memory in dir, and returns it with its display.
func startXvfb(dir string) (*exec.Cmd, string, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, "", err
	}
	defer r.Close()
	x := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", fmt.Sprintf("%dx%dx24", width, height), "-fbdir", dir, "-br", "-nolisten", "tcp")
	x.ExtraFiles = []*os.File{w} // fd 3 in Xvfb
	err = x.Start()
	w.Close()
	if err != nil {
		return nil, "", err
	}
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case n := <-line:
		if _, err := strconv.Atoi(n); err == nil {
			return x, ":" + n, nil
		}
	case <-time.After(10 * time.Second):
	}
	x.Process.Kill()
	x.Wait()
	return nil, "", errors.New("the Xvfb server did not start")
}
