//go:build !(js && wasm) && unix

package main

// `devserver check` and a capture in the dev server against servers built
// to break them (issue 27): floods (a 1 GB body, plain and chunked, an
// endless SSE stream, 2 M notifications, 200 k responses to unknown ids,
// a stderr flood), a server that never answers the POST of a
// notification, one that leaves a child holding its pipes. Each run must
// end, its files stay bounded, and the report says what was cut.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"mcpwirelab/internal/captures"
	"mcpwirelab/sim/labserver"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"mcpwirelab/internal/testenv"
	"mcpwirelab/sim/check"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/transport/stdio"
	"mcpwirelab/sim/transport/streamhttp"
)

// hostileCheckEnv makes this test binary a hostile stdio server (the
// value names how: hostileStdio); hostileCountEnv sets how many lines a
// flood writes.
const (
	hostileCheckEnv = "MCPWL_TEST_CHECK_HOSTILE"
	hostileCountEnv = "MCPWL_TEST_CHECK_HOSTILE_N"
)

// hostileCount is the size of a flood: hostileCountEnv, or def.
func hostileCount(def int) int {
	if n, err := strconv.Atoi(os.Getenv(hostileCountEnv)); err == nil && n > 0 {
		return n
	}
	return def
}

// hostileStdio is the engine's stdio server, made hostile:
//
//	stderr-flood   1 KiB lines on stderr without end, while it serves
//	unknown-ids    N responses to ids never sent before it serves
//	notifications  N notifications before it serves
//	leave-child    a child holding stdout and stderr for 10 minutes (its pid
//	               on the first stderr line)
//	mute           reads stdin and never writes
func hostileStdio(mode string) {
	srv := labserver.NewServer(mcp.Config{})
	out := os.Stdout
	switch mode {
	case "stderr-flood":
		go func() {
			line := strings.Repeat("e", 1023) + "\n"
			for {
				if _, err := os.Stderr.WriteString(line); err != nil {
					return
				}
			}
		}()
	case "unknown-ids", "notifications":
		w := bytes.Buffer{}
		for i, n := 0, hostileCount(200000); i < n; i++ {
			if mode == "unknown-ids" {
				fmt.Fprintf(&w, `{"jsonrpc":"2.0","id":%d,"result":{}}`+"\n", 1000000+i)
			} else {
				w.WriteString(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}` + "\n")
			}
			if w.Len() > 64<<10 {
				if _, err := out.Write(w.Bytes()); err != nil {
					return
				}
				w.Reset()
			}
		}
		out.Write(w.Bytes())
	case "leave-child":
		testenv.LeaveChild(hostileCheckEnv)
	case "sleep":
		time.Sleep(10 * time.Minute)
		return
	case "mute":
		_, _ = io.Copy(io.Discard, os.Stdin)
		return
	}
	_ = stdio.Serve(context.Background(), srv, os.Stdin, out)
}

// hostileHTTP is the engine over Streamable HTTP, made hostile on
// tools/list (so the session opens and the flood hits a probe):
//
//	plain          a JSON body of Content-Length 1 GiB
//	chunked        1 GiB chunked
//	sse            an endless SSE stream of notifications, as fast as it goes
//	sse-slow       an endless SSE stream, one notification every 20 ms
//	notifications  N notifications, then the response, in one SSE stream
//	unknown-ids    N responses to ids never sent, then the response
//	notify-hang    never answers the POST of a notification (tools/list is fine)
//	silent         never answers anything
//
// seen, when set, hears the Authorization header of every request.
func hostileHTTP(mode string, seen func(auth string)) http.Handler {
	eng := streamhttp.New(streamhttp.Options{Server: labserver.NewServer(mcp.Config{})})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if seen != nil {
			seen(r.Header.Get("Authorization"))
		}
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		_ = json.Unmarshal(body, &m)
		switch {
		case mode == "silent" || mode == "notify-hang" && m.ID == nil && r.Method == http.MethodPost:
			<-r.Context().Done()
			return
		case m.Method == protocol.MethodToolsList && mode != "notify-hang" && mode != "":
			flood(w, r, mode, m.ID)
			return
		}
		eng.ServeHTTP(w, r)
	})
}

func flood(w http.ResponseWriter, r *http.Request, mode string, id json.RawMessage) {
	fl := w.(http.Flusher)
	write := func(s string) bool {
		_, err := io.WriteString(w, s)
		return err == nil
	}
	switch mode {
	case "plain", "chunked":
		w.Header().Set("Content-Type", "application/json")
		if mode == "plain" {
			w.Header().Set("Content-Length", strconv.Itoa(1<<30))
		}
		pad := strings.Repeat(" ", 64<<10)
		for n := 0; n < 1<<30; n += len(pad) {
			if !write(pad) {
				return
			}
		}
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	note := `data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}` + "\n\n"
	switch mode {
	case "sse", "sse-slow":
		for {
			if !write(note) {
				return
			}
			fl.Flush()
			if mode == "sse-slow" {
				select {
				case <-time.After(20 * time.Millisecond):
				case <-r.Context().Done():
					return
				}
			}
		}
	case "notifications", "unknown-ids":
		var b strings.Builder
		for i, n := 0, hostileCount(200000); i < n; i++ {
			if mode == "unknown-ids" {
				fmt.Fprintf(&b, "data: {\"jsonrpc\":\"2.0\",\"id\":%d,\"result\":{}}\n\n", 1000000+i)
			} else {
				b.WriteString(note)
			}
			if b.Len() > 64<<10 {
				if !write(b.String()) {
					return
				}
				b.Reset()
			}
		}
		write(b.String() + `data: {"jsonrpc":"2.0","id":` + string(id) + `,"result":{"tools":[]}}` + "\n\n")
	}
}

// hostileRun runs `devserver check` and fails the test if it has not
// ended after limit (a hang guard, not a speed target: the broken twins
// never end, or grow past any memory).
func hostileRun(t *testing.T, limit time.Duration, args ...string) (check.Report, string) {
	t.Helper()
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		runCheck(append([]string{"-format", "json", "-out", out}, args...), &stdout, &stderr)
	}()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("check %v still runs after %s", args, limit)
	}
	var rep check.Report
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("report: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	return rep, out
}

// folderBytes is the size of every file in dir.
func folderBytes(t *testing.T, dir string) int64 {
	var n int64
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil {
			n += info.Size()
		}
	}
	return n
}

// maxCaptureBytes bounds what one capture writes: per version, the record
// (the answers to the checker's requests up to twice MaxRecordBytes) as
// JSON, where every byte may be written twice (raw and in its messages)
// and escaped; the transcripts of a well-behaved server are tens of KB.
const maxCaptureBytes = int64(2 * 4 * check.MaxRecordBytes)

func wantCut(t *testing.T, rep check.Report, out, want string) {
	t.Helper()
	found := false
	for _, c := range rep.Cuts {
		found = found || strings.Contains(c, want)
	}
	if !found {
		t.Errorf("the report says no cut %q: %q", want, rep.Cuts)
	}
	if n := folderBytes(t, out); n > maxCaptureBytes {
		t.Errorf("the capture wrote %d bytes, over %d", n, maxCaptureBytes)
	}
}

// TestCheckHostileHTTP: a 1 GB body (plain, chunked), an endless SSE
// stream (fast: cut at the body bound; slow: ended by -timeout), 200 k
// notifications and 200 k responses to unknown ids in one stream, and a
// server that never answers the POST of notifications/initialized. Each run
// ends, the files stay bounded, the report names the cut.
func TestCheckHostileHTTP(t *testing.T) {
	testenv.SkipShort(t, "seven checks of flooding servers, about a minute")
	cases := []struct {
		mode, cut string
	}{
		{"plain", "passed 8 MiB"},
		{"chunked", "passed 8 MiB"},
		{"sse", "passed 8 MiB"},
		{"notifications", "passed 8 MiB"},
		{"unknown-ids", "passed 8 MiB"},
		{"sse-slow", "events the server sent"},
		{"notify-hang", "no answer to a POST that carries no request in 1s"},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			srv := httptest.NewServer(hostileHTTP(c.mode, nil))
			defer srv.Close()
			timeout := "2s"
			if c.mode == "notify-hang" || c.mode == "sse-slow" {
				timeout = "1s"
			}
			if c.mode == "sse-slow" {
				// 20 ms a notification: 10,000 events take 200 s; the
				// -timeout ends each stream first. Nothing is cut, and the
				// run still ends.
				c.cut = ""
			}
			rep, out := hostileRun(t, 5*time.Minute, "-timeout", timeout, "-url", srv.URL)
			if c.cut == "" {
				if n := folderBytes(t, out); n > maxCaptureBytes {
					t.Errorf("the capture wrote %d bytes", n)
				}
				return
			}
			wantCut(t, rep, out, c.cut)
		})
	}
}

// TestCheckHostileStdio: a stderr flood, 30,000 responses to unknown ids
// and 30,000 notifications on stdout (past the 10,000 events a run
// keeps), a child left holding the pipes. Each run ends, the record is
// bounded and the report says what was cut.
func TestCheckHostileStdio(t *testing.T) {
	testenv.SkipShort(t, "four checks of hostile server processes")
	cases := []struct{ mode, cut string }{
		{"stderr-flood", "stderr lines"},
		{"unknown-ids", "events the server sent"},
		{"notifications", "events the server sent"},
		{"leave-child", ""},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			t.Setenv(hostileCheckEnv, c.mode)
			t.Setenv(hostileCountEnv, "30000")
			rep, out := hostileRun(t, 5*time.Minute, "-timeout", "3s", "--", os.Args[0], "-test.run=^$")
			if c.cut != "" {
				wantCut(t, rep, out, c.cut)
				return
			}
			if len(rep.Versions) == 0 {
				t.Fatalf("the server behind the child was not checked: %+v", rep)
			}
			b, _ := os.ReadFile(filepath.Join(out, rep.Versions[0]+".stderr.txt"))
			var pid int
			fmt.Sscanf(string(b), "child %d", &pid)
			if pid == 0 || !processGone(pid) {
				t.Fatalf("the child (%d) outlived the check; stderr %q", pid, b)
			}
		})
	}
}

// processGone reports whether pid has ended (waiting up to 10 s).
func processGone(pid int) bool {
	for i := 0; i < 500; i++ {
		if syscall.Kill(pid, 0) != nil {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

// TestCaptureHostileTarget: the dev server's capture of a target that
// leaves a child holding its pipes ends (before: past the 5-minute
// timeout, and every later capture got 409), and the next capture runs.
func TestCaptureHostileTarget(t *testing.T) {
	testenv.SkipShort(t, "two captures of a server process that leaves a child")
	t.Setenv(hostileCheckEnv, "leave-child")
	dir := t.TempDir()
	spec := &checkSpec{Cmd: []string{os.Args[0], "-test.run=^$"}, Repeat: 1, K: 10, Timeout: 3 * time.Second}
	var logs bytes.Buffer
	s := captures.New(dir, captureTarget(spec), log.New(&logs, "", 0))
	for i := 1; i <= 2; i++ {
		w := httptest.NewRecorder()
		done := make(chan struct{})
		go func() {
			defer close(done)
			s.ServeHTTP(w, httptest.NewRequest(http.MethodPost, captures.Path, nil))
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Minute):
			t.Fatalf("capture %d still runs\n%s", i, logs.String())
		}
		if w.Code != http.StatusOK {
			t.Fatalf("capture %d: %d %s", i, w.Code, w.Body.String())
		}
		time.Sleep(2 * time.Millisecond) // a new capture id
	}
}

// TestCheckRedactsSecrets: the Authorization header given with -header
// and a token in the URL's query string reach the server on every
// request, and none of the files written holds them: the header line
// reads "Authorization: Bearer [redacted]".
func TestCheckRedactsSecrets(t *testing.T) {
	const token, qtoken = "s3cret-token-123", "q-secret-456"
	var requests, carried atomic.Int64
	srv := httptest.NewServer(hostileHTTP("", func(auth string) {
		requests.Add(1)
		if auth == "Bearer "+token {
			carried.Add(1)
		}
	}))
	defer srv.Close()
	u := srv.URL + "/mcp?token=" + qtoken
	rep, out := hostileRun(t, 5*time.Minute, "-timeout", "3s", "-header", "Authorization: Bearer "+token, "-url", u)
	if len(rep.Versions) == 0 || requests.Load() == 0 || carried.Load() != requests.Load() {
		t.Fatalf("versions %v; %d of %d requests carried the token", rep.Versions, carried.Load(), requests.Load())
	}
	entries, _ := os.ReadDir(out)
	redacted := 0
	for _, e := range entries {
		b, _ := os.ReadFile(filepath.Join(out, e.Name()))
		for _, s := range []string{token, qtoken} {
			if bytes.Contains(b, []byte(s)) {
				t.Errorf("%s holds the secret %q", e.Name(), s)
			}
		}
		redacted += bytes.Count(b, []byte(`Authorization: Bearer [redacted]`))
	}
	if redacted == 0 || !strings.Contains(rep.Target, "token=%5Bredacted%5D") && !strings.Contains(rep.Target, "token=[redacted]") {
		t.Errorf("%d redacted header lines; target %q", redacted, rep.Target)
	}
}

// TestCaptureRedactsTargetHeader: the dev server's -target-header and a
// token in -target-url's query reach the target, and neither the capture's
// files nor the listing holds them.
func TestCaptureRedactsTargetHeader(t *testing.T) {
	const token, qtoken = "t4rget-token-789", "q-target-012"
	var carried atomic.Int64
	srv := httptest.NewServer(hostileHTTP("", func(auth string) {
		if auth == "Bearer "+token {
			carried.Add(1)
		}
	}))
	defer srv.Close()
	f := targetFlags{url: srv.URL + "/mcp?token=" + qtoken}
	if err := f.headers.Set("Authorization: Bearer " + token); err != nil {
		t.Fatal(err)
	}
	spec, err := f.spec()
	if err != nil {
		t.Fatal(err)
	}
	spec.Timeout = 3 * time.Second
	dir := t.TempDir()
	s := captures.New(dir, captureTarget(spec), log.New(io.Discard, "", 0))
	w := httptest.NewRecorder()
	s.ServeHTTP(w, httptest.NewRequest(http.MethodPost, captures.Path, nil))
	list := httptest.NewRecorder()
	s.ServeHTTP(list, httptest.NewRequest(http.MethodGet, captures.Path, nil))
	if w.Code != 200 || carried.Load() == 0 {
		t.Fatalf("capture: %d %s; %d requests carried the token", w.Code, w.Body.String(), carried.Load())
	}
	var info captures.Info
	_ = json.Unmarshal(w.Body.Bytes(), &info)
	files, _ := filepath.Glob(filepath.Join(dir, info.ID, "*"))
	if len(files) == 0 {
		t.Fatal("no capture files")
	}
	texts := map[string][]byte{"the POST's answer": w.Body.Bytes(), "the listing": list.Body.Bytes()}
	for _, f := range files {
		texts[f], _ = os.ReadFile(f)
	}
	for name, b := range texts {
		for _, sec := range []string{token, qtoken} {
			if bytes.Contains(b, []byte(sec)) {
				t.Errorf("%s holds %q", name, sec)
			}
		}
	}
	if !bytes.Contains(list.Body.Bytes(), []byte("token=[redacted]")) {
		t.Errorf("listing %s", list.Body.String())
	}
}
