package exercise

import (
	"regexp"
	"strings"
)

// The standard library's and the schema validator's own messages, which
// a grader's problem quotes (a JSON syntax error, bad Base64, a schema
// keyword the validator explains, an external $ref it will not load), in
// Chinese: the library's exact English in, its record of text/messages.text
// out. Only the forms listed here are translated; any other message keeps
// the library's words. The English is never touched: lang=en prints the
// library's message as before.

// jsonContexts are the contexts encoding/json's scanner names after
// "invalid character 'c' " (encoding/json/scanner.go), and their records.
var jsonContexts = map[string]string{
	"looking for beginning of value":             "json.value",
	"looking for beginning of object key string": "json.key",
	"after object key":                           "json.after-key",
	"after object key:value pair":                "json.after-pair",
	"after array element":                        "json.after-element",
	"after top-level value":                      "json.after-top",
	"in string literal":                          "json.in-string",
	"in string escape code":                      "json.in-escape",
	`in \u hexadecimal character escape`:         "json.in-unicode",
	"in numeric literal":                         "json.in-number",
	"after decimal point in numeric literal":     "json.after-decimal",
	"in exponent of numeric literal":             "json.in-exponent",
}

var (
	// jsonLiteral is the scanner's context inside true, false or null.
	jsonLiteral = regexp.MustCompile(`^in literal (true|false|null) \(expecting ('.')\)$`)
	// libForms are the other messages translated: encoding/base64's
	// CorruptInputError, the validator's enum and its refused loader.
	libForms = []struct {
		re  *regexp.Regexp
		key string
	}{
		{regexp.MustCompile(`^illegal base64 data at input byte (\d+)$`), "lib.base64-corrupt"},
		{regexp.MustCompile(`^(\$[^ ]*): value must be one of (.+)$`), "lib.enum"},
		{regexp.MustCompile(`^(\$[^ ]*): value must be (.+)$`), "lib.enum-one"},
		{regexp.MustCompile(`^failing loading ("[^"]*"): no URLLoader registered for ("[^"]*")$`), "lib.no-loader"},
	}
)

// jsonUnexpectedEnd is encoding/json's message for input that stops early.
const jsonUnexpectedEnd = "unexpected end of JSON input"

// zhLibMessage is the Chinese of a library message s, if it is one of the
// forms above.
func zhLibMessage(s string) (string, bool) {
	if s == jsonUnexpectedEnd {
		return tr(ZH, "json.end"), true
	}
	if rest, ok := strings.CutPrefix(s, "invalid character '"); ok {
		// The character as quoteChar writes it: '\'' , '"', 'x', '\n'.
		end := strings.Index(rest[1:], "' ")
		if end < 0 {
			return "", false
		}
		ch, ctx := "'"+rest[:end+2], rest[end+3:]
		if m := jsonLiteral.FindStringSubmatch(ctx); m != nil {
			return tr(ZH, "json.in-literal", ch, m[1], m[2]), true
		}
		if key, ok := jsonContexts[ctx]; ok {
			return tr(ZH, key, ch), true
		}
		return "", false
	}
	for _, f := range libForms {
		if m := f.re.FindStringSubmatch(s); m != nil {
			args := make([]any, len(m)-1)
			for i, g := range m[1:] {
				args[i] = g
			}
			return tr(ZH, f.key, args...), true
		}
	}
	return "", false
}
