package cachedir

import (
	"path/filepath"
	"runtime"
	"testing"
)

func TestRoot(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("os.UserCacheDir reads XDG_CACHE_HOME and HOME on Linux only")
	}
	t.Setenv(Env, "/tmp/elsewhere")
	if got, err := Root(); err != nil || got != "/tmp/elsewhere" {
		t.Errorf("with %s set: %q, %v", Env, got, err)
	}
	t.Setenv(Env, "")
	t.Setenv("XDG_CACHE_HOME", "/tmp/xdg")
	if got, err := Root(); err != nil || got != filepath.Join("/tmp/xdg", "mcpwirelab") {
		t.Errorf("without it: %q, %v", got, err)
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	if got, err := Root(); err == nil {
		t.Errorf("no cache folder at all: %q, want an error", got)
	}
}
