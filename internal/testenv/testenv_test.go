package testenv

import (
	"strings"
	"testing"
)

// TestUnguarded: in the fixture, the tests that reach a heavy call with no
// function beginning with SkipShort on the way are named with the path,
// through a method and a function passed as a value too; a guard that is
// not the first statement does not count; TestMain is no test.
func TestUnguarded(t *testing.T) {
	got, err := Unguarded("testdata/guards", "os/exec.Command", "os/exec.CommandContext", "entry")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"TestLateGuard reaches os/exec.Command (TestLateGuard → launchLate → os/exec.Command)",
		"TestOwnCall reaches entry (TestOwnCall → entry)",
		"TestThroughAMethod reaches os/exec.Command (TestThroughAMethod → server.start → os/exec.Command)",
		"TestTwoDeep reaches os/exec.CommandContext (TestTwoDeep → indirect → build → os/exec.CommandContext)",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d problems, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("problem %d:\n got %s\nwant %s…", i, got[i], want[i])
		}
	}
}
