package mcp

import (
	"context"
	"encoding/json"
	"net/http"

	"mcpwirelab/sim/jsonrpc"
)

// SubscriptionFilter is the notifications filter of subscriptions/listen.
type SubscriptionFilter struct {
	ToolsListChanged      bool     `json:"toolsListChanged,omitempty"`
	PromptsListChanged    bool     `json:"promptsListChanged,omitempty"`
	ResourcesListChanged  bool     `json:"resourcesListChanged,omitempty"`
	ResourceSubscriptions []string `json:"resourceSubscriptions,omitempty"`
}

// listen serves 2026-07-28 subscriptions/listen (basic/patterns/
// subscriptions): acknowledge first with the agreed subset of the filter,
// then deliver only the opted-in notifications, each tagged with the
// subscription id (the listen request's id). The stream ends when the client
// cancels (nothing more is sent) or, gracefully, when the server stops
// (notifications/cancelled for the listen request, then a completion
// result).
func (s *Server) listen(ctx context.Context, c *Conn, m *jsonrpc.Message, notify func(*jsonrpc.Message)) Reply {
	var p struct {
		Notifications *SubscriptionFilter `json:"notifications"`
	}
	if err := json.Unmarshal(orEmpty(m.Params), &p); err != nil || p.Notifications == nil {
		return errReply(m, http.StatusBadRequest, jsonrpc.CodeInvalidParams,
			"Invalid params: subscriptions/listen needs params.notifications (the filter of notification types)", nil)
	}
	if notify == nil {
		return errReply(m, http.StatusBadRequest, jsonrpc.CodeInvalidRequest, "Invalid Request: this transport cannot stream", nil)
	}
	subID := json.RawMessage(m.ID.String())
	meta := map[string]any{MetaSubscriptionID: subID}
	// "The notifications field in the acknowledgment reflects the subset the
	// server agreed to honor": this server only has tools.
	agreed := SubscriptionFilter{ToolsListChanged: p.Notifications.ToolsListChanged && s.cfg.ListChanged}

	ctx, done := c.track(ctx, m.ID)
	defer done()

	notify(jsonrpc.Notification(MethodAcknowledged, map[string]any{"_meta": meta, "notifications": agreed}))
	err := s.watchTools(ctx, func() {
		if agreed.ToolsListChanged && ctx.Err() == nil {
			notify(jsonrpc.Notification(MethodToolsChanged, map[string]any{"_meta": meta}))
		}
	}, func() {
		if ctx.Err() == nil {
			notify(KeepAlive)
		}
	})
	if err != nil {
		s.Logf("subscription %s closed by the client", m.ID)
		return Reply{Status: http.StatusOK}
	}
	// The server tears the subscription down (shutdown), and two pages
	// ask for different things. basic/patterns/cancellation: "A server
	// MUST send notifications/cancelled referencing a subscriptions/listen
	// request ID when it tears down that subscription stream".
	// subscriptions §Graceful Closure: it "SHOULD respond to the original
	// subscriptions/listen request with a completion result before closing
	// the stream". Both hold in one order only: a cancellation "MUST only
	// reference requests that ... Are believed to still be in-progress",
	// so it goes first, while the listen request is still open, tagged
	// like every message on the stream; the result then ends it.
	s.Logf("subscription %s ended by the server (shutting down)", m.ID)
	notify(jsonrpc.Notification(MethodCancelled, map[string]any{"requestId": subID, "reason": "server shutting down", "_meta": meta}))
	return Reply{Msg: jsonrpc.Result(m.ID, map[string]any{"resultType": "complete", "_meta": meta}), Status: http.StatusOK}
}
