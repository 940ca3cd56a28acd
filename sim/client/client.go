package client

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"sync"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/vclock"
	"mcpwirelab/sim/wire"
)

// Transport carries a Client's messages to one server and brings back what
// the server sends. NewHTTP and NewStdio return the two the lab has; they
// are where the transports' rules live (headers and sessions, framing,
// how each cancels), so the Client itself only knows the protocol.
type Transport interface {
	// Start launches or connects (stdio: starts the server process).
	Start(ctx context.Context) error
	// Send puts x.Msg on the wire and delivers what the server sends for
	// it (x.Sent, x.Received) until the exchange is over: its response
	// came, a notification was accepted, the stream ended, or x's context
	// was cancelled.
	Send(x *Exchange) error
	// Cancel ends x before its response the way the version and transport
	// require, and makes Send return.
	Cancel(x *Exchange, cause Cause)
	// Listen delivers what the server sends on its own (2025-11-25: the
	// HTTP GET stream; unsolicited stdout lines) until x is stopped.
	Listen(x *Exchange) error
	// Resume reconnects to the broken response stream of the request x
	// expects, from the event after lastEventID (2025-11-25 HTTP).
	Resume(x *Exchange, lastEventID string) error
	// Close ends the connection (stdio: close stdin; a 2025-11-25 HTTP
	// session: DELETE). x carries the options of the close.
	Close(x *Exchange) error
}

// Config configures a Client.
type Config struct {
	// Version is the protocol version the client speaks first (its
	// _meta on 2026-07-28, what it asks for in initialize on 2025-11-25).
	Version string
	// Supported lists the versions the client accepts in an initialize
	// answer (2025-11-25 lifecycle §Version Negotiation); nil means
	// protocol.Versions().
	Supported []string
	// After runs f once d has passed on the client's clock and returns a
	// function that stops it. Nil means real time (time.AfterFunc); the
	// simulator passes its virtual clock.
	After func(d time.Duration, f func()) (stop func())
	// Observer sees every Event; nil discards them.
	Observer Observer
	// Host answers what the server asks the client (elicitation, sampling,
	// roots) and says which client capabilities the client declares; nil
	// declares none and answers every server request with -32601 (host.go).
	Host Host
	// Sleep waits d on the client's clock (a task's poll interval); nil
	// means real time. The simulator passes its virtual clock.
	Sleep func(ctx context.Context, d time.Duration) error
}

// Session is the connection state the version requires, shared with the
// transport.
type Session struct {
	// Version is the version the client speaks on the wire now.
	Version string
	// Negotiated: the 2025-11-25 initialize handshake accepted Version
	// (requests then carry MCP-Protocol-Version on HTTP).
	Negotiated bool
	// ID is the 2025-11-25 Mcp-Session-Id the server minted (HTTP).
	ID string
	// Capabilities and Server come from server/discover or initialize.
	Capabilities json.RawMessage
	Server       mcp.Implementation
}

// Client is an MCP client over one Transport.
type Client struct {
	cfg Config
	t   Transport

	mu      sync.Mutex
	session Session
	nextID  int64
	// headerParams are the x-mcp-header parameters of each tool the last
	// tools/list over HTTP showed, rejected the tools it left out (tools.go).
	headerParams map[string][]protocol.HeaderParam
	rejected     map[string]string
}

// New returns a client over t.
func New(t Transport, cfg Config) *Client {
	if cfg.Supported == nil {
		cfg.Supported = protocol.Versions()
	}
	if cfg.After == nil {
		cfg.After = func(d time.Duration, f func()) func() {
			t := time.AfterFunc(d, f)
			return func() { t.Stop() }
		}
	}
	if cfg.Sleep == nil {
		cfg.Sleep = vclock.RealSleep
	}
	c := &Client{cfg: cfg, t: t, session: Session{Version: cfg.Version}}
	if b, ok := t.(interface{ bind(*Client) }); ok {
		b.bind(c)
	}
	return c
}

// Session returns a copy of the connection state.
func (c *Client) Session() Session {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.session
}

// Version is the version the client speaks on the wire now.
func (c *Client) Version() string { return c.Session().Version }

// SetVersion changes the version the client speaks (a retry with a version
// the server listed, a dual-era client falling back).
func (c *Client) SetVersion(v string) {
	c.mu.Lock()
	c.session.Version = v
	c.mu.Unlock()
}

// Sleep waits d on the client's clock (Config.Sleep), or until ctx ends.
func (c *Client) Sleep(ctx context.Context, d time.Duration) error { return c.cfg.Sleep(ctx, d) }

// Supports reports whether the client accepts version v.
func (c *Client) Supports(v string) bool { return slices.Contains(c.cfg.Supported, v) }

// Reset forgets the session (a 2025-11-25 client whose session is gone
// starts a new one with initialize: transports §Session Management 4).
func (c *Client) Reset() {
	c.mu.Lock()
	c.session.ID, c.session.Negotiated = "", false
	c.mu.Unlock()
}

func (c *Client) update(f func(s *Session)) {
	c.mu.Lock()
	f(&c.session)
	c.mu.Unlock()
}

func (c *Client) newID() jsonrpc.ID {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.nextID++
	return jsonrpc.IntID(c.nextID)
}

func (c *Client) observe(e *Event) int {
	if c.cfg.Observer == nil {
		return 0
	}
	return c.cfg.Observer.Observe(e)
}

// Start launches the server (stdio) or does nothing (HTTP: there is
// nothing to connect before the first request).
func (c *Client) Start(ctx context.Context) error { return c.t.Start(ctx) }

// Request sends a request and waits for its outcome. For 2026-07-28 the
// required _meta (protocol version, the client capabilities its Host
// declares, client info) is merged into params (basic/index §_meta); o.Meta
// is added in both versions, o.LogLevel in 2026-07-28. A 2026-07-28
// InputRequiredResult is answered by the Host and the request retried until
// it completes (asks.go).
func (c *Client) Request(ctx context.Context, method string, params map[string]any, o CallOptions) Outcome {
	out := c.send(ctx, c.requestMsg(method, params, o), o)
	return c.fulfil(ctx, method, params, o, out)
}

// requestMsg is a request with a new id, its params as the version wants
// them (the per-request log level in 2026-07-28's _meta).
func (c *Client) requestMsg(method string, params map[string]any, o CallOptions) *jsonrpc.Message {
	meta := o.Meta
	if o.LogLevel != "" && protocol.IsModern(c.Version()) {
		meta = maps.Clone(meta)
		if meta == nil {
			meta = map[string]any{}
		}
		meta[protocol.MetaLogLevel] = o.LogLevel
	}
	return jsonrpc.Request(c.newID(), method, mcp.RequestParamsWith(c.Version(), c.Capabilities(), params, meta))
}

// Notify sends a notification (nothing answers it in JSON-RPC; on HTTP the
// server accepts it with 202).
func (c *Client) Notify(ctx context.Context, method string, params map[string]any, o CallOptions) Outcome {
	return c.send(ctx, jsonrpc.Notification(method, params), o)
}

func (c *Client) newExchange(ctx context.Context, m *jsonrpc.Message, o CallOptions) *Exchange {
	x := &Exchange{Msg: m, Opts: o, c: c}
	x.ctx, x.cancel = context.WithCancel(ctx)
	return x
}

// send runs one exchange with its deadline.
func (c *Client) send(ctx context.Context, m *jsonrpc.Message, o CallOptions) Outcome {
	return c.run(c.newExchange(ctx, m, o))
}

// run runs an exchange with its deadline.
func (c *Client) run(x *Exchange) Outcome {
	m, o := x.Msg, x.Opts
	defer x.cancel()
	if o.Timeout > 0 && m.Kind() == jsonrpc.KindRequest {
		stop := c.cfg.After(o.Timeout, func() {
			x.mu.Lock()
			late := x.resp != nil || x.stopped || x.done
			if !late {
				x.timedOut = true
			}
			x.mu.Unlock()
			if !late {
				c.cancel(x, CauseTimeout)
			}
		})
		defer stop()
	}
	err := c.t.Send(x)
	x.mu.Lock()
	x.done = true // a deadline firing from now on has nothing to cancel
	x.mu.Unlock()
	// A deadline that fired on a real clock's goroutine may still be
	// cancelling (a POST of notifications/cancelled): the exchange is over
	// when that is done too.
	x.ending.Wait()
	return x.finish(err)
}

// cancel ends x early (once).
func (c *Client) cancel(x *Exchange, cause Cause) {
	x.mu.Lock()
	if x.stopped || x.done {
		x.mu.Unlock()
		return
	}
	x.stopped, x.byClient = true, true
	x.ending.Add(1)
	x.mu.Unlock()
	defer x.ending.Done()
	c.t.Cancel(x, cause)
	x.cancel()
}

// sendCancelled sends notifications/cancelled for x (stdio; 2025-11-25
// HTTP) as an exchange of its own (basic/utilities/cancellation:
// "requestId" names the request, "reason" is for logging).
func (c *Client) sendCancelled(x *Exchange, cause Cause) {
	n := jsonrpc.Notification(protocol.MethodCancelled, map[string]any{
		"requestId": json.RawMessage(x.Msg.ID.String()), "reason": x.Reason(cause)})
	cx := c.newExchange(context.WithoutCancel(x.ctx), n, CallOptions{Tag: x.Opts.Tag})
	defer cx.cancel()
	cx.Role, cx.Cause, cx.Cancels = RoleCancel, cause, x.seqNum()
	_ = c.t.Send(cx)
}

func (x *Exchange) seqNum() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.seq
}

// finish turns the exchange into its outcome.
func (x *Exchange) finish(err error) Outcome {
	x.mu.Lock()
	x.done = true
	x.mu.Unlock()
	out := x.outcome()
	out.Err = err
	if b := x.c.broken(); b != "" {
		out.Broken = b
		out.Response = nil
	}
	return out
}

// broken is the reason the connection is unusable ("" while it is fine).
func (c *Client) broken() string {
	if b, ok := c.t.(interface{ brokenReason() string }); ok {
		return b.brokenReason()
	}
	return ""
}

// closeEvent records the client closing x's stream.
func (x *Exchange) closeEvent(p *wire.Piece, role Role, cause Cause, spec string) {
	p.Event.Spec = spec
	x.Record(&Event{Piece: *p, Tag: x.Opts.Tag, Role: role, Cause: cause, Cancels: x.seqNum()})
}
