package cli

import (
	"fmt"
	"io"
	"strings"
)

// psQuote quotes s for PowerShell in single quotes.
func psQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// psNames are the program names PowerShell completes: the Windows release
// files under their own names and renamed to rummage(.exe).
var psNames = []string{"rummage", "rummage.exe", "rummage-cli", "rummage-cli.exe",
	"rummage-windows-amd64", "rummage-windows-amd64.exe", "rummage-windows-amd64-gui", "rummage-windows-amd64-gui.exe"}

// writePowerShell writes the PowerShell script (add
// `rummage completion powershell | Out-String | Invoke-Expression` to
// $PROFILE). Its table holds, per key, the words offered after it and the
// flags with their values (” none, 'file', 'dir', 'any', or the choices).
func writePowerShell(w io.Writer) {
	model := completionModel()
	fmt.Fprintf(w, `# PowerShell completion for rummage (rummage completion powershell)
Register-ArgumentCompleter -Native -CommandName @(%s) -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $table = @{
`, psList(psNames))
	for _, e := range model {
		fmt.Fprintf(w, "        %s = @{\n            Words = @(%s)\n            Flags = [ordered]@{\n", psQuote(e.key), psList(e.words))
		for _, f := range e.flags {
			fmt.Fprintf(w, "                %s = @(%s, %s)\n", psQuote(f.spelling()), psValue(f.doc), psQuote(f.doc.help))
		}
		fmt.Fprint(w, "            }\n        }\n")
	}
	fmt.Fprintf(w, "    }\n    $second = @(%s)\n", psList(secondWords(model)))
	fmt.Fprint(w, psCompleterBody)
}

// psCompleterBody finds the key of the words before the cursor and offers
// a flag's choices, the key's flags or its words; a file position (or a
// value with nothing to offer) returns nothing, so PowerShell completes
// paths.
const psCompleterBody = `    $done = @($commandAst.CommandElements | Where-Object { $_.Extent.EndOffset -lt $cursorPosition } | ForEach-Object { $_.Extent.Text })
    $key = ''
    if ($done.Count -ge 2 -and [string]$done[1] -ne '' -and $table.Contains([string]$done[1])) {
        $key = [string]$done[1]
        if ($done.Count -ge 3 -and $second -contains ($key + ' ' + $done[2])) {
            $key = $key + ' ' + $done[2]
        }
    }
    $entry = $table[$key]
    $depth = @($key -split ' ' | Where-Object { $_ -ne '' }).Count + 1
    $prev = ''
    if ($done.Count -ge 2) { $prev = [string]$done[$done.Count - 1] }
    if ($entry.Flags.Contains($prev) -and $entry.Flags[$prev][0] -ne '') {
        $value = $entry.Flags[$prev][0]
        if ($value -is [array]) {
            $value | Where-Object { $_ -like "$wordToComplete*" } | ForEach-Object {
                [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
            }
        }
        return
    }
    if ($wordToComplete -like '-*') {
        $entry.Flags.Keys | Where-Object { $_ -like "$wordToComplete*" } | ForEach-Object {
            [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterName', $entry.Flags[$_][1])
        }
        return
    }
    if ($done.Count -eq $depth) {
        $entry.Words | Where-Object { $_ -like "$wordToComplete*" } | ForEach-Object {
            [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
        }
    }
}
`

// psList is a PowerShell array body of quoted words.
func psList(words []string) string {
	var q []string
	for _, s := range words {
		q = append(q, psQuote(s))
	}
	return strings.Join(q, ", ")
}

// psValue is what a flag's value completes to: ” (no value), 'file',
// 'dir', 'any' (a number or a size: nothing to offer), or @(choices).
func psValue(d flagDoc) string {
	switch {
	case len(d.choices) > 0:
		return "@(" + psList(d.choices) + ")"
	case d.dir:
		return "'dir'"
	case d.file:
		return "'file'"
	case d.arg != "":
		return "'any'"
	}
	return "''"
}
