package scenario

import (
	"encoding/json"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/trace"
)

// askJudge follows what a server asks the client in a trace, so that
// Classify judges the client's answers by the bytes, with the server's own
// check (primitive.CheckAnswer): a 2025-11-25 response whose result does not
// answer the server's request (a form value the requested schema does not
// allow, a sampling result without model, a root that is not file://), a
// 2026-07-28 retry whose inputResponses do not, or whose requestState is
// not the one the server sent (mrtr §Client Requirements: the client "MUST
// echo back the exact value").
type askJudge struct {
	asked map[string]primitive.InputRequest // 2025-11-25: the server's open requests, by id
	last  *mcp.InputRequiredResult          // 2026-07-28: the latest InputRequiredResult
}

// violates reports whether e is a client answer that breaks those rules,
// and takes note of the server's questions.
func (a *askJudge) violates(e *trace.Event, ms []decoded) bool {
	bad := false
	for _, d := range ms {
		m := d.msg
		if m == nil {
			continue
		}
		switch {
		case e.From == trace.Server && m.Kind() == jsonrpc.KindRequest:
			if a.asked == nil {
				a.asked = map[string]primitive.InputRequest{}
			}
			a.asked[m.ID.String()] = primitive.InputRequest{Key: m.ID.String(), Method: m.Method, Params: m.Params}
		case e.From == trace.Server && m.Kind() == jsonrpc.KindResult:
			var ir mcp.InputRequiredResult
			if json.Unmarshal(m.Result, &ir) == nil && ir.ResultType == protocol.ResultInputRequired {
				a.last = &ir
			}
		case e.From == trace.Client && m.Kind() == jsonrpc.KindResult:
			if q, ok := a.asked[m.ID.String()]; ok && primitive.CheckAnswer(q, m.Result) != nil {
				bad = true
			}
		case e.From == trace.Client && m.Kind() == jsonrpc.KindRequest && a.last != nil:
			bad = bad || a.badRetry(m)
		}
	}
	return bad
}

// badRetry judges a 2026-07-28 request that carries inputResponses or a
// requestState against the InputRequiredResult before it.
func (a *askJudge) badRetry(m *jsonrpc.Message) bool {
	var p struct {
		InputResponses map[string]json.RawMessage `json:"inputResponses"`
		RequestState   *string                    `json:"requestState"`
	}
	if json.Unmarshal(m.Params, &p) != nil || (p.InputResponses == nil && p.RequestState == nil) {
		return false
	}
	if p.RequestState != nil && *p.RequestState != a.last.RequestState {
		return true
	}
	for k, v := range p.InputResponses {
		if r, ok := a.last.InputRequests[k]; ok && primitive.CheckAnswer(primitive.InputRequest{Key: k, Method: r.Method, Params: r.Params}, v) != nil {
			return true
		}
	}
	return false
}
