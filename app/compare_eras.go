package ui

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
)

// What moved between the eras, for the compare view: which steps of the
// two versions pair up, and what changed on a pair.

// alignKey is what Align pairs steps by: msgKey, with a 2025-11-25 method
// the later version replaced written as its successor (resources/subscribe
// pairs with subscriptions/listen, mcp.ReplacedBy), and a host-internal
// step keyed by its note too (the model answering never pairs with the
// host showing a log panel).
func alignKey(s Step) string {
	if len(s.Msgs) == 0 && s.Dir == DirHost {
		return msgKey(s) + "|" + s.Ev.Note
	}
	if len(s.Msgs) == 1 && s.Msgs[0].Kind == jsonrpc.KindRequest {
		if next, ok := mcp.ReplacedBy(s.Msgs[0].Method); ok {
			c := s
			c.Msgs = []Msg{{Kind: jsonrpc.KindRequest, Method: next}}
			return msgKey(c)
		}
	}
	return msgKey(s)
}

// eraChange says what differs between two steps the compare view put on
// one row: another method (a replaced one) or another error code (the
// resource-not-found error moved from -32002 to -32602); "" when they do
// the same thing.
func eraChange(a, b Step) string {
	if len(a.Msgs) != len(b.Msgs) {
		return ""
	}
	var out []string
	for i := range a.Msgs {
		ma, mb := a.Msgs[i], b.Msgs[i]
		switch {
		case ma.Method != mb.Method:
			out = append(out, ma.Method+" → "+mb.Method)
		case ma.Kind == jsonrpc.KindError && mb.Kind == jsonrpc.KindError && ma.ErrCode != mb.ErrCode:
			out = append(out, strconv.Itoa(ma.ErrCode)+" → "+strconv.Itoa(mb.ErrCode))
		}
	}
	return strings.Join(out, ", ")
}

// eraFeatures are the carriers Features adds for the utilities that moved
// into the request: the per-request log level (2026-07-28 _meta
// io.modelcontextprotocol/logLevel, where 2025-11-25 had logging/setLevel)
// and the tool parameters mirrored into Mcp-Param-* headers.
func eraFeatures(s Step) []string {
	var out []string
	if s.Ev.HTTP != nil {
		var params []string
		for k := range s.Ev.HTTP.Headers {
			if len(k) > len(protocol.HeaderParamPrefix) && strings.EqualFold(k[:len(protocol.HeaderParamPrefix)], protocol.HeaderParamPrefix) {
				params = append(params, k)
			}
		}
		sort.Strings(params)
		out = append(out, params...)
	}
	for _, raw := range s.Ev.Messages {
		if bytes.Contains(raw, []byte(fmt.Sprintf("%q", protocol.MetaLogLevel))) {
			out = append(out, "_meta logLevel")
			break
		}
	}
	return out
}
