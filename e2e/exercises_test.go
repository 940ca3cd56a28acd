package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "mcpwirelab/app"
	"mcpwirelab/sim/exercise"
)

// waitView waits until the wasm has mounted the page and sel is shown.
func waitView(sel string) chromedp.Action {
	return chromedp.WaitVisible(`html[data-wl-ready="1"] `+sel, chromedp.ByQuery)
}

// setInput types a value the way a learner does: the input event go-app
// listens to fires once with the whole value.
func setInput(sel, value string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q; e.dispatchEvent(new Event("input", {bubbles: true})); return true })()`, sel, value), nil)
}

// click clicks an element through the DOM. A pointer click at computed
// coordinates can miss when the page re-lays out in between (an editor that
// just grew by a few rows pushes the submit button down).
func click(sel string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) throw new Error("no element " + %q); e.click(); return true })()`, sel, sel), nil)
}

func run(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action) {
	t.Helper()
	if err := chromedp.Run(ctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func storedProgress(t *testing.T, ctx context.Context) exercise.Store {
	t.Helper()
	var raw string
	run(t, ctx, "read localStorage", chromedp.Evaluate(fmt.Sprintf(`localStorage.getItem(%q) || ""`, exercise.StoreKey), &raw))
	s, notice := exercise.LoadStore([]byte(raw))
	if notice != "" {
		t.Fatalf("stored progress %q does not load: %s", raw, notice)
	}
	return s
}

func evalBool(t *testing.T, ctx context.Context, js string) func() (bool, string) {
	return func() (bool, string) {
		var ok bool
		if err := chromedp.Run(ctx, chromedp.Evaluate(js, &ok)); err != nil {
			return false, err.Error()
		}
		return ok, js
	}
}

// TestExercisesSolveWrongReload solves two exercises through the UI, sees
// an exact problem for a wrong answer, reloads, and finds the progress kept.
func TestExercisesSolveWrongReload(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()

	run(t, ctx, "open the list", chromedp.Navigate(srv.URL+"/?view=exercises&lang=en"), waitView("#ex-list"))
	var n int
	run(t, ctx, "count", chromedp.Evaluate(`document.querySelectorAll("#ex-list > li").length`, &n))
	total := len(exercise.All())
	if n != total {
		t.Fatalf("%d exercises listed, want %d", n, total)
	}
	var cur string
	run(t, ctx, "nav", chromedp.AttributeValue("#nav-exercises", "aria-current", &cur, nil, chromedp.ByQuery))
	if cur != "page" {
		t.Fatalf("Exercises is not the current nav entry: %q", cur)
	}
	shot(t, ctx, "exercises-list-en.png")

	// 1. nxm-adapters (numeric): a wrong answer first.
	run(t, ctx, "open nxm-adapters", click(`#ex-list a[href*="ex=nxm-adapters"]`), waitView(`#exercise[data-ex="nxm-adapters"]`))
	eventually(t, "URL names the exercise", queryIs(ctx, "ex", "nxm-adapters"))
	run(t, ctx, "type a wrong answer",
		setInput("#num-without", "60"), setInput("#num-with", "17"), setInput("#num-saved", "40"), click("#submit"))
	eventually(t, "wrong answer: exact problem", textIs(t, ctx, "#fb-problems", func(s string) bool {
		return strings.TrimSpace(s) == "saved: 40 is too low"
	}))
	eventually(t, "1 problem summary", textIs(t, ctx, "#fb-summary", func(s string) bool { return strings.Contains(s, "1 problem.") }))
	eventually(t, "model answer still locked", textIs(t, ctx, "#model-locked", func(s string) bool { return strings.Contains(s, "1 of 3") }))
	run(t, ctx, "hint", click("#hint"))
	eventually(t, "one hint shown", textIs(t, ctx, "#hints", func(s string) bool { return strings.Contains(s, "every (app, tool) pair") }))
	shot(t, ctx, "exercise-wrong-en.png")

	run(t, ctx, "fix it", setInput("#num-saved", "43"), click("#submit"))
	eventually(t, "correct", textIs(t, ctx, "#fb-summary", func(s string) bool { return strings.Contains(s, "Correct.") }))
	eventually(t, "model answer revealed", textIs(t, ctx, "#model", func(s string) bool { return strings.Contains(s, "Connecting 5 AI apps to 12 tools") }))
	eventually(t, "solved mark", textIs(t, ctx, "#ex-status", func(s string) bool { return strings.Contains(s, "solved") }))
	eventually(t, "attempts 2", textIs(t, ctx, "#ex-attempts", func(s string) bool { return strings.Contains(s, "2") }))
	shot(t, ctx, "exercise-correct-en.png")

	// 2. idempotency (choice), reached from the list.
	run(t, ctx, "back to the list", click("#ex-back"), waitView("#ex-list"))
	run(t, ctx, "open idempotency", click(`#ex-list a[href*="ex=idempotency"]`), waitView(`#exercise[data-ex="idempotency"]`))
	run(t, ctx, "tick the answer",
		click("#c-safe-get-emails"), click("#c-safe-list-emails"), click("#c-safe-put-settings"), click("#c-fix-idempotency-key"))
	eventually(t, "boxes ticked", evalBool(t, ctx, `document.getElementById("c-safe-put-settings").checked && document.getElementById("c-fix-idempotency-key").checked`))
	run(t, ctx, "submit", click("#submit"))
	eventually(t, "idempotency correct", textIs(t, ctx, "#fb-summary", func(s string) bool { return strings.Contains(s, "Correct.") }))

	s := storedProgress(t, ctx)
	if p := s.Get("nxm-adapters"); !p.Solved || p.Attempts != 2 || !strings.Contains(p.LastAnswer, `"saved":43`) {
		t.Fatalf("nxm-adapters stored as %+v", p)
	}
	if p := s.Get("idempotency"); !p.Solved || p.Attempts != 1 {
		t.Fatalf("idempotency stored as %+v", p)
	}

	// 3. Reload: the last answer is back in the inputs, the marks are kept.
	run(t, ctx, "reload", chromedp.Reload(), waitView(`#exercise[data-ex="idempotency"]`))
	eventually(t, "choices restored after reload", evalBool(t, ctx,
		`["c-safe-get-emails","c-safe-list-emails","c-safe-put-settings","c-fix-idempotency-key"].every(id => document.getElementById(id).checked) && !document.getElementById("c-safe-send-email").checked`))
	eventually(t, "solved after reload", textIs(t, ctx, "#ex-status", func(s string) bool { return strings.Contains(s, "solved") }))
	eventually(t, "model answer shown after reload", textIs(t, ctx, "#model", func(s string) bool { return strings.Contains(s, "Idempotency-Key") }))

	run(t, ctx, "list after reload", click("#ex-back"), waitView("#ex-list"))
	eventually(t, "list marks", evalBool(t, ctx, `(() => {
		const card = id => document.querySelector('#ex-list li[data-ex="' + id + '"]');
		return card("nxm-adapters").classList.contains("solved") && card("idempotency").classList.contains("solved") &&
			card("nxm-adapters").textContent.includes("attempts: 2") && !card("retry-math").classList.contains("solved");
	})()`))
	eventually(t, "summary", textIs(t, ctx, "#ex-summary", func(s string) bool { return strings.Contains(s, fmt.Sprintf("2 of %d solved · 3 attempts", total)) }))
	shot(t, ctx, "exercises-list-progress-en.png")

	run(t, ctx, "nxm again", click(`#ex-list a[href*="ex=nxm-adapters"]`), waitView(`#exercise[data-ex="nxm-adapters"]`))
	var saved string
	eventually(t, "numbers restored", func() (bool, string) {
		err := chromedp.Run(ctx, chromedp.Value("#num-saved", &saved, chromedp.ByQuery))
		return err == nil && saved == "43", saved
	})

	// 4. The progress view, reached with the keyboard from the top nav.
	run(t, ctx, "focus nav", chromedp.Focus("#nav-progress", chromedp.ByQuery), chromedp.KeyEvent(kb.Enter), waitView("#progress"))
	eventually(t, "progress totals", textIs(t, ctx, "#prog-totals", func(s string) bool {
		return strings.Contains(s, fmt.Sprintf("2 / %d", total)) && strings.Contains(s, "3")
	}))
	eventually(t, "URL view=progress", queryIs(ctx, "view", "progress"))
	shot(t, ctx, "progress-en.png")

	// A bad import file is refused, the store is unchanged.
	before := storedProgress(t, ctx).Marshal()
	dir := t.TempDir()
	badFile := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(badFile, []byte("{\"version\": 1,\n \"exercises\": oops}"), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "import bad file", chromedp.SetUploadFiles("#prog-import", []string{badFile}, chromedp.ByQuery))
	eventually(t, "import error", textIs(t, ctx, "#prog-status", func(s string) bool {
		return strings.Contains(s, "Could not import bad.json") && strings.Contains(s, "line 2, column 15") && strings.Contains(s, "unchanged")
	}))
	if after := storedProgress(t, ctx).Marshal(); string(after) != string(before) {
		t.Fatalf("a refused import changed the store:\n%s\n%s", before, after)
	}
	// A good file merges.
	imp := exercise.NewStore()
	imp.Exercises["retry-math"] = &exercise.Progress{Attempts: 4, Solved: true, LastAnswer: `{"attempts":6}`}
	goodFile := filepath.Join(dir, "good.json")
	if err := os.WriteFile(goodFile, imp.Marshal(), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "import good file", chromedp.SetUploadFiles("#prog-import", []string{goodFile}, chromedp.ByQuery))
	eventually(t, "imported", textIs(t, ctx, "#prog-status", func(s string) bool { return strings.Contains(s, "Imported good.json: 1 exercise updated") }))
	eventually(t, "totals after import", textIs(t, ctx, "#prog-totals", func(s string) bool { return strings.Contains(s, fmt.Sprintf("3 / %d", total)) }))
	if p := storedProgress(t, ctx).Get("retry-math"); p.Attempts != 4 || !p.Solved {
		t.Fatalf("imported progress not stored: %+v", p)
	}

	// Reset asks first.
	run(t, ctx, "reset", click("#prog-reset"), chromedp.WaitVisible("#reset-dialog", chromedp.ByQuery))
	shot(t, ctx, "progress-reset-dialog-en.png")
	run(t, ctx, "cancel", click("#reset-cancel"), chromedp.WaitNotPresent("#reset-dialog", chromedp.ByQuery))
	eventually(t, "still 3 solved", textIs(t, ctx, "#prog-totals", func(s string) bool { return strings.Contains(s, fmt.Sprintf("3 / %d", total)) }))
	run(t, ctx, "reset for real", click("#prog-reset"), chromedp.WaitVisible("#reset-dialog", chromedp.ByQuery), click("#reset-confirm"))
	eventually(t, "reset", textIs(t, ctx, "#prog-totals", func(s string) bool { return strings.Contains(s, fmt.Sprintf("0 / %d", total)) }))
	if s := storedProgress(t, ctx); len(s.Exercises) != 0 {
		t.Fatalf("store after reset: %+v", s.Exercises)
	}
}

// TestCorruptProgressNotice: unreadable saved progress is reset with a
// visible notice, never a crash; the unreadable text is kept aside.
func TestCorruptProgressNotice(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	run(t, ctx, "open", chromedp.Navigate(srv.URL+"/?view=exercises&ex=capability-errors&lang=en"), waitView("#exercise"))
	// A wrong choice: each problem names the question and the truth.
	run(t, ctx, "answer", click("#c-code--32602"), click("#c-status-404"), click("#c-avoid-check-caps"), click("#submit"))
	eventually(t, "exact problem", textIs(t, ctx, "#fb-problems", func(s string) bool {
		return strings.Contains(s, `code: "-32602" (-32602 Invalid params) is not right: the params are not the problem`)
	}))
	corrupt := `{"version":1,"exercises":{"idempotency":{"attempts":"many"}}}`
	run(t, ctx, "corrupt", chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem(%q, %q)`, exercise.StoreKey, corrupt), nil))
	run(t, ctx, "reload", chromedp.Reload(), waitView("#exercise"))
	eventually(t, "notice", textIs(t, ctx, "#store-notice", func(s string) bool {
		return strings.Contains(s, "unexpected shape") && strings.Contains(s, "$.exercises.idempotency.attempts") && strings.Contains(s, "was reset")
	}))
	shot(t, ctx, "progress-corrupt-notice-en.png")
	var backup string
	run(t, ctx, "backup", chromedp.Evaluate(fmt.Sprintf(`localStorage.getItem(%q)`, exercise.StoreKey+".unreadable"), &backup))
	if backup != corrupt {
		t.Fatalf("unreadable progress not kept aside: %q", backup)
	}
	// Still usable: the page answers and saves.
	run(t, ctx, "answer again", click("#c-code--32601"), click("#c-status-404"), click("#c-avoid-check-caps"), click("#submit"))
	eventually(t, "correct after reset", textIs(t, ctx, "#fb-summary", func(s string) bool { return strings.Contains(s, "Correct.") }))
	if p := storedProgress(t, ctx).Get("capability-errors"); !p.Solved || p.Attempts != 1 {
		t.Fatalf("after the reset: %+v", p)
	}

	// Not JSON at all, in Chinese.
	run(t, ctx, "garbage", chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem(%q, "{not json")`, exercise.StoreKey), nil),
		chromedp.Navigate(srv.URL+"/?view=progress&lang=zh"), waitView("#progress"))
	eventually(t, "zh notice", textIs(t, ctx, "#store-notice", func(s string) bool {
		return strings.Contains(s, "无法读取已保存的进度") && strings.Contains(s, "第 1 行")
	}))
}

// TestCalculatorDeepLinkZh: the calculator's deep link under a sub-path, in
// Chinese; bad input keeps the last valid value; 50×50 stays one drawing.
func TestCalculatorDeepLinkZh(t *testing.T) {
	srv := newServer(t, "/lab")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	run(t, ctx, "open", chromedp.Navigate(srv.URL+"/lab/?view=calc&n=6&m=15&lang=zh"), waitView("#calc"))
	eventually(t, "90 without", textIs(t, ctx, "#calc-without", func(s string) bool { return strings.TrimSpace(s) == "90" }))
	eventually(t, "21 with", textIs(t, ctx, "#calc-with", func(s string) bool { return strings.TrimSpace(s) == "21" }))
	eventually(t, "Chinese sentence", textIs(t, ctx, "#calc-explain", func(s string) bool {
		return strings.Contains(s, "6 个 AI 应用连接 15 个工具") && strings.Contains(s, "少写 69 个")
	}))
	eventually(t, "Chinese nav", textIs(t, ctx, "#nav-calc", func(s string) bool { return strings.Contains(s, "计算器") }))
	var edges string
	run(t, ctx, "edges", chromedp.AttributeValue(".grid-fig.without svg", "data-edges", &edges, nil, chromedp.ByQuery))
	if edges != "90" {
		t.Fatalf("left picture draws %s adapters, want 90", edges)
	}
	var radius string
	run(t, ctx, "css", chromedp.Evaluate(`getComputedStyle(document.querySelector(".count-card")).borderTopLeftRadius`, &radius))
	if radius != "14px" {
		t.Fatalf("exercises.css not applied under the sub-path (radius %q)", radius)
	}
	shot(t, ctx, "calc-6x15-zh.png")

	// Bad input: a clear message, the last valid value stays.
	run(t, ctx, "bad n", setInput("#calc-n", "70"))
	eventually(t, "range message", textIs(t, ctx, "#calc-n-err", func(s string) bool { return strings.Contains(s, "超出范围") && strings.Contains(s, "仍显示 6") }))
	eventually(t, "still 90", textIs(t, ctx, "#calc-without", func(s string) bool { return strings.TrimSpace(s) == "90" }))
	eventually(t, "URL keeps n=6", queryIs(ctx, "n", "6"))
	run(t, ctx, "n=50 m=50", setInput("#calc-n", "50"), setInput("#calc-m-range", "50"))
	eventually(t, "2500", textIs(t, ctx, "#calc-without", func(s string) bool { return strings.TrimSpace(s) == "2500" }))
	eventually(t, "100", textIs(t, ctx, "#calc-with", func(s string) bool { return strings.TrimSpace(s) == "100" }))
	eventually(t, "URL follows", func() (bool, string) {
		u, err := currentURL(ctx)
		if err != nil {
			return false, err.Error()
		}
		q := u.Query()
		return strings.HasPrefix(u.Path, "/lab") && q.Get("n") == "50" && q.Get("m") == "50" && q.Get("view") == "calc" && q.Get("lang") == "zh", u.String()
	})
	var paths int
	run(t, ctx, "one path", chromedp.Evaluate(`document.querySelectorAll(".grid-fig.without svg path").length`, &paths))
	if paths != 1 {
		t.Fatalf("50×50 drawn with %d paths, want 1", paths)
	}
	shot(t, ctx, "calc-50x50-zh.png")

	// Presenter mode works here too.
	run(t, ctx, "presenter", click("#presenter"))
	eventually(t, "presenter class", evalBool(t, ctx, `document.getElementById("lab").classList.contains("presenter")`))
	eventually(t, "URL present=1", queryIs(ctx, "present", "1"))
	run(t, ctx, "small", setInput("#calc-n", "3"), setInput("#calc-m", "4"))
	eventually(t, "12", textIs(t, ctx, "#calc-without", func(s string) bool { return strings.TrimSpace(s) == "12" }))
	shot(t, ctx, "calc-3x4-presenter-zh.png")

	// The nav goes to the visualizer and back, keeping the prefix.
	run(t, ctx, "to the visualizer", click("#nav-lab"), waitView("#sequence"))
	eventually(t, "visualizer under /lab", func() (bool, string) {
		u, err := currentURL(ctx)
		if err != nil {
			return false, err.Error()
		}
		return strings.HasPrefix(u.Path, "/lab") && u.Query().Get("scenario") != "" && u.Query().Get("view") == "", u.String()
	})
	run(t, ctx, "step", key(kb.ArrowRight))
	eventually(t, "visualizer keys work", queryIs(ctx, "step", "2"))
	run(t, ctx, "back to calc", click("#nav-calc"), waitView("#calc"))
	eventually(t, "calculator remembers 3×4", textIs(t, ctx, "#calc-without", func(s string) bool { return strings.TrimSpace(s) == "12" }))
	run(t, ctx, "lab keys off here", key(kb.ArrowRight))
	run(t, ctx, "lang", click("#lang-switch"))
	eventually(t, "English sentence", textIs(t, ctx, "#calc-explain", func(s string) bool { return strings.Contains(s, "Connecting 3 AI apps to 4 tools") }))
	eventually(t, "URL lang=en, still calc", func() (bool, string) {
		u, err := currentURL(ctx)
		if err != nil {
			return false, err.Error()
		}
		q := u.Query()
		return q.Get("lang") == "en" && q.Get("view") == "calc" && q.Get("n") == "3" && q.Get("step") == "", u.String()
	})
}

// TestPagesServerSideRender: the new views are prerendered too.
func TestPagesServerSideRender(t *testing.T) {
	if !registered {
		ui.Register()
		registered = true
	}
	h := &app.Handler{Name: "MCP Wire Lab", Resources: webDir{Handler: http.NotFoundHandler()}, Version: "t"}
	srv := httptest.NewServer(h)
	defer srv.Close()
	get := func(q string) string {
		res, err := http.Get(srv.URL + "/?" + q)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	for q, wants := range map[string][]string{
		"view=calc&n=6&m=15&lang=zh":              {`id="calc-without"`, ">90<", ">21<", "个 AI 应用", `id="topnav"`},
		"view=exercises&lang=en":                  {`id="ex-list"`, "Anatomy of an HTTP request", "N×M versus N+M"},
		"view=exercises&ex=http-anatomy&lang=en":  {`id="editor"`, "Content-Type: application/json"},
		"view=progress&lang=en":                   {`id="prog-table"`, "Your progress"},
		"scenario=tool-call&step=2&lang=en":       {`id="step-counter"`, `id="nav-lab"`},
		"view=exercises&ex=no-such-thing&lang=en": {`id="ex-list"`, "no-such-thing"},
	} {
		html := get(q)
		for _, w := range wants {
			if !strings.Contains(html, w) {
				t.Errorf("%s: prerendered page lacks %q", q, w)
			}
		}
	}
	// The progress export format is the store's.
	var s exercise.Store
	if err := json.Unmarshal(exercise.NewStore().Marshal(), &s); err != nil || s.Version != exercise.StoreVersion {
		t.Fatalf("store format: %v", err)
	}
}

// TestWriteTheMessageExercises: text answers are graded by the engine's real
// server inside the wasm; problems carry line numbers; multi-part answers
// use one editor per part.
func TestWriteTheMessageExercises(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	anatomy, _ := exercise.ByID(exercise.IDHTTPAnatomy)
	run(t, ctx, "open", chromedp.Navigate(srv.URL+"/?view=exercises&ex=http-anatomy&lang=en"), waitView("#editor"))
	var val string
	run(t, ctx, "starter", chromedp.Value("#editor", &val, chromedp.ByQuery))
	if val != anatomy.Starter {
		t.Fatalf("editor starts with %q, want the starter", val)
	}
	run(t, ctx, "submit the starter", click("#submit"))
	eventually(t, "framing problem with its line", textIs(t, ctx, "#fb-problems", func(s string) bool {
		return strings.Contains(s, "line 7: the body starts here, but there is no blank line between the headers and the body")
	}))
	shot(t, ctx, "exercise-http-wrong-en.png")
	run(t, ctx, "model answer", setInput("#editor", anatomy.ModelAnswer), click("#submit"))
	eventually(t, "accepted by the server", textIs(t, ctx, "#feedback", func(s string) bool {
		return strings.Contains(s, "Correct.") && strings.Contains(s, "200")
	}))

	modern, _ := exercise.ByID(exercise.IDModernHeaders)
	parts := ui.SplitParts(modern, modern.ModelAnswer)
	run(t, ctx, "open modern-headers", chromedp.Navigate(srv.URL+"/?view=exercises&ex=modern-headers&lang=zh"), waitView("#editor-unsupported"))
	for _, p := range modern.Parts {
		run(t, ctx, "type "+p.ID, setInput("#editor-"+p.ID, parts[p.ID]))
	}
	run(t, ctx, "break one part", setInput("#editor-mismatch", strings.Replace(parts["mismatch"], "Mcp-Name: list_employees", "Mcp-Name: list_emails", 1)))
	run(t, ctx, "submit", click("#submit"))
	eventually(t, "part-relative problem in Chinese", textIs(t, ctx, "#fb-problems", func(s string) bool {
		return strings.Contains(s, "[mismatch]") && strings.Contains(s, "-32020")
	}))
	shot(t, ctx, "exercise-parts-zh.png")
	run(t, ctx, "fix", setInput("#editor-mismatch", parts["mismatch"]), click("#submit"))
	eventually(t, "all three parts right", textIs(t, ctx, "#fb-summary", func(s string) bool { return strings.Contains(s, "正确") }))
	run(t, ctx, "reload", chromedp.Reload(), waitView("#editor-accepted"))
	eventually(t, "parts restored", func() (bool, string) {
		var v string
		err := chromedp.Run(ctx, chromedp.Value("#editor-unsupported", &v, chromedp.ByQuery))
		return err == nil && v == parts["unsupported"], v
	})
}
