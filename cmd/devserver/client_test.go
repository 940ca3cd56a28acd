//go:build !(js && wasm)

package main

import (
	"bytes"
	"strings"
	"testing"

	"mcpwirelab/internal/testenv"

	"mcpwirelab/sim/protocol"
)

// TestClientCommand: `devserver client` plays a suite scenario against
// our own dev server (the URL as the suite passes it: the last argument;
// the scenario and version from the suite's environment), printing the
// bytes; it exits 0 and logs nothing when every request got its answer.
func TestClientCommand(t *testing.T) {
	testenv.SkipShort(t, "devserver client over real sockets")
	srv := startInteropServer(t, "-no-auth")
	for _, tc := range []struct{ version, scenario, want string }{
		{protocol.V20251125, "initialize", `"method":"initialize"`},
		{protocol.V20260728, "http-standard-headers", "Mcp-Method: prompts/get"},
	} {
		t.Run(tc.version, func(t *testing.T) {
			t.Setenv(envScenario, tc.scenario)
			t.Setenv(envVersion, tc.version)
			var stdout, stderr bytes.Buffer
			code := runClient([]string{srv.base + "/mcp"}, &stdout, &stderr)
			if code != 0 || stderr.Len() != 0 || !strings.Contains(stdout.String(), tc.want) || !strings.HasPrefix(stdout.String(), "--- 1 client → server\nPOST /mcp HTTP/1.1\r\n") {
				t.Fatalf("exit %d, stderr %q, stdout:\n%s", code, stderr.String(), stdout.String())
			}
		})
	}
}

// TestClientUsage: what `devserver client` refuses, with exit status 2:
// no URL or a bad one, no scenario, an unknown one, an authorization
// scenario (outside the course), a version the client does not speak.
func TestClientUsage(t *testing.T) {
	t.Setenv(envScenario, "")
	t.Setenv(envVersion, "")
	for _, args := range [][]string{
		{}, {"ftp://x"}, {"http://127.0.0.1:1/mcp"}, {"-scenario", "initialize", "http://a/", "http://b/"},
		{"-scenario", "no-such", "http://127.0.0.1:1/mcp"}, {"-scenario", "auth/metadata-default", "http://127.0.0.1:1/mcp"},
		{"-scenario", "initialize", "-version", "2024-11-05", "http://127.0.0.1:1/mcp"}, {"-nope"},
	} {
		var stdout, stderr bytes.Buffer
		if code := runClient(args, &stdout, &stderr); code != 2 || stdout.Len() != 0 || stderr.Len() == 0 {
			t.Errorf("client %q: exit %d, stdout %q, stderr %q", args, code, stdout.String(), stderr.String())
		}
	}
	// A server that is not there: the client could not go on (1).
	var stdout, stderr bytes.Buffer
	if code := runClient([]string{"-scenario", "initialize", "-version", protocol.V20251125, "http://127.0.0.1:1/mcp"}, &stdout, &stderr); code != 1 {
		t.Errorf("unreachable server: exit %d, stderr %q", code, stderr.String())
	}
}
