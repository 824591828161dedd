package nres

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

func decodeName(b []byte) string {
	for _, c := range b {
		if c >= 0x80 {
			// A copy, so that b (often a record's name field) does not
			// escape through the decoder.
			s, err := charmap.Windows1251.NewDecoder().Bytes(bytes.Clone(b))
			if err != nil {
				return string(b)
			}
			return string(s)
		}
	}
	return string(b)
}

// EncodeName turns a name into a zero-filled 36-byte field (Windows-1251).
// It rejects names with a NUL, names longer than 35 bytes once encoded,
// and characters Windows-1251 cannot hold.
func EncodeName(name string) ([NameSize]byte, error) {
	var f [NameSize]byte
	b := []byte(name)
	if !isASCII(b) {
		if !utf8.ValidString(name) {
			return f, fmt.Errorf("name %q is not valid UTF-8", name)
		}
		enc, err := charmap.Windows1251.NewEncoder().Bytes(b)
		if err != nil {
			return f, fmt.Errorf("name %q has characters outside Windows-1251", name)
		}
		b = enc
	}
	if bytes.IndexByte(b, 0) >= 0 {
		return f, fmt.Errorf("name %q contains a NUL byte", name)
	}
	if len(b) > MaxNameLen {
		return f, fmt.Errorf("name %q is %d bytes long, more than %d", name, len(b), MaxNameLen)
	}
	copy(f[:], b)
	return f, nil
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// FourCC renders a type id the way the tree and `ls` show it: the four
// characters when it spells text ('MAT0' → "MAT0", trailing NULs dropped),
// the decimal number for small stream ids (1..65535), hex otherwise.
func FourCC(id uint32) string {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], id)
	n := 4
	for n > 0 && b[n-1] == 0 {
		n--
	}
	printable := n >= 3
	for _, c := range b[:n] {
		if c < 0x20 || c > 0x7E {
			printable = false
		}
	}
	switch {
	case printable:
		return internTag(id, b[:n])
	case id < 1<<16:
		return fmt.Sprint(id)
	default:
		return fmt.Sprintf("0x%08X", id)
	}
}

var (
	tagMu    sync.RWMutex
	tagCache = map[uint32]string{}
)

// internTag returns the string for a text tag, allocating each tag once
// (a directory of thousands of 'Texm' entries shares one string).
func internTag(id uint32, b []byte) string {
	tagMu.RLock()
	s, ok := tagCache[id]
	tagMu.RUnlock()
	if ok {
		return s
	}
	s = string(b)
	tagMu.Lock()
	if len(tagCache) < 4096 {
		tagCache[id] = s
	}
	tagMu.Unlock()
	return s
}

// TypeID is the inverse of FourCC for text tags: "MAT0" → 0x3054414D.
// Shorter tags are NUL-padded; decimal strings give their number.
func TypeID(tag string) uint32 {
	var n uint32
	isNum := tag != ""
	for _, c := range []byte(tag) {
		if c < '0' || c > '9' {
			isNum = false
			break
		}
		n = n*10 + uint32(c-'0')
	}
	if isNum && len(tag) <= 5 {
		return n
	}
	var b [4]byte
	copy(b[:], tag)
	return binary.LittleEndian.Uint32(b[:])
}
