package xrlevel

import (
	"rummage/formats/binread"
)

// cstr returns the bytes before the first NUL as text (Windows-1251 bytes
// above 0x7F are kept as Latin-1 runes so nothing is lost).
func cstr(b []byte) string {
	for i, c := range b {
		if c == 0 {
			b = b[:i]
			break
		}
	}
	return latin1(b)
}

func latin1(b []byte) string {
	ascii := true
	for _, c := range b {
		if c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return string(b)
	}
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

// MaxStrings caps a string list.
const MaxStrings = 1 << 20

func (lv *Level) parseStrings(b []byte, l loc) []string {
	c := binread.NewCursor(b, 0)
	n := c.Count("string", 1)
	if c.Err() != nil {
		lv.diagAt(l, 0, "%v", c.Err())
		return nil
	}
	n = lv.capItems(l, n, "string")
	out := make([]string, 0, min(n, MaxStrings))
	pos := 4
	for i := 0; i < n; i++ {
		end := pos
		for end < len(b) && b[end] != 0 {
			end++
		}
		if end >= len(b) {
			lv.diagAt(l, int64(pos), "string %d of %d is not terminated: list cut short", i, n)
			break
		}
		out = append(out, latin1(b[pos:end]))
		pos = end + 1
	}
	if pos < len(b) && len(out) == n {
		lv.diagAt(l, int64(pos), "%d bytes after the %d strings", len(b)-pos, n)
	}
	return out
}
