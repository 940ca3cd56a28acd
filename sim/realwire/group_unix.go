//go:build unix

package realwire

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup starts the server in a process group of its own, so that
// killGroup reaches every process it starts.
func ownGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

// killGroup kills the server's process group (the server and whatever it
// started and left in it).
func killGroup(p *os.Process) {
	if p != nil {
		_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
	}
}
