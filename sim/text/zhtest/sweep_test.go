package zhtest

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"mcpwirelab/sim/exercise"
	"mcpwirelab/sim/httplab"
	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/text"
)

// The text files the sweep reads, from the module root: every file of
// the course text (README, "Editing the course text"). TestSweepCoversEveryFile
// fails on a data file none of them matches.
var textGlobs = []string{
	"sim/scenario/notes/*.notes",
	"sim/scenario/notes/*.glosses",
	"sim/scenario/notes/*.rules",
	"sim/scenario/text/*.text",
	"sim/exercise/text/*.text",
	"sim/check/text/*.text",
	"sim/check/text/*.glosses",
	"sim/calc/text/*.text",
	"app/text/*.text",
}

// everyField is each field a text file may have (the readers check which
// belong where; the sweep only reads zh and quote-zh, and spec for the cited headings).
var everyField = []string{"en", "zh", "spec", "quote", "quote-zh", "same-text-as", "match", "indent"}

// zhValue is one zh value of a text file.
type zhValue struct {
	at, key, zh string
}

// sweep reads every text file: its zh values, and the spec sections its
// records cite.
func sweep(t *testing.T, root string) (values []zhValue, cited []string, files []string) {
	t.Helper()
	for _, g := range textGlobs {
		matches, _ := filepath.Glob(filepath.Join(root, g))
		if len(matches) == 0 {
			t.Errorf("%s matches no file", g)
		}
		for _, f := range matches {
			rel, _ := filepath.Rel(root, f)
			files = append(files, rel)
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			recs, _ := text.Lex(rel, string(b), everyField...) // the format is the readers' to check
			for _, r := range recs {
				for _, name := range []string{"zh", "quote-zh"} { // a note's quote-zh is its quote's gloss
					if f, ok := r.Field(name); ok {
						values = append(values, zhValue{rel + ":" + strconv.Itoa(f.Line), r.Header, f.Value})
					}
				}
				if f, ok := r.Field("spec"); ok {
					cited = append(cited, f.Value)
				}
			}
		}
	}
	return values, cited, files
}

// runWords is what every scenario puts on its wires, under every version,
// transport and fault, and the HTTP lessons under other client settings.
var runWords = sync.OnceValue(func() *Words {
	w := NewWords()
	for _, in := range scenario.List() {
		for _, v := range in.Versions {
			for _, tp := range in.Transports {
				for _, f := range in.Faults {
					tr, err := scenario.Run(scenario.Options{Scenario: in.Name, Version: v, Transport: tp, Fault: f})
					if err == nil {
						w.AddTrace(tr)
					}
				}
			}
		}
		if strings.HasPrefix(in.Name, "http-") {
			for _, f := range in.Faults {
				for _, c := range []httplab.ClientConfig{{JitterPct: 30}, {Retries: -1}, {TimeoutMs: 100}} {
					if tr, err := scenario.Run(scenario.Options{Scenario: in.Name, Version: in.Versions[0], Transport: "http", Fault: f, Client: c}); err == nil {
						w.AddTrace(tr)
					}
				}
			}
		}
	}
	return w
})

// exerciseWords is what the exercises name: the ids of their questions,
// choices, fields and parts (a prompt says "### accepted"), the words of
// their model answers and starters (send_email's bcc) and the spec
// sections they cite.
func exerciseWords() *Words {
	w := NewWords()
	w.AddIDs(exercise.All())
	for _, ex := range exercise.All() {
		for _, src := range []string{ex.ModelAnswer, ex.Starter} {
			w.AddJSON([]byte(src), false)
			for _, f := range strings.FieldsFunc(src, func(r rune) bool {
				return !(r == '_' || r == '-' || r == '/' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
			}) {
				w.Add(f)
			}
		}
		for _, sp := range ex.Spec {
			w.AddAnchor(sp)
		}
	}
	// The graders' hidden cases: JSON in the package's raw strings.
	root, _ := Root()
	files, _ := filepath.Glob(filepath.Join(root, "sim/exercise/*.go"))
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, _ := os.ReadFile(f)
		for _, m := range rawJSON.FindAllStringSubmatch(string(b), -1) {
			w.AddJSON([]byte(m[1]), false)
		}
	}
	return w
}

// rawJSON is a Go raw string holding a JSON object.
var rawJSON = regexp.MustCompile("`(\\{[^`]*\\})`")

// TestZhValues: no zh value of any text file uses a word the glossary
// avoids, leaves English in a Chinese sentence (beyond what the package
// comment allows) or writes English punctuation in Chinese.
func TestZhValues(t *testing.T) {
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	values, cited, _ := sweep(t, root)
	ck, err := Engine(func(w *Words) {
		w.Merge(runWords())
		w.Merge(exerciseWords())
		for _, c := range cited {
			w.AddAnchor(c)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range values {
		for _, p := range ck.Problems(v.zh) {
			t.Errorf("%s [%s]: %s", v.at, v.key, p)
		}
	}
	if len(values) < 1900 {
		t.Errorf("the sweep read %d zh values", len(values))
	}
}

// TestSweepCoversEveryFile: every data file of the course text under sim/
// and app/ is one the sweep reads.
func TestSweepCoversEveryFile(t *testing.T) {
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	_, _, files := sweep(t, root)
	read := map[string]bool{}
	for _, f := range files {
		read[f] = true
	}
	var missed []string
	for _, dir := range []string{"sim", "app"} {
		filepath.WalkDir(filepath.Join(root, dir), func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			switch filepath.Ext(p) {
			case ".text", ".notes", ".glosses", ".rules":
				rel, _ := filepath.Rel(root, p)
				if !read[rel] {
					missed = append(missed, rel)
				}
			}
			return nil
		})
	}
	sort.Strings(missed)
	for _, f := range missed {
		t.Errorf("%s is a text file the sweep does not read: add its glob to textGlobs", f)
	}
}
