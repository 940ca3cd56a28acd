package exercise

import (
	"mime"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"mcpwirelab/sim/transport/streamhttp"
)

func itoa(n int) string { return strconv.Itoa(n) }

// rawRequest is a learner's HTTP request text, split but not judged.
type rawRequest struct {
	method, target, proto string
	lines                 []string // header lines as typed (no line ending)
	header                http.Header
	body                  string // after the blank line, as typed
	bodyLine              int    // 1-based line of the body's first line
	blank                 bool   // a blank line separated headers and body
}

// headerLineRE is compiled on first use, not at page start-up.
var (
	headerLineREOnce sync.Once
	headerLineRERx   *regexp.Regexp
)

func headerLineRE() *regexp.Regexp {
	headerLineREOnce.Do(func() { headerLineRERx = regexp.MustCompile(`^([!#$%&'*+.^_` + "`" + `|~0-9A-Za-z-]+):(.*)$`) })
	return headerLineRERx
}

// parseHTTP splits text into request line, headers and body and checks the
// HTTP framing an MCP server needs. Problems cite 1-based line numbers.
func parseHTTP(c *checker, text string) (*rawRequest, bool) {
	mark := len(c.problems)
	text = strings.TrimPrefix(text, "\ufeff")
	lines := strings.Split(text, "\n")
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" { // tolerate leading blank lines
		i++
	}
	if i == len(lines) {
		c.fail("empty")
		return nil, false
	}
	req := &rawRequest{header: http.Header{}}
	first := strings.TrimRight(lines[i], "\r")
	parts := strings.Split(first, " ")
	if len(parts) != 3 || parts[0] == "" || parts[1] == "" || parts[2] == "" {
		c.fail("http-request-line", i+1, first)
		return nil, false
	}
	req.method, req.target, req.proto = parts[0], parts[1], parts[2]
	if req.method != http.MethodPost {
		c.fail("http-method", i+1, req.method)
	}
	if req.target != "/mcp" {
		c.fail("http-target", i+1, req.target)
	}
	if req.proto != "HTTP/1.1" {
		c.fail("http-proto", i+1, req.proto)
	}
	i++
	bodyStart := -1
	for ; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], "\r")
		if line == "" {
			req.blank = true
			bodyStart = i + 1
			break
		}
		m := headerLineRE().FindStringSubmatch(line)
		if m == nil {
			t := strings.TrimSpace(line)
			if strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
				c.fail("http-no-blank", i+1)
				bodyStart = i
				break
			}
			c.fail("http-bad-header", i+1, line)
			continue
		}
		req.lines = append(req.lines, line)
		req.header.Add(m[1], strings.TrimSpace(m[2]))
	}
	if bodyStart >= 0 && bodyStart <= len(lines) {
		req.body = strings.Join(lines[bodyStart:], "\n")
		req.bodyLine = bodyStart + 1
	}
	if len(req.header.Values("Host")) == 0 {
		c.fail("http-no-host")
	}
	if ct := req.header.Get("Content-Type"); ct == "" {
		c.fail("http-no-ct")
	} else if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		c.fail("http-bad-ct", ct)
	}
	checkAccept(c, req.header.Values("Accept"))
	trimmed := strings.TrimRight(req.body, "\r\n")
	if strings.TrimSpace(trimmed) == "" {
		c.fail("http-no-body")
		return req, false
	}
	cls := req.header.Values("Content-Length")
	switch {
	case len(cls) == 0:
		c.fail("http-no-cl", len(trimmed))
	case len(cls) > 1:
		c.fail("http-multi-cl", strings.Join(cls, ", "))
	default:
		n, err := strconv.Atoi(cls[0])
		if err != nil || n < 0 {
			c.fail("http-bad-cl", cls[0])
			break
		}
		ok := n == len(trimmed)
		for _, nl := range []string{"\n", "\r\n"} { // a trailing line break may be counted
			if strings.HasPrefix(req.body[len(trimmed):], nl) && n == len(trimmed)+len(nl) {
				ok = true
			}
		}
		if !ok {
			chars := utf8.RuneCountInString(trimmed)
			if chars != len(trimmed) && n == chars {
				c.fail("http-cl-chars", n, len(trimmed))
			} else {
				c.fail("http-cl-wrong", n, len(trimmed))
			}
		} else {
			req.body = req.body[:n]
		}
	}
	return req, !c.since(mark)
}

// checkAccept requires an Accept header listing application/json and
// text/event-stream (transports: "Sending Messages").
func checkAccept(c *checker, values []string) {
	if len(values) == 0 {
		c.fail("http-no-accept")
		return
	}
	have := map[string]bool{}
	for _, v := range values {
		for _, r := range strings.Split(v, ",") {
			if mt, _, err := mime.ParseMediaType(strings.TrimSpace(r)); err == nil {
				have[mt] = true
			}
		}
	}
	var missing []string
	for _, want := range []string{"application/json", "text/event-stream"} {
		if !have[want] {
			missing = append(missing, want)
		}
	}
	if len(missing) > 0 {
		c.fail("http-accept", strings.Join(values, ", "), strings.Join(missing, ", "))
	}
}

// wire renders the request as sent: CRLF header lines, blank line, body.
func (r *rawRequest) wire() string {
	var b strings.Builder
	b.WriteString(r.method + " " + r.target + " " + r.proto + "\r\n")
	for _, l := range r.lines {
		b.WriteString(l + "\r\n")
	}
	b.WriteString("\r\n")
	b.WriteString(r.body)
	return b.String()
}

// parseBody decodes the body as one JSON-RPC request; syntax errors are
// reported with line numbers of the whole request text.
func (r *rawRequest) parseBody(c *checker) (map[string]any, bool) {
	v, ok := parseJSON(c, r.body, r.bodyLine-1)
	if !ok {
		return nil, false
	}
	return checkRPC(c, v, "$", 1)
}

// Modern (2026-07-28) request metadata.
const (
	ModernVersion = "2026-07-28"
	metaVersion   = "io.modelcontextprotocol/protocolVersion"
	metaCaps      = "io.modelcontextprotocol/clientCapabilities"
)

// supportedVersions are the versions the course's dual-era server speaks.
var supportedVersions = []string{"2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"}

// Tools of the course server (sim/toolbox).
var courseTools = []string{"export_timesheets", "list_emails", "list_employees", "office_days"}

// modernFields reads what header validation compares: method, params.name
// and the _meta protocol version. It reports structural problems.
type modernFields struct {
	method, name, version string
	hasName               bool
}

func readModern(c *checker, body map[string]any) (modernFields, bool) {
	mark := len(c.problems)
	var f modernFields
	f.method, _ = body["method"].(string)
	params, ok := objAt(c, body, "$", "params")
	if !ok {
		return f, false
	}
	if v, ok := params["name"]; ok {
		f.hasName = true
		if s, ok := v.(string); ok {
			f.name = s
		} else {
			c.fail("type", "$.params.name", "string", typeName(v))
		}
	} else if needsName(f.method) {
		c.fail("missing-prop", "$.params", "name")
	}
	meta, ok := objAt(c, params, "$.params", "_meta")
	if !ok {
		return f, false
	}
	f.version, _ = str(c, meta, "$.params._meta", metaVersion)
	if _, ok := meta[metaCaps]; !ok {
		c.fail("missing-prop", "$.params._meta", metaCaps)
	} else {
		object(c, meta[metaCaps], jpath("$.params._meta", metaCaps))
	}
	return f, !c.since(mark)
}

func needsName(method string) bool {
	return method == "tools/call" || method == "prompts/get"
}

// DecodeHeaderValue decodes an Mcp-Name / Mcp-Param-* header value with
// the engine's own rules (plain header-safe ASCII, or the Base64 sentinel
// form "=?base64?…?="); ok is false for a malformed value.
func DecodeHeaderValue(v string) (string, bool) {
	s, err := streamhttp.DecodeValue(v)
	return s, err == nil
}

// EncodeHeaderValue encodes s for Mcp-Name exactly as the engine's client
// does (streamable-http §Value Encoding).
func EncodeHeaderValue(s string) string { return streamhttp.EncodeValue(s) }

// headerFacts compares the modern headers with the body.
type headerFacts struct {
	missing    []string // required headers absent
	mismatched []string // headers that disagree with the body
}

func compareModern(req *rawRequest, f modernFields) headerFacts {
	var h headerFacts
	check := func(name, body string, decode bool) {
		vals := req.header.Values(name)
		if len(vals) == 0 {
			h.missing = append(h.missing, name)
			return
		}
		v := vals[0]
		if decode {
			d, ok := DecodeHeaderValue(v)
			if !ok {
				h.mismatched = append(h.mismatched, name)
				return
			}
			v = d
		}
		if v != body {
			h.mismatched = append(h.mismatched, name)
		}
	}
	check("MCP-Protocol-Version", f.version, false)
	check("Mcp-Method", f.method, false)
	if needsName(f.method) || f.method == "resources/read" {
		check("Mcp-Name", f.name, true)
	}
	return h
}

// checkModernHeaders reports every missing or mismatched request metadata
// header precisely (for a request that must be accepted).
func checkModernHeaders(c *checker, req *rawRequest, f modernFields) {
	h := compareModern(req, f)
	for _, name := range h.missing {
		c.fail("hdr-missing", name)
	}
	for _, name := range h.mismatched {
		got := req.header.Get(name)
		switch name {
		case "MCP-Protocol-Version":
			c.fail("hdr-mismatch", name, got, "params._meta[\""+metaVersion+"\"]", f.version)
		case "Mcp-Method":
			c.fail("hdr-mismatch", name, got, "method", f.method)
		case "Mcp-Name":
			if _, ok := DecodeHeaderValue(got); !ok {
				c.fail("hdr-bad-base64", got)
			} else {
				c.fail("hdr-mismatch", name, got, "params.name", f.name)
			}
		}
	}
	if f.version != "" && f.version != ModernVersion && !contains(h.mismatched, "MCP-Protocol-Version") {
		c.fail("hdr-version", f.version, ModernVersion)
	}
	if f.method == "tools/call" && f.hasName && !contains(courseTools, f.name) {
		c.fail("unknown-tool", f.name, strings.Join(courseTools, ", "))
	}
}

// sendHTTP sends req through the probe and returns status and reply.
func sendHTTP(c *checker, req *rawRequest) (int, *rpcReply, bool) {
	if c.probe == nil {
		c.fail("no-probe")
		return 0, nil, false
	}
	status, header, body, err := c.probe.HTTP(req.wire())
	if err != nil {
		c.fail("probe-failed", err.Error())
		return 0, nil, false
	}
	if header == nil {
		header = http.Header{}
	}
	return status, httpReply(header, body), true
}
