package cli

import (
	"fmt"
	"io"
	"strings"
)

// WriteMan writes the rummage(1) man page (roff) from the same usage
// lines, summaries and flag table as `rummage help COMMAND` (`make man`).
func WriteMan(w io.Writer) {
	fmt.Fprint(w, `.TH RUMMAGE 1 "" "Rummage" "User Commands"
.SH NAME
rummage \- explore and convert classic game asset files (Parkan NRes, RenderWare TXD/IMG/DFF, X-Ray levels)
.SH SYNOPSIS
.B rummage
[\fIFILE\fR...]
.br
`)
	for _, c := range commandNames {
		fmt.Fprintf(w, "%s\n.br\n", roff(commands[c].usage))
	}
	fmt.Fprint(w, `.B rummage \-\-version
.SH DESCRIPTION
Without a command, rummage opens its window on the FILEs (no FILE opens the built-in sample set).
A first word that is neither a command nor an existing file is a usage error.
With a command it is a command-line tool that needs no display.
.SH COMMANDS
`)
	for _, c := range commandNames {
		fmt.Fprintf(w, ".SS %s\n%s\n.PP\n%s.\n", c, roff(commands[c].usage), roff(summaries[c]))
		for _, f := range flagNames(c) {
			d, _ := docOf(c, f)
			fmt.Fprintf(w, ".TP\n.B %s\n%s\n", roff(flagSpelling(f, d)), roff(d.help))
		}
	}
	fmt.Fprintf(w, `.SH NODES AND MANY FILES
%s
.PP
With several files, ls \-\-json prints one object per line, {"file": PATH, "entries": [...]},
and info \-\-json one object per line, {"file": PATH, ...}; export writes DIR/<file name>/<node path>.
A file that fails is one line on standard error and the others go on.
.SH EXIT STATUS
0 on success, 1 when a file or node is bad (one line on standard error naming the file, the node and the byte offset),
2 on bad usage.
`, roff(nodeRule))
}

// roff escapes text for a roff line: backslashes, dashes, and a leading
// dot or quote.
func roff(s string) string {
	s = strings.NewReplacer(`\`, `\e`, "-", `\-`).Replace(s)
	s = strings.ReplaceAll(s, "\n", " ")
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}
