package ui

import (
	"bufio"
	"fmt"
	"strings"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"

	"mcpwirelab/sim/protocol"
)

// DevServerBase is where "Reproduce it" sends requests when the page does
// not know better: the dev server's default address (make run). A page the
// dev server serves uses its own origin instead (Lab.devBase), so
// `make run ADDR=127.0.0.1:18080` gets commands for port 18080.
const DevServerBase = "http://127.0.0.1:8080"

// DevServerBinary is how the commands name the dev server: the binary
// `make devserver` (and `make run`) builds in a clone of the repository.
const DevServerBinary = "bin/devserver"

// shellQuote quotes s for a POSIX shell: inside single quotes nothing is
// special except the quote itself.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Reproduce returns the shell command that does what step idx of t does,
// against the real dev server at base ("" = DevServerBase): curl with
// every header of the HTTP request (the request that produced a response,
// for a response step), or the stdin lines sent so far piped into
// `bin/devserver -stdio`, which needs no server running. ok is false for
// host-internal steps.
func Reproduce(t *trace.Trace, idx int, base string) (cmd string, ok bool) {
	if t == nil || idx < 0 || idx >= len(t.Events) {
		return "", false
	}
	ev := t.Events[idx]
	switch ev.Channel {
	case trace.HTTPRequest, trace.HTTPResponse:
		for i := idx; i >= 0; i-- {
			if e := t.Events[i]; e.Channel == trace.HTTPRequest && e.Raw != "" {
				return curlFor(e.Raw, base), true
			}
		}
	case trace.Stdin, trace.Stdout, trace.Stderr:
		var lines []string
		for i := 0; i <= idx; i++ {
			if e := t.Events[i]; e.Channel == trace.Stdin && e.Raw != "" {
				for _, l := range strings.Split(strings.TrimRight(e.Raw, "\r\n"), "\n") {
					lines = append(lines, strings.TrimRight(l, "\r"))
				}
			}
		}
		switch len(lines) {
		case 0:
			return "", false
		case 1:
			return "echo " + shellQuote(lines[0]) + " | " + DevServerBinary + " -stdio", true
		}
		var b strings.Builder
		b.WriteString("printf '%s\\n' \\\n")
		for _, l := range lines {
			b.WriteString("  " + shellQuote(l) + " \\\n")
		}
		b.WriteString("  | " + DevServerBinary + " -stdio")
		return b.String(), true
	}
	return "", false
}

// TranscriptCommand is the devserver command that prints the same trace
// as JSON Lines (README "Transcript contract"), client settings included.
func TranscriptCommand(o scenario.Options) string {
	cmd := fmt.Sprintf("%s transcript -scenario %s -version %s -transport %s", DevServerBinary, o.Scenario, o.Version, o.Transport)
	if o.Fault != "" && o.Fault != "none" {
		cmd += " -fault " + o.Fault
	}
	for _, f := range []struct {
		flag string
		v    int
	}{{"timeout-ms", o.Client.TimeoutMs}, {"retries", o.Client.Retries}, {"base-delay-ms", o.Client.BaseDelayMs}, {"jitter-pct", o.Client.JitterPct}} {
		if f.v != 0 {
			cmd += fmt.Sprintf(" -%s %d", f.flag, f.v)
		}
	}
	return cmd
}

// orKey is key, or def when key is empty.
func orKey(key, def string) string {
	if key == "" {
		return def
	}
	return key
}

// skipHeaders are set by curl itself (Host, Content-Length) or replaced by
// the token placeholder (Authorization).
var skipHeaders = map[string]bool{"host": true, "content-length": true, "authorization": true, "connection": true, "user-agent": true}

func curlFor(raw, base string) string {
	if base == "" {
		base = DevServerBase
	}
	head, body, _ := strings.Cut(strings.ReplaceAll(raw, "\r\n", "\n"), "\n\n")
	sc := bufio.NewScanner(strings.NewReader(head))
	method, path := "POST", "/mcp"
	var headers []string
	sessionHeader := false
	first := true
	for sc.Scan() {
		line := sc.Text()
		if first {
			first = false
			if f := strings.Fields(line); len(f) >= 2 {
				method, path = f[0], f[1]
			}
			continue
		}
		name, value, okh := strings.Cut(line, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		// A Host the step is about (another machine's name: the DNS
		// rebinding fault) is sent as written; curl sets any other.
		if !okh || skipHeaders[strings.ToLower(name)] && !client.PageCannotSend(name, value) {
			continue
		}
		if strings.EqualFold(name, protocol.HeaderSessionID) {
			sessionHeader = true
		}
		headers = append(headers, line)
	}
	u := strings.TrimSuffix(base, "/") + path
	var b strings.Builder
	if sessionHeader {
		b.WriteString("# Mcp-Session-Id: use the one your server returned from initialize\n")
	}
	b.WriteString("curl -i -N")
	if method != "POST" || body == "" {
		b.WriteString(" -X " + method)
	}
	b.WriteString(" " + shellQuote(u) + " \\\n")
	// Double quotes so the shell expands the token variable.
	b.WriteString("  -H \"Authorization: Bearer $MCP_TOKEN\"")
	for _, h := range headers {
		b.WriteString(" \\\n  -H " + shellQuote(h))
	}
	if body != "" {
		b.WriteString(" \\\n  --data-binary " + shellQuote(body))
	}
	return b.String()
}

// Mermaid renders a trace as a Mermaid sequenceDiagram, one arrow per
// event; host-internal steps become notes over the Host.
func Mermaid(t *trace.Trace, lang string) string {
	steps := BuildSteps(t)
	var b strings.Builder
	b.WriteString("sequenceDiagram\n")
	fmt.Fprintf(&b, "  participant H as %s\n", mermaidText(tr(lang, "lane.host")))
	fmt.Fprintf(&b, "  participant C as %s\n", mermaidText(tr(lang, "lane.client")))
	fmt.Fprintf(&b, "  participant S as %s\n", mermaidText(tr(lang, "lane.server")))
	id := map[trace.Party]string{trace.Host: "H", trace.Client: "C", trace.Server: "S"}
	for _, s := range steps {
		label := fmt.Sprintf("%d. ", s.N)
		if w := s.Wire(); w != "" {
			label += w + ": "
		}
		label += s.Label(lang)
		if sev := s.Severity(); sev != sevOK {
			icon, _ := sevIcon(sev, lang)
			label += " " + icon
		}
		from, to := id[s.Ev.From], id[s.Ev.To]
		if from == "" {
			from = "C"
		}
		if to == "" {
			to = "C"
		}
		if from == to || s.Dir == DirHost && s.Ev.Kind == trace.KindThink {
			fmt.Fprintf(&b, "  Note over %s: %s\n", from, mermaidText(label))
			continue
		}
		arrow := "->>"
		switch {
		case s.Ev.Kind == trace.KindClose:
			arrow = "-x"
		case s.Dir == DirStderr:
			arrow = "--)"
		case s.Dir == DirS2C:
			arrow = "-->>"
		}
		fmt.Fprintf(&b, "  %s%s%s: %s\n", from, arrow, to, mermaidText(label))
	}
	return b.String()
}

// mermaidText removes what Mermaid treats as syntax in message text.
func mermaidText(s string) string {
	r := strings.NewReplacer(";", ",", "\n", " ", "\r", "", "%%", "%")
	return strings.TrimSpace(r.Replace(s))
}

// TranscriptJSONL is the download: exactly trace.WriteJSONL.
func TranscriptJSONL(t *trace.Trace) (string, error) {
	var b strings.Builder
	if err := t.WriteJSONL(&b); err != nil {
		return "", err
	}
	return b.String(), nil
}
