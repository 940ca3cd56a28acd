package check

import (
	"bufio"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"strings"

	"mcpwirelab/sim/jsonrpc"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
)

// BuildReport grades every run and puts the verdicts in one report: the
// checks of each version the server speaks; for a version it does not, a
// skip (or, when the user forced it, a failure) of version-negotiation; and
// when it speaks none of them, a failure for each.
func BuildReport(target, transport string, runs []Run, o JudgeOptions) Report {
	r := Report{Target: target, Transport: transport, Versions: []string{}, Checks: []Result{}}
	var silent []Result
	for _, run := range runs {
		r.Cuts = append(r.Cuts, cutsOf(run)...)
		res := Judge(run.Trace, o)
		if ok, _, _ := Speaks(run.Trace); ok {
			r.Versions = append(r.Versions, run.Version)
			r.Checks = append(r.Checks, res...)
			continue
		}
		silent = append(silent, res...)
	}
	if len(r.Versions) == 0 {
		if why := couldNotRun(runs); why != "" {
			r.CouldNotRun = why
			return r
		}
		for i := range silent {
			if silent[i].Verdict == Skip {
				silent[i].Verdict = Fail
				silent[i].Message = strings.Replace(silent[i].Message, "Its checks were not run for this version.",
					"It speaks none of the versions the lab knows ("+strings.Join(protocol.Versions(), ", ")+"), so nothing else could be checked.", 1)
			}
		}
	}
	r.Checks = append(r.Checks, silent...)
	return r
}

// couldNotRun is why none of the runs reached the server ("" when one
// did).
func couldNotRun(runs []Run) string {
	why := ""
	for _, run := range runs {
		ok, w := CouldNotRun(run.Trace)
		if !ok {
			return ""
		}
		if why == "" {
			why = w
		}
	}
	return why
}

// CouldNotRun reports whether a capture shows that the checker never
// reached the server: it could not be started or reached (the host's
// failure), it exited before it wrote anything on stdout, or it answered
// every request with 401 Unauthorized (the credentials are missing or
// wrong: no verdict about the protocol); why says what happened. A server
// that answered anything else, however wrong, is judged instead.
func CouldNotRun(t *trace.Trace) (bool, string) {
	failure, exit, stderr, unauthorized, notRPC := "", "", "", "", ""
	x := newView(t)
	for i, e := range t.Events {
		switch {
		case e.From == trace.Server && e.Channel == trace.HTTPResponse && e.HTTP != nil && !e.HTTP.Chunk && e.HTTP.Status >= 400 &&
			e.HTTP.Status != http.StatusUnauthorized && len(e.Messages) == 0:
			// An error status with no JSON-RPC in its body (a web
			// server's "404 page not found"): nothing here speaks MCP
			// yet; the first JSON-RPC answer makes the run judged.
			if notRPC == "" {
				notRPC = fmt.Sprintf("the server answered HTTP %d with no JSON-RPC message in the body", e.HTTP.Status)
				if b := strings.TrimSpace(x.body(i)); b != "" {
					notRPC += " (" + excerpt(b) + ")"
				}
				notRPC += ": is this the MCP endpoint? (the path is often /mcp)"
			}
		case e.From == trace.Server && e.Channel == trace.HTTPResponse && e.HTTP != nil && e.HTTP.Status == http.StatusUnauthorized:
			if unauthorized == "" {
				unauthorized = "the server answered HTTP 401 Unauthorized: it asks for credentials"
				if a := strings.Join(e.HTTP.Headers[http.CanonicalHeaderKey("WWW-Authenticate")], ", "); a != "" {
					unauthorized += " (WWW-Authenticate: " + excerpt(a) + ")"
				}
				unauthorized += "; give them with -header 'Authorization: Bearer <token>'"
			}
		case e.From == trace.Server && (e.Channel == trace.Stdout || e.Channel == trace.HTTPResponse):
			return false, ""
		case e.Note == noteFailure && failure == "":
			failure = strings.TrimSpace(e.Raw)
		case e.Channel == trace.Stderr && strings.TrimSpace(e.Raw) != "":
			stderr = strings.TrimSpace(e.Raw)
		case e.Kind == trace.KindClose && e.Channel == trace.HostChannel && e.From == trace.Server && exit == "":
			exit = strings.TrimSpace(e.Raw)
		}
	}
	killed := strings.Contains(exit, "signal: killed")
	switch {
	case killed && stderr != "":
		return true, fmt.Sprintf("the server wrote nothing on stdout, and the checker stopped it after waiting -timeout (%s); its last line on stderr: %s", exit, excerpt(stderr))
	case killed:
		return true, fmt.Sprintf("the server wrote nothing on stdout, and the checker stopped it after waiting -timeout (%s)", exit)
	case exit != "" && stderr != "":
		return true, fmt.Sprintf("the server exited (%s) before it wrote anything on stdout; its last line on stderr: %s", exit, excerpt(stderr))
	case exit != "":
		return true, fmt.Sprintf("the server exited (%s) before it wrote anything on stdout", exit)
	case failure != "":
		// After the exit: a server that started and died at once (a
		// missing module) makes the first write fail ("broken pipe"),
		// which says less than its exit status and its stderr.
		return true, failure
	case unauthorized != "":
		return true, unauthorized
	case notRPC != "":
		return true, notRPC
	}
	return false, ""
}

// cutsOf lists what a run left out at the checker's bounds, one line per
// kind of cut ("<version>: …", with how many times when more than once).
func cutsOf(run Run) []string {
	var out []string
	n := map[string]int{}
	for _, e := range run.Trace.Events {
		if e.Note != noteCut || e.Channel != trace.HostChannel {
			continue
		}
		c := run.Version + ": " + strings.TrimSpace(e.Raw)
		if n[c] == 0 {
			out = append(out, c)
		}
		n[c]++
	}
	for i, c := range out {
		if n[c] > 1 {
			out[i] = fmt.Sprintf("%s (%d times)", c, n[c])
		}
	}
	return out
}

// WriteText writes the report for people: one line per check, the
// failures and warnings with their message and sentence, and the message
// of a passing cancellation-honoured (the tries that held, the rule of
// three).
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "MCP Wire Lab check of %s (%s)\n", r.Target, r.Transport)
	if r.CouldNotRun != "" {
		fmt.Fprintf(&b, "could not run: %s\nno check was made (exit status 2)\n", r.CouldNotRun)
		_, err := io.WriteString(w, b.String())
		return err
	}
	if len(r.Versions) == 0 {
		b.WriteString("versions: none the lab knows\n")
	} else {
		fmt.Fprintf(&b, "versions: %s\n", strings.Join(r.Versions, ", "))
	}
	for _, c := range r.Cuts {
		fmt.Fprintf(&b, "cut: %s\n", c)
	}
	version := "\x00"
	for _, c := range r.Checks {
		if c.Version != version {
			version = c.Version
			fmt.Fprintf(&b, "\n== %s\n", c.Version)
		}
		seq := ""
		if c.Seq > 0 {
			seq = fmt.Sprintf(" (step %d)", c.Seq)
		}
		fmt.Fprintf(&b, "%-4s  %-30s %-6s%s\n", strings.ToUpper(string(c.Verdict)), c.ID, c.Level, seq)
		if c.Verdict == Pass && c.ID != IDCancellation {
			continue // a passing cancellation says how many tries held (-repeat) and what that bounds
		}
		fmt.Fprintf(&b, "      %s\n", c.Message)
		if c.Verdict != Skip {
			fmt.Fprintf(&b, "      %s: %q\n", c.Spec, c.Quote)
		}
	}
	n := r.Count()
	fmt.Fprintf(&b, "\n%d passed, %d failed, %d warnings, %d skipped", n[Pass], n[Fail], n[Warn], n[Skip])
	if r.Failed() {
		b.WriteString("; a MUST failed (exit status 1)")
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes the report as one indented JSON object.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// WriteJUnit writes the report as JUnit XML for CI: one test suite per
// version, one test case per check; a failure is a <failure> (its level in
// the message: only a MUST makes the command exit 1), a skip <skipped>, a
// warning passes with the warning in <system-out>.
func (r *Report) WriteJUnit(w io.Writer) error {
	type failure struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",chardata"`
	}
	type skipped struct {
		Message string `xml:"message,attr"`
	}
	type tc struct {
		Name      string   `xml:"name,attr"`
		Classname string   `xml:"classname,attr"`
		Failure   *failure `xml:"failure,omitempty"`
		Skipped   *skipped `xml:"skipped,omitempty"`
		SystemOut string   `xml:"system-out,omitempty"`
	}
	type suite struct {
		Name      string `xml:"name,attr"`
		Tests     int    `xml:"tests,attr"`
		Failures  int    `xml:"failures,attr"`
		Skipped   int    `xml:"skipped,attr"`
		Cases     []tc   `xml:"testcase"`
		SystemOut string `xml:"system-out,omitempty"`
	}
	type suites struct {
		XMLName xml.Name `xml:"testsuites"`
		Name    string   `xml:"name,attr"`
		Suites  []suite  `xml:"testsuite"`
	}
	out := suites{Name: "mcpwirelab check " + r.Target}
	if r.CouldNotRun != "" {
		out.Suites = []suite{{Name: "could-not-run", Tests: 1, Failures: 1, Cases: []tc{{Name: "could-not-run", Classname: "mcp",
			Failure: &failure{Message: "could not run: " + r.CouldNotRun, Type: "could-not-run", Text: r.CouldNotRun}}}}}
	}
	idx := map[string]int{}
	for _, c := range r.Checks {
		i, ok := idx[c.Version]
		if !ok {
			name := c.Version
			if name == "" {
				name = "versions"
			}
			out.Suites = append(out.Suites, suite{Name: name})
			i = len(out.Suites) - 1
			idx[c.Version] = i
		}
		s := &out.Suites[i]
		t := tc{Name: c.ID, Classname: "mcp." + c.Version}
		detail := fmt.Sprintf("%s\n%s (step %d): %q", c.Message, c.Spec, c.Seq, c.Quote)
		switch c.Verdict {
		case Fail:
			t.Failure = &failure{Message: string(c.Level) + ": " + c.Message, Type: string(c.Level), Text: detail}
			s.Failures++
		case Skip:
			t.Skipped = &skipped{Message: c.Message}
			s.Skipped++
		case Warn:
			t.SystemOut = "WARNING: " + detail
		}
		s.Tests++
		s.Cases = append(s.Cases, t)
	}
	// What the capture cut at the checker's bounds (Cuts, "version: what")
	// is the system-out of its version's suite, so that CI shows it beside
	// the verdicts it may have changed; a cut of no suite's version goes
	// to the first suite, or to a suite of its own.
	for _, c := range r.Cuts {
		i, ok := idx[strings.SplitN(c, ": ", 2)[0]]
		if !ok {
			if len(out.Suites) == 0 {
				out.Suites = append(out.Suites, suite{Name: "cuts"})
			}
			i = 0
		}
		out.Suites[i].SystemOut += "cut: " + c + "\n"
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// Formats are the values of -format.
var Formats = []string{"text", "json", "junit"}

// Write writes the report in one of Formats.
func (r *Report) Write(w io.Writer, format string) error {
	switch format {
	case "json":
		return r.WriteJSON(w)
	case "junit":
		return r.WriteJUnit(w)
	case "text", "":
		return r.WriteText(w)
	}
	return fmt.Errorf("unknown format %q (want %s)", format, strings.Join(Formats, ", "))
}

// ReadTranscript reads a transcript in the JSON Lines contract (one event
// per line) and works out what the JSONL does not carry: the transport
// (stdio when anything crossed stdin or stdout) and the protocol version
// (what the first initialize asked for, else the first request's _meta).
// A line that is not an event is an error naming the line.
func ReadTranscript(r io.Reader) (*trace.Trace, error) {
	t := &trace.Trace{Scenario: Scenario, Transport: "http"}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var e trace.Event
		dec := json.NewDecoder(bytes.NewReader(line))
		if err := dec.Decode(&e); err != nil {
			return nil, fmt.Errorf("line %d is not a transcript event: %v", n, err)
		}
		if e.Seq != len(t.Events)+1 {
			return nil, fmt.Errorf("line %d: event seq %d, expected %d (events are numbered from 1, in order)", n, e.Seq, len(t.Events)+1)
		}
		if e.Messages == nil {
			e.Messages = []json.RawMessage{}
		}
		t.Events = append(t.Events, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading the transcript: %v", err)
	}
	if len(t.Events) == 0 {
		return nil, fmt.Errorf("the transcript has no events")
	}
	for _, e := range t.Events {
		if e.Channel == trace.Stdin || e.Channel == trace.Stdout {
			t.Transport = "stdio"
			break
		}
	}
	t.Version = transcriptVersion(t)
	if t.Version == "" {
		return nil, fmt.Errorf("cannot tell the protocol version: the transcript has no initialize request and no request with _meta[%q]", protocol.MetaProtocolVersion)
	}
	return t, nil
}

func transcriptVersion(t *trace.Trace) string {
	for _, e := range t.Events {
		if e.To != trace.Server || (e.Channel != trace.Stdin && e.Channel != trace.HTTPRequest) {
			continue
		}
		for _, raw := range e.Messages {
			m, err := jsonrpc.Decode(raw)
			if err != nil || m.Method == "" {
				continue
			}
			var p struct {
				ProtocolVersion string                     `json:"protocolVersion"`
				Meta            map[string]json.RawMessage `json:"_meta"`
			}
			_ = json.Unmarshal(m.Params, &p)
			if m.Method == protocol.MethodInitialize && p.ProtocolVersion != "" {
				return p.ProtocolVersion
			}
			var v string
			if json.Unmarshal(p.Meta[protocol.MetaProtocolVersion], &v) == nil && v != "" {
				return v
			}
		}
	}
	return ""
}
