//go:build !(js && wasm)

package check

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"mcpwirelab/internal/testenv"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/realwire"
	"mcpwirelab/sim/transport/streamhttp"
	"mcpwirelab/sim/wire"
)

func TestMain(m *testing.M) {
	if name := os.Getenv(fixtureEnv); name != "" {
		os.Exit(serveFixture(name))
	}
	os.Exit(m.Run())
}

// stdioTarget is this test binary run as the fixture's stdio server.
func stdioTarget(name string) Target {
	return Target{Name: "fixture " + name, Transport: "stdio", NewPipe: func() wire.Pipe {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), fixtureEnv+"="+name)
		return realwire.FromCmd(cmd)
	}}
}

// httpTarget serves the engine behind the fixture on a real listener.
func httpTarget(t *testing.T, name string) Target {
	srv := labserver.NewServer(mcp.Config{})
	h := httpFixtures[name](streamhttp.New(streamhttp.Options{Server: srv}))
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	w := realwire.NewHTTP()
	t.Cleanup(w.CloseIdleConnections)
	return Target{Name: ts.URL + "/mcp", Transport: "http", HTTP: w, Endpoint: ts.URL + "/mcp"}
}

// The course tools the correct runs name.
var (
	courseCalls = []Call{
		{Name: "list_emails", Args: json.RawMessage(`{"limit":2}`)},
		{Name: "post_announcement", Args: json.RawMessage(`{"office":"Lisbon","text":"Lunch at noon."}`)},
	}
	courseSlow = &Call{Name: "export_timesheets", Args: json.RawMessage(`{"department":"Sales","steps":1}`)}
)

func capture(t *testing.T, tg Target, o Options) []Run {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if o.Timeout == 0 {
		o.Timeout = 3 * time.Second
	}
	var mu sync.Mutex
	var log []string
	o.Progress = func(format string, args ...any) {
		mu.Lock()
		log = append(log, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	runs := Capture(ctx, tg, o)
	// Every verdict these runs get, in both languages (TestMessagesBilingual).
	checkGraded(t, runs)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("progress:\n%s", strings.Join(log, "\n"))
		}
	})
	return runs
}

func verdicts(rs []Result) map[string]Result {
	out := map[string]Result{}
	for _, r := range rs {
		out[r.ID] = r
	}
	return out
}

// TestCorrectServer: the course engine passes every check that applies,
// both versions, both transports, and each skip is a check that does not
// apply there.
func TestCorrectServer(t *testing.T) {
	testenv.SkipShort(t, "the checked servers as real processes and sockets")
	for _, tr := range []string{"stdio", "http"} {
		t.Run(tr, func(t *testing.T) {
			t.Parallel()
			tg := stdioTarget("correct")
			if tr == "http" {
				tg = httpTarget(t, "correct")
			}
			runs := capture(t, tg, Options{Calls: courseCalls, Slow: courseSlow, Repeat: 2})
			rep := BuildReport(tg.Name, tr, runs, JudgeOptions{})
			if !slices.Equal(rep.Versions, protocol.Versions()) {
				t.Fatalf("versions %v", rep.Versions)
			}
			for _, r := range rep.Checks {
				d, _ := DefByID(r.ID)
				_, applies, _ := d.Cite(r.Version, tr)
				switch {
				case applies && r.Verdict != Pass:
					t.Errorf("%s %s: %s: %s", r.Version, r.ID, r.Verdict, r.Message)
				case !applies && r.Verdict != Skip:
					t.Errorf("%s %s does not apply over %s but is %s", r.Version, r.ID, tr, r.Verdict)
				case r.Verdict == Pass && r.Seq == 0:
					t.Errorf("%s %s passed about no event", r.Version, r.ID)
				}
			}
			if rep.Failed() {
				t.Error("the report says a MUST failed")
			}
			// The judge reads only the trace: a transcript written and
			// read back grades the same.
			for _, run := range runs {
				var b bytes.Buffer
				if err := run.Trace.WriteJSONL(&b); err != nil {
					t.Fatal(err)
				}
				back, err := ReadTranscript(&b)
				if err != nil {
					t.Fatal(err)
				}
				if back.Version != run.Version || back.Transport != tr {
					t.Fatalf("read back as %s/%s", back.Version, back.Transport)
				}
				a, b2 := Judge(run.Trace, JudgeOptions{}), Judge(back, JudgeOptions{})
				if !slices.Equal(a, b2) {
					t.Errorf("%s: the transcript file grades differently:\n%v\n%v", run.Version, a, b2)
				}
			}
		})
	}
}

// brokenCases: each fixture, the versions it is checked under, and the
// checks that must fail on it (and only those: a check failing on a fixture
// made for another is a check that fails for the wrong reason).
var brokenCases = []struct {
	fixture   string
	transport string
	versions  []string
	fail      []string
	warn      []string
	pass      []string // checks that pass in every version judged (a twin)
	slow      bool
	slowCall  *Call             // the slow call, if not courseSlow
	says      map[string]string // check id → what its message must say
	saysNot   map[string]string // check id → what its message must not say
}{
	{fixture: "stdout-pollution", transport: "stdio", fail: []string{IDStdout}},
	{fixture: "notification-reply", transport: "stdio", fail: []string{IDNotification}},
	{fixture: "notification-reply", transport: "http", fail: []string{IDNotification}},
	{fixture: "ids-as-numbers", transport: "stdio", fail: []string{IDIDs}},
	// A deviation of the session: no order note.
	{fixture: "no-result-type", transport: "stdio", versions: []string{protocol.V20260728}, fail: []string{IDResultType},
		saysNot: map[string]string{IDResultType: "The order matters"}},
	// resultType missing only on a tool call that is the first request of
	// a connection: only the fresh connections show it, and the verdict
	// says so.
	{fixture: "result-type-first-missing", transport: "stdio", versions: []string{protocol.V20260728}, fail: []string{IDResultType},
		says: map[string]string{IDResultType: "on a fresh connection, one of the first requests after server/discover there"}},
	{fixture: "meta-optional", transport: "stdio", versions: []string{protocol.V20260728}, fail: []string{IDMeta}},
	// Order-dependent: only the probe sent first on a fresh connection
	// exposes it, and the verdict says so.
	{fixture: "meta-first-only", transport: "stdio", versions: []string{protocol.V20260728}, fail: []string{IDMeta},
		says: map[string]string{IDMeta: "the first after server/discover on a fresh connection"}},
	{fixture: "args-first-unchecked", transport: "stdio", fail: []string{IDInvalidArgs},
		says: map[string]string{IDInvalidArgs: "on a fresh connection"}},
	// Unchecked only for the second tool named: each named tool's invalid
	// call is the first request of a fresh connection of its own.
	{fixture: "args-first-unchecked-last", transport: "stdio", fail: []string{IDInvalidArgs},
		says: map[string]string{IDInvalidArgs: "the deviation shows when this request is the first after"}},
	// structuredContent wrong only when the call is the first request of
	// a connection: both versions fail, saying the fresh connection showed
	// it; the twin, whose first answer differs but matches, passes.
	{fixture: "structured-first-wrong", transport: "stdio", fail: []string{IDStructured},
		says: map[string]string{IDStructured: "the deviation shows when this request is the first after"}},
	{fixture: "structured-first-differs", transport: "stdio", pass: []string{IDStructured}},
	{fixture: "any-version", transport: "stdio", fail: []string{IDUnsupported, IDVersion}},
	{fixture: "unknown-method-ok", transport: "stdio", fail: []string{IDUnknownMethod}},
	{fixture: "header-blind", transport: "http", versions: []string{protocol.V20260728}, fail: []string{IDHeaderMismatch}},
	{fixture: "origin-blind", transport: "http", fail: []string{IDOrigin}},
	// Refuses every server/discover after the session's: the fresh
	// connections cannot open, which version-negotiation names.
	{fixture: "discover-once", transport: "http", versions: []string{protocol.V20260728}, fail: []string{IDVersion},
		says: map[string]string{IDVersion: `server/discover opening a fresh connection (step`}},
	{fixture: "bad-schema", transport: "stdio", fail: []string{IDSchemas}},
	// Schemas valid in the first list, broken in a later one: named in the
	// session's later order too; the twin adds a valid tool (only
	// list-changed-honest fails, for the unannounced change).
	{fixture: "schema-breaks-later", transport: "stdio", fail: []string{IDSchemas, IDListChangedHonest},
		says: map[string]string{IDSchemas: "The order matters: the first tools/list of the session"}},
	{fixture: "tool-added-later", transport: "stdio", fail: []string{IDListChangedHonest}, pass: []string{IDSchemas}},
	{fixture: "output-mismatch", transport: "stdio", fail: []string{IDStructured}},
	{fixture: "no-description", transport: "stdio", warn: []string{IDDescriptions}},
	{fixture: "bad-tool-name", transport: "stdio", fail: []string{IDToolNames}},
	{fixture: "shuffled", transport: "stdio", fail: []string{IDOrder}, warn: []string{IDOrder}}, // 2025-11-25 only advises it
	{fixture: "unknown-tool-ok", transport: "stdio", warn: []string{IDUnknownTool}},
	{fixture: "no-validation", transport: "stdio", fail: []string{IDInvalidArgs}},
	{fixture: "blocking", transport: "stdio", fail: []string{IDCancellation, IDResponsive}, slow: true,
		saysNot: map[string]string{IDCancellation: "The order matters", IDResponsive: "The order matters"}},
	// The slow probe's fresh runs: a cancellation ignored, or a slow call
	// run inside the read loop, only when the call is the first request
	// of a connection (the verdict says the fresh order showed it), or
	// only when it is not (the session's order did); the twin answers its
	// first call at once (a warm cache) and passes.
	{fixture: "cancel-first-ignored", transport: "stdio", fail: []string{IDCancellation}, slow: true,
		says: map[string]string{IDCancellation: "the deviation shows when the cancelled call is the first request after"}},
	{fixture: "cancel-later-ignored", transport: "stdio", fail: []string{IDCancellation}, slow: true,
		says: map[string]string{IDCancellation: "the deviation shows later in the session; cancelled as the first request after"}},
	{fixture: "blocking-first", transport: "stdio", fail: []string{IDCancellation, IDResponsive}, slow: true,
		says: map[string]string{IDCancellation: "the deviation shows when the cancelled call is the first request after",
			IDResponsive: "the deviation shows when the slow call is the first request after"}},
	{fixture: "blocking-later", transport: "stdio", fail: []string{IDCancellation, IDResponsive}, slow: true,
		says: map[string]string{IDCancellation: "the deviation shows later in the session; cancelled as the first request after",
			IDResponsive: "the deviation shows later in the session; with the slow call as the first request after"}},
	{fixture: "quick-first", transport: "stdio", slow: true, pass: []string{IDCancellation, IDResponsive}},
	{fixture: "progress-after-barrier", transport: "stdio", fail: []string{IDCancellation}, slow: true},
	// The twin: progress written before the server read the cancellation
	// (a 3 s call cancelled at 1.5 s, read at 2.3 s: the progress of 2 s
	// arrives 500 ms after the cancellation) is no failure; with a fixed
	// grace of cancelGrace instead of the barrier it was.
	{fixture: "late-reader", transport: "stdio", slowCall: &Call{Name: "export_timesheets", Args: json.RawMessage(`{"department":"Sales","steps":3}`)}},
	// No false alarm: a correct server framed as Node frames (chunked,
	// the 202 of a notification with the empty body "0\r\n\r\n").
	{fixture: "node-chunked", transport: "http"},
	// Several defects in one server, each named by its own check in one
	// run (the client reads past the bad lines).
	{fixture: "null-reply", transport: "stdio", fail: []string{IDNotification}},
	// An error with id null answers the request it refused: no check fails.
	{fixture: "meta-null-id", transport: "stdio", versions: []string{protocol.V20260728}, says: map[string]string{IDMeta: "refused with -32602"}},
	{fixture: "several-stdio", transport: "stdio", fail: []string{IDNotification, IDStdout, IDIDs, IDUnknownMethod, IDSchemas}},
	{fixture: "several-modern", transport: "stdio", versions: []string{protocol.V20260728},
		fail: []string{IDResultType, IDMeta, IDStructured}, warn: []string{IDUnknownTool, IDPoisoning}},
	{fixture: "several-order", transport: "stdio", versions: []string{protocol.V20260728}, slow: true, fail: []string{IDMeta, IDCancellation, IDSchemas, IDUnknownMethod},
		says: map[string]string{IDMeta: "the first after server/discover on a fresh connection",
			IDCancellation: "the deviation shows when the cancelled call is the first request after"}},
	{fixture: "several-http", transport: "http", fail: []string{IDNotification, IDOrigin, IDHeaderMismatch}},
	{fixture: "poisoned", transport: "stdio", warn: []string{IDPoisoning}},
	{fixture: "rug-pull", transport: "stdio", fail: []string{IDListChangedHonest}},
}

// TestBrokenServers: every check fails on the fixture made for it, and
// nothing else fails there. Together with TestCorrectServer: each check
// fails on its fixture and passes on a correct server.
func TestBrokenServers(t *testing.T) {
	testenv.SkipShort(t, "the checked servers as real processes and sockets")
	covered := map[string]bool{}
	for _, c := range brokenCases {
		for _, id := range append(append([]string(nil), c.fail...), c.warn...) {
			covered[id] = true
		}
	}
	for _, d := range Defs() {
		if !covered[d.ID] {
			t.Errorf("no broken fixture fails %s", d.ID)
		}
	}
	for _, c := range brokenCases {
		t.Run(c.fixture+"/"+c.transport, func(t *testing.T) {
			t.Parallel()
			tg := stdioTarget(c.fixture)
			if c.transport == "http" {
				tg = httpTarget(t, c.fixture)
			}
			o := Options{Versions: c.versions, Calls: courseCalls}
			if c.slow {
				o.Slow = courseSlow
			}
			if c.slowCall != nil {
				o.Slow = c.slowCall
			}
			rep := BuildReport(tg.Name, c.transport, capture(t, tg, o), JudgeOptions{})
			var failed, warned []string
			for _, r := range rep.Checks {
				if r.Verdict == Fail {
					failed = append(failed, r.ID)
					if r.Seq == 0 {
						t.Errorf("%s %s fails about no event", r.Version, r.ID)
					}
					if r.Level == Advice {
						t.Errorf("%s %s fails on advice: %q", r.Version, r.ID, r.Quote)
					}
				}
				if r.Verdict == Warn {
					warned = append(warned, r.ID)
				}
			}
			if w, want := uniq(warned), uniq(append([]string(nil), c.warn...)); !slices.Equal(w, want) {
				for _, r := range rep.Checks {
					if r.Verdict == Warn {
						t.Logf("%s %s: %s", r.Version, r.ID, r.Message)
					}
				}
				t.Errorf("warned %v, want %v", w, want)
			}
			for _, r := range rep.Checks {
				if slices.Contains(c.pass, r.ID) && r.Verdict != Pass {
					t.Errorf("%s %s: %s, want pass: %s", r.Version, r.ID, r.Verdict, r.Message)
				}
				if want, ok := c.says[r.ID]; ok && !strings.Contains(r.Message, want) {
					t.Errorf("%s %s: %q does not say %q", r.Version, r.ID, r.Message, want)
				}
				if not, ok := c.saysNot[r.ID]; ok && strings.Contains(r.Message, not) {
					t.Errorf("%s %s: %q says %q", r.Version, r.ID, r.Message, not)
				}
			}
			failed = uniq(failed)
			want := uniq(append([]string(nil), c.fail...))
			if !slices.Equal(failed, want) {
				for _, r := range rep.Checks {
					if r.Verdict == Fail {
						t.Logf("%s %s: %s", r.Version, r.ID, r.Message)
					}
				}
				t.Fatalf("failed %v, want %v", failed, want)
			}
		})
	}
}

func uniq(s []string) []string {
	sort.Strings(s)
	return slices.Compact(s)
}

// TestLabAnswer: run against a capture of the lab's own engine, the lab's
// answer to each deterministic probe is the answer the capture holds (the
// same messages; on stdio the same bytes), and a step that is no request
// has none.
func TestLabAnswer(t *testing.T) {
	testenv.SkipShort(t, "the checked servers as real processes and sockets")
	for _, tr := range []string{"stdio", "http"} {
		tg := stdioTarget("correct")
		if tr == "http" {
			tg = httpTarget(t, "correct")
		}
		for _, run := range capture(t, tg, Options{Calls: courseCalls, Slow: courseSlow}) {
			x := newView(run.Trace)
			checked := 0
			for _, tag := range []string{tagList, tagIDs, tagUnknownMethod, tagNoMeta, tagBadVersion, tagHeaders, tagOrigin, tagUnknownTool, tagInvalidArgs, tagCall, tagNegotiate} {
				for _, i := range x.requests(tag) {
					k, m := x.answer(i)
					if m == nil {
						continue
					}
					got, err := LabAnswer(run.Trace, k) // from the answer's step, too
					if err != nil {
						t.Fatalf("%s/%s %s: %v", tr, run.Version, tag, err)
					}
					var same bool
					for _, lm := range got.Messages {
						same = same || string(lm.Encode()) == string(m.Encode())
					}
					if !same || got.Seq != x.seq(i) {
						t.Errorf("%s/%s %s (step %d): the lab answers %q, the capture holds %s", tr, run.Version, tag, x.seq(i), got.Raw, m.Encode())
					}
					if tr == "stdio" && got.Raw != x.ev(k).Raw {
						t.Errorf("%s/%s %s: bytes %q, capture %q", tr, run.Version, tag, got.Raw, x.ev(k).Raw)
					}
					checked++
				}
			}
			if checked < 8 {
				t.Errorf("%s/%s: only %d probes compared", tr, run.Version, checked)
			}
			for _, e := range run.Trace.Events {
				n := Note(e.Note, run.Version, tr)
				if n.Text.En == strings.ReplaceAll(e.Note, ".", " · ") || n.Text.Zh == "" {
					t.Errorf("%s/%s: step %d has no written note for %q", tr, run.Version, e.Seq, e.Note)
				}
			}
			if _, err := LabAnswer(run.Trace, 0); err != ErrNoRequest { // the launch
				t.Errorf("%s/%s: the launch step has a lab answer: %v", tr, run.Version, err)
			}
		}
	}
}

// TestCouldNotRun: a command that does not exist and a URL nothing listens
// on are "could not run" (no verdict, exit status 2), not a MUST failure
// of version-negotiation; the twin, a server that answers but speaks no
// version the lab knows, is judged and fails.
func TestCouldNotRun(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/mcp"
	ln.Close()
	speaksNothing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"jsonrpc":"2.0","id":1,"result":{}}`)
	}))
	defer speaksNothing.Close()
	// A server behind a token the user did not give answers 401 to
	// everything: no verdict about the protocol. Its twin answers one
	// version with 401 and the other with a result: it is judged.
	unauthorized := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="mcp"`)
		http.Error(w, "Unauthorized", http.StatusUnauthorized)
	}))
	defer unauthorized.Close()
	halfUnauthorized := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Mcp-Method") != "" {
			http.Error(w, "Unauthorized", http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"jsonrpc":"2.0","id":1,"result":{}}`)
	}))
	defer halfUnauthorized.Close()
	// A URL with the wrong path: a web server's plain 404 to everything,
	// no JSON-RPC anywhere. Its twin answers JSON-RPC to 2025-11-25 and
	// the plain 404 to 2026-07-28 only: it is judged.
	wrongPath := httptest.NewServer(http.NotFoundHandler())
	defer wrongPath.Close()
	halfWrongPath := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Mcp-Method") != "" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"jsonrpc":"2.0","id":1,"result":{}}`)
	}))
	defer halfWrongPath.Close()
	hw := realwire.NewHTTP()
	defer hw.CloseIdleConnections()
	for _, c := range []struct {
		name  string
		tg    Target
		could bool
	}{
		{"missing-command", Target{Name: "mcpwl-no-such-server", Transport: "stdio", NewPipe: func() wire.Pipe {
			return realwire.FromCmd(exec.Command(filepath.Join(t.TempDir(), "mcpwl-no-such-server")))
		}}, false},
		{"nothing-listens", Target{Name: closed, Transport: "http", HTTP: hw, Endpoint: closed}, false},
		{"exits-at-once", Target{Name: "sh", Transport: "stdio", NewPipe: func() wire.Pipe {
			return realwire.FromCmd(exec.Command("sh", "-c", "echo 'ModuleNotFoundError: No module named mcp' >&2; exit 3"))
		}}, false},
		{"speaks-nothing", Target{Name: speaksNothing.URL, Transport: "http", HTTP: hw, Endpoint: speaksNothing.URL}, true},
		{"unauthorized", Target{Name: unauthorized.URL, Transport: "http", HTTP: hw, Endpoint: unauthorized.URL}, false},
		{"half-unauthorized", Target{Name: halfUnauthorized.URL, Transport: "http", HTTP: hw, Endpoint: halfUnauthorized.URL}, true},
		{"wrong-path", Target{Name: wrongPath.URL, Transport: "http", HTTP: hw, Endpoint: wrongPath.URL}, false},
		{"half-wrong-path", Target{Name: halfWrongPath.URL, Transport: "http", HTTP: hw, Endpoint: halfWrongPath.URL}, true},
		{"silent", Target{Name: "sleep", Transport: "stdio", NewPipe: func() wire.Pipe {
			return realwire.FromCmd(exec.Command("sleep", "30"))
		}}, false},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		runs := Capture(ctx, c.tg, Options{Timeout: 2 * time.Second})
		cancel()
		rep := BuildReport(c.tg.Name, c.tg.Transport, runs, JudgeOptions{})
		var text bytes.Buffer
		_ = rep.WriteText(&text)
		if c.could {
			if rep.CouldNotRun != "" || !rep.Failed() {
				t.Errorf("%s: could not run %q, failed %v", c.name, rep.CouldNotRun, rep.Failed())
			}
			continue
		}
		if c.name == "wrong-path" && !strings.Contains(rep.CouldNotRun, "the server answered HTTP 404 with no JSON-RPC message in the body (404 page not found): is this the MCP endpoint?") {
			t.Errorf("%s: could not run %q, want the 404 and its body", c.name, rep.CouldNotRun)
		}
		if c.name == "silent" && !strings.Contains(rep.CouldNotRun, "the server wrote nothing on stdout, and the checker stopped it after waiting -timeout") {
			t.Errorf("%s: could not run %q, want that the checker stopped it", c.name, rep.CouldNotRun)
		}
		if c.name == "exits-at-once" && !strings.Contains(rep.CouldNotRun, "the server exited (exit status 3) before it wrote anything on stdout; its last line on stderr: ModuleNotFoundError: No module named mcp") {
			t.Errorf("%s: could not run %q, want the exit status and the stderr line", c.name, rep.CouldNotRun)
		}
		if c.name == "unauthorized" && !strings.Contains(rep.CouldNotRun, `401 Unauthorized: it asks for credentials (WWW-Authenticate: Bearer realm="mcp")`) {
			t.Errorf("%s: could not run %q, want it to name the 401 and WWW-Authenticate", c.name, rep.CouldNotRun)
		}
		if rep.CouldNotRun == "" || rep.Failed() || len(rep.Checks) != 0 || !strings.Contains(text.String(), "exit status 2") {
			t.Errorf("%s: could not run %q, failed %v, %d checks:\n%s", c.name, rep.CouldNotRun, rep.Failed(), len(rep.Checks), text.String())
		}
	}
}

// TestToolNamesQuoteTheirRule: each of tool-names' rules fails with the
// sentence of the spec that states it, not the length rule's for all three
// (a name with a space and "!", a name 130 characters long, a name listed
// twice).
func TestToolNamesQuoteTheirRule(t *testing.T) {
	testenv.SkipShort(t, "the checked servers as real processes")
	for fixture, want := range map[string]string{
		"bad-tool-name":  qToolNameChars, // its first problem: "list emails!"
		"long-tool-name": qToolNames,
		"dup-tool-name":  qToolNameUnique,
	} {
		t.Run(fixture, func(t *testing.T) {
			t.Parallel()
			runs := capture(t, stdioTarget(fixture), Options{Versions: []string{protocol.V20251125}, Calls: courseCalls})
			r := verdicts(BuildReport(fixture, "stdio", runs, JudgeOptions{}).Checks)[IDToolNames]
			if r.Verdict != Fail || r.Quote != want {
				t.Errorf("%s: %s quoting %q, want FAIL quoting %q (%s)", fixture, r.Verdict, r.Quote, want, r.Message)
			}
		})
	}
}
