//go:build js && wasm

package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// The browser never renders #wl-early (early_server.go): only the
// prerendered page carries it.
func (c *Lab) earlyOK() bool { return false }

func (c *Lab) renderEarly() app.UI { return nil }
