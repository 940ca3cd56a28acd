package scenario

import (
	"net/http"
	"strings"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/jsonrpc"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
)

// noteOf names a client event for the annotation table (notes/, NoteKey):
// the exchange's label (its tag) and what the event is, e.g.
// "tools-call.request", "tools-list.error.32600.http-400", "progress". It
// also gives the spec section an event follows when that is not its
// transport's page. version is the version the client speaks.
func noteOf(e *client.Event, version string) (note, spec string) {
	ev := e.Event
	label := e.Tag
	switch e.Role {
	case client.RoleCancel:
		label = causeLabel(e.Cause, e.Tag) + ".cancelled"
	case client.RoleRetry:
		label += ".retry" // "<tag>.retry.request", "<tag>.retry.result"…
	case client.RoleAnswer:
		if n, ok := answerNote(e); ok {
			return n, specOfAnswer(ev.Channel)
		}
		label += ".answer"
	}
	wireSpec := specHTTP
	if ev.Channel == trace.Stdin || ev.Channel == trace.Stdout || ev.Channel == trace.Stderr {
		wireSpec = specStdio
	}
	switch {
	case ev.Channel == trace.Stderr:
		return "stderr.log", specStdio
	case ev.Kind == trace.KindClose && ev.Channel == trace.HostChannel:
		return "shutdown.exit", ""
	case ev.Kind == trace.KindClose && ev.Channel == trace.Stdin:
		return "shutdown.close-stdin", specStdio
	case ev.Kind == trace.KindClose && ev.Channel == trace.HTTPRequest:
		return causeLabel(e.Cause, e.Tag) + "." + string(e.Role), ev.Spec
	case ev.Kind == trace.KindClose:
		// The network broke the response stream; what that means depends
		// on the version (the notes of stream-drop.lost).
		if protocol.IsModern(version) {
			return "stream-drop.lost", "basic/transports/streamable-http#cancellation"
		}
		return "stream-drop.lost", "basic/transports#sending-messages-to-the-server"
	case ev.Channel == trace.Stdin || ev.Channel == trace.HTTPRequest:
		if len(e.Msgs) == 1 && e.Msgs[0].Kind() == jsonrpc.KindNotification {
			return label, wireSpec
		}
		return label + ".request", wireSpec
	case ev.Channel == trace.Stdout:
		switch {
		case e.Unread:
			return "stdout-pollution.unread", specStdio
		case e.Invalid != "":
			return "stdout-pollution.line", specStdio
		case len(e.Msgs) == 1:
			return responseNote(label, e.Msgs[0], 0), specStdio
		}
		return label + ".line", specStdio
	}
	return httpResponseNote(label, e), specHTTP
}

// httpResponseNote names one piece of an HTTP response.
func httpResponseNote(label string, e *client.Event) string {
	status, chunk := 0, false
	if e.Event.HTTP != nil {
		status, chunk = e.Event.HTTP.Status, e.Event.HTTP.Chunk
	}
	head, _, _ := strings.Cut(e.Event.Raw, "\r\n\r\n")
	switch {
	case len(e.Msgs) == 1:
		return responseNote(label, e.Msgs[0], status)
	case len(e.Msgs) > 1:
		return label + ".response"
	case status == http.StatusAccepted:
		return label + ".accepted"
	case status == http.StatusNoContent:
		return label + ".no-content"
	case chunk:
		return label + ".stream-end"
	case strings.Contains(head, "\r\nTransfer-Encoding: chunked") && strings.Contains(e.Event.Raw, "\r\nid: "):
		// 2025-11-25: the stream opens with an id-only priming event.
		return label + ".stream-prime"
	}
	return label + ".response"
}

// causeLabel is the label of what the client does when it ends an
// exchange early.
func causeLabel(c client.Cause, tag string) string {
	switch {
	case c == client.CauseTimeout:
		return "timeout"
	case ownSubscriptionNotes(tag):
		return tag
	}
	return "subscription"
}

func noteLabel(method string) string {
	switch method {
	case protocol.MethodInitialize:
		return "initialize"
	case protocol.MethodInitialized:
		return "initialized"
	case protocol.MethodDiscover:
		return "discover"
	case protocol.MethodToolsList:
		return "tools-list"
	case protocol.MethodToolsCall:
		return "tools-call"
	case protocol.MethodCancelled:
		return "cancelled"
	}
	return strings.ReplaceAll(method, "/", "-")
}

// responseNote names a server message for the annotation table.
func responseNote(label string, m *jsonrpc.Message, status int) string {
	if n, ok := askResponseNote(label, m, status); ok {
		return n
	}
	switch {
	case m.Method == protocol.MethodProgress && label == "resume":
		return "resume.progress" // replayed from the server's log
	case m.Method == protocol.MethodProgress:
		return "progress"
	case m.Method == protocol.MethodAcknowledged && ownSubscriptionNotes(label):
		return label + ".acknowledged"
	case m.Method == protocol.MethodAcknowledged:
		return "subscription.acknowledged"
	case m.Method == protocol.MethodResourceUpdated:
		return "resource-updated"
	case m.Method == protocol.MethodLog:
		return "log-message"
	case m.Method == protocol.MethodToolsChanged:
		return "tools-changed"
	case m.Method == protocol.MethodElicitationComplete:
		return "elicitation-complete" // 2025-11-25 URL mode
	case m.Error != nil && status >= 400:
		return Key(label).Error(m.Error.Code).HTTP(status).String()
	case m.Error != nil:
		return Key(label).Error(m.Error.Code).String()
	case strings.Contains(string(m.Result), `"isError":true`):
		return label + ".tool-error"
	}
	return label + ".result"
}
