package formats

// TextureReport says what became of the textures a mesh's materials name
// in files of their own (a level's .dds files, a model's dictionaries):
// how many, which were not found, and where they were looked for. The
// preview says it in its textured views, where a missing texture would
// otherwise quietly show as a flat colour.
type TextureReport struct {
	Named   int      // distinct textures named
	Missing []string // the names not found (or whose files did not read)
	// Looked says where the textures were looked for, nearest first: a
	// folder or file each, or how they were searched for when nothing was
	// there to search ("textures/ or gamedata/textures/ in DIR and the 5
	// folders above it").
	Looked []string
}

// TextureReporter is a mesh whose textures come from other files.
type TextureReporter interface {
	TextureReport() TextureReport
}

// SafeTextureReport returns n's texture report; ok is false when n has
// none, or when making it panicked.
func SafeTextureReport(n any) (TextureReport, bool) {
	tr, ok := n.(TextureReporter)
	if !ok {
		return TextureReport{}, false
	}
	r, err := Guard("texture report", func() (TextureReport, error) { return tr.TextureReport(), nil })
	return r, err == nil
}
