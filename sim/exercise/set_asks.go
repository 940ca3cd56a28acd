package exercise

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
)

// The exercises on the server asking the client (issue 16): the
// 2026-07-28 retry of an input_required result, graded by the engine's
// server; -32021 and its HTTP status; and where a 2025-11-25 server's
// elicitation/create and the client's answer travel over HTTP. Every fact
// they grade is the engine's: the input_required result is the engine's
// answer to retryOriginal, the codes and statuses its constants, checked
// against its real answers in asks_test.go.

// Exercise IDs.
const (
	IDRetryInput     = "mrtr-retry"
	IDMissingCap     = "missing-client-capability"
	IDLegacyAskRoute = "legacy-ask-route"
)

// retryOriginalID is the id of the request the learner retries.
const retryOriginalID = 3

// retryOriginal is a 2026-07-28 tools/call for a room that is taken, from
// a client that declares elicitation (form mode): the engine answers it
// with an InputRequiredResult asking the user to pick another slot.
const retryOriginal = `{"jsonrpc":"2.0","id":3,"method":"` + mcp.MethodToolsCall + `","params":{"name":"book_room","arguments":{"room":"Aurora","day":"2026-12-03"},"_meta":{"` +
	mcp.MetaProtocolVersion + `":"` + ModernVersion + `","` + mcp.MetaClientCapabilities + `":{"elicitation":{"form":{}}}}}}`

// retryFacts is what the engine answered retryOriginal with: the
// InputRequiredResult line, its one input request's key, the first slot
// it offers, and its requestState.
type retryFacts struct {
	line, key, slot, state string
}

var (
	retryOnce sync.Once
	retryGot  retryFacts
)

// retryGiven asks the engine (a fresh probe server: fixed key and clock,
// so the state stays valid for grading) once.
func retryGiven() retryFacts {
	retryOnce.Do(func() {
		out, err := EngineProbe().Stdio([]string{retryOriginal})
		if err != nil || len(out) != 1 {
			return
		}
		var m struct {
			Result mcp.InputRequiredResult `json:"result"`
		}
		if json.Unmarshal([]byte(out[0]), &m) != nil || m.Result.ResultType != mcp.ResultInputRequired {
			return
		}
		retryGot = retryFacts{line: out[0], state: m.Result.RequestState}
		for k, r := range m.Result.InputRequests {
			var p struct {
				RequestedSchema struct {
					Properties map[string]struct {
						OneOf []struct {
							Const string `json:"const"`
						} `json:"oneOf"`
					} `json:"properties"`
				} `json:"requestedSchema"`
			}
			_ = json.Unmarshal(r.Params, &p)
			retryGot.key = k
			if f, ok := p.RequestedSchema.Properties[k]; ok && len(f.OneOf) > 0 {
				retryGot.slot = f.OneOf[0].Const
			}
		}
	})
	return retryGot
}

// retryAnswer renders a retry of retryOriginal: id, the inputResponses
// object and the requestState as JSON text.
func retryAnswer(id int, responses, state string) string {
	return `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"` + mcp.MethodToolsCall + `","params":{"name":"book_room","arguments":{"room":"Aurora","day":"2026-12-03"},` +
		`"inputResponses":` + responses + `,"requestState":` + state + `,"_meta":{"` +
		mcp.MetaProtocolVersion + `":"` + ModernVersion + `","` + mcp.MetaClientCapabilities + `":{"elicitation":{"form":{}}}}}}`
}

func retryInput() Exercise {
	f := retryGiven()
	st, _ := json.Marshal(f.state)
	accept := `{"` + f.key + `":{"action":"accept","content":{"` + f.key + `":"` + f.slot + `"}}}`
	return Exercise{
		ID:   IDRetryInput,
		Kind: KindJSON,
		Title: tx(
			"Answer an input_required result",
			"回应 input_required 结果",
		),
		Prompt: tx(
			"A 2026-07-28 client sent this request over stdio:\n"+retryOriginal+"\nThe course server answered:\n"+f.line+"\nThe user picks the first slot the form offers. Write the client's next message: the request that carries the user's answer.",
			"一个 2026-07-28 客户端通过 stdio 发送了这个请求：\n"+retryOriginal+"\n课程服务器的回答是：\n"+f.line+"\n用户选择了表单给出的第一个时段。写出客户端的下一条消息：携带用户回答的那个请求。",
		),
		Hints: []Text{
			tx(
				"There is no elicitation/create request to answer: the client retries its own tools/call, with the same name and arguments, as a new request.",
				"这里没有要回应的 elicitation/create 请求：客户端重试它自己的 tools/call，名称和参数不变，作为一个新请求发出。",
			),
			tx(
				"params.inputResponses maps each key of inputRequests to its answer (here an ElicitResult: action and content); params.requestState is echoed byte for byte; the id is new.",
				"params.inputResponses 把 inputRequests 的每个键映射到对应的回答（这里是 ElicitResult：action 和 content）；params.requestState 原样回传；id 要用新的。",
			),
		},
		ModelAnswer: retryAnswer(retryOriginalID+1, accept, string(st)),
		Explanation: tx(
			"basic/patterns/mrtr: the input_required result ended the first request. The client retries it — a new JSON-RPC id (\"The JSON-RPC id MUST be different between the initial request and the retry\"), the same method and parameters, inputResponses keyed like inputRequests, and the requestState echoed exactly (\"the client MUST echo back the exact value\"). The server verifies the state's HMAC, checks the answer against the form's schema, and books the slot.",
			"basic/patterns/mrtr：input_required 结果已经结束了第一个请求。客户端重试它——使用新的 JSON-RPC id（“The JSON-RPC id MUST be different between the initial request and the retry”），方法和参数不变，inputResponses 的键与 inputRequests 相同，requestState 原样回传（“the client MUST echo back the exact value”）。服务器校验状态的 HMAC，按表单的 schema 检查回答，然后预订该时段。",
		),
		Spec:  []string{"2026-07-28/basic/patterns/mrtr#client-requirements-basic-workflow", "2026-07-28/client/elicitation#capabilities"},
		grade: gradeRetryInput,
	}
}

// gradeRetryInput checks the retry locally (a request, a new id, the same
// call, the requestState exact, an answer for every input request), then
// sends it to a fresh engine server and grades what it answers.
func gradeRetryInput(c *checker, _ *Exercise, answer string) {
	f := retryGiven()
	if f.line == "" {
		c.fail("probe-failed", "the engine gave no input_required result")
		return
	}
	v, ok := parseJSON(c, answer, 0)
	if !ok {
		return
	}
	mark := len(c.problems)
	m, ok := checkRPC(c, v, "$", 1)
	if !ok {
		return
	}
	if id, has := m["id"]; has && sameJSON(id, float64(retryOriginalID)) {
		c.fail("retry-same-id", compact(id))
	}
	if got, _ := m["method"].(string); got != mcp.MethodToolsCall {
		c.fail("want-method", mcp.MethodToolsCall, got)
	}
	params, ok := objAt(c, m, "$", "params")
	if !ok {
		return
	}
	if name, _ := params["name"].(string); name != "book_room" {
		c.fail("retry-same-call", "name")
	}
	var orig struct {
		Params struct {
			Arguments any `json:"arguments"`
		} `json:"params"`
	}
	_ = json.Unmarshal([]byte(retryOriginal), &orig)
	if !sameJSON(params["arguments"], orig.Params.Arguments) {
		c.fail("retry-same-call", "arguments")
	}
	switch s, has := params["requestState"]; {
	case !has:
		c.fail("missing-prop", "$.params", "requestState")
	case !sameJSON(s, f.state):
		c.fail("retry-state")
	}
	if resp, ok := objAt(c, params, "$.params", "inputResponses"); ok {
		if a, has := resp[f.key]; !has {
			c.fail("retry-key", f.key)
		} else if ans, ok := object(c, a, jpath("$.params.inputResponses", f.key)); ok {
			// The user picked the first slot offered: an accepted form.
			content, _ := ans["content"].(map[string]any)
			if act, _ := ans["action"].(string); act != "accept" || !sameJSON(content[f.key], f.slot) {
				c.fail("retry-pick", f.key, compact(a), f.slot)
			}
		}
	}
	if c.since(mark) {
		return
	}
	if c.probe == nil {
		c.fail("no-probe")
		return
	}
	out, err := c.probe.Stdio([]string{strings.TrimSpace(answer)})
	if err != nil {
		c.fail("probe-failed", err.Error())
		return
	}
	var got *rpcReply
	for _, line := range out {
		if r, ok := decodeReply([]byte(line)); ok && r.hasID && sameJSON(r.id, m["id"]) {
			got = r
		}
	}
	switch {
	case got == nil:
		c.fail("retry-no-reply")
	case !got.isRes:
		c.fail("srv-stray-error", got.code, got.message)
	default:
		if rt, _ := got.result["resultType"].(string); rt == mcp.ResultInputRequired {
			c.fail("retry-asked-again")
			return
		}
		if text, isErr := got.toolError(); isErr {
			c.fail("srv-tool-error", text)
			return
		}
		text := ""
		if content, ok := got.result["content"].([]any); ok && len(content) > 0 {
			if it, ok := content[0].(map[string]any); ok {
				text, _ = it["text"].(string)
			}
		}
		c.note("srv-said", text)
	}
}

// ---- -32021 ------------------------------------------------------------------

func missingClientCapability() Exercise {
	code := strconv.Itoa(jsonrpc.CodeMissingRequiredClientCapability)
	status := strconv.Itoa(mcp.MissingCapabilityStatus)
	return Exercise{
		ID:   IDMissingCap,
		Kind: KindChoice,
		Title: tx(
			"A tool that needs what the client did not declare",
			"工具需要客户端没有声明的能力",
		),
		Prompt: tx(
			"A 2026-07-28 client calls book_room over Streamable HTTP for a room that is taken; the tool would ask the user to pick another slot (elicitation). The request's _meta declares io.modelcontextprotocol/clientCapabilities as {} — no elicitation. code: which JSON-RPC error does the server answer? status: with which HTTP status? data: what does error.data tell the client?",
			"一个 2026-07-28 客户端通过 Streamable HTTP 为一个已被占用的会议室调用 book_room；工具会请用户另选时段（elicitation）。请求的 _meta 把 io.modelcontextprotocol/clientCapabilities 声明为 {}——没有 elicitation。code：服务器返回哪个 JSON-RPC 错误？status：HTTP 状态码是多少？data：error.data 告诉客户端什么？",
		),
		Hints: []Text{
			tx(
				"In 2026-07-28 the server reads the client's capabilities from every request's _meta, and must not ask for one that is not there.",
				"在 2026-07-28 中，服务器从每个请求的 _meta 读取客户端能力，不得索取其中没有的能力。",
			),
			tx(
				"The schema's MissingRequiredClientCapabilityError: \"For HTTP, the response status code MUST be 400 Bad Request.\"",
				"schema 中的 MissingRequiredClientCapabilityError：“For HTTP, the response status code MUST be 400 Bad Request.”",
			),
		},
		Questions: []Question{
			{
				ID:     "code",
				Prompt: tx("JSON-RPC error code", "JSON-RPC 错误码"),
				Choices: []Choice{
					{ID: code, Label: tx(code+" Missing required client capability", code+" Missing required client capability（缺少必需的客户端能力）"),
						Why: tx("the request needs a client capability its _meta did not declare", "请求需要一个它的 _meta 没有声明的客户端能力")},
					{ID: strconv.Itoa(jsonrpc.CodeMethodNotFound), Label: tx(strconv.Itoa(jsonrpc.CodeMethodNotFound)+" Method not found", strconv.Itoa(jsonrpc.CodeMethodNotFound)+" Method not found（方法不存在）"),
						Why: tx("tools/call exists and book_room too; what is missing is on the client's side", "tools/call 存在，book_room 也存在；缺的是客户端这边的东西")},
					{ID: strconv.Itoa(jsonrpc.CodeInvalidParams), Label: tx(strconv.Itoa(jsonrpc.CodeInvalidParams)+" Invalid params", strconv.Itoa(jsonrpc.CodeInvalidParams)+" Invalid params（参数无效）"),
						Why: tx("the arguments are valid; the server cannot ask what it needs", "参数是合法的；问题是服务器无法索取它需要的东西")},
					{ID: "tool-error", Label: tx("A tool result with isError: true", "一个 isError: true 的工具结果"),
						Why: tx("that is how a 2025-11-25 server reports it (the tool ran and could not ask); 2026-07-28 has an error of its own for it", "那是 2025-11-25 服务器的报告方式（工具运行了但没法提问）；2026-07-28 为此定义了专门的错误")},
				},
				Correct: []string{code},
			},
			{
				ID:     "status",
				Prompt: tx("HTTP status", "HTTP 状态码"),
				Choices: []Choice{
					{ID: status, Label: tx(status+" "+http.StatusText(mcp.MissingCapabilityStatus), status+" "+http.StatusText(mcp.MissingCapabilityStatus)),
						Why: tx("for HTTP the status MUST be 400 Bad Request", "在 HTTP 上状态码必须（MUST）是 400 Bad Request")},
					{ID: "200", Label: tx("200 OK", "200 OK"),
						Why: tx("a JSON-RPC error in a 200 is how tool and resource errors travel, not this one", "用 200 承载 JSON-RPC 错误是工具和资源错误的方式，不是这个错误")},
					{ID: "403", Label: tx("403 Forbidden", "403 Forbidden"),
						Why: tx("nothing is forbidden: the client can declare the capability and try again", "并没有什么被禁止：客户端可以声明该能力后再试")},
					{ID: "404", Label: tx("404 Not Found", "404 Not Found"),
						Why: tx("404 is for a method the server does not implement", "404 用于服务器没有实现的方法")},
				},
				Correct: []string{status},
			},
			{
				ID:     "data",
				Prompt: tx("What does error.data carry?", "error.data 携带什么？"),
				Choices: []Choice{
					{ID: "required", Label: tx("requiredCapabilities: the client capabilities the request needs ({\"elicitation\":{}})", "requiredCapabilities：请求所需的客户端能力（{\"elicitation\":{}}）"),
						Why: tx("data.requiredCapabilities lists the missing capabilities, so the client knows what to declare", "data.requiredCapabilities 列出所缺的能力，让客户端知道该声明什么")},
					{ID: "supported", Label: tx("supported and requested protocol versions", "supported 与 requested 协议版本"),
						Why: tx("that is -32022 UnsupportedProtocolVersion's data", "那是 -32022 UnsupportedProtocolVersion 的 data")},
					{ID: "state", Label: tx("a requestState to retry with", "一个用于重试的 requestState"),
						Why: tx("no InputRequiredResult is sent to a client that cannot answer it", "不会向无法回答的客户端发送 InputRequiredResult")},
				},
				Correct: []string{"required"},
			},
		},
		ModelAnswer: `{"code":"` + code + `","status":"` + status + `","data":"required"}`,
		Explanation: tx(
			"2026-07-28 basic/index §_meta: \"If processing a request requires a capability the client did not include in io.modelcontextprotocol/clientCapabilities, the server MUST return a MissingRequiredClientCapabilityError (-32021) whose data.requiredCapabilities lists the missing capabilities.\" Over Streamable HTTP it comes with 400 Bad Request. A 2025-11-25 server cannot send this error: it read the capabilities once at initialize, must not send the request, and tells the model through a tool error. The lab shows both: scenario elicitation, fault no-client-capability.",
			"2026-07-28 basic/index「_meta」：“If processing a request requires a capability the client did not include in io.modelcontextprotocol/clientCapabilities, the server MUST return a MissingRequiredClientCapabilityError (-32021) whose data.requiredCapabilities lists the missing capabilities.”在 Streamable HTTP 上它伴随 400 Bad Request。2025-11-25 服务器发不了这个错误：它只在 initialize 时读取一次能力，不得发出请求，只能通过工具错误告诉模型。实验室里两者都能看到：场景 elicitation，故障 no-client-capability。",
		),
		Spec: []string{"2026-07-28/basic/index#meta", "2026-07-28/basic/patterns/mrtr#server-requirements-basic-workflow"},
	}
}

// ---- 2025-11-25: where the question and the answer travel ---------------------

func legacyAskRoute() Exercise {
	ack := strconv.Itoa(http.StatusAccepted)
	return Exercise{
		ID:   IDLegacyAskRoute,
		Kind: KindChoice,
		Title: tx(
			"2025-11-25: the server's question on the wire",
			"2025-11-25：服务器的问题在线路上怎么走",
		),
		Prompt: tx(
			"A 2025-11-25 client that declared elicitation at initialize POSTs tools/call book_room over Streamable HTTP; the room is taken, and the server asks the user with elicitation/create before it answers the call. stream: where does the server's elicitation/create travel? answer: how does the client's answer travel? ack: what HTTP response does the answer get?",
			"一个在 initialize 时声明了 elicitation 的 2025-11-25 客户端通过 Streamable HTTP POST 了 tools/call book_room；会议室已被占用，服务器在回答这次调用之前用 elicitation/create 向用户提问。stream：服务器的 elicitation/create 走在哪里？answer：客户端的回答怎么走？ack：这个回答得到什么 HTTP 响应？",
		),
		Hints: []Text{
			tx(
				"2025-11-25 transports: \"The server MAY send JSON-RPC requests and notifications before sending the JSON-RPC response. These messages SHOULD relate to the originating client request.\"",
				"2025-11-25 transports：“The server MAY send JSON-RPC requests and notifications before sending the JSON-RPC response. These messages SHOULD relate to the originating client request.”",
			),
			tx(
				"Every message from client to server is a new POST; a POST that carries only a response is accepted without a body.",
				"客户端发给服务器的每条消息都是一个新的 POST；只携带响应的 POST 会被接受，但没有正文。",
			),
		},
		Questions: []Question{
			{
				ID:     "stream",
				Prompt: tx("Where does elicitation/create travel?", "elicitation/create 走在哪里？"),
				Choices: []Choice{
					{ID: "post-sse", Label: tx("As an SSE event on the response stream of the tools/call POST, before the call's result", "作为 tools/call 那个 POST 的响应流上的 SSE 事件，先于调用的结果"),
						Why: tx("the server answers the POST with an SSE stream and may send requests on it before the response", "服务器用 SSE 流应答这个 POST，并可以在响应之前在流上发送请求")},
					{ID: "get", Label: tx("On the GET stream the client opened for the session", "在客户端为会话打开的 GET 流上"),
						Why: tx("possible for unrelated requests, but the request a call needs SHOULD relate to it and goes on the call's stream; the lab's server does so", "与调用无关的请求可以走 GET 流，但调用所需的请求应当（SHOULD）与之相关，走在调用自己的流上；实验室的服务器就是这样做的")},
					{ID: "result", Label: tx("Inside the tools/call result, as input_required", "放在 tools/call 的结果里，作为 input_required"),
						Why: tx("that is 2026-07-28; in 2025-11-25 the server sends a JSON-RPC request of its own", "那是 2026-07-28；在 2025-11-25 中服务器发送它自己的 JSON-RPC 请求")},
				},
				Correct: []string{"post-sse"},
			},
			{
				ID:     "answer",
				Prompt: tx("How does the client's answer travel?", "客户端的回答怎么走？"),
				Choices: []Choice{
					{ID: "new-post", Label: tx("A new POST whose body is a JSON-RPC response with the server's id", "一个新的 POST，正文是带服务器 id 的 JSON-RPC 响应"),
						Why: tx("the answer is a response to the server's request: same id as that request, in a POST of its own, while the call waits on its stream", "回答是对服务器请求的响应：id 与该请求相同，用一个独立的 POST 发送，而调用仍在自己的流上等待")},
					{ID: "retry", Label: tx("tools/call again with inputResponses", "带 inputResponses 再发一次 tools/call"),
						Why: tx("that is 2026-07-28's retry", "那是 2026-07-28 的重试")},
					{ID: "same-stream", Label: tx("Written back on the SSE stream it came on", "写回它来时的那条 SSE 流"),
						Why: tx("SSE streams go one way, server to client", "SSE 流是单向的，只从服务器到客户端")},
				},
				Correct: []string{"new-post"},
			},
			{
				ID:     "ack",
				Prompt: tx("The HTTP response to the answer", "对这个回答的 HTTP 响应"),
				Choices: []Choice{
					{ID: ack, Label: tx(ack+" "+http.StatusText(http.StatusAccepted)+", no body", ack+" "+http.StatusText(http.StatusAccepted)+"，没有正文"),
						Why: tx("if the input is a JSON-RPC response, the server MUST return 202 Accepted with no body", "如果输入是 JSON-RPC 响应，服务器必须（MUST）返回 202 Accepted，且没有正文")},
					{ID: "200", Label: tx("200 OK with the tools/call result", "200 OK，带 tools/call 的结果"),
						Why: tx("the result comes on the call's own stream, not in answer to this POST", "结果走在调用自己的流上，而不是作为这个 POST 的应答")},
					{ID: "204", Label: tx("204 No Content", "204 No Content"),
						Why: tx("the spec names 202 Accepted", "规范规定的是 202 Accepted")},
				},
				Correct: []string{ack},
			},
		},
		ModelAnswer: `{"stream":"post-sse","answer":"new-post","ack":"` + ack + `"}`,
		Explanation: tx(
			"2025-11-25 basic/transports §Sending Messages to the Server: the server answers the tools/call POST with an SSE stream and may send its own requests on it before the response; the client answers elicitation/create with a JSON-RPC response (the server's id), POSTed to the endpoint in the session, and that POST gets 202 Accepted with no body; the call's result then ends the first stream. In 2026-07-28 the same question is the call's input_required result and the answer a retried tools/call. The lab's compare view puts them on the same rows.",
			"2025-11-25 basic/transports「Sending Messages to the Server」：服务器用 SSE 流应答 tools/call 的 POST，并可以在响应之前在流上发送自己的请求；客户端用 JSON-RPC 响应（服务器的 id）回答 elicitation/create，在会话中 POST 到端点，这个 POST 得到没有正文的 202 Accepted；随后调用的结果结束第一条流。在 2026-07-28 中，同样的问题是调用的 input_required 结果，回答是重试的 tools/call。实验室的对比视图把它们排在同一行。",
		),
		Spec: []string{"2025-11-25/basic/transports#sending-messages-to-the-server", "2025-11-25/client/elicitation#capabilities"},
	}
}
