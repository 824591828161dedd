package xray

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
)

func TestScan(t *testing.T) {
	var b []byte
	b = AppendChunk(b, 1, []byte{1, 2, 3, 4}, false)
	b = AppendChunk(b, 4, bytes.Repeat([]byte("abc"), 100), true)
	b = AppendChunk(b, 7, nil, false)
	b = append(b, 9, 9, 9) // tail
	l := Scan(b, 100)
	if len(l.Chunks) != 3 || l.Tail != 3 || len(l.Diags) != 1 {
		t.Fatalf("chunks %d tail %d diags %v", len(l.Chunks), l.Tail, l.Diags)
	}
	c := l.Chunks[1]
	if c.ID != 4 || !c.Compressed || c.Off != 112 || c.DataOff != 120 {
		t.Fatalf("chunk 1: %+v", c)
	}
	got, err := Payload(bytes.NewReader(b), 100, c)
	if err != nil || string(got) != strings.Repeat("abc", 100) {
		t.Fatalf("payload %q %v", got, err)
	}
	if _, ok := l.Find(7); !ok {
		t.Fatal("Find(7)")
	}
	if m := l.ByID(); len(m) != 3 {
		t.Fatalf("ByID %v", m)
	}
}

func TestScanBroken(t *testing.T) {
	var b []byte
	b = AppendChunk(b, 1, []byte{1, 2, 3, 4}, false)
	comp := AppendChunk(nil, 4, bytes.Repeat([]byte("xyz"), 1000), true)
	b = append(b, comp[:len(comp)-10]...) // truncated compressed chunk
	l := Scan(b, 0)
	if len(l.Chunks) != 2 || !l.Chunks[1].Truncated() || len(l.Diags) != 1 {
		t.Fatalf("%+v", l)
	}
	if _, err := Payload(bytes.NewReader(b), 0, l.Chunks[1]); err == nil {
		t.Fatal("truncated compressed chunk decoded")
	}
	// Past EOF, uncompressed: clamped bytes plus an error.
	p := binary.LittleEndian.AppendUint32(nil, 3)
	p = binary.LittleEndian.AppendUint32(p, 1000)
	p = append(p, 1, 2)
	l = Scan(p, 0)
	got, err := Payload(bytes.NewReader(p), 0, l.Chunks[0])
	if err == nil || len(got) != 2 {
		t.Fatalf("got %v %v", got, err)
	}
	// The alignment bit is flagged.
	a := AppendChunk(nil, 5|FlagAligned, nil, false)
	if l := Scan(a, 0); len(l.Diags) != 1 || !l.Chunks[0].Aligned || l.Chunks[0].ID != 5 {
		t.Fatalf("%+v", l)
	}
}
