package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// eachFile runs one of a many-file command on every target in turn: a
// target that failed (a missing path) or whose run fails is its one-line
// error on stderr, the others go on, and the status is 1 at the end when
// any failed. In text output the records of two files are parted by an
// empty line. The note about skipped files comes last (not with -q).
func (e *env) eachFile(a *args, t *targets, run func(file string) int) int {
	status := exitOK
	for i, f := range t.files {
		if i > 0 && !a.bools["json"] {
			fmt.Fprintln(e.stdout)
		}
		st := exitOK
		if f.err != nil {
			st = e.fail(f.path, "", f.err)
		} else {
			st = run(f.path)
		}
		if st != exitOK {
			status = exitBad
		}
	}
	if note := t.skippedNote(e.name); note != "" && !a.bools["q"] {
		fmt.Fprintln(e.stderr, note)
	}
	return status
}

// fileRecord is the JSON line of one file of a many-file command:
// {"file": file, key: value} when key is given, else the object value
// with "file" added in front; value is any JSON (indented or not).
func fileRecord(file, key string, value []byte) ([]byte, error) {
	var body bytes.Buffer
	if err := json.Compact(&body, value); err != nil {
		return nil, err
	}
	name, err := json.Marshal(file)
	if err != nil {
		return nil, err
	}
	out := append([]byte(`{"file":`), name...)
	if key != "" {
		k, _ := json.Marshal(key)
		out = append(append(append(out, ','), k...), ':')
		out = append(out, body.Bytes()...)
		return append(out, "}\n"...), nil
	}
	b := body.Bytes()
	if len(b) < 2 || b[0] != '{' {
		return nil, fmt.Errorf("not a JSON object")
	}
	if rest := b[1:]; rest[0] != '}' {
		out = append(out, ',')
	}
	return append(append(out, b[1:]...), '\n'), nil
}
