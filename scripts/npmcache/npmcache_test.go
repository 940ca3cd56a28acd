package npmcache

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"mcpwirelab/internal/testenv"
)

// fakeNPM puts an npm on PATH that records each call in log and, unless
// fail is set, writes node_modules/<first package>/ok into --prefix.
func fakeNPM(t *testing.T, fail bool) (log string) {
	t.Helper()
	status := "0"
	if fail {
		status = "3"
	}
	return testenv.FakeNPM(t, `sleep 0.2
mkdir -p "$prefix/node_modules/pkg" && echo ok > "$prefix/node_modules/pkg/ok"
exit `+status+"\n")
}

func calls(t *testing.T, log string) int { return len(testenv.NPMCalls(t, log)) }

func TestInstallOnceUnderConcurrency(t *testing.T) {
	log := fakeNPM(t, false)
	s := Set{Folder: "peers/x", Packages: map[string]string{"a": "1.2.3"}}
	var wg sync.WaitGroup
	dirs := make([]string, 4)
	errs := make([]error, 4)
	for i := range dirs {
		wg.Add(1)
		go func() { defer wg.Done(); dirs[i], errs[i] = s.Install() }()
	}
	wg.Wait()
	for i := range dirs {
		if errs[i] != nil || dirs[i] != dirs[0] {
			t.Fatalf("install %d: %q, %v (first %q)", i, dirs[i], errs[i], dirs[0])
		}
	}
	if n := calls(t, log); n != 1 {
		t.Errorf("npm ran %d times for four concurrent installs, want 1", n)
	}
	if _, err := os.Stat(filepath.Join(dirs[0], "node_modules", "pkg", "ok")); err != nil {
		t.Errorf("installed folder lacks the package: %v", err)
	}
	if _, ok := s.Installed(); !ok {
		t.Error("Installed says no after an install")
	}
	// Another pin is another folder, not a mix in the same node_modules.
	other, err := Set{Folder: "peers/x", Packages: map[string]string{"a": "1.2.4"}}.Dir()
	if err != nil || other == dirs[0] {
		t.Errorf("another version's folder %q, %v; want one apart from %q", other, err, dirs[0])
	}
}

// The broken twin: npm fails, and nothing looks installed afterwards.
func TestFailedInstallLeavesNothing(t *testing.T) {
	fakeNPM(t, true)
	s := Set{Folder: "peers/y", Packages: map[string]string{"a": "1.0.0"}}
	if _, err := s.Install(); err == nil {
		t.Fatal("npm failed, Install returned no error")
	}
	dir, ok := s.Installed()
	if ok {
		t.Fatal("a failed install is reported installed")
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("a failed install left %s behind (%v)", dir, err)
	}
}

func TestInstallRefusesRanges(t *testing.T) {
	log := fakeNPM(t, false)
	for _, v := range []string{"^1.2.3", "~1.2", "latest", "1.x", ">=1", "", "git+https://x/y", "file:../z"} {
		if _, err := (Set{Folder: "r", Packages: map[string]string{"a": v}}).Install(); err == nil {
			t.Errorf("version %q was accepted; want exact versions only", v)
		}
	}
	for _, v := range []string{"1.2.3", "2026.8.31", "0.2.0-alpha.12"} {
		if !exact(v) {
			t.Errorf("exact(%q) = false", v)
		}
	}
	if n := calls(t, log); n != 0 {
		t.Errorf("npm ran %d times for refused versions", n)
	}
}
