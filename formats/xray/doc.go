// Package xray reads and writes the chunked container used by every file of
// the X-Ray engine (S.T.A.L.K.E.R. and its prototypes) and its LZHUF
// payloads: a u32 size prefix, then a stream of formats/internal/lzhuf's
// XRay codec (Okumura/Yoshizaki LZSS with adaptive Huffman codes, MaxFreq
// 0x4000).
//
// A chunk is a u32 id (bit 31: the payload is LZHUF-compressed; bit 30: the
// 2001–02 "aligned" mark), a u32 size and the payload. A chunk's payload is
// often another chunk list. docs/formats/xray.md has the facts.
package xray
