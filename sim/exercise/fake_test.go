package exercise

import (
	"errors"
	"net/http"
)

// fakeProbe records what the graders send and answers with the real engine
// (EngineProbe), so these tests grade against the server the lab runs. fail
// simulates a probe that is down.
type fakeProbe struct {
	httpCalls  []string
	stdioCalls [][]string
	fail       error // when set, every call fails with it
}

func (f *fakeProbe) HTTP(raw string) (int, http.Header, []byte, error) {
	f.httpCalls = append(f.httpCalls, raw)
	if f.fail != nil {
		return 0, nil, nil, f.fail
	}
	return EngineProbe().HTTP(raw)
}

func (f *fakeProbe) Stdio(lines []string) ([]string, error) {
	f.stdioCalls = append(f.stdioCalls, lines)
	if f.fail != nil {
		return nil, f.fail
	}
	return EngineProbe().Stdio(lines)
}

var errProbeDown = errors.New("connection refused")
