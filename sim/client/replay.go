package client

import (
	"net/http"
	"sort"
	"strings"

	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/transport/streamhttp"
)

// ReplayRequest is one HTTP request of a trace, ready to be sent again to a
// real MCP endpoint (the dev server's /mcp, from the page).
type ReplayRequest struct {
	Seq     int         // the trace event it came from
	Method  string      // POST, GET or DELETE
	Headers [][2]string // sorted by name; headers a page may not set dropped
	Body    string
	// SimStatus is the status the simulator's response to it had (0 when
	// the client gave up before a response).
	SimStatus int
}

// replayDropped are the headers a page cannot set (fetch's forbidden
// request headers, framing) or that belong to the simulated client.
func replayDropped(name string) bool {
	switch http.CanonicalHeaderKey(name) {
	case "Host", "Content-Length", "User-Agent", "Origin", "Connection", "Accept-Encoding", "Transfer-Encoding":
		return true
	}
	return false
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
			if replayDropped(name) {
				continue
			}
			for _, v := range vals {
				req.Headers = append(req.Headers, [2]string{name, v})
			}
		}
		sort.Slice(req.Headers, func(a, b int) bool { return req.Headers[a][0] < req.Headers[b][0] })
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
		if http.CanonicalHeaderKey(kv[0]) == streamhttp.HeaderSessionID && p.session != "" {
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
