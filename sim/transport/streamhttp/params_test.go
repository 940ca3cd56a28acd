package streamhttp

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"mcpwirelab/sim/protocol"
)

func TestValidateParams(t *testing.T) {
	params := []protocol.HeaderParam{
		{Path: []string{"region"}, Header: "Region", Type: "string"},
		{Path: []string{"opts", "shard"}, Header: "Shard", Type: "integer"},
		{Path: []string{"dry"}, Header: "Dry-Run", Type: "boolean"},
	}
	tests := []struct {
		name    string
		args    string
		headers map[string]string
		want    string // "" = agree
	}{
		{"all present", `{"region":"us-west1","opts":{"shard":42},"dry":true}`,
			map[string]string{"Mcp-Param-Region": "us-west1", "Mcp-Param-Shard": "42", "Mcp-Param-Dry-Run": "true"}, ""},
		{"integers compare numerically", `{"opts":{"shard":42}}`, map[string]string{"Mcp-Param-Shard": "42.0"}, ""},
		{"integer mismatch", `{"opts":{"shard":42}}`, map[string]string{"Mcp-Param-Shard": "43"}, "Mcp-Param-Shard header value '43' does not match body value '42'"},
		{"not a number", `{"opts":{"shard":42}}`, map[string]string{"Mcp-Param-Shard": "forty-two"}, "does not match body value '42'"},
		{"booleans are lowercase", `{"dry":false}`, map[string]string{"Mcp-Param-Dry-Run": "False"}, "header value 'False' does not match body value 'false'"},
		{"null and absent need no header", `{"region":null}`, nil, ""},
		{"no arguments at all", ``, nil, ""},
		{"header without a body value", `{}`, map[string]string{"mcp-param-region": "eu"}, "header Mcp-Param-Region is present but params.arguments.region has no value"},
		{"value without its header", `{"region":"eu"}`, nil, "required header Mcp-Param-Region is missing (params.arguments.region is in the body)"},
		{"Base64 decoded first", `{"region":"Zürich"}`, map[string]string{"Mcp-Param-Region": protocol.EncodeValue("Zürich")}, ""},
		{"object where a primitive belongs", `{"region":{"a":1}}`, map[string]string{"Mcp-Param-Region": "x"}, "is not a string, integer or boolean"},
		{"malformed arguments are left to the server", `{"region":`, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, _ := http.NewRequest("POST", "http://127.0.0.1/mcp", nil)
			for k, v := range tt.headers {
				r.Header.Set(k, v)
			}
			got := validateParams(r, params, json.RawMessage(tt.args))
			if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	r, _ := http.NewRequest("POST", "http://127.0.0.1/mcp", nil)
	r.Header.Add("Mcp-Param-Region", "a")
	r.Header.Add("Mcp-Param-Region", "a")
	if got := validateParams(r, params, json.RawMessage(`{"region":"a"}`)); !strings.Contains(got, "appears more than once") {
		t.Errorf("repeated header: %q", got)
	}
	long := strings.Repeat("x", 500)
	r.Header.Set("Mcp-Param-Region", long)
	if got := validateParams(r, params, json.RawMessage(`{"region":"y"}`)); len(got) > 250 {
		t.Errorf("echoed value not bounded: %d bytes", len(got))
	}
}

func TestPrefersEventStream(t *testing.T) {
	for accept, want := range map[string]bool{
		"application/json, text/event-stream":       false,
		"text/event-stream, application/json":       true,
		"application/json;q=0.5, text/event-stream": true,
		"text/event-stream;q=0.1, application/json": false,
		"*/*":               false,
		"text/event-stream": true,
		"text/event-stream;q=0, application/json;q=0.2": false,
	} {
		if got := prefersEventStream([]string{accept}); got != want {
			t.Errorf("%q: %v, want %v", accept, got, want)
		}
	}
}

// FuzzValidateParams: arbitrary arguments and header values never panic,
// and agreement is reported only when the header matches the body.
func FuzzValidateParams(f *testing.F) {
	f.Add(`{"region":"eu","n":{"shard":7}}`, "eu", "7")
	f.Add(`{"region":null}`, "=?base64?!?=", "1e999999")
	f.Add(`[1,2]`, "", "0x10")
	params := []protocol.HeaderParam{{Path: []string{"region"}, Header: "Region", Type: "string"},
		{Path: []string{"n", "shard"}, Header: "Shard", Type: "integer"}}
	f.Fuzz(func(t *testing.T, args, region, shard string) {
		r, _ := http.NewRequest("POST", "http://127.0.0.1/mcp", nil)
		if region != "" {
			r.Header["Mcp-Param-Region"] = []string{region}
		}
		if shard != "" {
			r.Header["Mcp-Param-Shard"] = []string{shard}
		}
		msg := validateParams(r, params, json.RawMessage(args))
		var body struct {
			Region *string `json:"region"`
		}
		if msg == "" && json.Unmarshal([]byte(args), &body) == nil && body.Region != nil {
			if got, err := protocol.DecodeValue(region); err != nil || got != *body.Region {
				t.Fatalf("agreed although header %q does not decode to %q", region, *body.Region)
			}
		}
	})
}
