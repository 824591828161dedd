package ui

import "strings"

// factLabel is how the Overview names a property: each part of its path
// ("phases[2].texture") with the window's label for a known fact name,
// the indices and unknown names as they are.
func factLabel(key string) string {
	parts := strings.Split(key, ".")
	for i, p := range parts {
		name, index, _ := strings.Cut(p, "[")
		if label, ok := factNames[name]; ok {
			parts[i] = label()
			if index != "" {
				parts[i] += "[" + index
			}
		}
	}
	return strings.Join(parts, ".")
}
