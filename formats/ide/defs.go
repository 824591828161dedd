package ide

// Definitions are the model definitions of any number of .ide files,
// looked up by id and by name (case-insensitively). The first definition
// of an id or a name wins, as files are added in the order the game loads
// them.
type Definitions struct {
	ByID   map[int32]*Object
	ByName map[string]*Object // lower-case model name
	Parent map[string]string  // lower-case dictionary -> lower-case parent (txdp)
	Files  []string           // the files added, in order
}

// NewDefinitions returns empty definitions.
func NewDefinitions() *Definitions {
	return &Definitions{ByID: map[int32]*Object{}, ByName: map[string]*Object{}, Parent: map[string]string{}}
}

// Add adds the definitions of a read file named name.
func (d *Definitions) Add(f *File, name string) {
	d.Files = append(d.Files, name)
	for i := range f.Objects {
		o := &f.Objects[i]
		if _, ok := d.ByID[o.ID]; !ok {
			d.ByID[o.ID] = o
		}
		if k := Lower(o.Model); d.ByName[k] == nil {
			d.ByName[k] = o
		}
	}
	for _, p := range f.Parents {
		if k := Lower(p[0]); d.Parent[k] == "" {
			d.Parent[k] = Lower(p[1])
		}
	}
}

// Dictionaries returns the texture dictionaries of model o, lower case:
// its own, then its txdp parents (a chain of at most 8, loops cut).
func (d *Definitions) Dictionaries(o *Object) []string {
	out := []string{Lower(o.TXD)}
	for p := d.Parent[out[0]]; p != "" && len(out) < 9; p = d.Parent[p] {
		for _, seen := range out {
			if seen == p {
				return out
			}
		}
		out = append(out, p)
	}
	return out
}
