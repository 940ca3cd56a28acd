//go:build !(js && wasm)

package everything

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"mcpwirelab/sim/jsonrpc"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/realwire"
)

// askingServer is a 2025-11-25 server shaped like the suite's
// elicitation-sep1034-client-defaults one (the TypeScript SDK's server
// sending elicitation/create with no related request): tools/call makes it
// ask on the session's GET stream, and it answers the call with the
// client's answer.
type askingServer struct {
	mu       sync.Mutex
	stream   chan []byte // events for the GET stream
	answered chan json.RawMessage
	methods  []string
	got      json.RawMessage // the client's answer
}

func newAskingServer() *askingServer {
	return &askingServer{stream: make(chan []byte, 1), answered: make(chan json.RawMessage, 1)}
}

func (s *askingServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Mcp-Session-Id", "s-1")
	switch r.Method {
	case http.MethodGet:
		w.Header().Set("Content-Type", "text/event-stream")
		w.(http.Flusher).Flush()
		for {
			select {
			case ev := <-s.stream:
				w.Write(ev)
				w.(http.Flusher).Flush()
			case <-r.Context().Done():
				return
			}
		}
	case http.MethodDelete:
		return
	}
	b, _ := io.ReadAll(r.Body)
	m, err := jsonrpc.Decode(b)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.methods = append(s.methods, m.Method)
	s.mu.Unlock()
	reply := func(result string) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"jsonrpc":"2.0","id":`+m.ID.String()+`,"result":`+result+`}`)
	}
	switch {
	case m.Method == protocol.MethodInitialize:
		reply(`{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"asking","version":"1"}}`)
	case m.Method == protocol.MethodToolsList:
		reply(`{"tools":[{"name":"test_client_elicitation_defaults","inputSchema":{"type":"object","properties":{},"required":[]}}]}`)
	case m.Method == protocol.MethodToolsCall:
		s.stream <- []byte(`event: message` + "\n" + `data: {"jsonrpc":"2.0","id":0,"method":"elicitation/create","params":{"message":"Accept with defaults",` +
			`"requestedSchema":{"type":"object","properties":{"name":{"type":"string","default":"John Doe"},"age":{"type":"integer","default":30}}}}}` + "\n\n")
		select {
		case a := <-s.answered:
			reply(`{"content":[{"type":"text","text":` + strings.TrimSpace(string(mustJSON(string(a)))) + `}]}`)
		case <-time.After(5 * time.Second):
			reply(`{"content":[{"type":"text","text":"no answer"}],"isError":true}`)
		}
	case m.Kind() == jsonrpc.KindResult:
		s.mu.Lock()
		s.got = m.Result
		s.mu.Unlock()
		s.answered <- m.Result
		w.WriteHeader(http.StatusAccepted)
	default:
		w.WriteHeader(http.StatusAccepted)
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// TestElicitationDefaultsOverTheGETStream: in a 2025-11-25 session the
// client keeps the GET stream open, so a server that asks outside any
// request (as the suite's TypeScript server does) reaches it; the Host's
// user accepts without touching a field and the client sends the schema's
// defaults. Without the GET stream the server's question goes nowhere and
// the call times out.
func TestElicitationDefaultsOverTheGETStream(t *testing.T) {
	srv := newAskingServer()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	w := realwire.NewHTTP()
	defer w.CloseIdleConnections()
	var logs []string
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := Run(ctx, w, ts.URL, Options{Scenario: "elicitation-sep1034-client-defaults", Version: protocol.V20251125,
		Logf: func(f string, a ...any) { logs = append(logs, f) }})
	if err != nil || len(logs) > 0 {
		t.Fatalf("Run: %v, log %q", err, logs)
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	want := "initialize notifications/initialized tools/list tools/call "
	if got := strings.Join(srv.methods, " "); got != want {
		t.Fatalf("the server saw %q, want %q (the answer POST has no method)", got, want)
	}
	if got := string(srv.got); got != `{"action":"accept","content":{"age":30,"name":"John Doe"}}` {
		t.Fatalf("the client answered %s", got)
	}
}

// TestRun refuses what it does not play: the authorization scenarios
// (outside the course), unknown scenarios and versions.
func TestRun(t *testing.T) {
	ctx := context.Background()
	if err := Run(ctx, nil, "http://127.0.0.1:1/", Options{Scenario: "auth/metadata-default", Version: protocol.V20251125}); !errors.Is(err, ErrOutside) {
		t.Errorf("auth/metadata-default: %v", err)
	}
	if err := Run(ctx, nil, "http://127.0.0.1:1/", Options{Scenario: "no-such", Version: protocol.V20251125}); !errors.Is(err, ErrUsage) {
		t.Errorf("no-such: %v", err)
	}
	if err := Run(ctx, nil, "http://127.0.0.1:1/", Options{Scenario: "initialize", Version: "2024-11-05"}); !errors.Is(err, ErrUsage) {
		t.Errorf("2024-11-05: %v", err)
	}
	if err := Run(ctx, nil, "http://127.0.0.1:1/", Options{Scenario: "http-custom-headers", Version: protocol.V20260728, Context: "{"}); err == nil {
		t.Error("a broken context was accepted")
	}
}

// TestArguments: a value of the right type for each required property.
func TestArguments(t *testing.T) {
	got := Arguments(json.RawMessage(`{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number","minimum":2},` +
		`"c":{"type":"string","enum":["x","y"]},"d":{"type":"boolean"},"e":{"type":"string"}},"required":["a","b","c","d"]}`))
	if b, _ := json.Marshal(got); string(b) != `{"a":0,"b":2,"c":"x","d":true}` {
		t.Fatalf("%s", b)
	}
	calls, err := toolCalls(`{"name":"http-custom-headers","toolCalls":[{"name":"t","arguments":{"region":"us"}},{"name":"u"}]}`)
	if err != nil || len(calls) != 2 || calls[0].Name != "t" || string(calls[0].Arguments) != `{"region":"us"}` {
		t.Fatalf("%+v %v", calls, err)
	}
	if b, _ := json.Marshal(args(calls[1].Arguments)); string(b) != `{}` {
		t.Fatalf("no arguments: %s", b)
	}
}
