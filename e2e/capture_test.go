package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"mcpwirelab/sim/check"
)

// TestCaptureStepsWithVerdicts opens a real capture (the official Go SDK's
// stdio server at 2026-07-28, written by devserver check -out) through the
// file chooser of view=capture, and steps through it: the verdicts are
// badges on their steps in the lanes, the current step's verdict shows its
// message, the spec's sentence and what the lab's own server sends, and the
// inspector explains each step.
func TestCaptureStepsWithVerdicts(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	openGoSDKCapture(t, ctx, srv.URL, "en")
	file := "capture-go-sdk-stdio-2026-07-28.jsonl"

	// The view opens at the first failure: its badge is on the current row,
	// and the verdict panel beside the inspector explains it.
	eventually(t, "a failing verdict beside the current step", evalBool(t, ctx,
		`!!document.querySelector("#sequence .row.current .chip.badge.verdict-fail") && !!document.querySelector("#cap-verdicts .verdict.verdict-fail .vquote")`))
	var verdict, labAnswer, insp, count string
	run(t, ctx, "read the verdict", text("#cap-verdicts .verdict.verdict-fail", &verdict), text("#cap-counter", &count),
		// #insp-step is filled by innerHTML, which chromedp's node cache does not see.
		chromedp.Evaluate(`document.querySelector("#insp-step .insp-step").textContent`, &insp))
	if !strings.Contains(verdict, "2026-07-28/") || !strings.Contains(verdict, "MUST") {
		t.Errorf("verdict panel: %q", verdict)
	}
	if n := strings.Fields(count); len(n) < 2 || insp != "Step "+n[1] {
		t.Errorf("the inspector explains %q at %q", insp, count)
	}

	// meta-required: the SDK served tools/list without _meta; the lab's
	// own server refuses it with -32602, shown beside the verdict.
	run(t, ctx, "jump to meta-required", click(`#cap-checks button[data-check="meta-required"]`))
	eventually(t, "meta-required with the lab's answer", evalBool(t, ctx,
		`(() => { const v = document.querySelector('#cap-verdicts .verdict[data-check="meta-required"] .lab-answer pre'); return !!v && v.textContent.includes('"code":-32602') })()`))
	run(t, ctx, "read the lab's answer", text(`#cap-verdicts .verdict[data-check="meta-required"] .lab-answer pre`, &labAnswer))

	// Step on: the counter follows, rows appear, badges stay on their steps.
	var before string
	run(t, ctx, "counter", text("#cap-counter", &before))
	run(t, ctx, "next", click("#cap-next"))
	eventually(t, "the next step", textIs(t, ctx, "#cap-counter", func(s string) bool { return s != before }))
	var badges int
	run(t, ctx, "count badges", chromedp.Evaluate(`document.querySelectorAll("#sequence .chip.badge").length`, &badges))
	if badges < 5 {
		t.Errorf("%d verdict badges in the lanes", badges)
	}
	// A row click jumps there (and leaves the view on the capture).
	run(t, ctx, "click row 3", click(`#sequence li[data-step="3"] .row-btn`))
	eventually(t, "step 3", textIs(t, ctx, "#cap-counter", counter(3, -1)))
	if u, err := currentURL(ctx); err != nil || u.Query().Get("view") != "capture" {
		t.Errorf("the URL left the capture view: %v %v", u, err)
	}
	// The keys step as in the visualizer: → to step 4, which has no
	// verdict; there the lab's answer comes on request.
	run(t, ctx, "→", key(kb.ArrowRight))
	eventually(t, "step 4", textIs(t, ctx, "#cap-counter", counter(4, -1)))
	run(t, ctx, "ask the lab", click("#cap-ask-lab"))
	eventually(t, "the lab's tools/list", evalBool(t, ctx,
		`(() => { const p = document.querySelector("#cap-lab .lab-answer pre"); return !!p && p.textContent.includes('"tools":[') })()`))
	run(t, ctx, "End", key(kb.End))
	eventually(t, "the last step", textIs(t, ctx, "#cap-counter", func(s string) bool { return strings.HasSuffix(strings.TrimSpace(s), "66 of 66") }))
	run(t, ctx, "back to step 3", click(`#sequence li[data-step="3"] .row-btn`))
	shot(t, ctx, "capture.png")
	t.Logf("lab's answer: %.120s", labAnswer)

	// A file that is not a transcript gets a clear error and changes nothing.
	bad := filepath.Join(t.TempDir(), "notes.jsonl")
	if err := os.WriteFile(bad, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "open a bad file", chromedp.SetUploadFiles("#cap-file", []string{bad}, chromedp.ByQuery))
	eventually(t, "an error naming the file", textIs(t, ctx, "#cap-error", func(s string) bool {
		return strings.Contains(s, "notes.jsonl") && strings.Contains(s, "line 1")
	}))
	var still string
	run(t, ctx, "the capture is still there", text("#cap-counter", &still))
	if !counter(3, -1)(still) {
		t.Errorf("counter after a bad file: %q", still)
	}

	// A file over the page's limit is refused before it is read.
	huge := filepath.Join(t.TempDir(), "huge.jsonl")
	if err := os.WriteFile(huge, nil, 0o644); err != nil || os.Truncate(huge, 33<<20) != nil {
		t.Fatal("cannot make the huge file")
	}
	run(t, ctx, "open a huge file", chromedp.SetUploadFiles("#cap-file", []string{huge}, chromedp.ByQuery))
	eventually(t, "an error naming the limit", textIs(t, ctx, "#cap-error", func(s string) bool {
		return strings.Contains(s, "huge.jsonl") && strings.Contains(s, "32 MiB")
	}))
	run(t, ctx, "the capture is still there", text("#cap-counter", &still))
	if !counter(3, -1)(still) {
		t.Errorf("counter after a huge file: %q", still)
	}

	// A reload of the tab reopens the transcript at the step reached (this
	// tab's sessionStorage), without the note that it is not kept.
	run(t, ctx, "reload", chromedp.Reload(), waitView("#capture"), chromedp.WaitVisible("#cap-view", chromedp.ByQuery))
	eventually(t, "step 3 again after the reload", textIs(t, ctx, "#cap-counter", counter(3, -1)))
	var summary string
	var notKept bool
	run(t, ctx, "the source", text(".cap-summary", &summary), chromedp.Evaluate(`!!document.getElementById("cap-notkept")`, &notKept))
	if !strings.Contains(summary, filepath.Base(file)) || notKept {
		t.Errorf("after the reload: %q (not-kept note %v)", summary, notKept)
	}
}

// TestCaptureDropZh drops the same capture on the view in Chinese: the
// verdicts, their words and the Chinese of the quoted sentence are the
// page's, the spec's English sentence stays verbatim beside it.
func TestCaptureDropZh(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	b, err := os.ReadFile("testdata/capture-go-sdk-stdio-2026-07-28.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := check.ReadTranscript(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	var meta check.Graded
	for _, r := range check.JudgeBoth(tr, check.JudgeOptions{}) {
		if r.ID == check.IDMeta {
			meta = r
		}
	}
	zh, zhMsg := check.QuoteZh(meta.Quote), meta.Msg.Zh()
	if meta.Verdict != check.Fail || zh == "" || !strings.Contains(zhMsg, "不带 _meta 的 tools/list") {
		t.Fatalf("the capture's meta-required: %+v (Chinese %q, %q)", meta.Result, zh, zhMsg)
	}
	content, _ := json.Marshal(string(b))
	run(t, ctx, "open the view in Chinese", chromedp.Navigate(srv.URL+"/?view=capture&lang=zh"), waitView("#capture"))
	run(t, ctx, "drop the file", chromedp.Evaluate(fmt.Sprintf(`(() => {
  const dt = new DataTransfer();
  dt.items.add(new File([%s], "go-sdk.jsonl", {type: "application/x-ndjson"}));
  const el = document.querySelector("#cap-drop");
  el.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
  el.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
  return true })()`, content), nil), chromedp.WaitVisible("#cap-view", chromedp.ByQuery))
	run(t, ctx, "jump to meta-required", click(`#cap-checks button[data-check="meta-required"]`))
	eventually(t, "the verdict in Chinese", evalBool(t, ctx, fmt.Sprintf(`(() => {
  const v = document.querySelector('#cap-verdicts .verdict[data-check="meta-required"]');
  const m = v && v.querySelector(".vmsg");
  return !!v && v.querySelector("h3").textContent.includes("不通过") && v.querySelector(".gloss").textContent === %q &&
    v.querySelector('.vquote p[lang="en"]').textContent === %q && v.querySelector(".lab-answer h4").textContent.includes("课程服务器") &&
    m.textContent === %q && !m.hasAttribute("lang") && m.closest("[lang]").lang.startsWith("zh") &&
    document.querySelector('#cap-checks button[data-check="meta-required"]').title.endsWith(%q)
})()`, zh, meta.Quote, zhMsg, zhMsg)))
	var title, summary string
	run(t, ctx, "read the view", text("#capture h1", &title), text(".cap-summary", &summary))
	if title != "检查你自己的服务器" || !strings.Contains(summary, "go-sdk.jsonl") || !strings.Contains(summary, "不通过") {
		t.Errorf("title %q, summary %q", title, summary)
	}
	shot(t, ctx, "capture-zh.png")
}

// TestCaptureFromDevServer: under the dev server with -target-cmd (here
// our own server over stdio), the page asks for a capture, opens its
// newest transcript (every check passes or is skipped), lists it under the
// dev server's captures, and opens its other version from the list.
func TestCaptureFromDevServer(t *testing.T) {
	caps := t.TempDir()
	srv := startDevServerWith(t, func(bin string) []string {
		// No -target-call or -target-slow: the calls are devserver check's
		// own tests (cmd/devserver); here the page's way to a capture.
		return []string{"-target-cmd", bin + " -stdio", "-captures", caps}
	})
	ctx, cancel := newBrowser(t)
	defer cancel()
	run(t, ctx, "take the token", chromedp.Navigate(srv.open), waitReady())
	run(t, ctx, "open the capture view", chromedp.Navigate(srv.base+"/?view=capture&lang=en"), waitView("#capture"),
		chromedp.WaitVisible("#cap-now", chromedp.ByQuery))
	run(t, ctx, "capture now", click("#cap-now"))
	run(t, ctx, "the capture opens", chromedp.WaitVisible("#cap-view", chromedp.ByQuery))
	var summary string
	run(t, ctx, "summary", text(".cap-summary", &summary))
	if !strings.Contains(summary, "2026-07-28 · stdio") || !strings.Contains(summary, "-stdio") || strings.Contains(summary, "fail") {
		t.Errorf("summary %q", summary)
	}
	var fails, passes int
	run(t, ctx, "badges", chromedp.Evaluate(`document.querySelectorAll("#cap-checks .verdict-fail, #cap-checks .verdict-warn").length`, &fails),
		chromedp.Evaluate(`document.querySelectorAll("#cap-checks .verdict-pass").length`, &passes))
	if fails != 0 || passes < 12 {
		t.Errorf("our own server: %d failures or warnings, %d passes", fails, passes)
	}
	eventually(t, "the capture in the dev server's list", evalBool(t, ctx,
		`document.querySelectorAll("#cap-live .cap-list li").length === 1 && !!document.querySelector('#cap-live .cap-list button[data-version="2025-11-25"]')`))
	run(t, ctx, "open 2025-11-25", click(`#cap-live .cap-list button[data-version="2025-11-25"]`))
	eventually(t, "the 2025-11-25 transcript", textIs(t, ctx, ".cap-summary", func(s string) bool { return strings.Contains(s, "2025-11-25 · stdio") }))
	shot(t, ctx, "capture-live.png")
}
