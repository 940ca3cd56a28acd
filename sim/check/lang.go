package check

import (
	"net/textproto"
	"path"
	"strings"

	"mcpwirelab/sim/trace"
)

// Languages a verdict's advice can speak: the server's own, where the
// capture tells it, and no language's otherwise (advice in Go to a Node
// server misleads).
const (
	langNode   = "node"
	langPython = "python"
	langGo     = "go"
)

// Commands and file suffixes that name a stdio server's language.
var (
	langCommands = map[string]string{
		"node": langNode, "nodejs": langNode, "npx": langNode, "npm": langNode, "pnpm": langNode, "yarn": langNode,
		"tsx": langNode, "ts-node": langNode, "bun": langNode, "bunx": langNode, "deno": langNode,
		"python": langPython, "python3": langPython, "py": langPython, "uv": langPython, "uvx": langPython,
		"pipx": langPython, "poetry": langPython, "pdm": langPython, "hatch": langPython,
		"go": langGo,
	}
	langSuffixes = map[string]string{
		".js": langNode, ".mjs": langNode, ".cjs": langNode, ".ts": langNode, ".mts": langNode,
		".py": langPython, ".go": langGo,
	}
	// langServers: HTTP Server and X-Powered-By values that name a
	// language (Node's http module and Go's net/http send none).
	langServers = map[string]string{
		"uvicorn": langPython, "hypercorn": langPython, "gunicorn": langPython, "werkzeug": langPython,
		"daphne": langPython, "granian": langPython, "express": langNode, "hono": langNode, "fastify": langNode,
	}
)

// lang is the server's language as the capture shows it: the launch
// command of a stdio server (node, npx, python, uv, go run, a .js or .py
// file), else an HTTP Server or X-Powered-By header; "" when nothing says.
func (x *view) lang() string {
	for i := range x.t.Events {
		e := x.ev(i)
		if e.Kind == trace.KindLaunch && e.Channel == trace.HostChannel && strings.HasPrefix(e.Raw, "$ ") {
			if l := commandLang(strings.Fields(strings.TrimPrefix(e.Raw, "$ "))); l != "" {
				return l
			}
		}
		if e.Channel == trace.HTTPResponse && e.HTTP != nil && !e.HTTP.Chunk {
			h := textproto.MIMEHeader(e.HTTP.Headers)
			for _, v := range []string{h.Get("Server"), h.Get("X-Powered-By")} {
				name, _, _ := strings.Cut(strings.ToLower(v), "/")
				if f := strings.Fields(name); len(f) > 0 && langServers[f[0]] != "" {
					return langServers[f[0]]
				}
			}
		}
	}
	return ""
}

// commandLang reads a command line's words: the command (python3.12 too),
// then any file argument with a suffix that names a language.
func commandLang(words []string) string {
	if len(words) == 0 {
		return ""
	}
	cmd := strings.TrimSuffix(path.Base(strings.Trim(words[0], `'"`)), ".exe")
	if strings.HasPrefix(cmd, "python") {
		return langPython
	}
	if l := langCommands[cmd]; l != "" {
		return l
	}
	for _, w := range words[1:] {
		if l := langSuffixes[path.Ext(strings.Trim(w, `'"`))]; l != "" {
			return l
		}
	}
	return ""
}

// inLang is the advice for the server's language: node, python, goLang,
// or neutral where the capture does not tell.
func (x *view) inLang(node, python, goLang, neutral Msg) Msg {
	switch x.lang() {
	case langNode:
		return node
	case langPython:
		return python
	case langGo:
		return goLang
	}
	return neutral
}

// adviceStderr says where a server's logs go, in its language.
func (x *view) adviceStderr() Msg {
	return x.inLang(msg("advice.stderr.node"), msg("advice.stderr.python"), msg("advice.stderr.go"), msg("advice.stderr"))
}

// adviceOrigin says how a server refuses a foreign Origin, in its
// language.
func (x *view) adviceOrigin() Msg {
	return x.inLang(msg("advice.origin.node"), msg("advice.origin.python"), msg("advice.origin.go"), msg("advice.origin"))
}

// adviceBlocking names what blocks a server's loop, in its language.
func (x *view) adviceBlocking() Msg {
	return x.inLang(msg("advice.blocking.node"), msg("advice.blocking.python"), msg("advice.blocking.go"), msg("advice.blocking"))
}
