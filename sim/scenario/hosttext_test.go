package scenario

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"mcpwirelab/sim/httplab"
	"mcpwirelab/sim/text"
	"mcpwirelab/sim/text/texttest"
	"mcpwirelab/sim/text/zhtest"
	"mcpwirelab/sim/trace"
)

// dataNotes are host-internal steps whose whole text is data (the model's
// tool call as JSON, a tool's result, a parsed SSE event, a command line):
// their Chinese is the same text.
var dataNotes = map[string]bool{
	"model.decides": true, "model.retries": true, "model.reads-result": true, "model.reads-tool-error": true,
	"model.reads-tool-error.capability": true, "model.reads-tool-error.refused": true, "model.reads-tool-error.bad-answer": true,
	"poisoning.model-obeys": true, "sse.parsed": true, "launch.stdio": true,
}

// hostTraces is every matrix run plus the HTTP lessons under client
// settings that change the client's sentences (jitter, no retries, a short
// timeout, a long base delay).
func hostTraces(t *testing.T) []*trace.Trace {
	var out []*trace.Trace
	for _, m := range matrixTraces(t) {
		out = append(out, m.tr)
	}
	for _, in := range List() {
		if !strings.HasPrefix(in.Name, "http-") {
			continue
		}
		for _, f := range in.Faults {
			for _, c := range []httplab.ClientConfig{{JitterPct: 30}, {Retries: -1}, {TimeoutMs: 100}, {BaseDelayMs: 1000, Retries: 2}} {
				tr, err := Run(Options{Scenario: in.Name, Version: in.Versions[0], Transport: "http", Fault: f, Client: c})
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, tr)
			}
		}
	}
	return out
}

// TestHostTextInChinese: every line of every host-internal event the
// engine writes has a Chinese rendering, and the prose ones differ from
// the English.
func TestHostTextInChinese(t *testing.T) {
	seen := map[string]bool{}
	for _, tr := range hostTraces(t) {
		for _, e := range tr.Events {
			if e.Channel != trace.HostChannel || seen[e.Note+"\x00"+e.Raw] {
				continue
			}
			seen[e.Note+"\x00"+e.Raw] = true
			txt, ok := HostText(e.Note, e.Raw)
			if txt.En != e.Raw {
				t.Errorf("%s: English %q is not raw %q", e.Note, txt.En, e.Raw)
			}
			if !ok {
				for _, l := range strings.Split(e.Raw, "\n") {
					if one, lok := HostText(e.Note, l); !lok {
						t.Errorf("%s %s: no Chinese for the line %q (add a rule to notes/host.rules)", tr.Scenario, e.Note, one.En)
					}
				}
				continue
			}
			if !dataNotes[e.Note] && txt.Zh == txt.En {
				t.Errorf("%s: the Chinese is the English: %q", e.Note, txt.Zh)
			}
			// Each line a rule translates (a line kept as it is, ${0}, is
			// data: a tool's description, the model's e-mail).
			for _, l := range strings.Split(strings.TrimSuffix(e.Raw, "\n"), "\n") {
				if one, lok := HostText(e.Note, l); lok && one.Zh != one.En {
					for _, p := range hostZhProblems(t, tr, one.Zh) {
						t.Errorf("%s %s: the Chinese %q: %s", tr.Scenario, e.Note, one.Zh, p)
					}
				}
			}
			if dataNotes[e.Note] && txt.Zh != txt.En {
				t.Errorf("%s is data, yet its Chinese differs: %q", e.Note, txt.Zh)
			}
		}
	}
}

// hostZhProblems checks a Host line's Chinese as the glossary checks every
// zh text: its rule's Chinese with the values the line carries filled in.
// English may stand there only as the engine's names or as what the run's
// wires carried (a tool's description or result the line quotes), so a
// rule that passes English prose through fails here.
func hostZhProblems(t *testing.T, tr *trace.Trace, zh string) []string {
	t.Helper()
	ck, err := zhtest.Engine(zhtest.Trace(tr))
	if err != nil {
		t.Fatal(err)
	}
	return ck.Problems(zh)
}

// TestHostTextZhBroken: a Host line whose Chinese passed the English prose
// through fails the check; its real Chinese passes.
func TestHostTextZhBroken(t *testing.T) {
	tr, err := Run(Options{Scenario: "http-status-retries", Version: "2026-07-28", Transport: "http", Fault: "none"})
	if err != nil {
		t.Fatal(err)
	}
	line := "timer: no response bytes for 1234 ms → give up and close the connection\n"
	got, ok := HostText("http-timeout.fired", line)
	if !ok {
		t.Fatal("no rule")
	}
	if ps := hostZhProblems(t, tr, got.Zh); len(ps) > 0 {
		t.Errorf("%q: %v", got.Zh, ps)
	}
	if ps := hostZhProblems(t, tr, "计时器："+line); len(ps) == 0 {
		t.Errorf("English passed through passes")
	}
}

// TestHostTextFailsOnUnknownLines: a line no rule knows is reported, and
// the values in a known one pass through.
func TestHostTextFailsOnUnknownLines(t *testing.T) {
	if _, ok := HostText("era.modern", "the server is modern, trust me\n"); ok {
		t.Error("an unknown era.modern line was translated")
	}
	if _, ok := HostText("user.prompt", "Order pizza.\n"); ok {
		t.Error("an unknown prompt was translated")
	}
	got, ok := HostText("http-timeout.fired", "timer: no response bytes for 1234 ms → give up and close the connection\n")
	if !ok || got.Zh != "计时器：1234 毫秒内没有收到任何响应字节 → 放弃并关闭连接\n" {
		t.Errorf("http-timeout.fired: %q, %v", got.Zh, ok)
	}
}

// TestHostRulesParse: notes/host.rules has no mistakes.
func TestHostRulesParse(t *testing.T) {
	rules, errs := parseHostRules(hostRulesFile, hostRulesData)
	if n := len(rules); n < 150 {
		t.Fatalf("%d host rules: the embedded file is missing", n)
	}
	for _, err := range errs {
		t.Error(err)
	}
	// What the page reads (readHostRules, compiled on use) is the same
	// rules in the same order.
	if lazy := hostRules(); len(lazy) != len(rules) {
		t.Errorf("the page reads %d rules, the file has %d", len(lazy), len(rules))
	}
}

// TestHostRulesBroken: each fixture names the error it must give.
func TestHostRulesBroken(t *testing.T) {
	texttest.Broken(t, "testdata/hostrules-broken/*.rules", 6, func(name, data string) []error {
		_, errs := parseHostRules(name, data)
		return errs
	})
}

// TestHostRuleIndent: an indented rule matches only lines with that
// indentation and keeps it; ${0} keeps the line as it is.
func TestHostRuleIndent(t *testing.T) {
	rules, errs := parseHostRules("t.rules", "[a]\nindent: 2\nmatch: t=(\\d+) ms\nzh: t=${1} 毫秒\n[*]\nindent: 2\nmatch: .*\nzh: ${0}\n")
	if len(errs) > 0 || len(rules) != 2 {
		t.Fatal(errs)
	}
	if got := rules[0].re().ReplaceAllString("  t=5 ms", rules[0].zh); got != "  t=5 毫秒" {
		t.Errorf("indented: %q", got)
	}
	if rules[0].re().MatchString("t=5 ms") || rules[0].re().MatchString("   t=5 ms") {
		t.Error("an indented rule matched another indentation")
	}
	if got := rules[1].re().ReplaceAllString("  anything", rules[1].zh); got != "  anything" || rules[1].note != "" {
		t.Errorf("keep: %q, note %q", got, rules[1].note)
	}
}

// parseHostRules reads a rules file and compiles every pattern: every
// rule it could read, in order, and every mistake (file:line). The page
// reads the embedded file with readHostRules (hosttext.go), which leaves
// the compiling to each rule's first use; the tests compile them all.
func parseHostRules(file, data string) ([]hostRule, []error) {
	rules, errs := readHostRules(file, data)
	out := rules[:0]
	for _, r := range rules {
		if _, err := regexp.Compile(r.rx.src); err != nil {
			errs = append(errs, &text.FileError{File: file, Line: r.line, Msg: fmt.Sprintf("match of [%s] is not a regular expression: %v", r.header(), err)})
			continue
		}
		out = append(out, r)
	}
	return out, errs
}

// header is the rule's header as the file wrote it.
func (r hostRule) header() string {
	if r.note == "" {
		return anyNote
	}
	return r.note
}
