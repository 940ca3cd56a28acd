package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/exercise"
)

// Progress lives in localStorage under exercise.StoreKey as the exact JSON
// of exercise.Store.Marshal (the export file has the same format). It is
// read and written as a plain string with getItem/setItem: go-app's
// LocalStorage would JSON-encode it once more.

// backupKey keeps a store that could not be read, so a reset never
// silently destroys the only copy.
const backupKey = exercise.StoreKey + ".unreadable"

// maxImportBytes bounds an imported file.
const maxImportBytes = 1 << 20

// loadProgress reads the saved store. A corrupt, old or new-format store
// is replaced by a fresh one (the old text is kept under backupKey) and
// the returned notice, in lang, says so. It never panics.
func loadProgress(lang string) (s exercise.Store, notice string) {
	defer func() {
		if r := recover(); r != nil {
			s, notice = exercise.NewStore(), fmt.Sprintf(tr(lang, "prog.storage.error"), fmt.Sprint(r))
		}
	}()
	ls := webStore("localStorage")
	if !ls.Truthy() {
		return exercise.NewStore(), ""
	}
	item := ls.Call("getItem", exercise.StoreKey)
	if item.IsNull() || item.IsUndefined() {
		return exercise.NewStore(), ""
	}
	raw := item.String()
	s, notice = exercise.LoadStoreLang([]byte(raw), lang)
	if notice != "" {
		ls.Call("setItem", backupKey, raw)
		ls.Call("setItem", exercise.StoreKey, string(s.Marshal()))
	}
	return s, notice
}

// saveProgress writes the store; the error is shown to the learner (a
// full or disabled storage must not lose the answer silently).
func saveProgress(s exercise.Store) error {
	return webStorage("localStorage", func(ls app.Value) { ls.Call("setItem", exercise.StoreKey, string(s.Marshal())) })
}

// webStorage runs f on the window's localStorage or sessionStorage (name);
// a missing or failing storage (disabled, full: setItem throws) is an
// error, never a panic.
func webStorage(name string, f func(store app.Value)) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	store := webStore(name)
	if !store.Truthy() {
		return errors.New(name + " is not available")
	}
	f(store)
	return nil
}

// ParseImport reads an exported progress file. Unlike loading (which
// resets a bad store), a bad file is refused with the reason, in lang, and
// nothing changes.
func ParseImport(data []byte, lang string) (exercise.Store, error) {
	if len(data) > maxImportBytes {
		return exercise.Store{}, fmt.Errorf(tr(lang, "prog.import.big"), len(data), maxImportBytes)
	}
	if len(strings.TrimSpace(string(data))) == 0 {
		return exercise.Store{}, errors.New(tr(lang, "prog.import.empty"))
	}
	var top any
	if err := json.Unmarshal(data, &top); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			// As the exercises report it: Offset is past the offending
			// byte; an unexpected end points after the last character.
			off := int(se.Offset)
			if strings.Contains(se.Error(), "unexpected end") {
				off = len(strings.TrimRight(string(data), " \t\r\n"))
			} else if off > 0 {
				off--
			}
			line, col := exercise.LineCol(string(data), off)
			return exercise.Store{}, fmt.Errorf(tr(lang, "prog.import.syntax"), line, col, se.Error())
		}
		return exercise.Store{}, fmt.Errorf(tr(lang, "prog.import.syntax"), 1, 1, err.Error())
	}
	m, ok := top.(map[string]any)
	if !ok {
		return exercise.Store{}, errors.New(tr(lang, "prog.import.notstore"))
	}
	v, ok := m["version"].(float64)
	if !ok {
		return exercise.Store{}, errors.New(tr(lang, "prog.import.notstore"))
	}
	if v != float64(exercise.StoreVersion) {
		return exercise.Store{}, fmt.Errorf(tr(lang, "prog.import.version"), strconv.FormatFloat(v, 'f', -1, 64), exercise.StoreVersion)
	}
	s, notice := exercise.LoadStoreLang(data, lang)
	if notice != "" {
		return exercise.Store{}, fmt.Errorf(tr(lang, "prog.import.shape"), shapeDetail(notice))
	}
	return s, nil
}

// shapeDetail takes the precise part of LoadStoreLang's notice: the text
// in its outermost brackets ("$.exercises.x.attempts: expected …").
func shapeDetail(notice string) string {
	for _, pair := range [][2]string{{"(", ")"}, {"（", "）"}} {
		i, j := strings.Index(notice, pair[0]), strings.LastIndex(notice, pair[1])
		if i >= 0 && j > i {
			return notice[i+len(pair[0]) : j]
		}
	}
	return notice
}

// MergeStores adds imported progress to the current one: an exercise is
// solved if either says so and keeps the larger attempt count. Its last
// answer goes with "solved": when only one side solved it, that side's
// answer (a learner who exported a wrong attempt, reset, solved and then
// imported must not see the old wrong answer next to "solved"); otherwise
// the answer of the side with more attempts (the import on a tie). It
// returns a new store and how many exercises the import changed.
func MergeStores(cur, imp exercise.Store) (exercise.Store, int) {
	out := exercise.NewStore()
	for id, p := range cur.Exercises {
		if p != nil {
			cp := *p
			out.Exercises[id] = &cp
		}
	}
	changed := 0
	ids := make([]string, 0, len(imp.Exercises))
	for id := range imp.Exercises {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		ip := imp.Exercises[id]
		if ip == nil {
			continue
		}
		old, had := out.Exercises[id]
		if !had {
			cp := *ip
			out.Exercises[id] = &cp
			changed++
			continue
		}
		next := *old
		next.Solved = old.Solved || ip.Solved
		next.Attempts = max(old.Attempts, ip.Attempts)
		takeImport := ip.Attempts >= old.Attempts
		if old.Solved != ip.Solved {
			takeImport = ip.Solved
		}
		if takeImport && ip.LastAnswer != "" {
			next.LastAnswer = ip.LastAnswer
		}
		if next != *old {
			changed++
		}
		out.Exercises[id] = &next
	}
	return out, changed
}

// Totals summarises a store over the course's exercises.
type Totals struct {
	Exercises, Solved, Attempted, Attempts int
}

// ProgressTotals counts solved and attempted exercises of exercise.All.
func ProgressTotals(s exercise.Store) Totals {
	var t Totals
	for _, ex := range exercise.All() {
		t.Exercises++
		p := s.Get(ex.ID)
		if p.Solved {
			t.Solved++
		}
		if p.Attempts > 0 {
			t.Attempted++
		}
		t.Attempts += p.Attempts
	}
	return t
}

// ExportName is the file name of a progress export.
func ExportName() string { return "mcp-wire-lab-progress.json" }

// ProgressView is the overview: every exercise's status and totals, and
// export, import and reset.
type ProgressView struct {
	app.Compo

	Lang string

	progressState
	// mounted is the context of OnMount: the view's own, which stays
	// mounted when the dialog whose button fired an event goes (go-app runs
	// a Defer only while the event's element is still mounted).
	mounted app.Context
}

// progressState is the progress view's state as plain Go (as labState is
// the visualizer's); its methods below are the only code that changes it
// (TestViewStatesWrittenByTheirMethods), and ProgressView adds the
// page's effects (storage, files, the dialog's focus) around them.
type progressState struct {
	store   exercise.Store
	loaded  bool
	notice  string // the store was reset on load
	status  string // last import/export/reset outcome
	failed  bool   // status is an error
	confirm bool   // reset asks for confirmation
}

// load is the store as read from the tab's storage, and the notice when
// it was reset.
func (s *progressState) load(store exercise.Store, notice string) {
	s.store, s.notice = store, notice
	s.loaded = true
}

// say is the outcome of the last import, export or reset.
func (s *progressState) say(msg string, failed bool) {
	s.status, s.failed = msg, failed
}

// useStore is the store after an import was saved.
func (s *progressState) useStore(store exercise.Store) {
	s.store = store
	s.notice = ""
}

// resetTo is the store after a confirmed reset was saved.
func (s *progressState) resetTo(fresh exercise.Store) {
	s.store, s.confirm, s.notice = fresh, false, ""
}

// askReset opens the reset's confirmation; cancelReset closes it.
func (s *progressState) askReset()    { s.confirm, s.status = true, "" }
func (s *progressState) cancelReset() { s.confirm = false }

// OnMount reads the store (localStorage exists only in the browser).
// OnDismount takes back the confirmation's inert if the view is left with
// it open (Back).
func (c *ProgressView) OnDismount() {
	if c.confirm {
		dom.InertOutside("")
	}
}

func (c *ProgressView) OnMount(ctx app.Context) {
	c.mounted = ctx
	c.load(loadProgress(c.Lang))
}

func (c *ProgressView) t(key string) string { return tr(c.Lang, key) }

func (c *ProgressView) export() {
	dom.Download(ExportName(), "application/json", string(c.store.Marshal()))
	c.say(fmt.Sprintf(c.t("prog.exported"), ExportName()), false)
}

// importFile reads the chosen file with the browser's File.text() and
// merges it into the store.
func (c *ProgressView) importFile(ctx app.Context, input app.Value) {
	files := input.Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	file := files.Index(0)
	name := file.Get("name").String()
	size := file.Get("size").Int()
	input.Set("value", "") // choosing the same file again fires change again
	if size > maxImportBytes {
		c.say(fmt.Sprintf(c.t("prog.import.bad"), name, fmt.Sprintf(c.t("prog.import.big"), size, maxImportBytes)), true)
		return
	}
	var onText, onErr app.Func
	release := func() {
		onText.Release()
		onErr.Release()
	}
	onText = app.FuncOf(func(this app.Value, args []app.Value) any {
		text := ""
		if len(args) > 0 {
			text = args[0].String()
		}
		ctx.Dispatch(func(ctx app.Context) { c.applyImport(name, text) })
		release()
		return nil
	})
	onErr = app.FuncOf(func(this app.Value, args []app.Value) any {
		msg := "?"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		ctx.Dispatch(func(ctx app.Context) {
			c.say(fmt.Sprintf(c.t("prog.import.bad"), name, msg), true)
		})
		release()
		return nil
	})
	file.Call("text").Call("then", onText, onErr)
}

func (c *ProgressView) applyImport(name, text string) {
	imp, err := ParseImport([]byte(text), c.Lang)
	if err != nil {
		c.say(fmt.Sprintf(c.t("prog.import.bad"), name, err.Error()), true)
		return
	}
	merged, changed := MergeStores(c.store, imp)
	if err := saveProgress(merged); err != nil {
		c.say(fmt.Sprintf(c.t("prog.save.error"), err.Error()), true)
		return
	}
	c.useStore(merged)
	c.say(trn(c.Lang, "prog.imported", changed, name), false)
}

func (c *ProgressView) reset() {
	fresh := exercise.NewStore()
	if err := saveProgress(fresh); err != nil {
		c.say(fmt.Sprintf(c.t("prog.save.error"), err.Error()), true)
		return
	}
	c.resetTo(fresh)
	c.say(c.t("prog.reset.done"), false)
}

// The reset confirmation is a modal alertdialog (WAI-ARIA dialog
// pattern), as the lab's help and Mermaid dialogs: the focus moves to
// Cancel when it opens, Tab and Shift+Tab go round its two buttons, Escape
// cancels, and the focus goes back to the reset button when it closes.
func (c *ProgressView) openReset(ctx app.Context) {
	c.askReset()
	ctx.Defer(func(app.Context) {
		dom.InertOutside("reset-dialog")
		dom.Focus("reset-cancel")
	})
}

func (c *ProgressView) closeReset(ctx app.Context) {
	c.cancelReset()
	c.mounted.Defer(func(app.Context) {
		dom.InertOutside("")
		dom.Focus("prog-reset")
	})
}

func (c *ProgressView) resetKey(ctx app.Context, e app.Event) {
	switch e.Get("key").String() {
	case "Tab":
		e.PreventDefault()
		dom.TrapTab("reset-dialog", e.Get("shiftKey").Bool())
	case "Escape":
		e.PreventDefault()
		c.closeReset(ctx)
	}
}

// Render draws the overview.
func (c *ProgressView) Render() app.UI {
	all := exercise.All()
	tot := ProgressTotals(c.store)
	return app.Div().ID("progress").Class("progress-page").Body(
		app.H2().Class("page-title").Text(c.t("prog.title")),
		storeNotice(c.Lang, c.notice),
		app.Div().ID("prog-totals").Class("totals").Body(
			totalCard(fmt.Sprintf("%d / %d", tot.Solved, tot.Exercises), c.t("prog.solved")),
			totalCard(strconv.Itoa(tot.Attempted), c.t("prog.attempted")),
			totalCard(strconv.Itoa(tot.Attempts), c.t("prog.attempts")),
		),
		app.Div().Class("meter").Role("progressbar").Aria("valuemin", 0).Aria("valuemax", tot.Exercises).Aria("valuenow", tot.Solved).
			Aria("label", c.t("prog.solved")).Body(
			app.Div().Class("meter-fill").Style("width", fmt.Sprintf("%.1f%%", percent(tot.Solved, tot.Exercises))),
		),
		app.Table().ID("prog-table").Class("prog-table").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text("#"),
				app.Th().Scope("col").Text(c.t("prog.col.exercise")),
				app.Th().Scope("col").Text(c.t("prog.col.kind")),
				app.Th().Scope("col").Text(c.t("prog.col.status")),
				app.Th().Scope("col").Text(c.t("prog.col.attempts")),
			)),
			app.TBody().Body(
				app.Range(all).Slice(func(i int) app.UI {
					ex := all[i]
					p := c.store.Get(ex.ID)
					return app.Tr().DataSet("ex", ex.ID).Body(
						app.Td().Class("num-cell").Text(strconv.Itoa(i+1)),
						app.Td().Body(app.A().Href(pageHref(Page{View: ViewExercises, Ex: ex.ID}, c.Lang, false)).Text(ex.Title.In(c.Lang))),
						app.Td().Body(kindBadge(c.Lang, ex.Kind)),
						app.Td().Body(statusBadge(c.Lang, p)),
						app.Td().Class("num-cell attempts").Text(strconv.Itoa(p.Attempts)),
					)
				}),
			),
		),
		app.Section().Class("prog-actions").Aria("label", c.t("prog.actions")).Body(
			app.Button().ID("prog-export").Class("btn").Body(app.Span().Aria("hidden", "true").Text("⬇ "), app.Text(c.t("prog.export"))).
				OnClick(func(ctx app.Context, e app.Event) { c.export() }),
			app.Input().ID("prog-import").Class("sr-only").Type("file").Accept(".json,application/json").
				OnChange(func(ctx app.Context, e app.Event) { c.importFile(ctx, ctx.JSSrc()) }),
			app.Label().ID("prog-import-label").Class("btn file-btn").For("prog-import").Body(
				app.Span().Aria("hidden", "true").Text("⬆ "), app.Text(c.t("prog.import")),
			),
			app.Button().ID("prog-reset").Class("btn danger").Body(app.Span().Aria("hidden", "true").Text("↺ "), app.Text(c.t("prog.reset"))).
				OnClick(func(ctx app.Context, e app.Event) { c.openReset(ctx) }),
		),
		app.P().Class("muted small").Text(c.t("prog.where")),
		app.If(c.status != "", func() app.UI {
			cls := "status-msg ok"
			if c.failed {
				cls = "status-msg bad"
			}
			return app.P().ID("prog-status").Class(cls).Role("status").Text(c.status)
		}),
		app.If(c.confirm, func() app.UI {
			return app.Div().Class("overlay").Body(
				app.Div().ID("reset-dialog").Class("dialog").Role("alertdialog").Aria("modal", "true").Aria("labelledby", "reset-title").
					OnKeyDown(c.resetKey).Body(
					app.H2().ID("reset-title").Text(c.t("prog.reset.title")),
					app.P().Text(fmt.Sprintf(c.t("prog.reset.body"), trn(c.Lang, "prog.reset.solved", tot.Solved), trn(c.Lang, "prog.reset.answers", tot.Attempts))),
					app.Div().Class("dialog-actions").Body(
						app.Button().ID("reset-cancel").Class("btn").AutoFocus(true).Text(c.t("prog.cancel")).
							OnClick(func(ctx app.Context, e app.Event) { c.closeReset(ctx) }),
						app.Button().ID("reset-confirm").Class("btn danger solid").Text(c.t("prog.reset.yes")).
							OnClick(func(ctx app.Context, e app.Event) { c.reset(); c.closeReset(ctx) }),
					),
				),
			)
		}),
	)
}

func percent(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) * 100 / float64(b)
}

func totalCard(big, label string) app.UI {
	return app.Div().Class("total-card").Body(
		app.Div().Class("big").Text(big),
		app.Div().Class("count-unit").Text(label),
	)
}

// storeNotice shows that the saved progress could not be read and was
// reset (the notice text comes from exercise.LoadStoreLang).
func storeNotice(lang, notice string) app.UI {
	if notice == "" {
		return app.Div().ID("store-notice").Hidden(true)
	}
	return app.Div().ID("store-notice").Class("notices").Role("alert").Body(
		app.Span().Class("icon").Aria("hidden", "true").Text("⚠"),
		app.Div().Body(
			app.Strong().Text(tr(lang, "prog.notice.title")),
			app.P().Text(notice),
			app.P().Class("small").Text(fmt.Sprintf(tr(lang, "prog.notice.backup"), backupKey)),
		),
	)
}

// statusBadge is "✓ solved", "3 attempts" or "not started".
func statusBadge(lang string, p exercise.Progress) app.UI {
	switch {
	case p.Solved:
		return app.Span().Class("status solved").Body(app.Span().Aria("hidden", "true").Text("✓ "), app.Text(tr(lang, "ex.solved")))
	case p.Attempts > 0:
		return app.Span().Class("status tried").Text(tr(lang, "ex.tried"))
	}
	return app.Span().Class("status new").Text(tr(lang, "ex.new"))
}

func kindBadge(lang string, k exercise.Kind) app.UI {
	return app.Span().Class("kind kind-" + string(k)).Text(tr(lang, "kind.ex."+string(k)))
}
