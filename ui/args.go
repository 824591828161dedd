package ui

import (
	"fmt"
	"strconv"
	"strings"
)

// usage is printed on bad arguments.
const usage = `usage: rummage [--materials FILE] [--txd FILE]... [--screenshot OUT.png [--size WxH]]... [--select NODE] [--tab TAB[/SUBTAB]] [FILE|FOLDER...]
       rummage ls|info|export|samples ...   (see rummage help)`

// shot is one --screenshot: where to write it and the window size.
type shot struct {
	path          string
	width, height int
	sized         bool // a --size was given for it
}

// config is the parsed GUI command line.
type config struct {
	materials  string
	txd        []string // --txd (repeatable): texture dictionaries searched last, in order, for DFF models
	shots      []shot   // in the order given; all show the same node and tab
	selectNode string
	tab        string // the inspector tab to show, "Material/Animation" for a tab inside it
	files      []string
}

// parseArgs reads the GUI's arguments. Flags take their value as the next
// argument or after "="; "--" ends the flags. A --size sets the size of
// the --screenshot before it (a --size before any, of the first one).
func parseArgs(args []string) (config, error) {
	var c config
	var early *shot // a --size before the first --screenshot
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
		var s string
		var err error
		switch name {
		case "materials":
			c.materials, err = value()
		case "txd":
			if s, err = value(); err == nil {
				c.txd = append(c.txd, s)
			}
		case "screenshot":
			if s, err = value(); err == nil {
				c.shots = append(c.shots, shot{path: s, width: 1280, height: 800})
			}
		case "select":
			c.selectNode, err = value()
		case "tab":
			c.tab, err = value()
		case "size":
			if s, err = value(); err == nil {
				if len(c.shots) == 0 {
					early = &shot{}
					err = early.setSize(s)
				} else {
					err = c.shots[len(c.shots)-1].setSize(s)
				}
			}
		default:
			return c, fmt.Errorf("unknown option %s", a)
		}
		if err != nil {
			return c, err
		}
	}
	return c, c.finish(early)
}

// finish applies an early --size to the first screenshot and checks that
// the screenshot-only options come with one.
func (c *config) finish(early *shot) error {
	if len(c.shots) == 0 {
		switch {
		case early != nil:
			return fmt.Errorf("--size needs --screenshot")
		case c.tab != "":
			return fmt.Errorf("--tab needs --screenshot")
		}
		return nil
	}
	if early != nil {
		if c.shots[0].sized {
			return fmt.Errorf("two --size for --screenshot %s", c.shots[0].path)
		}
		c.shots[0].width, c.shots[0].height, c.shots[0].sized = early.width, early.height, true
	}
	return nil
}

// setSize sets the shot's size from "WxH"; a second size is an error.
func (s *shot) setSize(v string) error {
	if s.sized {
		return fmt.Errorf("two --size for --screenshot %s", s.path)
	}
	w, h, err := parseSize(v)
	s.width, s.height, s.sized = w, h, err == nil
	return err
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
