package scenario

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"mcpwirelab/sim/trace"
)

// A note states a number about a field of the message it annotates:
// "id (2)", "subscriptionId 2", "requestId 为 2", "ttlMs 300000".
var (
	fieldClaimRE   = regexp.MustCompile(`\b([A-Za-z][A-Za-z0-9]*)\s*(?:[:：]\s*|\(|（|为\s*)?(\d+)`)
	eventIDClaimRE = regexp.MustCompile(`\bID\s*[(（](\d+-\d+)[)）]`)
	// "each with name, title and inputSchema" / "每个工具都有 name、title 和 inputSchema"
	eachClaimRE  = regexp.MustCompile(`(?:each with|每个工具都有) ((?:[A-Za-z]+(?:, |、| and | 和 ))*[A-Za-z]+)`)
	eachSplitRE  = regexp.MustCompile(`, |、| and | 和 `)
	chunkClaimRE = regexp.MustCompile(`(?:the ([0-9a-f]+) before it is the chunk size|前面的 ([0-9a-f]+) 是十六进制的分块长度)`)
)

// jsonValues collects every value stored under key in v, a key matching
// either exactly or as the last segment of a namespaced key
// ("io.modelcontextprotocol/subscriptionId").
func jsonValues(v any, key string, out *[]string) {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if k == key || strings.HasSuffix(k, "/"+key) {
				b, _ := json.Marshal(val)
				*out = append(*out, strings.Trim(string(b), `"`))
			}
			jsonValues(val, key, out)
		}
	case []any:
		for _, val := range x {
			jsonValues(val, key, out)
		}
	}
}

// claimErrors checks what note text says against the event it annotates:
// every "<field> <number>" whose field the event's messages carry must
// name one of that field's values, and a chunk size must be the one on
// the wire.
func claimErrors(text string, e trace.Event) []string {
	var errs []string
	var msgs []any
	for _, raw := range e.Messages {
		var v any
		if json.Unmarshal(raw, &v) == nil {
			msgs = append(msgs, v)
		}
	}
	for _, m := range fieldClaimRE.FindAllStringSubmatch(text, -1) {
		field, num := m[1], m[2]
		var vals []string
		for _, v := range msgs {
			jsonValues(v, field, &vals)
		}
		if len(vals) == 0 {
			continue // not a field of this message: nothing to check
		}
		found := false
		for _, v := range vals {
			found = found || v == num
		}
		if !found {
			errs = append(errs, fmt.Sprintf("says %s %s, the message has %s %v", field, num, field, vals))
		}
	}
	for _, m := range chunkClaimRE.FindAllStringSubmatch(text, -1) {
		if e.Channel != trace.HTTPResponse {
			continue // the sentence is about the HTTP wire
		}
		hex := m[1] + m[2]
		if !strings.HasPrefix(e.Raw, hex+"\r\n") {
			n, _ := strconv.ParseInt(hex, 16, 64)
			errs = append(errs, fmt.Sprintf("says the chunk size is %s (%d bytes), the chunk is %q…", hex, n, e.Raw[:min(len(e.Raw), 12)]))
		}
	}
	for _, m := range eachClaimRE.FindAllStringSubmatch(text, -1) {
		for _, v := range msgs {
			var tools []any
			if res, ok := v.(map[string]any)["result"].(map[string]any); ok {
				tools, _ = res["tools"].([]any)
			}
			for _, field := range eachSplitRE.Split(m[1], -1) {
				anyHas := false
				var lacking []string
				for _, tool := range tools {
					tm, _ := tool.(map[string]any)
					if _, ok := tm[field]; ok {
						anyHas = true
					} else {
						lacking = append(lacking, fmt.Sprint(tm["name"]))
					}
				}
				if anyHas && len(lacking) > 0 { // a word no tool has is not a field
					errs = append(errs, fmt.Sprintf("says each tool has %s, but %v have none", field, lacking))
				}
			}
		}
	}
	for _, m := range eventIDClaimRE.FindAllStringSubmatch(text, -1) {
		if !strings.Contains(e.Raw, m[1]) {
			errs = append(errs, fmt.Sprintf("says event ID %s, which is not in the event's bytes", m[1]))
		}
	}
	return errs
}

// TestNotesAgreeWithTheBytes: no note states a number the bytes of its
// event contradict, in either language, in any transcript.
func TestNotesAgreeWithTheBytes(t *testing.T) {
	seen := map[string]bool{}
	for _, m := range matrixTraces(t) {
		for _, e := range m.tr.Events {
			n := AnnotationFor(e.Note, m.tr.EventVersion(e))
			for lang, text := range map[string]string{"en": n.Text.En, "zh": n.Text.Zh} {
				for _, err := range claimErrors(text, e) {
					k := e.Note + lang + err
					if !seen[k] {
						seen[k] = true
						t.Errorf("%s %s %s %s event %d, note %s (%s) %s", m.o.Scenario, m.o.Version, m.o.Transport, m.o.Fault, e.Seq, e.Note, lang, err)
					}
				}
			}
		}
	}
}

// TestClaimCheckerCatchesAWrongNumber: the checker itself fails a note
// that names another id than the message, or claims a field every tool
// has when one lacks it (its broken fixtures).
func TestClaimCheckerCatchesAWrongNumber(t *testing.T) {
	e := trace.Event{Channel: trace.HTTPResponse, Raw: "94\r\n…", Messages: []json.RawMessage{json.RawMessage(`{"jsonrpc":"2.0","id":2,"method":"subscriptions/listen","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":2}}}`)}}
	for text, want := range map[string]int{
		"The request's JSON-RPC id (3) becomes the subscription id.": 1,
		"这个请求的 JSON-RPC id（3）就是订阅 id。":                               1,
		"tagged with subscriptionId 3 in _meta":                      1,
		"requestId 为 2, id (2), subscriptionId 2":                    0,
		"the 54 before it is the chunk size in hex":                  1,
		"the 94 before it is the chunk size in hex":                  0,
		"limit 500 → 20 (no such field here)":                        0,
		"only an event ID (1-0) and an empty data field":             1,
	} {
		if got := len(claimErrors(text, e)); got != want {
			t.Errorf("%q: %d errors, want %d: %v", text, got, want, claimErrors(text, e))
		}
	}
	list := trace.Event{Messages: []json.RawMessage{json.RawMessage(`{"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"a","annotations":{}},{"name":"b"}]}}`)}}
	for text, want := range map[string]int{
		"The server returns its tools, each with name and annotations.": 1,
		"服务器返回它的工具列表，每个工具都有 name 和 annotations。":                        1,
		"The server returns its tools, each with name, plus a cursor.":  0,
	} {
		if got := len(claimErrors(text, list)); got != want {
			t.Errorf("%q: %d errors, want %d: %v", text, got, want, claimErrors(text, list))
		}
	}
}

// TestListChangedNoToolNoteIsInStep: when the Host finds no booking tool,
// the client has already opened what it waits on (the subscriptions/listen
// stream, or the 2025-11-25 GET stream); the note must say so instead of
// announcing it as the next step.
func TestListChangedNoToolNoteIsInStep(t *testing.T) {
	for _, m := range matrixTraces(t) {
		if m.o.Scenario != "list-changed" {
			continue
		}
		opened, noTool := -1, -1
		for i, e := range m.tr.Events {
			switch {
			case e.Note == "listen.request" || e.Note == "get-stream.request":
				opened = i
			case e.Note == "list-changed.no-tool":
				noTool = i
			}
		}
		stream := m.o.Transport == "http" || m.o.Version != "2025-11-25"
		if noTool < 0 || (stream && (opened < 0 || opened > noTool)) {
			t.Fatalf("%+v: stream opened at %d, no-tool at %d", m.o, opened, noTool)
		}
		n := AnnotationFor("list-changed.no-tool", m.tr.EventVersion(m.tr.Events[noTool]))
		for _, text := range []string{n.Text.En, n.Text.Zh} {
			for _, future := range []string{"next step", "first needs", "下一步", "得先"} {
				if strings.Contains(text, future) {
					t.Errorf("%+v: the no-tool note announces %q, but the stream is already open: %s", m.o, future, text)
				}
			}
			if stream && !strings.Contains(text, "already") && !strings.Contains(text, "已经") {
				t.Errorf("%+v: the no-tool note does not say the stream is already open: %s", m.o, text)
			}
		}
	}
}

// TestAnswersGiveWhatTheUserAskedFor: when the user asks for "the three
// newest" e-mails, the model's answer lists three, in every tool-call
// transcript that ends with an answer (bad-params included: the model's
// corrected call must still honour the prompt).
func TestAnswersGiveWhatTheUserAskedFor(t *testing.T) {
	listed := regexp.MustCompile(`(?m)^m\d+ `)
	checked := 0
	for _, m := range matrixTraces(t) {
		if m.o.Scenario != "tool-call" || !strings.Contains(m.tr.Events[0].Raw, "the three newest") {
			continue
		}
		for _, e := range m.tr.Events {
			if e.Note != "model.answers" {
				continue
			}
			checked++
			if n := len(listed.FindAllString(e.Raw, -1)); n != 3 {
				t.Errorf("%+v: the user asked for the three newest e-mails, the answer lists %d:\n%s", m.o, n, e.Raw)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no answer checked")
	}
}
