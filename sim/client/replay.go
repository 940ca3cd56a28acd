package client

import (
	"net/http"
	"sort"
	"strings"

	"mcpwirelab/sim/netguard"
	"mcpwirelab/sim/trace"

	"mcpwirelab/sim/protocol"
)

// ReplayRequest is one HTTP request of a trace, ready to be sent again to a
// real MCP endpoint (the dev server's /mcp, from the page).
type ReplayRequest struct {
	Seq     int         // the trace event it came from
	Method  string      // POST, GET or DELETE
	Headers [][2]string // sorted by name; headers a page may not set dropped
	Body    string
	// Unsendable are the header lines ("Origin: http://attacker.example")
	// the request carries that a page cannot send and the server judges
	// (PageCannotSend): when there are any, replaying it from the page
	// would ask another question, and curl, which sends them, is the way.
	Unsendable []string
	// SimStatus is the status the simulator's response to it had (0 when
	// the client gave up before a response).
	SimStatus int
}

// ForbiddenRequestHeaders are the Fetch standard's forbidden request-header
// names (fetch.spec.whatwg.org §Terminology: Headers, "forbidden
// request-header") that the lab's requests carry: a page's fetch cannot set
// them; the browser writes its own value or none. It is the one list of
// them: the replay plan, the page's replay and its curl commands read it.
var ForbiddenRequestHeaders = []string{"Accept-Encoding", "Connection", "Content-Length", "Host", "Origin", "Transfer-Encoding"}

// IsForbiddenRequestHeader reports whether a page cannot set the header.
func IsForbiddenRequestHeader(name string) bool {
	for _, f := range ForbiddenRequestHeaders {
		if strings.EqualFold(f, name) {
			return true
		}
	}
	return false
}

// PageCannotSend reports whether a header line of a trace's request is one
// the server judges and a page cannot send as written, so that a replay
// from the page would not ask the server the same question: any Origin
// (the browser sends the page's own, or none on a same-origin GET) and a
// Host that does not name this machine's loopback interface (the browser
// sends the page's, which for the dev server does). Framing headers the
// browser writes itself (Content-Length, Connection…) change nothing.
func PageCannotSend(name, value string) bool {
	switch http.CanonicalHeaderKey(name) {
	case "Origin":
		return true
	case "Host":
		return !netguard.IsLoopbackHost(value)
	}
	return false
}

// replayDropped are the headers a page cannot set or that belong to the
// simulated client (User-Agent).
func replayDropped(name string) bool {
	return IsForbiddenRequestHeader(name) || http.CanonicalHeaderKey(name) == "User-Agent"
}

// ReplayPlan lists the requests of tr to the MCP endpoint path, up to and
// including event index upTo (0-based), in order. Only HTTP exchanges with
// that endpoint are replayable: stdio has nothing to fetch, and the HTTP
// lessons talk to a toy API the dev server does not host.
func ReplayPlan(tr *trace.Trace, upTo int, path string) []ReplayRequest {
	if tr == nil || tr.Transport != "http" {
		return nil
	}
	var out []ReplayRequest
	for i, e := range tr.Events {
		if i > upTo {
			break
		}
		if e.Channel != trace.HTTPRequest || e.Kind != trace.KindMessage || e.HTTP == nil || e.HTTP.Path != path {
			continue
		}
		req := ReplayRequest{Seq: e.Seq, Method: e.HTTP.Method}
		for name, vals := range e.HTTP.Headers {
			for _, v := range vals {
				if PageCannotSend(name, v) {
					req.Unsendable = append(req.Unsendable, name+": "+v)
				}
			}
			if replayDropped(name) {
				continue
			}
			for _, v := range vals {
				req.Headers = append(req.Headers, [2]string{name, v})
			}
		}
		sort.Slice(req.Headers, func(a, b int) bool { return req.Headers[a][0] < req.Headers[b][0] })
		sort.Strings(req.Unsendable)
		if _, body, ok := strings.Cut(e.Raw, "\r\n\r\n"); ok {
			req.Body = body
		}
		// The response is the first head of the same exchange.
		for _, r := range tr.Events[i+1:] {
			if r.Channel == trace.HTTPResponse && r.HTTP != nil && !r.HTTP.Chunk && r.HTTP.Exchange == e.HTTP.Exchange {
				req.SimStatus = r.HTTP.Status
				break
			}
		}
		out = append(out, req)
	}
	return out
}

// Replay is the client's session state while a trace's requests are sent
// again to a real server: the session id the simulated server minted means
// nothing there, so once the real server mints one (2025-11-25 §Session
// Management 1: on the initialize response), it replaces the simulated one
// on every request that carried it (§Session Management 2).
type Replay struct {
	session string
}

// Headers returns the headers to send for r, with token as the bearer
// credential when not empty.
func (p *Replay) Headers(r ReplayRequest, token string) map[string]string {
	h := map[string]string{}
	for _, kv := range r.Headers {
		if http.CanonicalHeaderKey(kv[0]) == protocol.HeaderSessionID && p.session != "" {
			h[kv[0]] = p.session
			continue
		}
		h[kv[0]] = kv[1]
	}
	if token != "" {
		h["Authorization"] = "Bearer " + token
	}
	return h
}

// Answered takes note of the Mcp-Session-Id a real response carried ("" when
// none).
func (p *Replay) Answered(sessionID string) {
	if sessionID != "" {
		p.session = sessionID
	}
}
