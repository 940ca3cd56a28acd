package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"mcpwirelab/sim/scenario"
)

func TestEveryStringHasBothLanguages(t *testing.T) {
	for k, v := range strs {
		if strings.TrimSpace(v.en) == "" || strings.TrimSpace(v.zh) == "" {
			t.Errorf("string %q lacks a language: en=%q zh=%q", k, v.en, v.zh)
		}
		if strings.Count(v.en, "%") != strings.Count(v.zh, "%") {
			t.Errorf("string %q: en and zh have different format verbs: %q / %q", k, v.en, v.zh)
		}
	}
	for k, v := range glossary {
		if strings.TrimSpace(v.en) == "" || strings.TrimSpace(v.zh) == "" {
			t.Errorf("glossary %q lacks a language", k)
		}
	}
}

// Keys written literally in the code must exist in the table.
func TestLiteralKeysExist(t *testing.T) {
	re := regexp.MustCompile(`\bt(?:r)?\((?:[a-zA-Z.]+, )?"([a-z0-9.\-]+)"\)`)
	files, _ := filepath.Glob("*.go")
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			found++
			if _, ok := strs[m[1]]; !ok {
				t.Errorf("%s: key %q is not in the string table", f, m[1])
			}
		}
	}
	if found < 50 {
		t.Fatalf("only %d literal keys found: the scanner is broken", found)
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
		if _, ok := strs[k]; !ok {
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
		if _, ok := strs["fault."+f]; !ok {
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
