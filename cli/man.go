package cli

import (
	"fmt"
	"io"
	"strings"
)

// WriteMan writes the rummage(1) man page (roff) from the same usage
// lines, summaries and flag table as `rummage help COMMAND` (`make man`),
// with one synopsis line per command (per second word for build and
// convert), then the window's options, examples, the exit status, the
// environment and related pages.
func WriteMan(w io.Writer) {
	fmt.Fprint(w, `.TH RUMMAGE 1 "" "Rummage" "User Commands"
.SH NAME
rummage, rummage\-cli \- explore and convert classic game asset files (Parkan NRes, RenderWare TXD/IMG/DFF, X\-Ray levels)
.SH SYNOPSIS
.B rummage
[\fIWINDOW OPTIONS\fR] [\fIFILE\fR|\fIFOLDER\fR...]
.br
`)
	for _, c := range commandsAndSubs() {
		fmt.Fprintf(w, "%s\n.br\n", roff(lookup(c).usage))
	}
	fmt.Fprint(w, `.B rummage \-\-version
.SH DESCRIPTION
Without a command, rummage opens its window on the FILEs and FOLDERs (no FILE opens the built\-in sample set).
A first word that is neither a command nor an existing file is a usage error.
With a command it is a command\-line tool that needs no display.
.B rummage\-cli
is the same program built without the window (a static binary for servers and containers): it takes every command below,
and asked for the window it lists its commands and exits with status 2.
.PP
Flags may come before or after FILE and NODE; "\-\-" ends them.
Single letters may be grouped (\fB\-rq\fR is \fB\-r \-q\fR); a long flag may be written with one dash (\fB\-json\fR).
.SH COMMANDS
`)
	for _, c := range commandsAndSubs() {
		fmt.Fprintf(w, ".SS %s\n%s\n.PP\n%s.\n", c, roff(lookup(c).usage), roff(summaries[c]))
		for _, f := range flagNames(c) {
			d, _ := docOf(c, f)
			fmt.Fprintf(w, ".TP\n.B %s\n%s\n", roff(flagSpelling(f, d)), roff(d.help))
		}
		if note := commandNotes[c]; note != "" {
			fmt.Fprintf(w, ".PP\n.nf\n%s\n.fi\n", roffLines(note))
		}
	}
	fmt.Fprint(w, ".SH WINDOW OPTIONS\n")
	for _, f := range windowFlags {
		d := windowFlagDocs[f]
		fmt.Fprintf(w, ".TP\n.B %s\n%s\n", roff(flagSpelling(f, d)), roff(d.help))
	}
	fmt.Fprintf(w, ".SH NODES AND MANY FILES\n%s\n.PP\n%s", roff(nodeRule), manManyFiles)
	fmt.Fprint(w, manExamples, manExitStatus, manEnvironment, manSeeAlso)
}

// The sections of the man page after the commands.
const (
	manManyFiles = `With several files, ls \-\-json prints one object per line, {"file": PATH, "entries": [...]},
and info \-\-json one object per line, {"file": PATH, ...}; export writes DIR/<file name>/<node path>.
A file that fails is one line on standard error and the others go on.
`
	manExamples = `.SH EXAMPLES
.TP
.B rummage gta3.img
open an archive in the window
.TP
.B rummage ls \-r \-\-json Material.lib
list every entry of an NRes archive, as JSON
.TP
.B rummage info \-\-json \-\-at 820 Material.lib WATER_M
a material's phase 820 ms into its animation
.TP
.B rummage export \-\-out png \-\-kind texture models/
every texture of every file under models/ as PNG, in png/<file name>/
.TP
.B rummage render \-\-view solid \-\-camera front \-\-out car.png admiral.dff
draw a model to a PNG
.TP
.B rummage build txd \-\-platform ps2 \-\-out icons.txd icons/
a PS2 texture dictionary from a folder of PNG files
.TP
.B rummage build txd \-\-platform d3d9 \-\-resize max \-\-out txd/ textures/
one TXD per subfolder of textures/ (each with its optional textures.json), as txd/SUBFOLDER.txd
.TP
.B rummage convert txd \-\-platform ps2 \-\-out ps2/ models/
every TXD under models/ stored for the PS2, as ps2/<its path>
.TP
.B rummage build img \-\-version 1 \-\-out gta3.img models/
a GTA III / Vice City archive (gta3.img and gta3.dir)
.TP
.B rummage completion bash > ~/.local/share/bash\-completion/completions/rummage
install the bash completion for yourself
`
	manExitStatus = `.SH EXIT STATUS
.TP
.B 0
success
.TP
.B 1
a bad file or node (one line on standard error naming the file, the node and the byte offset),
or nothing was written because a write was refused (an existing output without \-\-overwrite, a file that is not a regular file);
with many files, any one of them failing
.TP
.B 2
bad usage: an unknown command or flag, a missing or bad value (one line on standard error with the usage)
`
	manEnvironment = `.SH ENVIRONMENT
.TP
.BR LANGUAGE ", " LC_ALL ", " LC_MESSAGES ", " LANG
the window's language: Russian for ru, else English (Settings can choose one); the command line always speaks English
.TP
.B RUMMAGE_SINGLE_INSTANCE
0 turns off handing files over to a window that is already open
.TP
.B XDG_RUNTIME_DIR
where the open window listens for files handed over (io.github.rummage\-UID/)
.TP
.B TERM
dumb turns off export's progress line on a terminal
`
	manSeeAlso = `.SH SEE ALSO
.BR gio (1),
.BR xdg\-mime (1),
.BR update\-mime\-database (1)
.PP
The README of the source tree: the supported formats, the JSON output and the window.
`
)

// roffLines escapes text of several lines for a no-fill block.
func roffLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = roff(l)
	}
	return strings.Join(lines, "\n")
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
