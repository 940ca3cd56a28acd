//go:build !(js && wasm)

package staticsite

import (
	"strings"
	"testing"
)

func TestIsHostName(t *testing.T) {
	for h, want := range map[string]bool{"course.example": true, "localhost": true, "a-b.c1.example": true, "10.0.0.1": true,
		"": false, "a_b.example": false, "a b": false, "x.example.": false, `a"b`: false, "a<b": false} {
		if got := IsHostName(h); got != want {
			t.Errorf("isHostName(%q) = %v", h, got)
		}
	}
}

func TestNormalizePrefix(t *testing.T) {
	for in, want := range map[string]string{"": "", "/": "", "/lab": "/lab", "/course/mcp-lab/": "/course/mcp-lab", "/a-b_c.d~e": "/a-b_c.d~e"} {
		if got, err := NormalizePrefix(in); err != nil || got != want {
			t.Errorf("normalizePrefix(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestPrefixResolver(t *testing.T) {
	r := PrefixResolver{Prefix: "/course/mcp-lab"}
	for in, want := range map[string]string{
		"/":                        "/course/mcp-lab",
		"":                         "/course/mcp-lab",
		"/web/app.wasm":            "/course/mcp-lab/web/app.wasm",
		"/web":                     "/course/mcp-lab/web",
		"web/x.js":                 "/course/mcp-lab/web/x.js",
		"/static/app.css?v=1":      "/course/mcp-lab/static/app.css?v=1",
		"/app-worker.js":           "/course/mcp-lab/app-worker.js",
		"https://cdn.example/x.js": "https://cdn.example/x.js",
	} {
		if got := r.Resolve(in); got != want {
			t.Errorf("Resolve(%q) = %q, want %q", in, got, want)
		}
	}
	if got := (PrefixResolver{}).Resolve("/"); got != "/" {
		t.Errorf("root Resolve(/) = %q", got)
	}
}

// TestOfflineWorkerTemplate pins the patch of go-app's worker: if a go-app
// upgrade changes DefaultAppWorkerJS, this fails instead of silently
// falling back to a worker without offline deep links.
func TestOfflineWorkerTemplate(t *testing.T) {
	s, err := OfflineWorkerTemplate()
	if err != nil {
		t.Fatal(err)
	}
	if s != AppWorkerTemplate {
		t.Fatal("appWorkerTemplate is not the patched template")
	}
	for _, want := range []string{`request.mode === "navigate"`, "ignoreSearch: true", "cache.match(startPage)", "event.waitUntil(installWorker()", `"app-" + "{{.Version}}"`, "{{.ResourcesToCache}}", `self.addEventListener("push"`} {
		if !strings.Contains(s, want) {
			t.Errorf("worker template lacks %q", want)
		}
	}
	if strings.Count(s, `addEventListener("fetch"`) != 1 {
		t.Error("worker template must have exactly one fetch handler")
	}
}
