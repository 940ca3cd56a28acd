package scenario_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/scenario"
)

// A scenario run is a trace; its JSON Lines are the transcript contract
// (README §Transcript contract) that the UI downloads and `devserver
// transcript` prints: one event per line, with seq, from, to, channel,
// raw and the JSON-RPC messages raw carries.
func ExampleRun() {
	t, err := scenario.Run(scenario.Options{Scenario: "tool-call", Version: protocol.V20260728, Transport: "stdio"})
	if err != nil {
		panic(err)
	}
	var out bytes.Buffer
	if err := t.WriteJSONL(&out); err != nil {
		panic(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	fmt.Println(len(lines) == len(t.Events))
	for _, line := range lines {
		var e struct {
			Seq      int    `json:"seq"`
			From     string `json:"from"`
			To       string `json:"to"`
			Channel  string `json:"channel"`
			Raw      string `json:"raw"`
			Messages []struct {
				Method string `json:"method"`
			} `json:"messages"`
		}
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			panic(err)
		}
		if len(e.Messages) == 1 && e.Messages[0].Method == protocol.MethodToolsCall {
			fmt.Printf("%d %s → %s on %s: %s, raw ends in a newline: %v\n", e.Seq, e.From, e.To, e.Channel, e.Messages[0].Method, strings.HasSuffix(e.Raw, "\n"))
			break
		}
	}
	// Output:
	// true
	// 10 client → server on stdin: tools/call, raw ends in a newline: true
}
