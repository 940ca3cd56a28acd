// Command devserver serves MCP Wire Lab, exposes the engine's MCP server on
// 127.0.0.1, and prints transcripts. The same main is compiled to
// WebAssembly for the browser: there RunWhenOnBrowser never returns.
package main

import (
	"os"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "mcpwirelab/app"
)

func main() {
	ui.Register()
	app.RunWhenOnBrowser()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
