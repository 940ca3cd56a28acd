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
func Speaks(t *trace.Trace) (ok bool, seq int, why Msg) {
	x := newView(t)
	tag, method := tagInitialize, mcp.MethodInitialize
	if x.modern {
		tag, method = tagDiscover, mcp.MethodDiscover
	}
	i := x.first(tag)
	if i < 0 {
		for k := range t.Events {
			if t.Events[k].Note == "host.failure" {
				return false, t.Events[k].Seq, msg("the server could not be started: %s", "服务器无法启动：%s", strings.TrimSpace(t.Events[k].Raw))
			}
		}
		return false, 0, msg("the capture has no %s request", "记录中没有 %s 请求", method)
	}
	j, m := x.answer(i)
	if m == nil {
		return false, x.seq(i), msg("%s got no answer", "%s 没有得到回应", method)
	}
	if m.Error != nil {
		return false, x.seq(j), msg("%s was answered with error %d %q", "%s 得到的回应是错误 %d %q", method, m.Error.Code, m.Error.Message)
	}
	if x.modern {
		var res mcp.DiscoverResult
		_ = json.Unmarshal(m.Result, &res)
		if !contains(res.SupportedVersions, t.Version) {
			return false, x.seq(j), msg("server/discover lists %q, not %s", "server/discover 列出的是 %q，而不是 %s", res.SupportedVersions, t.Version)
		}
		return true, x.seq(j), Msg{}
	}
	var res mcp.InitializeResult
	_ = json.Unmarshal(m.Result, &res)
	if res.ProtocolVersion != t.Version {
		return false, x.seq(j), msg("initialize asked for %s and was answered with %q", "initialize 请求的是 %s，得到的回应却是 %q", t.Version, res.ProtocolVersion)
	}
	return true, x.seq(j), Msg{}
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
	g := JudgeBoth(t, o)
	out := make([]Result, len(g))
	for i := range g {
		out[i] = g[i].Result
	}
	return out
}

// JudgeBoth is Judge with each message in both languages (the page's).
func JudgeBoth(t *trace.Trace, o JudgeOptions) []Graded {
	if o.K <= 0 {
		o.K = 10
	}
	j := &judge{view: newView(t), o: o}
	if ok, seq, why := Speaks(t); !ok {
		if o.Forced {
			return []Graded{j.result(IDVersion, Fail, seq, "You asked for %s (-version), but the server does not speak it: %s.",
				"你要求使用 %s（-version），但服务器不支持它：%s。", t.Version, why)}
		}
		return []Graded{j.result(IDVersion, Skip, seq, "The server does not speak %s: %s. Its checks were not run for this version.",
			"服务器不支持 %s：%s。这个版本的检查没有运行。", t.Version, why)}
	}
	checks := map[string]func() Graded{
		IDStdout: j.stdout, IDIDs: j.ids, IDNotification: j.notification, IDVersion: j.negotiation,
		IDResultType: j.resultType, IDMeta: j.meta, IDUnsupported: j.unsupported, IDUnknownMethod: j.unknownMethod,
		IDHeaderMismatch: j.headers, IDOrigin: j.origin, IDSchemas: j.schemas, IDStructured: j.structured,
		IDDescriptions: j.descriptions, IDOrder: j.order, IDUnknownTool: j.unknownTool, IDInvalidArgs: j.invalidArgs,
		IDCancellation: j.cancellation, IDResponsive: j.responsive, IDPoisoning: j.poisoning, IDListChangedHonst: j.listChanged,
	}
	var out []Graded
	for _, d := range Defs() {
		if _, ok, why := d.cite(j.v, j.tr); !ok {
			out = append(out, j.result(d.ID, Skip, 0, "Does not apply to %s over %s: %s.", "不适用于通过 %[2]s 的 %[1]s：%[3]s。", j.v, j.tr, why))
			continue
		}
		out = append(out, checks[d.ID]())
	}
	return out
}

// result is a verdict; en and zh are the message's formats (literals:
// TestMessagesBilingual reads them), args the values both fill in.
func (j *judge) result(id string, v Verdict, seq int, en, zh string, args ...any) Graded {
	d, _ := DefByID(id)
	c, _, _ := d.cite(j.v, j.tr)
	m := Msg{en, zh, args}
	return Graded{Result{ID: id, Version: j.v, Verdict: v, Level: c.Level, Spec: c.Spec, Quote: c.Quote, Seq: seq,
		Message: m.En()}, m}
}

// missing is the skip of a check whose probe is not in the capture.
func (j *judge) missing(id string, what Msg) Graded {
	if l := j.lost(); l >= 0 {
		return j.result(id, Skip, j.seq(l), "Not checked: the client lost the connection at step %d (a line on stdout that is not an MCP message, see stdout-protocol-only) before it could send %s.", "未检查：客户端在第 %d 步断开了连接（stdout 上出现了一行不是 MCP 消息的内容，见 stdout-protocol-only），没来得及发送%s。", j.seq(l), what)
	}
	return j.result(id, Skip, 0, "Not checked: the capture has no %s (the run ended before it).", "未检查：记录中没有%s（运行在此之前就结束了）。", what)
}

// ---- stdout-protocol-only ----

func (j *judge) stdout() Graded {
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
						"(in Python: print(..., file=sys.stderr); in Node: console.error).",
					"第 %d 步：服务器在 stdout 上写了 %q，这不是 JSON-RPC 消息（%s）。stdout 是协议通道："+
						"客户端无法越过这样的一行继续读取，会断开连接。请把调试输出写到 stderr"+
						"（Python 中用 print(..., file=sys.stderr)；Node 中用 console.error）。", e.Seq, excerpt(e.Raw), derr.Err.Message)
			}
		}
	}
	if lines == 0 {
		return j.result(IDStdout, Skip, 0, "The server wrote nothing on stdout.", "服务器没有在 stdout 上写任何内容。")
	}
	return j.result(IDStdout, Pass, j.seq(first), "All %d lines the server wrote on stdout were JSON-RPC messages; its %d diagnostic lines went to stderr, where they belong.", "服务器在 stdout 上写的 %d 行全部是 JSON-RPC 消息；它的 %d 行诊断输出写到了 stderr，这正是它们该去的地方。", lines, stderr)
}

// ---- ids-echoed ----

func (j *judge) ids() Graded {
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
						return j.result(IDIDs, Fail, j.seq(k), "Step %d answers the request of step %d, whose id is %s, with the id %s. The id must come back exactly as sent: same value, same type (a string stays a string, a number a number).", "第 %d 步回应第 %d 步的请求（其 id 为 %s）时用的 id 是 %s。id 必须原样返回：值相同，类型也相同（字符串仍是字符串，数字仍是数字）。",
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
				return j.result(IDIDs, Fail, j.seq(i), "Step %d is a response with the id %s, but no request was sent with that id%s. The id must come back exactly as sent: same value, same type.", "第 %d 步是 id 为 %s 的响应，但没有发送过带这个 id 的请求%s。id 必须原样返回：值相同，类型也相同。",
					j.seq(i), idText(m.ID), lookalike(m.ID, sent))
			}
		}
	}
	p := j.first(tagIDs)
	if p < 0 {
		return j.missing(IDIDs, msg("the request with a string id", "使用字符串 id 的请求"))
	}
	k, m := j.answer(p)
	if m == nil || (j.tr == "stdio" && m.ID != j.msg(p).ID) {
		return j.result(IDIDs, Fail, j.seq(p), "The request of step %d has the string id %s and got no response with that id.", "第 %d 步的请求使用字符串 id %s，却没有得到带这个 id 的响应。", j.seq(p), j.msg(p).ID)
	}
	return j.result(IDIDs, Pass, j.seq(k), "%d responses, each with the id of its request exactly; the string id %s came back as the same string (step %d).", "%d 个响应，每个都准确带回了其请求的 id；字符串 id %s 原样作为同一个字符串返回（第 %d 步）。", checked, j.msg(p).ID, j.seq(k))
}

func idText(id jsonrpc.ID) string {
	if id.IsZero() {
		return "null"
	}
	return id.String()
}

// lookalike names a sent id that differs from got only by its type.
func lookalike(got jsonrpc.ID, sent map[string]int) Msg {
	bare := strings.Trim(got.String(), `"`)
	for s, seq := range sent {
		if strings.Trim(s, `"`) == bare {
			return msg(" (step %d sent %s: the same value with another type)", "（第 %d 步发送的是 %s：值相同，类型不同）", seq, s)
		}
	}
	return Msg{}
}

// ---- notification-unanswered ----

func (j *judge) notification() Graded {
	p := j.first(tagNotify)
	if p < 0 {
		return j.missing(IDNotification, msg("the notification", "那条通知"))
	}
	if j.tr == "http" {
		notes := []int{}
		for i := range j.t.Events {
			if j.sent(i) && len(j.msgs[i]) == 1 && j.msgs[i][0].Kind() == jsonrpc.KindNotification {
				notes = append(notes, i)
			}
		}
		var refused Msg
		for _, i := range notes {
			st, k := j.status(i)
			if k < 0 {
				continue
			}
			n := j.msg(i)
			body := j.body(k)
			for _, m := range j.msgs[k] {
				if m.Method == "" && st < 300 {
					return j.result(IDNotification, Fail, j.seq(k), "Step %d answers the notification %s of step %d with a JSON-RPC response (HTTP %d). Nothing answers a notification: accept it with 202 Accepted and no body.", "第 %[1]d 步用一个 JSON-RPC 响应（HTTP %[4]d）回应了第 %[3]d 步的通知 %[2]s。通知不应得到任何回应：应以 202 Accepted 接受它，且不带正文。", j.seq(k), n.Method, j.seq(i), st)
				}
			}
			switch {
			case st == 202 && strings.TrimSpace(body) == "":
			case st >= 400:
				refused = msg(" The server refused %s with HTTP %d, which the transport allows for a notification it cannot accept (no JSON-RPC response with an id).", "服务器以 HTTP %[2]d 拒绝了 %[1]s，传输规范允许对无法接受的通知这样做（没有带 id 的 JSON-RPC 响应）。", n.Method, st)
			default:
				return j.result(IDNotification, Fail, j.seq(k), "Step %d accepts the notification %s of step %d with HTTP %d%s; the transport asks for 202 Accepted with no body.", "第 %[1]d 步以 HTTP %[4]d%[5]s 接受了第 %[3]d 步的通知 %[2]s；传输规范要求的是 202 Accepted 且不带正文。", j.seq(k), n.Method, j.seq(i), st, bodyNote(body))
			}
		}
		return j.result(IDNotification, Pass, j.seq(p), "%d notifications were accepted without a response.%s", "%d 条通知被接受，且没有响应。%s", len(notes), refused)
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
				return j.result(IDNotification, Fail, j.seq(i), "Step %d is a response (id %s) written right after the notification %s of step %d, before the client sent anything else. The receiver of a notification must not answer it, not even with an error for a method it does not know.", "第 %[1]d 步是紧接在第 %[4]d 步的通知 %[3]s 之后、客户端发送其他内容之前写出的一个响应（id %[2]s）。通知的接收方不得回应它，即使是对它不认识的方法回一个错误也不行。",
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
				return j.result(IDNotification, Fail, j.seq(i), "Step %d is a response without an id: it answers no request (every request has one), so it answers a notification. Nothing answers a notification.", "第 %d 步是一个没有 id 的响应：它不回应任何请求（每个请求都有 id），所以它回应的是一条通知。通知不应得到任何回应。", j.seq(i))
			}
		}
	}
	return j.result(IDNotification, Pass, j.seq(p), "The notification %s (step %d), which no server knows, got no response, as JSON-RPC requires.", "通知 %s（第 %d 步）是任何服务器都不认识的，它没有得到响应，符合 JSON-RPC 的要求。", j.msg(p).Method, j.seq(p))
}

func bodyNote(body string) Msg {
	if strings.TrimSpace(body) == "" {
		return Msg{}
	}
	return msg(" and a body (%q)", "和一段正文（%q）", excerpt(body))
}

// ---- version-negotiation ----

func (j *judge) negotiation() Graded {
	_, seq, _ := Speaks(j.t)
	if j.modern {
		return j.result(IDVersion, Pass, seq, "server/discover (step %d) lists %s among the versions the server supports.", "server/discover（第 %d 步）在服务器支持的版本中列出了 %s。", seq, j.v)
	}
	p := j.first(tagNegotiate)
	if p < 0 {
		return j.result(IDVersion, Pass, seq, "initialize asked for %s and the server answered with the same version (step %d). (The capture has no second initialize asking for a version no server has.)", "initialize 请求 %s，服务器以同一版本回应（第 %d 步）。（记录中没有第二个请求任何服务器都没有的版本的 initialize。）", j.v, seq)
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
		return j.result(IDVersion, Fail, j.seq(p), "initialize asking for %s (step %d) got no answer. A server that does not support the requested version must answer with another version it supports.", "请求 %s 的 initialize（第 %d 步）没有得到回应。不支持所请求版本的服务器必须以另一个它支持的版本回应。", asked, j.seq(p))
	case m.Error != nil:
		return j.result(IDVersion, Fail, j.seq(k), "initialize asking for %s was answered with the error %d %q (step %d). The spec asks for a result naming another version the server supports, so that the client can decide whether to go on.", "请求 %s 的 initialize 得到的回应是错误 %d %q（第 %d 步）。规范要求的是一个结果，其中给出服务器支持的另一个版本，让客户端决定是否继续。", asked, m.Error.Code, m.Error.Message, j.seq(k))
	}
	var res mcp.InitializeResult
	_ = json.Unmarshal(m.Result, &res)
	if res.ProtocolVersion == asked || res.ProtocolVersion == "" {
		return j.result(IDVersion, Fail, j.seq(k), "initialize asking for %s was answered with protocolVersion %q (step %d): the server echoed a version it cannot support instead of naming one it does.", "请求 %s 的 initialize 得到的回应是 protocolVersion %q（第 %d 步）：服务器照搬了一个它无法支持的版本，而不是给出一个它支持的版本。", asked, res.ProtocolVersion, j.seq(k))
	}
	return j.result(IDVersion, Pass, j.seq(k), "initialize asking for %s got %s back (step %d), and asking for %s got %s: the same version when the server supports it, another one it supports otherwise.", "请求 %s 的 initialize 得到 %s（第 %d 步），请求 %s 得到 %s：服务器支持时返回同一版本，否则返回另一个它支持的版本。", j.v, j.v, seq, asked, res.ProtocolVersion)
}

// ---- result-type ----

func (j *judge) resultType() Graded {
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
				return j.result(IDResultType, Fail, j.seq(i), "The result of step %d (id %s) has no resultType. Every 2026-07-28 result says what it is: \"complete\" for a final answer, \"input_required\" when the server needs more input.", "第 %d 步的结果（id %s）没有 resultType。每个 2026-07-28 的结果都要说明自己是什么：最终答复为 \"complete\"，服务器需要更多输入时为 \"input_required\"。", j.seq(i), idText(m.ID))
			case *r.ResultType != "complete" && *r.ResultType != "input_required":
				return j.result(IDResultType, Fail, j.seq(i), "The result of step %d has resultType %q, which is neither \"complete\" nor \"input_required\"; this client declared no extension that adds others, so it must treat it as invalid.", "第 %d 步的结果的 resultType 为 %q，既不是 \"complete\" 也不是 \"input_required\"；本客户端没有声明任何增加其他取值的扩展，所以必须把它视为无效。", j.seq(i), *r.ResultType)
			}
			n++
			if first < 0 {
				first = i
			}
		}
	}
	if n == 0 {
		return j.missing(IDResultType, msg("a result", "结果"))
	}
	return j.result(IDResultType, Pass, j.seq(first), "All %d results carry a resultType.", "全部 %d 个结果都带有 resultType。", n)
}

// ---- meta-required ----

func (j *judge) meta() Graded {
	p := j.first(tagNoMeta)
	if p < 0 {
		return j.missing(IDMeta, msg("the request without _meta", "不带 _meta 的请求"))
	}
	k, m := j.answer(p)
	st, _ := j.status(p)
	switch {
	case m == nil:
		return j.result(IDMeta, Fail, j.seq(p), "tools/list without _meta (step %d) got no JSON-RPC answer%s. It must be refused with -32602 Invalid params.", "不带 _meta 的 tools/list（第 %d 步）没有得到 JSON-RPC 回应%s。它必须以 -32602 Invalid params 被拒绝。", j.seq(p), statusNote(st))
	case m.Error == nil:
		return j.result(IDMeta, Fail, j.seq(k), "tools/list without _meta (step %d) was served (step %d). Without io.modelcontextprotocol/protocolVersion and clientCapabilities the server cannot know which version or capabilities to use: it must refuse the request with -32602 Invalid params.", "不带 _meta 的 tools/list（第 %d 步）被正常处理了（第 %d 步）。没有 io.modelcontextprotocol/protocolVersion 和 clientCapabilities，服务器无从知道该用哪个版本或哪些能力：它必须以 -32602 Invalid params 拒绝该请求。", j.seq(p), j.seq(k))
	case m.Error.Code == jsonrpc.CodeHeaderMismatch && j.tr == "http":
		return j.result(IDMeta, Warn, j.seq(k), "tools/list without _meta (step %d) was refused with -32020 HeaderMismatch (step %d): its MCP-Protocol-Version header names 2026-07-28 and the body names no version, so the headers disagree with the body too. Both say the request is malformed; the spec names -32602 for a missing _meta, and which check a server runs first is its choice.", "不带 _meta 的 tools/list（第 %d 步）被以 -32020 HeaderMismatch 拒绝（第 %d 步）：它的 MCP-Protocol-Version 头写的是 2026-07-28，而正文没有写版本，所以头与正文也不一致。两者都说明请求格式错误；规范为缺少 _meta 指定的是 -32602，而服务器先做哪项检查由它自己决定。", j.seq(p), j.seq(k))
	case m.Error.Code != jsonrpc.CodeInvalidParams:
		return j.result(IDMeta, Fail, j.seq(k), "tools/list without _meta (step %d) was refused with %d %q (step %d); the spec asks for -32602 Invalid params.", "不带 _meta 的 tools/list（第 %d 步）被以 %d %q 拒绝（第 %d 步）；规范要求的是 -32602 Invalid params。", j.seq(p), m.Error.Code, m.Error.Message, j.seq(k))
	case j.tr == "http" && st != 400:
		return j.result(IDMeta, Fail, j.seq(k), "tools/list without _meta was refused with -32602, but with HTTP %d; on HTTP the status must be 400 Bad Request.", "不带 _meta 的 tools/list 被以 -32602 拒绝，但 HTTP 状态是 %d；在 HTTP 上状态必须是 400 Bad Request。", st)
	}
	return j.result(IDMeta, Pass, j.seq(k), "tools/list without _meta (step %d) was refused with -32602 Invalid params%s (step %d).", "不带 _meta 的 tools/list（第 %d 步）被以 -32602 Invalid params%s 拒绝（第 %d 步）。", j.seq(p), statusNote(st), j.seq(k))
}

func statusNote(st int) Msg {
	if st == 0 {
		return Msg{}
	}
	return msg(", HTTP %d", "，HTTP %d", st)
}

// ---- unsupported-version ----

func (j *judge) unsupported() Graded {
	p := j.first(tagBadVersion)
	if p < 0 {
		return j.missing(IDUnsupported, msg("the request for an unknown version", "要求未知协议版本的请求"))
	}
	k, m := j.answer(p)
	st, _ := j.status(p)
	if m == nil {
		return j.result(IDUnsupported, Fail, j.seq(p), "tools/list asking for version %s (step %d) got no JSON-RPC answer%s; the server must answer -32022 UnsupportedProtocolVersion listing the versions it supports.", "请求版本 %s 的 tools/list（第 %d 步）没有得到 JSON-RPC 回应%s；服务器必须以 -32022 UnsupportedProtocolVersion 回应，并列出它支持的版本。", UnknownVersion, j.seq(p), statusNote(st))
	}
	if m.Error == nil {
		return j.result(IDUnsupported, Fail, j.seq(k), "tools/list asking for version %s was served (step %d), in a version no server implements. It must be refused with -32022 UnsupportedProtocolVersion and the list of supported versions, so the client can retry with one of them.", "请求版本 %s 的 tools/list 被正常处理了（第 %d 步），而这是任何服务器都没有实现的版本。它必须以 -32022 UnsupportedProtocolVersion 和所支持版本的列表被拒绝，让客户端能用其中一个重试。", UnknownVersion, j.seq(k))
	}
	var data mcp.UnsupportedVersionData
	hasData := json.Unmarshal(m.Error.Data, &data) == nil
	var problems []Msg
	if m.Error.Code != jsonrpc.CodeUnsupportedProtocolVersion {
		problems = append(problems, msg("the code is %d (%s), not -32022", "错误码是 %d（%s），而不是 -32022", m.Error.Code, jsonrpc.CodeName(m.Error.Code)))
	}
	if !hasData || len(data.Supported) == 0 {
		problems = append(problems, msg("data.supported does not list the versions the server supports", "data.supported 没有列出服务器支持的版本"))
	} else if contains(data.Supported, UnknownVersion) {
		problems = append(problems, msg("data.supported lists the very version it refused", "data.supported 列出了它拒绝的那个版本本身"))
	}
	if hasData && data.Requested != UnknownVersion {
		problems = append(problems, msg("data.requested is %q, not the requested %q", "data.requested 是 %q，而不是所请求的 %q", data.Requested, UnknownVersion))
	}
	if j.tr == "http" && st != 400 {
		problems = append(problems, msg("the HTTP status is %d, not 400", "HTTP 状态是 %d，而不是 400", st))
	}
	if len(problems) > 0 {
		return j.result(IDUnsupported, Fail, j.seq(k), "tools/list asking for version %s was refused (step %d), but %s. A client retries with a version from data.supported: without it, it can only give up.", "请求版本 %s 的 tools/list 被拒绝了（第 %d 步），但%s。客户端会用 data.supported 中的版本重试：没有它，就只能放弃。", UnknownVersion, j.seq(k), join(problems))
	}
	return j.result(IDUnsupported, Pass, j.seq(k), "Asking for version %s got -32022%s with supported %q and requested %q (step %d).", "请求版本 %s 得到了 -32022%s，supported 为 %q，requested 为 %q（第 %d 步）。", UnknownVersion, statusNote(st), data.Supported, data.Requested, j.seq(k))
}

// ---- unknown-method ----

func (j *judge) unknownMethod() Graded {
	p := j.first(tagUnknownMethod)
	if p < 0 {
		return j.missing(IDUnknownMethod, msg("the request for an unknown method", "调用未知方法的请求"))
	}
	k, m := j.answer(p)
	st, _ := j.status(p)
	want := "-32601 Method not found"
	if j.modern && j.tr == "http" {
		want += " with HTTP 404"
	}
	switch {
	case m == nil:
		return j.result(IDUnknownMethod, Fail, j.seq(p), "The request for %s (step %d) got no JSON-RPC answer%s%s; expected %s, which is how a client tells \"this server does not have that method\" from every other failure.", "对 %s 的请求（第 %d 步）没有得到 JSON-RPC 回应%s%s；应为 %s，客户端正是靠它把“这个服务器没有该方法”与其他所有失败区分开。", UnknownMethod, j.seq(p), statusNote(st), j.bodyOf(p), want)
	case m.Error == nil:
		return j.result(IDUnknownMethod, Fail, j.seq(k), "The request for %s, which the server cannot implement, got a result (step %d); expected %s.", "对 %s（服务器不可能实现的方法）的请求得到了一个结果（第 %d 步）；应为 %s。", UnknownMethod, j.seq(k), want)
	case m.Error.Code != jsonrpc.CodeMethodNotFound:
		return j.result(IDUnknownMethod, Fail, j.seq(k), "The request for %s got %d %q (step %d); JSON-RPC reserves -32601 Method not found for exactly this, and a client tells it from the other errors by its code. Expected %s.", "对 %s 的请求得到了 %d %q（第 %d 步）；JSON-RPC 正是为这种情况保留了 -32601 Method not found，客户端凭错误码把它与其他错误区分开。应为 %s。", UnknownMethod, m.Error.Code, m.Error.Message, j.seq(k), want)
	case j.modern && j.tr == "http" && st != 404:
		return j.result(IDUnknownMethod, Fail, j.seq(k), "The request for %s got -32601 but HTTP %d (step %d); 2026-07-28 asks for 404 Not Found with it.", "对 %s 的请求得到了 -32601，但 HTTP 状态是 %d（第 %d 步）；2026-07-28 要求同时返回 404 Not Found。", UnknownMethod, st, j.seq(k))
	}
	return j.result(IDUnknownMethod, Pass, j.seq(k), "The request for %s got -32601 Method not found%s (step %d).", "对 %s 的请求得到了 -32601 Method not found%s（第 %d 步）。", UnknownMethod, statusNote(st), j.seq(k))
}

// bodyOf quotes the HTTP body answering request event i, when there is
// one that is not JSON-RPC.
func (j *judge) bodyOf(i int) Msg {
	if _, h := j.status(i); h >= 0 {
		if b := strings.TrimSpace(j.body(h)); b != "" {
			return msg(" but the body %q", "，只有正文 %q", excerpt(b))
		}
	}
	return Msg{}
}

// ---- header-mismatch ----

func (j *judge) headers() Graded {
	p := j.first(tagHeaders)
	if p < 0 {
		return j.missing(IDHeaderMismatch, msg("the request whose headers disagree with its body", "头与正文不一致的请求"))
	}
	k, m := j.answer(p)
	st, h := j.status(p)
	switch {
	case m != nil && m.Error == nil:
		return j.result(IDHeaderMismatch, Fail, j.seq(k), "tools/list sent with Mcp-Method: %s (step %d) was served (step %d). A gateway routes by the headers and the server acts on the body: when they disagree the request must be refused with 400 and -32020 HeaderMismatch.", "带 Mcp-Method: %s 发送的 tools/list（第 %d 步）被正常处理了（第 %d 步）。网关按头路由，服务器按正文执行：两者不一致时，请求必须以 400 和 -32020 HeaderMismatch 被拒绝。", mcp.MethodPromptsList, j.seq(p), j.seq(k))
	case m != nil && m.Error.Code == jsonrpc.CodeHeaderMismatch && st == 400:
		return j.result(IDHeaderMismatch, Pass, j.seq(k), "tools/list sent with Mcp-Method: %s was refused with 400 and -32020 HeaderMismatch (step %d).", "带 Mcp-Method: %s 发送的 tools/list 被以 400 和 -32020 HeaderMismatch 拒绝（第 %d 步）。", mcp.MethodPromptsList, j.seq(k))
	case st >= 400 && st < 500:
		code := msg("no JSON-RPC error", "没有 JSON-RPC 错误")
		if m != nil {
			code = msg("%d %q", "%d %q", m.Error.Code, m.Error.Message)
		}
		return j.result(IDHeaderMismatch, Warn, j.seq(h), "tools/list sent with Mcp-Method: %s was refused with HTTP %d and %s (step %d): refused, as required, but the spec defines -32020 HeaderMismatch (with 400) for this, so a client can tell it from other errors.", "带 Mcp-Method: %s 发送的 tools/list 被以 HTTP %d 和 %s 拒绝（第 %d 步）：按要求拒绝了，但规范为此定义的是 -32020 HeaderMismatch（配合 400），让客户端能把它与其他错误区分开。", mcp.MethodPromptsList, st, code, j.seq(h))
	}
	return j.result(IDHeaderMismatch, Fail, j.seq(p), "tools/list sent with Mcp-Method: %s (step %d) got HTTP %d and no HeaderMismatch error; expected 400 with -32020.", "带 Mcp-Method: %s 发送的 tools/list（第 %d 步）得到了 HTTP %d，且没有 HeaderMismatch 错误；应为 400 加 -32020。", mcp.MethodPromptsList, j.seq(p), st)
}

// ---- origin-validated ----

func (j *judge) origin() Graded {
	p := j.first(tagOrigin)
	if p < 0 {
		return j.missing(IDOrigin, msg("the request with a foreign Origin", "带外来 Origin 的请求"))
	}
	st, h := j.status(p)
	if st == 403 {
		return j.result(IDOrigin, Pass, j.seq(h), "A request with Origin: %s was refused with 403 Forbidden (step %d).", "带 Origin: %s 的请求被以 403 Forbidden 拒绝（第 %d 步）。", ForeignOrigin, j.seq(h))
	}
	if h < 0 {
		return j.result(IDOrigin, Fail, j.seq(p), "A request with Origin: %s (step %d) got no answer; expected 403 Forbidden.", "带 Origin: %s 的请求（第 %d 步）没有得到回应；应为 403 Forbidden。", ForeignOrigin, j.seq(p))
	}
	return j.result(IDOrigin, Fail, j.seq(h), "A request with Origin: %s got HTTP %d (step %d), not 403 Forbidden. A page on that site, opened in the user's browser, can reach a server on 127.0.0.1 (DNS rebinding): the server must refuse origins it does not trust (in Go, wrap the handler with http.NewCrossOriginProtection()).", "带 Origin: %s 的请求得到了 HTTP %d（第 %d 步），而不是 403 Forbidden。用户在浏览器中打开的该站点页面可以访问 127.0.0.1 上的服务器（DNS 重绑定）：服务器必须拒绝它不信任的来源（在 Go 中，用 http.NewCrossOriginProtection() 包装处理器）。", ForeignOrigin, st, j.seq(h))
}

// ---- tool-schemas-valid ----

func (j *judge) schemas() Graded {
	l, ok := j.firstTools()
	if !ok {
		return j.missing(IDSchemas, msg("a tools/list result", "tools/list 结果"))
	}
	var problems []Msg
	for _, t := range l.tools {
		problems = append(problems, schemaProblems(t)...)
	}
	if len(problems) > 0 {
		return j.result(IDSchemas, Fail, j.seq(l.resp), "In the tools/list result of step %d: %s. A client validates arguments with these schemas (and a model writes arguments from them): an invalid one makes the tool unusable.", "在第 %d 步的 tools/list 结果中：%s。客户端用这些 schema 校验参数（模型也按它们编写参数）：无效的 schema 会让工具无法使用。", j.seq(l.resp), limit(problems, 5))
	}
	return j.result(IDSchemas, Pass, j.seq(l.resp), "The %d tools' input (and output) schemas are valid JSON Schema 2020-12, each inputSchema an object schema (step %d).", "%d 个工具的输入（及输出）schema 都是有效的 JSON Schema 2020-12，每个 inputSchema 都是对象 schema（第 %d 步）。", len(l.tools), j.seq(l.resp))
}

// schemaProblems lists what is wrong with a tool's schemas.
func schemaProblems(t mcp.Tool) []Msg {
	var out []Msg
	in := bytes.TrimSpace(t.InputSchema)
	var root struct {
		Type json.RawMessage `json:"type"`
	}
	switch {
	case len(in) == 0 || string(in) == "null":
		out = append(out, msg("%s has no inputSchema (it must be a JSON Schema object, not null)", "%s 没有 inputSchema（它必须是一个 JSON Schema 对象，不能为 null）", t.Name))
	case in[0] != '{':
		out = append(out, msg("%s's inputSchema is not a JSON object", "%s 的 inputSchema 不是 JSON 对象", t.Name))
	default:
		_ = json.Unmarshal(in, &root)
		if string(bytes.TrimSpace(root.Type)) != `"object"` {
			out = append(out, msg("%s's inputSchema has type %s at its root, not \"object\" (tool arguments are always an object)", "%s 的 inputSchema 根部的 type 为 %s，而不是 \"object\"（工具参数总是一个对象）", t.Name, orNone(root.Type)))
		}
		if _, err := toolbox.CompileSchema(t.Name, "input", in); err != nil {
			out = append(out, msg("%s's inputSchema does not compile: %s", "%s 的 inputSchema 无法编译：%s", t.Name, oneLine(err.Error())))
		}
	}
	if o := bytes.TrimSpace(t.OutputSchema); len(o) > 0 && string(o) != "null" {
		if _, err := toolbox.CompileSchema(t.Name, "output", o); err != nil {
			out = append(out, msg("%s's outputSchema does not compile: %s", "%s 的 outputSchema 无法编译：%s", t.Name, oneLine(err.Error())))
		}
	}
	return out
}

func orNone(raw json.RawMessage) Msg {
	if len(bytes.TrimSpace(raw)) == 0 {
		return msg("(none)", "（无）")
	}
	return plain(string(raw))
}

// ---- structured-content-matches ----

func (j *judge) structured() Graded {
	l, ok := j.firstTools()
	if !ok {
		return j.missing(IDStructured, msg("a tools/list result", "tools/list 结果"))
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
				return j.result(IDStructured, Fail, j.seq(k), "%s declares an outputSchema, but its result (step %d) has no structuredContent. A tool with an outputSchema must return structured results that conform to it.", "%s 声明了 outputSchema，但它的结果（第 %d 步）没有 structuredContent。有 outputSchema 的工具必须返回符合它的结构化结果。", cp.Name, j.seq(k))
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
				return j.result(IDStructured, Fail, j.seq(k), "The structuredContent of %s (step %d) does not match its outputSchema: %s", "%s 的 structuredContent（第 %d 步）不符合它的 outputSchema：%s", cp.Name, j.seq(k), oneLine(toolbox.DescribeValidation(err, inst)))
			}
		}
	}
	switch {
	case checked > 0:
		return j.result(IDStructured, Pass, j.seq(last), "%d results of tools with an outputSchema carried structuredContent that matches it.", "%d 个有 outputSchema 的工具的结果带有符合它的 structuredContent。", checked)
	case called == 0 && len(schemas) > 0:
		return j.result(IDStructured, Skip, 0, "No tool was called: name one with an outputSchema (%s) with -call NAME=JSON to check its structuredContent.", "没有调用任何工具：用 -call NAME=JSON 指定一个有 outputSchema 的工具（%s），以检查它的 structuredContent。", strings.Join(sortedKeys(schemas), ", "))
	case called == 0:
		return j.result(IDStructured, Skip, 0, "No tool was called, and none declares an outputSchema.", "没有调用任何工具，也没有工具声明 outputSchema。")
	}
	return j.result(IDStructured, Skip, 0, "None of the %d successful calls was of a tool that declares an outputSchema.", "%d 次成功调用中，没有一次调用的是声明了 outputSchema 的工具。", called)
}

// ---- tool-descriptions ----

func (j *judge) descriptions() Graded {
	l, ok := j.firstTools()
	if !ok {
		return j.missing(IDDescriptions, msg("a tools/list result", "tools/list 结果"))
	}
	var problems []Msg
	seen := map[string]bool{}
	for _, t := range l.tools {
		if strings.TrimSpace(t.Description) == "" {
			problems = append(problems, msg("%s has no description (the model only knows what a tool does from it)", "%s 没有描述（模型只能从描述得知工具做什么）", t.Name))
		}
		if n := utf8.RuneCountInString(t.Name); n < 1 || n > 128 {
			problems = append(problems, msg("the name %q is %d characters long (1 to 128)", "名称 %q 长 %d 个字符（应为 1 到 128）", t.Name, n))
		}
		if bad, ok := badNameChars(t.Name); ok {
			problems = append(problems, msg("the name %q has %s (only A-Z, a-z, 0-9, _, - and .)", "名称 %q 含有 %s（只允许 A-Z、a-z、0-9、_、- 和 .）", t.Name, bad))
		}
		if seen[t.Name] {
			problems = append(problems, msg("the name %q is listed twice", "名称 %q 被列出了两次", t.Name))
		}
		seen[t.Name] = true
	}
	if len(problems) > 0 {
		return j.result(IDDescriptions, Fail, j.seq(l.resp), "In the tools/list result of step %d: %s.", "在第 %d 步的 tools/list 结果中：%s。", j.seq(l.resp), limit(problems, 5))
	}
	return j.result(IDDescriptions, Pass, j.seq(l.resp), "The %d tools each have a description and a name of 1–128 characters from A-Z, a-z, 0-9, _, - and ., unique (step %d).", "%d 个工具都有描述，名称长 1–128 个字符、只由 A-Z、a-z、0-9、_、- 和 . 组成且互不重复（第 %d 步）。", len(l.tools), j.seq(l.resp))
}

// badNameChars lists the characters of a name outside A-Z, a-z, 0-9, _, -
// and . (ok false when there is none).
func badNameChars(name string) (bad Msg, ok bool) {
	var out []Msg
	seen := map[rune]bool{}
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-', r == '.':
		case seen[r]:
		case r == ' ':
			out = append(out, msg("a space", "一个空格"))
		default:
			out = append(out, plain(fmt.Sprintf("%q", r)))
		}
		seen[r] = true
	}
	return joinWith(out, ", ", "、"), len(out) > 0
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

func (j *judge) order() Graded {
	got := j.answeredLists()
	if len(got) < 2 {
		return j.missing(IDOrder, msg("two answered tools/list requests", "两个得到回应的 tools/list 请求"))
	}
	var legacyNote Msg
	if !j.modern {
		legacyNote = msg(" (2025-11-25 says nothing about the order; 2026-07-28 asks for it, for clients' and models' caches)", "（2025-11-25 对顺序没有要求；2026-07-28 要求顺序稳定，以便客户端和模型缓存）")
	}
	first := names(got[0].tools)
	for _, l := range got[1:] {
		if a, b := common(first, names(l.tools)); !slices.Equal(a, b) {
			return j.result(IDOrder, Fail, j.seq(l.resp), "tools/list gave %s at step %d and %s at step %d: the same tools in another order. A stable order lets a client cache the list and keeps a model's prompt cache warm%s.", "tools/list 在第 %[2]d 步给出 %[1]s，在第 %[4]d 步给出 %[3]s：同样的工具，顺序不同。稳定的顺序让客户端可以缓存列表，也让模型的提示缓存保持有效%[5]s。",
				list(a), j.seq(got[0].resp), list(b), j.seq(l.resp), legacyNote)
		}
	}
	return j.result(IDOrder, Pass, j.seq(got[len(got)-1].resp), "%d tools/list results listed the tools in the same order%s.", "%d 个 tools/list 结果以相同的顺序列出工具%s。", len(got), legacyNote)
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

func (j *judge) unknownTool() Graded {
	p := j.first(tagUnknownTool)
	if p < 0 {
		return j.missing(IDUnknownTool, msg("the call of an unknown tool", "对未知工具的调用"))
	}
	var cp callParams
	params(j.msg(p), &cp)
	k, m := j.answer(p)
	res, isResult := toolResult(m)
	switch {
	case m == nil:
		return j.result(IDUnknownTool, Fail, j.seq(p), "tools/call of %s, a tool the server does not list (step %d), got no answer; expected the protocol error -32602.", "对 %s（服务器没有列出的工具）的 tools/call（第 %d 步）没有得到回应；应为协议错误 -32602。", cp.Name, j.seq(p))
	case m.Error != nil && m.Error.Code == jsonrpc.CodeInvalidParams:
		return j.result(IDUnknownTool, Pass, j.seq(k), "tools/call of %s, a tool the server does not list, got the protocol error -32602 %q (step %d).", "对 %s（服务器没有列出的工具）的 tools/call 得到了协议错误 -32602 %q（第 %d 步）。", cp.Name, m.Error.Message, j.seq(k))
	case m.Error != nil:
		return j.result(IDUnknownTool, Warn, j.seq(k), "tools/call of %s, a tool the server does not list, got the protocol error %d %q (step %d). A protocol error is right; the spec's example uses -32602 Invalid params (the method tools/call exists: it is the name in its params that is wrong), so a client keyed to -32602 misses this one.", "对 %s（服务器没有列出的工具）的 tools/call 得到了协议错误 %d %q（第 %d 步）。协议错误是对的；规范的示例用的是 -32602 Invalid params（tools/call 方法是存在的：错的是其 params 中的名称），所以只认 -32602 的客户端会漏掉这一个。", cp.Name, m.Error.Code, m.Error.Message, j.seq(k))
	case isResult && res.IsError:
		return j.result(IDUnknownTool, Warn, j.seq(k), "tools/call of %s, a tool the server does not list, got a result with isError: true (step %d), a tool execution error, where server/tools §Error Handling lists \"Unknown tool\" under protocol errors (JSON-RPC -32602). Real SDKs differ here: the official TypeScript and Python SDKs answer an unknown tool with isError: true, the Go SDK and this lab with -32602, so a client must handle both. A warning, not a failure: the spec page and the SDKs disagree.", "对 %s（服务器没有列出的工具）的 tools/call 得到了带 isError: true 的结果（第 %d 步），即工具执行错误，而 server/tools §Error Handling 把 \"Unknown tool\" 列在协议错误（JSON-RPC -32602）之下。真实的 SDK 在这里各不相同：官方 TypeScript 和 Python SDK 对未知工具回应 isError: true，Go SDK 和本实验室回应 -32602，所以客户端必须两者都能处理。这是警告而非失败：规范页面与 SDK 的做法不一致。", cp.Name, j.seq(k))
	}
	return j.result(IDUnknownTool, Fail, j.seq(k), "tools/call of %s, a tool the server does not list, got a successful result (step %d): the model is told the call worked. An unknown tool is a protocol error (-32602).", "对 %s（服务器没有列出的工具）的 tools/call 得到了成功的结果（第 %d 步）：模型会以为调用成功了。未知工具是协议错误（-32602）。", cp.Name, j.seq(k))
}

// ---- invalid-arguments-tool-error ----

func (j *judge) invalidArgs() Graded {
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
			return j.result(IDInvalidArgs, Skip, 0, "No tool was named with -call or -slow. The checker calls no tool you did not name, and any tool could act on what it is sent (its annotations are hints a client must not trust), so it sends invalid arguments only to tools you named.", "没有用 -call 或 -slow 指定任何工具。检查器不会调用你没有指定的工具，而任何工具都可能根据收到的内容采取行动（它的注解只是客户端不可信任的提示），所以它只向你指定的工具发送无效参数。")
		case j.lost() >= 0:
			return j.missing(IDInvalidArgs, msg("a call with invalid arguments", "带无效参数的调用"))
		}
		return j.result(IDInvalidArgs, Skip, 0, "The inputSchema of each tool you named (%s) accepts any object, or the tool is not listed: no arguments can break it.", "你指定的每个工具（%s）的 inputSchema 都接受任意对象，或者该工具没有被列出：没有参数能违反它。", strings.Join(named, ", "))
	}
	worst := Pass
	var says []Msg
	seq := 0
	for _, i := range reqs {
		var cp callParams
		params(j.msg(i), &cp)
		what := msg("break its inputSchema", "违反其 inputSchema")
		if t, ok := byName[cp.Name]; ok {
			if _, w, ok := InvalidArguments(t.InputSchema); ok {
				what = w
			}
		}
		k, m := j.answer(i)
		res, isResult := toolResult(m)
		v, say := Pass, Msg{}
		switch {
		case m == nil:
			v, say = Fail, msg("%s called with %s (step %d: the arguments %s) got no answer", "以 %[2]s 调用 %[1]s（第 %[3]d 步：参数%[4]s）没有得到回应", cp.Name, compactJSON(cp.Arguments), j.seq(i), what)
		case isResult && res.IsError:
			say = msg("%s called with %s (arguments that %s) got a tool execution error, isError: true (step %d): %q", "以 %[2]s 调用 %[1]s（参数%[3]s）得到了工具执行错误 isError: true（第 %[4]d 步）：%[5]q", cp.Name, compactJSON(cp.Arguments), what, j.seq(k), excerpt(res.text()))
		case m.Error != nil && m.Error.Code == jsonrpc.CodeInvalidParams:
			v, say = Warn, msg("%s called with %s (arguments that %s) got the protocol error -32602 %q (step %d). server/tools §Error Handling lists input validation errors under tool execution errors (isError: true, which the model reads and can correct), but the spec disagrees with itself: the 2026-07-28 schema's InvalidParamsError lists \"invalid tool arguments\" under -32602, and its official example invalid-tool-arguments.json is exactly that. A warning, not a failure", "以 %[2]s 调用 %[1]s（参数%[3]s）得到了协议错误 -32602 %[4]q（第 %[5]d 步）。server/tools §Error Handling 把输入校验错误列在工具执行错误之下（isError: true，模型能读到并加以修正），但规范自相矛盾：2026-07-28 schema 的 InvalidParamsError 把 \"invalid tool arguments\" 列在 -32602 之下，其官方示例 invalid-tool-arguments.json 正是如此。这是警告而非失败", cp.Name, compactJSON(cp.Arguments), what, m.Error.Message, j.seq(k))
		case m.Error != nil:
			v, say = Warn, msg("%s called with %s (arguments that %s) got the error %d %q (step %d): refused, but neither as a tool execution error (isError: true) nor as -32602, so the model is not told how to correct them", "以 %[2]s 调用 %[1]s（参数%[3]s）得到了错误 %[4]d %[5]q（第 %[6]d 步）：被拒绝了，但既不是工具执行错误（isError: true）也不是 -32602，所以模型不知道该如何修正", cp.Name, compactJSON(cp.Arguments), what, m.Error.Code, m.Error.Message, j.seq(k))
		default:
			v, say = Fail, msg("%s called with %s (arguments that %s) succeeded (step %d): the server did not validate its input against its own inputSchema. It must, and answer with a tool execution error (isError: true) the model can correct", "以 %[2]s 调用 %[1]s（参数%[3]s）成功了（第 %[4]d 步）：服务器没有按自己的 inputSchema 校验输入。它必须校验，并以模型能修正的工具执行错误（isError: true）回应", cp.Name, compactJSON(cp.Arguments), what, j.seq(k))
		}
		if seq == 0 || rank(v) > rank(worst) {
			worst, seq = v, j.seq(k)
			if k < 0 {
				seq = j.seq(i)
			}
		}
		says = append(says, say)
	}
	return j.result(IDInvalidArgs, worst, seq, "%s.", "%s。", join(says))
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

func (j *judge) cancellation() Graded {
	tries, failed := 0, 0
	var firstBad Msg
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
		var bad Msg
		for k := notice + 1; k < len(j.t.Events) && bad.empty(); k++ {
			if !j.fromServer(k) {
				continue
			}
			if j.tr == "http" && j.exchange(k) != j.exchange(r) {
				continue
			}
			for _, m := range j.msgs[k] {
				switch {
				case m.Method == "" && m.ID == req.ID:
					bad = msg("step %d answers the call cancelled at step %d (%d ms later) with %s", "第 %d 步回应了在第 %d 步被取消的调用（%d 毫秒之后），内容是%s", j.seq(k), j.seq(notice), j.ms(k)-at, answerText(m))
					if j.ms(k)-at <= cancelGrace*5 {
						bad = cat(bad, msg(": the work stopped at once, but the request was still answered", "：工作立即停止了，但请求仍然得到了回应"))
					}
				case m.Method == mcp.MethodProgress && j.ms(k)-at > cancelGrace:
					var pp mcp.ProgressParams
					if params(m, &pp) && bytes.Equal(bytes.TrimSpace(pp.ProgressToken), token) {
						bad = msg("step %d still reports progress of the call cancelled at step %d (%d ms later)", "第 %d 步仍在报告在第 %d 步被取消的调用的进度（%d 毫秒之后）", j.seq(k), j.seq(notice), j.ms(k)-at)
					}
				}
				if !bad.empty() {
					if firstBad.empty() {
						firstBad, seq = bad, j.seq(k)
					}
					break
				}
			}
		}
		if !bad.empty() {
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
		rule := msg("should stop the work and send no response for it", "应当停止工作，并且不为它发送响应")
		if j.modern {
			rule = msg("must send nothing more for it (and should stop the work as soon as practical)", "必须不再为它发送任何消息（并应当尽快停止工作）")
		}
		return j.result(IDCancellation, Fail, seq, "%d of %d cancelled calls of %s got more after notifications/cancelled: %s. A server that receives a cancellation %s: the client has moved on, and a late answer can be taken for another request's. %s", "%[3]s 的 %[2]d 次被取消的调用中，有 %[1]d 次在 notifications/cancelled 之后还收到了消息：%[4]s。收到取消通知的服务器%[5]s：客户端已经不再等待，迟到的回应可能被当成另一个请求的回应。%[6]s",
			failed, tries, tool, firstBad, rule, odds)
	}
	return j.result(IDCancellation, Pass, seq, "%d of %d calls of %s (which takes %d ms), cancelled halfway with notifications/cancelled, got nothing more: no answer, no progress. %s", "%[3]s（耗时 %[4]d 毫秒）的 %[2]d 次调用中有 %[1]d 次在中途被 notifications/cancelled 取消后，再也没有收到任何消息：没有回应，也没有进度。%[5]s", tries, tries, tool, took, odds)
}

// answerText says in a few words what a response is.
func answerText(m *jsonrpc.Message) Msg {
	if m.Error != nil {
		return msg("the error %d %q", "错误 %d %q", m.Error.Code, excerpt(m.Error.Message))
	}
	if res, ok := toolResult(m); ok && res.IsError {
		return msg("a result with isError: true (%q)", "带 isError: true 的结果（%q）", excerpt(res.text()))
	}
	return msg("its result", "它的结果")
}

// ruleOfThree says what n tries with f failures tell about a task of k
// such calls.
func ruleOfThree(n, f, k int) Msg {
	if f > 0 {
		rate := float64(f) / float64(n)
		return msg("Observed failure rate %d/%d = %.0f%%: a task of k = %d such calls then gets through without one with probability about (1 − %.2f)^%d = %.1f%% (pass^k).", "观测到的失败率为 %d/%d = %.0f%%：由 k = %d 次这样的调用组成的任务，全部不出错的概率约为 (1 − %.2f)^%d = %.1f%%（pass^k）。",
			f, n, 100*rate, k, rate, k, 100*math.Pow(1-rate, float64(k)))
	}
	bound := 3 / float64(n)
	if bound >= 1 {
		return msg("With no failure in %d tries, the rule of three bounds the failure rate by 3/%d, which says nothing yet: -repeat 30 bounds it at 10%%, -repeat 300 at 1%%.", "%d 次尝试中没有失败，三法则（rule of three）给出的失败率上界是 3/%d，目前还说明不了什么：-repeat 30 可把上界压到 10%%，-repeat 300 压到 1%%。", n, n)
	}
	return msg("With no failure in %d tries the failure rate is below 3/%d = %.1f%% (the rule of three, 95%% confidence), so a task of k = %d such calls gets through with probability at least (1 − %.3f)^%d = %.1f%% (pass^k).", "%d 次尝试中没有失败，失败率低于 3/%d = %.1f%%（三法则，95%% 置信度），所以由 k = %d 次这样的调用组成的任务，全部成功的概率至少为 (1 − %.3f)^%d = %.1f%%（pass^k）。",
		n, n, 100*bound, k, bound, k, 100*math.Pow(1-bound, float64(k)))
}

// slowMissing is the skip of a check that needs the slow call.
func (j *judge) slowMissing(id string) Graded {
	s := j.first(tagSlow)
	if s < 0 {
		if j.lost() >= 0 {
			return j.missing(id, msg("the slow call", "慢调用"))
		}
		return j.result(id, Skip, 0, "No slow tool was named: give one with -slow NAME[=JSON] (a call that takes a second or more) to check cancellation and that the server keeps answering while it runs.", "没有指定慢工具：用 -slow NAME[=JSON] 指定一个（耗时一秒或更久的调用），以检查取消，以及服务器在它运行期间是否仍在应答。")
	}
	var cp callParams
	params(j.msg(s), &cp)
	k, m := j.answer(s)
	switch res, ok := toolResult(m); {
	case m == nil:
		return j.result(id, Skip, j.seq(s), "The slow call of %s (step %d) got no answer, so there was nothing to cancel halfway.", "%s 的慢调用（第 %d 步）没有得到回应，所以没有可以中途取消的东西。", cp.Name, j.seq(s))
	case !ok || res.IsError:
		return j.result(id, Skip, j.seq(k), "The slow call of %s failed (step %d), so there was nothing to cancel halfway: give it arguments it accepts (-slow NAME=JSON).", "%s 的慢调用失败了（第 %d 步），所以没有可以中途取消的东西：给它它能接受的参数（-slow NAME=JSON）。", cp.Name, j.seq(k))
	}
	if took := j.ms(k) - j.ms(s); took < minSlow.Milliseconds() {
		return j.result(id, Skip, j.seq(k), "The slow call of %s took only %d ms: too quick to cancel halfway or to ask something else while it runs. Name a call that takes at least a second.", "%s 的慢调用只用了 %d 毫秒：太快了，来不及中途取消，也来不及在它运行时询问别的。请指定一个至少耗时一秒的调用。", cp.Name, took)
	}
	return j.missing(id, msg("the cancelled calls", "被取消的调用"))
}

// ---- responsive-during-call ----

func (j *judge) responsive() Graded {
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
		return j.result(IDResponsive, Skip, j.seq(sk), "The slow call of %s was answered (step %d) before the checker asked anything else: name a call that takes at least a second.", "%s 的慢调用在检查器询问别的之前就得到了回应（第 %d 步）：请指定一个至少耗时一秒的调用。", cp.Name, j.seq(sk))
	case dm == nil:
		return j.result(IDResponsive, Fail, j.seq(d), "%s sent while %s ran (step %d) never got an answer: the server stopped answering during the slow call.", "在 %[2]s 运行时发送的 %[1]s（第 %[3]d 步）始终没有得到回应：服务器在慢调用期间停止了应答。", method, cp.Name, j.seq(d))
	case sm == nil || dk < sk:
		return j.result(IDResponsive, Pass, j.seq(dk), "%s sent while %s ran (step %d) was answered in %d ms (step %d), before the slow call finished.", "在 %[2]s 运行时发送的 %[1]s（第 %[3]d 步）在 %[4]d 毫秒内得到了回应（第 %[5]d 步），早于慢调用结束。", method, cp.Name, j.seq(d), j.ms(dk)-j.ms(d), j.seq(dk))
	}
	return j.result(IDResponsive, Fail, j.seq(dk), "%s sent while %s ran (step %d) was answered only after the slow call finished (its answer at step %d, this one at step %d, %d ms after asking). The server handles one request at a time: a blocking call inside a tool (time.sleep or a blocking HTTP client in an async Python tool, a synchronous loop in Node) stops everything else, pings and cancellations included.", "在 %[2]s 运行时发送的 %[1]s（第 %[3]d 步）直到慢调用结束后才得到回应（慢调用的回应在第 %[4]d 步，这个回应在第 %[5]d 步，距发出 %[6]d 毫秒）。服务器一次只处理一个请求：工具里的阻塞调用（异步 Python 工具中的 time.sleep 或阻塞的 HTTP 客户端，Node 中的同步循环）会让其他一切停下，包括 ping 和取消。",
		method, cp.Name, j.seq(d), j.seq(sk), j.seq(dk), j.ms(dk)-j.ms(d))
}

// ---- tool-poisoning ----

func (j *judge) poisoning() Graded {
	l, ok := j.firstTools()
	if !ok {
		return j.missing(IDPoisoning, msg("a tools/list result", "tools/list 结果"))
	}
	var found []Msg
	for i, t := range l.tools {
		raw := l.raw(j, i)
		for _, f := range Poisoning(t, raw) {
			found = append(found, msg("%s: %s %s", "%s：%s %s", t.Name, f.Kind, f.Text))
		}
	}
	if len(found) > 0 {
		return j.result(IDPoisoning, Fail, j.seq(l.resp), "The model reads every tool's description as trusted text, and the user never sees it. In the tools/list result of step %d: %s. Describe what the tool does; never address the model, never name secret files, and write nothing a person cannot see.", "模型把每个工具的描述当作可信文本来读，而用户从来看不到它。在第 %d 步的 tools/list 结果中：%s。请描述工具做什么；不要对模型说话，不要提及机密文件，也不要写任何人看不见的内容。", j.seq(l.resp), limit(found, 6))
	}
	return j.result(IDPoisoning, Pass, j.seq(l.resp), "No instructions to the model, secret-file paths or hidden Unicode in the %d tools' names, descriptions and schemas (step %d).", "%d 个工具的名称、描述和 schema 中没有给模型的指令、机密文件路径或隐藏的 Unicode（第 %d 步）。", len(l.tools), j.seq(l.resp))
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

func (j *judge) listChanged() Graded {
	got := j.answeredLists()
	if len(got) < 2 {
		return j.missing(IDListChangedHonst, msg("two answered tools/list requests", "两个得到回应的 tools/list 请求"))
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
			return j.result(IDListChangedHonst, Fail, j.seq(b.resp), "Between the tools/list results of steps %d and %d, %s, and no notifications/tools/list_changed came in between. A client that cached the first list (and a user who approved a tool as it was described then) keeps trusting the old definition: a tool that changes silently is how a \"rug pull\" works.", "在第 %d 步和第 %d 步的 tools/list 结果之间，%s，而其间没有收到 notifications/tools/list_changed。缓存了第一个列表的客户端（以及按当时的描述批准了某个工具的用户）会继续信任旧的定义：悄悄改变的工具正是 \"rug pull\"（釜底抽薪）的手法。",
				j.seq(a.resp), j.seq(b.resp), limit(changes, 4))
		}
	}
	return j.result(IDListChangedHonst, Pass, j.seq(got[len(got)-1].resp), "%d tools/list results over the session gave the same tools with the same descriptions and schemas (or announced each change with notifications/tools/list_changed).", "会话中的 %d 个 tools/list 结果给出了同样的工具、同样的描述和 schema（或者每次变化都用 notifications/tools/list_changed 通知了）。", len(got))
}

// toolChanges lists what differs between two tool lists.
func toolChanges(a, b []mcp.Tool) []Msg {
	key := func(t mcp.Tool) string {
		in, _ := canonical(t.InputSchema)
		out, _ := canonical(t.OutputSchema)
		return t.Title + "\x00" + t.Description + "\x00" + in + "\x00" + out
	}
	ma := map[string]mcp.Tool{}
	for _, t := range a {
		ma[t.Name] = t
	}
	var out []Msg
	seen := map[string]bool{}
	for _, t := range b {
		seen[t.Name] = true
		old, ok := ma[t.Name]
		switch {
		case !ok:
			out = append(out, msg("%s appeared", "出现了 %s", t.Name))
		case old.Description != t.Description:
			out = append(out, msg("%s's description changed from %q to %q", "%s 的描述从 %q 变成了 %q", t.Name, excerpt(old.Description), excerpt(t.Description)))
		case key(old) != key(t):
			out = append(out, msg("%s's schema or title changed", "%s 的 schema 或标题变了", t.Name))
		}
	}
	for _, t := range a {
		if !seen[t.Name] {
			out = append(out, msg("%s disappeared", "%s 消失了", t.Name))
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

func limit(items []Msg, n int) Msg {
	if len(items) > n {
		return cat(join(items[:n]), msg("; and %d more", "；另有 %d 项", len(items)-n))
	}
	return join(items)
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
