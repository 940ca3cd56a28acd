package conformance

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"mcpwirelab/sim/primitive"
)

// admin is a server stand-in that records what tools change.
type admin struct {
	reg     *primitive.Registry
	updated []string
}

func (a *admin) Registry() *primitive.Registry  { return a.reg }
func (a *admin) SetTools(r *primitive.Registry) { a.reg = r }
func (a *admin) ResourceUpdated(uri string)     { a.updated = append(a.updated, uri) }

func TestSurface(t *testing.T) {
	r := Registry()
	var names []string
	for _, tl := range r.Tools() {
		names = append(names, tl.Name)
	}
	if got := strings.Join(names, " "); !strings.HasPrefix(got, "test_simple_text test_image_content test_audio_content") ||
		!strings.Contains(got, "json_schema_2020_12_tool test_x_mcp_header test_missing_capability") {
		t.Errorf("tools %s", got)
	}
	if hp := r.HeaderParams("test_x_mcp_header"); len(hp) != 1 || hp[0].Header != "Region" {
		t.Errorf("x-mcp-header %+v", hp)
	}
	js, _ := r.Lookup("json_schema_2020_12_tool")
	if !strings.HasPrefix(string(js.InputSchema), `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","$defs":{"address":{"$anchor":"addressDef"`) {
		t.Errorf("2020-12 schema not kept as written: %s", js.InputSchema)
	}
	// The 2020-12 keywords apply: if/then/else and the $ref'd address.
	call := func(args string) primitive.Result {
		res, err := r.Call(context.Background(), "json_schema_2020_12_tool", json.RawMessage(args), primitive.Env{})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if res := call(`{"contactMethod":"phone","email":"a@b"}`); !res.IsError {
		t.Errorf("if/then not applied: %+v", res)
	}
	if res := call(`{"contactMethod":"email","email":"a@b","address":{"city":"Lisbon"}}`); res.IsError {
		t.Errorf("valid arguments refused: %s", res.Text)
	}
	if res := call(`{"email":"a@b","address":{"city":7}}`); !res.IsError {
		t.Errorf("$ref not applied: %+v", res)
	}
	if len(r.Resources()) != 3 || len(r.Templates()) != 1 || len(r.Prompts()) != 5 || !r.Logging() || !r.HasCompletions() {
		t.Errorf("surface: %d resources, %d templates, %d prompts", len(r.Resources()), len(r.Templates()), len(r.Prompts()))
	}
	out, _, err := r.ReadResource(context.Background(), "test://template/123/data")
	if err != nil || out[0].Text != `{"data":"Data for ID: 123","id":"123","templateTest":true}` || out[0].MIMEType != "application/json" {
		t.Errorf("template: %+v %v", out, err)
	}
}

// TestTriggers: each call changes the list (adds, then removes the
// transient entry), so a second run of the suite still sees a change.
func TestTriggers(t *testing.T) {
	a := &admin{reg: Registry()}
	env := primitive.Env{Admin: a}
	tools := len(a.reg.Tools())
	for i, want := range []int{tools + 1, tools} {
		if _, err := a.reg.Call(context.Background(), "test_trigger_tool_change", nil, env); err != nil {
			t.Fatal(err)
		}
		if got := len(a.reg.Tools()); got != want {
			t.Errorf("call %d: %d tools, want %d", i+1, got, want)
		}
	}
	prompts := len(a.reg.Prompts())
	for i, want := range []int{prompts + 1, prompts} {
		if _, err := a.reg.Call(context.Background(), "test_trigger_prompt_change", nil, env); err != nil {
			t.Fatal(err)
		}
		if got := len(a.reg.Prompts()); got != want {
			t.Errorf("call %d: %d prompts, want %d", i+1, got, want)
		}
	}
}

func TestUpdateWatched(t *testing.T) {
	a := &admin{}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	sleep := func(ctx context.Context, d time.Duration) error {
		if d != WatchedEvery {
			t.Errorf("interval %v", d)
		}
		if n++; n > 3 {
			cancel()
		}
		return ctx.Err()
	}
	UpdateWatched(ctx, a, sleep, WatchedEvery)
	if strings.Join(a.updated, " ") != Watched+" "+Watched+" "+Watched {
		t.Errorf("updates %v", a.updated)
	}
}

func TestSilence(t *testing.T) {
	b := silence()
	le := binary.LittleEndian
	if string(b[:4]) != "RIFF" || string(b[8:16]) != "WAVEfmt " || int(le.Uint32(b[4:])) != len(b)-8 ||
		string(b[36:40]) != "data" || int(le.Uint32(b[40:])) != len(b)-44 || le.Uint16(b[20:]) != 1 {
		t.Errorf("not a PCM WAV file: % x", b)
	}
}
