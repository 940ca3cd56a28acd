// Command devserver serves MCP Wire Lab, exposes the engine's MCP server on
// 127.0.0.1, and prints transcripts. The same main is compiled to
// WebAssembly for the browser: there RunWhenOnBrowser never returns.
package main

import (
	"os"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "mcpwirelab/app"
)

func main() {
	ui.Register()
	if app.IsClient {
		// The Go program's start is one long task (runtime and package
		// initialisation, then go-app's first render and mount: 2.45 s of
		// main thread measured on a loaded machine, BENCHMARKS.md): a
		// sleep blocks every goroutine, so the runtime yields to the
		// browser's event loop here, and a key press waiting since the
		// start is answered between the two halves.
		time.Sleep(time.Millisecond)
	}
	app.RunWhenOnBrowser()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
