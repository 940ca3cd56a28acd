package mcp

import (
	"context"
	"encoding/json"
	"net/http"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/primitive"
)

// SubscriptionFilter is the notifications filter of subscriptions/listen.
type SubscriptionFilter struct {
	ToolsListChanged      bool     `json:"toolsListChanged,omitempty"`
	PromptsListChanged    bool     `json:"promptsListChanged,omitempty"`
	ResourcesListChanged  bool     `json:"resourcesListChanged,omitempty"`
	ResourceSubscriptions []string `json:"resourceSubscriptions,omitempty"`
	// TaskIDs subscribes to notifications/tasks for these tasks (the tasks
	// extension, SEP-2663 §Task Status Notifications).
	TaskIDs []string `json:"taskIds,omitempty"`
}

// listen serves 2026-07-28 subscriptions/listen (basic/patterns/
// subscriptions): acknowledge first with the agreed subset of the filter,
// then deliver only the opted-in notifications, each tagged with the
// subscription id (the listen request's id). The stream ends when the client
// cancels (nothing more is sent) or, gracefully, when the server stops
// (notifications/cancelled for the listen request, then a completion
// result).
func (q *call) listen(ctx context.Context) Reply {
	var p struct {
		Notifications *SubscriptionFilter `json:"notifications"`
	}
	if err := json.Unmarshal(orEmpty(q.m.Params), &p); err != nil || p.Notifications == nil {
		return errReply(q.m, http.StatusBadRequest, protocol.CodeInvalidParams,
			"Invalid params: subscriptions/listen needs params.notifications (the filter of notification types)", nil)
	}
	if q.notify == nil {
		return errReply(q.m, http.StatusBadRequest, protocol.CodeInvalidRequest, "Invalid Request: this transport cannot stream", nil)
	}
	if len(p.Notifications.TaskIDs) > 0 && !primitive.Declares(q.clientCapabilities(), "extensions", protocol.ExtTasks) {
		// SEP-2663: "If a client requests task status notifications but
		// does not declare the io.modelcontextprotocol/tasks extension
		// capability, the server MUST return a JSON-RPC error specifying the
		// missing capabilities".
		return q.requireCapabilities("task status notifications belong to the tasks extension "+protocol.ExtTasks, tasksCapability())
	}
	s := q.s
	subID := json.RawMessage(q.m.ID.String())
	meta := map[string]any{protocol.MetaSubscriptionID: subID}
	agreed := s.agree(q.reg, *p.Notifications)

	ctx, done := q.c.track(ctx, q.m.ID)
	defer done()

	// "The server MUST send notifications/subscriptions/acknowledged as
	// the first message": once watching, so that whatever the client
	// changes after reading it is delivered.
	ack := func() {
		q.notify(jsonrpc.Notification(protocol.MethodAcknowledged, map[string]any{"_meta": meta, "notifications": agreed}))
	}
	err := s.watch(ctx, ack, func(ch changes) {
		for _, n := range s.listenNotices(agreed, ch, meta) {
			if ctx.Err() == nil {
				q.notify(n)
			}
		}
	}, func() {
		if ctx.Err() == nil {
			q.notify(KeepAlive)
		}
	}, nil)
	if err != nil {
		s.Logf("subscription %s closed by the client", q.m.ID)
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
	s.Logf("subscription %s ended by the server (shutting down)", q.m.ID)
	q.notify(jsonrpc.Notification(protocol.MethodCancelled, map[string]any{"requestId": subID, "reason": "server shutting down", "_meta": meta}))
	return q.ok(map[string]any{"resultType": "complete", "_meta": meta})
}

// agree is the subset of the filter the server honours: "The notifications
// field in the acknowledgment reflects the subset the server agreed to
// honor. Notification types the server does not support are omitted."
// List changes need listChanged declared (and the list offered); resource
// subscriptions keep the URIs the server has.
func (s *Server) agree(reg *primitive.Registry, want SubscriptionFilter) SubscriptionFilter {
	lc := s.cfg.ListChanged
	agreed := SubscriptionFilter{
		ToolsListChanged:     want.ToolsListChanged && lc,
		PromptsListChanged:   want.PromptsListChanged && lc && Offers(reg, protocol.CapPrompts),
		ResourcesListChanged: want.ResourcesListChanged && lc && Offers(reg, protocol.CapResources),
	}
	for _, uri := range want.ResourceSubscriptions {
		if reg.Knows(uri) && !contains(agreed.ResourceSubscriptions, uri) {
			agreed.ResourceSubscriptions = append(agreed.ResourceSubscriptions, uri)
		}
	}
	// SEP-2663: "the server includes the list of task IDs it has agreed to
	// send task status notifications for": the extension's tasks it has.
	for _, id := range want.TaskIDs {
		if s.cfg.Tasks.lookup(id, nil, s.cfg.Now()) != nil && !contains(agreed.TaskIDs, id) {
			agreed.TaskIDs = append(agreed.TaskIDs, id)
		}
	}
	return agreed
}

// listenNotices are the notifications a listen stream with the agreed
// filter gets for ch, each tagged with the subscription id. A task's
// notification "carries a complete DetailedTask for the current status,
// identical to what tasks/get would have returned at that moment".
func (s *Server) listenNotices(agreed SubscriptionFilter, ch changes, meta map[string]any) []*jsonrpc.Message {
	tagged := map[string]any{"_meta": meta}
	var out []*jsonrpc.Message
	if agreed.ToolsListChanged && ch.tools {
		out = append(out, jsonrpc.Notification(protocol.MethodToolsChanged, tagged))
	}
	if agreed.PromptsListChanged && ch.prompts {
		out = append(out, jsonrpc.Notification(protocol.MethodPromptsChanged, tagged))
	}
	if agreed.ResourcesListChanged && ch.resources {
		out = append(out, jsonrpc.Notification(protocol.MethodResourcesChanged, tagged))
	}
	for _, uri := range ch.updated {
		if contains(agreed.ResourceSubscriptions, uri) {
			out = append(out, jsonrpc.Notification(protocol.MethodResourceUpdated, ResourceUpdatedParams{Meta: meta, URI: uri}))
		}
	}
	for _, id := range ch.tasks {
		if !contains(agreed.TaskIDs, id) {
			continue
		}
		if t := s.cfg.Tasks.lookup(id, nil, s.cfg.Now()); t != nil {
			info := s.snapshot(t)
			info.Meta = meta
			out = append(out, jsonrpc.Notification(protocol.MethodTaskNotice, info))
		}
	}
	return out
}
