// Package specschema validates messages against the official MCP JSON
// schemas (MCP_SPEC_DIR/<version>/schema.json, ../shared/spec in make
// test), for tests of every package that emits protocol messages.
package specschema

import (
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"mcpwirelab/sim/protocol"
)

// Schemas compiles definitions of one version's schema.json on demand.
type Schemas struct {
	mu    sync.Mutex
	c     *jsonschema.Compiler
	url   string
	cache map[string]*jsonschema.Schema
}

// lookup finds the folder with the official MCP spec pages and JSON
// schemas (<version>/schema.json, <version>/<page>.md): $MCP_SPEC_DIR,
// which make sets when ../shared/spec exists. why says what is wrong
// when it is not usable.
func lookup() (dir, why string) {
	dir = os.Getenv("MCP_SPEC_DIR")
	switch st, err := os.Stat(dir); {
	case dir == "":
		return "", "MCP_SPEC_DIR is not set"
	case err != nil:
		return "", "MCP_SPEC_DIR=" + dir + ": " + err.Error()
	case !st.IsDir():
		return "", "MCP_SPEC_DIR=" + dir + " is not a directory"
	}
	return dir, ""
}

// missing is the one line every test that reads the spec gives without it.
func missing(why string) string {
	return why + ": skipping the checks against the official MCP schemas and spec pages (put them in ../shared/spec or set MCP_SPEC_DIR; README, Tests)"
}

// required: with MCPWL_REQUIRE_SPEC=1 (.ci/run sets it when the spec is
// there) a missing spec fails the tests instead, so CI cannot quietly
// stop checking against it.
func required() bool { return os.Getenv("MCPWL_REQUIRE_SPEC") == "1" }

// Dir is the spec folder. Without it the test skips, with the same line
// everywhere; under MCPWL_REQUIRE_SPEC=1 it fails.
func Dir(t testing.TB) string {
	t.Helper()
	dir, why := lookup()
	if why == "" {
		return dir
	}
	if required() {
		t.Fatal(missing(why) + " — MCPWL_REQUIRE_SPEC=1 makes this a failure")
	}
	t.Skip(missing(why))
	return ""
}

// Have is Dir for a test that also runs without the spec (checking less):
// false when it is missing, which fails t under MCPWL_REQUIRE_SPEC=1.
func Have(t testing.TB) (string, bool) {
	t.Helper()
	dir, why := lookup()
	if why == "" {
		return dir, true
	}
	if required() {
		t.Fatal(missing(why) + " — MCPWL_REQUIRE_SPEC=1 makes this a failure")
	}
	t.Log(missing(why))
	return "", false
}

// Load reads the schema of version; without the spec the test skips (Dir).
func Load(t testing.TB, version string) *Schemas {
	t.Helper()
	dir := Dir(t)
	path := filepath.Join(dir, version, "schema.json")
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("MCP_SPEC_DIR=%s: %v", dir, err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	c := jsonschema.NewCompiler()
	url := "https://modelcontextprotocol.io/schema/" + version + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	if protocol.IsModern(version) {
		ext, err := jsonschema.UnmarshalJSON(strings.NewReader(tasksExtension))
		if err == nil {
			err = c.AddResource(TasksURL, ext)
		}
		if err != nil {
			t.Fatalf("tasks extension schema: %v", err)
		}
	}
	return &Schemas{c: c, url: url, cache: map[string]*jsonschema.Schema{}}
}

// tasksExtension is the tasks extension (SEP-2663) written as a JSON
// schema over the 2026-07-28 core one (loaded with every modern version's
// schema); the extension publishes none.
//
//go:embed tasks-extension.schema.json
var tasksExtension string

// TasksURL is the address the extension schema is compiled under; its
// definitions are validated with Validate(TasksDef("CreateTaskResult"), …).
const TasksURL = "https://modelcontextprotocol.io/schema/extensions/tasks.json"

// TasksDef names a definition of the tasks extension schema for Validate.
func TasksDef(def string) string { return TasksURL + "#/$defs/" + def }

// Validate checks raw against the definition def ("CallToolResult", …) of
// the version's schema, or against a full reference (TasksDef) into the
// tasks extension, which 2026-07-28 schemas carry too.
func (s *Schemas) Validate(def string, raw []byte) error {
	s.mu.Lock()
	sch, ok := s.cache[def]
	if !ok {
		var err error
		ref := s.url + "#/$defs/" + def
		if strings.HasPrefix(def, TasksURL) {
			ref = def
		}
		sch, err = s.c.Compile(ref)
		if err != nil {
			s.mu.Unlock()
			return fmt.Errorf("compile %s: %v", def, err)
		}
		s.cache[def] = sch
	}
	s.mu.Unlock()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
	if err != nil {
		return err
	}
	if err := sch.Validate(v); err != nil {
		return fmt.Errorf("not a valid %s: %v", def, err)
	}
	return nil
}
