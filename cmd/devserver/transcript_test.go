//go:build !(js && wasm)

package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestTranscriptCommand(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"transcript", "-scenario", "tool-call", "-version", "2026-07-28", "-transport", "http", "-fault", "timeout"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) < 10 {
		t.Fatalf("%d lines", len(lines))
	}
	for i, l := range lines {
		var e map[string]any
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("line %d is not JSON: %v", i+1, err)
		}
		for _, k := range []string{"seq", "from", "to", "channel", "raw", "messages", "note"} {
			if _, ok := e[k]; !ok {
				t.Fatalf("line %d lacks %q: %s", i+1, k, l)
			}
		}
		if int(e["seq"].(float64)) != i+1 {
			t.Fatalf("line %d has seq %v", i+1, e["seq"])
		}
		if e["messages"] == nil {
			t.Fatalf("line %d: messages is null, want []", i+1)
		}
	}
	if !strings.Contains(out.String(), `"note":"timeout.close-stream"`) {
		t.Fatal("the timeout fault's stream close is missing")
	}
}

func TestTranscriptClientFlags(t *testing.T) {
	var a, b, errb bytes.Buffer
	if code := run([]string{"transcript", "-scenario", "http-status-retries", "-transport", "http"}, nil, &a, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if code := run([]string{"transcript", "-scenario", "http-status-retries", "-transport", "http", "-base-delay-ms", "100"}, nil, &b, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if a.String() == b.String() {
		t.Fatal("-base-delay-ms changed nothing")
	}
}

func TestTranscriptUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-scenario", "nope"},
		{"-version", "2024-01-01"},
		{"-transport", "ws"},
		{"-fault", "fire"},
		{"-transport", "http", "-fault", "stdout-pollution"},
		{"-bogus"},
		{"extra-arg"},
		{"-scenario", "http-status-retries", "-transport", "http", "-jitter-pct", "500"},
		{"-scenario", "tool-call", "-retries", "2"},
	} {
		var out, errb bytes.Buffer
		code := run(append([]string{"transcript"}, args...), nil, &out, &errb)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		if out.Len() != 0 {
			t.Errorf("%v: wrote to stdout on error", args)
		}
		if errb.Len() == 0 {
			t.Errorf("%v: no error message", args)
		}
	}
}

func TestTranscriptRetriesZeroMeansNone(t *testing.T) {
	lines := func(args ...string) int {
		var out, errb bytes.Buffer
		if code := run(append([]string{"transcript", "-scenario", "http-status-retries", "-transport", "http"}, args...), nil, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		return strings.Count(out.String(), "\n")
	}
	def, five, none := lines(), lines("-retries", "5"), lines("-retries", "0")
	if def != five {
		t.Fatalf("default %d lines, -retries 5 %d lines: the default must be 5", def, five)
	}
	if none >= def {
		t.Fatalf("-retries 0 gave %d lines, default %d: 0 must mean no retries", none, def)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"transcript", "-h"}, nil, &out, &errb); code != 0 || !strings.Contains(errb.String(), "usage: devserver transcript") {
		t.Fatalf("-h: exit %d, %q", code, errb.String())
	}
}
