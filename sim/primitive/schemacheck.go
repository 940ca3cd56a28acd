package primitive

import (
	"encoding/json"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// CompileSchema compiles a tool's schema exactly as the registry does
// (Draft 2020-12 unless $schema names another dialect, the size bounds, no
// external $ref): for checking someone else's tools with the lab's rules.
// which names the schema in errors ("input", "output").
func CompileSchema(tool, which string, raw json.RawMessage) (*jsonschema.Schema, error) {
	sch, _, err := compileSchema(tool, which, raw)
	return sch, err
}

// DescribeValidation is the lab's sentence for a validation error of inst
// (one problem per line, "$.limit: must be <= 20, got 500."), as the
// server's invalid-arguments messages say it.
func DescribeValidation(err error, inst any) string { return describeValidation(err, inst, nil) }
