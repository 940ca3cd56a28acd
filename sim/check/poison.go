package check

import (
	"encoding/json"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode"

	"mcpwirelab/sim/mcp"
)

// Finding is one sign of tool poisoning.
type Finding struct {
	// Kind: "instruction to the model", "secret-file path", "hidden Unicode".
	Kind Msg
	// Text says where and what (a quoted phrase, a code point).
	Text Msg
}

// The kinds of findings (keys of verdicts.text).
const (
	kindInstruction = "kind.instruction"
	kindSecret      = "kind.secret-file"
	kindHidden      = "kind.hidden-unicode"
)

// Poisoning looks for what a tool's definition should never hold, in its
// name, title, description and every string of its schemas: instructions
// aimed at the model (the user never sees a description; the model reads
// it as trusted text), paths of secret files, and characters a person
// cannot see (bidirectional overrides that reorder what is shown, zero-width
// and tag characters that hide text). raw is the tool's JSON as the server
// sent it (nil: the decoded tool only).
func Poisoning(t mcp.Tool, raw json.RawMessage) []Finding {
	var texts []located
	texts = append(texts, located{"name", t.Name}, located{"title", t.Title}, located{"description", t.Description})
	for _, s := range []struct {
		where string
		raw   json.RawMessage
	}{{"inputSchema", t.InputSchema}, {"outputSchema", t.OutputSchema}} {
		var v any
		if json.Unmarshal(s.raw, &v) == nil {
			walkStrings(v, s.where, &texts)
		}
	}
	if raw != nil {
		// Anything else the server put in the tool (annotations, _meta,
		// fields this lab does not know) is read for hidden characters.
		var v any
		if json.Unmarshal(raw, &v) == nil {
			var all []located
			walkStrings(v, "tool", &all)
			for _, l := range all {
				covered := l.where == "tool.name" || l.where == "tool.title" || l.where == "tool.description" ||
					strings.HasPrefix(l.where, "tool.inputSchema") || strings.HasPrefix(l.where, "tool.outputSchema")
				if !covered && strings.IndexFunc(l.text, hidden) >= 0 {
					texts = append(texts, l)
				}
			}
		}
	}
	var out []Finding
	seen := map[string]bool{}
	add := func(f Finding) {
		if k := f.Kind.En() + f.Text.En(); !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	for _, l := range texts {
		lower := strings.ToLower(l.text)
		for _, p := range instructionPhrases {
			if i := strings.Index(lower, p); i >= 0 {
				add(Finding{msg(kindInstruction), msg("tool-poisoning.where-text", l.where, l.text[i:i+len(p)])})
			}
		}
		for _, m := range secretPaths().FindAllString(l.text, -1) {
			add(Finding{msg(kindSecret), msg("tool-poisoning.where-text", l.where, m)})
		}
		for _, r := range l.text {
			if hidden(r) {
				add(Finding{msg(kindHidden), msg("tool-poisoning.where-hidden", l.where, r, hiddenName(r))})
			}
		}
	}
	return out
}

type located struct{ where, text string }

// walkStrings collects every string of a JSON value (object keys too:
// a property name is shown to the model as well).
func walkStrings(v any, where string, out *[]located) {
	switch x := v.(type) {
	case string:
		*out = append(*out, located{where, x})
	case []any:
		for _, e := range x {
			walkStrings(e, where, out)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			*out = append(*out, located{where, k})
			walkStrings(x[k], where+"."+k, out)
		}
	}
}

// instructionPhrases are lower-case phrases that address the model
// instead of describing the tool (the lab's tool-poisoning lesson uses the
// first ones; the rest are the usual forms of the attack).
var instructionPhrases = []string{
	"<important>", "</important>", "<system>", "[system]", "<instructions>",
	"ignore previous", "ignore all previous", "ignore the previous", "ignore any previous", "disregard previous", "disregard all previous",
	"do not mention", "do not tell", "don't tell", "don’t tell", "do not inform the user", "without telling", "without informing",
	"never reveal", "the user must not", "hide this from",
	"before calling any other tool", "before using any other tool", "instead of the user",
}

// secretPaths matches paths of files that hold credentials (compiled on
// first use: no start-up work in the wasm).
var secretPaths = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(~/\.ssh\b[^\s"']*|\bid_(rsa|dsa|ecdsa|ed25519)\b|~/\.aws\b[^\s"']*|\.aws/credentials|/etc/(passwd|shadow)\b|` +
		`(^|[\s"'(/~])\.env\b|\.netrc\b|\.npmrc\b|\.pypirc\b|\.git-credentials\b|\bmcp\.json\b|~/\.cursor\b[^\s"']*|` +
		`~/\.config/gcloud\b[^\s"']*|\bcredentials\.json\b|\.kube/config\b|\.docker/config\.json\b)`)
})

// hidden reports whether r is invisible or reorders text: bidirectional
// controls, zero-width characters, tag characters, and any other format
// character (Unicode category Cf): all of them are invisible.
func hidden(r rune) bool {
	switch {
	case r >= 0xE0000 && r <= 0xE007F: // tags: invisible ASCII
		return true
	case r == 0x200B, r == 0x200C, r == 0x200D, r == 0x2060, r == 0xFEFF, r == 0x180E:
		return true
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
		return true
	}
	return unicode.Is(unicode.Cf, r)
}

// hiddenName is what a hidden character does to the text, in words
// (verdicts.text, hidden.*).
func hiddenName(r rune) Msg {
	switch {
	case r >= 0xE0000 && r <= 0xE007F:
		return msg("hidden.tag")
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
		return msg("hidden.bidi")
	case r == 0x200B, r == 0x200C, r == 0x200D, r == 0x2060, r == 0xFEFF:
		return msg("hidden.zero-width")
	}
	return msg("hidden.format")
}
