package scenario

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/specref"
	"mcpwirelab/sim/trace"
)

// resolvedKey is the key of the note AnnotationFor shows for an event
// ("" when none is written).
func resolvedKey(note, version string) string {
	found := ""
	NoteKey{Path: note, Version: version}.eachCandidate(func(k NoteKey) bool {
		if _, ok := noteIndex()[k.String()]; ok {
			found = k.String()
		}
		return found != ""
	})
	return found
}

// allTraces is every traced run of the matrix.
func allTraces(t *testing.T) []*trace.Trace {
	var trs []*trace.Trace
	for _, m := range matrixTraces(t) {
		trs = append(trs, m.tr)
	}
	return trs
}

// sharedViolationNotes lists the Violation steps of traces that are
// explained by a note some Normal step is explained by too: a step the
// screen marks "✗ Violation" read with the note of the same step done
// right (the bad-origin opening read as a plain server/discover).
func sharedViolationNotes(trs []*trace.Trace) []string {
	normal := map[string]bool{}
	for _, tr := range trs {
		for _, e := range tr.Events {
			if e.Class == trace.ClassNormal {
				normal[resolvedKey(e.Note, tr.EventVersion(e))] = true
			}
		}
	}
	var out []string
	for _, tr := range trs {
		for _, e := range tr.Events {
			if k := resolvedKey(e.Note, tr.EventVersion(e)); e.Class == trace.ClassViolation && normal[k] {
				out = append(out, tr.Scenario+" "+tr.Version+" "+tr.Transport+" "+tr.Fault+": step "+strconv.Itoa(e.Seq)+" "+e.Note+" → "+k)
			}
		}
	}
	return out
}

// TestViolationStepsHaveTheirOwnNotes: every step a fault breaks (class
// Violation) is explained by a note written for it, in every scenario,
// version and transport: never by a note that explains a normal step.
func TestViolationStepsHaveTheirOwnNotes(t *testing.T) {
	trs := allTraces(t)
	for _, s := range sharedViolationNotes(trs) {
		t.Errorf("a Violation step explained by a normal step's note: %s", s)
	}
}

// TestSharedViolationNoteCheckerCatchesOne is the checker's broken
// fixture: the bad-origin opening as it was named before it had a note
// of its own (discover.request, the note of every clean opening).
func TestSharedViolationNoteCheckerCatchesOne(t *testing.T) {
	clean := run(t, scenarioToolCall, protocol.V20260728, "http", FaultNone)
	bad := run(t, scenarioToolCall, protocol.V20260728, "http", FaultBadOrigin)
	if got := sharedViolationNotes([]*trace.Trace{clean, bad}); len(got) != 0 {
		t.Fatalf("the runs as they are: %q", got)
	}
	i := find(bad, "forged.request")
	if len(i) != 1 || i[0].Class != trace.ClassViolation {
		t.Fatalf("forged.request: %+v", i)
	}
	bad.Events[i[0].Seq-1].Note = "discover.request"
	if got := sharedViolationNotes([]*trace.Trace{clean, bad}); len(got) != 1 || !strings.Contains(got[0], "discover.request") {
		t.Fatalf("the opening read as a clean one was not caught: %q", got)
	}
}

// httpRuleRE matches a quoted sentence that is a rule of the HTTP
// transport only: it names headers, POST requests or SSE streams.
var httpRuleRE = regexp.MustCompile(`\bPOST\b|(?i:\bheaders?\b)|\bSSE\b|\bMcp-[A-Z]|\bMCP-[A-Z]`)

// httpSection reports whether a note's spec is a section about Streamable
// HTTP only: the 2026-07-28 streamable-http page, or a section of the
// 2025-11-25 transports page other than stdio's. Its rules ("These
// messages SHOULD relate to the originating client request": the
// messages on a POST's SSE stream) say nothing of a line on stdout, even
// when their words name no header or POST.
func httpSection(spec string) bool {
	_, page, anchor := specref.Split(spec)
	switch page {
	case "2026-07-28/basic/transports/streamable-http":
		return true
	case "2025-11-25/basic/transports":
		return anchor != "" && anchor != "stdio" && anchor != "custom-transports"
	}
	return false
}

// stdioQuotesHTTPRule reports the steps of stdio traces whose note
// quotes an HTTP-only rule.
func stdioQuotesHTTPRule(trs []*trace.Trace) []string {
	var out []string
	for _, tr := range trs {
		if tr.Transport != "stdio" {
			continue
		}
		for _, e := range tr.Events {
			if n := AnnotationFor(e.Note, tr.EventVersion(e)); n.Quote != "" && (httpRuleRE.MatchString(n.Quote) || httpSection(n.Spec)) {
				out = append(out, tr.Scenario+" "+tr.Version+" "+tr.Fault+": "+e.Note+" quotes "+n.Quote)
			}
		}
	}
	return out
}

// TestStdioNotesQuoteNoHTTPRule: no step of a stdio run quotes a rule
// about HTTP headers or POSTs (the 2026-07-28 tools/call quoted "The
// client MUST include the request metadata headers on each POST
// request"), and every note written for stdio only names its version
// (NoteKey: a plain one would shadow the other version's own note).
func TestStdioNotesQuoteNoHTTPRule(t *testing.T) {
	trs := allTraces(t)
	for _, s := range stdioQuotesHTTPRule(trs) {
		t.Errorf("stdio step quotes an HTTP rule: %s", s)
	}
	stdio := 0
	for k := range noteIndex() {
		key, _ := ParseNoteKey(k)
		if strings.HasSuffix(key.Path, "."+stdioLabel) {
			stdio++
			if key.Version == "" {
				t.Errorf("[%s]: a stdio note names its version", k)
			}
		}
	}
	if stdio == 0 {
		t.Fatal("no stdio notes: the checker above has nothing to choose from")
	}
}

// TestStdioHTTPRuleCheckerCatchesOne is the checker's broken fixture: a
// 2026-07-28 stdio tools/call named by the key it had before its stdio
// note, whose quote is the HTTP transport's headers-on-each-POST rule.
func TestStdioHTTPRuleCheckerCatchesOne(t *testing.T) {
	tr := run(t, scenarioToolCall, protocol.V20260728, "stdio", FaultNone)
	calls := find(tr, "tools-call.request")
	if len(calls) != 1 || calls[0].Note != "tools-call.request.on-stdio" {
		t.Fatalf("the stdio tools/call: %+v", calls)
	}
	if got := stdioQuotesHTTPRule([]*trace.Trace{tr}); len(got) != 0 {
		t.Fatalf("the run as it is: %q", got)
	}
	tr.Events[calls[0].Seq-1].Note = "tools-call.request"
	if got := stdioQuotesHTTPRule([]*trace.Trace{tr}); len(got) != 1 || !strings.Contains(got[0], "on each POST request") {
		t.Fatalf("the HTTP rule on a stdio step was not caught: %q", got)
	}
	// A rule that names both transports is not an HTTP rule.
	if httpRuleRE.MatchString(AnnotationFor("probe.request", protocol.V20260728).Quote) {
		t.Error("the dual-era probe's quote (stdio process or HTTP origin) read as an HTTP rule")
	}
}

// courseOnly are words of the course's launch notes that are not true of
// a learner's own server: the dev server's command, its address, and the
// one task a scenario trace compresses the process into.
var courseOnly = []string{"devserver", "127.0.0.1:8080", "compress", "压缩", "this trace", "这条记录"}

// launchClaims lists the course-only claims of a note.
func launchClaims(n Note) []string {
	var out []string
	for _, w := range courseOnly {
		if strings.Contains(n.Text.En, w) || strings.Contains(n.Text.Zh, w) {
			out = append(out, w)
		}
	}
	return out
}

// TestCaptureLaunchNotesAreNeutral: a capture (sim/check) of a learner's
// server is explained by launch notes of its own, which claim nothing of
// the course (not that the command was devserver), in every version and
// transport; the course's launch notes are the broken fixture.
func TestCaptureLaunchNotesAreNeutral(t *testing.T) {
	for _, tp := range Transports {
		note, _ := LaunchNote(tp)
		for _, v := range protocol.Versions() {
			if k := resolvedKey(note, v); !strings.HasPrefix(k, note) {
				t.Errorf("%s under %s resolves to %q, not a capture note of its own", note, v, k)
			}
			if c := launchClaims(AnnotationFor(note, v)); len(c) != 0 {
				t.Errorf("%s under %s claims %q", note, v, c)
			}
			course := "launch." + tp
			if c := launchClaims(AnnotationFor(course, v)); len(c) == 0 {
				t.Errorf("the course's %s under %s claims nothing of the course: the checker proves nothing", course, v)
			}
		}
	}
	if !slices.Contains(courseOnly, "devserver") {
		t.Fatal("courseOnly lost the dev server's command")
	}
}

// negotiationMisfits lists the initialize exchanges of traces whose
// notes teach the wrong half of lifecycle §Version Negotiation: a
// response with another version than the request asked for must quote
// the "Otherwise" rule (and one with the same version the "same version"
// rule), and the request's note must name the version it asks for.
func negotiationMisfits(trs []*trace.Trace) []string {
	var out []string
	for _, tr := range trs {
		asked := map[string]string{} // request id → protocolVersion asked for
		for _, e := range tr.Events {
			if e.Kind != trace.KindMessage || len(e.Messages) != 1 {
				continue
			}
			var m struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
				Params struct {
					ProtocolVersion string `json:"protocolVersion"`
				} `json:"params"`
				Result struct {
					ProtocolVersion string `json:"protocolVersion"`
				} `json:"result"`
			}
			if json.Unmarshal(e.Messages[0], &m) != nil {
				continue
			}
			n := AnnotationFor(e.Note, tr.EventVersion(e))
			where := tr.Scenario + " " + tr.Version + " " + tr.Transport + " " + tr.Fault + ": step " + strconv.Itoa(e.Seq) + " " + e.Note
			switch v, isAsk := asked[string(m.ID)]; {
			case m.Method == protocol.MethodInitialize:
				asked[string(m.ID)] = m.Params.ProtocolVersion
				if !strings.Contains(n.Text.En, m.Params.ProtocolVersion) && m.Params.ProtocolVersion != tr.Version {
					out = append(out, where+" does not say the client asks for "+m.Params.ProtocolVersion)
				}
			case isAsk && m.Result.ProtocolVersion != "" && m.Result.ProtocolVersion != v && !strings.HasPrefix(n.Quote, "Otherwise"):
				out = append(out, where+" answers "+m.Result.ProtocolVersion+" to "+v+" but quotes "+n.Quote)
			case isAsk && m.Result.ProtocolVersion == v && strings.HasPrefix(n.Quote, "Otherwise"):
				out = append(out, where+" answers the version asked for but quotes "+n.Quote)
			}
		}
	}
	return out
}

// TestNegotiationNotesFitTheVersions: the 2025-11-25 unsupported-version
// fault (a client asking for 2025-03-26, answered 2025-11-25) quoted "If
// the server supports the requested protocol version, it MUST respond with
// the same version", the opposite case.
func TestNegotiationNotesFitTheVersions(t *testing.T) {
	for _, s := range negotiationMisfits(allTraces(t)) {
		t.Errorf("version negotiation taught wrong: %s", s)
	}
}

// TestNegotiationCheckerCatchesOne is the checker's broken fixture: the
// fault's steps named by the keys they had before (initialize.request,
// initialize.result).
func TestNegotiationCheckerCatchesOne(t *testing.T) {
	tr := run(t, scenarioToolCall, protocol.V20251125, "http", FaultUnsupportedVersion)
	if got := negotiationMisfits([]*trace.Trace{tr}); len(got) != 0 {
		t.Fatalf("the run as it is: %q", got)
	}
	for i := range tr.Events {
		if l, rest, _ := strings.Cut(tr.Events[i].Note, "."); l == "old-version" {
			tr.Events[i].Note = "initialize." + rest
		}
	}
	got := negotiationMisfits([]*trace.Trace{tr})
	if len(got) != 2 || !strings.Contains(got[0], "2025-03-26") || !strings.Contains(got[1], "the same version") {
		t.Fatalf("the old notes were not caught: %q", got)
	}
}
