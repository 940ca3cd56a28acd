package fault

import (
	"io"
	"net/http"

	"mcpwirelab/sim/wire"
)

// BodyMethod matches requests whose body is a JSON-RPC message with this
// method (read through GetBody, so the body still goes on the wire).
func BodyMethod(method string) func(*http.Request) bool {
	return func(req *http.Request) bool {
		if req.GetBody == nil {
			return false
		}
		rc, err := req.GetBody()
		if err != nil {
			return false
		}
		defer rc.Close()
		b, err := io.ReadAll(rc)
		if err != nil {
			return false
		}
		m := wire.Decode(b)
		return m != nil && m.Method == method
	}
}
