package ui

import (
	"fmt"
	"strconv"
	"strings"
)

// usage is printed on bad arguments.
const usage = `usage: rummage [--materials FILE] [--screenshot OUT.png [--select NODE] [--size WxH]] [FILE|FOLDER...]
       rummage ls|info|export|samples ...   (see rummage help)`

// config is the parsed GUI command line.
type config struct {
	materials  string
	screenshot string
	selectNode string
	width      int
	height     int
	files      []string
}

// parseArgs reads the GUI's arguments. Flags take their value as the next
// argument or after "="; "--" ends the flags.
func parseArgs(args []string) (config, error) {
	c := config{width: 1280, height: 800}
	sizeSet := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			c.files = append(c.files, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			c.files = append(c.files, a)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		value := func() (string, error) {
			if hasVal {
				return val, nil
			}
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s needs a value", a)
			}
			i++
			return args[i], nil
		}
		var err error
		switch name {
		case "materials":
			c.materials, err = value()
		case "screenshot":
			c.screenshot, err = value()
		case "select":
			c.selectNode, err = value()
		case "size":
			var s string
			if s, err = value(); err == nil {
				c.width, c.height, err = parseSize(s)
				sizeSet = true
			}
		default:
			return c, fmt.Errorf("unknown option %s", a)
		}
		if err != nil {
			return c, err
		}
	}
	if sizeSet && c.screenshot == "" {
		return c, fmt.Errorf("--size needs --screenshot")
	}
	return c, nil
}

// parseSize reads "WxH".
func parseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < 200 || h < 150 || w > 8192 || h > 8192 {
		return 0, 0, fmt.Errorf("bad --size %q (want WxH, e.g. 1280x800)", s)
	}
	return w, h, nil
}
