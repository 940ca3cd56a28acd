package mcp

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"mcpwirelab/sim/jsonrpc"
)

// modernRequest is a tools/list carrying version in its _meta.
func modernRequest(id int64, version string) *jsonrpc.Message {
	return jsonrpc.Request(jsonrpc.IntID(id), MethodToolsList, map[string]any{"_meta": map[string]any{
		MetaProtocolVersion: version, MetaClientCapabilities: map[string]any{}}})
}

// TestUnsupportedVersionIsTruthful: a client that follows versioning
// §Protocol Version Negotiation ("select a mutually supported version from
// the supported list and retry the request") gets served on its first
// retry, whatever version it asked for: data.supported never lists the
// requested version, and every listed version works for this request. It
// looped before: a _meta request for 2025-11-25 got 2025-11-25 listed.
func TestUnsupportedVersionIsTruthful(t *testing.T) {
	for _, cfg := range []Config{{}, {Legacy: []string{}}} {
		srv := NewServer(cfg)
		for _, asked := range append(Versions(), "2025-06-18", "2099-01-01") {
			r := srv.Handle(context.Background(), NewConn(), modernRequest(1, asked), nil)
			if r.Msg.Error == nil {
				if !slices.Contains(ModernVersions(), asked) {
					t.Errorf("_meta version %s was served; only %v are served per request", asked, ModernVersions())
				}
				continue
			}
			if r.Msg.Error.Code != jsonrpc.CodeUnsupportedProtocolVersion || r.Status != 400 {
				t.Fatalf("%s: %d %s", asked, r.Status, r.Msg.Encode())
			}
			var data UnsupportedVersionData
			if err := json.Unmarshal(r.Msg.Error.Data, &data); err != nil || data.Requested != asked || len(data.Supported) == 0 {
				t.Fatalf("%s: data %s", asked, r.Msg.Error.Data)
			}
			if slices.Contains(data.Supported, asked) {
				t.Errorf("%s: data.supported %v lists the version that was just refused", asked, data.Supported)
			}
			for _, v := range data.Supported {
				if retry := srv.Handle(context.Background(), NewConn(), modernRequest(2, v), nil); retry.Msg.Error != nil {
					t.Errorf("%s: retrying with listed %s fails: %s", asked, v, retry.Msg.Encode())
				}
			}
			if slices.Contains(LegacyVersions(), asked) && len(srv.cfg.Legacy) > 0 && !strings.Contains(r.Msg.Error.Message, "initialize") {
				t.Errorf("%s: the message does not say it needs the initialize handshake: %q", asked, r.Msg.Error.Message)
			}
		}
	}
}
