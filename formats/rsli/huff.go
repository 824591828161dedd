package rsli

import "rummage/formats/internal/lzhuf"

// The adaptive Huffman + LZSS method (0x080) is Okumura's LZHUF as
// published in LZHUF.C: a 4096-byte ring of spaces written from 0xFC4
// (N − F), matches of 3..60 bytes coded as symbols 256..313 of an adaptive
// Huffman tree rebuilt when the root count reaches 0x8000, distances as a
// static prefix code for the upper 6 bits plus 6 plain bits, bits most
// significant first. It is the X-Ray codec with the other MaxFreq, so both
// use formats/internal/lzhuf (docs/formats/lzhuf.md). No shipped archive
// uses the method, so the reading follows the published algorithm, checked
// against the reference lzhuf.c built with MAX_FREQ 0x8000 (the package's
// testdata vectors).
//
// fparkan's decoder (crates/fparkan-rsli) reads the distance differently:
// it ORs the extra bits into the low bits of the prefix value instead of
// shifting the first byte's low bits up to make room for them, so it does
// not invert the published encoder (the readings agree only by chance).
// docs/formats/parkan.md names the method only, as the research notes do,
// so this package keeps the published reading.

// UnHuff unpacks the first n bytes of the adaptive Huffman + LZSS method.
func UnHuff(in []byte, n int) ([]byte, error) { return lzhuf.Decode[lzhuf.Okumura](in, n) }

// Huff packs data with the adaptive Huffman + LZSS method.
func Huff(data []byte) []byte { return lzhuf.AppendEncode[lzhuf.Okumura](nil, data) }
