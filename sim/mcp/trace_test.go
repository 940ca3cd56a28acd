package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
)

// TestTraceContextIsLogged: a request that carries W3C trace context in
// _meta (2026-07-28 basic/index §_meta reserves traceparent for it; in
// 2025-11-25 it is an ordinary key) has the server's log line filed under
// its trace and span; a traceparent that is not W3C Trace Context is
// ignored and said so (its broken twin), and a request without one logs
// nothing about tracing.
func TestTraceContextIsLogged(t *testing.T) {
	const tp = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
	for _, tt := range []struct {
		value any
		want  string
	}{
		{tp, "tools/list: in trace 4bf92f3577b34da6a3ce929d0e0e4736, under span 00f067aa0ba902b7"},
		{"4bf92f3577b34da6", "tools/list: ignoring a traceparent that is not W3C Trace Context: \"4bf92f3577b34da6\""},
		{nil, ""},
	} {
		for _, v := range []string{protocol.V20260728, protocol.V20251125} {
			var logs []string
			srv := labserver.NewServer(mcp.Config{Logf: func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }})
			c := mcp.NewConn()
			meta := map[string]any{}
			if tt.value != nil {
				meta[protocol.MetaTraceParent] = tt.value
			}
			if v == protocol.V20251125 {
				srv.Handle(context.Background(), c, jsonrpc.Request(jsonrpc.IntID(1), protocol.MethodInitialize, map[string]any{"protocolVersion": v, "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "t", "version": "1"}}), nil)
				srv.Handle(context.Background(), c, jsonrpc.Notification(protocol.MethodInitialized, nil), nil)
			} else {
				meta[protocol.MetaProtocolVersion], meta[protocol.MetaClientCapabilities] = v, map[string]any{}
			}
			logs = nil
			r := srv.Handle(context.Background(), c, jsonrpc.Request(jsonrpc.IntID(2), protocol.MethodToolsList, map[string]any{"_meta": meta}), nil)
			if r.Msg == nil || r.Msg.Error != nil {
				t.Fatalf("%s: %+v", v, r.Msg)
			}
			got := ""
			for _, l := range logs {
				if strings.Contains(l, "trace") {
					got = l
				}
			}
			if got != tt.want {
				t.Errorf("%s, traceparent %v: logged %q, want %q", v, tt.value, got, tt.want)
			}
		}
	}
}
