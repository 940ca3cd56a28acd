package netguard

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"
)

// RequireBearer demands "Authorization: Bearer <token>" (RFC 6750 §2.1).
//
// 2026-07-28 transports/streamable-http §Security Warning: servers SHOULD
// implement proper authentication for all connections — the third defence
// of a local server after the Origin check and binding to 127.0.0.1.
//
// A missing credential gets 401 with `WWW-Authenticate: Bearer realm="…"`;
// a presented but wrong token adds `error="invalid_token"` (RFC 6750 §3.1).
// Both tokens are hashed before crypto/subtle.ConstantTimeCompare so that
// neither the content nor the length of the secret leaks through timing.
// The token is never logged or echoed.
func RequireBearer(token, realm string, next http.Handler) http.Handler {
	want := sha256.Sum256([]byte(token))
	challenge := `Bearer realm="` + realm + `"`
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		vals := r.Header.Values("Authorization")
		if len(vals) == 0 {
			w.Header().Set("WWW-Authenticate", challenge)
			WriteError(w, http.StatusUnauthorized, CodeInvalidRequest,
				"Unauthorized: missing bearer token (send Authorization: Bearer <token>)")
			return
		}
		presented, isBearer := bearerCredential(vals)
		if !isBearer {
			w.Header().Set("WWW-Authenticate", challenge)
			WriteError(w, http.StatusUnauthorized, CodeInvalidRequest,
				"Unauthorized: the Authorization header must use the Bearer scheme")
			return
		}
		got := sha256.Sum256([]byte(presented))
		if subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
			w.Header().Set("WWW-Authenticate", challenge+`, error="invalid_token"`)
			WriteError(w, http.StatusUnauthorized, CodeInvalidRequest, "Unauthorized: invalid bearer token")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// bearerCredential extracts the credential of a single Bearer header.
// isBearer is false for other schemes; several headers, or an empty
// credential, count as Bearer with an invalid token.
func bearerCredential(vals []string) (token string, isBearer bool) {
	if len(vals) != 1 {
		return "", true
	}
	scheme, cred, _ := strings.Cut(strings.TrimSpace(vals[0]), " ")
	if !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	return strings.TrimSpace(cred), true
}
