package exercise

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"mcpwirelab/sim/protocol"
)

// ---- 1. http-anatomy -------------------------------------------------------

// gradeAcceptedRequest: a 2026-07-28 request the server must accept (200 with
// a result that is not a tool execution error).
func gradeAcceptedRequest(c *checker, ex *Exercise, answer string) {
	mark := len(c.problems)
	req, f, ok := parseModernRequest(c, answer)
	if !ok {
		return
	}
	checkModernHeaders(c, req, f)
	if c.since(mark) {
		return
	}
	expectHTTP(c, req, "accepted", f)
}

// expectHTTP sends req and checks the outcome named by want:
// "accepted" (200 + result), "mismatch" (400 + -32020) or
// "unsupported" (400 + -32022 with data {supported, requested}).
func expectHTTP(c *checker, req *rawRequest, want string, f modernFields) {
	status, r, ok := sendHTTP(c, req)
	if !ok {
		return
	}
	got := describeHTTP(c, status, r)
	c.note("srv-said", got)
	switch want {
	case "accepted":
		if status != 200 || r == nil || !r.isRes {
			c.fail("want-outcome", c.t("expect-accepted"), got)
		} else if text, isErr := r.toolError(); isErr {
			c.fail("srv-tool-error", text)
		}
	case "mismatch":
		if status != 400 || r == nil || r.isRes || r.code != protocol.CodeHeaderMismatch {
			c.fail("want-outcome", c.t("expect-mismatch"), got)
		}
	case "unsupported":
		if status != 400 || r == nil || r.isRes || r.code != protocol.CodeUnsupportedProtocolVersion {
			c.fail("want-outcome", c.t("expect-unsupported"), got)
			return
		}
		data, ok := r.data.(map[string]any)
		if !ok {
			c.fail("srv-data-missing")
			return
		}
		if req, _ := data["requested"].(string); req != f.version {
			c.fail("srv-data-requested", compact(data["requested"]), f.version)
		}
		sup, _ := data["supported"].([]any)
		if len(sup) == 0 {
			c.fail("srv-data-supported", compact(data["supported"]))
		} else {
			var names []string
			for _, s := range sup {
				if str, ok := s.(string); ok {
					names = append(names, str)
				}
			}
			c.note("srv-supported", strings.Join(names, ", "))
		}
	}
}

// ---- 9. modern-headers ------------------------------------------------------

// byParts is the grader of a multi-part answer: it splits the answer and
// grades each part with grade, its problems prefixed with the part's name
// ("[page] …").
func byParts(grade func(c *checker, part, text string)) func(c *checker, ex *Exercise, answer string) {
	return func(c *checker, ex *Exercise, answer string) {
		parts, ok := splitParts(c, ex, answer)
		if !ok {
			return
		}
		for _, p := range ex.Parts {
			c.prefix = "[" + p.ID + "] "
			grade(c, p.ID, parts[p.ID])
		}
		c.prefix = ""
	}
}

// parseModernRequest reads a learner's raw 2026-07-28 request: the HTTP
// framing, the JSON body and its modern fields, reporting problems on c.
func parseModernRequest(c *checker, text string) (*rawRequest, modernFields, bool) {
	req, _ := parseHTTP(c, text)
	if req == nil || strings.TrimSpace(req.payload()) == "" {
		return nil, modernFields{}, false
	}
	body, ok := req.parseBody(c)
	if !ok {
		return nil, modernFields{}, false
	}
	f, ok := readModern(c, body)
	return req, f, ok
}

func gradeModernPart(c *checker, part, text string) {
	mark := len(c.problems)
	req, f, ok := parseModernRequest(c, text)
	if !ok {
		return
	}
	if f.method != protocol.MethodToolsCall {
		c.fail("want-method", protocol.MethodToolsCall, f.method)
		return
	}
	switch part {
	case "accepted":
		checkModernHeaders(c, req, f)
	case "mismatch":
		if len(compareModern(req, f)) == 0 {
			c.fail("mismatch-none")
		}
	case "unsupported":
		problems := compareModern(req, f)
		pv, pvBad := headerProblem(problems, protocol.HeaderProtocolVersion)
		// The engine decides which versions a per-request _meta may name
		// (a legacy version is served only after initialize, so naming it
		// in _meta is unsupported too).
		modern := protocol.ModernVersions()
		switch {
		case pvBad && pv.Kind == "mismatch":
			c.fail("unsupported-pv-mismatch", pv.Got, f.version)
		case pvBad && pv.Kind == "duplicate":
			c.fail("hdr-duplicate", pv.Header)
		case pvBad:
			c.fail("hdr-missing", pv.Header)
		case contains(modern, f.version):
			c.fail("unsupported-known", f.version, strings.Join(modern, ", "), strings.Join(protocol.LegacyVersions(), ", "))
		}
		for _, p := range problems {
			if p.Header != protocol.HeaderProtocolVersion {
				c.fail("unsupported-other", p.Header)
			}
		}
	}
	if c.since(mark) {
		return
	}
	expectHTTP(c, req, part, f)
}

// ---- 4. send-email-schema ---------------------------------------------------

var emailValid = []schemaCase{
	{id: "minimal",
		instance: `{"to":["ana@example.com"],"subject":"Lunch","body":"Noon at the canteen?"}`},
	{id: "with-cc",
		instance: `{"to":["ana@example.com","bo@example.com"],"subject":"Q3 plan","body":"See attached.","cc":["cy@example.com"]}`},
	{id: "unicode",
		instance: `{"to":["li.wei@example.com"],"subject":"周报","body":"本周进展顺利。","cc":["ana@example.com","bo@example.com"]}`},
}

var emailInvalid = []schemaCase{
	{id: "to-as-string",
		instance: `{"to":"ana@example.com","subject":"Lunch","body":"Noon?"}`,
		reason:   []any{"type", "$.to", "array", "string"}},
	{id: "to-empty",
		instance: `{"to":[],"subject":"Lunch","body":"Noon?"}`,
		reason:   []any{"min-items", "$.to", 1, 0}},
	{id: "to-number-item",
		instance: `{"to":[42],"subject":"Lunch","body":"Noon?"}`,
		reason:   []any{"type", "$.to[0]", "string", "number"}},
	{id: "missing-to",
		instance: `{"subject":"Lunch","body":"Noon?"}`,
		reason:   []any{"missing-prop", "$", "to"}},
	{id: "missing-subject",
		instance: `{"to":["ana@example.com"],"body":"Noon?"}`,
		reason:   []any{"missing-prop", "$", "subject"}},
	{id: "missing-body",
		instance: `{"to":["ana@example.com"],"subject":"Lunch"}`,
		reason:   []any{"missing-prop", "$", "body"}},
	{id: "subject-number",
		instance: `{"to":["ana@example.com"],"subject":42,"body":"Noon?"}`,
		reason:   []any{"type", "$.subject", "string", "number"}},
	{id: "body-null",
		instance: `{"to":["ana@example.com"],"subject":"Lunch","body":null}`,
		reason:   []any{"type", "$.body", "string", "null"}},
	{id: "unknown-property",
		instance: `{"to":["ana@example.com"],"subject":"Lunch","body":"Noon?","bcc":["boss@example.com"]}`,
		reason:   []any{"extra-prop", "$", "bcc"}},
	{id: "cc-as-string",
		instance: `{"to":["ana@example.com"],"subject":"Lunch","body":"Noon?","cc":"cy@example.com"}`,
		reason:   []any{"type", "$.cc", "array", "string"}},
	{id: "cc-number-item",
		instance: `{"to":["ana@example.com"],"subject":"Lunch","body":"Noon?","cc":["cy@example.com",7]}`,
		reason:   []any{"type", "$.cc[1]", "string", "number"}},
	{id: "not-an-object",
		instance: `[["ana@example.com"],"Lunch","Noon?"]`,
		reason:   []any{"type", "$", "object", "array"}},
}

func gradeEmailSchema(c *checker, ex *Exercise, answer string) {
	v, ok := parseJSON(c, answer, 0)
	if !ok {
		return
	}
	m, ok := object(c, v, "$")
	if !ok {
		return
	}
	if t, ok := m["type"]; !ok {
		c.fail("schema-type-object-missing")
	} else if s, _ := t.(string); s != "object" {
		c.fail("schema-type-object", compact(t))
	}
	sch, ok := compileLearnerSchema(c, answer)
	if !ok {
		return
	}
	runSchemaCases(c, sch, emailValid, emailInvalid)
}

// ---- 8. init-handshake -----------------------------------------------------

// checkLine is appended to the learner's lines: a tools/list that a server
// in the operation phase answers with a result.
const checkID = "wirelab-check"

var checkLine = `{"jsonrpc":"2.0","id":"` + checkID + `","method":"` + protocol.MethodToolsList + `"}`

type stdioMsg struct {
	line int
	raw  string
	v    any
}

// stdioMessages parses one JSON message per non-blank line. When lines do
// not parse but the text is a sequence of pretty-printed messages, it says
// that each message must be on one line.
func stdioMessages(c *checker, answer string) ([]stdioMsg, bool) {
	var msgs []stdioMsg
	type bad struct {
		line, col int
		msg       string
	}
	var firstBad *bad
	for i, line := range strings.Split(answer, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		var v any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			if firstBad == nil {
				l, col, msg, ok := syntaxLineCol(line, err)
				if !ok {
					l, col, msg = 1, 1, err.Error()
				}
				firstBad = &bad{line: i + l, col: col, msg: msg}
			}
			continue
		}
		msgs = append(msgs, stdioMsg{line: i + 1, raw: line, v: v})
	}
	if firstBad == nil {
		return msgs, true
	}
	// Pretty-printed messages? Decode the text as a stream of values.
	dec := json.NewDecoder(strings.NewReader(answer))
	multi := false
	var spans [][3]int
	for n := 1; ; n++ {
		start := int(dec.InputOffset())
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			spans = nil
			break
		}
		for start < len(answer) && strings.ContainsRune(" \t\r\n", rune(answer[start])) {
			start++
		}
		end := int(dec.InputOffset())
		l1, _ := LineCol(answer, start)
		l2, _ := LineCol(answer, end)
		if l2 > l1 {
			multi = true
			spans = append(spans, [3]int{n, l1, l2})
		}
	}
	if multi && len(spans) > 0 {
		for _, s := range spans {
			c.fail("stdio-multiline", s[0], s[1], s[2])
		}
		return nil, false
	}
	c.fail("syntax", firstBad.line, firstBad.col, firstBad.msg)
	return nil, false
}

func gradeInitHandshake(c *checker, ex *Exercise, answer string) {
	msgs, ok := stdioMessages(c, answer)
	if !ok {
		return
	}
	if len(msgs) != 2 {
		c.fail("stdio-count", len(msgs))
		if len(msgs) == 0 {
			return
		}
	}
	method := func(m stdioMsg) string {
		if o, ok := m.v.(map[string]any); ok {
			s, _ := o["method"].(string)
			return s
		}
		return ""
	}
	if len(msgs) >= 2 && method(msgs[0]) == protocol.MethodInitialized && method(msgs[1]) == protocol.MethodInitialize {
		c.fail("init-order")
		return
	}
	mark := len(c.problems)
	// Line 1: the initialize request.
	c.prefix = c.t("line-prefix", msgs[0].line, "") // the problem follows
	init, ok := checkRPC(c, msgs[0].v, "$", 1)
	if ok {
		if m := method(msgs[0]); m != protocol.MethodInitialize {
			c.fail("want-method", protocol.MethodInitialize, m)
		} else if params, ok := objAt(c, init, "$", "params"); ok {
			if v, ok := str(c, params, "$.params", "protocolVersion"); ok && !contains(protocol.LegacyVersions(), v) {
				c.fail("init-version", strings.Join(protocol.LegacyVersions(), ", "), v)
			}
			objAt(c, params, "$.params", "capabilities")
			if ci, ok := objAt(c, params, "$.params", "clientInfo"); ok {
				str(c, ci, "$.params.clientInfo", "name")
				str(c, ci, "$.params.clientInfo", "version")
			}
		}
	}
	// Line 2: the initialized notification.
	if len(msgs) >= 2 {
		c.prefix = c.t("line-prefix", msgs[1].line, "") // the problem follows
		if _, ok := checkRPC(c, msgs[1].v, "$", -1); ok {
			if m := method(msgs[1]); m != protocol.MethodInitialized {
				c.fail("want-method", protocol.MethodInitialized, m)
			}
		}
	}
	c.prefix = ""
	if c.since(mark) || len(msgs) != 2 {
		return
	}
	if c.probe == nil {
		c.fail("no-probe")
		return
	}
	out, err := c.probe.Stdio([]string{msgs[0].raw, msgs[1].raw, checkLine})
	if err != nil {
		c.fail("probe-failed", err.Error())
		return
	}
	initID := init["id"]
	var gotInit, gotCheck bool
	for _, line := range out {
		r, ok := decodeReply([]byte(line))
		if !ok {
			c.fail("srv-stdout-garbage", line)
			continue
		}
		switch {
		case r.hasID && sameJSON(r.id, initID):
			gotInit = true
			if !r.isRes {
				c.fail("srv-init-error", r.code, r.message)
				continue
			}
			pv, _ := r.result["protocolVersion"].(string)
			if !contains(protocol.LegacyVersions(), pv) {
				c.fail("srv-init-version", pv, strings.Join(protocol.LegacyVersions(), ", "))
				continue
			}
			name := ""
			if si, ok := r.result["serverInfo"].(map[string]any); ok {
				name, _ = si["name"].(string)
			}
			c.note("srv-init-ok", name, pv)
		case r.hasID && sameJSON(r.id, checkID):
			gotCheck = true
			if !r.isRes {
				c.fail("srv-check-error", r.code, r.message)
			}
		case !r.isRes:
			c.fail("srv-stray-error", r.code, r.message)
		}
	}
	if !gotInit {
		c.fail("srv-no-init-reply")
	} else if !gotCheck {
		c.fail("srv-no-check-reply")
	}
}

// ---- 10. mcp-name-base64 -----------------------------------------------------

const base64ToolName = "查询_员工"

func gradeBase64Name(c *checker, ex *Exercise, answer string) {
	var lines []string
	for _, l := range strings.Split(answer, "\n") {
		if t := strings.TrimSpace(l); t != "" {
			lines = append(lines, t)
		}
	}
	if len(lines) != 1 {
		c.fail("b64-one-line", len(lines))
		return
	}
	v := lines[0]
	if i := strings.Index(v, ":"); i > 0 && !strings.HasPrefix(v, "=?") {
		name := strings.TrimSpace(v[:i])
		if !strings.EqualFold(name, protocol.HeaderName) {
			c.fail("b64-header-name", name)
			return
		}
		v = strings.TrimSpace(v[i+1:])
	}
	if v == base64ToolName {
		c.fail("b64-plain")
		return
	}
	const pre, suf = "=?base64?", "?="
	if !strings.HasPrefix(v, pre) {
		if len(v) >= len(pre) && strings.EqualFold(v[:len(pre)], pre) {
			c.fail("b64-marker-case", v[:len(pre)])
		} else {
			c.fail("b64-no-prefix")
		}
		return
	}
	if !strings.HasSuffix(v, suf) || len(v) < len(pre)+len(suf) {
		c.fail("b64-no-suffix")
		return
	}
	payload := v[len(pre) : len(v)-len(suf)]
	if strings.ContainsAny(payload, "-_") {
		c.fail("b64-urlsafe")
		return
	}
	b, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		if _, err2 := base64.RawStdEncoding.DecodeString(payload); err2 == nil {
			c.fail("b64-padding")
		} else {
			c.fail("b64-invalid", err.Error())
		}
		return
	}
	if !utf8.Valid(b) {
		c.fail("b64-not-utf8")
		return
	}
	if string(b) != base64ToolName {
		c.fail("b64-wrong-value", string(b), base64ToolName)
	}
}
