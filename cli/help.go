package cli

import (
	"fmt"
	"io"
	"strings"
)

func runHelp(e *env, a *args) int {
	if len(a.pos) == 0 {
		fmt.Fprint(e.stdout, helpText)
		return exitOK
	}
	if _, ok := commands[a.pos[0]]; !ok {
		return e.usagef("unknown command %q", a.pos[0])
	}
	name := withSub(a.pos[0], a.pos[1:])
	if n := len(strings.Fields(name)); len(a.pos) > n {
		if n == 1 && len(subOrder[name]) > 0 {
			return e.usagef("%s has no %q (want %s)", name, a.pos[1], strings.Join(subOrder[name], " or "))
		}
		return e.usagef("too many arguments")
	}
	writeCommandHelp(e.stdout, name)
	return exitOK
}

// writeCommandHelp writes `rummage help COMMAND`: the usage line, what
// the command does and its flags; for build and convert, that of each of
// their second words.
func writeCommandHelp(w io.Writer, name string) {
	if subs := subOrder[name]; len(subs) > 0 {
		fmt.Fprintf(w, "%s: %s.\n", name, summaries[name])
		for _, sub := range subs {
			fmt.Fprintln(w)
			writeCommandHelp(w, name+" "+sub)
		}
		return
	}
	fmt.Fprintf(w, "usage: %s\n\n%s.\n", lookup(name).usage, summaries[name])
	flags := flagNames(name)
	if len(flags) == 0 {
		return
	}
	fmt.Fprintln(w, "\nflags:")
	for _, f := range flags {
		d, _ := docOf(name, f)
		if sp := flagSpelling(f, d); len(sp) > 22 {
			fmt.Fprintf(w, "  %s\n  %-22s %s\n", sp, "", d.help)
		} else {
			fmt.Fprintf(w, "  %-22s %s\n", sp, d.help)
		}
	}
	if name == "ls" || name == "info" || name == "export" {
		fmt.Fprintln(w, "\n"+nodeRule)
	}
	if note := commandNotes[name]; note != "" {
		fmt.Fprintln(w, "\n"+note)
	}
}

// commandNotes say more about a command after its flags (help and the
// man page).
var commandNotes = map[string]string{
	"build txd": `A folder of folders (no image of its own, subfolders with images) builds one
TXD per subfolder, --out DIR/SUBFOLDER.txd. A folder's textures.json gives its
textures their own settings over the flags, each key optional:
  {"NAME": {"format": "DXT1", "mips": "auto", "filter": "linear-mip-linear",
            "addressing": ["wrap", "clamp"], "alpha": "MASKNAME"}, ...}
NAME is an image's name without its extension (any case), "mips" auto or a
count, "addressing" one mode or [U, V], "alpha" the mask name; an unknown key,
value or NAME is an error naming the file. Everything is checked before a
pixel is decoded: an image's header against the platform and the memory budget.`,
	"convert txd": `With several TXDs or a folder (its .txd files, recursively), --out is a folder:
each TXD is written there under its own name, a folder's keeping its
subfolders. A TXD that fails is one line on standard error and the others go on.`,
}

// flagSpelling is "--name VALUE" (or "-r") with the value's choices.
func flagSpelling(f string, d flagDoc) string {
	s := dashed(f)
	switch {
	case len(d.choices) > 0:
		s += " " + strings.Join(d.choices, "|")
	case d.arg != "":
		s += " " + d.arg
	}
	return s
}

// nodeRule says how a NODE is told from a FILE.
const nodeRule = `A NODE is a /-separated path as "ls --json" prints it in "path". NODE words are
taken only after exactly one FILE that is not a folder, and only when the first
of them is not an existing file or folder; otherwise every word is a FILE or a
FOLDER (read recursively; files no format recognises are skipped and counted).`
