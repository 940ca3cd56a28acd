package client

import (
	"context"

	"mcpwirelab/sim/protocol"
)

// Resume asks for the rest of a request's response stream after it
// dropped (out.Dropped): 2025-11-25 §Resumability and Redelivery, a GET with
// Last-Event-ID set to the last event received; the server replays what
// came after it on that stream, the response included, which ends up in
// the returned outcome. Only 2025-11-25 HTTP streams with event IDs can be
// resumed (CanResume); a 2026-07-28 request is lost with its stream and is
// sent again as a new request (basic/patterns/cancellation).
//
// When the stream set a reconnection time with a retry: field
// (out.Retry), the client first waits that long on its clock: 2025-11-25
// §Sending Messages 6, "The client MUST respect the retry field, waiting
// the given number of milliseconds before attempting to reconnect."
func (c *Client) Resume(ctx context.Context, out Outcome, o CallOptions) Outcome {
	if out.Retry > 0 {
		if err := c.cfg.Sleep(ctx, out.Retry); err != nil {
			return Outcome{ID: out.ID, Err: err, seq: out.seq}
		}
	}
	x := c.newExchange(ctx, nil, o)
	defer x.cancel()
	x.Expect, x.seq = out.ID, out.seq
	return x.finish(c.t.Resume(x, out.LastEventID))
}

// CanResume reports whether a dropped outcome can be resumed.
func CanResume(version string, out Outcome) bool {
	return out.Dropped && out.LastEventID != "" && !protocol.IsModern(version)
}
