package cli

import (
	"os"
	"strings"

	"rummage/formats/dxt"
	"rummage/formats/txd"
)

// convertCommand is `rummage convert txd`: a TXD stored for another
// platform.
var convertCommand = &command{
	usage: "rummage convert txd --platform ps2|d3d8|d3d9|xbox [--version 3.3|3.4|3.5|3.6] [--quality " + strings.Join(dxt.Qualities(), "|") +
		"] [--overwrite] --out OUT.txd IN.txd",
	flags: map[string]bool{"platform": true, "version": true, "quality": true, "out": true, "overwrite": false},
	run:   runConvert,
}

func runConvert(e *env, a *args) int {
	if len(a.pos) != 2 || a.pos[0] != "txd" {
		return e.usagef("want: convert txd ... IN.txd")
	}
	out, in := a.vals["out"], a.pos[1]
	if out == "" {
		return e.usagef("--out OUT.txd is required")
	}
	p, ok := a.vals["platform"]
	if !ok {
		return e.usagef("--platform ps2|d3d8|d3d9|xbox is required")
	}
	platform, err := txd.ParsePlatform(p)
	if err != nil {
		return e.usagef("%v", err)
	}
	var stamp uint32
	if v, ok := a.vals["version"]; ok {
		if stamp, err = txd.VersionStamp(v); err != nil {
			return e.usagef("%v", err)
		}
	}
	q, err := dxt.ParseQuality(a.vals["quality"])
	if err != nil {
		return e.usagef("%v", err)
	}
	b, err := os.ReadFile(in)
	if err != nil {
		return e.fail(in, "", plainErr(err))
	}
	d, err := txd.Parse(b, 0)
	if err != nil {
		return e.fail(in, "", err)
	}
	for _, it := range d.Items {
		if it.Err != nil {
			return e.fail(in, "", it.Err)
		}
	}
	if st := e.checkOut(a, out); st != exitOK {
		return st
	}
	nd, err := txd.ConvertDictionary(d, platform, stamp, q)
	if err != nil {
		return e.fail(in, "", err)
	}
	data, err := nd.Marshal()
	if err != nil {
		return e.fail(out, "", err)
	}
	return e.save(out, data)
}
