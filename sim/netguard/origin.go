package netguard

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// OriginPolicy decides which browser origins may call the MCP endpoint.
//
// 2026-07-28 transports/streamable-http §Security Warning: servers MUST
// validate the Origin header on all incoming connections to prevent DNS
// rebinding attacks; a present and invalid Origin gets 403 Forbidden.
// Origins are parsed with net/url and compared as exact scheme://host:port
// strings, never by prefix or suffix, so "http://127.0.0.1.evil.com" or
// "https://trusted.example.evil.com" can never pass.
type OriginPolicy struct {
	exact           map[string]bool
	loopbackAnyPort bool
}

// NewOriginPolicy builds a policy allowing the given origins exactly and,
// when loopbackAnyPort is set, http(s)://127.0.0.1, localhost and [::1] on
// any port. A server whose pages hold anything of value should not set it:
// a page on another loopback port is another program's site (the dev
// server allows only its own origin and -allow-origin).
func NewOriginPolicy(loopbackAnyPort bool, origins ...string) (*OriginPolicy, error) {
	p := &OriginPolicy{exact: make(map[string]bool), loopbackAnyPort: loopbackAnyPort}
	for _, o := range origins {
		n, err := NormalizeOrigin(strings.TrimSuffix(strings.TrimSpace(o), "/"))
		if err != nil {
			return nil, err
		}
		p.exact[n] = true
	}
	return p, nil
}

// NormalizeOrigin parses a serialized origin (RFC 6454: scheme "://" host
// [":" port]) and returns it lower-cased with an explicit port. Anything
// else — "null", paths, user info, queries, non-HTTP schemes — is an error.
func NormalizeOrigin(s string) (string, error) {
	scheme, host, port, err := parseOrigin(s)
	if err != nil {
		return "", err
	}
	return scheme + "://" + net.JoinHostPort(host, port), nil
}

func parseOrigin(s string) (scheme, host, port string, err error) {
	bad := func(why string) (string, string, string, error) {
		return "", "", "", fmt.Errorf("invalid origin %q: %s", s, why)
	}
	if s == "" || s == "null" {
		return bad("opaque origin")
	}
	u, perr := url.Parse(s)
	if perr != nil {
		return bad(perr.Error())
	}
	switch u.Scheme { // url.Parse lower-cases the scheme
	case "http", "https":
	default:
		return bad("scheme must be http or https")
	}
	if u.Opaque != "" || u.User != nil || u.Host == "" || u.Path != "" ||
		u.RawPath != "" || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" {
		return bad("want scheme://host[:port] only")
	}
	host = strings.ToLower(u.Hostname())
	if host == "" {
		return bad("empty host")
	}
	port = u.Port()
	if port == "" {
		if strings.HasSuffix(u.Host, ":") {
			return bad("empty port")
		}
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	if n, aerr := strconv.Atoi(port); aerr != nil || n < 1 || n > 65535 {
		return bad("bad port")
	}
	return u.Scheme, host, port, nil
}

// isLoopbackName is deliberately an exact list: "localhost.", "127.1" or
// "0x7f.1" are not accepted as origins even if some resolver maps them.
func isLoopbackName(host string) bool {
	return host == "localhost" || host == "127.0.0.1" || host == "::1"
}

// Allows reports whether the Origin header value may call the endpoint.
func (p *OriginPolicy) Allows(origin string) bool {
	scheme, host, port, err := parseOrigin(origin)
	if err != nil {
		return false
	}
	if p.loopbackAnyPort && isLoopbackName(host) {
		return true
	}
	return p.exact[scheme+"://"+net.JoinHostPort(host, port)]
}

// CheckOrigin rejects requests whose Origin header is present and not
// allowed with 403 and a JSON-RPC error (no id). Requests without Origin
// (curl, SDK clients, other non-browser clients) pass: browsers always send
// Origin on cross-origin requests and on POST.
func CheckOrigin(p *OriginPolicy, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		vals := r.Header.Values("Origin")
		switch {
		case len(vals) == 0:
			next.ServeHTTP(w, r)
		case len(vals) > 1:
			WriteError(w, http.StatusForbidden, CodeInvalidRequest, "Forbidden: more than one Origin header")
		case !p.Allows(vals[0]):
			WriteError(w, http.StatusForbidden, CodeInvalidRequest,
				"Forbidden: Origin "+quoteForMessage(vals[0])+" is not allowed")
		default:
			next.ServeHTTP(w, r)
		}
	})
}

// IsLoopbackHost reports whether a Host header (host[:port]) names this
// machine's loopback interface: "localhost" or a loopback IP literal.
func IsLoopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	} else {
		host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	}
	host = strings.ToLower(host)
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// CheckLoopbackHost rejects requests whose Host header is not a loopback
// name with 403. It complements CheckOrigin against DNS rebinding: after
// rebinding, an attacker page's same-origin GETs carry its own host name
// (and no Origin), so without this check it could read the app's pages and
// files, and send same-origin requests. Only use it when the server is
// bound to loopback.
func CheckLoopbackHost(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !IsLoopbackHost(r.Host) {
			WriteError(w, http.StatusForbidden, CodeInvalidRequest,
				"Forbidden: Host "+quoteForMessage(r.Host)+" is not a loopback address (DNS rebinding protection)")
			return
		}
		next.ServeHTTP(w, r)
	})
}
