package world_test

import (
	"bufio"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rummage/formats"
	"rummage/formats/world"
)

// sa is the public San Andreas (PS2) snapshot, when it is there.
const sa = "/work/scratch/real/Rikintosh+GTASAv4"

// countVEGASE counts the instances of VEGASE.IPL and its streams with a
// few lines of their own: the text file's lines between "inst" and "end",
// and each stream's count at byte 4.
func countVEGASE(t *testing.T) (text, streams int) {
	f, err := os.Open(filepath.Join(sa, "DATA/MAPS/VEGAS/VEGASE.IPL"))
	if err != nil {
		t.Skip("no San Andreas snapshot")
	}
	defer f.Close()
	in := false
	for sc := bufio.NewScanner(f); sc.Scan(); {
		switch line := strings.TrimSpace(sc.Text()); {
		case line == "inst":
			in = true
		case line == "end":
			in = false
		case in && line != "" && !strings.HasPrefix(line, "#"):
			text++
		}
	}
	ms, _ := filepath.Glob(filepath.Join(sa, "MODELS/(to)GTA3.IMG/vegase_stream*.ipl"))
	for _, m := range ms {
		b, _ := os.ReadFile(m)
		streams += int(binary.LittleEndian.Uint32(b[4:]))
	}
	return text, streams
}

// VEGASE.IPL opens as a scene whose instances are the text file's and
// its thirteen streams', every model found or listed as missing.
func TestVEGASE(t *testing.T) {
	text, streams := countVEGASE(t)
	t0 := time.Now()
	f, err := formats.Open(filepath.Join(sa, "DATA/MAPS/VEGAS/VEGASE.IPL"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := f.Root.(*world.Scene)
	if got := len(s.Placements()); got != text+streams {
		t.Errorf("%d instances, the files hold %d + %d", got, text, streams)
	}
	if n := len(s.Streams()); n != 13 {
		t.Errorf("%d streams joined", n)
	}
	w := s.World()
	found, broken := 0, 0
	for _, m := range w.Models {
		if m.Found && m.Err == nil {
			found++
		}
		if m.Err != nil {
			broken++
			t.Logf("%s: %v", m.Name, m.Err)
		}
	}
	t.Logf("%d + %d instances, %d models, %d found, %d broken, %d triangles, %d bytes read, %v",
		text, streams, len(w.Models), found, broken, w.Geom.Triangles(), w.BytesRead, time.Since(t0))
	if found == 0 || broken > 0 {
		t.Errorf("%d models found, %d broken", found, broken)
	}
	for _, d := range s.Diagnostics() {
		t.Logf("diagnostic: %s", d.Msg)
	}
}
