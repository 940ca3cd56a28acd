package fault

import (
	"context"
	"net/http"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/wire"
)

// DropStream is a network that breaks the first response stream carrying
// a notifications/progress right after that event: the client receives
// nothing more, the server sees the connection go (what that means for
// the request depends on the version: 2025-11-25 §Sending Messages 6 says
// a disconnect is not a cancellation, 2026-07-28 says it is). It breaks
// one stream only; later requests go through.
func DropStream(w wire.HTTP) wire.HTTP {
	done := false
	return HTTPFunc(func(ctx context.Context, req *http.Request, s *wire.Stream) (wire.Result, error) {
		if done {
			return w.Do(ctx, req, s)
		}
		next := s.OnPiece
		s.OnPiece = func(p *wire.Piece) {
			if next != nil {
				next(p)
			}
			if done || p.Event.Channel != trace.HTTPResponse {
				return
			}
			for _, m := range p.Msgs {
				if m.Method == protocol.MethodProgress {
					done = true
					if next != nil {
						next(wire.ClosePiece(trace.Server, trace.Client, trace.HTTPResponse))
					}
					s.Close()
					return
				}
			}
		}
		return w.Do(ctx, req, s)
	})
}
