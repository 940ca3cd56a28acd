package toolbox

import (
	"bytes"
	"encoding/json"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// HeaderParamsOf finds the x-mcp-header parameters of any tool's input
// schema (someone else's tool, as a client reads it from tools/list) with
// the checks the registry applies to its own: an error when an annotation
// breaks the spec's constraints (server/tools §x-mcp-header: a client "MUST
// reject tool definitions where any x-mcp-header value violates these
// constraints").
func HeaderParamsOf(schema json.RawMessage) ([]HeaderParam, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, err
	}
	return headerParams(doc)
}
