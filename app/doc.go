// Package ui (directory app/) holds the go-app components of MCP Wire Lab.
// It is named ui so that go-app's own package keeps its usual name, app,
// everywhere without an alias. Components render traces produced by the
// engine in sim/; they never decide protocol behaviour.
//
// Pure view logic (view model, step mapping, deep links, JSON spans,
// reproduce/Mermaid export) lives in plain files with native unit tests;
// the components only arrange it on screen.
package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Register declares every route of the app. The same routes must be
// registered by the server (for prerendering) and in the browser.
func Register() {
	app.Route("/", func() app.Composer { return &Lab{} })
}
