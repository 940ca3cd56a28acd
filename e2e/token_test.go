package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	ui "mcpwirelab/app"
)

// attackPage is what another program's page on another loopback port can
// try in the learner's browser: load the dev server's app.js as a script
// (go-app's goappEnv once held the token), read the app's files and an
// iframe's storage, then call /mcp with every token it found and without.
// It reports everything it read in window.report.
const attackPage = `<!doctype html><title>another site</title><body><script>
window.report = {found: [], mcp: [], done: false};
const base = %s, body = %s, key = %s;
(async () => {
  await new Promise((done) => {
    const s = document.createElement("script");
    s.src = base + "/app.js";
    s.onload = () => { report.scriptLoaded = true; done(); };
    s.onerror = () => { report.scriptBlocked = true; done(); };
    document.head.appendChild(s);
  });
  // app.js declares "const goappEnv": a global binding, not a window property.
  try { report.found.push(JSON.stringify(goappEnv)); } catch (e) {}
  for (const p of ["/", "/app.js", "/app-worker.js", "/manifest.webmanifest", "/wasm_exec.js"]) {
    try { const r = await fetch(base + p); report.found.push(await r.text()); }
    catch (e) { report.readBlocked = (report.readBlocked || 0) + 1; }
  }
  await new Promise((done) => {
    const f = document.createElement("iframe");
    f.src = base + "/";
    f.onload = () => {
      try { report.found.push(f.contentWindow.sessionStorage.getItem(key) || ""); }
      catch (e) { report.frameBlocked = true; }
      done();
    };
    document.body.appendChild(f);
  });
  report.found.push(sessionStorage.getItem(key) || "");
  const tokens = [""].concat((report.found.join(" ").match(/[A-Za-z0-9_-]{43}/g) || []).slice(0, 8));
  for (const tok of tokens) {
    const headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
      "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "list_emails"};
    if (tok) headers["Authorization"] = "Bearer " + tok;
    try {
      const r = await fetch(base + "/mcp", {method: "POST", headers, body});
      report.mcp.push(r.status + " " + (await r.text()).slice(0, 300));
    } catch (e) { report.mcp.push("blocked: " + e); }
    try { await fetch(base + "/mcp", {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body}); }
    catch (e) {}
  }
  report.done = true;
})();
</script></body>`

// TestOtherLoopbackPageGetsNothing (issue 12 item 1): with the learner's
// app open (the token in its tab's sessionStorage), a page served by a
// second listener on another loopback port cannot obtain the token — not
// from app.js, the app's files or the app's storage — and cannot call
// /mcp: the browser blocks what it reads, and the dev server answers every
// /mcp request from that origin 403.
func TestOtherLoopbackPageGetsNothing(t *testing.T) {
	srv := startDevServer(t)
	ctx, cancel := newBrowser(t)
	defer cancel()
	if err := chromedp.Run(ctx, chromedp.Navigate(srv.open), waitReady()); err != nil {
		t.Fatalf("load %s: %v", srv.open, err)
	}
	var stored string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`sessionStorage.getItem(`+strconv.Quote(ui.TokenKey)+`) || ""`, &stored)); err != nil || stored != srv.token {
		t.Fatalf("the app's tab holds %q (%v), want the token", stored, err)
	}

	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_emails","arguments":{"limit":2},` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	page := fmt.Sprintf(attackPage, strconv.Quote(srv.base), strconv.Quote(call), strconv.Quote(ui.TokenKey))
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	defer evil.Close()
	if evil.URL == srv.base {
		t.Fatal("the attacker page must be on another port")
	}
	logBefore := len(srv.stderr.String())
	if err := chromedp.Run(ctx, chromedp.Navigate(evil.URL+"/")); err != nil {
		t.Fatal(err)
	}
	var report struct {
		Found                      []string
		MCP                        []string
		Done, ScriptBlocked        bool
		ScriptLoaded, FrameBlocked bool
		ReadBlocked                int
	}
	eventually(t, "the attacker page to finish", func() (bool, string) {
		var raw string
		_ = chromedp.Run(ctx, chromedp.Evaluate(`JSON.stringify(window.report)`, &raw))
		_ = json.Unmarshal([]byte(raw), &report)
		return report.Done, raw
	})
	all, _ := json.Marshal(report)
	t.Logf("attacker page: script blocked %v, %d reads blocked, frame storage blocked %v, /mcp calls %q",
		report.ScriptBlocked, report.ReadBlocked, report.FrameBlocked, report.MCP)
	if strings.Contains(string(all), srv.token) {
		t.Fatalf("the other page obtained the token: %s", all)
	}
	if !report.ScriptBlocked || report.ReadBlocked != 5 || !report.FrameBlocked {
		t.Errorf("the app's files or storage were readable from another origin: %s", all)
	}
	for _, r := range report.MCP {
		if !strings.HasPrefix(r, "blocked:") {
			t.Errorf("the other page read an /mcp answer: %q", r)
		}
	}
	// What reached the server was refused: every /mcp line logged since the
	// attack page opened is a 403.
	var lines []string
	time.Sleep(200 * time.Millisecond) // the last no-cors POST's log line
	for _, l := range strings.Split(srv.stderr.String()[logBefore:], "\n") {
		if m := regexp.MustCompile(` (POST|OPTIONS|GET) /mcp (\d+) `).FindStringSubmatch(l); m != nil {
			lines = append(lines, m[1]+" "+m[2])
		}
	}
	t.Logf("the dev server's log of /mcp since the attack: %v", lines)
	if len(lines) == 0 {
		t.Fatal("no /mcp request from the other page reached the server (the test proves nothing)")
	}
	for _, l := range lines {
		if !strings.HasSuffix(l, " 403") {
			t.Errorf("the dev server answered the other page's /mcp request with %s (all: %v)", l, lines)
		}
	}
}
