package virtual

import (
	"context"
	"errors"
	"strings"
	"testing"

	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/wire"
)

func TestVirtualPipe(t *testing.T) {
	var p *Pipe
	srv := labserver.NewServer(mcp.Config{Logf: func(f string, a ...any) { p.Stderr(f, a...) }})
	p = NewPipe(srv)
	var got []*wire.Piece
	p.Attach(func(pc *wire.Piece) { got = append(got, pc) })
	ctx := context.Background()
	_ = p.Start(ctx)
	_ = p.Write(ctx, []byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n"))
	_ = p.Write(ctx, []byte("not json\n"))
	if err := p.Wait(ctx, func() bool { return false }); !errors.Is(err, wire.ErrIdle) {
		t.Fatalf("wait: %v", err)
	}
	_ = p.CloseStdin(ctx)
	var kinds []string
	for _, pc := range got {
		k := string(pc.Event.Channel) + "/" + string(pc.Event.Kind)
		if pc.Invalid != "" {
			k += "/invalid"
		}
		kinds = append(kinds, k)
	}
	want := "stderr/message stdin/message stdout/message stdin/message stderr/message stdout/message stdin/close stderr/message host/close"
	if strings.Join(kinds, " ") != want {
		t.Fatalf("pieces\n%s\nwant\n%s", strings.Join(kinds, " "), want)
	}
	if got[2].Msgs[0].Error == nil || got[5].Msgs[0].Error.Code != -32700 {
		t.Fatalf("ping before initialize and a garbage line: %q %q", got[2].Event.Raw, got[5].Event.Raw)
	}
	if got[8].Event.From != trace.Server || got[8].Event.Raw != "exit status 0\n" {
		t.Fatalf("exit piece %+v", got[8].Event)
	}
	if pc := wire.StdoutPiece([]byte("DEBUG x\n")); pc.Invalid == "" || len(pc.Msgs) != 0 {
		t.Fatalf("a stray stdout line: %+v", pc)
	}
}
