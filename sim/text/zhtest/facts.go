package zhtest

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/toolbox"
	"mcpwirelab/sim/trace"
)

// EngineWords is what the engine itself names, whatever a run shows: the
// string constants of its protocol packages (methods and each word of
// them, capabilities, _meta keys, header names, result types), the JSON
// names of their struct fields and the header names they read, the
// course company's people and departments, the spec sections the Go
// sources cite, the protocol versions, the stdio streams, JSON's literals
// and JSON Schema's types, the log levels,
// the JSON-RPC error names (protocol.CodeName), the HTTP reason phrases
// (net/http.StatusText), and every name of the course server's tools
// (their names and their schemas' members and values).
func EngineWords() (*Words, error) {
	w := NewWords()
	root, err := Root()
	if err != nil {
		return nil, err
	}
	for _, dir := range protocolDirs {
		files, _ := filepath.Glob(filepath.Join(root, dir, "*.go"))
		if len(files) == 0 {
			return nil, os.ErrNotExist
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			for _, m := range constant.FindAllStringSubmatch(string(b), -1) {
				w.Add(m[1])
				for _, seg := range strings.Split(m[1], "/") {
					w.Add(seg) // a method's last word: the initialized notification
				}
			}
			for _, m := range jsonTag.FindAllStringSubmatch(string(b), -1) {
				w.Add(m[1]) // a member the engine reads or writes: cursor
			}
			for _, m := range headerLiteral.FindAllStringSubmatch(string(b), -1) {
				w.Add(m[1]) // a header the engine reads: Authorization
			}
		}
	}
	// Every spec section the engine's Go sources cite (a check's
	// requirement, a server's rule): its heading may be named in English.
	err = filepath.WalkDir(filepath.Join(root, "sim"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, c := range goCited.FindAllString(string(b), -1) {
			w.AddAnchor(c)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, e := range toolbox.Employees() {
		for _, f := range strings.Fields(e.Name) {
			w.Add(f)
		}
		w.Add(e.Department)
	}
	for _, v := range protocol.Versions() {
		w.Add(v)
	}
	for code := -32768; code <= -32000; code++ {
		w.Add(protocol.CodeName(code))
	}
	for code := 100; code < 600; code++ {
		w.Add(http.StatusText(code))
	}
	for _, c := range []trace.Channel{trace.Stdin, trace.Stdout, trace.Stderr} {
		w.Add(string(c))
	}
	// The transports' names, as a link (?transport=) and a check report
	// give them.
	w.Add("stdio")
	w.Add("http")
	for _, lit := range []string{"true", "false", "null"} {
		w.Add(lit)
	}
	// JSON Schema's type names (a schema's "type", a validator's message).
	for _, typ := range []string{"object", "array", "string", "number", "integer", "boolean"} {
		w.Add(typ)
	}
	for _, l := range protocol.LogLevels {
		w.Add(l)
	}
	for _, t := range toolbox.Course().Tools() {
		b, err := json.Marshal(t)
		if err == nil {
			w.AddJSON(b, false)
		}
	}
	return w, nil
}

// protocolDirs are the packages whose constants are the protocol's names:
// methods, capabilities, _meta keys, header names, result types.
var protocolDirs = []string{"sim/mcp", "sim/jsonrpc", "sim/transport/streamhttp", "sim/transport/stdio", "sim/toolbox", "sim/primitive", "sim/protocol", "sim/labserver", "sim/wire", "sim/httplab", "sim/netguard", "sim/client"}

var (
	// constant is a constant (or a var of one string) in a Go source:
	// Name = "value" on a line of its own, the value with no space.
	constant = regexp.MustCompile(`(?m)^\s*[A-Za-z]\w*\s*(?:[A-Za-z.]+\s*)?=\s*"([^"\s]+)"\s*(?://.*)?$`)
	// goCited is a spec section a Go source cites:
	// "2026-07-28/server/tools#error-handling".
	goCited = regexp.MustCompile(`20\d\d-\d\d-\d\d/[a-z/_-]+#[a-z0-9%_’-]+`)
	// jsonTag is the JSON name of a struct field.
	jsonTag = regexp.MustCompile("json:\"([A-Za-z_][A-Za-z0-9_]*)[,\"]")
	// headerLiteral is a string literal shaped like a header name.
	headerLiteral = regexp.MustCompile(`"([A-Z][a-z]+(?:-[A-Z][A-Za-z]*)*)"`)
	// headerName is the name of a header or an SSE field.
	headerName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9-]*$`)
)

// AddTrace adds what a run put on its wires: the header names and values
// of its HTTP events, the reason phrase of each status line, every member
// name and one-word string of its JSON (messages and plain JSON bodies),
// its strings of several words as phrases, and each line of bytes that is
// not JSON (a log line, an SSE comment) as a phrase. The Host's own lines
// are the engine's prose, not data: they add nothing.
func (w *Words) AddTrace(tr *trace.Trace) {
	for _, e := range tr.Events {
		if e.Channel == trace.HostChannel {
			continue
		}
		if e.Spec != "" {
			w.AddAnchor(e.Spec)
		}
		if e.HTTP != nil {
			for name, vals := range e.HTTP.Headers {
				w.Add(name)
				for _, v := range vals {
					w.Add(v)
					for _, f := range strings.Fields(v) {
						w.Add(strings.Trim(f, ",;"))
					}
				}
			}
		}
		for _, m := range e.Messages {
			w.AddJSON(m, true)
		}
		for _, line := range strings.Split(e.Raw, "\n") {
			line = strings.TrimSpace(line)
			if line == "" {
				continue
			}
			if st, ok := strings.CutPrefix(line, "HTTP/1.1 "); ok {
				if _, reason, ok := strings.Cut(st, " "); ok {
					w.Add(reason)
				}
				continue
			}
			if name, _, ok := strings.Cut(line, ":"); ok && headerName.MatchString(name) {
				w.Add(name) // a header or an SSE field: event:, data:, id:
			}
			body := line
			if _, after, ok := strings.Cut(line, "data:"); ok && strings.HasPrefix(line, "data:") {
				body = after
			}
			if json.Valid([]byte(body)) {
				w.AddJSON([]byte(body), true)
				continue
			}
			w.Add(line)
		}
	}
}

// AddJSON adds the member names of a JSON document and its strings: one
// word as a word, several as a phrase (when phrases; a schema's
// descriptions are prose, not names, and add nothing).
func (w *Words) AddJSON(b []byte, phrases bool) {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return
	}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				w.Add(k)
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case string:
			if !strings.ContainsAny(strings.TrimSpace(x), " \n\t") || phrases {
				w.Add(x)
				if phrases && strings.Contains(x, "\n") {
					for _, l := range strings.Split(x, "\n") {
						w.Add(l) // a line of a text block, which a Host line quotes
					}
				}
			}
			if strings.HasPrefix(strings.TrimSpace(x), "{") {
				walk2 := NewWords()
				walk2.AddJSON([]byte(x), phrases) // a tool's JSON text block
				w.Merge(walk2)
			}
		}
	}
	walk(v)
}
