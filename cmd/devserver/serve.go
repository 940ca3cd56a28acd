//go:build !(js && wasm)

package main

import (
	"io"
	"net/http"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// runServe serves the app (placeholder until the dev-server issue lands).
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	http.Handle("/", &app.Handler{Name: "MCP Wire Lab", Title: "MCP Wire Lab"})
	if err := http.ListenAndServe("127.0.0.1:8080", nil); err != nil {
		return 1
	}
	return 0
}
