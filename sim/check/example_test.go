package check_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"mcpwirelab/sim/check"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/virtual"
)

// Judging a transcript: capture a session with a server (here the course
// server itself, in process, behind the virtual HTTP wire), save it as
// JSON Lines, read it back and judge it. Judge reads only the trace, so a
// transcript file a learner sends works as well as a live capture.
func ExampleJudge() {
	target := check.Target{Name: "the course server", Transport: "http",
		HTTP: virtual.LabHTTP(labserver.NewServer(mcp.Config{})), Endpoint: "http://127.0.0.1:8080/mcp"}
	runs := check.Capture(context.Background(), target, check.Options{
		Versions: []string{protocol.V20260728}, Timeout: 5 * time.Second,
		Calls: []check.Call{{Name: "list_emails", Args: json.RawMessage(`{"limit":2}`)}}})
	var transcript bytes.Buffer
	if err := runs[0].Trace.WriteJSONL(&transcript); err != nil {
		panic(err)
	}
	t, err := check.ReadTranscript(&transcript)
	if err != nil {
		panic(err)
	}
	fails := 0
	for _, r := range check.Judge(t, check.JudgeOptions{}) {
		if r.Verdict == check.Fail {
			fails++
			fmt.Println(r.ID, r.Message)
		}
		if r.ID == check.IDHeaderMismatch {
			fmt.Println(r.ID, r.Verdict)
		}
	}
	fmt.Println("failures:", fails)
	// Output:
	// header-mismatch pass
	// failures: 0
}
