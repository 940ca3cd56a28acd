package mcp

import (
	"bytes"
	"context"
	"sort"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/primitive"
)

// revisions count the changes clients may be told about: each list, and
// updates of individual resources.
type revisions struct {
	tools, prompts, resources int
	updates                   int            // resource updates, all URIs
	updated                   map[string]int // per URI
	tasks                     map[string]int // per task id (the task store's)
}

func (r revisions) copy() revisions {
	c := r
	c.updated = make(map[string]int, len(r.updated))
	for k, v := range r.updated {
		c.updated[k] = v
	}
	return c
}

// changes is what happened between two looks at the revisions.
type changes struct {
	tools, prompts, resources bool
	updated                   []string // URIs, sorted
	tasks                     []string // ids of tasks that changed, sorted
}

func (c changes) any() bool {
	return c.tools || c.prompts || c.resources || len(c.updated) > 0 || len(c.tasks) > 0
}

// SetTools replaces what the server offers (an administrator enabling a
// tool, a prompt, a resource). With ListChanged declared, clients are told
// which lists changed (2026-07-28 subscriptions/listen; 2025-11-25
// notifications/…/list_changed); a list that did not change is not
// announced.
func (s *Server) SetTools(r *primitive.Registry) {
	old := s.Registry()
	was := &call{s: s, reg: old, m: &jsonrpc.Message{}}
	now := &call{s: s, reg: r, m: &jsonrpc.Message{}}
	ctx := context.Background()
	tools := !sameResult(was.toolsList(ctx), now.toolsList(ctx))
	prompts := !sameResult(was.promptsList(ctx), now.promptsList(ctx))
	resources := !sameResult(was.resourcesList(ctx), now.resourcesList(ctx)) ||
		!sameResult(was.templatesList(ctx), now.templatesList(ctx))
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reg = r
	if tools {
		s.rev.tools++
	}
	if prompts {
		s.rev.prompts++
	}
	if resources {
		s.rev.resources++
	}
}

func sameResult(a, b Reply) bool { return bytes.Equal(a.Msg.Result, b.Msg.Result) }

// ResourceUpdated records that the resource at uri changed: sessions and
// listen streams subscribed to it are told (2025-11-25 §Subscriptions,
// 2026-07-28 resourceSubscriptions).
func (s *Server) ResourceUpdated(uri string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rev.updates++
	s.rev.updated[uri]++
}

func (s *Server) revisions() revisions {
	s.mu.Lock()
	r := s.rev.copy()
	s.mu.Unlock()
	r.tasks = s.cfg.Tasks.revs()
	return r
}

// since reports what changed after seen, and the current revisions.
func (s *Server) since(seen revisions) (changes, revisions) {
	now := s.revisions()
	ch := changes{tools: now.tools != seen.tools, prompts: now.prompts != seen.prompts, resources: now.resources != seen.resources}
	if now.updates != seen.updates {
		for uri, n := range now.updated {
			if seen.updated[uri] != n {
				ch.updated = append(ch.updated, uri)
			}
		}
		sort.Strings(ch.updated)
	}
	for id, n := range now.tasks {
		if seen.tasks[id] != n {
			ch.tasks = append(ch.tasks, id)
		}
	}
	sort.Strings(ch.tasks)
	return ch, now
}

// watch calls changed with each batch of changes since the call, polling
// every PollEvery on the configured clock, until ctx is done or the server
// is stopping. It returns ctx's error, or nil when stopping. started, when
// not nil, runs once the baseline is taken: a stream announces itself
// there, so a change the client makes as soon as it sees the stream is
// never missed. quiet, when not nil, is called when KeepAliveEvery has
// passed without a change (long-lived streams send a keep-alive then).
// tick, when not nil, runs at every look.
func (s *Server) watch(ctx context.Context, started func(), changed func(changes), quiet, tick func()) error {
	seen := s.revisions()
	if started != nil {
		started()
	}
	var idle time.Duration
	for {
		if s.cfg.Stopping.Err() != nil {
			return nil
		}
		if err := s.cfg.Sleep(ctx, s.cfg.PollEvery); err != nil {
			return err
		}
		if tick != nil {
			tick()
		}
		idle += s.cfg.PollEvery
		var ch changes
		if ch, seen = s.since(seen); ch.any() {
			idle = 0
			changed(ch)
		} else if quiet != nil && s.cfg.KeepAliveEvery > 0 && idle >= s.cfg.KeepAliveEvery {
			idle = 0
			quiet()
		}
	}
}

// WatchTools calls changed each time the tool list changes, polling every
// PollEvery on the configured clock, until ctx is done or the server is
// stopping. It returns ctx's error, or nil when stopping.
func (s *Server) WatchTools(ctx context.Context, changed func()) error {
	return s.watch(ctx, nil, func(ch changes) {
		if ch.tools {
			changed()
		}
	}, nil, nil)
}

// ToolsChangedNotice is the unsolicited 2025-11-25
// notifications/tools/list_changed for a legacy session, or nil when the
// connection is not an initialized legacy session or the server did not
// declare listChanged (2025-11-25 server/tools §List Changed Notification).
// Modern clients get it only through subscriptions/listen.
func (s *Server) ToolsChangedNotice(c *Conn) *jsonrpc.Message {
	if n := s.sessionNotices(c, changes{tools: true}); len(n) > 0 {
		return n[0]
	}
	return nil
}

// sessionNotices are the unsolicited 2025-11-25 notifications a legacy
// session gets for ch: list_changed for each list that changed, when
// listChanged is declared; resources/updated for each updated resource it
// subscribed to. Nothing for a connection that is not an initialized
// legacy session.
func (s *Server) sessionNotices(c *Conn, ch changes) []*jsonrpc.Message {
	c.mu.Lock()
	ready := c.phase == phaseReady
	var subscribed []string
	for _, uri := range ch.updated {
		if c.subscribed[uri] {
			subscribed = append(subscribed, uri)
		}
	}
	c.mu.Unlock()
	if !ready {
		return nil
	}
	reg := s.Registry()
	var out []*jsonrpc.Message
	if s.cfg.ListChanged {
		if ch.tools {
			out = append(out, jsonrpc.Notification(protocol.MethodToolsChanged, nil))
		}
		if ch.prompts && Offers(reg, protocol.CapPrompts) {
			out = append(out, jsonrpc.Notification(protocol.MethodPromptsChanged, nil))
		}
		if ch.resources && Offers(reg, protocol.CapResources) {
			out = append(out, jsonrpc.Notification(protocol.MethodResourcesChanged, nil))
		}
	}
	for _, uri := range subscribed {
		out = append(out, jsonrpc.Notification(protocol.MethodResourceUpdated, ResourceUpdatedParams{URI: uri}))
	}
	for _, id := range ch.tasks {
		// 2025-11-25 tasks §Task Status Notification: the receiver "MAY
		// send" notifications/tasks/status (without related-task: "the
		// task ID is already present").
		if t := s.cfg.Tasks.lookup(id, c, s.cfg.Now()); t != nil {
			out = append(out, jsonrpc.Notification(protocol.MethodTaskStatus, s.legacySnapshot(t)))
		}
	}
	return out
}

// WatchSession delivers a 2025-11-25 session's unsolicited notifications
// (sessionNotices) through emit until ctx is done or the server stops: the
// GET stream on HTTP, stdout between responses on stdio. started, when not
// nil, runs once changes are being watched (the GET stream sends its
// headers then).
//
// The same stream carries the server's requests that belong to no request
// of the client: the questions of the session's tasks that no tasks/result took
// (2025-11-25 transports §Listening for Messages from the Server: "The
// server MAY send JSON-RPC requests and notifications on the stream").
func (s *Server) WatchSession(ctx context.Context, c *Conn, started func(), emit func(*jsonrpc.Message)) error {
	send := func(n *jsonrpc.Message) {
		if ctx.Err() == nil {
			emit(n)
		}
	}
	return s.watch(ctx, started, func(ch changes) {
		for _, n := range s.sessionNotices(c, ch) {
			send(n)
		}
	}, nil, func() {
		if !c.Legacy() {
			return
		}
		for _, m := range s.cfg.Tasks.takeOutbox(c) {
			send(m)
		}
	})
}

// Notifies reports whether a 2025-11-25 session may ever get unsolicited
// notifications: list changes (listChanged declared), resource updates
// (resources offered) or task status (a tool supports tasks).
func (s *Server) Notifies() bool {
	// Tasks report their status on the session stream too.
	reg := s.Registry()
	return s.cfg.ListChanged || Offers(reg, protocol.CapResources) || Offers(reg, protocol.CapTasks)
}
