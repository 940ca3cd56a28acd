package mcp_test

import (
	"encoding/json"
	"strings"
	"testing"

	"mcpwirelab/sim/internal/specschema"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
)

// TestLegacyOutputSchemaWraps: a tool whose output is a list
// (find_free_rooms) is listed under 2025-11-25 with an object outputSchema
// that the 2025-11-25 schema accepts (Tool.outputSchema has type object at
// its root) and whose "#/$defs/room" still resolves; the bare list schema
// is the broken twin, which that schema refuses. Under 2026-07-28 the list
// schema is valid as it is (changelog minor 10).
func TestLegacyOutputSchemaWraps(t *testing.T) {
	list := toolbox.FreeRoomsSchemas.Output
	wrapped := mcp.LegacyOutputSchemaForTest(list)
	if string(wrapped) == string(list) {
		t.Fatal("the list schema was not wrapped")
	}
	if obj := `{"type":"object","properties":{"x":{"type":"string"}}}`; string(mcp.LegacyOutputSchemaForTest(json.RawMessage(obj))) != obj {
		t.Fatal("an object schema must stay as it is")
	}
	sch, err := primitive.CompileSchema("find_free_rooms", "output", wrapped)
	if err != nil {
		t.Fatalf("the wrapped schema does not compile ($defs moved?): %v", err)
	}
	rooms := []any{map[string]any{"room": "Aurora", "seats": float64(12)}}
	if err := sch.Validate(map[string]any{mcp.LegacyOutputKey: rooms}); err != nil {
		t.Errorf("the wrapped list is refused: %v", err)
	}
	if err := sch.Validate(rooms); err == nil {
		t.Error("the bare list passes the wrapped schema")
	}
	if err := sch.Validate(map[string]any{mcp.LegacyOutputKey: []any{map[string]any{"room": "Aurora"}}}); err == nil {
		t.Error("a room without seats passes: #/$defs/room is not applied")
	}

	tool := func(out json.RawMessage) []byte {
		b, _ := json.Marshal(map[string]any{"name": "find_free_rooms", "inputSchema": json.RawMessage(toolbox.FreeRoomsSchemas.Input), "outputSchema": out})
		return b
	}
	old := specschema.Load(t, protocol.V20251125)
	if err := old.Validate("Tool", tool(wrapped)); err != nil {
		t.Errorf("2025-11-25 refuses the wrapped tool: %v", err)
	}
	if err := old.Validate("Tool", tool(list)); err == nil {
		t.Error("2025-11-25 accepts a list outputSchema: the wrapping would not be needed")
	}
	if err := specschema.Load(t, protocol.V20260728).Validate("Tool", tool(list)); err != nil {
		t.Errorf("2026-07-28 refuses the list outputSchema: %v", err)
	}
}

// TestModelViewResolvesLocalRefsOnly: the model sees the day argument of
// find_free_rooms through its local $ref; a $ref to a network URI is shown
// as such and never fetched (2026-07-28 basic/index §$ref Resolution).
func TestModelViewResolvesLocalRefsOnly(t *testing.T) {
	got := mcp.ModelView([]mcp.Tool{{Name: "find_free_rooms", InputSchema: toolbox.FreeRoomsSchemas.Input}})
	if !strings.Contains(got, "- day (string, required): A day, YYYY-MM-DD.") {
		t.Errorf("local $ref not resolved:\n%s", got)
	}
	remote := json.RawMessage(`{"type":"object","properties":{"day":{"$ref":"https://schemas.example/day.json"}}}`)
	got = mcp.ModelView([]mcp.Tool{{Name: "remote_ref", InputSchema: remote}})
	if !strings.Contains(got, "- day ($ref https://schemas.example/day.json, not fetched, optional)") {
		t.Errorf("network $ref:\n%s", got)
	}
}
