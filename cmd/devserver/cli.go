//go:build !(js && wasm)

package main

import (
	"fmt"
	"io"
)

// run dispatches the subcommands. It returns the process exit code:
// 0 success, 1 runtime failure, 2 usage error.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "transcript":
			return runTranscript(args[1:], stdout, stderr)
		case "static":
			return runStatic(args[1:], stdout, stderr)
		case "compress":
			return runCompress(args[1:], stdout, stderr)
		case "check":
			return runCheck(args[1:], stdout, stderr)
		case "client":
			return runClient(args[1:], stdout, stderr)
		}
	}
	return runServe(args, stdin, stdout, stderr)
}

func usageError(stderr io.Writer, format string, a ...any) int {
	fmt.Fprintf(stderr, "devserver: "+format+"\n", a...)
	return 2
}
