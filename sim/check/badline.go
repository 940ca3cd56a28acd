package check

import (
	"bytes"
	"encoding/json"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/wire"
)

// A checker is a compiler: the client reads past a stdout line that is not
// a valid message (client.Config.ReadPast, as the official TypeScript and
// Python clients do), so one bad line does not hide every later defect.
// Each bad line is named by the one check whose rule it breaks most
// exactly: a response without an id after a notification answers that
// notification (notification-unanswered); a response whose id is no
// string or integer breaks ids-echoed; anything else (a debug print, text
// that is not JSON-RPC) is stdout-protocol-only's. An error whose id is
// null that came while a request waited for its answer is no bad line: it
// is that request's answer (view.nullIDErrors); a result with id null
// never is.

// badLine is a stdout line that is not a valid message.
type badLine struct {
	i     int    // its event
	check string // the check that names it
	why   Msg    // the decoder's message
	// after is the event of the notification it answers, the last one
	// sent before it (-1 for a line another check names).
	after int
}

// badLines are the capture's stdout lines that are not valid messages, in
// order, each with the check that names it.
func (x *view) badLines() []badLine {
	var out []badLine
	lastNote := -1 // the last notification the client sent
	for i := range x.t.Events {
		if x.sent(i) {
			if len(x.msgs[i]) == 1 && x.msgs[i][0].Kind() == jsonrpc.KindNotification {
				lastNote = i
			}
			continue
		}
		e := x.ev(i)
		if e.Channel != trace.Stdout || e.Kind != trace.KindMessage || len(x.msgs[i]) > 0 {
			continue
		}
		line := bytes.TrimRight([]byte(e.Raw), "\r\n")
		b := badLine{i: i, check: IDStdout, after: -1}
		if _, invalid := wire.DecodeLine([]byte(e.Raw)); invalid != "" { // the one invalid-line rule
			b.why = parseErrorMsg(invalid)
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(line, &obj) == nil && obj["method"] == nil && (obj["result"] != nil || obj["error"] != nil) {
			id := bytes.TrimSpace(obj["id"])
			// Every request the client sends has an id, which its response
			// echoes: a response without one answers a notification (the
			// client may have sent a request since: it does not wait).
			noID := len(id) == 0 || string(id) == "null"
			switch {
			case noID && lastNote >= 0:
				b.check, b.after = IDNotification, lastNote
			case noID, !validIDText(id):
				b.check = IDIDs
			}
		}
		out = append(out, b)
	}
	return out
}

// validIDText reports whether a JSON value is an id JSON-RPC allows a
// response to echo: a string or an integer.
func validIDText(raw json.RawMessage) bool {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	switch n := v.(type) {
	case string:
		return true
	case float64:
		return n == float64(int64(n))
	}
	return false
}

// linesOf are the bad lines a check names.
func linesOf(lines []badLine, check string) []badLine {
	var out []badLine
	for _, b := range lines {
		if b.check == check {
			out = append(out, b)
		}
	}
	return out
}

// readPast says what real clients do at a bad line: the lab's client read
// past it, as the official TypeScript and Python clients do; the go-sdk
// client drops the connection there. more counts the other bad lines the
// same check names.
func readPast(more int) Msg {
	if more > 0 {
		return cat(msg("badline.more", more), msg("badline.clients"))
	}
	return msg("badline.clients")
}

// namedElsewhere says, for stdout-protocol-only, which bad lines other
// checks name (empty when none).
func namedElsewhere(x *view, lines []badLine) Msg {
	var items []Msg
	for _, b := range lines {
		if b.check != IDStdout {
			items = append(items, msg("badline.named-by", x.seq(b.i), b.check))
		}
	}
	if len(items) == 0 {
		return Msg{}
	}
	return msg("badline.elsewhere", limit(items, 4))
}
