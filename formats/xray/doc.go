// Package xray reads and writes the chunked container used by every file of
// the X-Ray engine (S.T.A.L.K.E.R. and its prototypes) and implements the
// engine's LZHUF codec (Okumura/Yoshizaki LZSS with adaptive Huffman codes,
// with X-Ray's MaxFreq of 0x4000 and a u32 size prefix).
//
// A chunk is a u32 id (bit 31: the payload is LZHUF-compressed; bit 30: the
// 2001–02 "aligned" mark), a u32 size and the payload. A chunk's payload is
// often another chunk list.
package xray
