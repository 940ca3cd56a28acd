package streamhttp

import (
	"bytes"
	"encoding/json"

	"mcpwirelab/sim/toolbox"
)

// ParamHeaders are the Mcp-Param-* headers a client sends with a tools/call
// of a tool whose input schema has x-mcp-header parameters (2026-07-28
// streamable-http §Client Behavior): one per parameter the arguments give a
// value, in the header form the server compares (validateParams), encoded
// for a header (EncodeValue: Base64 for anything but plain ASCII). A value
// that is null or absent gets no header.
func ParamHeaders(params []toolbox.HeaderParam, arguments json.RawMessage) map[string]string {
	var args any
	dec := json.NewDecoder(bytes.NewReader(arguments))
	dec.UseNumber()
	if len(params) == 0 || dec.Decode(&args) != nil {
		return nil
	}
	out := map[string]string{}
	for _, p := range params {
		v, ok := valueAt(args, p.Path)
		if !ok {
			continue
		}
		if s, ok := headerForm(v); ok {
			out[HeaderParamPrefix+p.Header] = EncodeValue(s)
		}
	}
	return out
}
