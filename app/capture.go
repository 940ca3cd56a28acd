package ui

import (
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/check"
)

// actionCaptureJump is what a row of the capture's lanes emits when
// clicked (the visualizer's own jump would move its hidden trace).
const actionCaptureJump = "mcpwl.capture.jump"

// CaptureView is "check your own server" in the page (view=capture): it
// opens a transcript `devserver check -out` wrote (a file chooser, drag and
// drop, or, under `make run`, a capture the dev server made of its
// -target-cmd / -target-url), grades it with sim/check, and steps through
// it with the visualizer's lanes and inspector; each verdict is a badge on
// the step it is about, with the spec's sentence and what the lab's own
// server sends for the same request.
type CaptureView struct {
	app.Compo

	Lang string

	captureState // capture_state.go

	keyFn   app.Func // the window's keydown listener (← → Home End)
	keyStop func()   // removes it
}

// captureEntry is one capture in the dev server's listing (internal/captures).
type captureEntry struct {
	ID        string         `json:"id"`
	Target    string         `json:"target"`
	Transport string         `json:"transport"`
	Versions  []string       `json:"versions"`
	Spoken    []string       `json:"spoken"`
	Counts    map[string]int `json:"counts"`
	Failed    bool           `json:"failed"`
}

// capturesURL is the dev server's listing of its captures.
const capturesURL = "/captures/"

func (c *CaptureView) t(k string) string { return tr(c.Lang, k) }

// OnMount takes the dev server's token and reads its captures.
func (c *CaptureView) OnMount(ctx app.Context) {
	c.reset()
	ctx.Handle(actionCaptureJump, func(ctx app.Context, a app.Action) {
		if n, ok := a.Value.(int); ok {
			c.goTo(ctx, n)
		}
	})
	c.keyFn = app.FuncOf(func(this app.Value, args []app.Value) any {
		if key, ok := captureKey(args[0]); ok {
			args[0].Call("preventDefault")
			ctx.Dispatch(func(ctx app.Context) { c.onKey(ctx, key) })
		}
		return nil
	})
	c.keyStop = listenWindow("keydown", c.keyFn)
	c.restore(ctx)
	if app.Getenv(EnvLive) != "1" {
		return
	}
	c.setToken(liveToken())
	c.refresh(ctx)
}

// OnDismount removes the key listener.
func (c *CaptureView) OnDismount() {
	if c.keyFn != nil {
		c.keyStop()
		c.keyFn.Release()
		c.keyFn, c.keyStop = nil, nil
	}
}

// captureKeys step through a capture, as in the visualizer.
var captureKeys = []string{"ArrowRight", "ArrowLeft", "Home", "End"}

// captureKey decides whether a keydown steps the capture: not with a
// modifier, not in a text editor, not when the page's own listener already
// took it (an explained field of the inspector moves the focus instead).
func captureKey(e app.Value) (string, bool) {
	if e.Get("defaultPrevented").Bool() || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
		return "", false
	}
	key := e.Get("key").String()
	if !slices.Contains(captureKeys, key) || isTextEditor(pageDocument().Get("activeElement")) {
		return "", false
	}
	return key, true
}

func (c *CaptureView) onKey(ctx app.Context, key string) {
	if c.cap == nil {
		return
	}
	switch key {
	case "ArrowRight":
		c.goTo(ctx, c.idx+1)
	case "ArrowLeft":
		c.goTo(ctx, c.idx-1)
	case "Home":
		c.goTo(ctx, 0)
	case "End":
		c.goTo(ctx, len(c.cap.Steps)-1)
	}
}

// authHeaders are the headers of a request to the dev server.
func (c *CaptureView) authHeaders() map[string]any {
	h := map[string]any{}
	if c.token != "" {
		h["Authorization"] = "Bearer " + c.token
	}
	return h
}

func (c *CaptureView) canAsk() bool {
	return app.Getenv(EnvLive) == "1" && (c.token != "" || app.Getenv(EnvNoAuth) == "1")
}

// refresh reads the dev server's listing.
func (c *CaptureView) refresh(ctx app.Context) {
	if !c.canAsk() {
		return
	}
	jsFetch(capturesURL, map[string]any{"method": "GET", "headers": c.authHeaders(), "cache": "no-store"}, func(status int, _, body, err string) {
		ctx.Dispatch(func(ctx app.Context) {
			c.setListErr("")
			var out struct {
				Target   string         `json:"target"`
				Captures []captureEntry `json:"captures"`
			}
			switch {
			case err != "":
				c.setListErr(err)
			case status != 200:
				c.setListErr(fmt.Sprintf("HTTP %d: %s", status, strings.TrimSpace(body)))
			case json.Unmarshal([]byte(body), &out) != nil:
				c.setListErr("the listing is not JSON")
			default:
				c.listed(out.Target, out.Captures)
			}
		})
	})
}

// captureNow asks the dev server to capture its target.
func (c *CaptureView) captureNow(ctx app.Context, e app.Event) {
	if c.busy {
		return
	}
	c.setBusy(true)
	c.setListErr("")
	jsFetch(capturesURL, map[string]any{"method": "POST", "headers": c.authHeaders(), "cache": "no-store"}, func(status int, _, body, err string) {
		ctx.Dispatch(func(ctx app.Context) {
			c.setBusy(false)
			var entry captureEntry
			switch {
			case err != "":
				c.setListErr(err)
			case status != 200:
				c.setListErr(fmt.Sprintf("HTTP %d: %s", status, strings.TrimSpace(body)))
			case json.Unmarshal([]byte(body), &entry) == nil && len(entry.Versions) > 0:
				c.open(ctx, entry.ID, entry.Versions[len(entry.Versions)-1])
			}
			c.refresh(ctx)
		})
	})
}

// open loads one transcript of a dev server capture.
func (c *CaptureView) open(ctx app.Context, id, version string) {
	u := capturesURL + url.PathEscape(id) + "/" + url.PathEscape(version) + ".jsonl"
	jsFetch(u, map[string]any{"method": "GET", "headers": c.authHeaders(), "cache": "no-store"}, func(status int, _, body, err string) {
		ctx.Dispatch(func(ctx app.Context) {
			if err == "" && status != 200 {
				err = fmt.Sprintf("HTTP %d", status)
			}
			c.load(ctx, id+" · "+version, body, err)
		})
	})
}

// load shows a transcript, or says why it cannot.
func (c *CaptureView) load(ctx app.Context, source, text, failure string) {
	if failure != "" {
		c.fail(fmt.Sprintf(c.t("cap.err.read"), source, failure))
		return
	}
	cp, err := LoadCapture(source, text)
	if err != nil {
		c.fail(fmt.Sprintf(c.t("cap.err.read"), source, err.Error()))
		return
	}
	c.show(cp)
	c.setNotKept(keepCapture(source, text))
	c.showing(ctx)
	c.scrollSoon(ctx)
}

// restore reopens the transcript this tab had open before a reload, at
// the step it had reached; one that no longer reads is dropped, and so is
// one the tab stopped while showing (it froze or ran out of memory there:
// reopening it would stop the tab again, at every reload).
func (c *CaptureView) restore(ctx app.Context) {
	s, step, ok, died := keptCapture()
	if died {
		c.fail(c.t("cap.err.died"))
		return
	}
	if !ok {
		return
	}
	cp, err := LoadCapture(s.Source, s.Text)
	if err != nil {
		forgetCapture()
		return
	}
	c.show(cp)
	c.at(step)
	c.showing(ctx)
	c.scrollSoon(ctx)
}

// showing marks in the tab's storage that the open step is being shown,
// until the page has lived a second past its render (captureShowingKey).
func (c *CaptureView) showing(ctx app.Context) {
	markShowing()
	ctx.After(shownAfter, func(app.Context) { shownOK() })
}

// readFile reads a File the user chose or dropped.
func (c *CaptureView) readFile(ctx app.Context, file app.Value) {
	if !file.Truthy() {
		return
	}
	name := file.Get("name").String()
	if size := file.Get("size").Int(); size > maxCaptureBytes {
		c.fail(fmt.Sprintf(c.t("cap.err.read"), name, fmt.Sprintf("%d MiB is more than the %d MiB the page reads", size>>20, maxCaptureBytes>>20)))
		return
	}
	var ok, fail app.Func
	release := func() { ok.Release(); fail.Release() }
	ok = app.FuncOf(func(this app.Value, args []app.Value) any {
		text := args[0].String()
		release()
		ctx.Dispatch(func(ctx app.Context) { c.load(ctx, name, text, "") })
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		msg := "cannot read the file"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		release()
		ctx.Dispatch(func(ctx app.Context) { c.load(ctx, name, "", msg) })
		return nil
	})
	file.Call("text").Call("then", ok, fail)
}

func (c *CaptureView) goTo(ctx app.Context, i int) {
	if c.cap == nil {
		return
	}
	if c.step(i) {
		keepCaptureStep(c.idx)
		c.showing(ctx)
	}
	c.scrollSoon(ctx)
}

// scrollSoon brings the current step (and its verdict) into view once
// go-app has drawn it (scroll.go): after a badge click, a key, Previous /
// Next and when a transcript opens (issue 26).
func (c *CaptureView) scrollSoon(ctx app.Context) {
	ctx.Defer(func(app.Context) { dom.ScrollToCurrent() })
}

func (c *CaptureView) Render() app.UI {
	return app.Section().ID("capture").Class("capture").Aria("label", c.t("cap.title")).Body(
		app.H1().Text(c.t("cap.title")),
		app.P().Class("cap-intro").Text(c.t("cap.intro")),
		c.renderOpen(),
		c.renderLive(),
		app.If(c.err != "", func() app.UI { return app.P().ID("cap-error").Class("notice error").Text(c.err) }),
		app.If(c.cap != nil, c.renderCapture),
	)
}

func (c *CaptureView) renderOpen() app.UI {
	cls := "cap-drop"
	if c.dragging {
		cls += " dragging"
	}
	return app.Div().Class("cap-open").Body(
		app.Label().Class("btn").For("cap-file").Text(c.t("cap.choose")),
		app.Input().ID("cap-file").Type("file").Class("sr-only").Accept(".jsonl,.ndjson,application/x-ndjson,text/plain").
			OnChange(func(ctx app.Context, e app.Event) {
				if files := ctx.JSSrc().Get("files"); files.Truthy() && files.Length() > 0 {
					c.readFile(ctx, files.Index(0))
				}
			}),
		app.Div().ID("cap-drop").Class(cls).Text(c.t("cap.drop")).
			On("dragover", func(ctx app.Context, e app.Event) { e.PreventDefault(); c.setDragging(true) }).
			On("dragleave", func(ctx app.Context, e app.Event) { c.setDragging(false) }).
			On("drop", func(ctx app.Context, e app.Event) {
				e.PreventDefault()
				c.setDragging(false)
				if files := e.Get("dataTransfer").Get("files"); files.Truthy() && files.Length() > 0 {
					c.readFile(ctx, files.Index(0))
				}
			}),
	)
}

// renderLive is the dev server's captures (under make run).
func (c *CaptureView) renderLive() app.UI {
	if app.Getenv(EnvLive) != "1" {
		return app.P().Class("cap-live hint").Text(c.t("cap.offline"))
	}
	if !c.canAsk() {
		return app.P().Class("cap-live hint").Text(c.t("live.notoken"))
	}
	return app.Section().ID("cap-live").Class("cap-live").Body(
		app.H2().Text(c.t("cap.live")),
		app.If(c.target != "", func() app.UI {
			label := c.t("cap.now")
			if c.busy {
				label = c.t("cap.busy")
			}
			return app.P().Body(
				app.Button().ID("cap-now").Class("btn").Disabled(c.busy).Text(label).OnClick(c.captureNow),
				app.Text(" "), app.Code().Text(c.target),
			)
		}).Else(func() app.UI { return app.P().Class("hint").Text(c.t("cap.notarget")) }),
		app.If(c.listErr != "", func() app.UI { return app.P().Class("notice error").Text(c.listErr) }),
		app.If(len(c.list) > 0, func() app.UI {
			return app.Ul().Class("cap-list").Body(app.Range(c.list).Slice(func(i int) app.UI {
				e := c.list[i]
				return app.Li().Body(
					app.Code().Text(e.ID), app.Text(" "+e.Transport+" · "+e.Target+" · "),
					app.Span().Class("counts").Text(countsText(c.Lang, e.Counts)),
					app.Range(e.Versions).Slice(func(k int) app.UI {
						v := e.Versions[k]
						return app.Button().Class("btn small").DataSet("capture", e.ID).DataSet("version", v).Text(v).
							OnClick(func(ctx app.Context, ev app.Event) { c.open(ctx, e.ID, v) }, app.EventScope("cap", e.ID+v))
					}),
				)
			}))
		}),
	)
}

func countsText(lang string, n map[string]int) string {
	var parts []string
	for _, v := range []check.Verdict{check.Pass, check.Fail, check.Warn, check.Skip} {
		if n[string(v)] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", verdictWord(lang, v), n[string(v)]))
		}
	}
	return strings.Join(parts, " · ")
}

func (c *CaptureView) renderCapture() app.UI {
	cp := c.cap
	counts := map[string]int{}
	for v, n := range cp.Counts() {
		counts[string(v)] = n
	}
	var here []check.Graded
	if c.idx < len(cp.Steps) {
		here = cp.At(c.idx)
	}
	var verdicts strings.Builder
	if len(here) > 0 {
		lab, labErr := c.labAnswer()
		for _, r := range here {
			verdicts.WriteString(VerdictHTML(c.Lang, r, lab, labErr))
		}
	}
	in := &Inspector{Lang: c.Lang, Total: len(cp.Steps)}
	if c.idx < len(cp.Steps) {
		s := cp.Steps[c.idx]
		in.Step, in.Has = s, true
		note := check.Note(s.Ev.Note, cp.Trace.EventVersion(s.Ev), cp.Trace.Transport)
		in.Body = InspectorBody(&s, c.Lang, note, "", "")
		in.Key = "cap/" + cp.Source + "/" + strconv.Itoa(c.idx) + "/" + c.Lang
	}
	return app.Div().ID("cap-view").Class("cap-view").DataSet("steps", len(cp.Steps)).Body(
		app.P().Class("cap-summary").Body(
			app.Strong().Text(cp.Source), app.Text(" · "+cp.Trace.Version+" · "+cp.Trace.Transport+" · "),
			app.Code().Text(cp.Target()), app.Text(" · "+countsText(c.Lang, counts)),
		),
		app.If(c.notKept != "", func() app.UI {
			return app.P().ID("cap-notkept").Class("cap-hint").Text(fmt.Sprintf(c.t("cap.notkept"), c.notKept))
		}),
		app.Ul().ID("cap-checks").Class("cap-checks").Body(app.Range(cp.Results).Slice(func(i int) app.UI {
			r := cp.Results[i]
			b := app.Button().Class("chip badge", "verdict-"+string(r.Verdict)).DataSet("check", r.ID).
				Title(checkTitle(c.Lang, r.ID) + " · " + verdictMsg(c.Lang, r)).Text(verdictIcon(r.Verdict) + " " + r.ID)
			if r.Seq > 0 {
				seq := r.Seq
				b = b.OnClick(func(ctx app.Context, e app.Event) { c.goTo(ctx, seq-1) }, app.EventScope("chk", r.ID))
			} else {
				b = b.Disabled(true)
			}
			return app.Li().Body(b)
		})),
		app.Div().Class("player cap-player").Body(
			app.Button().ID("cap-prev").Class("btn").Text("← "+c.t("ctl.prev")).Disabled(c.idx == 0).
				OnClick(func(ctx app.Context, e app.Event) { c.goTo(ctx, c.idx-1) }),
			app.Span().ID("cap-counter").Class("counter").Text(fmt.Sprintf("%s %d %s %d", c.t("ctl.step"), c.idx+1, c.t("ctl.of"), len(cp.Steps))),
			app.Button().ID("cap-next").Class("btn").Text(c.t("ctl.next")+" →").Disabled(c.idx >= len(cp.Steps)-1).
				OnClick(func(ctx app.Context, e app.Event) { c.goTo(ctx, c.idx+1) }),
		),
		app.Div().Class("workspace").Body(
			app.Section().Class("seq-panel").Aria("label", c.t("seq.aria")).Body(
				&Sequence{Steps: cp.Steps, Idx: c.idx, Lang: c.Lang, Transport: cp.Trace.Transport,
					ServerSub: ServerSubtitle(cp.Trace), Badges: cp.Badges(c.Lang), Jump: actionCaptureJump},
			),
			app.Div().Class("cap-side").Body(
				app.If(len(here) > 0, func() app.UI {
					// Its heading (for a screen reader's outline) is the
					// level the verdicts' h3 need under the page's h1.
					return app.Raw(`<section id="cap-verdicts" class="cap-verdicts" aria-labelledby="cap-verdicts-h"><h2 id="cap-verdicts-h" class="sr-only">` +
						html.EscapeString(c.t("cap.verdicts.h")) + `</h2>` + verdicts.String() + `</section>`)
				}).Else(c.renderAskLab),
				in,
			),
		),
	)
}

// renderAskLab is, at a step without verdicts, the lab's own answer on
// request (each answer replays the capture up to the step in memory).
func (c *CaptureView) renderAskLab() app.UI {
	if !c.askLab {
		return app.Button().ID("cap-ask-lab").Class("btn small").Text(c.t("cap.asklab")).
			OnClick(func(ctx app.Context, e app.Event) { c.askForLab() })
	}
	lab, err := c.labAnswer()
	switch {
	case lab != nil:
		return app.Section().ID("cap-lab").Class("verdict").Body(app.Section().Class("lab-answer").Body(
			app.H4().Text(c.t("cap.lab")), app.Pre().Class("raw").Text(lab.Raw)))
	case err == check.ErrNoRequest:
		return app.P().ID("cap-lab").Class("lab-answer hint").Text(c.t("cap.lab.none"))
	case err == check.ErrStream:
		return app.P().ID("cap-lab").Class("lab-answer hint").Text(c.t("cap.lab.stream"))
	case labNotIn(c.Lang, err) != "":
		return app.P().ID("cap-lab").Class("lab-answer hint lab-notin").Text(labNotIn(c.Lang, err))
	}
	return app.P().ID("cap-lab").Class("lab-answer hint").Text(c.t("cap.lab") + ": " + err.Error())
}
