package mcp

import (
	"context"
	"encoding/json"
	"strings"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"
)

// setLevel is 2025-11-25 logging/setLevel: the session's minimum level
// from now on (server/utilities/logging §Setting Log Level). 2026-07-28
// removed it (changelog major 5): 404 there (lookupMethod).
func (q *call) setLevel(context.Context) Reply {
	var p struct {
		Level string `json:"level"`
	}
	if r := q.params(&p); r != nil {
		return *r
	}
	if protocol.LogSeverity(p.Level) < 0 {
		return q.invalid("Invalid params: level must be one of "+strings.Join(protocol.LogLevels, ", ")+", got "+quoteJSON(p.Level), nil)
	}
	q.c.mu.Lock()
	q.c.logLevel = p.Level
	q.c.mu.Unlock()
	return q.ok(EmptyResult{})
}

// logLevel is the minimum level of log messages for this request: the
// request's _meta io.modelcontextprotocol/logLevel in 2026-07-28 (already
// checked to be a level), the session's logging/setLevel in 2025-11-25;
// "" means none at all. 2026-07-28 server/utilities/logging: "The server
// MUST NOT emit notifications/message for a request that does not include
// this field"; a 2025-11-25 session that never set a level gets none
// either (the official Go SDK's reading of that version's text).
func (q *call) logLevel() string {
	if q.modern {
		var level string
		_ = json.Unmarshal(q.meta[protocol.MetaLogLevel], &level)
		return level
	}
	q.c.mu.Lock()
	defer q.c.mu.Unlock()
	return q.c.logLevel
}

// logger is the Env.Log of a tool run: notifications/message at or above
// the requested level, on the request's own stream (2026-07-28: "the server
// MUST NOT deliver it on a subscriptions/listen stream or on any stream
// other than the one carrying the response to the request that set the log
// level"). Nil when the server does not log or the client asked for
// nothing.
func (q *call) logger(ctx context.Context) func(level, logger string, data any) {
	min := protocol.LogSeverity(q.logLevel())
	if !q.reg.Logging() || q.notify == nil || min < 0 {
		return nil
	}
	return func(level, logger string, data any) {
		if ctx.Err() != nil || protocol.LogSeverity(level) < min {
			return
		}
		q.notify(jsonrpc.Notification(protocol.MethodLog, LogMessageParams{Level: level, Logger: logger, Data: data}))
	}
}
