package scenario

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"mcpwirelab/sim/internal/specschema"

	"mcpwirelab/internal/golden"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
)

// The changelog coverage table: every protocol item of the 2026-07-28
// changelog (its Major changes, Minor changes, Deprecated and Other schema
// changes) and the step of a scenario that shows it, opened in the compare
// view beside the same run under 2025-11-25. The README's table is
// generated from changelogCoverage and the transcripts (the step numbers
// come from the runs, never by hand): TestChangelogCoverage fails when a
// row's step no longer shows its item, when an item has no row, and when
// the README's table differs from the generated one (rewrite it with
// go test ./sim/scenario -run TestChangelogCoverage -update).

// coverRow is one item (or one part of an item) and the step showing it.
type coverRow struct {
	Item string // "major 5", "minor 10", "deprecated 1", "schema 1"
	What string // what changed, for the README
	// The run and its step: the first event whose note key is Note.
	Scenario, Version, Transport, Fault, Note string

	Has, Lacks []string // in / not in the step's bytes (or the Host's text)
	Says       []string // in the step's English annotation
	// OtherHas and OtherLacks are checked on the run the compare view
	// pairs with it: the same run under 2025-11-25 (dual-era, which runs
	// under 2026-07-28 only: its run without a fault).
	OtherHas, OtherLacks []string
}

// coverOutside is an item the course does not show, and why; the reason
// is checked (outsideReasons).
type coverOutside struct{ Item, What, Why string }

const (
	v25 = protocol.V20251125
	v26 = protocol.V20260728
)

var changelogCoverage = []coverRow{
	{Item: "major 1", What: "no sessions, no `Mcp-Session-Id`: any replica answers any request",
		Scenario: "load-balancer", Version: v26, Transport: "http", Fault: FaultNone, Note: "tools-list.request",
		Has: []string{"tools/list"}, Lacks: []string{"Mcp-Session-Id"}, OtherHas: []string{"Mcp-Session-Id", "404 Not Found"}},
	{Item: "major 2", What: "no `initialize` handshake: version, capabilities and client info in every request's `_meta`",
		Scenario: "tool-call", Version: v26, Transport: "stdio", Fault: FaultNone, Note: "tools-list.request",
		Has:      []string{`"io.modelcontextprotocol/protocolVersion":"2026-07-28"`, "io.modelcontextprotocol/clientCapabilities", "io.modelcontextprotocol/clientInfo"},
		OtherHas: []string{`"method":"initialize"`, "notifications/initialized"}},
	{Item: "major 2", What: "servers identify themselves in each result's `_meta` (`serverInfo`)",
		Scenario: "tool-call", Version: v26, Transport: "stdio", Fault: FaultNone, Note: "tools-call.result",
		Has: []string{"io.modelcontextprotocol/serverInfo"}},
	{Item: "major 2", What: "a version mismatch is `UnsupportedProtocolVersionError`",
		Scenario: "tool-call", Version: v26, Transport: "http", Fault: FaultUnsupportedVersion, Note: "discover.error.32022.http-400",
		Has: []string{"-32022", `"supported":["2026-07-28","2025-11-25"]`}},
	{Item: "major 3", What: "`server/discover`: supported versions, capabilities, identity",
		Scenario: "tool-call", Version: v26, Transport: "http", Fault: FaultNone, Note: "discover.result",
		Has: []string{"supportedVersions", "serverInfo"}, OtherHas: []string{`"method":"initialize"`}},
	{Item: "major 3", What: "`server/discover` as the backward-compatibility probe on stdio",
		Scenario: "dual-era", Version: v26, Transport: "stdio", Fault: FaultLegacyServer, Note: "probe.request",
		Has: []string{"server/discover"}},
	{Item: "major 4", What: "`subscriptions/listen` replaces the GET stream and `resources/subscribe`",
		Scenario: "resources", Version: v26, Transport: "http", Fault: FaultNone, Note: "watch.request",
		Has: []string{"subscriptions/listen", "resourceSubscriptions"}, OtherHas: []string{"resources/subscribe", "GET /mcp"}},
	{Item: "major 5", What: "`ping` removed",
		Scenario: "tool-call", Version: v26, Transport: "stdio", Fault: FaultPing, Note: "ping.error.32601",
		Has: []string{"-32601"}, OtherHas: []string{`"method":"ping"`, `"result":{}`}},
	{Item: "major 5", What: "`logging/setLevel` removed",
		Scenario: "logging", Version: v26, Transport: "http", Fault: FaultSetLevel, Note: "set-level.error.32601.http-404",
		Has: []string{"-32601", "404 Not Found"}},
	{Item: "major 5", What: "the log level per request (`_meta` `io.modelcontextprotocol/logLevel`); no `notifications/message` without it",
		Scenario: "logging", Version: v26, Transport: "http", Fault: FaultNone, Note: "export-call.request",
		Has: []string{"io.modelcontextprotocol/logLevel"}, OtherHas: []string{"logging/setLevel"}},
	{Item: "major 5", What: "`notifications/roots/list_changed` removed",
		Scenario: "roots", Version: v26, Transport: "http", Fault: FaultRootsChanged, Note: "roots.switch",
		Says: []string{"removed notifications/roots/list_changed"}, OtherHas: []string{"notifications/roots/list_changed"}},
	{Item: "major 6", What: "tasks as the `io.modelcontextprotocol/tasks` extension; a task handle without per-request opt-in",
		Scenario: "tasks", Version: v26, Transport: "http", Fault: FaultNone, Note: "task.request",
		Has: []string{`"extensions":{"io.modelcontextprotocol/tasks"`}, Lacks: []string{`"task":`}, OtherHas: []string{`"task":{"ttl"`}},
	{Item: "major 6", What: "polling with `tasks/get` replaces the blocking `tasks/result`",
		Scenario: "tasks", Version: v26, Transport: "http", Fault: FaultNone, Note: "task-get.completed",
		Has: []string{`"status":"completed"`, `"result":{`}, OtherHas: []string{"tasks/result"}},
	{Item: "major 6", What: "`tasks/update` carries the client's input",
		Scenario: "tasks", Version: v26, Transport: "http", Fault: FaultTaskInput, Note: "task-update.request",
		Has: []string{"tasks/update", "inputResponses"}, OtherHas: []string{"io.modelcontextprotocol/related-task"}},
	{Item: "major 6", What: "`tasks/list` removed",
		Scenario: "tasks", Version: v26, Transport: "http", Fault: FaultListTasks, Note: "task-list.error.32601.http-404",
		Has: []string{"-32601"}, OtherHas: []string{`"tasks":[`}},
	{Item: "major 7", What: "Multi Round-Trip Requests: `InputRequiredResult` with `inputRequests`",
		Scenario: "elicitation", Version: v26, Transport: "http", Fault: FaultNone, Note: "elicit.input-required",
		Has: []string{`"resultType":"input_required"`, "inputRequests", "requestState"}, OtherHas: []string{`"method":"elicitation/create"`}},
	{Item: "major 7", What: "the retry with `inputResponses`",
		Scenario: "elicitation", Version: v26, Transport: "http", Fault: FaultNone, Note: "elicit.retry.request",
		Has: []string{"inputResponses", "requestState"}},
	{Item: "major 8", What: "every result carries `resultType`",
		Scenario: "tool-call", Version: v26, Transport: "stdio", Fault: FaultNone, Note: "tools-list.result",
		Has: []string{`"resultType":"complete"`}, OtherLacks: []string{"resultType"}},
	{Item: "major 8", What: "a result without `resultType` (an earlier-protocol server) is `complete`",
		Scenario: "dual-era", Version: v26, Transport: "http", Fault: FaultLegacyServer, Note: "era.legacy-result",
		Has: []string{"without resultType", "complete"}},
	{Item: "major 9", What: "no resumability: a broken stream's request is re-issued with a new id",
		Scenario: "progress", Version: v26, Transport: "http", Fault: FaultStreamDrop, Note: "stream-drop.reissue-plan",
		Has: []string{"new id"}, OtherHas: []string{"Last-Event-ID"}},
	{Item: "minor 1", What: "`extensions` in the client's capabilities, beyond tasks (MCP Apps)",
		Scenario: "capabilities", Version: v26, Transport: "http", Fault: FaultNone, Note: "capabilities.extensions",
		Has: []string{"io.modelcontextprotocol/ui"}},
	{Item: "minor 1", What: "`extensions` in the server's capabilities",
		Scenario: "tool-call", Version: v26, Transport: "http", Fault: FaultNone, Note: "discover.result",
		Has: []string{`"extensions":{"io.modelcontextprotocol/tasks"`}, OtherLacks: []string{`"extensions"`}},
	{Item: "minor 2", What: "OpenTelemetry trace context in `_meta` (`traceparent`, `tracestate`)",
		Scenario: "logging", Version: v26, Transport: "http", Fault: FaultTraceContext, Note: "export-traced.request",
		Has: []string{`"traceparent":"00-`, `"tracestate":`}},
	{Item: "minor 3", What: "`tools/list` in a deterministic order",
		Scenario: "list-changed", Version: v26, Transport: "stdio", Fault: FaultNone, Note: "relist.result",
		Says: []string{"(changelog, minor change 3)"}},
	{Item: "minor 4", What: "`Mcp-Method` and `Mcp-Name` headers on every POST",
		Scenario: "tool-call", Version: v26, Transport: "http", Fault: FaultNone, Note: "tools-call.request",
		Has: []string{"Mcp-Method: tools/call", "Mcp-Name: list_emails"}, OtherLacks: []string{"Mcp-Method:"}},
	{Item: "minor 4", What: "a custom header from a tool parameter (`x-mcp-header`)",
		Scenario: "prompts", Version: v26, Transport: "http", Fault: FaultNone, Note: "post-welcome.request",
		Has: []string{"Mcp-Param-Office:"}, OtherLacks: []string{"Mcp-Param-Office:"}},
	{Item: "minor 5", What: "`ttlMs` and `cacheScope` on list results",
		Scenario: "tool-call", Version: v26, Transport: "http", Fault: FaultNone, Note: "tools-list.result",
		Has: []string{`"ttlMs":`, `"cacheScope":`}, OtherLacks: []string{"ttlMs"}},
	{Item: "minor 6", What: "resource not found: `-32602` instead of `-32002`",
		Scenario: "resources", Version: v26, Transport: "http", Fault: FaultNotFound, Note: "read-roster.error.32602",
		Has: []string{"-32602", `"uri":"company://departments/Finances"`}, OtherHas: []string{"-32002"}},
	{Item: "minor 10", What: "any JSON Schema 2020-12 in tool schemas: `$defs` and `$ref`, resolved inside the schema only",
		Scenario: "tool-call", Version: v26, Transport: "stdio", Fault: FaultRefSchema, Note: "schema.ref",
		Has: []string{"$ref #/$defs/day", "inside the schema"}},
	{Item: "minor 10", What: "an `outputSchema` of any type, `structuredContent` any JSON value",
		Scenario: "tool-call", Version: v26, Transport: "stdio", Fault: FaultRefSchema, Note: "free-rooms.result",
		Has: []string{`"structuredContent":[`}, OtherHas: []string{`"structuredContent":{"result":[`}},
	{Item: "minor 11", What: "`elicitationId` and `notifications/elicitation/complete` removed (URL mode)",
		Scenario: "elicitation", Version: v26, Transport: "http", Fault: FaultURLMode, Note: "url-elicit.input-required",
		Has: []string{`"mode":"url"`}, Lacks: []string{"elicitationId"}, OtherHas: []string{"elicitationId", "notifications/elicitation/complete"}},
	{Item: "minor 12", What: "error codes renumbered: `HeaderMismatch` `-32020`",
		Scenario: "tool-call", Version: v26, Transport: "http", Fault: FaultHeaderMismatch, Note: "mismatched.error.32020.http-400",
		Has: []string{"-32020"}, Says: []string{"(changelog, minor change 12)"}},
	{Item: "minor 12", What: "`MissingRequiredClientCapability` `-32021`",
		Scenario: "elicitation", Version: v26, Transport: "http", Fault: FaultUndeclared, Note: "unasked.error.32021.http-400",
		Has: []string{"-32021"}, Says: []string{"(changelog, minor change 12)"}},
	{Item: "minor 12", What: "`UnsupportedProtocolVersion` `-32022`",
		Scenario: "tool-call", Version: v26, Transport: "http", Fault: FaultUnsupportedVersion, Note: "discover.error.32022.http-400",
		Has: []string{"-32022"}, Says: []string{"(changelog, minor change 12)"}},
	{Item: "deprecated 1", What: "Roots deprecated",
		Scenario: "roots", Version: v26, Transport: "http", Fault: FaultNone, Note: "roots.input-required",
		Has: []string{"roots/list"}, Says: []string{"deprecated"}},
	{Item: "deprecated 1", What: "Sampling deprecated",
		Scenario: "sampling", Version: v26, Transport: "http", Fault: FaultNone, Note: "sample.input-required",
		Has: []string{"sampling/createMessage"}, Says: []string{"deprecated"}},
	{Item: "deprecated 1", What: "Logging deprecated: OpenTelemetry instead",
		Scenario: "logging", Version: v26, Transport: "http", Fault: FaultTraceContext, Note: "tracing.plan",
		Says: []string{"deprecated"}},
	{Item: "deprecated 2", What: "the HTTP+SSE transport deprecated",
		Scenario: "tool-call", Version: v26, Transport: "http", Fault: FaultNone, Note: "launch.http",
		Says: []string{"HTTP+SSE"}},
	{Item: "deprecated 3", What: "`includeContext` `thisServer` and `allServers` deprecated",
		Scenario: "sampling", Version: v26, Transport: "http", Fault: FaultNone, Note: "sample.input-required",
		Lacks: []string{"includeContext"}, Says: []string{"includeContext", "thisServer and allServers are deprecated"}},
}

var changelogOutside = []coverOutside{
	{Item: "minor 7", What: "the `iss` parameter in authorization responses", Why: "authorization: the course server has none"},
	{Item: "minor 8", What: "`application_type` in Dynamic Client Registration", Why: "authorization: the course server has none"},
	{Item: "minor 9", What: "client credentials bound to their authorization server", Why: "authorization: the course server has none"},
	{Item: "deprecated 4", What: "Dynamic Client Registration deprecated", Why: "authorization: the course server has none"},
	{Item: "schema 1", What: "`minimum`/`maximum`/`default` typed `number`", Why: "no wire difference: both versions' schema.json already type them as number"},
}

// outsideReasons checks an outside item's reason against the changelog
// and the schemas: authorization items name it, and the number-bounds fix
// holds in both schema.json files.
func outsideReason(o coverOutside, item string, numberBounds func(version string) bool) error {
	switch {
	case strings.HasPrefix(o.Why, "authorization:"):
		if !regexp.MustCompile(`(?i)authoriz|client\s+registration|credentials`).MatchString(item) {
			return fmt.Errorf("%s is not about authorization: %q", o.Item, item)
		}
	case strings.HasPrefix(o.Why, "no wire difference:"):
		if !numberBounds(v25) || !numberBounds(v26) {
			return fmt.Errorf("%s: the schemas differ after all", o.Item)
		}
	default:
		return fmt.Errorf("%s: unchecked reason %q", o.Item, o.Why)
	}
	return nil
}

// changelogProtocolItems reads the numbered items of the 2026-07-28
// changelog's protocol sections: "major 1" → text.
func changelogProtocolItems(page string) map[string]string {
	out := map[string]string{}
	for sec, title := range map[string]string{"major": "Major changes", "minor": "Minor changes", "deprecated": "Deprecated", "schema": "Other schema changes"} {
		start := strings.Index(page, "## "+title+"\n")
		if start < 0 {
			continue
		}
		body := page[start+3:]
		if end := strings.Index(body, "\n## "); end >= 0 {
			body = body[:end]
		}
		locs := changelogItemRE.FindAllStringSubmatchIndex(body, -1)
		for i, l := range locs {
			end := len(body)
			if i+1 < len(locs) {
				end = locs[i+1][0]
			}
			out[sec+" "+body[l[2]:l[3]]] = body[l[1]:end]
		}
	}
	return out
}

// coverStep is a row's step in its run: its number, or why it does not
// show the item.
func coverStep(row coverRow, runs map[string]*trace.Trace) (int, error) {
	key := func(scenario, version, transport, fault string) string {
		return scenario + "/" + version + "/" + transport + "/" + fault
	}
	tr := runs[key(row.Scenario, row.Version, row.Transport, row.Fault)]
	if tr == nil {
		return 0, fmt.Errorf("no run %s %s %s %s", row.Scenario, row.Version, row.Transport, row.Fault)
	}
	var ev *trace.Event
	for i := range tr.Events {
		if tr.Events[i].Note == row.Note {
			ev = &tr.Events[i]
			break
		}
	}
	if ev == nil {
		return 0, fmt.Errorf("the run has no step %s", row.Note)
	}
	for _, s := range row.Has {
		if !strings.Contains(ev.Raw, s) {
			return 0, fmt.Errorf("step %d (%s) does not carry %q", ev.Seq, row.Note, s)
		}
	}
	for _, s := range row.Lacks {
		if strings.Contains(ev.Raw, s) {
			return 0, fmt.Errorf("step %d (%s) carries %q", ev.Seq, row.Note, s)
		}
	}
	n, written := noteIndex()[resolvedKey(ev.Note, tr.EventVersion(*ev))]
	for _, s := range row.Says {
		if !written || !strings.Contains(n.Text.En, s) {
			return 0, fmt.Errorf("the note of step %d (%s) does not say %q", ev.Seq, row.Note, s)
		}
	}
	if len(row.OtherHas)+len(row.OtherLacks) > 0 {
		ov, of := v25, row.Fault
		if row.Scenario == "dual-era" {
			ov, of = row.Version, FaultNone
		}
		other := runs[key(row.Scenario, ov, row.Transport, of)]
		if other == nil {
			return 0, fmt.Errorf("no paired run under %s", ov)
		}
		var all strings.Builder
		for _, e := range other.Events {
			all.WriteString(e.Raw)
		}
		for _, s := range row.OtherHas {
			if !strings.Contains(all.String(), s) {
				return 0, fmt.Errorf("the paired %s run never carries %q", ov, s)
			}
		}
		for _, s := range row.OtherLacks {
			if strings.Contains(all.String(), s) {
				return 0, fmt.Errorf("the paired %s run carries %q", ov, s)
			}
		}
	}
	return ev.Seq, nil
}

// coverLink is the compare view of a row's run at its step.
func coverLink(row coverRow, step int) string {
	return "/?scenario=" + row.Scenario + "&version=" + row.Version + "&transport=" + row.Transport +
		"&fault=" + row.Fault + "&step=" + strconv.Itoa(step) + "&view=compare"
}

const (
	coverBegin = "<!-- changelog-coverage: generated by TestChangelogCoverage (-update); do not edit -->"
	coverEnd   = "<!-- /changelog-coverage -->"
)

// coverTable renders the README's table.
func coverTable(rows []coverRow, steps []int) string {
	var b strings.Builder
	b.WriteString(coverBegin + "\n\n")
	b.WriteString("| changelog item | change | the step that shows it (compare view) |\n| --- | --- | --- |\n")
	for i, r := range rows {
		fmt.Fprintf(&b, "| %s | %s | `%s` (%s) |\n", r.Item, r.What, coverLink(r, steps[i]), r.Note)
	}
	b.WriteString("\nNot shown:\n\n| changelog item | change | why |\n| --- | --- | --- |\n")
	for _, o := range changelogOutside {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", o.Item, o.What, o.Why)
	}
	b.WriteString("\n" + coverEnd)
	return b.String()
}

// numberBoundsTyped: a version's NumberSchema types minimum, maximum and
// default as number (the "Other schema changes" fix).
func numberBoundsTyped(t *testing.T, version string) bool {
	b, err := os.ReadFile(filepath.Join(specschema.Dir(t), version, "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs map[string]struct {
			Properties map[string]struct {
				Type json.RawMessage `json:"type"`
			} `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	p := s.Defs["NumberSchema"].Properties
	for _, k := range []string{"minimum", "maximum", "default"} {
		if string(p[k].Type) != `"number"` {
			return false
		}
	}
	return true
}

func TestChangelogCoverage(t *testing.T) {
	dir := specschema.Dir(t)
	page, err := os.ReadFile(filepath.Join(dir, "2026-07-28", "changelog.md"))
	if err != nil {
		t.Fatal(err)
	}
	items := changelogProtocolItems(string(page))
	if len(items) != 26 {
		t.Fatalf("read %d protocol items of the changelog, want 26", len(items))
	}
	covered := map[string]bool{}
	for _, r := range changelogCoverage {
		if items[r.Item] == "" {
			t.Errorf("row %q: the changelog has no item %s", r.What, r.Item)
		}
		covered[r.Item] = true
	}
	for _, o := range changelogOutside {
		if err := outsideReason(o, items[o.Item], func(v string) bool { return numberBoundsTyped(t, v) }); err != nil {
			t.Error(err)
		}
		if covered[o.Item] {
			t.Errorf("%s is both shown and not shown", o.Item)
		}
		covered[o.Item] = true
	}
	var missing []string
	for k := range items {
		if !covered[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("changelog items with no row: %s", strings.Join(missing, ", "))
	}

	runs := map[string]*trace.Trace{}
	for _, m := range matrixTraces(t) {
		runs[m.o.Scenario+"/"+m.o.Version+"/"+m.o.Transport+"/"+m.o.Fault] = m.tr
	}
	steps := make([]int, len(changelogCoverage))
	for i, r := range changelogCoverage {
		n, err := coverStep(r, runs)
		if err != nil {
			t.Errorf("%s (%s): %v", r.Item, r.What, err)
		}
		steps[i] = n
	}
	// The broken twins: a link to the 2025-11-25 ping, which answers it,
	// and a step that no longer carries what the row says.
	for _, broken := range []coverRow{
		{Item: "major 5", Scenario: "tool-call", Version: v25, Transport: "stdio", Fault: FaultPing, Note: "ping.result", Has: []string{"-32601"}},
		{Item: "minor 11", Scenario: "elicitation", Version: v26, Transport: "http", Fault: FaultURLMode, Note: "url-elicit.input-required", Lacks: []string{`"mode":"url"`}},
		{Item: "major 1", Scenario: "load-balancer", Version: v26, Transport: "http", Fault: FaultNone, Note: "tools-list.request", OtherLacks: []string{"Mcp-Session-Id"}},
	} {
		if _, err := coverStep(broken, runs); err == nil {
			t.Errorf("the checker passes a row that does not show its item: %+v", broken)
		}
	}
	if t.Failed() {
		return
	}

	path := filepath.Join("..", "..", "README.md")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	i, j := strings.Index(readme, coverBegin), strings.Index(readme, coverEnd)
	if i < 0 || j < i {
		t.Fatalf("README.md has no changelog coverage table (%q … %q)", coverBegin, coverEnd)
	}
	want := coverTable(changelogCoverage, steps)
	if got := readme[i : j+len(coverEnd)]; got != want {
		if golden.Updating() {
			if err := os.WriteFile(path, []byte(readme[:i]+want+readme[j+len(coverEnd):]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("README.md's changelog coverage table is not the generated one (run with -update):\n%s", want)
	}
}
