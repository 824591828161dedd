package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"rummage/formats/rsli"
	"rummage/formats/xray"
)

// A codec of the vectors: its name in the file names, the reference
// lzhuf.c built with its MaxFreq, and Rummage's encoder for it (the bare
// stream, without a size).
type vectorCodec struct {
	name   string
	ref    string
	encode func([]byte) []byte
}

// vectorInputs are the inputs of the vectors, made here so that they hold
// no third-party data.
func vectorInputs() map[string][]byte {
	rng := rand.New(rand.NewSource(24))
	random := make([]byte, 4096)
	rng.Read(random)
	var text bytes.Buffer
	words := []string{"STD", "LMAP", "terrain", "brick", "wall", "metal", "grass", "default", "def_shaders\\def_vertex"}
	for text.Len() < 32<<10 {
		fmt.Fprintf(&text, "LMAP:L#%d,%s:%s_%02d\x00", rng.Intn(400), words[rng.Intn(2)], words[2+rng.Intn(len(words)-2)], rng.Intn(40))
	}
	// Letters of a 32-symbol alphabet: few matches, so about a symbol a
	// byte, enough to rebuild the tree of either codec more than once.
	letters := make([]byte, 62<<10)
	for i := range letters {
		letters[i] = "abcdefghijklmnopqrstuvwxyz012345"[rng.Intn(32)]
	}
	return map[string][]byte{
		"letters":  letters,
		"empty":    {},
		"one":      {'A'},
		"zeros":    make([]byte, 20000),
		"random":   random,
		"text":     text.Bytes(),
		"vertices": vertices(40 * 1024),
	}
}

// vectors writes NAME.bin and, per codec, NAME.CODEC.lz (the bare stream
// the reference encoder makes) into dir, after checking that the
// reference decoder gives every input back from Rummage's encoder too.
func vectors(ref4000, ref8000, dir string) error {
	codecs := []vectorCodec{
		{"xray", ref4000, func(b []byte) []byte { return xray.Encode(b)[4:] }},
		{"okumura", ref8000, rsli.Huff},
	}
	tmp, err := os.MkdirTemp("", "lzhufvectors")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for name, in := range vectorInputs() {
		if err := os.WriteFile(filepath.Join(dir, name+".bin"), in, 0o644); err != nil {
			return err
		}
		for _, c := range codecs {
			stream, err := refEncode(c.ref, tmp, in)
			if err != nil {
				return fmt.Errorf("%s, %s: %w", name, c.name, err)
			}
			if err := refDecodes(c.ref, tmp, c.encode(in), in); err != nil {
				return fmt.Errorf("%s: the reference does not decode Rummage's %s stream: %w", name, c.name, err)
			}
			if err := os.WriteFile(filepath.Join(dir, name+"."+c.name+".lz"), stream, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// refEncode runs the reference encoder on in and returns its stream
// without the 8-byte size lzhuf.c writes on 64-bit Linux.
func refEncode(ref, tmp string, in []byte) ([]byte, error) {
	src, dst := filepath.Join(tmp, "in"), filepath.Join(tmp, "out")
	if err := os.WriteFile(src, in, 0o644); err != nil {
		return nil, err
	}
	if out, err := exec.Command(ref, "e", src, dst).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%s e: %v: %s", ref, err, strings.TrimSpace(string(out)))
	}
	b, err := os.ReadFile(dst)
	if err != nil || len(b) < 8 || binary.LittleEndian.Uint64(b) != uint64(len(in)) {
		return nil, fmt.Errorf("%s e: unexpected output (%d bytes, %v)", ref, len(b), err)
	}
	return b[8:], nil
}

// refDecodes runs the reference decoder on stream and compares its output
// with want.
func refDecodes(ref, tmp string, stream, want []byte) error {
	src, dst := filepath.Join(tmp, "lz"), filepath.Join(tmp, "back")
	if err := os.WriteFile(src, append(binary.LittleEndian.AppendUint64(nil, uint64(len(want))), stream...), 0o644); err != nil {
		return err
	}
	if out, err := exec.Command(ref, "d", src, dst).CombinedOutput(); err != nil {
		return fmt.Errorf("%s d: %v: %s", ref, err, strings.TrimSpace(string(out)))
	}
	got, err := os.ReadFile(dst)
	if err != nil {
		return err
	}
	if !bytes.Equal(got, want) {
		return fmt.Errorf("%d bytes back, want %d", len(got), len(want))
	}
	return nil
}
