package cli

import (
	"fmt"
	"io"
	"strings"
)

// shells are the shells `rummage completion` writes scripts for.
var shells = map[string]func(io.Writer){"bash": writeBash, "zsh": writeZsh, "fish": writeFish}

func runCompletion(e *env, a *args) int {
	if len(a.pos) != 1 {
		return e.usagef("want one shell: bash, zsh or fish")
	}
	write, ok := shells[a.pos[0]]
	if !ok {
		return e.usagef("unknown shell %q: want bash, zsh or fish", a.pos[0])
	}
	write(e.stdout)
	return exitOK
}

// writeBash writes the bash script (source it, or put it in
// /usr/share/bash-completion/completions/rummage).
func writeBash(w io.Writer) {
	fmt.Fprintf(w, `# bash completion for rummage (rummage completion bash)
_rummage() {
    local cur prev cmd
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD-1]}"
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=( $(compgen -W %q -- "$cur") $(compgen -f -- "$cur") )
        return
    fi
    cmd="${COMP_WORDS[1]}"
    case "$cmd $prev" in
`, strings.Join(commandNames, " ")+" --version --help")
	for _, c := range commandNames {
		for _, f := range flagNames(c) {
			d, _ := docOf(c, f)
			switch {
			case len(d.choices) > 0:
				fmt.Fprintf(w, "        %q) COMPREPLY=( $(compgen -W %q -- \"$cur\") ); return ;;\n", c+" "+dashed(f), strings.Join(d.choices, " "))
			case d.dir:
				fmt.Fprintf(w, "        %q) COMPREPLY=( $(compgen -d -- \"$cur\") ); return ;;\n", c+" "+dashed(f))
			case d.file:
				fmt.Fprintf(w, "        %q) COMPREPLY=( $(compgen -f -- \"$cur\") ); return ;;\n", c+" "+dashed(f))
			case d.arg != "":
				fmt.Fprintf(w, "        %q) COMPREPLY=(); return ;;\n", c+" "+dashed(f))
			}
		}
	}
	fmt.Fprint(w, "    esac\n    case \"$cmd\" in\n")
	for _, c := range commandNames {
		var spell []string
		for _, f := range flagNames(c) {
			spell = append(spell, dashed(f))
		}
		words := strings.Join(append(spell, "--help"), " ")
		switch c {
		case "completion":
			words = "bash zsh fish"
		case "help":
			words = strings.Join(commandNames, " ")
		}
		fmt.Fprintf(w, "        %s)\n            if [[ \"$cur\" == -* || %q == %q || %q == %q ]]; then\n", c, c, "completion", c, "help")
		fmt.Fprintf(w, "                COMPREPLY=( $(compgen -W %q -- \"$cur\") ); return\n            fi ;;\n", words)
	}
	fmt.Fprint(w, `    esac
    COMPREPLY=( $(compgen -f -- "$cur") )
}
complete -o filenames -o bashdefault -F _rummage rummage
`)
}

// zshQuote escapes s for a zsh _arguments spec in single quotes.
func zshQuote(s string) string {
	r := strings.NewReplacer("'", `'\''`, "[", `\[`, "]", `\]`, ":", `\:`)
	return r.Replace(s)
}

// writeZsh writes the zsh script (put it on $fpath as _rummage, or source
// it after compinit).
func writeZsh(w io.Writer) {
	fmt.Fprint(w, "#compdef rummage\n# zsh completion for rummage (rummage completion zsh)\n_rummage() {\n    local -a cmds\n    cmds=(\n")
	for _, c := range commandNames {
		fmt.Fprintf(w, "        '%s:%s'\n", c, zshQuote(summaries[c]))
	}
	fmt.Fprint(w, "    )\n    if (( CURRENT == 2 )); then\n        _describe -t commands 'rummage command' cmds\n        _files\n        return\n    fi\n    case $words[2] in\n")
	for _, c := range commandNames {
		fmt.Fprintf(w, "    %s)\n        _arguments -s \\\n", c)
		for _, f := range flagNames(c) {
			d, _ := docOf(c, f)
			spec := "'" + dashed(f) + "[" + zshQuote(d.help) + "]"
			switch {
			case len(d.choices) > 0:
				spec += ":" + strings.ToLower(d.arg) + ":(" + strings.Join(d.choices, " ") + ")"
			case d.dir:
				spec += ":" + strings.ToLower(d.arg) + ":_files -/"
			case d.file:
				spec += ":" + strings.ToLower(d.arg) + ":_files"
			case d.arg != "":
				spec += ":" + strings.ToLower(d.arg) + ": "
			}
			fmt.Fprintf(w, "            %s' \\\n", spec)
		}
		switch c {
		case "completion":
			fmt.Fprint(w, "            '1:shell:(bash zsh fish)' ;;\n")
		case "help":
			fmt.Fprintf(w, "            '1:command:(%s)' ;;\n", strings.Join(commandNames, " "))
		default:
			fmt.Fprint(w, "            '*:file:_files' ;;\n")
		}
	}
	fmt.Fprint(w, "    esac\n}\nif [ \"$funcstack[1]\" = \"_rummage\" ]; then\n    _rummage \"$@\"\nelse\n    compdef _rummage rummage\nfi\n")
}

// fishQuote quotes s for fish in single quotes.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) + "'"
}

// writeFish writes the fish script (put it in
// ~/.config/fish/completions/rummage.fish).
func writeFish(w io.Writer) {
	fmt.Fprint(w, "# fish completion for rummage (rummage completion fish)\ncomplete -c rummage -l version -d 'print the version'\n")
	for _, c := range commandNames {
		fmt.Fprintf(w, "complete -c rummage -n __fish_use_subcommand -f -a %s -d %s\n", c, fishQuote(summaries[c]))
	}
	for _, c := range commandNames {
		cond := fishQuote("__fish_seen_subcommand_from " + c)
		for _, f := range flagNames(c) {
			d, _ := docOf(c, f)
			opt := "-l " + f
			if len(f) == 1 {
				opt = "-s " + f
			}
			switch {
			case len(d.choices) > 0:
				opt += " -x -a " + fishQuote(strings.Join(d.choices, " "))
			case d.file || d.dir:
				opt += " -r -F"
			case d.arg != "":
				opt += " -x"
			}
			fmt.Fprintf(w, "complete -c rummage -n %s %s -d %s\n", cond, opt, fishQuote(d.help))
		}
	}
	fmt.Fprintf(w, "complete -c rummage -n %s -f -a 'bash zsh fish'\n", fishQuote("__fish_seen_subcommand_from completion"))
	fmt.Fprintf(w, "complete -c rummage -n %s -f -a %s\n", fishQuote("__fish_seen_subcommand_from help"), fishQuote(strings.Join(commandNames, " ")))
}
