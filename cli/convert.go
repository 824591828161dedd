package cli

import (
	"bytes"

	"rummage/formats"
	"rummage/formats/dxt"
	"rummage/formats/txd"
)

// convertCommand is `rummage convert txd`: a TXD stored for another
// platform.
var convertCommand = &command{
	usage: withChoices("rummage convert txd --platform {platform} [--version {rw-version}] [--quality {quality}] [--overwrite] --out OUT.txd IN.txd"),
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
		return e.usagef("%s", withChoices("--platform {platform} is required"))
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
	b, err := formats.ReadRegular(in, maxInputBytes)
	if err != nil {
		return e.fail("", "", plainErr(err))
	}
	d, err := readableTXD(b)
	if err != nil {
		return e.fail(in, "", err)
	}
	if st := e.checkOut(a, out); st != exitOK {
		return st
	}
	nd, err := txd.ConvertDictionary(d, platform, stamp, q)
	if err != nil {
		return e.fail(in, "", err)
	}
	data, err := nd.Marshal()
	if err == nil {
		_, err = readableTXD(data) // never write what nothing can read
	}
	if err != nil {
		return e.fail(out, "", err)
	}
	return e.save(a, out, bytes.NewReader(data))
}

// readableTXD parses b as a whole texture dictionary the way `ls` opens
// one: a header the format registry recognises and no broken texture.
func readableTXD(b []byte) (*txd.Dictionary, error) {
	if err := txd.CheckHeader(b, int64(len(b)), 0); err != nil {
		return nil, err
	}
	d, err := txd.Parse(b, 0)
	if err != nil {
		return nil, err
	}
	if d.Truncated != nil {
		return nil, d.Truncated
	}
	for _, it := range d.Items {
		if it.Err != nil {
			return nil, it.Err
		}
	}
	return d, nil
}
