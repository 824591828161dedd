package cli

import (
	"fmt"
	"strings"
)

// args is a parsed command line: flags may come before, between or after
// the positional arguments, as "-x", "--x", "--x=value" or "--x value";
// single letters may be grouped ("-rq", see shortGroup); "--" ends the flags.
type args struct {
	bools map[string]bool
	vals  map[string]string   // the value of each flag given (the last, for a repeatable one)
	all   map[string][]string // every value of each flag, in order (repeatable flags)
	pos   []string
	help  bool
}

// parseArgs parses list against spec (flag name -> takes a value).
func parseArgs(list []string, spec map[string]bool) (*args, error) {
	a := &args{bools: map[string]bool{}, vals: map[string]string{}, all: map[string][]string{}}
	for i := 0; i < len(list); i++ {
		s := list[i]
		if s == "--" {
			a.pos = append(a.pos, list[i+1:]...)
			break
		}
		if len(s) < 2 || s[0] != '-' {
			a.pos = append(a.pos, s)
			continue
		}
		if group, err := shortGroup(s, spec); err != nil {
			return nil, err
		} else if group != nil {
			list = append(append(append([]string{}, list[:i]...), group...), list[i+1:]...)
			s = list[i]
		}
		name := strings.TrimLeft(s, "-")
		if strings.HasPrefix(s, "---") || name == "" {
			return nil, fmt.Errorf("bad flag %q", s)
		}
		value, hasValue := "", false
		if eq := strings.IndexByte(name, '='); eq >= 0 {
			name, value, hasValue = name[:eq], name[eq+1:], true
		}
		if name == "h" || name == "help" {
			a.help = true
			continue
		}
		takes, known := spec[name]
		if !known {
			return nil, fmt.Errorf("unknown flag %s", s)
		}
		if !takes {
			if hasValue {
				switch strings.ToLower(value) {
				case "true", "1":
					a.bools[name] = true
				case "false", "0":
					a.bools[name] = false
				default:
					return nil, fmt.Errorf("flag %s takes no value", dashed(name))
				}
				continue
			}
			a.bools[name] = true
			continue
		}
		if !hasValue {
			if i+1 >= len(list) {
				return nil, fmt.Errorf("flag %s needs a value", dashed(name))
			}
			i++
			value = list[i]
		}
		if _, twice := a.vals[name]; twice && !repeatable[name] {
			return nil, fmt.Errorf("flag %s given twice: it takes one value", dashed(name))
		}
		a.vals[name] = value
		a.all[name] = append(a.all[name], value)
	}
	return a, nil
}

// repeatable are the flags that may be given more than once, each value
// counting (export's filters, the dictionaries --txd searches in order);
// any other flag given twice is bad usage, not "the last one wins".
var repeatable = map[string]bool{"kind": true, "type": true, "name": true, "txd": true}

// dashed spells a flag name the way the usage lines do.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}
