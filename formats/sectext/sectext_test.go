package sectext

import (
	"strings"
	"testing"
)

func known(w string) bool { return w == "objs" || w == "tobj" }

func TestParse(t *testing.T) {
	text := "\xEF\xBB\xBF# head\nstray, line\nobjs\n1, a, b # comment\n\n2 b  c\ntobj\n3, c\nend\nodd\nx\n"
	f := Parse([]byte(text), 10, known)
	if len(f.Sections) != 3 {
		t.Fatalf("%d sections", len(f.Sections))
	}
	objs := f.Sections[0]
	if objs.Name != "objs" || objs.Ended || len(objs.Rows) != 2 || strings.Join(objs.Rows[1].Fields, "|") != "2|b|c" {
		t.Errorf("objs %+v", objs)
	}
	if r := objs.Rows[0]; r.Line != 4 || r.Off != 10+int64(strings.Index(text, "1, a")) || strings.Join(r.Fields, "|") != "1|a|b" {
		t.Errorf("row %+v", r)
	}
	if tobj := f.Sections[1]; !tobj.Ended || tobj.End != 10+int64(strings.Index(text, "odd")) {
		t.Errorf("tobj %+v", tobj)
	}
	if odd := f.Sections[2]; odd.Name != "odd" || odd.Ended || len(odd.Rows) != 1 {
		t.Errorf("odd %+v", odd)
	}
	var msgs []string
	for _, d := range f.Diags {
		msgs = append(msgs, d.Msg)
	}
	want := []string{"line 2 lies outside any section: skipped", "line 7: section objs (line 3) has no end before tobj",
		"section odd (line 10) has no end before the end of the file"}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics\n%s", strings.Join(msgs, "\n"))
	}
}

func TestFirstWord(t *testing.T) {
	for _, c := range []struct {
		head      string
		word      string
		seen, cut bool
	}{
		{"# x\n\nobjs\n", "objs", true, false},
		{"# only a comment", "", false, false},
		{"ob", "ob", true, true},
		{"1, 2", "1", true, false},
	} {
		w, s, k := FirstWord([]byte(c.head))
		if w != c.word || s != c.seen || k != c.cut {
			t.Errorf("FirstWord(%q) = %q %v %v", c.head, w, s, k)
		}
	}
}

// A line of separators alone holds no word (it once made FirstWord index
// an empty list).
func TestFirstWordSeparators(t *testing.T) {
	for _, head := range []string{",", "\x00", ", ,\n", " ,\t"} {
		if w, seen, _ := FirstWord([]byte(head)); seen || w != "" {
			t.Errorf("FirstWord(%q) = %q, %v", head, w, seen)
		}
	}
}
