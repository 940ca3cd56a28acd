package scenario

import (
	"encoding/json"
	"fmt"

	"mcpwirelab/sim/trace"
)

// TEMPORARY stub: the real engine replaces this file. It returns a tiny
// hand-made trace so UI work can proceed.

func List() []Info {
	return []Info{{Name: "tool-call", Title: Text{En: "One tool call", Zh: "一次工具调用"},
		Transports: Transports, Versions: Versions,
		Faults: []string{"none", "unknown-tool", "bad-params", "timeout", "stdout-pollution", "bad-origin", "header-mismatch", "unsupported-version", "missing-session"}}}
}

func Run(o Options) (*trace.Trace, error) {
	if o.Scenario != "tool-call" {
		return nil, fmt.Errorf("scenario %q: %w", o.Scenario, ErrUnknown)
	}
	m := json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`)
	r := json.RawMessage(`{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`)
	return &trace.Trace{Scenario: o.Scenario, Version: o.Version, Transport: o.Transport, Fault: o.Fault, Events: []trace.Event{
		{Seq: 1, From: trace.Host, To: trace.Server, Channel: trace.HostChannel, Kind: trace.KindLaunch, Raw: "", Messages: []json.RawMessage{}, Note: "launch"},
		{Seq: 2, From: trace.Client, To: trace.Server, Channel: trace.Stdin, Kind: trace.KindMessage, Raw: string(m) + "\n", Messages: []json.RawMessage{m}, Note: "tools-list.request"},
		{Seq: 3, From: trace.Server, To: trace.Client, Channel: trace.Stdout, Kind: trace.KindMessage, Raw: string(r) + "\n", Messages: []json.RawMessage{r}, Note: "tools-list.result"},
	}}, nil
}

func Annotation(key string) Note {
	return Note{Text: Text{En: "stub note " + key, Zh: "占位说明 " + key}}
}
