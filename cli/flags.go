package cli

import (
	"sort"
	"strings"

	"rummage/export"
)

// flagDoc documents a flag for `help COMMAND`, the shell completions and
// the man page, which are all made from the commands' flag sets and this
// table, so none can name a flag the parser does not take.
type flagDoc struct {
	arg     string   // the value's name ("FILE"); "" for a flag without a value
	help    string   // one line
	choices []string // the values it takes, when they are a fixed set
	file    bool     // the value is a file name (dir: a folder name)
	dir     bool
}

// flagDocs documents every flag by name; "command.flag" overrides it for
// one command.
var flagDocs = map[string]flagDoc{
	"json":        {help: "print JSON; with several files one JSON object per line (export: a JSON array of the files written)"},
	"r":           {help: "list the whole subtree, depth first"},
	"q":           {help: "quiet: no progress line and no note about skipped files"},
	"materials":   {arg: "FILE", file: true, help: "the Parkan material library used to resolve WEAR rows and MSH batches when it is not beside the file"},
	"geom":        {arg: "FILE", file: true, help: "the level.geom of an X-Ray level (version 10+) that is not beside it"},
	"txd":         {arg: "FILE", file: true, help: "a texture dictionary searched last for a DFF model's textures (after .ide files and the TXD of the model's name)"},
	"at":          {arg: "MS", help: "sample the material at clock MS (milliseconds)"},
	"render.at":   {arg: "MS", help: "the material animation clock in milliseconds"},
	"start":       {arg: "MS", help: "the WEAR row's start time (with --at)"},
	"block":       {arg: "N", help: "the animation block to sample (with --at)"},
	"random":      {arg: "R", help: "the random value of a random-mode block (with --at)"},
	"out":         {arg: "DIR", dir: true, help: "the folder to write into (default: the current folder); with several files each goes into DIR/<file name>/"},
	"render.out":  {arg: "OUT.png", file: true, help: "the PNG to write (required)"},
	"as":          {arg: "FORMAT", choices: export.Formats, help: "the export format (default by kind: texture png, mesh and level obj, material and wear json, other raw)"},
	"all-mips":    {help: "textures: write NAME_mipN.png for every mip level"},
	"overwrite":   {help: "replace files that exist (default: keep them and write NAME_2, NAME_3, ...)"},
	"png-level":   {arg: "LEVEL", choices: export.PNGLevels, help: "PNG compression: fast (default, zlib level 1) encodes about 2.5 times as fast as default for files about 13% larger"},
	"kind":        {arg: "KIND", choices: kindNames(), help: "export only nodes of this kind (repeatable)"},
	"type":        {arg: "TYPE", help: "export only nodes with this type tag, as ls prints it (repeatable)"},
	"name":        {arg: "REGEX", help: "export only nodes whose name matches this regular expression (repeatable)"},
	"render.view": {arg: "MODE", choices: []string{"wire", "solid", "textured", "textured+wire"}, help: "how to draw the mesh (default textured)"},
	"size":        {arg: "WxH", help: "the image size in pixels (default 800x600)"},
	"camera":      {arg: "VIEW", choices: []string{"front", "back", "left", "right", "top", "iso"}, help: "the viewpoint (default iso)"},
}

// kindNames are the node kinds as --kind takes them.
func kindNames() []string { return strings.Split(kindList(), ", ") }

// docOf is the documentation of a command's flag.
func docOf(cmd, flag string) (flagDoc, bool) {
	if d, ok := flagDocs[cmd+"."+flag]; ok {
		return d, true
	}
	d, ok := flagDocs[flag]
	return d, ok
}

// commandNames are the subcommands in the order help lists them.
var commandNames = []string{"ls", "info", "export", "render", "samples", "completion", "help"}

// flagNames are a command's flags in name order.
func flagNames(cmd string) []string {
	var out []string
	for f := range commands[cmd].flags {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// summaries say in one line what each command does.
var summaries = map[string]string{
	"ls":         "list the children of NODE (default: the file's root); with several files or folders, every file's root",
	"info":       "print the facts about NODE (default: the file's root); with several files or folders, every file's root",
	"export":     "write nodes to files: textures as PNG, meshes and levels as OBJ or glTF, materials and tables as JSON, anything as raw bytes",
	"render":     "draw a mesh to a PNG, transparent around it",
	"samples":    "write the built-in sample files into DIR",
	"completion": "print the shell completion script for bash, zsh or fish",
	"help":       "print the usage of Rummage or of one command",
}
