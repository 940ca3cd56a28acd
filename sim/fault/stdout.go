package fault

import (
	"bytes"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/wire"
)

// PolluteStdout is a server with a stray debug print: after the client
// sends a request with this method, a line "DEBUG <method> <params>" lands
// on stdout just before the server's answer, once (stdio §Messages: the
// server "MUST NOT write anything to its stdout that is not a valid MCP
// message").
func PolluteStdout(p wire.Pipe, method string) wire.Pipe {
	return &pollutedPipe{Pipe: p, method: method}
}

type pollutedPipe struct {
	wire.Pipe
	method string
	armed  *jsonrpc.Message // the request the debug line is about
	done   bool
}

func (p *pollutedPipe) Attach(sink func(*wire.Piece)) {
	p.Pipe.Attach(func(pc *wire.Piece) {
		switch {
		case pc.Event.Channel == trace.Stdin && !p.done && p.armed == nil:
			if m := wire.Decode(bytes.TrimSpace([]byte(pc.Event.Raw))); m != nil && m.Method == p.method && m.Kind() == jsonrpc.KindRequest {
				p.armed = m
			}
		case pc.Event.Channel == trace.Stdout && p.armed != nil && !p.done && len(pc.Msgs) == 1 && pc.Msgs[0].Method == "":
			p.done = true
			sink(wire.StdoutPiece([]byte("DEBUG " + p.armed.Method + " " + string(p.armed.Params) + "\n")))
		}
		sink(pc)
	})
}
