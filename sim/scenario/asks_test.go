package scenario

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"mcpwirelab/sim/internal/specschema"
)

// TestTaskPollsShowProgress: the notes of a working task say its progress
// is the task's statusMessage; in every tasks transcript, of both
// versions, each working poll carries one, and lastUpdatedAt moves from
// poll to poll (2025-11-25 sent neither: its tool's progress went
// nowhere). A note that names statusMessage is checked against the bytes
// of every step it explains.
func TestTaskPollsShowProgress(t *testing.T) {
	for _, m := range matrixTraces(t) {
		if m.o.Scenario != "tasks" {
			continue
		}
		last := ""
		for _, e := range m.tr.Events {
			n := AnnotationFor(e.Note, m.tr.EventVersion(e))
			if !strings.Contains(n.Text.En, "statusMessage") || len(e.Messages) == 0 {
				continue
			}
			var msg struct {
				Result struct {
					Status        string `json:"status"`
					StatusMessage string `json:"statusMessage"`
					LastUpdatedAt string `json:"lastUpdatedAt"`
				} `json:"result"`
			}
			_ = json.Unmarshal(e.Messages[0], &msg)
			if msg.Result.StatusMessage == "" {
				t.Errorf("%+v event %d (%s): the note names statusMessage, the task has none: %s", m.o, e.Seq, e.Note, e.Messages[0])
			}
			if msg.Result.Status == "working" && msg.Result.LastUpdatedAt <= last {
				t.Errorf("%+v event %d (%s): lastUpdatedAt %q did not move from %q", m.o, e.Seq, e.Note, msg.Result.LastUpdatedAt, last)
			}
			last = msg.Result.LastUpdatedAt
		}
	}
}

// TestSelfCorrectionOnlyForBadInput: the note that says the model can
// correct itself (server/tools §Error Handling: tool execution errors go
// to the model "to enable self-correction") explains only steps whose
// error is the model's own input, an argument the schema refused. A tool
// that could not get what it needed from the client — a capability not
// declared, sampling refused, the client's answer invalid — failed for
// reasons no argument can change, and its step says so.
func TestSelfCorrectionOnlyForBadInput(t *testing.T) {
	seen := 0
	for _, m := range matrixTraces(t) {
		for _, e := range m.tr.Events {
			n := AnnotationFor(e.Note, m.tr.EventVersion(e))
			if !strings.Contains(n.Text.En, "the model can correct itself") {
				continue
			}
			seen++
			if !strings.HasPrefix(e.Raw, "Invalid arguments for ") {
				t.Errorf("%+v event %d (%s) says the model can correct itself, but the error is not its input: %q", m.o, e.Seq, e.Note, e.Raw)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no step says the model can correct itself: the bad-params runs lost their note")
	}
}

// TestTasksWithoutTaskIsNoCapability: in 2025-11-25 a task is allowed by
// the server's tasks.requests.tools.call and asked for per call with
// params.task; no client capability is involved. The no-client-capability
// run of tasks differs from the run with a task only in params.task: both
// initialize requests are the same bytes, and the note of the call says
// what the fault really changes.
func TestTasksWithoutTaskIsNoCapability(t *testing.T) {
	for _, tr := range []string{"stdio", "http"} {
		var inits []string
		for _, f := range []string{FaultNone, FaultUndeclared} {
			run, err := Run(Options{Scenario: "tasks", Version: "2025-11-25", Transport: tr, Fault: f})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range run.Events {
				if strings.HasPrefix(e.Note, "initialize.request") {
					inits = append(inits, string(e.Messages[0]))
				}
				if e.Note == "no-task.request" && strings.Contains(string(e.Messages[0]), `"task":`) {
					t.Errorf("%s: the call without a task carries params.task: %s", tr, e.Messages[0])
				}
			}
		}
		if len(inits) != 2 || inits[0] != inits[1] {
			t.Errorf("%s: the two runs open differently: %q", tr, inits)
		}
	}
	n := AnnotationFor("no-task.request", "2025-11-25")
	for _, w := range []string{"params.task", "tasks.requests.tools.call", "no client capability"} {
		if !strings.Contains(n.Text.En, w) {
			t.Errorf("no-task.request@2025-11-25 does not say %q: %s", w, n.Text.En)
		}
	}
	for _, w := range []string{"params.task", "tasks.requests.tools.call", "不由客户端能力决定"} {
		if !strings.Contains(n.Text.Zh, w) {
			t.Errorf("no-task.request@2025-11-25 (zh) does not say %q: %s", w, n.Text.Zh)
		}
	}
}

// deprecatedUse maps each feature of the 2026-07-28 deprecated features
// registry (deprecated.md) by the page its row links to: the bytes that
// show a transcript uses it, and the word its note must use. Rows outside
// the course (authorization) are left out by their page.
var deprecatedUse = map[string]struct{ uses, word string }{
	"2026-07-28/client/roots":                 {`"method":"roots/list"`, "deprecated"},
	"2026-07-28/client/sampling":              {`"method":"sampling/createMessage"`, "deprecated"},
	"2026-07-28/server/utilities/logging":     {`"io.modelcontextprotocol/logLevel"`, "deprecated"},
	"2026-07-28/client/sampling#capabilities": {`"method":"sampling/createMessage"`, "includeContext"},
	// The transport is chosen where the Host connects to /mcp.
	"2024-11-05/basic/transports#http-with-sse": {"/mcp\n", "HTTP+SSE"},
}

// deprecatedRowRE reads a row's first cell: the feature and the page it
// links to.
var deprecatedRowRE = regexp.MustCompile(`(?m)^\| [^|]*?\(/specification/([0-9-]+/[a-z/-]+(?:#[a-z-]+)?)\)[^|]*\|`)

// TestDeprecatedFeaturesSaySo: every 2026-07-28 run of a scenario (its
// fault-free run) that uses a feature the spec's deprecated features
// registry lists (roots, sampling, logging, includeContext; the HTTP+SSE
// transport, which Streamable HTTP is not) says so in the note of one of
// its steps, in both languages. Sampling's deprecation was never
// mentioned.
func TestDeprecatedFeaturesSaySo(t *testing.T) {
	dir := specschema.Dir(t)
	b, err := os.ReadFile(filepath.Join(dir, "2026-07-28", "deprecated.md"))
	if err != nil {
		t.Fatal(err)
	}
	table := string(b)
	table = table[strings.Index(table, "## Deprecated"):strings.Index(table, "## Removed")]
	var pages []string
	for _, m := range deprecatedRowRE.FindAllStringSubmatch(table, -1) {
		if strings.Contains(m[1], "/authorization/") {
			continue // outside the course (README)
		}
		if _, ok := deprecatedUse[m[1]]; !ok {
			t.Errorf("deprecated.md lists %s: say in deprecatedUse which bytes use it and what its note must say", m[1])
		}
		pages = append(pages, m[1])
	}
	if len(pages) < 5 {
		t.Fatalf("deprecated.md: %d rows read", len(pages))
	}
	for _, m := range matrixTraces(t) {
		if m.o.Version != "2026-07-28" || m.o.Fault != FaultNone {
			continue
		}
		for _, page := range pages {
			use := deprecatedUse[page]
			used, said, saidZh := false, false, false
			for _, e := range m.tr.Events {
				used = used || strings.Contains(e.Raw, use.uses)
				n := AnnotationFor(e.Note, m.tr.EventVersion(e))
				if strings.Contains(n.Text.En, use.word) && strings.Contains(strings.ToLower(n.Text.En), "deprecated") {
					said = true
				}
				if strings.Contains(n.Text.Zh, strings.TrimSuffix(use.word, "deprecated")) && strings.Contains(n.Text.Zh, "弃用") {
					saidZh = true
				}
			}
			if used && (!said || !saidZh) {
				t.Errorf("%+v uses %s but no note says it is deprecated (en %v, zh %v)", m.o, page, said, saidZh)
			}
		}
	}
}
