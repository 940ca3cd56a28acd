package mcp

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"
)

// TestListenShutdownSendsCancelledThenResult: when the server tears a
// subscriptions/listen stream down, it sends notifications/cancelled for
// the listen request (basic/patterns/cancellation: MUST) and then the
// completion result (subscriptions §Graceful Closure: SHOULD), both tagged
// with the subscription id; the cancellation first, while the request is
// still in progress. Before, only the result was sent.
func TestListenShutdownSendsCancelledThenResult(t *testing.T) {
	stopping, stop := context.WithCancel(context.Background())
	srv := newCourseServer(Config{ListChanged: true, Stopping: stopping, PollEvery: time.Millisecond})
	var got []*jsonrpc.Message
	notify := func(n *jsonrpc.Message) {
		got = append(got, n)
		if n.Method == protocol.MethodAcknowledged {
			stop() // the server shuts down once the stream is open
		}
	}
	m := jsonrpc.Request(jsonrpc.StringID("sub-1"), protocol.MethodListen, map[string]any{
		"notifications": SubscriptionFilter{ToolsListChanged: true},
		"_meta":         map[string]any{protocol.MetaProtocolVersion: protocol.V20260728, protocol.MetaClientCapabilities: map[string]any{}}})
	r := srv.Handle(context.Background(), NewConn(), m, notify)
	if len(got) != 2 || got[0].Method != protocol.MethodAcknowledged || got[1].Method != protocol.MethodCancelled {
		t.Fatalf("notifications %v, want the acknowledgment then notifications/cancelled", got)
	}
	var p struct {
		RequestID json.RawMessage            `json:"requestId"`
		Meta      map[string]json.RawMessage `json:"_meta"`
	}
	if err := json.Unmarshal(got[1].Params, &p); err != nil || string(p.RequestID) != `"sub-1"` || string(p.Meta[protocol.MetaSubscriptionID]) != `"sub-1"` {
		t.Fatalf("cancelled %s: want requestId and subscriptionId sub-1", got[1].Encode())
	}
	if r.Msg == nil || r.Msg.Error != nil || string(r.Msg.Encode()) != `{"jsonrpc":"2.0","id":"sub-1","result":{"_meta":{"io.modelcontextprotocol/subscriptionId":"sub-1"},"resultType":"complete"}}` {
		t.Fatalf("reply %v, want the completion result", r.Msg)
	}
}
