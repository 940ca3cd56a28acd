package ui

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

// protocolFamilies are the names of the protocols and framings the lab
// shows, written the same in every language. Everything else a Chinese
// page may leave in ASCII comes from the engine: the versions it
// implements, its transports, and the methods and header names the trace
// itself carries.
var protocolFamilies = []string{"HTTP", "SSE", "JSON-RPC", "MCP"}

// asciiWord is a run of ASCII letters, digits and the punctuation of
// protocol names ("tools/call", "Mcp-Session-Id", "2025-11-25").
var asciiWord = regexp.MustCompile(`[A-Za-z0-9][A-Za-z0-9/_.\-]*`)

var titleAttr = regexp.MustCompile(`title="([^"]*)"`)

// englishWords returns the words of s with a letter in them that allowed
// does not accept.
func englishWords(s string, allowed func(string) bool) []string {
	var out []string
	for _, w := range asciiWord.FindAllString(s, -1) {
		w = strings.TrimRight(w, ".-/")
		if strings.IndexFunc(w, func(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' }) < 0 || allowed(w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// protocolNames accepts the protocol names of a trace: the engine's
// versions and transports, the methods its messages carry and the header
// names its HTTP events carry.
func protocolNames(tr *trace.Trace, steps []Step) map[string]bool {
	ok := map[string]bool{}
	for _, w := range protocolFamilies {
		ok[w] = true
	}
	for _, v := range protocol.Versions() {
		ok[v] = true
	}
	for _, in := range scenario.List() {
		for _, tp := range in.Transports {
			ok[tp] = true
		}
	}
	for _, m := range Methods(steps) {
		ok[m] = true
	}
	for _, e := range tr.Events {
		if e.HTTP != nil {
			for h := range e.HTTP.Headers {
				ok[h] = true
			}
		}
	}
	return ok
}

// quoted is the set of words a step's title may quote from the wire: a
// step without JSON-RPC messages is titled by its own bytes (a log line, a
// plain body, an SSE comment); the host's text quotes what the server
// wrote anywhere in the trace. A step with messages is titled by the lab
// alone, so it may quote nothing.
func quoted(tr *trace.Trace, st *Step) map[string]bool {
	q := map[string]bool{}
	add := func(s string) {
		for _, w := range asciiWord.FindAllString(s, -1) {
			q[strings.TrimRight(w, ".-/")] = true
		}
	}
	switch {
	case st.Ev.Channel == trace.HostChannel:
		add(st.Ev.Raw)
		for _, e := range tr.Events {
			if e.Channel != trace.HostChannel {
				add(e.Raw)
			}
		}
	case len(st.Msgs) == 0:
		add(st.Ev.Raw)
	}
	return q
}

// zhProblems renders every step of tr in lang as the lab's diagram does
// and lists the English words in its titles and tooltips.
func zhProblems(tr *trace.Trace, lang string) []string {
	steps := BuildSteps(tr)
	names := protocolNames(tr, steps)
	var out []string
	for i := range steps {
		st := &steps[i]
		q := quoted(tr, st)
		texts := []string{st.Label(lang)}
		for _, m := range titleAttr.FindAllStringSubmatch(app.HTMLString(&seqRow{St: st, I: i, Lanes: 4, Lang: lang}), -1) {
			texts = append(texts, html.UnescapeString(m[1]))
		}
		for _, s := range texts {
			allowed := func(w string) bool {
				if names[w] || q[w] {
					return true
				}
				// A quote cut short by the title's length ("…").
				if strings.HasSuffix(s, "…") && strings.HasSuffix(strings.TrimRight(strings.TrimSuffix(s, "…"), ".-/"), w) {
					for k := range q {
						if strings.HasPrefix(k, w) {
							return true
						}
					}
				}
				return false
			}
			if ws := englishWords(s, allowed); len(ws) > 0 {
				out = append(out, "step "+strconv.Itoa(st.N)+" "+strings.Join(ws, ",")+" in "+s)
			}
		}
	}
	return out
}

// Under lang=zh no title or tooltip of any scenario is left in English,
// except protocol names.
func TestZhTitlesHaveNoEnglish(t *testing.T) {
	everyRun(t, func(name string, tr *trace.Trace) {
		for _, p := range zhProblems(tr, LangZh) {
			t.Errorf("%s: %s", name, p)
		}
	})
}

// The broken fixtures: the English page, and the two texts the trial found
// on the Chinese one, fail the check.
func TestZhTitlesBrokenFixture(t *testing.T) {
	tr, err := scenario.Run(scenario.Options{Scenario: "tool-call", Version: "2025-11-25", Transport: "http", Fault: "timeout"})
	if err != nil {
		t.Fatal(err)
	}
	if len(zhProblems(tr, LangEn)) == 0 {
		t.Error("the English page passes the Chinese check")
	}
	names := protocolNames(tr, BuildSteps(tr))
	allowed := func(w string) bool { return names[w] }
	for s, want := range map[string]string{"流已关闭 (http-request)": "http-request", "HTTP exchange": "exchange", "流已关闭 (stdin)": "stdin"} {
		if got := englishWords(s, allowed); len(got) != 1 || got[0] != want {
			t.Errorf("%q: found %q, want [%s]", s, got, want)
		}
	}
}
