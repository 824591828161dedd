package ui

// The small interfaces that several of the window's controllers ask for.

// reporter shows messages in the status bar (errors never pop a modal).
type reporter interface {
	Status(msg string)
	setError(err error) // nil: nothing
}

// progressor shows background work in the status bar: a progress bar with
// its counts and Cancel.
type progressor interface {
	startProgress(title string, cancel func())
	progress(title string, done, total int)
	endProgress()
}

// selection is the node the window shows: the tree's selection, or a node
// shown alone (found in another library); nil when none.
type selection interface {
	current() *item
}
