// Command hello is the reference page of `make bench` (e2e/bench_test.go):
// the smallest go-app app, built with the same flags as app.wasm. In the
// browser it renders one heading and, once mounted, sets
// data-wl-ready="1" on <html> as the lab does (the bench's "first render"
// mark). Natively, `hello -out DIR` writes its static site into DIR (copy
// app.wasm to DIR/web/ yourself).
//
// It lives under testdata/ so that `go build ./...` and `go test ./...`
// ignore it; build it by path: go build ./e2e/testdata/hello
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

type hello struct{ app.Compo }

func (h *hello) OnMount(ctx app.Context) {
	app.Window().Get("document").Get("documentElement").Call("setAttribute", "data-wl-ready", "1")
}

func (h *hello) Render() app.UI {
	return app.H1().ID("hello").Text("Hello, world!")
}

func main() {
	app.Route("/", func() app.Composer { return &hello{} })
	app.RunWhenOnBrowser()

	out := flag.String("out", "", "directory to write the static site into")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: hello -out DIR")
		os.Exit(2)
	}
	err := app.GenerateStaticWebsite(*out, &app.Handler{
		Name:    "Hello",
		Title:   "Hello",
		Icon:    app.Icon{Default: "/static/icon-192.png", SVG: "/static/icon.svg"},
		Version: "hello",
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
