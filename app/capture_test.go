package ui

import (
	"html"
	"os"
	"strconv"
	"strings"
	"testing"

	"mcpwirelab/sim/check"
)

// goSDKCapture is a real capture of a server written with the official Go
// SDK, over stdio at 2026-07-28 (devserver check -out; e2e/testdata).
const goSDKCapture = "../e2e/testdata/capture-go-sdk-stdio-2026-07-28.jsonl"

// TestLoadCapture: a transcript file is read, graded by sim/check, and its
// verdicts become badges on the steps they are about; the verdict panel
// quotes the spec and shows what the lab's own server sends.
func TestLoadCapture(t *testing.T) {
	b, err := os.ReadFile(goSDKCapture)
	if err != nil {
		t.Fatal(err)
	}
	c, err := LoadCapture("go-sdk.jsonl", string(b))
	if err != nil {
		t.Fatal(err)
	}
	if c.Trace.Version != "2026-07-28" || c.Trace.Transport != "stdio" || len(c.Steps) != len(c.Trace.Events) {
		t.Fatalf("loaded %s/%s with %d steps", c.Trace.Version, c.Trace.Transport, len(c.Steps))
	}
	if got := c.Counts(); got[check.Fail] == 0 || got[check.Pass] == 0 {
		t.Fatalf("counts %v", got)
	}
	badges := c.Badges(LangEn)
	var fail *check.Graded
	for i := range c.Results {
		r := c.Results[i]
		if r.Seq == 0 {
			continue
		}
		found := false
		for _, b := range badges[r.Seq-1] {
			found = found || (strings.HasSuffix(b.Text, r.ID) && b.Class == "verdict-"+string(r.Verdict))
		}
		if !found {
			t.Errorf("no badge for %s on step %d", r.ID, r.Seq)
		}
		if r.ID == check.IDMeta && r.Verdict == check.Fail {
			fail = &r
		}
	}
	if fail == nil {
		t.Fatal("the capture's meta-required verdict is not a failure")
	}
	lab, labErr := check.LabAnswer(c.Trace, fail.Seq-1)
	if labErr != nil || !strings.Contains(lab.Raw, `"code":-32602`) {
		t.Fatalf("the lab's answer to the request without _meta: %q %v", lab.Raw, labErr)
	}
	h := VerdictHTML(LangZh, *fail, &lab, nil)
	// Under lang=zh the message is the check's Chinese wording (with the
	// same step numbers and codes), not the English marked lang="en".
	zhMsg := `<p class="vmsg">` + html.EscapeString(fail.Msg.Zh()) + `</p>`
	for _, s := range []string{`class="verdict verdict-fail"`, "meta-required", "-32602", check.QuoteZh(fail.Quote), fail.Spec, tr(LangZh, "cap.lab"),
		zhMsg, "不带 _meta 的 tools/list", "第 " + strconv.Itoa(fail.Seq) + " 步"} {
		if !strings.Contains(h, s) {
			t.Errorf("verdict HTML lacks %q:\n%s", s, h)
		}
	}
	if strings.Contains(h, html.EscapeString(fail.Message)) || strings.Contains(h, `class="vmsg" lang="en"`) {
		t.Errorf("the zh verdict shows the English message:\n%s", h)
	}
	if en := VerdictHTML(LangEn, *fail, &lab, nil); !strings.Contains(en, `<p class="vmsg">`+html.EscapeString(fail.Message)+`</p>`) {
		t.Errorf("the en verdict lacks the English message:\n%s", en)
	}
	for _, bad := range []string{"", "not json\n", `{"seq":2}` + "\n"} {
		if _, err := LoadCapture("bad", bad); err == nil {
			t.Errorf("LoadCapture(%q) accepted it", bad)
		}
	}
	// A transcript broken half-way names the line; one over the limit is
	// refused before it is parsed.
	lines := strings.SplitAfter(string(b), "\n")
	broken := strings.Join(lines[:10], "") + lines[10][:len(lines[10])/2] + "\n" + strings.Join(lines[11:], "")
	if _, err := LoadCapture("broken", broken); err == nil || !strings.Contains(err.Error(), "line 11") {
		t.Errorf("a transcript cut at line 11: %v", err)
	}
	if _, err := LoadCapture("huge", strings.Repeat(" ", maxCaptureBytes+1)); err == nil || !strings.Contains(err.Error(), "32 MiB") {
		t.Errorf("a huge transcript: %v", err)
	}
	// Badges carry the verdict word and the check's title in the page's language.
	for _, b := range c.Badges(LangZh)[fail.Seq-1] {
		if strings.HasSuffix(b.Text, check.IDMeta) && !strings.HasPrefix(b.Title, "不通过 · 缺少 _meta") {
			t.Errorf("zh badge title %q", b.Title)
		}
	}
}
