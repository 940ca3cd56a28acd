package exercise

import (
	"bufio"
	"io"
	"mime"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"

	"mcpwirelab/sim/protocol"
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
	// chunked: the body is framed by the chunked transfer coding (RFC 9112
	// §7.1) instead of Content-Length; content is the body it carries.
	chunked bool
	content string
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
	if te := req.header.Values("Transfer-Encoding"); len(te) > 0 {
		// RFC 9112 §6.1: with Transfer-Encoding the chunks frame the body,
		// and §6.2: "A sender MUST NOT send a Content-Length header field
		// in any message that contains a Transfer-Encoding header field."
		switch {
		case len(te) != 1 || !strings.EqualFold(strings.TrimSpace(te[0]), "chunked"):
			c.fail("http-bad-te", strings.Join(te, ", "))
		case len(cls) > 0:
			c.fail("http-cl-and-te", strings.Join(cls, ", "))
		default:
			req.chunked = true
			content, err := dechunk(req.chunkedWire())
			if err != nil {
				c.fail("http-bad-chunked", err.Error())
				break
			}
			req.content = content
		}
		return req, !c.since(mark)
	}
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

// wire renders the request as sent: CRLF header lines, blank line, body
// (a chunked body with CRLF line endings, chunkedWire).
func (r *rawRequest) wire() string {
	var b strings.Builder
	b.WriteString(r.method + " " + r.target + " " + r.proto + "\r\n")
	for _, l := range r.lines {
		b.WriteString(l + "\r\n")
	}
	b.WriteString("\r\n")
	if r.chunked {
		b.WriteString(r.chunkedWire())
	} else {
		b.WriteString(r.body)
	}
	return b.String()
}

// chunkedWire is a chunked body as sent: every line break CRLF, since
// the coding's size lines and data ends are CRLF-terminated (RFC 9112
// §7.1) and a text field cannot type a CR.
func (r *rawRequest) chunkedWire() string {
	return strings.ReplaceAll(strings.ReplaceAll(r.body, "\r\n", "\n"), "\n", "\r\n")
}

// dechunk reads a chunked body with net/http's own reader, the one the
// engine's server reads requests with: what it cannot read, the server
// cannot either.
func dechunk(body string) (string, error) {
	req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(
		"POST /mcp HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + body)))
	if err != nil {
		return "", err
	}
	b, err := io.ReadAll(req.Body)
	return string(b), err
}

// payload is the body the request carries: the de-chunked content of a
// chunked body, else the body as typed (cut to its Content-Length).
func (r *rawRequest) payload() string {
	if r.chunked {
		return r.content
	}
	return r.body
}

// parseBody decodes the body as one JSON-RPC request; syntax errors are
// reported with line numbers of the whole request text.
func (r *rawRequest) parseBody(c *checker) (map[string]any, bool) {
	v, ok := parseJSON(c, r.payload(), r.bodyLine-1)
	if !ok {
		return nil, false
	}
	return checkRPC(c, v, "$", 1)
}

// ModernVersion is the version the modern exercises ask for: the newest
// the engine implements.
const ModernVersion = protocol.LatestVersion

// courseTools are the names of the course server's tools, from the
// engine's own registry.
func courseTools() []string {
	var names []string
	for _, t := range labserver.Config().Tools.Tools() {
		names = append(names, t.Name)
	}
	return names
}

// modernFields reads what header validation compares: method, params.name
// and the _meta protocol version. It reports structural problems.
type modernFields struct {
	method, name, version string
	hasName               bool
	params                map[string]any
}

func readModern(c *checker, body map[string]any) (modernFields, bool) {
	mark := len(c.problems)
	var f modernFields
	f.method, _ = body["method"].(string)
	params, ok := objAt(c, body, "$", "params")
	if !ok {
		return f, false
	}
	f.params = params
	if v, ok := params["name"]; ok {
		f.hasName = true
		if s, ok := v.(string); ok {
			f.name = s
		} else {
			c.fail("type", "$.params.name", "string", typeName(v))
		}
	} else if protocol.NameField(f.method) == "name" {
		c.fail("missing-prop", "$.params", "name")
	}
	meta, ok := objAt(c, params, "$.params", "_meta")
	if !ok {
		return f, false
	}
	f.version, _ = str(c, meta, "$.params._meta", protocol.MetaProtocolVersion)
	if _, ok := meta[protocol.MetaClientCapabilities]; !ok {
		c.fail("missing-prop", "$.params._meta", protocol.MetaClientCapabilities)
	} else {
		object(c, meta[protocol.MetaClientCapabilities], jpath("$.params._meta", protocol.MetaClientCapabilities))
	}
	return f, !c.since(mark)
}

// DecodeHeaderValue decodes an Mcp-Name / Mcp-Param-* header value with
// the engine's own rules (plain header-safe ASCII, or the Base64 sentinel
// form "=?base64?…?="); ok is false for a malformed value.
func DecodeHeaderValue(v string) (string, bool) {
	s, err := protocol.DecodeValue(v)
	return s, err == nil
}

// EncodeHeaderValue encodes s for Mcp-Name exactly as the engine's client
// does (streamable-http §Value Encoding).
func EncodeHeaderValue(s string) string { return protocol.EncodeValue(s) }

// compareModern compares the modern headers with the body by the engine's
// own header validation (streamhttp.CheckHeaders): every problem, not only
// the first one the server would reject on.
func compareModern(req *rawRequest, f modernFields) []streamhttp.HeaderProblem {
	params, _ := jsonrpc.Marshal(f.params)
	return streamhttp.CheckHeaders(req.header, &jsonrpc.Message{Method: f.method, Params: params})
}

// headerProblem reports whether problems include one of header.
func headerProblem(problems []streamhttp.HeaderProblem, header string) (streamhttp.HeaderProblem, bool) {
	for _, p := range problems {
		if p.Header == header {
			return p, true
		}
	}
	return streamhttp.HeaderProblem{}, false
}

// checkModernHeaders reports every missing or mismatched request metadata
// header precisely (for a request that must be accepted).
func checkModernHeaders(c *checker, req *rawRequest, f modernFields) {
	problems := compareModern(req, f)
	for _, p := range problems {
		switch p.Kind {
		case "missing":
			c.fail("hdr-missing", p.Header)
		case "duplicate":
			c.fail("hdr-duplicate", p.Header)
		case "encoding":
			c.fail("hdr-bad-base64", p.Got)
		default:
			c.fail("hdr-mismatch", p.Header, p.Got, p.Field, p.Want)
		}
	}
	modern := protocol.ModernVersions()
	if _, bad := headerProblem(problems, protocol.HeaderProtocolVersion); f.version != "" && !contains(modern, f.version) && !bad {
		c.fail("hdr-version", f.version, strings.Join(modern, ", "))
	}
	if tools := courseTools(); f.method == protocol.MethodToolsCall && f.hasName && !contains(tools, f.name) {
		c.fail("unknown-tool", f.name, strings.Join(tools, ", "))
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
