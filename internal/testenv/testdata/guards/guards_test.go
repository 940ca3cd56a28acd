package guards

// The fixture of TestUnguarded: tests that reach exec.Command with and
// without testenv.SkipShort on the way. Never built (testdata).

import (
	run "os/exec"
	"testing"

	"mcpwirelab/internal/testenv"
)

type server struct{}

func (s *server) start(t *testing.T) { run.Command("peer").Run() }

func launch(t *testing.T) {
	t.Helper()
	testenv.SkipShort(t, "a peer")
	run.Command("peer").Run()
}

func launchLate(t *testing.T) {
	t.Log("first")
	testenv.SkipShort(t, "a peer")
	run.Command("peer").Run()
}

func indirect(t *testing.T) { build(t) }

func build(t *testing.T) { run.CommandContext(nil, "go", "build").Run() }

func TestGuardedHelper(t *testing.T) { launch(t) }

func TestGuardedHere(t *testing.T) {
	testenv.SkipShort(t, "a peer")
	var s server
	s.start(t)
}

func TestLateGuard(t *testing.T) { launchLate(t) }

func TestThroughAMethod(t *testing.T) {
	var s server
	s.start(t)
}

func TestTwoDeep(t *testing.T) {
	f := indirect
	f(t)
}

func TestOwnCall(t *testing.T) { entry() }

func entry() {}

func TestPure(t *testing.T) {}

func TestMain(m *testing.M) { run.Command("x") }
