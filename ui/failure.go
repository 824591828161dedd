package ui

// textError is an error whose message the window made in its language
// (lang.X), wrapping the error it reports, if any: errors.Is and errors.As
// still reach that one.
type textError struct {
	msg string
	err error
}

func (e *textError) Error() string { return e.msg }
func (e *textError) Unwrap() error { return e.err }

// failure is an error saying msg, a text of the window (which names err
// in it where it has one), about err (nil when it reports no other error).
func failure(msg string, err error) error { return &textError{msg: msg, err: err} }
