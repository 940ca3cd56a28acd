// Package jsonrpc implements the JSON-RPC 2.0 message layer MCP is built on:
// the four message kinds, a strict decoder that tells a parse error (-32700)
// from an invalid request (-32600), and a single-line encoder.
//
// Spec: JSON-RPC 2.0 (https://www.jsonrpc.org/specification) as profiled by
// MCP 2025-11-25 and 2026-07-28 basic/index §Messages: ids are strings or
// integers and never null; notifications carry no id and are never answered;
// batches are not part of MCP (removed in 2025-06-18), so an array is an
// invalid request.
package jsonrpc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"

	"mcpwirelab/sim/protocol"
)

// Version is the only accepted value of the "jsonrpc" member.
const Version = "2.0"

// ID is a request id kept as its exact JSON text, so that a response echoes
// `7` as `7` and `"7"` as `"7"`. The zero ID means "absent".
type ID struct{ raw string }

// StringID and IntID build ids.
func StringID(s string) ID {
	b, _ := json.Marshal(s)
	return ID{raw: string(b)}
}

func IntID(n int64) ID { return ID{raw: strconv.FormatInt(n, 10)} }

// IsZero reports whether the id is absent.
func (id ID) IsZero() bool { return id.raw == "" }

// String returns the JSON text of the id ("" when absent).
func (id ID) String() string { return id.raw }

// IsString reports whether the id is a JSON string.
func (id ID) IsString() bool { return len(id.raw) > 0 && id.raw[0] == '"' }

// MarshalJSON writes the id exactly as received.
func (id ID) MarshalJSON() ([]byte, error) {
	if id.raw == "" {
		return []byte("null"), nil
	}
	return []byte(id.raw), nil
}

// UnmarshalJSON accepts a string or an integer; anything else is an error.
func (id *ID) UnmarshalJSON(b []byte) error {
	v, err := parseID(b)
	if err != nil {
		return err
	}
	*id = v
	return nil
}

func parseID(b []byte) (ID, error) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return ID{}, fmt.Errorf("empty id")
	}
	switch b[0] {
	case '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return ID{}, err
		}
		return StringID(s), nil
	case 'n':
		return ID{}, fmt.Errorf("id must not be null")
	default:
		// MCP: "Requests MUST include a string or integer ID."
		n, err := strconv.ParseInt(string(b), 10, 64)
		if err != nil {
			return ID{}, fmt.Errorf("id must be a string or an integer, got %s", b)
		}
		return IntID(n), nil
	}
}

// Error is the error member of an error response.
type Error struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s", e.Code, e.Message) }

// NewError builds an error; data (if not nil) is marshalled.
func NewError(code int, message string, data any) *Error {
	e := &Error{Code: code, Message: message}
	if data != nil {
		b, err := Marshal(data)
		if err == nil {
			e.Data = b
		}
	}
	return e
}

// Kind classifies a message.
type Kind int

const (
	KindRequest Kind = iota + 1
	KindNotification
	KindResult
	KindError
)

func (k Kind) String() string {
	switch k {
	case KindRequest:
		return "request"
	case KindNotification:
		return "notification"
	case KindResult:
		return "result"
	case KindError:
		return "error"
	}
	return "invalid"
}

// Message is any JSON-RPC 2.0 message. Exactly one shape is valid at a time:
// request (ID, Method), notification (Method, no ID), result (ID, Result) or
// error (Error, ID unless it could not be read).
type Message struct {
	ID     ID
	Method string
	Params json.RawMessage
	Result json.RawMessage
	Error  *Error
}

// Kind reports the message's kind.
func (m *Message) Kind() Kind {
	switch {
	case m.Method != "" && !m.ID.IsZero():
		return KindRequest
	case m.Method != "":
		return KindNotification
	case m.Error != nil:
		return KindError
	default:
		return KindResult
	}
}

// Request, Notification, Result and ErrorResponse build messages. params and
// result are marshalled with encoding/json (map keys sorted, so output is
// deterministic); a json.RawMessage is used as is.
func Request(id ID, method string, params any) *Message {
	return &Message{ID: id, Method: method, Params: mustRaw(params)}
}

func Notification(method string, params any) *Message {
	return &Message{Method: method, Params: mustRaw(params)}
}

func Result(id ID, result any) *Message {
	r := mustRaw(result)
	if r == nil {
		r = json.RawMessage("{}")
	}
	return &Message{ID: id, Result: r}
}

func ErrorResponse(id ID, err *Error) *Message { return &Message{ID: id, Error: err} }

func mustRaw(v any) json.RawMessage {
	switch x := v.(type) {
	case nil:
		return nil
	case map[string]any:
		if x == nil {
			return nil // omit params rather than send "params":null
		}
	case json.RawMessage:
		return compact(x)
	case []byte:
		return compact(x)
	}
	b, err := Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("jsonrpc: cannot marshal %T: %v", v, err))
	}
	return b
}

// Marshal is json.Marshal without HTML escaping: "<=" stays "<=" on the
// wire instead of "\u003c=", so learners read the bytes as sent. (JSON
// does not require the escaping; it only protects JSON pasted into HTML.)
func Marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// IsIdentifier reports whether an object key can follow a dot in a
// JSONPath-like location ($.params.name): an ASCII letter or underscore,
// then ASCII letters, digits or underscores. Other keys are written in
// brackets ($["odd key"]).
func IsIdentifier(key string) bool {
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c == '_', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return key != ""
}

// compactValid is compact for a value already checked (Decode's
// members): most messages come compact, and finding no whitespace outside
// strings is a much cheaper scan than json.Compact, which is left the
// values that have some. The result is always a copy: b points into the
// caller's bytes.
func compactValid(b []byte) json.RawMessage {
	inString, escaped := false, false
	for _, c := range b {
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return compact(b)
		}
	}
	return bytes.Clone(b)
}

func compact(b []byte) json.RawMessage {
	var buf bytes.Buffer
	buf.Grow(len(b)) // one allocation, not doublings, for a large value
	if err := json.Compact(&buf, b); err != nil {
		panic(fmt.Sprintf("jsonrpc: invalid raw JSON: %v", err))
	}
	return buf.Bytes()
}

// MarshalJSON writes members in the conventional order jsonrpc, id, method,
// params / result / error, on one line.
func (m *Message) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"jsonrpc":"2.0"`)
	if !m.ID.IsZero() {
		b.WriteString(`,"id":`)
		b.WriteString(m.ID.raw)
	}
	if m.Method != "" {
		mb, _ := Marshal(m.Method)
		b.WriteString(`,"method":`)
		b.Write(mb)
		if len(m.Params) > 0 {
			b.WriteString(`,"params":`)
			b.Write(m.Params)
		}
	} else if m.Error != nil {
		eb, err := Marshal(m.Error)
		if err != nil {
			return nil, err
		}
		b.WriteString(`,"error":`)
		b.Write(eb)
	} else {
		b.WriteString(`,"result":`)
		if len(m.Result) == 0 {
			b.WriteString("{}")
		} else {
			b.Write(m.Result)
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Encode returns the message as one line of JSON without the trailing
// newline. encoding/json escapes control characters inside strings, so the
// result never contains a raw newline (stdio §Messages: "MUST NOT contain
// embedded newlines").
func (m *Message) Encode() []byte {
	b, err := m.MarshalJSON()
	if err != nil {
		panic(err)
	}
	return b
}

// DecodeError is returned by Decode. ID is set when the id could be read, so
// the error response can echo it.
type DecodeError struct {
	Err *Error
	ID  ID
}

func (e *DecodeError) Error() string { return e.Err.Error() }

// Decode parses one JSON-RPC message strictly.
//
//   - not JSON at all, or not UTF-8 → -32700 Parse error (no id can be
//     known);
//   - JSON but not a valid message (array, wrong "jsonrpc", null or fractional
//     id, both result and error, method not a string…) → -32600 Invalid
//     Request, echoing the id when it was readable;
//   - an id longer than MaxIDBytes → -32600 without the id;
//   - params that are not an object → -32602 Invalid params (MCP params are
//     always objects).
func Decode(data []byte) (*Message, *DecodeError) {
	if !utf8.Valid(data) {
		// RFC 8259 §8.1: JSON text exchanged between systems "MUST be
		// encoded using UTF-8". encoding/json would let invalid bytes
		// through inside strings, and a raw value echoed back (a
		// progressToken) would make the answer invalid JSON text too.
		return nil, &DecodeError{Err: &Error{Code: protocol.CodeParseError, Message: fmt.Sprintf(
			"Parse error: the message is not valid UTF-8 (first invalid byte at offset %d)", invalidUTF8At(data))}}
	}
	trim := bytes.TrimSpace(data)
	if len(trim) == 0 || trim[0] != '{' {
		if !json.Valid(data) {
			return nil, parseError(data)
		}
		what := "a JSON " + jsonType(trim)
		if len(trim) > 0 && trim[0] == '[' {
			what = "a batch (JSON array); MCP does not support JSON-RPC batching"
		}
		return nil, invalid(ID{}, "Invalid Request: expected a JSON object, got "+what)
	}
	// An object: the text is checked once (json.Valid), then its members
	// are found in place (readMembers) instead of through a map.
	if !json.Valid(data) {
		return nil, parseError(data)
	}
	fields := readMembers(data)
	m := &Message{}
	if raw := fields.id; raw != nil {
		if n := len(bytes.TrimSpace(raw)); n > MaxIDBytes {
			return nil, invalid(ID{}, fmt.Sprintf("Invalid Request: the id is %d bytes long; this server accepts ids of at most %d bytes", n, MaxIDBytes))
		}
		id, err := parseID(raw)
		if err != nil {
			return nil, invalid(ID{}, "Invalid Request: "+err.Error())
		}
		m.ID = id
	}
	v := fields.jsonrpc
	if v == nil {
		return nil, invalid(m.ID, `Invalid Request: missing "jsonrpc": "2.0"`)
	}
	var ver string
	if err := json.Unmarshal(v, &ver); err != nil || ver != Version {
		return nil, invalid(m.ID, fmt.Sprintf(`Invalid Request: "jsonrpc" must be "2.0", got %s`, protocol.Excerpt(string(bytes.TrimSpace(v)))))
	}
	rawMethod, hasMethod := fields.method, fields.method != nil
	hasResult := fields.result != nil
	rawErr, hasError := fields.error, fields.error != nil
	switch {
	case hasMethod:
		if hasResult || hasError {
			return nil, invalid(m.ID, "Invalid Request: a message cannot have both method and result/error")
		}
		if err := json.Unmarshal(rawMethod, &m.Method); err != nil || m.Method == "" {
			return nil, invalid(m.ID, `Invalid Request: "method" must be a non-empty string`)
		}
		if p := fields.params; p != nil {
			p = bytes.TrimSpace(p)
			if len(p) == 0 || p[0] != '{' {
				return nil, &DecodeError{ID: m.ID, Err: &Error{Code: protocol.CodeInvalidParams,
					Message: "Invalid params: params must be an object, got " + jsonType(p)}}
			}
			m.Params = compactValid(p)
		}
	case hasResult && hasError:
		return nil, invalid(m.ID, "Invalid Request: a response cannot have both result and error")
	case hasResult:
		if m.ID.IsZero() {
			return nil, invalid(m.ID, "Invalid Request: a result response needs an id")
		}
		m.Result = compactValid(fields.result)
	case hasError:
		var e Error
		if err := json.Unmarshal(rawErr, &e); err != nil {
			return nil, invalid(m.ID, `Invalid Request: "error" must be an object with an integer code and a message`)
		}
		m.Error = &e
	default:
		return nil, invalid(m.ID, `Invalid Request: a message needs "method", "result" or "error"`)
	}
	return m, nil
}

// members are the raw values of the top-level members Decode reads, nil
// when absent; a member that repeats counts last (as a map would have it).
type members struct {
	id, jsonrpc, method, params, result, error []byte
}

// readMembers finds the members of a JSON object in place. data must be
// valid JSON (json.Valid) whose first non-space byte is '{'. Names are
// matched exactly, after unescaping when they hold an escape.
func readMembers(data []byte) members {
	var ms members
	i := skipSpace(data, 0) + 1 // past '{'
	for {
		i = skipSpace(data, i)
		if data[i] == '}' {
			return ms
		}
		end := skipString(data, i)
		key := data[i+1 : end-1]
		if bytes.IndexByte(key, '\\') >= 0 {
			var k string
			_ = json.Unmarshal(data[i:end], &k)
			key = []byte(k)
		}
		i = skipSpace(data, end) + 1 // past ':'
		i = skipSpace(data, i)
		start := i
		i = skipValue(data, i)
		v := data[start:i:i]
		switch string(key) {
		case "id":
			ms.id = v
		case "jsonrpc":
			ms.jsonrpc = v
		case "method":
			ms.method = v
		case "params":
			ms.params = v
		case "result":
			ms.result = v
		case "error":
			ms.error = v
		}
		i = skipSpace(data, i)
		if data[i] == ',' {
			i++
		}
	}
}

// skipSpace is the index of the first byte at or after i that is not
// JSON whitespace.
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// skipString is the index just past the string that starts at i.
func skipString(data []byte, i int) int {
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// skipValue is the index just past the (valid) value that starts at i.
func skipValue(data []byte, i int) int {
	switch data[i] {
	case '"':
		return skipString(data, i)
	case '{', '[':
		depth := 0
		for i < len(data) {
			switch data[i] {
			case '"':
				i = skipString(data, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	for i < len(data) {
		switch data[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
		i++
	}
	return i
}

// parseError is the -32700 answer to bytes that are not JSON.
func parseError(data []byte) *DecodeError {
	return &DecodeError{Err: &Error{Code: protocol.CodeParseError, Message: "Parse error: " + describeSyntax(data)}}
}

// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func invalid(id ID, msg string) *DecodeError {
	return &DecodeError{ID: id, Err: &Error{Code: protocol.CodeInvalidRequest, Message: msg}}
}

func jsonType(b []byte) string {
	if len(b) == 0 {
		return "nothing"
	}
	switch b[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// invalidUTF8At is the offset of the first byte that is not valid UTF-8.
func invalidUTF8At(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(data)
}

// describeSyntax names the first syntax error with a 1-based line and column.
func describeSyntax(data []byte) string {
	if len(bytes.TrimSpace(data)) == 0 {
		return "empty message"
	}
	var v any
	err := json.Unmarshal(data, &v)
	se, ok := err.(*json.SyntaxError)
	if !ok {
		return "invalid JSON (not UTF-8 or not a JSON value)"
	}
	line, col := LineCol(data, se.Offset)
	return fmt.Sprintf("line %d, column %d: %s", line, col, se.Error())
}

// LineCol converts a byte offset (as reported by json.SyntaxError, which
// points just past the offending byte) to a 1-based line and column.
func LineCol(data []byte, offset int64) (line, col int) {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	line, col = 1, 1
	for i := int64(0); i < offset-1 && i < int64(len(data)); i++ {
		if data[i] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}
