package exercise

import (
	"fmt"

	"mcpwirelab/sim/calc"

	"mcpwirelab/sim/protocol"
)

// Stable exercise IDs, in course order.
const (
	IDHTTPAnatomy    = "http-anatomy"
	IDRetryMath      = "retry-math"
	IDIdempotency    = "idempotency"
	IDEmailSchema    = "send-email-schema"
	IDErrorChannels  = "error-channels"
	IDStdoutPolution = "stdout-pollution"
	IDOriginDefences = "origin-defences"
	IDInitHandshake  = "init-handshake"
	IDModernHeaders  = "modern-headers"
	IDMcpNameBase64  = "mcp-name-base64"
	IDCapabilities   = "capability-errors"
	IDStreamDrop     = "stream-drop"
	IDNxM            = "nxm-adapters"
)

// All returns the course's exercises in a fixed order with stable IDs.
// Each call returns fresh values; callers may modify them.
func All() []Exercise {
	return []Exercise{
		httpAnatomy(),
		retryMath(),
		idempotency(),
		emailSchema(),
		errorChannels(),
		stdoutPollution(),
		originDefences(),
		initHandshake(),
		modernHeaders(),
		mcpNameBase64(),
		capabilityErrors(),
		streamDrop(),
		nxmAdapters(),
		// The resources, prompts and logging exercises (set_primitives.go).
		resourceNotFound(),
		readResource(),
		logMessages(),
		paramHeader(),
		// The server asking the client (set_asks.go).
		retryInput(),
		missingClientCapability(),
		legacyAskRoute(),
	}
}

// ---- 1 ----------------------------------------------------------------------

const anatomyBody = `{"jsonrpc":"2.0","id":1,"method":"` + protocol.MethodToolsList + `","params":{"_meta":{"` +
	protocol.MetaProtocolVersion + `":"` + ModernVersion + `","` + protocol.MetaClientCapabilities + `":{},"` +
	protocol.MetaClientInfo + `":{"name":"线上学员","version":"1.0.0"}}}}`

const anatomyHeaders = "POST /mcp HTTP/1.1\n" +
	"Host: localhost:3000\n" +
	"Content-Type: application/json\n" +
	"Accept: application/json, text/event-stream\n" +
	protocol.HeaderProtocolVersion + ": " + ModernVersion + "\n" +
	protocol.HeaderMethod + ": " + protocol.MethodToolsList + "\n"

func httpAnatomy() Exercise {
	return Exercise{
		ID:     IDHTTPAnatomy,
		Kind:   KindHTTP,
		Title:  say("http-anatomy.title"),
		Prompt: say("http-anatomy.prompt"),
		Hints: []Text{
			say("http-anatomy.hints.1"),
			say("http-anatomy.hints.2"),
			say("http-anatomy.hints.3"),
		},
		Starter:     anatomyHeaders + anatomyBody + "\n",
		ModelAnswer: anatomyHeaders + fmt.Sprintf("Content-Length: %d\n", len(anatomyBody)) + "\n" + anatomyBody + "\n",
		Explanation: sayf("http-anatomy.explanation", len(anatomyBody)),
		Spec:        []string{"2026-07-28/basic/transports/streamable-http#sending-messages"},
		grade:       gradeAcceptedRequest,
	}
}

// ---- 2 ----------------------------------------------------------------------

func retryMath() Exercise {
	sec := say("retry-math.sec")
	return Exercise{
		ID:     IDRetryMath,
		Kind:   KindNumeric,
		Title:  say("retry-math.title"),
		Prompt: say("retry-math.prompt"),
		Format: say("retry-math.format"),
		Hints: []Text{
			say("retry-math.hints.1"),
			say("retry-math.hints.2"),
			say("retry-math.hints.3"),
		},
		Fields: []Field{
			{ID: "attempts", Label: say("retry-math.attempts.label"), Want: []float64{6}},
			{ID: "backoff", Label: say("retry-math.backoff.label"), Want: []float64{0.25, 0.5, 1, 2, 4}, Sequence: true, Tolerance: 0.001, Unit: sec},
			{ID: "total_backoff", Label: say("retry-math.total_backoff.label"), Want: []float64{7.75}, Tolerance: 0.01, Unit: sec},
			{ID: "worst_case", Label: say("retry-math.worst_case.label"), Want: []float64{19.75}, Tolerance: 0.01, Unit: sec},
			{ID: "agent_step", Label: say("retry-math.agent_step.label"), Want: []float64{59.25}, Tolerance: 0.01, Unit: sec},
		},
		ModelAnswer: `{"attempts":6,"backoff":[0.25,0.5,1,2,4],"total_backoff":7.75,"worst_case":19.75,"agent_step":59.25}`,
		Explanation: say("retry-math.explanation"),
	}
}

// ---- 3 ----------------------------------------------------------------------

func idempotency() Exercise {
	return Exercise{
		ID:     IDIdempotency,
		Kind:   KindChoice,
		Title:  say("idempotency.title"),
		Prompt: say("idempotency.prompt"),
		Hints: []Text{
			say("idempotency.hints.1"),
			say("idempotency.hints.2"),
			say("idempotency.hints.3"),
		},
		Questions: []Question{
			{
				ID:     "safe",
				Prompt: say("idempotency.safe.prompt"),
				Multi:  true,
				Choices: []Choice{
					{ID: "get-emails", Label: say("idempotency.safe.get-emails.label"),
						Why: say("idempotency.safe.get-emails.why")},
					{ID: "list-emails", Label: say("idempotency.safe.list-emails.label"),
						Why: say("idempotency.safe.list-emails.why")},
					{ID: "send-email", Label: say("idempotency.safe.send-email.label"),
						Why: say("idempotency.safe.send-email.why")},
					{ID: "put-settings", Label: say("idempotency.safe.put-settings.label"),
						Why: say("idempotency.safe.put-settings.why")},
				},
				Correct: []string{"get-emails", "list-emails", "put-settings"},
			},
			{
				ID:     "fix",
				Prompt: say("idempotency.fix.prompt"),
				Choices: []Choice{
					{ID: "idempotency-key", Label: say("idempotency.fix.idempotency-key.label"),
						Why: say("idempotency.fix.idempotency-key.why")},
					{ID: "retry-sooner", Label: say("idempotency.fix.retry-sooner.label"),
						Why: say("idempotency.fix.retry-sooner.why")},
					{ID: "use-get", Label: say("idempotency.fix.use-get.label"),
						Why: say("idempotency.fix.use-get.why")},
					{ID: "fresh-id", Label: say("idempotency.fix.fresh-id.label"),
						Why: say("idempotency.fix.fresh-id.why")},
				},
				Correct: []string{"idempotency-key"},
			},
		},
		ModelAnswer: `{"safe":["get-emails","list-emails","put-settings"],"fix":"idempotency-key"}`,
		Explanation: say("idempotency.explanation"),
	}
}

// ---- 4 ----------------------------------------------------------------------

func emailSchema() Exercise {
	return Exercise{
		ID:     IDEmailSchema,
		Kind:   KindJSON,
		Title:  say("send-email-schema.title"),
		Prompt: say("send-email-schema.prompt"),
		Hints: []Text{
			say("send-email-schema.hints.1"),
			say("send-email-schema.hints.2"),
			say("send-email-schema.hints.3"),
		},
		ModelAnswer: `{
  "type": "object",
  "properties": {
    "to": {"type": "array", "items": {"type": "string", "format": "email"}, "minItems": 1},
    "subject": {"type": "string"},
    "body": {"type": "string"},
    "cc": {"type": "array", "items": {"type": "string", "format": "email"}}
  },
  "required": ["to", "subject", "body"],
  "additionalProperties": false
}`,
		Explanation: say("send-email-schema.explanation"),
		Spec:        []string{"2026-07-28/server/tools#tool"},
		grade:       gradeEmailSchema,
	}
}

// ---- 5 ----------------------------------------------------------------------

func errorChannels() Exercise {
	return Exercise{
		ID:     IDErrorChannels,
		Kind:   KindChannel,
		Title:  say("error-channels.title"),
		Prompt: say("error-channels.prompt"),
		Hints: []Text{
			say("error-channels.hints.1"),
			say("error-channels.hints.2"),
		},
		Questions: []Question{
			{ID: "bad-id", Prompt: say("error-channels.bad-id.prompt"),
				Want:    ChannelAnswer{Channel: ChannelToolError},
				Why:     say("error-channels.bad-id.why"),
				Also:    []ChannelAnswer{{Channel: ChannelProtocolError, Code: protocol.CodeInvalidParams}},
				AlsoWhy: say("error-channels.bad-id.alsoWhy")},
			{ID: "missing-doc", Prompt: say("error-channels.missing-doc.prompt"),
				Want: ChannelAnswer{Channel: ChannelToolError},
				Why:  say("error-channels.missing-doc.why")},
			{ID: "unknown-tool", Prompt: say("error-channels.unknown-tool.prompt"),
				Want:    ChannelAnswer{Channel: ChannelProtocolError, Code: protocol.CodeInvalidParams},
				Why:     say("error-channels.unknown-tool.why"),
				Also:    []ChannelAnswer{{Channel: ChannelToolError}},
				AlsoWhy: say("error-channels.unknown-tool.alsoWhy")},
		},
		ModelAnswer: `{"bad-id":"tool-error","missing-doc":"tool-error","unknown-tool":"protocol-error -32602"}`,
		Explanation: say("error-channels.explanation"),
		Spec:        []string{"2026-07-28/server/tools#error-handling", "2025-11-25/server/tools#error-handling", "2026-07-28/schema#invalidparamserror"},
	}
}

// ---- 6 ----------------------------------------------------------------------

func stdoutPollution() Exercise {
	return Exercise{
		ID:     IDStdoutPolution,
		Kind:   KindChoice,
		Title:  say("stdout-pollution.title"),
		Prompt: say("stdout-pollution.prompt"),
		Hints: []Text{
			say("stdout-pollution.hints.1"),
			say("stdout-pollution.hints.2"),
		},
		Questions: []Question{
			{
				ID:     "client",
				Prompt: say("stdout-pollution.client.prompt"),
				Choices: []Choice{
					{ID: "parse-error", Label: say("stdout-pollution.client.parse-error.label"),
						Why: say("stdout-pollution.client.parse-error.why")},
					{ID: "log-line", Label: say("stdout-pollution.client.log-line.label"),
						Why: say("stdout-pollution.client.log-line.why")},
					{ID: "ignored", Label: say("stdout-pollution.client.ignored.label"),
						Why: say("stdout-pollution.client.ignored.why")},
					{ID: "http-500", Label: say("stdout-pollution.client.http-500.label"),
						Why: say("stdout-pollution.client.http-500.why")},
				},
				Correct: []string{"parse-error"},
			},
			{
				ID:     "rule",
				Prompt: say("stdout-pollution.rule.prompt"),
				Choices: []Choice{
					{ID: "stdout-mcp-only", Label: say("stdout-pollution.rule.stdout-mcp-only.label"),
						Why: say("stdout-pollution.rule.stdout-mcp-only.why")},
					{ID: "utf8", Label: say("stdout-pollution.rule.utf8.label"),
						Why: say("stdout-pollution.rule.utf8.why")},
					{ID: "no-newlines", Label: say("stdout-pollution.rule.no-newlines.label"),
						Why: say("stdout-pollution.rule.no-newlines.why")},
					{ID: "init-first", Label: say("stdout-pollution.rule.init-first.label"),
						Why: say("stdout-pollution.rule.init-first.why")},
				},
				Correct: []string{"stdout-mcp-only"},
			},
			{
				ID:     "fix",
				Prompt: say("stdout-pollution.fix.prompt"),
				Multi:  true,
				Choices: []Choice{
					{ID: "stderr", Label: say("stdout-pollution.fix.stderr.label"),
						Why: say("stdout-pollution.fix.stderr.why")},
					{ID: "log-notification", Label: say("stdout-pollution.fix.log-notification.label"),
						Why: say("stdout-pollution.fix.log-notification.why")},
					{ID: "flush", Label: say("stdout-pollution.fix.flush.label"),
						Why: say("stdout-pollution.fix.flush.why")},
					{ID: "json-wrap", Label: say("stdout-pollution.fix.json-wrap.label"),
						Why: say("stdout-pollution.fix.json-wrap.why")},
				},
				Correct: []string{"stderr"},
			},
		},
		ModelAnswer: `{"client":"parse-error","rule":"stdout-mcp-only","fix":["stderr"]}`,
		Explanation: say("stdout-pollution.explanation"),
		Spec: []string{"2025-11-25/basic/transports#stdio", "2026-07-28/basic/transports/stdio",
			"2025-11-25/server/utilities/logging#capabilities", "2026-07-28/server/utilities/logging#per-request-log-level"},
	}
}

// ---- 7 ----------------------------------------------------------------------

func originDefences() Exercise {
	attacks := []Choice{
		{ID: "dns-rebinding", Label: say("origin-defences.dns-rebinding.label"),
			Why: say("origin-defences.dns-rebinding.why")},
		{ID: "network", Label: say("origin-defences.network.label"),
			Why: say("origin-defences.network.why")},
		{ID: "local-process", Label: say("origin-defences.local-process.label"),
			Why: say("origin-defences.local-process.why")},
	}
	q := func(id string, prompt Text, correct string) Question {
		return Question{ID: id, Prompt: prompt, Choices: attacks, Correct: []string{correct}}
	}
	return Exercise{
		ID:     IDOriginDefences,
		Kind:   KindChoice,
		Title:  say("origin-defences.title"),
		Prompt: say("origin-defences.prompt"),
		Hints: []Text{
			say("origin-defences.hints.1"),
			say("origin-defences.hints.2"),
		},
		Questions: []Question{
			q("origin", say("origin-defences.questions.1"), "dns-rebinding"),
			q("bind", say("origin-defences.questions.2"), "network"),
			q("auth", say("origin-defences.questions.3"), "local-process"),
			{
				ID:     "status",
				Prompt: say("origin-defences.status.prompt"),
				Choices: []Choice{
					{ID: "400", Label: say("origin-defences.status.400.label"),
						Why: say("origin-defences.status.400.why")},
					{ID: "401", Label: say("origin-defences.status.401.label"),
						Why: say("origin-defences.status.401.why")},
					{ID: "403", Label: say("origin-defences.status.403.label"),
						Why: say("origin-defences.status.403.why")},
					{ID: "404", Label: say("origin-defences.status.404.label"),
						Why: say("origin-defences.status.404.why")},
				},
				Correct: []string{"403"},
			},
		},
		ModelAnswer: `{"origin":"dns-rebinding","bind":"network","auth":"local-process","status":"403"}`,
		Explanation: say("origin-defences.explanation"),
		Spec:        []string{"2025-11-25/basic/transports#security-warning", "2026-07-28/basic/transports/streamable-http#security-%26-endpoint"},
	}
}

// ---- 8 ----------------------------------------------------------------------

func initHandshake() Exercise {
	return Exercise{
		ID:     IDInitHandshake,
		Kind:   KindJSON,
		Title:  say("init-handshake.title"),
		Prompt: say("init-handshake.prompt"),
		Hints: []Text{
			say("init-handshake.hints.1"),
			say("init-handshake.hints.2"),
			say("init-handshake.hints.3"),
		},
		ModelAnswer: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + protocol.V20251125 + `","capabilities":{},"clientInfo":{"name":"wirelab-student","version":"1.0.0"}}}` + "\n" +
			`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n",
		Explanation: say("init-handshake.explanation"),
		Spec:        []string{"2025-11-25/basic/lifecycle#initialization"},
		grade:       gradeInitHandshake,
	}
}

// ---- 9 ----------------------------------------------------------------------

// modernCall renders a 2026-07-28 tools/call request.
func modernCall(headerVersion, metaVersion, mcpName, tool, args string) string {
	body := `{"jsonrpc":"2.0","id":1,"method":"` + protocol.MethodToolsCall + `","params":{"name":"` + tool + `","arguments":` + args +
		`,"_meta":{"` + protocol.MetaProtocolVersion + `":"` + metaVersion + `","` + protocol.MetaClientCapabilities + `":{}}}}`
	return modernPost(headerVersion, protocol.MethodToolsCall, mcpName, body)
}

// modernPost renders a 2026-07-28 POST of body with the standard request
// headers: the version, Mcp-Method and Mcp-Name as given (an exercise may
// make one disagree with the body).
func modernPost(headerVersion, method, mcpName, body string) string {
	return "POST /mcp HTTP/1.1\n" +
		"Host: localhost:3000\n" +
		"Content-Type: application/json\n" +
		"Accept: application/json, text/event-stream\n" +
		protocol.HeaderProtocolVersion + ": " + headerVersion + "\n" +
		protocol.HeaderMethod + ": " + method + "\n" +
		protocol.HeaderName + ": " + mcpName + "\n" +
		fmt.Sprintf("Content-Length: %d\n", len(body)) +
		"\n" + body + "\n"
}

func modernHeaders() Exercise {
	ex := Exercise{
		ID:     IDModernHeaders,
		Kind:   KindHTTP,
		Title:  say("modern-headers.ex.title"),
		Prompt: say("modern-headers.ex.prompt"),
		Hints: []Text{
			say("modern-headers.ex.hints.1"),
			say("modern-headers.ex.hints.2"),
			say("modern-headers.ex.hints.3"),
		},
		Parts: []Part{
			{ID: "accepted", Prompt: say("modern-headers.ex.accepted.prompt")},
			{ID: "mismatch", Prompt: say("modern-headers.ex.mismatch.prompt")},
			{ID: "unsupported", Prompt: say("modern-headers.ex.unsupported.prompt")},
		},
		Explanation: say("modern-headers.ex.explanation"),
		Spec:        []string{"2026-07-28/basic/transports/streamable-http#server-validation", "2026-07-28/basic/transports/streamable-http#protocol-version-header"},
	}
	args := `{"urgent":true,"limit":5}`
	ex.ModelAnswer = JoinParts(ex, map[string]string{
		"accepted":    modernCall(ModernVersion, ModernVersion, "list_emails", "list_emails", args),
		"mismatch":    modernCall(ModernVersion, ModernVersion, "list_employees", "list_emails", args),
		"unsupported": modernCall("2099-01-01", "2099-01-01", "list_emails", "list_emails", args),
	})
	ex.grade = byParts(gradeModernPart)
	return ex
}

// ---- 10 ---------------------------------------------------------------------

func mcpNameBase64() Exercise {
	return Exercise{
		ID:     IDMcpNameBase64,
		Kind:   KindHTTP,
		Title:  say("mcp-name-base64.title"),
		Prompt: sayf("mcp-name-base64.prompt", base64ToolName),
		Hints: []Text{
			say("mcp-name-base64.hints.1"),
			say("mcp-name-base64.hints.2"),
		},
		ModelAnswer: "Mcp-Name: " + EncodeHeaderValue(base64ToolName),
		Explanation: sayf("mcp-name-base64.explanation", base64ToolName, EncodeHeaderValue(base64ToolName)),
		Spec:        []string{"2026-07-28/basic/transports/streamable-http#value-encoding"},
		grade:       gradeBase64Name,
	}
}

// ---- 11 ---------------------------------------------------------------------

func capabilityErrors() Exercise {
	return Exercise{
		ID:     IDCapabilities,
		Kind:   KindChoice,
		Title:  say("capability-errors.title"),
		Prompt: say("capability-errors.prompt"),
		Hints: []Text{
			say("capability-errors.hints.1"),
			say("capability-errors.hints.2"),
		},
		Questions: []Question{
			{
				ID:     "code",
				Prompt: say("capability-errors.code.prompt"),
				Choices: []Choice{
					{ID: "-32601", Label: say("capability-errors.code.-32601.label"),
						Why: say("capability-errors.code.-32601.why")},
					{ID: "-32602", Label: say("capability-errors.code.-32602.label"),
						Why: say("capability-errors.code.-32602.why")},
					{ID: "-32600", Label: say("capability-errors.code.-32600.label"),
						Why: say("capability-errors.code.-32600.why")},
					{ID: "-32603", Label: say("capability-errors.code.-32603.label"),
						Why: say("capability-errors.code.-32603.why")},
					{ID: "-32021", Label: say("capability-errors.code.-32021.label"),
						Why: say("capability-errors.code.-32021.why")},
				},
				Correct: []string{"-32601"},
			},
			{
				ID:     "status",
				Prompt: say("capability-errors.status.prompt"),
				Choices: []Choice{
					{ID: "200", Label: say("capability-errors.status.200.label"),
						Why: say("capability-errors.status.200.why")},
					{ID: "400", Label: say("capability-errors.status.400.label"),
						Why: say("capability-errors.status.400.why")},
					{ID: "404", Label: say("capability-errors.status.404.label"),
						Why: say("capability-errors.status.404.why")},
					{ID: "501", Label: say("capability-errors.status.501.label"),
						Why: say("capability-errors.status.501.why")},
				},
				Correct: []string{"404"},
			},
			{
				ID:     "avoid",
				Prompt: say("capability-errors.avoid.prompt"),
				Choices: []Choice{
					{ID: "check-caps", Label: say("capability-errors.avoid.check-caps.label"),
						Why: say("capability-errors.avoid.check-caps.why")},
					{ID: "declare-client", Label: say("capability-errors.avoid.declare-client.label"),
						Why: say("capability-errors.avoid.declare-client.why")},
					{ID: "retry", Label: say("capability-errors.avoid.retry.label"),
						Why: say("capability-errors.avoid.retry.why")},
					{ID: "fix-params", Label: say("capability-errors.avoid.fix-params.label"),
						Why: say("capability-errors.avoid.fix-params.why")},
				},
				Correct: []string{"check-caps"},
			},
		},
		ModelAnswer: `{"code":"-32601","status":"404","avoid":"check-caps"}`,
		Explanation: say("capability-errors.explanation"),
		Spec:        []string{"2026-07-28/schema#methodnotfounderror", "2026-07-28/basic/transports/streamable-http#protocol-version-header"},
	}
}

// ---- 12 ---------------------------------------------------------------------

func streamDrop() Exercise {
	return Exercise{
		ID:     IDStreamDrop,
		Kind:   KindChoice,
		Title:  say("stream-drop.title"),
		Prompt: say("stream-drop.prompt"),
		Hints: []Text{
			say("stream-drop.hints.1"),
			say("stream-drop.hints.2"),
		},
		Questions: []Question{
			{
				ID:     "first",
				Prompt: say("stream-drop.first.prompt"),
				Choices: []Choice{
					{ID: "prime", Label: say("stream-drop.first.prime.label"),
						Why: say("stream-drop.first.prime.why")},
					{ID: "progress", Label: say("stream-drop.first.progress.label"),
						Why: say("stream-drop.first.progress.why")},
					{ID: "result", Label: say("stream-drop.first.result.label"),
						Why: say("stream-drop.first.result.why")},
					{ID: "endpoint", Label: say("stream-drop.first.endpoint.label"),
						Why: say("stream-drop.first.endpoint.why")},
				},
				Correct: []string{"prime"},
			},
			{
				ID:     "resume",
				Prompt: say("stream-drop.resume.prompt"),
				Choices: []Choice{
					{ID: "get-last-event-id", Label: say("stream-drop.resume.get-last-event-id.label"),
						Why: say("stream-drop.resume.get-last-event-id.why")},
					{ID: "post-new-id", Label: say("stream-drop.resume.post-new-id.label"),
						Why: say("stream-drop.resume.post-new-id.why")},
					{ID: "post-same-id", Label: say("stream-drop.resume.post-same-id.label"),
						Why: say("stream-drop.resume.post-same-id.why")},
					{ID: "cancel", Label: say("stream-drop.resume.cancel.label"),
						Why: say("stream-drop.resume.cancel.why")},
				},
				Correct: []string{"get-last-event-id"},
			},
			{
				ID:     "server",
				Prompt: say("stream-drop.server.prompt"),
				Choices: []Choice{
					{ID: "cancelled", Label: say("stream-drop.server.cancelled.label"),
						Why: say("stream-drop.server.cancelled.why")},
					{ID: "keeps-running", Label: say("stream-drop.server.keeps-running.label"),
						Why: say("stream-drop.server.keeps-running.why")},
					{ID: "next-stream", Label: say("stream-drop.server.next-stream.label"),
						Why: say("stream-drop.server.next-stream.why")},
				},
				Correct: []string{"cancelled"},
			},
			{
				ID:     "client",
				Prompt: say("stream-drop.client.prompt"),
				Choices: []Choice{
					{ID: "reissue", Label: say("stream-drop.client.reissue.label"),
						Why: say("stream-drop.client.reissue.why")},
					{ID: "get-resume", Label: say("stream-drop.client.get-resume.label"),
						Why: say("stream-drop.client.get-resume.why")},
					{ID: "same-id", Label: say("stream-drop.client.same-id.label"),
						Why: say("stream-drop.client.same-id.why")},
				},
				Correct: []string{"reissue"},
			},
		},
		ModelAnswer: `{"first":"prime","resume":"get-last-event-id","server":"cancelled","client":"reissue"}`,
		Explanation: say("stream-drop.explanation"),
		Spec:        []string{"2025-11-25/basic/transports#resumability-and-redelivery", "2026-07-28/basic/transports/streamable-http#cancellation"},
	}
}

// ---- 13 ---------------------------------------------------------------------

// NxM exercise sizes.
const (
	nxmApps  = 5
	nxmTools = 12
)

func nxmAdapters() Exercise {
	r, err := calc.Integrations(nxmApps, nxmTools)
	if err != nil {
		panic(err)
	}
	return Exercise{
		ID:     IDNxM,
		Kind:   KindNumeric,
		Title:  say("nxm-adapters.title"),
		Prompt: sayf("nxm-adapters.prompt", nxmApps, nxmTools),
		Hints: []Text{
			say("nxm-adapters.hints.1"),
			say("nxm-adapters.hints.2"),
		},
		Fields: []Field{
			{ID: "without", Label: say("nxm-adapters.without.label"), Want: []float64{float64(r.WithoutMCP)}},
			{ID: "with", Label: say("nxm-adapters.with.label"), Want: []float64{float64(r.WithMCP)}},
			{ID: "saved", Label: say("nxm-adapters.saved.label"), Want: []float64{float64(r.Saved)}},
		},
		ModelAnswer: fmt.Sprintf(`{"without":%d,"with":%d,"saved":%d}`, r.WithoutMCP, r.WithMCP, r.Saved),
		Explanation: tx(
			calc.Explain(r, EN),
			calc.Explain(r, ZH),
		),
	}
}
