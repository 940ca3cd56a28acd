package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/exercise"
)

// ExercisesView is the list of exercises (Ex == "") or one exercise. It
// collects the learner's answer in the inputs of the exercise's kind,
// sends it to exercise.Grader with the engine's real server as the probe,
// and shows the feedback; it never grades by itself. Progress (attempts,
// solved, last answer) is saved to localStorage after every submission.
type ExercisesView struct {
	app.Compo

	Lang string
	Ex   string // the open exercise, "" for the list

	exerciseState
}

// exerciseState is the exercises view's state as plain Go (as labState is
// the visualizer's): the progress, the open exercise, the learner's form
// and the feedback. Its methods below are the only code that changes it
// (TestViewStatesWrittenByTheirMethods); ExercisesView adds the page's
// effects (storage, the editors' DOM, focus) around them.
type exerciseState struct {
	store   exercise.Store
	notice  string // the saved progress was unreadable and was reset
	saveErr string

	lang  string // language the feedback was graded in
	curID string
	ex    exercise.Exercise
	form  Form
	fb    *exercise.Feedback
	fbAns string // the answer fb is about
	hints int    // hints shown

	notCounted bool // the last answer could not be read: not an attempt
	noWrap     bool // the editors keep long lines (and show line numbers)
}

// start is the state before the saved progress is read (also for the
// prerendered page): an empty store, feedback in lang.
func (s *exerciseState) start(lang string) {
	s.store = exercise.NewStore()
	s.lang = lang
}

// loaded is the saved progress as read on mount (and the notice when it
// was unreadable); the open exercise is opened again over it.
func (s *exerciseState) loaded(store exercise.Store, notice string) {
	s.store, s.notice = store, notice
	s.curID = ""
}

// regrade follows the page's language: the feedback shown is graded again
// in it (that is not an attempt).
func (s *exerciseState) regrade(lang string) {
	s.lang = lang
	if s.fb != nil {
		fb := grader.Grade(s.ex, s.fbAns, lang)
		s.fb = &fb
	}
}

// open shows exercise id with the learner's last answer, or its starter.
func (s *exerciseState) open(id string) {
	s.curID, s.fb, s.fbAns, s.hints, s.saveErr, s.notCounted = id, nil, "", 0, "", false
	if id == "" {
		return
	}
	ex, ok := exercise.ByID(id)
	if !ok {
		s.curID = ""
		return
	}
	s.ex = ex
	if p := s.store.Get(id); p.LastAnswer != "" {
		s.form = FormFromAnswer(ex, p.LastAnswer)
	} else {
		s.form = NewForm(ex)
	}
}

// graded shows fb, the feedback on answer in lang, and records the attempt
// in the store unless the grader could not read the answer (a typo is
// shown, not counted); it reports whether it recorded it.
func (s *exerciseState) graded(answer string, fb exercise.Feedback, lang string) (recorded bool) {
	s.saveErr = ""
	s.notCounted = !countsAsAttempt(s.ex, s.form, fb)
	if !s.notCounted {
		s.store.Record(s.ex.ID, answer, fb)
	}
	s.fb, s.fbAns, s.lang = &fb, answer, lang
	return !s.notCounted
}

// saveFailed says why the progress could not be saved.
func (s *exerciseState) saveFailed(msg string) { s.saveErr = msg }

// setForm is the learner's form after an edit (a new value: go-app sees
// the change).
func (s *exerciseState) setForm(f Form) { s.form = f }

// takeEditor is what the editor of part (or, for "", the one editor)
// holds, read back from the page before a submit.
func (s *exerciseState) takeEditor(part, v string) {
	if part == "" {
		s.form.Text = v
		return
	}
	if s.form.Parts == nil {
		s.form.Parts = map[string]string{}
	}
	s.form.Parts[part] = v
}

// showHint shows one more hint, up to n.
func (s *exerciseState) showHint(n int) { s.hints = min(s.hints+1, n) }

// toggleWrap switches the editors between wrapping and keeping long lines.
func (s *exerciseState) toggleWrap() { s.noWrap = !s.noWrap }

// grader grades against the engine's real server, inside the wasm.
var grader = exercise.Grader{Probe: exercise.EngineProbe()}

// OnInit opens the linked exercise (also for the prerendered page).
func (c *ExercisesView) OnInit() {
	c.start(c.Lang)
	c.open(c.Ex)
}

// OnMount reads the saved progress and restores the last answer.
func (c *ExercisesView) OnMount(ctx app.Context) {
	c.loaded(loadProgress(c.Lang))
	c.open(c.Ex)
}

// OnUpdate follows the link (another exercise) and the language (the
// feedback is graded again in it; that is not an attempt).
func (c *ExercisesView) OnUpdate(ctx app.Context) {
	if c.Ex != c.curID {
		c.open(c.Ex)
	}
	if c.Lang != c.lang {
		c.regrade(c.Lang)
	}
}

func (c *ExercisesView) t(key string) string { return tr(c.Lang, key) }

// submit grades the answer, records the attempt and saves the progress.
func (c *ExercisesView) submit(ctx app.Context) {
	c.syncEditors()
	answer := c.form.Answer(c.ex)
	fb := grader.Grade(c.ex, answer, c.Lang)
	// A typo the grader cannot read past is shown, not counted.
	if c.graded(answer, fb, c.Lang) {
		if err := saveProgress(c.store); err != nil {
			c.saveFailed(fmt.Sprintf(c.t("prog.save.error"), err.Error()))
		}
	}
	ctx.Defer(func(app.Context) { dom.Focus("feedback") })
}

// syncEditors reads the text editors' current contents into the form, so a
// submit grades exactly what is on screen even if the last input event has
// not been handled yet (a paste followed at once by Enter).
func (c *ExercisesView) syncEditors() {
	read := func(id string) (string, bool) {
		el := elementByID(id)
		if !el.Truthy() {
			return "", false
		}
		return el.Get("value").String(), true
	}
	if len(c.ex.Parts) > 0 {
		for _, pt := range c.ex.Parts {
			if v, ok := read("editor-" + pt.ID); ok {
				c.takeEditor(pt.ID, v)
			}
		}
		return
	}
	if v, ok := read("editor"); ok {
		c.takeEditor("", v)
	}
}

// Render draws the list or the open exercise.
func (c *ExercisesView) Render() app.UI {
	if c.curID == "" {
		return c.renderList()
	}
	return c.renderExercise()
}

func (c *ExercisesView) renderList() app.UI {
	all := exercise.All()
	tot := ProgressTotals(c.store)
	return app.Div().ID("exercises").Class("exercises").Body(
		app.H2().Class("page-title").Text(c.t("ex.title")),
		app.P().Class("lede").Text(c.t("ex.lede")),
		storeNotice(c.Lang, c.notice),
		app.P().ID("ex-summary").Class("ex-summary").Body(
			app.Text(trn(c.Lang, "ex.summary", tot.Attempts, tot.Solved, tot.Exercises)+" "),
			app.A().Href(pageHref(Page{View: ViewProgress}, c.Lang, false)).Text(c.t("ex.toprogress")),
		),
		app.Ol().ID("ex-list").Class("ex-list").Body(
			app.Range(all).Slice(func(i int) app.UI {
				ex := all[i]
				p := c.store.Get(ex.ID)
				cls := "ex-card"
				if p.Solved {
					cls += " solved"
				}
				return app.Li().Class(cls).DataSet("ex", ex.ID).Body(
					app.A().Class("ex-link").Href(pageHref(Page{View: ViewExercises, Ex: ex.ID}, c.Lang, false)).Body(
						app.Span().Class("ex-num").Text(strconv.Itoa(i+1)),
						app.Span().Class("ex-title").Text(ex.Title.In(c.Lang)),
						app.Span().Class("ex-meta").Body(
							kindBadge(c.Lang, ex.Kind),
							statusBadge(c.Lang, p),
							app.If(p.Attempts > 0, func() app.UI {
								return app.Span().Class("attempts").Text(fmt.Sprintf(c.t("ex.attempts"), p.Attempts))
							}),
						),
					),
				)
			}),
		),
	)
}

func (c *ExercisesView) renderExercise() app.UI {
	ex := c.ex
	all := exercise.All()
	idx := 0
	for i, e := range all {
		if e.ID == ex.ID {
			idx = i
		}
	}
	p := c.store.Get(ex.ID)
	return app.Div().ID("exercise").Class("exercise").DataSet("ex", ex.ID).Body(
		app.Div().Class("ex-crumbs").Body(
			app.A().ID("ex-back").Href(pageHref(Page{View: ViewExercises}, c.Lang, false)).Text("← "+c.t("ex.back")),
			app.Span().Class("muted").Text(fmt.Sprintf(c.t("ex.position"), idx+1, len(all))),
		),
		storeNotice(c.Lang, c.notice),
		app.Div().Class("ex-head").Body(
			app.H2().ID("ex-title").Class("page-title").Text(ex.Title.In(c.Lang)),
			kindBadge(c.Lang, ex.Kind),
			app.Span().ID("ex-status").Body(statusBadge(c.Lang, p)),
			app.Span().ID("ex-attempts").Class("attempts").Text(fmt.Sprintf(c.t("ex.attempts"), p.Attempts)),
		),
		app.Div().ID("ex-prompt").Class("ex-prompt").Body(paragraphs(shownPrompt(ex, c.Lang))...),
		app.If(len(ex.Spec) > 0, func() app.UI {
			return app.P().Class("spec").Body(
				app.Range(ex.Spec).Slice(func(i int) app.UI {
					return app.A().Href(SpecBase + ex.Spec[i]).Target("_blank").Rel("noopener").Class("spec-link").Text("§ " + ex.Spec[i])
				}),
			)
		}),
		app.Form().ID("answer-form").Class("answer").Aria("label", c.t("ex.answer")).Body(
			c.renderInputs(),
			app.Div().Class("answer-actions").Body(
				app.Button().ID("submit").Type("submit").Class("btn primary big-btn").Text(c.t("ex.submit")),
				app.Button().ID("hint").Type("button").Class("btn").Disabled(c.hints >= len(ex.Hints)).
					Text(fmt.Sprintf(c.t("ex.hint"), min(c.hints+1, len(ex.Hints)), len(ex.Hints))).
					OnClick(func(ctx app.Context, e app.Event) { c.showHint(len(ex.Hints)) }),
				app.If(ex.Kind == exercise.KindJSON || ex.Kind == exercise.KindHTTP, func() app.UI {
					label := c.t("ex.clear")
					if ex.Starter != "" {
						label = c.t("ex.starter")
					}
					return app.Button().ID("restart-editor").Type("button").Class("btn").Text(label).
						OnClick(func(ctx app.Context, e app.Event) { c.setForm(NewForm(ex)) })
				}),
				app.If(ex.Kind == exercise.KindJSON || ex.Kind == exercise.KindHTTP, func() app.UI {
					return app.Button().ID("wrap-toggle").Type("button").Class("btn").Aria("pressed", strconv.FormatBool(!c.noWrap)).
						Text(c.t("ex.wrap")).OnClick(func(ctx app.Context, e app.Event) { c.toggleWrap() })
				}),
			),
		).OnSubmit(func(ctx app.Context, e app.Event) {
			e.PreventDefault()
			c.submit(ctx)
		}),
		app.If(c.saveErr != "", func() app.UI { return app.P().Class("status-msg bad").Role("alert").Text(c.saveErr) }),
		c.renderFeedback(),
		app.If(c.hints > 0, func() app.UI {
			return app.Section().ID("hints").Class("hints").Aria("label", c.t("ex.hints")).Body(
				app.H3().Text(c.t("ex.hints")),
				app.Ol().Body(app.Range(ex.Hints[:c.hints]).Slice(func(i int) app.UI {
					return app.Li().Body(codeText(ex.Hints[i].In(c.Lang))...)
				})),
			)
		}),
		c.renderModel(p),
		app.Div().Class("ex-pager").Body(
			app.If(idx > 0, func() app.UI {
				return app.A().ID("ex-prev").Class("btn").Href(pageHref(Page{View: ViewExercises, Ex: all[idx-1].ID}, c.Lang, false)).
					Text("← " + all[idx-1].Title.In(c.Lang))
			}),
			app.If(idx < len(all)-1, func() app.UI {
				return app.A().ID("ex-next").Class("btn").Href(pageHref(Page{View: ViewExercises, Ex: all[idx+1].ID}, c.Lang, false)).
					Text(all[idx+1].Title.In(c.Lang) + " →")
			}),
		),
	)
}

// renderInputs draws the inputs for the exercise's kind.
func (c *ExercisesView) renderInputs() app.UI {
	ex := c.ex
	switch ex.Kind {
	case exercise.KindChoice:
		return app.Div().Class("questions").Body(app.Range(ex.Questions).Slice(func(i int) app.UI { return c.renderChoice(ex.Questions[i]) }))
	case exercise.KindChannel:
		return app.Div().Class("questions").Body(app.Range(ex.Questions).Slice(func(i int) app.UI { return c.renderChannel(ex.Questions[i]) }))
	case exercise.KindNumeric:
		return app.Div().Class("fields").Body(app.Range(ex.Fields).Slice(func(i int) app.UI { return c.renderField(ex.Fields[i]) }))
	}
	if len(ex.Parts) > 0 {
		return app.Div().Class("parts").Body(app.Range(ex.Parts).Slice(func(i int) app.UI {
			pt := ex.Parts[i]
			return app.Div().Class("part").Body(
				app.Label().For("editor-"+pt.ID).Class("part-label").Body(
					app.Code().Text("### "+pt.ID), app.Text(" — "+partPrompt(pt.ID, pt.Prompt.In(c.Lang))),
				),
				editor("editor-"+pt.ID, pt.Prompt.In(c.Lang), c.form.Parts[pt.ID], !c.noWrap, func(s string) {
					f := c.form.Clone()
					f.Parts[pt.ID] = s
					c.setForm(f)
				}),
			)
		}))
	}
	return app.Div().Class("parts").Body(
		app.Label().For("editor").Class("part-label").Text(c.t("ex.editor."+string(ex.Kind))),
		editor("editor", c.t("ex.answer"), c.form.Text, !c.noWrap, func(s string) {
			f := c.form.Clone()
			f.Text = s
			c.setForm(f)
		}),
	)
}

func (c *ExercisesView) renderChoice(q exercise.Question) app.UI {
	typ := "radio"
	if q.Multi {
		typ = "checkbox"
	}
	return app.FieldSet().Class("question").ID("q-"+q.ID).Body(
		app.Legend().Body(app.Code().Class("qid").Text(q.ID), app.Text(" "+q.Prompt.In(c.Lang))),
		app.Range(q.Choices).Slice(func(i int) app.UI {
			ch := q.Choices[i]
			id := "c-" + q.ID + "-" + ch.ID
			on := c.form.Picked(q.ID, ch.ID)
			cls := "choice"
			if on {
				cls += " on"
			}
			return app.Label().Class(cls).For(id).Body(
				app.Input().ID(id).Type(typ).Name(c.ex.ID+"-"+q.ID).Value(ch.ID).Checked(on).
					OnChange(func(ctx app.Context, e app.Event) {
						f := c.form.Clone()
						f.Toggle(q, ch.ID)
						c.setForm(f)
					}, app.EventScope(q.ID+"/"+ch.ID)),
				app.Span().Class("choice-text").Body(codeText(ch.Label.In(c.Lang))...),
			)
		}),
	)
}

func (c *ExercisesView) renderChannel(q exercise.Question) app.UI {
	cur := c.form.Chans[q.ID]
	codeID := "code-" + q.ID
	needCode := cur.Channel == exercise.ChannelProtocolError || cur.Channel == exercise.ChannelHTTPStatus
	codeLabel := c.t("ex.chan.code")
	if cur.Channel == exercise.ChannelHTTPStatus {
		codeLabel = c.t("ex.chan.status")
	}
	return app.FieldSet().Class("question channel-q").ID("q-"+q.ID).Body(
		app.Legend().Body(app.Code().Class("qid").Text(q.ID), app.Text(" "), app.Code().Text(q.Prompt.In(c.Lang))),
		app.Div().Class("chan-row").Body(
			app.Range(pickChannels).Slice(func(i int) app.UI {
				chn := pickChannels[i]
				id := "ch-" + q.ID + "-" + chn
				on := cur.Channel == chn
				cls := "choice chan"
				if on {
					cls += " on"
				}
				return app.Label().Class(cls).For(id).Body(
					app.Input().ID(id).Type("radio").Name(c.ex.ID+"-"+q.ID).Value(chn).Checked(on).
						OnChange(func(ctx app.Context, e app.Event) {
							f := c.form.Clone()
							p := f.Chans[q.ID]
							p.Channel = chn
							f.Chans[q.ID] = p
							c.setForm(f)
						}, app.EventScope(q.ID+"/"+chn)),
					app.Span().Class("choice-text").Body(app.Code().Text(chn), app.Br(), app.Small().Text(c.t("ex.chan."+chn))),
				)
			}),
			app.Label().Class("code-field").For(codeID).Body(
				app.Span().Class("field-label").Text(codeLabel),
				app.Input().ID(codeID).Class("num-input").Type("text").Attr("inputmode", "numeric").Attr("autocomplete", "off").
					Disabled(!needCode).Value(cur.Code).Placeholder(map[bool]string{true: "404", false: "-32600"}[cur.Channel == exercise.ChannelHTTPStatus]).
					OnInput(func(ctx app.Context, e app.Event) {
						f := c.form.Clone()
						p := f.Chans[q.ID]
						p.Code = ctx.JSSrc().Get("value").String()
						f.Chans[q.ID] = p
						c.setForm(f)
					}, app.EventScope(q.ID+"/code")),
			),
		),
	)
}

func (c *ExercisesView) renderField(fl exercise.Field) app.UI {
	slots := c.form.Nums[fl.ID]
	unit := fl.Unit.In(c.Lang)
	return app.FieldSet().Class("num-field").ID("f-"+fl.ID).Body(
		app.Legend().Body(app.Code().Class("qid").Text(fl.ID), app.Text(" "+fl.Label.In(c.Lang))),
		app.Div().Class("num-row").Body(
			app.Range(slots).Slice(func(i int) app.UI {
				id := "num-" + fl.ID
				label := fl.Label.In(c.Lang)
				if fl.Sequence {
					id += "-" + strconv.Itoa(i)
					label += " " + strconv.Itoa(i+1)
				}
				return app.Span().Class("num-slot").Body(
					app.If(fl.Sequence, func() app.UI { return app.Span().Class("slot-n").Aria("hidden", "true").Text(strconv.Itoa(i+1) + ".") }),
					app.Input().ID(id).Class("num-input").Type("text").Attr("inputmode", "decimal").Attr("autocomplete", "off").
						Aria("label", label).Value(slots[i]).
						OnInput(func(ctx app.Context, e app.Event) {
							f := c.form.Clone()
							f.Nums[fl.ID][i] = ctx.JSSrc().Get("value").String()
							c.setForm(f)
						}, app.EventScope(fl.ID+"/"+strconv.Itoa(i))),
					app.If(unit != "", func() app.UI { return app.Span().Class("unit").Text(unit) }),
				)
			}),
		),
	)
}

// editor is a monospace textarea with line numbers. It grows with its
// text (no inner vertical scroll), so the gutter always lines up; the
// frame scrolls when it is very long.
//
// wrap breaks long lines on screen (the text keeps its own line breaks);
// the line numbers only line up without it, so they show only then.
func editor(id, label, text string, wrap bool, set func(string)) app.UI {
	lines := strings.Count(text, "\n") + 1
	var nums strings.Builder
	for i := 1; i <= lines; i++ {
		if i > 1 {
			nums.WriteByte('\n')
		}
		nums.WriteString(strconv.Itoa(i))
	}
	cls, wrapAttr := "editor", "off"
	if wrap {
		cls, wrapAttr = "editor wrap", "soft"
	}
	return app.Div().Class(cls).Body(
		app.If(!wrap, func() app.UI { return app.Pre().Class("gutter").Aria("hidden", "true").Text(nums.String()) }),
		app.Textarea().ID(id).Class("code-input").Rows(max(lines+1, 5)).Spellcheck(false).
			Attr("wrap", wrapAttr).Attr("autocapitalize", "off").Attr("autocomplete", "off").Attr("autocorrect", "off").
			Aria("label", label).Text(text).
			OnInput(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("value").String()) }, app.EventScope(id)),
	)
}

func (c *ExercisesView) renderFeedback() app.UI {
	if c.fb == nil {
		return app.Div().ID("feedback").Hidden(true)
	}
	fb := c.fb
	cls, icon := "feedback bad", "✗"
	if fb.Correct {
		cls, icon = "feedback ok", "✓"
	}
	return app.Section().ID("feedback").Class(cls).TabIndex(-1).Role("status").Aria("live", "polite").Aria("label", c.t("ex.feedback")).Body(
		app.H3().ID("fb-summary").Body(app.Span().Class("fb-icon").Aria("hidden", "true").Text(icon+" "), app.Text(fb.Summary)),
		app.If(c.notCounted, func() app.UI { return app.P().ID("fb-not-counted").Class("muted").Text(c.t("ex.notcounted")) }),
		app.If(len(fb.Problems) > 0, func() app.UI {
			return app.Ul().ID("fb-problems").Class("problems").Body(app.Range(fb.Problems).Slice(func(i int) app.UI {
				return app.Li().Body(codeText(formFeedback(c.ex, c.Lang, fb.Problems[i]))...)
			}))
		}),
		app.If(len(fb.Notes) > 0, func() app.UI {
			return app.Div().Class("notes").Body(
				app.H4().Text(c.t("ex.notes")),
				app.Ul().ID("fb-notes").Body(app.Range(fb.Notes).Slice(func(i int) app.UI {
					return app.Li().Body(codeText(formFeedback(c.ex, c.Lang, fb.Notes[i]))...)
				})),
			)
		}),
	)
}

// renderModel shows the model answer once exercise.Reveal allows it.
func (c *ExercisesView) renderModel(p exercise.Progress) app.UI {
	ex := c.ex
	if !exercise.Reveal(p) {
		return app.P().ID("model-locked").Class("model-locked muted").
			Text(fmt.Sprintf(c.t("ex.model.locked"), exercise.RevealAfter, p.Attempts, exercise.RevealAfter))
	}
	var body app.UI
	switch ex.Kind {
	case exercise.KindChoice:
		body = app.Ul().Class("model-list").Body(app.Range(ex.Questions).Slice(func(i int) app.UI {
			q := ex.Questions[i]
			var labels []string
			for _, ch := range q.Choices {
				for _, id := range q.Correct {
					if id == ch.ID {
						labels = append(labels, ch.Label.In(c.Lang))
					}
				}
			}
			return app.Li().Body(app.Code().Class("qid").Text(q.ID), app.Text(" "+strings.Join(labels, " · ")))
		}))
	case exercise.KindChannel:
		body = app.Ul().Class("model-list").Body(app.Range(ex.Questions).Slice(func(i int) app.UI {
			q := ex.Questions[i]
			return app.Li().Body(app.Code().Class("qid").Text(q.ID), app.Text(" "), app.Code().Text(q.Want.String()))
		}))
	case exercise.KindNumeric:
		body = app.Ul().Class("model-list").Body(app.Range(ex.Fields).Slice(func(i int) app.UI {
			fl := ex.Fields[i]
			var vs []string
			for _, w := range fl.Want {
				vs = append(vs, strconv.FormatFloat(w, 'f', -1, 64))
			}
			v := strings.Join(vs, ", ")
			if fl.Sequence {
				v = "[" + v + "]"
			}
			if u := fl.Unit.In(c.Lang); u != "" {
				v += " " + u
			}
			return app.Li().Body(app.Code().Class("qid").Text(fl.ID), app.Text(" "+fl.Label.In(c.Lang)+": "), app.Strong().Text(v))
		}))
	default:
		body = app.Pre().Class("model-answer").Text(ex.ModelAnswer)
	}
	return app.Section().ID("model").Class("model").Aria("label", c.t("ex.model")).Body(
		app.H3().Text(c.t("ex.model")),
		body,
		app.P().Class("explanation").Body(codeText(ex.Explanation.In(c.Lang))...),
	)
}

// paragraphs splits text on newlines into paragraphs.
func paragraphs(text string) []app.UI {
	var out []app.UI
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		out = append(out, app.P().Body(codeText(line)...))
	}
	return out
}

// codeText renders `backticked` spans of a feedback line as code.
func codeText(s string) []app.UI {
	var out []app.UI
	for i, seg := range SplitCode(s) {
		if seg == "" {
			continue
		}
		if i%2 == 1 {
			out = append(out, app.Code().Text(seg))
		} else {
			out = append(out, app.Text(seg))
		}
	}
	if len(out) == 0 {
		out = append(out, app.Text(""))
	}
	return out
}

// SplitCode splits s on backticks: even indexes are text, odd ones code.
// An unpaired backtick is kept as text.
func SplitCode(s string) []string {
	if strings.Count(s, "`")%2 != 0 || !strings.Contains(s, "`") {
		return []string{s}
	}
	return strings.Split(s, "`")
}

// partPrompt drops the part's own ID from the start of its prompt
// ("accepted: 200 with a result"): the label already shows it.
func partPrompt(id, prompt string) string {
	for _, sep := range []string{": ", "：", ":"} {
		if rest, ok := strings.CutPrefix(prompt, id+sep); ok {
			return rest
		}
	}
	return prompt
}
