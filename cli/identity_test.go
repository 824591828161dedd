package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
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
	for shell, check := range map[string][]string{"bash": {"bash", "-n"}, "zsh": {"zsh", "-n"}, "fish": {"fish", "--no-execute"}} {
		code, out, errs := run(t, "completion", shell)
		if code != 0 || errs != "" {
			t.Fatalf("%s: status %d, %q", shell, code, errs)
		}
		for _, c := range commandNames {
			if !strings.Contains(out, c) {
				t.Errorf("%s: no command %s", shell, c)
			}
			for _, f := range flagNames(c) {
				if !strings.Contains(out, f) {
					t.Errorf("%s: no flag %s of %s", shell, f, c)
				}
			}
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

// The bash completion offers the commands, a command's flags and a flag's
// values.
func TestBashCompletionAnswers(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	_, script, _ := run(t, "completion", "bash")
	for _, c := range []struct{ words, want string }{
		{"rummage ex", "export"},
		{"rummage export --png", "--png-level"},
		{"rummage export --as g", "gltf"},
		{"rummage ls -", "--json"},
	} {
		words := strings.Fields(c.words)
		if strings.HasSuffix(c.words, " ") {
			words = append(words, "")
		}
		prog := script + "\nCOMP_WORDS=(" + strings.Join(words, " ") + ")\nCOMP_CWORD=" + strconv.Itoa(len(words)-1) +
			"\n_rummage\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		out, err := exec.Command(bash, "-c", prog).CombinedOutput()
		if err != nil || !strings.Contains(string(out), c.want) {
			t.Errorf("%q: %v %q; want %s", c.words, err, out, c.want)
		}
	}
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
