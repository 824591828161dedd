package formats

// Labeler gives the short tag the window shows beside a node in place of
// its Type: a TXD texture is typed "texture" in `ls --json` (the contract)
// but labelled by its raster format ("PAL8", "DXT1", "8888").
type Labeler interface {
	Label() string
}

// SafeLabel returns n's Label, else its Type ("" when it has neither).
func SafeLabel(n Node) string {
	if l, ok := n.(Labeler); ok {
		if s, err := Guard("label", func() (string, error) { return l.Label(), nil }); err == nil && s != "" {
			return s
		}
	}
	return SafeType(n)
}

// FactTexter gives the text form of facts whose JSON value is a raw number
// that people read in another way (a TXD rasterFormat as hex flags with
// their names). `info` without --json and the Overview tab show the text;
// the JSON keeps the number.
type FactTexter interface {
	FactText() map[string]string
}

// SafeFactText returns n's fact texts, nil when it has none or panics.
func SafeFactText(n Node) map[string]string {
	f, ok := n.(FactTexter)
	if !ok {
		return nil
	}
	m, _ := Guard("fact text", func() (map[string]string, error) { return f.FactText(), nil })
	return m
}
