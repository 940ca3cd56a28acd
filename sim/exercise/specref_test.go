package exercise

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"mcpwirelab/sim/internal/specschema"
	"mcpwirelab/sim/specref"
)

// TestExerciseSpecsResolve: every spec reference of every exercise names a
// page and heading of the spec, in the one anchor form the website uses
// (specref.Anchor), the same check the annotations pass.
func TestExerciseSpecsResolve(t *testing.T) {
	dir := specschema.Dir(t)
	spec := specref.Open(dir)
	for _, ex := range All() {
		for _, ref := range ex.Spec {
			if err := spec.Check(ref); err != nil {
				t.Errorf("exercise %s: Spec %q: %v", ex.ID, ref, err)
			}
		}
	}
}

// TestStdoutPollutionIsVersionCorrect: the fix question accepts stderr
// alone, and the reason it gives against an MCP log notification rests on
// rules that are in the spec of each version (checked against the text).
func TestStdoutPollutionIsVersionCorrect(t *testing.T) {
	ex := mustEx(t, IDStdoutPollution)
	for _, q := range ex.Questions {
		if q.ID == "fix" && (len(q.Correct) != 1 || q.Correct[0] != "stderr") {
			t.Errorf("fix: correct %v, want stderr alone", q.Correct)
		}
	}
	if !strings.Contains(ex.Prompt.In(EN), "declares only the tools capability") {
		t.Error("the prompt must say which capabilities the server declares: the answer depends on it")
	}
	dir := specschema.Dir(t)
	spec := specref.Open(dir)
	for ref, quote := range map[string]string{
		"2025-11-25/server/utilities/logging#capabilities":          "Servers that emit log message notifications MUST declare the `logging` capability",
		"2026-07-28/server/utilities/logging":                       "existing implementations SHOULD migrate to logging to `stderr` for stdio transports",
		"2026-07-28/server/utilities/logging#per-request-log-level": "The server MUST NOT emit `notifications/message` for a request that does not include this field.",
	} {
		if ok, err := spec.Quotes(ref, quote); err != nil || !ok {
			t.Errorf("%s does not say %q (%v)", ref, quote, err)
		}
	}
}

// TestInvalidParamsSplitIsInTheSpec: the 2026-07-28 schema really lists
// invalid tool arguments under InvalidParamsError and ships the example the
// error-channels exercise names, while server/tools §Error Handling says
// input validation errors are tool execution errors: the split the
// exercise and the annotations explain.
func TestInvalidParamsSplitIsInTheSpec(t *testing.T) {
	dir := specschema.Dir(t)
	b, err := os.ReadFile(filepath.Join(dir, "2026-07-28", "examples", "InvalidParamsError", "invalid-tool-arguments.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ex struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(b, &ex); err != nil || ex.Code != -32602 || !strings.HasPrefix(ex.Message, "Invalid arguments for tool") {
		t.Fatalf("invalid-tool-arguments.json is %s", b)
	}
	s, err := os.ReadFile(filepath.Join(dir, "2026-07-28", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sch struct {
		Defs map[string]struct {
			Description string `json:"description"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(s, &sch); err != nil || !strings.Contains(sch.Defs["InvalidParamsError"].Description, "invalid tool arguments") {
		t.Fatalf("InvalidParamsError does not list invalid tool arguments: %q", sch.Defs["InvalidParamsError"].Description)
	}
	if ok, err := specref.Open(dir).Quotes("2026-07-28/server/tools#error-handling", "Input validation errors (e.g., date in wrong format, value out of range)"); err != nil || !ok {
		t.Fatalf("server/tools no longer lists input validation errors as tool execution errors (%v)", err)
	}
}

// TestNotFoundDataIsAnExample: 2026-07-28 server/resources §Error Handling
// requires the code (-32602) and shows error.data.uri in its "Example
// error" only: no normative sentence of the section names error data. So
// no right answer of resource-not-found may ask for it (the grader of
// read-resource does not either: TestReadResource).
func TestNotFoundDataIsAnExample(t *testing.T) {
	dir := specschema.Dir(t)
	b, err := os.ReadFile(filepath.Join(dir, "2026-07-28", "server", "resources.md"))
	if err != nil {
		t.Fatal(err)
	}
	section := string(b)
	section = section[strings.Index(section, "## Error Handling"):]
	section = section[:strings.Index(section, "## Security Considerations")]
	for _, sentence := range strings.Split(strings.Split(section, "Example error")[0], ".") {
		if normative := strings.Contains(sentence, "MUST") || strings.Contains(sentence, "SHOULD"); normative && strings.Contains(sentence, "data") {
			t.Fatalf("server/resources §Error Handling now requires error data: %q; the exercise may ask for it", sentence)
		}
	}
	if !strings.Contains(section, `"uri": "file:///nonexistent.txt"`) {
		t.Fatal("the section's example no longer shows data.uri")
	}
	ex := mustEx(t, IDResourceNotFound)
	for _, q := range ex.Questions {
		for _, ch := range q.Choices {
			if !contains(q.Correct, ch.ID) {
				continue
			}
			for _, lang := range []string{EN, ZH} {
				if l := ch.Label.In(lang); strings.Contains(l, "data") {
					t.Errorf("%s: the right answer %q asks for error data, an example of the spec", q.ID, l)
				}
			}
		}
	}
}

// TestNotFoundExplanationsCallDataAnExample: the explanations of the
// not-found exercises say what TestNotFoundDataIsAnExample checks in the
// spec: a sentence that names error.data calls it the spec's example
// (read-resource's said "-32602 Invalid Params with the URI in
// error.data", as if the spec asked for it). Needs no spec directory.
func TestNotFoundExplanationsCallDataAnExample(t *testing.T) {
	for _, id := range []string{IDResourceNotFound, IDReadResource} {
		e := mustEx(t, id).Explanation
		for lang, example := range map[string]string{EN: "example", ZH: "示例"} {
			for _, sentence := range regexp.MustCompile(`[.;]\s|[。；]`).Split(e.In(lang), -1) {
				if strings.Contains(sentence, "error.data") && !strings.Contains(sentence, example) {
					t.Errorf("%s explanation (%s) names error.data without calling it the spec's example: %q", id, lang, sentence)
				}
			}
		}
	}
}

// toolErrorsAsJSONRPC is each sentence of text that calls tool errors
// JSON-RPC errors: server/tools §Error Handling makes a tool execution
// error a result with isError: true; only a protocol error about a tool
// (an unknown tool) is a JSON-RPC error.
func toolErrorsAsJSONRPC(text string) []string {
	var out []string
	for _, s := range regexp.MustCompile(`[.;]\s`).Split(text, -1) {
		if strings.Contains(s, "JSON-RPC error") && regexp.MustCompile(`\btool (and \w+ )?errors\b`).MatchString(s) {
			out = append(out, s)
		}
	}
	return out
}

// TestToolErrorsAreResults: no exercise text says tool errors travel as
// JSON-RPC errors (missing-client-capability's 200 choice said "a
// JSON-RPC error in a 200 is how tool and resource errors travel"); the
// broken twin is that sentence.
func TestToolErrorsAreResults(t *testing.T) {
	if got := toolErrorsAsJSONRPC("a JSON-RPC error in a 200 is how tool and resource errors travel, not this one"); len(got) != 1 {
		t.Errorf("the checker misses the old sentence: %q", got)
	}
	for _, k := range texts().Keys() {
		tx, _ := texts().Get(k)
		for _, s := range toolErrorsAsJSONRPC(tx.In(EN)) {
			t.Errorf("%s calls tool errors JSON-RPC errors (a tool execution error is a result with isError: true): %q", k, s)
		}
	}
}
