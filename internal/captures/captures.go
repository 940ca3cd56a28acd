// Package captures is the dev server's store of the captures it makes of
// the operator's own server (-target-cmd, -target-url: "check your own
// server" in the page), served under Path, and the folder a capture is
// written as (Write, also `devserver check -out`).
package captures

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"mcpwirelab/internal/cachedir"
	"mcpwirelab/sim/check"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
)

// Path is where the page finds the captures the dev server made
// (behind the token, like /mcp).
const Path = "/captures/"

// Target is the server a Store captures: the dev server's -target-*
// flags.
type Target interface {
	// Describe names it in the listing: "<transport>: <name>", redacted.
	Describe() string
	// Run captures and grades it, saying how it goes through progress.
	Run(ctx context.Context, progress func(string, ...any)) (check.Report, []check.Run)
}

// Store is the dev server's side of "check your own server" in the
// page: the captures it made of the operator's target (-target-cmd,
// -target-url; the page never names a command), each a folder as
// `devserver check -out` writes it.
//
//	GET  /captures/                   {"target": …, "captures": [...]}, newest first
//	GET  /captures/<id>/<version>.jsonl   a transcript
//	GET  /captures/<id>/report.json       its report
//	POST /captures/                   capture the target now (409 while one runs)
//
// The folder is bounded: at most maxCount captures and maxBytes in all
// (the oldest go first, and the removal is logged and answered; the newest
// capture always stays). A folder a capture left unfinished (the dev
// server was stopped or failed while writing it: no report.json) is
// removed, and logged, at start-up and before every capture. Only regular
// files inside real folders are read: a symlink or a FIFO planted in the
// folder is neither listed nor served, and a transcript is streamed, not
// read into memory.
type Store struct {
	dir    string
	target Target // nil: no target was given
	log    *log.Logger
	// maxCount and maxBytes bound the folder (defaultMaxCaptures,
	// defaultMaxCaptureBytes when zero).
	maxCount int
	maxBytes int64

	mu      sync.Mutex
	running bool
	now     func() time.Time
}

// The captures folder's bounds: a capture of a well-behaved server is
// tens of KB; one of a hostile server is cut by the checker's own caps.
const (
	defaultMaxCaptures     = 32
	defaultMaxCaptureBytes = 512 << 20
	// maxReportBytes is the largest report.json the listing reads.
	maxReportBytes = 16 << 20
)

// New opens the store and clears what cut captures left.
func New(dir string, target Target, l *log.Logger) *Store {
	s := &Store{dir: dir, target: target, log: l}
	s.sweep()
	return s
}

func (s *Store) limits() (int, int64) {
	n, b := s.maxCount, s.maxBytes
	if n <= 0 {
		n = defaultMaxCaptures
	}
	if b <= 0 {
		b = defaultMaxCaptureBytes
	}
	return n, b
}

// folder is a capture folder on disk.
type folder struct {
	id       string
	bytes    int64
	complete bool // it has its report.json
}

// folders lists the capture folders: real folders (not symlinks) with a
// capture's name, newest first, with the size of their regular files.
func (s *Store) folders() []folder {
	entries, _ := os.ReadDir(s.dir) // Type() is the Lstat type: a symlink is not a folder
	var out []folder
	for _, e := range entries {
		if !e.IsDir() || !IDPattern.MatchString(e.Name()) {
			continue
		}
		f := folder{id: e.Name()}
		inner, _ := os.ReadDir(filepath.Join(s.dir, e.Name()))
		for _, in := range inner {
			if !in.Type().IsRegular() {
				continue
			}
			if info, err := in.Info(); err == nil {
				f.bytes += info.Size()
			}
			if in.Name() == "report.json" {
				f.complete = true
			}
		}
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id > out[j].id })
	return out
}

// sweep removes the folders of captures that were cut before their
// report was written. Call it only while no capture runs.
func (s *Store) sweep() {
	for _, f := range s.folders() {
		if f.complete {
			continue
		}
		if err := os.RemoveAll(filepath.Join(s.dir, f.id)); err == nil {
			s.log.Printf("captures: removed %s, left unfinished by a capture that was cut (%s, no report.json)", f.id, formatSize(f.bytes))
		}
	}
}

// prune removes the oldest captures until at most maxCount are kept and
// they hold at most maxBytes; newest is always kept. It returns the ids
// it removed.
func (s *Store) prune(newest string) []string {
	maxCount, maxBytes := s.limits()
	var removed []string
	n, total := 0, int64(0)
	for _, f := range s.folders() {
		if !f.complete && f.id != newest {
			continue
		}
		n++
		total += f.bytes
		if f.id == newest || (n <= maxCount && total <= maxBytes) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(s.dir, f.id)); err != nil {
			continue
		}
		n--
		total -= f.bytes
		removed = append(removed, f.id)
		s.log.Printf("captures: removed %s (%s), the oldest: the folder keeps at most %d captures and %s", f.id, formatSize(f.bytes), maxCount, formatSize(maxBytes))
	}
	return removed
}

func formatSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// Info is one capture in the listing.
type Info struct {
	ID        string                `json:"id"`
	Target    string                `json:"target"`
	Transport string                `json:"transport"`
	Versions  []string              `json:"versions"` // the transcripts it holds
	Spoken    []string              `json:"spoken"`   // the versions the server speaks
	Counts    map[check.Verdict]int `json:"counts"`
	Failed    bool                  `json:"failed"` // a MUST failed
	// Cuts say what the capture left out at the checker's bounds (a
	// flooding target), as its report does.
	Cuts []string `json:"cuts,omitempty"`
	// Removed names the oldest captures removed to make room for this
	// one (only in the answer to POST).
	Removed []string `json:"removed,omitempty"`
}

var IDPattern = regexp.MustCompile(`^[0-9]{8}-[0-9]{6}-[0-9]{3}$`)

func (s *Store) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest := strings.TrimPrefix(r.URL.Path, Path)
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
		s.file(w, r, rest)
	}
}

func httpError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	fmt.Fprintln(w, msg)
}

// list answers the listing: the target (when there is one), every
// capture in the folder, and the folder's bounds.
func (s *Store) list(w http.ResponseWriter) {
	maxCount, maxBytes := s.limits()
	out := struct {
		Target   string `json:"target"`
		Captures []Info `json:"captures"`
		Limits   struct {
			Captures int   `json:"captures"`
			Bytes    int64 `json:"bytes"`
		} `json:"limits"`
	}{Captures: []Info{}}
	out.Limits.Captures, out.Limits.Bytes = maxCount, maxBytes
	if s.target != nil {
		out.Target = s.target.Describe()
	}
	for _, f := range s.folders() {
		if info, ok := s.info(f.id); ok {
			out.Captures = append(out.Captures, info)
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(out)
}

// regular opens name in the capture folder id when both are what the
// store writes: a real folder and a regular file (no symlink, FIFO or
// device, which could point outside the folder or block the reader).
func (s *Store) regular(id, name string) (*os.File, os.FileInfo, error) {
	root, err := os.OpenRoot(s.dir)
	if err != nil {
		return nil, nil, err
	}
	defer root.Close()
	if st, err := root.Lstat(id); err != nil || !st.IsDir() {
		return nil, nil, errors.New("not a capture folder")
	}
	p := id + "/" + name
	st, err := root.Lstat(p)
	if err != nil || !st.Mode().IsRegular() {
		return nil, nil, errors.New("not a regular file")
	}
	f, err := root.Open(p)
	if err != nil {
		return nil, nil, err
	}
	// The file opened is the one checked (not swapped in between).
	if got, err := f.Stat(); err != nil || !got.Mode().IsRegular() || !os.SameFile(st, got) {
		f.Close()
		return nil, nil, errors.New("not a regular file")
	}
	return f, st, nil
}

// info reads a capture folder.
func (s *Store) info(id string) (Info, bool) {
	f, st, err := s.regular(id, "report.json")
	if err != nil {
		return Info{}, false
	}
	defer f.Close()
	if st.Size() > maxReportBytes {
		return Info{}, false
	}
	b, err := io.ReadAll(io.LimitReader(f, maxReportBytes))
	if err != nil {
		return Info{}, false
	}
	var rep check.Report
	if json.Unmarshal(b, &rep) != nil {
		return Info{}, false
	}
	info := Info{ID: id, Target: rep.Target, Transport: rep.Transport, Spoken: rep.Versions, Counts: rep.Count(), Failed: rep.Failed(), Cuts: rep.Cuts}
	for _, v := range protocol.Versions() {
		if f, _, err := s.regular(id, v+".jsonl"); err == nil {
			f.Close()
			info.Versions = append(info.Versions, v)
		}
	}
	return info, true
}

// file serves one file of a capture: only names the store writes, only
// regular files, streamed (http.ServeContent: also ranges) rather than
// read whole into memory.
func (s *Store) file(w http.ResponseWriter, r *http.Request, rest string) {
	id, name, ok := strings.Cut(rest, "/")
	allowed := name == "report.json" || slices.ContainsFunc(protocol.Versions(), func(v string) bool { return name == v+".jsonl" })
	if !ok || !IDPattern.MatchString(id) || !allowed {
		httpError(w, http.StatusNotFound, "no such capture file")
		return
	}
	f, st, err := s.regular(id, name)
	if err != nil {
		httpError(w, http.StatusNotFound, "no such capture file")
		return
	}
	defer f.Close()
	ct := "application/json"
	if strings.HasSuffix(name, ".jsonl") {
		ct = "application/x-ndjson; charset=utf-8"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "no-store")
	http.ServeContent(w, r, "", st.ModTime(), f)
}

// Timeout bounds one capture the page asks for.
const Timeout = 5 * time.Minute

// capture checks the target now and answers with the new capture's entry.
func (s *Store) capture(w http.ResponseWriter, r *http.Request) {
	if s.target == nil {
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
	s.sweep() // nothing is being written now
	defer func() {
		s.mu.Lock()
		s.running = false
		s.mu.Unlock()
	}()
	// A capture takes longer than the server's read timeout: nothing more
	// is read from this request, and the capture goes on if the page leaves.
	_ = http.NewResponseController(w).SetReadDeadline(time.Time{})
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), Timeout)
	defer cancel()
	now := time.Now
	if s.now != nil {
		now = s.now
	}
	t := now().UTC()
	id := fmt.Sprintf("%s-%03d", t.Format("20060102-150405"), t.Nanosecond()/1e6)
	s.log.Printf("capture %s of the target", id)
	// The capture runs in the dev server's process: for its duration a
	// soft memory limit (unless GOMEMLIMIT or the operator set one) keeps
	// a flooding target's garbage from doubling the heap.
	if prev := debug.SetMemoryLimit(-1); prev == math.MaxInt64 {
		debug.SetMemoryLimit(MemoryLimit)
		defer debug.SetMemoryLimit(prev)
	}
	rep, runs := s.target.Run(ctx, func(f string, a ...any) { s.log.Printf("capture "+id+": "+f, a...) })
	if err := Write(filepath.Join(s.dir, id), rep, runs, "json"); err != nil {
		s.log.Printf("capture %s: %v", id, err)
		_ = os.RemoveAll(filepath.Join(s.dir, id)) // half a capture is none
		httpError(w, http.StatusInternalServerError, "could not write the capture")
		return
	}
	removed := s.prune(id)
	info, _ := s.info(id)
	info.Removed = removed
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(info)
}

// MemoryLimit is the soft memory limit of `devserver check` and of a
// capture in the dev server
// (runtime/debug.SetMemoryLimit) unless GOMEMLIMIT sets one.
const MemoryLimit = 160 << 20

// Write writes every run's transcript (the JSON Lines contract:
// real bytes, real times), its stderr lines apart, and the report (JSON,
// and the chosen format) into dir.
func Write(dir string, rep check.Report, runs []check.Run, format string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, r := range runs {
		f, err := os.Create(filepath.Join(dir, r.Version+".jsonl"))
		if err != nil {
			return err
		}
		err = r.Trace.WriteJSONL(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		var stderr strings.Builder
		for _, e := range r.Trace.Events {
			if e.Channel == trace.Stderr {
				stderr.WriteString(e.Raw)
			}
		}
		if rep.Transport == "stdio" {
			if err := os.WriteFile(filepath.Join(dir, r.Version+".stderr.txt"), []byte(stderr.String()), 0o644); err != nil {
				return err
			}
		}
	}
	files := map[string]string{"json": "report.json", "text": "report.txt", "junit": "report.xml"}
	for _, f := range dedupeStrings([]string{"json", format}) {
		var b strings.Builder
		if err := rep.Write(&b, f); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, files[f]), []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func dedupeStrings(s []string) []string {
	var out []string
	for _, v := range s {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// DefaultDir is where the dev server keeps its captures: captures/ under
// the cache root.
func DefaultDir() string {
	root, err := cachedir.Root()
	if err != nil {
		return filepath.Join(os.TempDir(), "mcpwirelab", "captures")
	}
	return filepath.Join(root, "captures")
}
