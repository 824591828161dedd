package cli

import (
	"fmt"
	"io"
	"strings"
)

// zshQuote escapes s for a zsh _arguments spec in single quotes.
func zshQuote(s string) string {
	r := strings.NewReplacer("'", `'\''`, "[", `\[`, "]", `\]`, ":", `\:`)
	return r.Replace(s)
}

// writeZsh writes the zsh script (install it on $fpath as _rummage, or
// source it after compinit). The command words are dropped from $words
// before _arguments sees the rest, the usual way for subcommands.
func writeZsh(w io.Writer) {
	model := completionModel()
	names := strings.Join(completedNames, " ")
	fmt.Fprintf(w, `#compdef %[1]s
# zsh completion for %[2]s (rummage completion zsh)
_rummage() {
    local key="" n=0
    if (( CURRENT > 2 )); then
        case ${words[2]} in
            %[3]s) key=${words[2]} n=1 ;;
        esac
    fi
    if (( CURRENT > 3 )); then
        case "$key ${words[3]}" in
            %[4]s) key="$key ${words[3]}" n=2 ;;
        esac
    fi
    if (( n > 0 )); then
        words=( "${words[1]}" "${(@)words[n+2,-1]}" )
        (( CURRENT -= n ))
    fi
    case $key in
`, names, strings.Join(completedNames, " and "), strings.Join(commandNames, "|"), bashAlternatives(secondWords(model)))
	for _, e := range model {
		fmt.Fprintf(w, "    %s)\n", shQuote(e.key))
		writeZshEntry(w, e)
		fmt.Fprint(w, "        ;;\n")
	}
	fmt.Fprintf(w, `    esac
}
if [ "$funcstack[1]" = "_rummage" ]; then
    _rummage "$@"
else
    compdef _rummage %s
fi
`, names)
}

// writeZshEntry writes one key's arm: its words with their summaries (or
// plain), then _arguments with its flags and FILE arguments.
func writeZshEntry(w io.Writer, e compEntry) {
	if len(e.words) > 0 {
		fmt.Fprint(w, "        if (( CURRENT == 2 )) && [[ $PREFIX != -* ]]; then\n            local -a choices=(\n")
		for _, word := range e.words {
			fmt.Fprintf(w, "                %s\n", shQuote(strings.ReplaceAll(word, ":", `\:`)+":"+wordSummary(e.key, word)))
		}
		fmt.Fprint(w, "            )\n            _describe -t words 'rummage' choices\n")
		if e.files != "" {
			fmt.Fprint(w, "            _files\n")
		}
		fmt.Fprint(w, "            return\n        fi\n")
	}
	fmt.Fprint(w, "        _arguments -s \\\n")
	for _, f := range e.flags {
		spell := f.spelling()
		if f.doc.arg != "" && len(f.name) > 1 {
			spell += "=" // the value in the next word or after "="
		}
		spec := "'" + spell + "[" + zshQuote(f.doc.help) + "]"
		if repeatable[f.name] || e.key == "" && windowRepeatable[f.name] {
			spec = "'*" + spec[1:]
		}
		switch {
		case len(f.doc.choices) > 0:
			spec += ":" + zshQuote(strings.ToLower(f.doc.arg)) + ":(" + strings.Join(f.doc.choices, " ") + ")"
		case f.doc.dir:
			spec += ":" + zshQuote(strings.ToLower(f.doc.arg)) + ":_files -/"
		case f.doc.file:
			spec += ":" + zshQuote(strings.ToLower(f.doc.arg)) + ":_files"
		case f.doc.arg != "":
			spec += ":" + zshQuote(strings.ToLower(f.doc.arg)) + ": "
		}
		fmt.Fprintf(w, "            %s' \\\n", spec)
	}
	switch e.files {
	case "file":
		fmt.Fprint(w, "            '*:file:_files'\n")
	case "dir":
		fmt.Fprint(w, "            '1:folder:_files -/'\n")
	default:
		fmt.Fprint(w, "            ': :'\n")
	}
}
