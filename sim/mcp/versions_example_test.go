package mcp_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"mcpwirelab/sim/internal/specschema"
	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
)

// TestUnsupportedVersionLikeTheSpecExample: the spec's own
// UnsupportedProtocolVersionError example is a dual-era server's answer;
// the course server, dual-era too, lists the same versions in the same
// order for the same request.
func TestUnsupportedVersionLikeTheSpecExample(t *testing.T) {
	dir := specschema.Dir(t)
	b, err := os.ReadFile(filepath.Join(dir, protocol.V20260728, "examples", "UnsupportedProtocolVersionError", "unsupported-version.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ex struct {
		Error struct {
			Code int                        `json:"code"`
			Data mcp.UnsupportedVersionData `json:"data"`
		} `json:"error"`
	}
	if err := json.Unmarshal(b, &ex); err != nil || ex.Error.Code != protocol.CodeUnsupportedProtocolVersion {
		t.Fatalf("example: %s (%v)", b, err)
	}
	r := labserver.NewServer(labserver.Config()).Handle(context.Background(), mcp.NewConn(), jsonrpc.Request(jsonrpc.IntID(1), protocol.MethodToolsList, map[string]any{"_meta": map[string]any{
		protocol.MetaProtocolVersion: ex.Error.Data.Requested, protocol.MetaClientCapabilities: map[string]any{}}}), nil)
	var data mcp.UnsupportedVersionData
	if r.Msg.Error == nil || json.Unmarshal(r.Msg.Error.Data, &data) != nil || !slices.Equal(data.Supported, ex.Error.Data.Supported) || data.Requested != ex.Error.Data.Requested {
		t.Errorf("the course server answers %s; the spec's example is %s", r.Msg.Encode(), b)
	}
}
