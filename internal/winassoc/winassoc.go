// Package winassoc makes Rummage the program that opens the files it reads
// on Windows, for the current user (HKEY_CURRENT_USER\Software\Classes; no
// administrator needed), and undoes it: `rummage --register-types` and
// `--unregister-types`.
//
// The file types are those of the Linux MIME package (package packaging),
// by their "*.ext" names, plus the Parkan archive names Linux knows by
// their magic (.lib, .msh). For every extension:
//
//	Software\Classes\Rummage.EXT                     (default) = the type's name; FriendlyTypeName too
//	Software\Classes\Rummage.EXT\DefaultIcon         (default) = "EXE",0
//	Software\Classes\Rummage.EXT\shell\open\command  (default) = "EXE" "%1"
//	Software\Classes\.EXT\OpenWithProgids            Rummage.EXT = ""      (Rummage in "Open with")
//	Software\Classes\.EXT                            (default) = Rummage.EXT, only when no program
//	                                                 owns the extension yet (.img stays a disk image)
//	Software\Classes\Applications\EXE-NAME           FriendlyAppName, shell\open\command, SupportedTypes
//
// Unregistering removes what registering wrote and gives an extension back
// its empty default only where the default is still Rummage's. Windows 10
// and later keep a user's own choice (UserChoice, made in "Open with"),
// which no program may overwrite: those extensions keep their program, and
// Rummage is offered in "Open with".
//
// The logic runs on a Store (the registry on Windows, a map in tests).
package winassoc

import (
	"fmt"
	"slices"
	"strings"

	"rummage/packaging"
)

// Store is a registry hive, keys named by backslash paths below
// HKEY_CURRENT_USER; a value name "" is the key's default value.
type Store interface {
	// Get reads a string value; ok is false when the key or value is missing.
	Get(key, name string) (value string, ok bool, err error)
	// Set writes a string value, making the key and its parents.
	Set(key, name, value string) error
	// DeleteValue removes a value; a missing one is no error.
	DeleteValue(key, name string) error
	// DeleteTree removes a key and every key below it; a missing one is no error.
	DeleteTree(key string) error
}

const classes = `Software\Classes`

// progPrefix starts every ProgID Rummage writes ("Rummage.txd").
const progPrefix = "Rummage."

// Association is one extension and what it is.
type Association struct {
	Ext  string // ".txd"
	Name string // "RenderWare texture dictionary"
}

// progID is the association's ProgID.
func (a Association) progID() string { return progPrefix + strings.TrimPrefix(a.Ext, ".") }

// windowsOnly are extensions Linux types by their magic alone (no glob: a
// Windows .lib or a Gmsh .msh is no Parkan archive) but Windows can only
// know by name; Rummage becomes their default only where none is set.
var windowsOnly = map[string]string{".lib": "application/x-parkan-nres", ".msh": "application/x-parkan-nres"}

// Associations are the extensions Rummage registers, in a stable order.
func Associations() ([]Association, error) {
	types, err := packaging.FileTypes()
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	var out []Association
	for _, t := range types {
		names[t.MIME] = t.Comment
		for _, ext := range t.Extensions() {
			out = append(out, Association{Ext: strings.ToLower(ext), Name: t.Comment})
		}
	}
	for ext, mime := range windowsOnly {
		out = append(out, Association{Ext: ext, Name: names[mime]})
	}
	slices.SortFunc(out, func(a, b Association) int { return strings.Compare(a.Ext, b.Ext) })
	return slices.CompactFunc(out, func(a, b Association) bool { return a.Ext == b.Ext }), nil
}

// Result says what registering did to one extension.
type Result struct {
	Ext     string
	Default bool   // Rummage opens it on a double-click
	Owner   string // the ProgID that keeps the extension, when not Rummage
}

// Register writes the associations for the program exe (its absolute path).
func Register(s Store, exe string) ([]Result, error) {
	list, err := Associations()
	if err != nil {
		return nil, err
	}
	app := classes + `\Applications\` + exeName(exe)
	open := `"` + exe + `" "%1"`
	sets := [][3]string{
		{app, "FriendlyAppName", "Rummage"},
		{app + `\shell\open\command`, "", open},
	}
	var out []Result
	for _, a := range list {
		prog := classes + `\` + a.progID()
		sets = append(sets,
			[3]string{prog, "", a.Name}, [3]string{prog, "FriendlyTypeName", a.Name},
			[3]string{prog + `\DefaultIcon`, "", `"` + exe + `",0`},
			[3]string{prog + `\shell\open\command`, "", open},
			[3]string{classes + `\` + a.Ext + `\OpenWithProgids`, a.progID(), ""},
			[3]string{app + `\SupportedTypes`, a.Ext, ""})
		r := Result{Ext: a.Ext, Default: true}
		owner, ok, err := s.Get(classes+`\`+a.Ext, "")
		if err != nil {
			return nil, err
		}
		if ok && owner != "" && owner != a.progID() {
			r.Default, r.Owner = false, owner
		} else {
			sets = append(sets, [3]string{classes + `\` + a.Ext, "", a.progID()})
		}
		out = append(out, r)
	}
	for _, kv := range sets {
		if err := s.Set(kv[0], kv[1], kv[2]); err != nil {
			return nil, fmt.Errorf(`HKCU\%s: %w`, kv[0], err)
		}
	}
	return out, nil
}

// Unregister removes what Register wrote for the program named exe.
func Unregister(s Store, exe string) error {
	list, err := Associations()
	if err != nil {
		return err
	}
	for _, a := range list {
		ext := classes + `\` + a.Ext
		if v, ok, err := s.Get(ext, ""); err != nil {
			return err
		} else if ok && v == a.progID() {
			if err := s.DeleteValue(ext, ""); err != nil {
				return fmt.Errorf(`HKCU\%s: %w`, ext, err)
			}
		}
		if err := s.DeleteValue(ext+`\OpenWithProgids`, a.progID()); err != nil {
			return fmt.Errorf(`HKCU\%s\OpenWithProgids: %w`, ext, err)
		}
		if err := s.DeleteTree(classes + `\` + a.progID()); err != nil {
			return fmt.Errorf(`HKCU\%s\%s: %w`, classes, a.progID(), err)
		}
	}
	return s.DeleteTree(classes + `\Applications\` + exeName(exe))
}

// exeName is the file name of the program's path (Windows or slash separated).
func exeName(exe string) string { return exe[strings.LastIndexAny(exe, `\/`)+1:] }
