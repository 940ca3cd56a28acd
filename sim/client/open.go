package client

import (
	"context"
	"encoding/json"
	"fmt"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
)

// Discover sends 2026-07-28 server/discover and keeps the server's
// capabilities and identity (server/discover §When to Call: optional, a
// client may call it first to learn what the server supports).
func (c *Client) Discover(ctx context.Context, o CallOptions) (mcp.DiscoverResult, Outcome) {
	out := c.Request(ctx, protocol.MethodDiscover, nil, o)
	var res mcp.DiscoverResult
	if out.Result(&res) {
		c.update(func(s *Session) { s.Capabilities, s.Server = res.Capabilities, res.Meta.ServerInfo })
	}
	return res, out
}

// Initialize sends the 2025-11-25 initialize request asking for the
// client's version (basic/lifecycle §Initialization). When the server
// answers with a version the client supports, the session speaks it from
// now on (Session.Negotiated); when not, lifecycle §Version Negotiation
// says the client "SHOULD disconnect", which is the caller's to do.
func (c *Client) Initialize(ctx context.Context, o CallOptions) (mcp.InitializeResult, Outcome) {
	out := c.send(ctx, jsonrpc.Request(c.newID(), protocol.MethodInitialize, mcp.InitializeParamsWith(c.Version(), c.Capabilities())), o)
	var res mcp.InitializeResult
	if out.Result(&res) && c.Supports(res.ProtocolVersion) {
		c.update(func(s *Session) {
			s.Version, s.Negotiated = res.ProtocolVersion, true
			s.Capabilities, s.Server = res.Capabilities, res.ServerInfo
		})
	}
	return res, out
}

// Initialized sends notifications/initialized, which completes the
// 2025-11-25 handshake (lifecycle §Initialization: "the client MUST send an
// initialized notification").
func (c *Client) Initialized(ctx context.Context, o CallOptions) Outcome {
	return c.Notify(ctx, protocol.MethodInitialized, nil, o)
}

// ErrVersion reports that the server and the client share no version.
type ErrVersion struct{ Asked, Offered string }

func (e *ErrVersion) Error() string {
	return fmt.Sprintf("client: asked for %s, the server offered %s, which this client does not support", e.Asked, e.Offered)
}

// Open starts the connection the way the client's version requires:
// 2026-07-28 calls server/discover and, when the server answers -32022,
// retries once with the newest version both support (basic/versioning
// §Protocol Version Negotiation: "The client SHOULD select a mutually
// supported version from the supported list and retry"); 2025-11-25 runs
// the initialize handshake. It returns the last outcome, and an error when
// the connection cannot be used.
func (c *Client) Open(ctx context.Context) (Outcome, error) {
	if err := c.Start(ctx); err != nil {
		return Outcome{Err: err}, err
	}
	if !protocol.IsModern(c.Version()) {
		asked := c.Version()
		res, out := c.Initialize(ctx, CallOptions{})
		if err := usable(out); err != nil {
			return out, err
		}
		if !c.Session().Negotiated {
			return out, &ErrVersion{Asked: asked, Offered: res.ProtocolVersion}
		}
		out = c.Initialized(ctx, CallOptions{})
		return out, usable(out)
	}
	_, out := c.Discover(ctx, CallOptions{})
	if e := out.Error(); e != nil && e.Code == protocol.CodeUnsupportedProtocolVersion {
		var data mcp.UnsupportedVersionData
		_ = json.Unmarshal(e.Data, &data)
		v := c.Choose(data.Supported)
		if v == "" {
			return out, &ErrVersion{Asked: c.Version(), Offered: fmt.Sprint(data.Supported)}
		}
		c.SetVersion(v)
		_, out = c.Discover(ctx, CallOptions{})
	}
	return out, usable(out)
}

// Choose picks the newest per-request-metadata version both the client
// and a server's supported list have ("" when none).
func (c *Client) Choose(supported []string) string {
	best := ""
	for _, v := range supported {
		if protocol.IsModern(v) && c.Supports(v) && v > best {
			best = v
		}
	}
	return best
}

// usable turns an outcome the connection cannot go on from into an error.
func usable(out Outcome) error {
	switch {
	case out.Err != nil:
		return out.Err
	case out.Broken != "":
		return fmt.Errorf("client: connection lost: %s", out.Broken)
	case out.TimedOut:
		return fmt.Errorf("client: request timed out")
	case out.Error() != nil:
		return out.Error()
	case out.Status >= 300:
		return fmt.Errorf("client: HTTP %d", out.Status)
	case out.Response == nil && !out.ID.IsZero():
		return fmt.Errorf("client: no response")
	}
	return nil
}

// Close ends the connection the way the transport and version do it
// (stdio: close the server's stdin and let it exit; 2025-11-25 HTTP:
// DELETE the session).
func (c *Client) Close(ctx context.Context, o CallOptions) error {
	x := c.newExchange(ctx, nil, o)
	defer x.cancel()
	return c.t.Close(x)
}
