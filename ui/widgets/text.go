package widgets

import (
	"errors"
	"fmt"
	"strings"

	"rummage/formats"
)

// Summary is a short "N files" text for messages: "1 file", "3 files",
// "2 entries".
func Summary(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	if strings.HasSuffix(what, "y") {
		return fmt.Sprintf("%d %sies", n, what[:len(what)-1])
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// Plural is Summary that knows more words: "2 vertices", "4 batches",
// "3 children".
func Plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	switch {
	case one == "vertex":
		return fmt.Sprintf("%d vertices", n)
	case one == "child":
		return fmt.Sprintf("%d children", n)
	case strings.HasSuffix(one, "ch"):
		return fmt.Sprintf("%d %ses", n, one)
	}
	return Summary(n, one)
}

// ProblemText is formats.ErrorText(err), led by where it happened for a
// panic in format code ("fields of x: internal error: …").
func ProblemText(err error) string {
	var pe *formats.PanicError
	if errors.As(err, &pe) && pe.Where != "" {
		return pe.Where + ": " + formats.ErrorText(err)
	}
	return formats.ErrorText(err)
}
