package jsonrpc

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"mcpwirelab/sim/protocol"
)

func TestDecodeClassifies(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		kind     Kind
		code     int    // 0 when valid
		id       string // expected id text (also on errors when readable)
		contains string // substring of the error message
	}{
		{"request int id", `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`, KindRequest, 0, "7", ""},
		{"request string id", `{"jsonrpc":"2.0","id":"7","method":"tools/list","params":{}}`, KindRequest, 0, `"7"`, ""},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, KindNotification, 0, "", ""},
		{"result", `{"jsonrpc":"2.0","id":1,"result":{}}`, KindResult, 0, "1", ""},
		{"error response without id", `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}`, KindError, 0, "", ""},
		{"not json", `{"jsonrpc":"2.0",`, 0, protocol.CodeParseError, "", "Parse error: line 1, column 17"},
		{"empty", ``, 0, protocol.CodeParseError, "", "empty message"},
		{"multi-line syntax error", "{\n  \"a\": 1,\n  }", 0, protocol.CodeParseError, "", "line 3, column 3"},
		{"batch", `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, 0, protocol.CodeInvalidRequest, "", "batch"},
		{"scalar", `42`, 0, protocol.CodeInvalidRequest, "", "got a JSON number"},
		{"missing jsonrpc", `{"id":3,"method":"ping"}`, 0, protocol.CodeInvalidRequest, "3", `missing "jsonrpc"`},
		{"wrong version", `{"jsonrpc":"1.0","id":"a","method":"ping"}`, 0, protocol.CodeInvalidRequest, `"a"`, `must be "2.0", got "1.0"`},
		{"null id", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, 0, protocol.CodeInvalidRequest, "", "id must not be null"},
		{"fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, 0, protocol.CodeInvalidRequest, "", "string or an integer"},
		{"object id", `{"jsonrpc":"2.0","id":{},"method":"ping"}`, 0, protocol.CodeInvalidRequest, "", "string or an integer"},
		{"method not string", `{"jsonrpc":"2.0","id":2,"method":5}`, 0, protocol.CodeInvalidRequest, "2", `"method" must be a non-empty string`},
		{"method and result", `{"jsonrpc":"2.0","id":2,"method":"x","result":{}}`, 0, protocol.CodeInvalidRequest, "2", "both method"},
		{"result and error", `{"jsonrpc":"2.0","id":2,"result":{},"error":{"code":1,"message":"m"}}`, 0, protocol.CodeInvalidRequest, "2", "both result and error"},
		{"result without id", `{"jsonrpc":"2.0","result":{}}`, 0, protocol.CodeInvalidRequest, "", "needs an id"},
		{"nothing", `{"jsonrpc":"2.0","id":4}`, 0, protocol.CodeInvalidRequest, "4", `needs "method"`},
		{"array params", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":[1]}`, 0, protocol.CodeInvalidParams, "5", "params must be an object, got array"},
		// bytes.TrimSpace would drop these; JSON does not count them as
		// whitespace, so the message is not JSON.
		{"form feed before the object", "\f" + `{"jsonrpc":"2.0","id":1,"method":"ping"}`, 0, protocol.CodeParseError, "", "invalid character"},
		{"no-break space after the object", `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\u00a0", 0, protocol.CodeParseError, "", "line 1, column"},
		{"garbage after the object", `{"jsonrpc":"2.0","id":1,"method":"ping"} x`, 0, protocol.CodeParseError, "", "line 1, column 42"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Decode([]byte(tt.in))
			if tt.code == 0 {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				if m.Kind() != tt.kind {
					t.Fatalf("kind = %v, want %v", m.Kind(), tt.kind)
				}
				if m.ID.String() != tt.id {
					t.Fatalf("id = %q, want %q", m.ID.String(), tt.id)
				}
				return
			}
			if err == nil {
				t.Fatalf("decoded %+v, want error %d", m, tt.code)
			}
			if err.Err.Code != tt.code {
				t.Fatalf("code = %d (%s), want %d", err.Err.Code, err.Err.Message, tt.code)
			}
			if err.ID.String() != tt.id {
				t.Fatalf("error id = %q, want %q", err.ID.String(), tt.id)
			}
			if !bytes.Contains([]byte(err.Err.Message), []byte(tt.contains)) {
				t.Fatalf("message %q does not contain %q", err.Err.Message, tt.contains)
			}
		})
	}
}

func TestIDsEchoExactly(t *testing.T) {
	for _, in := range []string{`1`, `"1"`, `"req-α"`, `-3`, `9007199254740993`} {
		m, err := Decode([]byte(`{"jsonrpc":"2.0","id":` + in + `,"method":"ping"}`))
		if err != nil {
			t.Fatal(err)
		}
		got := string(Result(m.ID, struct{}{}).Encode())
		want := `{"jsonrpc":"2.0","id":` + in + `,"result":{}}`
		if got != want {
			t.Errorf("response %s, want %s", got, want)
		}
	}
}

func TestEncodeIsOneLineInOrder(t *testing.T) {
	m := Request(IntID(3), "tools/call", map[string]any{"name": "x", "arguments": map[string]any{"text": "line1\nline2"}})
	got := string(m.Encode())
	want := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"arguments":{"text":"line1\nline2"},"name":"x"}}`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if bytes.ContainsRune(m.Encode(), '\n') {
		t.Fatal("encoded message contains a raw newline")
	}
	e := ErrorResponse(StringID("a"), NewError(protocol.CodeUnsupportedProtocolVersion, "Unsupported protocol version", map[string]any{"supported": []string{"2026-07-28"}, "requested": "1900-01-01"}))
	want = `{"jsonrpc":"2.0","id":"a","error":{"code":-32022,"message":"Unsupported protocol version","data":{"requested":"1900-01-01","supported":["2026-07-28"]}}}`
	if got := string(e.Encode()); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if got := string(Notification("notifications/initialized", nil).Encode()); got != `{"jsonrpc":"2.0","method":"notifications/initialized"}` {
		t.Fatalf("notification: %s", got)
	}
}

// FuzzDecode: any input either decodes to a message that re-encodes to
// valid JSON which decodes to the same kind and id, or yields a -32700,
// -32600 or -32602 error. Never a panic.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`,
		`{"jsonrpc":"2.0","id":"x","result":{"a":[1,2]}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"m","data":null}}`,
		`[]`, `{`, `null`, `{"jsonrpc":"2.0","id":1e3,"method":"a"}`, "\xff",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			switch err.Err.Code {
			case protocol.CodeParseError, protocol.CodeInvalidRequest, protocol.CodeInvalidParams:
			default:
				t.Fatalf("unexpected code %d", err.Err.Code)
			}
			return
		}
		enc := m.Encode()
		if !json.Valid(enc) || !utf8.Valid(enc) {
			t.Fatalf("re-encoded message is not JSON text: %s", enc)
		}
		m2, err2 := Decode(enc)
		if err2 != nil {
			t.Fatalf("re-encoded message does not decode: %v (%s)", err2, enc)
		}
		if m2.Kind() != m.Kind() || m2.ID != m.ID || m2.Method != m.Method {
			t.Fatalf("round trip changed the message: %s", enc)
		}
	})
}

// IsIdentifier accepts exactly what ^[A-Za-z_][A-Za-z0-9_]*$ matches.
func TestIsIdentifier(t *testing.T) {
	re := regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	for _, k := range []string{"", "a", "_", "Z9", "limit", "_meta", "list_changed", "9a", "a-b", "a b", "a.b", "$", "é", "名字", "a\n", "x0_y", "0"} {
		if got, want := IsIdentifier(k), re.MatchString(k); got != want {
			t.Errorf("IsIdentifier(%q) = %v, want %v", k, got, want)
		}
	}
}

// Client values come back in error messages only as excerpts, and never
// as invalid UTF-8.
func TestExcerpt(t *testing.T) {
	long := strings.Repeat("é", 100) // 200 bytes
	for _, c := range []struct{ in, want string }{
		{"tools/list", "tools/list"},
		{"", ""},
		{strings.Repeat("a", protocol.ExcerptBytes), strings.Repeat("a", protocol.ExcerptBytes)},
		{strings.Repeat("a", protocol.ExcerptBytes+1), strings.Repeat("a", protocol.ExcerptBytes) + "… (121 bytes)"},
		{long, strings.Repeat("é", protocol.ExcerptBytes/2) + "… (200 bytes)"},
		{"a" + long, "a" + strings.Repeat("é", protocol.ExcerptBytes/2-1) + "… (201 bytes)"},
		{"a\xffb", "a\uFFFDb"},
	} {
		got := protocol.Excerpt(c.in)
		if got != c.want {
			t.Errorf("Excerpt(%.30q…) = %q, want %q", c.in, got, c.want)
		}
		if !utf8.ValidString(got) {
			t.Errorf("Excerpt(%.30q…) is not UTF-8", c.in)
		}
	}
}

// Issue 12 items 7 and 10: invalid UTF-8 anywhere (an id, a progressToken)
// is a parse error instead of bytes echoed raw; an oversized id is refused
// without being repeated; a huge "jsonrpc" value is quoted as an excerpt.
func TestDecodeRefusesWhatItCannotEchoSafely(t *testing.T) {
	for _, c := range []struct {
		in   string
		code int
		msg  string
	}{
		{"{\"jsonrpc\":\"2.0\",\"id\":\"a\xffb\",\"method\":\"ping\"}", protocol.CodeParseError, "not valid UTF-8 (first invalid byte at offset 24)"},
		{"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"_meta\":{\"progressToken\":\"p\xfe\"}}}", protocol.CodeParseError, "not valid UTF-8"},
		{`{"jsonrpc":"2.0","id":"` + strings.Repeat("x", MaxIDBytes-1) + `","method":"ping"}`, protocol.CodeInvalidRequest, "the id is 257 bytes long; this server accepts ids of at most 256 bytes"},
		{`{"jsonrpc":"` + strings.Repeat("9", 5000) + `","id":1,"method":"ping"}`, protocol.CodeInvalidRequest, "… (5002 bytes)"},
	} {
		_, err := Decode([]byte(c.in))
		if err == nil {
			t.Errorf("%.60q: decoded", c.in)
			continue
		}
		if err.Err.Code != c.code || !strings.Contains(err.Err.Message, c.msg) || len(err.Err.Message) > 300 ||
			(!err.ID.IsZero() && err.ID != IntID(1)) {
			t.Errorf("%.60q: %d %q (id %s), want %d containing %q", c.in, err.Err.Code, err.Err.Message, err.ID, c.code, c.msg)
		}
	}
	if _, err := Decode([]byte(`{"jsonrpc":"2.0","id":"` + strings.Repeat("x", MaxIDBytes-2) + `","method":"ping"}`)); err != nil {
		t.Errorf("an id of exactly %d bytes: %v", MaxIDBytes, err)
	}
}

// Decode keeps params and results compact whether or not they came so:
// whitespace between tokens goes, whitespace inside strings stays.
func TestDecodeCompactsMembers(t *testing.T) {
	for _, tt := range []struct{ in, params, result string }{
		{`{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":"x y","b":[1,2]}}`, `{"a":"x y","b":[1,2]}`, ""},
		{"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\": { \"a\" : \"x \\\" y\",\n\t\"b\": [1, 2]\r\n} }", `{"a":"x \" y","b":[1,2]}`, ""},
		{`{"jsonrpc":"2.0","id":1,"result":{"q":"\\","r":"a b"} }`, "", `{"q":"\\","r":"a b"}`},
		{`{"jsonrpc":"2.0","id":1,"result":{"q":"\\" , "r":"a b"}}`, "", `{"q":"\\","r":"a b"}`},
	} {
		m, err := Decode([]byte(tt.in))
		if err != nil {
			t.Fatalf("%s: %v", tt.in, err)
		}
		if string(m.Params) != tt.params || string(m.Result) != tt.result {
			t.Errorf("%s: params %s, result %s; want %s, %s", tt.in, m.Params, m.Result, tt.params, tt.result)
		}
	}
}

// Decode's members are its own: a caller that reuses its buffer (a line
// reader) does not change a message it decoded before.
func TestDecodeDoesNotKeepTheCallersBytes(t *testing.T) {
	data := []byte(`{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":"b"}}`)
	res := []byte(`{"jsonrpc":"2.0","id":1,"result":{"a":"b"}}`)
	m, err := Decode(data)
	r, err2 := Decode(res)
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	for i := range data {
		data[i] = 'x'
	}
	for i := range res {
		res[i] = 'x'
	}
	if string(m.Params) != `{"a":"b"}` || string(r.Result) != `{"a":"b"}` {
		t.Fatalf("params %s, result %s after the caller's bytes changed", m.Params, r.Result)
	}
}
