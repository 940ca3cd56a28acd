package mcp_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
)

// recorder collects notifications from another goroutine.
type recorder struct {
	mu   sync.Mutex
	msgs []*jsonrpc.Message
}

func (r *recorder) add(m *jsonrpc.Message) {
	if m == mcp.KeepAlive {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, m)
}

// wait returns the encoded messages once there are n of them.
func (r *recorder) wait(t *testing.T, n int) []string {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for {
		r.mu.Lock()
		if len(r.msgs) >= n {
			var out []string
			for _, m := range r.msgs {
				out = append(out, string(m.Encode()))
			}
			r.mu.Unlock()
			return out
		}
		r.mu.Unlock()
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %d notifications", n)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func fastServer(listChanged bool) *mcp.Server {
	return labserver.NewServer(mcp.Config{Tools: toolbox.Default(), PollEvery: 2 * time.Millisecond, KeepAliveEvery: -1, ListChanged: listChanged})
}

var extraPrompt = primitive.Prompt{Name: "standup", Get: func(context.Context, map[string]string) (primitive.PromptResult, error) {
	return primitive.PromptResult{}, nil
}}

// TestListenFilters: a 2026-07-28 subscriptions/listen stream gets the
// acknowledged subset of its filter first, then only the notifications it
// opted in to, tagged with its id; request-scoped ones never appear.
func TestListenFilters(t *testing.T) {
	srv := fastServer(true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rec := &recorder{}
	params := mcp.RequestParams(protocol.V20260728, map[string]any{"notifications": mcp.SubscriptionFilter{
		PromptsListChanged:    true,
		ResourceSubscriptions: []string{toolbox.HandbookWelcome, "company://employees/e02", "company://nope"},
	}}, nil)
	done := make(chan mcp.Reply, 1)
	go func() {
		done <- srv.Handle(ctx, mcp.NewConn(), jsonrpc.Request(jsonrpc.StringID("sub-1"), protocol.MethodListen, params), rec.add)
	}()
	got := rec.wait(t, 1)
	if want := `{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":"sub-1"},` +
		`"notifications":{"promptsListChanged":true,"resourceSubscriptions":["company://handbook/welcome","company://employees/e02"]}}}`; got[0] != want {
		t.Fatalf("acknowledgment %s\nwant %s", got[0], want)
	}
	// Not subscribed: tool list changes, other resources. Subscribed: the
	// prompt list, the welcome page, employee e02.
	srv.SetTools(toolbox.Default().MustWith(toolbox.BookRoom()))
	srv.ResourceUpdated(toolbox.HandbookExpenses)
	time.Sleep(20 * time.Millisecond)
	next, _ := toolbox.Default().WithPrompts(extraPrompt)
	srv.SetTools(next)
	got = rec.wait(t, 2)
	srv.ResourceUpdated("company://employees/e02")
	srv.ResourceUpdated(toolbox.HandbookWelcome)
	got = rec.wait(t, 4)
	cancel()
	if r := <-done; r.Msg != nil {
		t.Errorf("a client-closed subscription got %s", r.Msg.Encode())
	}
	want := []string{
		`{"jsonrpc":"2.0","method":"notifications/prompts/list_changed","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":"sub-1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":"sub-1"},"uri":"company://employees/e02"}}`,
		`{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":"sub-1"},"uri":"company://handbook/welcome"}}`,
	}
	// One poll sees both updates (sorted by URI) or two polls one each:
	// the same order.
	if strings.Join(got[1:], "\n") != strings.Join(want, "\n") {
		t.Errorf("notifications\n%s\nwant\n%s", strings.Join(got[1:], "\n"), strings.Join(want, "\n"))
	}
	for _, v := range got {
		if strings.Contains(v, "tools/list_changed") || strings.Contains(v, "expenses") {
			t.Errorf("not opted in: %s", v)
		}
	}
}

// TestListenWithoutListChanged: without listChanged declared the server
// agrees to no list changes, but still to resource subscriptions.
func TestListenWithoutListChanged(t *testing.T) {
	srv := fastServer(false)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rec := &recorder{}
	params := mcp.RequestParams(protocol.V20260728, map[string]any{"notifications": mcp.SubscriptionFilter{
		ToolsListChanged: true, PromptsListChanged: true, ResourcesListChanged: true, ResourceSubscriptions: []string{toolbox.LogoURI}}}, nil)
	go srv.Handle(ctx, mcp.NewConn(), jsonrpc.Request(jsonrpc.IntID(9), protocol.MethodListen, params), rec.add)
	got := rec.wait(t, 1)
	if !strings.HasSuffix(got[0], `"notifications":{"resourceSubscriptions":["company://logo.png"]}}}`) {
		t.Errorf("acknowledgment %s", got[0])
	}
}

// TestSessionNotices: a 2025-11-25 session gets list_changed for each
// changed list (listChanged declared) and resources/updated only for what
// it subscribed to; an unsubscribed URI stops.
func TestSessionNotices(t *testing.T) {
	srv := fastServer(true)
	c := dial(t, srv, protocol.V20251125, "stdio", nil)
	for _, uri := range []string{toolbox.HandbookWelcome, toolbox.LogoURI} {
		if a := c.call(protocol.MethodSubscribe, map[string]any{"uri": uri}, opts{}); a.last().Error != nil {
			t.Fatal(a.last().Error.Message)
		}
	}
	c.call(protocol.MethodUnsubscribe, map[string]any{"uri": toolbox.LogoURI}, opts{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rec := &recorder{}
	done := make(chan struct{})
	watching := make(chan struct{})
	go func() {
		defer close(done)
		_ = srv.WatchSession(ctx, c.peer.Conn(), func() { close(watching) }, rec.add)
	}()
	<-watching
	srv.ResourceUpdated(toolbox.LogoURI) // unsubscribed
	srv.ResourceUpdated(toolbox.HandbookWelcome)
	got := rec.wait(t, 1)
	next, _ := toolbox.Default().WithPrompts(extraPrompt)
	srv.SetTools(next)
	got = rec.wait(t, 2)
	cancel()
	<-done
	want := `{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"company://handbook/welcome"}}` + "\n" +
		`{"jsonrpc":"2.0","method":"notifications/prompts/list_changed"}`
	if strings.Join(got, "\n") != want {
		t.Errorf("notices\n%s\nwant\n%s", strings.Join(got, "\n"), want)
	}
	if !srv.Notifies() || !fastServer(false).Notifies() {
		t.Error("a server offering resources notifies its sessions")
	}
	if labserver.NewServer(mcp.Config{Tools: toolbox.Default().ToolsOnly().Without("export_timesheets")}).Notifies() {
		t.Error("a tools-only server without listChanged or task-supporting tools has nothing to tell")
	}
}

// TestSetToolsAnnouncesOnlyChangedLists: replacing the registry with an
// equal one announces nothing; adding a tool announces only tools.
func TestSetToolsAnnouncesOnlyChangedLists(t *testing.T) {
	srv := fastServer(true)
	c := dial(t, srv, protocol.V20251125, "stdio", nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rec := &recorder{}
	watching := make(chan struct{})
	go func() { _ = srv.WatchSession(ctx, c.peer.Conn(), func() { close(watching) }, rec.add) }()
	<-watching
	srv.SetTools(toolbox.Default())
	time.Sleep(20 * time.Millisecond)
	srv.SetTools(toolbox.Default().MustWith(toolbox.BookRoom()))
	got := rec.wait(t, 1)
	time.Sleep(20 * time.Millisecond)
	rec.mu.Lock()
	n := len(rec.msgs)
	rec.mu.Unlock()
	if n != 1 || got[0] != `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}` {
		t.Errorf("%d notices: %v", n, got)
	}
}

// TestNoChangeMissedAfterAck: a change the client makes the moment it
// reads the acknowledgment (here: inside the acknowledgment's delivery) is
// delivered; the baseline is taken before the acknowledgment goes out.
func TestNoChangeMissedAfterAck(t *testing.T) {
	srv := fastServer(true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rec := &recorder{}
	notify := func(m *jsonrpc.Message) {
		rec.add(m)
		if m.Method == protocol.MethodAcknowledged {
			srv.SetTools(toolbox.Default().MustWith(toolbox.BookRoom()))
		}
	}
	params := mcp.RequestParams(protocol.V20260728, map[string]any{"notifications": mcp.SubscriptionFilter{ToolsListChanged: true}}, nil)
	go srv.Handle(ctx, mcp.NewConn(), jsonrpc.Request(jsonrpc.IntID(1), protocol.MethodListen, params), notify)
	if got := rec.wait(t, 2); !strings.Contains(got[1], "notifications/tools/list_changed") {
		t.Errorf("second message %s", got[1])
	}
	// The same for a 2025-11-25 session's watcher.
	c := dial(t, srv, protocol.V20251125, "stdio", nil)
	rec2 := &recorder{}
	go func() {
		_ = srv.WatchSession(ctx, c.peer.Conn(), func() { srv.SetTools(toolbox.Default()) }, rec2.add)
	}()
	if got := rec2.wait(t, 1); got[0] != `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}` {
		t.Errorf("session notice %s", got[0])
	}
}
