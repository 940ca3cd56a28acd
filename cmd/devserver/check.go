//go:build !(js && wasm)

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/textproto"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	"mcpwirelab/internal/captures"
	"mcpwirelab/sim/check"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/realwire"
	"mcpwirelab/sim/wire"
)

const checkUsage = `usage: devserver check [flags] -- CMD [ARGS...]     check a stdio server (the checker launches it)
       devserver check [flags] -url URL [-header 'Name: value']...   check a Streamable HTTP server

Finds out which protocol versions the server speaks (2026-07-28 server/discover,
2025-11-25 initialize) and checks it against the spec under each. It calls no
tool you do not name with -call or -slow. Exit status: 0 when no MUST-level
check fails, 1 when one does, 2 on a usage error (a -call or -slow of a
tool the server does not list is one) or when the checker could
not run the server at all (a missing command, a URL nothing answers on).

flags:
`

// checkSpec is what the flags of `devserver check` ask for; the dev
// server's -target-* flags build one too.
type checkSpec struct {
	URL     string
	Headers http.Header
	Cmd     []string
	Version string
	Calls   []check.Call
	Slow    *check.Call
	Repeat  int
	K       int
	Timeout time.Duration
}

// target is the server the spec names, with a fresh wire for it. The
// wire is bounded (realwire: a body cut at 8 MiB, a notification's POST
// and a write to stdin at -timeout; the server's process group killed with
// it); Name is redacted (a token in the URL's query string).
func (s *checkSpec) target() (check.Target, func()) {
	if s.URL != "" {
		w := realwire.NewHTTP()
		w.Header = s.Headers
		w.Timeout = s.timeout()
		return check.Target{Name: s.redactor().Text(s.URL), Transport: "http", HTTP: w, Endpoint: s.URL}, w.CloseIdleConnections
	}
	return check.Target{Name: shellJoin(s.Cmd), Transport: "stdio", NewPipe: func() wire.Pipe {
		cmd := exec.Command(s.Cmd[0], s.Cmd[1:]...)
		p := realwire.FromCmd(cmd)
		p.Timeout = s.timeout()
		return p
	}}, func() {}
}

func (s *checkSpec) timeout() time.Duration {
	if s.Timeout <= 0 {
		return 10 * time.Second
	}
	return s.Timeout
}

// redactor takes the headers' values and the URL's query out of every
// file written (nil when there is nothing secret).
func (s *checkSpec) redactor() *check.Redactor { return check.NewRedactor(s.Headers, s.URL) }

// run captures and grades the target.
func (s *checkSpec) run(ctx context.Context, progress func(string, ...any)) (check.Report, []check.Run) {
	tg, done := s.target()
	defer done()
	o := check.Options{Calls: s.Calls, Slow: s.Slow, Repeat: s.Repeat, Timeout: s.Timeout, Progress: progress, Redact: s.redactor()}
	if s.Version != "" {
		o.Versions = []string{s.Version}
	}
	runs := check.Capture(ctx, tg, o)
	rep := check.BuildReport(tg.Name, tg.Transport, runs, check.JudgeOptions{K: s.K, Forced: s.Version != ""})
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		rep.Cuts = append(rep.Cuts, "the capture was stopped at its time limit: the steps after it were not run")
	case ctx.Err() != nil:
		rep.Cuts = append(rep.Cuts, "the run was interrupted: the steps after it were not run")
	}
	return rep, runs
}

// callList is a repeatable -call flag.
type callList []check.Call

func (l *callList) String() string { return "" }
func (l *callList) Set(v string) error {
	c, err := check.ParseCall(v)
	if err != nil {
		return err
	}
	*l = append(*l, c)
	return nil
}

// headerList is a repeatable -header 'Name: value' flag.
type headerList struct{ h http.Header }

func (l *headerList) String() string { return "" }
func (l *headerList) Set(v string) error {
	name, value, ok := strings.Cut(v, ":")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.ContainsAny(name, " \t\r\n") || strings.ContainsAny(value, "\r\n") {
		return fmt.Errorf("want 'Name: value', got %q", v)
	}
	if l.h == nil {
		l.h = http.Header{}
	}
	l.h.Add(textproto.CanonicalMIMEHeaderKey(name), strings.TrimSpace(value))
	return nil
}

// runCheck is `devserver check`.
func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, checkUsage); fs.PrintDefaults() }
	var spec checkSpec
	var calls callList
	var headers headerList
	slow := fs.String("slow", "", "NAME[=JSON]: a slow tool (a second or more) for the cancellation and \"still answering\" checks")
	fs.StringVar(&spec.URL, "url", "", "the server's Streamable HTTP endpoint (http:// or https://)")
	fs.Var(&headers, "header", "'Name: value' sent with every HTTP request, e.g. an Authorization header (repeatable)")
	fs.StringVar(&spec.Version, "version", "", "check this version only: "+strings.Join(protocol.Versions(), ", ")+" (default: every version the server speaks)")
	fs.Var(&calls, "call", "NAME[=JSON]: a tool to call with these arguments (repeatable; one with an outputSchema is called once more, first on a fresh connection); no other tool is ever called")
	fs.IntVar(&spec.Repeat, "repeat", 1, "how many times to try the cancellation (the rule of three bounds the failure rate by 3/N)")
	fs.IntVar(&spec.K, "k", 10, "the number of calls of a task the cancellation figures speak of (pass^k)")
	fs.DurationVar(&spec.Timeout, "timeout", 10*time.Second, "how long to wait for each answer")
	format := fs.String("format", "text", "report format: "+strings.Join(check.Formats, ", "))
	out := fs.String("out", "", "folder to write every run's transcript (JSON Lines), its stderr and the report into")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	spec.Cmd, spec.Calls, spec.Headers = fs.Args(), calls, headers.h
	if *slow != "" {
		c, err := check.ParseCall(*slow)
		if err != nil {
			return usageError(stderr, "check: -slow: %v", err)
		}
		spec.Slow = &c
	}
	if err := spec.validate(); err != nil {
		return usageError(stderr, "check: %v (devserver check -h for the usage)", err)
	}
	if !slices.Contains(check.Formats, *format) {
		return usageError(stderr, "check: -format %q: want %s", *format, strings.Join(check.Formats, ", "))
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		// A soft limit: the garbage collector works harder near it, so a
		// flooding server's garbage does not double the heap (README,
		// security: the checker stays under 256 MiB). The previous limit
		// comes back when the check ends: a process that runs checks in
		// itself (the tests) keeps its own.
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(captures.MemoryLimit))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	progress := func(f string, a ...any) { fmt.Fprintf(stderr, "check: "+f+"\n", a...) }
	rep, runs := spec.run(ctx, progress)
	if *out != "" {
		if err := captures.Write(*out, rep, runs, *format); err != nil {
			fmt.Fprintf(stderr, "devserver: check: %v\n", err)
			return 1
		}
		progress("wrote the transcripts and the report into %s", *out)
	}
	if err := rep.Write(stdout, *format); err != nil {
		fmt.Fprintf(stderr, "devserver: check: %v\n", err)
		return 1
	}
	unlisted := unlistedCalls(runs)
	for _, u := range unlisted {
		fmt.Fprintf(stderr, "devserver: check: %s\n", u)
	}
	switch {
	case rep.CouldNotRun != "":
		return 2 // no verdict: the server was never reached
	case len(unlisted) > 0:
		return 2 // a -call or -slow naming no tool of the server: a bad flag
	case rep.Failed():
		return 1
	}
	return 0
}

// unlistedCalls says, once per tool, which tools named with -call or
// -slow the server's tools/list does not have, and what it lists.
func unlistedCalls(runs []check.Run) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range runs {
		for _, name := range r.Unlisted {
			if seen[name] {
				continue
			}
			seen[name] = true
			lists := "no tools"
			if len(r.Listed) > 0 {
				lists = strings.Join(r.Listed, ", ")
			}
			out = append(out, fmt.Sprintf("%s (named with -call or -slow) is not in the server's tools/list (%s): the checker cannot check it as a tool of this server; the server lists: %s", name, r.Version, lists))
		}
	}
	return out
}

// validate checks the flags together (usage errors).
func (s *checkSpec) validate() error {
	switch {
	case s.URL == "" && len(s.Cmd) == 0:
		return errors.New("name the server: -url URL, or -- CMD [ARGS...]")
	case s.URL != "" && len(s.Cmd) > 0:
		return fmt.Errorf("-url and a command (%q) both name a server: give one", s.Cmd[0])
	case s.URL == "" && len(s.Headers) > 0:
		return errors.New("-header is for -url (a stdio server gets no HTTP headers)")
	case s.Version != "" && !slices.Contains(protocol.Versions(), s.Version):
		return fmt.Errorf("-version %q: want %s", s.Version, strings.Join(protocol.Versions(), " or "))
	case s.Repeat < 1 || s.Repeat > 1000:
		return fmt.Errorf("-repeat %d: want 1 to 1000", s.Repeat)
	case s.K < 1:
		return fmt.Errorf("-k %d: want at least 1", s.K)
	case s.Timeout <= 0:
		return fmt.Errorf("-timeout %s: want a positive duration", s.Timeout)
	}
	if s.URL != "" {
		u, err := url.Parse(s.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("-url %q: want an http:// or https:// URL", s.URL)
		}
	}
	return nil
}

// shellJoin writes a command line the way a shell would read it back.
func shellJoin(argv []string) string {
	var b strings.Builder
	for i, a := range argv {
		if i > 0 {
			b.WriteByte(' ')
		}
		if a != "" && strings.IndexFunc(a, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:@,+%", r))
		}) < 0 {
			b.WriteString(a)
			continue
		}
		b.WriteString("'" + strings.ReplaceAll(a, "'", `'\''`) + "'")
	}
	return b.String()
}

// shellSplit reads a command line into words: white space separates them,
// single quotes keep everything, double quotes keep all but \" and \\, a
// backslash outside quotes escapes the next character. No variables, no
// globs, no pipes: the dev server runs exactly the words its operator gave.
func shellSplit(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in, quote, esc := false, rune(0), false
	for _, r := range s {
		switch {
		case esc:
			cur.WriteRune(r)
			esc, in = false, true
		case quote == '\'':
			if r == '\'' {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case quote == '"':
			switch r {
			case '"':
				quote = 0
			case '\\':
				esc = true
			default:
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == '\\':
			esc = true
		case r == ' ' || r == '\t' || r == '\n':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if quote != 0 || esc {
		return nil, fmt.Errorf("unfinished quote or escape in %q", s)
	}
	if in {
		out = append(out, cur.String())
	}
	if len(out) == 0 {
		return nil, errors.New("empty command")
	}
	return out, nil
}
