package toolbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/vclock"
)

// fakeEnv records progress and never really sleeps. cancelAt > 0 cancels the
// call during the Sleep of that step.
type fakeEnv struct {
	cancel   context.CancelFunc
	cancelAt int
	sleeps   int
	progress []string
}

func (f *fakeEnv) env() primitive.Env {
	return primitive.Env{
		Sleep: func(ctx context.Context, d time.Duration) error {
			f.sleeps++
			if d != time.Second {
				panic("unexpected sleep duration " + d.String())
			}
			if f.sleeps == f.cancelAt && f.cancel != nil {
				f.cancel()
			}
			return ctx.Err()
		},
		Progress: func(p, total float64, msg string) {
			f.progress = append(f.progress, strings.Join([]string{
				jsonNum(p), jsonNum(total), msg}, " "))
		},
	}
}

func jsonNum(f float64) string { b, _ := json.Marshal(f); return string(b) }

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal structured: %v", err)
	}
	return string(b)
}

func TestCallSuccess(t *testing.T) {
	tests := []struct {
		name, tool, args string
		text, structured string
		progress         []string
	}{
		{
			name: "all employees, nil args", tool: "list_employees", args: "",
			text: "8 employees:\n" +
				"e01 | Ana Souza | Engineering | ana.souza@acme.example | office: Mon, Wed, Thu\n" +
				"e02 | Ben Okafor | Sales | ben.okafor@acme.example | office: Tue, Thu\n" +
				"e03 | Wang Fang (王芳) | Engineering | wang.fang@acme.example | office: Mon, Tue\n" +
				"e04 | Chloé Martin | Support | chloe.martin@acme.example | office: Wed, Fri\n" +
				"e05 | David Kim | Finance | david.kim@acme.example | office: Mon, Thu\n" +
				"e06 | Elena Rossi | Sales | elena.rossi@acme.example | office: Mon, Wed\n" +
				"e07 | Li Wei (李伟) | Support | li.wei@acme.example | office: Tue, Fri\n" +
				"e08 | Farah Haddad | Finance | farah.haddad@acme.example | office: Wed, Thu",
		},
		{
			name: "employees by department", tool: "list_employees", args: `{"department":"Engineering"}`,
			text: "2 employees in Engineering:\n" +
				"e01 | Ana Souza | Engineering | ana.souza@acme.example | office: Mon, Wed, Thu\n" +
				"e03 | Wang Fang (王芳) | Engineering | wang.fang@acme.example | office: Mon, Tue",
			structured: `{"employees":[` +
				`{"id":"e01","name":"Ana Souza","department":"Engineering","email":"ana.souza@acme.example","office_days":["Mon","Wed","Thu"]},` +
				`{"id":"e03","name":"Wang Fang","name_zh":"王芳","department":"Engineering","email":"wang.fang@acme.example","office_days":["Mon","Tue"]}]}`,
		},
		{
			name: "emails default limit", tool: "list_emails", args: `{}`,
			text: "5 of 10 e-mails, newest first:\n" +
				"m10 2026-11-24 from HR Team: Holiday calendar 2027 - The 2027 holiday calendar is now on the intranet.\n" +
				"m09 2026-11-23 [URGENT] from Ana Souza: Production incident: login errors - Login fails for about 5% of users, investigating.\n" +
				"m08 2026-11-22 from Li Wei: On-call handover - Pager is yours from Monday 09:00, runbook updated.\n" +
				"m07 2026-11-21 from David Kim: Budget freeze for December - No new purchases above 500 EUR until January.\n" +
				"m06 2026-11-20 from Elena Rossi: Team lunch on Thursday? - Thinking of the noodle place, who is in?",
		},
		{
			name: "urgent emails, limit 2", tool: "list_emails", args: `{"urgent":true,"limit":2}`,
			text: "2 of 4 urgent e-mails, newest first:\n" +
				"m09 2026-11-23 [URGENT] from Ana Souza: Production incident: login errors - Login fails for about 5% of users, investigating.\n" +
				"m05 2026-11-19 [URGENT] from Chloé Martin: Customer escalation #4521 - Acme Retail reports failed exports since Tuesday.",
			structured: `{"emails":[` +
				`{"id":"m09","from":"Ana Souza","subject":"Production incident: login errors","urgent":true,"received":"2026-11-23","preview":"Login fails for about 5% of users, investigating."},` +
				`{"id":"m05","from":"Chloé Martin","subject":"Customer escalation #4521","urgent":true,"received":"2026-11-19","preview":"Acme Retail reports failed exports since Tuesday."}],"total":4}`,
		},
		{
			name: "non-urgent emails, limit 1.0 is an integer", tool: "list_emails", args: `{"urgent":false,"limit":1.0}`,
			text: "1 of 6 non-urgent e-mails, newest first:\n" +
				"m10 2026-11-24 from HR Team: Holiday calendar 2027 - The 2027 holiday calendar is now on the intranet.",
		},
		{
			name: "office days by Chinese name", tool: "office_days", args: `{"employee":"王芳","week":"2026-W48"}`,
			text:       "e03 Wang Fang (王芳) is in the office on Mon, Tue in week 2026-W48.",
			structured: `{"id":"e03","name":"Wang Fang","week":"2026-W48","office_days":["Mon","Tue"]}`,
		},
		{
			name: "office days by id", tool: "office_days", args: `{"employee":"e05"}`,
			text:       "e05 David Kim is in the office on Mon, Thu every week.",
			structured: `{"id":"e05","name":"David Kim","office_days":["Mon","Thu"]}`,
		},
		{
			name: "office days by latin name, any case", tool: "office_days", args: `{"employee":"ana souza"}`,
			text: "e01 Ana Souza is in the office on Mon, Wed, Thu every week.",
		},
		{
			name: "export default steps", tool: "export_timesheets", args: `{"department":"Sales"}`,
			text:       "Exported 5 weeks of timesheets for Sales (2 employees, 10 rows) to timesheets-sales.csv.",
			structured: `{"department":"Sales","weeks":5,"employees":2,"rows":10,"file":"timesheets-sales.csv"}`,
			progress: []string{"1 5 Exported week 1 of 5", "2 5 Exported week 2 of 5", "3 5 Exported week 3 of 5",
				"4 5 Exported week 4 of 5", "5 5 Exported week 5 of 5"},
		},
		{
			name: "export one step", tool: "export_timesheets", args: `{"department":"Finance","steps":1}`,
			text:     "Exported 1 week of timesheets for Finance (2 employees, 2 rows) to timesheets-finance.csv.",
			progress: []string{"1 1 Exported week 1 of 1"},
		},
	}
	r := Default()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fe := &fakeEnv{}
			res, err := r.Call(context.Background(), tt.tool, json.RawMessage(tt.args), fe.env())
			if err != nil {
				t.Fatalf("Call: %v", err)
			}
			if res.IsError {
				t.Fatalf("IsError result: %s", res.Text)
			}
			if res.Text != tt.text {
				t.Errorf("Text:\n got %q\nwant %q", res.Text, tt.text)
			}
			if res.Structured == nil {
				t.Errorf("Structured is nil")
			}
			if tt.structured != "" {
				if got := mustJSON(t, res.Structured); got != tt.structured {
					t.Errorf("Structured:\n got %s\nwant %s", got, tt.structured)
				}
			}
			if strings.Join(fe.progress, "|") != strings.Join(tt.progress, "|") {
				t.Errorf("progress: got %q, want %q", fe.progress, tt.progress)
			}
			// Deterministic: a second call gives the same bytes.
			res2, _ := r.Call(context.Background(), tt.tool, json.RawMessage(tt.args), (&fakeEnv{}).env())
			if res2.Text != res.Text || mustJSON(t, res2.Structured) != mustJSON(t, res.Structured) {
				t.Errorf("second call differs")
			}
		})
	}
}

func TestCallToolErrors(t *testing.T) {
	tests := []struct{ tool, args, want string }{
		{"list_emails", `{"limit":500}`,
			`Invalid arguments for list_emails: $.limit: must be <= 20, got 500.`},
		{"list_emails", `{"limit":1e400}`,
			`Invalid arguments for list_emails: $.limit: must be <= 20, got 1e400.`},
		{"list_emails", `{"limit":0}`,
			`Invalid arguments for list_emails: $.limit: must be >= 1, got 0.`},
		{"list_employees", `{"department":"Marketing"}`,
			`Invalid arguments for list_employees: $.department: must be one of "Engineering", "Finance", "Sales", "Support"; got "Marketing".`},
		{"export_timesheets", `{"department":"sales"}`,
			`Invalid arguments for export_timesheets: $.department: must be one of "Engineering", "Finance", "Sales", "Support"; got "sales".`},
		{"list_emails", `{"limit":"three"}`,
			`Invalid arguments for list_emails: $.limit: expected integer, got string "three".`},
		{"list_emails", `{"limit":2.5}`,
			`Invalid arguments for list_emails: $.limit: expected integer, got number 2.5.`},
		{"list_emails", `{"limit":null}`,
			`Invalid arguments for list_emails: $.limit: expected integer, got null.`},
		{"list_emails", `{"urgent":"yes"}`,
			`Invalid arguments for list_emails: $.urgent: expected boolean, got string "yes".`},
		{"office_days", `{}`,
			`Invalid arguments for office_days: $: missing required property "employee".`},
		{"office_days", ``,
			`Invalid arguments for office_days: $: missing required property "employee".`},
		{"export_timesheets", `{"steps":11}`,
			"Invalid arguments for export_timesheets: $.steps: must be <= 10, got 11.\n" +
				`Invalid arguments for export_timesheets: $: missing required property "department".`},
		{"office_days", `{"employee":"e03","week":"48"}`,
			`Invalid arguments for office_days: $.week: must match pattern ^\d{4}-W\d{2}$, got "48".`},
		{"list_emails", `{"urgnt":true}`,
			`Invalid arguments for list_emails: $: unknown property "urgnt" (allowed: "limit", "urgent").`},
		{"list_emails", `{"limit":0,"urgent":"yes","y":2,"x":1}`,
			"Invalid arguments for list_emails: $.limit: must be >= 1, got 0.\n" +
				"Invalid arguments for list_emails: $.urgent: expected boolean, got string \"yes\".\n" +
				"Invalid arguments for list_emails: $: unknown property \"x\" (allowed: \"limit\", \"urgent\").\n" +
				"Invalid arguments for list_emails: $: unknown property \"y\" (allowed: \"limit\", \"urgent\")."},
		{"list_emails", `[]`,
			`Invalid arguments for list_emails: arguments must be a JSON object, got array.`},
		{"list_emails", `"x"`,
			`Invalid arguments for list_emails: arguments must be a JSON object, got string.`},
		{"list_emails", `42`,
			`Invalid arguments for list_emails: arguments must be a JSON object, got number.`},
		{"list_emails", `{"limit":`,
			`Invalid arguments for list_emails: arguments must be a JSON object, got invalid JSON (unexpected EOF).`},
		{"list_emails", `{} {}`,
			`Invalid arguments for list_emails: arguments must be a JSON object, got invalid JSON (invalid character after top-level value).`},
		{"office_days", `{"employee":"Bob"}`,
			`Unknown employee "Bob": valid ids are e01, e02, e03, e04, e05, e06, e07, e08 (or use an exact name).`},
		{"office_days", `{"employee":""}`,
			`Unknown employee "": valid ids are e01, e02, e03, e04, e05, e06, e07, e08 (or use an exact name).`},
	}
	r := Default()
	for _, tt := range tests {
		t.Run(tt.tool+" "+tt.args, func(t *testing.T) {
			res, err := r.Call(context.Background(), tt.tool, json.RawMessage(tt.args), (&fakeEnv{}).env())
			if err != nil {
				t.Fatalf("Call returned error %v; want an isError result", err)
			}
			if !res.IsError {
				t.Fatalf("IsError = false, Text %q", res.Text)
			}
			if res.Text != tt.want {
				t.Errorf("Text:\n got %q\nwant %q", res.Text, tt.want)
			}
			if res.Structured != nil {
				t.Errorf("Structured = %v, want nil", res.Structured)
			}
		})
	}
}

func TestUnknownTool(t *testing.T) {
	_, err := Default().Call(context.Background(), "delete_everything", nil, primitive.Env{})
	var ute *primitive.UnknownToolError
	if !errors.As(err, &ute) || ute.Name != "delete_everything" {
		t.Fatalf("err = %#v, want *UnknownToolError", err)
	}
	if got := err.Error(); got != "Unknown tool: delete_everything" {
		t.Errorf("Error() = %q", got)
	}
	if _, ok := Default().Lookup("delete_everything"); ok {
		t.Errorf("Lookup found an unknown tool")
	}
}

func TestExportCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	fe := &fakeEnv{cancel: cancel, cancelAt: 3}
	res, err := Default().Call(ctx, "export_timesheets", json.RawMessage(`{"department":"Support","steps":5}`), fe.env())
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if res.Text != "" || res.IsError || res.Structured != nil {
		t.Errorf("result = %+v, want zero", res)
	}
	want := []string{"1 5 Exported week 1 of 5", "2 5 Exported week 2 of 5"}
	if strings.Join(fe.progress, "|") != strings.Join(want, "|") {
		t.Errorf("progress = %q, want %q", fe.progress, want)
	}
	if fe.sleeps != 3 {
		t.Errorf("sleeps = %d, want 3", fe.sleeps)
	}
}

func TestCallAlreadyCancelled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	_, err := Default().Call(ctx, "list_emails", nil, primitive.Env{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want context.DeadlineExceeded", err)
	}
}

func TestNilProgressAndRealSleep(t *testing.T) {
	// No Progress: fine. No Sleep: the real, ctx-aware sleep is used; cancel
	// it at once so the test stays fast.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	fe := &fakeEnv{}
	env := fe.env()
	env.Progress = nil
	res, err := Default().Call(context.Background(), "export_timesheets", json.RawMessage(`{"department":"Engineering","steps":2}`), env)
	if err != nil || res.IsError {
		t.Fatalf("Call = %+v, %v", res, err)
	}
	if err := vclock.RealSleep(ctx, time.Hour); !errors.Is(err, context.Canceled) {
		t.Errorf("realSleep on cancelled ctx = %v", err)
	}
	if err := vclock.RealSleep(context.Background(), time.Millisecond); err != nil {
		t.Errorf("realSleep = %v", err)
	}
}

func TestToolsDeterministic(t *testing.T) {
	r := Default()
	a, b := r.Tools(), Default().Tools()
	wantNames := []string{"list_employees", "list_emails", "office_days", "export_timesheets", "post_announcement"}
	if len(a) != len(wantNames) {
		t.Fatalf("got %d tools, want %d", len(a), len(wantNames))
	}
	for i, tl := range a {
		if tl.Name != wantNames[i] {
			t.Errorf("tool %d = %s, want %s", i, tl.Name, wantNames[i])
		}
		if !bytes.Equal(tl.InputSchema, b[i].InputSchema) {
			t.Errorf("%s: schema differs between calls", tl.Name)
		}
		// Reading tools say so; post_announcement changes a notice board.
		readOnly := tl.Name != "post_announcement"
		if tl.Title == "" || tl.Description == "" || tl.ReadOnly != readOnly || tl.Idempotent != readOnly {
			t.Errorf("%s: missing title/description, or wrong annotations: %+v", tl.Name, tl)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, tl.InputSchema); err != nil || !bytes.Equal(compact.Bytes(), tl.InputSchema) {
			t.Errorf("%s: schema is not compact JSON (%v)", tl.Name, err)
		}
		lt, ok := r.Lookup(tl.Name)
		if !ok || !bytes.Equal(lt.InputSchema, tl.InputSchema) {
			t.Errorf("Lookup(%s) mismatch", tl.Name)
		}
	}
	// Callers cannot corrupt the registry.
	a[0].InputSchema[0] = 'X'
	if c := r.Tools(); c[0].InputSchema[0] != '{' {
		t.Errorf("Tools() shares InputSchema bytes with the registry")
	}
	want := `{"additionalProperties":false,"properties":{"limit":{"default":5,"description":"Maximum number of e-mails to return (1 to 20, default 5).","maximum":20,"minimum":1,"type":"integer"},"urgent":{"description":"true: only urgent e-mails; false: only non-urgent ones. Omit for all e-mails.","type":"boolean"}},"type":"object"}`
	if got := string(b[1].InputSchema); got != want {
		t.Errorf("list_emails schema:\n got %s\nwant %s", got, want)
	}
}

func TestSchemasCompileAndAreStrict(t *testing.T) {
	for _, tl := range Default().Tools() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(tl.InputSchema))
		if err != nil {
			t.Fatalf("%s: %v", tl.Name, err)
		}
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		if err := c.AddResource("t.json", doc); err != nil {
			t.Fatalf("%s: %v", tl.Name, err)
		}
		if _, err := c.Compile("t.json"); err != nil {
			t.Errorf("%s: schema does not compile: %v", tl.Name, err)
		}
		m := doc.(map[string]any)
		if m["type"] != "object" || m["additionalProperties"] != false {
			t.Errorf("%s: want type object and additionalProperties false", tl.Name)
		}
		props, _ := m["properties"].(map[string]any)
		if len(props) == 0 {
			t.Errorf("%s: no properties", tl.Name)
		}
		for name, p := range props {
			if d, _ := p.(map[string]any)["description"].(string); d == "" {
				t.Errorf("%s.%s: no description", tl.Name, name)
			}
		}
	}
}

func FuzzCall(f *testing.F) {
	seeds := []string{
		``, `{}`, `null`, `[]`, `"x"`, `{"limit":3}`, `{"limit":500}`, `{"limit":"three"}`,
		`{"urgent":true,"limit":20}`, `{"urgnt":1}`, `{"limit":1e400}`, `{"limit":-0.0}`,
		`{"limit":{"a":[1,2]}}`, `{"\u00ff":"\ud800"}`, "{\"limit\":\"\xff\"}", `{"limit":5.000000000000001}`,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	r := Default()
	env := (&fakeEnv{}).env()
	f.Fuzz(func(t *testing.T, args []byte) {
		for _, tool := range []string{"list_emails", "office_days"} {
			res, err := r.Call(context.Background(), tool, json.RawMessage(args), env)
			if err != nil {
				t.Fatalf("%s(%q): unexpected error %v", tool, args, err)
			}
			if res.Text == "" {
				t.Fatalf("%s(%q): empty text", tool, args)
			}
			if !res.IsError {
				if _, err := json.Marshal(res.Structured); err != nil {
					t.Fatalf("%s(%q): structured does not marshal: %v", tool, args, err)
				}
			}
		}
	})
}

// Issue 12 item 10: arguments with thousands of unknown keys get a message
// of at most MaxProblems lines plus a count, not one line per key.
func TestInvalidArgumentsMessageIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&b, `"k%04d":1,`, i)
	}
	b.WriteString(`"limit":0}`)
	res, err := Default().Call(context.Background(), "list_emails", json.RawMessage(b.String()), primitive.Env{})
	if err != nil || !res.IsError {
		t.Fatalf("Call: %v %+v", err, res)
	}
	lines := strings.Split(res.Text, "\n")
	if len(lines) != primitive.MaxProblems+1 || len(res.Text) > 2000 {
		t.Fatalf("%d lines, %d bytes:\n%.500s", len(lines), len(res.Text), res.Text)
	}
	if want := "Invalid arguments for list_emails: $: … and 4991 more problems."; lines[primitive.MaxProblems] != want {
		t.Errorf("last line %q, want %q", lines[primitive.MaxProblems], want)
	}
	if !strings.Contains(lines[0], "$.limit: must be >= 1, got 0.") {
		t.Errorf("first line %q", lines[0])
	}
}
