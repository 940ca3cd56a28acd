package exercise

import (
	"bufio"
	"encoding/json"
	"mime"
	"net/http"
	"strings"
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

// rpcReply is a decoded JSON-RPC response.
type rpcReply struct {
	msg     map[string]any
	id      any
	hasID   bool
	result  map[string]any // nil unless a result object
	isRes   bool
	code    int // error code when !isRes
	message string
	data    any
}

func decodeReply(raw []byte) (*rpcReply, bool) {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil, false
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	r := &rpcReply{msg: m}
	r.id, r.hasID = m["id"]
	if res, ok := m["result"]; ok {
		r.isRes = true
		r.result, _ = res.(map[string]any)
		return r, true
	}
	e, ok := m["error"].(map[string]any)
	if !ok {
		return r, false
	}
	if f, ok := e["code"].(float64); ok {
		r.code = int(f)
	}
	r.message, _ = e["message"].(string)
	r.data = e["data"]
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
// the body itself for application/json, the last data event carrying a
// response for text/event-stream. nil when there is none.
func httpReply(header http.Header, body []byte) *rpcReply {
	ct, _, _ := mime.ParseMediaType(header.Get("Content-Type"))
	if ct == "text/event-stream" {
		var last *rpcReply
		var data []string
		flush := func() {
			if len(data) > 0 {
				if r, ok := decodeReply([]byte(strings.Join(data, "\n"))); ok && (r.isRes || r.code != 0) {
					last = r
				}
			}
			data = nil
		}
		sc := bufio.NewScanner(strings.NewReader(string(body)))
		sc.Buffer(make([]byte, 64*1024), 4<<20)
		for sc.Scan() {
			line := strings.TrimRight(sc.Text(), "\r")
			switch {
			case line == "":
				flush()
			case strings.HasPrefix(line, "data:"):
				data = append(data, strings.TrimPrefix(strings.TrimPrefix(line, "data:"), " "))
			}
		}
		flush()
		return last
	}
	if r, ok := decodeReply(body); ok {
		return r
	}
	return nil
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
