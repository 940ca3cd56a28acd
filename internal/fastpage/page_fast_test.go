//go:build !(js && wasm)

package fastpage

import (
	"strings"
	"testing"
)

// The critical CSS keeps, in order, every rule that can match the page and
// leaves out the ones naming a class, id or element it lacks, print-only
// blocks and unused keyframes.
func TestCriticalCSS(t *testing.T) {
	sheet := `/* a comment {} */
.a { color: red }
#b > .c, .missing { margin: 0 auto }
div.c:hover { color: blue }
.missing { color: green }
section .a { color: teal }
.a:not(.missing) { padding: 1px }
.a[data-x="}"] { content: "{ .missing }" }
@media (max-width: 900px) { .a { top: 0 } .missing { top: 1px } }
@media (max-width: 800px) { .missing { top: 2px } }
@media print { .a { display: none } }
.a { animation: spin 1s }
@keyframes spin { from { opacity: 0 } to { opacity: 1 } }
@keyframes unused { from { opacity: 0 } }
`
	page := `<html><body><div class="a c" id="b"><span class="c">x</span></div></body></html>`
	got := criticalCSS([][]cssNode{parseCSS(sheet)}, page)
	want := `.a{color:red}#b>.c,.missing{margin:0 auto}div.c:hover{color:blue}.a:not(.missing){padding:1px}` +
		`.a[data-x="}"]{content:"{ .missing }"}@media (max-width:900px){.a{top:0}}.a{animation:spin 1s}` +
		`@keyframes spin{from{opacity:0}to{opacity:1}}`
	if got != want {
		t.Errorf("critical CSS\n got %s\nwant %s", got, want)
	}
	// A page that has the missing class gets its rules.
	if got := criticalCSS([][]cssNode{parseCSS(sheet)}, page+`<p class="missing">`); !strings.Contains(got, ".missing{color:green}") ||
		!strings.Contains(got, "@media (max-width:800px){.missing{top:2px}}") {
		t.Errorf("rules for a class the page has were left out: %s", got)
	}
	// Classes inside the early steps' JSON (class=\"…\") count.
	if got := criticalCSS([][]cssNode{parseCSS(".late{x:y}")}, `<script type="application/json">{"row":"<li class=\"late\">"}</script>`); got != ".late{x:y}" {
		t.Errorf("class in embedded JSON not seen: %q", got)
	}
}

// A page as go-app v10.1.11 writes its head.
const goAppPage = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>t</title>
    <link type="text/css" rel="stylesheet" href="/app.css">
    <link type="text/css" rel="stylesheet" href="/static/app.css?v=1">
    <link rel="stylesheet" href="/static/other.css" media="print">
    <script defer src="/wasm_exec.js"></script>
    <script defer src="/app.js"></script>
    <script>inline()</script>
  </head>
  <body>
    <div class="toolbar">
      <button disabled="false">Next</button>
    </div>
  </body>
</html>`

func TestFastPageRewrite(t *testing.T) {
	p := &Page{sheets: map[string][]cssNode{
		"/app.css":            parseCSS(".toolbar{a:b} .gone{c:d}"),
		"/static/app.css?v=1": parseCSS("button{e:f}"),
	}, Stamp: "v1", Runs: "/runs/"}
	out, err := p.Rewrite([]byte(goAppPage), "step=2")
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	head, body, _ := strings.Cut(s, "</head>")
	for _, want := range []string{
		`<style id="wl-critical">.toolbar{a:b}button{e:f}</style>`,
		`<noscript><link rel="stylesheet" href="/app.css"><link rel="stylesheet" href="/static/app.css?v=1"></noscript>`,
		`["/app.css","/static/app.css?v=1"]`, `["/wasm_exec.js","/app.js"]`,
		`w.mcpwlBoot={"q":"step=2","stamp":"v1","root":"/runs/","run":"","lang":""}`,
		`<script>inline()</script>`,
		`<link rel="stylesheet" href="/static/other.css" media="print">`, // not known: left as it was
	} {
		if !strings.Contains(head, want) {
			t.Errorf("head lacks %s:\n%s", want, head)
		}
	}
	for _, gone := range []string{`<link type="text/css" rel="stylesheet"`, `<script defer`} {
		if strings.Contains(head, gone) {
			t.Errorf("head still has %s:\n%s", gone, head)
		}
	}
	if !strings.Contains(body, `<div class="toolbar"><button>Next</button></div>`) {
		t.Errorf("body not compacted: %s", body)
	}
	if _, err := p.Rewrite([]byte("<html><body>no head</body></html>"), ""); err == nil {
		t.Error("a page without <head> was rewritten")
	}
}

// A lean page (the static export's index.html) leaves out the reader's
// data and tells the reader the step it shows; a page without reader
// data is left as it is.
func TestFastPageLean(t *testing.T) {
	page := strings.Replace(goAppPage, `<div class="toolbar">`, `<div id="lab"><strong id="step-cur">1</strong>`+
		`<script type="application/json" id="wl-trace" data-options="{&#34;a&#34;:1}">[{"seq":1}]</script>`+
		`<script type="application/json" id="wl-early">{"run":"tool-call/2026-07-28_http_none","lang":"en","rows":["<li>x<\/li>"]}</script></div><div class="toolbar">`, 1)
	p := &Page{sheets: map[string][]cssNode{"/app.css": parseCSS(".toolbar{a:b}")}, Stamp: "v1", Runs: "/runs/", Lean: true}
	out, err := p.Rewrite([]byte(page), "")
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	if strings.Contains(s, `id="wl-early"`) || strings.Contains(s, `id="wl-trace"`) || !strings.Contains(s, `<strong id="step-cur">1</strong></div>`) {
		t.Errorf("the reader data stayed, or more went:\n%s", s)
	}
	if !strings.Contains(s, `"run":"tool-call/2026-07-28_http_none","lang":"en","lean":1}`) {
		t.Errorf("the boot does not name the run and its step:\n%s", s)
	}
	p.Lean = false
	if out, _ := p.Rewrite([]byte(page), ""); !strings.Contains(string(out), `id="wl-early"`) || strings.Contains(string(out), `"lean"`) {
		t.Error("a page that is not lean lost its data")
	}
	p.Lean = true
	if out, _ := p.Rewrite([]byte(goAppPage), ""); strings.Contains(string(out), `"lean"`) {
		t.Error("a page without reader data was marked lean")
	}
}
