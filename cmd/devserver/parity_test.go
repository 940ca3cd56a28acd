//go:build !(js && wasm) && unix

package main

// Parity: the simulator and the real dev server are one engine. Every
// scenario × version × transport × fault the dev server can serve
// (scenario.Servable) is run twice with the same client and the same
// faults: once over the virtual wire (scenario.Run), once against the real
// dev server (scenario.RunRemote): an HTTP listener on 127.0.0.1 started by
// runServe, and the built binary as a stdio subprocess. The bytes exchanged
// must be the same, except what is the real world's own: the Date value,
// the session ids the servers mint, and timing (how a response is cut into
// pieces as it arrives). The dev server's outer layer also adds its two
// security headers (securityHeaderValues) to every response; they are taken
// out of a real response, by name and value, before comparing, unless the
// engine wrote the same header in the simulator's response too (its own
// error answers, such as the loopback Host check's 403, carry
// X-Content-Type-Options: nosniff).

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/realwire"
	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

// parityExceptions are runs the dev server answers differently on purpose,
// and why; their exchanges are compared by status only.
var parityExceptions = map[string]string{
	scenario.FaultBadOrigin: "the dev server's own Origin guard (netguard.CheckOrigin) answers 403 before the engine's, with its own message",
}

// parityByScenario are scenarios whose real runs differ from the virtual
// ones by what the real world does, and why; they are compared by the
// steps of their conversation (stepsOf) instead of byte for byte.
var parityByScenario = map[string]string{
	// The simulator's clock is virtual; a real task's work and the
	// client's polls race in real time, so the number of tasks/get polls
	// (and with it every later JSON-RPC id) and the server's log lines
	// about work ending after the run differ.
	"tasks": "a real task runs in real time: how often the client polls before it ends varies",
}

// parityByScenarioHTTP are the same over HTTP only.
var parityByScenarioHTTP = map[string]string{
	// One dev server process serves every HTTP run, and book_room's
	// calendar is the server's: a run's booking changes the free slots the
	// next run is offered. (Each stdio run has a process of its own.)
	"elicitation": "the dev server's room calendar is shared by every HTTP run: bookings change the slots offered",
}

// wireView is what a trace put on the wire, normalised for comparison.
type wireView struct {
	exchanges []string // HTTP: per exchange, the request then "=>" and the response bytes
	statuses  []string // HTTP: per exchange, the status line
	closes    []string // streams and pipes closed, in order
	stdio     []string // stdin and stdout lines, in order
	stderr    []string
}

var (
	parityDate    = regexp.MustCompile(`\r\nDate: [^\r]*\r\n`)
	paritySession = regexp.MustCompile(`(?i)\r\n` + protocol.HeaderSessionID + `: ([^\r]*)\r\n`)
	// The 2026-07-28 requestState is signed with a key each server draws
	// (the simulator's is fixed) and carries its expiry; task ids are
	// minted and task times are the wall clock's.
	parityState  = regexp.MustCompile(`"requestState":"[^"]*"`)
	parityTaskID = regexp.MustCompile(`"taskId":"([^"]+)"`)
	parityTime   = regexp.MustCompile(`"(createdAt|lastUpdatedAt)":"[^"]*"`)
)

// minted normalises what each server mints for itself, in all of v:
// requestStates, task times, and task ids (T1, T2, … in order of
// appearance).
func minted(v *wireView) {
	ids := map[string]string{}
	for _, list := range [][]string{v.exchanges, v.stdio} {
		for _, s := range list {
			for _, m := range parityTaskID.FindAllStringSubmatch(s, -1) {
				if _, ok := ids[m[1]]; !ok {
					ids[m[1]] = fmt.Sprintf("T%d", len(ids)+1)
				}
			}
		}
	}
	for _, list := range [][]string{v.exchanges, v.stdio, v.stderr, v.closes} {
		for i, s := range list {
			s = parityState.ReplaceAllString(s, `"requestState":"<state>"`)
			s = parityTime.ReplaceAllString(s, `"$1":"<time>"`)
			for id, name := range ids {
				s = strings.ReplaceAll(s, id, "<task "+name+">")
			}
			list[i] = s
		}
	}
}

func viewOf(tr *trace.Trace) wireView {
	var v wireView
	byExchange := map[int]*strings.Builder{}
	var order []int
	for _, e := range tr.Events {
		switch {
		case e.Kind == trace.KindClose:
			v.closes = append(v.closes, string(e.Channel)+" "+e.Note+" "+e.Raw)
		case e.Channel == trace.Stdin || e.Channel == trace.Stdout:
			v.stdio = append(v.stdio, string(e.Channel)+" "+e.Raw)
		case e.Channel == trace.Stderr:
			if !strings.HasPrefix(e.Raw, logPrefix) { // the dev server's own log, not the engine's
				v.stderr = append(v.stderr, e.Raw)
			}
		case e.HTTP != nil && (e.Channel == trace.HTTPRequest || e.Channel == trace.HTTPResponse):
			b := byExchange[e.HTTP.Exchange]
			if b == nil {
				b = &strings.Builder{}
				byExchange[e.HTTP.Exchange] = b
				order = append(order, e.HTTP.Exchange)
			}
			if e.Channel == trace.HTTPResponse && !e.HTTP.Chunk {
				b.WriteString("\n=>\n")
			}
			b.WriteString(e.Raw)
		}
	}
	// Minted session ids, in order of appearance, become S1, S2, ….
	ids := map[string]string{}
	for _, n := range order {
		for _, m := range paritySession.FindAllStringSubmatch(byExchange[n].String(), -1) {
			if _, ok := ids[m[1]]; !ok {
				ids[m[1]] = fmt.Sprintf("S%d", len(ids)+1)
			}
		}
	}
	for _, n := range order {
		s := parityDate.ReplaceAllString(byExchange[n].String(), "\r\nDate: <date>\r\n")
		for id, name := range ids {
			s = strings.ReplaceAll(s, id, "<session "+name+">")
		}
		v.exchanges = append(v.exchanges, s)
		status := ""
		if _, resp, ok := strings.Cut(s, "\n=>\n"); ok {
			status, _, _ = strings.Cut(resp, "\r\n")
		}
		v.statuses = append(v.statuses, status)
	}
	minted(&v)
	return v
}

// parityMustCover are scenarios the parity test must run at least once:
// the server's other primitives (resources, prompts, logging) and its
// requests to the client (elicitation, sampling, roots, tasks), whose
// servable runs are easy to lose to a fault that needs its own server.
var parityMustCover = []string{"tool-call", "progress", "resources", "prompts", "logging", "elicitation", "sampling", "roots", "tasks"}

// uncovered lists the scenarios of want that no run in runs exercises.
func uncovered(runs []scenario.Options, want []string) []string {
	seen := map[string]bool{}
	for _, o := range runs {
		seen[o.Scenario] = true
	}
	var out []string
	for _, w := range want {
		if !seen[w] {
			out = append(out, w)
		}
	}
	return out
}

// stepsOf is a trace's conversation step by step, for the runs compared
// by steps (parityByScenario): who sent which method, or which result
// type and task status came back. What real time decides is left out:
// the client's tasks/get polls (their answers stay, a status repeated in
// a row written once) and the server's optional status notifications.
func stepsOf(tr *trace.Trace) []string {
	var out []string
	for _, e := range tr.Events {
		for _, raw := range e.Messages {
			var m struct {
				Method string `json:"method"`
				Error  *struct {
					Code int `json:"code"`
				} `json:"error"`
				Result *struct {
					ResultType string `json:"resultType"`
					Status     string `json:"status"`
					Task       *struct {
						Status string `json:"status"`
					} `json:"task"`
				} `json:"result"`
			}
			if json.Unmarshal(raw, &m) != nil {
				continue
			}
			if m.Method == protocol.MethodTasksGet || m.Method == protocol.MethodTaskStatus {
				continue
			}
			step := string(e.From) + " "
			switch {
			case m.Method != "":
				step += m.Method
			case m.Error != nil:
				step += fmt.Sprintf("error %d", m.Error.Code)
			case m.Result != nil && m.Result.Task != nil:
				step += "task " + m.Result.Task.Status
			case m.Result != nil:
				step += "result " + m.Result.ResultType + " " + m.Result.Status
			}
			if len(out) > 0 && out[len(out)-1] == step {
				continue
			}
			out = append(out, step)
		}
	}
	return out
}

func TestParityVirtualAndRealServer(t *testing.T) {
	bin := buildDevserver(t, t.TempDir())
	srv := startInteropServer(t, "-no-auth")
	endpoint := srv.base + "/mcp"

	var runs []scenario.Options
	for _, info := range scenario.List() {
		for _, v := range info.Versions {
			for _, tr := range info.Transports {
				for _, f := range info.Faults {
					o := scenario.Options{Scenario: info.Name, Version: v, Transport: tr, Fault: f, Endpoint: endpoint}
					if _, _, err := scenario.Validate(o); err != nil {
						continue
					}
					if ok, _ := scenario.Servable(o); ok {
						runs = append(runs, o)
					}
				}
			}
		}
	}
	if len(runs) < 40 {
		t.Fatalf("only %d servable runs: the matrix shrank", len(runs))
	}
	if missing := uncovered(runs, parityMustCover); len(missing) > 0 {
		t.Fatalf("no servable run of %v: the parity test would not compare them", missing)
	}

	// The real runs wait in real time (slow tools, deadlines), so they all
	// run at once; the comparisons are reported one subtest each.
	type result struct {
		virtual, real *trace.Trace
		err           error
	}
	results := make([]result, len(runs))
	runAll := func(deadlines bool) {
		var wg sync.WaitGroup
		sem := make(chan struct{}, 12)
		for i, o := range runs {
			if (o.Fault == scenario.FaultTimeout) != deadlines {
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				r := &results[i]
				if r.virtual, r.err = scenario.Run(o); r.err != nil {
					return
				}
				var rem scenario.Remote
				if o.Transport == "http" {
					w := realwire.NewHTTP()
					defer w.CloseIdleConnections()
					rem.HTTP = w
				} else {
					rem.Pipe = realwire.Command(bin, "-stdio")
				}
				r.real, r.err = scenario.RunRemote(o, rem)
			}()
		}
		wg.Wait()
	}
	// The timeout fault races a real deadline (2.5 s) against progress a
	// second apart, with 500 ms to spare either side: those runs go on
	// their own after the others, so the CPU the others keep busy does
	// not move a progress message past the deadline (seen once under
	// load: one progress message fewer on the real server).
	runAll(false)
	runAll(true)

	exchanges, transcripts := 0, 0
	for i, o := range runs {
		name := strings.Join([]string{o.Scenario, o.Version, o.Transport, o.Fault}, "/")
		r := results[i]
		t.Run(name, func(t *testing.T) {
			if r.err != nil {
				t.Fatal(r.err)
			}
			a, b := viewOf(r.virtual), viewOf(r.real)
			why, bySteps := parityByScenario[o.Scenario]
			if w, ok := parityByScenarioHTTP[o.Scenario]; ok && o.Transport == "http" {
				why, bySteps = w, true
			}
			if bySteps {
				if x, y := stepsOf(r.virtual), stepsOf(r.real); !equal(x, y) {
					t.Fatalf("steps differ (%s):\nvirtual %q\nreal    %q", why, x, y)
				}
				t.Logf("compared by steps: %s", why)
				return
			}
			if why, ok := parityExceptions[o.Fault]; ok {
				if !equal(a.statuses, b.statuses) {
					t.Fatalf("statuses differ (%s):\nvirtual %q\nreal    %q", why, a.statuses, b.statuses)
				}
				t.Logf("compared by status only: %s", why)
				return
			}
			for _, d := range diffViews(a, b) {
				t.Error(d)
			}
			if !t.Failed() {
				exchanges += len(a.exchanges)
				if o.Transport == "stdio" {
					transcripts++
				}
			}
		})
	}
	t.Logf("parity: %d runs; %d HTTP exchanges and %d stdio transcripts byte-identical (Date, session ids and timing aside)",
		len(runs), exchanges, transcripts)
	if exchanges == 0 || transcripts == 0 {
		t.Fatal("nothing was compared")
	}
}

// withoutDevServerHeaders is the real view without the headers the dev
// server's outer layer adds (securityHeaderValues), where the virtual
// exchange does not have them: what the engine wrote itself stays.
func withoutDevServerHeaders(virtual, real wireView) wireView {
	out := real
	out.exchanges = append([]string(nil), real.exchanges...)
	for i, s := range out.exchanges {
		req, resp, ok := strings.Cut(s, "\n=>\n")
		if !ok {
			continue
		}
		_, vresp, _ := strings.Cut(exchangeAt(virtual, i), "\n=>\n")
		vhead, _, _ := strings.Cut(vresp, "\r\n\r\n")
		head, body, ok := strings.Cut(resp, "\r\n\r\n")
		if !ok {
			continue
		}
		head += "\r\n"
		for _, kv := range securityHeaderValues {
			line := "\r\n" + kv[0] + ": " + kv[1] + "\r\n"
			if !strings.Contains(vhead+"\r\n", line) {
				head = strings.Replace(head, line, "\r\n", 1)
			}
		}
		out.exchanges[i] = req + "\n=>\n" + strings.TrimSuffix(head, "\r\n") + "\r\n\r\n" + body
	}
	return out
}

func exchangeAt(v wireView, i int) string {
	if i < len(v.exchanges) {
		return v.exchanges[i]
	}
	return ""
}

// diffViews lists how the virtual view a and the real view b differ
// (nothing when they match), the dev server's own headers aside.
func diffViews(a, b wireView) []string {
	b = withoutDevServerHeaders(a, b)
	var out []string
	cmp := func(what string, x, y []string) {
		if len(x) != len(y) {
			out = append(out, fmt.Sprintf("%s: virtual has %d, real %d\nvirtual %q\nreal    %q", what, len(x), len(y), x, y))
			return
		}
		for i := range x {
			if x[i] != y[i] {
				out = append(out, fmt.Sprintf("%s #%d differs:\nvirtual %q\nreal    %q", what, i+1, x[i], y[i]))
			}
		}
	}
	cmp("HTTP exchanges", a.exchanges, b.exchanges)
	cmp("closes", a.closes, b.closes)
	cmp("stdin/stdout", a.stdio, b.stdio)
	cmp("stderr", sorted(a.stderr), sorted(b.stderr))
	return out
}

// TestParityComparisonCatchesDifferences: the normalisation hides what it
// must (Date, minted session ids, the dev server's own headers and log
// lines, how a response is cut into pieces) and nothing else.
// TestParityCoverageCatchesAMissingScenario: the coverage check names a
// scenario the runs left out (the broken twin: no resources run).
func TestParityCoverageCatchesAMissingScenario(t *testing.T) {
	runs := []scenario.Options{{Scenario: "prompts"}, {Scenario: "logging"}, {Scenario: "prompts"}}
	if got := uncovered(runs, []string{"prompts", "resources", "logging"}); len(got) != 1 || got[0] != "resources" {
		t.Errorf("uncovered %v, want [resources]", got)
	}
	var all []scenario.Options
	for _, info := range scenario.List() {
		all = append(all, scenario.Options{Scenario: info.Name})
	}
	if got := uncovered(all, parityMustCover); len(got) != 0 {
		t.Errorf("parityMustCover names %v, which are not scenarios", got)
	}
}

func TestParityComparisonCatchesDifferences(t *testing.T) {
	tr, err := scenario.Run(scenario.Options{Scenario: "progress", Version: "2025-11-25", Transport: "http"})
	if err != nil {
		t.Fatal(err)
	}
	base := viewOf(tr)
	same := *tr
	same.Events = append([]trace.Event(nil), tr.Events...)
	for i, e := range same.Events {
		if e.Channel == trace.HTTPResponse && !e.HTTP.Chunk && e.Raw != "" {
			e.Raw = strings.Replace(e.Raw, "\r\n\r\n", "\r\nX-Content-Type-Options: nosniff\r\n\r\n", 1) // the dev server's header (out of order: removed by value)
			e.Raw = parityDate.ReplaceAllString(e.Raw, "\r\nDate: Wed, 01 Jan 2031 00:00:00 GMT\r\n")
			e.Raw = strings.ReplaceAll(e.Raw, "5f3c9a1e0002f1b37b2d4c6e00009e37", "0123456789abcdef")
			same.Events[i] = e
		}
		if e.Channel == trace.HTTPRequest {
			e.Raw = strings.ReplaceAll(e.Raw, "5f3c9a1e0002f1b37b2d4c6e00009e37", "0123456789abcdef")
			same.Events[i] = e
		}
	}
	same.Events = append(same.Events, trace.Event{Channel: trace.Stderr, Raw: logPrefix + "2031/01/01 serving\n"})
	if d := diffViews(base, viewOf(&same)); len(d) > 0 {
		t.Fatalf("normalised differences reported: %v", d)
	}
	broken := *tr
	broken.Events = append([]trace.Event(nil), tr.Events...)
	for i, e := range broken.Events {
		if strings.Contains(e.Raw, `"progress":2`) {
			e.Raw = strings.Replace(e.Raw, `"progress":2`, `"progress":3`, 1)
			broken.Events[i] = e
			break
		}
	}
	if d := diffViews(base, viewOf(&broken)); len(d) != 1 {
		t.Fatalf("a changed byte gave %d differences: %v", len(d), d)
	}

	// A header the engine writes itself is compared: a real server that
	// lost the engine's X-Content-Type-Options is caught, although the
	// dev server adds the same header to its own responses.
	rebound, err := scenario.Run(scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: scenario.FaultDNSRebinding})
	if err != nil {
		t.Fatal(err)
	}
	lost := *rebound
	lost.Events = append([]trace.Event(nil), rebound.Events...)
	removed := false
	for i, e := range lost.Events {
		if e.Channel == trace.HTTPResponse && strings.Contains(e.Raw, "\r\nX-Content-Type-Options: nosniff\r\n") {
			e.Raw = strings.Replace(e.Raw, "\r\nX-Content-Type-Options: nosniff\r\n", "\r\n", 1)
			lost.Events[i], removed = e, true
		}
	}
	if !removed {
		t.Fatal("the engine's 403 for a foreign Host carries no X-Content-Type-Options: the fixture needs another response")
	}
	if d := diffViews(viewOf(rebound), viewOf(&lost)); len(d) != 1 {
		t.Fatalf("the engine's own header missing gave %d differences: %v", len(d), d)
	}
	if d := diffViews(viewOf(rebound), viewOf(rebound)); len(d) != 0 {
		t.Fatalf("identical views differ: %v", d)
	}

	// What a server mints (task ids, task times, requestStates) is hidden;
	// a task status that changed is not, byte for byte or step by step.
	task, err := scenario.Run(scenario.Options{Scenario: "tasks", Version: "2026-07-28", Transport: "http"})
	if err != nil {
		t.Fatal(err)
	}
	edit := func(base *trace.Trace, from, to string) *trace.Trace {
		c := *base
		c.Events = append([]trace.Event(nil), base.Events...)
		for i, e := range c.Events {
			e.Raw = strings.ReplaceAll(e.Raw, from, to)
			msgs := make([]json.RawMessage, len(e.Messages))
			for k, m := range e.Messages {
				msgs[k] = json.RawMessage(strings.ReplaceAll(string(m), from, to))
			}
			e.Messages = msgs
			c.Events[i] = e
		}
		return &c
	}
	other := edit(task, "7a5k0000000000000000000000000001", "0123456789abcdef0123456789abcdef")
	other = edit(other, "2026-07-28T09:00:00.000Z", "2031-01-01T00:00:00.000Z")
	if d := diffViews(viewOf(task), viewOf(other)); len(d) != 0 {
		t.Fatalf("minted task ids and times reported: %v", d)
	}
	failed := edit(task, `"status":"completed"`, `"status":"failed"`)
	if d := diffViews(viewOf(task), viewOf(failed)); len(d) == 0 {
		t.Fatal("a task that failed instead of completing was not reported")
	}
	if equal(stepsOf(task), stepsOf(failed)) {
		t.Fatalf("the steps view misses a changed task status: %q", stepsOf(task))
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}
