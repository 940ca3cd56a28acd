package ui

import (
	"strings"
	"testing"
)

func joinLines(ls []Line) string {
	var b strings.Builder
	for i, l := range ls {
		if i > 0 {
			b.WriteString("\n")
		}
		for _, s := range l {
			b.WriteString(s.Text)
		}
	}
	return b.String()
}

func TestPrettyJSONKeepsOrderAndText(t *testing.T) {
	raw := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"a\"b","_meta":{"io.x/y":1,"progressToken":"t"},"list":[1,true,null]}}`
	ls := PrettyJSON([]byte(raw))
	want := `{
  "jsonrpc": "2.0",
  "id": 3,
  "method": "tools/call",
  "params": {
    "name": "a\"b",
    "_meta": {
      "io.x/y": 1,
      "progressToken": "t"
    },
    "list": [
      1,
      true,
      null
    ]
  }
}`
	if got := joinLines(ls); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	find := func(text string) Span {
		for _, l := range ls {
			for _, s := range l {
				if s.Text == text {
					return s
				}
			}
		}
		t.Fatalf("span %s not found", text)
		return Span{}
	}
	if s := find(`"id"`); s.Class != "k" || !s.Hot || s.Term != "id" {
		t.Errorf("id key: %+v", s)
	}
	if s := find(`3`); s.Class != "n" || !s.Hot || s.Term != "id" {
		t.Errorf("id value: %+v", s)
	}
	if s := find(`"tools/call"`); !s.Hot || s.Class != "s" {
		t.Errorf("method value: %+v", s)
	}
	if s := find(`"_meta"`); !s.Hot || s.Term != "_meta" {
		t.Errorf("_meta: %+v", s)
	}
	if s := find(`"io.x/y"`); s.Term != "_meta.*" {
		t.Errorf("_meta key: %+v", s)
	}
	if s := find(`"progressToken"`); s.Term != "_meta.progressToken" {
		t.Errorf("progressToken: %+v", s)
	}
	if s := find(`"a\"b"`); s.Class != "s" || s.Hot {
		t.Errorf("escaped string: %+v", s)
	}
	if s := find(`null`); s.Class != "l" {
		t.Errorf("null: %+v", s)
	}
}

func TestPrettyJSONErrorAndIsError(t *testing.T) {
	ls := PrettyJSON([]byte(`{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"m"},"result":{"isError":true,"resultType":"complete"}}`))
	hot := map[string]string{}
	for _, l := range ls {
		for _, s := range l {
			if s.Hot {
				hot[s.Text] = s.Term
			}
		}
	}
	for text, term := range map[string]string{`"code"`: "error.code", `-32602`: "error.code", `"isError"`: "isError", `true`: "isError", `"resultType"`: "resultType", `"complete"`: "resultType"} {
		if got, ok := hot[text]; !ok || got != term {
			t.Errorf("%s: hot=%v term=%q, want %q", text, ok, got, term)
		}
	}
	if _, ok := hot[`"message"`]; ok {
		t.Error("error.message should not be hot")
	}
}

func TestPrettyJSONInvalid(t *testing.T) {
	ls := PrettyJSON([]byte(`{"oops`))
	if len(ls) != 1 || ls[0][0].Class != "x" || ls[0][0].Text != `{"oops` {
		t.Fatalf("%+v", ls)
	}
}

func TestRawLinesHTTP(t *testing.T) {
	raw := "POST /mcp HTTP/1.1\r\nHost: x\r\nMcp-Session-Id: abc\r\nX-Other: 1\r\n\r\n{\"a\":1}\n"
	ls := RawLines(raw)
	if len(ls) != 6 {
		t.Fatalf("%d lines: %+v", len(ls), ls)
	}
	if !ls[0].Start || ls[0].EOL != "\r\n" {
		t.Errorf("start line %+v", ls[0])
	}
	if ls[2].Name != "Mcp-Session-Id" || ls[2].Rest != ": abc" || ls[2].Term != "h:mcp-session-id" {
		t.Errorf("header %+v", ls[2])
	}
	if ls[3].Term != "" || ls[3].Name != "X-Other" {
		t.Errorf("unknown header %+v", ls[3])
	}
	if ls[4].Text != "" || ls[4].EOL != "\r\n" {
		t.Errorf("blank line %+v", ls[4])
	}
	if ls[5].Name != "" || ls[5].Text != `{"a":1}` || ls[5].EOL != "\n" {
		t.Errorf("body %+v", ls[5])
	}
	var b strings.Builder
	for _, l := range ls {
		b.WriteString(l.Text + l.EOL)
	}
	if b.String() != raw {
		t.Errorf("lines do not rebuild the bytes")
	}
}

func TestRawLinesStdio(t *testing.T) {
	ls := RawLines(`{"a":"b: c"}` + "\n")
	if len(ls) != 1 || ls[0].Name != "" || ls[0].EOL != "\n" {
		t.Fatalf("%+v", ls)
	}
	if RawLines("") != nil {
		t.Fatal("empty raw")
	}
	ls = RawLines("no newline")
	if len(ls) != 1 || ls[0].EOL != "" {
		t.Fatalf("%+v", ls)
	}
}

func TestEmphasiseRFC2119(t *testing.T) {
	got := emphasiseRFC2119(`Servers MUST NOT send <x> and SHOULD log; clients MUST reply.`)
	want := `Servers <strong class="rfc">MUST NOT</strong> send &lt;x&gt; and <strong class="rfc">SHOULD</strong> log; clients <strong class="rfc">MUST</strong> reply.`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func TestEmphasiseMarkdownInQuotes(t *testing.T) {
	for in, want := range map[string]string{
		"The server MUST NOT send a JSON-RPC _response_ on the stream.":     `The server <strong class="rfc">MUST NOT</strong> send a JSON-RPC <em>response</em> on the stream.`,
		"_on the stream that was disconnected_, and":                        `<em>on the stream that was disconnected</em>, and`,
		"include the `Last-Event-ID` header":                                `include the <code>Last-Event-ID</code> header`,
		"notifications/tools/list_changed and my_var_name stay as they are": "notifications/tools/list_changed and my_var_name stay as they are",
		"`a<b>` is escaped": "<code>a&lt;b&gt;</code> is escaped",
	} {
		if got := emphasiseRFC2119(in); got != want {
			t.Errorf("%q:\ngot  %s\nwant %s", in, got, want)
		}
	}
}

func TestGlossaryHeaders(t *testing.T) {
	for _, h := range []string{"Mcp-Session-Id", "MCP-Protocol-Version", "Mcp-Method", "Mcp-Name", "Origin"} {
		term := headerTerm(h)
		if term == "" || Explain(LangZh, term) == "" || Explain(LangEn, term) == "" {
			t.Errorf("header %s unexplained", h)
		}
		if termTitle(term) != h {
			t.Errorf("title of %s = %s", term, termTitle(term))
		}
	}
	for _, k := range []string{"id", "method", "_meta", "isError", "resultType", "error.code"} {
		if Explain(LangEn, k) == "" || Explain(LangZh, k) == "" {
			t.Errorf("%s unexplained", k)
		}
	}
}
