// Package ui (directory app/) holds the go-app components of MCP Wire Lab.
// It is named ui so that go-app's own package keeps its usual name, app,
// everywhere without an alias. Components render traces produced by the
// engine in sim/; they never decide protocol behaviour.
package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Register declares every route of the app. The same routes must be
// registered by the server (for prerendering) and in the browser.
func Register() {
	app.Route("/", func() app.Composer { return &Home{} })
}

// Home is a placeholder page until the visualizer lands.
type Home struct{ app.Compo }

func (h *Home) Render() app.UI {
	return app.Main().Body(
		app.H1().Text("MCP Wire Lab"),
		app.P().Text("The visualizer is loading…"),
	)
}
