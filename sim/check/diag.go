package check

import (
	"regexp"
	"strings"
)

// The engine's own diagnostics a verdict quotes, in both languages: the
// course toolbox's schema validation (primitive.DescribeValidation, the
// text a model reads in an isError result) and the JSON-RPC decoder's
// parse error. The English is the diagnostic exactly as the engine writes
// it; each form below has a record in verdicts.text whose en reproduces it
// and whose zh says it in Chinese. A form not listed stays as written (in
// both languages).

// diagForm is one form of a diagnostic line: its pattern, and the message
// of the record its groups fill in (msg with a literal key: TestVerdictKeys
// reads the keys from the source).
type diagForm struct {
	re   *regexp.Regexp
	text func(groups ...any) Msg
}

// validationForms are primitive.DescribeValidation's lines ("$.a: reason.").
var validationForms = []diagForm{
	{regexp.MustCompile(`^(\S+): missing required property ("[^"]*")\.$`), func(g ...any) Msg { return msg("diag.missing-property", g...) }},
	{regexp.MustCompile(`^(\S+): unknown property ("[^"]*")\.$`), func(g ...any) Msg { return msg("diag.unknown-property", g...) }},
	{regexp.MustCompile(`^(\S+): unknown property ("[^"]*") \(this tool takes no arguments\)\.$`), func(g ...any) Msg { return msg("diag.unknown-property-none", g...) }},
	{regexp.MustCompile(`^(\S+): unknown property ("[^"]*") \(allowed: (.*)\)\.$`), func(g ...any) Msg { return msg("diag.unknown-property-allowed", g...) }},
	{regexp.MustCompile(`^(\S+): expected (.+?), got (.+)\.$`), func(g ...any) Msg { return msg("diag.type", g...) }},
	{regexp.MustCompile(`^(\S+): must be one of (.+); got (.+)\.$`), func(g ...any) Msg { return msg("diag.enum", g...) }},
	{regexp.MustCompile(`^(\S+): must be (.+); got (.+)\.$`), func(g ...any) Msg { return msg("diag.const", g...) }},
	{regexp.MustCompile(`^(\S+): must match pattern (.+), got (.+)\.$`), func(g ...any) Msg { return msg("diag.pattern", g...) }},
	{regexp.MustCompile(`^(\S+): is not allowed\.$`), func(g ...any) Msg { return msg("diag.not-allowed", g...) }},
}

// parseForms are the JSON-RPC decoder's parse errors (jsonrpc.Decode) and
// the encoding/json syntax errors inside them.
var (
	parseAt    = regexp.MustCompile(`^Parse error: line (\d+), column (\d+): (.+)$`)
	jsonSyntax = []diagForm{
		{regexp.MustCompile(`^invalid character ('.+?') looking for beginning of value$`), func(g ...any) Msg { return msg("diag.json-value", g...) }},
		{regexp.MustCompile(`^invalid character ('.+?') after top-level value$`), func(g ...any) Msg { return msg("diag.json-after-top", g...) }},
		{regexp.MustCompile(`^unexpected end of JSON input$`), func(g ...any) Msg { return msg("diag.json-end", g...) }},
	}
)

// validationMsg is the lines of primitive.DescribeValidation's text as one
// message, a space between them (what oneLine made of them) in English.
func validationMsg(text string) Msg {
	var items []Msg
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		items = append(items, diagLine(oneLine(line), validationForms))
	}
	return joinWith(items, "sep.lines")
}

// parseErrorMsg is the decoder's message of a line that is not JSON-RPC.
func parseErrorMsg(s string) Msg {
	if m := parseAt.FindStringSubmatch(s); m != nil {
		return msg("diag.parse-at", m[1], m[2], diagLine(m[3], jsonSyntax))
	}
	return plain(s)
}

// diagLine is line as the first form that matches it renders it, or as it
// is.
func diagLine(line string, forms []diagForm) Msg {
	for _, f := range forms {
		if m := f.re.FindStringSubmatch(line); m != nil {
			args := make([]any, len(m)-1)
			for i, g := range m[1:] {
				args[i] = g
			}
			return f.text(args...)
		}
	}
	return plain(line)
}
