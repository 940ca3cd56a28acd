package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/toolbox"
	"mcpwirelab/sim/trace"
)

// JudgeOptions tune the messages.
type JudgeOptions struct {
	// K is the number of calls of the task the cancellation figures speak
	// of (pass^k); 10 when zero.
	K int
	// Forced: the user asked for this version (-version), so a server
	// that does not speak it fails version-negotiation instead of skipping.
	Forced bool
}

// Speaks reports whether a capture shows the server speaking the trace's
// version (2026-07-28: server/discover lists it; 2025-11-25: initialize
// answered with it), the seq of the answer (or request), and why not.
func Speaks(t *trace.Trace) (ok bool, seq int, why string) {
	x := newView(t)
	tag, method := tagInitialize, mcp.MethodInitialize
	if x.modern {
		tag, method = tagDiscover, mcp.MethodDiscover
	}
	i := x.first(tag)
	if i < 0 {
		for k := range t.Events {
			if t.Events[k].Note == "host.failure" {
				return false, t.Events[k].Seq, "the server could not be started: " + strings.TrimSpace(t.Events[k].Raw)
			}
		}
		return false, 0, "the capture has no " + method + " request"
	}
	j, m := x.answer(i)
	if m == nil {
		return false, x.seq(i), method + " got no answer"
	}
	if m.Error != nil {
		return false, x.seq(j), fmt.Sprintf("%s was answered with error %d %q", method, m.Error.Code, m.Error.Message)
	}
	if x.modern {
		var res mcp.DiscoverResult
		_ = json.Unmarshal(m.Result, &res)
		if !contains(res.SupportedVersions, t.Version) {
			return false, x.seq(j), fmt.Sprintf("server/discover lists %q, not %s", res.SupportedVersions, t.Version)
		}
		return true, x.seq(j), ""
	}
	var res mcp.InitializeResult
	_ = json.Unmarshal(m.Result, &res)
	if res.ProtocolVersion != t.Version {
		return false, x.seq(j), fmt.Sprintf("initialize asked for %s and was answered with %q", t.Version, res.ProtocolVersion)
	}
	return true, x.seq(j), ""
}

// judge grades one capture.
type judge struct {
	*view
	o JudgeOptions
}

// Judge grades a capture of one version, every check of the catalog in
// order. It reads only the trace (a transcript file works as well as a
// live capture). A capture whose server does not speak its version gets
// only version-negotiation.
func Judge(t *trace.Trace, o JudgeOptions) []Result {
	if o.K <= 0 {
		o.K = 10
	}
	j := &judge{view: newView(t), o: o}
	if ok, seq, why := Speaks(t); !ok {
		v := Skip
		msg := fmt.Sprintf("The server does not speak %s: %s. Its checks were not run for this version.", t.Version, why)
		if o.Forced {
			v = Fail
			msg = fmt.Sprintf("You asked for %s (-version), but the server does not speak it: %s.", t.Version, why)
		}
		return []Result{j.result(IDVersion, v, seq, "%s", msg)}
	}
	checks := map[string]func() Result{
		IDStdout: j.stdout, IDIDs: j.ids, IDNotification: j.notification, IDVersion: j.negotiation,
		IDResultType: j.resultType, IDMeta: j.meta, IDUnsupported: j.unsupported, IDUnknownMethod: j.unknownMethod,
		IDHeaderMismatch: j.headers, IDOrigin: j.origin, IDSchemas: j.schemas, IDStructured: j.structured,
		IDDescriptions: j.descriptions, IDOrder: j.order, IDUnknownTool: j.unknownTool, IDInvalidArgs: j.invalidArgs,
		IDCancellation: j.cancellation, IDResponsive: j.responsive, IDPoisoning: j.poisoning, IDListChangedHonst: j.listChanged,
	}
	var out []Result
	for _, d := range Defs() {
		if _, ok, why := d.Cite(j.v, j.tr); !ok {
			out = append(out, j.result(d.ID, Skip, 0, "Does not apply to %s over %s: %s.", j.v, j.tr, why))
			continue
		}
		out = append(out, checks[d.ID]())
	}
	return out
}

func (j *judge) result(id string, v Verdict, seq int, format string, args ...any) Result {
	d, _ := DefByID(id)
	c, _, _ := d.Cite(j.v, j.tr)
	return Result{ID: id, Version: j.v, Verdict: v, Level: c.Level, Spec: c.Spec, Quote: c.Quote, Seq: seq,
		Message: fmt.Sprintf(format, args...)}
}

// missing is the skip of a check whose probe is not in the capture.
func (j *judge) missing(id, what string) Result {
	if l := j.lost(); l >= 0 {
		return j.result(id, Skip, j.seq(l), "Not checked: the client lost the connection at step %d (a line on stdout that is not an MCP message, see stdout-protocol-only) before it could send %s.", j.seq(l), what)
	}
	return j.result(id, Skip, 0, "Not checked: the capture has no %s (the run ended before it).", what)
}

// ---- stdout-protocol-only ----

func (j *judge) stdout() Result {
	lines, stderr, first := 0, 0, -1
	for i := range j.t.Events {
		e := j.ev(i)
		switch {
		case e.Channel == trace.Stderr:
			stderr++
		case e.Channel == trace.Stdout && e.Kind == trace.KindMessage:
			lines++
			if first < 0 {
				first = i
			}
			if _, derr := jsonrpc.Decode(bytes.TrimRight([]byte(e.Raw), "\r\n")); derr != nil {
				return j.result(IDStdout, Fail, e.Seq,
					"Step %d: the server wrote %q on stdout, which is not a JSON-RPC message (%s). stdout is the protocol channel: "+
						"a client cannot read past such a line and drops the connection. Print debugging output to stderr instead "+
						"(in Python: print(..., file=sys.stderr); in Node: console.error).", e.Seq, excerpt(e.Raw), derr.Err.Message)
			}
		}
	}
	if lines == 0 {
		return j.result(IDStdout, Skip, 0, "The server wrote nothing on stdout.")
	}
	return j.result(IDStdout, Pass, j.seq(first), "All %d lines the server wrote on stdout were JSON-RPC messages; its %d diagnostic lines went to stderr, where they belong.", lines, stderr)
}

// ---- ids-echoed ----

func (j *judge) ids() Result {
	sent := map[string]int{} // id as written → seq of the request
	checked := 0
	for i := range j.t.Events {
		if j.sent(i) {
			for _, m := range j.msgs[i] {
				if m.Kind() == jsonrpc.KindRequest {
					sent[m.ID.String()] = j.seq(i)
				}
			}
			if j.tr == "http" && len(j.msgs[i]) == 1 && j.msgs[i][0].Kind() == jsonrpc.KindRequest {
				req := j.msgs[i][0]
				if k, m := j.answer(i); m != nil {
					checked++
					st, _ := j.status(i)
					if m.ID.IsZero() && st >= 400 {
						continue // the request was refused before its body was read
					}
					if m.ID != req.ID {
						return j.result(IDIDs, Fail, j.seq(k), "Step %d answers the request of step %d, whose id is %s, with the id %s. The id must come back exactly as sent: same value, same type (a string stays a string, a number a number).",
							j.seq(k), j.seq(i), req.ID, idText(m.ID))
					}
				}
			}
			continue
		}
		if j.tr != "stdio" || !j.fromServer(i) {
			continue
		}
		for _, m := range j.msgs[i] {
			if m.Method != "" || m.ID.IsZero() {
				continue // notifications; id-less answers are notification-unanswered's
			}
			checked++
			if _, ok := sent[m.ID.String()]; !ok {
				return j.result(IDIDs, Fail, j.seq(i), "Step %d is a response with the id %s, but no request was sent with that id%s. The id must come back exactly as sent: same value, same type.",
					j.seq(i), idText(m.ID), lookalike(m.ID, sent))
			}
		}
	}
	p := j.first(tagIDs)
	if p < 0 {
		return j.missing(IDIDs, "the request with a string id")
	}
	k, m := j.answer(p)
	if m == nil || (j.tr == "stdio" && m.ID != j.msg(p).ID) {
		return j.result(IDIDs, Fail, j.seq(p), "The request of step %d has the string id %s and got no response with that id.", j.seq(p), j.msg(p).ID)
	}
	return j.result(IDIDs, Pass, j.seq(k), "%d responses, each with the id of its request exactly; the string id %s came back as the same string (step %d).", checked, j.msg(p).ID, j.seq(k))
}

func idText(id jsonrpc.ID) string {
	if id.IsZero() {
		return "null"
	}
	return id.String()
}

// lookalike names a sent id that differs from got only by its type.
func lookalike(got jsonrpc.ID, sent map[string]int) string {
	bare := strings.Trim(got.String(), `"`)
	for s, seq := range sent {
		if strings.Trim(s, `"`) == bare {
			return fmt.Sprintf(" (step %d sent %s: the same value with another type)", seq, s)
		}
	}
	return ""
}

// ---- notification-unanswered ----

func (j *judge) notification() Result {
	p := j.first(tagNotify)
	if p < 0 {
		return j.missing(IDNotification, "the notification")
	}
	if j.tr == "http" {
		notes := []int{}
		for i := range j.t.Events {
			if j.sent(i) && len(j.msgs[i]) == 1 && j.msgs[i][0].Kind() == jsonrpc.KindNotification {
				notes = append(notes, i)
			}
		}
		refused := ""
		for _, i := range notes {
			st, k := j.status(i)
			if k < 0 {
				continue
			}
			n := j.msg(i)
			body := j.body(k)
			for _, m := range j.msgs[k] {
				if m.Method == "" && st < 300 {
					return j.result(IDNotification, Fail, j.seq(k), "Step %d answers the notification %s of step %d with a JSON-RPC response (HTTP %d). Nothing answers a notification: accept it with 202 Accepted and no body.", j.seq(k), n.Method, j.seq(i), st)
				}
			}
			switch {
			case st == 202 && strings.TrimSpace(body) == "":
			case st >= 400:
				refused = fmt.Sprintf(" The server refused %s with HTTP %d, which the transport allows for a notification it cannot accept (no JSON-RPC response with an id).", n.Method, st)
			default:
				return j.result(IDNotification, Fail, j.seq(k), "Step %d accepts the notification %s of step %d with HTTP %d%s; the transport asks for 202 Accepted with no body.", j.seq(k), n.Method, j.seq(i), st, bodyNote(body))
			}
		}
		return j.result(IDNotification, Pass, j.seq(p), "%d notifications were accepted without a response.%s", len(notes), refused)
	}
	// stdio: nothing the server writes between the notification and the
	// next message the client sends may be a response, and no response
	// may lack an id (every message the checker sends is readable).
	for i := p + 1; i < len(j.t.Events); i++ {
		if j.sent(i) {
			break
		}
		if !j.fromServer(i) {
			continue
		}
		for _, m := range j.msgs[i] {
			if m.Method == "" {
				return j.result(IDNotification, Fail, j.seq(i), "Step %d is a response (id %s) written right after the notification %s of step %d, before the client sent anything else. The receiver of a notification must not answer it, not even with an error for a method it does not know.",
					j.seq(i), idText(m.ID), j.msg(p).Method, j.seq(p))
			}
		}
	}
	for i := range j.t.Events {
		if j.ev(i).Channel != trace.Stdout {
			continue
		}
		for _, m := range j.msgs[i] {
			if m.Method == "" && m.ID.IsZero() {
				return j.result(IDNotification, Fail, j.seq(i), "Step %d is a response without an id: it answers no request (every request has one), so it answers a notification. Nothing answers a notification.", j.seq(i))
			}
		}
	}
	return j.result(IDNotification, Pass, j.seq(p), "The notification %s (step %d), which no server knows, got no response, as JSON-RPC requires.", j.msg(p).Method, j.seq(p))
}

func bodyNote(body string) string {
	if strings.TrimSpace(body) == "" {
		return ""
	}
	return fmt.Sprintf(" and a body (%q)", excerpt(body))
}

// ---- version-negotiation ----

func (j *judge) negotiation() Result {
	_, seq, _ := Speaks(j.t)
	if j.modern {
		return j.result(IDVersion, Pass, seq, "server/discover (step %d) lists %s among the versions the server supports.", seq, j.v)
	}
	p := j.first(tagNegotiate)
	if p < 0 {
		return j.result(IDVersion, Pass, seq, "initialize asked for %s and the server answered with the same version (step %d). (The capture has no second initialize asking for a version no server has.)", j.v, seq)
	}
	k, m := j.answer(p)
	asked := BogusVersion
	var ip struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if params(j.msg(p), &ip) {
		asked = ip.ProtocolVersion
	}
	switch {
	case m == nil:
		return j.result(IDVersion, Fail, j.seq(p), "initialize asking for %s (step %d) got no answer. A server that does not support the requested version must answer with another version it supports.", asked, j.seq(p))
	case m.Error != nil:
		return j.result(IDVersion, Fail, j.seq(k), "initialize asking for %s was answered with the error %d %q (step %d). The spec asks for a result naming another version the server supports, so that the client can decide whether to go on.", asked, m.Error.Code, m.Error.Message, j.seq(k))
	}
	var res mcp.InitializeResult
	_ = json.Unmarshal(m.Result, &res)
	if res.ProtocolVersion == asked || res.ProtocolVersion == "" {
		return j.result(IDVersion, Fail, j.seq(k), "initialize asking for %s was answered with protocolVersion %q (step %d): the server echoed a version it cannot support instead of naming one it does.", asked, res.ProtocolVersion, j.seq(k))
	}
	return j.result(IDVersion, Pass, j.seq(k), "initialize asking for %s got %s back (step %d), and asking for %s got %s: the same version when the server supports it, another one it supports otherwise.", j.v, j.v, seq, asked, res.ProtocolVersion)
}

// ---- result-type ----

func (j *judge) resultType() Result {
	n, first := 0, -1
	// The answers to the requests without _meta or with an unknown version
	// are not 2026-07-28 results: a server may take such a request for
	// another version's (meta-required and unsupported-version judge them).
	skip := map[int]bool{}
	for _, tag := range []string{tagNoMeta, tagBadVersion} {
		for _, r := range j.requests(tag) {
			if k, _ := j.answer(r); k >= 0 {
				skip[k] = true
			}
		}
	}
	for i := range j.t.Events {
		if !j.fromServer(i) || skip[i] {
			continue
		}
		for _, m := range j.msgs[i] {
			if m.Kind() != jsonrpc.KindResult {
				continue
			}
			var r struct {
				ResultType *string `json:"resultType"`
			}
			_ = json.Unmarshal(m.Result, &r)
			switch {
			case r.ResultType == nil:
				return j.result(IDResultType, Fail, j.seq(i), "The result of step %d (id %s) has no resultType. Every 2026-07-28 result says what it is: \"complete\" for a final answer, \"input_required\" when the server needs more input.", j.seq(i), idText(m.ID))
			case *r.ResultType != "complete" && *r.ResultType != "input_required":
				return j.result(IDResultType, Fail, j.seq(i), "The result of step %d has resultType %q, which is neither \"complete\" nor \"input_required\"; this client declared no extension that adds others, so it must treat it as invalid.", j.seq(i), *r.ResultType)
			}
			n++
			if first < 0 {
				first = i
			}
		}
	}
	if n == 0 {
		return j.missing(IDResultType, "a result")
	}
	return j.result(IDResultType, Pass, j.seq(first), "All %d results carry a resultType.", n)
}

// ---- meta-required ----

func (j *judge) meta() Result {
	p := j.first(tagNoMeta)
	if p < 0 {
		return j.missing(IDMeta, "the request without _meta")
	}
	k, m := j.answer(p)
	st, _ := j.status(p)
	switch {
	case m == nil:
		return j.result(IDMeta, Fail, j.seq(p), "tools/list without _meta (step %d) got no JSON-RPC answer%s. It must be refused with -32602 Invalid params.", j.seq(p), statusNote(st))
	case m.Error == nil:
		return j.result(IDMeta, Fail, j.seq(k), "tools/list without _meta (step %d) was served (step %d). Without io.modelcontextprotocol/protocolVersion and clientCapabilities the server cannot know which version or capabilities to use: it must refuse the request with -32602 Invalid params.", j.seq(p), j.seq(k))
	case m.Error.Code == jsonrpc.CodeHeaderMismatch && j.tr == "http":
		return j.result(IDMeta, Warn, j.seq(k), "tools/list without _meta (step %d) was refused with -32020 HeaderMismatch (step %d): its MCP-Protocol-Version header names 2026-07-28 and the body names no version, so the headers disagree with the body too. Both say the request is malformed; the spec names -32602 for a missing _meta, and which check a server runs first is its choice.", j.seq(p), j.seq(k))
	case m.Error.Code != jsonrpc.CodeInvalidParams:
		return j.result(IDMeta, Fail, j.seq(k), "tools/list without _meta (step %d) was refused with %d %q (step %d); the spec asks for -32602 Invalid params.", j.seq(p), m.Error.Code, m.Error.Message, j.seq(k))
	case j.tr == "http" && st != 400:
		return j.result(IDMeta, Fail, j.seq(k), "tools/list without _meta was refused with -32602, but with HTTP %d; on HTTP the status must be 400 Bad Request.", st)
	}
	return j.result(IDMeta, Pass, j.seq(k), "tools/list without _meta (step %d) was refused with -32602 Invalid params%s (step %d).", j.seq(p), statusNote(st), j.seq(k))
}

func statusNote(st int) string {
	if st == 0 {
		return ""
	}
	return fmt.Sprintf(", HTTP %d", st)
}

// ---- unsupported-version ----

func (j *judge) unsupported() Result {
	p := j.first(tagBadVersion)
	if p < 0 {
		return j.missing(IDUnsupported, "the request for an unknown version")
	}
	k, m := j.answer(p)
	st, _ := j.status(p)
	if m == nil {
		return j.result(IDUnsupported, Fail, j.seq(p), "tools/list asking for version %s (step %d) got no JSON-RPC answer%s; the server must answer -32022 UnsupportedProtocolVersion listing the versions it supports.", UnknownVersion, j.seq(p), statusNote(st))
	}
	if m.Error == nil {
		return j.result(IDUnsupported, Fail, j.seq(k), "tools/list asking for version %s was served (step %d), in a version no server implements. It must be refused with -32022 UnsupportedProtocolVersion and the list of supported versions, so the client can retry with one of them.", UnknownVersion, j.seq(k))
	}
	var data mcp.UnsupportedVersionData
	hasData := json.Unmarshal(m.Error.Data, &data) == nil
	var problems []string
	if m.Error.Code != jsonrpc.CodeUnsupportedProtocolVersion {
		problems = append(problems, fmt.Sprintf("the code is %d (%s), not -32022", m.Error.Code, jsonrpc.CodeName(m.Error.Code)))
	}
	if !hasData || len(data.Supported) == 0 {
		problems = append(problems, "data.supported does not list the versions the server supports")
	} else if contains(data.Supported, UnknownVersion) {
		problems = append(problems, "data.supported lists the very version it refused")
	}
	if hasData && data.Requested != UnknownVersion {
		problems = append(problems, fmt.Sprintf("data.requested is %q, not the requested %q", data.Requested, UnknownVersion))
	}
	if j.tr == "http" && st != 400 {
		problems = append(problems, fmt.Sprintf("the HTTP status is %d, not 400", st))
	}
	if len(problems) > 0 {
		return j.result(IDUnsupported, Fail, j.seq(k), "tools/list asking for version %s was refused (step %d), but %s. A client retries with a version from data.supported: without it, it can only give up.", UnknownVersion, j.seq(k), strings.Join(problems, "; "))
	}
	return j.result(IDUnsupported, Pass, j.seq(k), "Asking for version %s got -32022%s with supported %q and requested %q (step %d).", UnknownVersion, statusNote(st), data.Supported, data.Requested, j.seq(k))
}

// ---- unknown-method ----

func (j *judge) unknownMethod() Result {
	p := j.first(tagUnknownMethod)
	if p < 0 {
		return j.missing(IDUnknownMethod, "the request for an unknown method")
	}
	k, m := j.answer(p)
	st, _ := j.status(p)
	want := "-32601 Method not found"
	if j.modern && j.tr == "http" {
		want += " with HTTP 404"
	}
	switch {
	case m == nil:
		return j.result(IDUnknownMethod, Fail, j.seq(p), "The request for %s (step %d) got no JSON-RPC answer%s%s; expected %s, which is how a client tells \"this server does not have that method\" from every other failure.", UnknownMethod, j.seq(p), statusNote(st), j.bodyOf(p), want)
	case m.Error == nil:
		return j.result(IDUnknownMethod, Fail, j.seq(k), "The request for %s, which the server cannot implement, got a result (step %d); expected %s.", UnknownMethod, j.seq(k), want)
	case m.Error.Code != jsonrpc.CodeMethodNotFound:
		return j.result(IDUnknownMethod, Fail, j.seq(k), "The request for %s got %d %q (step %d); JSON-RPC reserves -32601 Method not found for exactly this, and a client tells it from the other errors by its code. Expected %s.", UnknownMethod, m.Error.Code, m.Error.Message, j.seq(k), want)
	case j.modern && j.tr == "http" && st != 404:
		return j.result(IDUnknownMethod, Fail, j.seq(k), "The request for %s got -32601 but HTTP %d (step %d); 2026-07-28 asks for 404 Not Found with it.", UnknownMethod, st, j.seq(k))
	}
	return j.result(IDUnknownMethod, Pass, j.seq(k), "The request for %s got -32601 Method not found%s (step %d).", UnknownMethod, statusNote(st), j.seq(k))
}

// bodyOf quotes the HTTP body answering request event i, when there is
// one that is not JSON-RPC.
func (j *judge) bodyOf(i int) string {
	if _, h := j.status(i); h >= 0 {
		if b := strings.TrimSpace(j.body(h)); b != "" {
			return fmt.Sprintf(" but the body %q", excerpt(b))
		}
	}
	return ""
}

// ---- header-mismatch ----

func (j *judge) headers() Result {
	p := j.first(tagHeaders)
	if p < 0 {
		return j.missing(IDHeaderMismatch, "the request whose headers disagree with its body")
	}
	k, m := j.answer(p)
	st, h := j.status(p)
	switch {
	case m != nil && m.Error == nil:
		return j.result(IDHeaderMismatch, Fail, j.seq(k), "tools/list sent with Mcp-Method: %s (step %d) was served (step %d). A gateway routes by the headers and the server acts on the body: when they disagree the request must be refused with 400 and -32020 HeaderMismatch.", mcp.MethodPromptsList, j.seq(p), j.seq(k))
	case m != nil && m.Error.Code == jsonrpc.CodeHeaderMismatch && st == 400:
		return j.result(IDHeaderMismatch, Pass, j.seq(k), "tools/list sent with Mcp-Method: %s was refused with 400 and -32020 HeaderMismatch (step %d).", mcp.MethodPromptsList, j.seq(k))
	case st >= 400 && st < 500:
		code := "no JSON-RPC error"
		if m != nil {
			code = fmt.Sprintf("%d %q", m.Error.Code, m.Error.Message)
		}
		return j.result(IDHeaderMismatch, Warn, j.seq(h), "tools/list sent with Mcp-Method: %s was refused with HTTP %d and %s (step %d): refused, as required, but the spec defines -32020 HeaderMismatch (with 400) for this, so a client can tell it from other errors.", mcp.MethodPromptsList, st, code, j.seq(h))
	}
	return j.result(IDHeaderMismatch, Fail, j.seq(p), "tools/list sent with Mcp-Method: %s (step %d) got HTTP %d and no HeaderMismatch error; expected 400 with -32020.", mcp.MethodPromptsList, j.seq(p), st)
}

// ---- origin-validated ----

func (j *judge) origin() Result {
	p := j.first(tagOrigin)
	if p < 0 {
		return j.missing(IDOrigin, "the request with a foreign Origin")
	}
	st, h := j.status(p)
	if st == 403 {
		return j.result(IDOrigin, Pass, j.seq(h), "A request with Origin: %s was refused with 403 Forbidden (step %d).", ForeignOrigin, j.seq(h))
	}
	if h < 0 {
		return j.result(IDOrigin, Fail, j.seq(p), "A request with Origin: %s (step %d) got no answer; expected 403 Forbidden.", ForeignOrigin, j.seq(p))
	}
	return j.result(IDOrigin, Fail, j.seq(h), "A request with Origin: %s got HTTP %d (step %d), not 403 Forbidden. A page on that site, opened in the user's browser, can reach a server on 127.0.0.1 (DNS rebinding): the server must refuse origins it does not trust (in Go, wrap the handler with http.NewCrossOriginProtection()).", ForeignOrigin, st, j.seq(h))
}

// ---- tool-schemas-valid ----

func (j *judge) schemas() Result {
	l, ok := j.firstTools()
	if !ok {
		return j.missing(IDSchemas, "a tools/list result")
	}
	var problems []string
	for _, t := range l.tools {
		problems = append(problems, schemaProblems(t)...)
	}
	if len(problems) > 0 {
		return j.result(IDSchemas, Fail, j.seq(l.resp), "In the tools/list result of step %d: %s. A client validates arguments with these schemas (and a model writes arguments from them): an invalid one makes the tool unusable.", j.seq(l.resp), limit(problems, 5))
	}
	return j.result(IDSchemas, Pass, j.seq(l.resp), "The %d tools' input (and output) schemas are valid JSON Schema 2020-12, each inputSchema an object schema (step %d).", len(l.tools), j.seq(l.resp))
}

// schemaProblems lists what is wrong with a tool's schemas.
func schemaProblems(t mcp.Tool) []string {
	var out []string
	in := bytes.TrimSpace(t.InputSchema)
	var root struct {
		Type json.RawMessage `json:"type"`
	}
	switch {
	case len(in) == 0 || string(in) == "null":
		out = append(out, fmt.Sprintf("%s has no inputSchema (it must be a JSON Schema object, not null)", t.Name))
	case in[0] != '{':
		out = append(out, fmt.Sprintf("%s's inputSchema is not a JSON object", t.Name))
	default:
		_ = json.Unmarshal(in, &root)
		if string(bytes.TrimSpace(root.Type)) != `"object"` {
			out = append(out, fmt.Sprintf("%s's inputSchema has type %s at its root, not \"object\" (tool arguments are always an object)", t.Name, orNone(root.Type)))
		}
		if _, err := toolbox.CompileSchema(t.Name, "input", in); err != nil {
			out = append(out, fmt.Sprintf("%s's inputSchema does not compile: %s", t.Name, oneLine(err.Error())))
		}
	}
	if o := bytes.TrimSpace(t.OutputSchema); len(o) > 0 && string(o) != "null" {
		if _, err := toolbox.CompileSchema(t.Name, "output", o); err != nil {
			out = append(out, fmt.Sprintf("%s's outputSchema does not compile: %s", t.Name, oneLine(err.Error())))
		}
	}
	return out
}

func orNone(raw json.RawMessage) string {
	if len(bytes.TrimSpace(raw)) == 0 {
		return "(none)"
	}
	return string(raw)
}

// ---- structured-content-matches ----

func (j *judge) structured() Result {
	l, ok := j.firstTools()
	if !ok {
		return j.missing(IDStructured, "a tools/list result")
	}
	schemas := map[string]json.RawMessage{}
	for _, t := range l.tools {
		if o := bytes.TrimSpace(t.OutputSchema); len(o) > 0 && string(o) != "null" {
			schemas[t.Name] = o
		}
	}
	called, checked, last := 0, 0, -1
	for _, tag := range []string{tagCall, tagSlow} {
		for _, i := range j.requests(tag) {
			called++
			var cp callParams
			params(j.msg(i), &cp)
			raw, has := schemas[cp.Name]
			k, m := j.answer(i)
			res, ok := toolResult(m)
			if !has || !ok || res.IsError {
				continue
			}
			checked++
			last = k
			if len(bytes.TrimSpace(res.StructuredContent)) == 0 {
				return j.result(IDStructured, Fail, j.seq(k), "%s declares an outputSchema, but its result (step %d) has no structuredContent. A tool with an outputSchema must return structured results that conform to it.", cp.Name, j.seq(k))
			}
			sch, err := toolbox.CompileSchema(cp.Name, "output", raw)
			if err != nil {
				continue // tool-schemas-valid reports it
			}
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(res.StructuredContent))
			if err == nil {
				err = sch.Validate(inst)
			}
			if err != nil {
				return j.result(IDStructured, Fail, j.seq(k), "The structuredContent of %s (step %d) does not match its outputSchema: %s", cp.Name, j.seq(k), oneLine(toolbox.DescribeValidation(err, inst)))
			}
		}
	}
	switch {
	case checked > 0:
		return j.result(IDStructured, Pass, j.seq(last), "%d results of tools with an outputSchema carried structuredContent that matches it.", checked)
	case called == 0 && len(schemas) > 0:
		return j.result(IDStructured, Skip, 0, "No tool was called: name one with an outputSchema (%s) with -call NAME=JSON to check its structuredContent.", strings.Join(sortedKeys(schemas), ", "))
	case called == 0:
		return j.result(IDStructured, Skip, 0, "No tool was called, and none declares an outputSchema.")
	}
	return j.result(IDStructured, Skip, 0, "None of the %d successful calls was of a tool that declares an outputSchema.", called)
}

// ---- tool-descriptions ----

func (j *judge) descriptions() Result {
	l, ok := j.firstTools()
	if !ok {
		return j.missing(IDDescriptions, "a tools/list result")
	}
	var problems []string
	seen := map[string]bool{}
	for _, t := range l.tools {
		if strings.TrimSpace(t.Description) == "" {
			problems = append(problems, fmt.Sprintf("%s has no description (the model only knows what a tool does from it)", t.Name))
		}
		if n := utf8.RuneCountInString(t.Name); n < 1 || n > 128 {
			problems = append(problems, fmt.Sprintf("the name %q is %d characters long (1 to 128)", t.Name, n))
		}
		if bad := badNameChars(t.Name); bad != "" {
			problems = append(problems, fmt.Sprintf("the name %q has %s (only A-Z, a-z, 0-9, _, - and .)", t.Name, bad))
		}
		if seen[t.Name] {
			problems = append(problems, fmt.Sprintf("the name %q is listed twice", t.Name))
		}
		seen[t.Name] = true
	}
	if len(problems) > 0 {
		return j.result(IDDescriptions, Fail, j.seq(l.resp), "In the tools/list result of step %d: %s.", j.seq(l.resp), limit(problems, 5))
	}
	return j.result(IDDescriptions, Pass, j.seq(l.resp), "The %d tools each have a description and a name of 1–128 characters from A-Z, a-z, 0-9, _, - and ., unique (step %d).", len(l.tools), j.seq(l.resp))
}

func badNameChars(name string) string {
	var bad []string
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-', r == '.':
		case r == ' ':
			bad = append(bad, "a space")
		default:
			bad = append(bad, fmt.Sprintf("%q", r))
		}
	}
	return strings.Join(dedupe(bad), ", ")
}

// ---- tools-order-stable ----

// answeredLists are the tools/list requests that got a list.
func (j *judge) answeredLists() []listing {
	var got []listing
	for _, l := range j.lists() {
		if l.ok {
			got = append(got, l)
		}
	}
	return got
}

func (j *judge) order() Result {
	got := j.answeredLists()
	if len(got) < 2 {
		return j.missing(IDOrder, "two answered tools/list requests")
	}
	legacyNote := ""
	if !j.modern {
		legacyNote = " (2025-11-25 says nothing about the order; 2026-07-28 asks for it, for clients' and models' caches)"
	}
	first := names(got[0].tools)
	for _, l := range got[1:] {
		if a, b := common(first, names(l.tools)); !slices.Equal(a, b) {
			return j.result(IDOrder, Fail, j.seq(l.resp), "tools/list gave %s at step %d and %s at step %d: the same tools in another order. A stable order lets a client cache the list and keeps a model's prompt cache warm%s.",
				list(a), j.seq(got[0].resp), list(b), j.seq(l.resp), legacyNote)
		}
	}
	return j.result(IDOrder, Pass, j.seq(got[len(got)-1].resp), "%d tools/list results listed the tools in the same order%s.", len(got), legacyNote)
}

func names(ts []mcp.Tool) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Name
	}
	return out
}

// common keeps, in each list's order, the names both lists have.
func common(a, b []string) ([]string, []string) {
	in := func(l []string) map[string]bool {
		m := map[string]bool{}
		for _, s := range l {
			m[s] = true
		}
		return m
	}
	ia, ib := in(a), in(b)
	var ca, cb []string
	for _, s := range a {
		if ib[s] {
			ca = append(ca, s)
		}
	}
	for _, s := range b {
		if ia[s] {
			cb = append(cb, s)
		}
	}
	return ca, cb
}

func list(s []string) string {
	if len(s) > 8 {
		return "[" + strings.Join(s[:8], ", ") + ", …]"
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// ---- unknown-tool-error ----

func (j *judge) unknownTool() Result {
	p := j.first(tagUnknownTool)
	if p < 0 {
		return j.missing(IDUnknownTool, "the call of an unknown tool")
	}
	var cp callParams
	params(j.msg(p), &cp)
	k, m := j.answer(p)
	res, isResult := toolResult(m)
	switch {
	case m == nil:
		return j.result(IDUnknownTool, Fail, j.seq(p), "tools/call of %s, a tool the server does not list (step %d), got no answer; expected the protocol error -32602.", cp.Name, j.seq(p))
	case m.Error != nil && m.Error.Code == jsonrpc.CodeInvalidParams:
		return j.result(IDUnknownTool, Pass, j.seq(k), "tools/call of %s, a tool the server does not list, got the protocol error -32602 %q (step %d).", cp.Name, m.Error.Message, j.seq(k))
	case m.Error != nil:
		return j.result(IDUnknownTool, Warn, j.seq(k), "tools/call of %s, a tool the server does not list, got the protocol error %d %q (step %d). A protocol error is right; the spec's example uses -32602 Invalid params (the method tools/call exists: it is the name in its params that is wrong), so a client keyed to -32602 misses this one.", cp.Name, m.Error.Code, m.Error.Message, j.seq(k))
	case isResult && res.IsError:
		return j.result(IDUnknownTool, Warn, j.seq(k), "tools/call of %s, a tool the server does not list, got a result with isError: true (step %d), a tool execution error, where server/tools §Error Handling lists \"Unknown tool\" under protocol errors (JSON-RPC -32602). Real SDKs differ here: the official TypeScript and Python SDKs answer an unknown tool with isError: true, the Go SDK and this lab with -32602, so a client must handle both. A warning, not a failure: the spec page and the SDKs disagree.", cp.Name, j.seq(k))
	}
	return j.result(IDUnknownTool, Fail, j.seq(k), "tools/call of %s, a tool the server does not list, got a successful result (step %d): the model is told the call worked. An unknown tool is a protocol error (-32602).", cp.Name, j.seq(k))
}

// ---- invalid-arguments-tool-error ----

func (j *judge) invalidArgs() Result {
	l, _ := j.firstTools()
	byName := map[string]mcp.Tool{}
	for _, t := range l.tools {
		byName[t.Name] = t
	}
	named := j.namedTools()
	reqs := j.requests(tagInvalidArgs)
	if len(reqs) == 0 {
		switch {
		case len(named) == 0:
			return j.result(IDInvalidArgs, Skip, 0, "No tool was named with -call or -slow. The checker calls no tool you did not name, and any tool could act on what it is sent (its annotations are hints a client must not trust), so it sends invalid arguments only to tools you named.")
		case j.lost() >= 0:
			return j.missing(IDInvalidArgs, "a call with invalid arguments")
		}
		return j.result(IDInvalidArgs, Skip, 0, "The inputSchema of each tool you named (%s) accepts any object, or the tool is not listed: no arguments can break it.", strings.Join(named, ", "))
	}
	worst := Pass
	var msgs []string
	seq := 0
	for _, i := range reqs {
		var cp callParams
		params(j.msg(i), &cp)
		what := "break its inputSchema"
		if t, ok := byName[cp.Name]; ok {
			if _, w, ok := InvalidArguments(t.InputSchema); ok {
				what = w
			}
		}
		k, m := j.answer(i)
		res, isResult := toolResult(m)
		v, msg := Pass, ""
		switch {
		case m == nil:
			v, msg = Fail, fmt.Sprintf("%s called with %s (step %d: the arguments %s) got no answer", cp.Name, compactJSON(cp.Arguments), j.seq(i), what)
		case isResult && res.IsError:
			msg = fmt.Sprintf("%s called with %s (arguments that %s) got a tool execution error, isError: true (step %d): %q", cp.Name, compactJSON(cp.Arguments), what, j.seq(k), excerpt(res.text()))
		case m.Error != nil && m.Error.Code == jsonrpc.CodeInvalidParams:
			v, msg = Warn, fmt.Sprintf("%s called with %s (arguments that %s) got the protocol error -32602 %q (step %d). server/tools §Error Handling lists input validation errors under tool execution errors (isError: true, which the model reads and can correct), but the spec disagrees with itself: the 2026-07-28 schema's InvalidParamsError lists \"invalid tool arguments\" under -32602, and its official example invalid-tool-arguments.json is exactly that. A warning, not a failure", cp.Name, compactJSON(cp.Arguments), what, m.Error.Message, j.seq(k))
		case m.Error != nil:
			v, msg = Warn, fmt.Sprintf("%s called with %s (arguments that %s) got the error %d %q (step %d): refused, but neither as a tool execution error (isError: true) nor as -32602, so the model is not told how to correct them", cp.Name, compactJSON(cp.Arguments), what, m.Error.Code, m.Error.Message, j.seq(k))
		default:
			v, msg = Fail, fmt.Sprintf("%s called with %s (arguments that %s) succeeded (step %d): the server did not validate its input against its own inputSchema. It must, and answer with a tool execution error (isError: true) the model can correct", cp.Name, compactJSON(cp.Arguments), what, j.seq(k))
		}
		if seq == 0 || rank(v) > rank(worst) {
			worst, seq = v, j.seq(k)
			if k < 0 {
				seq = j.seq(i)
			}
		}
		msgs = append(msgs, msg)
	}
	return j.result(IDInvalidArgs, worst, seq, "%s.", strings.Join(msgs, "; "))
}

func rank(v Verdict) int {
	switch v {
	case Fail:
		return 3
	case Warn:
		return 2
	case Pass:
		return 1
	}
	return 0
}

// namedTools are the tools the capture called on the user's behalf.
func (j *judge) namedTools() []string {
	var out []string
	for _, tag := range []string{tagCall, tagSlow} {
		for _, i := range j.requests(tag) {
			var cp callParams
			params(j.msg(i), &cp)
			out = append(out, cp.Name)
		}
	}
	return dedupe(out)
}

// ---- cancellation-honoured ----

// cancelGrace is how long after the cancellation a message already on
// its way may still arrive (the server wrote it before it read the
// notification).
const cancelGrace = 100

func (j *judge) cancellation() Result {
	tries, failed := 0, 0
	var firstBad string
	seq := 0
	tool := ""
	var took int64
	for n := 1; ; n++ {
		tag := fmt.Sprintf("%s-%d", tagCancel, n)
		r := j.first(tag)
		if r < 0 {
			break
		}
		tries++
		req := j.msg(r)
		var cp callParams
		params(req, &cp)
		tool = cp.Name
		token, _ := json.Marshal(cp.Meta[mcp.MetaProgressToken])
		notice := j.first(tag + "-notice")
		if notice < 0 {
			failed++
			continue
		}
		if seq == 0 {
			seq = j.seq(notice)
		}
		at := j.ms(notice)
		bad := ""
		for k := notice + 1; k < len(j.t.Events) && bad == ""; k++ {
			if !j.fromServer(k) {
				continue
			}
			if j.tr == "http" && j.exchange(k) != j.exchange(r) {
				continue
			}
			for _, m := range j.msgs[k] {
				switch {
				case m.Method == "" && m.ID == req.ID:
					bad = fmt.Sprintf("step %d answers the call cancelled at step %d (%d ms later) with %s", j.seq(k), j.seq(notice), j.ms(k)-at, answerText(m))
					if j.ms(k)-at <= cancelGrace*5 {
						bad += ": the work stopped at once, but the request was still answered"
					}
				case m.Method == mcp.MethodProgress && j.ms(k)-at > cancelGrace:
					var pp mcp.ProgressParams
					if params(m, &pp) && bytes.Equal(bytes.TrimSpace(pp.ProgressToken), token) {
						bad = fmt.Sprintf("step %d still reports progress of the call cancelled at step %d (%d ms later)", j.seq(k), j.seq(notice), j.ms(k)-at)
					}
				}
				if bad != "" {
					if firstBad == "" {
						firstBad, seq = bad, j.seq(k)
					}
					break
				}
			}
		}
		if bad != "" {
			failed++
		}
	}
	if tries == 0 {
		return j.slowMissing(IDCancellation)
	}
	if s := j.first(tagSlow); s >= 0 {
		if k, m := j.answer(s); m != nil {
			took = j.ms(k) - j.ms(s)
		}
	}
	odds := ruleOfThree(tries, failed, j.o.K)
	if failed > 0 {
		rule := "should stop the work and send no response for it"
		if j.modern {
			rule = "must send nothing more for it (and should stop the work as soon as practical)"
		}
		return j.result(IDCancellation, Fail, seq, "%d of %d cancelled calls of %s got more after notifications/cancelled: %s. A server that receives a cancellation %s: the client has moved on, and a late answer can be taken for another request's. %s",
			failed, tries, tool, firstBad, rule, odds)
	}
	return j.result(IDCancellation, Pass, seq, "%d of %d calls of %s (which takes %d ms), cancelled halfway with notifications/cancelled, got nothing more: no answer, no progress. %s", tries, tries, tool, took, odds)
}

// answerText says in a few words what a response is.
func answerText(m *jsonrpc.Message) string {
	if m.Error != nil {
		return fmt.Sprintf("the error %d %q", m.Error.Code, excerpt(m.Error.Message))
	}
	if res, ok := toolResult(m); ok && res.IsError {
		return fmt.Sprintf("a result with isError: true (%q)", excerpt(res.text()))
	}
	return "its result"
}

// ruleOfThree says what n tries with f failures tell about a task of k
// such calls.
func ruleOfThree(n, f, k int) string {
	if f > 0 {
		rate := float64(f) / float64(n)
		return fmt.Sprintf("Observed failure rate %d/%d = %.0f%%: a task of k = %d such calls then gets through without one with probability about (1 − %.2f)^%d = %.1f%% (pass^k).",
			f, n, 100*rate, k, rate, k, 100*math.Pow(1-rate, float64(k)))
	}
	bound := 3 / float64(n)
	if bound >= 1 {
		return fmt.Sprintf("With no failure in %d tries, the rule of three bounds the failure rate by 3/%d, which says nothing yet: -repeat 30 bounds it at 10%%, -repeat 300 at 1%%.", n, n)
	}
	return fmt.Sprintf("With no failure in %d tries the failure rate is below 3/%d = %.1f%% (the rule of three, 95%% confidence), so a task of k = %d such calls gets through with probability at least (1 − %.3f)^%d = %.1f%% (pass^k).",
		n, n, 100*bound, k, bound, k, 100*math.Pow(1-bound, float64(k)))
}

// slowMissing is the skip of a check that needs the slow call.
func (j *judge) slowMissing(id string) Result {
	s := j.first(tagSlow)
	if s < 0 {
		if j.lost() >= 0 {
			return j.missing(id, "the slow call")
		}
		return j.result(id, Skip, 0, "No slow tool was named: give one with -slow NAME[=JSON] (a call that takes a second or more) to check cancellation and that the server keeps answering while it runs.")
	}
	var cp callParams
	params(j.msg(s), &cp)
	k, m := j.answer(s)
	switch res, ok := toolResult(m); {
	case m == nil:
		return j.result(id, Skip, j.seq(s), "The slow call of %s (step %d) got no answer, so there was nothing to cancel halfway.", cp.Name, j.seq(s))
	case !ok || res.IsError:
		return j.result(id, Skip, j.seq(k), "The slow call of %s failed (step %d), so there was nothing to cancel halfway: give it arguments it accepts (-slow NAME=JSON).", cp.Name, j.seq(k))
	}
	if took := j.ms(k) - j.ms(s); took < minSlow.Milliseconds() {
		return j.result(id, Skip, j.seq(k), "The slow call of %s took only %d ms: too quick to cancel halfway or to ask something else while it runs. Name a call that takes at least a second.", cp.Name, took)
	}
	return j.missing(id, "the cancelled calls")
}

// ---- responsive-during-call ----

func (j *judge) responsive() Result {
	s, d := j.first(tagSlow), j.first(tagDuring)
	if s < 0 || d < 0 {
		return j.slowMissing(IDResponsive)
	}
	var cp callParams
	params(j.msg(s), &cp)
	sk, sm := j.answer(s)
	dk, dm := j.answer(d)
	method := j.msg(d).Method
	switch {
	case sm != nil && sk < d:
		return j.result(IDResponsive, Skip, j.seq(sk), "The slow call of %s was answered (step %d) before the checker asked anything else: name a call that takes at least a second.", cp.Name, j.seq(sk))
	case dm == nil:
		return j.result(IDResponsive, Fail, j.seq(d), "%s sent while %s ran (step %d) never got an answer: the server stopped answering during the slow call.", method, cp.Name, j.seq(d))
	case sm == nil || dk < sk:
		return j.result(IDResponsive, Pass, j.seq(dk), "%s sent while %s ran (step %d) was answered in %d ms (step %d), before the slow call finished.", method, cp.Name, j.seq(d), j.ms(dk)-j.ms(d), j.seq(dk))
	}
	return j.result(IDResponsive, Fail, j.seq(dk), "%s sent while %s ran (step %d) was answered only after the slow call finished (its answer at step %d, this one at step %d, %d ms after asking). The server handles one request at a time: a blocking call inside a tool (time.sleep or a blocking HTTP client in an async Python tool, a synchronous loop in Node) stops everything else, pings and cancellations included.",
		method, cp.Name, j.seq(d), j.seq(sk), j.seq(dk), j.ms(dk)-j.ms(d))
}

// ---- tool-poisoning ----

func (j *judge) poisoning() Result {
	l, ok := j.firstTools()
	if !ok {
		return j.missing(IDPoisoning, "a tools/list result")
	}
	var found []string
	for i, t := range l.tools {
		raw := l.raw(j, i)
		for _, f := range Poisoning(t, raw) {
			found = append(found, fmt.Sprintf("%s: %s %s", t.Name, f.Kind, f.Text))
		}
	}
	if len(found) > 0 {
		return j.result(IDPoisoning, Fail, j.seq(l.resp), "The model reads every tool's description as trusted text, and the user never sees it. In the tools/list result of step %d: %s. Describe what the tool does; never address the model, never name secret files, and write nothing a person cannot see.", j.seq(l.resp), limit(found, 6))
	}
	return j.result(IDPoisoning, Pass, j.seq(l.resp), "No instructions to the model, secret-file paths or hidden Unicode in the %d tools' names, descriptions and schemas (step %d).", len(l.tools), j.seq(l.resp))
}

// raw is the JSON of tool i exactly as the server sent it.
func (l listing) raw(j *judge, i int) json.RawMessage {
	for _, m := range j.msgs[l.resp] {
		var res struct {
			Tools []json.RawMessage `json:"tools"`
		}
		if m.Method == "" && json.Unmarshal(m.Result, &res) == nil && i < len(res.Tools) {
			return res.Tools[i]
		}
	}
	return nil
}

// ---- list-changed-honest ----

func (j *judge) listChanged() Result {
	got := j.answeredLists()
	if len(got) < 2 {
		return j.missing(IDListChangedHonst, "two answered tools/list requests")
	}
	for n := 1; n < len(got); n++ {
		a, b := got[n-1], got[n]
		changes := toolChanges(a.tools, b.tools)
		if len(changes) == 0 {
			continue
		}
		notified := false
		for k := a.resp; k <= b.resp; k++ {
			for _, m := range j.msgs[k] {
				notified = notified || (j.fromServer(k) && m.Method == mcp.MethodToolsChanged)
			}
		}
		if !notified {
			return j.result(IDListChangedHonst, Fail, j.seq(b.resp), "Between the tools/list results of steps %d and %d, %s, and no notifications/tools/list_changed came in between. A client that cached the first list (and a user who approved a tool as it was described then) keeps trusting the old definition: a tool that changes silently is how a \"rug pull\" works.",
				j.seq(a.resp), j.seq(b.resp), limit(changes, 4))
		}
	}
	return j.result(IDListChangedHonst, Pass, j.seq(got[len(got)-1].resp), "%d tools/list results over the session gave the same tools with the same descriptions and schemas (or announced each change with notifications/tools/list_changed).", len(got))
}

// toolChanges lists what differs between two tool lists.
func toolChanges(a, b []mcp.Tool) []string {
	key := func(t mcp.Tool) string {
		in, _ := canonical(t.InputSchema)
		out, _ := canonical(t.OutputSchema)
		return t.Title + "\x00" + t.Description + "\x00" + in + "\x00" + out
	}
	ma := map[string]mcp.Tool{}
	for _, t := range a {
		ma[t.Name] = t
	}
	var out []string
	seen := map[string]bool{}
	for _, t := range b {
		seen[t.Name] = true
		old, ok := ma[t.Name]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s appeared", t.Name))
		case old.Description != t.Description:
			out = append(out, fmt.Sprintf("%s's description changed from %q to %q", t.Name, excerpt(old.Description), excerpt(t.Description)))
		case key(old) != key(t):
			out = append(out, fmt.Sprintf("%s's schema or title changed", t.Name))
		}
	}
	for _, t := range a {
		if !seen[t.Name] {
			out = append(out, fmt.Sprintf("%s disappeared", t.Name))
		}
	}
	return out
}

// canonical re-encodes JSON with sorted keys.
func canonical(raw json.RawMessage) (string, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return "", nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return string(raw), err
	}
	b, err := json.Marshal(v)
	return string(b), err
}

// ---- helpers ----

func excerpt(s string) string {
	s = strings.TrimRight(s, "\r\n")
	if utf8.RuneCountInString(s) > 120 {
		r := []rune(s)
		return string(r[:120]) + "…"
	}
	return s
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

func limit(items []string, n int) string {
	if len(items) > n {
		return strings.Join(items[:n], "; ") + fmt.Sprintf("; and %d more", len(items)-n)
	}
	return strings.Join(items, "; ")
}

func dedupe(s []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

func sortedKeys(m map[string]json.RawMessage) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
