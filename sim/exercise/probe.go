package exercise

import (
	"encoding/json"
	"net/http"
	"strings"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/wire"
)

// Probe sends a learner's message to the engine's real server and reports
// what came back. The "write the message" exercises are graded on the
// server's actual answer, so any correct message passes. Every call must use
// a fresh server (no state carried between calls) so grading is
// deterministic. An adapter over the engine (sim/mcp) implements it.
type Probe interface {
	// HTTP sends raw HTTP/1.1 request text to a fresh dual-era server's /mcp
	// endpoint and returns the raw response status and body. The text is a
	// complete request: request line, headers with CRLF line endings, an
	// empty line, and exactly Content-Length bytes of body. The body returned
	// is either one JSON-RPC message (Content-Type: application/json) or an
	// SSE stream (text/event-stream) whose last response event is the answer.
	// err reports a failure of the probe itself, never an HTTP or JSON-RPC
	// error (those are status and body).
	HTTP(rawRequest string) (status int, header http.Header, body []byte, err error)
	// Stdio sends lines to a fresh server over stdio and returns the lines it
	// wrote to stdout. Each line is written to the server's stdin followed by
	// "\n"; stdin is closed after the last line, and the returned lines are
	// everything the server wrote to stdout, in order, without newlines.
	Stdio(lines []string) (stdout []string, err error)
}

// rpcReply is a JSON-RPC response the server sent, read with the engine's
// decoder (jsonrpc.Decode, through wire.Decode).
type rpcReply struct {
	id      any            // the id as JSON, nil when absent
	hasID   bool           // the response carries an id
	result  map[string]any // nil unless a result object
	isRes   bool
	code    int // error code when !isRes
	message string
	data    any
}

// decodeReply reads one response; false for anything that is not a valid
// JSON-RPC response (garbage, a request, a notification).
func decodeReply(raw []byte) (*rpcReply, bool) {
	m := wire.Decode(raw)
	if m == nil {
		return nil, false
	}
	return replyOf(m)
}

func replyOf(m *jsonrpc.Message) (*rpcReply, bool) {
	switch m.Kind() {
	case jsonrpc.KindResult, jsonrpc.KindError:
	default:
		return nil, false
	}
	r := &rpcReply{hasID: !m.ID.IsZero()}
	if r.hasID {
		_ = json.Unmarshal([]byte(m.ID.String()), &r.id)
	}
	if m.Error != nil {
		r.code, r.message = m.Error.Code, m.Error.Message
		if len(m.Error.Data) > 0 {
			_ = json.Unmarshal(m.Error.Data, &r.data)
		}
		return r, true
	}
	r.isRes = true
	_ = json.Unmarshal(m.Result, &r.result)
	return r, true
}

// toolError reports whether the reply is a tools/call result with isError.
func (r *rpcReply) toolError() (string, bool) {
	if !r.isRes || r.result == nil {
		return "", false
	}
	if b, _ := r.result["isError"].(bool); !b {
		return "", false
	}
	var texts []string
	if content, ok := r.result["content"].([]any); ok {
		for _, it := range content {
			if m, ok := it.(map[string]any); ok {
				if s, ok := m["text"].(string); ok {
					texts = append(texts, s)
				}
			}
		}
	}
	return strings.Join(texts, " "), true
}

// httpReply extracts the JSON-RPC response from an HTTP response body:
// the body itself for application/json, the last event carrying a
// response for text/event-stream (read with the lab's one SSE reader).
// nil when there is none.
func httpReply(header http.Header, body []byte) *rpcReply {
	var last *rpcReply
	for _, m := range wire.Messages(header.Get("Content-Type"), body) {
		if r, ok := replyOf(m); ok {
			last = r
		}
	}
	return last
}

// describeHTTP summarises what the server answered, for notes and problems.
func describeHTTP(c *checker, status int, r *rpcReply) string {
	st := statusText(status)
	switch {
	case r == nil:
		return c.t("srv-http-plain", st)
	case r.isRes:
		if text, ok := r.toolError(); ok {
			return c.t("srv-http-toolerror", st, text)
		}
		return c.t("srv-http-result", st)
	default:
		return c.t("srv-http-error", st, r.code, r.message)
	}
}

func statusText(status int) string {
	if t := http.StatusText(status); t != "" {
		return strings.TrimSpace(strings.Join([]string{itoa(status), t}, " "))
	}
	return itoa(status)
}
