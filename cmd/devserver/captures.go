//go:build !(js && wasm)

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"mcpwirelab/scripts/cachedir"
	"mcpwirelab/sim/check"
	"mcpwirelab/sim/mcp"
)

// CapturesPath is where the page finds the captures the dev server made
// (behind the token, like /mcp).
const CapturesPath = "/captures/"

// captureStore is the dev server's side of "check your own server" in the
// page: the captures it made of the operator's target (-target-cmd,
// -target-url; the page never names a command), each a folder as
// `devserver check -out` writes it.
//
//	GET  /captures/                   {"target": …, "captures": [...]}, newest first
//	GET  /captures/<id>/<version>.jsonl   a transcript
//	GET  /captures/<id>/report.json       its report
//	POST /captures/                   capture the target now (409 while one runs)
type captureStore struct {
	dir  string
	spec *checkSpec // nil: no target was given
	log  *log.Logger

	mu      sync.Mutex
	running bool
	now     func() time.Time
}

// captureInfo is one capture in the listing.
type captureInfo struct {
	ID        string                `json:"id"`
	Target    string                `json:"target"`
	Transport string                `json:"transport"`
	Versions  []string              `json:"versions"` // the transcripts it holds
	Spoken    []string              `json:"spoken"`   // the versions the server speaks
	Counts    map[check.Verdict]int `json:"counts"`
	Failed    bool                  `json:"failed"` // a MUST failed
}

var captureID = regexp.MustCompile(`^[0-9]{8}-[0-9]{6}-[0-9]{3}$`)

func (s *captureStore) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest := strings.TrimPrefix(r.URL.Path, CapturesPath)
	switch {
	case rest == "" && r.Method == http.MethodGet:
		s.list(w)
	case rest == "" && r.Method == http.MethodPost:
		s.capture(w, r)
	case rest == "":
		w.Header().Set("Allow", "GET, POST")
		httpError(w, http.StatusMethodNotAllowed, "GET lists the captures, POST makes one")
	case r.Method != http.MethodGet:
		w.Header().Set("Allow", "GET")
		httpError(w, http.StatusMethodNotAllowed, "captures are read with GET")
	default:
		s.file(w, rest)
	}
}

func httpError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	fmt.Fprintln(w, msg)
}

// list answers the listing: the target (when there is one) and every
// capture in the folder.
func (s *captureStore) list(w http.ResponseWriter) {
	out := struct {
		Target   string        `json:"target"`
		Captures []captureInfo `json:"captures"`
	}{Captures: []captureInfo{}}
	if s.spec != nil {
		tg, done := s.spec.target()
		done()
		out.Target = tg.Transport + ": " + tg.Name
	}
	entries, _ := os.ReadDir(s.dir)
	for _, e := range entries {
		if e.IsDir() && captureID.MatchString(e.Name()) {
			if info, ok := s.info(e.Name()); ok {
				out.Captures = append(out.Captures, info)
			}
		}
	}
	sort.Slice(out.Captures, func(i, j int) bool { return out.Captures[i].ID > out.Captures[j].ID })
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(out)
}

// info reads a capture folder.
func (s *captureStore) info(id string) (captureInfo, bool) {
	b, err := os.ReadFile(filepath.Join(s.dir, id, "report.json"))
	if err != nil {
		return captureInfo{}, false
	}
	var rep check.Report
	if json.Unmarshal(b, &rep) != nil {
		return captureInfo{}, false
	}
	info := captureInfo{ID: id, Target: rep.Target, Transport: rep.Transport, Spoken: rep.Versions, Counts: rep.Count(), Failed: rep.Failed()}
	for _, v := range mcp.Versions() {
		if _, err := os.Stat(filepath.Join(s.dir, id, v+".jsonl")); err == nil {
			info.Versions = append(info.Versions, v)
		}
	}
	return info, true
}

// file serves one file of a capture: only names the store writes.
func (s *captureStore) file(w http.ResponseWriter, rest string) {
	id, name, ok := strings.Cut(rest, "/")
	allowed := name == "report.json" || slices.ContainsFunc(mcp.Versions(), func(v string) bool { return name == v+".jsonl" })
	if !ok || !captureID.MatchString(id) || !allowed {
		httpError(w, http.StatusNotFound, "no such capture file")
		return
	}
	b, err := os.ReadFile(filepath.Join(s.dir, id, name))
	if err != nil {
		httpError(w, http.StatusNotFound, "no such capture file")
		return
	}
	ct := "application/json"
	if strings.HasSuffix(name, ".jsonl") {
		ct = "application/x-ndjson; charset=utf-8"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}

// captureTimeout bounds one capture the page asks for.
const captureTimeout = 5 * time.Minute

// capture checks the target now and answers with the new capture's entry.
func (s *captureStore) capture(w http.ResponseWriter, r *http.Request) {
	if s.spec == nil {
		httpError(w, http.StatusNotFound, "this dev server has no target to capture: start it with -target-cmd '…' or -target-url …")
		return
	}
	s.mu.Lock()
	if s.running {
		s.mu.Unlock()
		httpError(w, http.StatusConflict, "a capture is running; try again when it is done")
		return
	}
	s.running = true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.running = false
		s.mu.Unlock()
	}()
	// A capture takes longer than the server's read timeout: nothing more
	// is read from this request, and the capture goes on if the page leaves.
	_ = http.NewResponseController(w).SetReadDeadline(time.Time{})
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), captureTimeout)
	defer cancel()
	now := time.Now
	if s.now != nil {
		now = s.now
	}
	t := now().UTC()
	id := fmt.Sprintf("%s-%03d", t.Format("20060102-150405"), t.Nanosecond()/1e6)
	s.log.Printf("capture %s of the target", id)
	rep, runs := s.spec.run(ctx, func(f string, a ...any) { s.log.Printf("capture "+id+": "+f, a...) })
	if err := writeCapture(filepath.Join(s.dir, id), rep, runs, "json"); err != nil {
		s.log.Printf("capture %s: %v", id, err)
		httpError(w, http.StatusInternalServerError, "could not write the capture")
		return
	}
	info, _ := s.info(id)
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(info)
}

// targetFlags are the dev server's -target-* flags.
type targetFlags struct {
	cmd, url, slow string
	headers        headerList
	calls          callList
}

// spec turns the flags into the capture's target (nil when none).
func (f *targetFlags) spec() (*checkSpec, error) {
	if f.cmd == "" && f.url == "" {
		if f.slow != "" || len(f.calls) > 0 || f.headers.h != nil {
			return nil, errors.New("-target-call, -target-slow and -target-header need -target-cmd or -target-url")
		}
		return nil, nil
	}
	s := &checkSpec{URL: f.url, Headers: f.headers.h, Calls: f.calls, Repeat: 1, K: 10, Timeout: 10 * time.Second}
	if f.cmd != "" {
		words, err := shellSplit(f.cmd)
		if err != nil {
			return nil, fmt.Errorf("-target-cmd: %v", err)
		}
		s.Cmd = words
	}
	if f.slow != "" {
		c, err := check.ParseCall(f.slow)
		if err != nil {
			return nil, fmt.Errorf("-target-slow: %v", err)
		}
		s.Slow = &c
	}
	if err := s.validate(); err != nil {
		return nil, fmt.Errorf("target: %v", err)
	}
	return s, nil
}

// defaultCapturesDir is where the dev server keeps its captures.
func defaultCapturesDir() string {
	root, err := cachedir.Root()
	if err != nil {
		return filepath.Join(os.TempDir(), "mcpwirelab", "captures")
	}
	return filepath.Join(root, "captures")
}
