package check

import (
	"encoding/json"
	"net/http"
	"net/textproto"
	"net/url"
	"sort"
	"strings"

	"mcpwirelab/sim/trace"
)

// Redacted replaces a secret in everything the checker records.
const Redacted = "[redacted]"

// minSecret is the shortest secret replaced wherever it appears (in
// bodies, stderr, a server's echo); a shorter value is redacted only where
// it was given: its header line, its URL.
const minSecret = 4

// Redactor takes the secrets given on the command line out of what the
// checker records, and so out of every file written from it (transcripts,
// stderr, reports): the value of every header the user added (-header,
// -target-header; of an Authorization header, the credentials after the
// scheme: "Authorization: Bearer [redacted]"), and the values of the
// URL's query string and its password. The requests on the wire still
// carry them. A nil Redactor changes nothing.
type Redactor struct {
	names   map[string]bool // canonical header names whose values are secret
	rep     *strings.Replacer
	plainU  string // the URL as given, and redacted
	redactU string
}

// NewRedactor returns the redactor of the headers added to every request
// and the endpoint's URL (either may be empty); nil when there is nothing
// to redact.
func NewRedactor(headers http.Header, endpoint string) *Redactor {
	r := &Redactor{names: map[string]bool{}}
	var secrets []string
	for name, vs := range headers {
		name = textproto.CanonicalMIMEHeaderKey(name)
		r.names[name] = true
		for _, v := range vs {
			secrets = append(secrets, secretOf(name, v))
		}
	}
	if u, err := url.Parse(endpoint); err == nil && endpoint != "" {
		red := *u
		if pw, ok := u.User.Password(); ok {
			secrets = append(secrets, pw, url.QueryEscape(pw))
			red.User = url.UserPassword(u.User.Username(), "REDACTED")
		}
		if u.RawQuery != "" {
			q := u.Query()
			for k, vs := range q {
				for i, v := range vs {
					secrets = append(secrets, v, url.QueryEscape(v))
					vs[i] = "REDACTED"
				}
				q[k] = vs
			}
			red.RawQuery = q.Encode()
		}
		if red.String() != u.String() {
			r.plainU = u.String()
			r.redactU = strings.ReplaceAll(red.String(), "REDACTED", Redacted)
		}
	}
	var pairs []string
	if r.plainU != "" {
		pu, _ := url.Parse(r.plainU)
		ru, _ := url.Parse(strings.ReplaceAll(r.redactU, Redacted, "REDACTED"))
		pairs = append(pairs, r.plainU, r.redactU,
			pu.RequestURI(), strings.ReplaceAll(ru.RequestURI(), "REDACTED", Redacted))
	}
	// Longest first, so a secret inside another does not leave a piece of
	// the longer one.
	sort.Slice(secrets, func(i, j int) bool { return len(secrets[i]) > len(secrets[j]) })
	for _, s := range secrets {
		if len(s) >= minSecret {
			pairs = append(pairs, s, Redacted)
		}
	}
	if len(pairs) == 0 && len(r.names) == 0 {
		return nil
	}
	r.rep = strings.NewReplacer(pairs...)
	return r
}

// secretOf is the secret part of a header's value: the credentials of an
// Authorization header, any other header's whole value.
func secretOf(name, v string) string {
	v = strings.TrimSpace(v)
	if name == "Authorization" || name == "Proxy-Authorization" {
		if _, cred, ok := strings.Cut(v, " "); ok {
			return strings.TrimSpace(cred)
		}
	}
	return v
}

// redactValue is a header's value as recorded: the credentials of an
// Authorization header after its scheme, any other header's whole value.
func redactValue(name, v string) string {
	if name == "Authorization" || name == "Proxy-Authorization" {
		if scheme, _, ok := strings.Cut(strings.TrimSpace(v), " "); ok && scheme != "" {
			return scheme + " " + Redacted
		}
	}
	return Redacted
}

// text redacts the secrets in s.
func (r *Redactor) text(s string) string {
	if r == nil || s == "" {
		return s
	}
	return r.rep.Replace(s)
}

// head redacts the header lines of the secret headers in an HTTP
// message's head (the part before the blank line), then the secrets
// wherever they are.
func (r *Redactor) head(raw string) string {
	head, body, ok := strings.Cut(raw, "\r\n\r\n")
	lines := strings.Split(head, "\r\n")
	for i, l := range lines {
		if i == 0 {
			continue
		}
		name, _, found := strings.Cut(l, ":")
		cn := textproto.CanonicalMIMEHeaderKey(strings.TrimSpace(name))
		if found && r.names[cn] {
			v := strings.TrimSpace(l[len(name)+1:])
			lines[i] = name + ": " + redactValue(cn, v)
		}
	}
	out := strings.Join(lines, "\r\n")
	if ok {
		out += "\r\n\r\n" + body
	}
	return r.text(out)
}

// event redacts one recorded event: its bytes, its messages, its HTTP
// path and headers.
func (r *Redactor) event(e trace.Event) trace.Event {
	if r == nil {
		return e
	}
	if e.Channel == trace.HTTPRequest && e.Kind == trace.KindMessage {
		e.Raw = r.head(e.Raw)
	} else {
		e.Raw = r.text(e.Raw)
	}
	if len(e.Messages) > 0 {
		ms := make([]json.RawMessage, len(e.Messages))
		for i, m := range e.Messages {
			ms[i] = json.RawMessage(r.text(string(m)))
		}
		e.Messages = ms
	}
	if e.HTTP != nil {
		h := *e.HTTP
		h.Path = r.text(h.Path)
		if h.Headers != nil {
			hs := make(map[string][]string, len(h.Headers))
			for k, vs := range h.Headers {
				out := make([]string, len(vs))
				for i, v := range vs {
					if r.names[textproto.CanonicalMIMEHeaderKey(k)] && e.Channel == trace.HTTPRequest {
						v = redactValue(textproto.CanonicalMIMEHeaderKey(k), v)
					}
					out[i] = r.text(v)
				}
				hs[k] = out
			}
			h.Headers = hs
		}
		e.HTTP = &h
	}
	return e
}

// Text redacts the secrets in s (the report's target, a log line).
func (r *Redactor) Text(s string) string { return r.text(s) }
