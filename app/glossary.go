package ui

import (
	"strings"

	"mcpwirelab/sim/protocol"
)

// The glossary explains the fields a learner points at, in both languages:
// text/glossary.text. Keys: JSON member names ("id"), qualified names
// ("error.code", "_meta.*" for any _meta key) and lower-case header names
// ("h:mcp-session-id").

// hasTerm reports whether the glossary explains term.
func hasTerm(term string) bool {
	_, ok := glossaryTexts().Get(term)
	return ok
}

// Explain returns the glossary text for a term in lang ("" if unknown).
func Explain(lang, term string) string {
	t, ok := glossaryTexts().Get(term)
	if !ok {
		return ""
	}
	if lang == LangZh {
		return t.Zh
	}
	return t.En
}

// termTitle is how a term is named in the field guide.
func termTitle(term string) string {
	switch {
	case len(term) > 2 && term[:2] == "h:":
		return canonicalHeader(term[2:])
	case term == "_meta.*":
		return "_meta …"
	}
	return term
}

func canonicalHeader(h string) string {
	// The MCP headers as the spec spells them (Go would write "Mcp-Protocol-Version").
	for _, name := range [...]string{protocol.HeaderSessionID, protocol.HeaderProtocolVersion, protocol.HeaderMethod, protocol.HeaderName} {
		if strings.EqualFold(h, name) {
			return name
		}
	}
	b := []byte(h)
	up := true
	for i, c := range b {
		if up && c >= 'a' && c <= 'z' {
			b[i] = c - 32
		}
		up = c == '-'
	}
	return string(b)
}
