package fault

import (
	"bytes"
	"context"
	"io"
	"net/http"

	"mcpwirelab/sim/wire"
)

// stateField is how a request's params name the 2026-07-28 requestState.
var stateField = []byte(`"requestState":"`)

// TamperState is a client (or something between it and the server) that
// changes one character of the requestState a 2026-07-28 retry echoes
// (basic/patterns/mrtr §Client Requirements: clients "MUST NOT inspect,
// parse, modify" it; §Server Requirements: servers "MUST reject state that
// fails verification"). Every POST whose body carries a requestState is
// changed; the rest goes through untouched.
func TamperState(w wire.HTTP) wire.HTTP {
	return HTTPFunc(func(ctx context.Context, req *http.Request, s *wire.Stream) (wire.Result, error) {
		if req.GetBody != nil {
			if rc, err := req.GetBody(); err == nil {
				b, _ := io.ReadAll(rc)
				rc.Close()
				if nb, ok := TamperedState(b); ok {
					req.Body = io.NopCloser(bytes.NewReader(nb))
					req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(nb)), nil }
					req.ContentLength = int64(len(nb))
				}
			}
		}
		return w.Do(ctx, req, s)
	})
}

// TamperStatePipe is TamperState on a stdio pipe: a line to stdin whose
// message carries a requestState is changed on its way.
func TamperStatePipe(p wire.Pipe) wire.Pipe { return &tamperedPipe{Pipe: p} }

type tamperedPipe struct{ wire.Pipe }

func (p *tamperedPipe) Write(ctx context.Context, line []byte) error {
	if nl, ok := TamperedState(line); ok {
		line = nl
	}
	return p.Pipe.Write(ctx, line)
}

// TamperedState returns msg with one character of its requestState value
// changed (the middle one, to another base64url letter), and whether there
// was one to change.
func TamperedState(msg []byte) ([]byte, bool) {
	i := bytes.Index(msg, stateField)
	if i < 0 {
		return msg, false
	}
	start := i + len(stateField)
	end := bytes.IndexByte(msg[start:], '"')
	if end <= 0 {
		return msg, false
	}
	at := start + end/2
	if msg[at] == '.' { // keep the token's shape: change a letter of it
		at++
	}
	out := append([]byte(nil), msg...)
	if out[at] == 'A' {
		out[at] = 'B'
	} else {
		out[at] = 'A'
	}
	return out, true
}
