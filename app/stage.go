package ui

import (
	"net/http"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

// The stage: what a learner or a lecture hall looks at. static/stage.css
// lays the visualizer out so the current step in the lanes, its
// explanation and its bytes stay in the viewport from 1280×720 up; in
// presenter mode (present=1) the chrome collapses to one bar and the type
// scales with the viewport (body text 28 px and bytes 24 px at 1920×1080).

// ServerSubtitle is what the Server lane says for an HTTP trace: the
// method and URL of its first request ("POST http://127.0.0.1:8080/mcp"),
// or for the plain HTTP of the HTTP lessons the API's origin
// ("http://api.acme.example"); "" when the trace has no HTTP request.
func ServerSubtitle(t *trace.Trace) string {
	if t == nil {
		return ""
	}
	for _, e := range t.Events {
		if e.Channel != trace.HTTPRequest || e.Kind != trace.KindMessage || e.Raw == "" {
			continue
		}
		line, rest, _ := strings.Cut(e.Raw, "\r\n")
		f := strings.Fields(line)
		if len(f) < 2 {
			return ""
		}
		host := ""
		for _, h := range strings.Split(rest, "\r\n") {
			if name, v, ok := strings.Cut(h, ":"); ok && http.CanonicalHeaderKey(strings.TrimSpace(name)) == "Host" {
				host = strings.TrimSpace(v)
				break
			}
			if h == "" {
				break
			}
		}
		if len(e.Messages) == 0 {
			// Plain HTTP (the HTTP lessons): one API, many paths.
			return "http://" + host
		}
		path, _, _ := strings.Cut(f[1], "?")
		return f[0] + " http://" + host + path
	}
	return ""
}

// devBase is the dev server the reproduce commands talk to: this page's
// own origin when the dev server serves it (MCPWL_LIVE), so a server
// started with `make run ADDR=…` gets commands for that address; else the
// default address.
func (c *Lab) devBase() string {
	if !app.IsClient || app.Getenv(EnvLive) != "1" {
		return ""
	}
	if u := pageURL(); u != nil && u.Host != "" {
		return u.Scheme + "://" + u.Host
	}
	return ""
}

// liveEndpoint is the MCP endpoint the simulated client connects to: the
// dev server's real one when it serves this page (MCPWL_LIVE) at another
// address than the default (make run ADDR=127.0.0.1:18080), so the Server
// lane, the Host headers and the launch line name where the requests
// really go; "" (the engine's default, 127.0.0.1:8080) otherwise.
func liveEndpoint() string {
	if !app.IsClient || app.Getenv(EnvLive) != "1" {
		return ""
	}
	u := pageURL()
	if u == nil || u.Host == "" || u.Host == scenario.EndpointHost {
		return ""
	}
	return u.Scheme + "://" + u.Host + scenario.EndpointPath
}

// breakable is a label as text nodes with a line-break opportunity
// (<wbr>) after each "/", and after "," and ":" inside JSON (not in
// "://"): a narrow lane wraps "notifications/progress" after the slash
// and a tool call between its fields, instead of in the middle of a word.
func breakable(label string) []app.UI {
	var out []app.UI
	start := 0
	for i := 0; i < len(label)-1; i++ {
		next := label[i+1]
		switch label[i] {
		case '/':
		case ',', ':':
			if next == ' ' || next == '/' {
				continue
			}
		default:
			continue
		}
		out = append(out, app.Text(label[start:i+1]), app.Wbr())
		start = i + 1
	}
	return append(out, app.Text(label[start:]))
}

// noticeTitle heads a list of notices: values not understood; values
// clamped to their range (the calculator); or the view switched to what
// the scenario runs with.
func noticeTitle(ns []Notice) string {
	key := "notice.clamped"
	for _, n := range ns {
		switch n.Kind {
		case "":
			return "notice.title"
		case NoticeRange:
		default:
			key = "notice.adjusted"
		}
	}
	return key
}

// rememberLang keeps the page's language in local storage, however it was
// chosen (the switch, or a link's lang=), so the next visit without lang=
// opens in it; a language the reader never chose (the browser's) is not
// kept.
func (c *Lab) rememberLang(ctx app.Context) {
	if c.lang == "" || !c.langChosen || c.lang == c.langSaved {
		return
	}
	ctx.LocalStorage().Set(langStorageKey, c.lang)
	c.langSaved = c.lang
}
