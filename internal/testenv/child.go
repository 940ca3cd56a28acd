package testenv

import (
	"fmt"
	"os"
	"os/exec"
)

// LeaveChild is a hostile stdio server's move (realwire's and devserver
// check's tests): it starts a child of this test binary, with env set to
// "sleep" (the test binary's TestMain then sleeps 10 minutes), that holds
// this process's stdout and stderr, and writes "child PID" on stderr so
// the test can find and kill it. It exits 3 when the child cannot start.
func LeaveChild(env string) {
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), env+"=sleep")
	child.Stdout, child.Stderr = os.Stdout, os.Stderr
	if err := child.Start(); err != nil {
		os.Exit(3)
	}
	fmt.Fprintf(os.Stderr, "child %d\n", child.Process.Pid)
}
