package ui

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/text"
	"mcpwirelab/sim/text/texttest"
)

// TestStringFilesParse: the data files have no mistakes, no key is in two
// of them, and a label that ends in a space keeps it (written between
// double quotes).
func TestStringFilesParse(t *testing.T) {
	for _, tb := range []*text.Table{uiStrings(), glossaryTexts()} {
		for _, err := range tb.Errs {
			t.Error(err)
		}
	}
	if n := len(uiStrings().Keys()); n < 300 {
		t.Fatalf("%d strings: the embedded files are missing", n)
	}
	if g, _ := lookupStr("insp.gloss"); g.En != "Translation: " {
		t.Errorf("insp.gloss is %q", g.En)
	}
}

func TestEveryStringHasBothLanguages(t *testing.T) {
	check := func(what, k string, v text.Text) {
		if strings.TrimSpace(v.En) == "" || strings.TrimSpace(v.Zh) == "" {
			t.Errorf("%s %q lacks a language: en=%q zh=%q", what, k, v.En, v.Zh)
		}
		if why := text.CheckVerbs(v); why != "" {
			t.Errorf("%s %q: %s: %q / %q", what, k, why, v.En, v.Zh)
		}
	}
	for _, k := range uiStrings().Keys() {
		v, _ := uiStrings().Get(k)
		check("string", k, v)
	}
	for _, k := range glossaryTexts().Keys() {
		v, _ := glossaryTexts().Get(k)
		check("glossary", k, v)
	}
}

// literalKey finds the keys written literally in the code: tr(lang, "k"),
// trn(lang, "k", …) and a view's t("k").
var literalKey = regexp.MustCompile(`\bt(?:rn?)?\((?:[a-zA-Z.]+, )?"([a-z0-9.\-]+)"[,)]`)

// missingKeys lists the literal keys of a Go source that no table has.
func missingKeys(src string) (found int, missing []string) {
	for _, m := range literalKey.FindAllStringSubmatch(src, -1) {
		found++
		if !hasStr(m[1]) {
			missing = append(missing, m[1])
		}
	}
	return found, missing
}

// Keys written literally in the code must exist in the tables.
func TestLiteralKeysExist(t *testing.T) {
	found := 0
	for _, f := range texttest.GoSources(t) {
		n, missing := missingKeys(f.Text)
		found += n
		for _, k := range missing {
			t.Errorf("%s: key %q is not in the string tables (app/text/*.text)", f.Name, k)
		}
	}
	if found < 50 {
		t.Fatalf("only %d literal keys found: the scanner is broken", found)
	}
}

// TestLiteralKeysBroken: the scanner finds each way the code names a key,
// and reports the ones no table has (testdata/keys-broken.go.txt).
func TestLiteralKeysBroken(t *testing.T) {
	b, err := os.ReadFile("testdata/keys-broken.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	found, missing := missingKeys(string(b))
	want := []string{"no.such.key", "no.such.count", "no.such.view-key"}
	if found != 4 || !slices.Equal(missing, want) {
		t.Errorf("found %d keys, missing %q; want 4, %q", found, missing, want)
	}
}

// Keys built at run time from engine values must exist too.
func TestDynamicKeysExist(t *testing.T) {
	var keys []string
	for _, in := range scenario.List() {
		for _, f := range in.Faults {
			keys = append(keys, "fault."+f)
		}
		for _, tr := range in.Transports {
			keys = append(keys, "transport."+tr)
		}
	}
	for _, p := range []string{"scenario", "version", "transport", "fault", "step", "lang", "view"} {
		keys = append(keys, "param."+p)
	}
	for _, p := range clientParams {
		keys = append(keys, "param."+p.Param, "client."+p.Param)
	}
	for _, p := range []string{"host", "client", "server"} {
		keys = append(keys, "lane."+p)
	}
	for _, d := range []string{DirC2S, DirS2C, DirHost, DirLaunch, DirStderr, "all"} {
		keys = append(keys, "dir."+d)
	}
	keys = append(keys, "ctl.view.steps", "ctl.view.compare")
	for _, k := range keys {
		if !hasStr(k) {
			t.Errorf("dynamic key %q is not in the string table", k)
		}
	}
}

// Every scenario the engine lists has a title in both languages, and
// every fault of every scenario a label.
func TestScenarioTitlesAndFaults(t *testing.T) {
	for _, in := range scenario.List() {
		if strings.TrimSpace(in.Title.En) == "" || strings.TrimSpace(in.Title.Zh) == "" {
			t.Errorf("scenario %s: title %+v lacks a language", in.Name, in.Title)
		}
		if len(in.Versions) == 0 || len(in.Transports) == 0 || len(in.Faults) == 0 {
			t.Errorf("scenario %s lists no versions, transports or faults: %+v", in.Name, in)
		}
	}
	for _, f := range scenario.ToolCallFaults {
		if !hasStr("fault." + f) {
			t.Errorf("fault %q has no label", f)
		}
	}
}

func TestTrFallsBack(t *testing.T) {
	if got := tr("fr", "ctl.next"); got != "Next step" {
		t.Errorf("unknown language: %q", got)
	}
	if got := tr(LangZh, "no.such.key"); got != "no.such.key" {
		t.Errorf("missing key: %q", got)
	}
}

// TestNoClientCapabilityLabelIsTrueForTasks: the fault's label is shown
// in every scenario that offers it, and in the tasks scenario under
// 2025-11-25 no capability is left out: both runs declare {}, and the
// fault drops params.task (README, fault table; sim/scenario
// TestTasksWithoutTaskIsNoCapability). The label says so; "Client does
// not declare the capability" alone was false there.
func TestNoClientCapabilityLabelIsTrueForTasks(t *testing.T) {
	offered := false
	for _, in := range scenario.List() {
		if in.Name == "tasks" && slices.Contains(in.Faults, scenario.FaultUndeclared) && slices.Contains(in.Versions, "2025-11-25") {
			offered = true
		}
	}
	if !offered {
		t.Skip("the tasks scenario no longer offers no-client-capability under 2025-11-25")
	}
	l, _ := lookupStr("fault." + scenario.FaultUndeclared)
	if !strings.Contains(l.En, "task") || !strings.Contains(l.Zh, "任务") {
		t.Errorf("fault.%s reads %q / %q: under 2025-11-25 the tasks run leaves out params.task, not a capability", scenario.FaultUndeclared, l.En, l.Zh)
	}
}
