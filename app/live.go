package ui

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"

	"mcpwirelab/sim/protocol"
)

// The dev server tells the page that a real /mcp endpoint sits next to it
// (MCPWL_LIVE) and whether it runs with -no-auth (MCPWL_NO_AUTH). A static
// export has neither, so the replay is offered only under `make run`.
//
// The bearer token is never in anything the server serves (pages, app.js,
// the service worker's precache): anyone who can load those could read it.
// The start-up line prints the app's URL with the token in its fragment
// (http://127.0.0.1:8080/#token=…, as Jupyter does), which browsers never
// send; TokenIntake moves it into this tab's sessionStorage and removes it
// from the address bar before the app starts.
const (
	EnvLive   = "MCPWL_LIVE"
	EnvNoAuth = "MCPWL_NO_AUTH"

	// TokenFragment starts the URL fragment that carries the token.
	TokenFragment = "#token="
	// TokenKey is the sessionStorage key the page keeps the token under.
	TokenKey = "mcpwl.token"
)

// TokenIntake is the inline script the dev server puts in the page's head:
// it runs before the app's scripts, stores a #token=… fragment in
// sessionStorage (same origin, this tab only) and replaces the URL with the
// same one without the fragment, so the token is not left in the address
// bar, the history or a copied link.
const TokenIntake = `<script>(function(){var p="` + TokenFragment + `",h=location.hash;` +
	`if(h.indexOf(p)!==0)return;` +
	`try{sessionStorage.setItem("` + TokenKey + `",decodeURIComponent(h.slice(p.length)))}catch(e){}` +
	`history.replaceState(history.state,"",location.pathname+location.search)})();</script>`

// liveToken is the token TokenIntake stored for this tab ("" when none).
func liveToken() string {
	store := webStore("sessionStorage")
	if !store.Truthy() {
		return ""
	}
	v := store.Call("getItem", TokenKey)
	if v.IsNull() || v.IsUndefined() {
		return ""
	}
	return v.String()
}

// LivePlan lists the MCP requests of tr up to and including step index upTo
// (0-based): the client's replay plan (sim/client), with the statuses the
// simulator showed.
func LivePlan(tr *trace.Trace, upTo int) []client.ReplayRequest {
	return client.ReplayPlan(tr, upTo, scenario.EndpointPath)
}

// liveResult is what the real server answered to one replayed request.
type liveResult struct {
	Seq, SimStatus, Status int
	Body, Err              string
}

// LiveRun replays the trace's requests up to the current step against the
// real /mcp endpoint of the dev server and shows both statuses side by side.
type LiveRun struct {
	app.Compo

	Tr   *trace.Trace
	Idx  int
	Lang string
	// Base is the dev server the curl commands talk to (Reproduce).
	Base string

	results []liveResult
	running bool
	ranFor  string // trace identity + step the results belong to
	token   string // read from sessionStorage when mounted
}

func (l *LiveRun) OnMount(ctx app.Context) { l.token = liveToken() }

func (l *LiveRun) key() string {
	if l.Tr == nil {
		return ""
	}
	return fmt.Sprintf("%s/%s/%s/%s/%d", l.Tr.Scenario, l.Tr.Version, l.Tr.Transport, l.Tr.Fault, l.Idx)
}

func (l *LiveRun) Render() app.UI {
	plan := LivePlan(l.Tr, l.Idx)
	if len(plan) == 0 {
		return app.Div().Class("live empty")
	}
	if app.Getenv(EnvLive) != "1" {
		return app.P().Class("live hint").Text(tr(l.Lang, "live.offline"))
	}
	if l.token == "" && app.Getenv(EnvNoAuth) != "1" {
		return app.P().Class("live hint").Text(tr(l.Lang, "live.notoken"))
	}
	results := l.results
	if l.ranFor != l.key() {
		results = nil
	}
	sendable, unsendable := splitPlan(plan)
	refused := false
	for _, r := range results {
		refused = refused || r.Status == http.StatusUnauthorized
	}
	return app.Section().Class("live").Aria("label", tr(l.Lang, "live.title")).Body(
		app.If(len(sendable) > 0, func() app.UI {
			return app.Button().Class("btn small").Text(trn(l.Lang, "live.run", len(sendable))).Disabled(l.running).OnClick(l.onRun)
		}),
		app.Range(unsendable).Slice(func(i int) app.UI {
			r := unsendable[i]
			cmd, _ := Reproduce(l.Tr, r.Seq-1, l.Base)
			return app.Div().Class("live-unsendable").DataSet("seq", r.Seq).Body(
				app.P().Class("live hint").Text(fmt.Sprintf(tr(l.Lang, "live.unsendable"), r.Seq, strings.Join(r.Unsendable, "; "), r.SimStatus)),
				app.Pre().Class("repro").Body(app.Code().Text(cmd)),
			)
		}),
		app.If(len(results) > 0, func() app.UI {
			return app.Table().Class("live-results").Body(
				app.Tr().Body(
					app.Th().Text(tr(l.Lang, "live.step")),
					app.Th().Text(tr(l.Lang, "live.sim")),
					app.Th().Text(tr(l.Lang, "live.real")),
					app.Th().Text(tr(l.Lang, "live.body")),
				),
				app.Range(results).Slice(func(i int) app.UI {
					r := results[i]
					same := "✓ " + tr(l.Lang, "live.same")
					if r.Status != r.SimStatus {
						same = "≠ " + tr(l.Lang, "live.differs")
					}
					real := fmt.Sprintf("%d %s", r.Status, same)
					if r.Err != "" {
						real = "✗ " + r.Err
					}
					return app.Tr().Body(
						app.Td().Text(r.Seq),
						app.Td().Text(r.SimStatus),
						app.Td().Text(real),
						app.Td().Body(app.Code().Text(truncate(r.Body, 160))),
					)
				}),
			)
		}),
		app.If(refused, func() app.UI { return app.P().Class("live hint").Text(tr(l.Lang, "live.badtoken")) }),
	)
}

// splitPlan separates the requests a page can replay from those it cannot
// send as the trace wrote them (client.PageCannotSend): the browser would
// replace their Origin or Host, and the real server would answer another
// question.
func splitPlan(plan []client.ReplayRequest) (sendable, unsendable []client.ReplayRequest) {
	for _, r := range plan {
		if len(r.Unsendable) > 0 {
			unsendable = append(unsendable, r)
		} else {
			sendable = append(sendable, r)
		}
	}
	return sendable, unsendable
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func (l *LiveRun) onRun(ctx app.Context, e app.Event) {
	plan, _ := splitPlan(LivePlan(l.Tr, l.Idx))
	if len(plan) == 0 || l.running {
		return
	}
	l.running, l.results, l.ranFor = true, nil, l.key()
	url := pageOrigin() + "/mcp"
	token := l.token
	// The replay is the client's: it swaps the simulated session id for
	// the one the real server mints.
	var replay client.Replay
	var step func(i int)
	step = func(i int) {
		if i == len(plan) {
			ctx.Dispatch(func(ctx app.Context) { l.running = false })
			return
		}
		r := plan[i]
		headers := map[string]any{}
		for k, v := range replay.Headers(r, token) {
			headers[k] = v
		}
		init := map[string]any{"method": r.Method, "headers": headers, "cache": "no-store"}
		if r.Method != http.MethodGet && r.Method != http.MethodDelete {
			init["body"] = r.Body
		}
		jsFetch(url, init, func(status int, sid, body, err string) {
			replay.Answered(sid)
			ctx.Dispatch(func(ctx app.Context) {
				l.results = append(l.results, liveResult{Seq: r.Seq, SimStatus: r.SimStatus, Status: status, Body: body, Err: err})
			})
			step(i + 1)
		})
	}
	step(0)
}

// jsFetch calls the browser's fetch (the net/http client would add about
// 1.2 MB to the wasm) and reports status, Mcp-Session-Id and body text.
func jsFetch(url string, init map[string]any, done func(status int, sid, body, err string)) {
	var onResp, onText, onErr app.Func
	release := func() {
		for _, f := range []app.Func{onResp, onText, onErr} {
			if f != nil {
				f.Release()
			}
		}
	}
	onErr = app.FuncOf(func(this app.Value, args []app.Value) any {
		msg := "network error"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		release()
		done(0, "", "", msg)
		return nil
	})
	onResp = app.FuncOf(func(this app.Value, args []app.Value) any {
		resp := args[0]
		status := resp.Get("status").Int()
		sid := ""
		if v := resp.Get("headers").Call("get", protocol.HeaderSessionID); v.Truthy() {
			sid = v.String()
		}
		onText = app.FuncOf(func(this app.Value, args []app.Value) any {
			body := args[0].String()
			release()
			done(status, sid, body, "")
			return nil
		})
		resp.Call("text").Call("then", onText, onErr)
		return nil
	})
	fetchJS(url, init).Call("then", onResp, onErr)
}
