package cli

import (
	"fmt"
	"io"
	"strings"
)

// shQuote quotes s for a POSIX shell in single quotes.
func shQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// writeBash writes the bash script (source it, or install it as
// share/bash-completion/completions/rummage). The key is the command and,
// for build, convert and help, its second word once that is typed.
func writeBash(w io.Writer) {
	model := completionModel()
	fmt.Fprintf(w, `# bash completion for %[1]s (rummage completion bash)
_rummage() {
    local cur prev key depth words flags files
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD-1]}"
    # --flag=value: bash splits at "=" (COMP_WORDBREAKS)
    if [ "$cur" = "=" ]; then
        cur=""
    elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -gt 2 ]; then
        prev="${COMP_WORDS[COMP_CWORD-2]}"
    fi
    key="" depth=1
    if [ "$COMP_CWORD" -gt 1 ]; then
        case "${COMP_WORDS[1]}" in
            %[2]s) key="${COMP_WORDS[1]}" depth=2 ;;
        esac
    fi
    if [ "$COMP_CWORD" -gt 2 ]; then
        case "$key ${COMP_WORDS[2]}" in
            %[3]s) key="$key ${COMP_WORDS[2]}" depth=3 ;;
        esac
    fi
    case "$key|$prev" in
`, strings.Join(completedNames, " and "), strings.Join(commandNames, "|"), bashAlternatives(secondWords(model)))
	for _, e := range model {
		for _, f := range e.flags {
			if arm := bashValueArm(f.doc); arm != "" {
				fmt.Fprintf(w, "        %s) %s; return ;;\n", shQuote(e.key+"|"+f.spelling()), arm)
			}
		}
	}
	fmt.Fprint(w, "    esac\n    case \"$key\" in\n")
	for _, e := range model {
		var spell []string
		for _, f := range e.flags {
			spell = append(spell, f.spelling())
		}
		fmt.Fprintf(w, "        %s) words=%s flags=%s files=%s ;;\n", shQuote(e.key),
			shQuote(strings.Join(e.words, " ")), shQuote(strings.Join(spell, " ")), shQuote(e.files))
	}
	fmt.Fprintf(w, `    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=( $(compgen -W "$flags" -- "$cur") )
        return
    fi
    COMPREPLY=()
    if [ "$COMP_CWORD" -eq "$depth" ] && [ -n "$words" ]; then
        COMPREPLY=( $(compgen -W "$words" -- "$cur") )
    fi
    case "$files" in
        file) COMPREPLY+=( $(compgen -f -- "$cur") ) ;;
        dir) COMPREPLY+=( $(compgen -d -- "$cur") ) ;;
    esac
}
complete -o filenames -F _rummage %s
`, strings.Join(completedNames, " "))
}

// bashAlternatives is a case pattern matching any of words.
func bashAlternatives(words []string) string {
	var q []string
	for _, s := range words {
		q = append(q, shQuote(s))
	}
	return strings.Join(q, "|")
}

// bashValueArm completes a flag's value: its choices, a file or folder
// name, or nothing (a number, a size); "" for a flag without a value.
func bashValueArm(d flagDoc) string {
	switch {
	case len(d.choices) > 0:
		return fmt.Sprintf(`COMPREPLY=( $(compgen -W %s -- "$cur") )`, shQuote(strings.Join(d.choices, " ")))
	case d.dir:
		return `COMPREPLY=( $(compgen -d -- "$cur") )`
	case d.file:
		return `COMPREPLY=( $(compgen -f -- "$cur") )`
	case d.arg != "":
		return "COMPREPLY=()"
	}
	return ""
}
