package scenario

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"

	"mcpwirelab/sim/trace"
)

// sideOf is the party of a trace participant a sentence can name: the
// Host and its client are the client side.
func sideOf(p trace.Party) string {
	if p == trace.Server {
		return actorServer
	}
	return actorClient
}

// wrongRE finds a note saying its step is wrong, for a breach on a step
// the classifier keeps normal (a careless client's well-formed request).
var wrongRE = regexp.MustCompile(`(?i)\b(wrong|faulty|careless|should have|removed|forgot)\b`)

// carriesError reports whether a step is an answer that refuses: a
// JSON-RPC error, an HTTP error status, or a tool execution error.
func carriesError(e trace.Event) bool {
	if e.Class == trace.ClassExpectedError || (e.HTTP != nil && e.HTTP.Status >= http.StatusBadRequest) {
		return true
	}
	for _, raw := range e.Messages {
		var m struct {
			Error  json.RawMessage `json:"error"`
			Result struct {
				IsError bool `json:"isError"`
			} `json:"result"`
		}
		if json.Unmarshal(raw, &m) == nil && (m.Error != nil || m.Result.IsError) {
			return true
		}
	}
	return false
}

// fitProblem is what is wrong with explaining step e by note n under the
// review fits ("" when nothing is): the checks of quotefit.go's kinds.
func fitProblem(fits string, n Note, e trace.Event) string {
	kind, term, err := parseFit(fits, n.Quote)
	if err != nil {
		return err.Error()
	}
	if !strings.Contains(strings.ToLower(e.Raw), strings.ToLower(term)) && !strings.Contains(strings.ToLower(n.Text.En), strings.ToLower(term)) {
		return fmt.Sprintf("the term %q is neither in the step's bytes nor in its note: the sentence is about something else", term)
	}
	actor := quoteActor(n.Quote)
	party := actor == actorClient || actor == actorServer
	switch kind {
	case fitSender:
		if party && actor != sideOf(e.From) {
			return fmt.Sprintf("the sentence gives its rule to the %s, but the step is the %s's", actor, sideOf(e.From))
		}
	case fitReceiver:
		if party && actor != sideOf(e.To) {
			return fmt.Sprintf("the sentence gives its rule to the %s, but the step goes to the %s", actor, sideOf(e.To))
		}
	case fitPremise:
		if party && actor == sideOf(e.From) {
			return fmt.Sprintf("the sentence gives its rule to the %s, who makes this step: it is a sender rule, not a premise", actor)
		}
	case fitBreach:
		if e.Class != trace.ClassViolation && e.Class != trace.ClassFailure && !wrongRE.MatchString(n.Text.En) {
			return "the step breaks nothing: it is " + string(e.Class) + " and its note says nothing is wrong"
		}
	case fitRefusal:
		if !carriesError(e) {
			return "the step refuses nothing: no error, no error status, no isError"
		}
	}
	return ""
}

// TestQuotesGovernTheirSteps: every quoted sentence governs the act of
// each step its note explains, in every transcript, as its review (fits)
// says; a quoted note nobody's step explains in the matrix (the capture
// view's) names its term in its own text. The audit found sentences that
// were verbatim but about their neighbours: a 405 rule on a 204, maxTokens
// on a result, a resources/list rule on resources/templates/list, a
// decline rule on a cancel.
func TestQuotesGovernTheirSteps(t *testing.T) {
	set := loadedNotes()
	reviewed := 0
	for _, k := range sortedNoteKeys() {
		n := set.notes[k]
		if n.Quote == "" {
			continue
		}
		reviewed++
		if set.fits[k] == "" {
			t.Errorf("note %s quotes %q without saying how it governs the step (fits)", k, n.Quote)
		}
	}
	used := map[string]bool{}
	seen := map[string]bool{}
	for _, m := range matrixTraces(t) {
		for _, e := range m.tr.Events {
			k := resolvedKey(e.Note, m.tr.EventVersion(e))
			fits := set.fits[k]
			if fits == "" {
				continue
			}
			used[k] = true
			if p := fitProblem(fits, set.notes[k], e); p != "" && !seen[k+p] {
				seen[k+p] = true
				t.Errorf("%s %s %s %s event %d: note %s (fits: %s): %s", m.o.Scenario, m.o.Version, m.o.Transport, m.o.Fault, e.Seq, k, fits, p)
			}
		}
	}
	for _, k := range sortedFits(set.fits) {
		if used[k] {
			continue
		}
		if p := fitProblem(set.fits[k], set.notes[k], trace.Event{}); p != "" && !strings.HasPrefix(p, "the sentence gives") && !strings.HasPrefix(p, "the step") {
			t.Errorf("note %s (fits: %s), explaining no step of the matrix: %s", k, set.fits[k], p)
		}
	}
	if reviewed < 300 {
		t.Errorf("%d quoted notes: the review covers fewer than the course has", reviewed)
	}
}

// TestQuoteFitCheckerCatchesMisfits: the checker fails the misfits the
// audit found, rebuilt as they were (its broken fixtures), and passes the
// fits that replaced them.
func TestQuoteFitCheckerCatchesMisfits(t *testing.T) {
	resp204 := trace.Event{From: trace.Server, To: trace.Client, Channel: trace.HTTPResponse, Class: trace.ClassNormal,
		Raw: "HTTP/1.1 204 No Content\r\n\r\n", HTTP: &trace.HTTPInfo{Status: 204}}
	result := trace.Event{From: trace.Server, To: trace.Client, Channel: trace.Stdout, Class: trace.ClassNormal,
		Raw:      `{"jsonrpc":"2.0","id":4,"result":{"resultType":"complete","content":[{"type":"text","text":"Summary"}]}}`,
		Messages: []json.RawMessage{json.RawMessage(`{"jsonrpc":"2.0","id":4,"result":{"resultType":"complete"}}`)}}
	cancel := trace.Event{From: trace.Client, To: trace.Server, Channel: trace.Stdin, Class: trace.ClassNormal,
		Raw: `{"jsonrpc":"2.0","id":1,"result":{"action":"cancel"}}`}
	for _, tt := range []struct {
		name, fits string
		note       Note
		e          trace.Event
		caught     bool
	}{
		{"405 on a 204", "sender 405", Note{Text: Text{En: "HTTP 204 No Content: the session was deleted."},
			Quote: "The server MAY respond to this request with HTTP 405 Method Not Allowed, indicating that the server does not allow clients to terminate sessions."}, resp204, true},
		{"maxTokens on a result", "receiver maxTokens", Note{Text: Text{En: "The retry gets the final result with its own id."},
			Quote: "The client MUST respect the `maxTokens` parameter."}, result, true},
		{"decline rule on a cancel", "sender decline", Note{Text: Text{En: "The user closed the form without choosing: action cancel."},
			Quote: "Clients SHOULD allow users to decline elicitation requests at any time"}, cancel, true},
		{"a client rule on a server step", "sender ID", Note{Text: Text{En: "The result, with the request's id."},
			Quote: "The client SHOULD select a mutually supported version and retry the request with that ID."}, result, true},
		{"a breach that breaks nothing", "breach ID", Note{Text: Text{En: "The result, with the request's id."},
			Quote: "Result responses MUST include the same ID as the request they correspond to."}, result, true},
		{"a refusal that refuses nothing", "refusal ID", Note{Text: Text{En: "The result, with the request's id."},
			Quote: "Result responses MUST include the same ID as the request they correspond to."}, result, true},
		{"a sender rule called a premise", "premise ID", Note{Text: Text{En: "The result, with the request's id."},
			Quote: "The server MUST answer with the same ID."}, result, true},
		{"the fit that replaced it", "sender same ID", Note{Text: Text{En: "The result, with the same id as the request."},
			Quote: "Result responses MUST include the same ID as the request they correspond to."}, result, false},
		{"cancel governed", "sender cancel", Note{Text: Text{En: "The user closed the form without choosing: action cancel."},
			Quote: "MCP clients MUST: - Provide UI that makes it clear which server is requesting information - Respect user privacy and provide clear decline and cancel options"}, cancel, false},
	} {
		if got := fitProblem(tt.fits, tt.note, tt.e) != ""; got != tt.caught {
			t.Errorf("%s: caught %v, want %v (%s)", tt.name, got, tt.caught, fitProblem(tt.fits, tt.note, tt.e))
		}
	}
	for quote, want := range map[string]string{
		"If the client does not support the version in the server's response, it SHOULD disconnect.":                                                      actorClient,
		"If processing a request requires a capability the client did not include in `x`, the server MUST return an error.":                               actorServer,
		"If the client wishes to resume after a disconnection (whether due to network failure or server-initiated closure), it SHOULD issue an HTTP GET.": actorClient,
		"Result responses MUST include the same ID as the request they correspond to.":                                                                    actorMessage,
		"Receivers that accept a task-augmented request MUST return a `CreateTaskResult` as the response.":                                                actorRelative,
	} {
		if got := quoteActor(quote); got != want {
			t.Errorf("actor of %q: %s, want %s", quote, got, want)
		}
	}
}

// Actors of a quoted sentence (quoteActor): the two parties, or a role
// the sentence defines relative to its own exchange (the sender or
// receiver of a request, the requestor of a task: either party), or a
// message itself.
const (
	actorClient   = "client" // the client side: the client and its Host
	actorServer   = "server"
	actorRelative = "relative"
	actorMessage  = "message"
)

// actorWords name the parties a sentence can give a rule to, as the spec
// writes them (lower case, singular or plural).
var actorWords = map[string]string{
	"client": actorClient, "clients": actorClient, "host": actorClient, "hosts": actorClient,
	"application": actorClient, "applications": actorClient,
	"server": actorServer, "servers": actorServer,
	"receiver": actorRelative, "receivers": actorRelative, "recipient": actorRelative, "recipients": actorRelative,
	"sender": actorRelative, "senders": actorRelative, "requestor": actorRelative, "requestors": actorRelative,
	"implementations": actorRelative, "parties": actorRelative, "party": actorRelative, "implementors": actorRelative,
}

// quoteActor is who a sentence gives its rule to, read from the words
// before its first MUST, SHOULD or MAY: the last party named there
// ("Servers that declare ... MUST", "If processing a request requires a
// capability the client did not include ..., the server MUST"), or, when
// a pronoun carries the rule ("If the client does not support the version
// in the server's response, it SHOULD disconnect"), the first one; a
// message when none is named ("Result responses MUST include the same
// ID"). A compound ("server-initiated") names no party.
func quoteActor(quote string) string {
	head := quote
	for _, kw := range []string{"MUST", "SHOULD", "MAY", "REQUIRED", "RECOMMENDED"} {
		if i := strings.Index(head, kw); i >= 0 {
			head = head[:i]
		}
	}
	words := strings.FieldsFunc(strings.ToLower(head), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r == '-')
	})
	var parties []string
	for _, w := range words {
		if a, ok := actorWords[w]; ok {
			parties = append(parties, a)
		}
	}
	switch {
	case len(parties) == 0:
		return actorMessage
	case words[len(words)-1] == "it":
		return parties[0]
	}
	return parties[len(parties)-1]
}

// sortedFits is the keys of the reviewed quotes, in order.
func sortedFits(fits map[string]string) []string {
	keys := make([]string, 0, len(fits))
	for k := range fits {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
