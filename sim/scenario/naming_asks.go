package scenario

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/jsonrpc"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
)

// Note keys of the server asking the client and of tasks (notes/asks.notes),
// named from the bytes:
//
//	<tag>.ask                       2025-11-25: a request of the server
//	<tag>.answer.<what>             the client's response to it: accept,
//	                                decline, cancel (an ElicitResult's
//	                                action), result, or error
//	<tag>.answer-accepted           its 202 (HTTP)
//	<tag>.input-required            2026-07-28: an InputRequiredResult
//	<tag>.retry.request / .result   the retried request and its answer
//	<tag>.retry.error.32602.state   a requestState the server refused
//	<tag>.retry.error.32602.answer  an answer in inputResponses it refused
//	<tag>.task                      a task handle (CreateTaskResult)
//	<tag>.<status>                  a task's status (tasks/get, tasks/cancel)

// answerNote names the client's answer to a request of the server: the
// message itself (a stdin line, a POST), or the 202 accepting the POST.
func answerNote(e *client.Event) (string, bool) {
	ev := e.Event
	switch {
	case ev.Channel == trace.Stdin || ev.Channel == trace.HTTPRequest:
		if len(e.Msgs) != 1 {
			return "", false
		}
		return e.Tag + ".answer." + answerWhat(e.Msgs[0]), true
	case ev.Channel == trace.HTTPResponse && ev.HTTP != nil && ev.HTTP.Status == http.StatusAccepted:
		return e.Tag + ".answer-accepted", true
	}
	return "", false
}

// answerWhat says what a response to a server's request answers: the
// action of an ElicitResult, "error" for a JSON-RPC error, "result" for
// any other result.
func answerWhat(m *jsonrpc.Message) string {
	if m.Error != nil {
		return "error"
	}
	var r struct {
		Action string `json:"action"`
	}
	if json.Unmarshal(m.Result, &r) == nil && r.Action != "" {
		return r.Action
	}
	return "result"
}

func specOfAnswer(ch trace.Channel) string {
	if ch == trace.Stdin || ch == trace.Stdout {
		return specStdio
	}
	return specHTTP
}

// askResponseNote names what the server sends in the asks and tasks
// scenarios: its own requests, InputRequiredResults, task handles and
// task statuses, and the retry's refusals; false for anything else.
func askResponseNote(label string, m *jsonrpc.Message, status int) (string, bool) {
	if m.Kind() == jsonrpc.KindRequest {
		return label + ".ask", true
	}
	if m.Error != nil {
		if !strings.HasSuffix(label, ".retry") || m.Error.Code != protocol.CodeInvalidParams {
			return "", false
		}
		// Which part of the retry the server refused, in its own words.
		key := fmt.Sprintf("%s.error.%d", label, -m.Error.Code)
		if status >= 400 {
			key += fmt.Sprintf(".http-%d", status)
		}
		switch {
		case strings.Contains(m.Error.Message, "requestState"):
			return key + ".state", true
		case strings.Contains(m.Error.Message, "inputResponses"):
			return key + ".answer", true
		}
		return key, true
	}
	var r struct {
		ResultType string          `json:"resultType"`
		Task       json.RawMessage `json:"task"`
		TaskID     string          `json:"taskId"`
		Status     string          `json:"status"`
	}
	if json.Unmarshal(m.Result, &r) != nil {
		return "", false
	}
	switch {
	case r.ResultType == protocol.ResultInputRequired:
		return label + ".input-required", true
	case r.ResultType == protocol.ResultTask || len(r.Task) > 0:
		return label + ".task", true
	case r.TaskID != "" && r.Status != "":
		return label + "." + strings.ReplaceAll(r.Status, "_", "-"), true
	}
	return "", false
}
