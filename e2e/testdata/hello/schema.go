//go:build jsonschema

package main

import (
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Built with -tags jsonschema, the reference also links and uses
// santhosh-tekuri/jsonschema/v6, which the lab must use for tool arguments
// (issue 2): `make bench` reports this page as the floor that dependency
// alone sets. It compiles one tool input schema and validates one
// argument object at start-up, as the lab's toolbox does.
func init() {
	schema, err := jsonschema.UnmarshalJSON(strings.NewReader(`{"type":"object","properties":{"department":{"type":"string","enum":["eng","sales"]},"limit":{"type":"integer","minimum":1,"maximum":50}},"required":["department"],"additionalProperties":false}`))
	if err != nil {
		panic(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://list_employees.json", schema); err != nil {
		panic(err)
	}
	sch := c.MustCompile("mem://list_employees.json")
	if err := sch.Validate(map[string]any{"department": "eng", "limit": 5}); err != nil {
		panic(err)
	}
}
