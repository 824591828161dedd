// Package packaging holds what installs Rummage into a desktop: the Linux
// desktop entry, shared-mime-info types and AppStream metainfo (linux/),
// the Windows resources (windows/), and this package's reading of the MIME
// types, so the Windows file associations are made from the same list
// (internal/winassoc).
package packaging

import (
	_ "embed"
	"encoding/xml"
	"fmt"
	"strings"
)

//go:embed linux/io.github.rummage.xml
var mimeXML []byte

// FileType is one MIME type of the files Rummage opens.
type FileType struct {
	MIME     string
	Comment  string            // English
	Comments map[string]string // by xml:lang ("ru")
	Globs    []string          // "*.txd", "gta3.img", "level"
}

// Extensions are the type's "*.ext" globs as ".ext" (literal names aside).
func (t FileType) Extensions() []string {
	var out []string
	for _, g := range t.Globs {
		if ext, ok := strings.CutPrefix(g, "*."); ok && !strings.ContainsAny(ext, "*?[") {
			out = append(out, "."+ext)
		}
	}
	return out
}

// FileTypes are the types of linux/io.github.rummage.xml in its order.
func FileTypes() ([]FileType, error) {
	var doc struct {
		Types []struct {
			Type     string `xml:"type,attr"`
			Comments []struct {
				Lang string `xml:"http://www.w3.org/XML/1998/namespace lang,attr"`
				Text string `xml:",chardata"`
			} `xml:"comment"`
			Globs []struct {
				Pattern string `xml:"pattern,attr"`
			} `xml:"glob"`
		} `xml:"mime-type"`
	}
	if err := xml.Unmarshal(mimeXML, &doc); err != nil {
		return nil, fmt.Errorf("io.github.rummage.xml: %w", err)
	}
	var out []FileType
	for _, t := range doc.Types {
		ft := FileType{MIME: t.Type, Comments: map[string]string{}}
		for _, c := range t.Comments {
			if c.Lang == "" {
				ft.Comment = c.Text
			} else {
				ft.Comments[c.Lang] = c.Text
			}
		}
		for _, g := range t.Globs {
			ft.Globs = append(ft.Globs, g.Pattern)
		}
		out = append(out, ft)
	}
	return out, nil
}
