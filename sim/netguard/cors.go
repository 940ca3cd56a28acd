package netguard

import (
	"net/http"
	"strings"
)

// CORS lets browser pages on other allowed origins (another localhost port,
// an -allow-origin entry) call the endpoint. Put it after CheckOrigin: it
// trusts any Origin that reached it. Preflight OPTIONS requests are answered
// here, before authentication, because browsers never attach credentials
// to a preflight.
func CORS(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin == "" {
			next.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		h.Add("Vary", "Origin")
		h.Set("Access-Control-Allow-Origin", origin)
		h.Set("Access-Control-Expose-Headers", "Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate")
		if r.Method != http.MethodOptions || r.Header.Get("Access-Control-Request-Method") == "" {
			next.ServeHTTP(w, r)
			return
		}
		h.Set("Access-Control-Allow-Methods", "POST, GET, DELETE, OPTIONS")
		// Mcp-Param-* header names depend on the tool, so the requested
		// names are echoed, after checking they are plain header tokens.
		if req := r.Header.Get("Access-Control-Request-Headers"); req != "" && isHeaderList(req) {
			h.Set("Access-Control-Allow-Headers", req)
		}
		if r.Header.Get("Access-Control-Request-Private-Network") == "true" {
			h.Set("Access-Control-Allow-Private-Network", "true")
		}
		h.Set("Access-Control-Max-Age", "600")
		w.WriteHeader(http.StatusNoContent)
	})
}

func isHeaderList(s string) bool {
	if len(s) > 2048 {
		return false
	}
	for _, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9',
			c == '-', c == '_', c == ',', c == ' ':
		default:
			return false
		}
	}
	return strings.TrimSpace(s) != ""
}
