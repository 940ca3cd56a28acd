package scenario

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"mcpwirelab/sim/jsonrpc"
)

// specSchemas compiles definitions of ../shared/spec/<version>/schema.json.
type specSchemas struct {
	mu    sync.Mutex
	c     *jsonschema.Compiler
	url   string
	cache map[string]*jsonschema.Schema
}

func loadSpec(t *testing.T, version string) *specSchemas {
	t.Helper()
	dir := specDir(t)
	path := filepath.Join(dir, version, "schema.json")
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("MCP_SPEC_DIR=%s: %v", dir, err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	c := jsonschema.NewCompiler()
	url := "https://modelcontextprotocol.io/schema/" + version + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	return &specSchemas{c: c, url: url, cache: map[string]*jsonschema.Schema{}}
}

func (s *specSchemas) validate(def string, raw []byte) error {
	s.mu.Lock()
	sch, ok := s.cache[def]
	if !ok {
		var err error
		sch, err = s.c.Compile(s.url + "#/$defs/" + def)
		if err != nil {
			s.mu.Unlock()
			return fmt.Errorf("compile %s: %v", def, err)
		}
		s.cache[def] = sch
	}
	s.mu.Unlock()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
	if err != nil {
		return err
	}
	if err := sch.Validate(v); err != nil {
		return fmt.Errorf("not a valid %s: %v", def, err)
	}
	return nil
}

var requestDefs = map[string]string{
	"initialize":                               "InitializeRequest",
	"server/discover":                          "DiscoverRequest",
	"tools/list":                               "ListToolsRequest",
	"tools/call":                               "CallToolRequest",
	"notifications/initialized":                "InitializedNotification",
	"notifications/cancelled":                  "CancelledNotification",
	"notifications/progress":                   "ProgressNotification",
	"prompts/list":                             "ListPromptsRequest",
	"subscriptions/listen":                     "SubscriptionsListenRequest",
	"notifications/subscriptions/acknowledged": "SubscriptionsAcknowledgedNotification",
	"notifications/tools/list_changed":         "ToolListChangedNotification",
}

var resultDefs = map[string]string{
	"initialize":      "InitializeResult",
	"server/discover": "DiscoverResult",
	"tools/list":      "ListToolsResult",
	"tools/call":      "CallToolResult",
}

// errorDefs name the 2026-07-28 definition of a whole error response, or of
// its error object (prefix "error:").
var errorDefs2026 = map[int]string{
	jsonrpc.CodeUnsupportedProtocolVersion: "UnsupportedProtocolVersionError",
	jsonrpc.CodeHeaderMismatch:             "HeaderMismatchError",
	jsonrpc.CodeMethodNotFound:             "error:MethodNotFoundError",
	jsonrpc.CodeInvalidParams:              "error:InvalidParamsError",
	jsonrpc.CodeInvalidRequest:             "error:InvalidRequestError",
	jsonrpc.CodeParseError:                 "ParseError",
}

// TestMessagesMatchSchema validates every JSON-RPC message of every
// transcript against the official schema of its version: the envelope, and
// the definition for its method or for the request it answers.
func TestMessagesMatchSchema(t *testing.T) {
	schemas := map[string]*specSchemas{}
	for _, v := range Versions {
		schemas[v] = loadSpec(t, v)
	}
	checked := 0
	for _, m := range matrixTraces(t) {
		o, tr := m.o, m.tr
		methods := map[string]string{} // request id → method
		for _, e := range tr.Events {
			version := tr.EventVersion(e)
			s := schemas[version]
			for _, raw := range e.Messages {
				where := fmt.Sprintf("%s/%s/%s/%s event %d (%s, %s)", o.Scenario, o.Version, o.Transport, o.Fault, e.Seq, e.Note, version)
				if err := s.validate("JSONRPCMessage", raw); err != nil {
					t.Errorf("%s: %v\n%s", where, err, raw)
					continue
				}
				m, derr := jsonrpc.Decode(raw)
				if derr != nil {
					t.Errorf("%s: %v", where, derr)
					continue
				}
				checked++
				switch m.Kind() {
				case jsonrpc.KindRequest, jsonrpc.KindNotification:
					def, ok := requestDefs[m.Method]
					if !ok {
						t.Errorf("%s: no schema definition known for method %s", where, m.Method)
						continue
					}
					if m.Kind() == jsonrpc.KindRequest {
						methods[m.ID.String()] = m.Method
					}
					if err := s.validate(def, raw); err != nil {
						t.Errorf("%s: %v\n%s", where, err, raw)
					}
				case jsonrpc.KindResult:
					method := methods[m.ID.String()]
					def, ok := resultDefs[method]
					if !ok {
						t.Errorf("%s: result for unknown request %s", where, m.ID)
						continue
					}
					if err := s.validate(def, m.Result); err != nil {
						t.Errorf("%s: %v\n%s", where, err, m.Result)
					}
					if version == "2026-07-28" {
						if err := s.validate(def+"Response", raw); err != nil {
							t.Errorf("%s: %v", where, err)
						}
					}
				case jsonrpc.KindError:
					if err := s.validate("JSONRPCErrorResponse", raw); err != nil {
						t.Errorf("%s: %v", where, err)
					}
					if version != "2026-07-28" {
						continue
					}
					def, ok := errorDefs2026[m.Error.Code]
					if !ok {
						continue
					}
					target := raw
					if strings.HasPrefix(def, "error:") {
						def = strings.TrimPrefix(def, "error:")
						target, _ = json.Marshal(m.Error)
					}
					if err := s.validate(def, target); err != nil {
						t.Errorf("%s: %v\n%s", where, err, raw)
					}
				}
			}
		}
	}
	if checked < 200 {
		t.Errorf("only %d messages validated; the matrix should produce more", checked)
	}
	t.Logf("validated %d messages", checked)
}

// TestSchemaCatchesViolations proves the validation above can fail.
func TestSchemaCatchesViolations(t *testing.T) {
	s := loadSpec(t, "2026-07-28")
	bad := map[string]string{
		"CallToolResult":                  `{"resultType":"complete"}`,
		"DiscoverResult":                  `{"resultType":"complete","capabilities":{}}`,
		"JSONRPCRequest":                  `{"jsonrpc":"2.0","id":null,"method":"tools/list"}`,
		"UnsupportedProtocolVersionError": `{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"x"}}`,
		"CallToolRequest":                 `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{}}}`,
	}
	for def, raw := range bad {
		if err := s.validate(def, []byte(raw)); err == nil {
			t.Errorf("%s accepted an invalid message: %s", def, raw)
		}
	}
}
