package jsonrpc

import (
	"bytes"
	"encoding/json"
	"testing"
)

// readMembers finds the same members as encoding/json decoding the object
// into a map (what Decode did before): exact names after unescaping, the
// last of a repeated name, the value's bytes without the space around it.
func FuzzReadMembers(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		` { "jsonrpc" : "2.0" , "id" : "a\"b" , "params" : { "x" : [ 1 , { "y" : "}" } ] } } `,
		`{"id":1,"id":2,"result":null,"error":{"code":-1,"message":"m"}}`,
		`{"\u0069d":7,"Method":"x","method":"y","result":[],"params":"]"}`,
		`{"a":{"b":{"c":[[["id"]]]}},"id":-1.5e3,"jsonrpc":true,"error":false}`,
		"{\"result\":\"\\\\\",\"params\":{}}",
		`{}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		trim := bytes.TrimLeft(data, " \t\r\n")
		if !json.Valid(data) || len(trim) == 0 || trim[0] != '{' {
			return
		}
		var want map[string]json.RawMessage
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("valid object %q: %v", data, err)
		}
		got := readMembers(data)
		for name, v := range map[string][]byte{"id": got.id, "jsonrpc": got.jsonrpc, "method": got.method,
			"params": got.params, "result": got.result, "error": got.error} {
			w, ok := want[name]
			if ok != (v != nil) || !bytes.Equal(w, v) {
				t.Fatalf("%q: member %s = %q (present %v), want %q (present %v)", data, name, v, v != nil, w, ok)
			}
		}
	})
}
