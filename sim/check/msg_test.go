package check

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"mcpwirelab/sim/text"
	"mcpwirelab/sim/text/texttest"
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
// Judge grade it.
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

// TestVerdictTable: verdicts.text and checks.text read without a mistake
// (and no key is in both), and every message, title and note has a
// Chinese wording with the same values.
func TestVerdictTable(t *testing.T) {
	for _, f := range []text.Source{{Name: verdictFile, Data: verdictsFile}, {Name: checksName, Data: checksFile}} {
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
// probe its note in checks.text, and every text there is used.
func TestVerdictKeys(t *testing.T) {
	used, errs := sourceKeys(t, texttest.GoSources(t))
	for _, err := range errs {
		t.Error(err)
	}
	n := len(used)
	for _, d := range defs {
		used[d.ID+titleSuffix] = true
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
