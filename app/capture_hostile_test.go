package ui

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mcpwirelab/sim/check"
	"mcpwirelab/sim/scenario"
)

// hostileTranscript is a real stdio capture (the course's tool call) with
// step 8 (the tools/list result) replaced by raw wire bytes and the
// messages they carry: what a hostile or broken server could have sent.
func hostileTranscript(t testing.TB, raw string, msgs ...string) string {
	t.Helper()
	f, err := os.Open("../sim/scenario/testdata/tool-call_2025-11-25_stdio_none.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr, err := check.ReadTranscript(f)
	if err != nil {
		t.Fatal(err)
	}
	ev := &tr.Events[7]
	ev.Raw, ev.Messages = raw, nil
	for _, m := range msgs {
		ev.Messages = append(ev.Messages, json.RawMessage(m))
	}
	var b strings.Builder
	if err := tr.WriteJSONL(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func nested(depth int) string {
	return `{"jsonrpc":"2.0","id":2,"result":{"tools":` + strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}}`
}

// hostileCaptures are the crafted files of issue 27 item 3 (each within
// what the file chooser accepts, maxCaptureBytes).
func hostileCaptures(t testing.TB) map[string]string {
	huge := `{"jsonrpc":"2.0","id":2,"result":{"tools":[],"note":"` + strings.Repeat("A", 15<<20) + `"}}`
	var flood []string
	for i := 0; i < 20000; i++ {
		flood = append(flood, `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}`)
	}
	deep := nested(9990)
	return map[string]string{
		"nested 9,990 deep":           hostileTranscript(t, deep+"\n", deep),
		"nested 4,000 deep":           hostileTranscript(t, nested(4000)+"\n", nested(4000)),
		"a 30 MB raw line":            hostileTranscript(t, strings.Repeat("x", 30<<20)+"\n"),
		"a 15 MB string in a message": hostileTranscript(t, huge+"\n", huge),
		"20,000 messages in one step": hostileTranscript(t, strings.Join(flood, "\n")+"\n", flood...),
		"a 2 MB method and id":        hostileTranscript(t, strings.Repeat("m", 2<<20)+"\n", `{"jsonrpc":"2.0","id":"`+strings.Repeat("i", 1<<20)+`","method":"`+strings.Repeat("m", 1<<20)+`"}`),
		"100,000 lines of wire bytes": hostileTranscript(t, strings.Repeat("\n", 100000)),
		"an array of 200,000 numbers": hostileTranscript(t, strings.Repeat("1,", 200000)+"\n", `{"jsonrpc":"2.0","id":2,"result":{"tools":[`+strings.Repeat("1,", 200000)+`1]}}`),
		"deep objects with hot keys":  hostileTranscript(t, strings.Repeat(`{"id":`, 5000)+"\n", `{"jsonrpc":"2.0","id":2,"result":`+strings.Repeat(`{"id":`, 5000)+`1`+strings.Repeat("}", 5000)+`}`),
		"a 4 MB number":               hostileTranscript(t, strings.Repeat("0", 4<<20)+"\n", `{"jsonrpc":"2.0","id":2,"result":{"tools":[],"n":1`+strings.Repeat("0", 4<<20)+`}}`),
	}
}

// stepCost is what showing step i of cp builds: the inspector's HTML
// and the row label, in bytes.
func stepCost(cp *Capture, i int, lang string) int {
	s := cp.Steps[i]
	note := check.Note(s.Ev.Note, cp.Trace.EventVersion(s.Ev), cp.Trace.Transport)
	return len(InspectorBody(&s, lang, note, "", "")) + len(s.Label(lang))
}

// maxStepHTML bounds what one step of any transcript builds (the
// costliest crafted one: 276 KB, 16 ms natively). A normal step of the
// course's transcripts builds under 40 KB.
const maxStepHTML = 512 << 10

// Issue 27 item 3: the capture view shows any transcript the file
// chooser accepts with bounded work per step. Before, JSON nested 9,990
// deep cost ~200 MB of indentation (json.Indent writes 2×depth spaces a
// line: depth squared), a 30 MB raw line or string was one 30 MB span,
// and a flood of messages one block each: each step built tens or
// hundreds of megabytes of HTML, and the tab froze or died.
func TestCaptureViewBoundsHostileSteps(t *testing.T) {
	for name, text := range hostileCaptures(t) {
		if len(text) > maxCaptureBytes {
			t.Fatalf("%s: the fixture is %d MiB, over what the page reads", name, len(text)>>20)
		}
		cp, err := LoadCapture(name, text)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, lang := range []string{LangEn, LangZh} {
			worst, at := 0, 0
			for i := range cp.Steps {
				if c := stepCost(cp, i, lang); c > worst {
					worst, at = c, i
				}
			}
			if worst > maxStepHTML {
				t.Errorf("%s (%s): step %d builds %d KB of HTML", name, lang, at+1, worst>>10)
			}
			if lang == LangEn {
				t.Logf("%-32s %5.1f MB file: the costliest step (%d) builds %d KB", name, float64(len(text))/(1<<20), at+1, worst>>10)
			}
		}
		// What was left out is said, in the page's language.
		s := cp.Steps[7]
		body := InspectorBody(&s, LangZh, scenario.Note{}, "", "")
		if !strings.Contains(body, "t-note") {
			t.Errorf("%s: no note says what is not shown", name)
		}
	}
}

// BenchmarkCaptureHostileStep measures showing the hostile step of each
// crafted transcript (the inspector's HTML and the row label; the
// browser's own parse of that HTML comes on top).
func BenchmarkCaptureHostileStep(b *testing.B) {
	for name, text := range hostileCaptures(b) {
		cp, err := LoadCapture(name, text)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			for b.Loop() {
				stepCost(cp, 7, LangEn)
			}
		})
	}
}

// The linear formatter lays out every message of the course's golden
// transcripts exactly as json.Indent did (the bounds change only what is
// over them).
func TestPrettyJSONAsIndent(t *testing.T) {
	files, _ := filepath.Glob("../sim/scenario/testdata/*.jsonl")
	if len(files) == 0 {
		t.Fatal("no golden transcripts")
	}
	n := 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := check.ReadTranscript(f)
		f.Close()
		if err != nil {
			continue // not a capture of an MCP session (the HTTP lessons)
		}
		for _, ev := range tr.Events {
			for _, m := range ev.Messages {
				n++
				if got, want := joinLines(PrettyJSON(m)), indented(m); got != want {
					t.Fatalf("%s seq %d:\ngot  %s\nwant %s", name, ev.Seq, got, want)
				}
			}
		}
	}
	for _, m := range []string{` { "a" : [ ] , "b":{ },"c":[1, {"d":"\"}"}],"e":"\u00e9\\"} `, `[]`, `"x"`, `-1.5e3`, `[[[[1]]]]`} {
		if got, want := joinLines(PrettyJSON([]byte(m))), indented([]byte(m)); got != want {
			t.Errorf("%s:\ngot  %s\nwant %s", m, got, want)
		}
	}
	t.Logf("%d messages laid out as json.Indent does", n)
}

// indented is json.Indent's layout, without the trailing space it copies
// (messages are compact, bodies trimmed, before they are shown).
func indented(m []byte) string {
	var b bytes.Buffer
	if err := json.Indent(&b, m, "", "  "); err != nil {
		return string(m)
	}
	return strings.TrimRight(b.String(), " \t\r\n")
}

// Issue 27 item 3, the bounds: nesting past jsonMaxDepth is folded with a
// note saying how deep it goes; a huge string is cut with a note; a huge
// message stops at the span budget with a note on what is left; what is
// shown is a bounded number of bytes whatever the input.
func TestPrettyJSONBounds(t *testing.T) {
	notes := func(ls []Line) (keys []string, text int) {
		for _, l := range ls {
			for _, s := range l {
				text += len(s.Text)
				if s.Class == "note" {
					keys = append(keys, s.Note)
				}
			}
		}
		return
	}
	deep := []byte(strings.Repeat("[", 9990) + strings.Repeat("]", 9990))
	ls := PrettyJSON(deep)
	keys, text := notes(ls)
	if !slices.Equal(keys, []string{"fmt.fold"}) || text > 4<<10 || len(ls) != 2*jsonMaxDepth+1 {
		t.Errorf("9,990 nested arrays: notes %v, %d bytes of text, %d lines", keys, text, len(ls))
	}
	for _, l := range ls {
		for _, s := range l {
			if s.Class == "note" && (s.Args[0] != 9990-jsonMaxDepth || s.Args[1] != byteSize(2*(9990-jsonMaxDepth))) {
				t.Errorf("fold note %v", s.Args)
			}
		}
	}
	long := []byte(`{"text":"` + strings.Repeat("é", 8<<20) + `"}`)
	keys, text = notes(PrettyJSON(long))
	if !slices.Contains(keys, "fmt.cut") || !slices.Contains(keys, "fmt.rest") || text > jsonMaxToken+64 {
		t.Errorf("a 16 MB string: notes %v, %d bytes of text", keys, text)
	}
	wide := []byte("[" + strings.Repeat(`{"a":1},`, 100000) + "1]")
	ls = PrettyJSON(wide)
	keys, _ = notes(ls)
	spans := 0
	for _, l := range ls {
		spans += len(l)
	}
	if !slices.Equal(keys, []string{"fmt.rest"}) || spans > jsonMaxSpans+16 {
		t.Errorf("100,000 objects: notes %v, %d spans", keys, spans)
	}
	bad := []byte(strings.Repeat("x", 3<<20))
	if ls := PrettyJSON(bad); len(ls) != 1 || ls[0][0].Class != "x" || len(ls[0][0].Text) > jsonMaxToken+4 || ls[0][1].Note != "fmt.cut" {
		t.Errorf("3 MB of invalid JSON: %d lines", len(ls))
	}
	html := JSONHTML(deep, LangZh, "m")
	if !strings.Contains(html, `<span class="t-note"> （已折叠：还有 9958 层嵌套，19.4 KB）</span>`) {
		t.Errorf("the fold note in zh: %.300s", html[strings.Index(html, "t-note")-20:])
	}
}

// FuzzPrettyJSON: any bytes lay out without a panic, within the budgets;
// valid JSON within them comes out exactly as json.Indent lays it out.
func FuzzPrettyJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":null}]}`, `[[[[]]]]`, `"\"`, `{"id":"x","method":"m"}`, strings.Repeat("[", 40) + strings.Repeat("]", 40), `{"a" 1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		ls := PrettyJSON(b)
		text, spans, folded := 0, 0, false
		for _, l := range ls {
			spans += len(l)
			for _, s := range l {
				text += len(s.Text)
				folded = folded || s.Class == "note"
			}
		}
		if spans > jsonMaxSpans+2*jsonMaxDepth+8 || text > (jsonMaxSpans+8)*(jsonMaxToken+2*jsonMaxDepth+4) {
			t.Fatalf("%d spans, %d bytes for %d bytes of input", spans, text, len(b))
		}
		if !folded && json.Valid(b) {
			if got, want := joinLines(ls), indented(b); got != want {
				t.Fatalf("got\n%s\nwant\n%s", got, want)
			}
		}
	})
}

// Issue 27 item 8: a check the capture has no probe for says so in a
// sentence ("the capture has no a tools/list result" before).
func TestCaptureSkipWording(t *testing.T) {
	text := hostileTranscript(t, "{}\n")
	lines := strings.SplitAfter(text, "\n")
	cp, err := LoadCapture("short.jsonl", strings.Join(lines[:6], "")) // up to notifications/initialized
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range cp.Results {
		if r.ID == check.IDSchemas {
			if want := "Not checked: the capture lacks a tools/list result (the run ended before it)."; r.Message != want {
				t.Errorf("%q, want %q", r.Message, want)
			}
			if zh := verdictMsg(LangZh, r); zh != "未检查：这次捕获中没有tools/list 结果（运行在此之前就结束了）。" {
				t.Errorf("zh: %q", zh)
			}
			return
		}
	}
	t.Fatal("no schemas verdict")
}
