package cli

import (
	"fmt"
	"io"
	"strings"
)

// fishQuote quotes s for fish in single quotes.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) + "'"
}

// writeFish writes the fish script (install it as
// share/fish/vendor_completions.d/rummage.fish). __rummage_key prints the
// key of the command line before the cursor; __rummage_at KEY is true
// when the word under the cursor is the first after KEY.
func writeFish(w io.Writer) {
	model := completionModel()
	fmt.Fprintf(w, `# fish completion for %s (rummage completion fish)
function __rummage_key
    set -l t (commandline -opc)
    set -l key ''
    if test (count $t) -ge 2; and contains -- $t[2] %s
        set key $t[2]
        if test (count $t) -ge 3; and contains -- "$key $t[3]" %s
            set key "$key $t[3]"
        end
    end
    echo $key
end
function __rummage_is
    test (__rummage_key) = "$argv[1]"
end
function __rummage_at
    set -l t (commandline -opc)
    set -l n (count (string split -n ' ' -- $argv[1]))
    __rummage_is $argv[1]; and test (count $t) -eq (math $n + 1)
end
`, strings.Join(completedNames, " and "), strings.Join(commandNames, " "), fishWords(secondWords(model)))
	for _, name := range completedNames {
		if name != "rummage" {
			fmt.Fprintf(w, "complete -c %s -w rummage\n", name)
		}
	}
	for _, e := range model {
		is := fishQuote("__rummage_is " + fishQuote(e.key))
		if e.files == "" || e.files == "dir" {
			fmt.Fprintf(w, "complete -c rummage -n %s -f\n", is)
		}
		if e.files == "dir" {
			fmt.Fprintf(w, "complete -c rummage -n %s -a '(__fish_complete_directories)'\n", is)
		}
		at := fishQuote("__rummage_at " + fishQuote(e.key))
		for _, word := range e.words {
			fmt.Fprintf(w, "complete -c rummage -n %s -a %s -d %s\n", at, fishQuote(word), fishQuote(wordSummary(e.key, word)))
		}
		for _, f := range e.flags {
			fmt.Fprintf(w, "complete -c rummage -n %s %s -d %s\n", is, fishFlag(f), fishQuote(f.doc.help))
		}
	}
}

// fishFlag is the -l/-s part of a flag's complete line, with its value.
func fishFlag(f compFlag) string {
	opt := "-l " + f.name
	if len(f.name) == 1 {
		opt = "-s " + f.name
	}
	switch {
	case len(f.doc.choices) > 0:
		opt += " -x -a " + fishQuote(strings.Join(f.doc.choices, " "))
	case f.doc.dir:
		opt += " -x -a '(__fish_complete_directories)'"
	case f.doc.file:
		opt += " -r -F"
	case f.doc.arg != "":
		opt += " -x"
	}
	return opt
}

// fishWords quotes each of words for a fish command line.
func fishWords(words []string) string {
	var q []string
	for _, s := range words {
		q = append(q, fishQuote(s))
	}
	return strings.Join(q, " ")
}
