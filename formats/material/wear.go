package material

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/text/encoding/charmap"

	"rummage/formats/binread"
)

// Row is one line of a WEAR table: the stored legacy id and the name.
// Rows are selected by position; LegacyID is kept for display.
type Row struct {
	LegacyID int    `json:"legacyId"`
	Name     string `json:"name"`
	Off      int64  `json:"-"` // absolute offset of the line
}

// Finding is a non-fatal remark about the data at a byte offset.
type Finding struct {
	Off int64
	Msg string
}

// Wear is a decoded WEAR table.
type Wear struct {
	Rows      []Row // material rows, by position
	Lightmaps []Row // the LIGHTMAPS section, empty when there is none
	Findings  []Finding
}

type line struct {
	text string // decoded, without the line break and trailing spaces
	off  int64  // absolute offset of its first byte
}

func splitLines(b []byte, base int64) []line {
	var out []line
	start := 0
	for start <= len(b) {
		end := start
		for end < len(b) && b[end] != '\n' {
			end++
		}
		raw := b[start:end]
		text, _ := charmap.Windows1251.NewDecoder().Bytes(raw)
		out = append(out, line{text: strings.TrimRight(string(text), " \t\r\x00\x1a"), off: base + int64(start)})
		if end >= len(b) {
			break
		}
		start = end + 1
		if start == len(b) {
			break // a final line break ends the last line
		}
	}
	return out
}

// ParseWear decodes a WEAR text resource (CP1251). base is the absolute
// offset of b[0]. Bad counts, rows that are missing or malformed, a missing
// blank separator before LIGHTMAPS and a missing LIGHTMAPS marker are
// *binread.FormatError values naming the line's offset.
func ParseWear(b []byte, base int64) (*Wear, error) {
	lines := splitLines(b, base)
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i].text) == "" {
		i++
	}
	if i >= len(lines) {
		return nil, binread.Errorf(base, "WEAR: empty text, expected the row count")
	}
	n, err := parseCount(lines[i], "wear", len(lines)-i-1)
	if err != nil {
		return nil, err
	}
	i++
	w := &Wear{}
	w.Rows, i, err = parseRows(lines, i, n, "wear")
	if err != nil {
		return nil, err
	}
	w.checkLegacyIDs(w.Rows, "row")
	rest := i
	for rest < len(lines) && strings.TrimSpace(lines[rest].text) == "" {
		rest++
	}
	if rest >= len(lines) {
		return w, nil
	}
	if rest == i {
		return nil, binread.Errorf(lines[i].off, "WEAR: expected a blank line after the %d rows, found %q (is the row count right?)", n, clip(lines[i].text))
	}
	i = rest
	if !strings.EqualFold(strings.TrimSpace(lines[i].text), "LIGHTMAPS") {
		return nil, binread.Errorf(lines[i].off, "WEAR: expected the LIGHTMAPS marker after the blank line, found %q", clip(lines[i].text))
	}
	i++
	if i >= len(lines) {
		return nil, binread.Errorf(base+int64(len(b)), "WEAR: the text ends after LIGHTMAPS, expected the lightmap count")
	}
	n, err = parseCount(lines[i], "lightmaps", len(lines)-i-1)
	if err != nil {
		return nil, err
	}
	i++
	w.Lightmaps, i, err = parseRows(lines, i, n, "lightmap")
	if err != nil {
		return nil, err
	}
	w.checkLegacyIDs(w.Lightmaps, "lightmap row")
	for ; i < len(lines); i++ {
		if strings.TrimSpace(lines[i].text) != "" {
			w.Findings = append(w.Findings, Finding{lines[i].off, fmt.Sprintf("text after the lightmap rows is ignored: %q", clip(lines[i].text))})
			break
		}
	}
	return w, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

func parseCount(l line, what string, remaining int) (int, error) {
	f := strings.TrimSpace(l.text)
	n, err := strconv.Atoi(f)
	if err != nil {
		return 0, binread.Errorf(l.off, "WEAR: expected the %s count, found %q", what, clip(f))
	}
	if n <= 0 {
		return 0, binread.Errorf(l.off, "WEAR: illegal %s length %d (must be at least 1)", what, n)
	}
	if n > remaining {
		return 0, binread.Errorf(l.off, "WEAR: %s count %d but only %d lines follow", what, n, remaining)
	}
	return n, nil
}

func parseRows(lines []line, i, n int, what string) ([]Row, int, error) {
	rows := make([]Row, 0, n)
	for r := 0; r < n; r++ {
		if i >= len(lines) {
			return nil, i, binread.Errorf(lines[len(lines)-1].off, "WEAR: the text ends after %d of %d %s rows", r, n, what)
		}
		l := lines[i]
		t := strings.TrimSpace(l.text)
		if t == "" {
			return nil, i, binread.Errorf(l.off, "WEAR: %s row %d of %d is empty (is the count right?)", what, r, n)
		}
		idField, name, _ := strings.Cut(strings.ReplaceAll(t, "\t", " "), " ")
		id, err := strconv.Atoi(idField)
		if err != nil {
			return nil, i, binread.Errorf(l.off, "WEAR: %s row %d: expected \"<legacyId> <name>\", found %q", what, r, clip(t))
		}
		name = strings.TrimSpace(name)
		if name == "" {
			return nil, i, binread.Errorf(l.off, "WEAR: %s row %d has no name", what, r)
		}
		rows = append(rows, Row{LegacyID: id, Name: name, Off: l.off})
		i++
	}
	return rows, i, nil
}

// Encode writes the table as the game stores it: CRLF lines, the blank
// separator and the LIGHTMAPS section when there are lightmaps. Names are
// encoded as CP1251.
func (w *Wear) Encode() ([]byte, error) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d\r\n", len(w.Rows))
	for _, r := range w.Rows {
		fmt.Fprintf(&sb, "%d %s\r\n", r.LegacyID, r.Name)
	}
	if len(w.Lightmaps) > 0 {
		fmt.Fprintf(&sb, "\r\nLIGHTMAPS\r\n%d\r\n", len(w.Lightmaps))
		for _, r := range w.Lightmaps {
			fmt.Fprintf(&sb, "%d %s\r\n", r.LegacyID, r.Name)
		}
	}
	out, err := charmap.Windows1251.NewEncoder().String(sb.String())
	if err != nil {
		return nil, fmt.Errorf("WEAR: a name does not fit CP1251: %w", err)
	}
	return []byte(out), nil
}

// checkLegacyIDs adds a finding for each of rows (called what) whose
// legacy id is not its position.
func (w *Wear) checkLegacyIDs(rows []Row, what string) {
	for r, row := range rows {
		if row.LegacyID != r {
			w.Findings = append(w.Findings, Finding{row.Off, fmt.Sprintf("%s %d has legacy id %d; rows are selected by position", what, r, row.LegacyID)})
		}
	}
}
