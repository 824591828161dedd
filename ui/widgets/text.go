package widgets

import (
	"errors"

	"rummage/formats"
)

// ProblemText is formats.ErrorText(err), led by where it happened for a
// panic in format code ("fields of x: internal error: …").
func ProblemText(err error) string {
	var pe *formats.PanicError
	if errors.As(err, &pe) && pe.Where != "" {
		return pe.Where + ": " + formats.ErrorText(err)
	}
	return formats.ErrorText(err)
}
