package cli

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"rummage/export"
	"rummage/formats"
	"rummage/formats/dxt"
	"rummage/formats/txd"
	"rummage/preview"
)

// choiceLists are the fixed sets of values flags take, each from the
// package that owns it; flagDocs, the usage lines and the help text all
// name them from here (the lines through withChoices).
var choiceLists = map[string][]string{
	"as":         export.Formats,
	"png-level":  export.PNGLevels,
	"view":       preview.ModeNames(),
	"camera":     preview.ViewpointNames(),
	"platform":   txd.PlatformNames(),
	"format":     txd.StoredFormats(),
	"rw-version": txd.VersionNames(),
	"parts":      formats.PartNames(),
	"quality":    dxt.Qualities(),
	"filter":     txd.BuildFilterNames(),
	"addressing": txd.BuildAddressNames(),
	"resize":     txd.ResizeNames(),
}

var choiceRef = regexp.MustCompile(`\{([a-z-]+)\}`)

// withChoices replaces each {NAME} in s by choiceLists[NAME] joined with
// "|", as usage lines spell a choice. An unknown NAME is a bug, caught by
// any test of the package.
func withChoices(s string) string {
	return choiceRef.ReplaceAllStringFunc(s, func(ref string) string {
		list, ok := choiceLists[ref[1:len(ref)-1]]
		if !ok {
			panic(fmt.Sprintf("cli: no choice list %s", ref))
		}
		return strings.Join(list, "|")
	})
}

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
	"json":                {help: "print JSON; with several files one JSON object per line (export: a JSON array of the files written)"},
	"r":                   {help: "list the whole subtree, depth first"},
	"q":                   {help: "quiet: no progress line and no note about skipped files"},
	"materials":           {arg: "FILE", file: true, help: "the Parkan material library used to resolve WEAR rows and MSH batches when it is not beside the file"},
	"geom":                {arg: "FILE", file: true, help: "the level.geom of an X-Ray level (version 10+) that is not beside it"},
	"txd":                 {arg: "FILE", file: true, help: "a texture dictionary searched last for a DFF model's textures (after .ide files and the TXD of the model's name); repeatable, searched in order"},
	"at":                  {arg: "MS", help: "sample the material at clock MS (milliseconds)"},
	"render.at":           {arg: "MS", help: "the clock in milliseconds of the material animation and the skeletal pose (--anim)"},
	"anim":                {arg: "FILE", file: true, help: "an animation file (.ifp or .omf) whose motion poses the model's skeleton"},
	"motion":              {arg: "NAME", help: "the motion of --anim to play (case-insensitive; default the first; export: * for all)"},
	"export.at":           {arg: "MS", help: "OBJ with --anim: the pose at this clock in milliseconds"},
	"skeleton":            {arg: "MODEL", file: true, help: "export --as gltf of animation nodes: the model (.dff, .ogf) they play on"},
	"start":               {arg: "MS", help: "the WEAR row's start time (with --at)"},
	"block":               {arg: "N", help: "the animation block to sample (with --at)"},
	"random":              {arg: "R", help: "the random value of a random-mode block (with --at)"},
	"out":                 {arg: "DIR", dir: true, help: "the folder to write into (default: the current folder); with several files each goes into DIR/<file name>/"},
	"render.out":          {arg: "OUT.png", file: true, help: "the PNG to write (required; an existing file is kept unless --overwrite)"},
	"as":                  {arg: "FORMAT", choices: choiceLists["as"], help: "the export format (default by kind: texture png, mesh and level obj, scene gltf, material and wear json, other raw)"},
	"all-mips":            {help: "textures: write NAME_mipN.png for every mip level"},
	"overwrite":           {help: "replace files that exist (default: keep them and write NAME_2, NAME_3, ...)"},
	"png-level":           {arg: "LEVEL", choices: choiceLists["png-level"], help: "PNG compression: fast (default, zlib level 1) encodes about 2.5 times as fast as default for files about 13% larger"},
	"kind":                {arg: "KIND", choices: kindNames(), help: "export only nodes of this kind (repeatable)"},
	"type":                {arg: "TYPE", help: "export only nodes with this type tag, as ls prints it (repeatable)"},
	"name":                {arg: "REGEX", help: "export only nodes whose name matches this regular expression (repeatable)"},
	"render.view":         {arg: "MODE", choices: choiceLists["view"], help: "how to draw the mesh (default textured)"},
	"size":                {arg: "WxH", help: "the image size in pixels (default 800x600)"},
	"platform":            {arg: "PLATFORM", choices: choiceLists["platform"], help: "the platform the TXD is stored for"},
	"format":              {arg: "FORMAT", choices: choiceLists["format"], help: "the stored raster format (auto: PAL8 on the PS2; DXT1 for opaque or 1-bit alpha, else DXT3 on D3D8 or DXT5)"},
	"mips":                {arg: "auto|N", help: "mip levels: auto (as many as the format allows, or those a DDS brings) or a count (1: none)"},
	"quality":             {arg: "QUALITY", choices: choiceLists["quality"], help: "how hard DXT blocks are searched for: fast (a range fit), normal (the default: a cluster fit as libsquish's) or best (slower; a wider, iterated search); blocks a DDS or the TXD already has are kept as stored where the pixels are unchanged"},
	"version":             {arg: "V", help: "the RenderWare version to stamp: " + strings.Join(choiceLists["rw-version"], ", ") + " (build img: the IMG version, 2 or 1)"},
	"render.overwrite":    {help: "replace OUT.png when it exists (default: refuse, exit 1)"},
	"samples.overwrite":   {help: "replace sample files that exist in DIR (default: refuse, exit 1, write nothing)"},
	"build.overwrite":     {help: "replace OUT when it exists (its first original is kept as OUT.bak; default: refuse, exit 1)"},
	"convert.overwrite":   {help: "replace OUT.txd when it exists (its first original is kept as OUT.txd.bak; default: refuse, exit 1)"},
	"build.out":           {arg: "OUT", file: true, help: "the file to write (required; an existing file is kept unless --overwrite)"},
	"convert.out":         {arg: "OUT.txd", file: true, help: "the TXD to write (required; an existing file is kept unless --overwrite)"},
	"parts":               {arg: "PARTS", choices: choiceLists["parts"], help: "a vehicle's parts: ok (intact, the default for render), dam (damaged), vlo (low detail) or all (the default for export)"},
	"colors":              {arg: "N", help: "a vehicle's colour set from carcols.dat, 0-based (default 0)"},
	"night":               {help: "a model's night vertex colours instead of its day (prelit) ones"},
	"camera":              {arg: "VIEW", choices: choiceLists["camera"], help: "the viewpoint (default iso, top for a scene)"},
	"lod":                 {arg: "LOD", choices: []string{"hd", "lod", "distance"}, help: "a scene's instances: hd (high detail, the default), lod (the low-detail stand-ins) or distance (each by its draw distance from the camera)"},
	"build txd.version":   {arg: "V", choices: choiceLists["rw-version"], help: "the RenderWare version to stamp (default 3.6)"},
	"convert txd.version": {arg: "V", choices: choiceLists["rw-version"], help: "the RenderWare version to stamp (default: the input's)"},
	"build img.version":   {arg: "V", choices: []string{"2", "1"}, help: "the IMG version: 2 (San Andreas, the default) or 1 (GTA III and Vice City: OUT.dir is written beside OUT.img)"},
	"build txd.out":       {arg: "OUT.txd|DIR", file: true, help: "the TXD to write, or for folders of folders the folder each subfolder's SUBFOLDER.txd goes into (required; an existing file is kept unless --overwrite)"},
	"convert txd.out":     {arg: "OUT.txd|DIR", file: true, help: "the TXD to write, or for several TXDs or a folder the folder they go into, under the same names (required; an existing file is kept unless --overwrite)"},
	"resize":              {arg: "HOW", choices: choiceLists["resize"], help: "fit each image to the platform first: max shrinks one larger than its textures may be (PS2 1024, else 4096 pixels a side), keeping its aspect; pow2 takes each side to the nearest power of two (the PS2 needs them)"},
	"filter":              {arg: "MODE", choices: choiceLists["filter"], help: "the textures' filter mode (default linear, linear-mip-linear with mip levels); a folder's textures.json may set it per texture"},
	"addressing":          {arg: "U[,V]", choices: choiceLists["addressing"], help: "the textures' addressing for U and V (one mode for both, or U,V; default wrap); a folder's textures.json may set it per texture"},
	"build img.out":       {arg: "OUT.img", file: true, help: "the archive to write (required; an existing file is kept unless --overwrite)"},
}

// windowFlags are the options of the window (rummage [OPTIONS] [FILE...],
// parsed by the ui package) in the order the man page lists them, for the
// completions and the man page.
var windowFlags = []string{"materials", "txd", "screenshot", "size", "select", "tab", "register-types", "unregister-types", "version", "help"}

// windowRepeatable are the window's options that may be given more than once.
var windowRepeatable = map[string]bool{"txd": true, "screenshot": true, "size": true}

// windowFlagDocs documents windowFlags.
var windowFlagDocs = map[string]flagDoc{
	"materials":        {arg: "FILE", file: true, help: "the Parkan material library used where none is found beside a file"},
	"txd":              {arg: "FILE", file: true, help: "a texture dictionary searched last for DFF models' textures (repeatable)"},
	"screenshot":       {arg: "OUT.png", file: true, help: "open the window, render it, save it to OUT.png and exit (repeatable, each with its own --size)"},
	"size":             {arg: "WxH", help: "the window size of the --screenshot before it (default 1280x800)"},
	"select":           {arg: "NODE", help: "select NODE (FILE/NODE for a node of another open file)"},
	"tab":              {arg: "TAB[/SUBTAB]", help: "with --screenshot: show the inspector's tab TAB (its English title, whatever the window's language)"},
	"register-types":   {help: "Windows: make this program open the file types it reads, for the current user"},
	"unregister-types": {help: "Windows: undo --register-types"},
	"version":          {help: "print the version and exit"},
	"help":             {help: "print the usage and exit"},
}

// kindNames are the node kinds as --kind takes them.
func kindNames() []string { return strings.Split(kindList(), ", ") }

// docOf is the documentation of a command's flag: "build img.version",
// else "build.version", else "version".
func docOf(cmd, flag string) (flagDoc, bool) {
	if d, ok := flagDocs[cmd+"."+flag]; ok {
		return d, true
	}
	if first, _, ok := strings.Cut(cmd, " "); ok {
		if d, ok := flagDocs[first+"."+flag]; ok {
			return d, true
		}
	}
	d, ok := flagDocs[flag]
	return d, ok
}

// commandNames are the subcommands in the order help lists them.
var commandNames = []string{"ls", "info", "export", "render", "samples", "build", "convert", "completion", "help"}

// flagNames are a command's flags in name order.
func flagNames(cmd string) []string {
	var out []string
	for f := range lookup(cmd).flags {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// summaries say in one line what each command does.
var summaries = map[string]string{
	"ls":          "list the children of NODE (default: the file's root); with several files or folders, every file's root",
	"info":        "print the facts about NODE (default: the file's root); with several files or folders, every file's root",
	"export":      "write nodes to files: textures as PNG, meshes and levels as OBJ or glTF, scenes as glTF, materials and tables as JSON, anything as raw bytes",
	"render":      "draw a mesh or a scene to a PNG, transparent around it",
	"samples":     "write the built-in sample files into DIR",
	"build":       "build a TXD from PNG, TGA and DDS files (build txd) or an IMG archive from files (build img)",
	"build txd":   "build a TXD from PNG, TGA and DDS files (a DDS keeps its mips), or one TXD per subfolder of folders of them",
	"build img":   "build an IMG archive of the files, sorted by name (version 1 writes OUT.dir beside OUT.img)",
	"convert":     "store a TXD for another platform: PS2, D3D8, D3D9 or Xbox (convert txd)",
	"convert txd": "store a TXD, several, or every TXD in a folder, for another platform: PS2, D3D8, D3D9 or Xbox",
	"completion":  "print the shell completion script for bash, zsh, fish or PowerShell",
	"help":        "print the usage of Rummage or of one command",
}

// Usage lines of build's second words.
var (
	usageBuildTXD = withChoices("rummage build txd --platform {platform} [--format {format}] " +
		"[--mips auto|N] [--quality {quality}] [--version {rw-version}] [--resize {resize}] [--filter {filter}] " +
		"[--addressing U[,V]] [--overwrite] --out OUT.txd|DIR DIR|FILE...")
	usageBuildIMG = "rummage build img [--version 2|1] [--overwrite] --out OUT.img FILE|DIR..."
)

// subcommands are the second words of build and convert, each with its own
// usage line, flags and help: build img takes no --platform, and its
// --version is the IMG version, not RenderWare's. The first word's command
// (build.go, convert.go) takes the union of their flags, for flags written
// before the second word. subOrder lists them in help order.
var (
	subcommands map[string]map[string]*command
	subOrder    = map[string][]string{"build": {"txd", "img"}, "convert": {"txd"}}
)

func init() {
	subcommands = map[string]map[string]*command{
		"build": {
			"txd": {usage: usageBuildTXD, run: runBuild, flags: buildTXDFlags},
			"img": {usage: usageBuildIMG, run: runBuild, flags: map[string]bool{"version": true, "out": true, "overwrite": false}},
		},
		"convert": {"txd": {usage: convertCommand.usage, flags: convertCommand.flags, run: runConvert}},
	}
}

// lookup is the command called name: "ls", or "build img".
func lookup(name string) *command {
	if first, second, ok := strings.Cut(name, " "); ok {
		return subcommands[first][second]
	}
	return commands[name]
}

// withSub is "build img" when name is build and list starts with img; else name.
func withSub(name string, list []string) string {
	if len(list) > 0 && subcommands[name][list[0]] != nil {
		return name + " " + list[0]
	}
	return name
}

// commandsAndSubs are every command and second word in help order, a
// command with second words replaced by them ("build txd", "build img").
func commandsAndSubs() []string {
	var out []string
	for _, c := range commandNames {
		if subs := subOrder[c]; len(subs) > 0 {
			for _, s := range subs {
				out = append(out, c+" "+s)
			}
			continue
		}
		out = append(out, c)
	}
	return out
}

// shortGroup expands a single-dash word into the flags it stands for, the
// POSIX way: "-rq" is "-r -q". A single-dash word that is a long flag's
// name keeps meaning that flag ("-json" is "--json"), and one that could be
// read both ways is a usage error. A letter that takes a value must end the
// group and takes the next word. It returns nil for a word that is not a
// group: "--x", "-x", "-", or a long flag.
func shortGroup(word string, spec map[string]bool) ([]string, error) {
	if len(word) < 3 || word[0] != '-' || word[1] == '-' {
		return nil, nil
	}
	name, _, hasValue := strings.Cut(word[1:], "=")
	_, long := spec[name]
	letters := !hasValue
	for i := 0; letters && i < len(name); i++ {
		takes, ok := spec[name[i:i+1]]
		letters = (ok || name[i] == 'h') && (!takes || i == len(name)-1)
	}
	switch {
	case long && letters:
		return nil, fmt.Errorf("flag %s is ambiguous: write --%s, or the letters apart", word, name)
	case long || !letters:
		return nil, nil // a long flag, or an unknown one the parser names
	}
	out := make([]string, 0, len(name))
	for i := range len(name) {
		out = append(out, "-"+name[i:i+1])
	}
	return out, nil
}
