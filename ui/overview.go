package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/ui/widgets"
)

// propRow is one line of the Overview table: the property's path in the
// description (JSON names), its label in the window's language (see
// factLabel) and its value.
type propRow struct{ key, label, value string }

// maxPropRows caps the Overview table (a level's description can be long).
const maxPropRows = 20000

// inlineArray is how many scalars an array may hold to be shown on one row.
const inlineArray = 32

// flatten turns a Describe() value into rows: nested objects become
// "a.b" keys, arrays "a[3]"; short arrays of scalars stay on one row. Keys
// keep the order the value marshals in (struct field order; maps sorted).
func flatten(v any) ([]propRow, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("describe: %w", err)
	}
	var rows []propRow
	if err := flattenRaw(b, "", &rows); err != nil {
		return rows, err
	}
	return rows, nil
}

func flattenRaw(raw []byte, key string, rows *[]propRow) error {
	if len(*rows) >= maxPropRows {
		return nil
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	switch raw[0] {
	case '{':
		dec.Token()
		type field struct {
			k string
			v json.RawMessage
		}
		var scalars, nested []field
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return err
			}
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				return err
			}
			f := field{kt.(string), v}
			if isComposite(v) {
				nested = append(nested, f)
			} else {
				scalars = append(scalars, f)
			}
		}
		if len(scalars)+len(nested) == 0 {
			addRow(rows, key, "{}")
		}
		// Plain facts first, then the nested tables.
		for _, f := range append(scalars, nested...) {
			if err := flattenRaw(f.v, joinKey(key, f.k), rows); err != nil {
				return err
			}
		}
	case '[':
		dec.Token()
		var elems []json.RawMessage
		for dec.More() {
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				return err
			}
			elems = append(elems, v)
		}
		if allScalar(elems) && len(elems) <= inlineArray {
			parts := make([]string, len(elems))
			for i, e := range elems {
				parts[i] = scalarText(e)
			}
			addRow(rows, key, "["+strings.Join(parts, ", ")+"]")
			return nil
		}
		for i, e := range elems {
			if err := flattenRaw(e, key+"["+strconv.Itoa(i)+"]", rows); err != nil {
				return err
			}
			if len(*rows) >= maxPropRows {
				addRow(rows, "…", lang.XN("overview.more", "{{.PluralCount}} more items not shown", len(elems)-i-1))
				return nil
			}
		}
	default:
		addRow(rows, key, withHex(key, scalarText(raw)))
	}
	return nil
}

// hexKeys are the last key segments whose integer values are also shown in
// hex (offsets and sizes).
var hexKeys = map[string]bool{"offset": true, "size": true, "filesize": true, "unpackedsize": true, "off": true, "base": true}

// withHex adds the hex form to offsets and sizes: "279 (0x117)".
func withHex(key, v string) string {
	seg := key
	if i := strings.LastIndexAny(seg, ".]"); i >= 0 {
		seg = seg[i+1:]
	}
	if !hexKeys[strings.ToLower(seg)] {
		return v
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 10 {
		return v
	}
	return fmt.Sprintf("%s (0x%X)", v, n)
}

func addRow(rows *[]propRow, key, value string) {
	if key == "" {
		key = "value"
	}
	*rows = append(*rows, propRow{key: key, label: factLabel(key), value: value})
}

func joinKey(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}

func allScalar(elems []json.RawMessage) bool {
	for _, e := range elems {
		if isComposite(e) {
			return false
		}
	}
	return true
}

// isComposite reports whether a JSON value is an object, or an array that
// will not fit on one row.
func isComposite(v json.RawMessage) bool {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return false
	}
	if v[0] == '{' {
		return true
	}
	if v[0] != '[' {
		return false
	}
	var elems []json.RawMessage
	if json.Unmarshal(v, &elems) != nil {
		return true
	}
	return len(elems) > inlineArray || !allScalar(elems)
}

// scalarText shows a JSON scalar: strings without quotes, the rest as is.
func scalarText(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
	}
	return string(raw)
}

// rowsText is the table as "label: value" lines, for Copy all.
func rowsText(rows []propRow) string {
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(r.label)
		b.WriteString(": ")
		b.WriteString(r.value)
		b.WriteByte('\n')
	}
	return b.String()
}

// newOverview builds the Overview tab: the property table with Copy all and
// Copy JSON; clicking a cell copies its text. texts replace the shown
// value of top-level facts (formats.FactTexter); Copy JSON keeps the JSON.
func newOverview(a fyne.App, h reporter, desc any, descErr error, texts map[string]string) fyne.CanvasObject {
	var rows []propRow
	var err error
	if desc != nil {
		rows, err = flatten(desc)
	}
	for i, r := range rows {
		if t, ok := texts[r.key]; ok {
			rows[i].value = t
		}
	}
	if descErr != nil {
		err = descErr
	}
	var top []fyne.CanvasObject
	if err != nil {
		l := widget.NewLabelWithStyle("✕ "+formats.ErrorText(err), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		l.Wrapping = fyne.TextWrapWord
		l.Importance = widget.DangerImportance
		top = append(top, l)
	}
	if desc == nil && err == nil {
		top = append(top, widget.NewLabel(lang.X("overview.no_description", "This node has no description.")))
	}
	table := widget.NewTable(
		func() (int, int) { return len(rows), 2 },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			if id.Row >= len(rows) {
				l.SetText("")
				return
			}
			if id.Col == 0 {
				l.TextStyle = fyne.TextStyle{Bold: true}
				l.SetText(rows[id.Row].label)
			} else {
				l.TextStyle = fyne.TextStyle{Monospace: true}
				l.SetText(rows[id.Row].value)
			}
		})
	keyW, valW := float32(120), float32(360)
	for i, r := range rows {
		if i > 2000 {
			break // enough to size the columns
		}
		s := fyne.MeasureText(r.label, theme.TextSize(), fyne.TextStyle{Bold: true}).Width
		keyW = max(keyW, min(s+6*theme.Padding(), 380))
		v := fyne.MeasureText(r.value, theme.TextSize(), fyne.TextStyle{Monospace: true}).Width
		valW = max(valW, min(v+6*theme.Padding(), 1600))
	}
	table.SetColumnWidth(0, keyW)
	table.SetColumnWidth(1, valW)
	table.OnSelected = func(id widget.TableCellID) {
		if id.Row < len(rows) {
			v := rows[id.Row].value
			if id.Col == 0 {
				v = rows[id.Row].label + ": " + rows[id.Row].value
			}
			a.Clipboard().SetContent(v)
			h.Status(copiedText(truncate(v, 60)))
		}
	}
	copyAll := widget.NewButtonWithIcon(lang.X("action.copy_all", "Copy all"), theme.ContentCopyIcon(), func() {
		a.Clipboard().SetContent(rowsText(rows))
		h.Status(lang.XN("overview.copied_rows", "copied {{.PluralCount}} rows", len(rows)))
	})
	copyJSON := widget.NewButtonWithIcon(lang.X("overview.copy_json", "Copy JSON"), theme.ContentCopyIcon(), func() {
		b, err := json.MarshalIndent(desc, "", "  ")
		if err != nil {
			h.setError(err)
			return
		}
		a.Clipboard().SetContent(string(b))
		h.Status(lang.X("overview.copied_json", "copied the description as JSON"))
	})
	if len(rows) == 0 {
		copyAll.Disable()
		copyJSON.Disable()
	}
	hint := widget.NewLabel(lang.XN("overview.hint", "{{.PluralCount}} properties · click a cell to copy it", len(rows)))
	hint.Truncation = fyne.TextTruncateEllipsis
	bar := container.NewBorder(nil, nil, container.NewHBox(copyAll, copyJSON), nil, hint)
	top = append([]fyne.CanvasObject{bar}, top...)
	rowH := widget.NewLabel("").MinSize().Height + theme.SeparatorThicknessSize()
	fit := container.New(&widgets.FitRows{Rows: len(rows), RowH: rowH}, table)
	return container.NewBorder(container.NewVBox(top...), nil, nil, nil, fit)
}

// truncate shortens s to n runes with an ellipsis.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
