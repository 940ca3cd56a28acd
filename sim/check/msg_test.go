package check

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
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
	if err := checkFormats(m.en, m.zh, top); err != nil {
		return err
	}
	zh := m.Zh()
	if top && !hasHan(zh) {
		return fmt.Errorf("the verdict %q is not in Chinese: %q", m.En(), zh)
	}
	if strings.Contains(zh, "%!") {
		return fmt.Errorf("the zh of %q renders badly: %q", m.en, zh)
	}
	for _, v := range verbs(m.en) {
		if v.arg >= len(m.args) {
			return fmt.Errorf("%q uses value %d of %d", m.en, v.arg+1, len(m.args))
		}
		a := m.args[v.arg]
		if p, ok := a.(Msg); ok {
			if err := checkMsg(p, false); err != nil {
				return err
			}
			a = p.render(true)
		}
		if s := fmt.Sprintf("%"+v.spec, a); !strings.Contains(zh, s) {
			return fmt.Errorf("the zh of %q lacks the value %s: %q", m.en, s, zh)
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

// sourcePairs finds every message the source can produce: each msg(en,
// zh, …) and j.result(id, verdict, seq, en, zh, …) call, whose formats
// must be literals.
func sourcePairs(fset *token.FileSet, f *ast.File) (pairs [][2]string, tops []bool, errs []error) {
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		at, top := -1, false
		switch fn := call.Fun.(type) {
		case *ast.Ident:
			if fn.Name == "msg" {
				at = 0
			}
		case *ast.SelectorExpr:
			if fn.Sel.Name == "result" {
				at, top = 3, true
			}
		}
		if at < 0 {
			return true
		}
		if len(call.Args) < at+2 {
			errs = append(errs, fmt.Errorf("%s: a message call with %d arguments", fset.Position(call.Pos()), len(call.Args)))
			return true
		}
		en, ok1 := literal(call.Args[at])
		zh, ok2 := literal(call.Args[at+1])
		if !ok1 || !ok2 {
			errs = append(errs, fmt.Errorf("%s: a message whose formats are not literals", fset.Position(call.Pos())))
			return true
		}
		pairs, tops = append(pairs, [2]string{en, zh}), append(tops, top)
		return true
	})
	return
}

// TestMessagesBilingual reads every message the checks can produce from
// the package's source (the ones no capture here reaches too): each has a
// Chinese wording with the same values.
func TestMessagesBilingual(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		pairs, tops, errs := sourcePairs(fset, f)
		for _, err := range errs {
			t.Error(err)
		}
		for i, p := range pairs {
			if err := checkFormats(p[0], p[1], tops[i]); err != nil {
				t.Errorf("%s: %v", name, err)
			}
			if tops[i] {
				n++
			}
		}
	}
	t.Logf("%d verdict messages", n)
	if n < 82 {
		t.Errorf("found only %d verdict messages in the source", n)
	}
}

// TestMessagesBilingualBroken: the checks above fail a message without
// Chinese, one in English twice, one whose Chinese drops or changes a
// value, and a call whose format is not a literal; they pass one that
// reorders its values.
func TestMessagesBilingualBroken(t *testing.T) {
	good := msg("Step %d answers %s with %q.", "第 %[1]d 步以 %[3]q 回应 %[2]s。", 3, "tools/list", "oops")
	if err := checkMsg(good, true); err != nil {
		t.Errorf("a reordered zh: %v", err)
	}
	for name, m := range map[string]Msg{
		"no zh":         msg("Step %d answers %s.", "", 3, "tools/list"),
		"english twice": msg("Step %d answers %s.", "Step %d answers %s.", 3, "tools/list"),
		"drops a value": msg("Step %d answers %s.", "第 %d 步回应了。", 3, "tools/list"),
		"other verb":    msg("Step %d answers %q.", "第 %d 步回应 %s。", 3, "tools/list"),
		"wrong index":   msg("Step %d answers %s.", "第 %[1]d 步回应 %[1]d。", 3, "tools/list"),
		"broken fragment": msg("In step %d: %s.", "在第 %d 步：%s。", 3,
			join([]Msg{msg("%s has no description", "%s 没有描述", "a"), msg("%s is listed twice", "", "b")})),
	} {
		if checkMsg(m, true) == nil {
			t.Errorf("%s: %q / %q passes", name, m.en, m.zh)
		}
	}
	src := `package check
func f(j *judge, en string) {
	j.result(IDIDs, Pass, 1, "Step %d.", "第 %d 步。", 1)
	j.result(IDIDs, Pass, 1, en, "第 %d 步。", 1)
	_ = msg("a %s", "缺 %s", "x")
	_ = msg("a %s", "缺", "x")
}`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "broken.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pairs, tops, errs := sourcePairs(fset, f)
	if len(errs) != 1 || len(pairs) != 3 {
		t.Fatalf("found %d pairs, errors %v", len(pairs), errs)
	}
	var bad []error
	for i, p := range pairs {
		if err := checkFormats(p[0], p[1], tops[i]); err != nil {
			bad = append(bad, err)
		}
	}
	if len(bad) != 1 || !strings.Contains(errors.Join(bad...).Error(), `"a %s"`) {
		t.Errorf("the source check found %v", bad)
	}
}
