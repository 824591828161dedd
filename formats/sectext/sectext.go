// Package sectext reads the sectioned text files of the GTA games: item
// definitions (.ide) and item placements (.ipl), whose sections start with
// a keyword line ("objs", "inst", ...) and close with "end", each line
// between them a row of values separated by commas (or blanks, as old
// files have them), "#" starting a comment. The format packages give the
// rows their meaning; this package only cuts the text.
package sectext

import (
	"bytes"
	"strconv"
	"strings"

	"rummage/formats"
)

// Line is one row of values and where it sits.
type Line struct {
	Fields []string
	Line   int   // 1-based line number
	Off    int64 // absolute offset of the line's first byte
}

// Section is one keyword's lines.
type Section struct {
	Name    string // the keyword, lower case
	Keyword string // the keyword as written
	Line    int    // the keyword's line
	Off     int64  // absolute offset of the keyword's line
	End     int64  // absolute offset just past the section's last line ("end" included)
	Ended   bool   // closed by "end" (else by the next keyword or the end of the file)
	Rows    []Line
}

// File is a text file cut into sections.
type File struct {
	Sections []Section
	// Diags notes lines outside any section and sections that did not end.
	Diags []formats.Diagnostic
}

// Parse cuts b, whose byte 0 sits at absolute offset base, into sections.
// known reports whether a lower-case word is a section keyword of the
// format: a line holding only such a word inside a section that has not
// ended starts the next section (noted). Outside a section, any line of a
// single word starts one.
func Parse(b []byte, base int64, known func(string) bool) *File {
	f := &File{}
	var cur *Section
	closeAt := func(end int64, ended bool) {
		if cur != nil {
			cur.End, cur.Ended = end, ended
			f.Sections = append(f.Sections, *cur)
			cur = nil
		}
	}
	if bytes.HasPrefix(b, bom) {
		b, base = b[len(bom):], base+int64(len(bom))
	}
	skip := base
	off := 0
	for n := 1; off < len(b); n++ {
		end := bytes.IndexByte(b[off:], '\n')
		next := len(b)
		if end >= 0 {
			next = off + end + 1
		}
		lineOff, lineEnd := skip+int64(off), skip+int64(next)
		text := clean(b[off:next])
		off = next
		if text == "" {
			continue
		}
		fields := Fields(text)
		word := ""
		if len(fields) == 1 && !strings.ContainsAny(text, ",") {
			word = strings.ToLower(fields[0])
		}
		switch {
		case cur == nil && word != "":
			cur = &Section{Name: word, Keyword: fields[0], Line: n, Off: lineOff}
		case cur == nil:
			f.Diags = append(f.Diags, formats.Diagnostic{Off: lineOff, Msg: "line " + itoa(n) + " lies outside any section: skipped"})
		case word == "end":
			closeAt(lineEnd, true)
		case word != "" && known(word):
			f.Diags = append(f.Diags, formats.Diagnostic{Off: lineOff,
				Msg: "line " + itoa(n) + ": section " + cur.Keyword + " (line " + itoa(cur.Line) + ") has no end before " + fields[0]})
			closeAt(lineOff, false)
			cur = &Section{Name: word, Keyword: fields[0], Line: n, Off: lineOff}
		default:
			cur.Rows = append(cur.Rows, Line{Fields: fields, Line: n, Off: lineOff})
		}
	}
	if cur != nil {
		f.Diags = append(f.Diags, formats.Diagnostic{Off: skip + int64(len(b)),
			Msg: "section " + cur.Keyword + " (line " + itoa(cur.Line) + ") has no end before the end of the file"})
		closeAt(skip+int64(len(b)), false)
	}
	return f
}

// clean is a line without its comment, line end and surrounding blanks.
func clean(line []byte) string {
	if i := bytes.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return strings.TrimSpace(string(line))
}

// Fields splits a row at commas and blanks; empty values between two
// commas are kept out, as the games' scanners skip them.
func Fields(line string) []string {
	return strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\r' || r == '\x00' })
}

// bom is the UTF-8 byte order mark some editors put first.
var bom = []byte("\xEF\xBB\xBF")

// FirstWord returns the first word of head (a file's first bytes) that is
// not in a comment, lower case; seen is false when head holds only
// comments and blank lines. cut is true when the word runs to the end of
// head, so more of it may follow in the file.
func FirstWord(head []byte) (word string, seen, cut bool) {
	head = bytes.TrimPrefix(head, bom)
	for len(head) > 0 {
		end := bytes.IndexByte(head, '\n')
		line := head
		if end >= 0 {
			line, head = head[:end], head[end+1:]
		} else {
			head = nil
		}
		f := Fields(clean(line))
		if len(f) == 0 {
			continue // blank, or separators alone
		}
		return strings.ToLower(f[0]), true, end < 0 && len(f) == 1 && !bytes.ContainsAny(line, "#,")
	}
	return "", false, false
}

func itoa(n int) string { return strconv.Itoa(n) }
