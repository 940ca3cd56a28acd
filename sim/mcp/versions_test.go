package mcp

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"
)

// modernRequest is a tools/list carrying version in its _meta.
func modernRequest(id int64, version string) *jsonrpc.Message {
	return jsonrpc.Request(jsonrpc.IntID(id), protocol.MethodToolsList, map[string]any{"_meta": map[string]any{
		protocol.MetaProtocolVersion: version, protocol.MetaClientCapabilities: map[string]any{}}})
}

// TestUnsupportedVersionIsTruthful: versioning §Protocol Version
// Negotiation, "it MUST respond with an UnsupportedProtocolVersionError
// listing the versions it does support": data.supported is every version
// the server supports, as server/discover's supportedVersions lists them
// and as the spec's example does for a dual-era server (examples/
// UnsupportedProtocolVersionError lists 2026-07-28 and 2025-11-25). A
// client that follows "select a mutually supported version ... and retry"
// is served: a listed modern version per request, a listed legacy one
// through initialize; the message says which versions need the handshake.
func TestUnsupportedVersionIsTruthful(t *testing.T) {
	for _, cfg := range []Config{{}, {Legacy: []string{}}} {
		srv := newCourseServer(cfg)
		for _, asked := range append(protocol.Versions(), "2025-06-18", "2099-01-01") {
			r := srv.Handle(context.Background(), NewConn(), modernRequest(1, asked), nil)
			if r.Msg.Error == nil {
				if !slices.Contains(protocol.ModernVersions(), asked) {
					t.Errorf("_meta version %s was served; only %v are served per request", asked, protocol.ModernVersions())
				}
				continue
			}
			if r.Msg.Error.Code != protocol.CodeUnsupportedProtocolVersion || r.Status != 400 {
				t.Fatalf("%s: %d %s", asked, r.Status, r.Msg.Encode())
			}
			var data UnsupportedVersionData
			if err := json.Unmarshal(r.Msg.Error.Data, &data); err != nil || data.Requested != asked {
				t.Fatalf("%s: data %s", asked, r.Msg.Error.Data)
			}
			if !slices.Equal(data.Supported, srv.Supported()) {
				t.Errorf("%s: data.supported %v, server/discover lists %v", asked, data.Supported, srv.Supported())
			}
			for _, v := range data.Supported {
				if protocol.IsModern(v) {
					if retry := srv.Handle(context.Background(), NewConn(), modernRequest(2, v), nil); retry.Msg.Error != nil {
						t.Errorf("%s: retrying with listed %s fails: %s", asked, v, retry.Msg.Encode())
					}
					continue
				}
				init := jsonrpc.Request(jsonrpc.IntID(2), protocol.MethodInitialize, map[string]any{"protocolVersion": v, "capabilities": map[string]any{},
					"clientInfo": map[string]any{"name": "t", "version": "1"}})
				if got := srv.Handle(context.Background(), NewConn(), init, nil); got.Msg.Error != nil || !strings.Contains(string(got.Msg.Result), `"protocolVersion":"`+v+`"`) {
					t.Errorf("%s: initialize with listed %s: %s", asked, v, got.Msg.Encode())
				}
				if !strings.Contains(r.Msg.Error.Message, "initialize") {
					t.Errorf("%s: lists %s without saying it needs the initialize handshake: %q", asked, v, r.Msg.Error.Message)
				}
			}
		}
	}
}
