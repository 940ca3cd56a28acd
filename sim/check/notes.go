package check

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/scenario"
)

// probeNote is what the checker's own requests are for, in both languages;
// the sentence each cites is the one of the check it feeds.
type probeNote struct {
	tag   string // the probe's tag; its text is [probe.<tag>] of verdicts.text
	check string // the check whose sentence it cites ("" for none)
	arg   string // the protocol fact the text names (its %s), or ""
}

// probePrefix makes the key of a probe's note in verdicts.text.
const probePrefix = "probe."

// text is the note in both languages.
func (p probeNote) text() scenario.Text {
	t := verdictText(probePrefix + p.tag)
	if p.arg == "" {
		return t
	}
	return scenario.Text{En: fmt.Sprintf(t.En, p.arg), Zh: fmt.Sprintf(t.Zh, p.arg)}
}

var probeNotes = [...]probeNote{
	{tagIDs, IDIDs, StringID},
	{tagNotify, IDNotification, UnknownNotification},
	{tagUnknownMethod, IDUnknownMethod, UnknownMethod},
	{tagNoMeta, IDMeta, ""},
	{tagBadVersion, IDUnsupported, UnknownVersion},
	{tagHeaders, IDHeaderMismatch, protocol.MethodPromptsList},
	{tagOrigin, IDOrigin, ForeignOrigin},
	{tagCall, IDStructured, ""},
	// Why a named tool is called once more (freshCalls): the session's
	// note would say only what the first call was for.
	{tagCall + tagFresh, IDStructured, ""},
	{tagUnknownTool, IDUnknownTool, ""},
	{tagInvalidArgs, IDInvalidArgs, ""},
	{tagSlow, IDResponsive, ""},
	// Why the slow tool is called once more, and cancelled as a first
	// request (freshSlow, freshCancel).
	{tagSlow + tagFresh, IDResponsive, ""},
	{tagCancel + tagFresh, IDCancellation, ""},
	{tagDuring, IDResponsive, ""},
	{tagCancel, IDCancellation, ""},
	{tagCancel + "-notice", IDCancellation, ""},
	{tagCancel + tagBarrier, IDCancellation, ""},
	{tagNegotiate, IDVersion, BogusVersion},
	{tagList, IDSchemas, ""},
	{tagList + "-n", IDListChangedHonest, ""},
	{tagUnsolicited, "", ""},
	{tagCancel + ".waited", IDCancellation, ""},
	{noteCut, "", ""},
}

// note is the probe's note for a version and transport, citing the
// sentence of the check it feeds.
func (p probeNote) note(version, transport string) scenario.Note {
	n := scenario.Note{Text: p.text()}
	if d, ok := DefByID(p.check); ok {
		c, _, _ := d.Cite(version, transport)
		n.Spec, n.Quote = c.Spec, c.Quote
	}
	return n
}

// courseLabel is the course's label whose notes explain the answers to a
// probe (its request notes are the probe's own).
func courseLabel(tag, version string) string {
	switch {
	case tag == tagCall, tag == tagSlow, tag == tagUnknownTool, tag == tagInvalidArgs, isCancel(tag):
		return "tools-call"
	case tag == tagIDs, tag == tagNoMeta, tag == tagBadVersion, tag == tagHeaders, strings.HasPrefix(tag, tagList):
		return "tools-list"
	case (tag == tagDuring || tag == tagOrigin) && protocol.IsModern(version):
		return "tools-list"
	case tag == tagNegotiate:
		return "initialize"
	case strings.HasSuffix(tag, "-notice"):
		return "timeout.cancelled"
	case strings.HasSuffix(tag, tagBarrier) && protocol.IsModern(version):
		return "discover"
	}
	return ""
}

// isCancel reports whether tag is cancel-N.
func isCancel(tag string) bool {
	n, ok := strings.CutPrefix(tag, tagCancel+"-")
	return ok && n != "" && strings.Trim(n, "0123456789") == ""
}

// normTag folds the numbered probes into one note: tools-list-2 → tools-list-n,
// cancel-3 → cancel, cancel-3-notice → cancel-notice, cancel-3-barrier →
// cancel-barrier.
func normTag(tag string) string {
	switch {
	case strings.HasPrefix(tag, tagList+"-"):
		return tagList + "-n"
	case isCancel(tag):
		return tagCancel
	case strings.HasSuffix(tag, "-notice") && isCancel(strings.TrimSuffix(tag, "-notice")):
		return tagCancel + "-notice"
	case strings.HasSuffix(tag, tagBarrier) && isCancel(strings.TrimSuffix(tag, tagBarrier)):
		return tagCancel + tagBarrier
	}
	return tag
}

// Note is the annotation of a capture's event, for the inspector: what the
// checker sends is explained by the probe's own note (citing the sentence
// of the check it feeds); what the server answers by the course's note for
// that kind of answer; everything else (launch, stderr, shutdown, the
// course's own labels) by the course's notes as they are.
func Note(key, version, transport string) scenario.Note {
	tag, rest, _ := strings.Cut(key, ".")
	request := rest == "" || rest == "request"
	if base, ok := strings.CutSuffix(tag, tagFresh); ok {
		// A fresh connection's requests are explained as the session's,
		// unless the fresh request has a note of its own (a tool called
		// again says why).
		for _, p := range probeNotes {
			if (p.tag == tag || p.tag == normTag(base)+tagFresh) && request {
				return p.note(version, transport)
			}
		}
		tag, key = base, base+strings.TrimPrefix(key, tag)
	}
	nt := normTag(tag)
	for _, p := range probeNotes {
		if (p.tag == nt && (request || nt == tagUnsolicited)) || p.tag == key {
			return p.note(version, transport)
		}
	}
	if l := courseLabel(tag, version); l != "" && rest != "" {
		return scenario.AnnotationFor(l+"."+rest, version)
	}
	return scenario.AnnotationFor(key, version)
}

// The Chinese of the sentences the checks cite that the course's notes do
// not (scenario.QuoteGloss has those), as data: text/quotes.glosses, in the
// format of the notes' glosses, read at the first QuoteZh.
//
//go:embed text/quotes.glosses
var glossesFile string

// glossesName is the file's name in errors.
const glossesName = "sim/check/text/quotes.glosses"

type glossTable struct {
	zh   map[string]string // quote → Chinese
	errs []error
}

var checkGlosses = sync.OnceValue(func() glossTable {
	zh, errs := scenario.ParseGlosses(glossesName, glossesFile)
	return glossTable{zh, errs}
})

// QuoteZh is the Chinese of a sentence a check or probe note cites ("" when
// there is none).
func QuoteZh(quote string) string {
	if zh := scenario.QuoteGloss(quote); zh != "" {
		return zh
	}
	return checkGlosses().zh[quote]
}
