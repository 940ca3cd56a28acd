//go:build unix && !(js && wasm)

package main

import "syscall"

// defaultMaxConns is maxConnsCap connections, or half the process's descriptor
// limit when that is lower (Go raises the soft limit to the hard one at
// start-up), so that accept never fails with "too many open files".
func defaultMaxConns() int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err == nil && lim.Cur/2 < maxConnsCap {
		return max(16, int(lim.Cur/2))
	}
	return maxConnsCap
}
