package winassoc

import (
	"maps"
	"strings"
	"testing"
)

// mapStore is a registry in memory: "key\x00name" -> value; keys exist
// when a value below them does.
type mapStore map[string]string

func (m mapStore) Get(key, name string) (string, bool, error) {
	v, ok := m[strings.ToLower(key)+"\x00"+name]
	return v, ok, nil
}
func (m mapStore) Set(key, name, value string) error {
	m[strings.ToLower(key)+"\x00"+name] = value
	return nil
}
func (m mapStore) DeleteValue(key, name string) error {
	delete(m, strings.ToLower(key)+"\x00"+name)
	return nil
}
func (m mapStore) DeleteTree(key string) error {
	k := strings.ToLower(key)
	for p := range m {
		if strings.HasPrefix(p, k+"\x00") || strings.HasPrefix(p, k+`\`) {
			delete(m, p)
		}
	}
	return nil
}

const exe = `C:\Program Files\Rummage\rummage.exe`

func TestAssociations(t *testing.T) {
	list, err := Associations()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, a := range list {
		got[a.Ext] = a.Name
	}
	for ext, name := range map[string]string{
		".txd": "RenderWare texture dictionary", ".dff": "RenderWare model (clump)", ".img": "GTA IMG archive",
		".ifp": "GTA animation package", ".col": "GTA collision file", ".ipl": "GTA item placement (IPL)",
		".ide": "GTA item definitions (IDE)", ".ogf": "X-Ray model (OGF)", ".omf": "X-Ray motions (OMF)",
		".rlb": "Parkan NRes archive", ".lib": "Parkan NRes archive", ".dir": "GTA IMG archive directory (version 1)",
	} {
		if got[ext] != name {
			t.Errorf("%s: %q, want %q", ext, got[ext], name)
		}
	}
	if _, ok := got[".level"]; ok || len(got) != len(list) {
		t.Errorf("unexpected associations: %v", got)
	}
}

// Register makes Rummage the default of every extension nobody owns, adds
// it to "Open with" for the others, points the icon and the open command at
// the program; Unregister leaves the registry as it found it.
func TestRegisterUnregister(t *testing.T) {
	s := mapStore{}
	s.Set(`Software\Classes\.img`, "", "Windows.IsoFile") // a disk image's, kept
	s.Set(`Software\Classes\.img\OpenWithProgids`, "Windows.IsoFile", "")
	before := maps.Clone(s)

	res, err := Register(s, exe)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Ext == ".img" {
			if r.Default || r.Owner != "Windows.IsoFile" {
				t.Errorf(".img: %+v", r)
			}
		} else if !r.Default {
			t.Errorf("%s: not the default: %+v", r.Ext, r)
		}
	}
	for _, c := range [][3]string{
		{`Software\Classes\.txd`, "", "Rummage.txd"},
		{`Software\Classes\.txd\OpenWithProgids`, "Rummage.txd", ""},
		{`Software\Classes\.img`, "", "Windows.IsoFile"},
		{`Software\Classes\.img\OpenWithProgids`, "Rummage.img", ""},
		{`Software\Classes\Rummage.txd`, "", "RenderWare texture dictionary"},
		{`Software\Classes\Rummage.txd\DefaultIcon`, "", `"` + exe + `",0`},
		{`Software\Classes\Rummage.col\shell\open\command`, "", `"` + exe + `" "%1"`},
		{`Software\Classes\Applications\rummage.exe\SupportedTypes`, ".ifp", ""},
		{`Software\Classes\Applications\rummage.exe\shell\open\command`, "", `"` + exe + `" "%1"`},
	} {
		if v, ok, _ := s.Get(c[0], c[1]); !ok || v != c[2] {
			t.Errorf(`%s "%s" = %q (%v), want %q`, c[0], c[1], v, ok, c[2])
		}
	}
	// Again: the same result (Rummage owns its extensions already).
	again := maps.Clone(s)
	if _, err := Register(s, exe); err != nil || !maps.Equal(s, again) {
		t.Errorf("registering twice changed the registry (%v)", err)
	}
	if err := Unregister(s, exe); err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(s, before) {
		for k, v := range s {
			if before[k] != v {
				t.Errorf("left after unregistering: %q = %q", k, v)
			}
		}
	}
}
