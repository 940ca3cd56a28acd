//go:build js && wasm

package main

import "io"

// run is never reached in the browser (RunWhenOnBrowser blocks); this stub
// keeps the server-only code out of app.wasm.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int { return 0 }
