package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// part is a piece of the Lab page drawn by one of Lab's render methods,
// as its own go-app component so that go-app re-renders it only when Key
// changes. Every Lab event re-renders Lab (go-app re-renders the handler's
// component and its ancestors); without parts, each step rebuilt and
// diffed the header, navigation, toolbar and export bar, which do not
// change on a step. Key must name everything the render method reads.
type part struct {
	app.Compo

	ID  string // which part; a different part at the same place remounts
	Key string

	render func() app.UI // set when mounted (unexported: go-app keeps the first)
}

func newPart(id, key string, render func() app.UI) *part {
	return &part{ID: id, Key: key, render: render}
}

// CompoID makes go-app replace, not update, a part by a different one.
func (p *part) CompoID() string { return p.ID }

func (p *part) Render() app.UI { return p.render() }
