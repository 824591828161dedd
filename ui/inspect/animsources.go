package inspect

import (
	"sync"

	"rummage/formats"
)

// AnimationSources is what the window tells animation players: the roots
// of the files it has open (an .ifp or .omf among them plays on a model)
// and its File › Open animations… dialog.
type AnimationSources interface {
	// OpenRoots returns the open files' roots (UI goroutine).
	OpenRoots() []formats.Node
	// OpenAnimations asks for animation files, opens them in the tree and
	// calls done with the first one's root (UI goroutine; not called when
	// the dialog is cancelled).
	OpenAnimations(done func(root formats.Node))
}

var (
	animMu      sync.Mutex
	animSources AnimationSources
)

// SetAnimationSources is called by the window once it is made.
func SetAnimationSources(s AnimationSources) {
	animMu.Lock()
	defer animMu.Unlock()
	animSources = s
}

// Sources returns the window's animation sources, nil when no window set
// them (tests that make a tab alone).
func Sources() AnimationSources {
	animMu.Lock()
	defer animMu.Unlock()
	return animSources
}
