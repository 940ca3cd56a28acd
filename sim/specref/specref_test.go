package specref

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"mcpwirelab/sim/internal/specschema"
)

// TestAnchor: headings whose website anchors are known, from Mintlify's
// documented rule, from Mintlify sites and from the spec's own links.
func TestAnchor(t *testing.T) {
	for heading, want := range map[string]string{
		"Security & Endpoint":                  "security-%26-endpoint",
		"Security & Compliance Benefits":       "security-%26-compliance-benefits", // docs.requesty.ai
		"What this is (and isn’t)":             "what-this-is-and-isn%E2%80%99t",   // docs.openclaw.ai
		"What's next?":                         "what%E2%80%99s-next",
		"Step 1: Issue a proxy secret":         "step-1-issue-a-proxy-secret",
		"`$ref` Resolution":                    "ref-resolution",
		"Server Requirements (Basic Workflow)": "server-requirements-basic-workflow",
		"`_meta`":                              "meta",
		"Time-to-Live (TTL) Field":             "time-to-live-ttl-field",
		"notifications/tasks/status":           "notifications%2Ftasks%2Fstatus",
		"Version 1.2":                          "version-1-2",
	} {
		if got := Anchor(Normalize(heading)); got != want {
			t.Errorf("Anchor(%q) = %q, want %q", heading, got, want)
		}
	}
}

// TestSpecLinksResolve: the in-page links of every spec page resolve with
// Anchors, except the two the spec itself writes in a form its website does
// not generate (each is contradicted by the same spec: "`_meta`" is linked
// as #meta from nine other places, and a colon is dropped like every other
// punctuation but & and /).
func TestSpecLinksResolve(t *testing.T) {
	dir := specschema.Dir(t)
	known := map[string]bool{
		"2026-07-28/basic/index#_meta":               true,
		"2026-07-28/server/resources#https%3A%2F%2F": true,
	}
	s := Open(dir)
	var broken []string
	links := 0
	for _, version := range []string{"2025-11-25", "2026-07-28"} {
		err := filepath.WalkDir(filepath.Join(dir, version), func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(dir, path)
			page := filepath.ToSlash(strings.TrimSuffix(rel, ".md"))
			for _, part := range strings.Split(string(b), "](#")[1:] {
				anchor, _, _ := strings.Cut(part, ")")
				links++
				ref := page + "#" + anchor
				if err := s.Check(ref); err != nil && !known[ref] {
					broken = append(broken, ref)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for ref := range known {
		if s.Check(ref) == nil {
			t.Errorf("%s now resolves: drop it from the known exceptions", ref)
		}
	}
	sort.Strings(broken)
	if len(broken) > 0 || links < 20 {
		t.Errorf("%d in-page links, these do not resolve: %v", links, broken)
	}
	if err := s.Check("2026-07-28/basic/transports/streamable-http#security--endpoint"); err == nil {
		t.Error("#security--endpoint resolves; the website keeps the & (#security-%26-endpoint)")
	}
	for _, ref := range []string{"2026-07-28/basic/transports/streamable-http#security-%26-endpoint", "2026-07-28/schema#methodnotfounderror", "2026-07-28/basic/index#meta"} {
		if err := s.Check(ref); err != nil {
			t.Error(err)
		}
	}
}

// TestQuotes: a quote is found whole; one that stops at the colon before a
// list is not, one that drops only the colon before a code example is.
func TestQuotes(t *testing.T) {
	dir := specschema.Dir(t)
	s := Open(dir)
	for _, tt := range []struct {
		ref, quote string
		want       bool
	}{
		{"2026-07-28/basic/transports/stdio#shutdown", "Servers **SHOULD** exit promptly when their standard input is closed or reads return end-of-file.", true},
		{"2026-07-28/basic/transports/stdio#shutdown", "The client SHOULD initiate shutdown by:", false},
		{"2026-07-28/basic/transports/stdio#shutdown", "The client SHOULD initiate shutdown by", false},
		{"2026-07-28/basic/transports/stdio#shutdown", "The client SHOULD initiate shutdown by: 1. Closing the input stream to the child process (the server). 2. Waiting for the server to exit. 3. If the server does not exit within a reasonable time, forcibly terminating the process using the mechanism appropriate for the operating system.", true},
		{"2025-11-25/server/tools#capabilities", "Servers that support tools MUST declare the `tools` capability", true},
		{"2025-11-25/server/tools#capabilities", "Servers that support tools MUST declare the tools capability", false},
	} {
		if got, err := s.Quotes(tt.ref, tt.quote); err != nil || got != tt.want {
			t.Errorf("Quotes(%s, %q) = %v, %v; want %v", tt.ref, tt.quote, got, err, tt.want)
		}
	}
}

// TestNormalizeUnescapesUnderscore: a quote says "underscore (_)" where the
// page's Markdown writes "underscore (\_)".
func TestNormalizeUnescapesUnderscore(t *testing.T) {
	if got := Normalize("digits\n  (0-9), underscore (\\_), and **dot** (.)"); got != "digits (0-9), underscore (_), and dot (.)" {
		t.Errorf("Normalize: %q", got)
	}
}
