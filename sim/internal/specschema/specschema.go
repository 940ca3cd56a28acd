// Package specschema validates messages against the official MCP JSON
// schemas (MCP_SPEC_DIR/<version>/schema.json, ../shared/spec in make
// test), for tests of every package that emits protocol messages.
package specschema

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Schemas compiles definitions of one version's schema.json on demand.
type Schemas struct {
	mu    sync.Mutex
	c     *jsonschema.Compiler
	url   string
	cache map[string]*jsonschema.Schema
}

// Load reads the schema of version; the test is skipped when MCP_SPEC_DIR
// is not set.
func Load(t testing.TB, version string) *Schemas {
	t.Helper()
	dir := os.Getenv("MCP_SPEC_DIR")
	if dir == "" {
		t.Skip("MCP_SPEC_DIR is not set: skipping validation against the official MCP JSON schemas (make test sets it to ../shared/spec)")
	}
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
	return &Schemas{c: c, url: url, cache: map[string]*jsonschema.Schema{}}
}

// Validate checks raw against the definition def ("CallToolResult", …).
func (s *Schemas) Validate(def string, raw []byte) error {
	s.mu.Lock()
	sch, ok := s.cache[def]
	if !ok {
		var err error
		sch, err = s.c.Compile(s.url + "#/$defs/" + def)
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
