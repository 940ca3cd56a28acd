package scenario

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"mcpwirelab/sim/internal/specschema"
	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
)

// loadSpec reads the official schema of a version (sim/internal/specschema).
func loadSpec(t *testing.T, version string) *specschema.Schemas { return specschema.Load(t, version) }

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
	// The resources, prompts and logging scenarios.
	"resources/list":                  "ListResourcesRequest",
	"resources/templates/list":        "ListResourceTemplatesRequest",
	"resources/read":                  "ReadResourceRequest",
	"resources/subscribe":             "SubscribeRequest",
	"resources/unsubscribe":           "UnsubscribeRequest",
	"prompts/get":                     "GetPromptRequest",
	"completion/complete":             "CompleteRequest",
	"logging/setLevel":                "SetLevelRequest",
	protocol.MethodPing:               "PingRequest",
	protocol.MethodTasksList:          "ListTasksRequest", // 2025-11-25 (taskDefs); removed by the extension
	"notifications/message":           "LoggingMessageNotification",
	"notifications/resources/updated": "ResourceUpdatedNotification",
	// The server asking the client (2025-11-25 only: a 2026-07-28 server
	// never sends a request), and the client telling it its roots changed.
	protocol.MethodElicit:              "ElicitRequest",
	protocol.MethodSample:              "CreateMessageRequest",
	protocol.MethodRoots:               "ListRootsRequest",
	"notifications/roots/list_changed": "RootsListChangedNotification",
	protocol.MethodTaskStatus:          "TaskStatusNotification",
	protocol.MethodElicitationComplete: "ElicitationCompleteNotification", // URL mode; removed in 2026-07-28
}

// removedMethods are 2025-11-25 methods a later version removed, with that
// version: a trace of it sends one only as a fault (a client still doing it
// the old way), checked as a JSON-RPC request; the test proves the
// definition is gone from that version's schema.
var removedMethods = map[string]string{
	"logging/setLevel":       "2026-07-28",
	"resources/subscribe":    "2026-07-28",
	"resources/unsubscribe":  "2026-07-28",
	protocol.MethodPing:      "2026-07-28",
	protocol.MethodTasksList: "2026-07-28", // removed by the tasks extension
}

// taskDefs are the tasks methods' requests and results per version: the
// experimental tasks of 2025-11-25's schema, the extension's schema in
// 2026-07-28 (sim/internal/specschema).
var taskDefs = map[string]map[string][2]string{
	protocol.V20251125: {
		protocol.MethodTasksGet:    {"GetTaskRequest", "GetTaskResult"},
		protocol.MethodTasksCancel: {"CancelTaskRequest", "CancelTaskResult"},
		protocol.MethodTasksResult: {"GetTaskPayloadRequest", "GetTaskPayloadResult"},
		protocol.MethodTasksList:   {"ListTasksRequest", "ListTasksResult"},
	},
	protocol.V20260728: {
		protocol.MethodTasksGet:    {specschema.TasksDef("GetTaskRequest"), specschema.TasksDef("GetTaskResult")},
		protocol.MethodTasksCancel: {specschema.TasksDef("CancelTaskRequest"), specschema.TasksDef("AckResult")},
		protocol.MethodTasksUpdate: {specschema.TasksDef("UpdateTaskRequest"), specschema.TasksDef("AckResult")},
	},
}

var resultDefs = map[string]string{
	"initialize":      "InitializeResult",
	"server/discover": "DiscoverResult",
	"tools/list":      "ListToolsResult",
	"tools/call":      "CallToolResult",
	// The resources, prompts and logging scenarios.
	"resources/list":           "ListResourcesResult",
	"resources/templates/list": "ListResourceTemplatesResult",
	"resources/read":           "ReadResourceResult",
	"resources/subscribe":      "EmptyResult",
	"resources/unsubscribe":    "EmptyResult",
	"prompts/list":             "ListPromptsResult",
	"prompts/get":              "GetPromptResult",
	"completion/complete":      "CompleteResult",
	"logging/setLevel":         "EmptyResult",
	protocol.MethodPing:        "EmptyResult",
	protocol.MethodElicit:      "ElicitResult",
	protocol.MethodSample:      "CreateMessageResult",
	protocol.MethodRoots:       "ListRootsResult",
}

// errorDefs name the 2026-07-28 definition of a whole error response, or of
// its error object (prefix "error:").
var errorDefs2026 = map[int]string{
	protocol.CodeUnsupportedProtocolVersion: "UnsupportedProtocolVersionError",
	protocol.CodeHeaderMismatch:             "HeaderMismatchError",
	protocol.CodeMethodNotFound:             "error:MethodNotFoundError",
	protocol.CodeInvalidParams:              "error:InvalidParamsError",
	protocol.CodeInvalidRequest:             "error:InvalidRequestError",
	protocol.CodeParseError:                 "ParseError",
}

// brokenAnswer reports whether e is the invalid-answer fault's answer to
// the server (a sampling result without model, in a response or a
// retry's inputResponses): broken on purpose, flagged by Classify, and
// refused by the server; its envelope is still checked.
func brokenAnswer(o Options, e trace.Event) bool {
	return o.Fault == FaultInvalidAnswer && e.From == trace.Client && e.Class == trace.ClassViolation
}

// TestMessagesMatchSchema validates every JSON-RPC message of every
// transcript against the official schema of its version: the envelope, and
// the definition for its method or for the request it answers.
func TestMessagesMatchSchema(t *testing.T) {
	schemas := map[string]*specschema.Schemas{}
	for _, v := range protocol.Versions() {
		schemas[v] = loadSpec(t, v)
	}
	checked := 0
	for _, m := range matrixTraces(t) {
		o, tr := m.o, m.tr
		methods := map[string]string{} // sender and request id → method
		for _, e := range tr.Events {
			version := tr.EventVersion(e)
			s := schemas[version]
			for _, raw := range e.Messages {
				where := fmt.Sprintf("%s/%s/%s/%s event %d (%s, %s)", o.Scenario, o.Version, o.Transport, o.Fault, e.Seq, e.Note, version)
				if err := s.Validate("JSONRPCMessage", raw); err != nil {
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
					if d, isTask := taskDefs[version][m.Method]; isTask {
						def, ok = d[0], true
					}
					if !ok {
						t.Errorf("%s: no schema definition known for method %s", where, m.Method)
						continue
					}
					if m.Kind() == jsonrpc.KindRequest {
						methods[string(e.From)+" "+m.ID.String()] = m.Method
					}
					if brokenAnswer(o, e) {
						continue
					}
					if removedMethods[m.Method] == version {
						if err := s.Validate(def, raw); err == nil || !strings.HasPrefix(err.Error(), "compile ") {
							t.Errorf("%s: %s was removed in %s, yet its schema has %s (%v)", where, m.Method, version, def, err)
						}
						if err := s.Validate("JSONRPCRequest", raw); err != nil {
							t.Errorf("%s: %v\n%s", where, err, raw)
						}
						continue
					}
					if err := s.Validate(def, raw); err != nil {
						t.Errorf("%s: %v\n%s", where, err, raw)
					}
				case jsonrpc.KindResult:
					asker := trace.Client // a result answers the other party's request
					if e.From == trace.Client {
						asker = trace.Server
					}
					method := methods[string(asker)+" "+m.ID.String()]
					def, ok := resultDefs[method]
					var rt struct {
						ResultType string          `json:"resultType"`
						Task       json.RawMessage `json:"task"`
					}
					_ = json.Unmarshal(m.Result, &rt)
					whole := version == "2026-07-28" // validate the …ResultResponse too
					switch {
					case brokenAnswer(o, e):
						continue
					case version == "2026-07-28" && rt.ResultType == protocol.ResultInputRequired:
						def, ok, whole = "InputRequiredResult", true, false
						if err := s.Validate("JSONRPCResultResponse", raw); err != nil {
							t.Errorf("%s: %v", where, err)
						}
					case taskDefs[version][method][1] != "":
						def, ok, whole = taskDefs[version][method][1], true, false
					case version == "2026-07-28" && rt.ResultType == protocol.ResultTask:
						def, ok, whole = specschema.TasksDef("CreateTaskResult"), true, false
					case method == protocol.MethodToolsCall && rt.Task != nil:
						def, ok = "CreateTaskResult", true
					}
					if !ok {
						t.Errorf("%s: result for unknown request %s", where, m.ID)
						continue
					}
					if err := s.Validate(def, m.Result); err != nil {
						t.Errorf("%s: %v\n%s", where, err, m.Result)
					}
					if whole {
						if err := s.Validate(def+"Response", raw); err != nil {
							t.Errorf("%s: %v", where, err)
						}
					}
				case jsonrpc.KindError:
					if err := s.Validate("JSONRPCErrorResponse", raw); err != nil {
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
					if err := s.Validate(def, target); err != nil {
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
		if err := s.Validate(def, []byte(raw)); err == nil {
			t.Errorf("%s accepted an invalid message: %s", def, raw)
		}
	}
}

// TestListenShutdownMatchesSchema: the messages that end a subscription
// the server tears down (no scenario shows a shutdown) are valid 2026-07-28
// messages: notifications/cancelled with the subscription id in _meta, then
// the SubscriptionsListenResultResponse.
func TestListenShutdownMatchesSchema(t *testing.T) {
	s := loadSpec(t, protocol.V20260728)
	stopping, stop := context.WithCancel(context.Background())
	srv := labserver.NewServer(mcp.Config{ListChanged: true, Stopping: stopping})
	var got []*jsonrpc.Message
	listen := jsonrpc.Request(jsonrpc.IntID(7), protocol.MethodListen, mcp.RequestParams(protocol.V20260728,
		map[string]any{"notifications": mcp.SubscriptionFilter{ToolsListChanged: true}}, nil))
	r := srv.Handle(context.Background(), mcp.NewConn(), listen, func(n *jsonrpc.Message) {
		got = append(got, n)
		stop()
	})
	if len(got) != 2 || r.Msg == nil {
		t.Fatalf("got %v and %v", got, r.Msg)
	}
	for def, m := range map[string]*jsonrpc.Message{"SubscriptionsAcknowledgedNotification": got[0], "CancelledNotification": got[1], "SubscriptionsListenResultResponse": r.Msg} {
		if err := s.Validate(def, m.Encode()); err != nil {
			t.Errorf("%v\n%s", err, m.Encode())
		}
	}
}
