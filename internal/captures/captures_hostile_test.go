//go:build !(js && wasm) && unix

package captures

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"mcpwirelab/internal/testenv"
	"mcpwirelab/sim/check"

	"mcpwirelab/sim/protocol"
)

// fakeCapture writes a complete capture folder (a report and a transcript
// of size bytes per version) the way Write leaves one.
func fakeCapture(t *testing.T, dir, id string, size int) {
	t.Helper()
	if err := Write(filepath.Join(dir, id), check.Report{Target: "t", Transport: "stdio", Versions: protocol.Versions()}, nil, "json"); err != nil {
		t.Fatal(err)
	}
	for _, v := range protocol.Versions() {
		if err := os.WriteFile(filepath.Join(dir, id, v+".jsonl"), bytes.Repeat([]byte{'x'}, size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func captureGet(t *testing.T, h http.Handler, path string) (int, []byte) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	return rec.Code, rec.Body.Bytes()
}

// Issue 27 item 6: what is planted in the captures folder is not followed.
// A transcript that is a symlink to a file outside, a capture folder that
// is a symlink to a folder outside, and a FIFO named like a transcript (a
// whole read of it blocks for ever) are neither listed nor served. Before,
// os.ReadFile followed both links (200 with the outside file) and hung on
// the FIFO.
func TestCapturesRefusePlantedFiles(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	v := protocol.Versions()[0]
	secret := filepath.Join(outside, "secret.txt")
	os.WriteFile(secret, []byte("not a capture"), 0o644)

	fakeCapture(t, dir, "20260101-000000-001", 10)
	os.Remove(filepath.Join(dir, "20260101-000000-001", v+".jsonl"))
	if err := os.Symlink(secret, filepath.Join(dir, "20260101-000000-001", v+".jsonl")); err != nil {
		t.Skip(err)
	}
	fakeCapture(t, outside, "20260101-000000-002", 10)
	os.Symlink(filepath.Join(outside, "20260101-000000-002"), filepath.Join(dir, "20260101-000000-002"))
	fakeCapture(t, dir, "20260101-000000-003", 10)
	fifo := filepath.Join(dir, "20260101-000000-003", v+".jsonl")
	os.Remove(fifo)
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}

	s := New(dir, nil, log.New(io.Discard, "", 0))
	for _, p := range []string{"20260101-000000-001/" + v + ".jsonl", "20260101-000000-002/report.json",
		"20260101-000000-002/" + v + ".jsonl", "20260101-000000-003/" + v + ".jsonl"} {
		if code, b := captureGet(t, s, Path+p); code != 404 {
			t.Errorf("GET %s: %d %.60q", p, code, b)
		}
	}
	_, b := captureGet(t, s, Path)
	var list struct{ Captures []Info }
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range list.Captures {
		ids = append(ids, c.ID)
		if slices.Contains(c.Versions, v) {
			t.Errorf("%s lists %s, which is not a regular file", c.ID, v)
		}
	}
	if !slices.Equal(ids, []string{"20260101-000000-003", "20260101-000000-001"}) {
		t.Errorf("listed %v; the symlinked folder must not be", ids)
	}
	if _, err := os.Stat(secret); err != nil {
		t.Errorf("the file a symlink pointed at is gone: %v", err)
	}
}

// Issue 27 item 6: a transcript is streamed, not read into memory: a 64
// MiB one served to a reader adds far less than its size to the heap
// (os.ReadFile added all of it, per request), and a range is answered.
func TestCapturesFileStreamed(t *testing.T) {
	dir := t.TempDir()
	id := "20260101-000000-000"
	fakeCapture(t, dir, id, 1)
	v := protocol.Versions()[0]
	big := filepath.Join(dir, id, v+".jsonl")
	const size = 64 << 20
	if err := os.Truncate(big, size); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(New(dir, nil, log.New(io.Discard, "", 0)))
	defer srv.Close()
	var got int64
	peak := testenv.PeakHeap(func() {
		resp, err := http.Get(srv.URL + Path + id + "/" + v + ".jsonl")
		if err != nil {
			t.Fatal(err)
		}
		got, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	})
	if got != size {
		t.Fatalf("served %d bytes of %d", got, size)
	}
	if peak > size/4 {
		t.Errorf("serving a %d MiB transcript raised the heap by %d MiB: it is read whole", size>>20, peak>>20)
	}
	req, _ := http.NewRequest("GET", srv.URL+Path+id+"/"+v+".jsonl", nil)
	req.Header.Set("Range", "bytes=0-9")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusPartialContent || len(b) != 10 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/x-ndjson") {
		t.Errorf("range: %d, %d bytes, %q", resp.StatusCode, len(b), resp.Header.Get("Content-Type"))
	}
}

// Issue 27 item 6: the folder is bounded in count and size, the oldest
// captures going first (the newest always stays), and what a cut capture
// left (a folder without report.json) is removed when the store opens;
// both are logged. Before, nothing was ever removed.
func TestCapturesBounded(t *testing.T) {
	dir := t.TempDir()
	for i, id := range []string{"20260101-000000-001", "20260101-000000-002", "20260101-000000-003", "20260101-000000-004", "20260101-000000-005"} {
		fakeCapture(t, dir, id, 1000*(i+1))
	}
	os.MkdirAll(filepath.Join(dir, "20260102-000000-000"), 0o755) // cut: no report
	os.WriteFile(filepath.Join(dir, "20260102-000000-000", v0()+".jsonl"), []byte("half"), 0o644)
	var logs bytes.Buffer
	s := New(dir, nil, log.New(&logs, "", 0))
	if _, err := os.Stat(filepath.Join(dir, "20260102-000000-000")); !os.IsNotExist(err) {
		t.Errorf("the cut capture's folder is still there: %v", err)
	}
	if !strings.Contains(logs.String(), "removed 20260102-000000-000, left unfinished by a capture that was cut") {
		t.Errorf("log: %s", logs.String())
	}

	// Count: at most 3.
	s.maxCount = 3
	if removed := s.prune("20260101-000000-005"); !slices.Equal(removed, []string{"20260101-000000-002", "20260101-000000-001"}) {
		t.Errorf("count bound removed %v", removed)
	}
	// Size: the two newest hold 2×(5000+4000) bytes and reports; a bound
	// below that keeps only the newest, even when it alone is over it.
	s.maxCount, s.maxBytes = 10, 12000
	if removed := s.prune("20260101-000000-005"); !slices.Equal(removed, []string{"20260101-000000-004", "20260101-000000-003"}) {
		t.Errorf("size bound removed %v", removed)
	}
	s.maxBytes = 10
	if removed := s.prune("20260101-000000-005"); len(removed) != 0 {
		t.Errorf("the newest capture was removed: %v", removed)
	}
	_, b := captureGet(t, s, Path)
	if !strings.Contains(string(b), `"limits":{"captures":10,"bytes":10}`) || !strings.Contains(string(b), `"id":"20260101-000000-005"`) {
		t.Errorf("listing: %s", b)
	}
	if !strings.Contains(logs.String(), "removed 20260101-000000-001 (") || !strings.Contains(logs.String(), "the folder keeps at most 3 captures") {
		t.Errorf("log: %s", logs.String())
	}
}

func v0() string { return protocol.Versions()[0] }
