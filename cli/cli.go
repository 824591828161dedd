// Package cli implements Rummage's command-line subcommands: ls, info,
// export, render, samples, completion and help. It shares the node model (formats) and the
// exporters (export) with the GUI but never starts Fyne, so it needs
// no display.
//
// Exit status: 0 on success, 1 on a bad file or node (one line on stderr
// naming the file, the node and the byte offset) or when nothing was
// written because a write was refused (an existing output file without
// --overwrite, an input that is not a regular file), 2 on bad usage (one
// line on stderr). A panic is caught and reported as exit status 1.
//
// `ls --json` records: "path" is the node path from the file's root (the
// segments formats.ChildNames prints, so it always resolves back to the
// node, whatever NODE spelling was typed); "size" and "offset" come from
// formats.Rawer (a node without a byte range of its own, such as a plain
// folder, has size 0 and offset -1); "children" is the child count, 0 for
// leaves and for nodes whose children cannot be read; formats.Fielder
// fields follow in name order. `ls -r` lists depth first (each node before
// its children) and stops with status 1 after 500,000 nodes.
//
// `info` prints Describe() ("kind" added when missing; a node without
// Describe gets kind, name, type, size, offset and children); without
// --json as "key: value" lines, nested keys dotted ("blend.src") and array
// items indexed ("phases[0].opacity").
//
// `export` prints the files it wrote, one per line; a failed node is a line
// on stderr and status 1, the others are still written (see export).
package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"rummage/formats"
	_ "rummage/formats/all" // register every format
)

// IsCommand reports whether name is a subcommand.
func IsCommand(name string) bool {
	switch name {
	case "ls", "info", "export", "render", "samples", "build", "convert", "completion", "help", "--help", "-h", "--version":
		return true
	}
	return false
}

// Exit statuses.
const (
	exitOK    = 0
	exitBad   = 1 // bad file or node
	exitUsage = 2 // bad usage
)

// command is one subcommand: its usage line, its flags and its body.
type command struct {
	usage string
	flags map[string]bool // flag name (without dashes) -> takes a value
	run   func(e *env, a *args) int
}

var commands map[string]*command

func init() {
	commands = map[string]*command{
		"ls": {
			usage: "rummage ls [--json] [-r] [-q] [--materials FILE] [--geom FILE] [--txd FILE] (FILE [NODE] | FILE|FOLDER...)",
			flags: map[string]bool{"json": false, "r": false, "q": false, "materials": true, "geom": true, "txd": true},
			run:   runLs,
		},
		"info": {
			usage: "rummage info [--json] [-q] [--at MS [--start MS] [--block N] [--random R]] [--materials FILE] [--geom FILE] [--txd FILE] [--colors N] (FILE [NODE] | FILE|FOLDER...)",
			flags: map[string]bool{"json": false, "q": false, "at": true, "start": true, "block": true, "random": true, "materials": true, "geom": true, "txd": true, "colors": true},
			run:   runInfo,
		},
		"export": {
			usage: withChoices("rummage export [--out DIR] [--as {as}] [--all-mips] [--overwrite] [--png-level {png-level}] [--kind K] [--type T] [--name REGEX] [--json] [-q] [--materials FILE] [--geom FILE] [--txd FILE] [--parts {parts}] [--colors N] [--night] [--anim FILE [--motion NAME|*] [--at MS]] [--skeleton MODEL] (FILE [NODE...] | FILE|FOLDER...)"),
			flags: map[string]bool{"out": true, "as": true, "all-mips": false, "overwrite": false, "png-level": true, "kind": true, "type": true, "name": true, "json": false, "q": false, "materials": true, "geom": true, "txd": true, "parts": true, "colors": true, "night": false, "anim": true, "motion": true, "at": true, "skeleton": true},
			run:   runExport,
		},
		"render": {
			usage: withChoices("rummage render [--view {view}] [--size WxH] [--camera {camera}] [--at MS] [--anim FILE [--motion NAME]] [--materials FILE] [--txd FILE] [--parts {parts}] [--colors N] [--night] [--lod hd|lod|distance] [--overwrite] --out OUT.png FILE [NODE]"),
			flags: map[string]bool{"view": true, "size": true, "camera": true, "at": true, "out": true, "materials": true, "txd": true, "parts": true, "colors": true, "night": false, "overwrite": false, "anim": true, "motion": true, "lod": true},
			run:   runRender,
		},
		"samples": {
			usage: "rummage samples [--overwrite] DIR",
			flags: map[string]bool{"overwrite": false},
			run:   runSamples,
		},
		"completion": {
			usage: "rummage completion bash|zsh|fish|powershell",
			flags: map[string]bool{},
			run:   runCompletion,
		},
		"build":   buildCommand,   // cli/build.go
		"convert": convertCommand, // cli/convert.go
		"help": {
			usage: "rummage help [COMMAND [txd|img]]",
			flags: map[string]bool{},
			run:   runHelp,
		},
	}
}

// helpText is `rummage help`.
var helpText = withChoices(`Rummage: an explorer for classic game asset files (Parkan NRes, RenderWare TXD, X-Ray levels).

Usage:
  rummage [--materials FILE] [--txd FILE]... [FILE...]
                                           open the window; no FILE opens the built-in sample set
  rummage --screenshot OUT.png [--size WxH]... [--select NODE] [--tab TAB[/SUBTAB]] [FILE...]
                                           open the window, select NODE, save a picture of it, exit
                                           (the window's options: man rummage; rummage-cli has no window)
  rummage ls [--json] [-r] FILE [NODE]     list the children of NODE (default: the file's root)
  rummage info [--json] FILE [NODE]        facts about NODE
  rummage info --json --at MS [--start MS] [--block N] [--random R] FILE NODE
                                           a material sampled at clock MS
  rummage export [--out DIR] [--as {as}] [--all-mips] [--overwrite] FILE [NODE...]
                                           write nodes to files (a container exports its subtree);
                                           existing files are kept (new ones get _2, _3) unless --overwrite;
                                           --anim FILE [--motion NAME|*] adds animations to glTF (OBJ: the
                                           pose at --at MS); --skeleton MODEL exports animation nodes onto MODEL
  rummage render [--view {view}] [--size WxH] [--camera {camera}]
                 [--at MS] [--anim FILE [--motion NAME]] [--parts {parts}] [--colors N] [--night]
                 [--lod hd|lod|distance] [--overwrite] --out OUT.png FILE [NODE]
                                           draw a mesh or a scene (default: the file's root) to a PNG,
                                           transparent around it (defaults: textured, 800x600, iso, top
                                           for a scene; --at sets the clock in ms of the material
                                           animation and of the --anim motion)
  rummage samples [--overwrite] DIR        write the built-in sample files into DIR
  rummage build txd --platform {platform} [--format {format}]
                [--mips auto|N] [--quality {quality}] [--version {rw-version}] [--resize max|pow2]
                [--filter F] [--addressing U[,V]] [--overwrite] --out OUT.txd|DIR DIR|FILE...
                                           a TXD from PNG, TGA and DDS files (a DDS keeps its mips);
                                           a folder of folders: one TXD per subfolder into DIR;
                                           a folder's textures.json: per-texture settings
  rummage build img [--version 2|1] [--overwrite] --out OUT.img FILE|DIR...
                                           an IMG archive of the files, sorted by name (version 1: OUT.dir too)
  rummage convert txd --platform {platform} [--version V] [--quality {quality}]
                [--overwrite] --out OUT.txd|DIR IN.txd|DIR...
                                           a TXD stored for another platform; several TXDs or
                                           a folder of them into the folder DIR
  rummage completion bash|zsh|fish|powershell
                                           the shell completion script
  rummage help [COMMAND [txd|img]]         this text, or a command's flags
  rummage --version                        the version, commit and build

ls, info and export also take many FILEs and FOLDERs (read recursively; files no
format recognises are skipped and counted): ls --json and info --json then print one
JSON object per line with "file", export writes DIR/<file name>/<node path> and
filters with --kind K, --type T, --name REGEX (see rummage help export).

NODE is a /-separated path of child names as printed by "rummage ls --json" in "path";
duplicate or empty names get @N (N = the 0-based child index). NRes names match in any case.
--materials FILE names the material library used to resolve WEAR rows and MSH batches.
--geom FILE names the level.geom of an X-Ray level (version 10+) that is not beside it.
--txd FILE names a texture dictionary searched last for a DFF model's textures
(repeatable: each is searched, in the order given).
A vehicle model is assembled as the game shows it (a wheel on every wheel dummy, painted
from carcols.dat): --parts ok|dam|vlo|all picks its parts (render: ok, export: all),
--colors N its colour set from carcols.dat (0-based), --night its night vertex colours.
A scene (a GTA .ipl, text or binary) draws every instance placed, its models and textures
found through the game folder's .ide files and IMG archives, missing models as boxes:
--lod hd (default) draws the high-detail instances, lod their low-detail stand-ins,
distance each by its draw distance from the camera.
Flags may come before or after FILE and NODE; "--" ends the flags; single letters
group (-rq is -r -q). rummage help build img (or build img --help) shows one
second word's flags. --kind, --type,
--name and --txd may be repeated; any other flag given twice is bad usage.
Exit status: 0 ok, 1 bad file or node, or nothing written because a write was
refused (an existing output without --overwrite, an input that is not a regular
file), 2 bad usage.
`)

// env is what a command writes to.
type env struct {
	stdout, stderr io.Writer
	name           string  // the command's name
	tty            ttyFunc // tells whether a writer is a terminal, and its width
	interrupted    bool    // a many-file export said it was interrupted
}

// Run runs a subcommand with its arguments (args[0] is the subcommand) and
// returns the exit status.
func Run(args []string, stdout, stderr io.Writer) int {
	return runWith(args, stdout, stderr, terminalWidth)
}

// runWith is Run with the terminal check given (tests pass a stand-in).
func runWith(args []string, stdout, stderr io.Writer, tty ttyFunc) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "rummage: internal error: %s\n", oneLine(fmt.Sprint(r)))
			status = exitBad
		}
	}()
	if len(args) == 0 {
		fmt.Fprintf(stderr, "rummage: usage: rummage COMMAND [ARGS] (commands: %s)\n", strings.Join(commandNames, ", "))
		return exitUsage
	}
	name := args[0]
	if name == "--help" || name == "-h" {
		name = "help"
	}
	if name == "--version" {
		fmt.Fprintln(stdout, Version())
		return exitOK
	}
	if _, ok := commands[name]; !ok {
		fmt.Fprintf(stderr, "rummage: unknown command %q (commands: %s)\n", name, strings.Join(commandNames, ", "))
		return exitUsage
	}
	name = withSub(name, args[1:]) // "build img" has its own flags and help
	cmd := lookup(name)
	e := &env{stdout: stdout, stderr: stderr, name: name, tty: tty}
	a, err := parseArgs(args[1:], cmd.flags)
	if err != nil {
		return e.usage(cmd, err.Error())
	}
	if a.help {
		if name == "help" {
			fmt.Fprint(stdout, helpText)
		} else {
			writeCommandHelp(stdout, name)
		}
		return exitOK
	}
	return cmd.run(e, a)
}

// usage reports bad usage on one line and returns exit status 2.
func (e *env) usage(cmd *command, msg string) int {
	fmt.Fprintf(e.stderr, "rummage %s: %s (usage: %s)\n", e.name, oneLine(msg), cmd.usage)
	return exitUsage
}

// usagef reports bad usage of the current command.
func (e *env) usagef(format string, a ...any) int {
	return e.usage(lookup(e.name), fmt.Sprintf(format, a...))
}

// fail reports a bad file or node on one line and returns exit status 1.
func (e *env) fail(file, node string, err error) int {
	fmt.Fprintln(e.stderr, errLine(file, node, err))
	return exitBad
}

// errLine formats "rummage: FILE: NODE: offset 0xOFF (OFF): what" with the
// offset taken from err (formats.ErrorOffset) when it carries one.
func errLine(file, node string, err error) string {
	msg := errText(err)
	var b strings.Builder
	b.WriteString("rummage: ")
	if file != "" {
		b.WriteString(printable(file))
		b.WriteString(": ")
	}
	if node != "" {
		b.WriteString(printable(node))
		b.WriteString(": ")
	}
	b.WriteString(msg)
	return b.String()
}

// errText is err on one line, starting with its byte offset when it has
// one and does not say it already (as a finding prints).
func errText(err error) string {
	return formats.Diagnostic{Off: formats.ErrorOffset(err), Msg: oneLine(err.Error())}.String()
}

// printable quotes s when it holds control characters (a file or node name
// with a newline must not break the one-line error).
func printable(s string) string {
	for _, r := range s {
		if r < 0x20 || r == 0x7F {
			return strconv.Quote(s)
		}
	}
	return s
}

// oneLine folds a message onto one line and makes it safe on a terminal:
// line breaks and tabs become spaces, any other control character (an
// escape sequence hidden in an entry name, say) is written as \xNN.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\r", " ")), " ")
	if strings.IndexFunc(s, isControl) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if isControl(r) {
			fmt.Fprintf(&b, "\\x%02X", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// isControl reports whether r is a C0 or C1 control character or DEL.
func isControl(r rune) bool { return r < 0x20 || r >= 0x7F && r < 0xA0 }

// openNode opens file and resolves the NODE path nodePath ("" for the
// root) in it, as info and ls take them. On failure f is nil and st is the
// exit status, the error already reported; otherwise the caller closes f.
func (e *env) openNode(a *args, file, nodePath string) (f *formats.File, node formats.Node, canon string, st int) {
	f, st = e.openFile(a, file)
	if f == nil {
		return nil, nil, "", st
	}
	node, canon, err := formats.ResolvePath(f.Root, nodePath)
	if err != nil {
		f.Close()
		return nil, nil, "", e.fail(file, nodePath, err)
	}
	return f, node, canon, 0
}

// openFile opens FILE with the --materials and --geom settings; errors are
// reported.
func (e *env) openFile(a *args, file string) (*formats.File, int) {
	opts, st := e.fileOptions(a)
	if opts == nil {
		return nil, st
	}
	f, err := formats.Open(file, opts)
	if err != nil {
		f.Close()
		return nil, e.fail(file, "", plainErr(err))
	}
	return f, exitOK
}

// fileOptions checks --materials and --geom and returns the options files
// are opened with; on failure nil and the status, the error reported.
func (e *env) fileOptions(a *args) (*formats.Options, int) {
	opts := &formats.Options{}
	if m, ok := a.vals["materials"]; ok {
		if m == "" {
			return nil, e.usagef("--materials needs a file name")
		}
		st, err := os.Stat(m)
		if err != nil {
			return nil, e.fail(m, "", fmt.Errorf("material library: %w", plainErr(err)))
		}
		if st.IsDir() {
			return nil, e.fail(m, "", errors.New("material library is a folder"))
		}
		opts.Materials = m
	}
	if g, ok := a.vals["geom"]; ok {
		if g == "" {
			return nil, e.usagef("--geom needs a file name")
		}
		if _, err := os.Stat(g); err != nil {
			return nil, e.fail(g, "", fmt.Errorf("level.geom: %w", plainErr(err)))
		}
		opts.Geom = g
	}
	for _, x := range a.all["txd"] { // searched in the order given
		if x == "" {
			return nil, e.usagef("--txd needs a file name")
		}
		if _, err := os.Stat(x); err != nil {
			return nil, e.fail(x, "", fmt.Errorf("texture dictionary: %w", plainErr(err)))
		}
		opts.TXD = append(opts.TXD, x)
	}
	if msg := vehicleOptions(a, &opts.Vehicle); msg != "" {
		return nil, e.usagef("%s", msg)
	}
	return opts, exitOK
}

// plainErr drops the path from an *fs.PathError: the message names the file already.
func plainErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// UnknownWord returns the one-line usage error of a command line whose
// first word is neither a command, a flag, nor an existing file or folder
// (a mistyped command must not open the window), or "" when the window may
// open.
func UnknownWord(args []string) string {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") || IsCommand(args[0]) {
		return ""
	}
	if _, err := os.Stat(args[0]); err == nil {
		return ""
	}
	return fmt.Sprintf("rummage: %s is neither a command nor a file (commands: %s; see rummage help)", strconv.Quote(args[0]), strings.Join(commandNames, ", "))
}
