package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Every flag of every command is documented, so help, completion and the
// man page describe it.
func TestEveryFlagDocumented(t *testing.T) {
	for _, c := range commandNames {
		if commands[c] == nil || summaries[c] == "" {
			t.Errorf("command %s: missing or without a summary", c)
			continue
		}
		for _, f := range flagNames(c) {
			d, ok := docOf(c, f)
			if !ok || d.help == "" {
				t.Errorf("%s %s: no documentation in flagDocs", c, dashed(f))
			}
			if takes := commands[c].flags[f]; takes != (d.arg != "") {
				t.Errorf("%s %s: takes a value %v, documented with value %q", c, dashed(f), takes, d.arg)
			}
		}
	}
	if len(commandNames) != len(commands) {
		t.Errorf("commandNames %v does not list every command", commandNames)
	}
	for _, c := range commandsAndSubs() {
		if lookup(c) == nil || summaries[c] == "" {
			t.Errorf("%s: missing or without a summary", c)
			continue
		}
		for _, f := range flagNames(c) {
			if d, ok := docOf(c, f); !ok || d.help == "" || lookup(c).flags[f] != (d.arg != "") {
				t.Errorf("%s %s: documented %v %+v", c, dashed(f), ok, d)
			}
			first, _, _ := strings.Cut(c, " ")
			if takes, ok := commands[first].flags[f]; !ok || takes != lookup(c).flags[f] {
				t.Errorf("%s %s: not taken before the second word (%s's flags)", c, dashed(f), first)
			}
		}
	}
}

// The man page names every command and every flag.
func TestManPageNamesEverything(t *testing.T) {
	var b bytes.Buffer
	WriteMan(&b)
	man := b.String()
	if !strings.HasPrefix(man, ".TH RUMMAGE 1") {
		t.Fatalf("not a man page: %.40q", man)
	}
	for _, sec := range []string{"SYNOPSIS", "DESCRIPTION", "COMMANDS", "WINDOW OPTIONS", "EXAMPLES", "EXIT STATUS", "ENVIRONMENT", "SEE ALSO"} {
		if !strings.Contains(man, "\n.SH "+sec+"\n") {
			t.Errorf("no %s section", sec)
		}
	}
	synopsis := man[strings.Index(man, ".SH SYNOPSIS"):strings.Index(man, ".SH DESCRIPTION")]
	for _, c := range commandsAndSubs() {
		if !strings.Contains(synopsis, "\n"+roff("rummage "+c+" ")) && !strings.Contains(synopsis, "\n"+roff("rummage "+c)+"\n") {
			t.Errorf("no synopsis line for %s", c)
		}
		if !strings.Contains(man, ".SS "+c+"\n") {
			t.Errorf("no section for %s", c)
		}
		for _, f := range flagNames(c) {
			if !strings.Contains(man, ".B "+roff(dashed(f))) {
				t.Errorf("%s %s not in the man page", c, dashed(f))
			}
		}
	}
	if groff, err := exec.LookPath("groff"); err == nil {
		cmd := exec.Command(groff, "-man", "-Tutf8", "-ww", "-z")
		cmd.Stdin = strings.NewReader(man)
		if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
			t.Errorf("groff: %v %s", err, out)
		}
	}
}

// Each completion script parses in its shell (when installed) and names
// every command and flag.
func TestCompletionScripts(t *testing.T) {
	for shell, check := range map[string][]string{"bash": {"bash", "-n"}, "zsh": {"zsh", "-n"}, "fish": {"fish", "--no-execute"}, "powershell": nil} {
		code, out, errs := run(t, "completion", shell)
		if code != 0 || errs != "" {
			t.Fatalf("%s: status %d, %q", shell, code, errs)
		}
		for _, c := range commandsAndSubs() {
			for _, word := range strings.Fields(c) {
				if !strings.Contains(out, word) {
					t.Errorf("%s: no command %s", shell, word)
				}
			}
			for _, f := range flagNames(c) {
				if !strings.Contains(out, f) {
					t.Errorf("%s: no flag %s of %s", shell, f, c)
				}
			}
		}
		if !strings.Contains(out, "rummage-cli") {
			t.Errorf("%s: does not complete rummage-cli", shell)
		}
		if check == nil {
			continue
		}
		bin, err := exec.LookPath(check[0])
		if err != nil {
			t.Logf("%s not installed: syntax not checked", check[0])
			continue
		}
		p := filepath.Join(t.TempDir(), "completion."+shell)
		os.WriteFile(p, []byte(out), 0o644)
		if msg, err := exec.Command(bin, append(check[1:], p)...).CombinedOutput(); err != nil {
			t.Errorf("%s does not parse its script: %v\n%s", shell, err, msg)
		}
	}
	if code, _, errs := run(t, "completion", "tcsh"); code != 2 || !strings.Contains(errs, "tcsh") {
		t.Errorf("unknown shell: status %d, %q", code, errs)
	}
}

// completionCase is a command line (the last word is being completed)
// and what a shell must offer there (want), and must not (not).
type completionCase struct {
	line      string
	want, not []string
}

// completionCases are the lines every shell's completion is tried on.
var completionCases = []completionCase{
	{"rummage ex", []string{"export"}, nil},
	{"rummage build ", []string{"txd", "img"}, []string{"--out", "a.txd"}},
	{"rummage convert ", []string{"txd"}, []string{"img"}},
	{"rummage build img --", []string{"--out", "--version", "--overwrite", "--help"}, []string{"--platform", "--format"}},
	{"rummage build txd --", []string{"--platform", "--format", "--mips"}, nil},
	{"rummage build img --version ", []string{"2", "1"}, []string{"3.6"}},
	{"rummage build txd --version ", []string{"3.3", "3.6"}, []string{"2"}},
	{"rummage build txd --platform ", []string{"ps2", "d3d8", "d3d9", "xbox"}, nil},
	{"rummage build txd --format ", []string{"DXT1", "PAL8", "auto"}, nil},
	{"rummage convert txd --platform x", []string{"xbox"}, []string{"ps2"}},
	{"rummage render --view ", []string{"wire", "solid", "textured", "textured+wire"}, nil},
	{"rummage render --camera ", []string{"front", "iso", "top"}, nil},
	{"rummage export --as g", []string{"gltf"}, []string{"png"}},
	{"rummage export --as=g", []string{"gltf"}, []string{"png"}},
	{"rummage render --camera=", []string{"front", "iso"}, []string{"a.txd"}},
	{"rummage export --png", []string{"--png-level"}, nil},
	{"rummage export --kind ", []string{"texture", "mesh"}, nil},
	{"rummage export --parts ", []string{"ok", "dam", "vlo", "all"}, nil},
	{"rummage ls -", []string{"--json", "-r", "-q"}, []string{"--as"}},
	{"rummage ls ", []string{"a.txd"}, []string{"ls"}},
	{"rummage help ", []string{"ls", "build", "completion"}, nil},
	{"rummage help build ", []string{"txd", "img"}, nil},
	{"rummage completion ", []string{"bash", "zsh", "fish", "powershell"}, nil},
	{"rummage ", []string{"ls", "render", "a.txd"}, nil},
	{"rummage --mat", []string{"--materials"}, nil},
	{"rummage-cli info --at", []string{"--at"}, nil},
	{"rummage samples ", []string{"sub"}, []string{"a.txd"}},
}

// completionDir is a folder with a file and a subfolder to complete.
func completionDir(t *testing.T) string {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txd"), nil, 0o644)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	return dir
}

// checkOffers compares what a shell offered for a line with the case.
func checkOffers(t *testing.T, shell, line string, offered []string, want, not []string) {
	t.Helper()
	has := map[string]bool{}
	for _, o := range offered {
		has[strings.TrimSuffix(o, "/")] = true
	}
	for _, w := range want {
		if !has[w] {
			t.Errorf("%s %q: offers %q, not %s", shell, line, offered, w)
		}
	}
	for _, n := range not {
		if has[n] {
			t.Errorf("%s %q: offers %s", shell, line, n)
		}
	}
}

// bash offers what each case wants (COMP_WORDS as bash splits the line).
func TestBashCompletionAnswers(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	_, script, _ := run(t, "completion", "bash")
	dir := completionDir(t)
	for _, c := range completionCases {
		words := strings.Fields(strings.ReplaceAll(c.line, "=", " = ")) // bash splits at "=" too
		if strings.HasSuffix(c.line, " ") {
			words = append(words, "")
		}
		for i := range words {
			words[i] = strconv.Quote(words[i])
		}
		prog := script + "\nCOMP_WORDS=(" + strings.Join(words, " ") + ")\nCOMP_CWORD=" + strconv.Itoa(len(words)-1) +
			"\n_rummage\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		cmd := exec.Command(bash, "-c", prog)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v %s", c.line, err, out)
		}
		checkOffers(t, "bash", c.line, strings.Fields(string(out)), c.want, c.not)
	}
}

// fish offers what each case wants (complete -C runs its completion).
func TestFishCompletionAnswers(t *testing.T) {
	fish, err := exec.LookPath("fish")
	if err != nil {
		t.Skip("no fish")
	}
	_, script, _ := run(t, "completion", "fish")
	dir := completionDir(t)
	p := filepath.Join(t.TempDir(), "rummage.fish")
	os.WriteFile(p, []byte(script), 0o644)
	for _, c := range completionCases {
		cmd := exec.Command(fish, "--no-config", "-c", "source "+p+"; complete -C"+strconv.Quote(c.line))
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v %s", c.line, err, out)
		}
		var offered []string
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			word, _, _ := strings.Cut(l, "\t")
			if _, value, ok := strings.Cut(word, "="); ok && strings.HasPrefix(word, "--") {
				word = value // --as=gltf
			}
			offered = append(offered, word)
		}
		checkOffers(t, "fish", c.line, offered, c.want, c.not)
	}
}

// zsh offers what each case wants, through its own _arguments and
// _describe, typed at an interactive zsh (testdata/zsh-complete.zsh; file
// names aside: they do not pass where the driver looks). Typing into a
// pseudo-terminal races the shell on a loaded machine (a line's matches
// can miss their marker), so a line that fails is typed again, alone, up
// to twice; a wrong completion fails every time.
func TestZshCompletionAnswers(t *testing.T) {
	zsh, err := exec.LookPath("zsh")
	if err != nil {
		t.Skip("no zsh")
	}
	_, script, _ := run(t, "completion", "zsh")
	fpath := t.TempDir()
	os.WriteFile(filepath.Join(fpath, "_rummage"), []byte(script), 0o644)
	dir := completionDir(t)
	notFile := func(list []string) []string {
		var out []string
		for _, w := range list {
			if w != "a.txd" && w != "sub" {
				out = append(out, w)
			}
		}
		return out
	}
	cases := completionCases
	for attempt := 0; ; attempt++ {
		answers := zshOffers(t, zsh, fpath, dir, cases)
		var failed []completionCase
		for i, c := range cases {
			if offersOK(answers[i], notFile(c.want), notFile(c.not)) {
				continue
			}
			if attempt == 2 {
				checkOffers(t, "zsh", c.line, answers[i], notFile(c.want), notFile(c.not))
				continue
			}
			failed = append(failed, c)
		}
		if len(failed) == 0 || attempt == 2 {
			return
		}
		cases = failed
	}
}

// offersOK reports whether offered has every word of want and none of not.
func offersOK(offered, want, not []string) bool {
	has := map[string]bool{}
	for _, o := range offered {
		has[strings.TrimSuffix(o, "/")] = true
	}
	for _, w := range want {
		if !has[w] {
			return false
		}
	}
	for _, n := range not {
		if has[n] {
			return false
		}
	}
	return true
}

// zshOffers types each case's line at an interactive zsh and returns the
// words offered for each.
func zshOffers(t *testing.T, zsh, fpath, dir string, cases []completionCase) [][]string {
	t.Helper()
	driver, _ := filepath.Abs("testdata/zsh-complete.zsh")
	args := []string{driver, fpath}
	for _, c := range cases {
		args = append(args, strings.TrimPrefix(strings.TrimPrefix(c.line, "rummage-cli "), "rummage "))
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, zsh, args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	chunks := strings.Split(string(out), "\x1e")
	if err != nil || len(chunks) != len(cases)+1 {
		t.Fatalf("zsh driver: %v, %d answers for %d lines:\n%q", err, len(chunks)-1, len(cases), out)
	}
	hits := regexp.MustCompile(`<<([^>]*)>>`)
	answers := make([][]string, len(cases))
	for i := range cases {
		for _, m := range hits.FindAllStringSubmatch(chunks[i], -1) {
			answers[i] = append(answers[i], strings.Fields(m[1])...)
		}
	}
	return answers
}

func TestHelpCommand(t *testing.T) {
	code, out, _ := run(t, "help", "export")
	for _, want := range []string{"usage: rummage export", "--png-level none|fast|default|best", "--kind", "NODE words are"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("help export: status %d, lacks %q:\n%s", code, want, out)
		}
	}
	if code, out2, _ := run(t, "export", "--help"); code != 0 || out2 != out {
		t.Errorf("export --help differs from help export")
	}
	if code, _, errs := run(t, "help", "nope"); code != 2 || !strings.Contains(errs, "unknown command") {
		t.Errorf("help nope: %d %q", code, errs)
	}
}

// build img and build txd each have their own help: img's shows its own
// --version (the IMG version) and no TXD flag.
func TestSubcommandHelp(t *testing.T) {
	code, img, _ := run(t, "build", "img", "--help")
	if code != 0 || !strings.HasPrefix(img, "usage: rummage build img ") || !strings.Contains(img, "--version 2|1") {
		t.Errorf("build img --help: status %d\n%s", code, img)
	}
	for _, not := range []string{"--platform", "--format", "--mips", "3.6", "RenderWare"} {
		if strings.Contains(img, not) {
			t.Errorf("build img --help names %s:\n%s", not, img)
		}
	}
	if _, again, _ := run(t, "help", "build", "img"); again != img {
		t.Errorf("help build img differs from build img --help:\n%s", again)
	}
	_, txd, _ := run(t, "build", "txd", "-h")
	if !strings.HasPrefix(txd, "usage: rummage build txd ") || !strings.Contains(txd, "--version 3.3|3.4|3.5|3.6") || strings.Contains(txd, "OUT.img") {
		t.Errorf("build txd -h:\n%s", txd)
	}
	if _, both, _ := run(t, "help", "build"); !strings.Contains(both, txd) || !strings.Contains(both, img) {
		t.Errorf("help build lacks a second word's help:\n%s", both)
	}
	if _, conv, _ := run(t, "convert", "txd", "--help"); !strings.HasPrefix(conv, "usage: rummage convert txd ") {
		t.Errorf("convert txd --help:\n%s", conv)
	}
	// img's flags only: --platform is bad usage naming img's usage.
	if code, _, errs := run(t, "build", "img", "--platform", "ps2", "--out", "x.img", "y"); code != 2 || !strings.Contains(errs, "rummage build img: unknown flag --platform (usage: rummage build img ") {
		t.Errorf("build img --platform: %d %q", code, errs)
	}
	if code, _, errs := run(t, "help", "build", "zip"); code != 2 || !strings.Contains(errs, "txd or img") {
		t.Errorf("help build zip: %d %q", code, errs)
	}
}

func TestVersionLine(t *testing.T) {
	if code, out, _ := run(t, "--version"); code != 0 || !strings.HasPrefix(out, "rummage ") || strings.Count(out, "\n") != 1 {
		t.Errorf("--version: %d %q", code, out)
	}
}

func TestUnknownWord(t *testing.T) {
	file, _ := fixture(t)
	for _, c := range []struct {
		args []string
		bad  bool
	}{
		{nil, false}, {[]string{file}, false}, {[]string{"--screenshot", "x.png"}, false}, {[]string{"ls"}, false},
		{[]string{"lss", file}, true}, {[]string{"frobnicate"}, true}, {[]string{filepath.Join(t.TempDir(), "missing.txd")}, true},
	} {
		msg := UnknownWord(c.args)
		if (msg != "") != c.bad || strings.Contains(msg, "\n") {
			t.Errorf("%q: %q", c.args, msg)
		}
	}
}
