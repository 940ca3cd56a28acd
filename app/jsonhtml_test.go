package ui

import (
	"strings"
	"testing"

	"mcpwirelab/sim/trace"
)

func TestJSONHTMLKeepsTermsAndEscapes(t *testing.T) {
	raw := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a<b>&\"c"}}`)
	h := JSONHTML(raw, LangEn, `Message "1"`)
	if !strings.HasPrefix(h, `<pre class="json" tabindex="0" role="group" aria-label="Message &#34;1&#34;">`) || !strings.HasSuffix(h, "</pre>") {
		t.Fatalf("root: %s", h)
	}
	if strings.Contains(h, "a<b>") || !strings.Contains(h, "a&lt;b&gt;&amp;") {
		t.Fatalf("value not escaped: %s", h)
	}
	want := 0
	lines := PrettyJSON(raw)
	for _, l := range lines {
		for _, sp := range l {
			if sp.Term != "" && (sp.Class == "k" || sp.Hot) {
				want++
			}
		}
	}
	if got := strings.Count(h, ` data-term="`); got != want || want == 0 {
		t.Fatalf("%d explained fields in the HTML, want %d", got, want)
	}
	if got := strings.Count(h, `<span class="ln">`); got != len(lines) {
		t.Fatalf("%d lines, want %d", got, len(lines))
	}
	if !strings.Contains(h, `data-term="method"`) || !strings.Contains(h, `role="button"`) || !strings.Contains(h, `aria-describedby="field-guide"`) {
		t.Fatalf("method is not an explained field: %s", h)
	}
}

func TestWireHTMLLinesAndHeaderTerms(t *testing.T) {
	raw := "POST /mcp HTTP/1.1\r\nMcp-Session-Id: x\r\nX-Other: <y>\r\n\r\n{}"
	h := WireHTML(raw, LangEn)
	if !strings.HasPrefix(h, `<pre id="raw-bytes" class="wire" tabindex="0" role="group" aria-label="Wire bytes (exact)">`) {
		t.Fatalf("root: %s", h)
	}
	if got := strings.Count(h, `<span class="ln">`); got != len(RawLines(raw)) {
		t.Fatalf("%d lines, want %d", got, len(RawLines(raw)))
	}
	if !strings.Contains(h, `data-term="h:mcp-session-id"`) || !strings.Contains(h, "&lt;y&gt;") || !strings.Contains(h, `\r\n</span>`) {
		t.Fatalf("wire HTML: %s", h)
	}
	if WireHTML("", LangEn) != "" {
		t.Fatal("no bytes, no block")
	}
}

func TestPrintHTMLEveryStep(t *testing.T) {
	tr := &trace.Trace{Scenario: "s", Version: "v", Transport: "http", Fault: "none", Events: []trace.Event{
		{Seq: 1, From: trace.Client, To: trace.Server, Channel: trace.HTTPRequest, Kind: trace.KindMessage, Raw: "\nPOST /mcp HTTP/1.1\r\n\r\n<x>"},
		{Seq: 2, From: trace.Server, To: trace.Client, Channel: trace.HTTPResponse, Kind: trace.KindMessage, Raw: "HTTP/1.1 200 OK\r\n\r\n"},
	}}
	h := PrintHTML(tr, LangEn)
	if got := strings.Count(h, `<article class="print-step">`); got != 2 {
		t.Fatalf("%d steps printed, want 2", got)
	}
	// The parser drops one newline right after <pre>: one is added so the
	// bytes (here starting with a newline) stay exact.
	if !strings.Contains(h, "<pre class=\"wire\">\n\nPOST") || !strings.Contains(h, "&lt;x&gt;") {
		t.Fatalf("print HTML: %s", h)
	}
}
