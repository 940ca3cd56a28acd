//go:build !unix

package realwire

import (
	"os"
	"os/exec"
)

// ownGroup does nothing where there are no process groups.
func ownGroup(*exec.Cmd) {}

// killGroup kills the server process only.
func killGroup(p *os.Process) {
	if p != nil {
		_ = p.Kill()
	}
}
