package cli

import (
	"io"
	"strings"
)

// shellNames are the shells `rummage completion` writes scripts for, in help order.
var shellNames = []string{"bash", "zsh", "fish", "powershell"}

// shells write each shell's script.
var shells = map[string]func(io.Writer){"bash": writeBash, "zsh": writeZsh, "fish": writeFish, "powershell": writePowerShell}

// completedNames are the program names the scripts complete (PowerShell
// adds the Windows names).
var completedNames = []string{"rummage", "rummage-cli"}

func runCompletion(e *env, a *args) int {
	if len(a.pos) != 1 {
		return e.usagef("want one shell: %s", strings.Join(shellNames, ", "))
	}
	write, ok := shells[a.pos[0]]
	if !ok {
		return e.usagef("unknown shell %q: want %s", a.pos[0], strings.Join(shellNames, ", "))
	}
	write(e.stdout)
	return exitOK
}

// compFlag is one flag a shell offers.
type compFlag struct {
	name string // without dashes
	doc  flagDoc
}

// spelling is "--name" or "-n".
func (f compFlag) spelling() string { return dashed(f.name) }

// compEntry is what the shells offer after a command line's leading words
// (its key): "" for the window, "ls", "build img", "help build".
type compEntry struct {
	key     string
	summary string
	flags   []compFlag
	words   []string // words offered right after the key: second words, shells, commands
	files   string   // positional arguments: "file", "dir" or "" (none)
}

// completionModel is every entry, from the same command table, flag table
// and summaries as help and the man page.
func completionModel() []compEntry {
	window := compEntry{key: "", words: commandNames, files: "file"}
	for _, f := range windowFlags {
		window.flags = append(window.flags, compFlag{f, windowFlagDocs[f]})
	}
	out := []compEntry{window}
	for _, c := range commandNames {
		e := compEntry{key: c, summary: summaries[c], files: "file"}
		switch c {
		case "build", "convert":
			e.words, e.files = subOrder[c], ""
		case "completion":
			e.words, e.files = shellNames, ""
		case "help":
			e.words, e.files = commandNames, ""
		case "samples":
			e.files = "dir"
		}
		if len(subOrder[c]) == 0 {
			e.flags = commandFlags(c)
		}
		out = append(out, e)
	}
	for _, c := range commandsAndSubs() {
		if first, _, ok := strings.Cut(c, " "); ok {
			out = append(out, compEntry{key: c, summary: summaries[c], flags: commandFlags(c), files: "file"},
				compEntry{key: "help " + first, words: subOrder[first]})
		}
	}
	return dedupe(out)
}

// commandFlags are a command's flags and --help.
func commandFlags(cmd string) []compFlag {
	var out []compFlag
	for _, f := range flagNames(cmd) {
		d, _ := docOf(cmd, f)
		out = append(out, compFlag{f, d})
	}
	return append(out, compFlag{"help", flagDoc{help: "print this command's flags"}})
}

// dedupe keeps the first entry of each key.
func dedupe(list []compEntry) []compEntry {
	seen := map[string]bool{}
	var out []compEntry
	for _, e := range list {
		if !seen[e.key] {
			seen[e.key] = true
			out = append(out, e)
		}
	}
	return out
}

// secondWords are the keys of two words ("build img", "help build") as
// "first second" strings.
func secondWords(model []compEntry) []string {
	var out []string
	for _, e := range model {
		if strings.Contains(e.key, " ") {
			out = append(out, e.key)
		}
	}
	return out
}

// wordSummary is what a word offered after key does: a command's or a
// second word's summary ("help build" offers build's second words).
func wordSummary(key, word string) string {
	if key == "completion" {
		return "the " + word + " script"
	}
	base := strings.TrimSpace(strings.TrimPrefix(key, "help"))
	return summaries[strings.TrimSpace(base+" "+word)]
}
