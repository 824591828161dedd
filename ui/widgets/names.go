package widgets

import "rummage/formats"

// ChildNames is formats.ChildNames (the path segment of every child, as
// `ls --json` prints it) behind the format panic guard.
func ChildNames(kids []formats.Node, parent formats.Node) ([]string, error) {
	return formats.Guard("child names of "+formats.SafeName(parent), func() ([]string, error) {
		return formats.ChildNames(withoutNil(kids), formats.Folds(parent)), nil
	})
}

// withoutNil gives nil children a nameless stand-in: ChildNames would call
// Name on nil.
func withoutNil(kids []formats.Node) []formats.Node {
	var fixed []formats.Node
	for i, k := range kids {
		if k != nil {
			continue
		}
		if fixed == nil {
			fixed = append([]formats.Node(nil), kids...)
		}
		fixed[i] = &formats.Folder{}
	}
	if fixed == nil {
		return kids
	}
	return fixed
}
