package txd

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// SettingsFile is the name of the per-texture settings a build reads from
// a folder of images (as Magic.TXD's builds take them):
//
//	{"NAME": {"format": "DXT1", "mips": "auto", "filter": "linear-mip-linear",
//	          "addressing": ["wrap", "clamp"], "alpha": "MASKNAME"}, ...}
//
// NAME is a texture's name (its image file's name without the extension,
// in any case); every key is optional and overrides the build's own
// option for that texture: "format" as BuildOptions.Format, "mips" "auto"
// or a level count, "filter" a filter mode, "addressing" one mode for U
// and V or a pair, "alpha" the mask name.
const SettingsFile = "textures.json"

// settingsKeys are the keys a texture's entry may have.
var settingsKeys = []string{"format", "mips", "filter", "addressing", "alpha"}

// Settings are the per-texture settings read from a SettingsFile.
type Settings struct {
	File   string                     // the file they were read from
	byName map[string]TextureSettings // by texture name in lower case
	names  map[string]string          // lower case → as written
}

// TextureSettings are one texture's settings; nil fields are not set.
type TextureSettings struct {
	Format             *string
	Mips               *int // 0: auto
	Filter             *uint32
	AddressU, AddressV *uint32
	Mask               *string
}

// ReadSettings parses the settings file path holds (b): unknown keys,
// values of the wrong kind and names given twice (in any case) are errors
// naming the file and the texture.
func ReadSettings(path string, b []byte) (*Settings, error) {
	s := &Settings{File: path, byName: map[string]TextureSettings{}, names: map[string]string{}}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		return nil, fmt.Errorf("%s: %s", path, jsonError(b, err))
	}
	for name, raw := range top {
		key := strings.ToLower(name)
		if prev, ok := s.names[key]; ok {
			return nil, fmt.Errorf("%s: textures %q and %q are the same name", path, prev, name)
		}
		ts, err := parseTextureSettings(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: texture %q: %w", path, name, err)
		}
		s.byName[key], s.names[key] = ts, name
	}
	return s, nil
}

// jsonError says where the JSON went wrong.
func jsonError(b []byte, err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(b[:min(int(se.Offset), len(b))], []byte("\n"))
		return fmt.Sprintf("line %d (byte %d): %v", line, se.Offset, err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("byte %d: want an object of textures, each an object of settings", te.Offset)
	}
	return err.Error()
}

// parseTextureSettings reads one texture's entry.
func parseTextureSettings(raw json.RawMessage) (TextureSettings, error) {
	var ts TextureSettings
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
		return ts, fmt.Errorf("want an object of settings (%s)", strings.Join(settingsKeys, ", "))
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if err := ts.set(k, fields[k]); err != nil {
			return ts, err
		}
	}
	return ts, nil
}

// set reads the value v of key k.
func (ts *TextureSettings) set(k string, v json.RawMessage) error {
	str := func() (string, error) {
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return "", fmt.Errorf("%q: want a string, not %s", k, v)
		}
		return s, nil
	}
	switch k {
	case "format":
		s, err := str()
		if err == nil {
			_, _, err = ParseFormat(s)
		}
		ts.Format = &s
		return err
	case "mips":
		n, err := parseMips(v)
		ts.Mips = &n
		return err
	case "filter":
		s, err := str()
		if err != nil {
			return err
		}
		f, err := ParseFilterMode(s)
		ts.Filter = &f
		return err
	case "addressing":
		u, v, err := parseAddressingJSON(v)
		ts.AddressU, ts.AddressV = &u, &v
		return err
	case "alpha":
		s, err := str()
		if err == nil && len(s) > 31 {
			err = fmt.Errorf("alpha %q: a mask name is at most 31 bytes", s)
		}
		ts.Mask = &s
		return err
	}
	return fmt.Errorf("unknown key %q (want %s)", k, strings.Join(settingsKeys, ", "))
}

// parseMips reads "auto", a count as a string or a number (1 to 16).
func parseMips(v json.RawMessage) (int, error) {
	var s string
	if json.Unmarshal(v, &s) != nil {
		s = string(v)
	}
	if strings.EqualFold(s, "auto") {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 16 {
		return 0, fmt.Errorf("\"mips\": want \"auto\" or a level count from 1 to 16, not %s", v)
	}
	return n, nil
}

// parseAddressingJSON reads one mode for U and V ("clamp") or a pair
// (["wrap", "clamp"]).
func parseAddressingJSON(v json.RawMessage) (u, w uint32, err error) {
	var one string
	if json.Unmarshal(v, &one) == nil {
		return ParseAddressing(one)
	}
	var two []string
	if json.Unmarshal(v, &two) != nil || len(two) < 1 || len(two) > 2 {
		return 0, 0, fmt.Errorf("\"addressing\": want a mode or [U, V], not %s", v)
	}
	if u, err = ParseAddressMode(two[0]); err != nil || len(two) == 1 {
		return u, u, err
	}
	w, err = ParseAddressMode(two[1])
	return u, w, err
}

// Names returns the texture names the settings name, as written, sorted.
func (s *Settings) Names() []string {
	out := make([]string, 0, len(s.names))
	for _, n := range s.names {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Has reports whether the settings name texture name (in any case).
func (s *Settings) Has(name string) bool {
	_, ok := s.byName[strings.ToLower(name)]
	return ok
}

// Apply returns o with the settings of texture name over it (o itself
// when the settings do not name it; s may be nil).
func (s *Settings) Apply(name string, o BuildOptions) BuildOptions {
	if s == nil {
		return o
	}
	ts, ok := s.byName[strings.ToLower(name)]
	if !ok {
		return o
	}
	if ts.Format != nil {
		o.Format = *ts.Format
	}
	if ts.Mips != nil {
		o.Mips = *ts.Mips
	}
	if ts.Filter != nil {
		o.Filter = *ts.Filter
	}
	if ts.AddressU != nil {
		o.AddressU, o.AddressV = *ts.AddressU, *ts.AddressV
	}
	if ts.Mask != nil {
		o.Mask = *ts.Mask
	}
	return o
}
