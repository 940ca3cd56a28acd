package primitive

import (
	"encoding/json"
	"testing"
)

func TestNewRegistryRejectsBadSchemas(t *testing.T) {
	bad := []*toolDef{{tool: Tool{Name: "x", InputSchema: json.RawMessage(`{"type":"nope"}`)}}}
	if _, err := newRegistry(bad); err == nil {
		t.Errorf("invalid schema accepted")
	}
	ok := json.RawMessage(`{"type":"object"}`)
	dup := []*toolDef{{tool: Tool{Name: "x", InputSchema: ok}}, {tool: Tool{Name: "x", InputSchema: ok}}}
	if _, err := newRegistry(dup); err == nil {
		t.Errorf("duplicate tool accepted")
	}
}

func TestJSONPath(t *testing.T) {
	for _, tt := range []struct {
		loc  []string
		want string
	}{
		{nil, "$"},
		{[]string{"a", "b"}, "$.a.b"},
		{[]string{"items", "0", "id"}, "$.items[0].id"},
		{[]string{"odd key"}, `$["odd key"]`},
	} {
		if got := jsonPath(tt.loc); got != tt.want {
			t.Errorf("jsonPath(%q) = %s, want %s", tt.loc, got, tt.want)
		}
	}
}
