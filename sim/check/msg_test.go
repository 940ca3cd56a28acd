package check

import (
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"mcpwirelab/sim/text"
	"mcpwirelab/sim/text/texttest"
	"mcpwirelab/sim/text/zhtest"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/virtual"
	"mcpwirelab/sim/wire"
)

// verb is one value a format fills in: the argument's index (0-based) and
// how it is formatted ("d", "q", ".1f").
type verb struct {
	arg  int
	spec string
}

var verbRE = regexp.MustCompile(`%([-+# 0]*)(\d*)(\.\d*)?(?:\[(\d+)\])?([a-zA-Z%])`)

// verbs are the values a format uses, in the order it uses them.
func verbs(format string) []verb {
	var out []verb
	next := 0
	for _, m := range verbRE.FindAllStringSubmatch(format, -1) {
		if m[5] == "%" {
			continue
		}
		if m[4] != "" {
			n, _ := strconv.Atoi(m[4])
			next = n - 1
		}
		out = append(out, verb{next, m[1] + m[2] + m[3] + m[5]})
		next++
	}
	return out
}

func sortedVerbs(format string) []verb {
	v := verbs(format)
	slices.SortFunc(v, func(a, b verb) int {
		if a.arg != b.arg {
			return a.arg - b.arg
		}
		return strings.Compare(a.spec, b.spec)
	})
	return v
}

func hasLetter(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }

func hasHan(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}

// checkFormats: a zh format for every en one, in Chinese when it is a
// whole verdict message (top) with words of its own, using each value the en format uses with
// the same verb, and no other.
func checkFormats(en, zh string, top bool) error {
	switch {
	case en != "" && zh == "":
		return fmt.Errorf("no zh for %q", en)
	case top && hasLetter(verbRE.ReplaceAllString(en, "")) && !hasHan(verbRE.ReplaceAllString(zh, "")):
		return fmt.Errorf("the zh of %q is not Chinese: %q", en, zh)
	}
	if a, b := sortedVerbs(en), sortedVerbs(zh); !slices.Equal(a, b) {
		return fmt.Errorf("the zh of %q fills in %v, the en %v: %q", en, b, a, zh)
	}
	return nil
}

// checkMsg checks a message and its fragments as rendered: the formats
// agree, the Chinese renders without a fmt error, and every value the
// English shows appears in the Chinese formatted the same way.
func checkMsg(m Msg, top bool) error {
	if err := checkFormats(m.f.En, m.f.Zh, top); err != nil {
		return err
	}
	zh := m.Zh()
	if top && !hasHan(zh) {
		return fmt.Errorf("the verdict %q is not in Chinese: %q", m.En(), zh)
	}
	if strings.Contains(zh, "%!") {
		return fmt.Errorf("the zh of %q renders badly: %q", m.f.En, zh)
	}
	for _, v := range verbs(m.f.En) {
		if v.arg >= len(m.args) {
			return fmt.Errorf("%q uses value %d of %d", m.f.En, v.arg+1, len(m.args))
		}
		a := m.args[v.arg]
		if p, ok := a.(Msg); ok {
			if err := checkMsg(p, false); err != nil {
				return err
			}
			a = p.render(true)
		}
		if s := fmt.Sprintf("%"+v.spec, a); !strings.Contains(zh, s) {
			return fmt.Errorf("the zh of %q lacks the value %s: %q", m.f.En, s, zh)
		}
	}
	return nil
}

// checkGraded checks every verdict of a capture, as Judge and the forced
// Judge grade it: its two languages, and its Chinese as the glossary
// checks every zh text (zhProblems).
func checkGraded(t *testing.T, runs []Run) {
	t.Helper()
	for _, run := range runs {
		for _, o := range []JudgeOptions{{}, {Forced: true}} {
			for _, g := range JudgeBoth(run.Trace, o) {
				if g.Message != g.Msg.En() {
					t.Errorf("%s %s: Message %q is not the message's English %q", g.Version, g.ID, g.Message, g.Msg.En())
				}
				if err := checkMsg(g.Msg, true); err != nil {
					t.Errorf("%s %s: %v", g.Version, g.ID, err)
				}
				for _, p := range zhProblems(t, run.Trace, g.Msg) {
					t.Errorf("%s %s: the Chinese verdict %q: %s", g.Version, g.ID, g.Msg.Zh(), p)
				}
			}
		}
	}
}

// zhProblems checks a verdict's Chinese as it is rendered, with its Go
// fragments filled in: no word the glossary avoids, and no English but the
// engine's names and what the capture's wires carry (the server's own
// words, which a verdict quotes). A message assembled from an English
// fragment ("… with HTTP 404") fails here.
func zhProblems(t *testing.T, tr *trace.Trace, m Msg) []string {
	t.Helper()
	ck, err := zhtest.Engine(zhtest.Trace(tr), func(w *zhtest.Words) { addSchemaErrors(w, tr) })
	if err != nil {
		t.Fatal(err)
	}
	return ck.Problems(m.Zh())
}

// addSchemaErrors adds what the schema validator says of each tool schema
// a tools/list result of tr carries: its own words, which the verdict on
// an invalid schema quotes (the library's English, not the lab's prose;
// README, "Editing the course text").
func addSchemaErrors(words *zhtest.Words, tr *trace.Trace) {
	if tr == nil {
		return
	}
	for _, e := range tr.Events {
		for _, raw := range e.Messages {
			var m struct {
				Result struct {
					Tools []struct {
						Name         string          `json:"name"`
						InputSchema  json.RawMessage `json:"inputSchema"`
						OutputSchema json.RawMessage `json:"outputSchema"`
					} `json:"tools"`
				} `json:"result"`
			}
			if json.Unmarshal(raw, &m) != nil {
				continue
			}
			for _, t := range m.Result.Tools {
				for which, s := range map[string]json.RawMessage{"input": t.InputSchema, "output": t.OutputSchema} {
					if len(s) == 0 {
						continue
					}
					if _, err := primitive.CompileSchema(t.Name, which, s); err != nil {
						words.Add(oneLine(err.Error()))
					}
				}
			}
		}
	}
}

// wordRE is an English word: one with a small letter (not HTTP, not
// U+%04X), which the Chinese must translate.
var wordRE = regexp.MustCompile(`[A-Za-z]*[a-z][A-Za-z]*`)

// checkVerdicts reads a verdict table and checks each message: the same
// verbs in both languages (text.CheckVerbs) and Chinese where the English
// has words (a message of names only, ", HTTP %d", may read the same).
func checkVerdicts(name, data string) (*text.Table, []error) {
	tb := text.Load(text.Source{Name: name, Data: data})
	errs := tb.Errs
	entries, _ := text.ParseTable(name, data)
	for _, e := range entries {
		fail := func(format string, a ...any) {
			errs = append(errs, &text.FileError{File: name, Line: e.Line, Msg: fmt.Sprintf("[%s]: ", e.Key) + fmt.Sprintf(format, a...)})
		}
		if why := text.CheckVerbs(e.Text); why != "" {
			fail("%s", why)
		}
		if wordRE.MatchString(verbRE.ReplaceAllString(e.Text.En, "")) && !hasHan(e.Text.Zh) {
			fail("the zh is not Chinese: %q", e.Text.Zh)
		}
	}
	return tb, errs
}

// TestVerdictTable: verdicts.text reads without a mistake
// (and no key twice), and every message, title and note has a
// Chinese wording with the same values.
func TestVerdictTable(t *testing.T) {
	for _, f := range []text.Source{{Name: verdictFile, Data: verdictsFile}} {
		_, errs := checkVerdicts(f.Name, f.Data)
		for _, err := range errs {
			t.Error(err)
		}
	}
	for _, err := range verdictTable().Errs {
		t.Error(err)
	}
	if n := len(verdictTable().Keys()); n < 200 {
		t.Errorf("the tables have %d texts", n)
	}
}

// TestProbeNotes: each probe's note fills its one verb with the protocol
// fact the code gives it (and has no verb without one).
func TestProbeNotes(t *testing.T) {
	for _, p := range probeNotes {
		x, _ := verdictTable().Get(probePrefix + p.tag)
		if n, want := len(text.Verbs(x.En)), min(len(p.arg), 1); n != want {
			t.Errorf("[%s%s] has %d verbs, the code gives it %q", probePrefix, p.tag, n, p.arg)
		}
		if got := p.text(); strings.Contains(got.En+got.Zh, "%!") {
			t.Errorf("[%s%s] renders badly: %q", probePrefix, p.tag, got)
		}
	}
}

// TestVerdictTableBroken: each fixture names the errors it must give.
func TestVerdictTableBroken(t *testing.T) {
	texttest.Broken(t, "testdata/verdicts-broken/*.text", 3, func(name, data string) []error {
		_, errs := checkVerdicts(name, data)
		return errs
	})
}

// messageKeys finds the key of every message the source makes: each
// msg(key, …), joinWith(items, key) and j.result(id, verdict, seq, key, …)
// call, whose key is a literal or a constant of the file.
func messageKeys(fset *token.FileSet, f *ast.File) (keys []string, errs []error) {
	consts := map[string]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		if d, ok := n.(*ast.GenDecl); ok && d.Tok == token.CONST {
			for _, sp := range d.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i < len(vs.Values) {
						if s, ok := literal(vs.Values[i]); ok {
							consts[name.Name] = s
						}
					}
				}
			}
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		at := -1
		switch fn := call.Fun.(type) {
		case *ast.Ident:
			switch fn.Name {
			case "msg":
				at = 0
			case "joinWith":
				at = 1
			}
		case *ast.SelectorExpr:
			if fn.Sel.Name == "result" {
				at = 3
			}
		}
		if at < 0 {
			return true
		}
		if len(call.Args) <= at {
			errs = append(errs, fmt.Errorf("%s: a message call with %d arguments", fset.Position(call.Pos()), len(call.Args)))
			return true
		}
		key, ok := literal(call.Args[at])
		if id, isIdent := call.Args[at].(*ast.Ident); isIdent {
			key, ok = consts[id.Name]
		}
		if !ok {
			errs = append(errs, fmt.Errorf("%s: a message whose key is not a literal", fset.Position(call.Pos())))
			return true
		}
		keys = append(keys, key)
		return true
	})
	return keys, errs
}

// literal is the string a literal expression (or a sum of them) spells.
func literal(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		a, ok1 := literal(x.X)
		b, ok2 := literal(x.Y)
		return a + b, ok1 && ok2 && x.Op == token.ADD
	}
	return "", false
}

// sourceKeys are the keys the package's Go files name, with the mistakes
// of the calls.
func sourceKeys(t *testing.T, files []texttest.Source) (map[string]bool, []error) {
	t.Helper()
	used := map[string]bool{}
	var errs []error
	fset := token.NewFileSet()
	for _, src := range files {
		f, err := parser.ParseFile(fset, src.Name, src.Text, 0)
		if err != nil {
			t.Fatal(err)
		}
		keys, e := messageKeys(fset, f)
		errs = append(errs, e...)
		for _, k := range keys {
			used[k] = true
		}
	}
	return used, errs
}

// unmatchedKeys: the keys the code names that the table lacks, and the
// table's keys no code names.
func unmatchedKeys(tb *text.Table, used map[string]bool) (missing, unused []string) {
	for k := range used {
		if _, ok := tb.Get(k); !ok {
			missing = append(missing, k)
		}
	}
	for _, k := range tb.Keys() {
		if !used[k] {
			unused = append(unused, k)
		}
	}
	slices.Sort(missing)
	slices.Sort(unused)
	return missing, unused
}

// TestVerdictKeys reads every message the checks can make from the
// package's source (the ones no capture here reaches too): every key
// names a message of verdicts.text, every check has its title and every
// probe its note in verdicts.text, and every text there is used.
func TestVerdictKeys(t *testing.T) {
	used, errs := sourceKeys(t, texttest.GoSources(t))
	for _, err := range errs {
		t.Error(err)
	}
	n := len(used)
	for _, d := range defs {
		used[d.ID+titleSuffix] = true
		used[d.ID+whatSuffix] = true
	}
	for _, p := range probeNotes {
		used[probePrefix+p.tag] = true
	}
	missing, unused := unmatchedKeys(verdictTable(), used)
	for _, k := range missing {
		t.Errorf("the code names [%s], which %s lacks", k, verdictFile)
	}
	for _, k := range unused {
		t.Errorf("%s: [%s] is named by no code", verdictTable().Where[k], k)
	}
	if n < 150 {
		t.Errorf("found only %d message keys in the source", n)
	}
}

// TestMessagesBilingualBroken: the checks above fail a message without
// Chinese, one in English twice, one whose Chinese drops or changes a
// value, a call whose key is not a literal, a key the table lacks and a
// message no code names; they pass one that reorders its values.
func TestMessagesBilingualBroken(t *testing.T) {
	m := func(en, zh string, args ...any) Msg { return Msg{text.Text{En: en, Zh: zh}, args} }
	good := m("Step %d answers %s with %q.", "第 %[1]d 步以 %[3]q 回应 %[2]s。", 3, "tools/list", "oops")
	if err := checkMsg(good, true); err != nil {
		t.Errorf("a reordered zh: %v", err)
	}
	for name, x := range map[string]Msg{
		"no zh":         m("Step %d answers %s.", "", 3, "tools/list"),
		"english twice": m("Step %d answers %s.", "Step %d answers %s.", 3, "tools/list"),
		"drops a value": m("Step %d answers %s.", "第 %d 步回应了。", 3, "tools/list"),
		"other verb":    m("Step %d answers %q.", "第 %d 步回应 %s。", 3, "tools/list"),
		"wrong index":   m("Step %d answers %s.", "第 %[1]d 步回应 %[1]d。", 3, "tools/list"),
		"broken fragment": m("In step %d: %s.", "在第 %d 步：%s。", 3,
			join([]Msg{m("%s has no description", "%s 没有描述", "a"), m("%s is listed twice", "", "b")})),
	} {
		if checkMsg(x, true) == nil {
			t.Errorf("%s: %q / %q passes", name, x.f.En, x.f.Zh)
		}
	}
	src := `package check
const kindA = "kind.a"
func f(j *judge, key string) {
	j.result(IDIDs, Pass, 1, "ids.pass", 1)
	j.result(IDIDs, Pass, 1, key, 1)
	_ = msg("frag.missing", "x")
	_ = msg(kindA)
}`
	used, errs := sourceKeys(t, []texttest.Source{{Name: "broken.go", Text: src}})
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "broken.go:5:") || len(used) != 3 {
		t.Fatalf("found keys %v, errors %v", used, errs)
	}
	tb := text.Load(text.Source{Name: "t.text", Data: "[ids.pass]\nen: Step %d.\nzh: 第 %d 步。\n\n[kind.a]\nen: A.\nzh: 甲。\n\n[never.named]\nen: B.\nzh: 乙。\n"})
	missing, unused := unmatchedKeys(tb, used)
	if !slices.Equal(missing, []string{"frag.missing"}) || !slices.Equal(unused, []string{"never.named"}) {
		t.Errorf("missing %v, unused %v", missing, unused)
	}
}

// TestVerdictsInChinese: every verdict of a capture of the course server
// over a virtual stdio pipe (in process, fast: make text-check runs it) is
// checked in Chinese as checkGraded checks the real captures
// (TestCorrectServer, TestBrokenServers).
func TestVerdictsInChinese(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tg := Target{Name: "the course server", Transport: "stdio", NewPipe: func() wire.Pipe { return virtual.NewPipe(labServer()) }}
	runs := Capture(ctx, tg, Options{Calls: []Call{{Name: "list_emails", Args: []byte(`{"limit":2}`)}}, Timeout: 3 * time.Second})
	if len(runs) == 0 {
		t.Fatal("no runs")
	}
	checkGraded(t, runs)
}

// TestVerdictsInChineseBroken: a verdict filled in with an English
// fragment, as judge.go once built "-32601 Method not found with HTTP 404",
// fails the Chinese check, and the same verdict with the fragment's record
// passes.
func TestVerdictsInChineseBroken(t *testing.T) {
	bad := msg("unknown-method.fail.request-which-server", UnknownMethod, 3, plain("-32601 Method not found with HTTP 404"))
	if ps := zhProblems(t, nil, bad); len(ps) == 0 {
		t.Errorf("%q passes", bad.Zh())
	}
	good := msg("unknown-method.fail.request-which-server", UnknownMethod, 3, msg("unknown-method.want.http"))
	if ps := zhProblems(t, nil, good); len(ps) > 0 {
		t.Errorf("%q: %v", good.Zh(), ps)
	}
	if checkMsg(good, true) != nil || !strings.Contains(good.En(), "-32601 Method not found with HTTP 404") {
		t.Errorf("the record changes the English: %q", good.En())
	}
}

// TestDiagnosticsBothLanguages: the engine's diagnostics a verdict quotes
// read in English exactly as the engine writes them (what the verdicts
// printed before, oneLine of them), and in Chinese with no English left
// but names and values; a form diag.go does not know stays as written, so
// its Chinese fails the check (the broken twin).
func TestDiagnosticsBothLanguages(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"posted":{"type":"boolean"},"office":{"enum":["Lisbon","上海"]},"code":{"type":"string","pattern":"^[A-Z]+$"}},"required":["board","office"],"additionalProperties":false}`)
	sch, err := primitive.CompileSchema("t", "output", schema)
	if err != nil {
		t.Fatal(err)
	}
	for _, inst := range []string{`{"posted":"yes","code":"x1"}`, `{"office":"Paris","extra":1,"board":"b"}`} {
		var v any
		if err := json.Unmarshal([]byte(inst), &v); err != nil {
			t.Fatal(err)
		}
		verr := sch.Validate(v)
		if verr == nil {
			t.Fatalf("%s validates", inst)
		}
		text := primitive.DescribeValidation(verr, v)
		m := validationMsg(text)
		if m.En() != oneLine(text) {
			t.Errorf("English\n got %q\nwant %q", m.En(), oneLine(text))
		}
		if ps := zhProblems(t, nil, m); len(ps) > 0 {
			t.Errorf("%q: %v", m.Zh(), ps)
		}
	}
	parse := "Parse error: line 1, column 1: invalid character 'D' looking for beginning of value"
	if m := parseErrorMsg(parse); m.En() != parse || len(zhProblems(t, nil, m)) > 0 {
		t.Errorf("%q / %q: %v", m.En(), m.Zh(), zhProblems(t, nil, m))
	}
	unknown := validationMsg("$.n: must be a multiple of 3, got 4.")
	if unknown.Zh() != unknown.En() || len(zhProblems(t, nil, msg("structured-content-matches.fail.structuredcontent-does-not", "t", 3, unknown))) == 0 {
		t.Errorf("an unknown form: %q passes", unknown.Zh())
	}
}

// judgeMethods maps the name of each check's judge method ("ids") to the
// check's id ("ids-echoed"), read from the catalog.
func judgeMethods() map[string]string {
	out := map[string]string{}
	for _, d := range defs {
		n := runtime.FuncForPC(reflect.ValueOf(d.judge).Pointer()).Name() // mcpwirelab/sim/check.(*judge).ids
		out[n[strings.LastIndex(n, ".")+1:]] = d.ID
	}
	return out
}

// checkKeyProblems reads the keys each check's judge method makes
// (judges: method name → check id) and names every key that breaks the
// convention: a key only one check makes is under that check's id
// (<check id>.*, never a shortened "ids.*" or "unsupported.*"); a key
// several checks make is a shared fragment, under no check's id.
func checkKeyProblems(t *testing.T, files []texttest.Source, judges map[string]string) []string {
	t.Helper()
	ids := map[string]bool{}
	for _, id := range judges {
		ids[id] = true
	}
	makers := map[string]map[string]bool{} // key → the checks whose judge makes it
	fset := token.NewFileSet()
	for _, src := range files {
		f, err := parser.ParseFile(fset, src.Name, src.Text, 0)
		if err != nil {
			t.Fatal(err)
		}
		var consts []ast.Decl
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
				consts = append(consts, g)
			}
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil {
				continue
			}
			id, ok := judges[fd.Name.Name]
			if !ok {
				continue
			}
			keys, _ := messageKeys(fset, &ast.File{Name: f.Name, Decls: append(slices.Clone(consts), fd)})
			for _, k := range keys {
				if makers[k] == nil {
					makers[k] = map[string]bool{}
				}
				makers[k][id] = true
			}
		}
	}
	var out []string
	for k, by := range makers {
		prefix, _, _ := strings.Cut(k, ".")
		switch {
		case len(by) == 1:
			for id := range by {
				if prefix != id {
					out = append(out, fmt.Sprintf("[%s] is made by check %s only: key it %s.%s", k, id, id, strings.TrimPrefix(k, prefix+".")))
				}
			}
		case ids[prefix]:
			out = append(out, fmt.Sprintf("[%s] is shared by %d checks: key it by the function that makes it, not check %s", k, len(by), prefix))
		}
	}
	slices.Sort(out)
	return out
}

// TestCheckKeysNamedByID: every message a check's judge makes is keyed
// under the check's own id (ids-echoed.*, unsupported-version.*,
// tool-names.*), not a shortened one (ids.*, unsupported.*, names.*), and
// a fragment several checks share under none of theirs.
func TestCheckKeysNamedByID(t *testing.T) {
	judges := judgeMethods()
	if len(judges) != len(defs) || judges["ids"] != IDIDs || judges["toolNames"] != IDToolNames {
		t.Fatalf("the judge methods read from the catalog: %v", judges)
	}
	for _, p := range checkKeyProblems(t, texttest.GoSources(t), judges) {
		t.Error(p)
	}
	tb := verdictTable()
	for _, d := range defs {
		own := 0
		for _, k := range tb.Keys() {
			if strings.HasPrefix(k, d.ID+".") {
				own++
			}
		}
		if own < 2 {
			t.Errorf("check %s has %d texts under %s.*", d.ID, own, d.ID)
		}
	}
}

// TestCheckKeysNamedByIDBroken: a judge that keys its message under a
// shortened id, and a fragment two checks share keyed under one of their
// ids, are named; the right keys pass.
func TestCheckKeysNamedByIDBroken(t *testing.T) {
	src := `package check
const wantKey = "unsupported.want"
func (j *judge) ids() Graded { return j.result(IDIDs, Pass, 1, "ids.pass.fine", msg("ids-echoed.frag"), msg("shared.what")) }
func (j *judge) unsupported() Graded { _ = msg(wantKey); return j.result(IDUnsupported, Pass, 1, "unsupported-version.pass.ok", msg("shared.what"), msg("ids-echoed.both")) }
func (j *judge) meta() Graded { return j.missing(IDMeta, msg("ids-echoed.both")) }
func helper() Msg { return msg("ids.anything") }`
	judges := map[string]string{"ids": IDIDs, "unsupported": IDUnsupported, "meta": IDMeta}
	got := checkKeyProblems(t, []texttest.Source{{Name: "broken.go", Text: src}}, judges)
	want := []string{
		"[ids-echoed.both] is shared by 2 checks: key it by the function that makes it, not check ids-echoed",
		"[ids.pass.fine] is made by check ids-echoed only: key it ids-echoed.pass.fine",
		"[unsupported.want] is made by check unsupported-version only: key it unsupported-version.want",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
